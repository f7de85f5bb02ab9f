package sim

import (
	"fmt"
	"reflect"
	"testing"
)

// setpMasks are the active masks TestSetpHandlerPredicates runs a lone
// setp under: every lane, one lane at each end, the two ends, alternating
// lanes both ways, all but one lane at each end, and none.
var setpMasks = []uint32{
	^uint32(0), 1, 1 << 31, 0x80000001, 0x55555555, 0xaaaaaaaa, 0x7fffffff, 0xfffffffe, 0,
}

// TestSetpHandlerPredicates: a setp alone (its handler's call: the
// generated setps of exec_lanes.go, each comparison and the forms with an
// immediate b) with one destination (the forms for p alone, oneForms) and
// with two (p|q), under the masks
// of setpMasks, with the predicates set beforehand to an irregular
// pattern: in the mask, p is the comparison (PTX ISA 9.7.9.10: p = a CmpOp
// b, q = !p), outside it p and q keep their values, and the predicates the
// setp does not name (%p0, the first slot, and %p15, the last) keep theirs
// in every lane; on the short path and the general path alike.
func TestSetpHandlerPredicates(t *testing.T) {
	// gen[two] are the generated setps for p and q (two), or for p alone.
	var gen [2]map[uintptr]bool
	gen[0], gen[1] = map[uintptr]bool{}, map[uintptr]bool{}
	for _, f := range oneForms {
		gen[1][reflect.ValueOf(f.of).Pointer()] = true
		gen[0][reflect.ValueOf(f.form).Pointer()] = true
	}
	if len(gen[0]) != 8 || len(gen[1]) != 8 {
		t.Fatalf("%d and %d generated setps, want 8 each", len(gen[0]), len(gen[1]))
	}
	for _, c := range []struct {
		cmp string
		ty  cmpType
		imm string // b as an immediate, or "" for a register
	}{
		{"eq", cmpType{".s32", 32, true}, ""}, {"ne", cmpType{".u32", 32, false}, ""},
		{"eq", cmpType{".b16", 16, false}, ""}, {"eq", cmpType{".u64", 64, false}, ""},
		{"lt", cmpType{".u32", 32, false}, ""}, {"ge", cmpType{".u32", 32, false}, ""},
		{"gt", cmpType{".s32", 32, true}, ""}, {"le", cmpType{".s16", 16, true}, ""},
		{"lt", cmpType{".s64", 64, true}, ""}, {"hs", cmpType{".u64", 64, false}, ""},
		{"eq", cmpType{".s32", 32, true}, "1"}, {"ne", cmpType{".s32", 32, true}, "0"},
		{"lt", cmpType{".u32", 32, false}, "3"}, {"ge", cmpType{".u32", 32, false}, "0x80000000"},
		{"lt", cmpType{".s32", 32, true}, "-1"}, {"ge", cmpType{".s32", 32, true}, "0"},
	} {
		for _, two := range []bool{false, true} {
			ra, rb := regOf(c.ty.w, 1), regOf(c.ty.w, 2)
			b := rb
			if c.imm != "" {
				b = c.imm
			}
			d := "%p4"
			if two {
				d = "%p4|%p5"
			}
			inst := fmt.Sprintf("setp.%s%s %s, %s, %s", c.cmp, c.ty.name, d, ra, b)
			t.Run(inst, func(t *testing.T) {
				// The lanes whose input 2 is 0 branch over the setp, which
				// is alone: its lanes meet right after it.
				body := fmt.Sprintf(`
	ld.global%[1]s %[2]s, [%%ia];
	ld.global%[1]s %[3]s, [%%ia+256];
	ld.global.u32 %%r20, [%%ia+512];
	ld.global.u32 %%r21, [%%ia+768];
	and.b32 %%r23, %%r21, 1;
	setp.ne.u32 %%p4, %%r23, 0;
	and.b32 %%r23, %%r21, 2;
	setp.ne.u32 %%p5, %%r23, 0;
	and.b32 %%r23, %%r21, 4;
	setp.ne.u32 %%p0, %%r23, 0;
	and.b32 %%r23, %%r21, 8;
	setp.ne.u32 %%p15, %%r23, 0;
	setp.eq.u32 %%p1, %%r20, 0;
	@%%p1 bra SKIP;
	%[4]s;
SKIP:
	selp.u32 %%r12, 1, 0, %%p4;
	st.global.u32 [%%oa], %%r12;
	selp.u32 %%r12, 1, 0, %%p5;
	st.global.u32 [%%oa+256], %%r12;
	selp.u32 %%r12, 1, 0, %%p0;
	st.global.u32 [%%oa+512], %%r12;
	selp.u32 %%r12, 1, 0, %%p15;
	st.global.u32 [%%oa+768], %%r12;
`, ldst(c.ty.w), ra, rb, inst)
				p := compileHarness(t, "", "", body)
				o := opText(t, p, inst+";")
				if !gen[oneIf(two)][reflect.ValueOf(o.exec).Pointer()] {
					t.Fatalf("%s: not one of the generated setps for %d destinations", inst, 1+oneIf(two))
				}
				in := opCase{widths: []int{32, c.ty.w, c.ty.w}}.inputs() // p; a, b: two rows a round
				for _, mask := range setpMasks {
					for row := 0; row+1 < len(in); row += 2 {
						var on, old [32]uint64
						for i := range on {
							on[i] = uint64(mask >> i & 1)
							old[i] = uint64(i*7/3+i/5) & 15 // p4, p5, p0 and p15 in bits 0-3
						}
						rows := [][32]uint64{in[row], in[row+1], on, old}
						if c.imm != "" {
							rows[1] = [32]uint64{}
						}
						for _, general := range []bool{false, true} {
							out := runStretch(t, p, rows, 4, general)
							for i := 0; i < 32; i++ {
								a, bv := in[row][i]&mk(c.ty.w), in[row+1][i]&mk(c.ty.w)
								if c.imm != "" {
									bv = immValue(t, c.imm) & mk(c.ty.w)
								}
								want := [4]uint64{old[i] & 1, old[i] >> 1 & 1, old[i] >> 2 & 1, old[i] >> 3 & 1}
								if mask>>i&1 != 0 {
									want[0] = bit(cmpRef(c.cmp, c.ty, a, bv))
									if two {
										want[1] = want[0] ^ 1
									}
								}
								got := [4]uint64{out[0][i], out[1][i], out[2][i], out[3][i]}
								if got != want {
									t.Fatalf("general path %v, mask %#08x, lane %d: a=%#x b=%#x old=%04b: got p4 p5 p0 p15 = %v, want %v",
										general, mask, i, a, bv, old[i], got, want)
								}
							}
						}
					}
				}
			})
		}
	}
}

// immValue is the value of an immediate as the tests above write it.
func immValue(t *testing.T, s string) uint64 {
	t.Helper()
	var v int64
	if _, err := fmt.Sscan(s, &v); err != nil {
		var u uint64
		if _, err := fmt.Sscanf(s, "0x%x", &u); err != nil {
			t.Fatalf("immediate %q: %v", s, err)
		}
		return u
	}
	return uint64(v)
}
