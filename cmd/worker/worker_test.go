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
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/ptxplay/ptxplay/cmd/worker/workertest"
	"github.com/ptxplay/ptxplay/web/server"
	"github.com/ptxplay/ptxplay/web/server/servertest"
)

func TestWorkerTable(t *testing.T) {
	site := t.TempDir()
	if err := servertest.WriteSite(site); err != nil {
		t.Fatal(err)
	}
	base := workertest.Start(t, site)
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
	t.Run("rate limit", func(t *testing.T) { servertest.RunRateLimit(t, c, base) })
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
