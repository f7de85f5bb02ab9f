package launch

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand"
	"strconv"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
)

// TestAppendValueShortestFloat: f32 and f64 elements print as strconv's
// shortest 'g' form of the value (the -0, NaN and infinity spellings
// aside), the fast path for integers and halves below 1e6 included: near
// zero, around the 1e6 edge where 'g' turns to exponent form, at the
// f32 precision edge 2^24, and random values in and out of the range.
func TestAppendValueShortestFloat(t *testing.T) {
	var vals []float64
	for i := -1100; i <= 1100; i++ {
		vals = append(vals, float64(i)/2, float64(i)/4, float64(i)/8)
	}
	for i := -2000; i <= 2000; i++ {
		vals = append(vals, 1e6+float64(i)/2, -1e6+float64(i)/2, 1<<24+float64(i)/2)
	}
	r := rand.New(rand.NewSource(1))
	for range 100000 {
		x := math.Round(r.Float64()*4e6-2e6) / 2 // integers and halves in (-1e6, 1e6) and beyond
		vals = append(vals, x, x+0.25, x*1e-3, math.Ldexp(x, r.Intn(200)-100))
	}
	vals = append(vals, 999999.5, -999999.5, 999999, 1e6, 0.5, -0.5, 1.5, -1.5, 1e-45, 3.4e38, 1e300)
	for _, v := range vals {
		if v == 0 {
			continue // 0 and -0 have their own spellings
		}
		f32 := float32(v)
		if math.IsInf(float64(f32), 0) {
			continue // "inf" and "-inf" have their own spellings too
		}
		// Appended to nothing (no room: strconv's path) and after a
		// prefix with room (the digits written in place).
		for _, dst := range [][]byte{nil, append(make([]byte, 0, 64), "x, "...)} {
			n := len(dst)
			if got, want := string(AppendValue(dst, "f32", uint64(math.Float32bits(f32)))[n:]), strconv.FormatFloat(float64(f32), 'g', -1, 32); got != want {
				t.Fatalf("f32 %v: got %s, want %s", f32, got, want)
			}
			if got, want := string(AppendValue(dst, "f64", math.Float64bits(v))[n:]), strconv.FormatFloat(v, 'g', -1, 64); got != want {
				t.Fatalf("f64 %v: got %s, want %s", v, got, want)
			}
			if n > 0 && string(dst[:n]) != "x, " {
				t.Fatalf("the prefix became %q", dst[:n])
			}
		}
	}
}

// TestAppendElemsAsAppendValue: appendElems, the loop per kind WriteJSON
// runs, writes each element as AppendValue does (the contract's one
// spelling), after ", ": f32 integers and halves on both sides of its
// fast path's 1e6 edge, -0, the smallest subnormals, NaNs and infinities,
// random bit patterns; every f16 and bf16 pattern through the memo and
// without; integers of every width at their edges.
func TestAppendElemsAsAppendValue(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	f32 := func(x float32) uint64 { return uint64(math.Float32bits(x)) }
	var fv []uint64
	for i := -2100; i <= 2100; i++ {
		fv = append(fv, f32(float32(i)/2), f32(1e6+float32(i)/2), f32(-1e6+float32(i)/2), f32(float32(i)/4))
	}
	fv = append(fv, 0, 0x80000000, 1, 0x80000001, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7f7fffff, f32(999999.5), f32(-999999.5), f32(1e6), f32(0.5), f32(-0.5))
	for range 50000 {
		fv = append(fv, uint64(r.Uint32()))
	}
	halves := make([]uint64, 1<<16)
	for i := range halves {
		halves[i] = uint64(i)
	}
	ints := []uint64{0, 1, 9, 10, 99, 100, 127, 128, 255, 0x7fff, 0x8000, 0xffff, 1<<31 - 1, 1 << 31, 1<<32 - 1, 1<<63 - 1, 1 << 63, 1<<64 - 1}
	for range 1000 {
		ints = append(ints, r.Uint64(), r.Uint64()>>r.Intn(64))
	}
	for _, c := range []struct {
		typ  string
		vals []uint64
		memo bool
	}{
		{"f32", fv, false}, {"f64", append(ints, fv...), false},
		{"f16", halves, false}, {"f16", halves, true}, {"bf16", halves, false}, {"bf16", halves, true},
		{"u8", ints, false}, {"s8", ints, false}, {"u16", ints, false}, {"s16", ints, false},
		{"u32", ints, false}, {"s32", ints, false}, {"b32", ints, false}, {"u64", ints, false}, {"s64", ints, false},
	} {
		var memo []halfText
		if c.memo {
			memo = make([]halfText, 1<<16)
		}
		mask := uint64(1)<<(8*elemSize(c.typ)) - 1
		if elemSize(c.typ) == 8 {
			mask = ^uint64(0)
		}
		var want []byte
		vals := make([]uint64, len(c.vals))
		for i, v := range c.vals {
			vals[i] = v & mask
			want = append(append(want, ", "...), AppendValue(nil, c.typ, vals[i])...)
		}
		for _, room := range []int{0, 1 << 20} { // appendSmall's fast path needs room
			got := appendElems(make([]byte, 0, room), kindOf(c.typ), vals, memo)
			if string(got) != string(want) {
				i := firstDiff(got, want)
				t.Errorf("%s (memo %v, room %d): differs from AppendValue at byte %d: %.60q, want %.60q", c.typ, c.memo, room, i, got[max(0, i-20):], want[max(0, i-20):])
			}
		}
	}
}

// TestStatsAsMarshal: jsonOut.stats writes the statistics as
// encoding/json's Marshal does, at zero, both signs' extremes and between.
func TestStatsAsMarshal(t *testing.T) {
	for _, st := range []sim.Stats{{}, {WarpInstructions: 1, ThreadInstructions: 32}, {WarpInstructions: math.MaxInt64, ThreadInstructions: math.MinInt64}, {WarpInstructions: 622592, ThreadInstructions: 19922944}} {
		want, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		o := &jsonOut{w: &b}
		o.stats(st)
		if b.String() != string(want) || o.err != nil {
			t.Errorf("stats(%+v) = %s (%v), want %s", st, b.String(), o.err, want)
		}
	}
}

// TestF32ElemsAsStrconv: WriteJSON's f32 loop (appendElems) writes each
// element as strconv.FormatFloat(x, 'g', -1, 32) does (the contract's
// spellings of the zeros, NaNs and infinities aside), over every integer
// and half below 2^20 of either sign (the fast path's range, [0.5, 10^6),
// and past its edge), every f32 of the binades from 2^-2 to 2^21 whose
// low 12 significand bits are 0, 1 or 0x800 (halves and near-halves at
// each scale), and two million random bit patterns (half a million with
// -short).
func TestF32ElemsAsStrconv(t *testing.T) {
	var vals []uint32
	for i := range uint32(1 << 21) { // i/2 for i < 2^21: integers and halves below 2^20
		x := math.Float32bits(float32(i) / 2)
		vals = append(vals, x, x|1<<31)
	}
	for e := uint32(125); e <= 148; e++ {
		for m := range uint32(1 << 11) {
			for _, lo := range []uint32{0, 1, 0x800} {
				vals = append(vals, e<<23|m<<12|lo)
			}
		}
	}
	r := rand.New(rand.NewSource(3))
	n := 2 << 20
	if testing.Short() {
		n = 1 << 19
	}
	for range n {
		vals = append(vals, r.Uint32())
	}
	want := func(x uint32) string {
		f := math.Float32frombits(x)
		switch {
		case f != f:
			return `"nan"`
		case math.IsInf(float64(f), 1):
			return `"inf"`
		case math.IsInf(float64(f), -1):
			return `"-inf"`
		case x == 1<<31:
			return "-0.0"
		}
		return strconv.FormatFloat(float64(f), 'g', -1, 32)
	}
	const chunk = 4096
	d := make([]uint32, chunk)
	for at := 0; at < len(vals); at += chunk {
		c := copy(d, vals[at:])
		got := string(appendElems(nil, kF32, d[:c], nil))
		var w []byte
		for _, x := range d[:c] {
			w = append(append(w, ", "...), want(x)...)
		}
		if got != string(w) {
			for _, x := range d[:c] {
				if g := string(appendElems(nil, kF32, []uint32{x}, nil)); g != ", "+want(x) {
					t.Fatalf("f32 bits %#08x (%v): got %q, want %q", x, math.Float32frombits(x), g[2:], want(x))
				}
			}
		}
	}
}

// BenchmarkF32Elems: WriteJSON's f32 loop over vadd's output (i + 0.5
// for i below 2^20), in the chunks writeElems hands it.
func BenchmarkF32Elems(b *testing.B) {
	d := make([]uint32, 1<<20)
	for i := range d {
		d[i] = math.Float32bits(float32(i) + 0.5)
	}
	s := make([]byte, 0, scratchCap)
	b.SetBytes(int64(len(d)) * 4)
	for range b.N {
		for c := d; len(c) > 0; {
			n := min(len(c), scratchFlush/maxElemChars)
			s = appendElems(s[:0], kF32, c[:n], nil)
			c = c[n:]
		}
	}
}
