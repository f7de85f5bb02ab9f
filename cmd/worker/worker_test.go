//go:build !js

package main

// TestWorkerTable runs the share service's table (web/server/servertest,
// the same one run against httptest and `ptxplay serve`) against this
// worker under `wrangler dev --local`, with KV simulated on disk. It builds
// the worker with the servertest tag (the table's small site instead of
// dist), installs wrangler from package-lock.json if needed, and needs
// node: without it the test is skipped with a message.

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/ptxplay/ptxplay/web/server/servertest"
)

func TestWorkerTable(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the worker test builds wasm and starts wrangler")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: the worker under wrangler dev is not tested")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	run := func(name string, args []string, env ...string) {
		t.Helper()
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
	}
	if _, err := os.Stat("node_modules/.bin/wrangler"); err != nil {
		run("npm", []string{"ci", "--no-audit", "--no-fund"})
	}
	// A build folder of the test's own, so a developer's build stays.
	build := filepath.Join(t.TempDir(), "build")
	run("go", []string{"run", "github.com/syumai/workers/cmd/workers-assets-gen", "-mode=go", "-o", build})
	run("go", []string{"build", "-tags", "servertest", "-o", filepath.Join(build, "app.wasm"), "."},
		"GOOS=js", "GOARCH=wasm")
	conf := filepath.Join(t.TempDir(), "wrangler.toml")
	toml, err := os.ReadFile("wrangler.toml")
	if err != nil {
		t.Fatal(err)
	}
	toml = []byte(strings.Replace(string(toml), `main = "./build/worker.mjs"`, fmt.Sprintf("main = %q", filepath.Join(build, "worker.mjs")), 1))
	if err := os.WriteFile(conf, toml, 0o644); err != nil {
		t.Fatal(err)
	}

	port := freePort(t)
	cmd := exec.Command("node_modules/.bin/wrangler", "dev", "--local", "--ip", "127.0.0.1",
		"--port", fmt.Sprint(port), "--config", conf, "--persist-to", t.TempDir(),
		"--show-interactive-dev-session=false")
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
	defer func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
	}()
	ready := regexp.MustCompile(`Ready on http://127\.0\.0\.1:\d+`)
	var log strings.Builder
	readyc := make(chan bool, 1)
	go func() {
		s := bufio.NewScanner(out)
		for s.Scan() {
			log.WriteString(s.Text() + "\n")
			if ready.MatchString(s.Text()) {
				readyc <- true
				break
			}
		}
		close(readyc)
		io.Copy(io.Discard, out)
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
	servertest.RunExcept(t, &http.Client{Timeout: 30 * time.Second}, base, map[string]string{
		"brotli first": "the Workers runtime compresses responses itself (main.go: identityOnly)",
	})
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

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
