// stasync.go: st.async (PTX ISA 9.7.9.12) and red.async (9.7.14.7), the
// sm_90 stores and reductions into another CTA's shared memory that
// signal the destination CTA's mbarrier with complete-tx of their bytes.
// Like the bulk copies (bulk.go) they are asynchronous: the value is read
// when the instruction issues and lands in the destination, with the
// complete-tx, when a thread of that CTA tests the mbarrier, every warp
// waits, or the CTA ends. The mbarrier must be in the CTA the data lands
// in. The sm_100 forms into global memory are refused.
package sim

import (
	"encoding/binary"
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
)

func init() {
	lowerers["st.async"] = lowerStAsync
	lowerers["red.async"] = lowerStAsync
}

func lowerStAsync(l *lowering, in *check.Inst, o *op) error {
	name := in.Entry.Name
	if hasMod(in, ".global") != "" || hasMod(in, ".mbarrier::complete_tx::bytes") == "" {
		l.refuse(o, name+" into global memory (sm_100) is not simulated")
		return nil
	}
	if len(in.Args) != 3 {
		return invalid("%s: expected [a], b, [mbar]", name)
	}
	dst, err := l.addrSlotOf(in.Args[0])
	if err != nil {
		return err
	}
	mbar, err := l.addrSlotOf(in.Args[2])
	if err != nil {
		return err
	}
	red := uint8(0)
	if name == "red.async" {
		for _, md := range in.Src.Mods {
			if k, ok := atomOps[md.Name]; ok {
				red = k + 1
			}
		}
	}
	es := int(o.typ.bits) / 8
	n := es * len(o.s)
	typ := o.typ
	o.flags |= flagMem
	o.exec = func(m *Machine, w *warp, o *op) {
		for lane, mk := 0, w.mask; mk != 0; lane, mk = lane+1, mk>>1 {
			if mk&1 == 0 {
				continue
			}
			a, mb := dst.at(w, lane), mbar.at(w, lane)
			if misaligned(a, n) {
				m.raise(w, o, lane, fmt.Sprintf("%s: misaligned %d-byte store to shared::cluster address 0x%x", name, n, a))
				return
			}
			data := make([]byte, n)
			for k := range o.s {
				var b [8]byte
				binary.LittleEndian.PutUint64(b[:], src(w, o, k)[lane])
				copy(data[k*es:], b[:es])
			}
			cp := bulkCopy{data: data, red: red, rtyp: typ, warp: int16(w.id), lane: int8(lane), group: -1, line: o.line, what: name}
			if !m.bulkToShared(w, o, lane, name, true, a, mb, -1, cp) {
				return
			}
		}
	}
	return nil
}

// addrSlot is an address operand read at run time: a register (slot) plus
// an offset, or a constant (slot -1).
type addrSlot struct {
	slot int32
	off  uint64
}

func (a addrSlot) at(w *warp, lane int) uint64 {
	if a.slot < 0 {
		return a.off
	}
	return w.reg(a.slot)[lane] + a.off
}

func (l *lowering) addrSlotOf(a check.Arg) (addrSlot, error) {
	if a.Kind != check.ArgAddr {
		return addrSlot{}, invalid("expected an address in brackets")
	}
	base, off, err := l.addrOperand(a)
	return addrSlot{slot: base, off: uint64(off)}, err
}
