// Command sitebuild finishes the page's build (scripts/build runs it after
// the wasm and the JS bundle are in place): it minifies the HTML, CSS, SVG
// and JavaScript with github.com/tdewolff/minify/v2, copies them into the
// output folder, and writes a precompressed .br (github.com/andybalholm/brotli,
// quality 11) and .gz (compress/gzip, best) beside every text or wasm file.
//
//	go run ./scripts/sitebuild -out dist
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/andybalholm/brotli"
	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/css"
	"github.com/tdewolff/minify/v2/html"
	"github.com/tdewolff/minify/v2/js"
	"github.com/tdewolff/minify/v2/svg"
)

func main() {
	out := flag.String("out", "dist", "the site folder (holding main.wasm and app.js already)")
	goroot := flag.String("goroot", "", "GOROOT, for wasm_exec.js")
	serve := flag.String("serve", "", "only serve the built folder on this address (scripts/serve's fallback while ptxplay has no serve command)")
	flag.Parse()
	if *serve != "" {
		fmt.Printf("serving %s on http://%s/\n", *out, *serve)
		if err := http.ListenAndServe(*serve, precompressed(*out)); err != nil {
			fmt.Fprintln(os.Stderr, "sitebuild:", err)
			os.Exit(1)
		}
		return
	}
	if err := build(*out, *goroot); err != nil {
		fmt.Fprintln(os.Stderr, "sitebuild:", err)
		os.Exit(1)
	}
}

// sources are copied (minified) into the site: site name -> repository path.
var sources = map[string]string{
	"index.html":  "index.html",
	"style.css":   "web/style.css",
	"favicon.svg": "web/favicon.svg",
	"boot.js":     "web/js/boot.js",
}

func build(out, goroot string) error {
	m := minify.New()
	m.AddFunc("text/html", html.Minify)
	m.AddFunc("text/css", css.Minify)
	m.AddFunc("image/svg+xml", svg.Minify)
	m.AddFunc("text/javascript", js.Minify)
	types := map[string]string{".html": "text/html", ".css": "text/css", ".svg": "image/svg+xml", ".js": "text/javascript"}
	if goroot == "" {
		goroot = os.Getenv("GOROOT")
	}
	if goroot != "" {
		sources["wasm_exec.js"] = filepath.Join(goroot, "lib", "wasm", "wasm_exec.js")
	}
	names := make([]string, 0, len(sources))
	for n := range sources {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		src, err := os.ReadFile(sources[name])
		if err != nil {
			return err
		}
		var b bytes.Buffer
		if err := m.Minify(types[filepath.Ext(name)], &b, bytes.NewReader(src)); err != nil {
			return fmt.Errorf("minifying %s: %v", sources[name], err)
		}
		if err := os.WriteFile(filepath.Join(out, name), b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	helper, err := vuguHelper()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "vugu.js"), []byte(helper), 0o644); err != nil {
		return err
	}
	for _, need := range []string{"main.wasm", "app.js", "wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(out, need)); err != nil {
			return fmt.Errorf("%s is missing: run scripts/build", need)
		}
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		return err
	}
	compressible := regexp.MustCompile(`\.(html|css|js|svg|wasm|json)$`)
	var total, totalBr int64
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !compressible.MatchString(name) || strings.HasSuffix(name, ".go") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			return err
		}
		var gz, br bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		zw.Write(data)
		if err := zw.Close(); err != nil {
			return err
		}
		bw := brotli.NewWriterLevel(&br, brotli.BestCompression)
		bw.Write(data)
		if err := bw.Close(); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, name+".gz"), gz.Bytes(), 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, name+".br"), br.Bytes(), 0o644); err != nil {
			return err
		}
		total += int64(len(data))
		totalBr += int64(br.Len())
		fmt.Printf("%-14s %9d bytes  br %8d  gz %8d\n", name, len(data), br.Len(), gz.Len())
	}
	fmt.Printf("%-14s %9d bytes  br %8d\n", "total", total, totalBr)
	return nil
}

// precompressed serves dir, sending a file's .br or .gz copy to a browser
// that accepts it.
func precompressed(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := r.URL.Path
		if strings.HasSuffix(name, "/") {
			name += "index.html"
		}
		accept := r.Header.Get("Accept-Encoding")
		for _, enc := range [][2]string{{"br", ".br"}, {"gzip", ".gz"}} {
			if !strings.Contains(accept, enc[0]) {
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name)+enc[1])); err == nil {
				if t := mime.TypeByExtension(filepath.Ext(name)); t != "" {
					w.Header().Set("Content-Type", t)
				}
				w.Header().Set("Content-Encoding", enc[0])
				w.Header().Set("Vary", "Accept-Encoding")
				r.URL.Path = name + enc[1]
				break
			}
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}
