// Package dvbench is the data views' own browser page, tests and
// benchmarks: app.Root shows the register grid, warp view and memory views
// of package web on one kernel, wasm/ is its entry point, and the tests
// here build it, serve it and drive it in headless Chromium with chromedp
// (skipped where no Chromium is installed; scripts/test installs it).
//
//	go test ./web/dvbench/                        browser tests of the views
//	go test ./web/dvbench/ -args -screenshots     also refresh docs/screenshots/dataviews*.png
//	go test ./web/dvbench/ -run '^$' -bench .     browser figures for docs/benchmarks.md
package dvbench
