// Command gpucheck confirms ptxplay against a real NVIDIA GPU: it runs
// kernels with their launch specs in ptxplay, writes each launch as the
// CUDA driver takes it (buffers' input bytes, parameters, tensor maps,
// cluster shape) beside ptxplay's output bytes, and later compares the bytes
// the GPU left in every buffer with ptxplay's, bit for bit.
//
//	gpucheck write [-jit-opt N] -o DIR CASE...   CASE: a folder with kernel.ptx and launch.json
//	                                (examples/*, testdata/run/*)
//	  on the GPU machine:           sh DIR/run.sh  (builds runner.c, runs each case)
//	gpucheck compare DIR            one line per case; exit 1 on a disagreement
//	gpucheck golden DIR CASE...     CASE/expected.json from the GPU's buffers
//	gpucheck approx DIR             ptxplay's .approx functions against
//	                                device/approx.cu's results
//	gpucheck mmafit DIR             models of the fp8 tensor-core sums against
//	                                the GPU's mma_e4m3, mma_e5m2,
//	                                mma_e4m3_f16acc, wgmma_e4m3, wgmma_e5m2
//
// The GPU machine has CUDA's compiler and driver but no Go, so the folder
// travels whole. Kernels for a target above sm_90 (the H100/H200) are
// skipped when written, and said so.
package main

import (
	"bytes"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/ptx"
	"github.com/ptxplay/ptxplay/core/sim"
)

//go:embed device/runner.c
var runnerC []byte

const runSh = `#!/bin/sh
# Builds runner.c and runs every case in this folder on the GPU, one process
# a case (a fault poisons the CUDA context). Each case's answer goes to
# NAME.gpu.txt, its buffers to NAME.bN.gpu.
cd "$(dirname "$0")"
CUDA=${CUDA_HOME:-/usr/local/cuda}
nvcc -O2 -o runner runner.c -lcuda 2>build.log ||
	gcc -O2 -I"$CUDA/include" -o runner runner.c -L"$CUDA/lib64/stubs" -L"$CUDA/lib64" -lcuda 2>>build.log ||
	{ cat build.log; exit 1; }
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader > gpu.txt 2>&1
for s in *.spec; do
	n=${s%.spec}
	timeout 60 ./runner "./$s" > "$n.gpu.txt" 2>&1 || true
	[ -s "$n.gpu.txt" ] || echo "error run: the runner ended without an answer (timeout or crash)" > "$n.gpu.txt"
done
echo "$(ls *.spec | wc -l) cases run on $(cat gpu.txt)"
`

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "write":
		fs := flag.NewFlagSet("write", flag.ExitOnError)
		out := fs.String("o", "gpu-suite", "the folder to write")
		fs.IntVar(&jitOpt, "jit-opt", -1, "the driver JIT's optimisation level, 0-4 (default: the driver's, 4)")
		fs.Parse(os.Args[2:])
		err = write(os.Stdout, *out, fs.Args())
	case "compare":
		if len(os.Args) != 3 {
			usage()
		}
		var bad bool
		bad, err = compare(os.Stdout, os.Args[2])
		if err == nil && bad {
			os.Exit(1)
		}
	case "golden":
		if len(os.Args) < 4 {
			usage()
		}
		err = golden(os.Stdout, os.Args[2], os.Args[3:])
	case "approx":
		if len(os.Args) != 3 {
			usage()
		}
		var bad bool
		bad, err = approx(os.Stdout, os.Args[2])
		if err == nil && bad {
			os.Exit(1)
		}
	case "mmafit":
		if len(os.Args) != 3 {
			usage()
		}
		err = mmaFit(os.Stdout, os.Args[2])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gpucheck:", err)
		os.Exit(2)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: gpucheck write -o DIR CASE... | gpucheck compare DIR | gpucheck golden DIR CASE... | gpucheck approx DIR | gpucheck mmafit DIR")
	os.Exit(2)
}

// caseName makes a file name of a case's folder: examples/vadd -> examples_vadd.
func caseName(dir string) string {
	dir = filepath.ToSlash(filepath.Clean(dir))
	for _, p := range []string{"../", "./", "/"} {
		for strings.HasPrefix(dir, p) {
			dir = dir[len(p):]
		}
	}
	return strings.NewReplacer("/", "_", ".", "_").Replace(dir)
}

// jitOpt is write's -jit-opt: written into each spec when set, so that a
// difference can be tried against an unoptimised ptxas.
var jitOpt = -1

var targetRe = regexp.MustCompile(`(?m)^\s*\.target\s+sm_(\d+)`)

// write runs each case in ptxplay and writes it for the GPU.
func write(log io.Writer, out string, cases []string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "runner.c"), runnerC, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "run.sh"), []byte(runSh), 0o755); err != nil {
		return err
	}
	written := 0
	for _, dir := range cases {
		name := caseName(dir)
		src, err := os.ReadFile(filepath.Join(dir, "kernel.ptx"))
		if err != nil {
			return err
		}
		specJSON, err := os.ReadFile(filepath.Join(dir, "launch.json"))
		if err != nil {
			return err
		}
		if m := targetRe.FindSubmatch(src); m != nil {
			if sm, _ := strconv.Atoi(string(m[1])); sm > 90 {
				fmt.Fprintf(log, "%s: skipped: .target sm_%d needs a newer GPU than sm_90\n", name, sm)
				continue
			}
		}
		if err := writeCase(out, name, src, specJSON); err != nil {
			fmt.Fprintf(log, "%s: not written: %v\n", name, err)
			continue
		}
		written++
	}
	fmt.Fprintf(log, "%d cases written to %s\n", written, out)
	return nil
}

// wantFile is what ptxplay computed, for compare.
type wantFile struct {
	OK      bool         `json:"ok"`
	Errors  []string     `json:"errors,omitempty"`
	Buffers []wantBuffer `json:"buffers"` // every buffer, in the runner's order
}

type wantBuffer struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

func writeCase(out, name string, src, specJSON []byte) error {
	// ptxplay's inputs: the launch prepared as a run prepares it.
	mod, perrs := ptx.Parse(name+".ptx", src)
	if len(perrs) > 0 {
		return fmt.Errorf("parse: %v", perrs[0].Msg)
	}
	prog, cerrs := check.Check(mod)
	if len(cerrs) > 0 {
		return fmt.Errorf("check: %v", cerrs[0].Msg)
	}
	spec, err := launch.ParseSpec(specJSON)
	if err != nil {
		return err
	}
	p, err := sim.Load(prog)
	if err != nil {
		return err
	}
	in := &launch.Result{Buffers: map[string]*launch.Buffer{}}
	if _, err := launch.Prepare(p, spec, in); err != nil {
		return err
	}
	kernel := spec.Kernel
	if kernel == "" {
		kernel = p.Kernels()[0]
	}
	// ptxplay's outputs.
	res := launch.Run(name+".ptx", src, specJSON, launch.Options{})
	var want wantFile
	want.OK = res.OK
	for _, e := range res.Errors {
		want.Errors = append(want.Errors, fmt.Sprintf("%s: line %d: %s", e.Phase, e.Line, e.Message))
	}

	var sb strings.Builder
	fmt.Fprintf(&sb, "ptx %s.ptx\nkernel %s\n", name, kernel)
	fmt.Fprintf(&sb, "grid %d %d %d\nblock %d %d %d\n", spec.Grid[0], spec.Grid[1], spec.Grid[2], spec.Block[0], spec.Block[1], spec.Block[2])
	if spec.Cluster[0] != 0 {
		fmt.Fprintf(&sb, "cluster %d %d %d\n", spec.Cluster[0], spec.Cluster[1], spec.Cluster[2])
	}
	fmt.Fprintf(&sb, "shared %d\n", spec.SharedMem)
	if jitOpt >= 0 {
		fmt.Fprintf(&sb, "jitopt %d\n", jitOpt)
	}
	index := map[string]int{}
	for i, bn := range in.Names {
		b := in.Buffers[bn]
		index[bn] = i
		inName := fmt.Sprintf("%s.b%d.in", name, i)
		if err := os.WriteFile(filepath.Join(out, inName), elemBytes(b.Type, b.Data), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(&sb, "buffer %d %s %s.b%d.gpu\n", len(b.Data)*launch.ElemSize(b.Type), inName, name, i)
		want.Buffers = append(want.Buffers, wantBuffer{bn, b.Type})
		if rb := res.Buffers[bn]; res.OK && rb != nil {
			if err := os.WriteFile(filepath.Join(out, fmt.Sprintf("%s.b%d.want", name, i)), elemBytes(rb.Type, rb.Data), 0o644); err != nil {
				return err
			}
		}
	}
	var params strings.Builder
	maps := 0
	for _, dp := range in.DeviceParams() {
		switch {
		case dp.TensorMap != nil:
			t := dp.TensorMap.Map
			fmt.Fprintf(&sb, "tmap %d %d %d %d %d %d", index[dp.TensorMap.Buffer], t.DType, t.Rank, t.Interleave, t.Swizzle, t.Fill)
			for i := 0; i < t.Rank; i++ {
				fmt.Fprintf(&sb, " %d", t.Dims[i])
			}
			for i := 1; i < t.Rank; i++ {
				fmt.Fprintf(&sb, " %d", t.Strides[i])
			}
			for i := 0; i < t.Rank; i++ {
				fmt.Fprintf(&sb, " %d", t.Box[i])
			}
			for i := 0; i < t.Rank; i++ {
				fmt.Fprintf(&sb, " %d", t.ElemStrides[i])
			}
			sb.WriteByte('\n')
			kind := "tmapaddr"
			if dp.TensorMap.Inline {
				kind = "tmap"
			}
			if t.Im2col {
				return fmt.Errorf("%s: im2col tensor maps are not written (runner.c encodes tiled maps)", dp.Name)
			}
			fmt.Fprintf(&params, "param %d %s %d\n", len(dp.Bytes), kind, maps)
			maps++
		case dp.Buffer != "":
			fmt.Fprintf(&params, "param %d buffer %d\n", len(dp.Bytes), index[dp.Buffer])
		default:
			fmt.Fprintf(&params, "param %d bytes %s\n", len(dp.Bytes), hex.EncodeToString(dp.Bytes))
		}
	}
	sb.WriteString(params.String())
	if err := os.WriteFile(filepath.Join(out, name+".ptx"), src, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, name+".spec"), []byte(sb.String()), 0o644); err != nil {
		return err
	}
	wj, err := json.MarshalIndent(want, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, name+".want.json"), wj, 0o644)
}

func elemBytes(t string, data []uint64) []byte {
	es := launch.ElemSize(t)
	b := make([]byte, 0, es*len(data))
	for _, v := range data {
		for k := 0; k < es; k++ {
			b = append(b, byte(v>>(8*k)))
		}
	}
	return b
}

// compare reads the GPU's answers in dir and prints a line per case.
func compare(w io.Writer, dir string) (bad bool, err error) {
	specs, err := filepath.Glob(filepath.Join(dir, "*.spec"))
	if err != nil {
		return false, err
	}
	sort.Strings(specs)
	count := map[string]int{}
	for _, s := range specs {
		name := strings.TrimSuffix(filepath.Base(s), ".spec")
		verdict, detail := compareCase(dir, name)
		count[verdict]++
		if verdict == "disagree" || verdict == "no answer" {
			bad = true
		}
		fmt.Fprintf(w, "%-40s %s%s\n", name, verdict, detail)
	}
	keys := make([]string, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d %s", count[k], k))
	}
	if gpu, err := os.ReadFile(filepath.Join(dir, "gpu.txt")); err == nil {
		fmt.Fprintf(w, "GPU: %s", gpu)
	}
	fmt.Fprintf(w, "%d cases: %s\n", len(specs), strings.Join(parts, ", "))
	return bad, nil
}

// compareCase: "agree", "disagree", "both fault", "no answer", ... and a detail.
func compareCase(dir, name string) (verdict, detail string) {
	var want wantFile
	wj, err := os.ReadFile(filepath.Join(dir, name+".want.json"))
	if err == nil {
		err = json.Unmarshal(wj, &want)
	}
	if err != nil {
		return "no answer", ": " + err.Error()
	}
	gt, err := os.ReadFile(filepath.Join(dir, name+".gpu.txt"))
	if err != nil {
		return "no answer", ": the GPU did not run it"
	}
	gpu := strings.TrimSpace(string(gt))
	gpuOK := gpu == "ok"
	switch {
	case !gpuOK && !want.OK:
		return "both fail", ": GPU " + clip(gpu) + "; ptxplay " + clip(strings.Join(want.Errors, "; "))
	case !gpuOK:
		return "disagree", ": the GPU failed, ptxplay ran: " + clip(gpu)
	case !want.OK:
		return "disagree", ": ptxplay failed, the GPU ran: " + clip(strings.Join(want.Errors, "; "))
	}
	var diffs []string
	nanOnly := true
	for i, b := range want.Buffers {
		g, err1 := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%s.b%d.gpu", name, i)))
		wb, err2 := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%s.b%d.want", name, i)))
		if err1 != nil || err2 != nil {
			return "no answer", fmt.Sprintf(": buffer %s missing", b.Name)
		}
		d, allNaN := diffBuffer(b.Name, b.Type, g, wb)
		if d != "" {
			diffs = append(diffs, d)
			nanOnly = nanOnly && allNaN
		}
	}
	if len(diffs) == 0 {
		return "agree", ""
	}
	if nanOnly {
		return "disagree", " (NaN payloads only): " + strings.Join(diffs, "; ")
	}
	return "disagree", ": " + strings.Join(diffs, "; ")
}

// diffBuffer describes where the GPU's bytes g differ from ptxplay's w.
func diffBuffer(name, typ string, g, w []byte) (string, bool) {
	if len(g) != len(w) {
		return fmt.Sprintf("%s: %d bytes from the GPU, %d from ptxplay", name, len(g), len(w)), false
	}
	es := launch.ElemSize(typ)
	first, n, allNaN := -1, 0, true
	for i := 0; i+es <= len(g); i += es {
		if bytes.Equal(g[i:i+es], w[i:i+es]) {
			continue
		}
		if first < 0 {
			first = i / es
		}
		n++
		allNaN = allNaN && isNaN(typ, le(g[i:i+es])) && isNaN(typ, le(w[i:i+es]))
	}
	if first < 0 {
		return "", false
	}
	at := first * es
	return fmt.Sprintf("%s[%d] (%s): GPU %s, ptxplay %s; %d of %d elements differ", name, first, typ,
		launch.FormatValue(typ, le(g[at:at+es])), launch.FormatValue(typ, le(w[at:at+es])), n, len(g)/es), allNaN
}

func le(b []byte) uint64 {
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func isNaN(typ string, v uint64) bool {
	switch typ {
	case "f32":
		return math.IsNaN(float64(math.Float32frombits(uint32(v))))
	case "f64":
		return math.IsNaN(math.Float64frombits(v))
	case "f16":
		return v&0x7c00 == 0x7c00 && v&0x3ff != 0
	case "bf16":
		return v&0x7f80 == 0x7f80 && v&0x7f != 0
	}
	return false
}

func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}
