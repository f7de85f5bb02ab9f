// ldmatrix.go: ldmatrix, stmatrix and movmatrix (PTX ISA §9.7.15.5.15-17),
// the warp-collective moves of 8x8 matrices of 16-bit elements between
// shared memory and the mma fragment layout.
//
// With .x1, .x2 or .x4, lanes 8q..8q+7 give the addresses of rows 0..7 of
// matrix q (16 bytes each, 16-byte aligned); matrix q lands in (or comes
// from) fragment register q, where lane l holds row l/4, columns 2*(l%4)
// and 2*(l%4)+1 (low half first). .trans moves the transpose instead.

package sim

import (
	"encoding/binary"
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
)

func init() {
	lowerers["ldmatrix"] = lowerLdStMatrix
	lowerers["stmatrix"] = lowerLdStMatrix
	lowerers["movmatrix"] = lowerMovmatrix
}

func lowerLdStMatrix(l *lowering, in *check.Inst, o *op) error {
	name := in.Entry.Name
	if hasMod(in, ".m8n8") == "" || hasMod(in, ".b16") == "" {
		return fmt.Errorf("%s: only the .m8n8 .b16 forms are simulated (the sm_100 .b8 forms are not)", name)
	}
	n := 0
	switch {
	case hasMod(in, ".x1") != "":
		n = 1
	case hasMod(in, ".x2") != "":
		n = 2
	case hasMod(in, ".x4") != "":
		n = 4
	}
	trans := hasMod(in, ".trans") != ""
	o.space = spaceOf(l, in, o)
	o.flags |= flagMem
	fi := 0
	if name == "stmatrix" {
		fi = 1
	}
	if got := len(fragArgs(in.Args[fi])); got != n {
		return invalid("%s.x%d moves %d matrices: it takes %d registers, got %d", name, n, n, n, got)
	}
	if err := checkFrag(name, &fragSpec{name: "matrix", rows: 8, cols: 8, regs: n, kind: ekB16}, in.Args[fi]); err != nil {
		return err
	}
	if l.p.rowOps == nil {
		l.p.rowOps = map[*check.Inst]int{}
	}
	l.p.rowOps[in] = n
	if name == "ldmatrix" {
		o.exec = func(m *Machine, w *warp, o *op) { execLdmatrix(m, w, o, n, trans) }
	} else {
		o.exec = func(m *Machine, w *warp, o *op) { execStmatrix(m, w, o, n, trans) }
	}
	return nil
}

// rowAddr returns the row address lane gives, faulting (naming the lane,
// the matrix and the row) when it is not 16-byte aligned.
func rowAddr(m *Machine, w *warp, o *op, name string, lane int) (uint64, bool) {
	a := m.addr(w, o, lane)
	if a%16 != 0 {
		m.raise(w, o, lane, fmt.Sprintf("%s: lane %d gives the address of row %d of matrix %d, 0x%x, which is not 16-byte aligned (a row is 8 .b16 elements, 16 bytes)", name, lane, lane%8, lane/8, a))
		return 0, false
	}
	return a, true
}

func transpose8(v []uint64) []uint64 {
	t := make([]uint64, 64)
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			t[c*8+r] = v[r*8+c]
		}
	}
	return t
}

func execLdmatrix(m *Machine, w *warp, o *op, n int, trans bool) {
	if !requireWarp(m, w, o, "ldmatrix") {
		return
	}
	var buf [4][64]uint64
	var mbuf [4][]uint64
	mats := mbuf[:n]
	for q := 0; q < n; q++ {
		mats[q] = buf[q][:]
		for r := 0; r < 8; r++ {
			lane := q*8 + r
			a, ok := rowAddr(m, w, o, "ldmatrix", lane)
			if !ok {
				return
			}
			b := m.access(w, o, lane, o.space, a, 16, false)
			if b == nil {
				return
			}
			for c := 0; c < 8; c++ {
				mats[q][r*8+c] = uint64(binary.LittleEndian.Uint16(b[2*c:]))
			}
		}
		if trans {
			mats[q] = transpose8(mats[q])
		}
	}
	if m.record {
		names := regNames(o.inst.Args[0])
		var srcs []fragSrc
		for q := range mats {
			srcs = append(srcs, fragSrc{f: matrixFrag, vals: append([]uint64(nil), mats[q]...), names: names[q : q+1], name: fmt.Sprintf("matrix %d", q)})
		}
		m.noteMatrices(w, o, o.inst.Entry.Name+fmt.Sprintf(".x%d", n)+map[bool]string{true: ".trans", false: ""}[trans], srcs)
	}
	for q := range mats {
		scatter(w, matrixFrag, o.d[q:q+1], mats[q])
	}
}

func execStmatrix(m *Machine, w *warp, o *op, n int, trans bool) {
	if !requireWarp(m, w, o, "stmatrix") {
		return
	}
	mats := make([][]uint64, n)
	for q := 0; q < n; q++ {
		mats[q] = gatherBits(w, matrixFrag, o.s[q:q+1])
		if trans {
			mats[q] = transpose8(mats[q])
		}
	}
	if m.record {
		names := regNames(o.inst.Args[1])
		var srcs []fragSrc
		for q := range mats {
			srcs = append(srcs, fragSrc{f: matrixFrag, vals: gatherBits(w, matrixFrag, o.s[q:q+1]), names: names[q : q+1], name: fmt.Sprintf("matrix %d", q)})
		}
		m.noteMatrices(w, o, fmt.Sprintf("stmatrix.x%d", n)+map[bool]string{true: ".trans", false: ""}[trans], srcs)
	}
	for q := 0; q < n; q++ {
		for r := 0; r < 8; r++ {
			lane := q*8 + r
			a, ok := rowAddr(m, w, o, "stmatrix", lane)
			if !ok {
				return
			}
			b := m.access(w, o, lane, o.space, a, 16, true)
			if b == nil {
				return
			}
			for c := 0; c < 8; c++ {
				binary.LittleEndian.PutUint16(b[2*c:], uint16(mats[q][r*8+c]))
			}
		}
	}
}

// movmatrix.sync.aligned.m8n8.trans.b16 d, a: the fragment of the
// transpose of the matrix whose fragment a is.
func lowerMovmatrix(l *lowering, in *check.Inst, o *op) error {
	o.exec = func(m *Machine, w *warp, o *op) {
		if !requireWarp(m, w, o, "movmatrix") {
			return
		}
		src := gatherBits(w, matrixFrag, o.s[:1])
		t := transpose8(src)
		if m.record {
			m.noteMatrices(w, o, "movmatrix.trans", []fragSrc{
				{f: matrixFrag, vals: src, names: regNames(o.inst.Args[1]), name: "A"},
				{f: matrixFrag, vals: t, names: regNames(o.inst.Args[0]), name: "D = A^T"},
			})
		}
		scatter(w, matrixFrag, o.d[:1], t)
	}
	return nil
}
