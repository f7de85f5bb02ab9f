package sim

// restartrows.go: which register rows a CTA started in a released CTA's
// blocks (restartCTA) must zero, and the machines that need none zeroed
// that every thread writes before reading (Unviewed).

import (
	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/isa"
)

// Unviewed declares that nothing will look at the machine's registers but
// its own instructions: no Snapshot, no Fingerprint, no Session (the
// command line's runs, launch.Run, and the benchmarks). A CTA started in
// a released CTA's blocks (restartCTA) then leaves as the last CTA left
// them the register rows that every thread writes before it reads them
// (writtenFirstRows), instead of zeroing them: no instruction can tell,
// only a view, which would show the last CTA's values in lanes not yet
// written (a lane is marked unwritten all the same). And unless it is
// recorded or sanitized, its kernel runs with registers that are never
// live at once sharing a row (compact.go). Call it before the run starts.
func (m *Machine) Unviewed() { m.unviewed = true }

// restartPoison, when not zero, is what restartCTA writes into the rows
// it would leave as they were (tests: a read the analysis wrongly allows
// then shows in the results; see restartrows_test.go).
var restartPoison uint64

// laneLocal reports whether an instruction reads and writes its
// registers in its own lane alone (isa.Entry.LaneLocal), which
// check.WrittenFirst may follow thread by thread: the registers other
// instructions name are always zeroed.
func laneLocal(in *check.Inst) bool { return in.Entry.LaneLocal }

// writtenFirstRows marks, by value slot, the rows of f's registers that
// every thread of a CTA writes before it reads them (check.WrittenFirst
// with laneLocal). Constants, special registers and the sink row are not
// marked: they are no registers of f's text.
func writtenFirstRows(f *fn) []bool {
	rows := make([]bool, f.nregs)
	if f.src == nil {
		return rows
	}
	wf := f.writtenFirst
	if wf == nil {
		wf = check.WrittenFirst(f.src, laneLocal)
	}
	for i, bits := range wf {
		r := f.src.Regs[i]
		if bits == 0 || r.Type.Kind == isa.KindPred {
			continue
		}
		for k := range max(1, r.Vec) {
			if bits>>k&1 != 0 {
				rows[f.slots[i]+int32(k)] = true
			}
		}
	}
	return rows
}

// poisonRows fills the rows of every warp's kernel frame in rows that
// writtenFirstRows marks with restartPoison.
func poisonRows(rows [][32]uint64, f *fn) {
	wf := writtenFirstRows(f)
	for i := range rows {
		if wf[i%f.nregs] {
			for l := range rows[i] {
				rows[i][l] = restartPoison
			}
		}
	}
}

// frameParamWritten reports whether anything may write the .param bytes
// of a frame of kernel f (its body's .param variables, which calls pass
// their arguments and results through): an access in that space, or a
// call. If nothing may, they hold the zeros their block was made with,
// and restartCTA need not zero them.
func frameParamWritten(f *fn) bool {
	for i := range f.code {
		if o := &f.code[i]; o.space == spaceFrameParam || o.ctl == ctlCall {
			return true
		}
	}
	return false
}
