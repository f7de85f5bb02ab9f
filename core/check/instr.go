// instr.go: checking one instruction against the isa table.

package check

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ptxplay/ptxplay/core/isa"
	"github.com/ptxplay/ptxplay/core/ptx"
)

func (c *checker) instr(s *scope, st *ptx.Instr) *Inst {
	mods := make([]string, len(st.Mods))
	for i, m := range st.Mods {
		mods[i] = m.Name
	}
	e, rest := isa.Lookup(st.Op, mods)
	if e != nil && len(e.MatchAll(rest)) == 0 {
		e, rest = isa.Resolve(st.Op, mods) // shfl.bfly.sync.b32
	}
	if e == nil {
		c.errorf(st.OpPos, "unknown instruction %q", st.Op)
		return nil
	}
	// Forms that take the same modifiers may differ in their operands
	// (mov.b64 {lo,hi}, d versus d, {lo,hi}): prefer one whose operand
	// count fits, then one whose operand shapes fit.
	// Among those, prefer one the module's version and target take (a
	// legacy form and its modern twin: mad.f32 before PTX ISA 3.2 or on
	// sm_1x).
	p := c.prog
	var m *isa.Match
	all := e.MatchAll(rest)
	best := 0
	for _, cand := range all {
		if !cand.Form.AcceptsCount(len(st.Args)) {
			continue
		}
		score := 1
		if shapesFit(s, cand.Form, st.Args) && predsFit(s, cand.Form, st.Args) {
			score += 2
		}
		if cand.Form.GatesOK(p.Version, p.SM) {
			score++
		}
		if score > best {
			m, best = cand, score
		}
	}
	if m == nil && len(all) > 0 {
		m = all[0]
	}
	if m == nil {
		for _, md := range rest {
			if !e.Knows(md) && !isa.IsType(md) {
				at := st.OpPos
				for _, sm := range st.Mods {
					if sm.Name == md {
						at = sm.At
					}
				}
				c.errorf(at, "unknown modifier %q for %s", md, e.Name)
				return nil
			}
		}
		c.errorf(st.OpPos, "invalid modifiers for %s: %s", e.Name, e.Explain(rest))
		return nil
	}
	if f := m.Form; f.MaxPTX > 0 && p.Version >= f.MaxPTX || f.MaxSM > 0 && p.SM >= f.MaxSM {
		c.errorf(st.OpPos, "%s", legacyMsg(st, f, p))
	}
	if r := e.Removed; r.Applies(p.Version, p.SM) {
		// ptxas: "Instruction 'vote' without '.sync' is not supported on
		// .target sm_70 and higher from PTX ISA version 6.4".
		c.errorf(st.OpPos, "%s is not supported on .target sm_%d and higher from PTX ISA version %s (module has .version %s, .target sm_%d); write %s",
			written(st), r.SM, r.PTX, p.Version, p.SM, r.Use)
	}
	if e.Rule != nil {
		if why := e.Rule(m); why != "" {
			c.errorf(st.OpPos, "invalid modifiers for %s: %s", e.Name, why)
		}
	}
	if m.Form.PTX > 0 && p.Version > 0 && p.Version < m.Form.PTX {
		c.errorf(st.OpPos, "%s requires .version %s or later (module has .version %s)", fullName(st), m.Form.PTX, p.Version)
	}
	if m.Form.SM > 0 && p.SM > 0 && p.SM < m.Form.SM {
		c.errorf(st.OpPos, "%s requires sm_%d or later (target is sm_%d)", fullName(st), m.Form.SM, p.SM)
	}
	if sms, fam := isa.ArchTargets(e.Name); sms != nil && p.SM > 0 && !(slices.Contains(sms, p.SM) && (p.Suffix == "a" || fam && p.Suffix == "f")) {
		want := fmt.Sprintf(".target sm_%da", sms[0])
		if len(sms) > 1 {
			want = fmt.Sprintf(".target sm_%da or sm_%df (or sm_101a, sm_103a, sm_110a and their families)", sms[0], sms[0])
		}
		c.errorf(st.OpPos, "%s is an architecture-specific instruction: it needs %s (target is sm_%d%s)", e.Name, want, p.SM, p.Suffix)
	}
	pos := p.File.Position(st.Pos())
	in := &Inst{Src: st, Entry: e, Match: m, Line: pos.Line, Col: pos.Col}
	if g := st.Guard; g != nil {
		in.GuardNeg = g.Neg
		switch o := s.lookup(g.Name).(type) {
		case *Reg:
			if o.Type.Kind != isa.KindPred {
				c.errorf(g.Pos(), "expected predicate, found %s register %s", o.Type.Name, o.Name)
			}
			in.Guard = o
		case nil:
			c.errorf(g.Pos(), "undeclared identifier %s", g.Name)
		default:
			c.errorf(g.Pos(), "expected predicate, found %s", g.Name)
		}
	}
	if e.Name == "call" {
		c.call(s, in)
		return in
	}
	c.cacheHint(st, e, m)
	c.tensormapSize(st, e, m)
	c.syncRules(st, e, m)
	c.frags(s, st, e, m) // tablerules.go
	c.immValues(st, e, m)
	c.addrWidths(s, st, e, m)
	f := m.Form
	if n := len(st.Args); n < f.MinOps || n > len(f.Operands) {
		// No form with these modifiers takes n: say what they take.
		lo, hi := f.MinOps, len(f.Operands)
		for _, cand := range all {
			lo, hi = min(lo, cand.Form.MinOps), max(hi, len(cand.Form.Operands))
		}
		want := fmt.Sprint(hi)
		if lo != hi {
			want = fmt.Sprintf("%d to %d", lo, hi)
		}
		c.errorf(st.OpPos, "%s expects %s operands, found %d", e.Name, want, n)
		return in
	}
	if e.NoExec != "" {
		// Not simulated (tensor cores, textures, ...): the count, the
		// fragments and the constants above, addresses where the form
		// has them; otherwise names only.
		for i, o := range st.Args {
			k := f.Operands[i].Kind
			if _, isAddr := o.(*ptx.Addr); (k == isa.OpAddr || k == isa.OpHandle) != isAddr {
				want := "address"
				if isAddr {
					want = "register or constant"
				}
				c.errorf(o.Pos(), "%s: expected %s for %s, found %s", e.Name, want, f.Operands[i].Name, describe(s, o))
			}
			c.resolveAll(s, o)
		}
		return in
	}
	in.Args = make([]Arg, len(st.Args))
	for i, o := range st.Args {
		in.Args[i] = c.operand(s, in, &f.Operands[i], o)
	}
	c.videoSels(in) // videosel.go
	c.bulkAlign(in)
	c.cvtaSpace(s, in)
	if e.Name == "brx.idx" && len(in.Args) == 2 && in.Args[1].Label != nil && !c.btargs[in.Args[1].Label] {
		// ISA 9.7.13.4: tlist is the label of a .branchtargets directive.
		c.errorf(in.Args[1].Pos, "brx.idx: %s does not label a .branchtargets list", in.Args[1].Label.Name)
	}
	return in
}

// cacheHint applies the rules of the .level::cache_hint and
// .level::prefetch_size qualifiers that the forms cannot state (PTX ISA
// 9.7.9.8 ld, 9.7.9.10 st, 9.7.13.5 atom, 9.7.13.6 red, the bulk copies):
// the cache-policy operand comes with .L2::cache_hint and never without it
// (the syntax writes both optional, "{.level::cache_hint} ... {,
// cache-policy}", and the text has one go with the other), and both
// qualifiers apply to the .global state space or a generic address only.
// ptxas 13.0 refuses the rest: "Arguments mismatch for instruction 'ld'",
// ".L2::cache_hint modifier required for instruction 'ld' with 3
// arguments", "Modifier '.L2::cache_hint' cannot be applied to
// '.shared::cta' space", "State space incorrect for feature 'cache
// prefetching'".
func (c *checker) cacheHint(st *ptx.Instr, e *isa.Entry, m *isa.Match) {
	var hint, pf, space *ptx.Mod
	for i := range st.Mods {
		switch md := &st.Mods[i]; md.Name {
		case ".L2::cache_hint":
			hint = md
		case ".L2::64B", ".L2::128B", ".L2::256B":
			pf = md
		case ".shared", ".shared::cta", ".shared::cluster", ".local", ".param", ".param::entry", ".param::func", ".const":
			space = md
		}
	}
	f := m.Form
	if pi := len(f.Operands) - 1; pi >= 0 && f.Operands[pi].Name == "policy" && f.Operands[pi].Optional && pi == f.MinOps {
		// The policy is the last operand and all before it are required:
		// the count says whether it is there.
		switch has := len(st.Args) > pi; {
		case hint != nil && !has:
			c.errorf(hint.At, "%s: .L2::cache_hint takes a cache-policy operand (a .b64 from createpolicy) after the others: add it, or drop .L2::cache_hint", e.Name)
		case hint == nil && has:
			c.errorf(st.Args[pi].Pos(), "%s: a cache-policy operand needs .L2::cache_hint: add the qualifier, or drop the operand", e.Name)
		}
	}
	c.wideVec(st, e, m, space)
	switch e.Name {
	case "ld", "ldu", "st", "atom", "red":
		if space == nil {
			return
		}
		if hint != nil {
			c.errorf(hint.At, "%s: .L2::cache_hint applies to .global or generic addresses, not %s", e.Name, space.Name)
		}
		switch space.Name {
		case ".global", ".shared", ".shared::cta", ".shared::cluster":
		default:
			// 9.7.9.8, 9.7.9.10: "ld.volatile may be used with .global
			// and .shared spaces and generic addressing". ptxas 13.0:
			// "Modifier '.volatile' cannot be applied to '.local' space".
			if m.Has(".volatile") {
				c.errorf(space.At, "%s.volatile applies to .global, .shared or generic addresses, not %s", e.Name, space.Name)
			}
		}
		if pf != nil {
			c.errorf(pf.At, "%s: the prefetch size %s applies to .global or generic addresses, not %s", e.Name, pf.Name, space.Name)
		}
	}
}

// tensormapSize: the size operand of fence.proxy.tensormap::generic's
// acquire and of tensormap.cp_fenceproxy is a tensor map's size, 128 bytes,
// the only value the ISA allows (9.7.14.4, 9.7.9.28). ptxas 13.0:
// "Argument 1 of instruction 'fence.proxy': unexpected value '1', expected
// to be 128".
func (c *checker) tensormapSize(st *ptx.Instr, e *isa.Entry, m *isa.Match) {
	name, what := e.Name, "the size of a tensor map is 128 (bytes)"
	switch {
	case name == "fence" && m.Has(".tensormap::generic"):
		name = "fence.proxy.tensormap::generic"
	case name == "applypriority" || name == "discard":
		// 9.7.9.17, 9.7.9.18: "The only supported value for the size
		// operand is 128."
		what = "the size is one 128-byte cache line"
	case name != "tensormap.cp_fenceproxy":
		return
	}
	f := m.Form
	for i := range f.Operands {
		if f.Operands[i].Name != "size" || i >= len(st.Args) {
			continue
		}
		if v, fl, ok := c.constant(st.Args[i]); ok && (fl || v != 128) {
			c.errorf(st.Args[i].Pos(), "%s, the only value %s takes", what, name)
		}
	}
}

// syncRules: wmma's .aligned, mandatory from PTX ISA 6.3, and its float
// .satfinite, gone from 6.5 (the ISA writes
// wmma.load.a.sync.aligned in every form since; PTX 6.0 had no .aligned;
// ptxas 13.0: ".aligned modifier required for instruction 'wmma.mma'"),
// and the sink state of an mbarrier arrive on a .shared::cluster barrier,
// which returns no phase (9.7.14.16.16: "mbarrier.arrive... .shared::cluster
// ... _, [addr]"; ptxas 13.0: "Sink '_' is expected as a destination
// operand for instruction 'mbarrier.arrive' with '.shared::cluster'").
func (c *checker) syncRules(st *ptx.Instr, e *isa.Entry, m *isa.Match) {
	switch e.Name {
	case "wmma.load", "wmma.store", "wmma.mma":
		if p := c.prog; p.Version >= 63 && !m.Has(".aligned") {
			w, _, _ := strings.Cut(written(st), ".sync")
			c.errorf(st.OpPos, "%s needs .aligned from PTX ISA 6.3 (module has .version %s): write %s.sync.aligned...", e.Name, p.Version, w)
		}
		if e.Name != "wmma.mma" {
			break
		}
		// .satfinite on the floating-point forms, deprecated in PTX ISA
		// 6.4, is gone from 6.5 (ptxas 13.0: "'wmma.mma' with floating
		// point type with '.satfinite' is not supported starting from PTX
		// ISA version 6.5"); the integer forms (.s32) keep it.
		if p := c.prog; p.Version >= 65 && m.Has(".satfinite") && !m.Has(".s32") {
			at := st.OpPos
			for _, md := range st.Mods {
				if md.Name == ".satfinite" {
					at = md.At
				}
			}
			c.errorf(at, "wmma.mma: .satfinite on floating-point types ended with PTX ISA 6.4 (module has .version %s): drop it", p.Version)
		}
	case "lop3":
		// 9.7.8.6: "lop3.BoolOp.b32 d|p, a, b, c, immLut, q": the .and/.or
		// form writes the predicate p too. ptxas 13.0: "Predicate output
		// expected for instruction 'lop3'".
		if m.Get("bop_ao") != "" && len(st.Args) > 0 {
			if _, pair := st.Args[0].(*ptx.Pair); !pair {
				c.errorf(st.Args[0].Pos(), "lop3%s writes d|p: add the predicate p", m.Get("bop_ao"))
			}
		}
	case "elect.sync":
		// 9.7.14.15: "elect.sync d|p, membermask": the leader's predicate
		// is its result (d may be _). ptxas 13.0: "Predicate output
		// expected for instruction 'elect'".
		if len(st.Args) > 0 {
			if _, pair := st.Args[0].(*ptx.Pair); !pair {
				c.errorf(st.Args[0].Pos(), "elect.sync writes d|p: add the predicate p (d may be _)")
			}
		}
	case "mbarrier.arrive", "mbarrier.arrive_drop":
		if m.Has(".shared::cluster") && len(st.Args) > 0 {
			if _, sink := st.Args[0].(*ptx.Sink); !sink {
				c.errorf(st.Args[0].Pos(), "%s on a .shared::cluster mbarrier returns no state: write _ for it", e.Name)
			}
		}
	}
}

// cvtaSpace: cvta of a variable gives the generic address of a variable of
// the instruction's state space (9.7.9.21: "cvta.space.size p, var"); ptxas
// 13.0: "State space mismatch between instruction and address in
// instruction 'cvta'".
func (c *checker) cvtaSpace(s *scope, in *Inst) {
	name, ai := in.Entry.Name, 1
	want := in.Match.Get("ss_cvta")
	switch {
	case name == "cvta" && !in.Match.Has(".to"):
	case name == "mapa" || name == "getctarank":
		// 9.7.9.24, 9.7.9.25: a is a shared memory variable or address.
		want = ".shared"
	default:
		return
	}
	if len(in.Src.Args) <= ai {
		return
	}
	a := in.Src.Args[ai]
	var v *Var
	switch o := a.(type) {
	case *ptx.Ident:
		v, _ = s.lookup(o.Name).(*Var)
	default:
		v, _, _ = c.symOffset(s, a)
	}
	if v == nil || v.Space == ".reg" {
		return
	}
	norm := func(sp string) string {
		switch sp {
		case ".shared::cta", ".shared::cluster":
			return ".shared"
		case ".param::entry":
			return ".param"
		}
		return sp
	}
	switch {
	case norm(want) == norm(v.Space):
	case name == "cvta":
		c.errorf(a.Pos(), "cvta%s takes a %s variable; %s is %s: write cvta%s", want, want, v.Name, v.Space, v.Space)
	default:
		c.errorf(a.Pos(), "%s takes a shared memory variable or address; %s is %s", name, v.Name, v.Space)
	}
}

// wideVec applies the limits of vector widths (PTX ISA 5.4.2: "Vectors
// cannot exceed 128-bits in length"; 9.7.9.8 ld and 9.7.9.10 st: the
// 256-bit .v8.b32/.v4.b64 forms, PTX ISA 8.8, need sm_100 and the .global
// space or a generic address, and the .L2::evict_* eviction priorities go
// with them only). ptxas 13.0: "Vector type too large, exceeds 128 bit
// limit", "Illegal vector size: 8" (mov), "Feature '256 bit wide
// load/store' requires .target sm_100 or higher", "global state space
// expected for feature '256 bit wide load/store'", "Instruction 'ld'
// requires '.v8.b32/.v4.b64' type with '.L2::evict_first' modifier".
func (c *checker) wideVec(st *ptx.Instr, e *isa.Entry, m *isa.Match, space *ptx.Mod) {
	switch e.Name {
	case "ld", "st", "ldu", "mov":
	default:
		return
	}
	n := vecLen(m)
	t, _ := isa.LookupType(m.Type())
	bits := max(n, 1) * t.Bits
	var vecAt, evict *ptx.Mod
	for i := range st.Mods {
		switch md := &st.Mods[i]; md.Name {
		case ".v2", ".v4", ".v8":
			vecAt = md
		case ".L2::evict_normal", ".L2::evict_first", ".L2::evict_last":
			evict = md
		}
	}
	at := st.OpPos
	if vecAt != nil {
		at = vecAt.At
	}
	desc := t.Name
	if n > 0 {
		desc = fmt.Sprintf(".v%d%s", n, t.Name)
	}
	wide := (e.Name == "ld" || e.Name == "st") && (n == 8 && t.Bits == 32 || n == 4 && t.Bits == 64)
	switch {
	case e.Name == "mov" && n == 8:
		c.errorf(at, "mov moves vectors of 2 or 4 elements, not .v8")
		return
	case n > 0 && t.Kind == isa.KindPred:
		c.errorf(at, "%s: vectors hold non-predicate types, not %s", e.Name, desc)
		return
	case bits > 128 && !wide:
		c.errorf(at, "%s: a vector holds at most 128 bits (256 for ld and st of .v8.b32 or .v4.b64): %s is %d bits", e.Name, desc, bits)
		return
	case bits > 128:
		if p := c.prog; p.SM > 0 && p.SM < 100 {
			c.errorf(at, "%s: a 256-bit vector (%s) requires sm_100 or later (target is sm_%d)", e.Name, desc, p.SM)
		}
		if space != nil && space.Name != ".global" {
			c.errorf(space.At, "%s: a 256-bit vector (%s) needs .global or a generic address, not %s", e.Name, desc, space.Name)
		}
	}
	if evict != nil && !wide && (e.Name == "ld" || e.Name == "st") {
		c.errorf(evict.At, "%s: %s goes with 256-bit vectors only (.v8 of a 32-bit type, .v4 of a 64-bit one), not %s", e.Name, evict.Name, desc)
	}
}

// legacyMsg explains a legacy form in a module too new (or for a target
// too new) for it, and names the forms to write instead.
func legacyMsg(st *ptx.Instr, f *isa.Form, p *Program) string {
	var b strings.Builder
	b.WriteString(written(st))
	b.WriteString(" is legacy syntax, valid only")
	// The same form may be legacy in several ways (mad.f32: before PTX ISA
	// 3.2, or for sm_1x targets).
	var conds []string
	for _, g := range f.Entry.Forms() {
		if g.Text != f.Text || g.MaxPTX == 0 && g.MaxSM == 0 {
			continue
		}
		var c []string
		if g.MaxPTX > 0 {
			c = append(c, fmt.Sprintf("before PTX ISA %s", g.MaxPTX))
		}
		if g.MaxSM > 0 {
			c = append(c, fmt.Sprintf("for targets before sm_%d", g.MaxSM))
		}
		conds = append(conds, strings.Join(c, " and "))
	}
	b.WriteString(" " + strings.Join(conds, " or "))
	if p.Version > 0 {
		fmt.Fprintf(&b, " (module has .version %s", p.Version)
		if p.SM > 0 {
			fmt.Fprintf(&b, ", .target sm_%d", p.SM)
		}
		b.WriteString(")")
	}
	var alts []string
	for _, g := range f.Entry.Forms() {
		if g.MaxPTX > 0 || g.MaxSM > 0 || g.MinOps != f.MinOps || !g.GatesOK(p.Version, p.SM) {
			continue
		}
		// Forms for the same type: their last modifier position takes it.
		if n := len(g.Mods); n > 0 && len(f.Mods) > 0 && sameValues(g.Mods[n-1].Values, f.Mods[len(f.Mods)-1].Values) {
			if syn := g.Synopsis(); !slices.Contains(alts, syn) {
				alts = append(alts, syn)
			}
		}
	}
	if len(alts) > 0 {
		b.WriteString("; write " + strings.Join(alts, " or "))
	}
	return b.String()
}

// sameValues reports whether a holds every value of b.
func sameValues(a, b []string) bool {
	for _, x := range b {
		found := false
		for _, y := range a {
			if x == y {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return len(b) > 0
}

// shapesFit reports whether each operand has the syntactic shape its spec
// asks for (vector, address, list or plain). A vector register's name is
// a vector (ISA 5.4.2: mov.b64 d, v packs the .v2 .u32 register v).
func shapesFit(s *scope, f *isa.Form, args []ptx.Operand) bool {
	for i, a := range args {
		if i >= len(f.Operands) {
			return false
		}
		_, isVec := a.(*ptx.Vector)
		if id, ok := a.(*ptx.Ident); ok {
			if r, ok := s.lookup(id.Name).(*Reg); ok && r.Vec > 0 {
				isVec = true
			}
		}
		_, isAddr := a.(*ptx.Addr)
		switch f.Operands[i].Kind {
		case isa.OpAddr, isa.OpHandle:
			if !isAddr {
				return false
			}
		case isa.OpPack:
			if !isVec {
				return false
			}
		case isa.OpReg, isa.OpRegOnly, isa.OpImm, isa.OpAny, isa.OpSymbol, isa.OpLabel, isa.OpFunc:
			if isVec || isAddr {
				return false
			}
		}
	}
	return true
}

// predsFit reports whether the register operands are predicates exactly
// where f asks for .pred (cp.async's src-size versus ignore-src).
func predsFit(s *scope, f *isa.Form, args []ptx.Operand) bool {
	for i, a := range args {
		id, ok := a.(*ptx.Ident)
		if !ok || i >= len(f.Operands) {
			continue
		}
		r, ok := s.lookup(id.Name).(*Reg)
		if !ok || r.Type.Name == "" {
			continue
		}
		if t := f.Operands[i].Type; isa.IsType(t) && (r.Type.Kind == isa.KindPred) != (t == ".pred") {
			return false
		}
	}
	return true
}

// written is the instruction's opcode and modifiers as written
// (vote.ballot.b32).
func written(st *ptx.Instr) string {
	var b strings.Builder
	b.WriteString(st.Op)
	for _, m := range st.Mods {
		b.WriteString(m.Name)
	}
	return b.String()
}

func fullName(st *ptx.Instr) string {
	var b strings.Builder
	b.WriteString(st.Op)
	for _, m := range st.Mods {
		if isa.IsType(m.Name) {
			break
		}
		b.WriteString(m.Name)
	}
	return b.String()
}

// operand resolves and checks one operand against its spec.
func (c *checker) operand(s *scope, in *Inst, spec *isa.OperandSpec, o ptx.Operand) Arg {
	a := Arg{Pos: o.Pos()}
	want := in.Match.OperandType(spec)
	switch spec.Kind {
	case isa.OpAddr:
		ad, ok := o.(*ptx.Addr)
		if !ok {
			c.errorf(o.Pos(), "expected address, found %s", describe(s, o))
			return a
		}
		a.Kind, a.Off = ArgAddr, ad.Off
		if ad.Base == nil {
			return a
		}
		id, ok := ad.Base.(*ptx.Ident)
		if !ok {
			c.errorf(ad.Base.Pos(), "expected register or variable in address, found %s", describe(s, ad.Base))
			return a
		}
		switch obj := c.resolve(s, id).(type) {
		case *Reg:
			if obj.Type.Kind == isa.KindPred || obj.Type.Kind == isa.KindFloat || (obj.Type.Bits != 32 && obj.Type.Bits != 64) {
				c.errorf(id.Pos(), "expected 32- or 64-bit integer register in address, found %s register %s", obj.Type.Name, obj.Name)
			}
			a.Reg = obj
		case *Var:
			a.Var = obj
		case *Func:
			a.Func = obj
		case *Label:
			c.errorf(id.Pos(), "expected register or variable in address, found label %s", id.Name)
		case nil:
			c.errorf(id.Pos(), "undeclared identifier %s", id.Name)
		}
		return a
	case isa.OpLabel:
		id, ok := o.(*ptx.Ident)
		if !ok {
			c.errorf(o.Pos(), "expected label, found %s", describe(s, o))
			return a
		}
		switch obj := c.resolve(s, id).(type) {
		case *Label:
			a.Kind, a.Label = ArgLabel, obj
		case nil:
			c.errorf(id.Pos(), "undefined label %s", id.Name)
		case *Var:
			a.Kind, a.Var = ArgSym, obj // brx.idx takes a .global table of labels
		default:
			c.errorf(id.Pos(), "expected label, found %s", describe(s, o))
		}
		return a
	case isa.OpFunc:
		id, ok := o.(*ptx.Ident)
		if !ok {
			c.errorf(o.Pos(), "expected function, found %s", describe(s, o))
			return a
		}
		switch obj := c.resolve(s, id).(type) {
		case *Func:
			a.Kind, a.Func = ArgFunc, obj
		case *Reg:
			a.Kind, a.Reg = ArgReg, obj
		case nil:
			c.errorf(id.Pos(), "undefined function %s", id.Name)
		default:
			c.errorf(id.Pos(), "expected function, found %s", describe(s, o))
		}
		return a
	case isa.OpList:
		l, ok := o.(*ptx.List)
		if !ok {
			c.errorf(o.Pos(), "expected (list), found %s", describe(s, o))
			return a
		}
		a.Kind = ArgList
		for _, e := range l.Elems {
			a.Elems = append(a.Elems, c.value(s, in, e, "", false, true))
		}
		return a
	case isa.OpHandle:
		// [tex, {coords}] or [tensorMap, {coords}]: the base as an address
		// operand's (a register or a variable, plus an offset), the
		// coordinates as values in Elems; the shape is the runtime's.
		a.Kind = ArgAddr
		ad, ok := o.(*ptx.Addr)
		if !ok {
			c.resolveAll(s, o)
			return a
		}
		a.Off = ad.Off
		if id, ok := ad.Base.(*ptx.Ident); ok {
			switch obj := c.resolve(s, id).(type) {
			case *Reg:
				a.Reg = obj
			case *Var:
				a.Var = obj
			case nil:
				c.errorf(id.Pos(), "undeclared identifier %s", id.Name)
			}
		}
		for _, x := range ad.Args {
			if v, ok := x.(*ptx.Vector); ok {
				for _, e := range v.Elems {
					a.Elems = append(a.Elems, c.value(s, in, e, "", false, true))
				}
				continue
			}
			c.resolveAll(s, x)
		}
		return a
	case isa.OpFrag:
		a.Kind = ArgVec
		if v, ok := o.(*ptx.Vector); ok {
			for _, e := range v.Elems {
				a.Elems = append(a.Elems, c.value(s, in, e, "", spec.Dest, true))
			}
			return a
		}
		return c.value(s, in, o, "", spec.Dest, true)
	case isa.OpSymbol:
		if id, ok := o.(*ptx.Ident); ok {
			switch obj := c.resolve(s, id).(type) {
			case *Var:
				return Arg{Kind: ArgSym, Var: obj, Pos: o.Pos()}
			case *Func:
				return Arg{Kind: ArgFunc, Func: obj, Pos: o.Pos()}
			}
		}
		if sym, off, ok := c.symOffset(s, o); ok {
			return Arg{Kind: ArgSym, Var: sym, Off: off, Pos: o.Pos()}
		}
	case isa.OpVec, isa.OpReg, isa.OpRegOnly, isa.OpPack:
		if v, ok := o.(*ptx.Vector); ok {
			n := vecLen(in.Match)
			if n > 0 && len(v.Elems) != n {
				c.errorf(o.Pos(), "expected vector of %d elements, found %d", n, len(v.Elems))
			}
			elem := want
			if n == 0 && len(v.Elems) > 1 {
				// mov.b64 {lo, hi}, d: a scalar split into equal parts.
				if t, ok := isa.LookupType(want); ok {
					elem = fmt.Sprintf(".b%d", t.Bits/len(v.Elems))
				}
			}
			a.Kind = ArgVec
			for _, e := range v.Elems {
				a.Elems = append(a.Elems, c.value(s, in, e, elem, spec.Dest, false))
			}
			return a
		}
		if id, ok := o.(*ptx.Ident); ok && spec.Kind == isa.OpPack {
			// mov.b64 d, v or mov.b64 v, d with v a vector register: its
			// elements together as wide as the instruction type.
			if r, ok := s.lookup(id.Name).(*Reg); ok && r.Vec > 0 {
				if t, ok := isa.LookupType(want); ok && (r.Type.Kind == isa.KindPred || r.Type.Bits*r.Vec != t.Bits) {
					c.errorf(o.Pos(), "expected a vector of %d bits for mov%s, found .v%d %s register %s (%d bits)", t.Bits, want, r.Vec, r.Type.Name, r.Name, r.Type.Bits*r.Vec)
				}
				a.Kind = ArgVec
				for k := 0; k < r.Vec; k++ {
					a.Elems = append(a.Elems, Arg{Kind: ArgReg, Reg: r, Comp: k, Pos: o.Pos()})
				}
				return a
			}
		}
		if id, ok := o.(*ptx.Ident); ok && spec.Kind == isa.OpVec {
			if r, ok := s.lookup(id.Name).(*Reg); ok && r.Vec > 0 {
				if n := vecLen(in.Match); n != r.Vec {
					c.errorf(o.Pos(), "expected vector of %d elements, found .v%d register %s", n, r.Vec, r.Name)
				}
				if !compatible(want, r.Type, in.Entry.Relaxed, spec.Dest) {
					c.errorf(o.Pos(), "expected %s register, found %s register %s", want, r.Type.Name, r.Name)
				}
				a.Kind = ArgVec
				for k := 0; k < r.Vec; k++ {
					a.Elems = append(a.Elems, Arg{Kind: ArgReg, Reg: r, Comp: k, Pos: o.Pos()})
				}
				return a
			}
		}
		if n := vecLen(in.Match); n > 0 && spec.Kind == isa.OpVec {
			c.errorf(o.Pos(), "expected vector of %d elements, found %s", n, describe(s, o))
			return a
		}
	}
	if pr, ok := o.(*ptx.Pair); ok {
		if !spec.Pair {
			c.errorf(o.Pos(), "unexpected d|p pair here")
			return a
		}
		a = c.value(s, in, pr.D, want, true, spec.Kind == isa.OpAny || c.pinnedDest(s, in, spec, pr.D, want))
		p := c.value(s, in, pr.P, ".pred", true, false)
		a.Pred = p.Reg
		return a
	}
	if spec.Kind == isa.OpImm {
		if _, _, ok := c.constant(o); !ok {
			c.errorf(o.Pos(), "expected constant, found %s", describe(s, o))
			return a
		}
	}
	return c.value(s, in, o, want, spec.Dest, spec.Kind == isa.OpAny || c.pinnedDest(s, in, spec, o, want))
}

// pinnedDest reports a destination register of the instruction type where
// the ISA pins the destination's type apart from it (match.any.sync.b64 d:
// "Operand a has instruction type and d has .b32 type"; popc, clz and
// bfind write a .u32 count whatever they read), saying so, and reports
// whether it did.
func (c *checker) pinnedDest(s *scope, in *Inst, spec *isa.OperandSpec, o ptx.Operand, want string) bool {
	it := in.Match.Type()
	if !spec.Dest || !isa.IsType(spec.Type) || want == ".pred" || it == "" || it == want {
		return false
	}
	id, ok := o.(*ptx.Ident)
	if !ok {
		return false
	}
	r, ok := s.lookup(id.Name).(*Reg)
	if !ok || r.Vec > 0 || compatible(want, r.Type, in.Entry.Relaxed, true) {
		return false
	}
	var follow []string
	for _, op := range in.Match.Form.Operands {
		if op.Type == "" && !op.Dest {
			follow = append(follow, op.Name)
		}
	}
	if len(follow) == 0 {
		return false
	}
	c.errorf(id.Pos(), "expected %s register, found %s register %s: %s of %s is always %s (%s is the type of %s)",
		want, r.Type.Name, r.Name, spec.Name, in.Entry.Name, want, it, strings.Join(follow, " and "))
	return true
}

func vecLen(m *isa.Match) int {
	switch m.Get("vec") {
	case ".v2":
		return 2
	case ".v4":
		return 4
	case ".v8":
		return 8
	}
	return 0
}

// value resolves a register, special register, symbol or constant operand
// that must have type want ("" for any).
func (c *checker) value(s *scope, in *Inst, o ptx.Operand, want string, dest, anyType bool) Arg {
	a := Arg{Pos: o.Pos()}
	if _, ok := o.(*ptx.Sink); ok {
		if !dest {
			c.errorf(o.Pos(), "cannot read the sink _")
		}
		a.Kind = ArgSink
		return a
	}
	if a, ok := c.vmadMinus(s, in, o, want, dest, anyType); ok { // videosel.go
		return a
	}
	neg := false
	if u, ok := o.(*ptx.Unary); ok && u.Op == "!" {
		if _, isID := u.X.(*ptx.Ident); isID {
			neg, o = true, u.X
		}
	}
	id, isIdent := o.(*ptx.Ident)
	if isIdent && s.lookup(id.Name) == nil {
		if base, sel, ok := videoSel(in, id.Name); ok {
			if _, isReg := s.lookup(base).(*Reg); isReg {
				a := c.value(s, in, &ptx.Ident{Span: id.Span, Name: base}, want, dest, anyType)
				a.Sel = sel
				return a
			}
		}
	}
	if isIdent && id.Name == "WARP_SZ" && s.lookup(id.Name) == nil {
		isIdent = false // the predefined constant 32
	}
	if !isIdent {
		v, isFloat, ok := c.constant(o)
		if !ok {
			if sym, off, ok := c.symOffset(s, o); ok {
				a.Kind, a.Var, a.Off = ArgSym, sym, off
				return a
			}
			c.errorf(o.Pos(), "expected register or constant, found %s", describe(s, o))
			return a
		}
		if dest {
			c.errorf(o.Pos(), "expected register, found constant %s", operandText(o))
			return a
		}
		a.Kind, a.Imm, a.Float = ArgImm, v, isFloat
		if f, ok := o.(*ptx.Float); ok && !f.Double {
			a.F32 = true
		}
		if t, ok := isa.LookupType(want); ok && !anyType {
			switch {
			case isFloat && t.Kind == isa.KindPred:
				c.errorf(o.Pos(), "expected predicate, found float constant %s", operandText(o))
			case isFloat && t.Kind != isa.KindFloat && t.Kind != isa.KindBits:
				c.errorf(o.Pos(), "expected %s operand, found float constant %s", want, operandText(o))
			}
		}
		return a
	}
	switch obj := c.resolve(s, id).(type) {
	case *Reg:
		a.Kind, a.Reg, a.Neg = ArgReg, obj, neg
		if neg && obj.Type.Kind != isa.KindPred {
			c.errorf(o.Pos(), "! applies only to predicates, found %s register %s", obj.Type.Name, obj.Name)
		}
		switch {
		case obj.Vec > 0 && !anyType && want != "":
			// A whole vector register where one value goes (ISA 5.4.2:
			// "Vector elements ... are accessed as .x/.y/.z/.w").
			c.errorf(id.Pos(), "expected %s register, found .v%d %s register %s (name one element: %s.x)", want, obj.Vec, obj.Type.Name, obj.Name, obj.Name)
		case !anyType && want != "" && !compatible(want, obj.Type, in.Entry.Relaxed, dest):
			c.errorf(id.Pos(), "expected %s register, found %s register %s", want, obj.Type.Name, obj.Name)
		}
	case regComp:
		a.Kind, a.Reg, a.Comp = ArgReg, obj.r, obj.comp
	case sregRef:
		if dest {
			c.errorf(id.Pos(), "cannot write special register %s", id.Name)
		}
		a.Kind, a.SReg, a.Comp = ArgSReg, obj.s, obj.comp
		p := c.prog
		if obj.s.PTX > 0 && p.Version > 0 && p.Version < obj.s.PTX {
			c.errorf(id.Pos(), "%s requires .version %s or later (module has .version %s)", id.Name, obj.s.PTX, p.Version)
		}
		if obj.s.SM > 0 && p.SM > 0 && p.SM < obj.s.SM {
			c.errorf(id.Pos(), "%s requires sm_%d or later (target is sm_%d)", id.Name, obj.s.SM, p.SM)
		}
		if t, ok := isa.LookupType(want); ok && !anyType && t.Kind == isa.KindPred && obj.s.Type != ".pred" {
			c.errorf(id.Pos(), "expected predicate, found special register %s", id.Name)
		}
	case *Var:
		if dest {
			c.errorf(id.Pos(), "expected register, found variable %s", id.Name)
		}
		a.Kind, a.Var = ArgSym, obj
	case *Func:
		a.Kind, a.Func = ArgFunc, obj
	case *Label:
		a.Kind, a.Label = ArgLabel, obj
	case nil:
		if n := len(id.Name); n > 2 && id.Name[n-2] == '.' {
			if r, ok := s.lookup(id.Name[:n-2]).(*Reg); ok && r.Vec > 0 {
				c.errorf(id.Pos(), "%s is a .v%d register: its elements are %s", r.Name, r.Vec, vecElems(r.Vec))
				break
			}
		}
		c.errorf(id.Pos(), "undeclared identifier %s", id.Name)
	}
	return a
}

// resolveAll reports undeclared identifiers anywhere inside an operand.
func (c *checker) resolveAll(s *scope, o ptx.Operand) {
	switch o := o.(type) {
	case *ptx.Ident:
		if c.resolve(s, o) == nil {
			c.errorf(o.Pos(), "undeclared identifier %s", o.Name)
		}
	case *ptx.Addr:
		if o.Base != nil {
			c.resolveAll(s, o.Base)
		}
	case *ptx.Vector:
		for _, e := range o.Elems {
			c.resolveAll(s, e)
		}
	case *ptx.List:
		for _, e := range o.Elems {
			c.resolveAll(s, e)
		}
	case *ptx.Pair:
		c.resolveAll(s, o.D)
		c.resolveAll(s, o.P)
	case *ptx.Unary:
		c.resolveAll(s, o.X)
	case *ptx.Binary:
		c.resolveAll(s, o.X)
		c.resolveAll(s, o.Y)
	}
}

// vecElems names the elements of a .vN register.
func vecElems(n int) string {
	if n == 2 {
		return ".x and .y (or .r and .g)"
	}
	return ".x, .y, .z and .w (or .r, .g, .b and .a)"
}

type regComp struct {
	r    *Reg
	comp int
}

type sregRef struct {
	s    *isa.SReg
	comp int
}

// resolve finds what an identifier names: a declared name, a component of a
// vector register, or a special register.
func (c *checker) resolve(s *scope, id *ptx.Ident) any {
	if o := s.lookup(id.Name); o != nil {
		if v, ok := o.(*Var); ok && v.Space == ".reg" && v.Func == nil && c.fn != nil {
			return c.moduleReg(v)
		}
		return o
	}
	if n := len(id.Name); n > 2 && id.Name[n-2] == '.' {
		if r, ok := s.lookup(id.Name[:n-2]).(*Reg); ok && r.Vec > 0 {
			if comp := strings.IndexByte("xyzw", id.Name[n-1]); comp >= 0 && comp < r.Vec {
				return regComp{r, comp}
			}
			if comp := strings.IndexByte("rgba", id.Name[n-1]); comp >= 0 && comp < r.Vec {
				return regComp{r, comp}
			}
		}
	}
	if sr, comp, ok := isa.LookupSReg(id.Name); ok {
		return sregRef{sr, comp}
	}
	return nil
}

// moduleReg materializes a module-scope register in the current function.
func (c *checker) moduleReg(v *Var) *Reg {
	for _, r := range c.fn.Regs {
		if r.Name == v.Name && r.Pos == v.Pos {
			return r
		}
	}
	r := &Reg{Name: v.Name, Type: v.Type, Vec: v.Vec, Pos: v.Pos, Index: len(c.fn.Regs)}
	c.fn.Regs = append(c.fn.Regs, r)
	return r
}

// compatible applies PTX's operand type rules (ISA 3.1 §5.4.? "Type
// checking"): bit types match any type of the same size, signed and
// unsigned integers match each other, floats match only floats (or bits);
// Relaxed instructions (ld, st, cvt, ...) accept registers wider than the
// instruction type (and, for sources of integer type, narrower).
func compatible(want string, reg isa.Type, relaxed, dest bool) bool {
	if want == reg.Name {
		return true
	}
	w, ok := isa.LookupType(want)
	if !ok {
		return true
	}
	if w.Kind == isa.KindPred || reg.Kind == isa.KindPred {
		return w.Kind == reg.Kind
	}
	kindOK := false
	switch {
	case w.Kind == isa.KindBits || reg.Kind == isa.KindBits:
		kindOK = true
	case (w.Kind == isa.KindUint || w.Kind == isa.KindSint) && (reg.Kind == isa.KindUint || reg.Kind == isa.KindSint):
		kindOK = true
	case w.Kind == isa.KindFloat && reg.Kind == isa.KindFloat:
		kindOK = w.Bits == reg.Bits // f16x2 vs f32 registers: both 32-bit floats
	}
	if !kindOK {
		return false
	}
	if reg.Bits == w.Bits {
		return true
	}
	if relaxed {
		if reg.Bits > w.Bits && w.Kind != isa.KindFloat {
			return true
		}
		if reg.Bits > w.Bits && w.Kind == isa.KindFloat && reg.Kind == isa.KindBits {
			return true
		}
	}
	// Sub-word integer instructions may use 16-bit registers for 8-bit types.
	return w.Bits == 8 && reg.Bits == 16
}

// constant evaluates a constant operand: its 64-bit pattern and whether it
// is a float.
func (c *checker) constant(o ptx.Operand) (uint64, bool, bool) {
	switch o := o.(type) {
	case *ptx.Ident:
		if o.Name == "WARP_SZ" {
			return 32, false, true
		}
	case *ptx.Int:
		return o.Val, false, true
	case *ptx.Float:
		return o.Bits, true, true
	case *ptx.Unary:
		v, isF, ok := c.constant(o.X)
		if !ok {
			return 0, false, false
		}
		switch o.Op {
		case "-":
			if isF {
				if f, ok := o.X.(*ptx.Float); ok && !f.Double {
					return v ^ 0x80000000, true, true
				}
				return v ^ (1 << 63), true, true
			}
			return -v, false, true
		case "~":
			return ^v, isF, !isF
		case "!":
			if v == 0 {
				return 1, false, !isF
			}
			return 0, false, !isF
		}
	case *ptx.Binary:
		x, xf, ok1 := c.constant(o.X)
		y, yf, ok2 := c.constant(o.Y)
		if !ok1 || !ok2 || xf || yf {
			return 0, false, false
		}
		switch o.Op {
		case "+":
			return x + y, false, true
		case "-":
			return x - y, false, true
		case "*":
			return x * y, false, true
		case "/":
			if y == 0 {
				c.errorf(o.Pos(), "division by zero in constant expression")
				return 0, false, true
			}
			return uint64(int64(x) / int64(y)), false, true
		case "%":
			if y == 0 {
				c.errorf(o.Pos(), "division by zero in constant expression")
				return 0, false, true
			}
			return uint64(int64(x) % int64(y)), false, true
		case "<<":
			return x << (y & 63), false, true
		case ">>":
			return uint64(int64(x) >> (y & 63)), false, true
		case "&":
			return x & y, false, true
		case "|":
			return x | y, false, true
		case "^":
			return x ^ y, false, true
		case "==", "!=", "<", "<=", ">", ">=", "&&", "||":
			var r bool
			switch o.Op {
			case "==":
				r = x == y
			case "!=":
				r = x != y
			case "<":
				r = int64(x) < int64(y)
			case "<=":
				r = int64(x) <= int64(y)
			case ">":
				r = int64(x) > int64(y)
			case ">=":
				r = int64(x) >= int64(y)
			case "&&":
				r = x != 0 && y != 0
			case "||":
				r = x != 0 || y != 0
			}
			if r {
				return 1, false, true
			}
			return 0, false, true
		}
	case *ptx.Cond:
		x, xf, ok := c.constant(o.X)
		if !ok || xf {
			return 0, false, false
		}
		if x != 0 {
			return c.constant(o.A)
		}
		return c.constant(o.B)
	}
	return 0, false, false
}

// symOffset recognizes sym+const and sym-const operands.
func (c *checker) symOffset(s *scope, o ptx.Operand) (*Var, int64, bool) {
	b, ok := o.(*ptx.Binary)
	if !ok || (b.Op != "+" && b.Op != "-") {
		return nil, 0, false
	}
	id, ok := b.X.(*ptx.Ident)
	if !ok {
		return nil, 0, false
	}
	v, ok := s.lookup(id.Name).(*Var)
	if !ok {
		return nil, 0, false
	}
	off, isF, ok := c.constant(b.Y)
	if !ok || isF {
		return nil, 0, false
	}
	if b.Op == "-" {
		off = -off
	}
	return v, int64(off), true
}

// describe names what an operand is, for messages.
func describe(s *scope, o ptx.Operand) string {
	switch o := o.(type) {
	case *ptx.Ident:
		switch obj := s.lookup(o.Name).(type) {
		case *Reg:
			return obj.Type.Name + " register " + o.Name
		case *Var:
			return "variable " + o.Name
		case *Label:
			return "label " + o.Name
		case *Func:
			return "function " + o.Name
		}
		if _, _, ok := isa.LookupSReg(o.Name); ok {
			return "special register " + o.Name
		}
		return o.Name
	case *ptx.Int, *ptx.Float:
		return "constant " + operandText(o)
	case *ptx.Addr:
		return "address " + operandText(o)
	case *ptx.Vector:
		return "vector " + operandText(o)
	case *ptx.List:
		return "list " + operandText(o)
	case *ptx.Sink:
		return "_"
	}
	return operandText(o)
}

// bulkAlign reports a bulk or tensor copy whose shared-memory address is a
// variable plus a constant that breaks the copy's alignment when the
// variable itself is aligned to it, so the offset alone decides:
// cp.async.bulk and cp.reduce.async.bulk move 16-byte aligned chunks (PTX
// ISA 9.7.9.25.4.1), and a tensor copy's box starts 128-byte aligned in
// shared memory (CUDA programming guide's TMA alignment table; an H200
// faults with a misaligned shared address, docs/gpucheck.md). The
// simulator faults on the addresses known only at run time.
func (c *checker) bulkAlign(in *Inst) {
	var need int64
	switch in.Entry.Name {
	case "cp.async.bulk", "cp.reduce.async.bulk":
		need = 16
	case "cp.async.bulk.tensor", "cp.reduce.async.bulk.tensor":
		need = 128
	default:
		return
	}
	for i, a := range in.Args {
		if i > 1 {
			break
		}
		if a.Kind != ArgAddr || a.Reg != nil || a.Var == nil || a.Var.Space != ".shared" || int64(a.Var.Align)%need != 0 {
			continue
		}
		if a.Off%need != 0 {
			c.errorf(a.Pos, "%s: shared address %s%+d is not %d-byte aligned", in.Entry.Name, a.Var.Name, a.Off, need)
		}
	}
}
