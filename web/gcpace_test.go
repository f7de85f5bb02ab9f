package web

import "testing"

func TestGCPercentFor(t *testing.T) {
	const mib = 1 << 20
	for _, c := range []struct {
		desc string
		live uint64
		want int
	}{
		{"no live heap yet: the 4 MiB floor, 32 MiB of growth", 0, 800},
		{"the page stepping a kernel (2.5 MiB live)", 5 * mib / 2, 800},
		{"live heap at the floor", 4 * mib, 800},
		{"8 MiB live: grows by 32 MiB", 8 * mib, 400},
		{"16 MiB live", 16 * mib, 200},
		{"just under the headroom", 32*mib - 1, 100},
		{"live heap as large as the headroom: the default", 32 * mib, 100},
		{"a big launch's buffers: the default doubling", 512 * mib, 100},
	} {
		if got := GCPercentFor(c.live); got != c.want {
			t.Errorf("%s: GCPercentFor(%d) = %d, want %d", c.desc, c.live, got, c.want)
		}
	}
}
