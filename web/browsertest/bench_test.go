//go:build !js

package browsertest

// bench_test.go: the page's figures for docs/benchmarks.md:
//
//	go test ./web/browsertest/ -run '^$' -bench . -benchtime 5x
//
// transfer: bytes a browser downloads (the .br copies scripts/build
// writes); interactive: navigation start to the first render with the
// editor on the page; longest-task: the longest main-thread task while
// a kernel runs for 3 s (a 1024-thread CTA in a loop, stopped by the
// page's budget), from PerformanceObserver "longtask" entries (tasks over
// 50 ms), the click that starts the run and the stop included.

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func BenchmarkTransferSize(b *testing.B) {
	dir := builtSite(b)
	var total, wasm int64
	for range b.N {
		total, wasm = 0, 0
		for _, f := range []string{"index.html", "style.css", "favicon.svg", "app.js", "wasm_exec.js", "main.wasm"} {
			st, err := os.Stat(filepath.Join(dir, f+".br"))
			if err != nil {
				b.Fatal(err)
			}
			total += st.Size()
			if f == "main.wasm" {
				wasm = st.Size()
			}
		}
	}
	b.ReportMetric(float64(total)/1e6, "MB-total-br")
	b.ReportMetric(float64(wasm)/1e6, "MB-wasm-br")
}

func BenchmarkNavigationToInteractive(b *testing.B) {
	p := openPage(b, "/", 1280, 720, false)
	var sum float64
	for range b.N {
		p.do(chromedp.Reload())
		p.waitJS(`typeof ptxReady === "function" && ptxReady() && typeof ptxReadyAt === "number" && document.querySelector("#editor .cm-editor") !== null`)
		sum += eval[float64](p, `ptxReadyAt`)
	}
	b.ReportMetric(sum/float64(b.N), "ms-to-interactive")
}

const loopKernel = `.version 7.0
.target sm_80
.address_size 64
.visible .entry loop(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<6>;
	.reg .b64 %rd<4>;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, 0;
	mov.u32 %r3, 0;
LOOP:
	mad.lo.u32 %r3, %r3, 1664525, %r1;
	xor.b32 %r3, %r3, %r2;
	add.u32 %r2, %r2, 1;
	setp.lt.u32 %p1, %r2, 100000000;
	@%p1 bra LOOP;
	ld.param.u64 %rd1, [out];
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r3;
	ret;
}
`

func BenchmarkLongestTaskDuringRun(b *testing.B) {
	p := openPage(b, "/", 1280, 720, false)
	p.paste(loopKernel)
	p.setLaunchJSON(`{"grid": 1, "block": 1024, "args": {"out": {"type": "u32", "count": 1024}}}`)
	var worst, count float64
	for range b.N {
		eval[bool](p, `(() => {
			window.benchLong = [];
			window.benchT0 = performance.now();
			window.benchObs = new PerformanceObserver((l) => { for (const e of l.getEntries()) window.benchLong.push([Math.round(e.startTime - window.benchT0), e.duration]); });
			window.benchObs.observe({type: "longtask"});
			document.getElementById("run").click();
			return true;
		})()`)
		p.waitJSFor(`!JSON.parse(ptxState()).running`, 20*time.Second)
		p.settle()
		eval[bool](p, `(window.benchObs.disconnect(), true)`)
		long := eval[[][2]float64](p, `window.benchLong`)
		b.Logf("tasks over 50 ms during the run, [ms after the click, duration]: %v", long)
		for _, d := range long {
			worst = max(worst, d[1])
		}
		count += float64(len(long))
	}
	b.ReportMetric(worst, "ms-longest-task")
	b.ReportMetric(count/float64(b.N), "tasks-over-50ms/run")
}
