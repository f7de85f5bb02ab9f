package sim

import (
	"encoding/binary"
	"reflect"
	"strings"
	"testing"
)

// TestMemForm: where the lane test and copies are Go's (no AVX2: under
// WebAssembly), lowering gives a load of one unsigned 4-byte element into
// one register, and a store of one 4-byte element, through a base
// register in .shared or .global, the handler that runs a full warp's
// unit-stride access in one function (memForm); every other access keeps
// execLoad or execStore. With AVX2 none does. (TestFastMemObservablesGoLoop
// holds the forms to the observables of execLoad's and execStore's paths:
// results, faults and their lanes, over every lane pattern.)
func TestMemForm(t *testing.T) {
	was := useAVX2
	defer setAVX2(was)
	forms := map[uintptr]string{
		reflect.ValueOf(execLdShared4).Pointer(): "execLdShared4",
		reflect.ValueOf(execStShared4).Pointer(): "execStShared4",
		reflect.ValueOf(execLdGlobal4).Pointer(): "execLdGlobal4",
		reflect.ValueOf(execStGlobal4).Pointer(): "execStGlobal4",
		reflect.ValueOf(execLoad).Pointer():      "execLoad",
		reflect.ValueOf(execStore).Pointer():     "execStore",
	}
	for _, c := range []struct{ inst, want string }{
		{"ld.shared.u32 %r4, [%rd1]", "execLdShared4"},
		{"ld.shared.b32 %r4, [%rd1+8]", "execLdShared4"},
		{"ld.shared.u32 %r4, [%r1]", "execLdShared4"},
		{"st.shared.u32 [%rd1], %r4", "execStShared4"},
		{"st.shared.b32 [%rd1+4], %r4", "execStShared4"},
		{"ld.global.u32 %r4, [%rd1]", "execLdGlobal4"},
		{"ld.global.nc.u32 %r4, [%rd1]", "execLdGlobal4"},
		{"st.global.u32 [%rd1], %r4", "execStGlobal4"},
		{"ld.global.s32 %r4, [%rd1]", "execLoad"}, // signed
		{"ld.shared.u64 %rd4, [%rd1]", "execLoad"},
		{"ld.shared.u16 %h4, [%rd1]", "execLoad"},
		{"ld.shared.v2.u32 {%r4, %r5}, [%rd1]", "execLoad"},
		{"ld.u32 %r4, [%rd1]", "execLoad"}, // generic
		{"ld.local.u32 %r4, [%rd1]", "execLoad"},
		{"ld.shared.u32 %r4, [8]", "execLoad"}, // no base register
		{"st.shared.u64 [%rd1], %rd4", "execStore"},
		{"st.shared.v2.u32 [%rd1], {%r4, %r5}", "execStore"},
		{"st.u32 [%rd1], %r4", "execStore"},
	} {
		for _, avx := range []bool{false, true} {
			if avx && !was {
				continue // no AVX2 here: useAVX2 stays false
			}
			setAVX2(avx)
			p := compileHarness(t, "", "", "\t"+c.inst+";\n")
			o := opText(t, p, c.inst+";")
			got, ok := forms[reflect.ValueOf(o.exec).Pointer()]
			if !ok {
				got = "another handler"
			}
			want := c.want
			if avx {
				want = map[bool]string{true: "execLoad", false: "execStore"}[c.inst[:2] == "ld"]
			}
			if got != want {
				t.Errorf("%s (AVX2 %v): lowered to %s, want %s", c.inst, avx, got, want)
			}
		}
	}
}

// seqFormKernel: one warp fills sh (256 words, word j = j*16777619 + 7),
// then the lanes below active run OP at BASE + their offset (offs[lane]),
// and the lanes copy OUT (sh or buf's first 1 KiB) word by word to out
// (%r10 for a load: lane i's word at out[4i]; for a store, every word).
const seqFormKernel = `.version 7.0
.target sm_80
.address_size 64

.visible .entry k(.param .u64 buf, .param .u64 offs, .param .u64 out, .param .u32 active)
{
	.reg .pred %p<4>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<16>;
	.shared .align 16 .b8 sh[1024];

	mov.u32 %r1, %tid.x;
	ld.param.u64 %rd1, [buf];
	ld.param.u64 %rd2, [offs];
	ld.param.u64 %rd3, [out];
	ld.param.u32 %r2, [active];
	mov.u64 %rd6, sh;
	mov.u32 %r3, 0;
$fill:
	mad.lo.u32 %r4, %r3, 32, %r1;
	mad.lo.u32 %r5, %r4, 16777619, 7;
	mul.wide.u32 %rd7, %r4, 4;
	add.s64 %rd8, %rd6, %rd7;
	st.shared.u32 [%rd8], %r5;
	add.u32 %r3, %r3, 1;
	setp.lt.u32 %p1, %r3, 8;
	@%p1 bra $fill;
	mul.wide.u32 %rd4, %r1, 8;
	add.s64 %rd5, %rd2, %rd4;
	ld.global.u64 %rd9, [%rd5];
	add.s64 %rd10, BASE, %rd9;
	mov.u32 %r10, 0;
	mad.lo.u32 %r20, %r1, 16843009, 1073741824;
	setp.lt.u32 %p2, %r1, %r2;
	@%p2 OP;
	mov.u32 %r3, 0;
$dump:
	mad.lo.u32 %r4, %r3, 32, %r1;
	mul.wide.u32 %rd7, %r4, 4;
	add.s64 %rd8, OUT, %rd7;
	ld.u32 %r5, [%rd8];
	add.s64 %rd11, %rd3, %rd7;
	st.global.u32 [%rd11], %r5;
	add.u32 %r3, %r3, 1;
	setp.lt.u32 %p1, %r3, 8;
	@%p1 bra $dump;
	mul.wide.u32 %rd7, %r1, 4;
	add.s64 %rd11, %rd3, %rd7;
	st.global.u32 [%rd11+1024], %r10;
	ret;
}
`

// TestSeqForms: the handlers memForm gives (execLdShared4 and the others)
// against a lane-by-lane model of the access, on the lane patterns their
// full-warp test takes (unit stride, ending at the last byte) and those it
// must refuse (a lane out of place, another stride, misaligned, past the
// end, a partial warp), with shared memory and the buffer holding a
// different word at every address: each lane's word, the words stored in
// lane order, and a fault at the first bad lane with nothing after it.
func TestSeqForms(t *testing.T) {
	was := useAVX2
	defer setAVX2(was)
	setAVX2(false)
	unit := func(from uint64) (o [32]uint64) {
		for i := range o {
			o[i] = from + 4*uint64(i)
		}
		return o
	}
	type pattern struct {
		desc   string
		offs   [32]uint64
		active uint32
	}
	with := func(o [32]uint64, f func(*[32]uint64)) [32]uint64 { f(&o); return o }
	patterns := []pattern{
		{"unit stride from 0", unit(0), 32},
		{"unit stride ending at the last word", unit(1024 - 128), 32},
		{"unit stride from 4 bytes before the end (lane 31 past it)", unit(1024 - 124), 32},
		{"unit stride misaligned", unit(2), 32},
		{"unit stride from far below the base", unit(^uint64(1<<40 - 1)), 32},
		{"unit stride, lanes 30 and 31 swapped", with(unit(256), func(o *[32]uint64) { o[30], o[31] = o[31], o[30] }), 32},
		{"unit stride, lane 17 on lane 18's word", with(unit(256), func(o *[32]uint64) { o[17] += 4 }), 32},
		{"unit stride, lane 1 on lane 0's word", with(unit(256), func(o *[32]uint64) { o[1] -= 4 }), 32},
		{"stride 8", with(unit(0), func(o *[32]uint64) {
			for i := range o {
				o[i] *= 2
			}
		}), 32},
		{"every lane on one word", with(unit(0), func(o *[32]uint64) {
			for i := range o {
				o[i] = 64
			}
		}), 32},
		{"unit stride, 20 lanes", unit(128), 20},
		{"unit stride, 31 lanes", unit(128), 31},
		{"one lane", unit(1020), 1},
		{"20 lanes in reverse, pairs on one word", with(unit(0), func(o *[32]uint64) {
			for i := range o {
				o[i] = 512 - uint64(i)/2*4
			}
		}), 20},
		{"20 lanes, lane 7 misaligned", with(unit(128), func(o *[32]uint64) { o[7]++ }), 20},
		{"20 lanes, lane 19 past the end", with(unit(128), func(o *[32]uint64) { o[19] = 1024 }), 20},
		{"20 lanes, lane 20 (inactive) past the end", with(unit(128), func(o *[32]uint64) { o[20] = 1 << 40 }), 20},
	}
	for _, c := range []struct {
		name, ptx, base, out string
		store, shared        bool
	}{
		{"ld.shared.u32", "ld.shared.u32 %r10, [%rd10]", "%rd6", "%rd6", false, true},
		{"st.shared.u32", "st.shared.u32 [%rd10], %r20", "%rd6", "%rd6", true, true},
		{"ld.global.u32", "ld.global.u32 %r10, [%rd10]", "%rd1", "%rd1", false, false},
		{"st.global.u32", "st.global.u32 [%rd10], %r20", "%rd1", "%rd1", true, false},
	} {
		src := strings.NewReplacer("BASE", c.base, "OP", c.ptx, "OUT", c.out).Replace(seqFormKernel)
		if c.shared {
			src = strings.Replace(src, "ld.u32 %r5", "ld.shared.u32 %r5", 1)
		} else {
			src = strings.Replace(src, "ld.u32 %r5", "ld.global.u32 %r5", 1)
		}
		p := compilePTX(t, "seqform.ptx", src)
		o := opText(t, p, "@%p2 "+c.ptx+";")
		if fn := reflect.ValueOf(o.exec).Pointer(); fn == reflect.ValueOf(execLoad).Pointer() || fn == reflect.ValueOf(execStore).Pointer() {
			t.Fatalf("%s: lowered to execLoad or execStore", c.name)
		}
		for _, pat := range patterns {
			t.Run(c.name+"/"+pat.desc, func(t *testing.T) {
				ps, size, _ := p.Params("k")
				params := make([]byte, size)
				m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params})
				if err != nil {
					t.Fatal(err)
				}
				mem := make([]uint32, 256) // the words OP reads or writes, as the model has them
				for j := range mem {
					mem[j] = uint32(j)*16777619 + 7
				}
				oa := m.Alloc("offs", 32*8)
				out := m.Alloc("out", 1024+128)
				buf := m.Alloc("buf", 1024) // the last: nothing past its end
				if !c.shared {
					for j := range mem {
						mem[j] = uint32(j)*2654435761 + 3
					}
					b := make([]byte, 1024)
					for j, v := range mem {
						binary.LittleEndian.PutUint32(b[4*j:], v)
					}
					m.Store(buf, 0, b)
				}
				ob := make([]byte, 32*8)
				for i, x := range pat.offs {
					binary.LittleEndian.PutUint64(ob[8*i:], x)
				}
				m.Store(oa, 0, ob)
				for _, pi := range ps {
					switch pi.Name {
					case "buf":
						binary.LittleEndian.PutUint64(params[pi.Offset:], buf)
					case "offs":
						binary.LittleEndian.PutUint64(params[pi.Offset:], oa)
					case "out":
						binary.LittleEndian.PutUint64(params[pi.Offset:], out)
					case "active":
						binary.LittleEndian.PutUint32(params[pi.Offset:], pat.active)
					}
				}
				m.Run(0)
				// The model: the lanes in order, the first bad one faults.
				var r10 [32]uint32
				bad := -1
				for i := range int(pat.active) {
					x := pat.offs[i]
					if x%4 != 0 || x >= 1024 {
						bad = i
						break
					}
					if c.store {
						mem[x/4] = uint32(i)*16843009 + 1073741824
					} else {
						r10[i] = mem[x/4]
					}
				}
				f := m.Fault()
				switch {
				case bad < 0 && f != nil:
					t.Fatalf("fault %q, want none", f.Msg)
				case bad >= 0 && (f == nil || f.Lane != bad):
					t.Fatalf("fault %+v, want one at lane %d", f, bad)
				case bad >= 0:
					if !c.store {
						return
					}
					if c.shared {
						return // (out is written after the fault: nothing to compare)
					}
					got := m.Buffer(buf)
					for j, v := range mem {
						if g := binary.LittleEndian.Uint32(got[4*j:]); g != v {
							t.Fatalf("after the fault: word %d = %#x, want %#x", j, g, v)
						}
					}
					return
				}
				got := m.Buffer(out)
				for j, v := range mem {
					if g := binary.LittleEndian.Uint32(got[4*j:]); g != v {
						t.Fatalf("word %d = %#x, want %#x", j, g, v)
					}
				}
				for i, v := range r10 {
					if g := binary.LittleEndian.Uint32(got[1024+4*i:]); g != v {
						t.Fatalf("lane %d loaded %#x, want %#x", i, g, v)
					}
				}
			})
		}
	}
}

// TestLaneLoops holds the generated lane loops of fastmem_lanes.go (which
// hold their arguments first: see there) to their definitions, with the
// value and the offset 0 among others, so that a hold that changed its
// argument shows.
func TestLaneLoops(t *testing.T) {
	var mem [512]byte
	for j := range mem {
		mem[j] = byte(j*7 + j>>8 + 1)
	}
	var a [32]uint64
	for i := range a {
		a[i] = uint64(31-i) * 8 // lane i at word 31-i: no lane in order
	}
	for _, x := range []uint64{0, 1, 0x8000_0000_0000_0001, ^uint64(0)} {
		var d [32]uint64
		for i := range d {
			d[i] = 7
		}
		fillLanes(&d, x)
		for i := range d {
			if d[i] != x {
				t.Fatalf("fillLanes(%#x): lane %d holds %#x", x, i, d[i])
			}
		}
	}
	for _, off := range []uint64{0, 4, 8} {
		var d4, d8 [32]uint64
		loadGather4(&d4, &a, mem[:], off)
		loadGather8(&d8, &a, mem[:], off)
		for i := range 32 {
			if want := uint64(binary.LittleEndian.Uint32(mem[a[i]+off:])); d4[i] != want {
				t.Fatalf("loadGather4 off %d: lane %d reads %#x, want %#x", off, i, d4[i], want)
			}
			if want := binary.LittleEndian.Uint64(mem[a[i]+off:]); d8[i] != want {
				t.Fatalf("loadGather8 off %d: lane %d reads %#x, want %#x", off, i, d8[i], want)
			}
		}
		var v [32]uint64
		for i := range v {
			v[i] = uint64(0xa0+i)<<40 | uint64(0x11*i)
		}
		for _, n := range []int{4, 8} {
			got, want := mem, mem
			if n == 4 {
				storeScatter4(got[:], &a, &v, off)
			} else {
				storeScatter8(got[:], &a, &v, off)
			}
			for i := range 32 {
				if n == 4 {
					binary.LittleEndian.PutUint32(want[a[i]+off:], uint32(v[i]))
				} else {
					binary.LittleEndian.PutUint64(want[a[i]+off:], v[i])
				}
			}
			if got != want {
				t.Fatalf("storeScatter%d off %d: memory differs from lane by lane", n, off)
			}
		}
		wlo, whi, wor := ^uint64(0), uint64(0), uint64(0)
		for _, x := range a {
			wlo, whi, wor = min(wlo, x+off), max(whi, x+off), wor|(x+off)
		}
		if lo, hi, or := spanLanes(&a, off); lo != wlo || hi != whi || or != wor {
			t.Fatalf("spanLanes off %d: (%#x, %#x, %#x), want (%#x, %#x, %#x)", off, lo, hi, or, wlo, whi, wor)
		}
	}
	var d4, d8 [32]uint64
	loadSeq4(&d4, (*[128]byte)(mem[:]))
	loadSeq8(&d8, (*[256]byte)(mem[:]))
	for i := range 32 {
		if want := uint64(binary.LittleEndian.Uint32(mem[4*i:])); d4[i] != want {
			t.Fatalf("loadSeq4: lane %d reads %#x, want %#x", i, d4[i], want)
		}
		if want := binary.LittleEndian.Uint64(mem[8*i:]); d8[i] != want {
			t.Fatalf("loadSeq8: lane %d reads %#x, want %#x", i, d8[i], want)
		}
	}
	var out4 [128]byte
	var out8 [256]byte
	storeSeq4(&out4, &d8)
	storeSeq8(&out8, &d8)
	for i := range 32 {
		if got := binary.LittleEndian.Uint32(out4[4*i:]); got != uint32(d8[i]) {
			t.Fatalf("storeSeq4: lane %d wrote %#x, want %#x", i, got, uint32(d8[i]))
		}
		if got := binary.LittleEndian.Uint64(out8[8*i:]); got != d8[i] {
			t.Fatalf("storeSeq8: lane %d wrote %#x, want %#x", i, got, d8[i])
		}
	}
	var part [8]uint64
	for _, c := range []struct {
		a      [32]uint64
		d      uint64
		stride bool
	}{
		{lanes(func(i uint64) uint64 { return 100 + 4*i }), 4, true},
		{lanes(func(i uint64) uint64 { return 0 }), 0, true},
		{lanes(func(i uint64) uint64 { return ^uint64(0) - 8*i }), ^uint64(7), true}, // d = -8
		{lanes(func(i uint64) uint64 { return 4*i + i/31 }), 4, false},               // lane 31 off by one
	} {
		if d, ok := strideLanes(&part, &c.a); d != c.d || ok != c.stride {
			t.Fatalf("strideLanes(%x) = (%#x, %v), want (%#x, %v)", c.a, d, ok, c.d, c.stride)
		}
	}
}
