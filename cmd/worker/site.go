//go:build js && wasm && !servertest

package main

import (
	"io/fs"

	"github.com/ptxplay/ptxplay/dist"
)

// site is the built page (scripts/build), the same files `ptxplay serve` embeds.
func site() fs.FS { return dist.FS() }
