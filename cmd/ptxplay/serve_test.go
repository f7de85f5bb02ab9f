package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ptxplay/ptxplay/web/server/servertest"
)

// buildPtxplay builds this command into a temporary folder.
func buildPtxplay(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no processes here")
	}
	bin := filepath.Join(t.TempDir(), "ptxplay")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

var servingLine = regexp.MustCompile(`serving (http://\S+)/`)

// startServe starts `ptxplay serve` on a free port and returns its base URL.
func startServe(t *testing.T, bin, data, site string, flags ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0", "--data", data, "--site", site}, flags...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	sawData := false
	for lines.Scan() {
		if strings.Contains(lines.Text(), filepath.Join(data, "share.db")) {
			sawData = true
		}
		if m := servingLine.FindStringSubmatch(lines.Text()); m != nil {
			if !sawData {
				t.Errorf("serve did not say where the states are kept")
			}
			go io.Copy(io.Discard, stdout)
			return cmd, m[1]
		}
	}
	cmd.Wait()
	t.Fatalf("ptxplay serve did not start: %s", stderr.String())
	return nil, ""
}

func TestServeTable(t *testing.T) {
	bin := buildPtxplay(t)
	site := t.TempDir()
	if err := servertest.WriteSite(site); err != nil {
		t.Fatal(err)
	}
	cmd, base := startServe(t, bin, t.TempDir(), site)
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	c := &http.Client{Timeout: 10 * time.Second}
	servertest.Run(t, c, base)
	servertest.RunRateLimit(t, c, base) // the default limit: api.PostsPerPeriod
}

func TestServeNoSite(t *testing.T) {
	bin := buildPtxplay(t)
	out, err := exec.Command(bin, "serve", "--data", t.TempDir(), "--site", t.TempDir()).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "has no index.html") {
		t.Errorf("serve of an empty site: %v %s", err, out)
	}
}

// TestServeDurable kills `ptxplay serve` with SIGKILL in the middle of a
// burst of writes, restarts it on the same data, and reads back every id
// that was answered before the kill.
func TestServeDurable(t *testing.T) {
	bin := buildPtxplay(t)
	site, data := t.TempDir(), t.TempDir()
	if err := servertest.WriteSite(site); err != nil {
		t.Fatal(err)
	}
	// No rate limit: the burst is many posts from one address.
	cmd, base := startServe(t, bin, data, site, "--post-limit", "0")
	c := &http.Client{Timeout: 10 * time.Second}
	var mu sync.Mutex
	answered := map[string]string{} // id -> body
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; ; i++ {
				body := fmt.Sprintf(`{"source":"// writer %d state %d\n","launch":{"grid":[1,1,1]}}`, g, i)
				resp, err := c.Post(base+"/api/share", "application/json", strings.NewReader(body))
				if err != nil {
					return // killed
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					continue
				}
				m := regexp.MustCompile(`"id":"([^"]+)"`).FindSubmatch(b)
				if m == nil {
					continue // cut mid-answer: not answered
				}
				mu.Lock()
				answered[string(m[1])] = body
				mu.Unlock()
			}
		}(g)
	}
	for { // kill once some writes have been answered
		time.Sleep(20 * time.Millisecond)
		mu.Lock()
		n := len(answered)
		mu.Unlock()
		if n >= 40 {
			break
		}
	}
	cmd.Process.Kill() // SIGKILL on Unix: no clean shutdown
	cmd.Wait()
	wg.Wait()
	cmd, base = startServe(t, bin, data, site, "--post-limit", "0")
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	for id, body := range answered {
		resp, err := c.Get(base + "/api/share/" + id)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || string(b) != body {
			t.Errorf("after kill -9, %s = %d %q, want 200 %q", id, resp.StatusCode, b, body)
		}
	}
	t.Logf("%d answered ids all readable after kill -9 and restart", len(answered))
}
