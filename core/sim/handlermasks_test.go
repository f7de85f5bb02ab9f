package sim

import (
	"fmt"
	"math/bits"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// handlerMasks are the partial masks TestLaneHandlerMasks runs each handler
// under: one lane at either end, the two ends, 1 to 9 lanes spread over
// the warp (the sparse loop's steps of sparseStep lanes, and the last
// count below denseLanes), alternating lanes both ways (the select path),
// and all but one lane at either end.
func handlerMasks() []uint32 {
	ms := []uint32{1, 1 << 31, 0x80000001, 3, 0xc0000000}
	for n := 1; n < denseLanes; n++ {
		var m uint32
		for i := range n {
			m |= 1 << (uint(i*7+n) % 32)
		}
		ms = append(ms, m)
	}
	return append(ms, 1<<denseLanes-1, 0x55555555, 0xaaaaaaaa, 0x7fffffff, 0xfffffffe)
}

// TestLaneHandlerMasks: every generated value handler (exec_lanes.go),
// under each mask of handlerMasks, writes in each active lane what it writes
// under the full warp (its 32 lanes written out, which TestFusedLanes and
// the instruction tests check against the ISA's definitions) and leaves
// every other lane of d as it was; with d its own row and d the same row
// as a (in place).
func TestLaneHandlerMasks(t *testing.T) {
	handlers := []execFn{
		execMov, execAdd32, execSub32, execMul32, execMad32, execAdd64, execSub64, execMul64, execMad64,
		execAnd, execOr, execXor, execShl, execShrU, execShrS32, execShrS64,
		execMulWideU32, execMulWideS32, execCvta, execShlImm, execShrUImm, execShrS32Imm, execShrS64Imm,
		execAdd32Ib, execSub32Ib, execMad32Ibc, execMad32Ic, execAdd64Ib, execAndIb, execXorIb,
		execMulWideU32Ib, execMulWideS32Ib,
	}
	// Rows 0-3 d, a, b, c: values of every width, the sign bits and
	// small shift counts among them.
	var regs [4][32]uint64
	x := uint64(0x9e3779b97f4a7c15)
	for r := range regs {
		for i := range regs[r] {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			switch i % 4 {
			case 0:
				regs[r][i] = x
			case 1:
				regs[r][i] = x & 0xffffffff
			case 2:
				regs[r][i] = x % 70 // a shift count, or a small value
			default:
				regs[r][i] = 0x80000000 ^ x>>40
			}
		}
	}
	run := func(h execFn, inPlace bool, mask uint32) [32]uint64 {
		w := &warp{regs: make([][32]uint64, 4), mask: mask}
		for r := range regs {
			w.regs[r] = regs[r]
		}
		o := &op{rd: 0, ra: 1, rb: 2, rc: 3, aux: 0xffffffff, off: -0x12345, mode: 5}
		if inPlace {
			o.rd = 1
		}
		h(&Machine{}, w, o)
		return w.regs[o.rd]
	}
	for _, h := range handlers {
		name := runtime.FuncForPC(reflect.ValueOf(h).Pointer()).Name()
		name = name[strings.LastIndex(name, ".")+1:]
		for _, inPlace := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, in place %v", name, inPlace), func(t *testing.T) {
				full := run(h, inPlace, fullMask)
				old := regs[0]
				if inPlace {
					old = regs[1]
				}
				for _, mask := range handlerMasks() {
					got := run(h, inPlace, mask)
					for i := range got {
						want := old[i]
						if mask>>i&1 != 0 {
							want = full[i]
						}
						if got[i] != want {
							t.Fatalf("mask %#08x (%d lanes), lane %d: got %#x, want %#x (full warp %#x, old %#x)",
								mask, bits.OnesCount32(mask), i, got[i], want, full[i], old[i])
						}
					}
				}
			})
		}
	}
}
