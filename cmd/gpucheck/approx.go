package main

// approx.go: `gpucheck approx DIR` compares ptxplay's approximate
// functions (core/fp/approx.go) with what device/approx.cu wrote from a GPU.

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/ptxplay/ptxplay/core/fp"
)

// approxFuncs: each function of approx.cu with ptxplay's model of it.
var approxFuncs = []struct {
	name string
	f32  func(uint32) uint32
	f16  func(uint16) uint16
	x2   func(uint32) uint32 // the .f16x2/.bf16x2 form: its file holds 65,536 words
	bf16 bool
	trig bool // sin, cos: the ISA bounds the error on [-100pi, 100pi] only; the rest is counted apart
}{
	{name: "ex2_f32", f32: ftz(fp.Ex2ApproxF32, false)},
	{name: "ex2_ftz_f32", f32: ftz(fp.Ex2ApproxF32, true)},
	{name: "lg2_f32", f32: ftz(fp.Lg2ApproxF32, false)},
	{name: "lg2_ftz_f32", f32: ftz(fp.Lg2ApproxF32, true)},
	{name: "rcp_f32", f32: ftz(fp.RcpApproxF32, false)},
	{name: "rcp_ftz_f32", f32: ftz(fp.RcpApproxF32, true)},
	{name: "rsqrt_f32", f32: ftz(fp.RsqrtApproxF32, false)},
	{name: "rsqrt_ftz_f32", f32: ftz(fp.RsqrtApproxF32, true)},
	{name: "sqrt_f32", f32: ftz(fp.SqrtApproxF32, false)},
	{name: "sqrt_ftz_f32", f32: ftz(fp.SqrtApproxF32, true)},
	{name: "sin_f32", trig: true, f32: ftz(fp.SinApproxF32, false)},
	{name: "sin_ftz_f32", trig: true, f32: ftz(fp.SinApproxF32, true)},
	{name: "cos_f32", trig: true, f32: ftz(fp.CosApproxF32, false)},
	{name: "cos_ftz_f32", trig: true, f32: ftz(fp.CosApproxF32, true)},
	{name: "tanh_f32", f32: fp.TanhApproxF32},
	{name: "ex2_f16", f16: fp.Ex2ApproxF16},
	{name: "ex2_ftz_bf16", f16: fp.Ex2ApproxBF16, bf16: true},
	{name: "tanh_f16", f16: fp.TanhApproxF16},
	{name: "tanh_bf16", f16: fp.TanhApproxBF16, bf16: true},
	{name: "ex2_f16x2", x2: fp.Ex2ApproxF16x2},
	{name: "ex2_ftz_bf16x2", x2: fp.Ex2ApproxBF16x2, bf16: true},
	{name: "tanh_f16x2", x2: fp.TanhApproxF16x2},
	{name: "tanh_bf16x2", x2: fp.TanhApproxBF16x2, bf16: true},
}

// approxInputX2 is approx.cu's i-th .x2 input.
func approxInputX2(i uint32) uint32 { return i | (i*40503+12345)&0xffff<<16 }

func ftz(f func(uint32, bool) uint32, z bool) func(uint32) uint32 {
	return func(a uint32) uint32 { return f(a, z) }
}

// approxInput32 is approx.cu's i-th f32 input.
func approxInput32(i uint32) uint32 { return i<<14 | (i*2654435761)&0x3fff }

// approxStats counts how ptxplay's results stand to the GPU's.
type approxStats struct {
	n, same, nanBoth, special int    // special: one side NaN, infinite or zero and the other not the same
	ulp                       [4]int // differing by 1, 2, 3, more ulps (finite, same sign)
	worst                     int64
	worstIn, worstGPU, worstP uint64
}

func (s *approxStats) add(in, g, p uint64, isNaN func(uint64) bool, signBit uint64) {
	s.n++
	switch {
	case g == p:
		s.same++
	case isNaN(g) && isNaN(p):
		s.nanBoth++
	case isNaN(g) || isNaN(p) || g&signBit != p&signBit:
		s.special++
	default:
		d := int64(g) - int64(p)
		if d < 0 {
			d = -d
		}
		s.ulp[min(d, 4)-1]++
		if d > s.worst {
			s.worst, s.worstIn, s.worstGPU, s.worstP = d, in, g, p
		}
	}
}

func approx(w io.Writer, dir string) (bad bool, err error) {
	fmt.Fprintf(w, "%-14s %8s %8s %6s %6s %6s %6s %6s %6s  %s\n", "function", "inputs", "same", "NaN", "1ulp", "2ulp", "3ulp", ">3ulp", "other", "worst (input: GPU, ptxplay)")
	for _, af := range approxFuncs {
		data, err := os.ReadFile(filepath.Join(dir, af.name+".bin"))
		if err != nil {
			return false, err
		}
		var s, far approxStats
		typ := "f32"
		switch {
		case af.f32 != nil:
			for i := 0; i+4 <= len(data); i += 4 {
				in := approxInput32(uint32(i / 4))
				if x := math.Abs(float64(math.Float32frombits(in))); af.trig && x > 100*math.Pi {
					far.add(uint64(in), uint64(binary.LittleEndian.Uint32(data[i:])), uint64(af.f32(in)), func(v uint64) bool { return isNaN("f32", v) }, 1<<31)
					continue
				}
				s.add(uint64(in), uint64(binary.LittleEndian.Uint32(data[i:])), uint64(af.f32(in)), func(v uint64) bool { return isNaN("f32", v) }, 1<<31)
			}
		case af.x2 != nil:
			typ = "f16"
			if af.bf16 {
				typ = "bf16"
			}
			isNaN16 := func(v uint64) bool { return isNaN(typ, v) }
			for i := 0; i+4 <= len(data); i += 4 { // each half counts as one
				in := approxInputX2(uint32(i / 4))
				g, p := binary.LittleEndian.Uint32(data[i:]), af.x2(in)
				s.add(uint64(in&0xffff), uint64(g&0xffff), uint64(p&0xffff), isNaN16, 1<<15)
				s.add(uint64(in>>16), uint64(g>>16), uint64(p>>16), isNaN16, 1<<15)
			}
		default:
			typ = "f16"
			if af.bf16 {
				typ = "bf16"
			}
			for i := 0; i+2 <= len(data); i += 2 {
				in := uint16(i / 2)
				s.add(uint64(in), uint64(binary.LittleEndian.Uint16(data[i:])), uint64(af.f16(in)), func(v uint64) bool { return isNaN(typ, v) }, 1<<15)
			}
		}
		worst := ""
		if s.worst > 0 {
			worst = fmt.Sprintf("%s: %s, %s", show(typ, s.worstIn), show(typ, s.worstGPU), show(typ, s.worstP))
		}
		fmt.Fprintf(w, "%-14s %8d %8d %6d %6d %6d %6d %6d %6d  %s\n", af.name, s.n, s.same, s.nanBoth, s.ulp[0], s.ulp[1], s.ulp[2], s.ulp[3], s.special, worst)
		if far.n > 0 {
			fmt.Fprintf(w, "%-14s %8d %8d  (|x| > 100pi, where the ISA bounds nothing)\n", "", far.n, far.same)
		}
		bad = bad || s.special > 0
	}
	return bad, nil
}

func show(typ string, v uint64) string {
	switch typ {
	case "f32":
		return fmt.Sprintf("%#08x (%g)", v, math.Float32frombits(uint32(v)))
	}
	return fmt.Sprintf("%#04x", v)
}
