//go:build js && wasm && servertest

package main

import (
	"io/fs"

	"github.com/ptxplay/ptxplay/web/server/servertest"
)

// site, in the build worker_test.go runs, is the small site the shared
// service table (web/server/servertest) expects.
func site() fs.FS { return servertest.Site() }
