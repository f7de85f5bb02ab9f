package launch

// cluster_test.go: the launch spec's "cluster" field (DESIGN.md, the
// launch contract): the cluster shape a kernel runs with when its
// .reqnctapercluster does not give one.

import (
	"strings"
	"testing"
)

const clusterRankKernel = `.version 8.0
.target sm_90a
.address_size 64

.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	mov.u32 %r1, %ctaid.x;
	mov.u32 %r2, %cluster_ctarank;
	ld.param.u64 %rd1, [out];
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd1, %rd1, %rd2;
	st.global.u32 [%rd1], %r2;
	ret;
}
`

func TestLaunchCluster(t *testing.T) {
	for _, tc := range []struct {
		desc, spec string
		want       []uint64 // out: each CTA's %cluster_ctarank
		err        string
	}{
		{"no cluster", `{"grid": 4, "block": 32, "args": {"out": {"type": "u32", "count": 4}}}`, []uint64{0, 0, 0, 0}, ""},
		{"a number", `{"grid": 4, "block": 32, "cluster": 2, "args": {"out": {"type": "u32", "count": 4}}}`, []uint64{0, 1, 0, 1}, ""},
		{"an array", `{"grid": [4], "block": 32, "cluster": [4, 1, 1], "args": {"out": {"type": "u32", "count": 4}}}`, []uint64{0, 1, 2, 3}, ""},
		{"null is none", `{"grid": 4, "block": 32, "cluster": null, "args": {"out": {"type": "u32", "count": 4}}}`, []uint64{0, 0, 0, 0}, ""},
		{"zero", `{"grid": 4, "block": 32, "cluster": 0, "args": {"out": {"type": "u32", "count": 4}}}`, nil, "cluster must be at least 1"},
		{"not dividing the grid", `{"grid": 4, "block": 32, "cluster": 3, "args": {"out": {"type": "u32", "count": 4}}}`, nil, `"grid" [4, 1, 1] is not a multiple of "cluster" [3, 1, 1] in x`},
		{"four numbers", `{"grid": 4, "block": 32, "cluster": [1, 1, 1, 1], "args": {"out": {"type": "u32", "count": 4}}}`, nil, "cluster must be a positive number or an array of 1 to 3"},
		{"a key in another case", `{"grid": 4, "block": 32, "Cluster": 2, "args": {"out": {"type": "u32", "count": 4}}}`, nil, "cluster"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			res := Run("k.ptx", []byte(clusterRankKernel), []byte(tc.spec), Options{})
			if tc.err != "" {
				if res.OK || len(res.Errors) == 0 || !strings.Contains(res.Errors[0].Message, tc.err) {
					t.Fatalf("errors %+v, want one saying %q", res.Errors, tc.err)
				}
				return
			}
			if !res.OK {
				t.Fatalf("errors: %+v", res.Errors)
			}
			got := res.Buffers["out"].Data
			for i, w := range tc.want {
				if got[i] != w {
					t.Errorf("CTA %d: %%cluster_ctarank = %d, want %d", i, got[i], w)
				}
			}
		})
	}
}
