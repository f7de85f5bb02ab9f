// Package servertest is the share service's behaviour as a table, run
// against httptest in web/server and against a running `ptxplay serve`
// in cmd/ptxplay.
package servertest

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

const maxBody = 64 << 10

// index has one inline script, like the real page.
const Index = `<!doctype html><html><head><script src="app.js"></script></head><body><script>go()</script></body></html>`

// Site is a small built site: index.html with one inline script, app.js
// with .gz and .br copies, a wasm file and a stylesheet.
func Site() fstest.MapFS {
	var gz strings.Builder
	zw := gzip.NewWriter(&gz)
	io.WriteString(zw, "console.log(1)\n")
	zw.Close()
	return fstest.MapFS{
		"index.html": {Data: []byte(Index)},
		"app.js":     {Data: []byte("console.log(1)\n")},
		"app.js.gz":  {Data: []byte(gz.String())},
		"app.js.br":  {Data: []byte("BROTLI-BYTES")},
		"main.wasm":  {Data: []byte("\x00asm\x01\x00\x00\x00")},
		"style.css":  {Data: []byte("body{}")},
	}
}

// The body is already canonical; its id was computed independently:
// base64url(sha256("ptxplay/share/v1\x00" + body))[:12] with Python's hashlib.
const (
	KnownBody = `{"source":".version 8.0\n","launch":{"grid":[1,1,1],"block":[32,1,1]},"step":3}`
	KnownID   = "tuyXl2FjWflr"
)

// Step is one request and what its answer must be.
type Step struct {
	name, method, path, body string
	header                   map[string]string
	code                     int
	want                     map[string]string // headers that must match exactly
	bodyHas                  string
}

// Table is the service's behaviour, run here against httptest and by
// cmd/ptxplay against a running `ptxplay serve`.
func Table() []Step {
	big := `{"source":"` + strings.Repeat("a", maxBody) + `","launch":{}}`
	return []Step{
		{name: "post", method: "POST", path: "/api/share", body: KnownBody, code: 200,
			want: map[string]string{"Content-Type": "application/json; charset=utf-8"}, bodyHas: `{"id":"` + KnownID + `"}`},
		{name: "same state same id (spaces differ)", method: "POST", path: "/api/share",
			body: `{ "launch": {"grid": [1,1,1], "block": [32,1,1]}, "step":3, "source":".version 8.0\n" }`, code: 200, bodyHas: KnownID},
		{name: "get", method: "GET", path: "/api/share/" + KnownID, code: 200,
			want: map[string]string{"Cache-Control": "public, max-age=31536000, immutable", "Content-Type": "application/json; charset=utf-8"}, bodyHas: KnownBody},
		{name: "get unknown", method: "GET", path: "/api/share/AAAAAAAAAAAA", code: 404, bodyHas: `"error"`},
		{name: "get malformed id", method: "GET", path: "/api/share/x.y", code: 404, bodyHas: `"error"`},
		{name: "post not json", method: "POST", path: "/api/share", body: "hello", code: 400, bodyHas: `"error":"state is not valid JSON"`},
		{name: "post no launch", method: "POST", path: "/api/share", body: `{"source":"x"}`, code: 400, bodyHas: `no launch`},
		{name: "post binary source", method: "POST", path: "/api/share", body: `{"source":"\u0000","launch":{}}`, code: 400, bodyHas: `not text`},
		{name: "post bad utf8", method: "POST", path: "/api/share", body: "{\"source\":\"\xff\",\"launch\":{}}", code: 400, bodyHas: `error`},
		{name: "post too large", method: "POST", path: "/api/share", body: big, code: 413, bodyHas: `"error"`},
		{name: "get on post route", method: "GET", path: "/api/share", code: 405, want: map[string]string{"Allow": "POST"}, bodyHas: `"error"`},
		{name: "put on get route", method: "PUT", path: "/api/share/" + KnownID, code: 405, want: map[string]string{"Allow": "GET, HEAD"}},
		{name: "unknown api", method: "GET", path: "/api/nope", code: 404, bodyHas: `"error"`},
		{name: "short link page", method: "GET", path: "/s/" + KnownID, code: 200,
			want: map[string]string{"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache"}, bodyHas: "<!doctype html>"},
		{name: "assets from /s/", method: "GET", path: "/s/main.wasm", code: 200, want: map[string]string{"Content-Type": "application/wasm"}},
		{name: "embed", method: "GET", path: "/embed", code: 200, want: map[string]string{"Content-Type": "text/html; charset=utf-8"}, bodyHas: "<!doctype html>"},
		{name: "embed query", method: "GET", path: "/?embed=1", code: 200, bodyHas: "<!doctype html>"},
		{name: "root", method: "GET", path: "/", code: 200,
			want: map[string]string{"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"}, bodyHas: "<!doctype html>"},
		{name: "wasm type", method: "GET", path: "/main.wasm", code: 200, want: map[string]string{"Content-Type": "application/wasm"}},
		{name: "css type", method: "GET", path: "/style.css", code: 200, want: map[string]string{"Content-Type": "text/css; charset=utf-8"}},
		{name: "brotli first", method: "GET", path: "/app.js", header: map[string]string{"Accept-Encoding": "gzip, br"}, code: 200,
			want: map[string]string{"Content-Encoding": "br", "Vary": "Accept-Encoding", "Content-Type": "text/javascript; charset=utf-8"}, bodyHas: "BROTLI-BYTES"},
		{name: "gzip when br refused", method: "GET", path: "/app.js", header: map[string]string{"Accept-Encoding": "gzip, br;q=0"}, code: 200,
			want: map[string]string{"Content-Encoding": "gzip", "Vary": "Accept-Encoding"}},
		{name: "identity", method: "GET", path: "/app.js", header: map[string]string{"Accept-Encoding": "identity"}, code: 200,
			want: map[string]string{"Content-Encoding": "", "Vary": "Accept-Encoding"}, bodyHas: "console.log(1)"},
		{name: "missing file", method: "GET", path: "/nope.js", code: 404},
		{name: "compressed copy not served by name", method: "GET", path: "/app.js.br", code: 404},
		{name: "post to a page", method: "POST", path: "/", body: "x", code: 405, want: map[string]string{"Allow": "GET, HEAD"}},
	}
}

// Run runs the table against base (http://host:port) with client c.
func Run(t testing.TB, c *http.Client, base string) { RunExcept(t, c, base, nil) }

// RunExcept is Run without the steps named in skip (name -> why, logged);
// a name that is not in the table is an error, so a skip cannot go stale.
func RunExcept(t testing.TB, c *http.Client, base string, skip map[string]string) {
	t.Helper()
	seen := 0
	defer func() {
		if seen != len(skip) {
			t.Errorf("RunExcept: %d of the %d skipped steps are not in the table: %v", len(skip)-seen, len(skip), skip)
		}
	}()
	for _, s := range Table() {
		if why, ok := skip[s.name]; ok {
			seen++
			t.Logf("%s: skipped: %s", s.name, why)
			continue
		}
		req, err := http.NewRequest(s.method, base+s.path, strings.NewReader(s.body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept-Encoding", "identity") // no transparent gzip
		for k, v := range s.header {
			req.Header.Set(k, v)
		}
		resp, err := c.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != s.code {
			t.Errorf("%s: %s %s = %d, want %d (%s)", s.name, s.method, s.path, resp.StatusCode, s.code, b)
			continue
		}
		for k, v := range s.want {
			if got := resp.Header.Get(k); got != v {
				t.Errorf("%s: header %s = %q, want %q", s.name, k, got, v)
			}
		}
		if !strings.Contains(string(b), s.bodyHas) {
			t.Errorf("%s: body %.200q lacks %q", s.name, b, s.bodyHas)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "frame-ancestors") {
			t.Errorf("%s: security headers missing: %v", s.name, resp.Header)
		}
		if resp.StatusCode >= 400 && strings.HasPrefix(s.path, "/api/") {
			var e struct{ Error string }
			if json.Unmarshal(b, &e) != nil || e.Error == "" {
				t.Errorf("%s: error body %q is not {\"error\": ...}", s.name, b)
			}
		}
	}
}

// WriteSite writes Site into dir.
func WriteSite(dir string) error {
	for name, f := range Site() {
		if err := os.WriteFile(filepath.Join(dir, name), f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
