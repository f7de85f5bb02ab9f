// exec_policy.go: createpolicy.
//
// The ISA makes a cache eviction policy an opaque 64-bit value that only
// accesses with .L2::cache_hint read, and the simulator has no cache: a
// policy changes nothing a kernel computes. createpolicy therefore runs
// (kernels from Triton and CUTLASS make one before their hinted loads) and
// writes ptxplay's own encoding of what was asked, since the GPU's bits
// are not documented:
//
//	bits 60-63  kind: 1 fractional, 2 range
//	bits 56-59  primary priority: 0 evict_normal, 1 evict_first, 2 evict_last, 3 evict_unchanged
//	bits 52-55  secondary priority: 0 evict_unchanged (the default), 1 evict_first
//	bits 0-31   fractional: the fraction's .f32 bits (1.0 when left out);
//	            range: the primary size (the address and total size are not kept)
//
// createpolicy.cvt.L2 passes the access property through unchanged.

package sim

import (
	"math"

	"github.com/ptxplay/ptxplay/core/check"
)

var policyPriority = map[string]uint64{".L2::evict_normal": 0, ".L2::evict_first": 1, ".L2::evict_last": 2, ".L2::evict_unchanged": 3}

func init() {
	lowerers["createpolicy"] = lowerCreatePolicy
}

func lowerCreatePolicy(l *lowering, in *check.Inst, o *op) error {
	if len(o.d) != 1 {
		return invalid("createpolicy: expected one destination register")
	}
	if hasMod(in, ".cvt") != "" {
		o.exec = func(m *Machine, w *warp, o *op) { map1(w, o, func(a uint64) uint64 { return a }) }
		return nil
	}
	var prio []uint64
	for _, md := range in.Match.Vals {
		if p, ok := policyPriority[md]; ok {
			prio = append(prio, p)
		}
	}
	head := prio[0] << 56
	if len(prio) > 1 && prio[1] == 1 {
		head |= 1 << 52
	}
	if hasMod(in, ".fractional") != "" {
		head |= 1 << 60
		if len(o.s) == 0 { // the fraction left out: 1.0
			o.s = append(o.s, l.constSlot(uint64(math.Float32bits(1)), false))
		}
	} else { // .range: the first source is the primary size
		head |= 2 << 60
	}
	o.exec = func(m *Machine, w *warp, o *op) { map1(w, o, func(a uint64) uint64 { return head | a&0xffffffff }) }
	return nil
}
