// exec_reduxf.go: redux.sync.{min,max}{.abs}{.NaN}.f32 (PTX ISA
// 9.7.14.13): the minimum or maximum over the threads of membermask, of the
// absolute values with .abs; NaN inputs are ignored unless .NaN is given,
// when any NaN makes the result the canonical NaN; -0 is less than +0.

package sim

import (
	"fmt"
	"math/bits"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/fp"
)

func lowerReduxF32(in *check.Inst, o *op, kind string) error {
	if o.typ.name != ".f32" || (kind != ".min" && kind != ".max") {
		return fmt.Errorf("redux.sync%s: only .min and .max of .f32 reduce floats", joinMods(in))
	}
	abs, nan := in.Match.Has(".abs"), in.Match.Has(".NaN")
	f := fp.MinF32
	if kind == ".max" {
		f = fp.MaxF32
	}
	o.exec = func(m *Machine, w *warp, o *op) {
		d, a := dst(w, o, 0), src(w, o, 0)
		memberGroups(w, o, 1, func(g, lanes uint32) {
			var acc uint32
			first := true
			for q := g; q != 0; q &= q - 1 {
				v := uint32(a[bits.TrailingZeros32(q)])
				if abs {
					v &^= 1 << 31
				}
				if first {
					acc, first = v, false
					continue
				}
				acc = f(acc, v, false, nan, false)
			}
			if first {
				return
			}
			if acc&0x7fffffff > 0x7f800000 {
				acc = 0x7fffffff // one lane alone may have held a NaN
			}
			for r := lanes; r != 0; r &= r - 1 {
				d[bits.TrailingZeros32(r)] = uint64(acc)
			}
		})
	}
	return nil
}
