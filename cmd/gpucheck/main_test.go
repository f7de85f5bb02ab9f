package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/launch"
)

// TestWriteSpec: the launch as the driver takes it, from the launch files:
// vadd's n = 40 is the 4 bytes 28 00 00 00 and its three buffers are
// parameters 0-2; tma_tile's tensor map is u16 (CUtensorMapDataType 1), rank
// 2, 128-byte swizzle (3), dims 96 x 40, row stride 192 bytes, box 64 x 8,
// over the top-level buffer "matrix", passed by address.
func TestWriteSpec(t *testing.T) {
	dir := t.TempDir()
	var log bytes.Buffer
	if err := write(&log, dir, []string{"../../examples/vadd", "../../examples/tma_tile", "../../examples/tcgen05_gemm"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "examples_tcgen05_gemm: skipped: .target sm_100") || !strings.Contains(log.String(), "2 cases written") {
		t.Errorf("log: %s", log.String())
	}
	spec := read(t, filepath.Join(dir, "examples_vadd.spec"))
	for _, line := range []string{"kernel vadd\n", "grid 2 1 1\nblock 32 1 1\n", "param 8 buffer 0\nparam 8 buffer 1\nparam 8 buffer 2\nparam 4 bytes 28000000\n"} {
		if !strings.Contains(spec, line) {
			t.Errorf("vadd spec lacks %q:\n%s", line, spec)
		}
	}
	spec = read(t, filepath.Join(dir, "examples_tma_tile.spec"))
	// buffers in parameter order, then the top-level "matrix" (index 2)
	for _, line := range []string{"buffer 7680 examples_tma_tile.b2.in", "tmap 2 1 2 0 3 0 96 40 192 64 8 1 1\n", "param 8 tmapaddr 0\n"} {
		if !strings.Contains(spec, line) {
			t.Errorf("tma_tile spec lacks %q:\n%s", line, spec)
		}
	}
	// matrix is iota over u16: element 5 is 5.
	in := []byte(read(t, filepath.Join(dir, "examples_tma_tile.b2.in")))
	if len(in) != 7680 || binary.LittleEndian.Uint16(in[10:]) != 5 {
		t.Errorf("matrix input: %d bytes, element 5 = %d", len(in), binary.LittleEndian.Uint16(in[10:]))
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRunnerCompiles: runner.c builds against the stand-in for cuda.h.
func TestRunnerCompiles(t *testing.T) {
	cc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	out, err := exec.Command(cc, "-Wall", "-Wextra", "-Werror", "-fsyntax-only", "-Itestdata", "device/runner.c").CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
}

// TestCompare: with the GPU's buffers equal to ptxplay's the case agrees;
// one element changed is a disagreement naming it; a GPU error where
// ptxplay ran is one too; golden then writes what the GPU gave.
func TestCompare(t *testing.T) {
	caseDir := filepath.Join(t.TempDir(), "vadd")
	os.Mkdir(caseDir, 0o755)
	for _, f := range []string{"kernel.ptx", "launch.json"} {
		os.WriteFile(filepath.Join(caseDir, f), []byte(read(t, filepath.Join("../../examples/vadd", f))), 0o644)
	}
	dir, name := t.TempDir(), caseName(caseDir)
	at := func(suffix string) string { return filepath.Join(dir, name+suffix) }
	if err := write(&bytes.Buffer{}, dir, []string{caseDir}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "gpu.txt"), []byte("Test GPU, 1.0, 9.0\n"), 0o644)
	os.WriteFile(at(".gpu.txt"), []byte("ok\n"), 0o644)
	for _, b := range []string{".b0", ".b1", ".b2"} {
		os.WriteFile(at(b+".gpu"), []byte(read(t, at(b+".want"))), 0o644)
	}
	var out bytes.Buffer
	if bad, err := compare(&out, dir); err != nil || bad || !strings.Contains(out.String(), " agree\n") {
		t.Fatalf("equal buffers: bad %v, err %v:\n%s", bad, err, out.String())
	}
	// c[3] (buffer 2, element 3) one more on the GPU.
	c := []byte(read(t, at(".b2.gpu")))
	binary.LittleEndian.PutUint32(c[12:], binary.LittleEndian.Uint32(c[12:])+1)
	os.WriteFile(at(".b2.gpu"), c, 0o644)
	out.Reset()
	if bad, _ := compare(&out, dir); !bad || !strings.Contains(out.String(), "[3] (f32)") || !strings.Contains(out.String(), "1 of 40 elements differ") {
		t.Errorf("one element changed: bad %v:\n%s", bad, out.String())
	}
	// golden writes the GPU's c (not the inputs), which ptxplay's result
	// then misses at c[3] alone.
	if err := golden(&bytes.Buffer{}, dir, []string{caseDir}); err != nil {
		t.Fatal(err)
	}
	exp := read(t, filepath.Join(caseDir, "expected.json"))
	got := launch.Run("vadd.ptx", []byte(read(t, filepath.Join(caseDir, "kernel.ptx"))), []byte(read(t, filepath.Join(caseDir, "launch.json"))), launch.Options{})
	diffs, err := launch.CompareJSON(got.JSON(), []byte(exp))
	if err != nil || len(diffs) != 1 || !strings.Contains(diffs[0], "[3]") {
		t.Errorf("golden: %v %v", diffs, err)
	}
	if !strings.Contains(exp, `"gpu": "Test GPU, 1.0, 9.0"`) || strings.Contains(exp, "vadd_param_0") {
		t.Errorf("golden wrote inputs or no GPU name:\n%.300s", exp)
	}
	os.WriteFile(at(".gpu.txt"), []byte("error run: CUDA_ERROR_ILLEGAL_ADDRESS\n"), 0o644)
	out.Reset()
	if bad, _ := compare(&out, dir); !bad || !strings.Contains(out.String(), "the GPU failed, ptxplay ran") {
		t.Errorf("GPU error: bad %v:\n%s", bad, out.String())
	}
}

// TestMMAFit: on the H200's outputs for testdata/gpu/mma_e4m3 and mma_e5m2
// (expected.json), the fitted model has every output's bits and the
// others do not; this also holds mmafit's port of mma_common.h's
// generators to the kernel's (a wrong input would miss outputs).
func TestMMAFit(t *testing.T) {
	for _, c := range []struct {
		name string
		e5   bool
	}{{"mma_e4m3", false}, {"mma_e5m2", true}} {
		gpu := gpuOutputs(t, c.name, 64*128)
		checkFit(t, c.name, fitCounts(gpu, c.e5, 64, 32), names(fitModels), len(gpu)) // launch.json: grid 64, special_from 32
	}
}

// TestWgmmaFit: on the H200's outputs for testdata/gpu/wgmma_e4m3 and
// wgmma_e5m2 (expected.json: 32 trials of 512 outputs), the fitted model
// has every output's bits and no other candidate does; this also holds
// fp8Inputs' 64-row port of wgmma_fp8.h's inputs to the kernel's.
func TestWgmmaFit(t *testing.T) {
	for _, c := range []struct {
		name string
		e5   bool
	}{{"wgmma_e4m3", false}, {"wgmma_e5m2", true}} {
		gpu := gpuOutputs(t, c.name, 32*512)
		checkFit(t, c.name, countModels(wgmmaModels, gpu, c.e5, 32, 256, 64), names(wgmmaModels), len(gpu)) // launch.json: grid 32, special_from 256
	}
}

// TestF16AccFit: on the H200's outputs for testdata/gpu/mma_e4m3_f16acc
// (64 trials, D one f16 a word), the fitted model has every output's bits
// and no other candidate does; this also holds the port of genC16.
func TestF16AccFit(t *testing.T) {
	gpu := gpuOutputs(t, "mma_e4m3_f16acc", 64*128)
	checkFit(t, "mma_e4m3_f16acc", countF16(gpu, 64, 1024), names(f16accModels), len(gpu)) // launch.json: grid 64, special_from 1024
}

// TestWgmmaF16AccFit: on the H200's outputs for testdata/gpu/
// wgmma_e4m3_f16acc and wgmma_e5m2_f16acc (expected.json: 32 trials of 512
// outputs, one f16 a word), the fitted model has every output's bits and
// no other candidate does.
func TestWgmmaF16AccFit(t *testing.T) {
	for _, c := range []struct {
		name string
		e5   bool
	}{{"wgmma_e4m3_f16acc", false}, {"wgmma_e5m2_f16acc", true}} {
		gpu := gpuOutputs(t, c.name, 32*512)
		checkFit(t, c.name, countF16W(wgmmaF16accModels, gpu, c.e5, 32, 256, 64), names(wgmmaF16accModels), len(gpu)) // launch.json: grid 32, special_from 256
	}
}

// gpuOutputs reads the H200's words of testdata/gpu/NAME/expected.json's
// NAME_param_0, which must number want.
func gpuOutputs(t *testing.T, name string, want int) []uint32 {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "testdata", "gpu", name, "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var exp struct {
		Buffers map[string]struct {
			Data []uint32 `json:"data"`
		} `json:"buffers"`
	}
	if err := json.Unmarshal(raw, &exp); err != nil {
		t.Fatal(err)
	}
	gpu := exp.Buffers[name+"_param_0"].Data
	if len(gpu) != want {
		t.Fatalf("%s: %d outputs in expected.json, want %d", name, len(gpu), want)
	}
	return gpu
}

// checkFit: of the models (named in order, the fit last) whose counts of
// outputs with the GPU's bits are counts, the fit has all total and no
// other has.
func checkFit(t *testing.T, name string, counts []int, models []string, total int) {
	t.Helper()
	for m, n := range counts {
		fit := m == len(models)-1
		if fit && n != total {
			t.Errorf("%s: %s: %d of %d outputs, want all", name, models[m], n, total)
		}
		if !fit && n == total {
			t.Errorf("%s: %s: has every output, but the data should tell it from the fit", name, models[m])
		}
	}
}

// names lists models' names in order.
func names[M interface{ fitModel | fitModel16 }](models []M) []string {
	out := make([]string, len(models))
	for i, m := range models {
		switch m := any(m).(type) {
		case fitModel:
			out[i] = m.name
		case fitModel16:
			out[i] = m.name
		}
	}
	return out
}
