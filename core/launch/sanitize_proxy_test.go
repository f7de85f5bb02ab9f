package launch

// sanitize_proxy_test.go: racecheck across proxies (core/sim
// sanitize_proxy.go) on whole kernels: the testdata/gpu kernels, which an
// H200 ran (or which were written to its rules), make no finding of any
// sanitizer; with their fence.proxy.async lines taken out, each
// async-proxy read of bytes a thread stored is found at its line, with
// the store's line as the other access.

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
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
// instructions replaced by a comment (line numbers kept). The findings,
// read off each kernel: the async read's line <- the store's line, and
// how many writer threads' runs of bytes it read.
func TestSanitizeProxyUnfenced(t *testing.T) {
	for _, c := range []struct {
		dir  string
		want []string // "race L<-M xN"
	}{
		// Thread t stores word t of box A (line 43, t < 32) and of box B
		// (46); the tensor stores of line 55 (A, 8x4 u32: 32 words) and 61
		// (B, 8x8: 64 words) read them, a writer a word.
		{"testdata/gpu/tma_store", []string{"race 55<-43 x32", "race 61<-46 x64"}},
		// Line 73 stores the 384 source words, word i by thread i % 128;
		// the nine 2D reductions (8x2 boxes of 4-byte elements) read 16
		// words each, the three 1D ones (16 f16/bf16) 8.
		{"testdata/gpu/tma_reduce", []string{"race 104<-73 x16", "race 110<-73 x16", "race 116<-73 x16", "race 122<-73 x16", "race 128<-73 x16", "race 134<-73 x16", "race 139<-73 x8", "race 144<-73 x8", "race 149<-73 x8", "race 86<-73 x16", "race 92<-73 x16", "race 98<-73 x16"}},
		// Rank 1's four stores (109-115) are the reduction's source (126);
		// phase C's copy (145) reads bytes 0-383 of rank 0, of which the
		// zeroing stores of line 59 by threads 5-7 (bytes 80-127) are the
		// only ones no bulk copy landed on since.
		{"testdata/gpu/bulk_copy", []string{"race 126<-109 x1", "race 126<-111 x1", "race 126<-113 x1", "race 126<-115 x1", "race 145<-59 x3"}},
		// The data words (line 55, a thread each) are the source of each
		// CTA's bulk copy (82): 64 writers in each of the 8 CTAs.
		{"testdata/gpu/dsmem_ring", []string{"race 82<-55 x512"}},
		// The example as it was before session 10: A (line 33) and B (41)
		// read by each of the four warps' wgmma (61): 32 writers of A rows
		// and 16 of B a warp.
		{"examples/wgmma_swizzle", []string{"race 61<-33 x128", "race 61<-41 x64"}},
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
					got = append(got, h.Kind+" "+strconv.Itoa(h.Line))
					continue
				}
				got = append(got, h.Kind+" "+strconv.Itoa(h.Line)+"<-"+strconv.Itoa(h.Other.Line)+" x"+strconv.Itoa(h.Count))
			}
			sort.Strings(got)
			if strings.Join(got, ", ") != strings.Join(c.want, ", ") {
				for _, h := range res.Hazards {
					t.Logf("%d:%d: %s: %s (%d times)", h.Line, h.Col, h.Kind, h.Message, h.Count)
				}
				t.Errorf("findings %v, want %v", got, c.want)
			}
		})
	}
}
