package examples

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/fp"
	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/ptx"
	"github.com/ptxplay/ptxplay/core/sim"
)

// in is a run's buffers by name, as element bits: the checkers read the
// inputs from it (a kernel only reads them) and compute what every output
// must hold, in plain Go, independently of the simulator.
type in map[string][]uint64

// want is one example's expectation: the output buffers, or for the
// examples that fail on purpose, the error.
type want struct {
	out     func(t *testing.T, b in) map[string][]uint64
	errLine int    // failing examples: the line of the error
	errText string // failing examples: a substring of its message
	// A warning the run must report (and no other); none when warnLine is 0.
	warnLine int
	warnText string
	// Shared-memory bank-conflict degree of the accesses at a line, as the
	// notes promise.
	conflictLine, conflict int
}

var wants = map[string]want{
	"vadd": {out: func(t *testing.T, b in) map[string][]uint64 {
		out := make([]uint64, len(b["out"]))
		for i := range out {
			s := f32(b["a"][i]) + f32(b["b"][i]) // Go rounds float32 + float32 to nearest even, as add.f32 does
			out[i] = uint64(math.Float32bits(s))
		}
		return map[string][]uint64{"out": out}
	}},
	"shfl_reduce": {out: func(t *testing.T, b in) map[string][]uint64 {
		out := make([]uint64, len(b["in"]))
		for w := 0; w < len(out); w += 32 {
			var sum uint32
			for l := 0; l < 32; l++ {
				sum += uint32(b["in"][w+l])
			}
			for l := 0; l < 32; l++ {
				out[w+l] = uint64(sum)
			}
		}
		return map[string][]uint64{"out": out}
	}},
	"divergent_loop": {out: func(t *testing.T, b in) map[string][]uint64 {
		out := make([]uint64, len(b["in"]))
		for i, v := range b["in"] {
			out[i] = uint64(bits.OnesCount32(uint32(v)))
		}
		return map[string][]uint64{"out": out}
	}},
	"compiled": {out: func(t *testing.T, b in) map[string][]uint64 {
		in := b["sumsq_param_0"]
		var s uint32
		for _, v := range in[:300] {
			x := int32(v)
			s += uint32(x * x)
		}
		return map[string][]uint64{"sumsq_param_2": {uint64(s)}}
	}},
	"vote_ballot": {out: func(t *testing.T, b in) map[string][]uint64 {
		n := len(b["in"])
		ballot, votes, rank := make([]uint64, n), make([]uint64, n), make([]uint64, n)
		for w := 0; w < n; w += 32 {
			var mask uint32
			for l := 0; l < 32; l++ {
				if b["in"][w+l] > 50 {
					mask |= 1 << l
				}
			}
			var v uint64
			if mask != 0 {
				v |= 1 // any
			}
			if mask == 0xffffffff {
				v |= 2 // all
			}
			if mask == 0 || mask == 0xffffffff {
				v |= 4 // uni
			}
			for l := 0; l < 32; l++ {
				ballot[w+l] = uint64(mask)
				votes[w+l] = v
				rank[w+l] = uint64(bits.OnesCount32(mask & (1<<l - 1)))
			}
		}
		return map[string][]uint64{"ballot": ballot, "votes": votes, "rank": rank}
	}},
	"nested_ifelse": {out: func(t *testing.T, b in) map[string][]uint64 {
		out := make([]uint64, 32)
		for x := uint32(0); x < 32; x++ {
			var y uint32
			switch {
			case x < 16 && x%2 == 0:
				y = x * 2
			case x < 16:
				y = x * 3
			case x%4 == 0:
				y = x + 100
			default:
				y = x - 100
			}
			out[x] = uint64(y)
		}
		return map[string][]uint64{"out": out}
	}},
	"prmt_modes": {out: func(t *testing.T, b in) map[string][]uint64 {
		// PTX ISA 9.7.9.7: source bytes {b, a} = b7..b4 a3..a0.
		src := [8]uint8{0x00, 0x11, 0x22, 0x33, 0xc4, 0xd5, 0xe6, 0xf7}
		generic := make([]uint64, 32)
		for l, c := range b["sel"] {
			var d uint32
			for i := 0; i < 4; i++ {
				sel := uint32(c) >> (4 * i) & 0xf
				v := src[sel&7]
				if sel&8 != 0 { // msb of the byte replicated
					v = 0
					if src[sel&7]&0x80 != 0 {
						v = 0xff
					}
				}
				d |= uint32(v) << (8 * i)
			}
			generic[l] = uint64(d)
		}
		// The mode tables as the manual prints them: for c[1:0] = 0..3,
		// the source byte of result bytes 3, 2, 1, 0.
		tables := map[string][4]string{
			"f4e":  {"3210", "4321", "5432", "6543"},
			"b4e":  {"5670", "6701", "7012", "0123"},
			"rc8":  {"0000", "1111", "2222", "3333"},
			"ecl":  {"3210", "3211", "3222", "3333"},
			"ecr":  {"0000", "1110", "2210", "3210"},
			"rc16": {"1010", "3232", "1010", "3232"},
		}
		want := map[string][]uint64{"generic": generic}
		for mode, tab := range tables {
			out := make([]uint64, 32)
			for l := range out {
				row := tab[l&3]
				var d uint32
				for i := 0; i < 4; i++ {
					d |= uint32(src[row[3-i]-'0']) << (8 * i)
				}
				out[l] = uint64(d)
			}
			want[mode] = out
		}
		return want
	}},
	"lop3_tables": {out: func(t *testing.T, b in) map[string][]uint64 {
		n := len(b["in"]) / 3
		want := map[string][]uint64{}
		fns := map[string]func(a, b, c uint32) uint32{
			"xor3": func(a, b, c uint32) uint32 { return a ^ b ^ c },
			"maj":  func(a, b, c uint32) uint32 { return a&b | a&c | b&c },
			"sel":  func(a, b, c uint32) uint32 { return a&b | ^a&c },
			"and3": func(a, b, c uint32) uint32 { return a & b & c },
			"or3":  func(a, b, c uint32) uint32 { return a | b | c },
			"mix":  func(a, b, c uint32) uint32 { return a&^b | c },
		}
		for name, f := range fns {
			out := make([]uint64, n)
			for i := range out {
				x := b["in"][3*i : 3*i+3]
				out[i] = uint64(f(uint32(x[0]), uint32(x[1]), uint32(x[2])))
			}
			want[name] = out
		}
		return want
	}},
	"byteswap_funnel": {out: func(t *testing.T, b in) map[string][]uint64 {
		want := map[string][]uint64{}
		for _, k := range []string{"bswap", "rotl", "rotr", "shl_clamp", "shr_clamp"} {
			want[k] = make([]uint64, 32)
		}
		for l := 0; l < 32; l++ {
			x, hi, n := uint32(b["x"][l]), uint32(b["hi"][l]), 2*l
			pair := uint64(hi)<<32 | uint64(x)
			c := min(n, 32)
			want["bswap"][l] = uint64(bits.ReverseBytes32(x))
			want["rotl"][l] = uint64(bits.RotateLeft32(x, n%32))
			want["rotr"][l] = uint64(bits.RotateLeft32(x, -(n % 32)))
			want["shl_clamp"][l] = uint64(uint32(pair << c >> 32))
			want["shr_clamp"][l] = uint64(uint32(pair >> c))
		}
		return want
	}},
	"dp4a": {out: func(t *testing.T, b in) map[string][]uint64 {
		out := make([]uint64, 32)
		for i := range out {
			var s int32
			for k := 0; k < 16; k++ {
				s += int32(int8(b["a"][16*i+k])) * int32(int8(b["w"][k]))
			}
			out[i] = uint64(uint32(s))
		}
		return map[string][]uint64{"out": out}
	}},
	"transpose":           {out: transposed, conflictLine: 44, conflict: 1},
	"transpose_conflicts": {out: transposed, conflictLine: 44, conflict: 32},
	"matmul_tiled": {out: func(t *testing.T, b in) map[string][]uint64 {
		out := make([]uint64, 256)
		for r := 0; r < 16; r++ {
			for c := 0; c < 16; c++ {
				// Small integers: every product and partial sum is exact
				// in float32, so the order of the fmas does not matter.
				var s int64
				for k := 0; k < 16; k++ {
					s += int64(f32(b["A"][r*16+k])) * int64(f32(b["B"][k*16+c]))
				}
				out[r*16+c] = uint64(math.Float32bits(float32(s)))
			}
		}
		return map[string][]uint64{"C": out}
	}},
	// race_reduce is wrong on purpose (a race); its findings are checked
	// in core/launch (TestSanitizeCleanCorpus's knownFindings). What this
	// machine's schedule makes of it is not a reference: no output check.
	"race_reduce": {},
	"warp_sync_reduce": {out: func(t *testing.T, b in) map[string][]uint64 {
		var sum uint64
		for _, v := range b["wsum_param_0"] {
			sum += v
		}
		return map[string][]uint64{"wsum_param_1": {sum & 0xffffffff}}
	}},
	"histogram": {out: func(t *testing.T, b in) map[string][]uint64 {
		bins := make([]uint64, 16)
		for _, v := range b["in"] {
			bins[v&15]++
		}
		return map[string][]uint64{"bins": bins}
	}},
	"mma_ldmatrix": {out: func(t *testing.T, b in) map[string][]uint64 {
		out := make([]uint64, 128)
		for r := 0; r < 16; r++ {
			for c := 0; c < 8; c++ {
				var s int64 // small integers: exact in f16 and in any f32 order
				for k := 0; k < 16; k++ {
					s += int64(f16val(b["A"][r*16+k])) * int64(f16val(b["B"][k*8+c]))
				}
				out[r*8+c] = uint64(math.Float32bits(float32(s)))
			}
		}
		return map[string][]uint64{"D": out}
	}},
	"wmma_16x16": {out: func(t *testing.T, b in) map[string][]uint64 {
		const k = "_Z17warp_mma_16x16x16P6__halfS0_Pf"
		out := make([]uint64, 256)
		for r := 0; r < 16; r++ {
			for c := 0; c < 16; c++ {
				var s int64 // B is column-major: element (k, c) at c*16+k
				for kk := 0; kk < 16; kk++ {
					s += int64(f16val(b[k+"_param_0"][r*16+kk])) * int64(f16val(b[k+"_param_1"][c*16+kk]))
				}
				out[r*16+c] = uint64(math.Float32bits(float32(s)))
			}
		}
		return map[string][]uint64{k + "_param_2": out}
	}},
	"wgmma_swizzle": {out: func(t *testing.T, b in) map[string][]uint64 {
		out := make([]uint64, 512)
		for r := 0; r < 64; r++ {
			for c := 0; c < 8; c++ {
				var s int64 // B^T: element (k, c) of B at c*16+k
				for k := 0; k < 16; k++ {
					s += int64(f16val(b["A"][r*16+k])) * int64(f16val(b["Bt"][c*16+k]))
				}
				out[r*8+c] = uint64(math.Float32bits(float32(s)))
			}
		}
		return map[string][]uint64{"D": out}
	}},
	"tcgen05_gemm": {out: func(t *testing.T, b in) map[string][]uint64 {
		// D (128 x 64) = A (128 x 64) * B, B given as Bt (64 x 64, row j
		// is column j of B); f16 inputs are small integers: exact sums.
		a, bt := b["tcgen05_gemm_param_0"], b["tcgen05_gemm_param_1"]
		out := make([]uint64, 128*64)
		for r := 0; r < 128; r++ {
			for c := 0; c < 64; c++ {
				s := 0.0
				for k := 0; k < 64; k++ {
					s += float64(f16val(a[r*64+k])) * float64(f16val(bt[c*64+k]))
				}
				out[r*64+c] = uint64(math.Float32bits(float32(s)))
			}
		}
		return map[string][]uint64{"tcgen05_gemm_param_2": out}
	}},
	"dsmem_exchange": {out: func(t *testing.T, b in) map[string][]uint64 {
		// Clusters of two CTAs of 64 threads: CTA rank r of a cluster
		// reads element t of the other rank's half and scales it by r+1.
		src := b["exchange_param_0"]
		out := make([]uint64, len(src))
		for i := range out {
			cluster, rank, t := i/128, i/64%2, i%64
			other := cluster*128 + (1-rank)*64 + t
			out[i] = uint64(math.Float32bits(f32(src[other]) * float32(rank+1)))
		}
		return map[string][]uint64{"exchange_param_1": out}
	}},
	"tma_tile": {out: func(t *testing.T, b in) map[string][]uint64 {
		// The 96 x 40 matrix (row-major, "matrix") in 64 x 8 tiles; CTA
		// (bx, by) loads the tile at column 64*bx, row 8*by. Outside the
		// matrix the TMA fills zeros.
		m := b["matrix"]
		elem := func(x, y int) uint64 {
			if x < 96 && y < 40 {
				return m[y*96+x]
			}
			return 0
		}
		raw := make([]uint64, 5120)
		tile := make([]uint64, 5120)
		for by := 0; by < 5; by++ {
			for bx := 0; bx < 2; bx++ {
				cta := by*2 + bx
				for r := 0; r < 8; r++ {
					for c := 0; c < 64; c++ {
						v := elem(64*bx+c, 8*by+r)
						tile[(8*by+r)*128+64*bx+c] = v
						// The 128B swizzle (PTX ISA 5.5.7, row r of its
						// table): the 16-byte chunk k of a 128-byte row
						// lands at position k XOR r.
						pos := (c / 8) ^ (r % 8)
						raw[cta*512+r*64+pos*8+c%8] = v
					}
				}
			}
		}
		return map[string][]uint64{"tma_tile_param_1": raw, "tma_tile_param_2": tile}
	}},
	"ws_gemm": {out: func(t *testing.T, b in) map[string][]uint64 {
		// C (64 x 32) = A (64 x 96, row-major) * B, B given as Bt (32 x 96,
		// row-major), both iota (f16 rounds the larger values). Each of the
		// six wgmma (K=16) adds its 16 products and the accumulator in one
		// fused step as the tensor cores do (docs/tensor-cores.md): an H200
		// gives these bits (cmd/gpucheck, 2026-11-27); f32 adds in k order
		// differ in 1534 of the 2048 sums.
		const M, N, K = 64, 32, 96
		out := make([]uint64, M*N)
		for r := 0; r < M; r++ {
			for c := 0; c < N; c++ {
				var s float32
				for k0 := 0; k0 < K; k0 += 16 {
					var x, y [16]float32
					for k := range 16 {
						x[k], y[k] = f16val(b["A"][r*K+k0+k]), f16val(b["Bt"][c*K+k0+k])
					}
					s = fusedStep(s, x[:], y[:])
				}
				out[r*N+c] = uint64(math.Float32bits(s))
			}
		}
		return map[string][]uint64{"ws_gemm_param_2": out}
	}},
	"fault_oob": {errLine: 24, errText: "4-byte store of global address"},
	// What the simulator's undefined registers hold is not the point (a
	// GPU gives garbage); the warning is, so the output goes unchecked.
	"fault_uninit": {warnLine: 22, warnText: "%r5 is read here, but no instruction before it writes it"},
}

func transposed(t *testing.T, b in) map[string][]uint64 {
	out := make([]uint64, 1024)
	for r := 0; r < 32; r++ {
		for c := 0; c < 32; c++ {
			out[r*32+c] = b["in"][c*32+r]
		}
	}
	return map[string][]uint64{"out": out}
}

func f32(v uint64) float32 { return math.Float32frombits(uint32(v)) }

// fusedStep is one tensor-core step on finite f16 inputs with an f32
// accumulator, written from docs/tensor-cores.md's rules: each product
// aligns at ea+eb+1 (f16 exponents, subnormals at -14), the accumulator at
// ec+1; every term is truncated to a multiple of 2^(E-26) for the largest
// E; the sum is rounded toward zero to f32.
func fusedStep(acc float32, x, y []float32) float32 {
	exp := func(v float32) int { return int(math.Floor(math.Log2(math.Abs(float64(v))))) }
	type term struct {
		v float64
		e int
	}
	var ts []term
	if acc != 0 {
		ts = append(ts, term{float64(acc), exp(acc) + 1})
	}
	for i := range x {
		if x[i] != 0 && y[i] != 0 {
			ts = append(ts, term{float64(x[i]) * float64(y[i]), max(exp(x[i]), -14) + max(exp(y[i]), -14) + 1})
		}
	}
	if len(ts) == 0 {
		return 0
	}
	top := ts[0].e
	for _, t := range ts {
		top = max(top, t.e)
	}
	var sum float64
	for _, t := range ts {
		sum += math.Trunc(math.Ldexp(t.v, 26-top)) // exact: whole numbers under 2^32
	}
	v := math.Ldexp(sum, top-26)
	f := float32(v)
	if math.Abs(float64(f)) > math.Abs(v) {
		f = math.Nextafter32(f, 0)
	}
	return f
}

// f16val decodes f16 bits.
func f16val(v uint64) float32 { return math.Float32frombits(fp.CvtF16ToF32(uint16(v), false, false)) }

// TestExamples runs every example under its launch spec and checks each
// output buffer element by element (or the error of a failing example).
func TestExamples(t *testing.T) {
	exs := All()
	if len(exs) == 0 {
		t.Fatal("no examples")
	}
	for _, e := range exs {
		t.Run(e.Name, func(t *testing.T) {
			w, ok := wants[e.Name]
			if !ok {
				t.Fatalf("no expectation for example %s: add one to wants", e.Name)
			}
			res := launch.Run(e.Name+"/kernel.ptx", []byte(e.Source), []byte(e.Launch), launch.Options{})
			if w.errLine != 0 {
				checkError(t, res, w)
				return
			}
			if !res.OK {
				t.Fatalf("run failed: %+v", res.Errors)
			}
			checkWarnings(t, res, w)
			if w.conflictLine != 0 {
				if got := maxConflict(t, e, w.conflictLine); got != w.conflict {
					t.Errorf("shared accesses at line %d: %d-way bank conflict, want %d-way", w.conflictLine, got, w.conflict)
				}
			}
			if w.out == nil {
				return
			}
			b := in{}
			for name, buf := range res.Buffers {
				b[name] = buf.Data
			}
			exp := w.out(t, b)
			if len(exp) == 0 {
				t.Fatal("the expectation checks no buffer")
			}
			for name, wantData := range exp {
				got, ok := b[name]
				if !ok {
					t.Fatalf("no buffer %s", name)
				}
				if len(got) != len(wantData) {
					t.Fatalf("%s: %d elements, want %d", name, len(got), len(wantData))
				}
				bad := 0
				for i := range got {
					if got[i] != wantData[i] {
						if bad < 8 {
							typ := res.Buffers[name].Type
							t.Errorf("%s[%d] = %s, want %s", name, i, launch.FormatValue(typ, got[i]), launch.FormatValue(typ, wantData[i]))
						}
						bad++
					}
				}
				if bad > 0 {
					t.Errorf("%s: %d of %d elements differ", name, bad, len(got))
				}
			}
		})
	}
}

// checkWarnings: the examples run without warnings, except the one that
// exists to show one.
func checkWarnings(t *testing.T, res *launch.Result, w want) {
	t.Helper()
	if w.warnLine == 0 {
		for _, x := range res.Warnings {
			t.Errorf("unexpected warning at line %d: %s", x.Line, x.Message)
		}
		return
	}
	if len(res.Warnings) != 1 || res.Warnings[0].Line != w.warnLine || !strings.Contains(res.Warnings[0].Message, w.warnText) {
		t.Errorf("warnings %+v; want one at line %d containing %q", res.Warnings, w.warnLine, w.warnText)
	}
}

// maxConflict runs the example step by step and returns the worst
// shared-memory bank-conflict degree of the steps at line.
func maxConflict(t *testing.T, e Example, line int) int {
	t.Helper()
	mod, errs := ptx.Parse(e.Name, []byte(e.Source))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	prog, errs := check.Check(mod)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	p, err := sim.Load(prog)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := launch.ParseSpec([]byte(e.Launch))
	if err != nil {
		t.Fatal(err)
	}
	m, err := launch.Prepare(p, spec, &launch.Result{Buffers: map[string]*launch.Buffer{}})
	if err != nil {
		t.Fatal(err)
	}
	m.Record(true)
	worst, seen := 0, 0
	for steps := 0; !m.Done() && steps < 1_000_000; steps++ {
		m.Step()
		if m.Last().Line() != line {
			continue
		}
		seen++
		// A warp that exists in no CTA: no registers, just the access.
		if a := m.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 1 << 20}).Access; a != nil {
			worst = max(worst, a.Conflict)
		}
	}
	if seen == 0 {
		t.Fatalf("no step ran line %d", line)
	}
	return worst
}

func checkError(t *testing.T, res *launch.Result, w want) {
	t.Helper()
	if res.OK {
		t.Fatalf("the run succeeded; want an error at line %d containing %q", w.errLine, w.errText)
	}
	var msgs []string
	for _, e := range res.Errors {
		if e.Line == w.errLine && strings.Contains(e.Message, w.errText) {
			return
		}
		msgs = append(msgs, fmt.Sprintf("%s line %d: %s", e.Phase, e.Line, e.Message))
	}
	t.Fatalf("want an error at line %d containing %q; got:\n%s", w.errLine, w.errText, strings.Join(msgs, "\n"))
}

// TestMetadata checks what the menu shows: titles, groups kept together,
// and notes that point at lines the kernel has.
func TestMetadata(t *testing.T) {
	exs := All()
	seen := map[string]bool{}
	for i, e := range exs {
		if i > 0 && exs[i-1].Group != e.Group && seen[e.Group] {
			t.Errorf("group %s is split: %s comes after another group", e.Group, e.Name)
		}
		seen[e.Group] = true
		if strings.Contains(e.Title, "\n") || e.Title == "" {
			t.Errorf("%s: bad title %q", e.Name, e.Title)
		}
		if got, ok := Get(e.Name); !ok || got.Title != e.Title {
			t.Errorf("Get(%q) = %v, %v", e.Name, got.Title, ok)
		}
		lines := strings.Count(e.Source, "\n") + 1
		for _, f := range strings.Fields(e.Notes) {
			var n int
			if _, err := fmt.Sscanf(f, "%d", &n); err == nil && strings.Contains(e.Notes, "line "+f) && n > lines {
				t.Errorf("%s: notes name line %d; the kernel has %d lines", e.Name, n, lines)
			}
		}
	}
	if len(Groups()) != len(seen) {
		t.Errorf("Groups() = %v; want %d groups", Groups(), len(seen))
	}
	if _, ok := Get("no-such-example"); ok {
		t.Error("Get found a missing example")
	}
}
