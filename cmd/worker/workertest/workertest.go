//go:build !js

// Package workertest runs the share worker (cmd/worker) under `wrangler
// dev --local` for tests: cmd/worker's service table and the browser
// tests of web/browsertest. It builds what scripts/worker build builds,
// into a folder of the test's own, installs wrangler from
// cmd/worker/package-lock.json if needed, and needs node: without it the
// test is skipped with a message.
package workertest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// workerDir is cmd/worker in this checkout.
func workerDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

// Start builds the worker with the built site in site as its static
// assets, starts it under wrangler dev --local with KV kept in a folder of
// the test's, and returns its base URL (http://127.0.0.1:PORT); it stops
// when the test ends. vars are the Worker's variables, NAME:VALUE each
// (wrangler dev --var).
func Start(t testing.TB, site string, vars ...string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the worker test builds wasm and starts wrangler")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: the worker under wrangler dev is not tested")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	t.Cleanup(cancel)
	run := func(in, name string, args []string, env ...string) {
		t.Helper()
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Dir = in
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
	}
	dir := workerDir()
	// go test runs packages at once (cmd/worker, web/browsertest): one npm
	// ci at a time in cmd/worker, under a lock file in the temp folder.
	lock, err := os.OpenFile(filepath.Join(os.TempDir(), "ptxplay-worker-npm-ci.lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules/.bin/wrangler")); err != nil {
		run(dir, "npm", []string{"ci", "--no-audit", "--no-fund"})
	}
	lock.Close() // and the lock with it
	// A build folder of the test's own, so a developer's build stays: what
	// scripts/worker build makes, with site as the assets.
	build := filepath.Join(t.TempDir(), "build")
	run(dir, "go", []string{"run", "github.com/syumai/workers/cmd/workers-assets-gen", "-mode=go", "-o", build})
	glue, err := os.ReadFile(filepath.Join(dir, "glue/worker.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(build, "worker.mjs"), glue, 0o644); err != nil {
		t.Fatal(err)
	}
	run(dir, "go", []string{"build", "-o", filepath.Join(build, "app.wasm"), "."}, "GOOS=js", "GOARCH=wasm")
	run(dir, "go", []string{"run", "./sitegen", "-site", site, "-o", build})
	conf := filepath.Join(t.TempDir(), "wrangler.toml")
	persist := t.TempDir()
	kvByTest.Store(t, kvPlace{dir, conf, persist})
	toml, err := os.ReadFile(filepath.Join(dir, "wrangler.toml"))
	if err != nil {
		t.Fatal(err)
	}
	toml = []byte(strings.ReplaceAll(string(toml), `"./build/`, `"`+build+`/`))
	if err := os.WriteFile(conf, toml, 0o644); err != nil {
		t.Fatal(err)
	}

	port := freePort(t)
	cmd := exec.Command(filepath.Join(dir, "node_modules/.bin/wrangler"), "dev", "--local", "--ip", "127.0.0.1",
		"--port", fmt.Sprint(port), "--config", conf, "--persist-to", persist,
		"--show-interactive-dev-session=false")
	for _, v := range vars {
		cmd.Args = append(cmd.Args, "--var", v)
	}
	cmd.Env = append(os.Environ(), "WRANGLER_SEND_METRICS=false", "CI=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // wrangler starts workerd: stop them all
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	cmd.Dir = dir
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
	})
	ready := regexp.MustCompile(`Ready on http://127\.0\.0\.1:\d+`)
	// Miniflare reads build/site/_headers at the first request for a file
	// after "Ready": the table starts once the rules are read.
	headerRules := regexp.MustCompile(`Parsed \d+ valid header rules`)
	rulesc := make(chan bool, 4)
	var log, after strings.Builder
	var logMu sync.Mutex
	t.Cleanup(func() {
		if t.Failed() {
			logMu.Lock()
			t.Logf("wrangler dev's log:\n%s%s", log.String(), after.String())
			logMu.Unlock()
		}
	})
	readyc := make(chan bool, 1)
	go func() {
		s := bufio.NewScanner(out)
		for s.Scan() {
			log.WriteString(s.Text() + "\n")
			if headerRules.MatchString(s.Text()) {
				noteRules(rulesc)
			}
			if ready.MatchString(s.Text()) {
				readyc <- true
				break
			}
		}
		close(readyc)
		// The rest of the log, shown when the test fails.
		for s.Scan() {
			logMu.Lock()
			after.WriteString(s.Text() + "\n")
			logMu.Unlock()
			if headerRules.MatchString(s.Text()) {
				noteRules(rulesc)
			}
		}
	}()
	select {
	case ok := <-readyc:
		if !ok {
			t.Fatalf("wrangler dev stopped before it was ready:\n%s", log.String())
		}
	case <-time.After(90 * time.Second):
		t.Fatalf("wrangler dev not ready after 90s:\n%s", log.String())
	}
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	if resp, err := http.Get(base + "/style.css"); err == nil {
		resp.Body.Close()
	}
	select {
	case <-rulesc:
	case <-time.After(60 * time.Second):
		t.Fatalf("wrangler dev did not read _headers in 60s")
	}
	return base
}

// noteRules tells Start that wrangler dev read the _headers rules, without
// waiting: Miniflare may parse them again at later requests, and a reader
// blocked on a full channel would stop draining wrangler's output, whose
// pipe then fills and stops wrangler dev (node writes to a pipe
// synchronously) in the middle of a test.
func noteRules(c chan bool) {
	select {
	case c <- true:
	default:
	}
}

type kvPlace struct{ dir, conf, persist string }

var kvByTest sync.Map // testing.TB -> kvPlace of the worker it started

// Key is a KV key as `wrangler kv key list` shows it.
type Key struct {
	Name     string
	Metadata map[string]any
}

// KVKeys lists the keys of the worker's SHARES namespace that the test
// started, with their metadata (`wrangler kv key list --local`).
func KVKeys(t testing.TB) []Key {
	t.Helper()
	v, ok := kvByTest.Load(t)
	if !ok {
		t.Fatal("KVKeys: this test started no worker")
	}
	p := v.(kvPlace)
	cmd := exec.Command(filepath.Join(p.dir, "node_modules/.bin/wrangler"), "kv", "key", "list",
		"--binding", "SHARES", "--local", "--persist-to", p.persist, "--config", p.conf)
	cmd.Dir = p.dir
	cmd.Env = append(os.Environ(), "WRANGLER_SEND_METRICS=false", "CI=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("wrangler kv key list: %v", err)
	}
	var keys []Key
	if err := json.Unmarshal(out[bytes.IndexByte(out, '['):], &keys); err != nil {
		t.Fatalf("wrangler kv key list: %v in %q", err, out)
	}
	return keys
}

// Client is an http.Client for the worker under wrangler dev.
func Client(t testing.TB) *http.Client {
	return &http.Client{Timeout: 30 * time.Second, Transport: retryRestart{t}}
}

// retryRestart sends a request again when wrangler dev answers 503 "Your
// worker restarted mid-request" (its own reloads; GET and HEAD it retries
// itself), at most three times, and logs it.
type retryRestart struct{ t testing.TB }

func (r retryRestart) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
		req.Body.Close()
	}
	for try := 0; ; try++ {
		req.Body = io.NopCloser(bytes.NewReader(body))
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil || resp.StatusCode != http.StatusServiceUnavailable || try == 3 {
			return resp, err
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !bytes.Contains(b, []byte("restarted mid-request")) {
			resp.Body = io.NopCloser(bytes.NewReader(b))
			return resp, nil
		}
		r.t.Logf("%s %s: wrangler dev restarted the worker mid-request; sent again", req.Method, req.URL.Path)
	}
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
