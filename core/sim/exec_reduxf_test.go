package sim

// exec_reduxf_test.go: redux.sync.{min,max}{.abs}{.NaN}.f32 against a
// model of the ISA text: NaNs ignored (all NaN, or any with .NaN: the
// canonical NaN), -0 below +0, .abs on the inputs.

import (
	"fmt"
	"math"
	"testing"
)

func reduxF32Model(vals []uint32, isMax, abs, nan bool) uint32 {
	var kept []uint32
	for _, v := range vals {
		if abs {
			v &^= 1 << 31
		}
		if v&0x7fffffff > 0x7f800000 {
			if nan {
				return 0x7fffffff
			}
			continue
		}
		kept = append(kept, v)
	}
	if len(kept) == 0 {
		return 0x7fffffff
	}
	key := func(v uint32) float64 { // order: value, then -0 before +0
		f := float64(math.Float32frombits(v))
		if f == 0 && v>>31 == 1 {
			return math.Inf(-1)
		}
		return f
	}
	best := kept[0]
	for _, v := range kept[1:] {
		a, b := float64(math.Float32frombits(v)), float64(math.Float32frombits(best))
		less := a < b || a == b && a == 0 && key(v) < key(best)
		more := a > b || a == b && a == 0 && key(v) > key(best)
		if isMax && more || !isMax && less {
			best = v
		}
	}
	return best
}

func TestReduxF32(t *testing.T) {
	sets := [][]uint32{
		{0x3f800000, 0xbf800000, 0x40000000, 0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x00000001},
		{0x80000000, 0x00000000},
		{0x7fc00000, 0x3f800000, 0xc0000000},
		{0x7fc00000, 0xffc00001},
		{0xc1200000, 0x41100000, 0x80000001, 0x3dcccccd},
	}
	for si, set := range sets {
		for _, op := range []string{"min", "max"} {
			for _, mods := range []string{"", ".abs", ".NaN", ".abs.NaN"} {
				inst := fmt.Sprintf("redux.sync.%s%s.f32 %%f2, %%f1, 0xffffffff;", op, mods)
				p := compileHarness(t, "8.6", "sm_100a", "\tld.global.f32 %f1, [%ia];\n\t"+inst+"\n\tst.global.f32 [%oa], %f2;")
				var in [1][32]uint64
				vals := make([]uint32, 32)
				for i := range vals {
					vals[i] = set[i%len(set)]
					in[0][i] = uint64(vals[i])
				}
				want := reduxF32Model(vals, op == "max", mods == ".abs" || mods == ".abs.NaN", mods == ".NaN" || mods == ".abs.NaN")
				got := runHarness(t, p, in[:], 1)[0]
				for i := 0; i < 32; i++ {
					if uint32(got[i]) != want {
						t.Errorf("set %d %s: lane %d got %#x, want %#x", si, inst, i, got[i], want)
						break
					}
				}
			}
		}
	}
}
