package sim

import (
	"math"
	"math/rand"
	"testing"

	"github.com/ptxplay/ptxplay/core/fp"
)

// TestFloatFastPaths: the hand-written full-warp loops for add, sub, mul
// and fma.rn.f32 agree bit for bit with core/fp (which is checked against
// math/big) on random operands biased towards the hard cases: specials,
// subnormals, huge and tiny magnitudes, cancellation and rounding ties.
func TestFloatFastPaths(t *testing.T) {
	p := compileHarness(t, "", "", `
	ld.global.f32 %f1, [%ia];
	ld.global.f32 %f2, [%ia+256];
	ld.global.f32 %f3, [%ia+512];
	fma.rn.f32 %f4, %f1, %f2, %f3;
	add.f32 %f5, %f1, %f2;
	sub.f32 %f6, %f1, %f3;
	mul.f32 %f7, %f2, %f3;
	st.global.f32 [%oa], %f4;
	st.global.f32 [%oa+256], %f5;
	st.global.f32 [%oa+512], %f6;
	st.global.f32 [%oa+768], %f7;`)
	rng := rand.New(rand.NewSource(5))
	specials := []uint32{0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7fa00001, 1, 0x80000001, 0x007fffff, 0x00800000, 0x7f7fffff, 0x3f800000, 0xbf800000}
	gen := func() uint32 {
		switch rng.Intn(6) {
		case 0:
			return specials[rng.Intn(len(specials))]
		case 1: // tiny
			return uint32(rng.Intn(1<<26)) | uint32(rng.Intn(2))<<31
		case 2: // short mantissas make exact ties likely
			return uint32(rng.Intn(256))<<23 | uint32(rng.Intn(8))<<20 | uint32(rng.Intn(2))<<31
		}
		return rng.Uint32()
	}
	runs := 2000
	if testing.Short() {
		runs = 200
	}
	for r := 0; r < runs; r++ {
		in := make([][32]uint64, 3)
		for l := 0; l < 32; l++ {
			a, b := gen(), gen()
			c := gen()
			if rng.Intn(4) == 0 { // cancellation: c close to -a*b
				c = math.Float32bits(-math.Float32frombits(a)*math.Float32frombits(b)) ^ uint32(rng.Intn(4))
			}
			in[0][l], in[1][l], in[2][l] = uint64(a), uint64(b), uint64(c)
		}
		out := runHarness(t, p, in, 4)
		for l := 0; l < 32; l++ {
			a, b, c := uint32(in[0][l]), uint32(in[1][l]), uint32(in[2][l])
			want := []uint32{
				fp.FmaF32(a, b, c, fp.RN, false, false),
				fp.AddF32(a, b, fp.RN, false, false),
				fp.SubF32(a, c, fp.RN, false, false),
				fp.MulF32(b, c, fp.RN, false, false),
			}
			for k, name := range []string{"fma.rn", "add", "sub", "mul"} {
				if got := out[k][l]; got != uint64(want[k]) {
					t.Fatalf("%s.f32(%#08x, %#08x, %#08x) = %#08x, want %#08x", name, a, b, c, got, want[k])
				}
			}
		}
	}
}
