// gcpace.go: how often Go's collector runs on the page.
//
// Go's collector starts a cycle when the heap has grown by GOGC percent of
// the heap the last cycle found live, and not before 4 MiB x GOGC/100.
// Stepping a kernel, the page keeps a live heap of about 2.5 MiB and
// allocates about 300 KiB a step (mostly Vugu's build of the page), so
// with the default GOGC of 100 it collected every 4 to 5 steps, and the
// steps that did were the slow tenth (docs/benchmarks.md, issue 24). The
// page lets the heap grow by gcHeadroom between cycles instead, which costs
// at most that much memory more than the default; a heap that is large
// anyway (a big launch's buffers) keeps the default doubling.

package web

import (
	"runtime/debug"
	"runtime/metrics"
)

// gcHeadroom is how far the heap may grow between collections.
const gcHeadroom = 32 << 20

// GCPercentFor is the GOGC that lets a heap whose last collection found
// live bytes grow by about gcHeadroom before the next: 100 x
// gcHeadroom / live, with live counted as 4 MiB at least (the collector's
// own floor scales with GOGC), and never below the default 100.
func GCPercentFor(live uint64) int {
	const floor = 4 << 20
	live = max(live, floor)
	return int(max(100, 100*gcHeadroom/live))
}

// GCPacer sets GOGC from the live heap after each render.
type GCPacer struct {
	set     int // the GOGC last set; 0 before the first
	samples []metrics.Sample
}

// Update reads the live heap and sets GOGC when GCPercentFor differs from
// the value set by more than a quarter (or was never set).
func (p *GCPacer) Update() {
	if p.samples == nil {
		p.samples = []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	}
	metrics.Read(p.samples)
	if p.samples[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	want := GCPercentFor(p.samples[0].Value.Uint64())
	if p.set != 0 && want*4 <= p.set*5 && want*5 >= p.set*4 {
		return
	}
	debug.SetGCPercent(want)
	p.set = want
}
