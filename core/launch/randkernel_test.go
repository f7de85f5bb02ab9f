package launch

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
)

// randKernel writes a random but valid, terminating kernel: integer
// arithmetic, comparisons, nested if/else, data-dependent loops, shared
// memory with barriers, warp shuffles, votes and atomics. Barriers and
// full-warp shuffles appear only outside divergent code.
func randKernel(rng *rand.Rand) string {
	var b strings.Builder
	label := 0
	newLabel := func() string { label++; return fmt.Sprintf("$L%d", label) }
	reg := func() string { return fmt.Sprintf("%%r%d", 1+rng.Intn(12)) }
	pred := func() string { return fmt.Sprintf("%%p%d", 1+rng.Intn(4)) }
	src := func() string {
		if rng.Intn(3) == 0 {
			return fmt.Sprint(rng.Intn(100) - 20)
		}
		return reg()
	}
	arith := func(indent string) {
		ops := []string{"add.s32", "sub.s32", "mul.lo.s32", "xor.b32", "and.b32", "or.b32", "min.u32", "max.s32", "shl.b32", "shr.u32", "shr.s32"}
		op := ops[rng.Intn(len(ops))]
		if rng.Intn(6) == 0 {
			fmt.Fprintf(&b, "%smad.lo.s32 %s, %s, %s, %s;\n", indent, reg(), reg(), src(), reg())
			return
		}
		fmt.Fprintf(&b, "%s%s %s, %s, %s;\n", indent, op, reg(), reg(), src())
	}
	cmp := func(indent string) {
		cmps := []string{"lt.s32", "le.u32", "gt.s32", "ge.u32", "eq.b32", "ne.b32"}
		fmt.Fprintf(&b, "%ssetp.%s %s, %s, %s;\n", indent, cmps[rng.Intn(len(cmps))], pred(), reg(), src())
	}
	var block func(depth int, divergent bool)
	block = func(depth int, divergent bool) {
		n := 2 + rng.Intn(5)
		for i := 0; i < n; i++ {
			switch k := rng.Intn(10); {
			case k < 4:
				arith("\t")
			case k == 4:
				cmp("\t")
			case k == 5 && depth < 3: // if
				l := newLabel()
				cmp("\t")
				fmt.Fprintf(&b, "\t@%s bra %s;\n", pred(), l)
				block(depth+1, true)
				fmt.Fprintf(&b, "%s:\n", l)
			case k == 6 && depth < 3: // if-else
				le, lend := newLabel(), newLabel()
				cmp("\t")
				fmt.Fprintf(&b, "\t@!%s bra %s;\n", pred(), le)
				block(depth+1, true)
				fmt.Fprintf(&b, "\tbra.uni %s;\n%s:\n", lend, le)
				block(depth+1, true)
				fmt.Fprintf(&b, "%s:\n", lend)
			case k == 7 && depth < 2: // data-dependent loop
				l := newLabel()
				c := fmt.Sprintf("%%r%d", 16+depth) // a counter per nesting depth
				fmt.Fprintf(&b, "\tand.b32 %s, %s, 3;\n\tadd.s32 %s, %s, 1;\n%s:\n", c, reg(), c, c, l)
				block(depth+1, true)
				fmt.Fprintf(&b, "\tsub.s32 %s, %s, 1;\n\tsetp.ne.s32 %%p5, %s, 0;\n\t@%%p5 bra %s;\n", c, c, c, l)
			case k == 8 && !divergent: // shared memory round trip
				fmt.Fprintf(&b, "\tst.shared.u32 [%%rd5], %s;\n\tbar.sync 0;\n", reg())
				fmt.Fprintf(&b, "\tand.b32 %%r14, %s, 255;\n\tshl.b32 %%r14, %%r14, 2;\n\tmov.u32 %%r15, sh;\n\tadd.s32 %%r14, %%r15, %%r14;\n\tld.shared.u32 %s, [%%r14];\n\tbar.sync 0;\n", reg(), reg())
				fmt.Fprintf(&b, "\tatom.shared.add.u32 %s, [%%r14], %s;\n\tbar.sync 0;\n", reg(), reg())
			case k == 9 && !divergent: // warp collectives
				modes := []string{"bfly", "down", "up", "idx"}
				fmt.Fprintf(&b, "\tshfl.sync.%s.b32 %s|%%p6, %s, %d, %d, -1;\n", modes[rng.Intn(4)], reg(), reg(), rng.Intn(32), []int{0, 31, 0x1f, 0x101f}[rng.Intn(4)])
				fmt.Fprintf(&b, "\tvote.sync.ballot.b32 %s, %s, -1;\n", reg(), pred())
			default:
				arith("\t")
			}
		}
	}
	b.WriteString(".version 7.0\n.target sm_80\n.address_size 64\n\n.visible .entry rk(.param .u64 out)\n{\n")
	b.WriteString("\t.reg .pred %p<8>;\n\t.reg .b32 %r<20>;\n\t.reg .b64 %rd<8>;\n\t.shared .align 4 .b32 sh[256];\n")
	b.WriteString("\tmov.u32 %r0, %tid.x;\n")
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&b, "\tmad.lo.s32 %%r%d, %%r0, %d, %d;\n", i, rng.Intn(1000)+1, rng.Intn(1000))
	}
	for i := 1; i <= 4; i++ {
		fmt.Fprintf(&b, "\tsetp.lt.u32 %%p%d, %%r%d, %d;\n", i, i, rng.Intn(500))
	}
	b.WriteString("\tand.b32 %r14, %r0, 255;\n\tshl.b32 %r14, %r14, 2;\n\tmov.u32 %r15, sh;\n\tadd.s32 %r14, %r15, %r14;\n\tcvt.u64.u32 %rd5, %r14;\n")
	block(0, false)
	b.WriteString("\tld.param.u64 %rd1, [out];\n\tmul.wide.u32 %rd2, %r0, 16;\n\tadd.s64 %rd3, %rd1, %rd2;\n")
	b.WriteString("\tst.global.v4.u32 [%rd3], {%r1, %r2, %r3, %r4};\n\tret;\n}\n")
	return b.String()
}

// TestRandomKernelsStepBack: the step-back property on random kernels,
// which also must check, load and run without faults.
func TestRandomKernelsStepBack(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	n := 60
	if testing.Short() {
		n = 15
	}
	for i := 0; i < n; i++ {
		src := randKernel(rng)
		block := []int{32, 48, 64, 96, 128}[rng.Intn(5)]
		spec := fmt.Sprintf(`{"grid": %d, "block": %d, "args": {"out": {"type": "u32", "count": %d}}}`, 1+rng.Intn(2), block, 4*block)
		res := Run("rk.ptx", []byte(src), []byte(spec), Options{StepBudget: 5_000_000})
		if !res.OK {
			t.Fatalf("kernel %d: %+v\n%s", i, res.Errors, src)
		}
		s := sim.NewSession(newMachine(t, []byte(src), []byte(spec)), 1<<20)
		start := s.Machine().Fingerprint()
		steps := int64(50 + rng.Intn(1500))
		s.GoTo(steps)
		steps = s.Steps()
		fwd := s.Machine().Fingerprint()
		for k := int64(0); k < steps; k++ {
			s.StepBack()
			if k%97 == 0 { // snapshots of arbitrary states must work too
				for _, cta := range []int{-1, 0, 1} {
					s.Snapshot(sim.SnapshotOptions{CTA: cta, Warp: -1, Local: true})
				}
			}
		}
		if s.Machine().Fingerprint() != start {
			t.Fatalf("kernel %d: %d steps forward and back differ from the start\n%s", i, steps, src)
		}
		s.GoTo(steps)
		if s.Machine().Fingerprint() != fwd {
			t.Fatalf("kernel %d: forward again differs\n%s", i, src)
		}
		// Running to the end in the session gives the same buffers as Run.
		for s.Step() {
		}
		if s.Machine().Fault() != nil {
			t.Fatalf("kernel %d: session fault %v", i, s.Machine().Fault())
		}
	}
}
