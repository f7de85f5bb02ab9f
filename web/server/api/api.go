// Package api is the share service without a web server: the limits, the
// headers, the routes /api/share, /api/share/{id} and /s/{id} as a
// function from a request's method, path and body to a reply, and the
// Store and Limiter it uses. web/server wraps it in an http.Handler for
// `ptxplay serve`; cmd/worker calls it from the Cloudflare Worker's
// JavaScript, so it imports neither net/http nor syscall/js, and it
// validates with core/share/canon rather than core/share: the worker's
// wasm links no encoding/json, fmt or compression.
package api

import (
	"bytes"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/ptxplay/ptxplay/core/share/canon"
)

// The limits of the share service, one table for `ptxplay serve` and the
// worker (cmd/worker/wrangler.toml's rate-limit binding repeats
// PostsPerPeriod and PeriodSeconds; a test holds the two equal).
const (
	// MaxBody is the largest POST /api/share body accepted (413 above).
	MaxBody = canon.MaxStateBytes
	// PostsPerPeriod posts from one client in PeriodSeconds are answered;
	// more get 429 until the period is over.
	PostsPerPeriod = 20
	// PeriodSeconds is the rate limit's window (Workers rate limiting
	// allows 10 or 60).
	PeriodSeconds = 60
	// CacheTTLSeconds is how long a KV read stays in the edge location's
	// cache (a state under an id never changes; KV's minimum is 30).
	CacheTTLSeconds = 86400
)

// CSP is the Content-Security-Policy of every response: scripts only from
// the site's own files (index.html has no inline script, and Vugu's one
// eval is answered by vugu.js, see scripts/sitebuild/vugu.go), wasm
// compilation allowed, inline styles allowed (the editor injects style
// elements), framing by any page (the embed mode lives in iframes of
// course pages).
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'" +
	"; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'" +
	"; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors *"

// SecurityHeaders go on every response of both servers (the worker's
// static files get them from the _headers file made from this list).
var SecurityHeaders = [][2]string{
	{"Content-Security-Policy", CSP},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "strict-origin-when-cross-origin"},
	{"Cross-Origin-Opener-Policy", "same-origin-allow-popups"},
}

// Cache-Control values.
const (
	// FileCache: every site file is revalidated (by its ETag), so a new
	// build is seen at once.
	FileCache = "no-cache"
	// StateCache: content-addressed, the bytes under an id never change.
	StateCache = "public, max-age=31536000, immutable"
	// NoStore: errors and answers to posts.
	NoStore = "no-store"
)

// Store keeps shared states by id. Put of an id already stored is a
// no-op success (ids are content addresses, so the bytes are the same).
type Store interface {
	Get(id string) (data []byte, ok bool, err error)
	Put(id string, data []byte) error
}

// Limiter decides whether a client may post now.
type Limiter interface {
	Allow(client string) (bool, error)
}

// Reply is the service's answer to one request. A Page reply is the site's
// index.html with Status (the page reads the id from its address).
type Reply struct {
	Status       int
	Page         bool
	ContentType  string
	CacheControl string
	ETag         string // of a state: `"id"`
	Allow        string // with 405
	RetryAfter   string // with 429, seconds
	Body         []byte
}

// Service answers the share routes from a Store, with posts limited per
// client by Limiter (nil: no limit).
type Service struct {
	Store   Store
	Limiter Limiter
}

// Request is what the service reads of a request: Body is at most
// MaxBody bytes, and TooBig says that there was more.
type Request struct {
	Method, Path string
	Body         []byte
	TooBig       bool
	Client       string // the rate limit's key: the client's address
}

// Routes reports whether the service answers path (the rest of a site's
// paths are its files).
func Routes(path string) bool {
	if path == "/api/share" || strings.HasPrefix(path, "/api/") {
		return true
	}
	id, ok := strings.CutPrefix(path, "/s/")
	return ok && canon.ValidID(id)
}

// Handle answers a request for a path Routes accepts.
func (s *Service) Handle(r Request) Reply {
	p := r.Path
	switch {
	case p == "/api/share":
		if r.Method != "POST" {
			e := Error(405, "use POST to share a state")
			e.Allow = "POST"
			return e
		}
		return s.post(r)
	case strings.HasPrefix(p, "/api/share/"):
		if e, ok := getOrHead(r.Method); !ok {
			return e
		}
		return s.get(strings.TrimPrefix(p, "/api/share/"))
	case strings.HasPrefix(p, "/api/"):
		return Error(404, "no such API: "+p)
	case strings.HasPrefix(p, "/s/"):
		if e, ok := getOrHead(r.Method); !ok {
			return e
		}
		// The page reads the id from its address and fetches the state;
		// an id never stored opens the page with 404, and the page says why.
		_, ok, err := s.Store.Get(strings.TrimPrefix(p, "/s/"))
		if err != nil {
			return Error(500, "the store could not be read")
		}
		if !ok {
			return Reply{Status: 404, Page: true}
		}
		return Reply{Status: 200, Page: true}
	}
	return Error(404, "no such page")
}

func getOrHead(method string) (Reply, bool) {
	if method == "GET" || method == "HEAD" {
		return Reply{}, true
	}
	e := Error(405, "method "+method+" is not allowed here")
	e.Allow = "GET, HEAD"
	return e, false
}

// Error is a JSON error reply, {"error": msg}.
func Error(status int, msg string) Reply {
	return Reply{Status: status, ContentType: "application/json; charset=utf-8", CacheControl: NoStore,
		Body: []byte(`{"error":` + strconv.Quote(msg) + "}\n")}
}

func (s *Service) post(r Request) Reply {
	if s.Limiter != nil {
		ok, err := s.Limiter.Allow(r.Client)
		if err != nil {
			return Error(500, "the rate limit could not be checked")
		}
		if !ok {
			e := Error(429, "too many shares from this address: at most "+strconv.Itoa(PostsPerPeriod)+
				" a minute; try again in a minute")
			e.RetryAfter = strconv.Itoa(PeriodSeconds)
			return e
		}
	}
	if r.TooBig || len(r.Body) > MaxBody {
		return Error(413, "the state is over "+strconv.Itoa(MaxBody)+" bytes")
	}
	if !utf8.Valid(r.Body) {
		// json.Unmarshal would quietly turn bad bytes into U+FFFD.
		return Error(400, "the state is not UTF-8 text")
	}
	// The bytes and errors of share.Parse and Canonical, without
	// encoding/json (package canon: the worker's wasm stays small).
	c, err := canon.Canonical(r.Body)
	if err != nil {
		return Error(400, err.Error())
	}
	id := canon.ID(c)
	// Read before put: a repeat share never writes (KV bills writes, and
	// the free plan allows 1,000 a day).
	_, ok, err := s.Store.Get(id)
	if err == nil && !ok {
		err = s.Store.Put(id, c)
	}
	if err != nil {
		return Error(500, "the store could not save the state")
	}
	return Reply{Status: 200, ContentType: "application/json; charset=utf-8", CacheControl: NoStore,
		Body: []byte(`{"id":"` + id + "\"}\n")}
}

func (s *Service) get(id string) Reply {
	if !canon.ValidID(id) {
		return Error(404, "no shared state has the id "+strconv.Quote(id))
	}
	b, ok, err := s.Store.Get(id)
	if err != nil {
		return Error(500, "the store could not be read")
	}
	if !ok {
		return Error(404, "no shared state has the id "+strconv.Quote(id))
	}
	return Reply{Status: 200, ContentType: "application/json; charset=utf-8", CacheControl: StateCache,
		ETag: `"` + id + `"`, Body: b}
}

// MemStore is a Store in memory, for tests.
type MemStore struct {
	mu sync.RWMutex
	m  map[string][]byte
}

// NewMemStore returns an empty memory store.
func NewMemStore() *MemStore { return &MemStore{m: map[string][]byte{}} }

func (s *MemStore) Get(id string) ([]byte, bool, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	b, ok := s.m[id]
	return b, ok, nil
}

func (s *MemStore) Put(id string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.m[id]; !ok {
		s.m[id] = bytes.Clone(data)
	}
	return nil
}

// WindowLimiter is the local rate limit of `ptxplay serve` (the worker
// uses the Workers rate-limiting binding): at most PostsPerPeriod posts
// per client in each PeriodSeconds window, counted in memory.
type WindowLimiter struct {
	Limit  int           // posts per window; 0 or less: no limit
	Window time.Duration // the window's length
	Now    func() time.Time

	mu    sync.Mutex
	start time.Time
	n     map[string]int
}

// NewWindowLimiter returns the limiter with the service's limits.
func NewWindowLimiter() *WindowLimiter {
	return &WindowLimiter{Limit: PostsPerPeriod, Window: PeriodSeconds * time.Second, Now: time.Now}
}

func (l *WindowLimiter) Allow(client string) (bool, error) {
	if l.Limit <= 0 {
		return true, nil
	}
	now := l.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.n == nil || now.Sub(l.start) >= l.Window || now.Before(l.start) {
		// A new window forgets every client, so memory stays bounded by
		// the clients of one window.
		l.start, l.n = now, map[string]int{}
	}
	if l.n[client] >= l.Limit {
		return false, nil
	}
	l.n[client]++
	return true, nil
}
