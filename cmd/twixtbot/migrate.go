package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/twixtbot/twixtbot/storage"
)

// migrateHelp is migrate's help.
var migrateHelp = `usage: twixtbot migrate --from KIND:WHERE --to KIND:WHERE [--prefix P] [--max-txn-ops N] [--overwrite]

Copies a database to another store and checks the copy: the number of
records in each bucket, a SHA-256 of each bucket's content, and a full
check of the copy. KIND:WHERE is
  bolt:FILE                     a bbolt file (created if missing)
  etcd:URL[,URL...]             an etcd v3 cluster, by its client URLs
So --from bolt:twixtbot.db --to etcd:http://etcd1:2379,http://etcd2:2379
moves a bot onto a shared store, and the reverse writes a bbolt file of
one. Stop every bot using the source first: changes made during the copy
would not be copied. The target must be empty unless --overwrite is given.`

// storeSpec is one side of a migration.
type storeSpec struct {
	kind, where string
}

func parseStoreSpec(flagName, s string) (storeSpec, error) {
	kind, where, ok := strings.Cut(s, ":")
	if !ok || where == "" || (kind != "bolt" && kind != "etcd") {
		return storeSpec{}, fmt.Errorf("--%s %q: write bolt:FILE or etcd:URL[,URL...], such as bolt:twixtbot.db or etcd:http://127.0.0.1:2379", flagName, s)
	}
	if kind == "etcd" {
		if _, err := storage.ParseEndpoints(where); err != nil {
			return storeSpec{}, fmt.Errorf("--%s: %v", flagName, err)
		}
	}
	return storeSpec{kind, where}, nil
}

func (sp storeSpec) String() string { return sp.kind + ":" + sp.where }

// open opens one side; the source read-only when it is a file, so that a
// bot still running on it is noticed (ErrInUse) rather than copied from
// while it writes.
func (sp storeSpec) open(prefix string, maxOps int, source bool) (*storage.Store, error) {
	if sp.kind == "bolt" {
		return storage.Open(sp.where, &storage.Options{ReadOnly: source})
	}
	eps, _ := storage.ParseEndpoints(sp.where)
	return storage.OpenEtcd(storage.EtcdConfig{Endpoints: eps, Prefix: prefix, MaxTxnOps: maxOps}, &storage.Options{ReadOnly: source})
}

// runMigrate copies a database from one store to another and checks it.
func runMigrate(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("twixtbot migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, migrateHelp); fs.PrintDefaults() }
	from := fs.String("from", "", "the database to copy: bolt:FILE or etcd:URL[,URL...]")
	to := fs.String("to", "", "where to copy it: bolt:FILE or etcd:URL[,URL...]")
	prefix := fs.String("prefix", storage.DefaultEtcdPrefix, "the key prefix on etcd (both sides)")
	maxOps := fs.Int("max-txn-ops", 128, "the etcd cluster's --max-txn-ops")
	overwrite := fs.Bool("overwrite", false, "replace what the target holds")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "twixtbot migrate: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return bad("unexpected argument %q: give the stores with --from and --to", fs.Arg(0))
	}
	if *from == "" || *to == "" {
		return bad("give both --from and --to, such as --from bolt:twixtbot.db --to etcd:http://127.0.0.1:2379")
	}
	src, err := parseStoreSpec("from", *from)
	if err != nil {
		return bad("%v", err)
	}
	dst, err := parseStoreSpec("to", *to)
	if err != nil {
		return bad("%v", err)
	}
	if src == dst {
		return bad("--from and --to are the same store (%s): copy to another", src)
	}
	if *maxOps < 16 {
		return bad("--max-txn-ops %d: give the cluster's --max-txn-ops (etcd's default is 128)", *maxOps)
	}
	s, err := src.open(*prefix, *maxOps, true)
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot migrate: opening the source %s: %v\n", src, err)
		return 1
	}
	defer s.Close()
	d, err := dst.open(*prefix, *maxOps, false)
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot migrate: opening the target %s: %v\n", dst, err)
		return 1
	}
	defer d.Close()
	copied, err := storage.Copy(ctx, d, s, *overwrite)
	if errors.Is(err, storage.ErrNotEmpty) {
		fmt.Fprintf(stderr, "twixtbot migrate: %v (--overwrite replaces it)\n", err)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "twixtbot migrate: %v\n", err)
		return 1
	}
	for _, bc := range copied {
		fmt.Fprintf(stdout, "%-13s %7d records  sequence %-7d sha256 %x\n", bc.Bucket, bc.Keys, bc.Sequence, bc.Sum[:8])
	}
	fmt.Fprintf(stdout, "copied %s to %s, and checked the copy\n", src, dst)
	return 0
}
