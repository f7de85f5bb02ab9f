package sim

import (
	"fmt"
	"math/bits"
	"testing"
)

// TestLaneLoopMasks: every generated lane loop (exec_lanes.go) under
// active masks of every shape its three paths see: all 32 lanes (the
// written-out path), at least denseLanes lanes (all 32 computed, the
// inactive ones keeping their old value by a select), and fewer (the
// active lanes one by one), with the edges of each (one lane, lane 31
// alone, denseLanes-1 and denseLanes lanes, alternate lanes, all but one);
// and each in place (d = a), where a lane's source is its own
// destination. A lane outside the mask must keep its old value, a lane
// inside must get the model's: the ISA's definition of each instruction
// (9.7.1, 9.7.8) on the operands cut to the type's width.
func TestLaneLoopMasks(t *testing.T) {
	sx32 := func(v uint64) uint64 { return uint64(int64(int32(uint32(v)))) }
	clamp := func(n, w uint64) uint64 { return min(n, w) }
	cases := []struct {
		inst  string
		w     int
		srcs  int    // register sources (a, b, c)
		imm   string // a last operand written as an immediate, if any
		model func(a, b, c uint64) uint64
	}{
		{"mov.b32", 32, 1, "", func(a, _, _ uint64) uint64 { return a }},
		{"mov.b64", 64, 1, "", func(a, _, _ uint64) uint64 { return a }},
		{"add.s32", 32, 2, "", func(a, b, _ uint64) uint64 { return (a + b) & mk(32) }},
		{"sub.u32", 32, 2, "", func(a, b, _ uint64) uint64 { return (a - b) & mk(32) }},
		{"mul.lo.s32", 32, 2, "", func(a, b, _ uint64) uint64 { return (a * b) & mk(32) }},
		{"mad.lo.s32", 32, 3, "", func(a, b, c uint64) uint64 { return (a*b + c) & mk(32) }},
		{"mad.lo.s32", 32, 1, "3, 1", func(a, _, _ uint64) uint64 { return (3*a + 1) & mk(32) }},
		{"add.s64", 64, 2, "", func(a, b, _ uint64) uint64 { return a + b }},
		{"sub.s64", 64, 2, "", func(a, b, _ uint64) uint64 { return a - b }},
		{"mul.lo.u64", 64, 2, "", func(a, b, _ uint64) uint64 { return a * b }},
		{"mad.lo.s64", 64, 3, "", func(a, b, c uint64) uint64 { return a*b + c }},
		{"and.b32", 32, 2, "", func(a, b, _ uint64) uint64 { return a & b }},
		{"or.b64", 64, 2, "", func(a, b, _ uint64) uint64 { return a | b }},
		{"xor.b16", 16, 2, "", func(a, b, _ uint64) uint64 { return a ^ b }},
		{"shl.b32", 32, 2, "", func(a, b, _ uint64) uint64 {
			if b&mk(32) >= 32 {
				return 0
			}
			return a << (b & mk(32)) & mk(32)
		}},
		{"shr.u32", 32, 2, "", func(a, b, _ uint64) uint64 { return a >> clamp(b&mk(32), 32) }},
		{"shr.s32", 32, 2, "", func(a, b, _ uint64) uint64 { return uint64(int64(sx32(a))>>clamp(b&mk(32), 63)) & mk(32) }},
		{"shr.s64", 64, 2, "", func(a, b, _ uint64) uint64 { return uint64(int64(a) >> clamp(b&mk(32), 63)) }},
		{"shl.b64", 64, 2, "", func(a, b, _ uint64) uint64 {
			if b&mk(32) >= 64 {
				return 0
			}
			return a << (b & mk(32))
		}},
		{"shl.b64", 64, 1, "13", func(a, _, _ uint64) uint64 { return a << 13 }},
		{"shr.u16", 16, 1, "5", func(a, _, _ uint64) uint64 { return a >> 5 }},
		{"shr.s32", 32, 1, "1", func(a, _, _ uint64) uint64 { return uint64(int64(sx32(a))>>1) & mk(32) }},
		{"shr.s64", 64, 1, "40", func(a, _, _ uint64) uint64 { return uint64(int64(a) >> 40) }},
		{"mul.wide.u32", 32, 2, "", func(a, b, _ uint64) uint64 { return a * b }},
		{"mul.wide.s32", 32, 2, "", func(a, b, _ uint64) uint64 { return uint64(int64(int32(uint32(a))) * int64(int32(uint32(b)))) }},
		// cvta to a generic address: the space's window in ptxplay's
		// address layout (mem.go) added, cut to the type's width.
		{"cvta.global.u64", 64, 1, "", func(a, _, _ uint64) uint64 { return a }},
		{"cvta.shared.u64", 64, 1, "", func(a, _, _ uint64) uint64 { return a + sharedWindow }},
		{"cvta.shared.u32", 32, 1, "", func(a, _, _ uint64) uint64 { return (a + sharedWindow) & mk(32) }},
	}
	masks := []uint32{
		^uint32(0), 1, 1 << 31, 1<<(denseLanes-1) - 1, 1<<denseLanes - 1, 0x55555555, 0x7fffffff, 0xfffffffe,
		0x80000001, 0x0000ff00,
	}
	for _, c := range cases {
		r := func(n int) string { return regOf(c.w, n) }
		dw := map[string]int{"mul.wide.u32": 64, "mul.wide.s32": 64}[c.inst] // the destination's width
		if dw == 0 {
			dw = c.w
		}
		for _, inPlace := range []bool{false, true} {
			if inPlace && dw != c.w {
				continue
			}
			// d = OP a{, b{, c}}{, imm}; in place: a = OP a, ...
			d := regOf(dw, 4)
			if inPlace {
				d = r(1)
			}
			ops := []string{r(1), r(2), r(3)}[:c.srcs]
			cvt := ""
			if c.inst[:2] == "sh" && c.w == 64 && c.srcs == 2 {
				// A shift's count is a .u32 operand.
				ops[1], cvt = "%r5", "cvt.u32.u64 %r5, %rd2;"
			}
			if c.imm != "" {
				ops = append(ops, c.imm)
			}
			inst := fmt.Sprintf("%s %s", c.inst, d)
			for _, o := range ops {
				inst += ", " + o
			}
			t.Run(fmt.Sprintf("%s, in place %v", inst, inPlace), func(t *testing.T) {
				body := fmt.Sprintf(`
	ld.global%[1]s %[2]s, [%%ia];
	ld.global%[1]s %[3]s, [%%ia+256];
	ld.global%[1]s %[4]s, [%%ia+512];
	ld.global%[9]s %[5]s, [%%ia+768];
	ld.global.u32 %%r20, [%%ia+1024];
	setp.ne.u32 %%p1, %%r20, 0;
	%[8]s
	@%%p1 %[6]s;
	st.global%[9]s [%%oa], %[7]s;
`, ldst(c.w), r(1), r(2), r(3), regOf(dw, 4), inst, d, cvt, ldst(dw))
				p := compileHarness(t, "", "", body)
				in := opCase{widths: []int{dw, c.w, c.w, c.w, dw}}.inputs() // d; a, b, c, old: four rows a round
				for _, mask := range masks {
					for row := 0; row+3 < len(in); row += 4 {
						var on [32]uint64
						for i := range on {
							on[i] = uint64(mask >> i & 1)
						}
						out := runHarness(t, p, [][32]uint64{in[row], in[row+1], in[row+2], in[row+3], on}, 1)
						for i := 0; i < 32; i++ {
							a, b, cc, old := in[row][i]&mk(c.w), in[row+1][i]&mk(c.w), in[row+2][i]&mk(c.w), in[row+3][i]&mk(dw)
							if inPlace {
								old = a
							}
							want := old
							if mask>>i&1 != 0 {
								want = c.model(a, b, cc) & mk(dw)
							}
							if out[0][i] != want {
								t.Fatalf("mask %#08x (%d lanes), lane %d: a=%#x b=%#x c=%#x old=%#x: got %#x, want %#x",
									mask, bits.OnesCount32(mask), i, a, b, cc, old, out[0][i], want)
							}
						}
					}
				}
			})
		}
	}
}

// TestSetpMasks: the integer setps without a BoolOp (exec_lanes.go: all 32
// lanes compared, the result written under the active mask) for each
// comparison form the lowerer tells apart (equal below 64 bits and at 64,
// unsigned and signed less below 64 bits, less at 64; swapped and negated
// operands), with p|q and p alone, under the masks of TestLaneLoopMasks:
// the predicates of lanes outside the mask keep their old values (set
// from an input before), those inside get the comparison (cmpRef, the
// ISA's definition on the operands cut to the type's width) and its
// negation. (A guard of no lane never reaches the handler: mask 0 checks
// that the predicates stay.)
func TestSetpMasks(t *testing.T) {
	masks := []uint32{
		^uint32(0), 1, 1 << 31, 0x55555555, 0x7fffffff, 0xfffffffe, 0x0000ff00, 0,
	}
	for _, c := range []struct {
		cmp string
		ty  cmpType
	}{
		{"eq", cmpType{".u32", 32, false}}, {"ne", cmpType{".s32", 32, true}},
		{"eq", cmpType{".b16", 16, false}}, {"ne", cmpType{".u64", 64, false}},
		{"lt", cmpType{".u32", 32, false}}, {"ge", cmpType{".u32", 32, false}},
		{"gt", cmpType{".u16", 16, false}}, {"le", cmpType{".u32", 32, false}},
		{"lt", cmpType{".s32", 32, true}}, {"ge", cmpType{".s16", 16, true}},
		{"gt", cmpType{".s32", 32, true}}, {"le", cmpType{".s32", 32, true}},
		{"lo", cmpType{".u32", 32, false}}, {"hs", cmpType{".u16", 16, false}},
		{"lt", cmpType{".u64", 64, false}}, {"gt", cmpType{".s64", 64, true}},
		{"le", cmpType{".s64", 64, true}}, {"hi", cmpType{".u64", 64, false}},
	} {
		name := "setp." + c.cmp + c.ty.name
		t.Run(name, func(t *testing.T) {
			ra, rb := regOf(c.ty.w, 1), regOf(c.ty.w, 2)
			body := fmt.Sprintf(`
	ld.global%[1]s %[2]s, [%%ia];
	ld.global%[1]s %[3]s, [%%ia+256];
	ld.global.u32 %%r20, [%%ia+512];
	ld.global.u32 %%r21, [%%ia+768];
	setp.ne.u32 %%p1, %%r20, 0;
	setp.ne.u32 %%p2, %%r21, 0;
	setp.eq.u32 %%p3, %%r21, 0;
	setp.ne.u32 %%p4, %%r21, 0;
	@%%p1 %[4]s %%p2|%%p3, %[2]s, %[3]s;
	@%%p1 %[4]s %%p4, %[2]s, %[3]s;
	selp.u32 %%r10, 1, 0, %%p2;
	selp.u32 %%r11, 1, 0, %%p3;
	selp.u32 %%r12, 1, 0, %%p4;
	st.global.u32 [%%oa], %%r10;
	st.global.u32 [%%oa+256], %%r11;
	st.global.u32 [%%oa+512], %%r12;
`, ldst(c.ty.w), ra, rb, name)
			p := compileHarness(t, "", "", body)
			in := opCase{widths: []int{32, c.ty.w, c.ty.w}}.inputs() // p; a, b: two rows a round
			for _, mask := range masks {
				for row := 0; row+1 < len(in); row += 2 {
					var on, old [32]uint64
					for i := range on {
						on[i] = uint64(mask >> i & 1)
						old[i] = uint64(i*7/3) & 1 // an irregular pattern of old predicates
					}
					out := runHarness(t, p, [][32]uint64{in[row], in[row+1], on, old}, 3)
					for i := 0; i < 32; i++ {
						a, b := in[row][i]&mk(c.ty.w), in[row+1][i]&mk(c.ty.w)
						p, q := old[i], 1-old[i]
						if mask>>i&1 != 0 {
							p = bit(cmpRef(c.cmp, c.ty, a, b))
							q = 1 - p
						}
						if out[0][i] != p || out[1][i] != q || out[2][i] != p {
							t.Fatalf("mask %#08x, lane %d: %s %#x, %#x (old p %d): got p=%d q=%d p(single)=%d, want p=%d q=%d",
								mask, i, name, a, b, old[i], out[0][i], out[1][i], out[2][i], p, q)
						}
					}
				}
			}
		})
	}
}
