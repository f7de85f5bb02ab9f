package main

// mmafit.go: `gpucheck mmafit DIR` weighs models of the tensor cores' sum
// with 8-bit float inputs into f32 against what a GPU computed: mma.sync
// m16n8k32 for testdata/gpu/mma_e4m3 and mma_e5m2, and wgmma.mma_async
// m64n8k32 for wgmma_e4m3 and wgmma_e5m2 (wgmma_fp8.h), and into an f16 D:
// mma.sync m16n8k32 e4m3 for mma_e4m3_f16acc, wgmma m64n8k32 for
// wgmma_e4m3_f16acc and wgmma_e5m2_f16acc, at any grid and special_from. It remakes each trial's A, B and C from mma_common.h's
// hash (a port of its generators) and counts, per model, the outputs that
// have the GPU's bits. The models are written here apart from core/sim, so
// the fit does not lean on the simulator; `gpucheck compare` checks the
// simulator itself. docs/gpucheck.md has the results.

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/fp"
)

// fp8 is an 8-bit float input: its value and exponent as f16 encodes it
// (every e4m3 and e5m2 value is an f16; a subnormal f16 at -14).
type fp8 struct {
	v float64
	e int
}

func mix(x uint32) uint32 {
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	return x
}

// hashOf, genE4M3, genE5M2 and genC are mma_common.h's, line for line.
func hashOf(t, which, i uint32) uint32 { return mix(mix(t*3+which) ^ i*0x9e3779b9) }

func genF8(h, t uint32, special, e5 bool) uint32 {
	sp := [8]uint32{0x7f, 0xff, 0x7e, 0x01, 0x07, 0xfe, 0x80, 0x08}
	if e5 {
		sp = [8]uint32{0x7c, 0xfc, 0x7e, 0x01, 0x03, 0x7b, 0x80, 0x04}
	}
	if special && h&31 == 0 {
		return sp[(h>>5)%8]
	}
	if (h>>5)&15 == 0 {
		return (h >> 31) << 7
	}
	e := -6 + int((h>>9)%14)
	if t%4 == 1 {
		e = -2 + int((h>>9)%5)
	}
	if e5 {
		return (h>>31)<<7 | uint32(e+15)<<2 | (h >> 16 & 3)
	}
	return (h>>31)<<7 | uint32(e+7)<<3 | (h >> 16 & 7)
}

func genC(h, t uint32, special bool) uint32 {
	sp := [8]uint32{0x7f800000, 0xff800000, 0x7fc00000, 0x00000001, 0x7f7fffff, 0x80000000, 0x7f000000, 0x00400000}
	if special && h&31 == 0 {
		return sp[(h>>5)%8]
	}
	cls := t % 4
	if cls == 3 {
		return 0
	}
	e := -12 + int((h>>9)%25)
	if cls == 2 {
		e = 8 + int((h>>9)%17)
	}
	return (h>>31)<<31 | uint32(e+127)<<23 | (mix(h) & 0x7fffff)
}

// decodeF8 decodes an e4m3 or e5m2 pattern.
func decodeF8(b uint32, e5 bool) fp8 {
	s := 1.0
	if b&0x80 != 0 {
		s = -1
	}
	var ex, m, mb, bias int
	if e5 {
		ex, m, mb, bias = int(b>>2&31), int(b&3), 2, 15
		if ex == 31 {
			if m == 0 {
				return fp8{v: s * math.Inf(1)}
			}
			return fp8{v: math.NaN()}
		}
	} else {
		ex, m, mb, bias = int(b>>3&15), int(b&7), 3, 7
		if ex == 15 && m == 7 {
			return fp8{v: math.NaN()}
		}
	}
	if ex == 0 {
		v := s * math.Ldexp(float64(m), 1-bias-mb)
		return fp8{v: v, e: f16Exp(v)}
	}
	return fp8{v: s * math.Ldexp(float64(m|1<<mb), ex-bias-mb), e: ex - bias}
}

// f16Exp is v's exponent as f16 encodes it (v finite, nonzero).
func f16Exp(v float64) int {
	_, e := math.Frexp(v)
	return max(e-1, -14)
}

// dotInput is one output's inputs: row r of A, column n of B, C(r, n).
type dotInput struct {
	a, b [32]fp8
	c    float32
}

// mmaInputs remakes trial t's 128 outputs' inputs (row-major D order).
func mmaInputs(t uint32, special, e5 bool) []dotInput { return fp8Inputs(t, special, e5, 16) }

// fp8Inputs remakes the inputs of trial t's rows*8 outputs (row-major D
// order) of a rows x 8 x 32 product: 16 rows for mma.sync, 64 for wgmma
// (wgmma_fp8.h takes A, B and C from the same hash with 64 rows).
func fp8Inputs(t uint32, special, e5 bool, rows int) []dotInput {
	a := make([][32]fp8, rows)
	var b [32][8]fp8
	for r := range rows {
		for k := range 32 {
			a[r][k] = decodeF8(genF8(hashOf(t, 0, uint32(r*32+k)), t, special, e5), e5)
		}
	}
	for k := range 32 {
		for n := range 8 {
			b[k][n] = decodeF8(genF8(hashOf(t, 1, uint32(k*8+n)), t, special, e5), e5)
		}
	}
	out := make([]dotInput, rows*8)
	for r := range rows {
		for n := range 8 {
			d := &out[r*8+n]
			for k := range 32 {
				d.a[k], d.b[k] = a[r][k], b[k][n]
			}
			d.c = math.Float32frombits(genC(hashOf(t, 2, uint32(r*8+n)), t, special))
		}
	}
	return out
}

// fusedStep is the f16 tensor-core step (docs/tensor-cores.md): the
// products of ks and c, products aligned at ea+eb+1, c at ec+1, each
// truncated to 2^(E-w), summed exactly, rounded toward zero to f32; a NaN
// operand, Inf*0 or Inf-Inf the canonical NaN.
func fusedStep(c float32, in *dotInput, ks []int, w int) float32 {
	cv := float64(c)
	v, exact := exactStep(cv, cexp32(cv), in, ks, w)
	switch {
	case v != v:
		return math.Float32frombits(0x7fffffff)
	case !exact:
		return float32(v)
	case math.Abs(v) >= 0x1p128:
		return float32(math.Copysign(math.Inf(1), v))
	}
	f := float32(v)
	if math.Abs(float64(f)) > math.Abs(v) {
		f = math.Nextafter32(f, 0)
	}
	return f
}

// f32Add is an f32 add rounded to nearest, NaN canonical.
func f32Add(x, y float32) float32 {
	if d := x + y; d == d {
		return d
	}
	return math.Float32frombits(0x7fffffff)
}

func kset(f func(k int) bool) []int {
	var ks []int
	for k := range 32 {
		if f(k) {
			ks = append(ks, k)
		}
	}
	return ks
}

var (
	ksAll  = kset(func(int) bool { return true })
	ksLow  = kset(func(k int) bool { return k%4 < 2 }) // low halves of the A/B registers
	ksHigh = kset(func(k int) bool { return k%4 >= 2 })
	ksK0   = kset(func(k int) bool { return k < 16 })
	ksK16  = kset(func(k int) bool { return k >= 16 })
)

// fitModel is one candidate: D's f32 from one output's inputs.
type fitModel struct {
	name string
	d    func(in *dotInput) float32
}

// twoSteps sums the products in two fused steps from zero (first, then
// second), then adds C in f32.
func twoSteps(first, second []int, w int) func(in *dotInput) float32 {
	return func(in *dotInput) float32 {
		return f32Add(fusedStep(fusedStep(0, in, first, w), in, second, w), in.c)
	}
}

var fitModels = []fitModel{
	{"f32 adds in k order, nearest, NaN canonical", func(in *dotInput) float32 {
		acc := in.c
		for k := range 32 {
			acc = f32Add(acc, float32(in.a[k].v*in.b[k].v))
		}
		return acc
	}},
	{"one fused step over C and 32 products (the f16 rule)", func(in *dotInput) float32 {
		return fusedStep(in.c, in, ksAll, 26)
	}},
	{"C + k%4<2, then k%4>=2 (fused steps)", func(in *dotInput) float32 {
		return fusedStep(fusedStep(in.c, in, ksLow, 26), in, ksHigh, 26)
	}},
	{"32 products fused, then + C in f32", func(in *dotInput) float32 {
		return f32Add(fusedStep(0, in, ksAll, 26), in.c)
	}},
	{"k<16, then k>=16, then + C in f32", twoSteps(ksK0, ksK16, 26)},
	{"k%4>=2, then k%4<2, then + C in f32", twoSteps(ksHigh, ksLow, 26)},
	{"k%4<2, then k%4>=2, 25 bits, then + C", twoSteps(ksLow, ksHigh, 25)},
	{"k%4<2, then k%4>=2, 27 bits, then + C", twoSteps(ksLow, ksHigh, 27)},
	{"k%4<2, then k%4>=2, then + C toward zero", func(in *dotInput) float32 {
		s := fusedStep(fusedStep(0, in, ksLow, 26), in, ksHigh, 26)
		v := float64(s) + float64(in.c) // exact: both f32 of near exponents or one absorbs
		f := float32(v)
		if math.Abs(float64(f)) > math.Abs(v) {
			f = math.Nextafter32(f, 0)
		}
		return f
	}},
	{"k%4<2, then k%4>=2, then + C in f32 (the fit)", twoSteps(ksLow, ksHigh, 26)},
}

// cutFraction clears all but the top m of f32 x's 23 fraction bits
// (toward zero); Inf and NaN are kept.
func cutFraction(x float32, m int) float32 {
	b := math.Float32bits(x)
	if b&0x7f800000 == 0x7f800000 {
		return x
	}
	return math.Float32frombits(b &^ (1<<(23-m) - 1))
}

// groups sums the products in fused steps of g consecutive k (k order),
// each a window of w bits: C goes into the first step (cFirst) or is added
// in f32 after the last; after each step the f32 keeps m fraction bits.
func groups(g, w, m int, cFirst bool) func(in *dotInput) float32 {
	return func(in *dotInput) float32 {
		acc := float32(0)
		if cFirst {
			acc = in.c
		}
		for k0 := 0; k0 < 32; k0 += g {
			acc = cutFraction(fusedStep(acc, in, ksAll[k0:k0+g], w), m)
		}
		if !cFirst {
			acc = cutFraction(f32Add(acc, in.c), m)
		}
		return acc
	}
}

// wgmmaModels are the candidates for wgmma.mma_async m64n8k32 with fp8
// inputs into f32; the last is the fit (core/sim's wgmmaDotF8).
var wgmmaModels = []fitModel{
	{"f32 adds in k order, nearest, NaN canonical", fitModels[0].d},
	{"mma.sync's fit (k%4<2, then k%4>=2, then + C)", twoSteps(ksLow, ksHigh, 26)},
	{"C + 32 products fused, 26 bits (the f16 rule)", groups(32, 26, 23, true)},
	{"C + 32 products fused, 24 bits", groups(32, 24, 23, true)},
	{"C + 32 products fused, 14 bits", groups(32, 14, 23, true)},
	{"C + 32 fused, 13 bits, f32 cut to 13 fraction bits", groups(32, 13, 13, true)},
	{"C + 32 fused, 15 bits, f32 cut to 13 fraction bits", groups(32, 15, 13, true)},
	{"C + 32 fused, 16 bits, f32 cut to 13 fraction bits", groups(32, 16, 13, true)},
	{"C + 32 fused, 26 bits, f32 cut to 13 fraction bits", groups(32, 26, 13, true)},
	{"C + 32 fused, 14 bits, f32 cut to 12 fraction bits", groups(32, 14, 12, true)},
	{"C + 32 fused, 14 bits, f32 cut to 14 fraction bits", groups(32, 14, 14, true)},
	{"C + groups of 4 k, 14 bits, cut to 13 after each", groups(4, 14, 13, true)},
	{"C + groups of 8 k, 14 bits, cut to 13 after each", groups(8, 14, 13, true)},
	{"C + groups of 16 k, 14 bits, cut to 13 after each", groups(16, 14, 13, true)},
	{"32 fused, 14 bits, cut to 13, then + C in f32, cut", groups(32, 14, 13, false)},
	{"C + 32 fused, 14 bits, f32 cut to 13 fraction bits (the fit)", groups(32, 14, 13, true)},
}

// fitCounts counts, per model, the outputs of a grid-trial run of
// mma_e4m3 or mma_e5m2 (special operands from trial specialFrom on) that
// equal gpu's words.
func fitCounts(gpu []uint32, e5 bool, grid, specialFrom uint32) []int {
	return countModels(fitModels, gpu, e5, grid, specialFrom, 16)
}

// countModels counts, per model, the outputs of a grid-trial run of rows
// x 8 outputs a trial that equal gpu's words.
func countModels(models []fitModel, gpu []uint32, e5 bool, grid, specialFrom uint32, rows int) []int {
	n := make([]int, len(models))
	per := uint32(rows * 8)
	for t := range grid {
		for i, in := range fp8Inputs(t, t >= specialFrom, e5, rows) {
			g := gpu[t*per+uint32(i)]
			for m, fm := range models {
				if math.Float32bits(fm.d(&in)) == g {
					n[m]++
				}
			}
		}
	}
	return n
}

// expOf16, genF16 and genC16 are mma_common.h's expOf, genF16, genC16.
func expOf16(h, t uint32) int {
	if t%4 == 1 {
		return -2 + int((h>>9)%5)
	}
	return -10 + int((h>>9)%21)
}

func genF16(h, t uint32, special bool) uint32 {
	sp := [8]uint32{0x7c00, 0xfc00, 0x7e00, 0x0001, 0x03ff, 0x7bff, 0x8000, 0x0200}
	if special && h&31 == 0 {
		x := sp[(h>>5)%8]
		if (h>>5)%8 == 7 {
			x |= h >> 20 & 0x1ff
		}
		return x
	}
	if (h>>5)&15 == 0 {
		return (h >> 31) << 15
	}
	return (h>>31)<<15 | uint32(expOf16(h, t)+15)<<10 | (h >> 16 & 0x3ff)
}

func genC16(h, t uint32, special bool) uint32 {
	if t%4 == 3 {
		return 0
	}
	return genF16(h, t, special)
}

// exactStep is fusedStep before its rounding: the exact sum of c (aligned
// at ce) and the products ks in a window of w bits (exact true), or a NaN,
// an Inf or a signed zero, already final.
func exactStep(c float64, ce int, in *dotInput, ks []int, w int) (float64, bool) {
	special := math.IsInf(c, 0) || c != c
	for _, k := range ks {
		x, y := in.a[k].v, in.b[k].v
		special = special || math.IsInf(x, 0) || math.IsInf(y, 0) || x != x || y != y
	}
	if special {
		s := c
		for _, k := range ks {
			s += in.a[k].v * in.b[k].v
		}
		if s != s {
			return math.NaN(), false
		}
		return s, false
	}
	type term struct {
		v float64
		e int
	}
	var terms []term
	top := math.MinInt
	if c != 0 {
		terms = append(terms, term{c, ce})
	}
	allNeg := math.Signbit(c)
	for _, k := range ks {
		p := in.a[k].v * in.b[k].v
		allNeg = allNeg && math.Signbit(p)
		if p != 0 {
			terms = append(terms, term{p, in.a[k].e + in.b[k].e + 1})
		}
	}
	if len(terms) == 0 {
		if allNeg {
			return math.Copysign(0, -1), false
		}
		return 0, false
	}
	for _, t := range terms {
		top = max(top, t.e)
	}
	var sum int64
	for _, t := range terms {
		sum += int64(math.Ldexp(t.v, w-top))
	}
	return math.Ldexp(float64(sum), top-w), true
}

// h16 rounds v to f16 to nearest even (a NaN 0x7fff); hv is an f16's value.
func h16(v float64) uint32 {
	if v != v {
		return 0x7fff
	}
	return uint32(fp.CvtF64ToF16(math.Float64bits(v), fp.RN, false))
}
func hv(b uint32) float64 { return math.Float64frombits(fp.CvtF16ToF64(uint16(b), false)) }

// cexp16 and cexp32 are an accumulator's alignment exponent ec+1 as f16
// and as f32 encode it; rz32 rounds toward zero to f32.
func cexp16(c float64) int {
	_, e := math.Frexp(c)
	return max(e-1, -14) + 1
}
func cexp32(c float64) int {
	_, e := math.Frexp(c)
	return max(e-1, -126) + 1
}
func rz32(v float64) float64 {
	f := float32(v)
	if math.Abs(float64(f)) > math.Abs(v) {
		f = math.Nextafter32(f, 0)
	}
	return float64(f)
}

// fitModel16 is one candidate for an f16 D: D's f16 bits from one
// output's inputs and C's f16 bits.
type fitModel16 struct {
	name string
	d    func(in *dotInput, c uint32) uint32
}

// step16 is a fused step with f16 inputs into an f16 accumulator (the f16
// rule): the exact sum of c and the products ks, rounded once to f16.
func step16(c float64, in *dotInput, ks []int) float64 {
	v, _ := exactStep(c, cexp16(c), in, ks, 26)
	return hv(h16(v))
}

// f16accModels are the candidates for mma.sync m16n8k32 e4m3 into an f16
// C/D (mma_e4m3_f16acc); the last is the fit (core/sim's tensorDotF8F16).
var f16accModels = []fitModel16{
	{"f32 adds in k order, then f16", func(in *dotInput, c uint32) uint32 {
		acc := float32(hv(c))
		for k := range 32 {
			acc += float32(in.a[k].v * in.b[k].v)
		}
		return h16(float64(acc))
	}},
	{"C + 32 products, one fused step to f16", func(in *dotInput, c uint32) uint32 {
		return h16(step16(hv(c), in, ksAll))
	}},
	{"C + k%4<2 to f16, then k%4>=2 to f16", func(in *dotInput, c uint32) uint32 {
		return h16(step16(step16(hv(c), in, ksLow), in, ksHigh))
	}},
	{"C + k<16 to f16, then k>=16 to f16", func(in *dotInput, c uint32) uint32 {
		return h16(step16(step16(hv(c), in, ksK0), in, ksK16))
	}},
	{"k%4<2, k%4>=2 toward zero in f32 (the f32 fit), + C, to f16", func(in *dotInput, c uint32) uint32 {
		a, _ := exactStep(0, 0, in, ksLow, 26)
		a = rz32(a)
		b, _ := exactStep(a, cexp32(a), in, ksHigh, 26)
		return h16(rz32(b) + hv(c))
	}},
	{"C + k%4<2 toward zero in f32, then k%4>=2 to f16", func(in *dotInput, c uint32) uint32 {
		cv := hv(c)
		a, _ := exactStep(cv, cexp32(cv), in, ksLow, 26)
		a = rz32(a)
		b, _ := exactStep(a, cexp32(a), in, ksHigh, 26)
		return h16(b)
	}},
	{"k%4<2 to f16, then k%4>=2 to f16, then + C in f16 (the fit)", func(in *dotInput, c uint32) uint32 {
		return h16(step16(step16(0, in, ksLow), in, ksHigh) + hv(c))
	}},
}

// countF16 counts, per f16accModels model, the outputs of a grid-trial run
// of mma_e4m3_f16acc (D one f16 a word) that equal gpu's words.
func countF16(gpu []uint32, grid, specialFrom uint32) []int {
	return countF16W(f16accModels, gpu, false, grid, specialFrom, 16)
}

// mmaFit runs fitCounts on every mma_e4m3 and mma_e5m2 case in dir (as
// `gpucheck write` wrote them and the GPU ran them).
func mmaFit(w io.Writer, dir string) error {
	specs, err := filepath.Glob(filepath.Join(dir, "*.spec"))
	if err != nil {
		return err
	}
	found := 0
	for _, s := range specs {
		name := strings.TrimSuffix(filepath.Base(s), ".spec")
		text, err := os.ReadFile(s)
		if err != nil {
			return err
		}
		var kernel string
		var grid, from uint32
		for _, l := range strings.Split(string(text), "\n") {
			f := strings.Fields(l)
			switch {
			case len(f) == 2 && f[0] == "kernel":
				kernel = f[1]
			case len(f) == 4 && f[0] == "grid":
				g, _ := strconv.ParseUint(f[1], 10, 32)
				grid = uint32(g)
			case len(f) == 4 && f[0] == "param" && f[1] == "4" && f[2] == "bytes" && len(f[3]) == 8:
				var b [4]byte
				for i := range b {
					v, _ := strconv.ParseUint(f[3][2*i:2*i+2], 16, 8)
					b[i] = byte(v)
				}
				from = binary.LittleEndian.Uint32(b[:])
			}
		}
		models, rows := fitModels, 16
		switch kernel {
		case "mma_e4m3", "mma_e5m2", "mma_e4m3_f16acc":
		case "wgmma_e4m3", "wgmma_e5m2":
			models, rows = wgmmaModels, 64
		case "wgmma_e4m3_f16acc", "wgmma_e5m2_f16acc":
			rows = 64
		default:
			continue
		}
		raw, err := os.ReadFile(filepath.Join(dir, name+".b0.gpu"))
		if err != nil {
			return fmt.Errorf("%s: %v (has the GPU run it?)", name, err)
		}
		if len(raw) < int(grid)*rows*8*4 {
			return fmt.Errorf("%s: %d bytes of output for %d trials", name, len(raw), grid)
		}
		gpu := make([]uint32, int(grid)*rows*8)
		for i := range gpu {
			gpu[i] = binary.LittleEndian.Uint32(raw[4*i:])
		}
		found++
		total := len(gpu)
		fmt.Fprintf(w, "%s: %s, %d trials (special from %d), %d outputs\n", name, kernel, grid, from, total)
		if rows == 64 && strings.HasSuffix(kernel, "_f16acc") {
			for m, c := range countF16W(wgmmaF16accModels, gpu, strings.Contains(kernel, "e5m2"), grid, from, rows) {
				fmt.Fprintf(w, "  %-60s %7d  %6.2f%%\n", wgmmaF16accModels[m].name, c, 100*float64(c)/float64(total))
			}
			continue
		}
		if kernel == "mma_e4m3_f16acc" {
			for m, c := range countF16(gpu, grid, from) {
				fmt.Fprintf(w, "  %-60s %7d  %6.2f%%\n", f16accModels[m].name, c, 100*float64(c)/float64(total))
			}
			continue
		}
		for m, c := range countModels(models, gpu, strings.HasSuffix(kernel, "e5m2"), grid, from, rows) {
			fmt.Fprintf(w, "  %-60s %7d  %6.2f%%\n", models[m].name, c, 100*float64(c)/float64(total))
		}
	}
	if found == 0 {
		return fmt.Errorf("%s: no mma_e4m3, mma_e5m2, mma_e4m3_f16acc, wgmma_e4m3, wgmma_e5m2 or wgmma_*_f16acc case", dir)
	}
	return nil
}

// h16r rounds v to f16 with rounding r (a NaN 0x7fff).
func h16r(v float64, r fp.Round) uint32 {
	if v != v {
		return 0x7fff
	}
	return uint32(fp.CvtF64ToF16(math.Float64bits(v), r, false))
}

// wgStep16 is one fused step of wgmma's fp8 sum into an f16 D: c (an f16's
// value, aligned at its f32 exponent + 1) and the products ks in a window
// of w bits; the exact sum, first cut (toward zero to f32, keeping cut
// fraction bits) when cut > 0, is rounded to f16 with r.
func wgStep16(c float64, in *dotInput, ks []int, w, cut int, r fp.Round) float64 {
	v, exact := exactStep(c, cexp32(c), in, ks, w)
	if exact && cut > 0 {
		v = float64(cutFraction(float32(rz32(v)), cut))
	}
	return hv(h16r(v, r))
}

// wgF16 is C and the 32 products in fused steps of g consecutive k, each
// wgStep16(w, cut, r) into the last one's f16.
func wgF16(g, w, cut int, r fp.Round) func(in *dotInput, c uint32) uint32 {
	return func(in *dotInput, c uint32) uint32 {
		acc := hv(c)
		for k0 := 0; k0 < 32; k0 += g {
			acc = wgStep16(acc, in, ksAll[k0:k0+g], w, cut, r)
		}
		return h16(acc)
	}
}

// wgmmaF16accModels are the candidates for wgmma.mma_async m64n8k32 with
// fp8 inputs into an f16 D (wgmma_e4m3_f16acc, wgmma_e5m2_f16acc); the last
// is the fit (core/sim's wgmmaDotF8F16).
var wgmmaF16accModels = []fitModel16{
	{"f32 adds in k order, then f16", f16accModels[0].d},
	{"mma.sync's f16 fit (k%4<2, k%4>=2 to f16, + C in f16)", f16accModels[len(f16accModels)-1].d},
	{"C + 32 fused, 26 bits, to f16 (the f16 rule)", wgF16(32, 26, 0, fp.RN)},
	{"C + 32 fused, 13 bits, to f16", wgF16(32, 13, 0, fp.RN)},
	{"C + 32 fused, 15 bits, to f16", wgF16(32, 15, 0, fp.RN)},
	{"C + 32 fused, 16 bits, to f16", wgF16(32, 16, 0, fp.RN)},
	{"C + 32 fused, 14 bits, to f16 toward zero", wgF16(32, 14, 0, fp.RZ)},
	{"C + 32 fused, 14 bits, to f16 ties away", wgF16(32, 14, 0, fp.RNA)},
	{"C + 32 fused, 14 bits, f32 cut to 13 (the f32 fit), to f16", wgF16(32, 14, 13, fp.RN)},
	{"C + 32 fused, 14 bits, f32 cut to 12, to f16", wgF16(32, 14, 12, fp.RN)},
	{"C + groups of 8 k, 14 bits, to f16 after each", wgF16(8, 14, 0, fp.RN)},
	{"C + groups of 16 k, 14 bits, to f16 after each", wgF16(16, 14, 0, fp.RN)},
	{"32 fused, 14 bits, to f16, then + C in f16", func(in *dotInput, c uint32) uint32 {
		return h16(wgStep16(0, in, ksAll, 14, 0, fp.RN) + hv(c))
	}},
	{"C + 32 fused, 14 bits, once to f16 nearest even (the fit)", wgF16(32, 14, 0, fp.RN)},
}

// countF16W counts, per model, the outputs of a grid-trial run of an fp8
// kernel into an f16 D (one f16 a word, rows x 8 a trial, C from genC16)
// that equal gpu's words.
func countF16W(models []fitModel16, gpu []uint32, e5 bool, grid, specialFrom uint32, rows int) []int {
	n := make([]int, len(models))
	per := uint32(rows * 8)
	for t := range grid {
		special := t >= specialFrom
		for i, in := range fp8Inputs(t, special, e5, rows) {
			c := genC16(hashOf(t, 2, uint32(i)), t, special)
			g := gpu[t*per+uint32(i)]
			for m, fm := range models {
				if fm.d(&in, c) == g {
					n[m]++
				}
			}
		}
	}
	return n
}
