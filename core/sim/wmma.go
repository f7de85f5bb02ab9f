// wmma.go: wmma.load, wmma.store and wmma.mma (PTX ISA §9.7.15.4), the
// warp-level matrix operations whose fragment layout the ISA leaves
// unspecified. Ours, the same for load, mma and store:
//
//	a fragment of a rows x cols matrix holds regs registers of per
//	elements (packed low to high as in mma) in each lane; element i of
//	lane l is the matrix element e = (l*regs*per + i) mod (rows*cols) in
//	row-major order: row e / cols, column e % cols.
//
// The register counts are the ones nvcc and clang emit (for example 8
// .f16x2 registers for an .f16 A or B of m16n16k16, 8 .f32 for its C and
// D); where they hold more elements than the matrix has (.f16 A and B),
// the upper lanes repeat the lower ones, every element held twice. The
// layout does not depend on .row or .col, which only say how the matrix
// lies in memory for load and store: element (r, c) is at element offset
// r*stride + c (.row) or c*stride + r (.col) from the address, the stride
// defaulting to the matrix's width (.row) or height (.col).
//
// wmma.mma computes as mma.go describes (products exact, f32 sums in k
// order rounded to nearest; integers exact, .satfinite clamps; .f64 fma
// chains with its rounding mode).

package sim

import (
	"fmt"
	"strings"

	"github.com/ptxplay/ptxplay/core/check"
)

func init() {
	lowerers["wmma.load"] = lowerWmmaLoadStore
	lowerers["wmma.store"] = lowerWmmaLoadStore
	lowerers["wmma.mma"] = lowerWmmaMMA
}

// wmmaDims returns the rows and columns of matrix which ('a', 'b', 'c'
// or 'd') of shape m x n x k.
func wmmaDims(which byte, m, n, k int) (int, int) {
	switch which {
	case 'a':
		return m, k
	case 'b':
		return k, n
	}
	return m, n
}

// wmmaFrag is our layout of a wmma fragment (see the file comment).
func wmmaFrag(name string, rows, cols int, kind ekind) *fragSpec {
	per := elemsPerReg(kind)
	size := rows * cols
	regs := size / (32 * per)
	if kind == ekF16 && (name == "A" || name == "B") {
		regs = 8 // as nvcc emits: every .f16 A and B fragment has 8 .f16x2 registers
	}
	epl := regs * per
	s := &fragSpec{name: name, rows: rows, cols: cols, groups: 1, regs: regs, per: per, kind: kind}
	s.at = func(lane, i int) (int, int, int) {
		e := (lane*epl + i) % size
		return 0, e / cols, e % cols
	}
	return s.build()
}

// wmmaShapeOK lists the shape and A/B type pairs the ISA gives wmma.
func wmmaShapeOK(m, n, k int, ab ekind) bool {
	shape := fmt.Sprintf("m%dn%dk%d", m, n, k)
	switch ab {
	case ekF16, ekBF16, ekS8, ekU8:
		return shape == "m16n16k16" || shape == "m32n8k16" || shape == "m8n32k16"
	case ekTF32:
		return shape == "m16n16k8"
	case ekF64:
		return shape == "m8n8k4"
	case ekS4, ekU4:
		return shape == "m8n8k32"
	case ekB1:
		return shape == "m8n8k128"
	}
	return false
}

// matrixOf is the matrix a wmma.load or wmma.store moves: 'a', 'b',
// 'c' or 'd'.
func matrixOf(in *check.Inst) byte {
	for _, md := range in.Src.Mods {
		switch md.Name {
		case ".a", ".b", ".c", ".d":
			return md.Name[1]
		}
	}
	return 0
}

type wmmaMem struct {
	f      *fragSpec
	row    bool
	stride int32 // slot of the stride operand, -1: default
	store  bool
}

func lowerWmmaLoadStore(l *lowering, in *check.Inst, o *op) error {
	mm, err := readMMAMods(in)
	if err != nil {
		return err
	}
	which := matrixOf(in)
	if len(mm.types) != 1 || len(mm.layouts) != 1 || which == 0 {
		return fmt.Errorf("%s: expected .a/.b/.c/.d, a layout and one type", in.Entry.Name)
	}
	kind := ekinds[mm.types[0]]
	rows, cols := wmmaDims(which, mm.m, mm.n, mm.k)
	if which == 'a' || which == 'b' {
		if !wmmaShapeOK(mm.m, mm.n, mm.k, kind) {
			return fmt.Errorf("%s: .m%dn%dk%d has no .%s form", in.Entry.Name, mm.m, mm.n, mm.k, kind)
		}
	}
	name := strings.ToUpper(string(which))
	w := &wmmaMem{f: wmmaFrag(name, rows, cols, kind), row: mm.layouts[0] == ".row", stride: -1, store: in.Entry.Name == "wmma.store"}
	fi := 0
	if w.store {
		fi = 1
	}
	if err := checkFrag(in.Entry.Name, w.f, in.Args[fi]); err != nil {
		return err
	}
	if len(in.Args) == 3 {
		w.stride = o.s[len(o.s)-1]
	}
	o.space = spaceOf(l, in, o)
	o.flags |= flagMem
	o.exec = func(m *Machine, wp *warp, o *op) { w.exec(m, wp, o) }
	return nil
}

func (wm *wmmaMem) exec(m *Machine, w *warp, o *op) {
	name := "wmma.load"
	if wm.store {
		name = "wmma.store"
	}
	if !requireWarp(m, w, o, name) {
		return
	}
	f := wm.f
	b := f.kind.bits()
	n := f.slots()
	vals := make([]uint64, f.size())
	if wm.store {
		vals = gatherBits(w, f, o.s[:f.regs])
	}
	done := make([]bool, f.size())
	for lane := 0; lane < 32; lane++ {
		base := m.addr(w, o, lane)
		stride := uint64(f.cols)
		if !wm.row {
			stride = uint64(f.rows)
		}
		if wm.stride >= 0 {
			stride = uint64(uint32(w.reg(wm.stride)[lane]))
		}
		for i := 0; i < n; i++ {
			e := f.idx[lane*n+i]
			if wm.store && done[e] {
				continue // each element is stored once, by its first holder
			}
			done[e] = true
			r, c := uint64(int(e)/f.cols), uint64(int(e)%f.cols)
			off := r*stride + c
			if !wm.row {
				off = c*stride + r
			}
			bit := off * uint64(b)
			size := max(1, b/8)
			buf := m.access(w, o, lane, o.space, base+bit/8, size, wm.store)
			if buf == nil {
				return
			}
			switch {
			case wm.store && b < 8:
				sh := bit % 8
				mask := byte(widthMask(uint8(b))) << sh
				buf[0] = buf[0]&^mask | byte(vals[e]<<sh)&mask
			case wm.store:
				store(buf, vals[e])
			case b < 8:
				vals[e] = uint64(buf[0]>>(bit%8)) & widthMask(uint8(b))
			default:
				vals[e] = load(buf)
			}
		}
	}
	if m.record {
		names := regNames(o.inst.Args[map[bool]int{true: 1, false: 0}[wm.store]])
		m.noteMatrices(w, o, fmt.Sprintf("%s.%s", name, strings.ToLower(f.name)), []fragSrc{{f: f, vals: vals, names: names}})
	}
	if !wm.store {
		scatter(w, f, o.d, vals)
	}
}

func lowerWmmaMMA(l *lowering, in *check.Inst, o *op) error {
	mm, err := readMMAMods(in)
	if err != nil {
		return err
	}
	var dt, at, bt, ct ekind
	switch len(mm.types) {
	case 2: // .f16 A and B: .dtype.ctype
		dt, ct, at, bt = ekinds[mm.types[0]], ekinds[mm.types[1]], ekF16, ekF16
	case 4:
		dt, at, bt, ct = ekinds[mm.types[0]], ekinds[mm.types[1]], ekinds[mm.types[2]], ekinds[mm.types[3]]
	default:
		return fmt.Errorf("wmma.mma: expected .dtype.ctype or .dtype.atype.btype.ctype")
	}
	if !wmmaShapeOK(mm.m, mm.n, mm.k, at) {
		return fmt.Errorf("wmma.mma: .m%dn%dk%d has no .%s form", mm.m, mm.n, mm.k, at)
	}
	d := &mmaDesc{op: "wmma.mma", m: mm.m, n: mm.n, k: mm.k, satfinite: mm.satfinite, xor: mm.xor, rnd: mm.rnd,
		a: wmmaFrag("A", mm.m, mm.k, at), b: wmmaFrag("B", mm.k, mm.n, bt),
		c: wmmaFrag("C", mm.m, mm.n, ct), d: wmmaFrag("D", mm.m, mm.n, dt)}
	switch {
	case at == ekF64:
		d.mode = mmaF64
	case at == ekB1:
		d.mode = mmaB1
	case at.isInt():
		d.mode = mmaInt
	default:
		d.mode = mmaFloat
	}
	return d.lower(l, in, o)
}
