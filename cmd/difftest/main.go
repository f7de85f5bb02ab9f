// Command difftest is a differential tester: it generates random
// CUDA-style C programs (integer and float arithmetic of every width,
// conversions, structs by value, local arrays, loops, noinline calls; no
// undefined behaviour), compiles each with clang-14 to PTX and with gcc for
// the host, runs the PTX through ptxplay's core/launch and the host build
// on the same inputs, and reports every output that differs in any bit.
//
//	go run ./cmd/difftest -n 20000 -seed 1 -j 2
//
// Programs go in batches (-batch per file) so that each compiler starts
// once per batch; -j batches run at once. See docs/difftest.md.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	n := flag.Int("n", 1000, "number of programs")
	seed := flag.Uint64("seed", 1, "first seed (programs use seed, seed+1, ...)")
	batch := flag.Int("batch", 80, "programs per compiled file")
	jobs := flag.Int("j", runtime.NumCPU(), "batches at once")
	optsFlag := flag.String("O", "-O0,-O3", "clang optimisation levels")
	features := flag.String("features", "", "comma list of features to turn off: calls,structs,fwd,arrays,loops,floats")
	with := flag.String("with", "", "comma list of features to turn on (they write other programs for the same seeds): spaces,exchange,vec,half,wide,atomics (which acts on spaces' variables),exit (early returns: whole warps before barriers, threads after their last; turns exchange on),shapes (1 to 3 CTAs of 1 to 4 warps, partial last warps, 2-D and 3-D blocks),diverge (warp shuffles, votes and reductions on the two paths of a branch, run together; turns exchange on),intrin (CUDA intrinsics the ISA defines to the bit: cvt and arithmetic in every rounding mode, saturating conversions, min/max with NaNs, cvt.sat, prmt, mul.hi.64, sad, mul24, brev, funnel shifts, bit fields, integer min/max/abs),bitfields (most structs' integer members bit-fields of 1 to 64 bits),intrin19 (with CLANG=clang-19: min/max.NaN, f16 min/max and fma.rn(.relu), cvt to f16x2, bf16x2, bf16 with .relu, cvt.rna.tf32),carry (extended precision in inline PTX: add.cc, addc, sub.cc, subc, mad.cc, madc),scan (warp scans and reductions in loops of shfl.sync: widths, butterflies, trees, two divergent loops under their own membermasks, one shuffle of any lane and c; turns exchange on),tiles (shared-memory tiles across the CTA in loops with __syncthreads: a tiled product, a padded transposition, a double-buffered cp.async copy; not with exit),retype (every second instruction of clang's forms rewritten into the twin nvcc writes: add.u32, ld.global.b32, setp.eq.b32, add.f32 ...; the program unchanged),round (truncf, floorf, ceilf, rintf, roundf, copysign of float and double: cvt.rzi/rmi/rpi/rni.f32.f32 and .f64.f64),ro (reads of __constant__ and __ldg tables of u32, u64, float, double: ld.const, ld.global.nc),asm (inline PTX nvcc writes and clang never does: lop3, bfind, dp4a, dp2a, prmt modes, shf.clamp, slct, testp, copysign, cnot, mul24.hi, mad24, set),approx (the approximate and .ftz f32 instructions of fast-math code, inline PTX: ex2.approx, div.approx, div.full, rcp.approx, sqrt.approx, rsqrt.approx, mul.ftz, fma.rn.ftz, each checked against the ISA's error bound),f4 (float4 loads of the thread's inputs and a local array of float4 indexed by data: ld.global.v4.f32, st.local.v4.f32, ld.local.v4.f32),v4 (vectors of 16 and 8 bytes moved between a CTA's threads across __syncthreads: st/ld.shared.v4.u32, st/ld.global.v4.f32, st/ld.shared.v2.f32, st/ld.global.v2.u32; not with exit),wmma (a warp's 16x16x16 product on the tensor cores of small integers, exact in any order: wmma.load.a/.b .global.f16, wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32, wmma.store.d .global.f32; whole warps, not with exit),mma (mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 and ldmatrix.sync.aligned.m8n8.x4.shared.b16, each lane's fragments as the ISA lays them out; whole warps, not with exit),gaddr (generic addresses of variables and vector registers in inline PTX: mov of a variable's address, cvta.global/.shared/.local/.const and cvta.to, generic ld/st, isspacep, ld/st .v2/.v4 of u8 to f64, .v2/.v4 registers, mov.b64/.b32 with braces),cvt (conversions clang never writes, inline PTX: every integer pair with and without .sat and registers wider than the types, float to integer in .rni/.rzi/.rmi/.rpi, integer to f16/f32/f64 and float to float in .rn/.rz/.rm/.rp with .sat),half2 (half arithmetic of cuda_fp16.hpp and cuda_bf16.hpp, inline PTX on the bits: f16x2, f16, bf16x2, bf16 add, sub, mul, fma.rn with .sat and .relu, neg, abs, min, max, .NaN, set, cvt.rn/.rz.relu of two floats to f16x2 and bf16x2),atomx (atomics users write in inline PTX on the thread's own shared or global element: 64-bit exch/and/or/min/max, shared inc/dec, cas.b16, add.noftz.f16 and .f16x2, red, .relaxed/.acq_rel/.acquire/.release with .cta/.gpu/.sys),intx (integer forms in inline PTX: add/sub.sat.s32, mad.hi of 32 and 64 bits and mad.hi.sat.s32, mad.lo and mad.wide of other widths, mul.hi and mul.wide of 16 bits, sad of s16, u64, s64, fns),sm90 (forms of newer targets in inline PTX, the module header rewritten to .version 8.1, .target sm_90: bmsk, szext, min/max.xorsign.abs of f32, f16, bf16 and pairs, add/sub/mul of bf16 and bf16x2, cvt to and from e4m3x2/e5m2x2 with .satfinite and .relu, cvt.f32.bf16, cvt.rna.satfinite/.rn.relu/.rz .tf32.f32, cvt.rn(.relu).satfinite of two f32 to f16x2/bf16x2, atom/red add.noftz.bf16 and .bf16x2),hsetp (half compares in inline PTX: setp of f16x2 and bf16x2 writing p|q with and without a BoolOp and {!}c, .ftz, setp of f16 and bf16, set of f16x2 and bf16x2 with a BoolOp into f16x2, bf16x2, u32, s32; the module header as sm90's),warpx (warp collectives under divergent membermasks: on both paths of a branch, redux.sync add/min/max/umin/umax/and/or/xor, match.any/all.sync, activemask after bar.warp.sync, each under its path's lanes; turns exchange on),cli (each program through launch.Run as ptxplay run runs it: lazy fills, the output held in the machine and read back through the result JSON, the output buffer a fill of the seed's value)")
	show := flag.Bool("show", false, "print the program of -seed and exit")
	ubsan := flag.Bool("ubsan", false, "build the host with UBSan (checks the generator writes no undefined behaviour)")
	reduce := flag.Bool("reduce", false, "minimise the program of -seed at the level -O (one level) and print it")
	emit := flag.String("emit", "", "with -reduce: write the reduced case to this testdata/run directory")
	why := flag.String("why", "a disagreement found by the differential tester", "with -emit: the case's description")
	flag.BoolVar(&keepDir, "keep", false, "keep the scratch directories (batch.cu, host.c, PTX)")
	seedList := flag.String("seeds", "", "with -suite: a comma list of seeds (each a program) instead of -n and -seed")
	suite := flag.String("suite", "", "write a GPU suite for gpurun.py into this folder (one program a batch: NAME.ptx is the module ptxplay ran; NAME.expect.json ptxplay's output; difftest.json how the host compared); with -gpu-report: the suite to report on")
	known := flag.String("suite-known", "", "write every testdata/run case and example an sm_90 GPU can run into this folder as a gpurun suite (ptxplay's output as the expectation) and exit")
	gpuReport := flag.String("gpu-report", "", "gpurun's results for -suite (the SUITE folder with summary.json and NAME.gpu.json, or SUITE.gpu.tar.gz): print a line per case and exit")
	formsOut := flag.String("forms", "", "write the instruction forms of every PTX the campaign ran to this file (\"count form\" lines; docs/difftest.md, Coverage)")
	formsOf := flag.Bool("forms-of", false, "print the instruction forms of the PTX files named after the flags and exit")
	flag.Parse()

	if *formsOf {
		m := map[string]int{}
		for _, f := range flag.Args() {
			src, err := os.ReadFile(f)
			if err != nil {
				fmt.Fprintln(os.Stderr, "difftest:", err)
				os.Exit(2)
			}
			ptxForms(src, m)
		}
		writeForms(os.Stdout, m)
		return
	}
	if *formsOut != "" {
		formCounts.m = map[string]int{}
	}

	if *gpuReport != "" {
		if *suite == "" {
			fmt.Fprintln(os.Stderr, "difftest: -gpu-report needs -suite DIR (the folder that was run)")
			os.Exit(2)
		}
		bad, err := Report(os.Stdout, *suite, *gpuReport)
		if err != nil {
			fmt.Fprintln(os.Stderr, "difftest:", err)
			os.Exit(2)
		}
		if bad > 0 {
			os.Exit(1)
		}
		return
	}
	if *known != "" {
		td, err := findTestdata()
		if err == nil {
			var idx SuiteIndex
			idx, err = WriteKnown(td, *known)
			if err == nil {
				for _, s := range idx.Skipped {
					fmt.Printf("skipped %s (%s): %s\n", s.Name, s.Source, s.Detail)
				}
				fmt.Printf("%d cases written to %s, %d skipped\n", len(idx.Cases), *known, len(idx.Skipped))
			}
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "difftest:", err)
			os.Exit(2)
		}
		return
	}

	cfg, err := ParseFeatures(*features)
	if err == nil {
		cfg, err = ParseWith(cfg, *with)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "difftest:", err)
		os.Exit(2)
	}
	if *show {
		p := Generate(*seed, cfg)
		fmt.Print(p.C(), p.Kernel())
		return
	}
	tools, err := FindTools()
	if err != nil {
		fmt.Fprintln(os.Stderr, "difftest:", err)
		os.Exit(2)
	}
	tools.UBSan = *ubsan
	opts := strings.Split(*optsFlag, ",")
	if *reduce {
		p := Generate(*seed, cfg)
		got, err := Reduce(tools, p, opts[0], func(s string) { fmt.Fprintln(os.Stderr, s) })
		if err != nil {
			fmt.Fprintln(os.Stderr, "difftest:", err)
			os.Exit(1)
		}
		fmt.Print(p.C(), p.Kernel())
		fmt.Println("// still fails:", got)
		if *emit != "" {
			if err := Emit(p, opts[0], *emit, *why, tools.Clang); err != nil {
				fmt.Fprintln(os.Stderr, "difftest:", err)
				os.Exit(1)
			}
		}
		return
	}
	start := time.Now()
	progress := func(done int, f []Finding) {
		for _, x := range f {
			fmt.Println(x)
		}
		fmt.Fprintf(os.Stderr, "\r%d/%d programs, %v", done, *n, time.Since(start).Round(time.Second))
	}
	var st Stats
	if *suite != "" {
		var seeds []uint64
		for s := *seed; s < *seed+uint64(*n); s++ {
			seeds = append(seeds, s)
		}
		if *seedList != "" {
			seeds = nil
			for _, f := range strings.Split(*seedList, ",") {
				s, err := strconv.ParseUint(strings.TrimSpace(f), 10, 64)
				if err != nil {
					fmt.Fprintf(os.Stderr, "difftest: -seeds: %q is not a seed\n", f)
					os.Exit(2)
				}
				seeds = append(seeds, s)
			}
			*n = len(seeds)
		}
		st, err = WriteSuite(tools, cfg, *with, seeds, *jobs, opts, *suite, progress)
		if err != nil {
			fmt.Fprintln(os.Stderr, "\ndifftest:", err)
			os.Exit(2)
		}
	} else {
		st = Campaign(tools, cfg, *seed, *n, *batch, *jobs, opts, progress)
	}
	if *formsOut != "" {
		var b strings.Builder
		writeForms(&b, formCounts.m)
		if err := os.WriteFile(*formsOut, []byte(b.String()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "difftest:", err)
		}
	}
	fmt.Fprintln(os.Stderr)
	fmt.Printf("%d programs x %d levels (%s): %d agree, %d disagree, %d errors, %d clang 14 bugs, %d gcc bugs, %v\n",
		*n, len(opts), *optsFlag, st.Agree, st.Disagree, st.Errors, st.ClangBug, st.GCCBug, time.Since(start).Round(time.Second))
	sec := func(ns int64) string { return time.Duration(ns).Round(time.Second).String() }
	if self, kids := cpuTimes(); self > 0 {
		fmt.Printf("CPU time: %s in compilers and host runs, %s in ptxplay and the generator\n",
			kids.Round(time.Second), self.Round(time.Second))
	}
	fmt.Printf("summed over batches: clang %s, gcc %s, host run %s, ptxplay %s\n",
		sec(phaseClang.Load()), sec(phaseGCC.Load()), sec(phaseHost.Load()), sec(phaseSim.Load()))
	if st.Disagree > 0 || st.Errors > 0 {
		os.Exit(1)
	}
}

// ParseFeatures turns a list of features to leave out into a Config.
func ParseFeatures(off string) (Config, error) {
	cfg := DefaultConfig()
	for _, f := range strings.Split(off, ",") {
		switch strings.TrimSpace(f) {
		case "":
		case "calls":
			cfg.Calls = false
		case "structs":
			cfg.Structs = false
		case "fwd":
			cfg.Fwd = false
		case "arrays":
			cfg.Arrays = false
		case "loops":
			cfg.Loops = false
		case "floats":
			cfg.Floats = false
		default:
			return cfg, fmt.Errorf("unknown feature %q (calls, structs, fwd, arrays, loops, floats)", f)
		}
	}
	return cfg, nil
}

// ParseWith turns on the features that are off by default. They draw
// from the generator's random stream only when on, so a seed's program
// without them stays the same as before they existed.
func ParseWith(cfg Config, on string) (Config, error) {
	for _, f := range strings.Split(on, ",") {
		switch strings.TrimSpace(f) {
		case "":
		case "spaces":
			cfg.Spaces = true
		case "exchange":
			cfg.Exchange = true
		case "vec":
			cfg.Vec = true
		case "half":
			cfg.Half = true
		case "wide":
			cfg.Wide = true
		case "atomics":
			cfg.Atomics = true
		case "exit":
			cfg.Exit, cfg.Exchange = true, true
		case "shapes":
			cfg.Shapes = true
		case "diverge":
			cfg.Diverge, cfg.Exchange = true, true
		case "intrin":
			cfg.Intrin = true
		case "bitfields":
			cfg.Bitfields = true
		case "intrin19":
			cfg.Intrin19 = true
		case "carry":
			cfg.Carry = true
		case "scan":
			cfg.Scan, cfg.Exchange = true, true
		case "tiles":
			cfg.Tiles = true
		case "retype":
			cfg.Retype = true
		case "round":
			cfg.Round = true
		case "ro":
			cfg.RO = true
		case "asm":
			cfg.Asm = true
		case "cvt":
			cfg.Cvt = true
		case "half2":
			cfg.Half2 = true
		case "atomx":
			cfg.AtomX = true
		case "intx":
			cfg.IntX = true
		case "sm90":
			cfg.SM90 = true
		case "hsetp":
			cfg.HSetp = true
		case "warpx":
			cfg.WarpX, cfg.Exchange = true, true
		case "approx":
			cfg.Approx = true
		case "f4":
			cfg.F4 = true
		case "v4":
			cfg.V4 = true
		case "wmma":
			cfg.WMMA = true
		case "mma":
			cfg.MMA = true
		case "gaddr":
			cfg.GAddr = true
		case "cli":
			cfg.CLI = true
		default:
			return cfg, fmt.Errorf("unknown feature %q to turn on (spaces, exchange, vec, half, wide, atomics, exit, shapes, diverge, intrin, bitfields, intrin19, carry, scan, tiles, retype, round, ro, asm, approx, f4, v4, wmma, mma, gaddr, cvt, half2, atomx, intx, sm90, hsetp, warpx, cli)", f)
		}
	}
	return cfg, nil
}

// FindTools finds clang-14, gcc and the prelude (testdata/cuda_prelude.h
// above the working directory).
func FindTools() (Tools, error) {
	t := Tools{Clang: "clang-14", CC: "gcc"}
	if c := os.Getenv("CLANG"); c != "" {
		t.Clang = c
	}
	if c := os.Getenv("CC"); c != "" {
		t.CC = c
	}
	for _, x := range []string{t.Clang, t.CC} {
		if _, err := exec.LookPath(x); err != nil {
			return t, fmt.Errorf("%s not found: the differential test needs clang-14 and gcc", x)
		}
	}
	var err error
	t.Include, err = findTestdata()
	return t, err
}

// findTestdata is the testdata folder (the one with cuda_prelude.h) at or
// above the working directory.
func findTestdata() (string, error) {
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "testdata", "cuda_prelude.h")); err == nil {
			return filepath.Join(dir, "testdata"), nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("testdata/cuda_prelude.h not found above the working directory")
		}
		dir = up
	}
}

var keepDir bool

// Stats counts program runs (one per program and level).
type Stats struct {
	Agree, Disagree, Errors int
	ClangBug                int // disagreements that clang 14's known bugs explain
	GCCBug                  int // disagreements where gcc -O0 gives ptxplay's output (the host build is wrong)
}

// Campaign runs n programs from seed in batches, jobs at once, calling
// report after each batch with the number of programs done and what the
// batch found.
func Campaign(tools Tools, cfg Config, seed uint64, n, batch, jobs int, opts []string, report func(int, []Finding)) Stats {
	return campaign(tools, cfg, seed, n, batch, jobs, opts, report, nil)
}

// campaign is Campaign, passing every program's run to sink (see batchTo).
func campaign(tools Tools, cfg Config, seed uint64, n, batch, jobs int, opts []string, report func(int, []Finding), sink func(Ran)) Stats {
	var st Stats
	var mu sync.Mutex
	done := 0
	work := make(chan uint64)
	var wg sync.WaitGroup
	for j := 0; j < max(jobs, 1); j++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dir, err := os.MkdirTemp("", "difftest")
			if err != nil {
				panic(err)
			}
			if keepDir {
				fmt.Fprintln(os.Stderr, "difftest: keeping", dir)
			} else {
				defer os.RemoveAll(dir)
			}
			for first := range work {
				var progs []*Program
				for s := first; s < first+uint64(batch) && s < seed+uint64(n); s++ {
					progs = append(progs, Generate(s, cfg))
				}
				found, err := batchTo(tools, progs, opts, dir, sink)
				mu.Lock()
				if err != nil {
					st.Errors += len(progs) * len(opts)
					done += len(progs)
					report(done, []Finding{{Seed: first, What: "batch-error", Detail: err.Error()}})
					mu.Unlock()
					continue
				}
				for _, f := range found {
					switch f.What {
					case "mismatch":
						st.Disagree++
					case "clang-bug":
						st.ClangBug++
					case "gcc-bug":
						st.GCCBug++
					default:
						st.Errors++
					}
				}
				st.Agree += len(progs)*len(opts) - len(found)
				done += len(progs)
				report(done, found)
				mu.Unlock()
			}
		}()
	}
	for s := seed; s < seed+uint64(n); s += uint64(batch) {
		work <- s
	}
	close(work)
	wg.Wait()
	return st
}
