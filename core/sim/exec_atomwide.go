// exec_atomwide.go: the atom and red forms beyond 32- and 64-bit scalars
// (PTX ISA 9.7.14.5-6): .add.noftz on .f16, .bf16, .f16x2 and .bf16x2,
// cas.b16, and the vector forms (.v2/.v4/.v8 of .f32, .f16, .bf16,
// .f16x2, .bf16x2) that update consecutive elements with one access.

package sim

import (
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/fp"
)

// lowerAtomWide takes the forms above; it reports false for the others,
// which lowerAtom handles.
func lowerAtomWide(l *lowering, in *check.Inst, o *op) (bool, error) {
	t := o.typ.name
	vec := in.Match.Get("vec")
	half := t == ".f16" || t == ".bf16" || t == ".f16x2" || t == ".bf16x2"
	cas16 := in.Match.Has(".cas") && t == ".b16"
	if !half && !cas16 && vec == "" {
		return false, nil
	}
	mode := uint8(255)
	for _, md := range in.Src.Mods {
		if k, ok := atomOps[md.Name]; ok {
			mode = k
		}
	}
	n := 1
	switch vec {
	case ".v2":
		n = 2
	case ".v4":
		n = 4
	case ".v8":
		n = 8
	}
	name := in.Entry.Name + joinMods(in)
	if in.Entry.Name == "atom" && len(o.d) != n {
		return true, fmt.Errorf("%s: expected %d destinations", name, n)
	}
	need := n
	if cas16 {
		need = 2
	}
	if len(o.s) < need {
		return true, fmt.Errorf("%s: expected %d sources", name, need)
	}
	var es int
	var f func(old, v, c uint64) uint64
	switch {
	case cas16:
		es = 2
		f = func(old, v, c uint64) uint64 {
			if old == v&0xFFFF {
				return c & 0xFFFF
			}
			return old
		}
	case t == ".f32" && mode == atomAdd:
		es = 4
		f = func(old, v, c uint64) uint64 { return addF32(old, v, false) } // vector atoms are global only
	case half:
		one := halfOp(t, mode)
		if one == nil {
			return true, unsupported(in)
		}
		if t == ".f16x2" || t == ".bf16x2" {
			es = 4
			f = func(old, v, c uint64) uint64 {
				return one(old>>16&0xFFFF, v>>16&0xFFFF)<<16 | one(old&0xFFFF, v&0xFFFF)
			}
		} else {
			es = 2
			f = func(old, v, c uint64) uint64 { return one(old&0xFFFF, v&0xFFFF) }
		}
	default:
		return true, unsupported(in)
	}
	o.space = spaceOf(l, in, o)
	o.size = uint8(es)
	o.flags |= flagMem
	o.exec = func(m *Machine, w *warp, o *op) { execAtomWide(m, w, o, es, n, cas16, f) }
	return true, nil
}

// halfOp is the operation on one .f16 or .bf16 element: add (.noftz:
// subnormals kept, rounded to nearest even), min or max.
func halfOp(t string, mode uint8) func(a, b uint64) uint64 {
	bf := t == ".bf16" || t == ".bf16x2"
	switch mode {
	case atomAdd:
		if bf {
			return func(a, b uint64) uint64 { return uint64(fp.AddBF16(uint16(a), uint16(b))) }
		}
		return func(a, b uint64) uint64 { return uint64(fp.AddF16(uint16(a), uint16(b), false, false)) }
	case atomMin:
		if bf {
			return func(a, b uint64) uint64 { return uint64(fp.MinBF16(uint16(a), uint16(b), false, false)) }
		}
		return func(a, b uint64) uint64 { return uint64(fp.MinF16(uint16(a), uint16(b), false, false, false)) }
	case atomMax:
		if bf {
			return func(a, b uint64) uint64 { return uint64(fp.MaxBF16(uint16(a), uint16(b), false, false)) }
		}
		return func(a, b uint64) uint64 { return uint64(fp.MaxF16(uint16(a), uint16(b), false, false, false)) }
	}
	return nil
}

// execAtomWide updates n consecutive elements of es bytes for each active
// lane, in lane order, with one access of the whole vector (aligned to
// its size); atom's destinations get the old elements.
func execAtomWide(m *Machine, w *warp, o *op, es, n int, cas bool, f func(old, v, c uint64) uint64) {
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		b := m.access(w, o, i, o.space, m.addr(w, o, i), es*n, true)
		if b == nil {
			return
		}
		for k := 0; k < n; k++ {
			part := b[k*es : (k+1)*es]
			old := load(part)
			var c uint64
			if cas {
				c = src(w, o, 1)[i]
			}
			store(part, f(old, src(w, o, k)[i], c))
			if k < len(o.d) {
				dst(w, o, k)[i] = old
			}
		}
	}
}
