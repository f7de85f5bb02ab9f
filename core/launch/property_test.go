package launch

import (
	"fmt"
	"math/rand"
	"runtime"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/limits"
)

// randSpec writes a launch spec for randKernel's "out" parameter, hostile
// in every way the contract names: big or zero grids and blocks, huge
// counts, wrong kinds, duplicate and case-mismatched keys, trailing data.
func randSpec(rng *rand.Rand) string {
	pick := func(xs ...string) string { return xs[rng.Intn(len(xs))] }
	dim := func() string {
		return pick("1", "2", "32", "0", "-1", "1025", "65536", "1048576", "[1, 2]", "[1024, 1024, 64]", "[1, 1, 1, 1]", `"x"`, "1e9", "4294967296")
	}
	count := pick("4", "128", "0", "-1", "67108864", "67108865", "1e12", `"8"`)
	typ := pick(`"u32"`, `"f32"`, `"s8"`, `""`, `"u33"`, "5", `".b64"`)
	out := pick(
		fmt.Sprintf(`{"type": %s, "count": %s}`, typ, count),
		fmt.Sprintf(`{"type": %s, "count": %s, "fill": %s}`, typ, count, pick(`"iota"`, "1e40", "-1", "200", `"-0x1ff"`, "[]")),
		fmt.Sprintf(`{"type": %s, "data": [%s]}`, typ, pick("1, 2, 3", `"nan", "-0"`, "1e400", strings.Repeat("9", 500))),
		`{"Type": "u32", "count": 4}`, `{"type": "u32", "type": "u32", "count": 4}`, "7", `"0x10"`, "[1]", "null",
	)
	if rng.Intn(2) == 0 {
		// A valid spec, large within the page's limits: the run happens.
		block := pick("32", "64", "128", "1024")
		return fmt.Sprintf(`{"grid": %s, "block": %s, "args": {"out": {"type": %s, "count": %s}}}`,
			pick("1", "2", "64", "[16, 4]", "4096"), block, pick(`"u32"`, `"b32"`, `"s32"`), pick("4096", "65536", "4194304"))
	}
	spec := fmt.Sprintf(`{"grid": %s, "block": %s, "args": {"out": %s}}`, dim(), dim(), out)
	switch rng.Intn(8) {
	case 0:
		spec += pick(" x", "{}", " ]")
	case 1:
		spec = strings.Replace(spec, `"grid"`, pick(`"Grid"`, `"block"`, `"grids"`), 1)
	case 2:
		spec = spec[:rng.Intn(len(spec))]
	}
	return spec
}

// TestRandomLaunchesBounded: random kernels under random hostile specs,
// run under the page's limits, never panic or fail inside, and the live
// heap after each stays under a ceiling far below what the specs ask
// (2^26-element buffers, 2^30-thread grids).
func TestRandomLaunchesBounded(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	n := 150
	if testing.Short() {
		n = 40
	}
	lim := limits.PageLimits()
	const ceiling = 256 << 20 // the page's 64 MiB of buffers, twice as uint64 copies, and more
	var peak uint64
	ran := 0
	for i := 0; i < n; i++ {
		src := randKernel(rng)
		spec := randSpec(rng)
		res := Run("rk.ptx", []byte(src), []byte(spec), Options{StepBudget: 200_000, Limits: &lim})
		if res.Machine != nil {
			ran++
		}
		for _, e := range res.Errors {
			if strings.Contains(e.Message, "internal error") || strings.Contains(e.Message, "BUG") {
				t.Fatalf("spec %s: %s\n%s", spec, e.Message, src)
			}
			if len(e.Message) > 400 {
				t.Errorf("spec %.80s: error of %d characters", spec, len(e.Message))
			}
		}
		if res.Machine != nil || i%10 == 0 {
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
			if ms.HeapAlloc > ceiling {
				t.Fatalf("spec %s: live heap %d MiB", spec, ms.HeapAlloc>>20)
			}
		}
		runtime.KeepAlive(res)
	}
	// Enough of them must get as far as a run for this to mean anything.
	if ran < n/10 {
		t.Errorf("only %d of %d launches ran", ran, n)
	}
	t.Logf("%d random launches, %d ran; highest live heap seen %d MiB", n, ran, peak>>20)
}
