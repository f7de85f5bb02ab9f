package sim

// exec_pack_test.go: cvt.pack, the 8-bit float conversions, vector mov and
// addresses in initializers, against models written from the ISA text.

import (
	"encoding/binary"
	"fmt"
	"math"
	"testing"
)

// cvtPackModel follows the semantics of cvt.pack (PTX ISA 9.7.9.23) bit by
// bit: ta, tb clamped to convertType; td = tb, td[size..2size-1] =
// ta[0..size-1]; for the narrow types d[2size..31] = c[0..31-2size].
func cvtPackModel(ct string, a, b, c uint64) uint64 {
	var size int
	fmt.Sscan(ct[2:], &size)
	signed := ct[1] == 's'
	lo, hi := int64(0), int64(1)<<size-1
	if signed {
		lo, hi = -(int64(1) << (size - 1)), int64(1)<<(size-1)-1
	}
	clamp := func(v uint64) int64 {
		x := int64(int32(v))
		if x < lo {
			return lo
		}
		if x > hi {
			return hi
		}
		return x
	}
	ta, tb := uint64(clamp(a)), uint64(clamp(b))
	var d uint64
	for i := 0; i < size; i++ {
		d |= (tb >> i & 1) << i
		d |= (ta >> i & 1) << (i + size)
	}
	if size < 16 {
		for i := 2 * size; i <= 31; i++ {
			d |= (c >> (i - 2*size) & 1) << i
		}
	}
	return d
}

func TestCvtPack(t *testing.T) {
	vals := []uint64{0, 1, 2, 3, 5, 7, 8, 15, 16, 127, 128, 255, 256, 32767, 32768, 65535, 65536,
		0xffffffff, 0xfffffffe, 0xfffffff8, 0xfffffff0, 0xffffff80, 0xffffff7f, 0xffff8000, 0xffff7fff, 0x80000000, 0x7fffffff}
	var cases []opCase
	for _, ct := range []string{".u16", ".s16"} {
		ct := ct
		cases = append(cases, opCase{inst: "cvt.pack.sat" + ct + ".s32", widths: []int{32, 32, 32}, vals: [][]uint64{vals, vals},
			want: func(s []uint64) uint64 { return cvtPackModel(ct, s[0], s[1], 0) }, ver: "6.5", target: "sm_72"})
	}
	for _, ct := range []string{".u2", ".s2", ".u4", ".s4", ".u8", ".s8"} {
		ct := ct
		cases = append(cases, opCase{inst: "cvt.pack.sat" + ct + ".s32.b32", widths: []int{32, 32, 32, 32},
			vals: [][]uint64{vals, vals, {0, 0xffffffff, 0x12345678, 0xabcd}},
			want: func(s []uint64) uint64 { return cvtPackModel(ct, s[0], s[1], s[2]) }, ver: "6.5", target: "sm_72"})
	}
	runCases(t, cases)
	// The ISA's example: four bytes packed by two instructions.
	p := compileHarness(t, "6.5", "sm_72", `
	ld.global.u32 %r1, [%ia];
	ld.global.u32 %r2, [%ia+256];
	cvt.pack.sat.u8.s32.b32 %r3, %r1, %r2, 0;
	cvt.pack.sat.u8.s32.b32 %r4, %r2, %r1, %r3;
	st.global.u32 [%oa], %r4;`)
	var in [2][32]uint64
	in[0][0], in[1][0] = 300, 0xfffffffb // 300 -> 255, -5 -> 0
	in[0][1], in[1][1] = 7, 9
	got := runHarness(t, p, in[:], 1)[0]
	// lane 0: 255<<8|0 = 0xff00, then 0<<8|255 | 0xff00<<16; lane 1: 0x709, then 0x907 | 0x709<<16.
	for lane, want := range []uint64{0xff00_00ff, 0x0709_0907} {
		if got[lane] != want {
			t.Errorf("lane %d: packed %#x, want %#x", lane, got[lane], want)
		}
	}
}

// f8Codes are the values of every .e4m3 or .e5m2 code from the formats'
// definitions (OCP 8-bit floats; PTX ISA 5.2.5.1): NaN for NaN codes.
func f8Codes(e5m2 bool) [256]float64 {
	var v [256]float64
	for c := 0; c < 256; c++ {
		sign := 1.0
		if c&0x80 != 0 {
			sign = -1
		}
		var e, m, mbits, bias int
		if e5m2 {
			e, m, mbits, bias = c>>2&0x1f, c&3, 2, 15
			if e == 31 {
				v[c] = math.NaN()
				if m == 0 {
					v[c] = math.Inf(int(sign))
				}
				continue
			}
		} else {
			e, m, mbits, bias = c>>3&0xf, c&7, 3, 7
			if e == 15 && m == 7 {
				v[c] = math.NaN()
				continue
			}
		}
		frac := float64(m) / float64(int(1)<<mbits)
		if e == 0 {
			v[c] = sign * frac * math.Pow(2, float64(1-bias))
		} else {
			v[c] = sign * (1 + frac) * math.Pow(2, float64(e-bias))
		}
	}
	return v
}

// toF8Model converts x by search: the nearest finite code of x's sign
// (ties to the even code), NaN to 0x7F, and .relu making negatives +0.
// Anything beyond the largest finite value lands on it, as .satfinite says.
func toF8Model(x float64, e5m2, relu bool) uint64 {
	if math.IsNaN(x) {
		return 0x7F
	}
	codes := f8Codes(e5m2)
	best, bestD := -1, math.Inf(1)
	for c := 0; c < 256; c++ {
		v := codes[c]
		if math.IsNaN(v) || math.IsInf(v, 0) || (c&0x80 != 0) != math.Signbit(x) {
			continue
		}
		d := math.Abs(v - x)
		if math.IsInf(x, 0) {
			d = -math.Abs(v) // the largest magnitude
		}
		if d < bestD || d == bestD && c&1 == 0 {
			best, bestD = c, d
		}
	}
	if relu && best&0x80 != 0 {
		return 0
	}
	return uint64(best)
}

// f16Value decodes f16 bits (IEEE binary16).
func f16Value(h uint64) float64 {
	s := 1.0
	if h&0x8000 != 0 {
		s = -1
	}
	e, m := int(h>>10&0x1f), float64(h&0x3ff)
	switch {
	case e == 31 && m != 0:
		return math.NaN()
	case e == 31:
		return math.Inf(int(s))
	case e == 0:
		return s * m / 1024 * math.Pow(2, -14)
	}
	return s * (1 + m/1024) * math.Pow(2, float64(e-15))
}

// f8Inputs are f32 bit patterns: edges of both formats and a spread.
func f8Inputs() []uint64 {
	fs := []float64{0, 1, 1.5, 448, 449, 464, 465, 480, 500, 1e6, 57344, 57345, 61440, 61439, 65536,
		math.Ldexp(1, -6), math.Ldexp(1, -9), math.Ldexp(1, -10), math.Ldexp(3, -11), math.Ldexp(1, -14),
		math.Ldexp(1, -16), math.Ldexp(1, -17), math.Ldexp(3, -18), math.Ldexp(5, -20), 0.1, 3.14159, 2.5, 3.5,
		math.Inf(1)}
	var out []uint64
	for _, f := range fs {
		out = append(out, uint64(math.Float32bits(float32(f))), uint64(math.Float32bits(float32(-f))))
	}
	x := uint32(12345)
	for i := 0; i < 64; i++ {
		x = x*1664525 + 1013904223
		// exponents around the formats' ranges
		out = append(out, uint64(x&0x807fffff|uint32(100+i%60)<<23))
	}
	return append(out, 0x7fc00000, 0xffc00001, 0x7f800001)
}

func TestCvtF8(t *testing.T) {
	in := f8Inputs()
	var cases []opCase
	for _, e5 := range []bool{false, true} {
		for _, relu := range []bool{false, true} {
			e5, relu := e5, relu
			ty := map[bool]string{false: ".e4m3x2", true: ".e5m2x2"}[e5]
			r := map[bool]string{false: "", true: ".relu"}[relu]
			f32 := func(b uint64) float64 { return float64(math.Float32frombits(uint32(b))) }
			cases = append(cases,
				opCase{inst: "cvt.rn.satfinite" + r + ty + ".f32", widths: []int{16, 32, 32}, vals: [][]uint64{in, in[:24]}, ver: "7.8", target: "sm_89",
					want: func(s []uint64) uint64 { return toF8Model(f32(s[0]), e5, relu)<<8 | toF8Model(f32(s[1]), e5, relu) }},
			)
			// From f16x2: the inputs' halves read as f16 values.
			h2 := in
			cases = append(cases,
				opCase{inst: "cvt.rn.satfinite" + r + ty + ".f16x2", widths: []int{16, 32}, vals: [][]uint64{h2}, ver: "7.8", target: "sm_89",
					want: func(s []uint64) uint64 {
						return toF8Model(f16Value(s[0]>>16), e5, relu)<<8 | toF8Model(f16Value(s[0]&0xffff), e5, relu)
					}},
			)
			// To f16x2: every code of the format, two at a time.
			var codes []uint64
			for c := uint64(0); c < 256; c++ {
				codes = append(codes, c<<8|(255-c), c<<8|c)
			}
			cases = append(cases,
				opCase{inst: "cvt.rn" + r + ".f16x2" + ty, widths: []int{32, 16}, vals: [][]uint64{codes}, ver: "7.8", target: "sm_89",
					want: func(s []uint64) uint64 {
						one := func(c uint64) uint64 {
							v := f8Codes(e5)[c]
							switch {
							case math.IsNaN(v):
								return 0x7FFF
							case relu && math.Signbit(v):
								return 0
							}
							// the f16 code whose value is v: search
							for h := uint64(0); h < 0x10000; h++ {
								if f16Value(h) == v && math.Signbit(f16Value(h)) == math.Signbit(v) {
									return h
								}
							}
							panic("no f16 for an 8-bit float value")
						}
						return one(s[0]>>8&0xff)<<16 | one(s[0]&0xff)
					}},
			)
		}
	}
	runCases(t, cases)
}

// TestMovVector: mov between vectors of registers copies element by
// element, reading every source before writing (ISA 9.7.9.4); a vector
// register's element is a register of its own.
func TestMovVector(t *testing.T) {
	p := compileHarness(t, "", "", `
	.reg .v4 .u16 %v<3>;
	.reg .v2 .u32 %w;
	ld.global.u16 %h1, [%ia];
	ld.global.u16 %h2, [%ia+256];
	ld.global.u16 %h3, [%ia+512];
	ld.global.u16 %h4, [%ia+768];
	mov.v4.u16 {%h5, %h6, %h7, %h8}, {%h1, %h2, %h3, %h4};
	mov.v4.u16 {%h1, %h2, %h3, %h4}, {%h4, %h3, %h2, %h1};
	mov.v4.u16 %v1, {%h5, %h6, %h7, %h8};
	mov.v4.u16 %v2, %v1;
	mov.u16 %h9, %v2.z;
	mov.v2.u32 %w, {%r1, %r2};
	cvt.u32.u16 %r10, %h1;
	cvt.u32.u16 %r11, %h9;
	cvt.u32.u16 %r12, %v2.w;
	st.global.u32 [%oa], %r10;
	st.global.u32 [%oa+256], %r11;
	st.global.u32 [%oa+512], %r12;`)
	in := make([][32]uint64, 4)
	for lane := 0; lane < 32; lane++ {
		for k := range in {
			in[k][lane] = uint64(lane*16 + k + 1)
		}
	}
	got := runHarness(t, p, in, 3)
	for lane := 0; lane < 32; lane++ {
		want := []uint64{in[3][lane], in[2][lane], in[3][lane]} // swapped h1 = old h4; v2.z = h3; v2.w = h4
		for k, w := range want {
			if got[k][lane] != w {
				t.Errorf("lane %d output %d: got %d, want %d", lane, k, got[k][lane], w)
			}
		}
	}
}

// TestInitializerAddresses: a variable's name in a .const or .global
// initializer is its address in its own state space, the value mov gives;
// generic(x) is its generic address, the value cvta gives (ISA 5.4.4).
func TestInitializerAddresses(t *testing.T) {
	src := `.version 8.0
.target sm_90
.address_size 64
.const .u32 cx[2] = {11, 22};
.global .u32 gy[2] = {33, 44};
.const .u64 ptrs[3] = {cx, gy, cx+4};
.global .u64 gptrs[3] = {generic(gy), generic(cx), generic(cx)+4};
.visible .entry k(.param .u64 out)
{
	.reg .b64 %rd<20>;
	.reg .b32 %r<4>;
	ld.param.u64 %rd1, [out];
	mov.u64 %rd2, cx;
	mov.u64 %rd3, gy;
	cvta.const.u64 %rd4, %rd2;
	cvta.global.u64 %rd5, %rd3;
	ld.const.u64 %rd6, [ptrs];
	ld.const.u64 %rd7, [ptrs+8];
	ld.const.u64 %rd8, [ptrs+16];
	ld.global.u64 %rd9, [gptrs];
	ld.global.u64 %rd10, [gptrs+8];
	ld.global.u64 %rd11, [gptrs+16];
	ld.u32 %r1, [%rd11];
	ld.const.u32 %r2, [%rd8];
	st.global.u64 [%rd1], %rd2;
	st.global.u64 [%rd1+8], %rd3;
	st.global.u64 [%rd1+16], %rd4;
	st.global.u64 [%rd1+24], %rd5;
	st.global.u64 [%rd1+32], %rd6;
	st.global.u64 [%rd1+40], %rd7;
	st.global.u64 [%rd1+48], %rd8;
	st.global.u64 [%rd1+56], %rd9;
	st.global.u64 [%rd1+64], %rd10;
	st.global.u64 [%rd1+72], %rd11;
	st.global.u32 [%rd1+80], %r1;
	st.global.u32 [%rd1+84], %r2;
	ret;
}
`
	p := compilePTX(t, "init.ptx", src)
	_, size, _ := p.Params("k")
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{1, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	oa := m.Alloc("out", 88)
	binary.LittleEndian.PutUint64(params, oa)
	m.Run(1000)
	if f := m.Fault(); f != nil {
		t.Fatal(f)
	}
	o := m.Buffer(oa)
	v := func(i int) uint64 { return binary.LittleEndian.Uint64(o[8*i:]) }
	movCx, movGy, genCx, genGy := v(0), v(1), v(2), v(3)
	for _, c := range []struct {
		what      string
		got, want uint64
	}{
		{"ptrs[0] = cx", v(4), movCx},
		{"ptrs[1] = gy", v(5), movGy},
		{"ptrs[2] = cx+4", v(6), movCx + 4},
		{"gptrs[0] = generic(gy)", v(7), genGy},
		{"gptrs[1] = generic(cx)", v(8), genCx},
		{"gptrs[2] = generic(cx)+4", v(9), genCx + 4},
		{"ld through generic(cx)+4", uint64(binary.LittleEndian.Uint32(o[80:])), 22},
		{"ld.const through cx+4", uint64(binary.LittleEndian.Uint32(o[84:])), 22},
	} {
		if c.got != c.want {
			t.Errorf("%s: %#x, want %#x", c.what, c.got, c.want)
		}
	}
	if genCx == movCx {
		t.Errorf("generic and const-space addresses of cx agree (%#x): the test cannot tell them apart", genCx)
	}
}
