package storage

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestMetaLayoutIsBbolts pins what checkFile assumes of bbolt's meta
// pages, which bbolt keeps in an internal package (see parseMeta): it
// builds files with bbolt itself, at several page sizes, and compares
// what parseMeta reads in them with what bbolt's public API says of the
// same file. A bbolt release that moves a field, changes the magic, the
// version or the checksum fails here, before checkFile refuses every
// database or passes a truncated one.
func TestMetaLayoutIsBbolts(t *testing.T) {
	boltOnly(t)
	pageSizes := []int{4096, 8192, 16384, 65536}
	if !slices.Contains(pageSizes, os.Getpagesize()) {
		pageSizes = append(pageSizes, os.Getpagesize())
	}
	for _, pageSize := range pageSizes {
		t.Run(fmt.Sprint(pageSize), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bolt.db")
			fillBolt(t, path, pageSize)

			// Read-only, so that bbolt writes nothing between its view
			// and the bytes read from the file.
			db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, PreLoadFreelist: true, Timeout: DefaultTimeout})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			m0, ok0 := parseMeta(data[pageHeaderSize:])
			m1, ok1 := parseMeta(data[pageSize+pageHeaderSize:])
			if !ok0 || !ok1 {
				t.Fatalf("parseMeta refuses a meta page bbolt wrote (page 0: %v, page 1: %v): bbolt's meta layout, magic (%#x) or version (%d) changed; update parseMeta and its constants in store.go", ok0, ok1, binary.NativeEndian.Uint32(data[pageHeaderSize:]), binary.NativeEndian.Uint32(data[pageHeaderSize+4:]))
			}
			if m0.txid == m1.txid {
				t.Fatalf("both meta pages have transaction %d", m0.txid)
			}
			newest := m0
			if m1.txid > m0.txid {
				newest = m1
			}
			if got := db.Info().PageSize; int(m0.pageSize) != got || int(m1.pageSize) != got {
				t.Errorf("parseMeta reads page sizes %d and %d, bbolt says %d", m0.pageSize, m1.pageSize, got)
			}
			err = db.View(func(tx *bolt.Tx) error {
				if got := uint64(tx.ID()); newest.txid != got {
					t.Errorf("parseMeta reads transaction %d, bbolt says %d", newest.txid, got)
				}
				if got := tx.Size(); int64(newest.pages)*int64(newest.pageSize) != got {
					t.Errorf("parseMeta reads %d pages of %d bytes, bbolt says the database is %d bytes", newest.pages, newest.pageSize, got)
				}
				if got := tx.Cursor().Bucket().Root(); uint64(got) != newest.root {
					t.Errorf("parseMeta reads root page %d, bbolt says %d", newest.root, got)
				}
				for _, p := range []struct {
					what  string
					id    uint64
					types []string
				}{
					{"meta page 0", 0, []string{"meta"}},
					{"meta page 1", 1, []string{"meta"}},
					{"root", newest.root, []string{"leaf", "branch"}},
					{"freelist", newest.free, []string{"freelist"}},
				} {
					info, err := tx.Page(int(p.id))
					if err != nil {
						return err
					}
					if info == nil || !slices.Contains(p.types, info.Type) {
						t.Errorf("parseMeta's %s is page %d, which bbolt says is %+v, not %v", p.what, p.id, info, p.types)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// fillBolt builds a bbolt file at path with pages of pageSize bytes, a few
// transactions, a branch page and free pages.
func fillBolt(t *testing.T, path string, pageSize int) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{PageSize: pageSize, Timeout: DefaultTimeout})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	val := make([]byte, 200)
	for round := range 3 {
		err := db.Update(func(tx *bolt.Tx) error {
			b, err := tx.CreateBucketIfNotExists([]byte("b"))
			if err != nil {
				return err
			}
			for i := range 1000 {
				k := binary.BigEndian.AppendUint32(nil, uint32(i))
				if round == 2 && i%2 == 0 {
					err = b.Delete(k)
				} else {
					err = b.Put(k, val)
				}
				if err != nil {
					return err
				}
			}
			_, err = tx.CreateBucketIfNotExists(fmt.Appendf(nil, "round %d", round))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
