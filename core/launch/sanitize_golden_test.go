package launch

// sanitize_golden_test.go: the sanitizers' findings in full (message,
// count, both sides' steps, lanes and lines, address, size, the
// uninitialised runs), as JSON, of every kernel of examples/,
// testdata/run and testdata/sanitize that has findings, against
// testdata/sanitize/findings.golden. The tests beside it pin which lines
// race and why, from the kernels' sources; this one pins that a change to
// how the sanitizers keep their state (session 14: the warp-wide hook,
// the shadow's lookups, checkpoints) changes no finding at all. The
// golden file was written by the sanitizers before those changes:
//
//	go test ./core/launch -run SanitizeFindingsGolden -update-findings

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateFindings = flag.Bool("update-findings", false, "rewrite testdata/sanitize/findings.golden")

const findingsGolden = "../../testdata/sanitize/findings.golden"

// sanitizedKernels lists the kernel and launch files the golden test
// runs: name, kernel, launch.
func sanitizedKernels(t *testing.T) [][3]string {
	var out [][3]string
	for _, pat := range []string{"../../examples/*/launch.json", "../../testdata/run/*/launch.json"} {
		m, _ := filepath.Glob(pat)
		for _, spec := range m {
			dir := filepath.Dir(spec)
			out = append(out, [3]string{strings.TrimPrefix(dir, "../../"), filepath.Join(dir, "kernel.ptx"), spec})
		}
	}
	ptxs, _ := filepath.Glob("../../testdata/sanitize/*.ptx")
	for _, k := range ptxs {
		base := strings.TrimSuffix(filepath.Base(k), ".ptx")
		name := base
		for _, suf := range []string{"_fixed_o0", "_fixed", "_o0"} {
			name = strings.TrimSuffix(name, suf)
		}
		out = append(out, [3]string{"testdata/sanitize/" + base, k, filepath.Join("../../testdata/sanitize", name+".launch.json")})
	}
	if len(out) < 50 {
		t.Fatalf("found %d kernels, expected the examples, testdata/run and testdata/sanitize", len(out))
	}
	return out
}

func TestSanitizeFindingsGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example sanitized")
	}
	var got bytes.Buffer
	for _, k := range sanitizedKernels(t) {
		res := runSanitizedFile(t, k[1], k[2])
		if len(res.Hazards) == 0 {
			continue
		}
		js, err := json.MarshalIndent(res.Hazards, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		got.WriteString("== " + k[0] + "\n")
		got.Write(js)
		got.WriteString("\n")
	}
	if *updateFindings {
		if err := os.WriteFile(findingsGolden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(findingsGolden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		g, w := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(g) || i < len(w); i++ {
			if i >= len(g) || i >= len(w) || g[i] != w[i] {
				gl, wl := "(end)", "(end)"
				if i < len(g) {
					gl = g[i]
				}
				if i < len(w) {
					wl = w[i]
				}
				t.Fatalf("findings differ from %s at line %d:\ngot  %s\nwant %s", findingsGolden, i+1, gl, wl)
			}
		}
	}
}
