package sim

import (
	"fmt"
	"strings"
	"testing"
)

// TestLoneSetp: the setps that stand alone before their bra (a lone op:
// the issue loop's short path with no stretch), in every comparison the
// lowerer maps onto the two forms issue runs in place where lonesInPlace
// (laneSetpEqIb with an immediate, laneSetpLtU with registers, swapped
// and negated), under the masks of fusedMasks: the predicate is cmpRef's
// for the lanes of the mask and keeps its old value elsewhere, on the
// short path and on the general path (the handler) alike. Built with the
// tag ptxplay_inplace it checks the lanes run in place, as under
// WebAssembly; without it, the handler's call.
func TestLoneSetp(t *testing.T) {
	if got := laneKind(execSetpEqualNarrowIb1); got != laneSetpEqIb {
		t.Fatalf("execSetpEqualNarrowIb1's lane kind %d, laneSetpEqIb %d", got, laneSetpEqIb)
	}
	if got := laneKind(execSetpLessNarrowU1); got != laneSetpLtU {
		t.Fatalf("execSetpLessNarrowU1's lane kind %d, laneSetpLtU %d", got, laneSetpLtU)
	}
	for _, c := range []struct {
		cmp  string
		ty   cmpType
		imm  string // b as an immediate, or "" for a register
		lane uint8  // the lane kind the lowerer gives it
	}{
		{"eq", cmpType{".s32", 32, true}, "1", laneSetpEqIb}, {"ne", cmpType{".u32", 32, false}, "0", laneSetpEqIb},
		{"eq", cmpType{".b16", 16, false}, "65535", laneSetpEqIb}, {"ne", cmpType{".s16", 16, true}, "-1", laneSetpEqIb},
		{"eq", cmpType{".u32", 32, false}, "4294967295", laneSetpEqIb},
		{"lt", cmpType{".u32", 32, false}, "", laneSetpLtU}, {"ge", cmpType{".u32", 32, false}, "", laneSetpLtU},
		{"gt", cmpType{".u16", 16, false}, "", laneSetpLtU}, {"le", cmpType{".u32", 32, false}, "", laneSetpLtU},
		{"lo", cmpType{".u32", 32, false}, "", laneSetpLtU}, {"hs", cmpType{".u16", 16, false}, "", laneSetpLtU},
	} {
		name := "setp." + c.cmp + c.ty.name
		ra, rb := regOf(c.ty.w, 1), regOf(c.ty.w, 2)
		if c.imm != "" {
			rb = c.imm
		}
		inst := fmt.Sprintf("%s %%p4, %s, %s", name, ra, rb)
		t.Run(inst, func(t *testing.T) {
			body := fmt.Sprintf(`
	ld.global%[1]s %[2]s, [%%ia];
	ld.global%[1]s %[3]s, [%%ia+256];
	ld.global.u32 %%r20, [%%ia+512];
	ld.global.u32 %%r21, [%%ia+768];
	setp.eq.u32 %%p1, %%r20, 0;
	setp.ne.u32 %%p4, %%r21, 0;
	@%%p1 bra SKIP;
	%[4]s;
	@%%p4 bra SKIP;
	add.s32 %%r22, %%r20, 1;
SKIP:
	selp.u32 %%r12, 1, 0, %%p4;
	st.global.u32 [%%oa], %%r12;
`, ldst(c.ty.w), ra, regOf(c.ty.w, 2), inst)
			p := compileHarness(t, "", "", body)
			found := false
			for i := range p.byName["k"].code {
				if o := &p.byName["k"].code[i]; strings.Join(strings.Fields(o.text), " ") == inst+";" {
					if o.lane != c.lane || o.blk != 1 {
						t.Fatalf("lane kind %d, stretch %d: want %d, a lone op", o.lane, o.blk, c.lane)
					}
					found = true
				}
			}
			if !found {
				t.Fatalf("no op %q", inst)
			}
			b := func(v uint64) uint64 { return v }
			if c.imm != "" {
				var v int64
				fmt.Sscan(c.imm, &v)
				b = func(uint64) uint64 { return uint64(v) & mk(c.ty.w) }
			}
			in := opCase{widths: []int{32, c.ty.w, c.ty.w}}.inputs() // p; a, b: two rows a round
			if c.imm != "" {
				// a runs through the edge values and b's neighbours, a
				// different one in each lane and each lane through all
				// (the pairs of inputs hold a for 16 lanes or more).
				vs := append(edges(c.ty.w), b(0), b(0)+1, b(0)-1)
				in = in[:0]
				for r := range vs {
					var row [32]uint64
					for i := range row {
						row[i] = vs[(i*5+r)%len(vs)] & mk(c.ty.w)
					}
					in = append(in, row, row)
				}
			}
			for _, mask := range fusedMasks {
				for row := 0; row+1 < len(in); row += 2 {
					var on, old [32]uint64
					for i := range on {
						on[i] = uint64(mask >> i & 1)
						old[i] = uint64(i*7/3) & 1 // an irregular pattern of old predicates
					}
					rows := [][32]uint64{in[row], in[row+1], on, old}
					out, gen := runStretch(t, p, rows, 1, false), runStretch(t, p, rows, 1, true)
					for i := 0; i < 32; i++ {
						a, bb := in[row][i]&mk(c.ty.w), b(in[row+1][i]&mk(c.ty.w))
						want := old[i]
						if mask>>i&1 != 0 {
							want = bit(cmpRef(c.cmp, c.ty, a, bb))
						}
						if out[0][i] != want || gen[0][i] != want {
							t.Fatalf("mask %#08x, lane %d: %s %#x, %#x (old %d): got %d (the handler's path %d), want %d",
								mask, i, name, a, bb, old[i], out[0][i], gen[0][i], want)
						}
					}
				}
			}
		})
	}
}
