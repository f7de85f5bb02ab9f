package launch

import (
	"fmt"
	"math"
	"math/rand"
	"strconv"
	"testing"
)

// TestPutUint: decimal digits of unsigned and signed integers at every
// width edge (each power of ten and one below it, the type limits),
// against strconv.
func TestPutUint(t *testing.T) {
	vals := []uint64{0, 1, 9, 10, 11, 99, 100, 101, 255, 256, 65535, 65536, 1<<31 - 1, 1 << 31, 1<<32 - 1, 1 << 32, 1<<53 + 1, 1<<63 - 1, 1 << 63, 1<<64 - 1}
	for p := uint64(1); p <= 1e19; p *= 10 {
		vals = append(vals, p-1, p, p+1, 2*p-1, 9*p, 9*p+p-1)
		if p == 1e19 {
			break
		}
	}
	for i := range 64 {
		vals = append(vals, 1<<i-1, 1<<i, 1<<i+1)
	}
	r := rand.New(rand.NewSource(3))
	for range 10000 {
		vals = append(vals, r.Uint64()>>r.Intn(64))
	}
	var b [24]byte
	for _, v := range vals {
		if got, want := string(b[:putUint(b[:], v)]), strconv.FormatUint(v, 10); got != want {
			t.Errorf("putUint(%d) = %q, want %q", v, got, want)
		}
		for _, s := range []int64{int64(v), -int64(v)} {
			if got, want := string(b[:putInt(b[:], s)]), strconv.FormatInt(s, 10); got != want {
				t.Errorf("putInt(%d) = %q, want %q", s, got, want)
			}
		}
	}
}

// TestPutFloatShortest: putF32 writes strconv's shortest 'g' form for
// f32 integers up to 2^24 - 1 and halves up to 2^23 - 0.5, both signs:
// all below 2^17, all within 2,000 of each power of ten and of two (the
// plain form below 1e6, d.ddde+XX from 1e6, 1e7 with its zeros trimmed,
// 2^23 where halves end, 2^24 - 1 the last), and 300,000 random ones;
// putF64 the same around each power of ten and two up to 2^53, and
// random ones. Zeros
// are "0" and "-0.0". Everything else is declined (0 bytes: left to
// strconv): quarters, the smallest subnormals, values below 0.5, 2^24
// (2^53) and up, NaNs and infinities.
func TestPutFloatShortest(t *testing.T) {
	var b [maxElemChars]byte
	check32 := func(x float32) {
		for _, v := range []float32{x, -x} {
			if got, want := string(b[:putF32(b[:], math.Float32bits(v))]), strconv.FormatFloat(float64(v), 'g', -1, 32); got != want {
				t.Fatalf("putF32(%v) = %q, want %q", v, got, want)
			}
		}
	}
	int32s := func(i int) {
		if i >= 1 && i < 1<<24 {
			check32(float32(i))
			if i <= 1<<23 {
				check32(float32(i) - 0.5)
			}
		}
	}
	for i := range 1 << 17 {
		int32s(i)
	}
	for p := 1; p <= 1<<24; p *= 10 {
		for d := -2000; d <= 2000; d++ {
			int32s(p + d)
		}
	}
	for i := 17; i <= 24; i++ {
		for d := -2000; d <= 2000; d++ {
			int32s(1<<i + d)
		}
	}
	r := rand.New(rand.NewSource(4))
	for range 300000 {
		int32s(r.Intn(1 << 24))
	}
	check64 := func(x float64) {
		for _, v := range []float64{x, -x} {
			if got, want := string(b[:putF64(b[:], math.Float64bits(v))]), strconv.FormatFloat(v, 'g', -1, 64); got != want {
				t.Fatalf("putF64(%v) = %q, want %q", v, got, want)
			}
		}
	}
	var edges []float64
	for p := 1.0; p <= 1e16; p *= 10 {
		edges = append(edges, p)
	}
	for i := range 54 {
		edges = append(edges, math.Ldexp(1, i))
	}
	for _, p := range edges {
		for d := -600.0; d <= 600; d++ {
			if x := p + d; x >= 1 && x < 1<<53 {
				check64(x)
				if x <= 1<<52 {
					check64(x - 0.5)
				}
			}
		}
	}
	for range 200000 {
		x := float64(r.Int63n(1<<53-1) + 1)
		check64(x)
		if x <= 1<<52 {
			check64(x - 0.5)
		}
	}
	zeros := []struct {
		name string
		w32  int
		b32  uint32
		b64  uint64
		want string
	}{
		{"+0", 1, 0, 0, "0"},
		{"-0", 4, 1 << 31, 1 << 63, "-0.0"},
	}
	for _, z := range zeros {
		if got := string(b[:putF32(b[:], z.b32)]); got != z.want {
			t.Errorf("putF32(%s) = %q, want %q", z.name, got, z.want)
		}
		if got := string(b[:putF64(b[:], z.b64)]); got != z.want {
			t.Errorf("putF64(%s) = %q, want %q", z.name, got, z.want)
		}
	}
	declined32 := []struct {
		name string
		bits uint32
	}{
		{"0.25", math.Float32bits(0.25)},
		{"0.75", math.Float32bits(0.75)},
		{"1.25", math.Float32bits(1.25)},
		{"2^21 + 0.25 (exact: its ulp is 0.25)", math.Float32bits(1<<21 + 0.25)},
		{"smallest subnormal", 1},
		{"largest subnormal", 0x007fffff},
		{"2^24", math.Float32bits(1 << 24)},
		{"2^24 + 2", math.Float32bits(1<<24 + 2)},
		{"largest finite", 0x7f7fffff},
		{"+inf", 0x7f800000},
		{"-inf", 0xff800000},
		{"NaN", 0x7fc00000},
		{"-NaN with payload", 0xffc00001},
	}
	for _, c := range declined32 {
		for _, s := range []uint32{0, 1 << 31} {
			if w := putF32(b[:], c.bits|s); w != 0 {
				t.Errorf("putF32(%s, sign %x) wrote %q, want it declined", c.name, s, b[:w])
			}
		}
	}
	declined64 := []struct {
		name string
		bits uint64
	}{
		{"0.25", math.Float64bits(0.25)},
		{"1e6 + 0.25", math.Float64bits(1e6 + 0.25)},
		{"2^50 + 0.25 (exact: its ulp is 0.25)", math.Float64bits(1<<50 + 0.25)},
		{"smallest subnormal", 1},
		{"2^53", math.Float64bits(1 << 53)},
		{"1e300", math.Float64bits(1e300)},
		{"+inf", math.Float64bits(math.Inf(1))},
		{"NaN", math.Float64bits(math.NaN())},
	}
	for _, c := range declined64 {
		for _, s := range []uint64{0, 1 << 63} {
			if w := putF64(b[:], c.bits|s); w != 0 {
				t.Errorf("putF64(%s, sign %x) wrote %q, want it declined", c.name, s, b[:w])
			}
		}
	}
}

// TestDigits8: digits8 against the decimal digits strconv writes, for
// every n below 2^20, and for every upper half (n / 10^4) each with three
// lower halves (0, 9,999 and one that moves with it): the two halves are
// worked in separate lanes of the word, so this meets every value of
// each lane beside large and small values of the other.
func TestDigits8(t *testing.T) {
	check := func(n uint32) {
		var want uint64
		for i, c := range []byte(fmt.Sprintf("%08d", n)) {
			want |= uint64(c-'0') << (8 * i)
		}
		if got := digits8(n); got != want {
			t.Fatalf("digits8(%d) = %#016x, want %#016x", n, got, want)
		}
	}
	for n := range uint32(1 << 20) {
		check(n)
	}
	for hi := range uint32(1e4) {
		for _, lo := range []uint32{0, 9999, hi * 7919 % 1e4} {
			check(hi*1e4 + lo)
		}
	}
}

// TestDecodeElems: decodeElems reads little-endian elements of each size
// into d and reports a change (diff != 0) exactly when some element
// differs from what d held: for 0 to 9 elements (the four-a-step loop
// and its tail), with none changed and with each one changed in turn.
func TestDecodeElems(t *testing.T) {
	for _, es := range []int{1, 2, 4, 8} {
		for n := range 10 {
			c := make([]byte, n*es)
			for i := range c {
				c[i] = byte(7*i + 3)
			}
			want := make([]uint64, n)
			for i := range want {
				for k := range es {
					want[i] |= uint64(c[i*es+k]) << (8 * k)
				}
			}
			d := append([]uint64(nil), want...)
			if diff := decodeElems(d, c, es); diff != 0 {
				t.Errorf("es %d, n %d, nothing changed: diff %#x, want 0", es, n, diff)
			}
			for k := range n {
				d := append([]uint64(nil), want...)
				d[k] ^= 1 << (8*es - 1) // the element's top bit
				if diff := decodeElems(d, c, es); diff == 0 {
					t.Errorf("es %d, n %d, element %d changed: diff 0", es, n, k)
				}
				for i := range d {
					if d[i] != want[i] {
						t.Fatalf("es %d, n %d: d[%d] = %#x, want %#x", es, n, i, d[i], want[i])
					}
				}
			}
		}
	}
}
