// Package server is the http.Handler for the whole ptxplay site: the
// built page from an fs.FS (with precompressed .br/.gz copies, content
// types, cache and security headers) and the share service
// (POST /api/share, GET /api/share/{id}, GET /s/{id}: package api).
package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ptxplay/ptxplay/web/server/api"
)

// MaxBody is the largest POST /api/share body accepted.
const MaxBody = api.MaxBody

// Handler serves the site and the share service.
type Handler struct {
	site fs.FS
	svc  api.Service

	mu    sync.Mutex
	etags map[string]string
}

// New returns the handler for the site files and the store, with posts
// limited per client address by lim (nil: no limit).
func New(site fs.FS, store Store, lim api.Limiter) *Handler {
	return &Handler{site: site, svc: api.Service{Store: store, Limiter: lim}, etags: map[string]string{}}
}

// CSP is the Content-Security-Policy of every response (api.CSP).
const CSP = api.CSP

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	for _, kv := range api.SecurityHeaders {
		hd.Set(kv[0], kv[1])
	}
	p := r.URL.Path
	switch {
	case api.Routes(p):
		h.share(w, r)
	case strings.HasPrefix(p, "/s/"):
		if !getOrHead(w, r) {
			return
		}
		// index.html's relative addresses (app.js, main.wasm, ...) from
		// /s/; anything else under /s/ is a damaged short link, which
		// opens the page with 404 and the page says why.
		if name := strings.TrimPrefix(p, "/s/"); name == "" || h.exists(name) {
			h.file(w, r, name, http.StatusOK)
		} else {
			h.file(w, r, "index.html", http.StatusNotFound)
		}
	case p == "/embed" || p == "/embed/" || p == "/" || p == "/index.html":
		if !getOrHead(w, r) {
			return
		}
		h.file(w, r, "index.html", http.StatusOK)
	default:
		if !getOrHead(w, r) {
			return
		}
		h.file(w, r, strings.TrimPrefix(p, "/"), http.StatusOK)
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

func jsonError(w http.ResponseWriter, code int, msg string) { write(w, api.Error(code, msg)) }

// write sends a reply that is not a page.
func write(w http.ResponseWriter, rep api.Reply) {
	hd := w.Header()
	hd.Set("Content-Type", rep.ContentType)
	hd.Set("Cache-Control", rep.CacheControl)
	if rep.Allow != "" {
		hd.Set("Allow", rep.Allow)
	}
	if rep.RetryAfter != "" {
		hd.Set("Retry-After", rep.RetryAfter)
	}
	w.WriteHeader(rep.Status)
	w.Write(rep.Body)
}

// share answers the share service's routes through api.Service.
func (h *Handler) share(w http.ResponseWriter, r *http.Request) {
	req := api.Request{Method: r.Method, Path: r.URL.Path, Client: clientOf(r)}
	if r.Method == http.MethodPost {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
		if err != nil {
			var mb *http.MaxBytesError
			if !errors.As(err, &mb) {
				jsonError(w, http.StatusBadRequest, "could not read the body: "+err.Error())
				return
			}
			req.TooBig = true
		}
		req.Body = body
	}
	rep := h.svc.Handle(req)
	switch {
	case rep.Page:
		h.file(w, r, "index.html", rep.Status)
	case rep.ETag != "" && rep.Status == http.StatusOK:
		hd := w.Header()
		hd.Set("Content-Type", rep.ContentType)
		hd.Set("Cache-Control", rep.CacheControl)
		hd.Set("ETag", rep.ETag)
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(rep.Body))
	default:
		write(w, rep)
	}
}

// clientOf is the rate limit's key: the client's IP address (behind a
// reverse proxy every client is the proxy: see README).
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// exists reports whether name is a site file served by its name.
func (h *Handler) exists(name string) bool {
	if !fs.ValidPath(name) || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
		return false
	}
	st, err := fs.Stat(h.site, name)
	return err == nil && !st.IsDir()
}

// ContentType is the type of a site file by its name.
func ContentType(name string) string {
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

// file serves a site file (with status: index.html answers 404 for a dead
// short link).
func (h *Handler) file(w http.ResponseWriter, r *http.Request, name string, status int) {
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
	hd.Set("Content-Type", ContentType(name))
	// Every file is revalidated (its ETag answers 304 when unchanged), so a
	// new build is seen at once; index.html never comes from a cache unasked.
	hd.Set("Cache-Control", api.FileCache)
	if status != http.StatusOK {
		hd.Set("Content-Length", strconv.Itoa(len(data)))
		w.WriteHeader(status)
		if r.Method != http.MethodHead {
			w.Write(data)
		}
		return
	}
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
