package server

import "github.com/ptxplay/ptxplay/web/server/api"

// Store keeps shared states by id (api.Store).
type Store = api.Store

// MemStore is a Store in memory, for tests.
type MemStore = api.MemStore

// NewMemStore returns an empty memory store.
func NewMemStore() *MemStore { return api.NewMemStore() }
