// Command loadtest measures a running share service (`ptxplay serve` or the
// Cloudflare worker under `wrangler dev --local`) on 127.0.0.1 and prints
// requests per second and latency percentiles for each scenario. It is a
// manual benchmark, not part of scripts/test (docs/benchmarks.md has the
// figures and the commands that made them):
//
//	go run ./scripts/loadtest -url http://127.0.0.1:8080,http://127.0.0.1:8787
//
// Scenarios (-s, comma-separated; default all of them):
//
//	get1       GET /api/share/{id} of one stored link, one client at a time (-n requests)
//	get32      the same with 32 clients for -d
//	           (a -url with a path, http://127.0.0.1:8787/x, reads that path
//	           instead and posts nothing: the floor workers of
//	           scripts/loadtest/floor)
//	file1      GET /favicon.svg (a static file: no share code runs), one client at a
//	           time (-n requests): the server's floor to compare get1 with
//	file32     the same with 32 clients for -d
//	mixed      32 clients for -d: one request in five posts a new state (an example
//	           with a unique comment, so each post is a real write), the rest read
//	           answered ids, half /api/share/{id} and half /s/{id}
//	classroom  -clients students (300) arrive spread over -spread (1 minute) and each
//	           opens one short link as a browser does: /s/{id}, the files index.html
//	           names (against its <base href>, else /s/; with Accept-Encoding: gzip,
//	           br), then /api/share/{id}; it reports the Worker's requests (/s/{id}
//	           and the state), the files, and each student's whole load.
//	           -files identity asks for the files uncompressed (wrangler dev
//	           compresses every copy of main.wasm on the fly, which the edge does
//	           once), -files none not at all (on Cloudflare the platform serves
//	           them and only the two requests reach the Worker)
//
// Any status other than the expected one, a wrong id, or a transport error
// counts as an error, and the command exits 1 when there was one; a post
// the rate limit refuses (429) is counted apart as "limited" (run `ptxplay
// serve --post-limit 0` to measure writes; the worker's binding always
// limits).
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ptxplay/ptxplay/examples"
)

func main() {
	urls := flag.String("url", "http://127.0.0.1:8080", "base URLs of the services, comma-separated (loopback only); one with a path (http://127.0.0.1:8787/x?bytes=2000) is a floor worker: get1 and get32 read that path and query, and nothing is posted to it")
	scen := flag.String("s", "get1,get32,mixed,classroom", "scenarios, comma-separated")
	dur := flag.Duration("d", 10*time.Second, "how long get32 and mixed run")
	n := flag.Int("n", 2000, "requests of get1")
	conc := flag.Int("c", 32, "concurrent clients of get32 and mixed")
	clients := flag.Int("clients", 300, "students of the classroom scenario")
	spread := flag.Duration("spread", time.Minute, "the time over which the students arrive")
	files := flag.String("files", "browser", "how classroom asks for the page's files: browser (Accept-Encoding: gzip, br), identity, or none (only the Worker's two requests a student)")
	rounds := flag.Int("rounds", 1, "run the scenarios against the URLs in turn this many times and report each URL's scenario over all its rounds (the URLs see the same load on a busy machine)")
	flag.Parse()
	if *files != "browser" && *files != "identity" && *files != "none" {
		fmt.Fprintf(os.Stderr, "loadtest: -files %q: want browser, identity or none\n", *files)
		os.Exit(2)
	}
	var targets []*target
	for _, base := range strings.Split(*urls, ",") {
		u, err := url.Parse(strings.TrimSpace(base))
		if err != nil || (u.Hostname() != "127.0.0.1" && u.Hostname() != "localhost" && u.Hostname() != "::1") {
			fmt.Fprintf(os.Stderr, "loadtest: %q: -url must be loopback addresses (127.0.0.1)\n", base)
			os.Exit(2)
		}
		t := newTarget(u.Scheme+"://"+u.Host, *conc)
		if u.Path != "" && u.Path != "/" {
			t.path = u.RequestURI()
		}
		if err := t.seed(); err != nil {
			fmt.Fprintf(os.Stderr, "loadtest: %s: %v\n", base, err)
			os.Exit(1)
		}
		targets = append(targets, t)
	}
	var scens []string
	for _, s := range strings.Split(*scen, ",") {
		s = strings.TrimSpace(s)
		switch s {
		case "get1", "get32", "file1", "file32":
		case "mixed", "classroom":
			for _, t := range targets {
				if t.path != "" {
					fmt.Fprintf(os.Stderr, "loadtest: %s%s is a floor worker: %s needs stored links\n", t.base, t.path, s)
					os.Exit(2)
				}
			}
		default:
			fmt.Fprintf(os.Stderr, "loadtest: unknown scenario %q\n", s)
			os.Exit(2)
		}
		scens = append(scens, s)
	}
	// sums[target][scenario] holds the results of every round.
	sums := make([][][]*result, len(targets))
	for range *rounds {
		for i, t := range targets {
			if sums[i] == nil {
				sums[i] = make([][]*result, len(scens))
			}
			for j, s := range scens {
				var rs []*result
				switch s {
				case "get1":
					rs = []*result{t.getN(1, *n, 0)}
				case "get32":
					rs = []*result{t.getN(32, 0, *dur)}
				case "file1":
					rs = []*result{t.file(1, *n, 0)}
				case "file32":
					rs = []*result{t.file(32, 0, *dur)}
				case "mixed":
					rs = []*result{t.mixed(*conc, *dur)}
				case "classroom":
					rs = t.classroom(*clients, *spread, *files)
				}
				if sums[i][j] == nil {
					sums[i][j] = rs
					continue
				}
				for k, r := range rs {
					sums[i][j][k].merge(r)
					sums[i][j][k].elapsed += r.elapsed
				}
			}
		}
	}
	failed := false
	for i, t := range targets {
		for j := range scens {
			for _, r := range sums[i][j] {
				fmt.Printf("%-28s %s\n", t.base+t.path+" "+r.name, r)
				failed = failed || r.errors > 0
			}
		}
	}
	if failed {
		os.Exit(1)
	}
}

type result struct {
	name                   string
	total, errors, limited int64
	elapsed                time.Duration
	lat                    []time.Duration
	firstErr               string
}

func (r *result) String() string {
	slices.Sort(r.lat)
	pct := func(p float64) string {
		if len(r.lat) == 0 {
			return "-"
		}
		d := r.lat[min(len(r.lat)-1, int(p*float64(len(r.lat))))]
		return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000)
	}
	s := fmt.Sprintf("n %6d  %7.0f req/s  p50 %8s  p90 %8s  p99 %8s  max %8s  errors %d",
		r.total, float64(r.total)/r.elapsed.Seconds(), pct(0.50), pct(0.90), pct(0.99), pct(1), r.errors)
	if r.limited > 0 {
		s += fmt.Sprintf("  limited %d", r.limited)
	}
	if r.firstErr != "" {
		s += "  (first: " + r.firstErr + ")"
	}
	return s
}

// add records one request's latency and outcome.
func (r *result) add(d time.Duration, err error) {
	r.lat = append(r.lat, d)
	r.total++
	if err == errLimited {
		r.limited++
		return
	}
	if err != nil {
		r.errors++
		if r.firstErr == "" {
			r.firstErr = err.Error()
		}
	}
}

func (r *result) merge(o *result) {
	r.total += o.total
	r.errors += o.errors
	r.limited += o.limited
	r.lat = append(r.lat, o.lat...)
	if r.firstErr == "" {
		r.firstErr = o.firstErr
	}
}

// errLimited is a post the rate limit refused.
var errLimited = errors.New("429: rate limited")

type target struct {
	base   string
	client *http.Client
	seq    atomic.Int64
	mu     sync.RWMutex
	ids    []string // answered ids; ids[0] is the classroom's link
	path   string   // a floor worker's path: what get reads instead of ids[0]; no seeding
}

func newTarget(base string, conc int) *target {
	return &target{base: base, client: &http.Client{
		Timeout: 30 * time.Second,
		// DisableCompression: bodies are read as they come, as a browser's
		// network layer would before decoding.
		Transport: &http.Transport{MaxIdleConnsPerHost: 512, DisableCompression: true},
	}}
}

// post shares a new state: an example's source with a unique first line.
func (t *target) post() (string, error) {
	exs := examples.All()
	n := t.seq.Add(1)
	ex := exs[int(n)%len(exs)]
	body, _ := json.Marshal(map[string]any{
		"source": fmt.Sprintf("// loadtest %d %d\n%s", time.Now().UnixNano(), n, ex.Source),
		"launch": json.RawMessage(ex.Launch),
	})
	resp, err := t.client.Post(t.base+"/api/share", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode == http.StatusTooManyRequests {
		return "", errLimited
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("POST /api/share: %s: %.200s", resp.Status, b)
	}
	var out struct{ ID string }
	if err := json.Unmarshal(b, &out); err != nil || out.ID == "" {
		return "", fmt.Errorf("POST /api/share: no id in %.200q", b)
	}
	t.mu.Lock()
	t.ids = append(t.ids, out.ID)
	t.mu.Unlock()
	return out.ID, nil
}

func (t *target) pick(rng *rand.Rand) string {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.ids[rng.IntN(len(t.ids))]
}

// get reads path and checks the status (and, for a state, its id's bytes).
func (t *target) get(path string, hdr map[string]string) ([]byte, error) {
	req, _ := http.NewRequest("GET", t.base+path, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := t.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %v", path, err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET %s: %s", path, resp.Status)
	}
	return b, nil
}

// seed stores 10 states to read from (the rate limit on posts allows them).
func (t *target) seed() error {
	if t.path != "" {
		return nil
	}
	for waited := false; len(t.ids) < 10; {
		_, err := t.post()
		switch {
		case err == errLimited && len(t.ids) > 0:
			return nil // enough to read from
		case err == errLimited && !waited:
			fmt.Fprintln(os.Stderr, "loadtest: rate limited; waiting a minute")
			time.Sleep(61 * time.Second)
			waited = true
		case err != nil:
			return fmt.Errorf("seeding: %w", err)
		}
	}
	return nil
}

// getN reads one stored link with conc clients, n requests or for d.
func (t *target) getN(conc, n int, d time.Duration) *result {
	path := t.path
	if path == "" {
		path = "/api/share/" + t.ids[0]
	}
	name := fmt.Sprintf("get c=%d", conc)
	return t.clients(name, conc, n, d, func(*rand.Rand) error {
		_, err := t.get(path, nil)
		return err
	})
}

// file reads a small static file with conc clients, n requests or for d.
func (t *target) file(conc, n int, d time.Duration) *result {
	return t.clients(fmt.Sprintf("file c=%d", conc), conc, n, d, func(*rand.Rand) error {
		_, err := t.get("/favicon.svg", nil)
		return err
	})
}

func (t *target) mixed(conc int, d time.Duration) *result {
	return t.clients(fmt.Sprintf("mixed c=%d", conc), conc, 0, d, func(rng *rand.Rand) error {
		if rng.IntN(5) == 0 {
			_, err := t.post()
			return err
		}
		id := t.pick(rng)
		if rng.IntN(2) == 0 {
			_, err := t.get("/api/share/"+id, nil)
			return err
		}
		_, err := t.get("/s/"+id, nil)
		return err
	})
}

// clients runs do in conc goroutines until n requests are done (n > 0) or d
// has passed.
func (t *target) clients(name string, conc, n int, d time.Duration, do func(*rand.Rand) error) *result {
	res := &result{name: name}
	var mu sync.Mutex
	var wg sync.WaitGroup
	var left atomic.Int64
	left.Store(int64(n))
	start := time.Now()
	deadline := start.Add(d)
	for w := range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			r := &result{}
			for {
				if n > 0 && left.Add(-1) < 0 || n == 0 && !time.Now().Before(deadline) {
					break
				}
				t0 := time.Now()
				err := do(rng)
				r.add(time.Since(t0), err)
			}
			mu.Lock()
			res.merge(r)
			mu.Unlock()
		}()
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	return res
}

var baseRE = regexp.MustCompile(`<base href=["']?(/(?:[^"' >]*/)?)`)

var assetRE = regexp.MustCompile(`(?:src|href)=["']?([^"' >:#?]+)`)

// classroom: students arrive evenly over spread; each loads the short link
// page, its files and the state, one request after another as a page does
// before its wasm starts (a browser would fetch the files in parallel).
// files says how the files are asked for: "browser" (Accept-Encoding: gzip,
// br), "identity" (uncompressed) or "none" (not at all: only the two
// requests that reach the Worker on Cloudflare, where the platform serves
// the files from the root). The Worker's requests and the files are
// reported apart, then each student's whole load.
func (t *target) classroom(students int, spread time.Duration, files string) []*result {
	id := t.ids[0]
	page, err := t.get("/s/"+id, nil)
	if err != nil {
		return []*result{{name: "classroom", errors: 1, firstErr: err.Error(), elapsed: 1}}
	}
	// A browser resolves the page's files against its <base href>, else
	// against /s/.
	dir := "/s/"
	if m := baseRE.FindStringSubmatch(string(page)); m != nil {
		dir = m[1]
	}
	var assets []string
	if files != "none" {
		for _, m := range assetRE.FindAllStringSubmatch(string(page), -1) {
			if m[1] != dir {
				assets = append(assets, dir+m[1])
			}
		}
	}
	hdr := map[string]string{"Accept-Encoding": "gzip, br"}
	if files == "identity" {
		hdr = map[string]string{"Accept-Encoding": "identity"}
	}
	worker := &result{name: "classroom worker requests"}
	fileRes := &result{name: "classroom file requests (" + files + ")"}
	loads := &result{name: "classroom page loads"}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for i := range students {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(i) * spread / time.Duration(students))
			w, f := &result{}, &result{}
			t0 := time.Now()
			var first error
			for _, p := range append(append([]string{"/s/" + id}, assets...), "/api/share/"+id) {
				r := f
				if p == "/s/"+id || p == "/api/share/"+id {
					r = w
				}
				t1 := time.Now()
				_, err := t.get(p, hdr)
				r.add(time.Since(t1), err)
				if first == nil {
					first = err
				}
			}
			mu.Lock()
			worker.merge(w)
			fileRes.merge(f)
			loads.add(time.Since(t0), first)
			mu.Unlock()
		}()
	}
	wg.Wait()
	for _, r := range []*result{worker, fileRes, loads} {
		r.elapsed = time.Since(start)
	}
	if files == "none" {
		return []*result{worker, loads}
	}
	return []*result{worker, fileRes, loads}
}
