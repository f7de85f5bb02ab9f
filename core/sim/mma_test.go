package sim

// mma_test.go: the fragment layouts against the ISA's tables, written
// here as the tables write them (one formula per shape and type, not the
// parameterized code of frag.go), and mma.sync runs against a plain Go
// matrix multiply on integer-valued inputs.

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/fp"
)

// isaA/isaB/isaC are the "Matrix fragments for mma.mMnNkK" formulas: the
// row and column of element i (a_i, b_i, c_i) held by lane.
func isaA(shape string, typ string, lane, i int) (int, int) {
	g, t := lane>>2, lane%4
	switch shape + typ {
	case "m16n8k8.f16", "m16n8k8.bf16":
		return pick(i < 2, g, g+8), t*2 + i&1
	case "m16n8k16.f16", "m16n8k16.bf16":
		return pick(i < 2 || 4 <= i && i < 6, g, g+8), pick(i < 4, t*2+i&1, t*2+i&1+8)
	case "m16n8k4.tf32", "m16n8k4.f64":
		return pick(i == 0, g, g+8), t
	case "m16n8k8.tf32", "m16n8k8.f64":
		return pick(i == 0 || i == 2, g, g+8), pick(i < 2, t, t+4)
	case "m16n8k16.f64":
		return pick(i%2 == 0, g, g+8), pick(i%2 == 0, i*2+t, i*2-2+t)
	case "m16n8k16.s8", "m16n8k16.u8", "m16n8k16.e4m3", "m16n8k16.e5m2":
		return pick(i < 4, g, g+8), t*4 + i&3
	case "m16n8k32.s8", "m16n8k32.u8", "m16n8k32.e4m3", "m16n8k32.e5m2":
		return pick(i < 4 || 8 <= i && i < 12, g, g+8), pick(i < 8, t*4+i&3, t*4+i&3+16)
	case "m16n8k32.s4", "m16n8k32.u4":
		return pick(i < 8, g, g+8), t*8 + i&7
	case "m16n8k64.s4", "m16n8k64.u4":
		return pick(i < 8 || 16 <= i && i < 24, g, g+8), pick(i < 16, t*8+i&7, t*8+i&7+32)
	case "m16n8k128.b1":
		return pick(i < 32, g, g+8), t*32 + i&31
	case "m16n8k256.b1":
		return pick(i < 32 || 64 <= i && i < 96, g, g+8), pick(i < 64, t*32+i&31, t*32+i&31+128)
	case "m8n8k16.s8", "m8n8k16.u8":
		return g, t*4 + i
	case "m8n8k32.s4", "m8n8k32.u4":
		return g, t*8 + i
	case "m8n8k128.b1":
		return g, t*32 + i
	case "m8n8k4.f64":
		return g, t
	}
	panic("no ISA A table for " + shape + typ)
}

func isaB(shape string, typ string, lane, i int) (int, int) {
	g, t := lane>>2, lane%4
	switch shape + typ {
	case "m16n8k8.f16", "m16n8k8.bf16":
		return t*2 + i, g
	case "m16n8k16.f16", "m16n8k16.bf16":
		return pick(i < 2, t*2+i&1, t*2+i&1+8), g
	case "m16n8k4.tf32", "m16n8k4.f64", "m8n8k4.f64":
		return t, g
	case "m16n8k8.tf32", "m16n8k8.f64":
		return pick(i == 0, t, t+4), g
	case "m16n8k16.f64":
		return t + 4*i, g
	case "m16n8k16.s8", "m16n8k16.u8", "m16n8k16.e4m3", "m16n8k16.e5m2", "m8n8k16.s8", "m8n8k16.u8":
		return t*4 + i, g
	case "m16n8k32.s8", "m16n8k32.u8", "m16n8k32.e4m3", "m16n8k32.e5m2":
		return pick(i < 4, t*4+i&3, t*4+i&3+16), g
	case "m16n8k32.s4", "m16n8k32.u4", "m8n8k32.s4", "m8n8k32.u4":
		return t*8 + i, g
	case "m16n8k64.s4", "m16n8k64.u4":
		return pick(i < 8, t*8+i&7, t*8+i&7+32), g
	case "m16n8k128.b1", "m8n8k128.b1":
		return t*32 + i, g
	case "m16n8k256.b1":
		return pick(i < 32, t*32+i&31, t*32+i&31+128), g
	}
	panic("no ISA B table for " + shape + typ)
}

func isaC(m int, lane, i int) (int, int) {
	g, t := lane>>2, lane%4
	if m == 8 {
		return g, t*2 + i
	}
	return pick(i < 2, g, g+8), t*2 + i&1
}

func pick(c bool, a, b int) int {
	if c {
		return a
	}
	return b
}

type mmaCase struct {
	shape, typ string
	m, n, k    int
}

var mmaCases = []mmaCase{
	{"m16n8k8", ".f16", 16, 8, 8}, {"m16n8k16", ".f16", 16, 8, 16},
	{"m16n8k8", ".bf16", 16, 8, 8}, {"m16n8k16", ".bf16", 16, 8, 16},
	{"m16n8k4", ".tf32", 16, 8, 4}, {"m16n8k8", ".tf32", 16, 8, 8},
	{"m16n8k4", ".f64", 16, 8, 4}, {"m16n8k8", ".f64", 16, 8, 8}, {"m16n8k16", ".f64", 16, 8, 16}, {"m8n8k4", ".f64", 8, 8, 4},
	{"m16n8k16", ".s8", 16, 8, 16}, {"m16n8k32", ".s8", 16, 8, 32}, {"m16n8k16", ".u8", 16, 8, 16}, {"m16n8k32", ".u8", 16, 8, 32},
	{"m8n8k16", ".s8", 8, 8, 16}, {"m8n8k16", ".u8", 8, 8, 16},
	{"m16n8k32", ".s4", 16, 8, 32}, {"m16n8k64", ".s4", 16, 8, 64}, {"m16n8k32", ".u4", 16, 8, 32}, {"m16n8k64", ".u4", 16, 8, 64},
	{"m8n8k32", ".s4", 8, 8, 32}, {"m8n8k32", ".u4", 8, 8, 32},
	{"m16n8k128", ".b1", 16, 8, 128}, {"m16n8k256", ".b1", 16, 8, 256}, {"m8n8k128", ".b1", 8, 8, 128},
	{"m16n8k16", ".e4m3", 16, 8, 16}, {"m16n8k32", ".e4m3", 16, 8, 32}, {"m16n8k16", ".e5m2", 16, 8, 16}, {"m16n8k32", ".e5m2", 16, 8, 32},
}

// TestMMALayoutsMatchISA checks, for every shape and type, that frag.go's
// lane -> element map is the ISA's, and that it is a bijection (each
// element of the matrix is held by exactly one lane and position).
func TestMMALayoutsMatchISA(t *testing.T) {
	for _, c := range mmaCases {
		kind := ekinds[c.typ]
		specs := []struct {
			f   *fragSpec
			isa func(lane, i int) (int, int)
		}{
			{mmaAFrag(c.m, c.k, kind), func(l, i int) (int, int) { return isaA(c.shape, c.typ, l, i) }},
			{mmaBFrag(c.k, kind), func(l, i int) (int, int) { return isaB(c.shape, c.typ, l, i) }},
			{mmaCFrag("C", c.m, ekF32), func(l, i int) (int, int) { return isaC(c.m, l, i) }},
		}
		for _, s := range specs {
			f := s.f
			seen := make([]int, f.size())
			for lane := 0; lane < 32; lane++ {
				for i := 0; i < f.slots(); i++ {
					_, r, col := f.at(lane, i)
					wr, wc := s.isa(lane, i)
					if r != wr || col != wc {
						t.Errorf("%s%s %s: lane %d element %d at (%d,%d), the ISA says (%d,%d)", c.shape, c.typ, f.name, lane, i, r, col, wr, wc)
					}
					seen[r*f.cols+col]++
				}
			}
			for e, n := range seen {
				if n != 1 {
					t.Errorf("%s%s %s: element (%d,%d) held %d times", c.shape, c.typ, f.name, e/f.cols, e%f.cols, n)
				}
			}
			if f.regs*f.per*32 != f.rows*f.cols {
				t.Errorf("%s%s %s: %d registers of %d elements for a %dx%d matrix", c.shape, c.typ, f.name, f.regs, f.per, f.rows, f.cols)
			}
		}
	}
}

// TestM884Layouts checks the quad-pair layouts of mma.m8n8k4 with .f16
// against the ISA's formulas, and that each of the four products' elements
// is held exactly once, by the lanes of its quad-pair.
func TestM884Layouts(t *testing.T) {
	hi := func(lane int) int { return pick(lane < 16, 0, 4) }
	cases := []struct {
		f   *fragSpec
		isa func(lane, i int) (int, int)
	}{
		{m884AFrag(false), func(l, i int) (int, int) { return l%4 + hi(l), i }},
		{m884AFrag(true), func(l, i int) (int, int) { return i%4 + hi(l), l % 4 }},
		{m884BFrag(false), func(l, i int) (int, int) { return l % 4, i + hi(l) }},
		{m884BFrag(true), func(l, i int) (int, int) { return i, l%4 + hi(l) }},
		{m884CFrag("C", ekF16), func(l, i int) (int, int) { return l%4 + hi(l), i }},
		{m884CFrag("C", ekF32), func(l, i int) (int, int) {
			x := l&1 + i&2
			return x + hi(l), i&4 + l&2 + i&1
		}},
	}
	for n, c := range cases {
		seen := make([]int, c.f.size())
		for lane := 0; lane < 32; lane++ {
			for i := 0; i < c.f.slots(); i++ {
				g, r, col := c.f.at(lane, i)
				wr, wc := c.isa(lane, i)
				if r != wr || col != wc || g != (lane%16)/4 {
					t.Errorf("case %d (%s): lane %d element %d at (%d; %d,%d), want (%d; %d,%d)", n, c.f.name, lane, i, g, r, col, (lane%16)/4, wr, wc)
				}
				seen[(g*c.f.rows+r)*c.f.cols+col]++
			}
		}
		for e, k := range seen {
			if k != 1 {
				t.Errorf("case %d: element %d held %d times", n, e, k)
			}
		}
	}
}

// mmaRun runs one mma instruction on one warp: A, B and C given as
// matrices of element bits (group-major for m8n8k4 .f16); it returns D.
type mmaRun struct {
	inst       string // the instruction without operands
	a, b, c, d *fragSpec
}

func (r mmaRun) run(t *testing.T, av, bv, cv []uint64) []uint64 {
	t.Helper()
	wide := func(f *fragSpec) bool { return f.kind == ekF64 }
	var body strings.Builder
	var in [][32]uint64
	var ops []string
	reg := 0
	load := func(f *fragSpec, vals []uint64) {
		var names []string
		for r := 0; r < f.regs; r++ {
			var lanes [32]uint64
			for lane := 0; lane < 32; lane++ {
				var v uint64
				for j := 0; j < f.per; j++ {
					v |= vals[f.idx[lane*f.slots()+r*f.per+j]] & widthMask(uint8(f.kind.bits())) << (uint(j) * uint(f.kind.bits()))
				}
				lanes[lane] = v
			}
			name := fmt.Sprintf("%%r%d", reg)
			if wide(f) {
				name = fmt.Sprintf("%%rd%d", reg)
				fmt.Fprintf(&body, "\tld.global.u64 %s, [%%ia+%d];\n", name, 256*len(in))
			} else {
				fmt.Fprintf(&body, "\tld.global.u32 %s, [%%ia+%d];\n", name, 256*len(in))
			}
			reg++
			in = append(in, lanes)
			names = append(names, name)
		}
		ops = append(ops, "{"+strings.Join(names, ", ")+"}")
	}
	load(r.a, av)
	load(r.b, bv)
	load(r.c, cv)
	var dn []string
	for k := 0; k < r.d.regs; k++ {
		name := fmt.Sprintf("%%r%d", 40+k)
		if wide(r.d) {
			name = fmt.Sprintf("%%rd%d", 40+k)
		}
		dn = append(dn, name)
	}
	fmt.Fprintf(&body, "\t%s {%s}, %s, %s, %s;\n", r.inst, strings.Join(dn, ", "), ops[0], ops[1], ops[2])
	for k, n := range dn {
		fmt.Fprintf(&body, "\tst.global.%s [%%oa+%d], %s;\n", map[bool]string{true: "u64", false: "u32"}[wide(r.d)], 256*k, n)
	}
	p := compileHarness(t, "", "", body.String())
	out := runHarness(t, p, in, r.d.regs)
	d := make([]uint64, r.d.size())
	for k := 0; k < r.d.regs; k++ {
		for lane := 0; lane < 32; lane++ {
			for j := 0; j < r.d.per; j++ {
				d[r.d.idx[lane*r.d.slots()+k*r.d.per+j]] = r.d.elem(out[k][lane], j)
			}
		}
	}
	return d
}

// encode gives the bits of the small integer v in type k.
func encode(k ekind, v int64) uint64 {
	switch k {
	case ekF16:
		return uint64(fp.CvtF64ToF16(math.Float64bits(float64(v)), fp.RN, false))
	case ekBF16:
		return uint64(fp.CvtF64ToBF16(math.Float64bits(float64(v)), fp.RN, false))
	case ekTF32, ekF32:
		return uint64(math.Float32bits(float32(v)))
	case ekF64:
		return math.Float64bits(float64(v))
	case ekE4M3, ekE5M2:
		for b := 0; b < 256; b++ {
			if floatOf(k, uint64(b)) == float32(v) {
				return uint64(b)
			}
		}
		panic("no fp8 encoding")
	}
	return uint64(v) & widthMask(uint8(k.bits()))
}

// valueRange is the range of random inputs for type k.
func valueRange(k ekind) (int64, int64) {
	switch k {
	case ekU8:
		return 0, 255
	case ekS8:
		return -128, 127
	case ekU4:
		return 0, 15
	case ekS4:
		return -8, 7
	case ekB1:
		return 0, 1
	case ekE4M3, ekE5M2:
		return -3, 3
	}
	return -6, 6
}

func TestMMAProducts(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	for _, c := range mmaCases {
		kind := ekinds[c.typ]
		dts := []string{".f32"}
		switch {
		case kind == ekF16 || kind == ekE4M3 || kind == ekE5M2:
			dts = []string{".f32", ".f16"}
		case kind == ekF64:
			dts = []string{".f64"}
		case kind.isInt() || kind == ekB1:
			dts = []string{".s32"}
		}
		for _, dt := range dts {
			for _, popc := range []string{".and.popc", ".xor.popc"} {
				if kind != ekB1 && popc == ".xor.popc" {
					continue
				}
				inst := fmt.Sprintf("mma.sync.aligned.%s.row.col%s%s%s%s", c.shape, dt, c.typ, c.typ, dt)
				if kind == ekB1 {
					inst += popc
				}
				name := inst
				t.Run(name, func(t *testing.T) {
					dk := ekinds[dt]
					r := mmaRun{inst: inst, a: mmaAFrag(c.m, c.k, kind), b: mmaBFrag(c.k, kind), c: mmaCFrag("C", c.m, dk), d: mmaCFrag("D", c.m, dk)}
					lo, hi := valueRange(kind)
					rnd := func(n int, lo, hi int64) []int64 {
						v := make([]int64, n)
						for i := range v {
							v[i] = lo + rng.Int63n(hi-lo+1)
						}
						return v
					}
					A, B := rnd(c.m*c.k, lo, hi), rnd(c.k*c.n, lo, hi)
					C := rnd(c.m*c.n, -100, 100)
					if dk == ekS32 {
						C = rnd(c.m*c.n, -1<<20, 1<<20)
					}
					bitsOf := func(k ekind, v []int64) []uint64 {
						out := make([]uint64, len(v))
						for i, x := range v {
							out[i] = encode(k, x)
						}
						return out
					}
					D := r.run(t, bitsOf(kind, A), bitsOf(kind, B), bitsOf(dk, C))
					for i := 0; i < c.m; i++ {
						for j := 0; j < c.n; j++ {
							want := C[i*c.n+j]
							for k := 0; k < c.k; k++ {
								x, y := A[i*c.k+k], B[k*c.n+j]
								switch {
								case kind != ekB1:
									want += x * y
								case popc == ".xor.popc":
									want += x ^ y
								default:
									want += x & y
								}
							}
							got := D[i*c.n+j]
							var g int64
							switch dk {
							case ekS32:
								g = int64(int32(got))
							case ekF64:
								g = int64(math.Float64frombits(got))
							default:
								g = int64(floatOf(dk, got))
							}
							if g != want {
								t.Fatalf("D[%d][%d] = %d (bits %#x), want %d", i, j, g, got, want)
							}
						}
					}
				})
			}
		}
	}
}

// TestMMAm884 runs the four quad-pair products of mma.m8n8k4 .f16 for
// every layout and accumulator type.
func TestMMAm884(t *testing.T) {
	rng := rand.New(rand.NewSource(884))
	for _, al := range []string{".row", ".col"} {
		for _, bl := range []string{".row", ".col"} {
			for _, dt := range []string{".f32", ".f16"} {
				for _, ct := range []string{".f32", ".f16"} {
					inst := "mma.sync.aligned.m8n8k4" + al + bl + dt + ".f16.f16" + ct
					t.Run(inst, func(t *testing.T) {
						r := mmaRun{inst: inst, a: m884AFrag(al == ".col"), b: m884BFrag(bl == ".col"), c: m884CFrag("C", ekinds[ct]), d: m884CFrag("D", ekinds[dt])}
						A, B, C := make([]int64, 4*32), make([]int64, 4*32), make([]int64, 4*64)
						for _, v := range [][]int64{A, B, C} {
							for i := range v {
								v[i] = rng.Int63n(13) - 6
							}
						}
						enc := func(k ekind, v []int64) []uint64 {
							o := make([]uint64, len(v))
							for i := range v {
								o[i] = encode(k, v[i])
							}
							return o
						}
						D := r.run(t, enc(ekF16, A), enc(ekF16, B), enc(ekinds[ct], C))
						for g := 0; g < 4; g++ {
							for i := 0; i < 8; i++ {
								for j := 0; j < 8; j++ {
									want := C[g*64+i*8+j]
									for k := 0; k < 4; k++ {
										want += A[g*32+i*4+k] * B[g*32+k*8+j]
									}
									if got := int64(floatOf(ekinds[dt], D[g*64+i*8+j])); got != want {
										t.Fatalf("product %d D[%d][%d] = %d, want %d", g, i, j, got, want)
									}
								}
							}
						}
					})
				}
			}
		}
	}
}

// TestMMASatfinite checks that .satfinite clamps the s32 result and that
// without it the sum wraps.
func TestMMASatfinite(t *testing.T) {
	for _, sat := range []bool{false, true} {
		inst := "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
		if sat {
			inst = "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32"
		}
		r := mmaRun{inst: inst, a: mmaAFrag(16, 32, ekS8), b: mmaBFrag(32, ekS8), c: mmaCFrag("C", 16, ekS32), d: mmaCFrag("D", 16, ekS32)}
		A, B, C := make([]uint64, 16*32), make([]uint64, 32*8), make([]uint64, 16*8)
		for i := range A {
			A[i] = encode(ekS8, -128)
		}
		for i := range B {
			B[i] = encode(ekS8, int64(pick(i%8 < 4, -128, 127))) // columns 0-3 positive products, 4-7 negative
		}
		for i := range C {
			C[i] = uint64(uint32(int32(pick(i%8 < 4, math.MaxInt32-1000, math.MinInt32+1000))))
		}
		D := r.run(t, A, B, C)
		for i := range D {
			col := i % 8
			exact := int64(pick(col < 4, math.MaxInt32-1000, math.MinInt32+1000)) + 32*int64(-128)*int64(pick(col < 4, -128, 127))
			want := int64(int32(exact))
			if sat {
				want = max(math.MinInt32, min(math.MaxInt32, exact))
			}
			if got := int64(int32(D[i])); got != want {
				t.Fatalf("satfinite=%v D[%d] = %d, want %d", sat, i, got, want)
			}
		}
	}
}

// TestMMATF32Truncates checks that .tf32 inputs lose the low 13 bits of
// their f32 pattern: 1+2^-11 (a bit tf32 lacks) times 1 adds exactly 1.
func TestMMATF32Truncates(t *testing.T) {
	r := mmaRun{inst: "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", a: mmaAFrag(16, 8, ekTF32), b: mmaBFrag(8, ekTF32), c: mmaCFrag("C", 16, ekF32), d: mmaCFrag("D", 16, ekF32)}
	A, B, C := make([]uint64, 16*8), make([]uint64, 8*8), make([]uint64, 16*8)
	A[0] = uint64(math.Float32bits(1 + 1.0/2048)) // bit 12 of the mantissa: below tf32's 10 bits
	A[1] = uint64(math.Float32bits(1 + 1.0/1024)) // bit 13: kept
	B[0], B[8] = uint64(math.Float32bits(1)), uint64(math.Float32bits(1))
	D := r.run(t, A, B, C)
	if got := math.Float32frombits(uint32(D[0])); got != 2+1.0/1024 {
		t.Fatalf("D[0][0] = %v, want %v (1+2^-11 truncated to 1, plus 1+2^-10)", got, 2+1.0/1024)
	}
}

// TestMMAFloatFused: an mma.sync adds its products and C in one fused
// step (tensordot.go, as an H200 does), so 2^24 + 1*1 + 1*1 is 2^24+2
// exactly, where f32 adds in k order would stay at 2^24 (each +1 a tie to
// even).
func TestMMAFloatFused(t *testing.T) {
	r := mmaRun{inst: "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", a: mmaAFrag(16, 8, ekF16), b: mmaBFrag(8, ekF16), c: mmaCFrag("C", 16, ekF32), d: mmaCFrag("D", 16, ekF32)}
	A, B, C := make([]uint64, 16*8), make([]uint64, 8*8), make([]uint64, 16*8)
	A[0], A[1] = encode(ekF16, 1), encode(ekF16, 1)
	B[0], B[8] = encode(ekF16, 1), encode(ekF16, 1)
	C[0] = uint64(math.Float32bits(1 << 24))
	D := r.run(t, A, B, C)
	if got := math.Float32frombits(uint32(D[0])); got != 1<<24+2 {
		t.Fatalf("D[0][0] = %v, want 2^24+2 (one fused sum)", got)
	}
}

// TestMMANeedsWholeWarp: a diverged warp faults with the lanes named.
func TestMMANeedsWholeWarp(t *testing.T) {
	p := compileHarness(t, "", "", `	setp.lt.u32 %p1, %lane, 16;
	@%p1 mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%r0,%r1,%r2,%r3}, {%r4,%r5}, {%r6}, {%r0,%r1,%r2,%r3};`)
	m, err := New(p, "k", Launch{Block: [3]uint32{32, 1, 1}, Params: make([]byte, 16)})
	if err != nil {
		t.Fatal(err)
	}
	m.Run(1000)
	if f := m.Fault(); f == nil || !strings.Contains(f.Msg, "all 32 lanes") || !strings.Contains(f.Msg, "lane 16") {
		t.Fatalf("fault = %v", f)
	}
}

// TestFragSnapshots: before an mma issues, the snapshot previews its A, B
// and C from the registers; after it, Frag holds A, B, C and D, and a
// step back restores the preview.
func TestFragSnapshots(t *testing.T) {
	// A = all 1 (f16 0x3c00), B = all 2 (0x4000), C = 0: D = 16*2 = 32.
	p := compileHarness(t, "", "", `	mov.b32 %r0, 0x3c003c00;
	mov.b32 %r1, 0x3c003c00;
	mov.b32 %r2, 0x3c003c00;
	mov.b32 %r3, 0x3c003c00;
	mov.b32 %r4, 0x40004000;
	mov.b32 %r5, 0x40004000;
	mov.b32 %r6, 0;
	mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%r6, %r7, %r8, %r9}, {%r0, %r1, %r2, %r3}, {%r4, %r5}, {%r6, %r6, %r6, %r6};
`)
	m, err := New(p, "k", Launch{Block: [3]uint32{32, 1, 1}, Params: make([]byte, 16)})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(m, 0)
	for i := 0; i < 200; i++ {
		if n := s.Snapshot(SnapshotOptions{CTA: -1, Warp: -1}).FragNext; n != nil {
			if !n.Next || len(n.Matrices) != 3 || n.Matrices[0].Cells[0].Value != "1" || n.Matrices[1].Cells[0].Value != "2" {
				t.Fatalf("preview %+v", n)
			}
			if c := n.Matrices[0].Cells[1*16+2]; c.Lane != 5 || c.Reg != "%r0" || c.Part != 0 {
				t.Fatalf("A[1][2] held by %+v, want lane 5 %%r0 element 0", c)
			}
			s.Step()
			snap := s.Snapshot(SnapshotOptions{CTA: -1, Warp: -1})
			if snap.Frag == nil || len(snap.Frag.Matrices) != 4 || snap.Frag.Matrices[3].Cells[0].Value != "32" || snap.FragNext != nil {
				t.Fatalf("after the mma: frag %+v next %+v", snap.Frag, snap.FragNext)
			}
			if d := snap.Frag.Matrices[3].Cells[8*8+3]; d.Lane != 1 || d.Reg != "%r9" || d.Index != 3 {
				t.Fatalf("D[8][3] held by %+v, want lane 1, d3 = %%r9", d)
			}
			s.StepBack()
			if s.Snapshot(SnapshotOptions{CTA: -1, Warp: -1}).FragNext == nil {
				t.Fatal("no preview after a step back")
			}
			return
		}
		s.Step()
	}
	t.Fatal("never reached the mma")
}

// TestFragViewText: the trace's text of a view draws values and holders.
func TestFragViewText(t *testing.T) {
	m := &Machine{}
	w := &warp{cta: &cta{}, regs: make([][32]uint64, 1)}
	for l := 0; l < 32; l++ {
		w.regs[0][l] = uint64(l)<<16 | uint64(l) // element (l/4, 2(l%4)) = l, (l/4, 2(l%4)+1) = l<<16 ... as b16
	}
	o := &op{text: "movmatrix.sync.aligned.m8n8.trans.b16 %r1, %r0;", line: 7}
	v := m.fragView(w, o, "test", []fragSrc{{f: matrixFrag, vals: gatherBits(w, matrixFrag, []int32{0}), names: []string{"%r0"}}})
	txt := v.String()
	for _, want := range []string{"test  (line 7, warp 0)", "M (8x8 .b16)", "0005 0005", "T5:r0.0", "T5:r0.1"} {
		if !strings.Contains(txt, want) {
			t.Errorf("view text lacks %q:\n%s", want, txt)
		}
	}
	if c := v.Matrices[0].Cells[1*8+2]; c.Lane != 5 || c.Reg != "%r0" || c.Value != "0005" {
		t.Errorf("M[1][2] = %+v, want lane 5's low half", c)
	}
}

// TestFragPerWarp: each warp keeps its own last matrix instruction.
func TestFragPerWarp(t *testing.T) {
	p := compileHarness(t, "", "", `	mov.u32 %r10, %tid.x;
	shr.u32 %r10, %r10, 5;
	add.u32 %r10, %r10, 1;
	cvt.rn.f16.u32 %h0, %r10;
	mov.b32 %r0, {%h0, %h0};
	mov.b32 %r4, 0x40004000;
	mov.b32 %r6, 0;
	mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%r6, %r7, %r8, %r9}, {%r0, %r0}, {%r4}, {%r6, %r6, %r6, %r6};
`)
	m, err := New(p, "k", Launch{Block: [3]uint32{64, 1, 1}, Params: make([]byte, 16)})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(m, 0)
	for i := 0; i < 1000 && !m.Done(); i++ {
		s.Step()
	}
	snap := s.Snapshot(SnapshotOptions{CTA: 0, Warp: -1})
	for w := 0; w < 2; w++ {
		f := snap.Warps[w].Frag
		// D = sum over k of (w+1) * 2, k = 8.
		if f == nil || f.Warp != w || f.Matrices[3].Cells[0].Value != fmt.Sprint(16*(w+1)) {
			t.Fatalf("warp %d: frag %+v", w, f)
		}
	}
	if snap.Frag == nil || snap.Frag != snap.Warps[1].Frag && snap.Frag != snap.Warps[0].Frag {
		t.Fatalf("machine frag %+v", snap.Frag)
	}
}

// TestMMAMixedSigns: integer mma with A and B of different signedness
// (.u8 x .s8 and the 4-bit pairs): each operand's elements are read with
// their own type.
func TestMMAMixedSigns(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	for _, c := range []mmaCase{{"m16n8k16", ".8", 16, 8, 16}, {"m16n8k32", ".8", 16, 8, 32}, {"m8n8k16", ".8", 8, 8, 16},
		{"m16n8k32", ".4", 16, 8, 32}, {"m16n8k64", ".4", 16, 8, 64}, {"m8n8k32", ".4", 8, 8, 32}} {
		for _, pair := range [][2]string{{".u", ".s"}, {".s", ".u"}} {
			at, bt := ekinds[pair[0]+c.typ[1:]], ekinds[pair[1]+c.typ[1:]]
			inst := fmt.Sprintf("mma.sync.aligned.%s.row.col.s32.%s.%s.s32", c.shape, at, bt)
			t.Run(inst, func(t *testing.T) {
				r := mmaRun{inst: inst, a: mmaAFrag(c.m, c.k, at), b: mmaBFrag(c.k, bt), c: mmaCFrag("C", c.m, ekS32), d: mmaCFrag("D", c.m, ekS32)}
				rnd := func(n int, k ekind) ([]int64, []uint64) {
					lo, hi := valueRange(k)
					v, bits := make([]int64, n), make([]uint64, n)
					for i := range v {
						v[i] = lo + rng.Int63n(hi-lo+1)
						bits[i] = encode(k, v[i])
					}
					return v, bits
				}
				A, ab := rnd(c.m*c.k, at)
				B, bb := rnd(c.k*c.n, bt)
				C, cb := rnd(c.m*c.n, ekS32)
				D := r.run(t, ab, bb, cb)
				for i := 0; i < c.m; i++ {
					for j := 0; j < c.n; j++ {
						want := C[i*c.n+j]
						for k := 0; k < c.k; k++ {
							want += A[i*c.k+k] * B[k*c.n+j]
						}
						if got := int64(int32(D[i*c.n+j])); got != want {
							t.Fatalf("D[%d][%d] = %d, want %d", i, j, got, want)
						}
					}
				}
			})
		}
	}
}
