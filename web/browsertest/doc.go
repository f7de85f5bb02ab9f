// Package browsertest holds the playground page's browser tests: they
// serve the built site (dist/, from scripts/build) and drive it in headless
// Chromium with chromedp, through the page's stable ids (run, step,
// step-back, editor, diagnostics, ...) and its ptxState() hook.
//
//	go test ./web/browsertest/                          the browser tests
//	go test ./web/browsertest/ -args -screenshots       also refresh docs/screenshots/page-*.png
//	go test ./web/browsertest/ -run '^$' -bench .       page figures for docs/benchmarks.md
package browsertest
