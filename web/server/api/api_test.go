package api

import (
	"strings"
	"testing"
	"time"
)

// countStore counts the writes that reach its MemStore.
type countStore struct {
	*MemStore
	puts int
}

func (s *countStore) Put(id string, data []byte) error { s.puts++; return s.MemStore.Put(id, data) }

// The id below is the one the service table pins (servertest.KnownID),
// computed outside Go.
const knownBody = `{"source":".version 8.0\n","launch":{"grid":[1,1,1],"block":[32,1,1]},"step":3}`

func TestRepeatShareNeverWrites(t *testing.T) {
	st := &countStore{MemStore: NewMemStore()}
	s := &Service{Store: st}
	for i, body := range []string{knownBody, knownBody, `{ "step": 3, "launch": {"grid": [1,1,1], "block": [32,1,1]}, "source": ".version 8.0\n" }`} {
		r := s.Handle(Request{Method: "POST", Path: "/api/share", Body: []byte(body)})
		if r.Status != 200 || string(r.Body) != `{"id":"tuyXl2FjWflr"}`+"\n" {
			t.Fatalf("post %d: %d %s", i, r.Status, r.Body)
		}
	}
	if st.puts != 1 {
		t.Errorf("three shares of one state wrote %d times, want 1", st.puts)
	}
}

func TestHandle(t *testing.T) {
	s := &Service{Store: NewMemStore()}
	s.Handle(Request{Method: "POST", Path: "/api/share", Body: []byte(knownBody)})
	for _, c := range []struct {
		desc   string
		req    Request
		status int
		page   bool
		has    string
	}{
		{"stored state", Request{Method: "GET", Path: "/api/share/tuyXl2FjWflr"}, 200, false, knownBody},
		{"HEAD of a stored state", Request{Method: "HEAD", Path: "/api/share/tuyXl2FjWflr"}, 200, false, ""},
		{"unknown id", Request{Method: "GET", Path: "/api/share/AAAAAAAAAAAA"}, 404, false, `"error":"no shared state`},
		{"id too short", Request{Method: "GET", Path: "/api/share/AAAAAAAAAAA"}, 404, false, `"error"`},
		{"stored short link", Request{Method: "GET", Path: "/s/tuyXl2FjWflr"}, 200, true, ""},
		{"dead short link", Request{Method: "GET", Path: "/s/AAAAAAAAAAAA"}, 404, true, ""},
		{"POST to a short link", Request{Method: "POST", Path: "/s/tuyXl2FjWflr"}, 405, false, `"error"`},
		{"GET of the post route", Request{Method: "GET", Path: "/api/share"}, 405, false, "use POST"},
		{"unknown API", Request{Method: "GET", Path: "/api/x"}, 404, false, "no such API"},
		{"body over the limit", Request{Method: "POST", Path: "/api/share", Body: []byte("{"), TooBig: true}, 413, false, "over 65536 bytes"},
		{"body of exactly the limit is read", Request{Method: "POST", Path: "/api/share", Body: []byte(strings.Repeat(" ", MaxBody))}, 400, false, "not valid JSON"},
		{"not UTF-8", Request{Method: "POST", Path: "/api/share", Body: []byte("{\"source\":\"\xff\",\"launch\":{}}")}, 400, false, "not UTF-8"},
		{"no launch", Request{Method: "POST", Path: "/api/share", Body: []byte(`{"source":""}`)}, 400, false, "no launch"},
	} {
		r := s.Handle(c.req)
		if r.Status != c.status || r.Page != c.page || !strings.Contains(string(r.Body), c.has) {
			t.Errorf("%s: %s %s = %d page %v %q; want %d page %v with %q", c.desc, c.req.Method, c.req.Path, r.Status, r.Page, r.Body, c.status, c.page, c.has)
		}
		if r.Status >= 400 && !r.Page && (r.ContentType != "application/json; charset=utf-8" || r.CacheControl != NoStore) {
			t.Errorf("%s: error reply type %q cache %q", c.desc, r.ContentType, r.CacheControl)
		}
	}
}

func TestRoutes(t *testing.T) {
	for path, want := range map[string]bool{
		"/api/share": true, "/api/share/x": true, "/api/other": true, "/s/tuyXl2FjWflr": true,
		"/s/app.js": false, "/s/": false, "/": false, "/embed": false, "/apix": false,
	} {
		if got := Routes(path); got != want {
			t.Errorf("Routes(%q) = %v, want %v", path, got, want)
		}
	}
}

// The limit counts posts per client in a window; a new window starts the
// counts again; a clock that goes back starts a new window.
func TestWindowLimiter(t *testing.T) {
	now := time.Unix(1000, 0)
	l := NewWindowLimiter()
	l.Now = func() time.Time { return now }
	allow := func(c string) bool { ok, _ := l.Allow(c); return ok }
	for i := range PostsPerPeriod {
		if !allow("a") {
			t.Fatalf("post %d of a refused, limit %d", i+1, PostsPerPeriod)
		}
	}
	if allow("a") {
		t.Errorf("post %d of a in one window allowed", PostsPerPeriod+1)
	}
	if !allow("b") {
		t.Errorf("another client refused")
	}
	now = now.Add(PeriodSeconds*time.Second - time.Nanosecond)
	if allow("a") {
		t.Errorf("a allowed again before the window ended")
	}
	now = now.Add(time.Nanosecond)
	if !allow("a") {
		t.Errorf("a refused in a new window")
	}
	now = now.Add(-time.Hour)
	if !allow("a") {
		t.Errorf("a refused after the clock went back")
	}
	l.Limit = 0
	for range 3 * PostsPerPeriod {
		if !allow("c") {
			t.Fatal("Limit 0 refused a post")
		}
	}
}

// A refused post is a 429 JSON error with Retry-After, before the body is
// looked at.
func TestRateLimitedPost(t *testing.T) {
	l := NewWindowLimiter()
	s := &Service{Store: NewMemStore(), Limiter: l}
	var last Reply
	for range PostsPerPeriod + 1 {
		last = s.Handle(Request{Method: "POST", Path: "/api/share", Body: []byte("not json"), Client: "10.0.0.1"})
	}
	if last.Status != 429 || last.RetryAfter != "60" || !strings.Contains(string(last.Body), "too many shares") {
		t.Errorf("post over the limit: %d retry %q %s", last.Status, last.RetryAfter, last.Body)
	}
	if r := s.Handle(Request{Method: "POST", Path: "/api/share", Body: []byte(knownBody), Client: "10.0.0.2"}); r.Status != 200 {
		t.Errorf("another client's post: %d %s", r.Status, r.Body)
	}
}
