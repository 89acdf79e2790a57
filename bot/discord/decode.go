package discord

import (
	"fmt"
	"reflect"
	"strings"
)

// Decode fills the struct dst points to from the options, by the fields'
// `option:"name"` tags, checking each as its getter does (String, Int,
// Number, Bool, User), so a wrong type is the same *OptionError. A field
// may be a string, a bool, an integer, a float64 or a UserID, or a
// pointer to one, which stays nil when the option is absent; a plain
// field keeps the value it had, so set defaults before. `option:"name,required"`
// refuses an absent option as the Require getters do. Fields without a
// tag are left alone.
func (o Options) Decode(dst any) error {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("discord: Decode needs a pointer to a struct, not %T", dst))
	}
	v = v.Elem()
	t := v.Type()
	for i := range t.NumField() {
		tag, ok := t.Field(i).Tag.Lookup("option")
		if !ok {
			continue
		}
		name, flags, _ := strings.Cut(tag, ",")
		if err := o.decodeField(name, flags == "required", v.Field(i)); err != nil {
			return err
		}
	}
	return nil
}

var userIDType = reflect.TypeFor[UserID]()

func (o Options) decodeField(name string, required bool, f reflect.Value) error {
	ft := f.Type()
	ptr := ft.Kind() == reflect.Pointer
	if ptr {
		ft = ft.Elem()
	}
	var (
		val  any
		ok   bool
		err  error
		want string
	)
	switch {
	case ft == userIDType:
		val, ok, err = o.User(name)
		want = "a user"
	case ft.Kind() == reflect.String:
		val, ok, err = o.String(name)
		want = "text"
	case ft.Kind() == reflect.Bool:
		val, ok, err = o.Bool(name)
		want = "true or false"
	case ft.Kind() >= reflect.Int && ft.Kind() <= reflect.Int64:
		val, ok, err = o.Int(name)
		want = "a whole number"
	case ft.Kind() == reflect.Float64:
		val, ok, err = o.Number(name)
		want = "a number"
	default:
		panic(fmt.Sprintf("discord: Decode cannot fill a field of type %s (option %q)", f.Type(), name))
	}
	switch {
	case err != nil:
		return err
	case !ok && required:
		return missing(name, want)
	case !ok:
		return nil
	}
	x := reflect.ValueOf(val).Convert(ft)
	if ptr {
		p := reflect.New(ft)
		p.Elem().Set(x)
		f.Set(p)
	} else {
		f.Set(x)
	}
	return nil
}
