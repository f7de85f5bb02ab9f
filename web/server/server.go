// Package server is the http.Handler for the whole ptxplay site: the
// built page from an fs.FS (with precompressed .br/.gz copies, content
// types, cache and security headers) and the share service
// (POST /api/share, GET /api/share/{id}, GET /s/{id}, /embed).
package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/ptxplay/ptxplay/core/share"
)

// MaxBody is the largest POST /api/share body accepted.
const MaxBody = 64 << 10

// Handler serves the site and the share service.
type Handler struct {
	site  fs.FS
	store Store

	mu    sync.Mutex
	etags map[string]string
}

// New returns the handler for the site files and the store.
func New(site fs.FS, store Store) *Handler {
	h := &Handler{site: site, store: store, etags: map[string]string{}}
	return h
}

// CSP is the Content-Security-Policy of every response: scripts only from
// the site's own files (index.html has no inline script, and Vugu's one
// eval is answered by vugu.js, see scripts/sitebuild/vugu.go), wasm
// compilation allowed, inline styles allowed (the editor injects style
// elements), framing by any page (the embed mode lives in iframes of
// course pages).
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'" +
	"; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'" +
	"; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors *"

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Security-Policy", CSP)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	hd.Set("Cross-Origin-Opener-Policy", "same-origin-allow-popups")
	p := r.URL.Path
	switch {
	case p == "/api/share":
		if r.Method != http.MethodPost {
			hd.Set("Allow", "POST")
			jsonError(w, http.StatusMethodNotAllowed, "use POST to share a state")
			return
		}
		h.post(w, r)
	case strings.HasPrefix(p, "/api/share/"):
		if !getOrHead(w, r) {
			return
		}
		h.get(w, r, strings.TrimPrefix(p, "/api/share/"))
	case strings.HasPrefix(p, "/api/"):
		jsonError(w, http.StatusNotFound, "no such API: "+p)
	case strings.HasPrefix(p, "/s/"):
		if !getOrHead(w, r) {
			return
		}
		id := strings.TrimPrefix(p, "/s/")
		if share.ValidID(id) {
			// The page reads the id from its address and fetches the state.
			h.file(w, r, "index.html")
			return
		}
		// index.html's relative addresses (app.js, main.wasm, ...) from /s/.
		h.file(w, r, id)
	case p == "/embed" || p == "/embed/" || p == "/" || p == "/index.html":
		if !getOrHead(w, r) {
			return
		}
		h.file(w, r, "index.html")
	default:
		if !getOrHead(w, r) {
			return
		}
		h.file(w, r, strings.TrimPrefix(p, "/"))
	}
}

func getOrHead(w http.ResponseWriter, r *http.Request) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return true
	}
	w.Header().Set("Allow", "GET, HEAD")
	jsonError(w, http.StatusMethodNotAllowed, "method "+r.Method+" is not allowed here")
	return false
}

func jsonError(w http.ResponseWriter, code int, msg string) {
	hd := w.Header()
	hd.Set("Content-Type", "application/json; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

func (h *Handler) post(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			jsonError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the state is over %d bytes", MaxBody))
			return
		}
		jsonError(w, http.StatusBadRequest, "could not read the body: "+err.Error())
		return
	}
	if !utf8.Valid(body) {
		// json.Unmarshal would quietly turn bad bytes into U+FFFD.
		jsonError(w, http.StatusBadRequest, "the state is not UTF-8 text")
		return
	}
	st, err := share.Parse(body)
	if err != nil {
		jsonError(w, http.StatusBadRequest, err.Error())
		return
	}
	canon, err := st.Canonical()
	if err != nil {
		jsonError(w, http.StatusBadRequest, err.Error())
		return
	}
	id := share.ID(canon)
	if err := h.store.Put(id, canon); err != nil {
		jsonError(w, http.StatusInternalServerError, "the store could not save the state")
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(map[string]string{"id": id})
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, id string) {
	if !share.ValidID(id) {
		jsonError(w, http.StatusNotFound, "no shared state has the id "+strconv.Quote(id))
		return
	}
	b, ok, err := h.store.Get(id)
	if err != nil {
		jsonError(w, http.StatusInternalServerError, "the store could not be read")
		return
	}
	if !ok {
		jsonError(w, http.StatusNotFound, "no shared state has the id "+strconv.Quote(id))
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "application/json; charset=utf-8")
	// Content-addressed: the bytes under an id never change.
	hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	hd.Set("ETag", `"`+id+`"`)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(b))
}

// contentType is the type of a site file by its name.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".wasm":
		return "application/wasm"
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".html":
		return "text/html; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".json", ".map":
		return "application/json; charset=utf-8"
	case ".txt", ".ptx":
		return "text/plain; charset=utf-8"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// accepts reports whether an Accept-Encoding header allows coding enc
// (a q of 0 refuses it).
func accepts(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		params = strings.ReplaceAll(params, " ", "")
		if q, ok := strings.CutPrefix(params, "q="); ok {
			if v, err := strconv.ParseFloat(q, 64); err == nil && v == 0 {
				return false
			}
		}
		return true
	}
	return false
}

func (h *Handler) file(w http.ResponseWriter, r *http.Request, name string) {
	if name == "" || strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	if !fs.ValidPath(name) || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
		notFound(w)
		return
	}
	data, err := fs.ReadFile(h.site, name)
	if err != nil {
		notFound(w)
		return
	}
	hd := w.Header()
	served, enc := name, ""
	variants := false
	for _, c := range [][2]string{{"br", ".br"}, {"gzip", ".gz"}} {
		if _, err := fs.Stat(h.site, name+c[1]); err != nil {
			continue
		}
		variants = true
		if enc == "" && accepts(r.Header.Get("Accept-Encoding"), c[0]) {
			if b, err := fs.ReadFile(h.site, name+c[1]); err == nil {
				data, served, enc = b, name+c[1], c[0]
			}
		}
	}
	if variants {
		hd.Set("Vary", "Accept-Encoding")
	}
	if enc != "" {
		hd.Set("Content-Encoding", enc)
	}
	hd.Set("Content-Type", contentType(name))
	// Every file is revalidated (its ETag answers 304 when unchanged), so a
	// new build is seen at once; index.html never comes from a cache unasked.
	hd.Set("Cache-Control", "no-cache")
	hd.Set("ETag", h.etag(served, data))
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
}

func notFound(w http.ResponseWriter) {
	hd := w.Header()
	hd.Set("Content-Type", "text/plain; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNotFound)
	io.WriteString(w, "404: no such page\n")
}

func (h *Handler) etag(name string, data []byte) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	if t, ok := h.etags[name]; ok {
		return t
	}
	sum := sha256.Sum256(data)
	t := `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
	h.etags[name] = t
	return t
}
