// fragview.go: the fragment view of the last matrix instruction (mma,
// wmma, ldmatrix, stmatrix, movmatrix): its matrices, each element
// labelled with the lane and register that hold it. Recorded only when
// the machine records (sessions, traces); plain runs pay nothing.

package sim

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/ptxplay/ptxplay/core/check"
)

// FragView is the last matrix instruction a warp executed and its matrices.
type FragView struct {
	Op       string       `json:"op"`   // "mma.m16n8k16.f32.f16.f16.f32"
	Text     string       `json:"text"` // the instruction as written
	Line     int          `json:"line"`
	CTA      [3]uint32    `json:"cta"`
	Warp     int          `json:"warp"`
	Step     int64        `json:"step"`           // the warp instruction count when it ran
	Next     bool         `json:"next,omitempty"` // a preview: the inputs of the instruction about to issue
	Matrices []FragMatrix `json:"matrices"`
}

// FragMatrix is one matrix (A, B, C, D, or an ldmatrix 8x8): Groups
// matrices of Rows x Cols (four for mma.m8n8k4 with .f16, one per
// quad-pair), cells row-major, group after group.
type FragMatrix struct {
	Name   string     `json:"name"`
	Type   string     `json:"type"`
	Groups int        `json:"groups"`
	Rows   int        `json:"rows"`
	Cols   int        `json:"cols"`
	Cells  []FragCell `json:"cells"`
}

// FragCell is one element: its value and the lane, register and element
// within the register that hold it (the first holder when wmma keeps two
// copies; Copies counts them).
type FragCell struct {
	Value  string `json:"value"`
	Lane   int    `json:"lane"`
	Reg    string `json:"reg"`   // the register's name ("%r12"), or "" for a constant
	Index  int    `json:"index"` // the register's position in the fragment
	Part   int    `json:"part"`  // the element within the register (low to high)
	Copies int    `json:"copies,omitempty"`
}

// fragSrc is one matrix to record: its layout, its elements (raw bits,
// matrix order) and the names of the registers that hold it.
type fragSrc struct {
	f     *fragSpec
	vals  []uint64
	names []string
	name  string // overrides f.name
}

// regNames lists the register names of a fragment operand.
func regNames(a check.Arg) []string {
	var ns []string
	for _, e := range fragArgs(a) {
		if e.Kind == check.ArgReg && e.Reg != nil {
			n := e.Reg.Name
			if e.Reg.Vec > 0 {
				n += "." + string("xyzw"[e.Comp%4])
			}
			ns = append(ns, n)
		} else {
			ns = append(ns, "")
		}
	}
	return ns
}

// gatherBits returns the raw elements of fragment f from slots.
func gatherBits(w *warp, f *fragSpec, slots []int32) []uint64 {
	v := make([]uint64, f.size())
	gather(w, f, slots, func(i int32, x uint64) { v[i] = x })
	return v
}

// fragRecord is what a matrix instruction records: the raw elements of
// its matrices. The view (strings for every cell) is built only when a
// snapshot or a trace asks for it, once; records never change, so clones
// (checkpoints) share them.
type fragRecord struct {
	name string
	o    *op
	cta  [3]uint32
	warp int
	step int64
	srcs []fragSrc
	once sync.Once
	v    *FragView
}

// view builds (once) and returns the record's view; nil for no record.
func (r *fragRecord) view() *FragView {
	if r == nil {
		return nil
	}
	r.once.Do(func() { r.v = buildView(r) })
	return r.v
}

// noteMatrices records o's matrices (raw) for the views.
func (m *Machine) noteMatrices(w *warp, o *op, name string, srcs []fragSrc) {
	r := &fragRecord{name: name, o: o, cta: w.cta.id, warp: w.id, step: m.stats.WarpInstructions, srcs: srcs}
	m.frag, w.frag = r, r
}

// fragView makes the view of o's matrices now.
func (m *Machine) fragView(w *warp, o *op, name string, srcs []fragSrc) *FragView {
	return buildView(&fragRecord{name: name, o: o, cta: w.cta.id, warp: w.id, step: m.stats.WarpInstructions, srcs: srcs})
}

func buildView(r *fragRecord) *FragView {
	o := r.o
	v := &FragView{Op: r.name, Text: strings.Join(strings.Fields(o.text), " "), Line: int(o.line), CTA: r.cta, Warp: r.warp, Step: r.step}
	srcs := r.srcs
	for _, s := range srcs {
		f := s.f
		fm := FragMatrix{Name: f.name, Type: f.kind.String(), Groups: f.groups, Rows: f.rows, Cols: f.cols, Cells: make([]FragCell, f.size())}
		if s.name != "" {
			fm.Name = s.name
		}
		for i := range fm.Cells {
			fm.Cells[i].Lane = -1
		}
		n := f.slots()
		for lane := 0; lane < 32; lane++ {
			for i := 0; i < n; i++ {
				c := &fm.Cells[f.idx[lane*n+i]]
				c.Copies++
				if c.Lane >= 0 {
					continue
				}
				c.Lane, c.Index, c.Part = lane, i/f.per, i%f.per
				if c.Index < len(s.names) {
					c.Reg = s.names[c.Index]
				}
			}
		}
		for i := range fm.Cells {
			fm.Cells[i].Value = formatElem(f.kind, s.vals[i])
			if fm.Cells[i].Copies == 1 {
				fm.Cells[i].Copies = 0
			}
		}
		v.Matrices = append(v.Matrices, fm)
	}
	return v
}

// fragNext previews the matrices of the instruction about to issue when
// it is an mma or wmma.mma: A, B and C as the registers hold them now.
func (m *Machine) fragNext() *FragView {
	_, wi, o := m.peek()
	c, w := m.next()
	if o == nil || wi < 0 || o.inst == nil || c == nil || w == nil {
		return nil
	}
	if n := m.prog.rowOps[o.inst]; n > 0 {
		return m.rowAddrView(w, o, n)
	}
	d := m.prog.mmaOps[o.inst]
	if d == nil || len(o.inst.Args) < 4 {
		return nil
	}
	na, nb := d.a.regs, d.b.regs
	sa, sb, sc := o.s[:na], o.s[na:na+nb], o.s[na+nb:]
	args := o.inst.Args
	v := m.fragView(w, o, d.String(), []fragSrc{
		{f: d.a, vals: gatherBits(w, d.a, sa), names: regNames(args[1])},
		{f: d.b, vals: gatherBits(w, d.b, sb), names: regNames(args[2])},
		{f: d.c, vals: gatherBits(w, d.c, sc), names: regNames(args[3])},
	})
	v.Next, v.Step = true, m.stats.WarpInstructions+1
	return v
}

// noteMMA records an mma's A, B, C (before the write) and D.
func (m *Machine) noteMMA(w *warp, o *op, d *mmaDesc, sa, sb, sc []int32, out []uint64) {
	m.noteMatrices(w, o, d.String(), []fragSrc{
		{f: d.a, vals: gatherBits(w, d.a, sa), names: d.names[1]},
		{f: d.b, vals: gatherBits(w, d.b, sb), names: d.names[2]},
		{f: d.c, vals: gatherBits(w, d.c, sc), names: d.names[3]},
		{f: d.d, vals: out, names: d.names[0]},
	})
}

// rowAddrView previews an ldmatrix or stmatrix: the row address each
// of lanes 8q..8q+7 gives for matrix q (as the lane's registers hold it
// now), and for stmatrix the matrices it will store.
func (m *Machine) rowAddrView(w *warp, o *op, n int) *FragView {
	name := o.inst.Entry.Name
	v := &FragView{Op: fmt.Sprintf("%s.x%d", name, n), Text: strings.Join(strings.Fields(o.text), " "), Line: int(o.line), CTA: w.cta.id, Warp: w.id, Step: m.stats.WarpInstructions + 1, Next: true}
	ai := 0
	if name == "ldmatrix" {
		ai = 1
	}
	reg := ""
	if a := o.inst.Args[ai]; a.Reg != nil {
		reg = a.Reg.Name
	}
	for q := 0; q < n; q++ {
		fm := FragMatrix{Name: fmt.Sprintf("matrix %d: row addresses", q), Type: "addr", Groups: 1, Rows: 8, Cols: 1}
		for r := 0; r < 8; r++ {
			lane := 8*q + r
			fm.Cells = append(fm.Cells, FragCell{Value: fmt.Sprintf("0x%x", m.addr(w, o, lane)), Lane: lane, Reg: reg})
		}
		v.Matrices = append(v.Matrices, fm)
	}
	if name == "stmatrix" {
		names := regNames(o.inst.Args[1])
		for q := 0; q < n && q < len(o.s); q++ {
			src := m.fragView(w, o, "", []fragSrc{{f: matrixFrag, vals: gatherBits(w, matrixFrag, o.s[q:q+1]), names: names[q : q+1], name: fmt.Sprintf("matrix %d", q)}})
			v.Matrices = append(v.Matrices, src.Matrices...)
		}
	}
	return v
}

// formatElem shows an element's value.
func formatElem(k ekind, v uint64) string {
	switch {
	case k == ekF64:
		return strconv.FormatFloat(math.Float64frombits(v), 'g', -1, 64)
	case k == ekB16:
		return fmt.Sprintf("%04x", v&0xffff)
	case k == ekB1:
		return strconv.FormatUint(v&1, 10)
	case k.isInt():
		return strconv.FormatInt(intOf(k, v), 10)
	}
	return strconv.FormatFloat(float64(floatOf(k, v)), 'g', -1, 32)
}

// Frag returns the fragment view of the last matrix instruction, or nil.
func (m *Machine) Frag() *FragView { return m.frag.view() }

// String draws the view as text: each matrix as a grid of values, then
// the same grid of holders written lane:register.element.
func (v *FragView) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s  (line %d, warp %d)\n", v.Op, v.Line, v.Warp)
	for _, fm := range v.Matrices {
		for g := 0; g < fm.Groups; g++ {
			title := fmt.Sprintf("%s (%dx%d .%s)", fm.Name, fm.Rows, fm.Cols, fm.Type)
			if fm.Groups > 1 {
				title += fmt.Sprintf(", quad-pair %d", g)
			}
			b.WriteString("  " + title + "\n")
			cells := fm.Cells[g*fm.Rows*fm.Cols : (g+1)*fm.Rows*fm.Cols]
			if fm.Cols > 64 {
				// .b1 operands (128 or 256 columns): one line a row, values only.
				for r := 0; r < fm.Rows; r++ {
					b.WriteString("    ")
					for c := 0; c < fm.Cols; c++ {
						b.WriteString(cells[r*fm.Cols+c].Value)
					}
					b.WriteString("\n")
				}
				continue
			}
			vw, hw := 1, 1
			for _, c := range cells {
				vw = max(vw, len(c.Value))
				hw = max(hw, len(holder(c)))
			}
			for r := 0; r < fm.Rows; r++ {
				b.WriteString("   ")
				for c := 0; c < fm.Cols; c++ {
					fmt.Fprintf(&b, " %*s", vw, cells[r*fm.Cols+c].Value)
				}
				b.WriteString("   |")
				for c := 0; c < fm.Cols; c++ {
					fmt.Fprintf(&b, " %-*s", hw, holder(cells[r*fm.Cols+c]))
				}
				b.WriteString("\n")
			}
		}
	}
	return b.String()
}

// holder writes who holds a cell: "T5:r2.1" is lane 5, fragment register
// 2, element 1 (the register's name is in the JSON view).
func holder(c FragCell) string {
	return fmt.Sprintf("T%d:r%d.%d", c.Lane, c.Index, c.Part)
}
