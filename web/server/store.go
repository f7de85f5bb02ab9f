package server

import (
	"errors"
	"fmt"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Store keeps shared states by id. Put of an id already stored is a
// no-op success (ids are content addresses, so the bytes are the same).
type Store interface {
	Get(id string) (data []byte, ok bool, err error)
	Put(id string, data []byte) error
}

// MemStore is a Store in memory, for tests.
type MemStore struct {
	mu sync.RWMutex
	m  map[string][]byte
}

// NewMemStore returns an empty memory store.
func NewMemStore() *MemStore { return &MemStore{m: map[string][]byte{}} }

func (s *MemStore) Get(id string) ([]byte, bool, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	b, ok := s.m[id]
	return b, ok, nil
}

func (s *MemStore) Put(id string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.m[id]; !ok {
		s.m[id] = append([]byte(nil), data...)
	}
	return nil
}

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
