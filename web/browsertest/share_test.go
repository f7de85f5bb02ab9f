//go:build !js

package browsertest

// share_test.go: the Share and Short link buttons and dead short links,
// through web/server (the handler `ptxplay serve` runs, with its CSP and
// the share API) and through the Cloudflare worker under wrangler dev
// (cmd/worker/workertest: static assets from the platform, the share API
// from Go).

import (
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ptxplay/ptxplay/cmd/worker/workertest"
	"github.com/ptxplay/ptxplay/web/server"
)

// shown is what must be the same after opening a link.
type shown struct {
	Source, Grid, Block, Kernel, Count, Regs, Warp string
	Step                                           int64
	Line                                           int
}

func (p *page) shown() shown {
	p.t.Helper()
	val := func(id string) string {
		return eval[string](p, `(() => { const e = document.getElementById("`+id+`"); return e ? (e.value !== undefined ? e.value : e.innerText) : "<none:`+id+`>"; })()`)
	}
	text := func(id string) string {
		return eval[string](p, `(() => { const e = document.getElementById("`+id+`"); return e ? e.innerText : "<none:`+id+`>"; })()`)
	}
	s := p.state()
	return shown{
		Source: eval[string](p, `document.querySelector("#editor .cm-content").innerText`),
		Grid:   val("launch-grid"), Block: val("launch-block"), Kernel: val("launch-kernel"),
		Count: text("step-count"), Regs: text("regs"), Warp: val("warp"),
		Step: s.Step, Line: s.Line,
	}
}

// TestShareLinks presses Share and Short link and opens both links, then
// opens dead short links, on each server: `ptxplay serve`'s handler and
// the worker under wrangler dev (one start of each for both parts).
func TestShareLinks(t *testing.T) {
	chromium(t)
	srv := httptest.NewServer(server.New(os.DirFS(builtSite(t)), server.NewMemStore(), nil))
	t.Cleanup(srv.Close)
	for _, s := range []struct{ name, base string }{{"serve", srv.URL}, {"worker", workertest.Start(t, builtSite(t))}} {
		t.Run(s.name, func(t *testing.T) {
			testShareLinks(t, s.base)
			testDeadShortLinks(t, s.base)
		})
	}
}

// A short link that was never stored, or whose id is damaged, opens an
// empty page with why in the diagnostics (the answer's status is 404).
func testDeadShortLinks(t *testing.T, base string) {
	for _, c := range []struct{ path, msg string }{
		{"/s/AAAAAAAAAAAA", `no shared state has the id "AAAAAAAAAAAA"`},
		{"/s/tuyXl2FjW.lr", "is not a short link id"},
	} {
		p := openPageAt(t, base, c.path, 1280, 800, false)
		p.waitJS(`document.getElementById("diagnostics") !== null && document.getElementById("diagnostics").innerText.includes("this short link cannot be opened")`)
		diag := eval[string](p, `document.getElementById("diagnostics").innerText`)
		if !strings.Contains(diag, c.msg) {
			t.Errorf("%s: diagnostics %q lack %q", c.path, diag, c.msg)
		}
		if src := eval[string](p, `document.querySelector("#editor .cm-content").innerText`); strings.TrimSpace(src) != "" {
			t.Errorf("%s: editor holds %q, want it empty", c.path, src)
		}
	}
}

func testShareLinks(t *testing.T, base string) {
	srv := struct{ URL string }{base}
	p := openPageAt(t, srv.URL, "/", 1280, 800, false)
	p.selectOption("examples", "shfl_reduce")
	for i := 0; i < 6; i++ {
		p.click("step")
	}
	p.selectOption("warp", "1")
	want := p.shown()
	if want.Step != 6 || want.Warp != "1" {
		t.Fatalf("stepped state: %+v", want)
	}

	p.click("share")
	p.waitJS(`document.getElementById("share-url") !== null && document.getElementById("share-url").value.includes("#1.")`)
	perma := eval[string](p, `document.getElementById("share-url").value`)
	p.click("short-link")
	p.waitJSFor(`document.getElementById("share-url").value.includes("/s/")`, 20*time.Second)
	short := eval[string](p, `document.getElementById("share-url").value`)
	p.noErrors()
	if !strings.HasPrefix(perma, srv.URL+"/#1.") || len(perma) > 8000 || !strings.HasPrefix(short, srv.URL+"/s/") {
		t.Fatalf("links: %q %q", perma, short)
	}
	t.Logf("permalink %d characters, short link %s", len(perma), short)

	for _, link := range []string{perma, short} {
		t.Logf("opening %s", link)
		q := openPageAt(t, srv.URL, strings.TrimPrefix(link, srv.URL), 1280, 800, false)
		q.waitJSFor(`JSON.parse(ptxState()).step === 6`, 30*time.Second)
		q.settle()
		got := q.shown()
		if got != want {
			t.Errorf("%s opened as\n%+v\nwant\n%+v", link, got, want)
		}
		q.noErrors()
	}
}
