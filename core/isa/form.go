// form.go: the syntax-form language of the table and the modifier matcher.
//
// Each table row gives its forms as strings written like the manual's syntax
// blocks, so the table reads like the ISA and the hover docs show them:
//
//	"add{.sat}.s32 d, a, b"
//	"add{.rnd}{.ftz}{.sat}.f32 d, a, b"
//	"setp.cmp{.bop}.type p|q, a, b{, {!}c}"     (written "p|q, a, b, c:.pred?" below)
//	"ld{.ss}{.cop}{.vec}.type {d}, [a] @ptx2.0"
//
// Modifier part (after the opcode, no spaces):
//   - ".x" is required, "{.x}" optional;
//   - x names a group (the entry's Groups, else the global Groups) whose
//     values are the choices; otherwise x is the literal modifier ".x".
//
// Operand part: comma-separated operands, each "name[:kind][?]":
//   - a name starting with 'd' (or "p"/"q" in first place) is written by
//     the instruction; the others are read;
//   - "d|p" is a destination with an optional predicate output;
//   - "[a]" is an address; "{d}" a vector whose length is the chosen .vec
//     (a scalar when no .vec is chosen);
//   - kind is a type (".u32", ".pred"), a group name whose chosen value is
//     the type ("dtype"), "wide" (twice the instruction type), "dpacc"
//     (dp4a/dp2a's accumulator: .u32 when both source types are .u32,
//     else .s32), "label",
//     "func", "imm" (constant only), "imm=V|W..." (a constant, one of
//     these: the ISA's "must be 0", "the only supported value is 128"),
//     "reg" (register only), "any" (any
//     register or constant), "list" (a parenthesized list); default is the
//     instruction type: the last chosen modifier that is a type;
//   - "(d)" is a parenthesized list (call's return and argument lists);
//   - "{d}:pack" is a brace list whose elements together are as wide as the
//     instruction type (mov.b64 {lo, hi}, d); "{d}:frag" a brace list of any
//     length, or one register, whose element types are not checked
//     (tensor-core fragments); "[a]:handle" an address that may carry a
//     coordinate vector ([tex, {x, y}], [tex, smp, {x}], [tmap, {x, y}]);
//     "a:sym" the address of a variable or function, optionally plus an
//     offset (mov.u64 d, arr+8);
//   - "{d}|p" is a vector destination with an optional predicate output;
//   - a trailing '?' marks an optional operand (only at the end).
//
// Suffixes "@ptxX.Y" and "@sm_NN" gate a form on the PTX version and target
// (the least that has it); "@ptx<X.Y" and "@sm<NN" mark legacy forms that
// only versions or targets before X.Y or sm_NN take (rcp.f32 without .approx
// or a rounding mode, before PTX ISA 1.4).
//
// A group name may be refined with a suffix after '_' ("cmp_f", the float
// comparisons, refines "cmp"): Match.Get("cmp") finds the value chosen for
// any refinement, so the tables can be exact without the simulator knowing
// every subset.
//
// Several forms may accept the same modifiers and differ only in their
// operands (mov.b64 d, a and mov.b64 {lo, hi}, d; call with and without a
// return list): MatchMods returns the first, MatchAll all of them, so a
// checker can choose by operand shape (Form.AcceptsCount).

package isa

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Entry is one row of the table: one opcode.
type Entry struct {
	Name    string   // opcode; may be dotted ("bar.warp.sync", "cp.async")
	Section string   // ISA section, e.g. "9.7.1.1"
	Doc     string   // one line
	Syntax  []string // forms, in the language above
	Groups  []Group  // entry-local groups (values with dots)
	PTX     Version  // minimum PTX ISA version (forms may raise it)
	SM      int      // minimum sm target (forms may raise it)
	Relaxed bool     // registers may be wider than the type (ld, st, cvt, ...)
	NoExec  string   // non-empty: accepted by the checker, refused at run time with this reason
	// Removed, when set, is where the ISA took the entry away: every
	// form, for targets Removed.SM and up, from PTX ISA Removed.PTX
	// (vote and shfl without .sync: ptxas refuses them there).
	Removed Removal
	// LaneLocal: each thread that runs it reads its register sources and
	// writes its register destinations, in full, in its own lane and no
	// other's (the ALU, conversions, moves, loads, stores, atomics, and
	// branches that name no register), so an analysis may follow one
	// thread alone. Warp-wide ones (shfl, vote, mma...), barriers (a count
	// or id from one lane) and calls are not.
	LaneLocal bool
	// Rule, when set, states what the form language cannot: constraints
	// between the chosen modifiers (cvt's rounding depends on both types).
	// It returns why a match is invalid, or "".
	Rule func(m *Match) string
	// Frag, when set, sizes the fragment operands ({d}:frag) that the
	// form language leaves open: what operand name takes under m (zero
	// Regs: not checked). The checker holds every form to it, simulated
	// or not.
	Frag func(m *Match, name string) FragSize

	forms []*Form   // compiled from Syntax on first use (Forms)
	once  sync.Once // guards forms
}

// FragSize is the size of a matrix fragment operand: Regs registers of
// Bits bits each, holding a Rows x Cols matrix of Elem elements, or
// What when it is not a matrix (for messages).
type FragSize struct {
	Regs, Bits int
	Rows, Cols int
	Elem       string
	What       string
}

// Removal is where an entry stops being valid: modules of PTX ISA version
// PTX or later for targets SM or later (both at once), which write Use
// instead. A zero PTX: never.
type Removal struct {
	PTX Version
	SM  int
	Use string
}

// Applies reports whether a module of PTX ISA version v and target sm lies
// where the entry is removed (0 for an unknown version or target: no).
func (r Removal) Applies(v Version, sm int) bool {
	return r.PTX > 0 && v >= r.PTX && sm >= r.SM
}

// Forms returns the entry's syntax lines compiled, in table order. They are
// compiled on the first call: the table has some 3,000 lines, and a
// process that checks a small kernel needs the forms of a few entries
// (compiling all of them was most of the CLI's start-up). TestRows
// compiles every entry, so a bad line still fails the tests.
func (e *Entry) Forms() []*Form {
	e.once.Do(func() {
		if err := e.compile(); err != nil {
			panic("BUG: " + err.Error())
		}
	})
	return e.forms
}

// Form is one compiled syntax line.
type Form struct {
	Entry    *Entry
	Text     string // the line as written, without gates and annotations (for docs)
	Mods     []ModTok
	Operands []OperandSpec
	PTX      Version
	SM       int
	MaxPTX   Version // legacy forms: only versions before this (0: no bound)
	MaxSM    int     // legacy forms: only targets before this (0: no bound)
	MinOps   int     // operands required
}

// GatesOK reports whether a module of PTX ISA version v and target sm takes
// the form (0 for an unknown version or target passes).
func (f *Form) GatesOK(v Version, sm int) bool {
	if v > 0 && (v < f.PTX || f.MaxPTX > 0 && v >= f.MaxPTX) {
		return false
	}
	return sm == 0 || sm >= f.SM && (f.MaxSM == 0 || sm < f.MaxSM)
}

// ModTok is one modifier position of a form.
type ModTok struct {
	Group    string   // group name, or "" for a literal
	Values   []string // the choices (a literal has one)
	Optional bool
}

// OpKind is the shape of an operand.
type OpKind uint8

const (
	OpReg     OpKind = iota // register or constant
	OpRegOnly               // register only
	OpImm                   // constant only
	OpAddr                  // [address]
	OpVec                   // {vector} or scalar
	OpLabel                 // label
	OpFunc                  // function name
	OpList                  // (list)
	OpAny                   // register or constant of any type
	OpPack                  // {a, b, ...} as wide as the instruction type, together
	OpFrag                  // {a, b, ...} of any length, or one register (fragments)
	OpHandle                // [handle] or [handle, {coords}] or [handle, sampler, {coords}]
	OpSymbol                // a variable's or function's address, optionally + offset
)

// operandKind maps the ":kind" annotations of the form language to kinds
// (a switch: a map literal would be built at every start).
func operandKind(s string) (OpKind, bool) {
	switch s {
	case "label":
		return OpLabel, true
	case "func":
		return OpFunc, true
	case "imm":
		return OpImm, true
	case "reg":
		return OpRegOnly, true
	case "any":
		return OpAny, true
	case "list":
		return OpList, true
	case "pack":
		return OpPack, true
	case "frag":
		return OpFrag, true
	case "handle":
		return OpHandle, true
	case "sym":
		return OpSymbol, true
	}
	return 0, false
}

// OperandSpec is one operand position of a form.
type OperandSpec struct {
	Name     string
	Kind     OpKind
	Dest     bool
	Pair     bool   // d|p: may carry a predicate output
	Type     string // concrete type (".pred"), a group name, "wide", "dpacc", or "" (instruction type)
	Optional bool
	Values   []int64 // imm=V|W: the constants the operand may be (nil: any)
}

// Group is a modifier group: its name and its values (with their dots).
// Groups are kept in slices of Group, not maps: a literal of constants is
// static data, where a map literal is built when the package starts (the
// table's maps were most of core/isa's init, which every process pays).
type Group struct {
	Name   string
	Values []string
}

// Groups are the modifier groups shared by many entries; the table
// files' shared groups are tableGroups (groups.go), looked up after these.
var Groups = []Group{
	{"rnd", []string{".rn", ".rz", ".rm", ".rp"}},
	{"irnd", []string{".rni", ".rzi", ".rmi", ".rpi"}},
	{"cmp", []string{".eq", ".ne", ".lt", ".le", ".gt", ".ge", ".lo", ".ls", ".hi", ".hs", ".equ", ".neu", ".ltu", ".leu", ".gtu", ".geu", ".num", ".nan"}},
	{"bop", []string{".and", ".or", ".xor"}},
	{"vec", []string{".v2", ".v4", ".v8"}},
	{"ss", []string{".const", ".global", ".local", ".param", ".shared", ".shared::cta", ".shared::cluster", ".param::entry", ".param::func"}},
	{"sem", []string{".relaxed", ".acquire", ".release", ".acq_rel", ".weak", ".volatile", ".mmio", ".sc"}},
	{"scope", []string{".cta", ".cluster", ".gpu", ".sys"}},
	{"itype", []string{".u16", ".u32", ".u64", ".s16", ".s32", ".s64"}},
	{"btype", []string{".b16", ".b32", ".b64"}},
	{"ftype", []string{".f32", ".f64"}},
	{"atype", []string{".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64", ".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64"}},
	{"ctype", []string{".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64", ".f16", ".bf16", ".tf32", ".f32", ".f64", ".e4m3x2", ".e5m2x2", ".f16x2", ".bf16x2"}},
}

// compile turns e.Syntax into e.forms.
func (e *Entry) compile() error {
	// The forms, their modifiers, operands and texts are cut from arrays
	// made once for the entry (formArena), not allocated form by form:
	// the first use of an entry (check.Check meets each opcode of a
	// kernel) compiles all its forms, and alu's fourteen opcodes took
	// 600 allocations for their 87 forms.
	var a formArena
	n, dots, commas, text := len(e.Syntax), 0, 0, 0
	for _, line := range e.Syntax {
		dots += strings.Count(line, ".")
		commas += strings.Count(line, ",")
		text += 2 * len(line)
	}
	fs := make([]Form, n)
	a.mods = make([]ModTok, 0, dots)
	a.lits = make([]string, 0, dots)
	a.ops = make([]OperandSpec, 0, commas+n)
	a.text = make([]byte, 0, text)
	texts := make([]int, n+1)
	e.forms = make([]*Form, n)
	for i, line := range e.Syntax {
		if err := e.compileFormInto(&fs[i], line, &a); err != nil {
			e.forms = nil
			return fmt.Errorf("isa: %s: %q: %v", e.Name, line, err)
		}
		e.forms[i] = &fs[i]
		texts[i+1] = len(a.text)
	}
	all := string(a.text)
	for i := range fs {
		fs[i].Text = all[texts[i]:texts[i+1]]
	}
	return nil
}

// formArena holds the arrays an entry's forms are cut from as they are
// compiled (each form's slices capped at their length, so an append to
// one never writes into the next), and the forms' texts one after
// another.
type formArena struct {
	mods []ModTok
	lits []string
	ops  []OperandSpec
	text []byte
}

// group finds a group by name: the entry's own, then Groups, then
// tableGroups.
func (e *Entry) group(name string) ([]string, bool) {
	for i := range e.Groups {
		if e.Groups[i].Name == name {
			return e.Groups[i].Values, true
		}
	}
	v, ok := sharedGroups()[name]
	return v, ok
}

// sharedGroups indexes Groups and tableGroups by name, Groups' first: made
// on first use (compiling a form looks up each of its modifiers), not at
// start as a map literal would be. A function over a sync.Once rather than
// a var set to sync.OnceValue(...): no package-level initializer of core/isa
// calls a function (TestTablesAreData).
func sharedGroups() map[string][]string {
	sharedGroupsOnce.Do(func() {
		m := make(map[string][]string, len(Groups)+len(tableGroups))
		for _, gs := range [][]Group{tableGroups, Groups} {
			for _, g := range gs {
				m[g.Name] = g.Values
			}
		}
		sharedGroupsMap = m
	})
	return sharedGroupsMap
}

var (
	sharedGroupsOnce sync.Once
	sharedGroupsMap  map[string][]string
)

// isSpace reports white space as strings.Fields finds it in ASCII (the
// table's text): a byte test where strings.IndexAny and TrimLeft build a
// set of the characters at each call.
func isSpace(c byte) bool { return c == ' ' || c-'\t' <= '\r'-'\t' }

// compileForm compiles one syntax line alone.
func (e *Entry) compileForm(line string) (*Form, error) {
	f := &Form{}
	a := formArena{mods: make([]ModTok, 0, strings.Count(line, "."))}
	if err := e.compileFormInto(f, line, &a); err != nil {
		return nil, err
	}
	f.Text = string(a.text)
	return f, nil
}

// compileFormInto compiles line into *f, its slices cut from a and its
// text appended to a.text (the caller sets f.Text).
func (e *Entry) compileFormInto(f *Form, line string, a *formArena) error {
	*f = Form{Entry: e, PTX: e.PTX, SM: e.SM}
	// The words, as strings.Fields splits them, taken one at a time: the
	// gates read, the head kept, and the operand words kept as the span
	// of the line from the first to the last (the words with single
	// spaces between, as the span is when nothing else lies in it: gates
	// after the last operand, as the tables write them, end the span).
	var head string
	opStart, opEnd, opWords, opLen := -1, -1, 0, 0
	contiguous := true
	gated := false // a gate after the first operand word
	for rest, off := line, 0; ; {
		i := 0
		for i < len(rest) && isSpace(rest[i]) {
			i++
		}
		t := rest[i:]
		off += i
		if t == "" {
			break
		}
		n := 0
		for n < len(t) && !isSpace(t[n]) {
			n++
		}
		w := t[:n]
		switch {
		case strings.HasPrefix(w, "@ptx<"):
			v, ok := ParseVersion(w[5:])
			if !ok {
				return fmt.Errorf("bad gate %s", w)
			}
			f.MaxPTX = v
			gated = opStart >= 0
		case strings.HasPrefix(w, "@sm<"):
			f.MaxSM = ParseTarget("sm_" + w[4:])
			if f.MaxSM == 0 {
				return fmt.Errorf("bad gate %s", w)
			}
			gated = opStart >= 0
		case strings.HasPrefix(w, "@ptx"):
			v, ok := ParseVersion(w[4:])
			if !ok {
				return fmt.Errorf("bad gate %s", w)
			}
			f.PTX = max(f.PTX, v)
			gated = opStart >= 0
		case strings.HasPrefix(w, "@sm_"):
			f.SM = max(f.SM, ParseTarget(w[1:]))
			gated = opStart >= 0
		case head == "":
			head = w
		default:
			if opStart < 0 {
				opStart = off
			}
			if gated {
				contiguous = false // an operand word after a gate
			}
			opEnd = off + n
			opWords++
			opLen += n
		}
		rest, off = t[n:], off+n
	}
	if head == "" {
		return fmt.Errorf("empty form")
	}
	if !strings.HasPrefix(head, e.Name) {
		return fmt.Errorf("form does not start with %s", e.Name)
	}
	mods := head[len(e.Name):]
	modStart := len(a.mods)
	for mods != "" {
		opt := false
		var tok string
		if mods[0] == '{' {
			end := strings.IndexByte(mods, '}')
			if end < 0 {
				return fmt.Errorf("unclosed {")
			}
			tok, mods, opt = mods[1:end], mods[end+1:], true
		} else {
			end := 1
			for end < len(mods) && mods[end] != '.' && mods[end] != '{' {
				end++
			}
			tok, mods = mods[:end], mods[end:]
		}
		if !strings.HasPrefix(tok, ".") {
			return fmt.Errorf("modifier %q lacks a dot", tok)
		}
		m := ModTok{Optional: opt}
		if vals, ok := e.group(tok[1:]); ok {
			m.Group, m.Values = tok[1:], vals
		} else {
			a.lits = append(a.lits, tok) // a literal's one-value list
			m.Values = a.lits[len(a.lits)-1 : len(a.lits) : len(a.lits)]
		}
		a.mods = append(a.mods, m)
	}
	f.Mods = a.mods[modStart:len(a.mods):len(a.mods)]
	ops := ""
	if opStart >= 0 {
		ops = line[opStart:opEnd]
		if !contiguous || len(ops) != opLen+opWords-1 {
			// Gates or runs of white space among the operand words: the
			// words joined with single spaces, as strings.Join gives them.
			var b strings.Builder
			for _, w := range strings.Fields(ops) {
				if strings.HasPrefix(w, "@ptx") || strings.HasPrefix(w, "@sm<") || strings.HasPrefix(w, "@sm_") {
					continue // a gate, read above
				}
				if b.Len() > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(w)
			}
			ops = b.String()
		}
	}
	a.text = append(a.text, head...)
	if strings.TrimSpace(ops) != "" {
		opsFrom := len(a.ops)
		for i, rest := 0, ops; ; i++ {
			raw, after, more := strings.Cut(rest, ",")
			raw = strings.TrimSpace(raw)
			spec, disp, err := e.compileOperand(raw, i)
			if err != nil {
				return err
			}
			if !spec.Optional {
				if len(a.ops)-opsFrom > f.MinOps {
					return fmt.Errorf("required operand %s after an optional one", spec.Name)
				}
				f.MinOps++
			}
			a.ops = append(a.ops, spec)
			if i == 0 {
				a.text = append(a.text, ' ')
			} else {
				a.text = append(a.text, ", "...)
			}
			a.text = append(a.text, disp...)
			if !more {
				break
			}
			rest = after
		}
		f.Operands = a.ops[opsFrom:len(a.ops):len(a.ops)]
	}
	return nil
}

func (e *Entry) compileOperand(raw string, pos int) (OperandSpec, string, error) {
	var s OperandSpec
	if strings.HasSuffix(raw, "?") {
		s.Optional = true
		raw = raw[:len(raw)-1]
	}
	if i := strings.IndexByte(raw, ':'); i >= 0 {
		s.Type = raw[i+1:]
		raw = raw[:i]
		if vals, ok := strings.CutPrefix(s.Type, "imm="); ok {
			for _, v := range strings.Split(vals, "|") {
				n, err := strconv.ParseInt(v, 0, 64)
				if err != nil {
					return s, "", fmt.Errorf("bad constant %q in %s", v, s.Type)
				}
				s.Values = append(s.Values, n)
			}
			s.Type = "imm"
		}
		if k, ok := operandKind(s.Type); ok {
			s.Kind, s.Type = k, ""
		} else if _, isType := LookupType(s.Type); !isType && s.Type != "wide" && s.Type != "dpacc" {
			if _, ok := e.group(s.Type); !ok {
				return s, "", fmt.Errorf("unknown operand type %q", s.Type)
			}
		}
	}
	disp := raw
	if i := strings.IndexByte(raw, '|'); i >= 0 {
		s.Pair = true
		raw = raw[:i]
	}
	switch {
	case strings.HasPrefix(raw, "[") && strings.HasSuffix(raw, "]"):
		if s.Kind != OpHandle {
			s.Kind = OpAddr
		}
		raw = raw[1 : len(raw)-1]
	case strings.HasPrefix(raw, "{") && strings.HasSuffix(raw, "}"):
		if s.Kind != OpPack && s.Kind != OpFrag {
			s.Kind = OpVec
		}
		raw = raw[1 : len(raw)-1]
	case strings.HasPrefix(raw, "(") && strings.HasSuffix(raw, ")"):
		s.Kind = OpList
		raw = raw[1 : len(raw)-1]
	}
	if raw == "" {
		return s, "", fmt.Errorf("empty operand")
	}
	s.Name = raw
	s.Dest = raw[0] == 'd' || (pos == 0 && (raw == "p" || raw == "q"))
	if s.Kind == OpAddr || s.Kind == OpHandle {
		s.Dest = false
	}
	if s.Optional {
		disp = "{" + disp + "}"
	}
	return s, disp, nil
}

// Synopsis writes the form's opcode and modifiers as the manual would, with
// refined groups under their base name ("sqrt.rnd.f64" for both
// "sqrt.rnd_n.f64" and "sqrt.rnd_zmp.f64"), for messages.
func (f *Form) Synopsis() string {
	var b strings.Builder
	b.WriteString(f.Entry.Name)
	for _, t := range f.Mods {
		v := t.Values[0]
		if t.Group != "" {
			g, _, _ := strings.Cut(t.Group, "_")
			if len(t.Values) > 1 || g != t.Group {
				v = "." + g
			}
		}
		if t.Optional {
			v = "{" + v + "}"
		}
		b.WriteString(v)
	}
	return b.String()
}

// Match is the result of matching an instruction's modifiers to a form.
type Match struct {
	Form *Form
	Vals []string // chosen value per Form.Mods position; "" when skipped
}

// Get returns the chosen value of the named group or of one of its
// refinements ("cmp_f" for "cmp"), or "".
func (m *Match) Get(group string) string {
	for i, t := range m.Form.Mods {
		if m.Vals[i] != "" && refines(t.Group, group) {
			return m.Vals[i]
		}
	}
	return ""
}

// refines reports whether group g is base or a refinement base_suffix.
func refines(g, base string) bool {
	return g == base || len(g) > len(base) && g[len(base)] == '_' && g[:len(base)] == base
}

// Has reports whether modifier v (with its dot) was given.
func (m *Match) Has(v string) bool {
	for _, x := range m.Vals {
		if x == v {
			return true
		}
	}
	return false
}

// Type returns the instruction type: the last chosen modifier that is a type.
func (m *Match) Type() string {
	for i := len(m.Vals) - 1; i >= 0; i-- {
		if IsType(m.Vals[i]) {
			return m.Vals[i]
		}
	}
	return ""
}

// Types returns all chosen modifiers that are types, in order.
func (m *Match) Types() []string {
	var ts []string
	for _, v := range m.Vals {
		if IsType(v) {
			ts = append(ts, v)
		}
	}
	return ts
}

// OperandType resolves the type an operand spec asks for under this match:
// a concrete type, or "" when any type is fine.
func (m *Match) OperandType(s *OperandSpec) string {
	switch s.Type {
	case "":
		return m.Type()
	case "wide":
		t, ok := LookupType(m.Type())
		if !ok {
			return ""
		}
		return wider(t)
	case "dpacc":
		// dp4a, dp2a: "Operand c has type .u32 if both .atype and .btype
		// are .u32 else operand c has type .s32"; d is c plus the products.
		if m.Get("dpa") == ".u32" && m.Get("dpb") == ".u32" {
			return ".u32"
		}
		return ".s32"
	}
	if IsType(s.Type) {
		return s.Type
	}
	return m.Get(s.Type)
}

func wider(t Type) string {
	p := map[Kind]string{KindBits: ".b", KindUint: ".u", KindSint: ".s", KindFloat: ".f"}[t.Kind]
	return fmt.Sprintf("%s%d", p, 2*t.Bits)
}

// MatchMods finds the first form whose modifier template accepts mods: in
// the template's order if any form does, else as a set (see matchSet). It
// returns nil when none does.
func (e *Entry) MatchMods(mods []string) *Match {
	for _, set := range []bool{false, true} {
		for _, f := range e.Forms() {
			if vals, ok := f.match(mods, set); ok {
				return &Match{Form: f, Vals: vals}
			}
		}
	}
	return nil
}

// MatchAll returns every form whose modifier template accepts mods, in table
// order: forms that differ only in their operands all match. Like MatchMods
// it takes the modifiers in order when some form does (compilers write the
// manual's order, and that pass is the cheap one), else as a set.
func (e *Entry) MatchAll(mods []string) []*Match {
	var ms []*Match
	for _, set := range []bool{false, true} {
		for _, f := range e.Forms() {
			if vals, ok := f.match(mods, set); ok {
				ms = append(ms, &Match{Form: f, Vals: vals})
			}
		}
		if len(ms) > 0 {
			break
		}
	}
	return ms
}

// match matches mods to f's template, in the template's order or as a set.
// It allocates only for a match: most forms an instruction is tried
// against do not match.
func (f *Form) match(mods []string, set bool) ([]string, bool) {
	var buf [16]string
	vals := buf[:0]
	if len(f.Mods) <= len(buf) {
		vals = buf[:len(f.Mods)]
	} else {
		vals = make([]string, len(f.Mods))
	}
	ok := false
	if set {
		ok = matchSet(f.Mods, mods, vals)
	} else {
		ok = matchFrom(f.Mods, mods, vals)
	}
	if !ok {
		return nil, false
	}
	return append([]string(nil), vals...), true
}

// matchSet matches modifiers written in any order, as ptxas takes them
// (div.ftz.rn.f32, ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16), where
// the order carries no meaning. It does where a modifier could fill more
// than one position, and for the positional kinds (see positional): those
// keep their relative order; any other modifier has exactly one place. A
// modifier with no place, or two for one place (a duplicate or a
// conflicting choice such as .rn.rz), fails the match.
func matchSet(tmpl []ModTok, mods []string, vals []string) bool {
	var ordered []string
	for _, m := range mods {
		at, n := -1, 0
		for i, t := range tmpl {
			if contains(t.Values, m) {
				if at < 0 {
					at = i
				}
				n++
			}
		}
		switch {
		case n == 0:
			return false
		case n == 1 && !positional(m):
			if vals[at] != "" {
				return false
			}
			vals[at] = m
		default:
			ordered = append(ordered, m)
		}
	}
	// The ordered ones fill the positions left, in the template's order.
	var rest []ModTok
	var at []int
	for i, t := range tmpl {
		if vals[i] == "" {
			rest, at = append(rest, t), append(at, i)
		}
	}
	got := make([]string, len(rest))
	if !matchFrom(rest, ordered, got) {
		return false
	}
	for k, i := range at {
		vals[i] = got[k]
	}
	return true
}

// AcceptsCount reports whether the form takes n operands.
func (f *Form) AcceptsCount(n int) bool {
	return n >= f.MinOps && n <= len(f.Operands)
}

func matchFrom(tmpl []ModTok, mods []string, vals []string) bool {
	if len(tmpl) == 0 {
		return len(mods) == 0
	}
	t := tmpl[0]
	if len(mods) > 0 {
		for _, v := range t.Values {
			if v == mods[0] {
				vals[0] = v
				if matchFrom(tmpl[1:], mods[1:], vals[1:]) {
					return true
				}
				break
			}
		}
	}
	vals[0] = ""
	return t.Optional && matchFrom(tmpl[1:], mods, vals[1:])
}

// Knows reports whether modifier v appears in any form of e.
func (e *Entry) Knows(v string) bool {
	for _, f := range e.Forms() {
		for _, t := range f.Mods {
			for _, x := range t.Values {
				if x == v {
					return true
				}
			}
		}
	}
	return false
}

// positional reports whether a modifier's meaning depends on where it
// stands among its kind: types (cvt.f32.s32 is the destination type, then
// the source's; mma.f32.f16.f16.f32 is D, A, B, C), state spaces
// (cp.async.ca.shared.global copies into .shared from .global) and matrix
// layouts (mma's .row.col: A's layout, then B's).
func positional(m string) bool {
	if IsType(m) || m == ".row" || m == ".col" {
		return true
	}
	base, _, _ := strings.Cut(m, "::")
	switch base {
	case ".global", ".shared", ".local", ".const", ".param", ".generic":
		return true
	}
	return false
}
