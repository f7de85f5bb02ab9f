package launch

import (
	"strings"
	"testing"
	"time"
)

// loopKernel is an endless loop whose body is body; its back edge
// "bra $L;" is on line 13.
func loopKernel(body string) string {
	return `.version 7.0
.target sm_80
.address_size 64
.entry k(.param .u64 p)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	mov.u32 %r1, 0;
	bra $L;
$L:
	` + body + `
	bra $L;
}
`
}

// TestRunawayNamesTheLoop: the budget's message names the back edge's
// line and how to go on, for an add loop, a load loop and a store loop.
func TestRunawayNamesTheLoop(t *testing.T) {
	spec := `{"block": 64, "args": {"p": {"type": "u32", "count": 4}}}`
	for _, body := range []string{
		"add.u32 %r1, %r1, 1;",
		"ld.global.u32 %r2, [%rd1];",
		"st.global.u32 [%rd1], %r1;",
	} {
		res := Run("k.ptx", []byte(loopKernel(body)), []byte(spec), Options{StepBudget: 100000})
		if res.OK || len(res.Errors) != 1 {
			t.Fatalf("%s: %+v", body, res.Errors)
		}
		msg := res.Errors[0].Message
		for _, w := range []string{"step budget of 100000 warp instructions used up", "line 13 (bra $L;)", "--budget 1000000"} {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: %q does not say %q", body, msg, w)
			}
		}
		// The budget is exact: the loop sample is inside it.
		if res.Stats.WarpInstructions != 100000 {
			t.Errorf("%s: %d warp instructions, want 100000", body, res.Stats.WarpInstructions)
		}
	}
}

// TestTimeLimitStops: a wall-time limit stops a run whose budget would
// take far longer, and says so; what ran is a whole number of slices plus
// the loop sample, the same instructions a budget run would issue.
func TestTimeLimitStops(t *testing.T) {
	spec := `{"block": 64, "args": {"p": {"type": "u32", "count": 4}}}`
	res := Run("k.ptx", []byte(loopKernel("add.u32 %r1, %r1, 1;")), []byte(spec), Options{StepBudget: 1 << 50, TimeLimit: 50 * time.Millisecond})
	if res.OK || len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Message, "stopped after 50ms of wall time") || !strings.Contains(res.Errors[0].Message, "line 13") {
		t.Fatalf("%+v", res.Errors)
	}
	n := res.Stats.WarpInstructions
	if (n-loopSample)%runSlice != 0 || n < runSlice {
		t.Errorf("%d warp instructions: not whole slices plus the sample", n)
	}
	// The same number of instructions under a budget gives the same buffers.
	again := Run("k.ptx", []byte(loopKernel("add.u32 %r1, %r1, 1;")), []byte(spec), Options{StepBudget: n})
	if again.Stats != res.Stats {
		t.Errorf("stats %+v, by budget %+v", res.Stats, again.Stats)
	}
}
