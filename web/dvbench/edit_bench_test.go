//go:build !js

package dvbench

// edit_bench_test.go: typing into a long file on the playground page.
//
//	go test ./web/dvbench/ -run '^$' -bench EditLongFile -benchtime 1x

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"time"

	"testing"

	"github.com/chromedp/chromedp"
	"github.com/ptxplay/ptxplay/web/internal/browser"
)

// BenchmarkEditLongFile: a character typed at the end of the corpus's
// longest file (2251 lines) on the page at 1280x720, 40 times after 10:
// the editor's own update (CodeMirror's transaction and its listeners,
// among them the current line's bands, web/js/editor.js) until the page
// is laid out, and the next frame's paint. PTXPLAY_DIST as for
// BenchmarkPageStep.
func BenchmarkEditLongFile(b *testing.B) {
	exe := chromium(b)
	src, err := os.ReadFile(filepath.Join(repoRoot(), "core", "ptx", "testdata", "corpus", "Malfurionzz__cuda_code__softmax.ptx"))
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		srv := httptest.NewServer(http.FileServer(http.Dir(builtSite(b))))
		ctx, cancelTab := browser.Open(exe, 1280, 720, 3*time.Minute)
		p := &page{t: b, ctx: ctx}
		p.do(chromedp.Navigate(srv.URL + "/"))
		p.waitJS(`typeof ptxReady === "function" && ptxReady()`)
		eval[bool](p, fmt.Sprintf(`(ptxEditor.current.setDoc(%q), true)`, string(src)))
		time.Sleep(1500 * time.Millisecond) // the editor debounces its change
		p.settle()
		ts := eval[[]timing](p, `(async () => {
			const v = ptxEditor.current.view, out = [];
			for (let i = 0; i < 50; i++) {
				const t0 = performance.now();
				v.dispatch({changes: {from: v.state.doc.length, insert: "x"}});
				void document.body.offsetHeight;
				const t1 = performance.now();
				await new Promise((r) => requestAnimationFrame(r));
				const t2 = performance.now();
				await new Promise((r) => setTimeout(r, 0));
				const t3 = performance.now();
				if (i >= 10) out.push({work: t1 - t0, paint: t3 - t2});
			}
			return out;
		})()`)
		summarize(b, "edit", ts)
		cancelTab()
		srv.Close()
	}
}
