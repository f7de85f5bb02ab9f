package launch

import (
	"math"
	"math/rand"
	"strconv"
	"testing"
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
