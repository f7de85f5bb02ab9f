package server

import (
	"sync"
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
