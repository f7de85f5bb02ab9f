// Conversions (PTX ISA 9.7.9.21) checked against math/big: every f16 and
// bf16 value exhaustively, every rounding boundary between f32 and the half
// formats, and random f64/f32/integer operands in every mode.

package fp

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"testing"
)

// refConvert rounds the exact value of finite x (format from) to format to.
func refConvert(x uint64, from, to *format, rnd Round, ftz bool) uint64 {
	v := decode(x, from)
	if v.Sign() == 0 {
		if v.Signbit() {
			return to.signBit()
		}
		return 0
	}
	return refRound(v, 0, to, rnd, ftz)
}

// neighborRef rounds the float64 v to half format f by finding its two
// neighbours among the encodings by binary search (codes of one sign are
// ordered like their values), an oracle independent of roundPack and fast
// enough for exhaustive sweeps. Infinity stands for 2^(emax+1).
func neighborRef(v float64, f *format, rnd Round) uint64 {
	var sign uint64
	if math.Signbit(v) {
		sign, v = f.signBit(), -v
	}
	// hi: the first code whose value is >= v.
	hi := uint64(sort.Search(int(f.inf())+1, func(i int) bool { return f.boundValue(uint64(i)) >= v }))
	neg := sign != 0
	if hi > f.inf() { // beyond 2^(emax+1): infinity or the largest finite
		if rnd == RZ || rnd == RM && !neg || rnd == RP && neg {
			return sign | f.maxFinite()
		}
		return sign | f.inf()
	}
	if f.boundValue(hi) == v {
		if hi == f.inf() && (rnd == RZ || rnd == RM && !neg || rnd == RP && neg) {
			return sign | f.maxFinite()
		}
		return sign | hi
	}
	lo := hi - 1
	var up bool
	switch rnd {
	case RZ:
	case RM:
		up = neg
	case RP:
		up = !neg
	default:
		dl, dh := v-f.boundValue(lo), f.boundValue(hi)-v
		up = dh < dl || dh == dl && (hi&1 == 0 || rnd == RNA)
	}
	if up {
		return sign | hi
	}
	return sign | lo
}

// TestHalfToWiderExhaustive converts every f16 and bf16 encoding to f32 and
// f64 and checks the exact value (and the quiet-NaN widening).
func TestHalfToWiderExhaustive(t *testing.T) {
	for _, from := range []*format{fmtF16, fmtBF16} {
		for x := range uint64(1 << 16) {
			var got32 uint32
			var got64 uint64
			if from == fmtF16 {
				got32, got64 = CvtF16ToF32(uint16(x), false, false), CvtF16ToF64(uint16(x), false)
			} else {
				got32, got64 = CvtBF16ToF32(uint16(x), false, false), CvtBF16ToF64(uint16(x), false)
			}
			var want32, want64 uint64
			switch {
			case from.isNaN(x) && from == fmtF16:
				// f32: canonical, as an H200 gives (testdata/gpu/cvt_16); f64: quiet, payload kept
				want32, want64 = 0x7FFFFFFF, widenNaNRef(x, from, fmtF64)
			case from.isNaN(x):
				// bf16 to f32 moves the bits (a signaling NaN stays one, as the H200 gives)
				want32, want64 = x<<16, widenNaNRef(x, from, fmtF64)
			case from.isInf(x):
				want32 = fmtF32.inf() | x>>15<<31
				want64 = fmtF64.inf() | x>>15<<63
			default:
				want32 = refConvert(x, from, fmtF32, RN, false)
				want64 = refConvert(x, from, fmtF64, RN, false)
			}
			if uint64(got32) != want32 || got64 != want64 {
				t.Fatalf("%#04x: got f32 %#x f64 %#x, want %#x %#x", x, got32, got64, want32, want64)
			}
			// Round trip: narrowing the exact widened value gives x back.
			if !from.isNaN(x) {
				for _, rnd := range allModes {
					back := f32To(got32, from, rnd, false, false, false, false)
					if uint64(back) != x {
						t.Fatalf("%#04x -> %#x -> %#x with %v", x, got32, back, rnd)
					}
				}
			}
		}
	}
}

// widenNaNRef spells out the NaN widening: sign, payload shifted to the top
// of the wider fraction, quiet bit set.
func widenNaNRef(x uint64, from, to *format) uint64 {
	sign := x >> (from.ebits + from.p - 1)
	payload := x & (from.minNormal() - 1) << (to.p - from.p)
	return sign<<(to.ebits+to.p-1) | to.inf() | payload | to.minNormal()>>1
}

// TestF32ToHalfBoundaries converts, for every finite f16 and bf16 value v,
// v itself, the midpoint to its successor and the f32 values one ulp either
// side of that midpoint, in every mode, with and without .ftz.
func TestF32ToHalfBoundaries(t *testing.T) {
	for _, to := range []*format{fmtF16, fmtBF16} {
		for _, rnd := range allModes {
			for _, ftz := range []bool{false, true} {
				t.Run(fmt.Sprintf("%d%v%v", to.p, rnd, ftz), func(t *testing.T) {
					t.Parallel()
					step := uint64(1)
					if testing.Short() {
						step = 13
					}
					for h := uint64(0); h < 1<<16; h += step {
						if to.isNaN(h) || to.isInf(h) {
							continue
						}
						v := math.Float32bits(float32(widen(h, to)))
						next := math.Float32bits(float32(to.boundValue(h + 1)))
						if h&to.absMask() == to.maxFinite() {
							next = math.Float32bits(float32(to.boundValue(to.inf() | h&to.signBit())))
						}
						mid := math.Float32bits(float32((float64(f32(v)) + float64(f32(next))) / 2))
						for _, x := range []uint32{v, mid, mid - 1, mid + 1, v + 1} {
							checkF32ToHalf(t, x, to, rnd, ftz)
						}
					}
				})
			}
		}
	}
}

func checkF32ToHalf(t *testing.T, x uint32, to *format, rnd Round, ftz bool) {
	t.Helper()
	got := f32To(x, to, rnd, ftz, false, false, false)
	in := uint64(x)
	if ftz {
		in = fmtF32.flush(in)
	}
	var want uint64
	switch {
	case isNaN32(x):
		want = to.qnan
	case fmtF32.isInf(in):
		want = to.inf() | in>>31<<(to.ebits+to.p-1)
	default:
		want = refConvert(in, fmtF32, to, rnd, false)
	}
	if uint64(got) != want {
		t.Fatalf("cvt%v.%d-bit.f32 ftz=%v %#x: got %#x, want %#x", rnd, to.p, ftz, x, got, want)
	}
}

// TestF32ToHalfRandom adds random f32 operands to the boundary sweep.
func TestF32ToHalfRandom(t *testing.T) {
	r := newRand(t)
	for range count(100000) {
		x := uint32(randBits(r, fmtF32))
		for _, to := range []*format{fmtF16, fmtBF16} {
			rnd, ftz := allModes[r.IntN(4)], r.IntN(2) == 0
			checkF32ToHalf(t, x, to, rnd, ftz)
			if isNaN32(x) || x&absF32 == infF32 || ftz {
				continue
			}
			// The big.Float oracle must agree with the neighbour search.
			if got, want := uint64(f32To(x, to, rnd, false, false, false, false)), refConvert(uint64(x), fmtF32, to, rnd, false); got != want {
				t.Fatalf("cvt%v.%d-bit.f32 %#x: got %#x, big.Float says %#x", rnd, to.p, x, got, want)
			}
		}
	}
}

// TestF64ToNarrower converts random f64 values to f32 (with and without
// .ftz), f16 and bf16 in every mode.
func TestF64ToNarrower(t *testing.T) {
	r := newRand(t)
	for i := range count(200000) {
		x := randBits(r, fmtF64)
		if i%2 == 0 {
			// Land in the narrower formats' ranges.
			x = randNear(r, 1023+r.IntN(300)-150, 0, fmtF64) | x&(1<<52-1)
		}
		rnd := allModes[r.IntN(4)]
		ftz := r.IntN(2) == 0
		checks := []struct {
			got uint64
			to  *format
			ftz bool
		}{
			{uint64(CvtF64ToF32(x, rnd, ftz, false)), fmtF32, ftz},
			{uint64(CvtF64ToF16(x, rnd, false)), fmtF16, false},
			{uint64(CvtF64ToBF16(x, rnd, false)), fmtBF16, false},
		}
		for _, c := range checks {
			var want uint64
			switch {
			case isNaN64(x):
				want = f64NaNRef(x, c.to)
			case fmtF64.isInf(x):
				want = c.to.inf() | x>>63<<(c.to.ebits+c.to.p-1)
			default:
				want = refConvert(x, fmtF64, c.to, rnd, c.ftz)
			}
			if c.got != want {
				t.Fatalf("cvt%v.%d-bit.f64 ftz=%v %#x: got %#x, want %#x", rnd, c.to.p, c.ftz, x, c.got, want)
			}
		}
	}
}

// f64NaNRef: sign, the top fraction bits, quiet bit.
func f64NaNRef(x uint64, to *format) uint64 {
	frac := to.p - 1
	return x>>63<<(to.ebits+frac) | to.inf() | x<<12>>(64-frac) | 1<<(frac-1)
}

// TestHalfToHalfExhaustive converts every f16 to bf16 and back in every mode.
func TestHalfToHalfExhaustive(t *testing.T) {
	for _, rnd := range allModes {
		for x := range uint64(1 << 16) {
			for _, dir := range [][2]*format{{fmtF16, fmtBF16}, {fmtBF16, fmtF16}} {
				from, to := dir[0], dir[1]
				var got uint16
				if from == fmtF16 {
					got = CvtF16ToBF16(uint16(x), rnd, false)
				} else {
					got = CvtBF16ToF16(uint16(x), rnd, false)
				}
				var want uint64
				switch {
				case from.isNaN(x):
					want = to.qnan
				case from.isInf(x):
					want = to.inf() | x&0x8000
				default:
					want = neighborRef(widen(x, from), to, rnd)
				}
				if uint64(got) != want {
					t.Fatalf("cvt%v %d->%d bits %#04x: got %#x, want %#x", rnd, from.p, to.p, x, got, want)
				}
			}
		}
	}
}

// TestF32ToTF32 checks .rn, .rz and .rna against the oracle (the tf32
// encoding is an f32 with the low 13 bits zero).
func TestF32ToTF32(t *testing.T) {
	r := newRand(t)
	for i := range count(300000) {
		x := uint32(randBits(r, fmtF32))
		if i < 1<<16 {
			// Every tf32 boundary pattern of the low 14 bits on a few exponents.
			x = uint32(i&0x3FFF) | uint32(i>>14)<<29 | 0x3F800000&^(3<<29)
		}
		for _, rnd := range []Round{RN, RZ, RNA} {
			got := CvtF32ToTF32(x, rnd, false, false)
			var want uint32
			switch {
			case isNaN32(x) && rnd != RNA:
				want = 0x7FFFE000
			case isNaN32(x):
				want = x &^ 0x1FFF // truncated, as an H200 does
			case x&absF32 == infF32:
				want = x&signF32 | min((x&absF32+0x1000)&^0x1FFF, 0x7FFFE000)
			default:
				want = uint32(refConvert(uint64(x), fmtF32, fmtTF32, rnd, false)) << 13
			}
			if got != want {
				t.Fatalf("cvt%v.tf32.f32 %#x: got %#x, want %#x", rnd, x, got, want)
			}
		}
	}
}

// TestIntToFloat checks cvt.frnd.{f16,bf16,f32,f64}.{s,u}{8,16,32,64} on
// random integers and powers of two near each format's precision.
func TestIntToFloat(t *testing.T) {
	r := newRand(t)
	for i := range count(200000) {
		v := r.Uint64()
		switch i % 4 {
		case 0:
			v >>= r.IntN(64)
		case 1:
			v = 1<<r.IntN(64) + uint64(r.IntN(5)) - 2
		}
		it := IntType(r.IntN(8))
		rnd := allModes[r.IntN(4)]
		w := it.Bits()
		x := new(big.Int)
		if it.Signed() {
			x.SetInt64(int64(v<<(64-w)) >> (64 - w))
		} else {
			x.SetUint64(v << (64 - w) >> (64 - w))
		}
		bf := new(big.Float).SetInt(x)
		for _, c := range []struct {
			got uint64
			f   *format
		}{
			{uint64(CvtIntToF32(v, it, rnd, false)), fmtF32},
			{CvtIntToF64(v, it, rnd, false), fmtF64},
			{uint64(CvtIntToF16(v, it, rnd, false)), fmtF16},
			{uint64(CvtIntToBF16(v, it, rnd, false)), fmtBF16},
		} {
			want := uint64(0)
			if bf.Sign() != 0 {
				want = refRound(bf, 0, c.f, rnd, false)
			}
			if c.got != want {
				t.Fatalf("cvt%v.%d-bit%v %#x: got %#x, want %#x", rnd, c.f.p, it, v, c.got, want)
			}
		}
	}
}

// refToInt rounds the exact value of x to an integer with rnd and clamps.
func refToInt(v *big.Float, t IntType, rnd Round) uint64 {
	var i *big.Int
	if v.Sign() == 0 {
		i = new(big.Int)
	} else {
		i = roundAt(new(big.Float).Abs(v), 0, 0, v.Signbit(), rnd)
		if v.Signbit() {
			i.Neg(i)
		}
	}
	w := t.Bits()
	lo, hi := new(big.Int), new(big.Int).Lsh(big.NewInt(1), w)
	if t.Signed() {
		lo.Lsh(big.NewInt(-1), w-1)
		hi.Rsh(hi, 1)
	}
	hi.Sub(hi, big.NewInt(1))
	switch {
	case i.Cmp(lo) < 0:
		i = lo
	case i.Cmp(hi) > 0:
		i = hi
	}
	if i.Sign() < 0 {
		return uint64(i.Int64())
	}
	return i.Uint64()
}

// TestFloatToInt checks cvt.irnd.{s,u}{8..64}.{f16,bf16,f32,f64} on random
// values, values near every range boundary, NaN and Inf.
func TestFloatToInt(t *testing.T) {
	r := newRand(t)
	for i := range count(200000) {
		it := IntType(r.IntN(8))
		rnd := allModes[r.IntN(4)]
		x := randBits(r, fmtF64)
		if i%2 == 0 {
			// Near ±2^k for k up to 65, where the clamps are.
			e := 1023 + r.IntN(67) - 1
			x = randNear(r, e, 1, fmtF64)
			if r.IntN(2) == 0 {
				x &^= 1<<52 - 1<<(52-r.IntN(12))
			}
		}
		x32 := uint32(randBits(r, fmtF32))
		x16 := uint16(randBits(r, fmtF16))
		xb := uint16(randBits(r, fmtBF16))
		for _, c := range []struct {
			got    uint64
			bits   uint64
			f      *format
			srcF64 bool
		}{
			{CvtF64ToInt(x, it, rnd), x, fmtF64, true},
			{CvtF32ToInt(x32, it, rnd, false), uint64(x32), fmtF32, false},
			{CvtF32ToInt(uint32(x>>32), it, rnd, false), x >> 32, fmtF32, false},
			{CvtF16ToInt(x16, it, rnd), uint64(x16), fmtF16, false},
			{CvtBF16ToInt(xb, it, rnd), uint64(xb), fmtBF16, false},
		} {
			var want uint64
			w := it.Bits()
			switch {
			case c.f.isNaN(c.bits):
				if c.srcF64 || w == 64 {
					want = uint64(1) << (w - 1)
					if it.Signed() {
						want = uint64(int64(want<<(64-w)) >> (64 - w))
					}
				}
			case c.f.isInf(c.bits):
				want = refToInt(big.NewFloat(math.Copysign(1e30, float64(1-2*int(c.bits>>(c.f.ebits+c.f.p-1))))), it, rnd)
			default:
				want = refToInt(decode(c.bits, c.f), it, rnd)
			}
			if c.got != want {
				t.Fatalf("cvt%s%v.%d-bit %#x: got %#x, want %#x", rnd.IntString(), it, c.f.p, c.bits, c.got, want)
			}
		}
	}
}

// TestRoundIntegral checks cvt.irnd.f32.f32 / .f64.f64 / .f16.f16 /
// .bf16.bf16 against the oracle.
func TestRoundIntegral(t *testing.T) {
	r := newRand(t)
	for range count(200000) {
		rnd := allModes[r.IntN(4)]
		for _, c := range []struct {
			f   *format
			fn  func(uint64) uint64
			nan func(uint64) uint64
		}{
			{fmtF32, func(x uint64) uint64 { return uint64(RoundIntF32(uint32(x), rnd, false, false)) }, func(uint64) uint64 { return nanF32 }},
			{fmtF64, func(x uint64) uint64 { return RoundIntF64(x, rnd, false) }, func(x uint64) uint64 { return x | quietF64 }},
			{fmtF16, func(x uint64) uint64 { return uint64(RoundIntF16(uint16(x), rnd, false)) }, func(uint64) uint64 { return 0x7FFF }},
			{fmtBF16, func(x uint64) uint64 { return uint64(RoundIntBF16(uint16(x), rnd, false)) }, func(uint64) uint64 { return 0x7FFF }},
		} {
			x := randBits(r, c.f)
			var want uint64
			switch {
			case c.f.isNaN(x):
				want = c.nan(x)
			case c.f.isInf(x), c.f.isZero(x):
				want = x
			default:
				v := decode(x, c.f)
				i := roundAt(new(big.Float).Abs(v), 0, 0, v.Signbit(), rnd)
				if i.Sign() == 0 {
					want = x & c.f.signBit()
				} else {
					want = refRound(new(big.Float).SetInt(i), 0, c.f, RN, false) | x&c.f.signBit()
				}
			}
			if got := c.fn(x); got != want {
				t.Fatalf("cvt%s %d-bit %#x: got %#x, want %#x", rnd.IntString(), c.f.p, x, got, want)
			}
		}
	}
}

// TestHalfRoundingPathsAgree: the bit-trick round-to-nearest narrowings
// (f32to16, f32toBF16) agree with roundPack on random f32 values.
func TestHalfRoundingPathsAgree(t *testing.T) {
	r := newRand(t)
	for range count(2_000_000) {
		x := uint32(randBits(r, fmtF32))
		if isNaN32(x) {
			continue
		}
		v := float64(f32(x))
		want16, wantBF := narrowTo(v, fmtF16, RN, false, false, false, false), narrowTo(v, fmtBF16, RN, false, false, false, false)
		if got := f32to16(x); uint64(got) != want16 {
			t.Fatalf("f32to16(%#x) = %#x, roundPack says %#x", x, got, want16)
		}
		if got := f32toBF16(x); uint64(got) != wantBF {
			t.Fatalf("f32toBF16(%#x) = %#x, roundPack says %#x", x, got, wantBF)
		}
	}
}
