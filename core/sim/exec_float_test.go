package sim

// exec_float_test.go: the floating-point instructions run as real PTX
// through the whole pipeline (parse, check, load, run). Expected values are
// computed here independently of package fp: Go's float32/float64 IEEE
// arithmetic, math/big for exact values and directed rounding, and rows
// worked out by hand from the ISA text. core/fp has its own oracle tests;
// these aim at the wiring: operand order, types and widths, the choice of
// rounding mode, .ftz/.sat/.relu/.NaN flags, the hot loops against the
// general path, predicate pairs, packing order, and guarded lanes.

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// fltRun compiles body into the harness kernel once and runs it over any
// number of lanes, 32 at a time: in[lane][k] is input k of the lane (up to
// 8; those not given read zeros) and out[lane][k] output k.
func fltRun(t testing.TB, body string, in [][]uint64, nout int) [][]uint64 {
	t.Helper()
	v, target := legacyVersion(body)
	p := compileHarness(t, v, target, body)
	out := make([][]uint64, len(in))
	for lo := 0; lo < len(in); lo += 32 {
		lanes := in[lo:min(lo+32, len(in))]
		cols := make([][32]uint64, 8)
		for i, vs := range lanes {
			for k, v := range vs {
				cols[k][i] = v
			}
		}
		res := runHarness(t, p, cols, nout)
		for i := range lanes {
			out[lo+i] = make([]uint64, nout)
			for k := range nout {
				out[lo+i][k] = res[k][i]
			}
		}
	}
	return out
}

// Legacy spellings the checker takes only from old modules (PTX ISA 3.1,
// "PTX ISA Notes" of each): without .approx or a rounding mode before 1.4,
// and mad.f32 without a rounding mode before 3.2.
var (
	legacy14 = regexp.MustCompile(`\b((div|rcp|sqrt|rsqrt|sin|cos|lg2|ex2)\.f(32|64)|mad\.f64)\b`)
	legacy32 = regexp.MustCompile(`\bmad(\.ftz)?(\.sat)?\.f32\b`)
)

// legacyVersion is the PTX ISA version and a target it knows that a test
// body needs: "" (the harness's defaults) unless it uses a legacy spelling.
// The machine does not model sm_1x differences, so the target only has to
// exist at that version.
func legacyVersion(body string) (version, target string) {
	switch {
	case legacy14.MatchString(body):
		return "1.3", "sm_13"
	case legacy32.MatchString(body):
		return "3.1", "sm_35"
	}
	return "", ""
}

func fltReg(w, n int) string {
	switch w {
	case 16:
		return fmt.Sprintf("%%h%d", n)
	case 32:
		return fmt.Sprintf("%%r%d", n)
	}
	return fmt.Sprintf("%%rd%d", n)
}

// fltOp is one instruction "inst d, s0, s1, ..." over registers of the given
// widths: widths[0] for d, then one per source.
type fltOp struct {
	inst   string
	widths []int
}

func (f fltOp) body() string {
	var b strings.Builder
	var args []string
	for k, w := range f.widths[1:] {
		r := fltReg(w, k+1)
		fmt.Fprintf(&b, "\tld.global.b%d %s, [%%ia+%d];\n", w, r, 256*k)
		args = append(args, r)
	}
	d := fltReg(f.widths[0], 9)
	fmt.Fprintf(&b, "\t%s %s, %s;\n", f.inst, d, strings.Join(args, ", "))
	fmt.Fprintf(&b, "\tst.global.b%d [%%oa], %s;\n", f.widths[0], d)
	return b.String()
}

// check runs f over every input row and compares with want(row).
func (f fltOp) check(t *testing.T, rows [][]uint64, want func(s []uint64) uint64) {
	t.Helper()
	out := fltRun(t, f.body(), rows, 1)
	bad := 0
	for i, row := range rows {
		w := want(row)
		if out[i][0] != w {
			t.Errorf("%s %#x: got %#x, want %#x", f.inst, row, out[i][0], w)
			if bad++; bad > 8 {
				t.Fatal("too many failures")
			}
		}
	}
}

// checkRows runs f over rows whose last element is the expected result.
func (f fltOp) checkRows(t *testing.T, rows [][]uint64) {
	t.Helper()
	in := make([][]uint64, len(rows))
	for i, r := range rows {
		in[i] = r[:len(r)-1]
	}
	f.check(t, in, func(s []uint64) uint64 {
		for i := range in {
			if &in[i][0] == &s[0] {
				return rows[i][len(rows[i])-1]
			}
		}
		panic("row not found")
	})
}

// ---- independent references

// Edge values of .f32: zeros, subnormals, the normal boundary, ones,
// halfway helpers, the largest finite, infinities and NaNs of both signs
// with and without payloads.
var fltEdges32 = []uint32{
	0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x00800000, 0x80800000,
	0x3f800000, 0xbf800000, 0x3fc00000, 0x3f800001, 0x33800000, 0x7f7fffff, 0xff7fffff,
	0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7f800001, 0x40490fdb, 0x3dcccccd, 0xc0000000,
}

var fltEdges64 = []uint64{
	0, 1 << 63, 1, 0x000fffffffffffff, 0x0010000000000000, 0x3ff0000000000000, 0xbff0000000000000,
	0x3ff8000000000000, 0x3ff0000000000001, 0x3ca0000000000000, 0x7fefffffffffffff, 0x7ff0000000000000,
	0xfff0000000000000, 0x7ff8000000000000, 0x7ff0000000000123, 0xfff8000000000456, 0x400921fb54442d18,
}

// pairs lists every (a, b) of the values as rows.
func pairs32(vs []uint32) [][]uint64 {
	var rows [][]uint64
	for _, a := range vs {
		for _, b := range vs {
			rows = append(rows, []uint64{uint64(a), uint64(b)})
		}
	}
	return rows
}

func pairs64(vs []uint64) [][]uint64 {
	var rows [][]uint64
	for _, a := range vs {
		for _, b := range vs {
			rows = append(rows, []uint64{a, b})
		}
	}
	return rows
}

func fv(x uint64) float32   { return math.Float32frombits(uint32(x)) }
func dv(x uint64) float64   { return math.Float64frombits(x) }
func isNaN32(x uint64) bool { return uint32(x)&0x7fffffff > 0x7f800000 }
func isNaN64(x uint64) bool { return x&^(1<<63) > 0x7ff0000000000000 }

// canon32 is the bits of an f32 result, every NaN as the GPU's 0x7FFFFFFF.
func canon32(x float32) uint64 {
	if x != x {
		return 0x7fffffff
	}
	return uint64(math.Float32bits(x))
}

// flush32 is .ftz on an f32 encoding: a subnormal becomes a zero of its sign.
func flush32(x uint64) uint64 {
	if x&0x7f800000 == 0 {
		return x & 0x80000000
	}
	return x & 0xffffffff
}

// sat32 is .sat: clamp to [+0, 1], NaN and -0 to +0.
func sat32(r uint64) uint64 {
	switch {
	case isNaN32(r), r&0x80000000 != 0:
		return 0
	case fv(r) > 1:
		return 0x3f800000
	}
	return r
}

// nan64 is the NaN rule of .f64 (payloads propagate): the first NaN
// operand made quiet, else the canonical NaN.
func nan64(ops ...uint64) uint64 {
	for _, x := range ops {
		if isNaN64(x) {
			return x | 1<<51
		}
	}
	return 0x7fffffffffffffff
}

// exact returns the exact value of a finite float64 as a big.Float.
func exact(x float64) *big.Float { return new(big.Float).SetPrec(2000).SetFloat64(x) }

// bigRound rounds x to prec bits with mode; ok is false when the result
// would leave the normal range of a format with the given minimum and
// maximum exponents (so the caller skips it).
func bigRound(x *big.Float, prec uint, mode big.RoundingMode, emin, emax int) (float64, bool) {
	r := new(big.Float).SetPrec(prec).SetMode(mode).Set(x)
	if r.Sign() == 0 {
		return 0, false
	}
	e := r.MantExp(nil) - 1
	if e < emin || e > emax {
		return 0, false
	}
	f, _ := r.Float64()
	return f, true
}

var bigModes = map[string]big.RoundingMode{".rn": big.ToNearestEven, ".rz": big.ToZero, ".rm": big.ToNegativeInf, ".rp": big.ToPositiveInf}

// randF32 returns finite f32 values with exponents in [-20, 20] and both
// signs: normal results for add, mul and fma of them.
func randF32(r *rand.Rand, n int) []uint64 {
	vs := make([]uint64, n)
	for i := range vs {
		e := uint32(127 - 20 + r.IntN(41))
		vs[i] = uint64(r.Uint32()&0x807fffff | e<<23)
	}
	return vs
}

func randF64(r *rand.Rand, n int) []uint64 {
	vs := make([]uint64, n)
	for i := range vs {
		e := uint64(1023 - 40 + r.IntN(81))
		vs[i] = r.Uint64()&0x800fffffffffffff | e<<52
	}
	return vs
}

// ---- add, sub, mul on .f32 (9.7.3.3-5)

func TestFloatAddSubMulF32(t *testing.T) {
	ops := map[string]func(a, b float32) float32{
		"add": func(a, b float32) float32 { return a + b },
		"sub": func(a, b float32) float32 { return a - b },
		"mul": func(a, b float32) float32 { return a * b },
	}
	rows := pairs32(fltEdges32)
	for _, name := range []string{"add", "sub", "mul"} {
		f := ops[name]
		// The hot loop (no modifier, and .rn) and the general path with
		// .ftz and .sat.
		for _, mods := range []string{"", ".rn"} {
			t.Run(name+mods, func(t *testing.T) {
				fltOp{name + mods + ".f32", []int{32, 32, 32}}.check(t, rows, func(s []uint64) uint64 {
					return canon32(f(fv(s[0]), fv(s[1])))
				})
			})
		}
		t.Run(name+".ftz", func(t *testing.T) {
			fltOp{name + ".ftz.f32", []int{32, 32, 32}}.check(t, rows, func(s []uint64) uint64 {
				// Exact in float64 for these operands; flushed when below
				// the normal range (none of the edge pairs rounds up into it).
				x, y := float64(fv(flush32(s[0]))), float64(fv(flush32(s[1])))
				var e float64
				switch name {
				case "add":
					e = x + y
				case "sub":
					e = x - y
				default:
					e = x * y
				}
				if e != 0 && math.Abs(e) < 0x1p-126 {
					return uint64(math.Float32bits(float32(math.Copysign(0, e))))
				}
				return canon32(float32(e))
			})
		})
		t.Run(name+".rn.sat", func(t *testing.T) {
			fltOp{name + ".rn.sat.f32", []int{32, 32, 32}}.check(t, rows, func(s []uint64) uint64 {
				return sat32(canon32(f(fv(s[0]), fv(s[1]))))
			})
		})
	}
}

// Directed rounding: random normal operands, the exact result from
// math/big rounded to 24 bits in each mode.
func TestFloatDirectedF32(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	a, b, c := randF32(r, 96), randF32(r, 96), randF32(r, 96)
	var rows [][]uint64
	for i := range a {
		rows = append(rows, []uint64{a[i], b[i], c[i]})
	}
	// Operands close in magnitude with opposite signs (cancellation), and
	// sums that land exactly on a halfway point.
	rows = append(rows,
		[]uint64{0x3f800000, 0x33800000, 0x3f800000}, // 1 + 2^-24: a tie
		[]uint64{0x3f800001, 0x33800000, 0xbf800000}, // (1+ulp) + 2^-24: a tie to odd
		[]uint64{0xbf800000, 0xb3800001, 0x40000000},
		[]uint64{0x3f800000, 0xbf7fffff, 0x3f800000},
	)
	for _, mode := range []string{".rn", ".rz", ".rm", ".rp"} {
		bm := bigModes[mode]
		for _, name := range []string{"add", "sub", "mul", "fma", "mad", "div"} {
			n := 2
			if name == "fma" || name == "mad" {
				n = 3
			}
			widths := []int{32, 32, 32, 32}[:n+1]
			in := make([][]uint64, len(rows))
			for i := range rows {
				in[i] = rows[i][:n]
			}
			t.Run(name+mode, func(t *testing.T) {
				fltOp{name + mode + ".f32", widths}.check(t, in, func(s []uint64) uint64 {
					x, y := exact(float64(fv(s[0]))), exact(float64(fv(s[1])))
					var e *big.Float
					switch name {
					case "add":
						e = x.Add(x, y)
					case "sub":
						e = x.Sub(x, y)
					case "mul":
						e = x.Mul(x, y)
					case "div":
						e = fltQuo(x, y)
					default:
						e = x.Mul(x, y)
						e.Add(e, exact(float64(fv(s[2]))))
					}
					if e.Sign() == 0 {
						// Exact zero: +0 except in .rm (IEEE 754 6.3);
						// none of the rows makes a zero product.
						if mode == ".rm" {
							return 0x80000000
						}
						return 0
					}
					v, ok := bigRound(e, 24, bm, -126, 127)
					if !ok {
						t.Fatalf("row %#x leaves the normal range", s)
					}
					return uint64(math.Float32bits(float32(v)))
				})
			})
		}
	}
}

// fma.rn.f32 against the exact a*b+c rounded once (big.Float's Float32
// rounds to nearest even, subnormals included), on edge values, random
// values, and the cases where rounding a*b+c to float64 first would round
// the wrong way.
func TestFloatFmaF32(t *testing.T) {
	ref := func(s []uint64) uint64 {
		x, y, z := float64(fv(s[0])), float64(fv(s[1])), float64(fv(s[2]))
		if math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsInf(z, 0) || x != x || y != y || z != z {
			return canon32(float32(x*y + z)) // special values: exact in float64
		}
		e := exact(x)
		e.Mul(e, exact(y))
		e.Add(e, exact(z))
		if e.Sign() == 0 {
			// An exact zero: a zero product plus a zero keeps their common
			// sign, else +0 (round to nearest).
			if x*y == 0 && z == 0 && math.Signbit(x*y) && math.Signbit(z) {
				return 0x80000000
			}
			return 0
		}
		v, _ := e.Float32()
		return canon32(v)
	}
	var rows [][]uint64
	for _, a := range fltEdges32 {
		for _, b := range []uint32{0x3f800000, 0x00800000, 0x7f7fffff, 0xbf800001, 0x7fc00000, 0x00000001} {
			for _, c := range []uint32{0x80000000, 0x3f800000, 0x80800000, 0xff800000, 0x00000003} {
				rows = append(rows, []uint64{uint64(a), uint64(b), uint64(c)})
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	a, b, c := randF32(r, 64), randF32(r, 64), randF32(r, 64)
	for i := range a {
		rows = append(rows, []uint64{a[i], b[i], c[i]})
	}
	rows = append(rows,
		// (1+2^-12)^2 = 1 + 2^-11 + 2^-24 is halfway between two floats; a
		// tiny c decides. Rounded to float64 first, the sum would be the
		// halfway point and round to even (0x3f801000) both times.
		[]uint64{0x3f800800, 0x3f800800, 0x17800000}, // c = 2^-80: up, 0x3f801001
		[]uint64{0x3f800800, 0x3f800800, 0x97800000}, // c = -2^-80: down, 0x3f801000
		// Results in the subnormal range and at its boundary.
		[]uint64{0x00800001, 0x3f000000, 0x80000000},
		[]uint64{0x00ffffff, 0x3f000000, 0x00000001},
		[]uint64{0x1f800000, 0x1f800000, 0x80800000},
	)
	for _, inst := range []string{"fma.rn.f32", "mad.rn.f32", "mad.f32"} {
		t.Run(inst, func(t *testing.T) {
			fltOp{inst, []int{32, 32, 32, 32}}.check(t, rows, ref)
		})
	}
	// The two halfway rows by hand (9.7.3.6: "computed to infinite
	// precision ... rounded once").
	fltOp{"fma.rn.f32", []int{32, 32, 32, 32}}.checkRows(t, [][]uint64{
		{0x3f800800, 0x3f800800, 0x17800000, 0x3f801001},
		{0x3f800800, 0x3f800800, 0x97800000, 0x3f801000},
	})
	// .ftz flushes subnormal inputs and results; .sat clamps.
	fltOp{"fma.rn.ftz.f32", []int{32, 32, 32, 32}}.checkRows(t, [][]uint64{
		{0x00000001, 0x3f800000, 0x00000000, 0x00000000},
		{0x3f800000, 0x3f800000, 0x807fffff, 0x3f800000},
		{0x00800000, 0x3f000000, 0x80000000, 0x00000000}, // 2^-127: tiny, flushed
		{0x80800000, 0x3f000000, 0x00000000, 0x80000000}, // -2^-127: -0
		{0x00800000, 0x3f800000, 0x00000000, 0x00800000}, // min normal stays
		{0x7f800000, 0x00000001, 0x3f800000, 0x7fffffff}, // inf * (flushed 0): NaN
		{0x3f800000, 0x40000000, 0x3f800000, 0x40400000}, // 1*2+1 = 3
		{0x3dcccccd, 0x41200000, 0xbf800000, fmaRN(0x3dcccccd, 0x41200000, 0xbf800000)},
	})
	fltOp{"fma.rn.sat.f32", []int{32, 32, 32, 32}}.checkRows(t, [][]uint64{
		{0x3f800000, 0x40000000, 0x3f800000, 0x3f800000}, // 3 -> 1
		{0xbf800000, 0x40000000, 0x3f800000, 0x00000000}, // -1 -> 0
		{0x7fc00000, 0x40000000, 0x3f800000, 0x00000000}, // NaN -> +0
		{0x3f000000, 0x3f000000, 0x00000000, 0x3e800000}, // 0.25 stays
		{0x80000000, 0x3f800000, 0x80000000, 0x00000000}, // -0 -> +0
	})
}

// fltQuo returns a value that rounds like x/y at any precision up to 90
// bits: the quotient itself when it is exact at 100 bits, else the
// quotient truncated to 100 bits plus half of its last place (a sticky bit).
func fltQuo(x, y *big.Float) *big.Float {
	q := new(big.Float).SetPrec(100).SetMode(big.ToZero).Quo(x, y)
	if new(big.Float).SetPrec(400).Mul(q, y).Cmp(x) == 0 {
		return q
	}
	half := new(big.Float).SetMantExp(big.NewFloat(float64(q.Sign())), q.MantExp(nil)-101)
	return new(big.Float).SetPrec(200).Add(q, half)
}

// fmaRN is a*b+c rounded once, from math/big (for hand rows).
func fmaRN(a, b, c uint32) uint64 {
	e := exact(float64(math.Float32frombits(a)))
	e.Mul(e, exact(float64(math.Float32frombits(b))))
	e.Add(e, exact(float64(math.Float32frombits(c))))
	v, _ := e.Float32()
	return uint64(math.Float32bits(v))
}

// mad.f32 without a rounding modifier is fused (mad.rn.f32 on sm_20+):
// the halfway case distinguishes it from mul then add.
func TestFloatMadUnroundedIsFused(t *testing.T) {
	body := `
	ld.global.b32 %r1, [%ia];
	ld.global.b32 %r2, [%ia+256];
	ld.global.b32 %r3, [%ia+512];
	mad.f32 %r4, %r1, %r1, %r3;
	mul.f32 %r5, %r1, %r1;
	add.f32 %r5, %r5, %r3;
	st.global.b32 [%oa], %r4;
	st.global.b32 [%oa+256], %r5;
`
	out := fltRun(t, body, [][]uint64{{0x3f800800, 0, 0x17800000}}, 2)
	if out[0][0] != 0x3f801001 || out[0][1] != 0x3f801000 {
		t.Errorf("mad.f32 = %#x (want 0x3f801001, fused), mul+add = %#x (want 0x3f801000)", out[0][0], out[0][1])
	}
}

// Guarded hot ops leave inactive lanes alone; the partial-mask loops run.
func TestFloatHotPartialMask(t *testing.T) {
	body := `
	ld.global.b32 %r1, [%ia];
	ld.global.b32 %r2, [%ia+256];
	and.b32 %r8, %lane, 1;
	setp.eq.u32 %p1, %r8, 1;
	mov.b32 %r3, 0x12345678;
	mov.b32 %r4, 0x12345678;
	mov.b32 %r5, 0x12345678;
	mov.b32 %r6, 0x12345678;
	@%p1 add.f32 %r3, %r1, %r2;
	@%p1 sub.f32 %r4, %r1, %r2;
	@%p1 mul.f32 %r5, %r1, %r2;
	@%p1 fma.rn.f32 %r6, %r1, %r2, %r1;
	st.global.b32 [%oa], %r3;
	st.global.b32 [%oa+256], %r4;
	st.global.b32 [%oa+512], %r5;
	st.global.b32 [%oa+768], %r6;
`
	var in [][]uint64
	for i := 0; i < 32; i++ {
		in = append(in, []uint64{uint64(math.Float32bits(float32(i) + 0.5)), uint64(math.Float32bits(float32(3 - i)))})
	}
	out := fltRun(t, body, in, 4)
	for i, row := range in {
		a, b := fv(row[0]), fv(row[1])
		want := []uint64{canon32(a + b), canon32(a - b), canon32(a * b), fmaRN(uint32(row[0]), uint32(row[1]), uint32(row[0]))}
		if i%2 == 0 {
			want = []uint64{0x12345678, 0x12345678, 0x12345678, 0x12345678}
		}
		for k := range want {
			if out[i][k] != want[k] {
				t.Errorf("lane %d output %d: got %#x, want %#x", i, k, out[i][k], want[k])
			}
		}
	}
}

// Float immediates are converted to the instruction type: 0f (f32 bits),
// 0d (f64 bits, rounded to f32 for .f32) and integers are not floats here.
func TestFloatImmediates(t *testing.T) {
	body := `
	ld.global.b32 %r1, [%ia];
	ld.global.b64 %rd1, [%ia+256];
	add.f32 %r2, %r1, 0f3FC00000;
	mul.f32 %r3, %r1, 0d4000000000000000;
	fma.rn.f32 %r4, %r1, 0f40000000, 0fBF800000;
	add.f64 %rd2, %rd1, 0d3FF0000000000000;
	mov.f32 %f1, 0f40400000;
	sub.f32 %f2, %f1, %r1;
	st.global.b32 [%oa], %r2;
	st.global.b32 [%oa+256], %r3;
	st.global.b32 [%oa+512], %r4;
	st.global.b64 [%oa+768], %rd2;
	st.global.f32 [%oa+1024], %f2;
`
	out := fltRun(t, body, [][]uint64{{0x40200000, 0x4004000000000000}}, 5) // 2.5, 2.5
	want := []uint64{0x40800000, 0x40a00000, 0x40800000, 0x400c000000000000, 0x3f000000}
	for k := range want {
		if out[0][k] != want[k] {
			t.Errorf("output %d: got %#x, want %#x", k, out[0][k], want[k])
		}
	}
}

// ---- .f64 (9.7.3.3-8, 9.7.3.13, 9.7.3.15)

func TestFloatF64(t *testing.T) {
	rows := pairs64(fltEdges64)
	bin := map[string]func(a, b float64) float64{
		"add": func(a, b float64) float64 { return a + b },
		"sub": func(a, b float64) float64 { return a - b },
		"mul": func(a, b float64) float64 { return a * b },
		"div": func(a, b float64) float64 { return a / b },
		"min": func(a, b float64) float64 { return fltMinRef(a, b) },
		"max": func(a, b float64) float64 { return -fltMinRef(-a, -b) },
	}
	for _, inst := range []string{"add.f64", "add.rn.f64", "sub.rn.f64", "mul.f64", "mul.rn.f64", "div.rn.f64", "div.f64", "min.f64", "max.f64"} {
		f := bin[inst[:3]]
		t.Run(inst, func(t *testing.T) {
			fltOp{inst, []int{64, 64, 64}}.check(t, rows, func(s []uint64) uint64 {
				r := f(dv(s[0]), dv(s[1]))
				if r != r {
					if strings.HasPrefix(inst, "m") && inst[1] != 'u' {
						return nan64(s[0]) // min/max of two NaNs: the first
					}
					return nan64(s[0], s[1])
				}
				return math.Float64bits(r)
			})
		})
	}
	// Directed rounding and fma on random operands.
	r := rand.New(rand.NewPCG(5, 6))
	a, b, c := randF64(r, 64), randF64(r, 64), randF64(r, 64)
	var rnd [][]uint64
	for i := range a {
		rnd = append(rnd, []uint64{a[i], b[i], c[i]})
	}
	for _, mode := range []string{".rn", ".rz", ".rm", ".rp"} {
		bm := bigModes[mode]
		for _, name := range []string{"add", "mul", "fma", "mad", "sqrt"} {
			widths := []int{64, 64, 64}
			switch name {
			case "fma", "mad":
				widths = []int{64, 64, 64, 64}
			case "sqrt":
				widths = []int{64, 64}
			}
			t.Run(name+mode+".f64", func(t *testing.T) {
				fltOp{name + mode + ".f64", widths}.check(t, rnd, func(s []uint64) uint64 {
					x, y := exact(dv(s[0])), exact(dv(s[1]))
					switch name {
					case "add":
						x.Add(x, y)
					case "mul":
						x.Mul(x, y)
					case "sqrt":
						if dv(s[0]) < 0 {
							return 0x7fffffffffffffff
						}
						// 200 bits; a square root of a float64 is never
						// exactly halfway, and inexact unless exact at 53.
						x = new(big.Float).SetPrec(200).SetMode(bm).Sqrt(exact(dv(s[0])))
					default:
						x.Mul(x, y)
						x.Add(x, exact(dv(s[2])))
					}
					v, ok := bigRound(x, 53, bm, -1022, 1023)
					if !ok {
						t.Fatalf("row %#x leaves the normal range", s)
					}
					return math.Float64bits(v)
				})
			})
		}
	}
	fltOp{"fma.rn.f64", []int{64, 64, 64, 64}}.checkRows(t, [][]uint64{
		// NaN payloads propagate, the first NaN operand in order a, b, c.
		{0x7ff0000000000123, 0x7ff8000000000456, 0x3ff0000000000000, 0x7ff8000000000123},
		{0x3ff0000000000000, 0xfff0000000000456, 0x7ff0000000000789, 0xfff8000000000456},
		{0x3ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000789, 0x7ff8000000000789},
		{0x7ff0000000000000, 0x0000000000000000, 0x3ff0000000000000, 0x7fffffffffffffff},
		// Subnormal results are exact on .f64.
		{0x0010000000000000, 0x3fe0000000000000, 0x0000000000000000, 0x0008000000000000},
	})
	fltOp{"abs.f64", []int{64, 64}}.checkRows(t, [][]uint64{
		{0xbff0000000000000, 0x3ff0000000000000},
		{0x8000000000000000, 0},
		{0xfff8000000000456, 0xfff8000000000456}, // 9.7.3.9: NaN passes unchanged
	})
	fltOp{"neg.f64", []int{64, 64}}.checkRows(t, [][]uint64{
		{0x3ff0000000000000, 0xbff0000000000000},
		{0, 0x8000000000000000},
		{0x0000000000000001, 0x8000000000000001}, // no flushing on .f64
	})
	fltOp{"copysign.f64", []int{64, 64, 64}}.checkRows(t, [][]uint64{
		{0x8000000000000000, 0x4000000000000000, 0xc000000000000000},
		{0x0000000000000000, 0xfff8000000000001, 0x7ff8000000000001},
	})
	fltOp{"rcp.rn.f64", []int{64, 64}}.checkRows(t, [][]uint64{
		{0x4000000000000000, 0x3fe0000000000000},
		{0x4008000000000000, math.Float64bits(1.0 / 3)},
		{0x8000000000000000, 0xfff0000000000000},
	})
	fltOp{"rcp.rz.f64", []int{64, 64}}.checkRows(t, [][]uint64{
		{0x4008000000000000, math.Float64bits(1.0 / 3)}, // 1/3 rounds down to nearest already
		{0xc008000000000000, math.Float64bits(-1.0 / 3)},
	})
	fltOp{"rcp.rp.f64", []int{64, 64}}.checkRows(t, [][]uint64{
		{0x4008000000000000, math.Float64bits(1.0/3) + 1},
	})
	fltOp{"sqrt.f64", []int{64, 64}}.checkRows(t, [][]uint64{ // legacy: .rn
		{0x4000000000000000, math.Float64bits(math.Sqrt2)},
		{0x8000000000000000, 0x8000000000000000},
	})
}

// fltMinRef is min of two float64s under PTX rules: a NaN operand is
// ignored, -0 < +0.
func fltMinRef(a, b float64) float64 {
	switch {
	case a != a:
		return b
	case b != b:
		return a
	case a == b:
		if math.Signbit(a) {
			return a
		}
		return b
	case a < b:
		return a
	}
	return b
}

// ---- div, rcp, sqrt, rsqrt and the approximate functions (9.7.3.8, 9.7.3.13-22)

// ulps is the distance between two finite f32 values in units in the last
// place (on the ordered integer line).
func ulps(a, b uint64) int64 {
	ord := func(x uint64) int64 {
		x &= 0xffffffff
		if x&0x80000000 != 0 {
			return -int64(x & 0x7fffffff)
		}
		return int64(x)
	}
	d := ord(a) - ord(b)
	if d < 0 {
		d = -d
	}
	return d
}

func TestFloatDivF32(t *testing.T) {
	rows := pairs32(fltEdges32)
	t.Run("div.rn.f32", func(t *testing.T) {
		fltOp{"div.rn.f32", []int{32, 32, 32}}.check(t, rows, func(s []uint64) uint64 { return canon32(fv(s[0]) / fv(s[1])) })
	})
	t.Run("div.rn.ftz.f32", func(t *testing.T) {
		fltOp{"div.rn.ftz.f32", []int{32, 32, 32}}.check(t, rows, func(s []uint64) uint64 {
			e := float64(fv(flush32(s[0]))) / float64(fv(flush32(s[1])))
			r := canon32(float32(e))
			if !isNaN32(r) && e != 0 && math.Abs(e) < 0x1p-126 {
				return flush32(uint64(math.Float32bits(float32(e))))
			}
			return r
		})
	})
	// .approx and .full: within 2 ulp for divisors in [2^-126, 2^126]
	// (9.7.3.8), exact special values.
	r := rand.New(rand.NewPCG(7, 8))
	a, b := randF32(r, 64), randF32(r, 64)
	var rnd [][]uint64
	for i := range a {
		rnd = append(rnd, []uint64{a[i], b[i]})
	}
	for _, inst := range []string{"div.approx.f32", "div.full.f32", "div.approx.ftz.f32", "div.full.ftz.f32", "div.f32"} {
		t.Run(inst, func(t *testing.T) {
			out := fltRun(t, fltOp{inst, []int{32, 32, 32}}.body(), rnd, 1)
			for i, row := range rnd {
				want := canon32(fv(row[0]) / fv(row[1]))
				if d := ulps(out[i][0], want); d > 2 {
					t.Errorf("%s %#x: got %#x, want %#x within 2 ulp (off by %d)", inst, row, out[i][0], want, d)
				}
			}
		})
	}
	// The legacy div.f32 is div.approx.ftz.f32: a subnormal dividend is 0.
	fltOp{"div.f32", []int{32, 32, 32}}.checkRows(t, [][]uint64{
		{0x00400000, 0x3f800000, 0x00000000},
		{0x80400000, 0x3f800000, 0x80000000},
		{0x3f800000, 0x00000000, 0x7f800000},
		{0x00000000, 0x00000000, 0x7fffffff},
	})
	fltOp{"div.full.f32", []int{32, 32, 32}}.checkRows(t, [][]uint64{
		{0x00400000, 0x3f800000, 0x00400000}, // no .ftz: the subnormal is kept
	})
	fltOp{"div.rz.f32", []int{32, 32, 32}}.checkRows(t, [][]uint64{
		{0x3f800000, 0x40400000, 0x3eaaaaaa}, // 1/3 toward zero
		{0xbf800000, 0x40400000, 0xbeaaaaaa},
	})
	fltOp{"div.rp.f32", []int{32, 32, 32}}.checkRows(t, [][]uint64{
		{0x3f800000, 0x40400000, 0x3eaaaaab},
		{0xbf800000, 0x40400000, 0xbeaaaaaa},
	})
	fltOp{"div.rm.f32", []int{32, 32, 32}}.checkRows(t, [][]uint64{
		{0xbf800000, 0x40400000, 0xbeaaaaab},
	})
}

func TestFloatUnaryF32(t *testing.T) {
	vals := []uint64{0x3f800000, 0x40000000, 0x40490fdb, 0x3dcccccd, 0x42c80000, 0x3e800000, 0x4b000001, 0x3f7fffff, 0x00800000, 0x7e000000}
	var rows [][]uint64
	for _, v := range vals {
		rows = append(rows, []uint64{v})
	}
	within := func(inst string, f func(x float64) float64, tol func(want, got float64) bool) {
		t.Run(inst, func(t *testing.T) {
			out := fltRun(t, fltOp{inst, []int{32, 32}}.body(), rows, 1)
			for i, row := range rows {
				want := f(float64(fv(row[0])))
				got := float64(fv(out[i][0]))
				if !tol(want, got) {
					t.Errorf("%s(%g): got %g (%#x), want %g", inst, fv(row[0]), got, out[i][0], want)
				}
			}
		})
	}
	rel := func(e float64) func(want, got float64) bool {
		return func(want, got float64) bool { return math.Abs(got-want) <= e*math.Abs(want) }
	}
	ulp2 := func(want, got float64) bool {
		return ulps(uint64(math.Float32bits(float32(want))), uint64(math.Float32bits(float32(got)))) <= 2
	}
	recip := func(x float64) float64 { return 1 / x }
	rsq := func(x float64) float64 { return 1 / math.Sqrt(x) }
	for _, inst := range []string{"rcp.approx.f32", "rcp.approx.ftz.f32", "rcp.f32"} {
		within(inst, recip, ulp2)
	}
	for _, inst := range []string{"sqrt.approx.f32", "sqrt.approx.ftz.f32", "sqrt.f32"} {
		within(inst, math.Sqrt, rel(0x1p-23))
	}
	for _, inst := range []string{"rsqrt.approx.f32", "rsqrt.approx.ftz.f32", "rsqrt.f32"} {
		within(inst, rsq, rel(0x1p-22))
	}
	for _, inst := range []string{"ex2.approx.f32", "ex2.approx.ftz.f32", "ex2.f32"} {
		within(inst, math.Exp2, ulp2)
	}
	for _, inst := range []string{"lg2.approx.f32", "lg2.approx.ftz.f32", "lg2.f32"} {
		within(inst, math.Log2, func(want, got float64) bool { return math.Abs(got-want) <= 0x1p-22*math.Max(1, math.Abs(want)) })
	}
	small := [][]uint64{{0x3f800000}, {0xbfc00000}, {0x40490fdb}, {0x3dcccccd}, {0xc0c90fdb}}
	for _, fn := range []struct {
		name string
		f    func(float64) float64
		e    float64
	}{{"sin", math.Sin, math.Exp2(-20.5)}, {"cos", math.Cos, math.Exp2(-20.5)}, {"tanh", math.Tanh, 0x1p-10}} {
		insts := []string{fn.name + ".approx.f32", fn.name + ".approx.ftz.f32", fn.name + ".f32"}
		if fn.name == "tanh" {
			insts = []string{"tanh.approx.f32"}
		}
		for _, inst := range insts {
			t.Run(inst, func(t *testing.T) {
				out := fltRun(t, fltOp{inst, []int{32, 32}}.body(), small, 1)
				for i, row := range small {
					x := float64(fv(row[0]))
					want, got := fn.f(x), float64(fv(out[i][0]))
					if math.Abs(got-want) > fn.e*math.Max(1, math.Abs(want)) {
						t.Errorf("%s(%g) = %g, want %g", inst, x, got, want)
					}
				}
			})
		}
	}
	// The IEEE forms are correctly rounded (Go's float32 division and the
	// float64 square root rounded once more are too, for these).
	t.Run("rcp.rn.f32", func(t *testing.T) {
		fltOp{"rcp.rn.f32", []int{32, 32}}.check(t, rows, func(s []uint64) uint64 { return canon32(1 / fv(s[0])) })
	})
	t.Run("sqrt.rn.f32", func(t *testing.T) {
		fltOp{"sqrt.rn.f32", []int{32, 32}}.check(t, rows, func(s []uint64) uint64 {
			return canon32(float32(math.Sqrt(float64(fv(s[0])))))
		})
	})
	fltOp{"rcp.rz.f32", []int{32, 32}}.checkRows(t, [][]uint64{{0x40400000, 0x3eaaaaaa}})
	fltOp{"rcp.rp.f32", []int{32, 32}}.checkRows(t, [][]uint64{{0x40400000, 0x3eaaaaab}})
	fltOp{"sqrt.rp.f32", []int{32, 32}}.checkRows(t, [][]uint64{{0x40000000, 0x3fb504f4}}) // sqrt 2 = 0x3fb504f3.33..
	fltOp{"sqrt.rz.f32", []int{32, 32}}.checkRows(t, [][]uint64{{0x40000000, 0x3fb504f3}})
	// Special values from the tables of 9.7.3.13-21, and .ftz / legacy ftz.
	specials := []struct {
		inst string
		rows [][]uint64
	}{
		{"rcp.approx.f32", [][]uint64{{0x80000000, 0xff800000}, {0x7f800000, 0}, {0xff800000, 0x80000000}, {0x7fc00000, 0x7fffffff}}},
		{"rcp.approx.f32", [][]uint64{{0x00000001, 0x7f800000}}},     // 1/2^-149 overflows
		{"rcp.approx.ftz.f32", [][]uint64{{0x80000001, 0xff800000}}}, // flushed to -0
		{"rcp.f32", [][]uint64{{0x80000001, 0xff800000}}},            // legacy: .approx.ftz
		{"sqrt.approx.f32", [][]uint64{{0x80000000, 0x80000000}, {0xbf800000, 0x7fffffff}, {0x7f800000, 0x7f800000}, {0x00000002, 0x1a800000}}},
		{"sqrt.approx.ftz.f32", [][]uint64{{0x00000002, 0}}},
		{"sqrt.f32", [][]uint64{{0x00000002, 0}}},
		{"sqrt.rn.f32", [][]uint64{{0x00000002, 0x1a800000}, {0x80000000, 0x80000000}}},
		{"sqrt.rn.ftz.f32", [][]uint64{{0x00000002, 0}}},
		{"rsqrt.approx.f32", [][]uint64{{0x00000000, 0x7f800000}, {0x80000000, 0xff800000}, {0x7f800000, 0}, {0xbf800000, 0x7fffffff}, {0x3e800000, 0x40000000}}},
		{"rsqrt.approx.ftz.f32", [][]uint64{{0x00000001, 0x7f800000}}},
		{"ex2.approx.f32", [][]uint64{{0xff800000, 0}, {0x80000000, 0x3f800000}, {0x7f800000, 0x7f800000}, {0x40400000, 0x41000000}}},
		{"ex2.approx.ftz.f32", [][]uint64{{0xc3150000, 0}}}, // 2^-149 flushed
		{"lg2.approx.f32", [][]uint64{{0x00000000, 0xff800000}, {0x80000000, 0xff800000}, {0xbf800000, 0x7fffffff}, {0x7f800000, 0x7f800000}, {0x41000000, 0x40400000}}},
		{"lg2.approx.f32", [][]uint64{{0x00000001, 0xc3150000}}},     // log2(2^-149)
		{"lg2.approx.ftz.f32", [][]uint64{{0x00000001, 0xff800000}}}, // flushed: log2(0)
		{"sin.approx.f32", [][]uint64{{0x80000000, 0x80000000}, {0x7f800000, 0x7fffffff}}},
		{"cos.approx.f32", [][]uint64{{0x80000000, 0x3f800000}, {0xff800000, 0x7fffffff}}},
		{"tanh.approx.f32", [][]uint64{{0x7f800000, 0x3f800000}, {0xff800000, 0xbf800000}, {0x80000000, 0x80000000}}},
	}
	for _, s := range specials {
		t.Run(s.inst+"/special", func(t *testing.T) { fltOp{s.inst, []int{32, 32}}.checkRows(t, s.rows) })
	}
	// .f64 approximations: rcp.approx.ftz.f64 works on the upper word
	// (9.7.3.14) and rsqrt.approx.f64 is close to 1/sqrt.
	fltOp{"rcp.approx.ftz.f64", []int{64, 64}}.checkRows(t, [][]uint64{
		{0x4000000000000000, 0x3fe0000000000000},
		{0x8000000000000000, 0xfff0000000000000},
		{0x7ff8000000000123, 0x7fffffff00000000}, // every NaN maps to this
	})
	out := fltRun(t, fltOp{"rsqrt.approx.f64", []int{64, 64}}.body(), [][]uint64{{0x4010000000000000}, {0x4000000000000000}}, 1)
	if dv(out[0][0]) != 0.5 || math.Abs(dv(out[1][0])-1/math.Sqrt2) > 1e-15 {
		t.Errorf("rsqrt.approx.f64 of 4, 2: got %g, %g", dv(out[0][0]), dv(out[1][0]))
	}
}

// ---- abs, neg, min, max, copysign, testp (9.7.3.1-2, 9.7.3.9-12)

func TestFloatAbsNegMinMaxF32(t *testing.T) {
	var rows1 [][]uint64
	for _, v := range fltEdges32 {
		rows1 = append(rows1, []uint64{uint64(v)})
	}
	for _, c := range []struct {
		inst string
		f    func(x uint64) uint64
	}{
		{"abs.f32", func(x uint64) uint64 { return x &^ 0x80000000 }},
		{"neg.f32", func(x uint64) uint64 { return x ^ 0x80000000 }},
		{"abs.ftz.f32", func(x uint64) uint64 { return flush32(x) &^ 0x80000000 }},
		{"neg.ftz.f32", func(x uint64) uint64 { return flush32(x) ^ 0x80000000 }},
	} {
		t.Run(c.inst, func(t *testing.T) {
			fltOp{c.inst, []int{32, 32}}.check(t, rows1, func(s []uint64) uint64 {
				if isNaN32(s[0]) {
					return 0x7fffffff // f32 NaN results are canonical
				}
				return c.f(s[0])
			})
		})
	}
	rows := pairs32(fltEdges32)
	minRef := func(a, b uint64, isMax, nanMode, ftz bool) uint64 {
		if ftz {
			a, b = flush32(a), flush32(b)
		}
		if nanMode && (isNaN32(a) || isNaN32(b)) || isNaN32(a) && isNaN32(b) {
			return 0x7fffffff
		}
		x, y := float64(fv(a)), float64(fv(b))
		var r float64
		if isMax {
			r = -fltMinRef(-x, -y)
		} else {
			r = fltMinRef(x, y)
		}
		return uint64(math.Float32bits(float32(r)))
	}
	for _, c := range []struct {
		inst             string
		isMax, nan, ftz_ bool
	}{
		{"min.f32", false, false, false}, {"max.f32", true, false, false},
		{"min.ftz.f32", false, false, true}, {"max.ftz.f32", true, false, true},
		{"min.NaN.f32", false, true, false}, {"max.NaN.f32", true, true, false},
		{"min.ftz.NaN.f32", false, true, true},
	} {
		t.Run(c.inst, func(t *testing.T) {
			fltOp{c.inst, []int{32, 32, 32}}.check(t, rows, func(s []uint64) uint64 { return minRef(s[0], s[1], c.isMax, c.nan, c.ftz_) })
		})
	}
	// .xorsign.abs: compare magnitudes, the result's sign is the XOR of the
	// operands' signs (9.7.3.11).
	t.Run("min.xorsign.abs.f32", func(t *testing.T) {
		fltOp{"min.xorsign.abs.f32", []int{32, 32, 32}}.check(t, rows, func(s []uint64) uint64 {
			r := minRef(s[0]&^0x80000000, s[1]&^0x80000000, false, false, false)
			if isNaN32(r) {
				return r
			}
			return r | (s[0]^s[1])&0x80000000
		})
	})
	t.Run("max.NaN.xorsign.abs.f32", func(t *testing.T) {
		fltOp{"max.NaN.xorsign.abs.f32", []int{32, 32, 32}}.check(t, rows, func(s []uint64) uint64 {
			r := minRef(s[0]&^0x80000000, s[1]&^0x80000000, true, true, false)
			if isNaN32(r) {
				return r
			}
			return r | (s[0]^s[1])&0x80000000
		})
	})
	// Three inputs: min(min(a, b), c), with .abs on magnitudes.
	var rows3 [][]uint64
	for _, p := range pairs32(fltEdges32[:12]) {
		rows3 = append(rows3, append(p, uint64(fltEdges32[(len(rows3)*7)%len(fltEdges32)])))
	}
	t.Run("max.f32 3", func(t *testing.T) {
		fltOp{"max.f32", []int{32, 32, 32, 32}}.check(t, rows3, func(s []uint64) uint64 {
			return minRef(minRef(s[0], s[1], true, false, false), s[2], true, false, false)
		})
	})
	t.Run("min.NaN.abs.f32 3", func(t *testing.T) {
		fltOp{"min.NaN.abs.f32", []int{32, 32, 32, 32}}.check(t, rows3, func(s []uint64) uint64 {
			a, b, c := s[0]&^0x80000000, s[1]&^0x80000000, s[2]&^0x80000000
			return minRef(minRef(a, b, false, true, false), c, false, true, false)
		})
	})
	t.Run("copysign.f32", func(t *testing.T) {
		// copysign d, a, b: b's magnitude with a's sign; a bit operation.
		fltOp{"copysign.f32", []int{32, 32, 32}}.check(t, rows, func(s []uint64) uint64 {
			return s[1]&0x7fffffff | s[0]&0x80000000
		})
	})
}

func TestFloatTestp(t *testing.T) {
	props := map[string]func(x float64, sub bool) bool{
		"finite":     func(x float64, _ bool) bool { return !math.IsInf(x, 0) && x == x },
		"infinite":   func(x float64, _ bool) bool { return math.IsInf(x, 0) },
		"number":     func(x float64, _ bool) bool { return x == x },
		"notanumber": func(x float64, _ bool) bool { return x != x },
		"normal":     func(x float64, sub bool) bool { return x == x && !math.IsInf(x, 0) && !sub },
		"subnormal":  func(x float64, sub bool) bool { return sub },
	}
	for name, f := range props {
		t.Run(name, func(t *testing.T) {
			for _, w := range []int{32, 64} {
				body := fmt.Sprintf(`
	ld.global.b%d %%rd1, [%%ia];
	testp.%s.f%d %%p1, %%rd1;
	selp.u32 %%r1, 1, 0, %%p1;
	st.global.b32 [%%oa], %%r1;
`, w, name, w)
				if w == 32 {
					body = strings.ReplaceAll(body, "%rd1", "%r2")
				}
				var rows [][]uint64
				if w == 32 {
					for _, v := range fltEdges32 {
						rows = append(rows, []uint64{uint64(v)})
					}
				} else {
					for _, v := range fltEdges64 {
						rows = append(rows, []uint64{v})
					}
				}
				out := fltRun(t, body, rows, 1)
				for i, row := range rows {
					var x float64
					var sub bool
					if w == 32 {
						x = float64(fv(row[0]))
						sub = row[0]&0x7f800000 == 0 && row[0]&0x7fffff != 0
					} else {
						x = dv(row[0])
						sub = row[0]&0x7ff0000000000000 == 0 && row[0]&0xfffffffffffff != 0
					}
					want := uint64(0)
					if f(x, sub) {
						want = 1
					}
					if out[i][0] != want {
						t.Errorf("testp.%s.f%d %#x: got %d, want %d", name, w, row[0], out[i][0], want)
					}
				}
			}
		})
	}
}

// ---- setp, set (9.7.6.1-2)

var fltCmpOps = []string{"eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"}

// refCmp is a CmpOp of 9.3.1.2 written from its definition: the ordered
// forms are false when either operand is NaN, the unordered (-u) forms true.
func refCmp(op string, x, y float64) bool {
	nan := x != x || y != y
	base := strings.TrimSuffix(op, "u")
	var r bool
	switch base {
	case "eq":
		r = x == y
	case "ne":
		r = x < y || x > y
	case "lt":
		r = x < y
	case "le":
		r = x <= y
	case "gt":
		r = x > y
	case "ge":
		r = x >= y
	case "num":
		return !nan
	case "nan":
		return nan
	}
	if nan {
		return op != base // unordered forms hold
	}
	return r
}

func TestFloatSetp(t *testing.T) {
	rows32 := pairs32(fltEdges32)
	rows64 := pairs64(fltEdges64)
	for _, op := range fltCmpOps {
		for _, ty := range []string{"f32", "ftz.f32", "f64"} {
			inst := "setp." + op + "." + ty
			t.Run(inst, func(t *testing.T) {
				w, rows := 32, rows32
				if ty == "f64" {
					w, rows = 64, rows64
				}
				body := fmt.Sprintf(`
	ld.global.b%[1]d %[2]s, [%%ia];
	ld.global.b%[1]d %[3]s, [%%ia+256];
	%[4]s %%p1|%%p2, %[2]s, %[3]s;
	selp.u32 %%r1, 1, 0, %%p1;
	selp.u32 %%r2, 1, 0, %%p2;
	st.global.b32 [%%oa], %%r1;
	st.global.b32 [%%oa+256], %%r2;
`, w, fltReg(w, 5), fltReg(w, 6), inst)
				out := fltRun(t, body, rows, 2)
				for i, row := range rows {
					var x, y float64
					if w == 32 {
						a, b := row[0], row[1]
						if strings.Contains(ty, "ftz") {
							a, b = flush32(a), flush32(b)
						}
						x, y = float64(fv(a)), float64(fv(b))
					} else {
						x, y = dv(row[0]), dv(row[1])
					}
					want := uint64(0)
					if refCmp(op, x, y) {
						want = 1
					}
					if out[i][0] != want || out[i][1] != 1-want {
						t.Errorf("%s %#x: got p=%d q=%d, want p=%d q=%d", inst, row, out[i][0], out[i][1], want, 1-want)
					}
				}
			})
		}
	}
}

// setp with a BoolOp: p = BoolOp(t, c), q = BoolOp(!t, c), c negated when
// written !c; and a sink for p.
func TestFloatSetpBoolOp(t *testing.T) {
	body := `
	ld.global.b32 %r5, [%ia];
	ld.global.b32 %r6, [%ia+256];
	ld.global.b32 %r7, [%ia+512];
	setp.ne.u32 %p3, %r7, 0;
	setp.lt.and.f32 %p1|%p2, %r5, %r6, %p3;
	setp.ltu.or.f32 %p4|%p5, %r5, %r6, !%p3;
	setp.gt.xor.f32 _|%p6, %r5, %r6, %p3;
	selp.u32 %r1, 1, 0, %p1;
	selp.u32 %r2, 1, 0, %p2;
	selp.u32 %r3, 1, 0, %p4;
	selp.u32 %r4, 1, 0, %p5;
	selp.u32 %r8, 1, 0, %p6;
	st.global.b32 [%oa], %r1;
	st.global.b32 [%oa+256], %r2;
	st.global.b32 [%oa+512], %r3;
	st.global.b32 [%oa+768], %r4;
	st.global.b32 [%oa+1024], %r8;
`
	var rows [][]uint64
	for _, p := range pairs32([]uint32{0x3f800000, 0x40000000, 0x7fc00000, 0x80000000, 0}) {
		rows = append(rows, append(p[:2:2], 0), append(p[:2:2], 1))
	}
	out := fltRun(t, body, rows, 5)
	for i, row := range rows {
		x, y, c := float64(fv(row[0])), float64(fv(row[1])), row[2] != 0
		lt, ltu, gt := refCmp("lt", x, y), refCmp("ltu", x, y), refCmp("gt", x, y)
		want := []uint64{bit(lt && c), bit(!lt && c), bit(ltu || !c), bit(!ltu || !c), bit(!gt != c)}
		for k := range want {
			if out[i][k] != want[k] {
				t.Errorf("row %#x output %d: got %d, want %d", row, k, out[i][k], want[k])
			}
		}
	}
}

func TestFloatSet(t *testing.T) {
	rows := pairs32([]uint32{0x3f800000, 0x40000000, 0x7fc00000, 0x80000000, 0, 0x00000001})
	for _, c := range []struct {
		inst string
		one  uint64
	}{
		{"set.lt.f32.f32", 0x3f800000},
		{"set.lt.u32.f32", 0xffffffff},
		{"set.lt.s32.f32", 0xffffffff},
		{"set.ltu.ftz.f32.f32", 0x3f800000},
	} {
		t.Run(c.inst, func(t *testing.T) {
			fltOp{c.inst, []int{32, 32, 32}}.check(t, rows, func(s []uint64) uint64 {
				a, b := s[0], s[1]
				if strings.Contains(c.inst, "ftz") {
					a, b = flush32(a), flush32(b)
				}
				if refCmp(strings.Split(c.inst, ".")[1], float64(fv(a)), float64(fv(b))) {
					return c.one
				}
				return 0
			})
		})
	}
	fltOp{"set.ge.u32.f64", []int{32, 64, 64}}.checkRows(t, [][]uint64{
		{0x4000000000000000, 0x3ff0000000000000, 0xffffffff},
		{0x3ff0000000000000, 0x4000000000000000, 0},
		{0x7ff8000000000000, 0x4000000000000000, 0},
	})
	// set with a BoolOp and a predicate operand.
	body := `
	ld.global.b32 %r5, [%ia];
	ld.global.b32 %r6, [%ia+256];
	ld.global.b32 %r7, [%ia+512];
	setp.ne.u32 %p3, %r7, 0;
	set.eq.or.f32.f32 %r1, %r5, %r6, %p3;
	st.global.b32 [%oa], %r1;
`
	out := fltRun(t, body, [][]uint64{{0x3f800000, 0x3f800000, 0}, {0x3f800000, 0x40000000, 0}, {0x3f800000, 0x40000000, 1}}, 1)
	for i, want := range []uint64{0x3f800000, 0, 0x3f800000} {
		if out[i][0] != want {
			t.Errorf("set.eq.or row %d: got %#x, want %#x", i, out[i][0], want)
		}
	}
}

// ---- half precision (9.7.4): add, sub, mul, fma, neg, abs, min, max, ex2,
// tanh, setp, set on .f16, .bf16 and the x2 forms

// h2f decodes an .f16 encoding (independently of package fp).
func h2f(h uint16) float64 {
	s := 1.0
	if h&0x8000 != 0 {
		s = -1
	}
	e, m := int(h>>10&0x1f), float64(h&0x3ff)
	switch e {
	case 0:
		return s * m * 0x1p-24
	case 31:
		if m != 0 {
			return math.NaN()
		}
		return s * math.Inf(1)
	}
	return s * (1 + m/1024) * math.Ldexp(1, e-15)
}

// f2h rounds a float64 to .f16 (to nearest even; through math/big for
// normal results, on the 2^-24 grid for subnormal ones).
func f2h(x float64) uint16 {
	switch {
	case x == 0:
		if math.Signbit(x) {
			return 0x8000
		}
		return 0
	case math.IsInf(x, 1):
		return 0x7c00
	case math.IsInf(x, -1):
		return 0xfc00
	}
	var s uint16
	if math.Abs(x) < 0x1p-14 { // subnormal: a multiple of 2^-24
		if x < 0 {
			s = 0x8000
		}
		return s | uint16(math.RoundToEven(math.Abs(x)*0x1p24))
	}
	v, ok := bigRound(exact(x), 11, big.ToNearestEven, -14, 15)
	if !ok {
		if x < 0 {
			return 0xfc00
		}
		return 0x7c00
	}
	if v < 0 {
		s, v = 0x8000, -v
	}
	fr, e := math.Frexp(v) // v = fr * 2^e, fr in [0.5, 1)
	return s | uint16(e-1+15)<<10 | uint16((fr*2-1)*1024)
}

// b2f and f2b do the same for .bf16 (the upper half of an f32).
func b2f(h uint16) float64 { return float64(math.Float32frombits(uint32(h) << 16)) }

func f2b(x float64) uint16 {
	if x == 0 {
		return uint16(math.Float32bits(float32(x)) >> 16)
	}
	v, ok := bigRound(exact(x), 8, big.ToNearestEven, -126, 127)
	if !ok {
		panic(fmt.Sprintf("f2b(%g): not a normal bf16", x))
	}
	return uint16(math.Float32bits(float32(v)) >> 16)
}

func TestFloatHalf(t *testing.T) {
	// Normal values whose sums, differences and products stay normal.
	hv := []uint16{0x3c00, 0xbc00, 0x4000, 0x3e00, 0x6800, 0x3c01, 0x2e66, 0xc900, 0x5640, 0x1400}
	bv := []uint16{0x3f80, 0xbf80, 0x4000, 0x3fc0, 0x4580, 0x3f81, 0x3dcd, 0xc120, 0x42c8, 0x3c00}
	ops := map[string]func(a, b float64) float64{
		"add": func(a, b float64) float64 { return a + b },
		"sub": func(a, b float64) float64 { return a - b },
		"mul": func(a, b float64) float64 { return a * b },
	}
	for _, name := range []string{"add", "sub", "mul"} {
		f := ops[name]
		var rows, rows2, brows, brows2 [][]uint64
		for i, a := range hv {
			for j, b := range hv {
				rows = append(rows, []uint64{uint64(a), uint64(b)})
				// x2: element 0 (low half) and element 1 (high half) differ.
				c, d := hv[(i+3)%len(hv)], hv[(j+7)%len(hv)]
				rows2 = append(rows2, []uint64{uint64(a) | uint64(c)<<16, uint64(b) | uint64(d)<<16})
			}
		}
		for i, a := range bv {
			for j, b := range bv {
				brows = append(brows, []uint64{uint64(a), uint64(b)})
				c, d := bv[(i+3)%len(bv)], bv[(j+7)%len(bv)]
				brows2 = append(brows2, []uint64{uint64(a) | uint64(c)<<16, uint64(b) | uint64(d)<<16})
			}
		}
		h := func(a, b uint64) uint64 { return uint64(f2h(f(h2f(uint16(a)), h2f(uint16(b))))) }
		bf := func(a, b uint64) uint64 { return uint64(f2b(f(b2f(uint16(a)), b2f(uint16(b))))) }
		t.Run(name+".f16", func(t *testing.T) {
			fltOp{name + ".f16", []int{16, 16, 16}}.check(t, rows, func(s []uint64) uint64 { return h(s[0], s[1]) })
			fltOp{name + ".rn.f16", []int{16, 16, 16}}.check(t, rows, func(s []uint64) uint64 { return h(s[0], s[1]) })
		})
		t.Run(name+".f16x2", func(t *testing.T) {
			fltOp{name + ".f16x2", []int{32, 32, 32}}.check(t, rows2, func(s []uint64) uint64 {
				return h(s[0]&0xffff, s[1]&0xffff) | h(s[0]>>16, s[1]>>16)<<16
			})
		})
		t.Run(name+".bf16", func(t *testing.T) {
			fltOp{name + ".bf16", []int{16, 16, 16}}.check(t, brows, func(s []uint64) uint64 { return bf(s[0], s[1]) })
		})
		t.Run(name+".rn.bf16x2", func(t *testing.T) {
			fltOp{name + ".rn.bf16x2", []int{32, 32, 32}}.check(t, brows2, func(s []uint64) uint64 {
				return bf(s[0]&0xffff, s[1]&0xffff) | bf(s[0]>>16, s[1]>>16)<<16
			})
		})
	}
	// Rounding, .ftz, .sat and NaN by hand (9.7.4.1-4).
	fltOp{"add.f16", []int{16, 16, 16}}.checkRows(t, [][]uint64{
		{0x6800, 0x3c00, 0x6800}, // 2048 + 1: a tie, to even 2048
		{0x6800, 0x4200, 0x6802}, // 2048 + 3: a tie, to even 2052
		{0x7bff, 0x7bff, 0x7c00}, // overflow to +Inf
		{0x0001, 0x0001, 0x0002}, // subnormals kept
		{0x7c00, 0xfc00, 0x7fff}, // Inf - Inf: the canonical NaN
	})
	fltOp{"add.ftz.f16", []int{16, 16, 16}}.checkRows(t, [][]uint64{{0x0001, 0x0001, 0x0000}, {0x8200, 0x3c00, 0x3c00}})
	fltOp{"mul.sat.f16", []int{16, 16, 16}}.checkRows(t, [][]uint64{{0x4000, 0x4000, 0x3c00}, {0xbc00, 0x3800, 0}, {0x7e00, 0x3c00, 0}})
	fltOp{"sub.ftz.sat.f16x2", []int{32, 32, 32}}.checkRows(t, [][]uint64{{0x40000001, 0x3c000000, 0x3c000000}})
	fltOp{"fma.rn.f16", []int{16, 16, 16, 16}}.checkRows(t, [][]uint64{
		{0x4000, 0x4200, 0x3c00, 0x4700}, // 2*3+1 = 7
		{0x6800, 0x3c00, 0x3c00, 0x6800}, // 2048*1+1: a tie, to even
		{0x3c01, 0x3c01, 0xbc00, uint64(f2h(2*0x1p-10 + 0x1p-20))},
	})
	fltOp{"fma.rn.relu.f16", []int{16, 16, 16, 16}}.checkRows(t, [][]uint64{
		{0x4000, 0xc200, 0x3c00, 0x0000}, // 2*-3+1 = -5 -> 0
		{0x4000, 0x4200, 0x3c00, 0x4700},
		{0x7c00, 0x0000, 0x3c00, 0x7fff}, // NaN stays NaN
	})
	fltOp{"fma.rn.sat.f16x2", []int{32, 32, 32, 32}}.checkRows(t, [][]uint64{{0x40003800, 0x40003800, 0xbc000000, 0x3c003400}}) // hi: 2*2-1 = 3 -> 1; lo: 0.5*0.5 = 0.25
	fltOp{"fma.rn.bf16", []int{16, 16, 16, 16}}.checkRows(t, [][]uint64{{0x4000, 0x4040, 0x3f80, 0x40e0}})
	fltOp{"fma.rn.relu.bf16x2", []int{32, 32, 32, 32}}.checkRows(t, [][]uint64{{0x40004000, 0xc0404040, 0x3f803f80, 0x000040e0}})
	fltOp{"neg.f16", []int{16, 16}}.checkRows(t, [][]uint64{{0x3c00, 0xbc00}, {0x8000, 0x0000}, {0x0001, 0x8001}, {0x7e00, 0x7fff}})
	fltOp{"neg.ftz.f16", []int{16, 16}}.checkRows(t, [][]uint64{{0x0001, 0x8000}})
	fltOp{"abs.f16x2", []int{32, 32}}.checkRows(t, [][]uint64{{0xbc008001, 0x3c000001}})
	fltOp{"abs.ftz.f16x2", []int{32, 32}}.checkRows(t, [][]uint64{{0xbc008001, 0x3c000000}})
	fltOp{"neg.bf16", []int{16, 16}}.checkRows(t, [][]uint64{{0x3f80, 0xbf80}, {0x0001, 0x8001}})
	fltOp{"abs.bf16x2", []int{32, 32}}.checkRows(t, [][]uint64{{0xbf80c000, 0x3f804000}})
	fltOp{"min.f16", []int{16, 16, 16}}.checkRows(t, [][]uint64{{0x3c00, 0x4000, 0x3c00}, {0x7e00, 0x4000, 0x4000}, {0x8000, 0x0000, 0x8000}})
	fltOp{"max.NaN.f16", []int{16, 16, 16}}.checkRows(t, [][]uint64{{0x3c00, 0x4000, 0x4000}, {0x7e00, 0x4000, 0x7fff}})
	fltOp{"max.f16x2", []int{32, 32, 32}}.checkRows(t, [][]uint64{{0x3c00c000, 0x40003c00, 0x40003c00}})
	fltOp{"min.xorsign.abs.f16", []int{16, 16, 16}}.checkRows(t, [][]uint64{{0xc000, 0x3c00, 0xbc00}, {0xc000, 0xbc00, 0x3c00}})
	fltOp{"min.bf16", []int{16, 16, 16}}.checkRows(t, [][]uint64{{0x3f80, 0x4000, 0x3f80}})
	fltOp{"max.bf16x2", []int{32, 32, 32}}.checkRows(t, [][]uint64{{0x3f80c000, 0x40003f80, 0x40003f80}})
	// ex2.approx and tanh.approx on halves: within the documented bounds
	// (2^-9.9 relative for .f16 ex2, 2^-7 for .bf16; tanh absolute
	// 2^-10.987 for .f16, 2^-8 for .bf16).
	for _, c := range []struct {
		inst  string
		w     int
		dec   func(uint16) float64
		f     func(float64) float64
		bound float64
		rel   bool
	}{
		{"ex2.approx.f16", 16, h2f, math.Exp2, math.Exp2(-9.9), true},
		{"ex2.approx.f16x2", 32, h2f, math.Exp2, math.Exp2(-9.9), true},
		{"ex2.approx.ftz.bf16", 16, b2f, math.Exp2, 0x1p-7, true},
		{"ex2.approx.ftz.bf16x2", 32, b2f, math.Exp2, 0x1p-7, true},
		{"tanh.approx.f16", 16, h2f, math.Tanh, math.Exp2(-10.987), false},
		{"tanh.approx.f16x2", 32, h2f, math.Tanh, math.Exp2(-10.987), false},
		{"tanh.approx.bf16", 16, b2f, math.Tanh, 0x1p-8, false},
		{"tanh.approx.bf16x2", 32, b2f, math.Tanh, 0x1p-8, false},
	} {
		t.Run(c.inst, func(t *testing.T) {
			vs := hv
			if strings.Contains(c.inst, "bf16") {
				vs = bv
			}
			var rows [][]uint64
			for i, v := range vs {
				if c.w == 32 {
					rows = append(rows, []uint64{uint64(v) | uint64(vs[(i+1)%len(vs)])<<16})
				} else {
					rows = append(rows, []uint64{uint64(v)})
				}
			}
			out := fltRun(t, fltOp{c.inst, []int{c.w, c.w}}.body(), rows, 1)
			for i, row := range rows {
				for k := 0; k < c.w/16; k++ {
					x := c.dec(uint16(row[0] >> (16 * k)))
					got := c.dec(uint16(out[i][0] >> (16 * k)))
					want := c.f(x)
					if maxF := c.dec(0x7bff); !strings.Contains(c.inst, "bf16") && want > maxF {
						want = math.Inf(1) // overflows .f16
					}
					err := math.Abs(got - want)
					if c.rel {
						err /= math.Abs(want)
					}
					if math.IsInf(want, 0) && got == want {
						continue
					}
					if !(err <= c.bound) && !(want == 0 && got == 0) {
						t.Errorf("%s element %d of %#x: got %g, want %g", c.inst, k, row[0], got, want)
					}
				}
			}
		})
	}
}

// setp and set on halves: scalar forms compare once; the x2 forms put the
// low halves' result in p and the high halves' in q (9.7.6.2), and set
// fills each half of d (9.7.6.1).
func TestFloatHalfCompare(t *testing.T) {
	body := `
	ld.global.b32 %r5, [%ia];
	ld.global.b32 %r6, [%ia+256];
	setp.lt.f16x2 %p1|%p2, %r5, %r6;
	setp.gtu.bf16x2 %p3|%p4, %r5, %r6;
	mov.b32 {%h1, %h2}, %r5;
	mov.b32 {%h3, %h4}, %r6;
	setp.lt.f16 %p5|%p6, %h2, %h4;
	selp.u32 %r1, 1, 0, %p1;
	selp.u32 %r2, 1, 0, %p2;
	selp.u32 %r3, 1, 0, %p3;
	selp.u32 %r4, 1, 0, %p4;
	selp.u32 %r7, 1, 0, %p5;
	selp.u32 %r8, 1, 0, %p6;
	set.lt.f16x2.f16x2 %r9, %r5, %r6;
	set.lt.u32.f16x2 %r10, %r5, %r6;
	st.global.b32 [%oa], %r1;
	st.global.b32 [%oa+256], %r2;
	st.global.b32 [%oa+512], %r3;
	st.global.b32 [%oa+768], %r4;
	st.global.b32 [%oa+1024], %r7;
	st.global.b32 [%oa+1280], %r8;
	st.global.b32 [%oa+1536], %r9;
	st.global.b32 [%oa+1792], %r10;
`
	vals := []uint16{0x3c00, 0x4000, 0x7e00, 0x8000, 0x0000, 0xbc00}
	var rows [][]uint64
	for i, a := range vals {
		for j, b := range vals {
			c, d := vals[(i+2)%len(vals)], vals[(j+1)%len(vals)]
			rows = append(rows, []uint64{uint64(a) | uint64(c)<<16, uint64(b) | uint64(d)<<16})
		}
	}
	out := fltRun(t, body, rows, 8)
	for i, row := range rows {
		lo := func(x uint64) uint16 { return uint16(x) }
		hi := func(x uint64) uint16 { return uint16(x >> 16) }
		lt0, lt1 := refCmp("lt", h2f(lo(row[0])), h2f(lo(row[1]))), refCmp("lt", h2f(hi(row[0])), h2f(hi(row[1])))
		gtu0, gtu1 := refCmp("gtu", b2f(lo(row[0])), b2f(lo(row[1]))), refCmp("gtu", b2f(hi(row[0])), b2f(hi(row[1])))
		want := []uint64{bit(lt0), bit(lt1), bit(gtu0), bit(gtu1), bit(lt1), bit(!lt1),
			0x3c00*bit(lt0) | 0x3c00*bit(lt1)<<16, 0xffff*bit(lt0) | 0xffff*bit(lt1)<<16}
		for k := range want {
			if out[i][k] != want[k] {
				t.Errorf("row %#x output %d: got %#x, want %#x", row, k, out[i][k], want[k])
			}
		}
	}
	fltOp{"set.ge.u32.f16", []int{32, 16, 16}}.checkRows(t, [][]uint64{{0x4000, 0x3c00, 0xffffffff}, {0x3c00, 0x4000, 0}, {0x7e00, 0x3c00, 0}})
	fltOp{"set.ge.f16.f16", []int{16, 16, 16}}.checkRows(t, [][]uint64{{0x4000, 0x3c00, 0x3c00}, {0x3c00, 0x4000, 0}})
	fltOp{"set.ge.u16.bf16", []int{16, 16, 16}}.checkRows(t, [][]uint64{{0x4000, 0x3f80, 0xffff}, {0x3f80, 0x4000, 0}})
}

// Mixed precision (9.7.5): add/sub/fma .f32 with an .f16 or .bf16 operand
// widened exactly; .f32x2 (9.7.3.3, 9.7.3.6) works on each .f32 half.
func TestFloatMixedAndPairs(t *testing.T) {
	fltOp{"add.f32.f16", []int{32, 16, 32}}.checkRows(t, [][]uint64{
		{0x3c00, 0x3f800000, 0x40000000},                        // 1 + 1
		{0x0001, 0x00000000, uint64(math.Float32bits(0x1p-24))}, // a subnormal half is a normal f32
		{0x7e00, 0x3f800000, 0x7fffffff},
	})
	fltOp{"sub.rz.f32.bf16", []int{32, 16, 32}}.checkRows(t, [][]uint64{
		{0x4000, 0x3f800000, 0x3f800000}, // 2 - 1
		{0x3f80, 0x33800001, 0x3f7ffffe}, // 1 - (2^-24+): toward zero
	})
	fltOp{"sub.rn.f32.bf16", []int{32, 16, 32}}.checkRows(t, [][]uint64{{0x3f80, 0x33800001, 0x3f7fffff}, {0x3f80, 0x33000000, 0x3f800000}})
	fltOp{"add.sat.f32.f16", []int{32, 16, 32}}.checkRows(t, [][]uint64{{0x4000, 0x3f800000, 0x3f800000}})
	fltOp{"fma.rn.f32.f16", []int{32, 16, 16, 32}}.checkRows(t, [][]uint64{
		{0x4000, 0x4200, 0x3f800000, 0x40e00000}, // 2*3+1
		{0x3c01, 0x3c01, 0xbf800000, uint64(math.Float32bits(2*0x1p-10 + 0x1p-20))},
	})
	fltOp{"fma.rp.f32.bf16", []int{32, 16, 16, 32}}.checkRows(t, [][]uint64{{0x3f80, 0x3f80, 0x33800000, 0x3f800001}})
	// .f32x2: element 0 in the low word.
	lohi := func(lo, hi float32) uint64 { return uint64(math.Float32bits(lo)) | uint64(math.Float32bits(hi))<<32 }
	fltOp{"add.rn.f32x2", []int{64, 64, 64}}.checkRows(t, [][]uint64{{lohi(1, 2), lohi(10, 20), lohi(11, 22)}})
	fltOp{"sub.f32x2", []int{64, 64, 64}}.checkRows(t, [][]uint64{{lohi(1, 2), lohi(10, 20), lohi(-9, -18)}})
	fltOp{"mul.rp.f32x2", []int{64, 64, 64}}.checkRows(t, [][]uint64{{lohi(1, 1+0x1p-23), lohi(1.0/3, 1+0x1p-23), lohi(1.0/3, 1+3*0x1p-23)}})
	fltOp{"fma.rn.f32x2", []int{64, 64, 64, 64}}.checkRows(t, [][]uint64{{lohi(2, 3), lohi(4, 5), lohi(1, -15), lohi(9, 0)}})
	fltOp{"add.rn.ftz.f32x2", []int{64, 64, 64}}.checkRows(t, [][]uint64{{0x0000000100000001, 0x3f80000000000001, 0x3f80000000000000}})
}

// ---- cvt (9.7.9.21)

func TestFloatCvt(t *testing.T) {
	f := func(x float32) uint64 { return uint64(math.Float32bits(x)) }
	d := func(x float64) uint64 { return math.Float64bits(x) }
	cases := []struct {
		inst   string
		widths []int
		rows   [][]uint64
	}{
		// float to integer: each integer rounding, clamping, NaN -> 0.
		{"cvt.rni.s32.f32", []int{32, 32}, [][]uint64{{f(2.5), 2}, {f(3.5), 4}, {f(-2.5), 0xfffffffe}, {f(-0.5), 0}, {f(1e10), 0x7fffffff}, {f(-1e10), 0x80000000}, {0x7fc00000, 0}}},
		{"cvt.rzi.s32.f32", []int{32, 32}, [][]uint64{{f(2.7), 2}, {f(-2.7), 0xfffffffe}}},
		{"cvt.rmi.s32.f32", []int{32, 32}, [][]uint64{{f(2.7), 2}, {f(-2.1), 0xfffffffd}}},
		{"cvt.rpi.s32.f32", []int{32, 32}, [][]uint64{{f(2.1), 3}, {f(-2.7), 0xfffffffe}}},
		{"cvt.rpi.ftz.s32.f32", []int{32, 32}, [][]uint64{{0x00000001, 0}}}, // flushed before rounding up
		{"cvt.rpi.s32.f32", []int{32, 32}, [][]uint64{{0x00000001, 1}}},
		{"cvt.rni.u32.f32", []int{32, 32}, [][]uint64{{f(-3), 0}, {f(5e9), 0xffffffff}, {f(7.5), 8}}},
		{"cvt.rzi.u8.f32", []int{32, 32}, [][]uint64{{f(300), 0xff}, {f(-3), 0}, {f(200.9), 200}}},
		{"cvt.rzi.s16.f32", []int{32, 32}, [][]uint64{{f(-3), 0xfffffffd}, {f(40000), 0x7fff}}}, // sign-extended to the .b32 register
		{"cvt.rni.s64.f64", []int{64, 64}, [][]uint64{{d(-2.5), 0xfffffffffffffffe}, {d(1e300), 0x7fffffffffffffff}, {0x7ff8000000000000, 0x8000000000000000}}},
		{"cvt.rzi.s32.f64", []int{32, 64}, [][]uint64{{d(-7.9), 0xfffffff9}, {0x7ff8000000000000, 0x80000000}}},
		{"cvt.rzi.u64.f32", []int{64, 32}, [][]uint64{{f(1.5e19), uint64(float32(1.5e19))}, {0x7fc00000, 0x8000000000000000}}},
		{"cvt.rni.s32.f16", []int{32, 16}, [][]uint64{{0x3e00, 2}, {0xc100, 0xfffffffe}, {0x7c00, 0x7fffffff}}},
		{"cvt.rzi.s32.bf16", []int{32, 16}, [][]uint64{{0xc0b0, 0xfffffffb}}}, // -5.5
		// integer to float: each rounding, .sat.
		{"cvt.rn.f32.s32", []int{32, 32}, [][]uint64{{16777217, f(16777216)}, {16777219, f(16777220)}, {0xffffffff, f(-1)}, {0x80000000, f(-2147483648)}}},
		{"cvt.rz.f32.s32", []int{32, 32}, [][]uint64{{16777219, f(16777218)}, {0xfffffffd, f(-3)}}},
		{"cvt.rm.f32.s32", []int{32, 32}, [][]uint64{{0xfefffffd, 0xcb800002}}}, // -16777219 toward -inf
		{"cvt.rp.f32.u32", []int{32, 32}, [][]uint64{{16777217, f(16777218)}, {0xffffffff, f(4294967296)}}},
		{"cvt.rn.f32.u64", []int{32, 64}, [][]uint64{{0xffffffffffffffff, f(18446744073709551616)}}},
		{"cvt.rn.f64.s64", []int{64, 64}, [][]uint64{{0x8000000000000000, d(-9223372036854775808)}, {1<<53 + 1, d(1 << 53)}}},
		{"cvt.rn.sat.f32.s32", []int{32, 32}, [][]uint64{{5, f(1)}, {0xfffffffb, 0}}},
		{"cvt.rn.f16.s32", []int{16, 32}, [][]uint64{{2049, 0x6800}, {70000, 0x7c00}, {0xfffffffe, 0xc000}}},
		{"cvt.rz.f16.u32", []int{16, 32}, [][]uint64{{70000, 0x7bff}}},
		{"cvt.rn.bf16.s32", []int{16, 32}, [][]uint64{{257, 0x4380}, {259, 0x4382}}},
		// float to float.
		{"cvt.f64.f32", []int{64, 32}, [][]uint64{{f(0.1), d(float64(float32(0.1)))}, {0x00000001, d(0x1p-149)}, {0xff800000, d(math.Inf(-1))}}},
		{"cvt.ftz.f64.f32", []int{64, 32}, [][]uint64{{0x80000001, 1 << 63}}},
		{"cvt.rn.f32.f64", []int{32, 64}, [][]uint64{{d(0.1), f(0.1)}, {d(1e300), 0x7f800000}, {d(0x1p-149 * 0.75), 1}}},
		{"cvt.rz.f32.f64", []int{32, 64}, [][]uint64{{d(0.1), f(0.1) - 1}, {d(1e300), 0x7f7fffff}}},
		{"cvt.rm.f32.f64", []int{32, 64}, [][]uint64{{d(-0.1), f(-0.1)}, {d(-1e300), 0xff800000}}},
		{"cvt.rp.f32.f64", []int{32, 64}, [][]uint64{{d(0.1), f(0.1)}, {d(-1e300), 0xff7fffff}}},
		{"cvt.rn.ftz.f32.f64", []int{32, 64}, [][]uint64{{d(0x1p-130), 0}}},
		{"cvt.rn.sat.f32.f64", []int{32, 64}, [][]uint64{{d(1.5), f(1)}, {d(-0.5), 0}, {0x7ff8000000000000, 0}}},
		{"cvt.rn.f16.f32", []int{16, 32}, [][]uint64{{f(1), 0x3c00}, {f(65520), 0x7c00}, {f(2049), 0x6800}, {f(2051), 0x6802}, {f(0x1p-24), 0x0001}, {0xffc00000, 0x7fff}}},
		{"cvt.rz.f16.f32", []int{16, 32}, [][]uint64{{f(65520), 0x7bff}, {f(2051), 0x6801}}},
		{"cvt.rn.relu.f16.f32", []int{16, 32}, [][]uint64{{f(-2), 0}, {f(2), 0x4000}}},
		{"cvt.rn.satfinite.f16.f32", []int{16, 32}, [][]uint64{{f(1e6), 0x7bff}, {f(-1e6), 0xfbff}}},
		{"cvt.rn.bf16.f32", []int{16, 32}, [][]uint64{{0x3f808000, 0x3f80}, {0x3f818000, 0x3f82}, {0x3f808001, 0x3f81}}},
		{"cvt.rz.bf16.f32", []int{16, 32}, [][]uint64{{0x3f81ffff, 0x3f81}}},
		{"cvt.f32.f16", []int{32, 16}, [][]uint64{{0x3c00, f(1)}, {0x0001, f(0x1p-24)}, {0xfc00, 0xff800000}, {0x3555, f(float32(h2f(0x3555)))}}},
		{"cvt.f32.bf16", []int{32, 16}, [][]uint64{{0x3f81, 0x3f810000}, {0xc000, f(-2)}}},
		{"cvt.f64.f16", []int{64, 16}, [][]uint64{{0xc000, d(-2)}}},
		{"cvt.rn.f16.f64", []int{16, 64}, [][]uint64{{d(2049), 0x6800}}},
		{"cvt.rn.bf16.f16", []int{16, 16}, [][]uint64{{0x3c00, 0x3f80}}},
		{"cvt.rn.f16.bf16", []int{16, 16}, [][]uint64{{0x3f80, 0x3c00}, {0x4780, 0x7c00}}}, // 65536 overflows f16
		{"cvt.rni.f32.f32", []int{32, 32}, [][]uint64{{f(2.5), f(2)}, {f(-3.5), f(-4)}, {f(-0.4), 0x80000000}}},
		{"cvt.rmi.f32.f32", []int{32, 32}, [][]uint64{{f(2.5), f(2)}, {f(-0.4), f(-1)}}},
		{"cvt.rpi.ftz.f32.f32", []int{32, 32}, [][]uint64{{0x00000001, 0}}},
		{"cvt.rzi.f64.f64", []int{64, 64}, [][]uint64{{d(-2.5), d(-2)}}},
		{"cvt.rni.f16.f16", []int{16, 16}, [][]uint64{{0x3e00, 0x4000}, {0x4100, 0x4000}}}, // 1.5 -> 2, 2.5 -> 2
		{"cvt.ftz.f32.f32", []int{32, 32}, [][]uint64{{0x807fffff, 0x80000000}, {f(1.5), f(1.5)}}},
		{"cvt.sat.f32.f32", []int{32, 32}, [][]uint64{{f(1.5), f(1)}, {f(-1), 0}, {f(0.5), f(0.5)}}},
		{"cvt.sat.f16.f16", []int{16, 16}, [][]uint64{{0x4000, 0x3c00}, {0xbc00, 0}, {0x3800, 0x3800}}},
		{"cvt.f32.f32", []int{32, 32}, [][]uint64{{0x00000001, 0x00000001}}},
		// tf32: .rna rounds the encoding half away (9.7.9.21).
		{"cvt.rna.tf32.f32", []int{32, 32}, [][]uint64{{0x3f801000, 0x3f802000}, {0x3f800fff, 0x3f800000}, {0xbf801000, 0xbf802000}}},
		{"cvt.rn.tf32.f32", []int{32, 32}, [][]uint64{{0x3f801000, 0x3f800000}, {0x3f803000, 0x3f804000}}},
		{"cvt.rz.tf32.f32", []int{32, 32}, [][]uint64{{0x3f801fff, 0x3f800000}}},
	}
	for _, c := range cases {
		t.Run(c.inst, func(t *testing.T) { fltOp{c.inst, c.widths}.checkRows(t, c.rows) })
	}
	// Packing: a goes to the upper half, b to the lower.
	fltOp{"cvt.rn.f16x2.f32", []int{32, 32, 32}}.checkRows(t, [][]uint64{{f(1), f(2), 0x3c004000}, {f(-2), f(65520), 0xc0007c00}})
	fltOp{"cvt.rz.satfinite.f16x2.f32", []int{32, 32, 32}}.checkRows(t, [][]uint64{{f(1e6), f(2051), 0x7bff6801}})
	fltOp{"cvt.rn.relu.bf16x2.f32", []int{32, 32, 32}}.checkRows(t, [][]uint64{{f(-1), f(3), 0x00004040}})
}

// Every float family fails a warp's lanes the same way: the forms that are
// not simulated refuse clearly when reached, and are otherwise harmless.
func TestFloatUnsupportedRefuses(t *testing.T) {
	p := compileHarness(t, "", "", `
	mov.b16 %h1, 0x3c00;
	fma.rn.oob.f16 %h2, %h1, %h1, %h1;
`)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: make([]byte, 16)})
	if err != nil {
		t.Fatal(err)
	}
	m.Run(1000)
	if f := m.Fault(); f == nil || !strings.Contains(f.Msg, ".oob") {
		t.Errorf("fma.rn.oob.f16: got fault %v, want one naming .oob", f)
	}
}

// TestIntTypeEnums: fpIntType relies on fp.IntType being alu.IntType
// minus one, type by type.
func TestIntTypeEnums(t *testing.T) {
	for _, n := range []string{".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64"} {
		a, ok1 := intType(typeOf(n))
		f, ok2 := fpIntType(typeOf(n))
		if !ok1 || !ok2 || a.String() != n || f.String() != n {
			t.Errorf("%s: alu %v (%v), fp %v (%v)", n, a, ok1, f, ok2)
		}
	}
}
