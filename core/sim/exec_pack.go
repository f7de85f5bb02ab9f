// exec_pack.go: cvt.pack (PTX ISA 9.7.9.23), the 8-bit float conversions
// of cvt (.e4m3x2 and .e5m2x2, 9.7.9.21) and mov between vectors of
// registers (9.7.9.4).

package sim

import (
	"fmt"
	"strings"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/fp"
)

func init() {
	lowerers["cvt.pack"] = lowerCvtPack
}

// lowerCvtPack: cvt.pack.sat.convertType.s32{.b32} d, a, b{, c} clamps a
// and b to convertType, puts b in the low size bits and a in the next
// size bits, and (with c) fills the rest of d from the low bits of c.
func lowerCvtPack(l *lowering, in *check.Inst, o *op) error {
	if len(o.d) != 1 || len(o.s) < 2 || len(o.s) > 3 {
		return fmt.Errorf("cvt.pack%s: unexpected operands", joinMods(in))
	}
	ct := in.Match.Get("pk16") + in.Match.Get("pknarrow")
	if len(ct) < 3 {
		return unsupported(in)
	}
	signed := strings.HasPrefix(ct, ".s")
	var size uint
	fmt.Sscan(ct[2:], &size)
	if size == 0 || size > 16 {
		return unsupported(in)
	}
	lo, hi := int64(0), int64(1)<<size-1
	if signed {
		lo, hi = -(int64(1) << (size - 1)), int64(1)<<(size-1)-1
	}
	mask := uint64(1)<<size - 1
	sat := func(v uint64) uint64 { return uint64(min(max(int64(int32(v)), lo), hi)) & mask }
	if len(o.s) == 2 {
		o.exec = lane2(func(a, b uint64) uint64 { return sat(a)<<size | sat(b) })
		return nil
	}
	o.exec = lane3(func(a, b, c uint64) uint64 {
		return (sat(a)<<size | sat(b) | c<<(2*size)) & 0xFFFFFFFF
	})
	return nil
}

// lowerCvtF8 takes the cvt forms to and from .e4m3x2 and .e5m2x2; it
// reports false for every other cvt.
func lowerCvtF8(in *check.Inst, o *op) (bool, error) {
	ts := in.Match.Types()
	if len(ts) != 2 {
		return false, nil
	}
	d, a := ts[0], ts[1]
	f8 := func(t string) bool { return t == ".e4m3x2" || t == ".e5m2x2" }
	if !f8(d) && !f8(a) {
		return false, nil
	}
	if in.Match.Get("rnd") != ".rn" {
		return true, fmt.Errorf("cvt%s: only .rn is defined for 8-bit floats", joinMods(in))
	}
	relu := in.Match.Has(".relu")
	o.typ, o.typ2 = typeInfo{name: d, bits: 16}, typeInfo{name: a, bits: 32}
	switch {
	case f8(d) && a == ".f32":
		if err := needSrcs(in, o, 1, 2); err != nil {
			return true, err
		}
		e5 := d == ".e5m2x2"
		o.exec = lane2(func(a, b uint64) uint64 { return uint64(fp.CvtF32x2ToF8x2(uint32(a), uint32(b), e5, relu)) })
	case f8(d) && a == ".f16x2":
		if err := needSrcs(in, o, 1, 1); err != nil {
			return true, err
		}
		e5 := d == ".e5m2x2"
		o.exec = lane1(func(a uint64) uint64 { return uint64(fp.CvtF16x2ToF8x2(uint32(a), e5, relu)) })
	case d == ".f16x2" && f8(a):
		if err := needSrcs(in, o, 1, 1); err != nil {
			return true, err
		}
		e5 := a == ".e5m2x2"
		o.typ, o.typ2 = typeInfo{name: d, bits: 32}, typeInfo{name: a, bits: 16}
		o.exec = lane1(func(a uint64) uint64 { return uint64(fp.CvtF8x2ToF16x2(uint16(a), e5, relu)) })
	default:
		return true, unsupported(in)
	}
	return true, nil
}

// execMovVec copies a vector of registers element by element: all
// sources are read before any destination is written, so overlapping
// vectors ({a, b} <- {b, a}) swap.
func execMovVec(m *Machine, w *warp, o *op) {
	var tmp [8]uint64
	k := o.aux
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		for e := range o.s {
			tmp[e] = w.reg(o.s[e])[i] & k
		}
		for e := range o.d {
			dst(w, o, e)[i] = tmp[e]
		}
	}
}

// lowerMovVec takes mov.vec d, a where both are vectors of registers.
func lowerMovVec(o *op) bool {
	if len(o.d) < 2 || len(o.d) != len(o.s) || len(o.s) > 8 {
		return false
	}
	o.aux = widthMask(o.typ.bits)
	if o.typ.bits == 0 {
		o.aux = ^uint64(0)
	}
	o.exec = execMovVec
	return true
}
