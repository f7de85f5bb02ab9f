package launch

// sanitize_proxy_test.go: racecheck across proxies (core/sim
// sanitize_proxy.go) on whole kernels: the testdata/gpu kernels, which an
// H200 ran (or which were written to its rules), make no finding of any
// sanitizer; with their fence.proxy.async lines taken out, each
// async-proxy read of bytes a thread stored is found at its line, with
// the store's line as the other access.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
)

// TestSanitizeCleanGPUCases: every testdata/gpu kernel (the Hopper cases
// with their TMA stores, bulk copies, reductions and distributed shared
// memory included) and testdata/tcgen05_pair run with every sanitizer and
// find nothing.
func TestSanitizeCleanGPUCases(t *testing.T) {
	specs, _ := filepath.Glob("../../testdata/gpu/*/launch.json")
	specs = append(specs, "../../testdata/tcgen05_pair/launch.json")
	if len(specs) < 30 {
		t.Fatalf("found %d kernels, expected testdata/gpu's", len(specs))
	}
	for _, spec := range specs {
		dir := filepath.Dir(spec)
		t.Run(strings.TrimPrefix(dir, "../../"), func(t *testing.T) {
			res := runSanitizedFile(t, filepath.Join(dir, "kernel.ptx"), spec)
			if !res.OK {
				t.Fatalf("run failed: %v", res.Errors)
			}
			if len(res.Hazards) != 0 {
				for _, h := range res.Hazards {
					t.Logf("%d:%d: %s: %s", h.Line, h.Col, h.Kind, h.Message)
				}
				t.Errorf("findings %v, want none", hazardLines(res.Hazards))
			}
		})
	}
}

var proxyFenceLine = regexp.MustCompile(`(?m)^(\s*)fence\.proxy\.async[^;]*;.*$`)

// TestSanitizeProxyUnfenced: the kernels with their fence.proxy.async
// instructions replaced by a comment. The findings, read off each kernel:
// each async read (the instruction lines holding read) <- the store (the
// line holding store), and how many writer threads' runs of bytes it read.
func TestSanitizeProxyUnfenced(t *testing.T) {
	type pair struct {
		read, store string
		n           int
	}
	for _, c := range []struct {
		dir  string
		want []pair
	}{
		// Thread t stores word t of box A (t < 32) and of box B; the
		// tensor store of A (8x4 u32: 32 words) and of B (8x8: 64 words)
		// read them, a writer a word.
		{"testdata/gpu/tma_store", []pair{
			{"cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd2, {%r8, %r9}], [%r2]", "st.shared.u32 [%r5], %r6", 32},
			{"cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd2, {%r8, %r9}], [%r10]", "st.shared.u32 [%r5+512], %r7", 64}}},
		// One store line writes the 384 source words, word i by thread
		// i % 128; the nine 2D reductions (8x2 boxes of 4-byte elements)
		// read 16 words each, the three 1D ones (16 f16/bf16) 8.
		{"testdata/gpu/tma_reduce", []pair{
			{"cp.reduce.async.bulk.tensor.2d.global.shared::cta", "st.shared.u32 [%r6], %r4", 16},
			{"cp.reduce.async.bulk.tensor.1d.global.shared::cta", "st.shared.u32 [%r6], %r4", 8}}},
		// Rank 1's four stores are the source of its reduction into rank
		// 0; phase C's copy reads bytes 0-383 of rank 0, of which the
		// zeroing stores by threads 5-7 (bytes 80-127) are the only ones
		// no bulk copy landed on since. The reductions of phase C read
		// bytes 192-255, which phase A landed.
		{"testdata/gpu/bulk_copy", []pair{
			{"cp.reduce.async.bulk.shared::cluster.shared::cta", "st.shared.v4.u32 [%r2+256]", 1},
			{"cp.reduce.async.bulk.shared::cluster.shared::cta", "st.shared.v4.u32 [%r2+272]", 1},
			{"cp.reduce.async.bulk.shared::cluster.shared::cta", "st.shared.v4.u32 [%r2+288]", 1},
			{"cp.reduce.async.bulk.shared::cluster.shared::cta", "st.shared.v4.u32 [%r2+304]", 1},
			{"cp.async.bulk.global.shared::cta.bulk_group [%rd4], [%r2], 384", "st.shared.v4.u32 [%r5], {0, 0, 0, 0}", 3}}},
		// The data words (a thread each) are the source of each CTA's
		// bulk copy into the next CTA: 64 writers in each of the 8 CTAs.
		{"testdata/gpu/dsmem_ring", []pair{
			{"cp.async.bulk.shared::cluster.shared::cta", "st.shared.u32 [%r9], %r6", 512}}},
		// The example as it was before session 10: A and B read by each
		// of the four warps' wgmma: 32 writers of its A rows and the 16
		// writers of B a warp.
		{"examples/wgmma_swizzle", []pair{
			{"wgmma.mma_async", "st.shared.v4.u32 [%r13]", 128},
			{"wgmma.mma_async", "st.shared.v4.u32 [%r14]", 64}}},
		// The pair's GEMM as it was before session 11: each of the four
		// tcgen05.mma.cta_group::2 (K = 16: 32 bytes of each row) reads
		// in both CTAs 128 rows of A and 32 of Bt, two 16-byte chunks a
		// row, each chunk stored by one thread: (128 + 32) * 2 * 2.
		{"testdata/tcgen05_pair", []pair{
			{"tcgen05.mma.cta_group::2", "st.shared.v2.u64", 640}}},
	} {
		t.Run(c.dir, func(t *testing.T) {
			dir := filepath.Join("../..", c.dir)
			src, err := os.ReadFile(filepath.Join(dir, "kernel.ptx"))
			if err != nil {
				t.Fatal(err)
			}
			unfenced := proxyFenceLine.ReplaceAll(src, []byte("${1}// (fence.proxy.async taken out)"))
			if string(unfenced) == string(src) {
				t.Fatal("no fence.proxy.async to take out")
			}
			// lines of instructions (not comments) holding s
			lines := func(s string) []int {
				var ls []int
				for i, l := range strings.Split(string(unfenced), "\n") {
					if k := strings.Index(l, "//"); k >= 0 {
						l = l[:k]
					}
					if strings.Contains(l, s) {
						ls = append(ls, i+1)
					}
				}
				if len(ls) == 0 {
					t.Fatalf("no instruction holds %q", s)
				}
				return ls
			}
			var want []string
			for _, p := range c.want {
				st := lines(p.store)
				if len(st) != 1 {
					t.Fatalf("%d lines hold the store %q", len(st), p.store)
				}
				for _, r := range lines(p.read) {
					want = append(want, fmt.Sprintf("race %d<-%d x%d", r, st[0], p.n))
				}
			}
			sort.Strings(want)
			spec, err := os.ReadFile(filepath.Join(dir, "launch.json"))
			if err != nil {
				t.Fatal(err)
			}
			res := Run("kernel.ptx", unfenced, spec, Options{Sanitize: sim.SanAll})
			if !res.OK {
				t.Fatalf("run failed: %v", res.Errors)
			}
			var got []string
			for _, h := range res.Hazards {
				if h.Other == nil {
					got = append(got, fmt.Sprintf("%s %d", h.Kind, h.Line))
					continue
				}
				got = append(got, fmt.Sprintf("%s %d<-%d x%d", h.Kind, h.Line, h.Other.Line, h.Count))
			}
			sort.Strings(got)
			if strings.Join(got, ", ") != strings.Join(want, ", ") {
				for _, h := range res.Hazards {
					t.Logf("%d:%d: %s: %s (%d times)", h.Line, h.Col, h.Kind, h.Message, h.Count)
				}
				t.Errorf("findings %v, want %v", got, want)
			}
		})
	}
}
