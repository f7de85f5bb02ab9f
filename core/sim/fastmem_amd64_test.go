//go:build amd64 && !purego

package sim

import (
	"encoding/binary"
	"math/rand"
	"testing"

	"golang.org/x/sys/cpu"
)

// TestCPUAVX2: the start-up's own test of AVX2 (three CPUID leaves) says
// what golang.org/x/sys/cpu, which it replaced, says.
func TestCPUAVX2(t *testing.T) {
	if got, want := cpuAVX2(), cpu.X86.HasAVX2; got != want {
		t.Errorf("cpuAVX2() = %v, golang.org/x/sys/cpu's X86.HasAVX2 = %v", got, want)
	}
	if useAVX2 != cpu.X86.HasAVX2 {
		t.Errorf("useAVX2 = %v at start, want %v", useAVX2, cpu.X86.HasAVX2)
	}
}

// TestStrideLanesAVX2 holds the AVX2 lane test to the definition (lane i
// at a[0] + i*d mod 2^64, d = a[1] - a[0]) and to the Go loop, on
// strided rows and on rows with one lane off at each position (each of
// the eight four-lane steps and the overlapping last one).
func TestStrideLanesAVX2(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 on this processor")
	}
	row := func(x0, d uint64) *[32]uint64 {
		var a [32]uint64
		for i := range a {
			a[i] = x0 + uint64(i)*d
		}
		return &a
	}
	type tc struct {
		desc string
		a    *[32]uint64
	}
	tests := []tc{
		{"unit stride of 4 bytes", row(0x1000_0000, 4)},
		{"one address for all", row(0x1234, 0)},
		{"a tile's column, 132 bytes", row(0xC000_0000, 132)},
		{"descending", row(1<<40, ^uint64(7))},
		{"wrapping past 2^64", row(^uint64(0)-40, 4)},
		{"2^33 apart", row(0, 1<<33)},
		{"all zero", row(0, 0)},
	}
	for lane := 0; lane < 32; lane++ {
		for _, delta := range []uint64{1, 1 << 63, ^uint64(0)} {
			a := row(0x1000_0000, 8)
			a[lane] += delta
			tests = append(tests, tc{"lane off by a delta", a})
		}
	}
	r := rand.New(rand.NewSource(20))
	for range 200 {
		var a [32]uint64
		for i := range a {
			a[i] = r.Uint64() & 0xff
		}
		tests = append(tests, tc{"random small values", &a})
	}
	for _, tt := range tests {
		wantD := tt.a[1] - tt.a[0]
		wantOK := true
		for i := range tt.a {
			if tt.a[i] != tt.a[0]+uint64(i)*wantD {
				wantOK = false
			}
		}
		d, ok := strideLanesAVX2(tt.a)
		var part [8]uint64
		gd, gok := strideLanes(&part, tt.a)
		if d != wantD || ok != wantOK {
			t.Errorf("%s %x: AVX2 gives (%#x, %v), want (%#x, %v)", tt.desc, *tt.a, d, ok, wantD, wantOK)
		}
		if gd != wantD || gok != wantOK {
			t.Errorf("%s %x: the Go loop gives (%#x, %v), want (%#x, %v)", tt.desc, *tt.a, gd, gok, wantD, wantOK)
		}
	}
}

// TestFastMemObservablesGoLoop runs TestFastMemObservables with the Go
// lane test on a processor that has AVX2, so that both stay covered.
func TestFastMemObservablesGoLoop(t *testing.T) {
	was := useAVX2
	useAVX2 = false
	defer func() { useAVX2 = was }()
	TestFastMemObservables(t)
}

// TestLaneCopiesAVX2 holds the AVX2 copies to their definitions: lane i
// reads the little-endian word at b[4i:] zero-extended (loadSeq4), writes
// the low 32 bits of v[i] there (storeSeq4), or gets v (fillLanes), on
// words with the top bit set in each lane, so that a sign extension, a
// lane out of place or a high half written shows.
func TestLaneCopiesAVX2(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 on this processor")
	}
	var b [128]byte
	for i := range 32 {
		binary.LittleEndian.PutUint32(b[4*i:], 0x8000_0000|uint32(i)<<16|uint32(0xff-i))
	}
	d := [32]uint64{}
	for i := range d {
		d[i] = ^uint64(0) // to be overwritten whole
	}
	loadSeq4AVX2(&d, &b)
	for i := range 32 {
		if want := uint64(0x8000_0000 | uint32(i)<<16 | uint32(0xff-i)); d[i] != want {
			t.Errorf("loadSeq4AVX2: lane %d reads %#x, want %#x", i, d[i], want)
		}
	}
	var v [32]uint64
	for i := range v {
		v[i] = uint64(0xdead_0000+i)<<32 | uint64(0x8000_0000|uint32(i)*0x01010101)
	}
	var out [128]byte
	storeSeq4AVX2(&out, &v)
	for i := range 32 {
		if got, want := binary.LittleEndian.Uint32(out[4*i:]), uint32(v[i]); got != want {
			t.Errorf("storeSeq4AVX2: lane %d wrote %#x, want %#x", i, got, want)
		}
	}
	var f [32]uint64
	for _, x := range []uint64{0, 1, 0x8000_0000_0000_0001, ^uint64(0)} {
		fillLanesAVX2(&f, x)
		for i := range f {
			if f[i] != x {
				t.Errorf("fillLanesAVX2(%#x): lane %d holds %#x", x, i, f[i])
			}
		}
	}
}

// setAVX2 sets useAVX2 (a constant false elsewhere: fastmem_noasm_test.go).
func setAVX2(v bool) { useAVX2 = v }
