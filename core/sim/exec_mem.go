// exec_mem.go: ld, ldu, st, atom, red, cvta, isspacep.

package sim

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"

	"github.com/ptxplay/ptxplay/core/check"
)

func init() {
	lowerers["ld"] = lowerLoad
	lowerers["ldu"] = lowerLoad
	lowerers["st"] = lowerStore
	lowerers["atom"] = lowerAtom
	lowerers["red"] = lowerAtom
	lowerers["cvta"] = lowerCvta
	lowerers["isspacep"] = lowerIsspacep
}

// spaceOf reads the state-space modifier; an address through a variable
// already fixed o.space. A .param address in a register is a kernel
// parameter's in a kernel and the function's own parameter in a .func
// (mov gives an input parameter's address, ISA 5.1.6: clang at -O0 reads
// a by-value struct through it with ld.param), unless ::entry or ::func
// says which.
func spaceOf(l *lowering, in *check.Inst, o *op) space {
	for _, m := range in.Src.Mods {
		switch m.Name {
		case ".global":
			return spaceGlobal
		case ".shared", ".shared::cta":
			return spaceShared
		case ".shared::cluster":
			return spaceSharedCluster
		case ".local":
			return spaceLocal
		case ".const":
			return spaceConst
		case ".param", ".param::entry", ".param::func":
			if o.space == spaceFrameParam || o.space == spaceParam {
				return o.space
			}
			if o.base >= 0 && o.space == spaceGeneric {
				if m.Name == ".param::func" || (m.Name == ".param" && !l.f.entry) {
					return spaceFrameParam
				}
				return spaceParam
			}
			return o.space
		}
	}
	return genericVar(o)
}

// genericVar turns the address of a variable named in an instruction
// without a state space ("ld.b32 r, [sh+4]", sh a .shared variable) into
// the variable's generic address: ISA 3.1 §8.7.8.8, ld: "If no state space
// is given, perform the load using generic addressing", with "[var] the
// name of an addressable variable" read as "d = a; // named variable a".
// mov gives the address in the variable's own space (§6.4.1) and cvta the
// generic one; a generic access goes where cvta's address points. A .func
// parameter has no generic window: the access reads the parameter.
func genericVar(o *op) space {
	switch o.space {
	case spaceShared:
		o.off += sharedWindow
	case spaceConst:
		o.off += constWindow
	case spaceLocal:
		o.off += localWindow // base: the frame's local base
	case spaceParam:
		o.off += paramWindow
	case spaceFrameParam:
		return spaceFrameParam
	}
	o.space = spaceGeneric // global addresses are generic ones
	return spaceGeneric
}

// regBits returns the width of the register an operand names (for
// relaxed loads that sign-extend into a wider register).
func regBits(a check.Arg) int {
	if a.Kind == check.ArgReg && a.Reg != nil {
		return a.Reg.Type.Bits
	}
	if a.Kind == check.ArgVec && len(a.Elems) > 0 {
		return regBits(a.Elems[0])
	}
	return 0
}

func lowerLoad(l *lowering, in *check.Inst, o *op) error {
	o.space = spaceOf(l, in, o)
	o.size = uint8(max(1, int(o.typ.bits)/8))
	o.signed = o.typ.signed
	rb := regBits(in.Args[0])
	if rb == 0 {
		rb = int(o.typ.bits)
	}
	o.aux = widthMask(uint8(rb))
	if o.pd >= 0 { // ld of a .pred? not legal PTX, refuse cleanly
		return fmt.Errorf("ld into a predicate is not supported")
	}
	o.flags |= flagMem
	o.exec = execLoad
	return nil
}

func (m *Machine) addr(w *warp, o *op, lane int) uint64 {
	if o.base < 0 {
		return uint64(o.off)
	}
	return w.reg(o.base)[lane] + uint64(o.off)
}

func execLoad(m *Machine, w *warp, o *op) {
	n := int(o.size)
	if o.space == spaceParam && o.base < 0 && o.d1 >= 0 && w.mask == fullMask && (n == 8 || n == 4 && !o.signed) && !m.record { // (the sanitizers watch no parameter)
		// A kernel parameter by name into one register of a full warp
		// (vector add's four loads a warp), 8 or 4 bytes read as the
		// path below reads them when aligned and in bounds, with fewer
		// tests; the rest (a fault included) below.
		p, x := m.params, uint64(o.off)
		if x&uint64(n-1) == 0 && x < uint64(len(p)) && uint64(len(p))-x >= uint64(n) {
			var v uint64
			if b := p[x : x+uint64(n)]; n == 8 {
				v = binary.LittleEndian.Uint64(b)
			} else {
				v = uint64(binary.LittleEndian.Uint32(b))
			}
			if d := w.reg(o.d1); useAVX2 { // fastmem_amd64.go
				fillLanesAVX2(d, v)
			} else {
				fillLanes(d, v)
			}
			return
		}
	}
	if o.base < 0 && !m.record && (m.san == nil || !m.san.mem || o.space == spaceConst || o.space == spaceParam) && o.space >= spaceGlobal && o.space <= spaceParam && o.space != spaceLocal {
		// (The sanitizers watch no constant or parameter, and take the
		// lanes of a shared or global access one by one.)
		// One address for every lane (a parameter, a variable): one access,
		// checked for the first active lane as the lane loop would (a
		// kernel parameter's in bounds and aligned without the call).
		var b []byte
		if o.space == spaceParam {
			b = m.paramBytes(uint64(o.off), n*len(o.d))
		}
		if b == nil {
			if b = m.access(w, o, firstLane(w.mask), o.space, uint64(o.off), n*len(o.d), false); b == nil {
				return
			}
		}
		for k := range o.d {
			v := load(b[k*n : k*n+n])
			if o.signed && n < 8 {
				sh := 64 - 8*uint(n)
				v = uint64(int64(v<<sh)>>sh) & o.aux
			}
			d := dst(w, o, k)
			if w.mask == ^uint32(0) {
				if useAVX2 {
					fillLanesAVX2(d, v)
				} else {
					fillLanes(d, v) // fastmem_lanes.go
				}
				continue
			}
			for mk := w.mask; mk != 0; mk &= mk - 1 {
				d[bits.TrailingZeros32(mk)&31] = v
			}
		}
		return
	}
	if n == 4 && len(o.d) == 1 && !o.signed {
		var b *[128]byte
		switch o.space {
		case spaceShared:
			b = m.sharedSeq4(w, o)
		case spaceGlobal:
			b = m.globalSeq4(w, o, false)
		}
		if b != nil { // as loadSpan would
			if d := dst(w, o, 0); useAVX2 { // fastmem_amd64.go
				loadSeq4AVX2(d, b)
			} else {
				loadSeq4(d, b)
			}
			return
		}
	}
	if b, lo, st := m.warpSpan(w, o, n*len(o.d), false); b != nil {
		loadSpan(w, o, b, lo, st)
		return
	}
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		a := m.addr(w, o, i)
		b := m.access(w, o, i, o.space, a, n*len(o.d), false)
		if b == nil {
			return
		}
		for k := range o.d {
			v := load(b[k*n : k*n+n])
			if o.signed && n < 8 {
				sh := 64 - 8*uint(n)
				v = uint64(int64(v<<sh)>>sh) & o.aux
			}
			dst(w, o, k)[i] = v
		}
	}
}

func lowerStore(l *lowering, in *check.Inst, o *op) error {
	o.space = spaceOf(l, in, o)
	o.size = uint8(max(1, int(o.typ.bits)/8))
	o.flags |= flagMem
	o.exec = execStore
	return nil
}

func execStore(m *Machine, w *warp, o *op) {
	n := int(o.size)
	if n == 4 && len(o.s) == 1 {
		var b *[128]byte
		switch o.space {
		case spaceShared:
			b = m.sharedSeq4(w, o)
		case spaceGlobal:
			b = m.globalSeq4(w, o, true)
		}
		if b != nil { // as storeSpan would
			if v := src(w, o, 0); useAVX2 {
				storeSeq4AVX2(b, v)
			} else {
				storeSeq4(b, v)
			}
			return
		}
	}
	if b, lo, st := m.warpSpan(w, o, n*len(o.s), true); b != nil {
		storeSpan(w, o, b, lo, st)
		return
	}
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		a := m.addr(w, o, i)
		b := m.access(w, o, i, o.space, a, n*len(o.s), true)
		if b == nil {
			return
		}
		for k := range o.s {
			store(b[k*n:k*n+n], src(w, o, k)[i])
		}
	}
}

// Atomic operations, applied lane by lane in lane order (deterministic).
const (
	atomAdd = iota
	atomMin
	atomMax
	atomInc
	atomDec
	atomAnd
	atomOr
	atomXor
	atomExch
	atomCas
)

var atomOps = map[string]uint8{".add": atomAdd, ".min": atomMin, ".max": atomMax, ".inc": atomInc, ".dec": atomDec,
	".and": atomAnd, ".or": atomOr, ".xor": atomXor, ".exch": atomExch, ".cas": atomCas}

func lowerAtom(l *lowering, in *check.Inst, o *op) error {
	if ok, err := lowerAtomWide(l, in, o); ok { // exec_atomwide.go
		return err
	}
	o.space = spaceOf(l, in, o)
	found := false
	for _, md := range in.Src.Mods {
		if k, ok := atomOps[md.Name]; ok {
			o.mode, found = k, true
		}
	}
	if !found {
		return fmt.Errorf("%s: missing operation", in.Entry.Name)
	}
	if len(o.s) > 0 && in.Entry.Name == "atom" && len(o.d) == 0 {
		return fmt.Errorf("atom needs a destination")
	}
	t := o.typ
	if t.bits != 32 && t.bits != 64 {
		return fmt.Errorf("%s%s is not simulated yet", in.Entry.Name, joinMods(in))
	}
	if t.float && o.mode != atomAdd && o.mode != atomExch && o.mode != atomMin && o.mode != atomMax {
		return fmt.Errorf("%s%s: invalid float atomic", in.Entry.Name, joinMods(in))
	}
	if t.name == ".f16x2" || t.name == ".bf16x2" {
		return fmt.Errorf("%s%s is not simulated yet", in.Entry.Name, joinMods(in))
	}
	o.size = t.bits / 8
	o.flags |= flagMem
	o.exec = execAtom
	return nil
}

func execAtom(m *Machine, w *warp, o *op) {
	n := int(o.size)
	addF32 := o.mode == atomAdd && o.typ.float && o.typ.bits == 32
	if b, lo, _ := m.warpSpan(w, o, n, true); b != nil {
		a, off := w.reg(o.base), uint64(o.off)-lo
		v := src(w, o, 0)
		c := v
		if len(o.s) > 1 {
			c = src(w, o, 1)
		}
		d := dst(w, o, 0)
		// one span: every lane's address is in the same state space
		shared := addF32 && sharedTarget(o.space, a[bits.TrailingZeros32(w.mask)]+uint64(o.off))
		for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
			if mk&1 != 0 {
				p := b[a[i]+off:][:n]
				old := load(p)
				store(p, atomApply(o, old, v[i], c[i], shared))
				d[i] = old
			}
		}
		return
	}
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 == 0 {
			continue
		}
		addr := m.addr(w, o, i)
		b := m.access(w, o, i, o.space, addr, n, true)
		if b == nil {
			return
		}
		old := load(b)
		v := src(w, o, 0)[i]
		var c uint64
		if len(o.s) > 1 {
			c = src(w, o, 1)[i]
		}
		store(b, atomApply(o, old, v, c, addF32 && sharedTarget(o.space, addr)))
		if len(o.d) > 0 {
			dst(w, o, 0)[i] = old
		}
	}
}

// sharedTarget reports whether an access of space sp at addr lands in
// shared memory (this CTA's or, shared::cluster, another's).
func sharedTarget(sp space, addr uint64) bool {
	switch sp {
	case spaceShared, spaceSharedCluster:
		return true
	case spaceGeneric:
		return addr >= sharedWindow && addr < sharedWindow+windowSize
	}
	return false
}

// addF32 is atom/red .add.f32: IEEE single addition rounded to nearest,
// a NaN result the canonical 0x7fffffff. The ISA's "atom.add.f32 ...
// flushes subnormal inputs and results to sign-preserving zero" holds for
// global memory; on shared memory (shared::cta, shared::cluster, a generic
// address there) an H200 keeps them (testdata/gpu/atom_add_f32,
// dsmem_atom_f32).
func addF32(old, v uint64, shared bool) uint64 {
	a, b := uint32(old), uint32(v)
	if !shared {
		a, b = ftzBits32(a), ftzBits32(b)
	}
	r := math.Float32bits(math.Float32frombits(a) + math.Float32frombits(b))
	if !shared {
		r = ftzBits32(r)
	}
	if r&0x7fffffff > 0x7f800000 {
		return 0x7fffffff
	}
	return uint64(r)
}

// atomApply computes the new memory value (PTX ISA 3.1 §8.7.10.3 atom);
// shared: the location is in shared memory (addF32).
func atomApply(o *op, old, v, c uint64, shared bool) uint64 {
	t := o.typ
	k := widthMask(t.bits)
	sx := func(x uint64) int64 {
		if t.bits == 32 {
			return int64(int32(x))
		}
		return int64(x)
	}
	switch o.mode {
	case atomAdd:
		if t.float {
			if t.bits == 32 {
				return addF32(old, v, shared)
			}
			return math.Float64bits(math.Float64frombits(old) + math.Float64frombits(v))
		}
		return (old + v) & k
	case atomMin, atomMax:
		less := old < v
		switch {
		case t.float && t.bits == 32:
			less = math.Float32frombits(uint32(old)) < math.Float32frombits(uint32(v))
		case t.float:
			less = math.Float64frombits(old) < math.Float64frombits(v)
		case t.signed:
			less = sx(old) < sx(v)
		}
		if (o.mode == atomMin) == less {
			return old
		}
		return v
	case atomInc:
		if old >= v {
			return 0
		}
		return (old + 1) & k
	case atomDec:
		if old == 0 || old > v {
			return v
		}
		return old - 1
	case atomAnd:
		return old & v
	case atomOr:
		return old | v
	case atomXor:
		return old ^ v
	case atomExch:
		return v
	case atomCas:
		if old == v {
			return c
		}
		return old
	}
	return old
}

func ftzBits32(b uint32) uint32 {
	if b&0x7f800000 == 0 {
		return b & 0x80000000
	}
	if b&0x7fffffff > 0x7f800000 {
		return 0x7fffffff // canonical NaN
	}
	return b
}

// windowOf is the generic window base of a space.
func windowOf(s space) uint64 {
	switch s {
	case spaceShared, spaceSharedCluster:
		return sharedWindow
	case spaceLocal:
		return localWindow
	case spaceConst:
		return constWindow
	case spaceParam:
		return paramWindow
	}
	return 0
}

// cvta{.to}.space.size d, a: between a space's addresses and generic ones.
func lowerCvta(l *lowering, in *check.Inst, o *op) error {
	sp := spaceOf(l, in, &op{base: -1})
	if hasMod(in, ".param", ".param::entry") != "" {
		sp = spaceParam // a kernel parameter's address (__grid_constant__: a TMA tensor map)
	}
	to := in.Match.Has(".to")
	base := windowOf(sp)
	k := widthMask(o.typ.bits)
	if to && sp == spaceShared {
		// A generic address of the CTA's own memory through its
		// shared::cluster alias (mapa of its own rank) is the same
		// shared::cta address as the plain one (cluster.go).
		o.exec = func(m *Machine, w *warp, o *op) {
			own := clusterAddr(w.cta.rank, 0)
			map1(w, o, func(a uint64) uint64 {
				x := (a - base) & k
				if x >= own && x < own+ClusterSlot {
					x -= own
				}
				return x
			})
		}
	} else {
		o.off, o.aux, o.exec = int64(base), k, execCvta
		if to {
			o.off = -int64(base)
		}
	}
	return nil
}

// execCvta (exec_lanes.go): d = (a + off) & k, off the space's window base
// (negated for cvta.to).

// isspacep.space p, a: whether a generic address lies in the space.
func lowerIsspacep(l *lowering, in *check.Inst, o *op) error {
	sp := spaceOf(l, in, &op{base: -1})
	o.exec = func(m *Machine, w *warp, o *op) {
		a := src(w, o, 0)
		var r uint32
		for i := 0; i < 32; i++ {
			x := a[i]
			in := false
			switch sp {
			case spaceGlobal:
				in = x >= globalBase && x < globalLimit
			case spaceShared: // shared::cta: the CTA's own window, or its alias in the cluster's
				own := sharedWindow + clusterAddr(w.cta.rank, 0)
				in = x >= sharedWindow && x < sharedWindow+ClusterSlot || x >= own && x < own+ClusterSlot
			case spaceSharedCluster:
				in = x >= sharedWindow && x < sharedWindow+clusterAddr(m.cl.size, 0)
			default:
				b := windowOf(sp)
				in = x >= b && x < b+windowSize
			}
			if in {
				r |= 1 << i
			}
		}
		setPred(w, o.pd, r)
	}
	return nil
}
