package sim

// tcgen05_mma_test.go: the tcgen05.mma descriptors decoded against the
// field layouts of the public reference encodings (CUTLASS's
// UMMA::InstrDescriptor and UMMA::SmemDescriptor, cute/arch/
// mma_sm100_desc.hpp), and tcgen05.mma results against a plain matrix
// multiply with integer-valued inputs (every kind, both majors, every
// swizzle, A from tensor memory), with the commit arriving on an
// mbarrier that the warps wait on before reading D with tcgen05.ld.

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/fp"
)

// idescFields builds an instruction descriptor from CUTLASS's bitfields
// (UMMA::InstrDescriptor, in declaration order: sparse_id2_ 2,
// sparse_flag_ 1, saturate_ 1, c_format_ 2, (1), a_format_ 3, b_format_ 3,
// a_negate_ 1, b_negate_ 1, a_major_ 1 | b_major_ 1, n_dim_ 6, (1),
// m_dim_ 5, (1), max_shift_ 2).
func idescFields(f map[string]uint32) uint32 {
	layout := []struct {
		name  string
		width uint
	}{{"sparse_id2", 2}, {"sparse_flag", 1}, {"saturate", 1}, {"c_format", 2}, {"", 1}, {"a_format", 3}, {"b_format", 3},
		{"a_negate", 1}, {"b_negate", 1}, {"a_major", 1}, {"b_major", 1}, {"n_dim", 6}, {"", 1}, {"m_dim", 5}, {"", 1}, {"max_shift", 2}}
	var v uint32
	shift := uint(0)
	for _, l := range layout {
		v |= (f[l.name] & (1<<l.width - 1)) << shift
		shift += l.width
	}
	return v
}

// smemDescFields builds a shared-memory matrix descriptor from CUTLASS's
// bitfields (UMMA::SmemDescriptor: start_address_ 14, (2),
// leading_byte_offset_ 14, (2), stride_byte_offset_ 14, version_ 2, (1),
// base_offset_ 3, lbo_mode_ 1, (8), layout_type_ 3).
func smemDescFields(f map[string]uint64) uint64 {
	layout := []struct {
		name  string
		width uint
	}{{"start_address", 14}, {"", 2}, {"leading_byte_offset", 14}, {"", 2}, {"stride_byte_offset", 14}, {"version", 2},
		{"", 1}, {"base_offset", 3}, {"lbo_mode", 1}, {"", 8}, {"layout_type", 3}}
	var v uint64
	shift := uint(0)
	for _, l := range layout {
		v |= (f[l.name] & (1<<l.width - 1)) << shift
		shift += l.width
	}
	if shift != 64 {
		panic("SmemDescriptor layout is not 64 bits")
	}
	return v
}

func TestTcgen05Idesc(t *testing.T) {
	cases := []struct {
		desc string
		kind string
		f    map[string]uint32
		want string
	}{
		{"the issue's example: bf16 A K-major, B MN-major, f32 D", "f16",
			map[string]uint32{"c_format": 1, "a_format": 1, "b_format": 1, "b_major": 1, "n_dim": 256 >> 3, "m_dim": 128 >> 4},
			"M=128 N=256 K=16, A bf16 K-major, B bf16 MN-major, D f32"},
		{"f16 into f16, N=16, both MN-major", "f16",
			map[string]uint32{"c_format": 0, "a_major": 1, "b_major": 1, "n_dim": 2, "m_dim": 8},
			"M=128 N=16 K=16, A f16 MN-major, B f16 MN-major, D f16"},
		{"tf32, negated A", "tf32",
			map[string]uint32{"c_format": 1, "a_format": 2, "b_format": 2, "a_negate": 1, "n_dim": 8, "m_dim": 8},
			"M=128 N=64 K=8, A tf32 K-major, B tf32 K-major, D f32, -A"},
		{"e5m2 x e4m3", "f8f6f4",
			map[string]uint32{"c_format": 1, "a_format": 1, "b_format": 0, "n_dim": 32, "m_dim": 8},
			"M=128 N=256 K=32, A e5m2 K-major, B e4m3 K-major, D f32"},
		{"s8 x u8 saturating", "i8",
			map[string]uint32{"c_format": 2, "a_format": 1, "b_format": 0, "saturate": 1, "n_dim": 4, "m_dim": 8},
			"M=128 N=32 K=32, A s8 K-major, B u8 K-major, D s32, saturate"},
		{"f16 kind with f16 A and bf16 B", "f16",
			map[string]uint32{"c_format": 1, "a_format": 0, "b_format": 1, "n_dim": 4, "m_dim": 8},
			".kind::f16 takes A and B of one type, not f16 and bf16"},
		{"i8 with an f32 D", "i8",
			map[string]uint32{"c_format": 1, "n_dim": 4, "m_dim": 8},
			"D format 1 (bits 4-5) is not one .kind::i8 defines"},
		{"N = 24 with M = 128: the ISA's shape table allows steps of 8 for .cta_group::1", "f16",
			map[string]uint32{"c_format": 1, "n_dim": 3, "m_dim": 8},
			"M=128 N=24 K=16, A f16 K-major"},
		{"M = 64", "f16",
			map[string]uint32{"c_format": 1, "n_dim": 4, "m_dim": 4},
			"M=64 N=32 K=16, A f16 K-major, B f16 K-major, D f32"},
		{"M = 192 is no shape", "f16",
			map[string]uint32{"c_format": 1, "n_dim": 4, "m_dim": 12},
			"M = 192 (bits 24-28) is not 64 or 128, what .cta_group::1 allows"},
		{"M = 256 needs .cta_group::2", "tf32",
			map[string]uint32{"c_format": 1, "a_format": 2, "b_format": 2, "n_dim": 4, "m_dim": 16},
			"M = 256 (bits 24-28) is not 64 or 128"},
		{"N = 0", "f16",
			map[string]uint32{"c_format": 1, "n_dim": 0, "m_dim": 8},
			"N = 0 (bits 17-22) is not a multiple of 8 from 8 to 256"},
		{"N = 264 is past 256", "f8f6f4",
			map[string]uint32{"c_format": 1, "n_dim": 33, "m_dim": 8},
			"N = 264 (bits 17-22) is not a multiple of 8 from 8 to 256"},
		{"i8 N = 24 (8, 16, 24, 32, then steps of 16)", "i8",
			map[string]uint32{"c_format": 2, "a_format": 1, "b_format": 1, "n_dim": 3, "m_dim": 4},
			"M=64 N=24 K=32, A s8 K-major, B s8 K-major, D s32"},
		{"i8 N = 40 is not a step of 16 after 32", "i8",
			map[string]uint32{"c_format": 2, "a_format": 1, "b_format": 1, "n_dim": 5, "m_dim": 8},
			"N = 40 (bits 17-22) is not 8, 16, 24, 32 or a multiple of 16 up to 256"},
		{"the sparse flag", "f16",
			map[string]uint32{"sparse_flag": 1, "c_format": 1, "n_dim": 4, "m_dim": 8},
			"sparse tcgen05.mma (.sp) is not simulated"},
		{"a max shift outside .ws", "f16",
			map[string]uint32{"max_shift": 1, "c_format": 1, "n_dim": 4, "m_dim": 8},
			"bits 30-31"},
		{"e2m3 x e3m2", "f8f6f4",
			map[string]uint32{"c_format": 1, "a_format": 3, "b_format": 4, "n_dim": 4, "m_dim": 8},
			"M=128 N=32 K=32, A e2m3 K-major, B e3m2 K-major, D f32"},
		{"e2m1 x e5m2 into f16", "f8f6f4",
			map[string]uint32{"c_format": 0, "a_format": 5, "b_format": 1, "n_dim": 2, "m_dim": 8},
			"M=128 N=16 K=32, A e2m1 K-major, B e5m2 K-major, D f16"},
		{"format 2 is not an f8f6f4 type", "f8f6f4",
			map[string]uint32{"c_format": 1, "a_format": 2, "n_dim": 4, "m_dim": 8},
			"A format 2 (bits 7-9) is not one .kind::f8f6f4 defines"},
		{"an MN-major e2m1 A (Table 52: 4- and 6-bit types are K-major only)", "f8f6f4",
			map[string]uint32{"c_format": 1, "a_format": 5, "a_major": 1, "n_dim": 4, "m_dim": 8},
			"A is e2m1 and MN-major (bit 15)"},
		{"an MN-major e3m2 B", "f8f6f4",
			map[string]uint32{"c_format": 1, "b_format": 4, "b_major": 1, "n_dim": 4, "m_dim": 8},
			"B is e3m2 and MN-major (bit 16)"},
	}
	for _, c := range cases {
		if got := DescribeIdesc(c.kind, idescFields(c.f)); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want it to contain %q", c.desc, got, c.want)
		}
	}
}

// TestTcgen05IdescBlockScaled: the block-scaled kinds' descriptor
// (§9.7.17.4.2 Tables 46 and 47), built from CUTLASS's
// UMMA::InstrDescriptorBlockScaled bitfields.
func TestTcgen05IdescBlockScaled(t *testing.T) {
	cases := []struct {
		desc string
		kind string
		f    map[string]uint32
		want string
	}{
		{"mxf8f6f4 e4m3 x e2m1, ue8m0, scale IDs A 2 and B 1", "mxf8f6f4",
			map[string]uint32{"a_format": 0, "b_format": 5, "scale_format": 1, "a_sf_id": 2, "b_sf_id": 1, "n_dim": 16, "m_dim": 8},
			"M=128 N=128 K=32, A e4m3 K-major, B e2m1 K-major, D f32, scales ue8m0 (A id 2, B id 1)"},
		{"mxf8f6f4 e5m2 B MN-major", "mxf8f6f4",
			map[string]uint32{"a_format": 3, "b_format": 1, "b_major": 1, "scale_format": 1, "n_dim": 4, "m_dim": 8},
			"M=128 N=32 K=32, A e2m3 K-major, B e5m2 MN-major, D f32, scales ue8m0 (A id 0, B id 0)"},
		{"mxf4nvf4 with ue4m3 scales, K=64", "mxf4nvf4",
			map[string]uint32{"a_format": 1, "b_format": 1, "n_dim": 32, "m_dim": 8},
			"M=128 N=256 K=64, A e2m1 K-major, B e2m1 K-major, D f32, scales ue4m3 (A id 0, B id 0)"},
		{"mxf4 negated B", "mxf4",
			map[string]uint32{"a_format": 1, "b_format": 1, "b_negate": 1, "scale_format": 1, "a_sf_id": 2, "n_dim": 2, "m_dim": 8},
			"M=128 N=16 K=64, A e2m1 K-major, B e2m1 K-major, D f32, -B, scales ue8m0 (A id 2, B id 0)"},
		{"mxf4 takes no ue4m3 scale", "mxf4",
			map[string]uint32{"a_format": 1, "b_format": 1, "n_dim": 4, "m_dim": 8},
			"scale type ue4m3 (bit 23 = 0): .kind::mxf4 takes ue8m0 scales only"},
		{"mxf8f6f4 takes no ue4m3 scale", "mxf8f6f4",
			map[string]uint32{"n_dim": 4, "m_dim": 8},
			"takes ue8m0 scales only"},
		{"mxf4 transposes nothing", "mxf4",
			map[string]uint32{"a_format": 1, "b_format": 1, "a_major": 1, "scale_format": 1, "n_dim": 4, "m_dim": 8},
			".kind::mxf4 transposes nothing"},
		{"mxf4's only format is e2m1 = 1", "mxf4",
			map[string]uint32{"a_format": 5, "b_format": 1, "scale_format": 1, "n_dim": 4, "m_dim": 8},
			"A format 5 (bits 7-9) is not one .kind::mxf4 defines (e2m1 1)"},
		{"K = 96", "mxf4nvf4",
			map[string]uint32{"a_format": 1, "b_format": 1, "scale_format": 1, "k_size": 1, "n_dim": 4, "m_dim": 8},
			"K = 96 (bit 31) is not simulated"},
		{"M = 64 sets a reserved bit", "mxf8f6f4",
			map[string]uint32{"scale_format": 1, "n_dim": 4, "m_dim": 4},
			"reserved bits 24-26 must be 0"},
		{"M = 256 needs .cta_group::2", "mxf8f6f4",
			map[string]uint32{"scale_format": 1, "n_dim": 4, "m_dim": 16},
			"M = 256 (bits 27-28): .cta_group::1 takes M = 128"},
		{"a reserved bit 3", "mxf8f6f4",
			map[string]uint32{"": 0, "scale_format": 1, "n_dim": 4, "m_dim": 8},
			"M=128 N=32"},
	}
	for _, c := range cases {
		if got := DescribeIdesc(c.kind, idescBSFields(c.f)); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want it to contain %q", c.desc, got, c.want)
		}
	}
	if got := DescribeIdesc("mxf8f6f4", idescBSFields(map[string]uint32{"scale_format": 1, "n_dim": 4, "m_dim": 8})|1<<3); !strings.Contains(got, "reserved bits 0-1, 3 and 6") {
		t.Errorf("reserved bit 3 set: %q", got)
	}
}

// TestTcgen05Shapes: the M and N the ISA's table of kinds and shapes
// (§9.7.17.2.1) allows for each .cta_group and for .ws (group 5 below).
func TestTcgen05Shapes(t *testing.T) {
	cases := []struct {
		desc  string
		kind  string
		group int
		m, n  int
		ok    bool
	}{
		{"::1 M = 64, N = 8 (the smallest)", "f16", 1, 64, 8, true},
		{"::1 M = 128, N = 256 (the largest)", "tf32", 1, 128, 256, true},
		{"::1 M = 128, N = 248", "f8f6f4", 1, 128, 248, true},
		{"::1 M = 256", "f16", 1, 256, 64, false},
		{"::1 i8 N = 32", "i8", 1, 128, 32, true},
		{"::1 i8 N = 48", "i8", 1, 128, 48, true},
		{"::1 i8 N = 56", "i8", 1, 128, 56, false},
		{"::2 M = 128, N = 16", "f16", 2, 128, 16, true},
		{"::2 M = 256, N = 256", "f8f6f4", 2, 256, 256, true},
		{"::2 M = 64", "f16", 2, 64, 64, false},
		{"::2 N = 24 (steps of 16)", "tf32", 2, 128, 24, false},
		{"::2 N = 8", "f16", 2, 256, 8, false},
		{"::2 i8 N = 32", "i8", 2, 256, 32, true},
		{"::2 i8 N = 48 (steps of 32)", "i8", 2, 128, 48, false},
		{"::2 i8 N = 16", "i8", 2, 128, 16, false},
		// group 5: tcgen05.mma.ws (.cta_group::1)
		{".ws M = 32, N = 64", "f16", 5, 32, 64, true},
		{".ws M = 64, N = 256", "i8", 5, 64, 256, true},
		{".ws M = 128, N = 128", "tf32", 5, 128, 128, true},
		{".ws N = 96", "f16", 5, 128, 96, false},
		{".ws N = 32", "f8f6f4", 5, 64, 32, false},
		{".ws M = 256", "f16", 5, 256, 64, false},
	}
	for _, c := range cases {
		msg := tcShape(tcKinds[".kind::"+c.kind], c.m, c.n, c.group&3, c.group == 5)
		if (msg == "") != c.ok {
			t.Errorf("%s: %q, want allowed = %v", c.desc, msg, c.ok)
		}
	}
}

func TestTcgen05SmemDesc(t *testing.T) {
	cases := []struct {
		desc       string
		f          map[string]uint64
		start, lbo uint64
		sbo        uint64
		swizzle    int
		bad        string
	}{
		{"no swizzle", map[string]uint64{"start_address": 0x40, "leading_byte_offset": 8, "stride_byte_offset": 16, "version": 1, "layout_type": 0}, 0x400, 128, 256, 0, ""},
		{"128-byte swizzle (2)", map[string]uint64{"start_address": 0x3fff, "leading_byte_offset": 1, "stride_byte_offset": 64, "version": 1, "layout_type": 2}, 0x3fff0, 16, 1024, 128, ""},
		{"64-byte swizzle (4)", map[string]uint64{"stride_byte_offset": 32, "version": 1, "layout_type": 4}, 0, 0, 512, 64, ""},
		{"32-byte swizzle (6)", map[string]uint64{"stride_byte_offset": 0x3fff, "version": 1, "layout_type": 6}, 0, 0, 0x3fff0, 32, ""},
		{"version 0 (a Hopper descriptor)", map[string]uint64{"version": 0}, 0, 0, 0, 0, "bits 46-48 are 0"},
		{"a base offset", map[string]uint64{"version": 1, "base_offset": 3}, 0, 0, 0, 0, "base offset"},
		{"the LBO mode bit", map[string]uint64{"version": 1, "lbo_mode": 1}, 0, 0, 0, 0, "bit 52"},
		{"128-byte swizzle with 32-byte atoms (1)", map[string]uint64{"version": 1, "layout_type": 1}, 0, 0, 0, 0, "layout type 1"},
		{"layout type 3 is not defined", map[string]uint64{"version": 1, "layout_type": 3}, 0, 0, 0, 0, "layout type 3"},
	}
	for _, c := range cases {
		d, bad := decodeUmmaDesc(smemDescFields(c.f))
		if c.bad != "" {
			if !strings.Contains(bad, c.bad) {
				t.Errorf("%s: %q, want %q", c.desc, bad, c.bad)
			}
			continue
		}
		if bad != "" || d.start != c.start || d.lbo != c.lbo || d.sbo != c.sbo || d.swizzle != c.swizzle {
			t.Errorf("%s: start 0x%x lbo %d sbo %d swizzle %d (%s), want 0x%x %d %d %d", c.desc, d.start, d.lbo, d.sbo, d.swizzle, bad, c.start, c.lbo, c.sbo, c.swizzle)
		}
	}
}

// cuteOffset evaluates a CuTe layout (shape, stride) at a 1-D coordinate,
// colexicographically, as CuTe does.
func cuteOffset(x int, shape, stride []int) int {
	off := 0
	for i, s := range shape {
		off += x % s * stride[i]
		x /= s
	}
	return off
}

// cuteSwizzle is CuTe's Swizzle<B,4,3> on a byte offset.
func cuteSwizzle(b int, x int) int {
	mask := (1<<b - 1) << 7
	return x ^ (x & mask >> 3)
}

// operandLayout places element (i, k) of an R x K operand (i along M or
// N) of e-byte elements in shared memory with one of the canonical
// layouts of cute/atom/mma_traits_sm100.hpp / mma_sm100_desc.hpp, and
// returns the descriptor fields for it (start address 0).
type operandLayout struct {
	mn      bool
	swizzle int // bytes: 0, 32, 64, 128
}

func (l operandLayout) place(i, k, rows, kTotal, kStep, e int) (byteOff int, lbo, sbo, step int) {
	t := 16 / e
	b := map[int]int{0: 0, 32: 1, 64: 2, 128: 3}[l.swizzle]
	var off int
	switch {
	case !l.mn && l.swizzle == 0:
		// ((8,m),(T,2k)):((1T,SBO),(1,LBO)): 16-byte chunks of a row LBO
		// (128) apart, row groups SBO apart (after all the chunks)
		lbo, sbo = 128, kTotal/t*128
		off = cuteOffset(i, []int{8, rows / 8}, []int{t, sbo / e}) + cuteOffset(k, []int{t, kTotal / t}, []int{1, lbo / e})
		step = kStep / t * lbo
	case !l.mn:
		// ((8,m),(T,2k)):((xT,SBO),(1,T)): a row is W bytes holding all of K
		// (the instructions' K-blocks side by side), SBO = 8 rows
		x := l.swizzle / 16
		lbo, sbo = 16, 8*l.swizzle
		if kTotal*e > l.swizzle {
			panic("K does not fit the swizzle row")
		}
		off = cuteOffset(i, []int{8, rows / 8}, []int{x * t, sbo / e}) + k
		step = kStep * e
	case l.swizzle == 0:
		// ((T,1,m),(8,k)):((1,T,SBO),(1T,LBO)): SBO 128, LBO after all of MN
		sbo, lbo = 128, rows/t*128
		off = cuteOffset(i, []int{t, 1, rows / t}, []int{1, t, sbo / e}) + cuteOffset(k, []int{8, kTotal / 8}, []int{t, lbo / e})
		step = kStep / 8 * lbo
	default:
		// ((T,x,m),(8,k)):((1,T,LBO),(xT,SBO)): LBO one atom (8 K-rows of
		// W bytes), SBO after all of MN
		x := l.swizzle / 16
		lbo = 8 * l.swizzle
		sbo = rows / (x * t) * lbo
		off = cuteOffset(i, []int{t, x, rows / (x * t)}, []int{1, t, lbo / e}) + cuteOffset(k, []int{8, kTotal / 8}, []int{x * t, sbo / e})
		step = kStep / 8 * sbo
	}
	return cuteSwizzle(b, off*e), lbo, sbo, step
}

func (l operandLayout) String() string {
	m := "K-major"
	if l.mn {
		m = "MN-major"
	}
	if l.swizzle == 0 {
		return m + " no swizzle"
	}
	return fmt.Sprintf("%s %dB swizzle", m, l.swizzle)
}

// tcElem encodes the value v as element kind k (v must be one of k's
// values).
func tcElem(k ekind, v float64) uint64 {
	f := math.Float32bits(float32(v))
	switch k {
	case ekF16:
		return uint64(fp.CvtF32ToF16(f, fp.RN, false, false, false, false))
	case ekBF16:
		return uint64(f >> 16)
	case ekTF32, ekF32:
		return uint64(f)
	case ekE4M3, ekE5M2, ekE2M1, ekE2M3, ekE3M2:
		for c := 0; c < 1<<k.bits(); c++ {
			if float64(floatOf(k, uint64(c))) == v {
				return uint64(c)
			}
		}
		panic(fmt.Sprintf("no %s code for %v", k, v))
	}
	return uint64(uint8(int(v))) // s8, u8
}

// tcScaleCode encodes the scale factor v as .ue8m0 or .ue4m3.
func tcScaleCode(v float64, ue4m3 bool) uint8 {
	for c := 0; c < 255; c++ {
		f := fp.UE8M0(uint8(c))
		if ue4m3 {
			f = fp.UE4M3(uint8(c))
		}
		if float64(f) == v {
			return uint8(c)
		}
	}
	panic(fmt.Sprintf("no scale code for %v", v))
}

// idescBSFields builds a block-scaled instruction descriptor from
// CUTLASS's bitfields (UMMA::InstrDescriptorBlockScaled, in declaration
// order: sparse_id2_ 2, sparse_flag_ 1, (1), b_sf_id_ 2, (1), a_format_ 3,
// b_format_ 3, a_negate_ 1, b_negate_ 1, a_major_ 1 | b_major_ 1, n_dim_ 6,
// scale_format_ 1, m_dim_ 5, a_sf_id_ 2, k_size_ 1).
func idescBSFields(f map[string]uint32) uint32 {
	layout := []struct {
		name  string
		width uint
	}{{"sparse_id2", 2}, {"sparse_flag", 1}, {"", 1}, {"b_sf_id", 2}, {"", 1}, {"a_format", 3}, {"b_format", 3},
		{"a_negate", 1}, {"b_negate", 1}, {"a_major", 1}, {"b_major", 1}, {"n_dim", 6}, {"scale_format", 1}, {"m_dim", 5}, {"a_sf_id", 2}, {"k_size", 1}}
	var v uint32
	shift := uint(0)
	for _, l := range layout {
		v |= (f[l.name] & (1<<l.width - 1)) << shift
		shift += l.width
	}
	if shift != 32 {
		panic("InstrDescriptorBlockScaled is not 32 bits")
	}
	return v
}

// tcCase is one MMA: D (128 x n) = A x B over ksteps instructions.
type tcCase struct {
	desc   string
	kind   string
	at, bt ekind
	dfmt   uint32 // c_format
	afmt   uint32
	bfmt   uint32
	a, b   operandLayout
	n      int
	ksteps int
	aTmem  bool
	preD   bool // D starts at 1000 (stored with tcgen05.st) and enable-input-d is true from the first step
	negA   bool
	scale  int       // scale-input-d
	va, vb []float64 // the values A and B take (default: small integers)
	// block scaling: the .scale_vectorsize modifier ("" for the kind's
	// default) and its V; ue4m3 scales instead of ue8m0. Step s of the
	// MMA uses the scale IDs s*V (bytes s*V .. of the cells).
	vec   string
	v     int
	ue4m3 bool
	coll  []string // step s's .collector::a:: usage, "" for none
}

const tcMMAKernel = `.version 8.7
.target sm_100a
.address_size 64

.visible .entry k(.param .u64 pin, .param .u64 pout)
{
	.shared .align 8 .b32 tptr[4];
	.shared .align 8 .b64 mbar[2];
	.shared .align 1024 .b8 sbuf[32768];
	.reg .pred %p<16>;
	.reg .b32 %r<300>;
	.reg .b64 %rd<64>;
	.reg .b32 %tid, %wid, %lane, %tp, %ta, %sb, %mb;
	.reg .b64 %in, %out, %oa;
	mov.u32 %tid, %tid.x;
	shr.u32 %wid, %tid, 5;
	mov.u32 %lane, %laneid;
	mov.u32 %tp, tptr;
	mov.u32 %sb, sbuf;
	mov.u32 %mb, mbar;
	ld.param.u64 %in, [pin];
	ld.param.u64 %out, [pout];
	setp.eq.u32 %p0, %tid, 0;
	shl.b32 %r1, %tid, 2;
COPY:
	setp.ge.u32 %p3, %r1, 32768;
	@%p3 bra COPIED;
	cvt.u64.u32 %rd1, %r1;
	add.s64 %rd2, %in, %rd1;
	ld.global.u32 %r2, [%rd2+64];
	add.u32 %r3, %sb, %r1;
	st.shared.u32 [%r3], %r2;
	add.u32 %r1, %r1, 512;
	bra COPY;
COPIED:
	fence.proxy.async.shared::cta;   // the stores before the MMAs' async-proxy reads (9.7.17.6.5)
	setp.eq.u32 %p1, %wid, 0;
	@%p1 tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%tp], 512;
	@%p0 mbarrier.init.shared::cta.b64 [%mb], 1;
	bar.sync 0;
	ld.shared.b32 %ta, [%tp];
	shl.b32 %r202, %wid, 21;
	add.u32 %r203, %ta, %r202;       // this warp's lanes, column 0
PRE
	tcgen05.fence::before_thread_sync;
	bar.sync 0;
	tcgen05.fence::after_thread_sync;
	ld.global.u64 %rd10, [%in];      // A descriptor without its start address
	ld.global.u64 %rd11, [%in+8];    // B descriptor
	ld.global.u32 %r20, [%in+16];    // instruction descriptor
	ld.global.u64 %rd13, [%in+24];   // A start step (16-byte units) per instruction
	ld.global.u64 %rd14, [%in+32];   // B start step
	cvt.u64.u32 %rd12, %sb;
	shr.u64 %rd12, %rd12, 4;
	add.s64 %rd10, %rd10, %rd12;
	add.s64 %rd12, %rd12, 1024;      // B at sbuf + 16384
	add.s64 %rd11, %rd11, %rd12;
	add.u32 %r21, %ta, 256;          // A in TMEM at column 256
MMAS
	@%p0 tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%mb];
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p5, [%mb], 0;
	@!%p5 bra WAIT;
	tcgen05.fence::after_thread_sync;
LOADS
	tcgen05.wait::ld.sync.aligned;
	bar.sync 0;
	@%p1 tcgen05.dealloc.cta_group::1.sync.aligned.b32 %ta, 512;
	ret;
}
`

// desc is the shared-memory matrix descriptor of an operand laid out as l
// with leading and stride byte offsets lbo and sbo.
func (l operandLayout) desc(lbo, sbo int) uint64 {
	swz := map[int]uint64{0: 0, 32: 6, 64: 4, 128: 2}
	return smemDescFields(map[string]uint64{"leading_byte_offset": uint64(lbo >> 4), "stride_byte_offset": uint64(sbo >> 4), "version": 1, "layout_type": swz[l.swizzle]})
}

// tcIdescMap is the instruction descriptor's fields for formats d, a, b,
// an M x N shape, MN-major operands and a negated A (idescFields builds it).
func tcIdescMap(dfmt, afmt, bfmt uint32, n, m int, aMN, bMN, negA bool) map[string]uint32 {
	f := map[string]uint32{"c_format": dfmt, "a_format": afmt, "b_format": bfmt, "n_dim": uint32(n >> 3), "m_dim": uint32(m >> 4)}
	for k, on := range map[string]bool{"a_major": aMN, "b_major": bMN, "a_negate": negA} {
		if on {
			f[k] = 1
		}
	}
	return f
}

func runTcMMA(t *testing.T, c tcCase) {
	t.Helper()
	kd := tcKinds[".kind::"+c.kind]
	bsk := tcBlockScaled[c.kind]
	K := kd.k * c.ksteps
	M := 128
	pick := func(vals []float64, x int) float64 { return vals[x%len(vals)] }
	av := func(i, k int) float64 { return float64((i*3+k*5)%7 - 3) }
	bv := func(k, j int) float64 { return float64((k*2+j*7)%5 - 2) }
	if c.at == ekU8 {
		av = func(i, k int) float64 { return float64((i*3 + k*5) % 7 * 30) }
	}
	if c.bt == ekU8 {
		bv = func(k, j int) float64 { return float64((k*2 + j*7) % 5 * 40) }
	}
	if c.va != nil {
		av = func(i, k int) float64 { return pick(c.va, i*3+k*5) }
	}
	if c.vb != nil {
		bv = func(k, j int) float64 { return pick(c.vb, k*2+j*7) }
	}
	// scale factors: powers of two for ue8m0, {0.5, 1, 1.5, 2} for ue4m3
	sav := func(i, g int) float64 { return math.Ldexp(1, (i+g)%3-1) }
	sbv := func(j, g int) float64 { return math.Ldexp(1, (j*3+g)%4-1) }
	if c.ue4m3 {
		sav = func(i, g int) float64 { return []float64{0.5, 1, 1.5, 2}[(i+g)%4] }
		sbv = func(j, g int) float64 { return []float64{2, 1.5, 1, 0.5}[(j*3+g)%4] }
	}
	blk := K + 1
	if bsk != nil {
		blk = kd.k / c.v
	}
	// Shared image: A at 0, B at 16384, all of K in one layout; each
	// instruction's descriptor starts one K-block further. The 4- and
	// 6-bit elements of the f8f6f4 kinds sit in 16-byte groups of 16
	// (.b4x16_p64, .b6x16_p32) where 8-bit ones would; packed FP4 two to a
	// byte, as 8-bit elements of half the K.
	img := make([]byte, 32768)
	put := func(base, off, e int, v uint64) {
		for j := 0; j < e; j++ {
			img[base+off+j] = byte(v >> (8 * j))
		}
	}
	place := func(l operandLayout, base int, et ekind, i, k, rows int, v float64) (lbo, sbo, step int) {
		code := tcElem(et, v)
		switch bits := tcElemBits(kd, et); {
		case bits == 4:
			off, lb, sb, st := l.place(i, k/2, rows, K/2, kd.k/2, 1)
			img[base+off] |= byte(code << (4 * (k % 2)))
			return lb, sb, st
		case et.subByte():
			off, lb, sb, st := l.place(i, k, rows, K, kd.k, 1)
			g, x := base+off-k%16, k%16
			if et == ekE2M1 {
				img[g+x/2] |= byte(code << (4 * (x % 2)))
			} else {
				w := uint16(code) << (6 * x % 8)
				img[g+6*x/8] |= byte(w)
				img[g+6*x/8+1] |= byte(w >> 8)
			}
			return lb, sb, st
		default:
			off, lb, sb, st := l.place(i, k, rows, K, kd.k, bits/8)
			put(base, off, bits/8, code)
			return lb, sb, st
		}
	}
	var alb, asb, blb, bsb, tileA, tileB int
	for i := 0; i < M; i++ {
		for k := 0; k < K; k++ {
			alb, asb, tileA = place(c.a, 0, c.at, i, k, M, av(i, k))
		}
	}
	for j := 0; j < c.n; j++ {
		for k := 0; k < K; k++ {
			blb, bsb, tileB = place(c.b, 16384, c.bt, j, k, c.n, bv(k, j))
		}
	}
	adesc, bdesc := c.a.desc(alb, asb), c.b.desc(blb, bsb)
	f := tcIdescMap(c.dfmt, c.afmt, c.bfmt, c.n, M, c.a.mn, c.b.mn, c.negA)
	idesc := idescFields(f)
	if bsk != nil {
		delete(f, "c_format")
		if !c.ue4m3 {
			f["scale_format"] = 1
		}
		idesc = idescBSFields(f)
	}
	in := make([]byte, 64+len(img))
	binary.LittleEndian.PutUint64(in[0:], adesc)
	binary.LittleEndian.PutUint64(in[8:], bdesc)
	binary.LittleEndian.PutUint32(in[16:], idesc)
	binary.LittleEndian.PutUint64(in[24:], uint64(tileA>>4))
	binary.LittleEndian.PutUint64(in[32:], uint64(tileB>>4))
	copy(in[64:], img)

	// PRE: D's initial value (1000 in each cell, in D's format) when preD;
	// A into TMEM (columns 256.., packed) when aTmem; the scale factors
	// (A's at column 384, B's at 392) when block-scaled.
	var pre strings.Builder
	if c.preD {
		init := uint32(1000)
		switch c.dfmt {
		case 0:
			init = uint32(tcElem(ekF16, 1000))
		case 1:
			init = math.Float32bits(1000)
		}
		if bsk != nil {
			init = math.Float32bits(1000)
		}
		fmt.Fprintf(&pre, "\tmov.u32 %%r30, %d;\n", init)
		for c0 := 0; c0 < c.n; c0 += 16 {
			fmt.Fprintf(&pre, "\tadd.u32 %%r204, %%r203, %d;\n\ttcgen05.st.sync.aligned.32x32b.x16.b32 [%%r204], {%s};\n", c0, strings.Repeat("%r30, ", 15)+"%r30")
		}
	}
	abits := tcElemBits(kd, c.at)
	acols := kd.k * abits / 32 // TMEM columns of A an instruction takes
	if c.aTmem {
		// Row i of A in lane i: each 32-bit column packs 32/abits elements
		// (the FP4 and FP6 of the f8f6f4 kinds in byte containers: FP4 in
		// bits 5-2, FP6 in bits 5-0).
		per := 32 / abits
		for s := 0; s < c.ksteps; s++ {
			var regs []string
			for col := 0; col < acols; col++ {
				// value for this thread's row (32*wid + lane): built from
				// the row's elements with a table the test writes to
				// global memory after the image.
				fmt.Fprintf(&pre, "\tld.global.u32 %%r%d, [%%rd40+%d];\n", 40+col, 4*(s*acols+col))
				regs = append(regs, fmt.Sprintf("%%r%d", 40+col))
			}
			fmt.Fprintf(&pre, "\tadd.u32 %%r204, %%r203, %d;\n\ttcgen05.st.sync.aligned.32x32b.x%d.b32 [%%r204], {%s};\n", 256+s*acols, acols, strings.Join(regs, ", "))
		}
		// the table: row r's words at in + 64 + 32768 + r*ksteps*acols*4
		tab := make([]byte, M*c.ksteps*acols*4)
		for r := 0; r < M; r++ {
			for s := 0; s < c.ksteps; s++ {
				for col := 0; col < acols; col++ {
					var w uint32
					for p := 0; p < per; p++ {
						code := tcElem(c.at, av(r, s*kd.k+col*per+p))
						if abits == 8 && c.at == ekE2M1 {
							code <<= 2
						}
						w |= uint32(code) << (abits * p)
					}
					binary.LittleEndian.PutUint32(tab[4*((r*c.ksteps+s)*acols+col):], w)
				}
			}
		}
		in = append(in, tab...)
		p0 := fmt.Sprintf("\tmad.lo.u32 %%r31, %%wid, 32, %%lane;\n\tmul.lo.u32 %%r31, %%r31, %d;\n\tcvt.u64.u32 %%rd41, %%r31;\n\tadd.s64 %%rd40, %%in, %%rd41;\n\tadd.s64 %%rd40, %%rd40, %d;\n", c.ksteps*acols*4, 64+32768)
		s := pre.String()
		pre.Reset()
		pre.WriteString(p0 + s)
	}
	if bsk != nil {
		// Each warp writes the same 32 lanes x 12 columns into its own
		// partition: scale_A's cell (l, c) holds the factors of row
		// 32c+l, scale_B's those of column 32c+l, byte g for K-block g.
		for len(in)%16 != 0 {
			in = append(in, 0)
		}
		sfOff := len(in)
		tab := make([]byte, 32*48)
		for l := 0; l < 32; l++ {
			for g := 0; g < c.ksteps*c.v; g++ {
				for col := 0; col < 4; col++ {
					tab[l*48+4*col+g] = tcScaleCode(sav(32*col+l, g), c.ue4m3)
				}
				for col := 0; col < 8 && 32*col+l < c.n; col++ {
					tab[l*48+16+4*col+g] = tcScaleCode(sbv(32*col+l, g), c.ue4m3)
				}
			}
		}
		in = append(in, tab...)
		fmt.Fprintf(&pre, "\tand.b32 %%r32, %%tid, 31;\n\tmul.lo.u32 %%r32, %%r32, 48;\n\tcvt.u64.u32 %%rd42, %%r32;\n\tadd.s64 %%rd42, %%in, %%rd42;\n")
		for q := 0; q < 3; q++ {
			fmt.Fprintf(&pre, "\tld.global.v4.u32 {%%r%d, %%r%d, %%r%d, %%r%d}, [%%rd42+%d];\n", 50+4*q, 51+4*q, 52+4*q, 53+4*q, sfOff+16*q)
		}
		pre.WriteString("\tadd.u32 %r204, %r203, 384;\n\ttcgen05.st.sync.aligned.32x32b.x4.b32 [%r204], {%r50, %r51, %r52, %r53};\n")
		pre.WriteString("\tadd.u32 %r204, %r203, 392;\n\ttcgen05.st.sync.aligned.32x32b.x8.b32 [%r204], {%r54, %r55, %r56, %r57, %r58, %r59, %r60, %r61};\n")
	}
	var mmas strings.Builder
	for s := 0; s < c.ksteps; s++ {
		en := "1"
		if s == 0 && !c.preD {
			en = "0"
		}
		fmt.Fprintf(&mmas, "\tsetp.ne.u32 %%p4, %s, 0;\n", en)
		a := "%rd10"
		if c.aTmem {
			fmt.Fprintf(&mmas, "\tadd.u32 %%r22, %%r21, %d;\n", s*acols)
			a = "[%r22]"
		}
		scale := ""
		if c.scale != 0 {
			scale = fmt.Sprintf(", %d", c.scale)
		}
		coll := ""
		if s < len(c.coll) && c.coll[s] != "" {
			coll = ".collector::a::" + c.coll[s]
		}
		if bsk != nil {
			id := uint32(s * c.v)
			fmt.Fprintf(&mmas, "\tadd.u32 %%r25, %%r20, %d;\n\tadd.u32 %%r23, %%ta, 384;\n\tadd.u32 %%r24, %%ta, 392;\n", id<<29|id<<4)
			fmt.Fprintf(&mmas, "\t@%%p0 tcgen05.mma.cta_group::1.kind::%s.block_scale%s%s [%%ta], %s, %%rd11, %%r25, [%%r23], [%%r24], %%p4;\n", c.kind, c.vec, coll, a)
		} else {
			fmt.Fprintf(&mmas, "\t@%%p0 tcgen05.mma.cta_group::1.kind::%s%s [%%ta], %s, %%rd11, %%r20, %%p4%s;\n", c.kind, coll, a, scale)
		}
		fmt.Fprintf(&mmas, "\tadd.s64 %%rd10, %%rd10, %%rd13;\n\tadd.s64 %%rd11, %%rd11, %%rd14;\n")
	}
	var loads strings.Builder
	for c0 := 0; c0 < c.n; c0 += 16 {
		w := min(16, c.n-c0) // 16 columns a load, 8 for the last of an N = 8 mod 16
		var regs []string
		for r := 0; r < w; r++ {
			regs = append(regs, fmt.Sprintf("%%r%d", 100+r))
		}
		fmt.Fprintf(&loads, "\tadd.u32 %%r204, %%r203, %d;\n\ttcgen05.ld.sync.aligned.32x32b.x%d.b32 {%s}, [%%r204];\n\ttcgen05.wait::ld.sync.aligned;\n", c0, w, strings.Join(regs, ", "))
		fmt.Fprintf(&loads, "\tmad.lo.u32 %%r6, %%tid, %d, %d;\n\tmul.wide.u32 %%rd1, %%r6, 4;\n\tadd.s64 %%oa, %%out, %%rd1;\n", c.n, c0)
		for r := 0; r < w; r += 4 {
			fmt.Fprintf(&loads, "\tst.global.v4.u32 [%%oa+%d], {%s};\n", 4*r, strings.Join(regs[r:r+4], ", "))
		}
	}
	src := strings.NewReplacer("PRE", pre.String(), "MMAS", mmas.String(), "LOADS", loads.String()).Replace(tcMMAKernel)
	p := compilePTX(t, "tcmma.ptx", src)
	m, _, oa := newInOut(t, p, Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{128, 1, 1}}, in, 4*M*c.n)
	m.Run(5000000)
	if f := m.Fault(); f != nil {
		t.Errorf("%s: fault: %s", c.desc, f.Msg)
		return
	} else if !m.Done() {
		t.Fatalf("%s: did not finish", c.desc)
	}
	ob := m.Buffer(oa)
	bad := 0
	for i := 0; i < M; i++ {
		for j := 0; j < c.n; j++ {
			want := 0.0
			for k := 0; k < K; k++ {
				p := av(i, k) * bv(k, j)
				if bsk != nil {
					p *= sav(i, k/blk) * sbv(j, k/blk)
				}
				want += p
			}
			if c.negA {
				want = -want
			}
			if c.preD {
				want += float64(int(1000) >> c.scale)
			}
			raw := binary.LittleEndian.Uint32(ob[4*(i*c.n+j):])
			var got float64
			switch {
			case bsk != nil || c.dfmt == 1:
				got = float64(math.Float32frombits(raw))
			case c.dfmt == 0:
				got = float64(floatOf(ekF16, uint64(raw&0xffff)))
			default:
				got = float64(int32(raw))
			}
			if got != want && bad < 5 {
				bad++
				t.Errorf("%s: D[%d][%d] = %v, want %v", c.desc, i, j, got, want)
			}
		}
	}
}

func TestTcgen05MMA(t *testing.T) {
	k := func(mn bool, sw int) operandLayout { return operandLayout{mn: mn, swizzle: sw} }
	cases := []tcCase{
		{desc: "bf16 K-major no swizzle, f32 D", kind: "f16", at: ekBF16, bt: ekBF16, dfmt: 1, afmt: 1, bfmt: 1, a: k(false, 0), b: k(false, 0), n: 32, ksteps: 1},
		{desc: "bf16 K-major 128B swizzle, two instructions accumulating", kind: "f16", at: ekBF16, bt: ekBF16, dfmt: 1, afmt: 1, bfmt: 1, a: k(false, 128), b: k(false, 128), n: 64, ksteps: 2},
		{desc: "f16 K-major 64B swizzle A, 32B swizzle B, f16 D", kind: "f16", at: ekF16, bt: ekF16, dfmt: 0, a: k(false, 64), b: k(false, 32), n: 16, ksteps: 1},
		{desc: "bf16 A K-major, B MN-major 128B swizzle (the issue's example, N=256)", kind: "f16", at: ekBF16, bt: ekBF16, dfmt: 1, afmt: 1, bfmt: 1, a: k(false, 128), b: k(true, 128), n: 256, ksteps: 1},
		{desc: "f16 both MN-major: A 64B swizzle, B no swizzle, D preloaded and accumulated", kind: "f16", at: ekF16, bt: ekF16, dfmt: 1, a: k(true, 64), b: k(true, 0), n: 32, ksteps: 1, preD: true},
		{desc: "f16 B MN-major 32B swizzle, negated A", kind: "f16", at: ekF16, bt: ekF16, dfmt: 1, a: k(false, 0), b: k(true, 32), n: 16, ksteps: 1, negA: true},
		{desc: "f16 scale-input-d 2: D/4 + A*B", kind: "f16", at: ekF16, bt: ekF16, dfmt: 1, a: k(false, 128), b: k(false, 128), n: 16, ksteps: 1, preD: true, scale: 2},
		{desc: "tf32 K-major 128B swizzle, two instructions", kind: "tf32", at: ekTF32, bt: ekTF32, dfmt: 1, afmt: 2, bfmt: 2, a: k(false, 128), b: k(false, 128), n: 32, ksteps: 2},
		{desc: "tf32 B MN-major 64B swizzle", kind: "tf32", at: ekTF32, bt: ekTF32, dfmt: 1, afmt: 2, bfmt: 2, a: k(false, 32), b: k(true, 64), n: 16, ksteps: 1},
		{desc: "e4m3 x e5m2 K-major 128B swizzle, f32 D", kind: "f8f6f4", at: ekE4M3, bt: ekE5M2, dfmt: 1, afmt: 0, bfmt: 1, a: k(false, 128), b: k(false, 128), n: 32, ksteps: 1},
		{desc: "e5m2 no swizzle, f16 D", kind: "f8f6f4", at: ekE5M2, bt: ekE5M2, dfmt: 0, afmt: 1, bfmt: 1, a: k(false, 0), b: k(false, 0), n: 16, ksteps: 1},
		{desc: "s8 x s8 K-major 128B swizzle, two instructions", kind: "i8", at: ekS8, bt: ekS8, dfmt: 2, afmt: 1, bfmt: 1, a: k(false, 128), b: k(false, 128), n: 32, ksteps: 2},
		{desc: "u8 x s8, B MN-major 128B swizzle, D preloaded", kind: "i8", at: ekU8, bt: ekS8, dfmt: 2, afmt: 0, bfmt: 1, a: k(false, 64), b: k(true, 128), n: 128, ksteps: 1, preD: true},
		{desc: "A from tensor memory (bf16, two per column), B K-major 128B swizzle", kind: "f16", at: ekBF16, bt: ekBF16, dfmt: 1, afmt: 1, bfmt: 1, a: k(false, 0), b: k(false, 128), n: 32, ksteps: 2, aTmem: true},
		{desc: "A from tensor memory (s8, four per column)", kind: "i8", at: ekS8, bt: ekS8, dfmt: 2, afmt: 1, bfmt: 1, a: k(false, 0), b: k(false, 0), n: 16, ksteps: 1, aTmem: true},
	}
	for _, c := range cases {
		runTcMMA(t, c)
	}
}

// The values of the MX element types the tests draw from: each format's
// extremes (largest, smallest normal and subnormal) among them, chosen so
// that every sum of products stays exact in f32.
var (
	tcE2M1 = []float64{-6, -4, -3, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 3, 4, 6}
	tcE2M3 = []float64{-7.5, -3.25, -1, -0.125, 0, 0.875, 1.5, 2.25, 5}
	tcE3M2 = []float64{-28, -3, -0.25, -0.0625, 0, 0.1875, 1, 1.75, 12}
)

// TestTcgen05MMAf8f6f4: .kind::f8f6f4 with the 6- and 4-bit types, mixed
// with each other and with FP8, from shared memory (16-element groups
// padded to 16 bytes) and from tensor memory (byte containers).
func TestTcgen05MMAf8f6f4(t *testing.T) {
	k := func(mn bool, sw int) operandLayout { return operandLayout{mn: mn, swizzle: sw} }
	cases := []tcCase{
		{desc: "e2m1 x e2m1 (.b4x16_p64) K-major 128B swizzle, two instructions", kind: "f8f6f4", at: ekE2M1, bt: ekE2M1, dfmt: 1, afmt: 5, bfmt: 5, a: k(false, 128), b: k(false, 128), n: 32, ksteps: 2, va: tcE2M1, vb: tcE2M1},
		{desc: "e2m3 x e3m2 (.b6x16_p32) no swizzle", kind: "f8f6f4", at: ekE2M3, bt: ekE3M2, dfmt: 1, afmt: 3, bfmt: 4, a: k(false, 0), b: k(false, 0), n: 16, ksteps: 1, va: tcE2M3, vb: tcE3M2},
		{desc: "e3m2 x e2m3, 64B swizzles, two instructions", kind: "f8f6f4", at: ekE3M2, bt: ekE2M3, dfmt: 1, afmt: 4, bfmt: 3, a: k(false, 64), b: k(false, 64), n: 32, ksteps: 2, va: tcE3M2, vb: tcE2M3},
		{desc: "e4m3 A x e2m1 B, f16 D, preloaded", kind: "f8f6f4", at: ekE4M3, bt: ekE2M1, dfmt: 0, afmt: 0, bfmt: 5, a: k(false, 128), b: k(false, 128), n: 16, ksteps: 1, preD: true},
		{desc: "e2m1 A x e5m2 B MN-major 128B swizzle", kind: "f8f6f4", at: ekE2M1, bt: ekE5M2, dfmt: 1, afmt: 5, bfmt: 1, a: k(false, 128), b: k(true, 128), n: 128, ksteps: 1, va: tcE2M1},
		{desc: "e2m1 A from tensor memory (bits 5-2 of each byte) x e4m3 B, negated", kind: "f8f6f4", at: ekE2M1, bt: ekE4M3, dfmt: 1, afmt: 5, bfmt: 0, a: k(false, 0), b: k(false, 128), n: 16, ksteps: 2, aTmem: true, va: tcE2M1, negA: true},
		{desc: "e2m3 A from tensor memory (bits 5-0 of each byte) x e3m2 B", kind: "f8f6f4", at: ekE2M3, bt: ekE3M2, dfmt: 1, afmt: 3, bfmt: 4, a: k(false, 0), b: k(false, 64), n: 32, ksteps: 1, aTmem: true, va: tcE2M3, vb: tcE3M2},
	}
	for _, c := range cases {
		runTcMMA(t, c)
	}
}

// TestTcgen05MMABlockScaled: the block-scaled kinds against a reference
// that applies scale_A and scale_B per K-block (§9.7.17.10.7), with the
// factors in tensor memory as the ISA lays them out, duplicated in the
// four 32-lane partitions, each instruction picking its bytes with the
// descriptor's scale IDs.
func TestTcgen05MMABlockScaled(t *testing.T) {
	k := func(mn bool, sw int) operandLayout { return operandLayout{mn: mn, swizzle: sw} }
	cases := []tcCase{
		{desc: "mxf8f6f4 e4m3 x e2m1, .scale_vec::1X, four instructions using scale IDs 0-3", kind: "mxf8f6f4", at: ekE4M3, bt: ekE2M1, afmt: 0, bfmt: 5, a: k(false, 0), b: k(false, 0), n: 32, ksteps: 4, vec: ".scale_vec::1X", v: 1},
		{desc: "mxf8f6f4 e5m2 x e5m2 B MN-major 128B, .block32, preloaded D", kind: "mxf8f6f4", at: ekE5M2, bt: ekE5M2, afmt: 1, bfmt: 1, a: k(false, 128), b: k(true, 128), n: 128, ksteps: 2, vec: ".block32", v: 1, preD: true},
		{desc: "mxf8f6f4 e2m1 x e2m1 with the default vector size, N = 256", kind: "mxf8f6f4", at: ekE2M1, bt: ekE2M1, afmt: 5, bfmt: 5, a: k(false, 128), b: k(false, 0), n: 256, ksteps: 1, v: 1, va: tcE2M1, vb: tcE2M1},
		{desc: "mxf8f6f4 e2m3 A from tensor memory x e4m3", kind: "mxf8f6f4", at: ekE2M3, bt: ekE4M3, afmt: 3, bfmt: 0, a: k(false, 0), b: k(false, 64), n: 16, ksteps: 2, aTmem: true, v: 1, va: []float64{-2, -0.5, 0, 1, 1.5, 3}},
		{desc: "mxf4 (packed e2m1) default .block32, two instructions with IDs 0 and 2", kind: "mxf4", at: ekE2M1, bt: ekE2M1, afmt: 1, bfmt: 1, a: k(false, 128), b: k(false, 128), n: 32, ksteps: 2, v: 2, va: tcE2M1, vb: tcE2M1},
		{desc: "mxf4 .scale_vec::2X no swizzle, negated A", kind: "mxf4", at: ekE2M1, bt: ekE2M1, afmt: 1, bfmt: 1, a: k(false, 0), b: k(false, 0), n: 16, ksteps: 1, vec: ".scale_vec::2X", v: 2, va: tcE2M1, negA: true},
		{desc: "mxf4nvf4 .block16 with ue4m3 scales", kind: "mxf4nvf4", at: ekE2M1, bt: ekE2M1, afmt: 1, bfmt: 1, a: k(false, 128), b: k(false, 64), n: 64, ksteps: 1, vec: ".block16", v: 4, ue4m3: true, va: tcE2M1, vb: tcE2M1},
		{desc: "mxf4nvf4 .scale_vec::4X with ue8m0 scales", kind: "mxf4nvf4", at: ekE2M1, bt: ekE2M1, afmt: 1, bfmt: 1, a: k(false, 32), b: k(false, 128), n: 16, ksteps: 1, vec: ".scale_vec::4X", v: 4, va: tcE2M1},
		{desc: "mxf8f6f4 with .collector::a::fill then ::discard", kind: "mxf8f6f4", at: ekE4M3, bt: ekE4M3, afmt: 0, bfmt: 0, a: k(false, 128), b: k(false, 128), n: 16, ksteps: 2, v: 1, coll: []string{"fill", "discard"}},
		{desc: "mxf8f6f4 e4m3 x e4m3, N = 8 (the smallest N of .cta_group::1)", kind: "mxf8f6f4", at: ekE4M3, bt: ekE4M3, afmt: 0, bfmt: 0, a: k(false, 0), b: k(false, 0), n: 8, ksteps: 1, v: 1},
		{desc: "mxf4 N = 24 (a step of 8, not 16)", kind: "mxf4", at: ekE2M1, bt: ekE2M1, afmt: 1, bfmt: 1, a: k(false, 0), b: k(false, 0), n: 24, ksteps: 1, v: 2, va: tcE2M1, vb: tcE2M1},
		{desc: "mxf4nvf4 .scale_vec::2X, A packed in tensor memory", kind: "mxf4nvf4", at: ekE2M1, bt: ekE2M1, afmt: 1, bfmt: 1, a: k(false, 0), b: k(false, 128), n: 32, ksteps: 2, aTmem: true, vec: ".scale_vec::2X", v: 2, va: tcE2M1, vb: tcE2M1},
	}
	for _, c := range cases {
		runTcMMA(t, c)
	}
}

// TestTcgen05CommitMulticast: tcgen05.commit.multicast::cluster arrives on
// the mbarrier at the same shared offset in every CTA of ctaMask (ISA
// §9.7.17.12.1); without .multicast only on the executing CTA's own.
func TestTcgen05CommitMulticast(t *testing.T) {
	cases := []struct {
		desc   string
		commit string
		want   []uint32 // out[rank]: 1 when that CTA's mbarrier completed phase 0
	}{
		{"ctaMask 0b11 reaches both CTAs", "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%r1], %rs1;", []uint32{1, 1}},
		{"ctaMask 0b10 reaches rank 1 only", "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%r1], %rs2;", []uint32{0, 1}},
		{"without multicast, the own CTA only", "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%r1];", []uint32{1, 0}},
	}
	for _, c := range cases {
		body := `
	.reg .b16 %rs<4>;
	mov.b16 %rs1, 3;
	mov.b16 %rs2, 2;
	mov.u32 %r1, buf;
	setp.eq.u32 %p0, %tid, 0;
	@%p0 mbarrier.init.shared::cta.b64 [%r1], 1;
	barrier.cluster.arrive;
	barrier.cluster.wait;
	setp.eq.u32 %p1, %ctarank, 0;
	and.pred %p1, %p1, %p0;
	@%p1 COMMIT
	barrier.cluster.arrive;
	barrier.cluster.wait;
	mbarrier.test_wait.parity.shared::cta.b64 %p2, [%r1], 0;
	selp.u32 %r2, 1, 0, %p2;
	mul.wide.u32 %rd1, %ctarank, 4;
	add.s64 %rd2, %out, %rd1;
	@%p0 st.global.u32 [%rd2], %r2;
`
		src := strings.NewReplacer("DIRECTIVES", "", "BODY", strings.Replace(body, "COMMIT", c.commit, 1), ".version 8.5\n.target sm_90a", ".version 8.7\n.target sm_100a").Replace(clusterKernel)
		p := compilePTX(t, "commit.ptx", src)
		m, err := newCluster(p, [3]uint32{2, 1, 1}, [3]uint32{32, 1, 1}, [3]uint32{2, 1, 1}, 2)
		if err != nil {
			t.Fatal(err)
		}
		m.Run(100000)
		if f := m.Fault(); f != nil {
			t.Errorf("%s: %s", c.desc, f.Msg)
			continue
		}
		b, _ := m.BufferByName("out")
		for r, w := range c.want {
			if got := uint32(b.Uint(r*4, 4)); got != w {
				t.Errorf("%s: rank %d's mbarrier completed = %d, want %d", c.desc, r, got, w)
			}
		}
	}
}

// TestTcgen05MMAFaults: what the model does not cover, or the ISA leaves
// undefined, stops the run naming the field.
func TestTcgen05MMAFaults(t *testing.T) {
	idesc := idescFields(map[string]uint32{"c_format": 1, "n_dim": 4, "m_dim": 8}) // f16 -> f32, N=32, M=128
	desc := smemDescFields(map[string]uint64{"leading_byte_offset": 8, "stride_byte_offset": 16, "version": 1})
	cases := []struct {
		desc         string
		cols         int    // allocated
		idesc        uint32 // instruction descriptor
		adesc, bdesc uint64
		fault        string
	}{
		{"D past the allocation", 32, idescFields(map[string]uint32{"c_format": 1, "n_dim": 8, "m_dim": 8}), desc, desc, "D's column 32 (address 0x00000000) is not allocated"},
		{"M = 32 (a .ws shape)", 32, idescFields(map[string]uint32{"c_format": 1, "n_dim": 4, "m_dim": 2}), desc, desc, "instruction descriptor 0x02080010: M = 32 (bits 24-28) is not 64 or 128, what .cta_group::1 allows"},
		{"a Hopper-style B descriptor (no version bit)", 32, idesc, desc, desc &^ (1 << 46), "B descriptor 0x0000001000080000: descriptor bits 46-48 are 0"},
		{"A beyond shared memory", 32, idesc, desc | 0x3fff, desc, "tcgen05.mma.cta_group::1.kind::f16: A descriptor 0x0000401000083fff: its shared-memory operand reaches address 0x3fff0"},
	}
	for _, c := range cases {
		body := withCols(allocWarp0, c.cols) + fmt.Sprintf(`
	mov.u32 %%r20, %d;
	mov.b64 %%rd10, %d;
	mov.b64 %%rd11, %d;
	setp.ne.u32 %%p4, 0, 0;
	setp.eq.u32 %%p5, %%tid, 0;
	@%%p5 tcgen05.mma.cta_group::1.kind::f16 [%%ta], %%rd10, %%rd11, %%r20, %%p4;
`, c.idesc, c.adesc, c.bdesc) + withCols(deallocWarp0, c.cols)
		_, msg, _ := runTmem(t, body, 32, 1)
		if !strings.Contains(msg, c.fault) {
			t.Errorf("%s: fault %q, want %q", c.desc, msg, c.fault)
		}
	}
}
