// sm90.go: the sm_90 instructions around the asynchronous machinery that
// change what a warp may do rather than data: setmaxnreg (PTX ISA
// 9.7.20.5). (elect.sync is with the warp instructions, exec_warp.go;
// the fences are orderings the machine keeps anyway, call.go.)

package sim

import (
	"fmt"
	"strings"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
)

func init() {
	lowerers["setmaxnreg"] = lowerSetmaxnreg
}

// setmaxnreg.{inc,dec}.sync.aligned.u32 count. The machine has no register
// file to partition, so what it runs is the ISA's rules: count in 24..256
// and a multiple of 8 (a check error, as ptxas gives); every non-exited
// thread of the warp executes it (.sync.aligned); .dec never raises and
// .inc never lowers the warp's count when the count is known — from the
// kernel's .maxnreg, then from the warp's last setmaxnreg. The warp view
// shows the count (WarpView.MaxNReg).
func lowerSetmaxnreg(l *lowering, in *check.Inst, o *op) error {
	if len(in.Args) != 1 || in.Args[0].Kind != check.ArgImm {
		return invalid("setmaxnreg takes a constant register count")
	}
	n := int64(in.Args[0].Imm)
	if n < 24 || n > 256 || n%8 != 0 {
		return invalid("setmaxnreg: the register count must be a multiple of 8 from 24 to 256, not %d", n)
	}
	inc := in.Match.Has(".inc")
	o.aux = uint64(n)
	o.exec = func(m *Machine, w *warp, o *op) {
		live := w.valid &^ w.exited
		if w.mask != live {
			m.raise(w, o, firstLane(live&^w.mask|w.mask), fmt.Sprintf("setmaxnreg.sync.aligned: every thread of the warp must execute it (active lanes %#08x, the warp's threads %#08x)", w.mask, live))
			return
		}
		cur, want := int(w.maxnreg), int(o.aux)
		if cur == 0 {
			cur = m.kern.maxnreg
		}
		switch {
		case cur != 0 && inc && want < cur:
			m.raise(w, o, firstLane(w.mask), fmt.Sprintf("setmaxnreg.inc to %d registers, below the warp's %d (.inc may only raise the count)", want, cur))
			return
		case cur != 0 && !inc && want > cur:
			m.raise(w, o, firstLane(w.mask), fmt.Sprintf("setmaxnreg.dec to %d registers, above the warp's %d (.dec may only lower the count)", want, cur))
			return
		}
		w.maxnreg = uint16(want)
	}
	return nil
}

// perfInt reads the first number of the kernel's directive name (0 if
// absent).
func perfInt(cf *check.Func, name string) int {
	if cf == nil || cf.Decl == nil {
		return 0
	}
	for _, d := range cf.Decl.Perf {
		if strings.EqualFold(d.Name, name) && len(d.Args) > 0 {
			if n, ok := d.Args[0].(*ptx.Int); ok {
				return int(min(n.Val, 1<<20))
			}
		}
	}
	return 0
}
