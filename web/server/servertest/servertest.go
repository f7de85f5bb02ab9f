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

	"github.com/ptxplay/ptxplay/web/server/api"
)

const maxBody = api.MaxBody

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
			want: map[string]string{"Cache-Control": "public, max-age=31536000, immutable", "Content-Type": "application/json; charset=utf-8", "ETag": `"` + KnownID + `"`}, bodyHas: KnownBody},
		// The worker keeps a state's reply in its isolate after one read:
		// the steps up to "short link page" are answered from there.
		{name: "get again", method: "GET", path: "/api/share/" + KnownID, code: 200,
			want: map[string]string{"Cache-Control": "public, max-age=31536000, immutable", "Content-Type": "application/json; charset=utf-8", "ETag": `"` + KnownID + `"`}, bodyHas: KnownBody},
		{name: "head", method: "HEAD", path: "/api/share/" + KnownID, code: 200,
			want: map[string]string{"Content-Type": "application/json; charset=utf-8", "ETag": `"` + KnownID + `"`}},
		{name: "unchanged", method: "GET", path: "/api/share/" + KnownID, header: map[string]string{"If-None-Match": `"` + KnownID + `"`}, code: 304,
			want: map[string]string{"ETag": `"` + KnownID + `"`}},
		{name: "changed", method: "GET", path: "/api/share/" + KnownID, header: map[string]string{"If-None-Match": `"AAAAAAAAAAAA"`}, code: 200, bodyHas: KnownBody},
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
		{name: "dead short link opens the page with 404", method: "GET", path: "/s/AAAAAAAAAAAA", code: 404,
			want: map[string]string{"Content-Type": "text/html; charset=utf-8"}, bodyHas: "<!doctype html>"},
		{name: "damaged short link opens the page with 404", method: "GET", path: "/s/tuyXl2FjW.lr", code: 404,
			want: map[string]string{"Content-Type": "text/html; charset=utf-8"}, bodyHas: "<!doctype html>"},
		{name: "post to a short link", method: "POST", path: "/s/" + KnownID, body: "x", code: 405, want: map[string]string{"Allow": "GET, HEAD"}},
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

// RunRateLimit posts distinct states from one client until the service
// answers 429, which it must within two rate-limit windows' worth of
// posts (a window may end during the run), as a JSON error with
// Retry-After. A post before it must not be refused.
func RunRateLimit(t testing.TB, c *http.Client, base string) {
	t.Helper()
	for i := range 2*api.PostsPerPeriod + 1 {
		body := `{"source":"// rate ` + strings.Repeat("x", i) + `\n","launch":{}}`
		resp, err := c.Post(base+"/api/share", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusOK:
			continue
		case http.StatusTooManyRequests:
			var e struct{ Error string }
			if json.Unmarshal(b, &e) != nil || !strings.Contains(e.Error, "too many") {
				t.Errorf("429 body %q is not {\"error\": \"too many ...\"}", b)
			}
			if resp.Header.Get("Retry-After") == "" || resp.Header.Get("Content-Type") != "application/json; charset=utf-8" {
				t.Errorf("429 headers: %v", resp.Header)
			}
			if i < api.PostsPerPeriod/2 {
				t.Errorf("post %d refused: the limit is %d a minute", i+1, api.PostsPerPeriod)
			}
			return
		default:
			t.Fatalf("post %d: %d %s", i+1, resp.StatusCode, b)
		}
	}
	t.Errorf("%d posts from one client in a row, none answered 429 (limit %d per %d s)", 2*api.PostsPerPeriod+1, api.PostsPerPeriod, api.PeriodSeconds)
}

// HeaderPaths are paths whose answers both servers must give with the same
// status and HeaderNames (the worker's static files come from the
// platform with _headers, its pages from the assets, the rest from Go).
var HeaderPaths = []string{
	"/", "/app.js", "/main.wasm", "/style.css", "/s/app.js", "/embed",
	"/s/" + KnownID, "/s/AAAAAAAAAAAA", "/s/tuyXl2FjW.lr",
	"/api/share/" + KnownID, "/api/share/AAAAAAAAAAAA", "/api/nope", "/nope.js",
}

// HeaderNames are the headers CompareHeaders compares.
var HeaderNames = []string{
	"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy",
	"Cross-Origin-Opener-Policy", "Cache-Control", "Content-Type",
}

// CompareHeaders stores KnownBody on both servers, then GETs each of
// HeaderPaths from both and reports a status or a header of HeaderNames
// that differs.
func CompareHeaders(t testing.TB, c *http.Client, a, b string) {
	t.Helper()
	for _, base := range []string{a, b} {
		resp, err := c.Post(base+"/api/share", "application/json", strings.NewReader(KnownBody))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("%s: post: %s %.300s", base, resp.Status, b)
		}
	}
	get := func(url string) *http.Response {
		req, _ := http.NewRequest("GET", url, nil)
		req.Header.Set("Accept-Encoding", "identity")
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	for _, p := range HeaderPaths {
		ra, rb := get(a+p), get(b+p)
		if ra.StatusCode != rb.StatusCode {
			t.Errorf("GET %s: status %d and %d", p, ra.StatusCode, rb.StatusCode)
		}
		for _, h := range HeaderNames {
			if va, vb := ra.Header.Get(h), rb.Header.Get(h); va != vb {
				t.Errorf("GET %s: %s %q and %q", p, h, va, vb)
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
