package launch

// fill_test.go: Run and RunBench write a buffer made by a fill ("count"
// alone, a "fill" value, "iota") into the machine straight from its
// description (Buffer.in), with no Data before the run; Collect then
// makes Data and compares with the input. A fill of one value is one page
// that all the buffer's pages share (sim.Machine.StoreRepeat) until a
// write copies it. The machine's bytes, Data after Collect and Changed
// must be what Prepare's Data gives, and what the launch contract says
// the fill is.

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/fp"
	"github.com/ptxplay/ptxplay/core/limits"
	"github.com/ptxplay/ptxplay/core/sim"
)

// nopKernel takes one buffer and a top-level one may sit beside it.
const nopKernel = `.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 a)
{
	ret;
}
`

func TestFillStraightIntoMachine(t *testing.T) {
	f32 := func(x float32) uint64 { return uint64(math.Float32bits(x)) }
	rows := []struct {
		desc string
		typ  string
		fill string // the buffer's fields after "type" and "count"
		want func(i int) uint64
	}{
		{"count alone: zeros", "u32", ``, func(int) uint64 { return 0 }},
		{"fill 0: zeros", "f32", `, "fill": 0`, func(int) uint64 { return 0 }},
		{"f32 fill 0.5", "f32", `, "fill": 0.5`, func(int) uint64 { return 0x3f000000 }},
		{"f32 fill -0 (a nonzero pattern)", "f32", `, "fill": "-0"`, func(int) uint64 { return 0x80000000 }},
		{"s16 fill -1 wraps to all ones", "s16", `, "fill": -1`, func(int) uint64 { return 0xffff }},
		{"u8 fill 255", "u8", `, "fill": 255`, func(int) uint64 { return 0xff }},
		{"u64 fill 2^40+1", "u64", `, "fill": 1099511627777`, func(int) uint64 { return 1<<40 + 1 }},
		{"f32 iota: the value i", "f32", `, "fill": "iota"`, func(i int) uint64 { return f32(float32(i)) }},
		{"u8 iota wraps at 256", "u8", `, "fill": "iota"`, func(i int) uint64 { return uint64(i % 256) }},
		{"s16 iota wraps at 65536", "s16", `, "fill": "iota"`, func(i int) uint64 { return uint64(i % 65536) }},
		{"u64 iota", "u64", `, "fill": "iota"`, func(i int) uint64 { return uint64(i) }},
		{"f64 iota", "f64", `, "fill": "iota"`, func(i int) uint64 { return math.Float64bits(float64(i)) }},
		{"f16 iota, rounded to nearest even", "f16", `, "fill": "iota"`, func(i int) uint64 {
			return uint64(fp.CvtF64ToF16(math.Float64bits(float64(i)), fp.RN, false))
		}},
		{"bf16 iota", "bf16", `, "fill": "iota"`, func(i int) uint64 {
			return uint64(fp.CvtF64ToBF16(math.Float64bits(float64(i)), fp.RN, false))
		}},
		{"data then fill: data first", "u32", `, "fill": 9, "data": [1, 2, 3]`, func(i int) uint64 {
			if i < 3 {
				return uint64(i + 1)
			}
			return 9
		}},
	}
	p := mustLoad(t, nopKernel)
	for _, r := range rows {
		es := elemSize(r.typ)
		// Around the 4096-element chunks and the 16 KiB pages.
		for _, n := range []int{0, 1, 4095, 4096, 4097, 16384/es + 1, 3*4096 + 5} {
			name := fmt.Sprintf("%s, %d elements", r.desc, n)
			if n < 3 && r.desc == "data then fill: data first" {
				continue
			}
			spec := mustSpec(t, fmt.Sprintf(`{"kernel": "k", "grid": 1, "block": 1, "args": {"a": {"type": %q, "count": %d%s}},
				"buffers": {"b": {"type": %q, "count": %d%s}}}`, r.typ, n, r.fill, r.typ, n, r.fill))
			eager := &Result{Buffers: map[string]*Buffer{}}
			em, err := PrepareLimited(p, spec, eager, limits.CLILimits())
			if err != nil {
				t.Fatalf("%s: Prepare: %v", name, err)
			}
			lazy := &Result{Buffers: map[string]*Buffer{}}
			lm, err := prepare(p, spec, lazy, limits.CLILimits(), true)
			if err != nil {
				t.Fatalf("%s: Run's prepare: %v", name, err)
			}
			for _, bn := range []string{"a", "b"} {
				eb, lb := eager.Buffers[bn], lazy.Buffers[bn]
				if len(eb.Data) != n {
					t.Fatalf("%s: Prepare's %s.Data has %d elements", name, bn, len(eb.Data))
				}
				if lb.elems() != n {
					t.Fatalf("%s: Run's %s has %d elements", name, bn, lb.elems())
				}
				want := make([]byte, n*es)
				for i := range n {
					v := r.want(i)
					if eb.Data[i] != v {
						t.Fatalf("%s: Prepare's %s.Data[%d] = %#x, want %#x", name, bn, i, eb.Data[i], v)
					}
					for k := range es {
						want[i*es+k] = byte(v >> (8 * k))
					}
				}
				for _, c := range []struct {
					who string
					got []byte
				}{{"Prepare", em.Buffer(eb.addr)}, {"Run's prepare", lm.Buffer(lb.addr)}} {
					if string(c.got) != string(want) {
						t.Fatalf("%s: %s: the machine's %s differs from the fill (first at byte %d)", name, c.who, bn, firstDiff(c.got, want))
					}
				}
			}
			// Read back unchanged, then with one element changed.
			Collect(lm, lazy)
			for _, bn := range []string{"a", "b"} {
				lb := lazy.Buffers[bn]
				if lb.Changed {
					t.Errorf("%s: %s Changed with nothing written", name, bn)
				}
				for i := range n {
					if lb.Data[i] != r.want(i) {
						t.Fatalf("%s: Collect's %s.Data[%d] = %#x, want %#x", name, bn, i, lb.Data[i], r.want(i))
					}
				}
			}
			// Held in the machine (Options.HoldOutput): the same Changed
			// and, when asked for, the same values, read from the machine.
			held := &Result{Buffers: map[string]*Buffer{}}
			hm, _ := prepare(p, spec, held, limits.CLILimits(), true)
			collect(hm, held, true)
			for _, bn := range []string{"a", "b"} {
				hb := held.Buffers[bn]
				if hb.Changed {
					t.Errorf("%s: held %s Changed with nothing written", name, bn)
				}
				if n > 0 && r.desc != "data then fill: data first" && hb.Data != nil {
					t.Fatalf("%s: held %s has Data before Values", name, bn)
				}
				vs := hb.Values()
				if len(vs) != n {
					t.Fatalf("%s: held %s.Values() has %d elements, want %d", name, bn, len(vs), n)
				}
				for i := range n {
					if vs[i] != r.want(i) {
						t.Fatalf("%s: held %s.Values()[%d] = %#x, want %#x", name, bn, i, vs[i], r.want(i))
					}
				}
			}
			if n == 0 {
				continue
			}
			// One element changed, first or last (the held compare stops
			// at the first chunk that differs; the last is in the last).
			for _, k := range []int{0, n - 1} {
				for _, hold := range []bool{false, true} {
					res := &Result{Buffers: map[string]*Buffer{}}
					m, _ := prepare(p, spec, res, limits.CLILimits(), true)
					v := r.want(k) ^ 1
					var enc [8]byte
					binary.LittleEndian.PutUint64(enc[:], v)
					m.Store(res.Buffers["b"].addr, k*es, enc[:es])
					collect(m, res, hold)
					if b := res.Buffers["b"]; !b.Changed || b.Values()[k] != v {
						t.Errorf("%s, held %v: after a store to b[%d]: Changed %v, Values()[%d] = %#x, want true and %#x", name, hold, k, b.Changed, k, b.Values()[k], v)
					}
					// The other elements keep the fill: a value fill's
					// pages share one page until written (StoreRepeat),
					// and a write copies it rather than writing it for
					// all.
					for i, got := range res.Buffers["b"].Values() {
						if i != k && got != r.want(i) {
							t.Fatalf("%s, held %v: after a store to b[%d]: b[%d] = %#x, want the fill's %#x", name, hold, k, i, got, r.want(i))
						}
					}
					if res.Buffers["a"].Changed {
						t.Errorf("%s, held %v: a Changed by a store to b", name, hold)
					}
				}
			}
			lazy2 := &Result{Buffers: map[string]*Buffer{}}
			lm2, _ := prepare(p, spec, lazy2, limits.CLILimits(), true)
			k := n - 1
			v := r.want(k) ^ 1
			var enc [8]byte
			binary.LittleEndian.PutUint64(enc[:], v)
			lm2.Store(lazy2.Buffers["a"].addr, k*es, enc[:es])
			Collect(lm2, lazy2)
			if a := lazy2.Buffers["a"]; !a.Changed || a.Data[k] != v {
				t.Errorf("%s: after a store to a[%d]: Changed %v, Data[%d] = %#x, want true and %#x", name, k, a.Changed, k, a.Data[k], v)
			}
			if lazy2.Buffers["b"].Changed {
				t.Errorf("%s: b Changed by a store to a", name)
			}
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func mustLoad(t *testing.T, src string) *sim.Program {
	t.Helper()
	p, err := loadProgram("k.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustSpec(t *testing.T, js string) *Spec {
	t.Helper()
	s, err := ParseSpec([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFillInputOnLaunchError: a launch that fails after its buffers are
// placed (a tensor map past its buffer's end) returns the buffers with
// their input as Data, as Prepare gives them, though Run fills them
// straight into the machine and never reaches Collect.
func TestFillInputOnLaunchError(t *testing.T) {
	spec := strings.Replace(strings.Replace(tmaSpec, `"dims": [12, 10]`, `"dims": [12, 11]`, 1), "MORE", "", 1)
	res := Run("tma.ptx", tmaSource(false), []byte(spec), Options{})
	if res.OK || len(res.Errors) == 0 || !strings.Contains(res.Errors[0].Message, "past the 480 bytes of buffer t") {
		t.Fatalf("errors %+v, want the tensor map past buffer t", res.Errors)
	}
	for name, n := range map[string]int{"t": 120, "out": 32} {
		b := res.Buffers[name]
		if b == nil || len(b.Data) != n {
			t.Fatalf("buffer %s: %+v, want %d elements", name, b, n)
		}
		for i, v := range b.Data {
			want := uint64(i) // t: iota
			if name == "out" {
				want = 0 // count alone
			}
			if v != want {
				t.Fatalf("%s.Data[%d] = %d, want %d", name, i, v, want)
			}
		}
	}
}
