//go:build !js

// Package browser starts headless Chromium for the page's browser tests
// and benchmarks (web/browsertest, web/dvbench).
package browser

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Find returns the Chromium to run. Without one it skips tb, unless
// PTXPLAY_BROWSER_REQUIRED is set (scripts/test sets it: CI never skips).
func Find(tb testing.TB) string {
	if p := os.Getenv("PTXPLAY_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless_shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("PTXPLAY_BROWSER_REQUIRED") != "" {
		tb.Fatal("no Chromium found, and PTXPLAY_BROWSER_REQUIRED is set (scripts/test installs chromium with apt-get)")
	}
	tb.Skip("no Chromium found: install it (apt-get install -y chromium) to run the browser tests")
	return ""
}

// Open starts browser exe headless with a window of width x height and
// returns a tab's context, ended by cancel or after timeout.
func Open(exe string, width, height int, timeout time.Duration) (ctx context.Context, cancel func()) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.WindowSize(width, height), chromedp.NoSandbox)
	if f := os.Getenv("PTXPLAY_JS_FLAGS"); f != "" {
		// For diagnosis only (V8's tracing, e.g. --trace-wasm-compilation-times):
		// the flags go to V8 and the browser's output to stderr. Measured
		// figures come from runs without it, as users run the page.
		opts = append(opts, chromedp.Flag("js-flags", f), chromedp.CombinedOutput(os.Stderr))
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, timeout)
	return ctx, func() { cancelTime(); cancelTab(); cancelAlloc() }
}

// Start is Open for a test: the browser ends with tb.
func Start(tb testing.TB, exe string, width, height int, timeout time.Duration) context.Context {
	ctx, cancel := Open(exe, width, height, timeout)
	tb.Cleanup(cancel)
	return ctx
}
