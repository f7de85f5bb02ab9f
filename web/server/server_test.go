package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/web/server/servertest"
)

func TestHandlerMemory(t *testing.T) {
	srv := httptest.NewServer(New(servertest.Site(), NewMemStore(), nil))
	defer srv.Close()
	servertest.Run(t, srv.Client(), srv.URL)
}

func TestETagRevalidates(t *testing.T) {
	h := New(servertest.Site(), NewMemStore(), nil)
	r := httptest.NewRequest("GET", "/style.css", nil)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	tag := w.Header().Get("ETag")
	if tag == "" {
		t.Fatal("no ETag")
	}
	r = httptest.NewRequest("GET", "/style.css", nil)
	r.Header.Set("If-None-Match", tag)
	w = httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusNotModified {
		t.Errorf("revalidation = %d, want 304", w.Code)
	}
}

func TestCSPForbidsInlineScriptAndEval(t *testing.T) {
	script := ""
	for _, d := range strings.Split(CSP, ";") {
		if f := strings.Fields(d); len(f) > 0 && f[0] == "script-src" {
			script = strings.Join(f[1:], " ")
		}
	}
	if script != "'self' 'wasm-unsafe-eval'" {
		t.Errorf("script-src is %q, want only the site's files and wasm", script)
	}
	for _, part := range []string{"frame-ancestors *", "object-src 'none'"} {
		if !strings.Contains(CSP, part) {
			t.Errorf("CSP %q lacks %s", CSP, part)
		}
	}
}
