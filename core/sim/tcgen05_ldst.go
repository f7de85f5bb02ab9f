// tcgen05_ldst.go: tcgen05.ld and tcgen05.st (PTX ISA §9.7.17.8), which
// move data between a warp's registers and its 32 lanes of tensor memory,
// and tcgen05.wait::ld / wait::st.
//
// A shape names the block one repetition moves: .32x32b is 32 lanes x one
// 32-bit column, .16x64b, .16x128b and .16x256b are 16 lanes x 2, 4 and 8
// columns, and .16x32bx2 is two 16-lane x 1-column blocks, the second
// immHalfSplitoff columns after the first. .xN repeats the block N times
// along the columns. Which thread holds which cell in which register is
// the ISA's "matrix fragments" figure for each shape (§9.7.17.8.1); with
// thread t (lane id) and register r of the instruction, the cell (lane
// offset, column offset from the address) is
//
//	.32x32b    (t, r)
//	.16x64b    (t/4 + 8*(t%2), (t/2)%2 + 2*r)
//	.16x128b   (t/4 + 8*(r%2), t%4 + 4*(r/2))
//	.16x256b   (t/4 + 8*((r/2)%2), r%2 + 2*(t%4) + 8*(r/4))
//	.16x32bx2  (t%16, r + (t/16)*immHalfSplitoff)
//
// (the same maps CUTLASS writes as the TMEM_LOAD copy traits of
// cute/atom/copy_traits_sm100.hpp). .pack::16b (ld) treats each 32-bit
// column of that map as two 16-bit cells in adjacent columns: the register
// holds the low 16 bits of column 2c in its low half and of column 2c+1 in
// its high half; .unpack::16b (st) writes the halves back to the low 16
// bits of the two columns (their high 16 bits become 0).
//
// The ISA makes both instructions asynchronous, completed by
// tcgen05.wait::ld / wait::st. ptxplay completes them at issue, which is
// one of the orders the hardware may produce, so the waits have nothing
// left to do; so do tcgen05.fence::before_thread_sync and
// after_thread_sync, which only order these operations around thread
// synchronization. Using the registers before wait::ld is a race the
// simulator does not report.
package sim

import (
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
)

func init() {
	lowerers["tcgen05.ld"] = func(l *lowering, in *check.Inst, o *op) error { return lowerTmemLdSt(l, in, o, true) }
	lowerers["tcgen05.st"] = func(l *lowering, in *check.Inst, o *op) error { return lowerTmemLdSt(l, in, o, false) }
	for _, n := range []string{"tcgen05.wait::ld", "tcgen05.wait::st", "tcgen05.fence::before_thread_sync", "tcgen05.fence::after_thread_sync"} {
		lowerers[n] = lowerNop
	}
}

// tmemShape is one of the ld/st shapes.
type tmemShape struct {
	name   string
	lanes  int // lanes one repetition covers
	cols   int // 32-bit columns one repetition covers (one half for .16x32bx2)
	regs   int // registers one repetition takes
	maxNum int // the largest .xN
}

var tmemShapes = map[string]tmemShape{
	".32x32b":   {"32x32b", 32, 1, 1, 128},
	".16x64b":   {"16x64b", 16, 2, 1, 128},
	".16x128b":  {"16x128b", 16, 4, 2, 64},
	".16x256b":  {"16x256b", 16, 8, 4, 32},
	".16x32bx2": {"16x32bx2", 16, 1, 1, 128},
}

// tmemCell maps thread t's register r to its cell (lane offset, 32-bit
// column offset) for shape s, before .pack::16b and without the
// .16x32bx2 half offset (see the table above).
func tmemCell(s string, t, r int) (int, int) {
	switch s {
	case "32x32b":
		return t, r
	case "16x64b":
		return t/4 + 8*(t%2), (t/2)%2 + 2*r
	case "16x128b":
		return t/4 + 8*(r%2), t%4 + 4*(r/2)
	case "16x256b":
		return t/4 + 8*((r/2)%2), r%2 + 2*(t%4) + 8*(r/4)
	}
	return t % 16, r // 16x32bx2
}

type tmemLdSt struct {
	load     bool
	shape    tmemShape
	num      int
	pack     bool // .pack::16b / .unpack::16b
	regs     int
	halfSlot int32 // .16x32bx2's immHalfSplitoff
	name     string
}

func lowerTmemLdSt(l *lowering, in *check.Inst, o *op, load bool) error {
	if hasMod(in, ".red") != "" {
		return fmt.Errorf("tcgen05.ld.red is not simulated yet")
	}
	d := &tmemLdSt{load: load, halfSlot: -1, name: "tcgen05" + joinMods(in)}
	for k, s := range tmemShapes {
		if hasMod(in, k) != "" {
			d.shape = s
		}
	}
	if d.shape.name == "" {
		return invalid("%s: no shape", in.Entry.Name)
	}
	for n := 1; n <= 128; n *= 2 {
		if hasMod(in, fmt.Sprintf(".x%d", n)) != "" {
			d.num = n
		}
	}
	if d.num == 0 || d.num > d.shape.maxNum {
		return invalid("%s: .%s takes .x1 to .x%d", in.Entry.Name, d.shape.name, d.shape.maxNum)
	}
	d.pack = hasMod(in, ".pack::16b", ".unpack::16b") != ""
	d.regs = d.num * d.shape.regs
	var frag check.Arg
	if load {
		frag = in.Args[0]
	} else {
		frag = in.Args[len(in.Args)-1]
	}
	el := fragArgs(frag)
	if len(el) != d.regs {
		return invalid("%s: .%s.x%d moves %d registers a thread: it takes %d registers, got %d", in.Entry.Name, d.shape.name, d.num, d.regs, d.regs, len(el))
	}
	for _, e := range el {
		if e.Kind == check.ArgReg && e.Reg != nil && e.Reg.Type.Bits != 32 {
			return invalid("%s: register %s is %d-bit; tcgen05 moves .b32 registers", in.Entry.Name, e.Reg.Name, e.Reg.Type.Bits)
		}
	}
	regs0 := 0 // where the registers start in o.s (st)
	if d.shape.name == "16x32bx2" {
		d.halfSlot = o.s[0]
		if !load {
			regs0 = 1
		}
	}
	if !load && len(o.s) != regs0+d.regs {
		return invalid("%s: expected %d source registers", in.Entry.Name, d.regs)
	}
	if load && len(o.d) != d.regs {
		return invalid("%s: expected %d destination registers", in.Entry.Name, d.regs)
	}
	o.exec = func(m *Machine, w *warp, o *op) { d.exec(m, w, o, regs0) }
	return nil
}

// taddr is the TMEM address operand of lane.
func tmemAddrOf(w *warp, o *op, lane int) uint32 {
	a := uint64(o.off)
	if o.base >= 0 {
		a += w.reg(o.base)[lane]
	}
	return uint32(a)
}

func (d *tmemLdSt) exec(m *Machine, w *warp, o *op, regs0 int) {
	if !requireWarp(m, w, o, d.name) {
		return
	}
	taddr := tmemAddrOf(w, o, 0)
	for lane := 1; lane < 32; lane++ {
		if a := tmemAddrOf(w, o, lane); a != taddr {
			m.raise(w, o, lane, fmt.Sprintf("%s: lane %d's address 0x%08x differs from lane 0's 0x%08x (.aligned: every thread gives the same taddr)", d.name, lane, a, taddr))
			return
		}
	}
	half := 0
	if d.halfSlot >= 0 {
		half = int(uint32(w.reg(d.halfSlot)[0]))
	}
	span := d.num * d.shape.cols // 32-bit columns of the map
	if d.pack {
		span *= 2
	}
	if !m.tmemReach(w, o, d.name, taddr, d.shape.lanes, span) {
		return
	}
	if half != 0 && !m.tmemReach(w, o, d.name+" (second half)", taddr+uint32(half), d.shape.lanes, span) {
		return
	}
	tm := w.cta.tmem
	lane0, col0 := splitTaddr(taddr)
	for r := 0; r < d.regs; r++ {
		var row *[32]uint64
		if d.load {
			if o.d[r] < 0 {
				continue
			}
			row = w.reg(o.d[r])
		} else {
			row = w.reg(o.s[regs0+r])
		}
		for t := 0; t < 32; t++ {
			dl, dc := tmemCell(d.shape.name, t, r)
			if d.pack {
				dc *= 2
			}
			if d.shape.name == "16x32bx2" && t >= 16 {
				dc += half
			}
			l, c := lane0+dl, col0+dc
			switch {
			case d.load && d.pack:
				row[t] = uint64(*tm.at(l, c)&0xffff | *tm.at(l, c+1)<<16)
			case d.load:
				row[t] = uint64(*tm.at(l, c))
			case d.pack:
				v := uint32(row[t])
				*tm.at(l, c), *tm.at(l, c+1) = v&0xffff, v>>16
			default:
				*tm.at(l, c) = uint32(row[t])
			}
		}
	}
}
