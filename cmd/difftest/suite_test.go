package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/launch"
)

// TestExpectValues: the expectation's element forms, read with gpurun's
// canon rules (integers exact and modulo the width, floats as "0x" raw
// bits, so -0 keeps its sign and a NaN stays a NaN).
func TestExpectValues(t *testing.T) {
	for _, c := range []struct {
		desc string
		typ  string
		bits uint64
		want string // the JSON text of the element
	}{
		{"u64 past 2^53 stays exact", "u64", 1<<64 - 1, "18446744073709551615"},
		{"u64 2^53+1, which a float64 rounds", "u64", 1<<53 + 1, "9007199254740993"},
		{"s32 -1 as its unsigned bits (canon masks to the width)", "s32", 0xffffffff, "4294967295"},
		{"u8 zero", "u8", 0, "0"},
		{"f32 -0 keeps the sign bit", "f32", 0x80000000, `"0x80000000"`},
		{"f32 canonical NaN", "f32", 0x7fffffff, `"0x7fffffff"`},
		{"f32 smallest subnormal", "f32", 1, `"0x00000001"`},
		{"f64 -inf", "f64", 0xfff0000000000000, `"0xfff0000000000000"`},
		{"f16 +inf, four digits", "f16", 0x7c00, `"0x7c00"`},
		{"bf16 one", "bf16", 0x3f80, `"0x3f80"`},
	} {
		b, _ := json.Marshal(expectValues(c.typ, []uint64{c.bits}))
		if got := strings.Trim(string(b), "[]"); got != c.want {
			t.Errorf("%s: %s 0x%x: got %s, want %s", c.desc, c.typ, c.bits, got, c.want)
		}
	}
}

// gpurunCheck runs gpurun.py's own loading, launch decoding and comparison
// on a suite folder (testdata/gpurun_check.py) when python3 and gpurun.py
// are here (GPURUN_DIR, else /work/shared/tools); the Go checks stand
// alone otherwise.
func gpurunCheck(t *testing.T, dir string) {
	t.Helper()
	tools := os.Getenv("GPURUN_DIR")
	if tools == "" {
		tools = "/work/shared/tools"
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Log("no python3: gpurun.py's own check not run")
		return
	}
	if _, err := os.Stat(filepath.Join(tools, "gpurun.py")); err != nil {
		t.Logf("no gpurun.py in %s: its own check not run", tools)
		return
	}
	out, err := exec.Command(py, "testdata/gpurun_check.py", tools, dir).CombinedOutput()
	if err != nil {
		t.Errorf("gpurun.py's check of %s: %v\n%s", dir, err, out)
	} else {
		t.Logf("gpurun.py: %s", strings.TrimSpace(string(out)))
	}
}

// checkCaseFiles checks a written case in Go: the three files, a launch
// ptxplay's contract reads, an expectation of elements of gpurun's forms.
func checkCaseFiles(t *testing.T, dir, name string) map[string][]uint64 {
	t.Helper()
	base := filepath.Join(dir, name)
	ptx, err := os.ReadFile(base + ".ptx")
	if err != nil || len(ptx) == 0 {
		t.Errorf("%s.ptx: %v", name, err)
	}
	spec, err := os.ReadFile(base + ".launch.json")
	if err != nil {
		t.Fatalf("%s.launch.json: %v", name, err)
	}
	if _, err := launch.ParseSpec(spec); err != nil {
		t.Errorf("%s.launch.json: ptxplay's contract refuses it: %v", name, err)
	}
	eb, err := os.ReadFile(base + ".expect.json")
	if err != nil {
		t.Fatalf("%s.expect.json: %v", name, err)
	}
	var exp struct {
		Buffers map[string]json.RawMessage `json:"buffers"`
	}
	if err := json.Unmarshal(eb, &exp); err != nil || len(exp.Buffers) == 0 {
		t.Fatalf("%s.expect.json: no buffers (%v)", name, err)
	}
	out := map[string][]uint64{}
	for p := range exp.Buffers {
		v, ok := bufferBits(eb, p)
		if !ok {
			t.Errorf("%s.expect.json: buffer %s has elements that are neither integers nor 0x bits", name, p)
		}
		out[p] = v
	}
	return out
}

// TestSuiteKnown writes the known suite: the sm_100 example, the tensor-map
// examples and the faulting one are skipped with their reasons, everything
// else is written, launches byte for byte as in the tree.
func TestSuiteKnown(t *testing.T) {
	td, err := findTestdata()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	idx, err := WriteKnown(td, dir)
	if err != nil {
		t.Fatal(err)
	}
	skip := map[string]string{}
	for _, s := range idx.Skipped {
		skip[s.Name] = s.Detail
	}
	for name, why := range map[string]string{
		"ex-tcgen05_gemm":   ".target sm_100",
		"ex-tma_tile":       "tensor maps",
		"ex-fault_oob":      "ptxplay stops",
		"ex-dsmem_exchange": "cluster",
	} {
		if !strings.Contains(skip[name], why) {
			t.Errorf("%s: skipped for %q, want a reason with %q", name, skip[name], why)
		}
	}
	written := map[string]bool{}
	for _, c := range idx.Cases {
		written[c.Name] = true
	}
	for _, name := range []string{"run-int64", "run-bitonic", "run-clang19_exit_reconv", "ex-vadd", "ex-wgmma_swizzle"} {
		if !written[name] {
			t.Errorf("%s not written (skipped: %q)", name, skip[name])
		}
	}
	if len(idx.Cases)+len(idx.Skipped) < 60 {
		t.Errorf("%d cases and %d skipped: fewer than the tree's testdata/run cases and examples", len(idx.Cases), len(idx.Skipped))
	}
	// The launch is the tree's, not a re-encoding (integers past 2^53).
	src, _ := os.ReadFile(filepath.Join(td, "run", "int64", "launch.json"))
	got, _ := os.ReadFile(filepath.Join(dir, "run-int64.launch.json"))
	var a, b bytes.Buffer
	json.Compact(&a, src)
	json.Compact(&b, got)
	if a.String() != b.String() {
		t.Errorf("run-int64.launch.json differs from testdata/run/int64/launch.json")
	}
	for _, c := range idx.Cases {
		checkCaseFiles(t, dir, c.Name)
	}
	// vadd: out = a + b, a = iota, b = 0.5, 0.25, -1, 100, 1e10, -0, 3.5, 7
	// repeated, n = 40: the expectation's f32 bits, worked out by hand.
	out := checkCaseFiles(t, dir, "ex-vadd")["out"]
	for _, c := range []struct {
		i    int
		want uint64
		desc string
	}{
		{0, 0x3f000000, "0 + 0.5 = 0.5"},
		{4, 0x501502f9, "4 + 1e10 rounds to 1e10 (f32 spacing 1024 there)"},
		{5, 0x40a00000, "5 + -0 = 5"},
		{39, 0x42380000, "39 + 7 = 46"},
	} {
		if c.i >= len(out) || out[c.i] != c.want {
			t.Errorf("ex-vadd out[%d] (%s): got %v, want 0x%08x", c.i, c.desc, out, c.want)
		}
	}
	gpurunCheck(t, dir)
}

// TestSuiteGenerated writes a small generated suite (one clang run a
// program) with a seed whose -O3 PTX has clang 14's min.f32 fold: its case
// is kept, marked clang-bug, with the host's output beside it.
func TestSuiteGenerated(t *testing.T) {
	tl := tools(t)
	dir := t.TempDir()
	st, err := WriteSuite(tl, DefaultConfig(), "", []uint64{1, 2, 2000303}, 2, []string{"-O0", "-O3"}, dir, func(int, []Finding) {})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, indexFile))
	if err != nil {
		t.Fatal(err)
	}
	var idx SuiteIndex
	if err := json.Unmarshal(b, &idx); err != nil {
		t.Fatal(err)
	}
	if len(idx.Cases) != 6 || st.Agree+st.ClangBug != 6 {
		t.Fatalf("%d cases, stats %+v; want 6 cases, all agreeing or clang 14 bugs", len(idx.Cases), st)
	}
	for _, c := range idx.Cases {
		exp := checkCaseFiles(t, dir, c.Name)
		out := exp[Generate(c.Seed, DefaultConfig()).Name+"_k_param_1"]
		if len(out) != threads*Generate(c.Seed, DefaultConfig()).NOut() {
			t.Errorf("%s: %d expected values, want %d (threads x outputs)", c.Name, len(out), threads*Generate(c.Seed, DefaultConfig()).NOut())
		}
		_, err := os.Stat(filepath.Join(dir, c.Name+".host.json"))
		switch {
		case c.Name == "d2000303-O3":
			if c.Host != "clang-bug" || !strings.Contains(c.Detail, "min.f32") || err != nil {
				t.Errorf("%s: host %q (%s), host.json %v: want clang-bug naming min.f32, with host.json", c.Name, c.Host, c.Detail, err)
			}
		case c.Host != "agree" || err == nil:
			t.Errorf("%s: host %q, host.json present %v: want agree, none", c.Name, c.Host, err == nil)
		}
	}
	// The PTX is the module ptxplay ran: one program's kernel alone.
	ptx, _ := os.ReadFile(filepath.Join(dir, "d2-O3.ptx"))
	if !strings.Contains(string(ptx), ".entry p2_k") || strings.Contains(string(ptx), "p1_k") {
		t.Errorf("d2-O3.ptx does not hold p2_k alone")
	}
	gpurunCheck(t, dir)
}

// TestReport reads a hand-made suite and gpurun results (as a folder and
// as gpurun's tar.gz) and checks each verdict's words.
func TestReport(t *testing.T) {
	suite := t.TempDir()
	idx := SuiteIndex{Kind: "generated", Cases: []SuiteCase{
		{Name: "d1-O3", Seed: 1, Opt: "-O3", Host: "agree"},
		{Name: "d2-O3", Seed: 2, Opt: "-O3", Host: "clang-bug", Detail: "bfe.u64"},
		{Name: "d3-O3", Seed: 3, Opt: "-O3", Host: "clang-bug", Detail: "min.f32"},
		{Name: "d4-O3", Seed: 4, Opt: "-O3", Host: "clang-bug", Detail: "min.f32"},
		{Name: "d5-O3", Seed: 5, Opt: "-O3", Host: "agree"},
		{Name: "d6-O3", Seed: 6, Opt: "-O3", Host: "agree"},
		{Name: "d7-O3", Seed: 7, Opt: "-O3", Host: "agree"},
	}, Skipped: []SuiteCase{{Name: "d8-O3", Seed: 8, Opt: "-O3", Detail: "ptxplay did not finish the kernel"}}}
	ib, _ := json.Marshal(idx)
	os.WriteFile(filepath.Join(suite, indexFile), ib, 0o644)
	for _, c := range idx.Cases {
		os.WriteFile(filepath.Join(suite, c.Name+".expect.json"), []byte(`{"buffers":{"out":[1,18446744073709551615]}}`), 0o644)
		if c.Host != "agree" {
			os.WriteFile(filepath.Join(suite, c.Name+".host.json"), []byte(`{"buffers":{"out":[1,0]}}`), 0o644)
		}
	}
	res := t.TempDir()
	sum := map[string]any{"device": map[string]any{"name": "fake"}, "cases": []map[string]any{
		{"name": "d1-O3", "file": "d1-O3.gpu.json", "verdict": "agree", "lines": []string{}},
		{"name": "d2-O3", "file": "d2-O3.gpu.json", "verdict": "agree", "lines": []string{}},
		{"name": "d3-O3", "file": "d3-O3.gpu.json", "verdict": "disagree", "lines": []string{"DISAGREE d3-O3: out[1]: ..."}},
		{"name": "d4-O3", "file": "d4-O3.gpu.json", "verdict": "disagree", "lines": []string{"DISAGREE d4-O3: out[1]: ..."}},
		{"name": "d5-O3", "file": "d5-O3.gpu.json", "verdict": "disagree", "lines": []string{"DISAGREE d5-O3: out[0]: ..."}},
		{"name": "d6-O3", "file": "d6-O3.gpu.json", "verdict": "error", "lines": []string{"ERROR d6-O3: load: CUDA_ERROR_INVALID_PTX"}},
	}}
	sb, _ := json.Marshal(sum)
	files := map[string]string{
		"summary.json": string(sb),
		// the GPU's u64 as gpurun writes them: JSON integers in "data"
		"d3-O3.gpu.json": `{"ok": true, "buffers": {"out": {"type": "u64", "data": [1, 0]}}}`,
		"d4-O3.gpu.json": `{"ok": true, "buffers": {"out": {"type": "u64", "data": [1, 7]}}}`,
	}
	for n, s := range files {
		os.WriteFile(filepath.Join(res, n), []byte(s), 0o644)
	}
	want := []string{
		"seed 1 -O3: ok: GPU = ptxplay = host",
		"seed 2 -O3: GPU = ptxplay, host differs: the clang-bug classification holds (bfe.u64)",
		"seed 3 -O3: GPU != ptxplay: DISAGREE d3-O3: out[1]: ... (host differed too: clang-bug); GPU = host bit for bit: PTXPLAY BUG",
		"seed 4 -O3: GPU != ptxplay: DISAGREE d4-O3: out[1]: ... (host differed too: clang-bug); GPU = neither",
		"seed 5 -O3: GPU != ptxplay: DISAGREE d5-O3: out[0]: ...; the host agreed with ptxplay",
		"seed 6 -O3: GPU ERROR: ERROR d6-O3: load: CUDA_ERROR_INVALID_PTX",
		"seed 7 -O3: NOT RUN",
		"d8-O3: skipped: ptxplay did not finish the kernel",
		"7 cases: ",
	}
	// the tar.gz gpurun writes under $OUT: SUITE/NAME.gpu.json
	tgz := filepath.Join(t.TempDir(), "s.gpu.tar.gz")
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for n, s := range files {
		tw.WriteHeader(&tar.Header{Name: "s/" + n, Mode: 0o644, Size: int64(len(s)), Typeflag: tar.TypeReg})
		tw.Write([]byte(s))
	}
	tw.Close()
	zw.Close()
	os.WriteFile(tgz, buf.Bytes(), 0o644)
	for _, from := range []string{res, tgz} {
		var out strings.Builder
		bad, err := Report(&out, suite, from)
		if err != nil {
			t.Fatalf("%s: %v", from, err)
		}
		lines := strings.Split(out.String(), "\n")
		for i, w := range want {
			if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], w) {
				t.Errorf("%s: line %d: got %q, want it to start %q", filepath.Base(from), i+1, lines[min(i+1, len(lines)-1)], w)
			}
		}
		// d3 (ptxplay bug), d4, d5, d6 (error), d7 (not run)
		if bad != 5 {
			t.Errorf("%s: %d cases point at ptxplay or did not run, want 5\n%s", filepath.Base(from), bad, out.String())
		}
	}
}
