package sim

// exec_atomwide_test.go: atom and red on half floats, cas.b16 and the
// vector forms, against models from the ISA text: the operation applied to
// the old memory value, rounded to nearest even by a search over the
// format's codes; d gets the old value.

import (
	"fmt"
	"math"
	"testing"
)

// halfFormat describes f16 (5 exponent bits, 10 fraction) or bf16 (8, 7).
type halfFormat struct{ ebits, fbits int }

var (
	hF16  = halfFormat{5, 10}
	hBF16 = halfFormat{8, 7}
)

func (h halfFormat) value(c uint64) float64 {
	bias := 1<<(h.ebits-1) - 1
	s := 1.0
	if c>>(h.ebits+h.fbits)&1 != 0 {
		s = -1
	}
	e := int(c >> h.fbits & (1<<h.ebits - 1))
	f := float64(c&(1<<h.fbits-1)) / float64(int(1)<<h.fbits)
	switch {
	case e == 1<<h.ebits-1 && f != 0:
		return math.NaN()
	case e == 1<<h.ebits-1:
		return math.Inf(int(s))
	case e == 0:
		return s * f * math.Pow(2, float64(1-bias))
	}
	return s * (1 + f) * math.Pow(2, float64(e-bias))
}

// round finds the code nearest x of x's sign (ties to the even code),
// infinity standing at the next power of two past the largest finite
// value; NaN gives 0x7FFF.
func (h halfFormat) round(x float64) uint64 {
	if math.IsNaN(x) {
		return 0x7FFF
	}
	sign := uint64(0)
	if math.Signbit(x) {
		sign = 1 << (h.ebits + h.fbits)
	}
	ax := math.Abs(x)
	inf := uint64(1<<h.ebits-1) << h.fbits
	if math.IsInf(x, 0) {
		return sign | inf
	}
	best, bestD := uint64(0), math.Inf(1)
	for c := uint64(0); c <= inf; c++ {
		v := h.value(c)
		if c == inf {
			v = math.Pow(2, float64(int(1)<<(h.ebits-1))) // where overflow begins to round
		}
		d := math.Abs(v - ax)
		if d < bestD || d == bestD && c&1 == 0 {
			best, bestD = c, d
		}
	}
	return sign | best
}

func (h halfFormat) add(a, b uint64) uint64 { return h.round(h.value(a) + h.value(b)) }

func (h halfFormat) minmax(a, b uint64, isMax bool) uint64 {
	va, vb := h.value(a), h.value(b)
	switch {
	case math.IsNaN(va) && math.IsNaN(vb):
		return 0x7FFF
	case math.IsNaN(va):
		return b
	case math.IsNaN(vb):
		return a
	}
	less := va < vb || va == vb && math.Signbit(va) && !math.Signbit(vb) // -0 < +0
	if less != isMax {
		return a
	}
	return b
}

var halfVals = []uint64{0x0000, 0x8000, 0x3c00, 0xbc00, 0x3555, 0x7bff, 0xfbff, 0x0001, 0x8001, 0x03ff, 0x0400,
	0x7c00, 0xfc00, 0x7e00, 0x4248, 0xc248, 0x1234, 0x6400, 0x63ff, 0x5bff}

var bfVals = []uint64{0x0000, 0x8000, 0x3f80, 0xbf80, 0x3eab, 0x7f7f, 0xff7f, 0x0001, 0x8001, 0x007f, 0x0080,
	0x7f80, 0xff80, 0x7fc0, 0x4049, 0xc049, 0x1234, 0x4b80, 0x4b7f, 0x3c00}

// runAtom runs body on one warp: lane i's memory element starts as
// mem[i], its operand is v[i] (c[i] for cas); outputs: old value, new
// memory value.
func runAtom(t *testing.T, name, body string, w int, mem, v, c []uint64, want func(m, v, c uint64) (uint64, uint64)) {
	t.Helper()
	p := compileHarness(t, "", "", body)
	var in [3][32]uint64
	for i := 0; i < 32; i++ {
		in[0][i], in[1][i] = mem[i%len(mem)], v[(i*7+i/len(mem))%len(v)]
		if c != nil {
			in[2][i] = c[i%len(c)]
		}
	}
	got := runHarness(t, p, in[:], 2)
	for i := 0; i < 32; i++ {
		old, nw := want(in[0][i]&mk(w), in[1][i]&mk(w), in[2][i]&mk(w))
		if got[0][i] != old || got[1][i] != nw {
			t.Errorf("%s lane %d: memory %#x, operand %#x: old %#x new %#x, want %#x %#x", name, i, in[0][i]&mk(w), in[1][i]&mk(w), got[0][i], got[1][i], old, nw)
			return
		}
	}
}

func TestAtomHalf(t *testing.T) {
	for _, c := range []struct {
		ty   string
		h    halfFormat
		vals []uint64
	}{{".f16", hF16, halfVals}, {".bf16", hBF16, bfVals}} {
		h := c.h
		// Scalar: atom and red, global and shared (through a copy).
		runAtom(t, "atom.add.noftz"+c.ty, fmt.Sprintf(`
	ld.global.u16 %%h2, [%%ia+256];
	atom.global.add.noftz%s %%h1, [%%ia], %%h2;
	ld.global.u16 %%h3, [%%ia];
	st.global.u16 [%%oa], %%h1;
	st.global.u16 [%%oa+256], %%h3;`, c.ty), 16, c.vals, c.vals, nil,
			func(m, v, _ uint64) (uint64, uint64) { return m, h.add(m, v) })
		runAtom(t, "red.add.noftz"+c.ty, fmt.Sprintf(`
	ld.global.u16 %%h2, [%%ia+256];
	ld.global.u16 %%h1, [%%ia];
	red.global.add.noftz%s [%%ia], %%h2;
	ld.global.u16 %%h3, [%%ia];
	st.global.u16 [%%oa], %%h1;
	st.global.u16 [%%oa+256], %%h3;`, c.ty), 16, c.vals, c.vals, nil,
			func(m, v, _ uint64) (uint64, uint64) { return m, h.add(m, v) })
		// x2: each half on its own.
		var pairs []uint64
		for i, a := range c.vals {
			pairs = append(pairs, a<<16|c.vals[(i*3+1)%len(c.vals)])
		}
		runAtom(t, "atom.add.noftz"+c.ty+"x2", fmt.Sprintf(`
	ld.global.u32 %%r2, [%%ia+256];
	atom.global.add.noftz%sx2 %%r1, [%%ia], %%r2;
	ld.global.u32 %%r3, [%%ia];
	st.global.u32 [%%oa], %%r1;
	st.global.u32 [%%oa+256], %%r3;`, c.ty), 32, pairs, pairs, nil,
			func(m, v, _ uint64) (uint64, uint64) { return m, h.add(m>>16, v>>16)<<16 | h.add(m&0xffff, v&0xffff) })
		// Vector of two halves, min and max: element k at byte 2k.
		for _, op := range []string{"min", "max"} {
			isMax := op == "max"
			runAtom(t, "atom."+op+".noftz.v2"+c.ty, fmt.Sprintf(`
	ld.global.u16 %%h2, [%%ia+256];
	ld.global.u16 %%h4, [%%ia+258];
	atom.global.%s.noftz.v2%s {%%h1, %%h5}, [%%ia], {%%h2, %%h4};
	ld.global.u32 %%r3, [%%ia];
	mov.b32 %%r4, {%%h1, %%h5};
	st.global.u32 [%%oa], %%r4;
	st.global.u32 [%%oa+256], %%r3;`, op, c.ty), 32, pairs, pairs, nil,
				func(m, v, _ uint64) (uint64, uint64) {
					return m, h.minmax(m>>16, v>>16, isMax)<<16 | h.minmax(m&0xffff, v&0xffff, isMax)
				})
		}
	}
	// cas.b16: the new value where the old equals b.
	runAtom(t, "atom.cas.b16", `
	ld.global.u16 %h2, [%ia+256];
	ld.global.u16 %h4, [%ia+512];
	atom.global.cas.b16 %h1, [%ia], %h2, %h4;
	ld.global.u16 %h3, [%ia];
	st.global.u16 [%oa], %h1;
	st.global.u16 [%oa+256], %h3;`, 16, []uint64{1, 2, 3, 0xffff}, []uint64{1, 2, 0xffff, 5}, []uint64{0x1111, 0x2222, 0x3333},
		func(m, v, c uint64) (uint64, uint64) {
			if m == v {
				return m, c
			}
			return m, m
		})
	// .v2.f32 add: two f32 elements, as atom.add.f32 rounds them.
	f := []uint64{0x3f800000, 0x40490fdb, 0xbf800000, 0x7f7fffff, 0x00000001, 0x80800000}
	var f2 []uint64
	for i, a := range f {
		f2 = append(f2, a<<32|f[(i+2)%len(f)])
	}
	add32 := func(a, b uint64) uint64 {
		fz := func(x uint64) float32 {
			if x&0x7f800000 == 0 {
				return float32(math.Copysign(0, float64(math.Float32frombits(uint32(x)))))
			}
			return math.Float32frombits(uint32(x))
		}
		r := math.Float32bits(fz(a) + fz(b))
		if r&0x7f800000 == 0 {
			r &= 0x80000000
		}
		return uint64(r)
	}
	runAtom(t, "atom.add.v2.f32", `
	ld.global.v2.f32 {%f2, %f4}, [%ia+256];
	atom.global.add.v2.f32 {%f1, %f5}, [%ia], {%f2, %f4};
	ld.global.u64 %rd3, [%ia];
	mov.b64 %rd4, {%f1, %f5};
	st.global.u64 [%oa], %rd4;
	st.global.u64 [%oa+256], %rd3;`, 64, f2, f2, nil,
		func(m, v, _ uint64) (uint64, uint64) {
			return m, add32(m>>32, v>>32)<<32 | add32(m&0xffffffff, v&0xffffffff)
		})
}

// TestAtomAddF32Subnormals: atom/red .add.f32 flush subnormal inputs and
// results to sign-preserving zero on global memory (the ISA's words) but
// keep them on shared memory, as an H200 does (testdata/gpu/atom_add_f32
// and dsmem_atom_f32 hold its outputs); a NaN result is 0x7fffffff.
func TestAtomAddF32Subnormals(t *testing.T) {
	vals := []uint64{0, 0x80000000, 1, 0x80000001, 0x007fffff, 0x00400000, 0x00800000, 0x80800000,
		0x3f800000, 0x33800000, 0x7f7fffff, 0x7f800000, 0xff800000, 0x7fc00001}
	add := func(a, b uint32, flush bool) uint32 {
		fl := func(x uint32) uint32 {
			if flush && x&0x7f800000 == 0 {
				return x & 0x80000000
			}
			return x
		}
		r := fl(math.Float32bits(math.Float32frombits(fl(a)) + math.Float32frombits(fl(b))))
		if r&0x7fffffff > 0x7f800000 {
			return 0x7fffffff
		}
		return r
	}
	global := func(m, v, _ uint64) (uint64, uint64) { return m, uint64(add(uint32(m), uint32(v), true)) }
	shared := func(m, v, _ uint64) (uint64, uint64) { return m, uint64(add(uint32(m), uint32(v), false)) }
	runAtom(t, "atom.global.add.f32", `
	ld.global.f32 %f1, [%ia+256];
	atom.global.add.f32 %f2, [%ia], %f1;
	ld.global.u32 %r1, [%ia];
	st.global.f32 [%oa], %f2;
	st.global.u32 [%oa+256], %r1;`, 32, vals, vals, nil, global)
	for _, c := range []struct{ name, atom string }{
		{"atom.shared.add.f32", "atom.shared.add.f32 %f2, [%r3], %f1;"},
		{"red.shared.add.f32", "red.shared.add.f32 [%r3], %f1;\n\tmov.b32 %f2, %r4;"},
		{"atom.add.f32 (generic to shared)", "cvta.shared.u64 %rd2, %rd1;\n\tatom.add.f32 %f2, [%rd2], %f1;"},
	} {
		runAtom(t, c.name, `
	.shared .align 4 .b32 sh[32];
	mov.u32 %r1, sh;
	shl.b32 %r2, %lane, 2;
	add.u32 %r3, %r1, %r2;
	cvt.u64.u32 %rd1, %r3;
	ld.global.u32 %r4, [%ia];
	st.shared.u32 [%r3], %r4;
	ld.global.f32 %f1, [%ia+256];
	`+c.atom+`
	ld.shared.u32 %r5, [%r3];
	st.global.f32 [%oa], %f2;
	st.global.u32 [%oa+256], %r5;`, 32, vals, vals, nil, shared)
	}
}
