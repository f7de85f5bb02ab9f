// run.go: one batch of programs: write the CUDA and host files, compile
// them (clang-14 to PTX at each optimisation level, gcc for the host, in
// parallel), run the host build and each kernel through core/launch, and
// compare the output buffers bit for bit.
package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/ptx"
	"github.com/ptxplay/ptxplay/core/sim"
)

// threads is the number of thread indexes of a default program (two
// warps in each of two CTAs: defaultShape); Program.Shape.Slots() is
// every program's.
const threads = 128

// Tools names the compilers and where the prelude lives.
type Tools struct {
	Clang   string // clang-14
	CC      string // gcc
	Include string // directory of cuda_prelude.h
	UBSan   bool   // build the host with -fsanitize=undefined,float-cast-overflow
}

// ClangArgs are the flags every PTX build uses besides -O.
func (t Tools) clangArgs(opt, src, out string) []string {
	return []string{"-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_80",
		"-Xclang", "-target-feature", "-Xclang", "+ptx70", opt, "-S", "-ffp-contract=off", "-w",
		"-I", t.Include, "-o", out, src}
}

func (t Tools) hostArgs(src, out string) []string { return t.hostArgsAt(hostOpt, src, out) }

// hostOpt is the host build's optimisation level; crossCheck builds a
// second one at -O0 when ptxplay disagrees with it.
const hostOpt = "-O2"

func (t Tools) hostArgsAt(opt, src, out string) []string {
	a := []string{"-std=c11", opt, "-ffp-contract=off", "-frounding-math", "-w", "-o", out, src, "-lm"}
	if t.UBSan {
		a = append([]string{"-fsanitize=undefined,float-cast-overflow", "-fno-sanitize-recover=all"}, a...)
	}
	return a
}

// Finding is one disagreement (or a failure to compile or run).
type Finding struct {
	Seed   uint64
	Opt    string // -O0 or -O3; "" for host-side problems
	What   string // mismatch, ptxplay-error, compile-error, host-error
	Detail string
}

func (f Finding) String() string {
	return fmt.Sprintf("seed %d %s: %s: %s", f.Seed, f.Opt, f.What, f.Detail)
}

// Inputs are a program's per-thread u64 inputs, for each of its slots
// (Shape.Slots): edge values of every width, float bit patterns and
// random bits. A seed's first 128 threads' inputs are the same for any
// number of slots.
func Inputs(seed uint64, slots int) []uint64 {
	r := rand.New(rand.NewPCG(seed, 0x1234567))
	f32 := []uint32{0, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0x00000001,
		0x807fffff, 0x00800000, 0x7f7fffff, 0x4f000000, 0xcf000000, 0x5f000000, 0x3effffff, 0x4b800001, 0x42fe0000, 0xc3000000}
	f64 := []uint64{0, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x7ff0000000000000, 0xfff0000000000000,
		0x7ff8000000000000, 0x7ff0000000000001, 1, 0x000fffffffffffff, 0x41e0000000000000, 0xc1e0000000000000,
		0x43e0000000000000, 0xc3e0000000000000, 0x43f0000000000000, 0x3fe0000000000000, 0x4330000000000001}
	in := make([]uint64, slots*NIn)
	for i := range in {
		switch r.IntN(8) {
		case 0:
			in[i] = intEdges[r.IntN(len(intEdges))]
		case 1:
			in[i] = uint64(f32[r.IntN(len(f32))]) | uint64(r.Uint32())<<32
		case 2:
			in[i] = f64[r.IntN(len(f64))]
		case 3:
			in[i] = uint64(r.IntN(64))
		case 4:
			in[i] = -uint64(r.IntN(64))
		case 5: // a float near 1 in both halves
			in[i] = uint64(r.Uint32()&0x00ffffff|0x3f000000) | uint64(0x3ff00000|r.Uint32()&0xfffff)<<32
		default:
			in[i] = r.Uint64()
		}
	}
	return in
}

// Phase times summed over all batches (nanoseconds): clang, gcc, the
// host run, and ptxplay (parse, check, load and run).
var phaseClang, phaseGCC, phaseHost, phaseSim atomic.Int64

func since(t time.Time) int64 { return int64(time.Since(t)) }

// compiled is one optimisation level's PTX of a batch.
type compiled struct {
	opt string
	ptx []byte
	err error
}

// Batch compiles and checks a list of programs; dir is a scratch directory.
func Batch(tools Tools, progs []*Program, opts []string, dir string) ([]Finding, error) {
	return batchTo(tools, progs, opts, dir, nil)
}

// Ran is one program's run at one level, as a suite (-suite) records it:
// the module's PTX, ptxplay's output (nil when the kernel did not run to
// its end), the host build's output, and the finding ("" when they agree).
type Ran struct {
	Prog    *Program
	Opt     string
	PTX     []byte
	Got     []uint64
	Want    []uint64
	Finding *Finding
}

// batchTo is Batch, calling sink (when not nil) with every program's run
// once the findings are classified.
func batchTo(tools Tools, progs []*Program, opts []string, dir string, sink func(Ran)) ([]Finding, error) {
	var cu, host strings.Builder
	cu.WriteString(cudaHead)
	host.WriteString(hostHead)
	for _, p := range progs {
		c := p.C()
		cu.WriteString(c)
		cu.WriteString(p.Kernel())
		host.WriteString(c)
	}
	host.WriteString("int main(void) {\n")
	fmt.Fprintf(&host, "  static u64 in[%d];\n  static u64 out[%d];\n", maxSlots(progs)*NIn, maxSlots(progs)*maxOut(progs))
	for _, p := range progs {
		n, slots := p.NOut(), p.Launch().Slots()
		fmt.Fprintf(&host, "  if (fread(in, 8, %d, stdin) != %d) return 2;\n", slots*NIn, slots*NIn)
		// A thread that leaves early (Config.Exit) writes no output: 0, as
		// in ptxplay's buffer.
		fmt.Fprintf(&host, "  memset(out, 0, sizeof out);\n")
		if v := outFill(p.Seed); p.Cfg.CLI && v != 0 {
			// Config.CLI: the output buffer's fill (cli.go).
			fmt.Fprintf(&host, "  for (u32 i = 0; i < %du; i++) out[i] = 0x%xull;\n", slots*n, v)
		}
		fmt.Fprintf(&host, "  %s\n", hostLoop(p))
		fmt.Fprintf(&host, "  fwrite(out, 8, %d, stdout);\n", slots*n)
	}
	host.WriteString("  return 0;\n}\n")
	cuPath, hostPath := filepath.Join(dir, "batch.cu"), filepath.Join(dir, "host.c")
	if err := os.WriteFile(cuPath, []byte(cu.String()), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(hostPath, []byte(host.String()), 0o644); err != nil {
		return nil, err
	}
	bin := filepath.Join(dir, "host")
	results := make([]compiled, len(opts))
	var hostErr error
	var wg sync.WaitGroup
	for i, o := range opts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out := filepath.Join(dir, "batch"+o+".ptx")
			t0 := time.Now()
			defer func() { phaseClang.Add(since(t0)) }()
			results[i] = compiled{opt: o, err: runTool(tools.Clang, tools.clangArgs(o, cuPath, out)...)}
			if results[i].err == nil {
				results[i].ptx, results[i].err = os.ReadFile(out)
			}
			if results[i].err == nil && len(progs) > 0 && progs[0].Cfg.Retype {
				// What ptxplay runs, in the scratch folder too (-keep).
				results[i].ptx = retype(results[i].ptx)
				results[i].err = os.WriteFile(out, results[i].ptx, 0o644)
			}
			if results[i].err == nil && len(progs) > 0 && (progs[0].Cfg.SM90 || progs[0].Cfg.HSetp) {
				results[i].ptx = sm90Header(results[i].ptx)
				results[i].err = os.WriteFile(out, results[i].ptx, 0o644)
			}
			if results[i].err == nil {
				countForms(results[i].ptx)
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		t0 := time.Now()
		defer func() { phaseGCC.Add(since(t0)) }()
		hostErr = runTool(tools.CC, tools.hostArgs(hostPath, bin)...)
	}()
	wg.Wait()
	if hostErr != nil {
		return nil, fmt.Errorf("host build: %v", hostErr)
	}
	var inputs bytes.Buffer
	for _, p := range progs {
		binary.Write(&inputs, binary.LittleEndian, Inputs(p.Seed, p.Launch().Slots()))
	}
	t0 := time.Now()
	cmd := exec.Command(bin)
	inBytes := inputs.Bytes()
	cmd.Stdin = bytes.NewReader(inBytes)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	raw, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("host run: %v: %s", err, stderr.String())
	}
	phaseHost.Add(since(t0))
	want := map[uint64][]uint64{}
	for _, p := range progs {
		n := p.Launch().Slots() * p.NOut()
		if len(raw) < 8*n {
			return nil, fmt.Errorf("host run: short output")
		}
		w := make([]uint64, n)
		binary.Decode(raw[:8*n], binary.LittleEndian, w)
		raw = raw[8*n:]
		want[p.Seed] = w
	}
	var found []Finding
	got := map[string][]uint64{} // ptxplay's output of each mismatch, by seed and level
	all := map[string][]uint64{} // every output (sink only)
	for _, c := range results {
		if c.err != nil {
			return nil, fmt.Errorf("clang %s: %v", c.opt, c.err)
		}
		t0 := time.Now()
		var keep map[string][]uint64
		if sink != nil {
			keep = all
		}
		found = append(found, runPTX(c.opt, c.ptx, progs, want, got, keep)...)
		phaseSim.Add(since(t0))
	}
	if len(got) > 0 {
		if err := crossCheck(tools, progs, dir, inBytes, found, got); err != nil {
			return nil, err
		}
	}
	if sink != nil {
		for _, c := range results {
			for _, p := range progs {
				r := Ran{Prog: p, Opt: c.opt, PTX: c.ptx, Got: all[gotKey(p.Seed, c.opt)], Want: want[p.Seed]}
				for i := range found {
					if found[i].Seed == p.Seed && found[i].Opt == c.opt {
						r.Finding = &found[i]
					}
				}
				sink(r)
			}
		}
	}
	return found, nil
}

// crossCheck builds the host a second time with gcc -O0 when ptxplay
// disagrees with the host: a mismatch where the two host builds disagree
// with each other is the host compiler's, not ptxplay's. When gcc -O0
// gives ptxplay's output bit for bit the finding becomes "gcc-bug" (gcc 12
// at -O1 and above folds x <= x of a NaN to true on a jump-threaded path,
// seed 902040; docs/difftest.md); otherwise it stays a mismatch and its
// detail names gcc -O0's value too.
func crossCheck(tools Tools, progs []*Program, dir string, inputs []byte, found []Finding, got map[string][]uint64) error {
	src, bin := filepath.Join(dir, "host.c"), filepath.Join(dir, "host-O0")
	t0 := time.Now()
	err := runTool(tools.CC, tools.hostArgsAt("-O0", src, bin)...)
	phaseGCC.Add(since(t0))
	if err != nil {
		return fmt.Errorf("host build at -O0: %v", err)
	}
	t0 = time.Now()
	cmd := exec.Command(bin)
	cmd.Stdin = bytes.NewReader(inputs)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	raw, err := cmd.Output()
	phaseHost.Add(since(t0))
	if err != nil {
		return fmt.Errorf("host run at -O0: %v: %s", err, stderr.String())
	}
	want0 := map[uint64][]uint64{}
	for _, p := range progs {
		n := p.Launch().Slots() * p.NOut()
		if len(raw) < 8*n {
			return fmt.Errorf("host run at -O0: short output")
		}
		w := make([]uint64, n)
		binary.Decode(raw[:8*n], binary.LittleEndian, w)
		raw = raw[8*n:]
		want0[p.Seed] = w
	}
	for i := range found {
		f := &found[i]
		g, ok := got[gotKey(f.Seed, f.Opt)]
		if !ok || f.What != "mismatch" && f.What != "clang-bug" {
			continue
		}
		w0 := want0[f.Seed]
		if slices.Equal(g, w0) {
			f.What = "gcc-bug"
			f.Detail += "; gcc -O0 gives ptxplay's output bit for bit (the host build at " + hostOpt + " is wrong)"
			continue
		}
		if j := firstDiff(g, w0); j >= 0 {
			f.Detail += fmt.Sprintf("; gcc -O0 gives 0x%x there", w0[j])
		}
	}
	return nil
}

// firstDiff is the first index where a and b differ, or -1.
func firstDiff(a, b []uint64) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

func gotKey(seed uint64, opt string) string { return fmt.Sprint(seed, opt) }

// hostLoop runs p's body for each of its threads, one at a time, under
// setjmp (EXIT); a slot that holds no thread (Shape) is skipped.
func hostLoop(p *Program) string {
	n, slots := p.NOut(), p.Launch().Slots()
	if !p.Cfg.Shapes {
		return fmt.Sprintf("for (u32 t = 0; t < %d; t++) if (!setjmp(exit_jb)) %s_body(t, in + t * %d, out + t * %d);", slots, p.Name, NIn, n)
	}
	return fmt.Sprintf("shp_ = %du; for (u32 t = 0; t < %d; t++) if ((t & %du) < %du && !setjmp(exit_jb)) %s_body(t, in + t * %d, out + t * %d);",
		p.Launch().P(), slots, p.Launch().P()-1, p.Launch().Threads(), p.Name, NIn, n)
}

func maxSlots(progs []*Program) int {
	m := 1
	for _, p := range progs {
		m = max(m, p.Launch().Slots())
	}
	return m
}

func maxOut(progs []*Program) int {
	m := 1
	for _, p := range progs {
		m = max(m, p.NOut())
	}
	return m
}

func runTool(name string, args ...string) error {
	cmd := exec.Command(name, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		msg := out.String()
		if len(msg) > 4000 {
			msg = msg[:4000] + "..."
		}
		return fmt.Errorf("%s: %v\n%s", name, err, msg)
	}
	return nil
}

// runPTX loads the module once and runs every program's kernel on its
// inputs. A module that does not load is retried one kernel at a time by
// the caller's minimiser; here every program reports the error.
//
// keep, when not nil, receives every kernel's output that ran to its end.
func runPTX(opt string, src []byte, progs []*Program, want map[uint64][]uint64, got, keep map[string][]uint64) []Finding {
	prog, err := load(src)
	if err != nil {
		var f []Finding
		for _, p := range progs {
			f = append(f, Finding{Seed: p.Seed, Opt: opt, What: "ptxplay-error", Detail: "module: " + err.Error()})
		}
		return f
	}
	suspect := clangBugs(src)
	var fixed *sim.Program // the module with clang's fixable selections fixed
	var fsrc []byte        // its text
	var unfixable map[uint64]bool
	var fixErr error
	var found []Finding
	for _, p := range progs {
		// run runs p's kernel of a module (src, loaded as prog) the way
		// p's runs go: a -with cli program through launch.Run, its output
		// buffer filled as the host's is (runKernel would start it at
		// zeros, seed 14400013).
		run := func(src []byte, prog *sim.Program) (string, []uint64) {
			if p.Cfg.CLI {
				return runKernelCLI(src, p, want[p.Seed])
			}
			return runKernel(prog, p, want[p.Seed])
		}
		f, out := run(src, prog)
		if keep != nil && out != nil {
			keep[gotKey(p.Seed, opt)] = out
		}
		if f != "" {
			what := "mismatch"
			if out != nil {
				got[gotKey(p.Seed, opt)] = out
			}
			if !strings.HasPrefix(f, "output") {
				what = "ptxplay-error"
			} else if s, ok := suspect[p.Seed]; ok {
				what, f = "clang-bug", f+"; the PTX has "+s
				// Per output value: run the PTX with the wrong selections
				// fixed (fixClangBugs); a difference that remains is not
				// theirs, and a second difference cannot hide behind them.
				if fixed == nil && fixErr == nil {
					fsrc, unfixable = fixClangBugs(src)
					if fixed, fixErr = load(fsrc); fixErr != nil {
						f += "; the fixed PTX does not load: " + fixErr.Error()
					}
				}
				if fixed != nil && !unfixable[p.Seed] {
					if g, _ := run(fsrc, fixed); g == "" {
						f += "; with it fixed the PTX gives the host's output, every value"
					} else {
						what = "mismatch"
						f = "with clang 14's wrong selections fixed in the PTX, " + g + " (unfixed: " + f + ")"
					}
				}
			}
			found = append(found, Finding{Seed: p.Seed, Opt: opt, What: what, Detail: f})
		}
	}
	return found
}

var (
	// funcHead is a function of program N (its kernel, body, helpers,
	// pure and gone functions, mangled or not); anyFunc any function, a
	// prelude one (which every program of a batch shares) being no
	// program's.
	funcHead = regexp.MustCompile(`^(?:\.visible\s+|\.weak\s+)?\.(?:entry|func)\b.*?p(\d+)_(?:k\b|f\d|body|x\d|g\d)`)
	anyFunc  = regexp.MustCompile(`^(?:\.visible\s+|\.weak\s+)?\.(?:entry|func)\b`)
	bfe64    = regexp.MustCompile(`\bbfe\.u64\s+%\w+,\s*%\w+,\s*(\d+),\s*(\d+);`)
	minMaxC  = regexp.MustCompile(`\b(?:min|max)\.f(?:32|64)\s+%\w+,\s*(?:%\w+,\s*0[fd][0-9A-Fa-f]+|0[fd][0-9A-Fa-f]+,\s*%\w+);`)
	selp10   = regexp.MustCompile(`\bselp\.[bu]32\s+(%\w+),\s*1,\s*0,`)
	cvtS32   = regexp.MustCompile(`\bcvt\.rn\.f(?:16|32|64)\.s32\s+%\w+,\s*(%\w+);`)
	mulWide  = regexp.MustCompile(`\bmul\.wide\.s(?:32\s+%\w+,\s*%\w+,\s*-2147483648|16\s+%\w+,\s*%\w+,\s*-32768);`)
)

var (
	bfe64Fix   = regexp.MustCompile(`^(\s*)bfe\.u64\s+(%\w+),\s*(%\w+),\s*(\d+),\s*(\d+);\s*$`)
	mulWideFix = regexp.MustCompile(`^(\s*)mul\.wide\.s(32|16)\s+(%\w+),\s*(%\w+),\s*(?:-2147483648|-32768);\s*$`)
)

// fixClangBugs rewrites the wrong selections of clang 14 that clangBugs
// finds and whose meaning in the C is certain, so that the PTX computes
// what the source says:
//
//   - bfe.u64 d, a, pos, len with pos >= 32 and pos+len > 64, selected for
//     (and (sra a, pos), 2^len - 1): shr.s64 d, a, pos; and.b64 d, d, mask
//     (the arithmetic shift brings copies of bit 63 where bfe.u64 fills
//     zeros);
//   - mul.wide.s32 d, r, -2147483648, selected for the inner r * 2^31 of
//     -(r * 2^31): cvt.s64.s32 d, r; shl.b64 d, d, 31 (and .s16 by -32768:
//     cvt.s32.s16, shl.b32 15).
//
// unfixable names the programs with a wrong selection it leaves as it is
// (a float min/max fold, whose C form, x < C or C > x, the PTX no longer
// shows; a signed conversion of a predicate; an instruction in a form the
// patterns above do not match).
func fixClangBugs(src []byte) (fixed []byte, unfixable map[uint64]bool) {
	unfixable = map[uint64]bool{}
	var seed uint64
	ones := map[string]bool{}
	lines := strings.Split(string(src), "\n")
	for i, line := range lines {
		if m := funcHead.FindStringSubmatch(line); m != nil {
			seed, _ = strconv.ParseUint(m[1], 10, 64)
			clear(ones)
			continue
		} else if anyFunc.MatchString(line) {
			seed = 0
			clear(ones)
			continue
		}
		if m := selp10.FindStringSubmatch(line); m != nil {
			ones[m[1]] = true
		}
		if m := cvtS32.FindStringSubmatch(line); m != nil && ones[m[1]] || minMaxC.MatchString(line) {
			unfixable[seed] = true
		}
		if m := bfe64.FindStringSubmatch(line); m != nil {
			pos, _ := strconv.Atoi(m[1])
			n, _ := strconv.Atoi(m[2])
			if pos >= 32 && pos+n > 64 {
				f := bfe64Fix.FindStringSubmatch(line)
				if f == nil || n > 64 {
					unfixable[seed] = true
					continue
				}
				mask := uint64(1)<<n - 1
				if n == 64 {
					mask = ^uint64(0)
				}
				lines[i] = fmt.Sprintf("%sshr.s64 %s, %s, %d;\n%sand.b64 %s, %s, 0x%016x;", f[1], f[2], f[3], pos, f[1], f[2], f[2], mask)
			}
		}
		if mulWide.MatchString(line) {
			f := mulWideFix.FindStringSubmatch(line)
			switch {
			case f == nil:
				unfixable[seed] = true
			case f[2] == "32":
				lines[i] = fmt.Sprintf("%scvt.s64.s32 %s, %s;\n%sshl.b64 %s, %s, 31;", f[1], f[3], f[4], f[1], f[3], f[3])
			default:
				lines[i] = fmt.Sprintf("%scvt.s32.s16 %s, %s;\n%sshl.b32 %s, %s, 15;", f[1], f[3], f[4], f[1], f[3], f[3])
			}
		}
	}
	return []byte(strings.Join(lines, "\n")), unfixable
}

// clangBugs finds the programs whose PTX shows one of clang 14's known
// wrong selections, mapping seeds to the instruction:
//
// A broken bit-field extract: LLVM 14's NVPTX selects (and (sra x, c), mask) on a 64-bit x as
// bfe.u64 x, c, len even when the field runs past bit 63, where bfe.u64
// fills with zeros but the arithmetic shift brought in copies of the sign
// bit (tryBFE measures the "good bits" against the 32-bit constant's width,
// so for c >= 32 the check underflows). A bfe.u64 with pos >= 32 and
// pos+len > 64 comes from that path only; a disagreement in a program that
// has one is clang's (the same selection from a logical shift is right,
// and those programs agree).
//
// A widening multiply by the immediate -2^31 (or -2^15 for .s16): LLVM 14
// turns x * -2^31 of a sign-extended x into -(x * 2^31) and selects the
// inner multiply as mul.wide.s32 with 2^31 as its immediate, which a 32-bit
// signed immediate reads as -2^31: the PTX computes -(x * -2^31).
//
// A signed conversion of a predicate: LLVM 14's NVPTX selects
// sint_to_fp of an i1 as cvt.rn.f64.s32 of selp.u32 1, 0, where true is -1
// as a signed 1-bit value: (double)(s8)-(a < b) gives +1.0 instead of -1.0
// (seed 2000381, reduced). The unsigned conversion selects the same selp
// with cvt.rn.f64.u32, which is right.
//
// A float min or max with a constant operand: the generated C has no
// fmin/fmax, so these come from clang 14 folding a compare-and-select with
// a float constant (x < C ? x : C, also after if/continue became a select)
// into min/max, which ignores the sign of a zero (x = -0.0, C = +0.0: the C
// gives +0.0, min.f32 -0.0).
func clangBugs(src []byte) map[uint64]string {
	out := map[uint64]string{}
	var seed uint64
	ones := map[string]bool{} // registers set by selp 1, 0 in this function
	for _, line := range strings.Split(string(src), "\n") {
		if m := funcHead.FindStringSubmatch(line); m != nil {
			seed, _ = strconv.ParseUint(m[1], 10, 64)
			clear(ones)
			continue
		} else if anyFunc.MatchString(line) {
			seed = 0
			clear(ones)
			continue
		}
		if m := selp10.FindStringSubmatch(line); m != nil {
			ones[m[1]] = true
		}
		if m := cvtS32.FindStringSubmatch(line); m != nil && ones[m[1]] {
			out[seed] = strings.TrimSpace(line) + " of a selp 1, 0 (clang 14's signed conversion of a predicate as +1)"
		}
		if m := bfe64.FindStringSubmatch(line); m != nil {
			pos, _ := strconv.Atoi(m[1])
			n, _ := strconv.Atoi(m[2])
			if pos >= 32 && pos+n > 64 {
				out[seed] = strings.TrimSpace(line) + " (clang 14's bfe selection of an arithmetic shift)"
			}
		}
		if minMaxC.MatchString(line) {
			out[seed] = strings.TrimSpace(line) + " (clang 14's fold of a float select with a constant into min/max)"
		}
		if mulWide.MatchString(line) {
			out[seed] = strings.TrimSpace(line) + " (clang 14's mul.wide by 2^31 read as -2^31)"
		}
	}
	delete(out, 0) // a prelude function's: no program's
	return out
}

func load(src []byte) (*sim.Program, error) {
	mod, errs := ptx.Parse("batch.ptx", src)
	if len(errs) > 0 {
		return nil, fmt.Errorf("parse: %v", errs[0])
	}
	cp, errs := check.Check(mod)
	if len(errs) > 0 {
		return nil, fmt.Errorf("check: %v (%d errors)", errs[0], len(errs))
	}
	return sim.Load(cp)
}

// runKernel runs one program's kernel through core/launch and compares its
// output buffer with the host's; it returns "" when they agree, else the
// first difference; ptxplay's output whenever the kernel ran to its end.
func runKernel(prog *sim.Program, p *Program, want []uint64) (msg string, got []uint64) {
	defer func() {
		if r := recover(); r != nil {
			msg, got = fmt.Sprintf("panic: %v", r), nil
		}
	}()
	in := Inputs(p.Seed, p.Launch().Slots())
	data := make([]string, len(in))
	for i, v := range in {
		data[i] = fmt.Sprint(v)
	}
	inJSON, _ := json.Marshal(map[string]any{"type": "u64", "data": json.RawMessage("[" + strings.Join(data, ",") + "]")})
	outJSON, _ := json.Marshal(map[string]any{"type": "u64", "count": len(want)})
	k := p.Name + "_k"
	b := p.Launch().Block
	spec := &launch.Spec{Kernel: k, Grid: [3]uint32{uint32(p.Launch().Grid), 1, 1}, Block: [3]uint32{uint32(b[0]), uint32(b[1]), uint32(b[2])},
		Args: map[string]json.RawMessage{k + "_param_0": inJSON, k + "_param_1": outJSON}}
	res := &launch.Result{Buffers: map[string]*launch.Buffer{}}
	m, err := launch.Prepare(prog, spec, res)
	if err != nil {
		return "launch: " + err.Error(), nil
	}
	// synccheck and racecheck: a generated program synchronises right and
	// shares nothing unsynchronised, so a finding is ptxplay's (lanes that
	// should have met again reaching a shfl.sync or bar.sync apart, as the
	// exit paths of clang 19 once made them) or a false alarm of the
	// sanitizer (racecheck once took a u8 a thread for a race).
	launch.SanitizeMachine(m, res, sanitizeFor(p.Seed))
	m.Run(budget)
	if f := m.Fault(); f != nil {
		return fmt.Sprintf("run: line %d: %s", f.Line, f.Msg), nil
	}
	if !m.Done() {
		return fmt.Sprintf("run: not done after %d warp instructions", budget), nil
	}
	if hz := hazards(p, m.Hazards()); len(hz) > 0 {
		h := hz[0]
		return fmt.Sprintf("sanitizer: line %d: %s: %s (%d findings)", h.Line, h.Kind, h.Message, len(hz)), nil
	}
	launch.Collect(m, res)
	got = res.Buffers[k+"_param_1"].Data
	n := p.NOut()
	names := p.outputs()
	for i := range want {
		if got[i] != want[i] {
			return fmt.Sprintf("output thread %d slot %d (%s): ptxplay 0x%x, host 0x%x", i/n, i%n, names[i%n], got[i], want[i]), got
		}
	}
	return "", got
}

const budget = 50_000_000

// hazards are the sanitizer's findings that count against a run: with
// Config.Exit, a barrier that completes without warps which exited is
// what the program means (the ISA, exit: "If the exiting threads are
// holding up the barrier, the barrier is released"); synccheck reports it
// because the CUDA guide asks a __syncthreads() in conditional code to
// have a condition the same for the whole block.
func hazards(p *Program, hz []sim.Hazard) []sim.Hazard {
	if !p.Cfg.Exit {
		return hz
	}
	var out []sim.Hazard
	for _, h := range hz {
		if !exitedAtBarrier.MatchString(h.Message) {
			out = append(out, h)
		}
	}
	return out
}

var exitedAtBarrier = regexp.MustCompile(`^barrier 0 completes without warps [0-9, ]+ of CTA \(\d+,0,0\), which exited without reaching it`)

// sanitizeFor gives the sanitizers a program's runs have on: synccheck
// always, racecheck for odd seeds. initcheck stays off (a struct copy
// reads the padding nothing wrote, as C allows). racecheck (like
// initcheck) makes every access go through Machine.access, one lane at
// a time: the warp-wide paths of core/sim (warpSpan, sharedSeq4,
// globalSeq4, their AVX2 and Go lane loops, execLdShared4 ...) run only
// without it, so the even seeds' runs are the ones that test them.
func sanitizeFor(seed uint64) sim.Sanitize {
	if seed%2 == 1 {
		return sim.SanSync | sim.SanRace
	}
	return sim.SanSync
}
