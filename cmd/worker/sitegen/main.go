// Command sitegen prepares the worker's static assets from a built site
// (scripts/build's dist/): the files without their .br/.gz copies (the
// platform compresses for each client itself) and without Go sources, a
// _headers file giving every file the headers `ptxplay serve` gives it,
// and api.mjs, the limits and headers glue/worker.mjs uses, all from
// package api, so the two servers cannot drift apart.
//
//	go run ./cmd/worker/sitegen -site dist -o cmd/worker/build
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ptxplay/ptxplay/web/server"
	"github.com/ptxplay/ptxplay/web/server/api"
)

func main() {
	site := flag.String("site", "dist", "the built site")
	out := flag.String("o", "cmd/worker/build", "the worker's build folder: writes site/ and api.mjs there")
	flag.Parse()
	if err := run(*site, *out); err != nil {
		fmt.Fprintln(os.Stderr, "sitegen:", err)
		os.Exit(1)
	}
}

func run(site, out string) error {
	if _, err := os.Stat(filepath.Join(site, "index.html")); err != nil {
		return fmt.Errorf("%s has no index.html: run scripts/build first", site)
	}
	dst := filepath.Join(out, "site")
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	var files []string            // paths from the site's root
	variants := map[string]bool{} // files with .br/.gz copies
	err := filepath.WalkDir(site, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(site, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		switch filepath.Ext(p) {
		case ".br", ".gz":
			variants[filepath.ToSlash(strings.TrimSuffix(rel, filepath.Ext(rel)))] = true
			return nil
		case ".go":
			return nil
		}
		if strings.HasPrefix(d.Name(), "_") || strings.HasPrefix(d.Name(), ".") {
			return nil // _headers, _redirects, .assetsignore are the platform's
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files = append(files, filepath.ToSlash(rel))
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dst, "_headers"), []byte(Headers(files, variants)), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "api.mjs"), []byte(Module()), 0o644)
}

// Headers is the _headers file: every static file gets the security
// headers and the revalidating Cache-Control of `ptxplay serve`, its
// Content-Type (server.ContentType: the platform's own differ, such as
// application/javascript), and Vary: Accept-Encoding where serve has
// compressed copies to choose from.
func Headers(files []string, variants map[string]bool) string {
	var b strings.Builder
	b.WriteString("# Made by cmd/worker/sitegen from web/server/api: do not edit.\n/*\n")
	for _, kv := range api.SecurityHeaders {
		fmt.Fprintf(&b, "  %s: %s\n", kv[0], kv[1])
	}
	fmt.Fprintf(&b, "  Cache-Control: %s\n", api.FileCache)
	sort.Strings(files)
	for _, f := range files {
		paths := []string{"/" + f}
		if f == "index.html" {
			paths = append(paths, "/") // the platform answers / with it
		}
		for _, p := range paths {
			fmt.Fprintf(&b, "%s\n  Content-Type: %s\n", p, server.ContentType(f))
			if variants[f] {
				b.WriteString("  Vary: Accept-Encoding\n")
			}
		}
	}
	return b.String()
}

// Module is api.mjs.
func Module() string {
	j := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	return "// Made by cmd/worker/sitegen from web/server/api: do not edit.\n" +
		"export const securityHeaders = " + j(api.SecurityHeaders) + ";\n" +
		"export const fileCache = " + j(api.FileCache) + ";\n" +
		"export const noStore = " + j(api.NoStore) + ";\n" +
		"export const maxBody = " + j(api.MaxBody) + ";\n"
}
