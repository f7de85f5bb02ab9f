// Command loadtest drives a running share service with a mix of posts and
// reads for a fixed time and reports requests per second, latency
// percentiles and errors. It is a manual benchmark, not part of
// scripts/test; run it against `ptxplay serve` on 127.0.0.1 only:
//
//	go run ./scripts/loadtest -url http://127.0.0.1:8080 -d 30s
//
// Every fifth request posts a new state (an example with a unique comment,
// so each post is a real write); the rest read ids answered earlier, half
// through /api/share/{id} and half through /s/{id}. Any status other than
// the expected one, a wrong id, or a transport error counts as an error.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ptxplay/ptxplay/examples"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "base URL of the service (loopback only)")
	dur := flag.Duration("d", 30*time.Second, "how long to run")
	conc := flag.Int("c", 32, "concurrent clients")
	postEvery := flag.Int("post-every", 5, "one request in this many is a post")
	flag.Parse()
	u, err := url.Parse(*base)
	if err != nil || (u.Hostname() != "127.0.0.1" && u.Hostname() != "localhost" && u.Hostname() != "::1") {
		fmt.Fprintln(os.Stderr, "loadtest: -url must be a loopback address (127.0.0.1)")
		os.Exit(2)
	}
	r, err := run(*base, *dur, *conc, *postEvery)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
	fmt.Print(r)
	if r.errors > 0 {
		os.Exit(1)
	}
}

type result struct {
	total, posts, reads, errors int64
	elapsed                     time.Duration
	lat                         []time.Duration
	firstErr                    string
}

func (r *result) String() string {
	slices.Sort(r.lat)
	pct := func(p float64) time.Duration {
		if len(r.lat) == 0 {
			return 0
		}
		return r.lat[min(len(r.lat)-1, int(p*float64(len(r.lat))))]
	}
	s := fmt.Sprintf("requests %d (posts %d, reads %d) in %.1fs: %.0f req/s\n",
		r.total, r.posts, r.reads, r.elapsed.Seconds(), float64(r.total)/r.elapsed.Seconds())
	s += fmt.Sprintf("latency p50 %v p90 %v p99 %v max %v\n", pct(0.50), pct(0.90), pct(0.99), pct(1))
	s += fmt.Sprintf("errors %d\n", r.errors)
	if r.firstErr != "" {
		s += "first error: " + r.firstErr + "\n"
	}
	return s
}

// ids is the set of answered ids that readers pick from.
type ids struct {
	mu  sync.RWMutex
	all []string
}

func (s *ids) add(id string) { s.mu.Lock(); s.all = append(s.all, id); s.mu.Unlock() }
func (s *ids) pick(rng *rand.Rand) string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.all[rng.IntN(len(s.all))]
}

func run(base string, dur time.Duration, conc, postEvery int) (*result, error) {
	exs := examples.All()
	if len(exs) == 0 {
		return nil, fmt.Errorf("no examples to post")
	}
	client := &http.Client{
		Timeout:   10 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: conc * 2, MaxConnsPerHost: conc * 2},
	}
	var seq atomic.Int64
	post := func() (string, error) {
		ex := exs[int(seq.Load())%len(exs)]
		n := seq.Add(1)
		body, _ := json.Marshal(map[string]any{
			"source": fmt.Sprintf("// loadtest %d %d\n%s", time.Now().UnixNano(), n, ex.Source),
			"launch": json.RawMessage(ex.Launch),
		})
		resp, err := client.Post(base+"/api/share", "application/json", bytes.NewReader(body))
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
			return "", fmt.Errorf("POST /api/share: %s: %.200s", resp.Status, b)
		}
		var out struct{ ID string }
		if err := json.Unmarshal(b, &out); err != nil || out.ID == "" {
			return "", fmt.Errorf("POST /api/share: no id in %.200q", b)
		}
		return out.ID, nil
	}
	get := func(path string) error {
		resp, err := client.Get(base + path)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		io.Copy(io.Discard, resp.Body)
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("GET %s: %s", path, resp.Status)
		}
		return nil
	}

	known := &ids{}
	for range 20 { // something to read from the start
		id, err := post()
		if err != nil {
			return nil, fmt.Errorf("warm-up: %w", err)
		}
		known.add(id)
	}

	res := &result{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(dur)
	for w := range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			var lat []time.Duration
			var total, posts, reads, errs int64
			var firstErr string
			for i := 0; time.Now().Before(deadline); i++ {
				t0 := time.Now()
				var err error
				if rng.IntN(postEvery) == 0 {
					var id string
					if id, err = post(); err == nil {
						known.add(id)
					}
					posts++
				} else {
					id := known.pick(rng)
					if rng.IntN(2) == 0 {
						err = get("/api/share/" + id)
					} else {
						err = get("/s/" + id)
					}
					reads++
				}
				lat = append(lat, time.Since(t0))
				total++
				if err != nil {
					errs++
					if firstErr == "" {
						firstErr = err.Error()
					}
				}
			}
			mu.Lock()
			res.total += total
			res.posts += posts
			res.reads += reads
			res.errors += errs
			res.lat = append(res.lat, lat...)
			if res.firstErr == "" {
				res.firstErr = firstErr
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	return res, nil
}
