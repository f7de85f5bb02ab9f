package main

import "testing"

// TestPTXForms: ptxForms counts each instruction's first word after a
// label and a guard, and leaves out directives, braces, comments and the
// lines of a call's operand list.
func TestPTXForms(t *testing.T) {
	src := `// a comment
.visible .entry k(
	.param .u64 k_param_0
)
{
	.reg .pred %p<3>;
	ld.param.u64 	%rd1, [k_param_0];
	/* ld.global.u32 in a comment */
$L__BB0_1:
	@%p1 bra 	$L__BB0_2;
	@!%p2 bra.uni 	$L__BB0_1;
	call.uni (retval0), 
	p1_f0, 
	(
	param0
	);
	max.NaN.f32 	%f3, %f1, %f2;
	shfl.sync.bfly.b32	%r2, %r1, 1, 31, -1;
	fence.proxy.async.shared::cta;
L1:	ret;
}
`
	got := map[string]int{}
	ptxForms([]byte(src), got)
	want := map[string]int{"ld.param.u64": 1, "bra": 1, "bra.uni": 1, "call.uni": 1, "max.NaN.f32": 1,
		"shfl.sync.bfly.b32": 1, "fence.proxy.async.shared::cta": 1, "ret": 1}
	if len(got) != len(want) {
		t.Errorf("ptxForms = %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("ptxForms counts %q %d times, want %d (all: %v)", k, got[k], v, got)
		}
	}
}
