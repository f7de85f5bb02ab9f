package sim

// immform_test.go: the lane handlers' forms that read an immediate source
// from the op (immForm, lower.go; immForms, exec_lanes.go).

import (
	"fmt"
	"math/bits"
	"reflect"
	"strings"
	"testing"
)

// opText is the op of p's kernel written as text.
func opText(t *testing.T, p *Program, text string) *op {
	t.Helper()
	for i := range p.byName["k"].code {
		o := &p.byName["k"].code[i]
		if strings.Join(strings.Fields(o.text), " ") == text {
			return o
		}
	}
	t.Fatalf("no op %q", text)
	return nil
}

func fnName(f execFn) string {
	for _, x := range immForms {
		if reflect.ValueOf(x.form).Pointer() == reflect.ValueOf(f).Pointer() {
			return "the form of immForms"
		}
	}
	return "a handler with no immediates"
}

// TestImmForm: lowering gives an op the form of its handler with
// immediates exactly where the immediate sits where the form reads it
// (b, or b and c, or c), with its value masked to the type's width as the
// constant row holds it; an immediate elsewhere, a register there, or a
// setp whose operands the lowerer swaps (gt, le: the immediate would be
// a) keep the handler that reads rows.
func TestImmForm(t *testing.T) {
	for _, c := range []struct {
		desc string
		inst string
		form execFn    // nil: none of immForms' forms
		imm  [2]uint64 // b and c where the form reads them
	}{
		{"add, b immediate", "add.s32 %r4, %r1, 5", execAdd32Ib, [2]uint64{5}},
		{"add, b -1 masked to 32 bits", "add.u32 %r4, %r1, -1", execAdd32Ib, [2]uint64{0xffffffff}},
		{"add, a immediate (no form reads a)", "add.s32 %r4, 7, %r1", nil, [2]uint64{}},
		{"add, both registers", "add.s32 %r4, %r1, %r2", nil, [2]uint64{}},
		{"sub, b immediate", "sub.s32 %r4, %r1, 3", execSub32Ib, [2]uint64{3}},
		{"mad, b and c immediates", "mad.lo.s32 %r4, %r1, 1664525, 1013904223", execMad32Ibc, [2]uint64{1664525, 1013904223}},
		{"mad, c immediate", "mad.lo.u32 %r4, %r1, %r2, 1", execMad32Ic, [2]uint64{0, 1}},
		{"mad, b immediate alone (no form)", "mad.lo.s32 %r4, %r1, 3, %r2", nil, [2]uint64{}},
		{"mad.lo.s64 (no form)", "mad.lo.s64 %rd4, %rd1, 3, 1", nil, [2]uint64{}},
		{"add.s64, b -8", "add.s64 %rd4, %rd1, -8", execAdd64Ib, [2]uint64{0xfffffffffffffff8}},
		{"and.b32, b immediate", "and.b32 %r4, %r1, 255", execAndIb, [2]uint64{255}},
		{"xor.b16, b immediate", "xor.b16 %h4, %h1, 0xffff", execXorIb, [2]uint64{0xffff}},
		{"or.b32 (no form)", "or.b32 %r4, %r1, 1", nil, [2]uint64{}},
		{"mul.wide.u32, b immediate", "mul.wide.u32 %rd4, %r1, 132", execMulWideU32Ib, [2]uint64{132}},
		{"mul.wide.s32, b -4 masked to 32 bits", "mul.wide.s32 %rd4, %r1, -4", execMulWideS32Ib, [2]uint64{0xfffffffc}},
		{"mul.wide.s32, a immediate (no form)", "mul.wide.s32 %rd4, 4, %r1", nil, [2]uint64{}},
		{"setp.eq.s32, b immediate", "setp.eq.s32 %p4, %r1, 1", execSetpEqualNarrowIb, [2]uint64{1}},
		{"setp.ne.s32, b 0", "setp.ne.s32 %p4, %r1, 0", execSetpEqualNarrowIb, [2]uint64{0}},
		{"setp.ge.u32 (less, negated)", "setp.ge.u32 %p4, %r1, 7", execSetpLessNarrowUIb, [2]uint64{7}},
		{"setp.lt.s32, b -5 masked", "setp.lt.s32 %p4, %r1, -5", execSetpLessNarrowIb, [2]uint64{0xfffffffb}},
		{"setp.gt.s32 (swapped: no form)", "setp.gt.s32 %p4, %r1, 0", nil, [2]uint64{}},
		{"setp.le.u32 (swapped: no form)", "setp.le.u32 %p4, %r1, 9", nil, [2]uint64{}},
		{"setp.eq.s64 (not narrow: no form)", "setp.eq.s64 %p4, %rd1, 1", nil, [2]uint64{}},
		{"setp.lt.u32, a immediate (no form)", "setp.lt.u32 %p4, 3, %r1", nil, [2]uint64{}},
		{"setp with a second destination (the form writes both)", "setp.lt.u32 %p4|%p5, %r1, 3", execSetpLessNarrowUIb, [2]uint64{3}},
	} {
		t.Run(c.desc, func(t *testing.T) {
			p := compileHarness(t, "", "", "\t"+c.inst+";\n")
			o := opText(t, p, c.inst+";")
			got := twoDests(o.exec) // a setp with one destination has its form for one
			if c.form == nil {
				for _, f := range immForms {
					if reflect.ValueOf(f.form).Pointer() == got {
						t.Fatalf("%s: lowered to %s, want the handler that reads rows", c.inst, fnName(o.exec))
					}
				}
				return
			}
			if got != reflect.ValueOf(c.form).Pointer() {
				t.Fatalf("%s: not lowered to the expected form (%s)", c.inst, fnName(o.exec))
			}
			for _, f := range immForms {
				if reflect.ValueOf(f.form).Pointer() != got {
					continue
				}
				if f.imm&1 != 0 && uint64(o.off) != c.imm[0] {
					t.Errorf("%s: b = %#x, want %#x", c.inst, uint64(o.off), c.imm[0])
				}
				if f.imm&2 != 0 && o.aux != c.imm[1] {
					t.Errorf("%s: c = %#x, want %#x", c.inst, o.aux, c.imm[1])
				}
			}
		})
	}
}

// twoDests is the pointer of h's form for two destinations where h is a
// generated setp for one (oneForms), else of h.
func twoDests(h execFn) uintptr {
	p := reflect.ValueOf(h).Pointer()
	for _, f := range oneForms {
		if reflect.ValueOf(f.form).Pointer() == p {
			return reflect.ValueOf(f.of).Pointer()
		}
	}
	return p
}

// TestFusedSetpImm: the setps with an immediate b (the Ib forms) and the
// swapped ones that keep rows, first of a stretch under every mask of
// fusedMasks (fused's cases; the handler for the general path), against
// cmpRef with the immediate's value at the type's edges: lanes outside
// the mask keep their old predicate.
func TestFusedSetpImm(t *testing.T) {
	for _, c := range []struct {
		cmp string
		ty  cmpType
		imm string
		val uint64 // the immediate's bits in the type's width
	}{
		{"eq", cmpType{".s32", 32, true}, "1", 1},
		{"ne", cmpType{".s32", 32, true}, "0", 0},
		{"eq", cmpType{".u32", 32, false}, "0xffffffff", 0xffffffff},
		{"ne", cmpType{".b16", 16, false}, "0x8000", 0x8000},
		{"lt", cmpType{".u32", 32, false}, "0", 0},
		{"lt", cmpType{".u32", 32, false}, "0x80000000", 0x80000000},
		{"ge", cmpType{".u32", 32, false}, "100", 100},
		{"hs", cmpType{".u32", 32, false}, "0xffffffff", 0xffffffff},
		{"lo", cmpType{".u16", 16, false}, "0x7fff", 0x7fff},
		{"lt", cmpType{".s32", 32, true}, "-5", 0xfffffffb},
		{"lt", cmpType{".s32", 32, true}, "-2147483648", 0x80000000},
		{"ge", cmpType{".s32", 32, true}, "2147483647", 0x7fffffff},
		{"ge", cmpType{".s16", 16, true}, "-1", 0xffff},
		{"gt", cmpType{".s32", 32, true}, "0", 0},
		{"le", cmpType{".u32", 32, false}, "9", 9},
	} {
		name := "setp." + c.cmp + c.ty.name
		ra := regOf(c.ty.w, 1)
		inst := fmt.Sprintf("%s %%p4, %s, %s", name, ra, c.imm)
		t.Run(inst, func(t *testing.T) {
			body := fmt.Sprintf(`
	ld.global%[1]s %[2]s, [%%ia];
	ld.global.u32 %%r20, [%%ia+512];
	ld.global.u32 %%r21, [%%ia+768];
	setp.eq.u32 %%p1, %%r20, 0;
	setp.ne.u32 %%p4, %%r21, 0;
	@%%p1 bra SKIP;
	%[3]s;
	add.s32 %%r22, %%r20, 1;
SKIP:
	selp.u32 %%r12, 1, 0, %%p4;
	st.global.u32 [%%oa], %%r12;
`, ldst(c.ty.w), ra, inst)
			p := compileHarness(t, "", "", body)
			stretchOp(t, p, inst+";")
			// a: the edges of the width and the immediate's neighbours.
			vals := []uint64{0, 1, c.val, c.val - 1, c.val + 1, mk(c.ty.w), mk(c.ty.w) >> 1, mk(c.ty.w)>>1 + 1, 0xdead, 2}
			var a [32]uint64
			for i := range a {
				a[i] = vals[i%len(vals)] & mk(c.ty.w)
			}
			for _, mask := range fusedMasks {
				var on, old [32]uint64
				for i := range on {
					on[i] = uint64(mask >> i & 1)
					old[i] = uint64(i*7/3) & 1
				}
				rows := [][32]uint64{a, {}, on, old}
				out, gen := runStretch(t, p, rows, 1, false), runStretch(t, p, rows, 1, true)
				for i := 0; i < 32; i++ {
					want := old[i]
					if mask>>i&1 != 0 {
						want = bit(cmpRef(c.cmp, c.ty, a[i], c.val))
					}
					if out[0][i] != want || gen[0][i] != want {
						t.Fatalf("mask %#08x (%d lanes), lane %d: %s %#x, %s (old %d): got %d (the handler's path %d), want %d",
							mask, bits.OnesCount32(mask), i, name, a[i], c.imm, old[i], out[0][i], gen[0][i], want)
					}
				}
			}
		})
	}
}

// TestSetpImmBothDestinations: setp p|q with an immediate b (the Ib form
// by its handler: fused takes no setp with two destinations) writes the
// comparison to p and its negation to q, lane by lane.
func TestSetpImmBothDestinations(t *testing.T) {
	inst := "setp.lt.u32 %p4|%p5, %r1, 3"
	p := compileHarness(t, "", "", `
	ld.global.u32 %r1, [%ia];
	`+inst+`;
	selp.u32 %r12, 1, 0, %p4;
	selp.u32 %r13, 1, 0, %p5;
	st.global.u32 [%oa], %r12;
	st.global.u32 [%oa+256], %r13;
`)
	if o := opText(t, p, inst+";"); reflect.ValueOf(o.exec).Pointer() != reflect.ValueOf(execSetpLessNarrowUIb).Pointer() {
		t.Fatalf("%s: not lowered to execSetpLessNarrowUIb", inst)
	}
	var a [32]uint64
	for i := range a {
		a[i] = []uint64{0, 2, 3, 4, 0xffffffff, 0x80000000}[i%6]
	}
	for _, general := range []bool{false, true} {
		out := runStretch(t, p, [][32]uint64{a}, 2, general)
		for i := range a {
			lt := bit(a[i] < 3)
			if out[0][i] != lt || out[1][i] != lt^1 {
				t.Fatalf("general path %v, lane %d: a=%#x: got p=%d q=%d, want p=%d q=%d", general, i, a[i], out[0][i], out[1][i], lt, lt^1)
			}
		}
	}
}
