package sim

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"
	"testing"
)

// fusedMasks are the active masks TestFusedLanes runs its stretches
// under: every lane (fused's full-warp cases), denseLanes lanes or more
// (its select cases), fewer (the handler's loop), none (the stretch
// skipped), and the edges of each.
var fusedMasks = []uint32{
	^uint32(0), 0x7fffffff, 0xfffffffe, 1<<denseLanes - 1, 0x55555555, 0xffff0000,
	1<<(denseLanes-1) - 1, 1, 1 << 31, 0x80000001, 0x0000ff00, 0,
}

// runStretch runs p's kernel k on one warp with in as its inputs (the
// harness's layout) and no sanitizer, so that its plain ops take the
// issue loop's short path (fused, for a stretch of two or more); with
// general, while recording steps, so that every op takes the general
// path, its handler's call.
func runStretch(t *testing.T, p *Program, in [][32]uint64, nout int, general bool) [][32]uint64 {
	t.Helper()
	m, oa := stretchMachine(t, p, in, nout, general)
	m.Run(100000)
	if f := m.Fault(); f != nil || !m.Done() {
		t.Fatalf("run: fault %v, done %v", f, m.Done())
	}
	out := make([][32]uint64, nout)
	ob := m.Buffer(oa)
	for k := range out {
		for i := range out[k] {
			out[k][i] = binary.LittleEndian.Uint64(ob[(k*32+i)*8:])
		}
	}
	return out
}

// stretchMachine is runStretch's machine before it runs, and the address
// of its outputs.
func stretchMachine(t *testing.T, p *Program, in [][32]uint64, nout int, general bool) (*Machine, uint64) {
	t.Helper()
	ps, size, _ := p.Params("k")
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	m.Record(general)
	ia, oa := m.Alloc("in", len(in)*256), m.Alloc("out", nout*256)
	buf := m.Buffer(ia)
	for k := range in {
		for i, v := range in[k] {
			binary.LittleEndian.PutUint64(buf[(k*32+i)*8:], v)
		}
	}
	m.Store(ia, 0, buf)
	for _, pi := range ps {
		switch pi.Name {
		case "pin":
			binary.LittleEndian.PutUint64(params[pi.Offset:], ia)
		case "pout":
			binary.LittleEndian.PutUint64(params[pi.Offset:], oa)
		}
	}
	return m, oa
}

// stretchOp returns the op of p's kernel written as text, failing t
// unless it has a lane kind (fused runs it in place) in a stretch of two
// or more (op.blk): the kernels below must reach fused's cases.
func stretchOp(t *testing.T, p *Program, text string) *op {
	t.Helper()
	for i := range p.byName["k"].code {
		o := &p.byName["k"].code[i]
		if strings.Join(strings.Fields(o.text), " ") == text {
			if o.lane == 0 || o.blk < 2 {
				t.Fatalf("%s: lane kind %d, stretch %d: fused does not run its lanes", text, o.lane, o.blk)
			}
			return o
		}
	}
	t.Fatalf("no op %q", text)
	return nil
}

// TestFusedLanes: each op whose lanes fused (exec_lanes.go) runs in
// place, as the first of a stretch of plain ops after a branch that
// leaves the lanes of a mask active (every mask of fusedMasks: fused's
// full-warp, select and handler cases), and in place (d = a), with the
// edge values of TestLaneLoopMasks: a lane outside the mask keeps its old
// value, a lane inside gets the model's (the ISA's definition, as
// TestLaneLoopMasks and TestSetpMasks give it), and the whole output is
// the general path's, which calls the op's handler.
func TestFusedLanes(t *testing.T) {
	sx32 := func(v uint64) uint64 { return uint64(int64(int32(uint32(v)))) }
	cases := []struct {
		inst  string
		w, dw int    // the sources' and the destination's width
		srcs  int    // register sources (a, b, c)
		imm   string // a last operand written as an immediate, if any
		model func(a, b, c uint64) uint64
	}{
		{"mov.b32", 32, 32, 1, "", func(a, _, _ uint64) uint64 { return a }},
		{"mov.b64", 64, 64, 1, "", func(a, _, _ uint64) uint64 { return a }},
		{"mov.b16", 16, 16, 1, "", func(a, _, _ uint64) uint64 { return a }},
		{"add.s32", 32, 32, 2, "", func(a, b, _ uint64) uint64 { return (a + b) & mk(32) }},
		{"add.u32", 32, 32, 1, "-1", func(a, _, _ uint64) uint64 { return (a + mk(32)) & mk(32) }},
		{"sub.s32", 32, 32, 2, "", func(a, b, _ uint64) uint64 { return (a - b) & mk(32) }},
		// The forms with immediates (immForm): b, c, or both from the op.
		{"add.s32", 32, 32, 1, "0", func(a, _, _ uint64) uint64 { return a }},
		{"add.s32", 32, 32, 1, "2147483647", func(a, _, _ uint64) uint64 { return (a + 0x7fffffff) & mk(32) }},
		{"sub.s32", 32, 32, 1, "-7", func(a, _, _ uint64) uint64 { return (a + 7) & mk(32) }},
		{"mad.lo.s32", 32, 32, 2, "-1", func(a, b, _ uint64) uint64 { return (a*b - 1) & mk(32) }},
		{"add.s64", 64, 64, 1, "-8", func(a, _, _ uint64) uint64 { return a - 8 }},
		{"and.b32", 32, 32, 1, "0x80000001", func(a, _, _ uint64) uint64 { return a & 0x80000001 }},
		{"xor.b16", 16, 16, 1, "0xffff", func(a, _, _ uint64) uint64 { return a ^ 0xffff }},
		{"xor.b64", 64, 64, 1, "-1", func(a, _, _ uint64) uint64 { return ^a }},
		{"mad.lo.s32", 32, 32, 3, "", func(a, b, c uint64) uint64 { return (a*b + c) & mk(32) }},
		{"mad.lo.u32", 32, 32, 1, "1664525, 1013904223", func(a, _, _ uint64) uint64 { return (1664525*a + 1013904223) & mk(32) }},
		{"add.s64", 64, 64, 2, "", func(a, b, _ uint64) uint64 { return a + b }},
		{"and.b32", 32, 32, 2, "", func(a, b, _ uint64) uint64 { return a & b }},
		{"and.b64", 64, 64, 1, "255", func(a, _, _ uint64) uint64 { return a & 255 }},
		{"xor.b32", 32, 32, 2, "", func(a, b, _ uint64) uint64 { return a ^ b }},
		{"xor.b16", 16, 16, 2, "", func(a, b, _ uint64) uint64 { return a ^ b }},
		{"shl.b32", 32, 32, 1, "3", func(a, _, _ uint64) uint64 { return a << 3 & mk(32) }},
		{"shl.b32", 32, 32, 1, "31", func(a, _, _ uint64) uint64 { return a << 31 & mk(32) }},
		{"shl.b64", 64, 64, 1, "63", func(a, _, _ uint64) uint64 { return a << 63 }},
		{"shr.u32", 32, 32, 1, "1", func(a, _, _ uint64) uint64 { return a >> 1 }},
		{"shr.b16", 16, 16, 1, "15", func(a, _, _ uint64) uint64 { return a >> 15 }},
		{"shr.u64", 64, 64, 1, "33", func(a, _, _ uint64) uint64 { return a >> 33 }},
		{"mul.wide.u32", 32, 64, 2, "", func(a, b, _ uint64) uint64 { return a * b }},
		{"mul.wide.u32", 32, 64, 1, "132", func(a, _, _ uint64) uint64 { return a * 132 }},
		{"mul.wide.s32", 32, 64, 2, "", func(a, b, _ uint64) uint64 { return uint64(int64(int32(uint32(a))) * int64(int32(uint32(b)))) }},
		{"mul.wide.s32", 32, 64, 1, "4", func(a, _, _ uint64) uint64 { return uint64(int64(sx32(a)) * 4) }},
		{"mul.wide.s32", 32, 64, 1, "-4", func(a, _, _ uint64) uint64 { return uint64(int64(sx32(a)) * -4) }},
		{"mul.wide.s32", 32, 64, 1, "-2147483648", func(a, _, _ uint64) uint64 { return uint64(int64(sx32(a)) * -2147483648) }},
		{"mul.wide.u32", 32, 64, 1, "4294967295", func(a, _, _ uint64) uint64 { return a * 0xffffffff }},
		// cvta: the space's window in ptxplay's address layout (mem.go).
		{"cvta.to.global.u64", 64, 64, 1, "", func(a, _, _ uint64) uint64 { return a }},
		{"cvta.shared.u64", 64, 64, 1, "", func(a, _, _ uint64) uint64 { return a + sharedWindow }},
		{"cvta.shared.u32", 32, 32, 1, "", func(a, _, _ uint64) uint64 { return (a + sharedWindow) & mk(32) }},
	}
	for _, c := range cases {
		r := func(n int) string { return regOf(c.w, n) }
		for _, inPlace := range []bool{false, true} {
			if inPlace && c.dw != c.w {
				continue
			}
			d := regOf(c.dw, 4)
			if inPlace {
				d = r(1)
			}
			inst := c.inst + " " + d
			for _, o := range append([]string{r(1), r(2), r(3)}[:c.srcs], c.imm) {
				if o != "" {
					inst += ", " + o
				}
			}
			t.Run(fmt.Sprintf("%s, in place %v", inst, inPlace), func(t *testing.T) {
				// The lanes whose input 4 is 0 branch over the stretch
				// (the op and an add): the others run it.
				body := fmt.Sprintf(`
	ld.global%[1]s %[2]s, [%%ia];
	ld.global%[1]s %[3]s, [%%ia+256];
	ld.global%[1]s %[4]s, [%%ia+512];
	ld.global%[8]s %[5]s, [%%ia+768];
	ld.global.u32 %%r20, [%%ia+1024];
	setp.eq.u32 %%p1, %%r20, 0;
	@%%p1 bra SKIP;
	%[6]s;
	add.s32 %%r21, %%r20, 1;
SKIP:
	st.global%[8]s [%%oa], %[7]s;
`, ldst(c.w), r(1), r(2), r(3), regOf(c.dw, 4), inst, d, ldst(c.dw))
				p := compileHarness(t, "", "", body)
				stretchOp(t, p, inst+";")
				in := opCase{widths: []int{c.dw, c.w, c.w, c.w, c.dw}}.inputs() // d; a, b, c, old: four rows a round
				for _, mask := range fusedMasks {
					for row := 0; row+3 < len(in); row += 4 {
						var on [32]uint64
						for i := range on {
							on[i] = uint64(mask >> i & 1)
						}
						rows := [][32]uint64{in[row], in[row+1], in[row+2], in[row+3], on}
						out, gen := runStretch(t, p, rows, 1, false), runStretch(t, p, rows, 1, true)
						for i := 0; i < 32; i++ {
							a, b, cc, old := in[row][i]&mk(c.w), in[row+1][i]&mk(c.w), in[row+2][i]&mk(c.w), in[row+3][i]&mk(c.dw)
							if inPlace {
								old = a
							}
							want := old
							if mask>>i&1 != 0 {
								want = c.model(a, b, cc) & mk(c.dw)
							}
							if out[0][i] != want || gen[0][i] != want {
								t.Fatalf("mask %#08x (%d lanes), lane %d: a=%#x b=%#x c=%#x old=%#x: got %#x (the handler's path %#x), want %#x",
									mask, bits.OnesCount32(mask), i, a, b, cc, old, out[0][i], gen[0][i], want)
							}
						}
					}
				}
			})
		}
	}
}

// TestFusedSetp: the setps whose lanes fused runs in place (a single
// predicate destination: equality and less below 64 bits, every
// comparison the lowerer maps onto them, swapped and negated), first of a
// stretch under the masks of fusedMasks, against cmpRef and against the
// general path (the handler): the predicate's lanes outside the mask keep
// their old values.
func TestFusedSetp(t *testing.T) {
	for _, c := range []struct {
		cmp string
		ty  cmpType
	}{
		{"eq", cmpType{".s32", 32, true}}, {"ne", cmpType{".u32", 32, false}},
		{"eq", cmpType{".b16", 16, false}}, {"ne", cmpType{".s16", 16, true}},
		{"lt", cmpType{".u32", 32, false}}, {"ge", cmpType{".u32", 32, false}},
		{"gt", cmpType{".u16", 16, false}}, {"le", cmpType{".u32", 32, false}},
		{"lo", cmpType{".u32", 32, false}}, {"hs", cmpType{".u32", 32, false}},
		{"lt", cmpType{".s32", 32, true}}, {"ge", cmpType{".s32", 32, true}},
		{"gt", cmpType{".s16", 16, true}}, {"le", cmpType{".s32", 32, true}},
	} {
		name := "setp." + c.cmp + c.ty.name
		ra, rb := regOf(c.ty.w, 1), regOf(c.ty.w, 2)
		inst := fmt.Sprintf("%s %%p4, %s, %s", name, ra, rb)
		t.Run(name, func(t *testing.T) {
			body := fmt.Sprintf(`
	ld.global%[1]s %[2]s, [%%ia];
	ld.global%[1]s %[3]s, [%%ia+256];
	ld.global.u32 %%r20, [%%ia+512];
	ld.global.u32 %%r21, [%%ia+768];
	setp.eq.u32 %%p1, %%r20, 0;
	setp.ne.u32 %%p4, %%r21, 0;
	@%%p1 bra SKIP;
	%[4]s;
	add.s32 %%r22, %%r20, 1;
SKIP:
	selp.u32 %%r12, 1, 0, %%p4;
	st.global.u32 [%%oa], %%r12;
`, ldst(c.ty.w), ra, rb, inst)
			p := compileHarness(t, "", "", body)
			stretchOp(t, p, inst+";")
			in := opCase{widths: []int{32, c.ty.w, c.ty.w}}.inputs() // p; a, b: two rows a round
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
						a, b := in[row][i]&mk(c.ty.w), in[row+1][i]&mk(c.ty.w)
						want := old[i]
						if mask>>i&1 != 0 {
							want = bit(cmpRef(c.cmp, c.ty, a, b))
						}
						if out[0][i] != want || gen[0][i] != want {
							t.Fatalf("mask %#08x, lane %d: %s %#x, %#x (old %d): got %d (the handler's path %d), want %d",
								mask, i, name, a, b, old[i], out[0][i], gen[0][i], want)
						}
					}
				}
			}
		})
	}
}

// TestFusedBranches: stretches of plain ops (fused) between branches of
// every shape burst's bra path tells apart (an unguarded bra; a guarded
// one that every active lane or none takes, under the full warp and under
// the part of it a parting branch leaves; one that parts the lanes), a
// stretch that ends at a guarded plain op, and one that ends at the
// reconvergence point, under every mask of fusedMasks (the lanes of the
// mask take the parting branch). After every budget of warp instructions
// from the start (a burst's end anywhere in a stretch) the short paths'
// machine is the general path's (the counts, and the fingerprint:
// registers, written-lanes marks, predicates, the SIMT stack), and the
// output is the model's. (Written for session 10's trial of stretches that
// go on across branches, not kept: docs/benchmarks.md, "Session 10,
// browser"; two deliberate mistakes in burst, the reconvergence bound of
// a stretch dropped and a branch no lane takes skipping two ops, each fail
// it.)
func TestFusedBranches(t *testing.T) {
	body := `
	ld.global.u32 %r1, [%ia];
	ld.global.u32 %r2, [%ia+256];
	mov.u32 %r3, 0;
	mov.u32 %r4, 5;
LOOP:
	add.s32 %r3, %r3, %r1;
	xor.b32 %r5, %r3, %r4;
	bra.uni NEXT;
	add.s32 %r3, %r3, 1000;
NEXT:
	sub.s32 %r4, %r4, 1;
	setp.ne.s32 %p1, %r4, 0;
	@%p1 bra LOOP;
	setp.ne.u32 %p2, %r2, 0;
	and.b32 %r6, %r3, 255;
	@%p2 bra ODD;
	add.s32 %r6, %r6, 7;
	@%p2 bra JOIN;
	xor.b32 %r6, %r6, 64;
	bra.uni JOIN;
ODD:
	shl.b32 %r6, %r6, 1;
	@!%p2 bra JOIN;
	add.s32 %r6, %r6, 3;
	@%p2 bra ODD2;
	add.s32 %r6, %r6, 1000;
ODD2:
	mov.u32 %r7, %r6;
	add.s32 %r6, %r7, %r7;
JOIN:
	add.s32 %r6, %r6, %r5;
	sub.s32 %r6, %r6, %r4;
	@%p2 add.s32 %r6, %r6, 1;
	xor.b32 %r6, %r6, 5;
	st.global.u32 [%oa], %r6;
`
	p := compileHarness(t, "", "", body)
	stretchOp(t, p, "add.s32 %r3, %r3, %r1;")
	model := func(a uint32, on bool) uint32 {
		r3 := 5 * a
		r5 := r3 ^ 1 // the last round's xor, with r4 = 1
		r6 := r3 & 255
		if on {
			r6 = 2 * (2*r6 + 3)
		} else {
			r6 = (r6 + 7) ^ 64
		}
		r6 += r5 // r4 is 0
		if on {
			r6++
		}
		return r6 ^ 5
	}
	for _, mask := range fusedMasks {
		var a, on [32]uint64
		for i := range a {
			a[i] = uint64(i*0x9e3779b9 + 12345)
			on[i] = uint64(mask >> i & 1)
		}
		rows := [][32]uint64{a, on}
		out := runStretch(t, p, rows, 1, false)
		for i := range out[0] {
			if got, want := uint32(out[0][i]), model(uint32(a[i]), on[i] != 0); got != want {
				t.Fatalf("mask %#08x, lane %d: got %#x, want %#x", mask, i, got, want)
			}
		}
		full, _ := stretchMachine(t, p, rows, 1, true)
		full.Run(0)
		total := full.Stats().WarpInstructions
		for budget := int64(1); budget <= total; budget++ {
			short, _ := stretchMachine(t, p, rows, 1, false)
			general, _ := stretchMachine(t, p, rows, 1, true)
			short.Run(budget)
			general.Run(budget)
			if got, want := short.Stats(), general.Stats(); got != want {
				t.Fatalf("mask %#08x, budget %d: stats %+v, the general path's %+v", mask, budget, got, want)
			}
			if short.Fingerprint() != general.Fingerprint() {
				t.Fatalf("mask %#08x, budget %d: the state differs from the general path's", mask, budget)
			}
		}
	}
}

// TestLaneClass: laneClass (arithmetic, no branch) gives fused's mask
// class as its definition says: 0 when every lane is active, 1 for
// denseLanes active lanes or more but not all, 2 for fewer.
func TestLaneClass(t *testing.T) {
	for _, c := range []struct {
		desc string
		mask uint32
		want int
	}{
		{"every lane", ^uint32(0), 0},
		{"all but lane 0", 0xfffffffe, 1},
		{"all but lane 31", 0x7fffffff, 1},
		{"every other lane (16)", 0x55555555, 1},
		{"denseLanes lanes", 1<<denseLanes - 1, 1},
		{"denseLanes lanes at the top", (1<<denseLanes - 1) << (32 - denseLanes), 1},
		{"one lane below denseLanes", 1<<(denseLanes-1) - 1, 2},
		{"lane 0 alone", 1, 2},
		{"lane 31 alone", 1 << 31, 2},
		{"no lane", 0, 2},
	} {
		if got := laneClass(c.mask); got != c.want {
			t.Errorf("%s (%#08x): laneClass = %d, want %d", c.desc, c.mask, got, c.want)
		}
	}
}
