//go:build !js

package main

// TestWorkerTable runs the share service's table (web/server/servertest,
// the same one run against httptest and `ptxplay serve`) against this
// worker under `wrangler dev --local` (workertest), with the table's
// small site as its static assets and KV simulated on disk; then compares
// its headers with `ptxplay serve`'s handler for the same paths and checks
// the rate limit.

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/ptxplay/ptxplay/cmd/worker/workertest"
	"github.com/ptxplay/ptxplay/web/server"
	"github.com/ptxplay/ptxplay/web/server/api"
	"github.com/ptxplay/ptxplay/web/server/servertest"
)

func TestWorkerTable(t *testing.T) {
	site := t.TempDir()
	if err := servertest.WriteSite(site); err != nil {
		t.Fatal(err)
	}
	// The isolate cache gets room for one of the table's states, not two
	// (glue/worker.mjs counts 2 bytes a character of a reply's body, its
	// headers and the id), so "isolate cache holds one" below evicts.
	one := 2 * (len(servertest.KnownBody) + len("application/json; charset=utf-8") + len(api.StateCache) +
		len(`""`) + 2*len(servertest.KnownID))
	base := workertest.Start(t, site, fmt.Sprintf("SHARE_CACHE_BYTES:%d", one+one/2))
	c := workertest.Client(t)
	servertest.RunExcept(t, c, base, map[string]string{
		"brotli first":   "the platform compresses static files itself (sitegen leaves the .br/.gz copies out)",
		"post to a page": "the platform answers a POST to a static file 405 itself, without Allow",
	})
	t.Run("headers as ptxplay serve", func(t *testing.T) {
		srv := httptest.NewServer(server.New(servertest.Site(), server.NewMemStore(), nil))
		defer srv.Close()
		servertest.CompareHeaders(t, c, srv.URL, base)
	})
	t.Run("isolate cache holds one", func(t *testing.T) {
		// A second state of the same size: reading the two in turn evicts
		// each from the isolate's cache in turn, and every answer must be
		// its own state.
		other := strings.Replace(servertest.KnownBody, `"step":3`, `"step":4`, 1)
		resp, err := c.Post(base+"/api/share", "application/json", strings.NewReader(other))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		m := regexp.MustCompile(`"id":"([A-Za-z0-9_-]{12})"`).FindSubmatch(b)
		if resp.StatusCode != 200 || m == nil {
			t.Fatalf("post: %d %s", resp.StatusCode, b)
		}
		states := map[string]string{servertest.KnownID: servertest.KnownBody, string(m[1]): other}
		for i, id := range []string{string(m[1]), string(m[1]), servertest.KnownID, servertest.KnownID, string(m[1]), servertest.KnownID} {
			resp, err := c.Get(base + "/api/share/" + id)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || string(b) != states[id] || resp.Header.Get("ETag") != `"`+id+`"` {
				t.Errorf("read %d of %s: %d, ETag %s, %q; want 200, %q", i+1, id, resp.StatusCode, resp.Header.Get("ETag"), b, states[id])
			}
		}
	})
	t.Run("rate limit", func(t *testing.T) { servertest.RunRateLimit(t, c, base) })
	// Every stored state carries its size and creation time; the table's
	// state is under its id.
	found := false
	for _, k := range workertest.KVKeys(t) {
		size, _ := k.Metadata["size"].(float64)
		created, _ := k.Metadata["created"].(string)
		if size <= 0 || size > api.MaxBody || len(created) < len("2006-01-02T15:04:05Z") {
			t.Errorf("KV key %s: metadata %v, want size and created", k.Name, k.Metadata)
		}
		if k.Name == "s:"+servertest.KnownID {
			found = true
			if int(size) != len(servertest.KnownBody) {
				t.Errorf("KV metadata size of the table's state = %v, want %d", size, len(servertest.KnownBody))
			}
		}
	}
	if !found {
		t.Errorf("KV has no key s:%s", servertest.KnownID)
	}
	// What the runtime does instead: a client that takes gzip or br gets
	// the plain file compressed, and one that takes neither gets it plain.
	req, _ := http.NewRequest("GET", base+"/app.js", nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var plain []byte
	switch enc := resp.Header.Get("Content-Encoding"); enc {
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		plain, err = io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
	case "br":
		plain, err = io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
		if err != nil {
			t.Fatal(err)
		}
	default:
		t.Fatalf("app.js for gzip, br: Content-Encoding %q", enc)
	}
	if want := servertest.Site()["app.js"].Data; !bytes.Equal(plain, want) {
		t.Errorf("app.js decompressed = %q, want %q", plain, want)
	}
}

// The worker's wasm links the share API and nothing of the site, the
// simulator, the checker, net/http, encoding/json, fmt or reflect (size:
// docs/benchmarks.md).
func TestWorkerLinksOnlyTheShareAPI(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		deps[p] = true
	}
	for _, p := range []string{"github.com/ptxplay/ptxplay/web/server/api", "github.com/ptxplay/ptxplay/core/share/canon"} {
		if !deps[p] {
			t.Errorf("the worker does not link %s", p)
		}
	}
	for _, bad := range []string{
		"github.com/ptxplay/ptxplay/core/sim", "github.com/ptxplay/ptxplay/core/check",
		"github.com/ptxplay/ptxplay/core/ptx", "github.com/ptxplay/ptxplay/core/isa",
		"github.com/ptxplay/ptxplay/core/launch", "github.com/ptxplay/ptxplay/web",
		"github.com/ptxplay/ptxplay/web/server", "github.com/ptxplay/ptxplay/dist",
		"github.com/ptxplay/ptxplay/examples", "github.com/ptxplay/ptxplay/core/share",
		"net/http", "encoding/json", "fmt", "reflect", "compress/flate", "crypto/sha256",
	} {
		if deps[bad] {
			t.Errorf("the worker links %s", bad)
		}
	}
}

// wrangler.toml's rate-limit binding repeats the limits table.
func TestRateLimitBindingIsTheTable(t *testing.T) {
	b, err := os.ReadFile("wrangler.toml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^name = "SHARE_RATE"\ntype = "ratelimit"\nnamespace_id = "\d+"\nsimple = \{ limit = (\d+), period = (\d+) \}$`).FindSubmatch(b)
	if m == nil {
		t.Fatal("wrangler.toml has no SHARE_RATE ratelimit binding with simple = { limit, period }")
	}
	if got, want := string(m[1])+"/"+string(m[2]), fmt.Sprintf("%d/%d", api.PostsPerPeriod, api.PeriodSeconds); got != want {
		t.Errorf("wrangler.toml's SHARE_RATE limit/period = %s, web/server/api's = %s", got, want)
	}
}
