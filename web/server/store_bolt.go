//go:build !js && !wasip1

package server

import (
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

var bucket = []byte("states")

// BoltStore is a Store in a bbolt file. Put returns after bbolt has
// committed (and fsynced) the write, so an answered id survives a crash.
type BoltStore struct{ db *bolt.DB }

// OpenBolt opens (creating if needed) the store file at path.
func OpenBolt(path string) (*BoltStore, error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 2 * time.Second})
	if err != nil {
		if errors.Is(err, bolt.ErrTimeout) {
			return nil, fmt.Errorf("open %s: the store is in use by another ptxplay serve", path)
		}
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucket)
		return err
	}); err != nil {
		db.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return &BoltStore{db}, nil
}

func (s *BoltStore) Get(id string) (data []byte, ok bool, err error) {
	err = s.db.View(func(tx *bolt.Tx) error {
		if v := tx.Bucket(bucket).Get([]byte(id)); v != nil {
			data, ok = append([]byte(nil), v...), true
		}
		return nil
	})
	return data, ok, err
}

func (s *BoltStore) Put(id string, data []byte) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket)
		if b.Get([]byte(id)) != nil {
			return nil
		}
		return b.Put([]byte(id), data)
	})
}

// Close closes the file.
func (s *BoltStore) Close() error { return s.db.Close() }
