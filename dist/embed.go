// Package dist is the built site (scripts/build writes it here): the page,
// its wasm, JavaScript and styles, each with precompressed .br and .gz
// copies, embedded so that the one ptxplay binary serves the whole site.
// Only this file is committed; a build that has not run scripts/build
// still compiles, and Built reports false.
package dist

import (
	"embed"
	"io/fs"
	"path"
)

//go:embed *
var files embed.FS

// FS is the site: every built file, and nothing of the Go package.
func FS() fs.FS { return site{files} }

// Built reports whether scripts/build has put the site here.
func Built() bool {
	_, err := fs.Stat(files, "index.html")
	return err == nil
}

// site hides the package's own source from the files served.
type site struct{ fs embed.FS }

func (s site) Open(name string) (fs.File, error) {
	if path.Ext(name) == ".go" {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return s.fs.Open(name)
}

func (s site) ReadDir(name string) ([]fs.DirEntry, error) {
	all, err := s.fs.ReadDir(name)
	var out []fs.DirEntry
	for _, e := range all {
		if path.Ext(e.Name()) != ".go" {
			out = append(out, e)
		}
	}
	return out, err
}

func (s site) ReadFile(name string) ([]byte, error) {
	if path.Ext(name) == ".go" {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrNotExist}
	}
	return s.fs.ReadFile(name)
}
