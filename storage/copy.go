package storage

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"
)

// allBuckets are every bucket the store writes, in a fixed order.
func allBuckets() [][]byte {
	return append(append(slices.Clone(primaryBuckets), derivedBuckets()...), bucketPrefs, bucketFollows, bucketGuilds)
}

// BucketCopied is what Copy did with one bucket.
type BucketCopied struct {
	Bucket   string
	Keys     int
	Sequence uint64
	Sum      [sha256.Size]byte // of its keys and values, in order, on both sides
}

// ErrNotEmpty: Copy's target already holds games or other records.
var ErrNotEmpty = errors.New("the target database is not empty")

// copyBatch bounds the keys and bytes of one transaction of Copy, within
// etcd's default limits (128 operations, 1.5 MiB a request).
const (
	copyBatchKeys  = 100
	copyBatchBytes = 1 << 20
)

// Copy copies every record of src into dst, bucket by bucket, with the
// buckets' sequences, then checks the copy: the same number of keys in
// each bucket, the same SHA-256 of its keys and values, and dst.Check.
// The two may be on different backends (bbolt to etcd: moving a bot to a
// shared store; etcd to bbolt: a backup file of it). Each batch of at
// most 100 keys is read in a read transaction of src and written in a
// transaction of dst, so a copy that fails midway leaves part of it behind: run it again with
// overwrite. dst must be empty (a new database) unless overwrite is set,
// which removes what dst holds first. Nothing must change src meanwhile:
// stop the bots that use it.
func Copy(ctx context.Context, dst, src *Store, overwrite bool) ([]BucketCopied, error) {
	if dst.readOnly {
		return nil, fmt.Errorf("%w: the target is read-only", ErrReadOnly)
	}
	if !overwrite {
		var what string
		err := dst.view(ctx, func(tx kvTx) error {
			for _, name := range allBuckets() {
				if bytes.Equal(name, bucketMeta) {
					continue
				}
				if b := tx.Bucket(name); b != nil {
					if k, _ := b.Cursor().First(); k != nil {
						what = string(name)
						return nil
					}
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if what != "" {
			return nil, fmt.Errorf("%w: %s has records in bucket %s; copy into a new database, or ask to overwrite it", ErrNotEmpty, dst.Path(), what)
		}
	} else {
		for _, name := range allBuckets() {
			if bytes.Equal(name, bucketMeta) {
				continue
			}
			if err := clearBucket(ctx, dst, name); err != nil {
				return nil, fmt.Errorf("clearing %s of %s: %w", name, dst.Path(), err)
			}
		}
	}
	var out []BucketCopied
	for _, name := range allBuckets() {
		bc, err := copyBucket(ctx, dst, src, name)
		if err != nil {
			return out, fmt.Errorf("copying bucket %s: %w", name, err)
		}
		out = append(out, bc)
	}
	return out, verifyCopy(ctx, dst, out)
}

// copyBucket copies one bucket a batch at a time: each batch is read in a
// read transaction of src, which ends before the batch is written to dst
// (no transaction stays open across the other store's network calls).
func copyBucket(ctx context.Context, dst, src *Store, name []byte) (BucketCopied, error) {
	bc := BucketCopied{Bucket: string(name)}
	h := sha256.New()
	var after []byte // the last key copied; nil at the start
	for {
		var batch [][2][]byte
		done := false
		err := src.view(ctx, func(tx kvTx) error {
			batch, done = batch[:0], true
			b := tx.Bucket(name)
			if b == nil {
				return nil
			}
			bc.Sequence = b.Sequence()
			c := b.Cursor()
			k, v := c.First()
			if after != nil {
				if k, v = c.Seek(after); bytes.Equal(k, after) {
					k, v = c.Next()
				}
			}
			size := 0
			for ; k != nil && len(batch) < copyBatchKeys && size < copyBatchBytes; k, v = c.Next() {
				batch = append(batch, [2][]byte{slices.Clone(k), slices.Clone(v)})
				size += len(k) + len(v)
			}
			done = k == nil
			return nil
		})
		if err != nil {
			return bc, err
		}
		for _, kv := range batch {
			bc.Keys++
			hashKV(h, kv[0], kv[1])
		}
		last := len(batch) > 0
		err = dst.write(ctx, func(tx kvTx) (func() error, error) {
			return func() error {
				b, err := tx.CreateBucketIfNotExists(name)
				if err != nil {
					return err
				}
				for _, kv := range batch {
					if err := b.Put(kv[0], kv[1]); err != nil {
						return err
					}
				}
				if done && bc.Sequence != 0 {
					return b.SetSequence(bc.Sequence)
				}
				return nil
			}, nil
		})
		if err != nil {
			return bc, err
		}
		if last {
			after = batch[len(batch)-1][0]
		}
		if done {
			copy(bc.Sum[:], h.Sum(nil))
			return bc, nil
		}
	}
}

// hashKV adds a key and value to a bucket's sum, each length-prefixed.
func hashKV(h interface{ Write([]byte) (int, error) }, k, v []byte) {
	var n [8]byte
	for _, b := range [][]byte{k, v} {
		for i := range n {
			n[i] = byte(len(b) >> (8 * i))
		}
		h.Write(n[:])
		h.Write(b)
	}
}

// verifyCopy reads dst back and compares each bucket with what was
// copied, then runs its full check.
func verifyCopy(ctx context.Context, dst *Store, want []BucketCopied) error {
	var problems []error
	err := dst.view(ctx, func(tx kvTx) error {
		for _, w := range want {
			got := BucketCopied{Bucket: w.Bucket}
			h := sha256.New()
			if b := tx.Bucket([]byte(w.Bucket)); b != nil {
				if err := b.ForEach(func(k, v []byte) error {
					got.Keys++
					hashKV(h, k, v)
					return nil
				}); err != nil {
					return err
				}
				got.Sequence = b.Sequence()
			}
			copy(got.Sum[:], h.Sum(nil))
			if got != w {
				problems = append(problems, fmt.Errorf("bucket %s: the copy has %d keys (sequence %d, sum %x), the source %d (sequence %d, sum %x)",
					w.Bucket, got.Keys, got.Sequence, got.Sum[:6], w.Keys, w.Sequence, w.Sum[:6]))
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := dst.Check(ctx); err != nil {
		problems = append(problems, err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: the copy differs from the source: %w", ErrCorrupt, errors.Join(problems...))
	}
	return nil
}

// clearBatch is the keys clearBucket deletes in one transaction: on etcd
// each key deleted after being read is also compared, two operations.
const clearBatch = 50

// clearBucket removes every key of a bucket, in transactions of at most
// clearBatch keys.
func clearBucket(ctx context.Context, s *Store, name []byte) error {
	for {
		n := 0
		err := s.write(ctx, func(tx kvTx) (func() error, error) {
			n = 0
			return func() error {
				b := tx.Bucket(name)
				if b == nil {
					return nil
				}
				c := b.Cursor()
				for k, _ := c.First(); k != nil && n < clearBatch; k, _ = c.First() {
					if err := c.Delete(); err != nil {
						return err
					}
					n++
				}
				return b.SetSequence(0)
			}, nil
		})
		if err != nil || n < clearBatch {
			return err
		}
	}
}
