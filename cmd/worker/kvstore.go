//go:build js && wasm

package main

import (
	"fmt"

	"github.com/syumai/workers/cloudflare/kv"
)

// kvNull is what the KV binding's get returns, as a string and with no
// error, for a key that is not there (JavaScript null through syscall/js).
const kvNull = "<null>"

// kvStore is the share service's Store on a Cloudflare KV namespace. Keys
// are the content-addressed ids under a prefix; values are the canonical
// state JSON, which is never the text "<null>" (it is a JSON object).
type kvStore struct{ ns *kv.Namespace }

const kvPrefix = "s:"

func (s kvStore) Get(id string) ([]byte, bool, error) {
	v, err := s.ns.GetString(kvPrefix+id, nil)
	if err != nil {
		return nil, false, fmt.Errorf("kv get %s: %w", id, err)
	}
	if v == kvNull {
		return nil, false, nil
	}
	return []byte(v), true, nil
}

func (s kvStore) Put(id string, data []byte) error {
	// Ids are content addresses: writing the same id again writes the same
	// bytes, so no read-before-write is needed.
	if err := s.ns.PutString(kvPrefix+id, string(data), nil); err != nil {
		return fmt.Errorf("kv put %s: %w", id, err)
	}
	return nil
}
