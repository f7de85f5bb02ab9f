package main

// sanitize_test.go: ptxplay run --sanitize: the flag's values, the
// compiler-style text lines and the "hazards" field of --json.

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestRunSanitizeCLI(t *testing.T) {
	dir := "../../testdata/sanitize/"
	spec := dir + "cond_barrier.launch.json"
	// Text: the finding on stderr as FILE:LINE:COL: sync: ..., the run
	// itself ok (exit 0) and its buffers printed as without sanitizers.
	code, out, errs := runCLI(t, "", "run", "--sanitize", "sync", "--launch", spec, dir+"cond_barrier.ptx")
	if code != 0 || !strings.HasPrefix(errs, dir+"cond_barrier.ptx:38:2: sync: barrier 0 reached by lanes 0x000000ff of warp 1") || !strings.Contains(out, "scale_param_1 (u32, 64 elements)") {
		t.Fatalf("text: exit %d, stdout %.300s, stderr %s", code, out, errs)
	}
	// Off (the CLI's default, and "none"): nothing reported.
	for _, args := range [][]string{{"run"}, {"run", "--sanitize=none"}, {"run", "--sanitize", "race,init"}} {
		code, _, errs = runCLI(t, "", append(args, "--launch", spec, dir+"cond_barrier.ptx")...)
		if code != 0 || errs != "" {
			t.Errorf("%v: exit %d, stderr %s", args, code, errs)
		}
	}
	// JSON: "hazards" with both sides of a race.
	code, out, _ = runCLI(t, "", "run", "--json", "--sanitize=all", "--launch", dir+"missing_sync.launch.json", dir+"missing_sync.ptx")
	var res struct {
		OK      bool `json:"ok"`
		Hazards []struct {
			Kind   string
			Line   int
			Col    int
			Thread [3]int
			CTA    [3]int
			Step   int64
			Other  *struct {
				Line   int
				Thread [3]int
				Step   int64
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 || !res.OK {
		t.Fatalf("json: exit %d, %v: %.500s", code, err, out)
	}
	found := false
	for _, h := range res.Hazards {
		if h.Kind == "race" && h.Line == 40 && h.Other != nil && h.Other.Line == 44 {
			found = true
			// Thread 32 writes s[32] at level 1 after thread 0 of warp 0 read
			// it at level 2: the write is the later step.
			if h.Thread != [3]int{32, 0, 0} || h.Other.Thread != [3]int{0, 0, 0} || h.Step <= h.Other.Step {
				t.Errorf("race 40<-44: thread %v step %d, other thread %v step %d", h.Thread, h.Step, h.Other.Thread, h.Other.Step)
			}
		}
	}
	if !found {
		t.Errorf("no race at 40 with 44 in %s", out)
	}
	code, out, _ = runCLI(t, "", "run", "--json", "--sanitize=all", "--launch", dir+"missing_sync.launch.json", dir+"missing_sync_fixed.ptx")
	if code != 0 || !strings.Contains(out, `"hazards": []`) {
		t.Errorf("clean: exit %d, %.300s", code, out)
	}
	code, _, errs = runCLI(t, "", "run", "--sanitize", "races", "--launch", spec, dir+"cond_barrier.ptx")
	if code != 2 || !strings.Contains(errs, `unknown sanitizer "races"`) {
		t.Errorf("bad value: exit %d, %s", code, errs)
	}
}
