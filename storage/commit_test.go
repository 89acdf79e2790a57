package storage

import (
	"errors"
	"testing"
)

// TestCommitGroup runs groups of changes that succeed, fail before writing,
// fail while writing, and panic while writing, and checks that exactly the
// ones that succeeded landed and that each caller got its own answer.
func TestCommitGroup(t *testing.T) {
	boltOnly(t)
	s, _ := openTest(t)
	bucket := bucketSettings // any primary bucket will do for raw keys
	errCheck := errors.New("refused before writing")
	errWrite := errors.New("failed while writing")
	keys := map[*writeOp]string{}
	mk := func(key string, prepErr, applyErr error, panics bool) *writeOp {
		op := &writeOp{done: make(chan struct{})}
		keys[op] = key
		op.prepare = func(tx kvTx) (func() error, error) {
			if prepErr != nil {
				return nil, prepErr
			}
			return func() error {
				if err := tx.Bucket(bucket).Put([]byte(key), []byte("v")); err != nil {
					return err
				}
				if panics {
					panic("damaged page")
				}
				return applyErr
			}, nil
		}
		return op
	}
	tests := []struct {
		name string
		ops  []*writeOp
		want []error // per op
	}{
		{"all good", []*writeOp{mk("a1", nil, nil, false), mk("a2", nil, nil, false)}, []error{nil, nil}},
		{"refused in the middle", []*writeOp{mk("b1", nil, nil, false), mk("b2", errCheck, nil, false), mk("b3", nil, nil, false)}, []error{nil, errCheck, nil}},
		{"failed while writing", []*writeOp{mk("c1", nil, nil, false), mk("c2", nil, errWrite, false), mk("c3", nil, nil, false)}, []error{nil, errWrite, nil}},
		{"panic while writing", []*writeOp{mk("d1", nil, nil, false), mk("d2", nil, nil, true), mk("d3", errCheck, nil, false), mk("d4", nil, nil, false)}, []error{nil, ErrCorrupt, errCheck, nil}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s.kv.(*boltKV).commitGroup(tt.ops)
			for i, op := range tt.ops {
				select {
				case <-op.done:
				default:
					t.Fatalf("op %d was not answered", i)
				}
				if !errors.Is(op.err, tt.want[i]) || (tt.want[i] == nil) != (op.err == nil) {
					t.Errorf("op %d: %v, want %v", i, op.err, tt.want[i])
				}
			}
			s.view(ctx, func(tx kvTx) error {
				for i, op := range tt.ops {
					key := keys[op]
					if got := tx.Bucket(bucket).Get([]byte(key)) != nil; got != (tt.want[i] == nil) {
						t.Errorf("op %d: key %s stored %v", i, key, got)
					}
				}
				return nil
			})
		})
	}
}
