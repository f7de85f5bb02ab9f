package sim

// tablewalk_test.go: every form of the instruction table that the checker
// accepts lowers to an op the machine runs, or the checker says (with a
// positioned warning) that it is not simulated: no run-time surprise.
//
// For each form the test writes instances that choose every value of every
// modifier group at least once, with and without each optional modifier,
// and operands of the kinds and types the form asks for. Instances the
// checker rejects (modifier combinations the ISA forbids) prove nothing
// and are skipped; each form must have at least one accepted instance
// unless it is listed in unreachableForms with the reason.

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/isa"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// walkEntries the walk leaves to their own tests, with the reason.
var walkSkip = map[string]string{
	"call": "calls need a callee and argument lists: call_test and the corpus cover them",
}

// knownGaps are the entries some of whose forms the machine does not run
// yet although the table has no NoExec for them (the machine runs their
// other forms). The checker warns at each such instruction (check.Warnings
// through check.NotSimulated), which the walk verifies.
var knownGaps = map[string]string{
	"mma":                         "the sm_120 .kind::f8f6f4 and block-scaled kinds",
	"wgmma.mma_async":             ".b1, and transposed (MN-major) operands",
	"ldmatrix":                    "the sm_100 .m16n16 .b8 forms",
	"stmatrix":                    "the sm_100 .m16n8 .b8 forms",
	"fma":                         ".oob (out-of-bounds zeroing of tensor data)",
	"atom":                        ".b128 (128-bit registers)",
	"ld":                          ".b128 (128-bit registers)",
	"ldu":                         ".b128 (128-bit registers)",
	"st":                          ".b128 (128-bit registers)",
	"cvt":                         "stochastic rounding (.rs), .e2m1, .e2m3, .e3m2 and .ue8m0 conversions",
	"mov":                         "vectors of predicates, .b128 (128-bit registers)",
	"stacksave":                   "the stack pointer of alloca",
	"stackrestore":                "the stack pointer of alloca",
	"alloca":                      "dynamic local allocation",
	"st.async":                    "the sm_100 release stores into global memory",
	"red.async":                   "the sm_100 release reductions into global memory",
	"tensormap.replace":           "the sm_100 values of Table 33 (sub-byte element types, the 96B swizzle, swizzle atomicities other than 16B)",
	"cp.async.bulk.tensor":        ".im2col::w, .im2col::w::128, .im2col_no_offs, .tile::scatter4 and .cta_group (sm_100)",
	"cp.reduce.async.bulk.tensor": "the .im2col modes and .tile::scatter4",
	"tcgen05.mma":                 "the block-scaled kinds with .cta_group::2 and .ashift",
	"tcgen05.ld":                  "the .red forms",
}

// instance writes one instance of form f: choice k picks the modifier
// values and whether optional modifiers appear.
type instance struct {
	decls []string
	regs  map[string]int
	text  string
	// Matrix fragments: registers per fragment operand (by operand index)
	// and their width, learned from the checker's errors (fixFrags).
	fragN    map[int]int
	fragBits map[int]int
}

var (
	fragCountRE = regexp.MustCompile(`(?:the ([ABCD]|matrix) fragment \(.*\)|it|the disable-output-lane mask .*) takes (\d+) registers`)
	fragBitsRE  = regexp.MustCompile(`([ABCD]) fragment register \S+ is \d+-bit; \.\w+ elements take (\d+)-bit registers`)
)

// fixFrags reads a checker error about a fragment's size or width and
// sets the instance's fragments to match, reporting whether it did. The
// sizes depend on shape and types in ways the table does not spell out
// (the simulator's lowering knows them), so the walk learns them.
func (in *instance) fixFrags(f *isa.Form, msg string) bool {
	var frags []int
	for i := range f.Operands {
		if f.Operands[i].Kind == isa.OpFrag {
			frags = append(frags, i)
		}
	}
	operand := func(letter string) int {
		if len(frags) == 1 || letter == "matrix" || letter == "" {
			return frags[0]
		}
		return frags[strings.Index("DABC", letter)]
	}
	if len(frags) == 0 {
		return false
	}
	if m := fragCountRE.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[2])
		i := operand(m[1])
		if in.fragN[i] == n {
			return false
		}
		in.fragN[i] = n
		return true
	}
	if m := fragBitsRE.FindStringSubmatch(msg); m != nil {
		b, _ := strconv.Atoi(m[2])
		i := operand(m[1])
		if in.fragBits[i] == b {
			return false
		}
		in.fragBits[i] = b
		return true
	}
	return false
}

func (in *instance) reg(t string) string {
	if t == "" {
		t = ".b32"
	}
	ty, ok := isa.LookupType(t)
	if !ok {
		t = ".b32"
		ty, _ = isa.LookupType(t)
	}
	if !ty.Fundamental() {
		// .bf16, .tf32, .e4m3x2 ...: instruction types only (PTX ISA
		// §5.2.3); their registers are of the bit-size type of their width.
		t = ty.BitsType()
		ty, _ = isa.LookupType(t)
	}
	name := "%" + map[isa.Kind]string{isa.KindPred: "p", isa.KindFloat: "f", isa.KindBits: "b", isa.KindUint: "u", isa.KindSint: "s"}[ty.Kind]
	name += strings.TrimLeft(t, ".bfusp") + "_"
	n := in.regs[name]
	in.regs[name] = n + 1
	r := fmt.Sprintf("%s%d", name, n)
	in.decls = append(in.decls, fmt.Sprintf("\t.reg %s %s;", t, r))
	return r
}

func vecN(v string) int {
	switch v {
	case ".v2":
		return 2
	case ".v4":
		return 4
	case ".v8":
		return 8
	}
	return 0
}

// tensorCoords is how many coordinates a tensor copy of these modifiers
// names beside its tensor map: one per dimension, five (a column and four
// rows) for .tile::gather4; 0 when no dimension is given.
func tensorCoords(mods []string) int {
	n := 0
	for _, m := range mods {
		if len(m) == 3 && m[2] == 'd' && m[1] >= '1' && m[1] <= '5' {
			n = int(m[1] - '0')
		}
	}
	if n > 0 && slices.Contains(mods, ".tile::gather4") {
		n = 5
	}
	return n
}

// writeInstance returns the instruction text for choice k, or "" when the
// modifiers do not match the form (another form of the entry took them).
func writeInstance(e *isa.Entry, f *isa.Form, k int, in *instance) string {
	var mods []string
	for i, t := range f.Mods {
		if t.Optional && (k/len(t.Values)+i)%2 == 1 {
			continue
		}
		mods = append(mods, t.Values[(k+i)%len(t.Values)])
	}
	var ms []*isa.Match
	for _, x := range e.MatchAll(mods) {
		if x.Form == f {
			ms = append(ms, x)
		}
	}
	if len(ms) == 0 {
		return ""
	}
	m := ms[0]
	var ops []string
	cut := false
	for i := range f.Operands {
		s := &f.Operands[i]
		switch {
		case s.Optional && s.Name == "policy":
			// The cache policy comes with .L2::cache_hint, never without.
			if !slices.Contains(mods, ".L2::cache_hint") {
				continue
			}
		case s.Optional && s.Name == "ctaMask":
			if !slices.Contains(mods, ".multicast::cluster") {
				continue
			}
		case s.Optional && k%2 == 1:
			// Left off, and with it the optional operands after it
			// (continue above drops the hint's and mask's only).
			cut = true
		}
		if cut || s.Optional && e.Frag != nil && e.Frag(m, s.Name).Regs < 0 {
			break // none here (a cubemap's offset, a 3d depth compare), nor after
		}
		t := m.OperandType(s)
		one := func() string { return in.reg(t) }
		var op string
		switch s.Kind {
		case isa.OpReg, isa.OpRegOnly, isa.OpAny:
			op = one()
			if i == 0 && strings.HasPrefix(e.Name, "mbarrier.arrive") && slices.Contains(mods, ".shared::cluster") {
				op = "_" // a remote arrive returns no state
			}
			if s.Pair && (e.Name == "lop3" || e.Name == "elect.sync") {
				op += "|" + in.reg(".pred") // lop3.and/.or and elect.sync write d|p
			}
		case isa.OpImm:
			op = "1"
			if n := len(s.Values); n > 0 { // imm=V|W: the last the ISA allows
				op = strconv.FormatInt(s.Values[n-1], 10)
			}
			if e.Name == "cp.async" && s.Name == "size" {
				op = "16" // cp-size is 4, 8 or 16 (16 only for .cg)
			}
			if e.Name == "setmaxnreg" {
				op = "64" // a multiple of 8 from 24 to 256
			}
			if (e.Name == "tensormap.cp_fenceproxy" || e.Name == "applypriority" || e.Name == "discard" || slices.Contains(mods, ".tensormap::generic")) && s.Name == "size" {
				op = "128" // a tensor map's size or a cache line, the only one the ISA allows
			}
		case isa.OpAddr:
			at := ".b64"
			if isa.IsType(s.Type) { // [taddr]:.b32, a tensor memory address
				at = s.Type
			}
			op = "[" + in.reg(at) + "]"
		case isa.OpVec:
			if n := vecN(m.Get("vec")); n > 0 {
				var el []string
				for j := 0; j < n; j++ {
					el = append(el, one())
				}
				op = "{" + strings.Join(el, ", ") + "}"
			} else {
				op = one()
			}
		case isa.OpLabel:
			op = "L_end"
			if e.Name == "brx.idx" { // its list: a .branchtargets label
				in.decls = append(in.decls, "\tL_list: .branchtargets L_end;")
				op = "L_list"
			}
		case isa.OpSymbol:
			op = "gvar"
			if e.Name == "mapa" || e.Name == "getctarank" { // a shared variable
				in.decls = append(in.decls, "\t.shared .u32 svar[4];")
				op = "svar"
			}
		case isa.OpPack:
			ty, _ := isa.LookupType(m.Type())
			h := fmt.Sprintf(".b%d", max(ty.Bits/2, 8))
			op = "{" + in.reg(h) + ", " + in.reg(h) + "}"
		case isa.OpFrag:
			n, t := 4, ".b32"
			if k := in.fragN[i]; k > 0 {
				n = k
			}
			if e.Frag != nil { // the size the table gives, when it does
				switch fs := e.Frag(m, s.Name); {
				case fs.Regs < 0: // none here (a cubemap's offset), nor after it
					cut = true
					continue
				case fs.Regs > 0 && fs.Rows == 0:
					n = fs.Regs
				}
			}
			if in.fragBits[i] == 64 {
				t = ".b64"
			}
			var el []string
			for range n {
				el = append(el, in.reg(t))
			}
			op = "{" + strings.Join(el, ", ") + "}"
		case isa.OpHandle:
			op = "[" + in.reg(".b64") + "]"
			n := tensorCoords(mods)
			if e.Frag != nil && e.Frag(m, "coords").Regs > 0 { // [tex, {coordinates}]
				n = e.Frag(m, "coords").Regs
			}
			if n > 0 { // [tensorMap, {coordinates}]
				var el []string
				for range n {
					el = append(el, in.reg(".b32"))
				}
				op = "[" + in.reg(".b64") + ", {" + strings.Join(el, ", ") + "}]"
			}
		default:
			return ""
		}
		ops = append(ops, op)
	}
	name := e.Name
	return "\t" + name + strings.Join(mods, "") + " " + strings.Join(ops, ", ") + ";"
}

func TestEveryAcceptedFormRuns(t *testing.T) {
	var accepted, rejected, refusedOK, forms, ran int
	var unreached []string
	// WALK_ONLY=REGEXP walks the entries whose names it matches
	// (scripts/ptxas-walk passes it on).
	only := regexp.MustCompile(os.Getenv("WALK_ONLY"))
	for _, e := range isa.All {
		if _, skip := walkSkip[e.Name]; skip || !only.MatchString(e.Name) {
			continue
		}
		for fi, f := range e.Forms() {
			forms++
			n := 2
			for _, t := range f.Mods {
				n = max(n, 2*len(t.Values))
			}
			seen := map[string]bool{}
			ok := false
			for k := 0; k < n; k++ {
				in := &instance{fragN: map[int]int{}, fragBits: map[int]int{}}
				var src, text string
				var cp *check.Program
				dup := false
				var firstErrs ptx.ErrorList
				for try := 0; try < 12 && cp == nil; try++ {
					in.regs, in.decls = map[string]int{}, nil
					text = writeInstance(e, f, k, in)
					if dup = seen[text]; text == "" || dup {
						break
					}
					seen[text] = true
					// Today's PTX first; vote and shfl without .sync only
					// before PTX 6.4 (for sm_70 and up); the legacy forms
					// (mad.f32 without rounding, div.f32 ...) only for sm_1x;
					// suld.p and sust.p.{u32,s32,f32} only before PTX ISA 3.0.
					var first, all ptx.ErrorList
					for _, head := range []string{".version 9.3\n.target sm_120a\n.address_size 64\n", ".version 9.3\n.target sm_100a\n.address_size 64\n", ".version 9.3\n.target sm_90a\n.address_size 64\n", ".version 9.3\n.target sm_103a\n.address_size 64\n", ".version 6.3\n.target sm_75\n.address_size 64\n", ".version 1.4\n.target sm_13\n", ".version 1.3\n.target sm_13\n", ".version 2.3\n.target sm_20\n"} {
						src = head + ".global .u32 gvar[4];\n.visible .entry k()\n{\n" +
							strings.Join(in.decls, "\n") + "\n" + text + "\nL_end:\n\tret;\n}\n"
						mod, perrs := ptx.Parse("walk.ptx", []byte(src))
						if len(perrs) > 0 {
							continue
						}
						c, cerrs := check.Check(mod)
						if len(cerrs) == 0 {
							cp = c
							break
						}
						if first == nil {
							first = cerrs
						}
						all = append(all, cerrs...)
					}
					firstErrs = first
					if cp != nil {
						break
					}
					// Learn fragment sizes from any head's errors (the first
					// head's first may be the target's: wgmma and tcgen05
					// need their sm_90a, sm_100a).
					fixed := false
					for _, e := range all {
						if in.fixFrags(f, e.Msg) {
							fixed = true
							break
						}
					}
					if !fixed {
						break
					}
				}
				if text == "" || dup {
					continue
				}
				if cp == nil {
					rejected++
					walkDump(t, "r", e.Name, in, text, firstErrs)
					continue
				}
				ok = true
				accepted++
				walkDump(t, "a", e.Name, in, text, nil)
				p, err := Load(cp)
				if err != nil {
					t.Errorf("%s form %d: %s: load: %v", e.Name, fi, strings.TrimSpace(text), err)
					continue
				}
				var op *op
				for i := range p.funcs[0].code {
					if c := &p.funcs[0].code[i]; c.inst != nil && c.inst.Entry == e {
						op = c
					}
				}
				if op == nil {
					t.Errorf("%s: %s: no op lowered", e.Name, strings.TrimSpace(text))
					continue
				}
				if op.flags&flagNoExec == 0 {
					// It runs: one warp, registers zero (addresses fault on
					// null, which is fine); no refusal, no simulator bug.
					m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}})
					if err != nil {
						t.Fatal(err)
					}
					m.Run(1000)
					if f := m.Fault(); f != nil && (strings.Contains(f.Msg, "not simulated") || strings.Contains(f.Msg, "BUG")) {
						t.Errorf("%s form %d: %s: run: %s", e.Name, fi, strings.TrimSpace(text), f.Msg)
					}
					ran++
					continue
				}
				if _, known := knownGaps[e.Name]; e.NoExec == "" && (!known || os.Getenv("WALK_GAPS") != "") {
					t.Errorf("%s form %d: %s: the checker accepts it, the machine refuses it", e.Name, fi, strings.TrimSpace(text))
				}
				// Not simulated: the checker must have said so at the line.
				refusedOK++
				line := strings.Count(src[:strings.Index(src, text)], "\n") + 1
				found := false
				for _, w := range check.Warnings(cp) {
					if w.Pos.Line == line && strings.Contains(w.Msg, "not simulated") {
						found = true
					}
				}
				if !found {
					t.Errorf("%s: %s: not simulated, and the checker gives no warning at line %d", e.Name, strings.TrimSpace(text), line)
				}
			}
			if !ok {
				unreached = append(unreached, fmt.Sprintf("%s form %d %q", e.Name, fi, f.Text))
			}
		}
	}
	t.Logf("%d forms: %d instances accepted (%d ran, %d not simulated and warned of), %d rejected by the checker; %d forms with no accepted instance", forms, accepted, ran, refusedOK, rejected, len(unreached))
	for _, u := range unreached {
		t.Errorf("no accepted instance (the walk proves nothing for it): %s", u)
	}
}

// walkDump writes one instance as a PTX module for ptxas when WALK_DUMP
// names a folder (scripts/ptxas-walk): kind "a" for an instance the
// checker accepts, with the first of walkHeads it accepts (CUDA 13.0's
// ptxas knows PTX ISA 9.0), "r" for one it rejects, with the checker's
// first error in a comment. ptxas refusing an "a" file means the table
// accepts what ptxas does not; ptxas accepting an "r" file, the opposite.
func walkDump(t *testing.T, kind, name string, in *instance, text string, errs ptx.ErrorList) {
	dir := os.Getenv("WALK_DUMP")
	if dir == "" {
		return
	}
	body := ".global .u32 gvar[4];\n.visible .entry k()\n{\n" + strings.Join(in.decls, "\n") + "\n" + text + "\nL_end:\n\tret;\n}\n"
	head, note := "", ""
	if kind == "a" {
		for _, h := range walkHeads {
			mod, perrs := ptx.Parse("walk.ptx", []byte(h+body))
			if len(perrs) > 0 {
				continue
			}
			if _, cerrs := check.Check(mod); len(cerrs) == 0 {
				head = h
				break
			}
		}
		if head == "" {
			return // a newer PTX ISA or a legacy target only: nothing ptxas 13.0 takes
		}
	} else {
		head = walkHeads[1]
		if len(errs) > 0 {
			note = strings.ReplaceAll(errs[0].Msg, "\n", " ")
		}
	}
	walkDumpN++
	src := fmt.Sprintf("// %s %s: %s\n%s%s", kind, name, note, head, body)
	if err := os.WriteFile(fmt.Sprintf("%s/%s-%05d.ptx", dir, kind, walkDumpN), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

var (
	walkDumpN int
	walkHeads = []string{
		".version 9.0\n.target sm_90a\n.address_size 64\n",
		".version 9.0\n.target sm_100a\n.address_size 64\n",
		".version 9.0\n.target sm_120a\n.address_size 64\n",
		".version 9.0\n.target sm_103a\n.address_size 64\n",
		".version 6.3\n.target sm_75\n.address_size 64\n",
	}
)
