// exec_float.go: the floating-point instructions (PTX ISA 9.7.3 floating
// point, 9.7.4 half precision, 9.7.5 mixed precision, the float forms of
// setp and set, and cvt to and from floating-point types): add, sub, mul,
// mad, fma, div, abs, neg, min, max, rcp, sqrt, rsqrt, sin, cos, lg2, ex2,
// tanh, testp, copysign, setp, set and cvt.
//
// The semantics live in package core/fp, bit-exact and on raw bits; this
// file picks the function and its modifiers once at load time. add, sub, mul
// and fma.rn on .f32 without .ftz or .sat run as plain loops over Go float32
// arithmetic (IEEE 754 round to nearest even), with only the NaN result
// canonicalized: they are the bulk of every float kernel.

package sim

import (
	"fmt"
	"math"
	"strings"
	"unsafe"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/fp"
	"github.com/ptxplay/ptxplay/core/isa"
)

func init() {
	floatArith["add"] = lowerFloatAddSubMul
	floatArith["sub"] = lowerFloatAddSubMul
	floatArith["mul"] = lowerFloatAddSubMul
	floatArith["mad"] = lowerFloatFma
	floatArith["div"] = lowerFloatDiv
	floatArith["abs"] = lowerFloatAbsNeg
	floatArith["neg"] = lowerFloatAbsNeg
	floatArith["min"] = lowerFloatMinMax
	floatArith["max"] = lowerFloatMinMax
	floatArith["setp"] = lowerFloatSetp
	floatArith["set"] = lowerFloatSet
	floatArith["cvt"] = lowerFloatCvt
	lowerers["fma"] = lowerFloatFma
	lowerers["rcp"] = lowerFloatUnary
	lowerers["sqrt"] = lowerFloatUnary
	lowerers["rsqrt"] = lowerFloatUnary
	lowerers["sin"] = lowerFloatUnary
	lowerers["cos"] = lowerFloatUnary
	lowerers["lg2"] = lowerFloatUnary
	lowerers["ex2"] = lowerFloatUnary
	lowerers["tanh"] = lowerFloatUnary
	lowerers["testp"] = lowerTestp
	lowerers["copysign"] = lowerCopysign
}

// fkind is a floating-point instruction type.
type fkind uint8

const (
	fkNone fkind = iota
	fkF32
	fkF64
	fkF16
	fkBF16
	fkF16x2
	fkBF16x2
	fkF32x2
	fkTF32
)

func fkindOf(name string) fkind {
	switch name {
	case ".f32":
		return fkF32
	case ".f64":
		return fkF64
	case ".f16":
		return fkF16
	case ".bf16":
		return fkBF16
	case ".f16x2":
		return fkF16x2
	case ".bf16x2":
		return fkBF16x2
	case ".f32x2":
		return fkF32x2
	case ".tf32":
		return fkTF32
	}
	return fkNone
}

// half reports whether k is a half-precision type: .f16, .bf16 or their
// x2 forms, which round to nearest only.
func (k fkind) half() bool { return k == fkF16 || k == fkF16x2 || k == fkBF16 || k == fkBF16x2 }

// fltNaN32 is the GPU's single-precision NaN (see package fp).
const fltNaN32 = 0x7FFFFFFF

// fltRound returns the floating-point rounding modifier of in (.rn, .rz,
// .rm, .rp, .rna), or def when none is given.
func fltRound(in *check.Inst, def fp.Round) (fp.Round, error) {
	switch s := in.Match.Get("rnd"); s {
	case "":
		return def, nil
	case ".rn":
		return fp.RN, nil
	case ".rz":
		return fp.RZ, nil
	case ".rm":
		return fp.RM, nil
	case ".rp":
		return fp.RP, nil
	case ".rna":
		return fp.RNA, nil
	default:
		return 0, fmt.Errorf("%s%s: rounding %s is not simulated", in.Entry.Name, joinMods(in), s)
	}
}

// fltIrnd returns the integer rounding modifier of in (.rni, .rzi, .rmi,
// .rpi) and whether there is one.
func fltIrnd(in *check.Inst) (fp.Round, bool) {
	switch in.Match.Get("irnd") {
	case ".rni":
		return fp.RN, true
	case ".rzi":
		return fp.RZ, true
	case ".rmi":
		return fp.RM, true
	case ".rpi":
		return fp.RP, true
	}
	return 0, false
}

// floatTypeErr reports a float instruction whose type has no semantics here.
func floatTypeErr(in *check.Inst, t string) error {
	return fmt.Errorf("%s%s: type %s is not simulated", in.Entry.Name, joinMods(in), t)
}

// fltPair32 applies f to the two .f32 halves of a .f32x2 value (element 0 in
// the low half).
func fltPair32(a, b uint64, f func(x, y uint32) uint32) uint64 {
	return uint64(f(uint32(a), uint32(b))) | uint64(f(uint32(a>>32), uint32(b>>32)))<<32
}

// addSubMul picks add's, sub's or mul's function by instruction name.
func addSubMul[F any](name string, add, sub, mul F) F {
	switch name {
	case "sub":
		return sub
	case "mul":
		return mul
	}
	return add
}

// bits1 and bits2 run f, an fp function on the low bits of its register
// operands (T is the operand's width), as a lane function.
func bits1[T uint16 | uint32](f func(a T) T) func(a uint64) uint64 {
	return func(a uint64) uint64 { return uint64(f(T(a))) }
}

func bits2[T uint16 | uint32](f func(a, b T) T) func(a, b uint64) uint64 {
	return func(a, b uint64) uint64 { return uint64(f(T(a), T(b))) }
}

// ---- add, sub, mul (9.7.3.3-5, 9.7.4.1-3, 9.7.5.1-2)

func lowerFloatAddSubMul(l *lowering, in *check.Inst, o *op) error {
	name := in.Entry.Name
	ftz, sat := in.Match.Has(".ftz"), in.Match.Has(".sat")
	rnd, err := fltRound(in, fp.RN)
	if err != nil {
		return err
	}
	if err := needSrcs(in, o, 1, 2); err != nil {
		return err
	}
	if ts := in.Match.Types(); len(ts) == 2 {
		return lowerMixedAddSub(in, o, ts, rnd, sat)
	}
	k := fkindOf(o.typ.name)
	if k.half() && rnd != fp.RN {
		return fmt.Errorf("%s%s: half precision rounds to nearest only (.rn)", name, joinMods(in))
	}
	switch k {
	case fkF32:
		if rnd == fp.RN && !ftz && !sat {
			o.exec = addSubMul(name, execAddF32, execSubF32, execMulF32)
			return nil
		}
		f := addSubMul(name, fp.AddF32, fp.SubF32, fp.MulF32)
		o.exec = lane2(func(a, b uint64) uint64 { return uint64(f(uint32(a), uint32(b), rnd, ftz, sat)) })
	case fkF32x2:
		f := addSubMul(name, fp.AddF32, fp.SubF32, fp.MulF32)
		g := func(x, y uint32) uint32 { return f(x, y, rnd, ftz, sat) }
		o.exec = lane2(func(a, b uint64) uint64 { return fltPair32(a, b, g) })
	case fkF64:
		f := addSubMul(name, fp.AddF64, fp.SubF64, fp.MulF64)
		o.exec = lane2(func(a, b uint64) uint64 { return f(a, b, rnd) })
	case fkF16:
		f := addSubMul(name, fp.AddF16, fp.SubF16, fp.MulF16)
		o.exec = lane2(func(a, b uint64) uint64 { return uint64(f(uint16(a), uint16(b), ftz, sat)) })
	case fkF16x2:
		f := addSubMul(name, fp.AddF16x2, fp.SubF16x2, fp.MulF16x2)
		o.exec = lane2(func(a, b uint64) uint64 { return uint64(f(uint32(a), uint32(b), ftz, sat)) })
	case fkBF16:
		o.exec = lane2(bits2(addSubMul(name, fp.AddBF16, fp.SubBF16, fp.MulBF16)))
	case fkBF16x2:
		o.exec = lane2(bits2(addSubMul(name, fp.AddBF16x2, fp.SubBF16x2, fp.MulBF16x2)))
	default:
		return floatTypeErr(in, o.typ.name)
	}
	return nil
}

// fltWiden widens an .f16 or .bf16 operand of a mixed-precision form to
// .f32 (exact).
func fltWiden(k fkind) func(a uint64) uint32 {
	if k == fkBF16 {
		return func(a uint64) uint32 { return fp.CvtBF16ToF32(uint16(a), false, false) }
	}
	return func(a uint64) uint32 { return fp.CvtF16ToF32(uint16(a), false, false) }
}

// lowerMixedAddSub: add{.rnd}{.sat}.f32.atype d, a, c and sub likewise
// (PTX ISA 9.7.5.1-2): d = (f32)a + c, with a an .f16 or .bf16 value.
func lowerMixedAddSub(in *check.Inst, o *op, ts []string, rnd fp.Round, sat bool) error {
	if ts[0] != ".f32" || (ts[1] != ".f16" && ts[1] != ".bf16") || in.Entry.Name == "mul" {
		return unsupported(in)
	}
	cv := fltWiden(fkindOf(ts[1]))
	f := addSubMul(in.Entry.Name, fp.AddF32, fp.SubF32, fp.MulF32)
	o.exec = lane2(func(a, c uint64) uint64 { return uint64(f(cv(a), uint32(c), rnd, false, sat)) })
	return nil
}

// fltF32 reads the low 32 bits of a register as a float32.
func fltF32(x uint64) float32 { return math.Float32frombits(uint32(x)) }

// fltBits32 returns the bits of x, a NaN as the canonical NaN.
func fltBits32(x float32) uint64 {
	r := math.Float32bits(x)
	if r&0x7FFFFFFF > 0x7F800000 {
		r = fltNaN32
	}
	return uint64(r)
}

// The full-warp loops below read and write a register's 32 lanes as 64
// float32 words: on a little-endian host word 2i is lane i's low half (the
// f32 value) and word 2i+1 its high half (zero). Loading and storing
// float32 directly keeps the values out of the integer registers, which
// roughly halves the cost of a lane; on other hosts the portable loops run.
var hostLE = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

func words(r *[32]uint64) (*[64]float32, *[64]uint32) {
	p := unsafe.Pointer(r)
	return (*[64]float32)(p), (*[64]uint32)(p)
}

// fltBits32w is fltBits32 as a 32-bit word.
func fltBits32w(x float32) uint32 { return uint32(fltBits32(x)) }

func execAddF32(m *Machine, w *warp, o *op) {
	d, a, b := dst(w, o, 0), src(w, o, 0), src(w, o, 1)
	if w.mask == fullMask && hostLE {
		df, du := words(d)
		af, _ := words(a)
		bf, _ := words(b)
		for i := 0; i <= 60; i += 4 { // two lanes a turn
			x0, x1 := af[i]+bf[i], af[i+2]+bf[i+2]
			df[i], df[i+2] = x0, x1
			du[i+1], du[i+3] = 0, 0
			if x0 != x0 || x1 != x1 { // a NaN: the GPU's is canonical
				du[i], du[i+2] = fltBits32w(x0), fltBits32w(x1)
			}
		}
		return
	}
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 != 0 {
			d[i] = fltBits32(fltF32(a[i]) + fltF32(b[i]))
		}
	}
}

func execSubF32(m *Machine, w *warp, o *op) {
	d, a, b := dst(w, o, 0), src(w, o, 0), src(w, o, 1)
	if w.mask == fullMask && hostLE {
		df, du := words(d)
		af, _ := words(a)
		bf, _ := words(b)
		for i := 0; i <= 60; i += 4 { // two lanes a turn
			x0, x1 := af[i]-bf[i], af[i+2]-bf[i+2]
			df[i], df[i+2] = x0, x1
			du[i+1], du[i+3] = 0, 0
			if x0 != x0 || x1 != x1 { // a NaN: the GPU's is canonical
				du[i], du[i+2] = fltBits32w(x0), fltBits32w(x1)
			}
		}
		return
	}
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 != 0 {
			d[i] = fltBits32(fltF32(a[i]) - fltF32(b[i]))
		}
	}
}

func execMulF32(m *Machine, w *warp, o *op) {
	d, a, b := dst(w, o, 0), src(w, o, 0), src(w, o, 1)
	if w.mask == fullMask && hostLE {
		df, du := words(d)
		af, _ := words(a)
		bf, _ := words(b)
		for i := 0; i <= 60; i += 4 { // two lanes a turn
			x0, x1 := af[i]*bf[i], af[i+2]*bf[i+2]
			df[i], df[i+2] = x0, x1
			du[i+1], du[i+3] = 0, 0
			if x0 != x0 || x1 != x1 { // a NaN: the GPU's is canonical
				du[i], du[i+2] = fltBits32w(x0), fltBits32w(x1)
			}
		}
		return
	}
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 != 0 {
			d[i] = fltBits32(fltF32(a[i]) * fltF32(b[i]))
		}
	}
}

// ---- fma, mad (9.7.3.6-7, 9.7.4.4, 9.7.5.3)

// lowerFloatFma: fma.rnd{.ftz}{.sat}.f32, fma.rnd.f64, fma.rnd{.ftz}.f32x2,
// the half-precision forms with .relu, the mixed fma.rnd{.sat}.f32.atype,
// and mad.f32 / mad.rnd.f32 / mad{.rnd}.f64. mad.f32 without a rounding
// modifier is mad.rn.f32, as ptxas defaults it for sm_20 and later (PTX ISA
// 3.1 9.7.3.7, Errata).
func lowerFloatFma(l *lowering, in *check.Inst, o *op) error {
	ftz, sat, relu := in.Match.Has(".ftz"), in.Match.Has(".sat"), in.Match.Has(".relu")
	rnd, err := fltRound(in, fp.RN)
	if err != nil {
		return err
	}
	if in.Match.Has(".oob") {
		return fmt.Errorf("%s%s: .oob is not simulated", in.Entry.Name, joinMods(in))
	}
	if err := needSrcs(in, o, 1, 3); err != nil {
		return err
	}
	if ts := in.Match.Types(); len(ts) == 2 {
		// fma.rnd{.sat}.f32.atype d, a, b, c (9.7.5.3): a and b are .f16 or
		// .bf16, widened exactly; c and d are .f32.
		if ts[0] != ".f32" || (ts[1] != ".f16" && ts[1] != ".bf16") {
			return unsupported(in)
		}
		cv := fltWiden(fkindOf(ts[1]))
		o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(fp.FmaF32(cv(a), cv(b), uint32(c), rnd, false, sat)) })
		return nil
	}
	k := fkindOf(o.typ.name)
	if !k.half() && relu {
		return unsupported(in)
	}
	switch k {
	case fkF32:
		if rnd == fp.RN && !ftz && !sat {
			o.exec = execFmaF32
			return nil
		}
		o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(fp.FmaF32(uint32(a), uint32(b), uint32(c), rnd, ftz, sat)) })
	case fkF32x2:
		o.exec = lane3(func(a, b, c uint64) uint64 {
			lo := fp.FmaF32(uint32(a), uint32(b), uint32(c), rnd, ftz, sat)
			hi := fp.FmaF32(uint32(a>>32), uint32(b>>32), uint32(c>>32), rnd, ftz, sat)
			return uint64(lo) | uint64(hi)<<32
		})
	case fkF64:
		o.exec = lane3(func(a, b, c uint64) uint64 { return fp.FmaF64(a, b, c, rnd) })
	case fkF16, fkF16x2, fkBF16, fkBF16x2:
		if rnd != fp.RN {
			return fmt.Errorf("%s%s: half precision rounds to nearest only (.rn)", in.Entry.Name, joinMods(in))
		}
		switch k {
		case fkF16:
			o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(fp.FmaF16(uint16(a), uint16(b), uint16(c), ftz, sat, relu)) })
		case fkF16x2:
			o.exec = lane3(func(a, b, c uint64) uint64 {
				return uint64(fp.FmaF16x2(uint32(a), uint32(b), uint32(c), ftz, sat, relu))
			})
		case fkBF16:
			o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(fp.FmaBF16(uint16(a), uint16(b), uint16(c), relu)) })
		default:
			o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(fp.FmaBF16x2(uint32(a), uint32(b), uint32(c), relu)) })
		}
	default:
		return floatTypeErr(in, o.typ.name)
	}
	return nil
}

// execFmaF32 is fma.rn.f32 without .ftz or .sat. The product of two
// float32 values is exact in float64, so s below is a*b+c rounded once to
// float64; rounding s again to float32 is the correctly rounded result
// unless s lies exactly on a float32 rounding midpoint (the low 29 fraction
// bits are 1<<28) or below the float32 normal range, where fp.FmaF32
// decides exactly. Whether the compiler fuses the float64 multiply-add does
// not matter: the product is exact either way.
// fmaSlow reports when the float64 value of a*b+c (the product exact, one
// rounding) cannot simply be rounded to f32: when it sits exactly on an
// f32 rounding tie (low 29 bits 1000...0), where the first rounding may
// have made the tie; when it is below the smallest normal f32 (exponent
// under 0x381), where f32 has fewer bits; or when it is a NaN or an
// infinity (exponent 0x7ff), which need the GPU's NaN. fp.FmaF32 takes
// those.
func fmaSlow(sb uint64) bool {
	return sb&(1<<29-1) == 1<<28 || sb>>52&0x7ff-0x381 > 0x7fe-0x381
}

func execFmaF32(m *Machine, w *warp, o *op) {
	d, a, b, c := dst(w, o, 0), src(w, o, 0), src(w, o, 1), src(w, o, 2)
	if w.mask == fullMask && hostLE {
		df, du := words(d)
		af, _ := words(a)
		bf, _ := words(b)
		cf, _ := words(c)
		for i := 0; i <= 60; i += 4 { // two lanes a turn
			s0 := float64(af[i])*float64(bf[i]) + float64(cf[i])
			s1 := float64(af[i+2])*float64(bf[i+2]) + float64(cf[i+2])
			if fmaSlow(math.Float64bits(s0)) || fmaSlow(math.Float64bits(s1)) {
				for l := i / 2; l <= i/2+1; l++ {
					d[l] = uint64(fp.FmaF32(uint32(a[l]), uint32(b[l]), uint32(c[l]), fp.RN, false, false))
				}
				continue
			}
			df[i], df[i+2] = float32(s0), float32(s1)
			du[i+1], du[i+3] = 0, 0
		}
		return
	}
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 != 0 {
			s := float64(fltF32(a[i]))*float64(fltF32(b[i])) + float64(fltF32(c[i]))
			if fmaSlow(math.Float64bits(s)) {
				d[i] = uint64(fp.FmaF32(uint32(a[i]), uint32(b[i]), uint32(c[i]), fp.RN, false, false))
				continue
			}
			d[i] = uint64(math.Float32bits(float32(s)))
		}
	}
}

// ---- div (9.7.3.8)

// lowerFloatDiv: div.approx{.ftz}.f32, div.full{.ftz}.f32,
// div.rnd{.ftz}.f32, div.rnd.f64, and the legacy div.f32 (= div.approx.ftz.f32
// for PTX ISA 1.0-1.3) and div.f64 (= div.rn.f64).
func lowerFloatDiv(l *lowering, in *check.Inst, o *op) error {
	if err := needSrcs(in, o, 1, 2); err != nil {
		return err
	}
	ftz := in.Match.Has(".ftz")
	rnd, err := fltRound(in, fp.RN)
	if err != nil {
		return err
	}
	switch fkindOf(o.typ.name) {
	case fkF32:
		switch {
		case in.Match.Has(".approx"):
			o.exec = lane2(func(a, b uint64) uint64 { return uint64(fp.DivApproxF32(uint32(a), uint32(b), ftz)) })
		case in.Match.Has(".full"):
			o.exec = lane2(func(a, b uint64) uint64 { return uint64(fp.DivFullF32(uint32(a), uint32(b), ftz)) })
		case in.Match.Get("rnd") != "":
			o.exec = lane2(func(a, b uint64) uint64 { return uint64(fp.DivF32(uint32(a), uint32(b), rnd, ftz)) })
		default:
			o.exec = lane2(func(a, b uint64) uint64 { return uint64(fp.DivApproxF32(uint32(a), uint32(b), true)) })
		}
	case fkF64:
		o.exec = lane2(func(a, b uint64) uint64 { return fp.DivF64(a, b, rnd) })
	default:
		return floatTypeErr(in, o.typ.name)
	}
	return nil
}

// ---- rcp, sqrt, rsqrt, sin, cos, lg2, ex2, tanh (9.7.3.13-22, 9.7.4.9-10)

// lowerFloatUnary picks the one-operand functions. Without .approx or a
// rounding modifier, the .f32 forms are the legacy defaults of PTX ISA
// 1.0-1.3: .approx.ftz (the ISA's "defaults to rcp.approx.ftz.f32" and so
// on); the .f64 forms of rcp and sqrt default to .rn.
func lowerFloatUnary(l *lowering, in *check.Inst, o *op) error {
	if err := needSrcs(in, o, 1, 1); err != nil {
		return err
	}
	name, k := in.Entry.Name, fkindOf(o.typ.name)
	approx, ftz := in.Match.Has(".approx"), in.Match.Has(".ftz")
	hasRnd := in.Match.Get("rnd") != ""
	rnd, err := fltRound(in, fp.RN)
	if err != nil {
		return err
	}
	legacy := !approx && !hasRnd // PTX 1.x spelling: .approx.ftz for .f32
	var f32f func(a uint32) uint32
	switch {
	case k == fkF32 && (name == "rcp" || name == "sqrt") && hasRnd:
		g := either(name == "rcp", fp.RcpF32, fp.SqrtF32)
		f32f = func(a uint32) uint32 { return g(a, rnd, ftz) }
	case k == fkF32 && name == "tanh":
		f32f = fp.TanhApproxF32
	case k == fkF32:
		if g := f32Approx[name]; g != nil {
			ftz := ftz || legacy
			f32f = func(a uint32) uint32 { return g(a, ftz) }
		}
	case k == fkF64:
		var f func(a uint64) uint64
		switch {
		case name == "rcp" && approx:
			f = fp.RcpApproxFtzF64 // rcp.approx.ftz.f64 is the only approximate form
		case name == "rcp":
			f = func(a uint64) uint64 { return fp.RcpF64(a, rnd) }
		case name == "sqrt" && !approx:
			f = func(a uint64) uint64 { return fp.SqrtF64(a, rnd) }
		case name == "rsqrt" && approx && ftz:
			f = fp.RsqrtApproxFtzF64
		case name == "rsqrt":
			f = fp.RsqrtApproxF64
		}
		if f == nil {
			return unsupported(in)
		}
		o.exec = lane1(f)
		return nil
	case name == "ex2" || name == "tanh":
		ex2 := name == "ex2"
		var f func(a uint64) uint64
		switch k {
		case fkF16:
			f = bits1(either(ex2, fp.Ex2ApproxF16, fp.TanhApproxF16))
		case fkF16x2:
			f = bits1(either(ex2, fp.Ex2ApproxF16x2, fp.TanhApproxF16x2))
		case fkBF16:
			f = bits1(either(ex2, fp.Ex2ApproxBF16, fp.TanhApproxBF16))
		case fkBF16x2:
			f = bits1(either(ex2, fp.Ex2ApproxBF16x2, fp.TanhApproxBF16x2))
		}
		if f == nil {
			return floatTypeErr(in, o.typ.name)
		}
		o.exec = lane1(f)
		return nil
	}
	if f32f == nil {
		return floatTypeErr(in, o.typ.name)
	}
	o.exec = lane1(bits1(f32f))
	return nil
}

// f32Approx holds the .approx.f32 forms that take .ftz (all but tanh).
var f32Approx = map[string]func(a uint32, ftz bool) uint32{
	"rcp":   fp.RcpApproxF32,
	"sqrt":  fp.SqrtApproxF32,
	"rsqrt": fp.RsqrtApproxF32,
	"sin":   fp.SinApproxF32,
	"cos":   fp.CosApproxF32,
	"lg2":   fp.Lg2ApproxF32,
	"ex2":   fp.Ex2ApproxF32,
}

// ---- abs, neg (9.7.3.9-10, 9.7.4.5-6)

func lowerFloatAbsNeg(l *lowering, in *check.Inst, o *op) error {
	if err := needSrcs(in, o, 1, 1); err != nil {
		return err
	}
	ftz, abs := in.Match.Has(".ftz"), in.Entry.Name == "abs"
	var f func(a uint64) uint64
	switch fkindOf(o.typ.name) {
	case fkF32:
		g := either(abs, fp.AbsF32, fp.NegF32)
		f = func(a uint64) uint64 { return uint64(g(uint32(a), ftz)) }
	case fkF64:
		f = either(abs, fp.AbsF64, fp.NegF64)
	case fkF16:
		g := either(abs, fp.AbsF16, fp.NegF16)
		f = func(a uint64) uint64 { return uint64(g(uint16(a), ftz)) }
	case fkF16x2:
		g := either(abs, fp.AbsF16x2, fp.NegF16x2)
		f = func(a uint64) uint64 { return uint64(g(uint32(a), ftz)) }
	case fkBF16:
		f = bits1(either(abs, fp.AbsBF16, fp.NegBF16))
	case fkBF16x2:
		f = bits1(either(abs, fp.AbsBF16x2, fp.NegBF16x2))
	default:
		return floatTypeErr(in, o.typ.name)
	}
	o.exec = lane1(f)
	return nil
}

// ---- min, max (9.7.3.11-12, 9.7.4.7-8)

// lowerFloatMinMax: min{.ftz}{.NaN}{.xorsign.abs}.f32 d, a, b, the
// three-input min{.ftz}{.NaN}{.abs}.f32 d, a, b, c, min.f64, and the half
// forms; max likewise.
func lowerFloatMinMax(l *lowering, in *check.Inst, o *op) error {
	isMax := in.Entry.Name == "max"
	ftz, nan := in.Match.Has(".ftz"), in.Match.Has(".NaN")
	xs := in.Match.Has(".xorsign")
	abs := in.Match.Has(".abs") && !xs
	k := fkindOf(o.typ.name)
	if len(o.s) == 3 {
		if k != fkF32 {
			return floatTypeErr(in, o.typ.name)
		}
		if err := needSrcs(in, o, 1, 3); err != nil {
			return err
		}
		f := either(isMax, fp.Max3F32, fp.Min3F32)
		o.exec = lane3(func(a, b, c uint64) uint64 { return uint64(f(uint32(a), uint32(b), uint32(c), ftz, nan, abs)) })
		return nil
	}
	if err := needSrcs(in, o, 1, 2); err != nil {
		return err
	}
	var f func(a, b uint64) uint64
	switch k {
	case fkF32:
		g := either(isMax, fp.MaxF32, fp.MinF32)
		f = func(a, b uint64) uint64 { return uint64(g(uint32(a), uint32(b), ftz, nan, xs)) }
	case fkF64:
		if nan || xs {
			return unsupported(in)
		}
		f = either(isMax, fp.MaxF64, fp.MinF64)
	case fkF16:
		g := either(isMax, fp.MaxF16, fp.MinF16)
		f = func(a, b uint64) uint64 { return uint64(g(uint16(a), uint16(b), ftz, nan, xs)) }
	case fkF16x2:
		g := either(isMax, fp.MaxF16x2, fp.MinF16x2)
		f = func(a, b uint64) uint64 { return uint64(g(uint32(a), uint32(b), ftz, nan, xs)) }
	case fkBF16:
		g := either(isMax, fp.MaxBF16, fp.MinBF16)
		f = func(a, b uint64) uint64 { return uint64(g(uint16(a), uint16(b), nan, xs)) }
	case fkBF16x2:
		g := either(isMax, fp.MaxBF16x2, fp.MinBF16x2)
		f = func(a, b uint64) uint64 { return uint64(g(uint32(a), uint32(b), nan, xs)) }
	default:
		return floatTypeErr(in, o.typ.name)
	}
	o.exec = lane2(f)
	return nil
}

// ---- testp (9.7.3.1), copysign (9.7.3.2)

func lowerTestp(l *lowering, in *check.Inst, o *op) error {
	top, ok := fp.ParseTestOp(strings.TrimPrefix(in.Match.Get("fprop"), "."))
	if !ok {
		return fmt.Errorf("testp%s: expected a property (.finite, .infinite, .number, .notanumber, .normal, .subnormal)", joinMods(in))
	}
	if o.pd < 0 || len(o.s) != 1 {
		return fmt.Errorf("testp%s: expected a predicate destination and one source", joinMods(in))
	}
	var f func(a uint64) bool
	switch fkindOf(o.typ.name) {
	case fkF32:
		f = func(a uint64) bool { return fp.TestpF32(top, uint32(a)) }
	case fkF64:
		f = func(a uint64) bool { return fp.TestpF64(top, a) }
	default:
		return floatTypeErr(in, o.typ.name)
	}
	o.exec = func(m *Machine, w *warp, o *op) {
		a := src(w, o, 0)
		var t uint32
		for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
			if mk&1 != 0 && f(a[i]) {
				t |= 1 << i
			}
		}
		setPred(w, o.pd, t)
	}
	return nil
}

func lowerCopysign(l *lowering, in *check.Inst, o *op) error {
	if err := needSrcs(in, o, 1, 2); err != nil {
		return err
	}
	switch fkindOf(o.typ.name) {
	case fkF32:
		o.exec = lane2(bits2(fp.CopysignF32))
	case fkF64:
		o.exec = lane2(fp.CopysignF64)
	default:
		return floatTypeErr(in, o.typ.name)
	}
	return nil
}

// ---- setp, set on floating-point operands (9.7.6.1-2)

// floatCmp returns the comparison of a setp or set of float type k, per
// lane: t0 is the scalar result (element 0 of an x2 form), t1 element 1.
func floatCmp(in *check.Inst, k fkind) (func(a, b uint64) (t0, t1 bool), error) {
	c := in.Match.Get("cmp")
	cop, ok := fp.ParseCmpOp(strings.TrimPrefix(c, "."))
	if !ok {
		return nil, fmt.Errorf("%s%s: expected a floating-point comparison, found %q", in.Entry.Name, joinMods(in), c)
	}
	ftz := in.Match.Has(".ftz")
	switch k {
	case fkF32:
		return func(a, b uint64) (bool, bool) { return fp.CmpF32(cop, uint32(a), uint32(b), ftz), false }, nil
	case fkF64:
		return func(a, b uint64) (bool, bool) { return fp.CmpF64(cop, a, b), false }, nil
	case fkF16:
		return func(a, b uint64) (bool, bool) { return fp.CmpF16(cop, uint16(a), uint16(b), ftz), false }, nil
	case fkBF16:
		return func(a, b uint64) (bool, bool) { return fp.CmpBF16(cop, uint16(a), uint16(b)), false }, nil
	case fkF16x2:
		return func(a, b uint64) (bool, bool) { return fp.CmpF16x2(cop, uint32(a), uint32(b), ftz) }, nil
	case fkBF16x2:
		return func(a, b uint64) (bool, bool) { return fp.CmpBF16x2(cop, uint32(a), uint32(b)) }, nil
	}
	return nil, floatTypeErr(in, in.Match.Type())
}

// fltBop returns the BoolOp of a setp or set (bopNone when there is
// none), which needs the predicate operand c.
func fltBop(in *check.Inst, o *op) (uint8, error) {
	var bop uint8 = bopNone
	switch {
	case in.Match.Has(".and"):
		bop = bopAnd
	case in.Match.Has(".or"):
		bop = bopOr
	case in.Match.Has(".xor"):
		bop = bopXor
	}
	if bop != bopNone && len(o.ps) != 1 {
		return 0, fmt.Errorf("%s%s: expected a predicate operand c for the boolean operation", in.Entry.Name, joinMods(in))
	}
	return bop, nil
}

// fltCmpLanes evaluates cmp on the active lanes and combines each result
// with c by bop: bit i of t0 is lane i's result for element 0, and of t1
// for element 1 of an x2 form, else for the negated comparison.
func fltCmpLanes(w *warp, o *op, cmp func(a, b uint64) (bool, bool), x2 bool, bop uint8) (t0, t1 uint32) {
	a, b := src(w, o, 0), src(w, o, 1)
	for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
		if mk&1 != 0 {
			x, y := cmp(a[i], b[i])
			if x {
				t0 |= 1 << i
			}
			if y {
				t1 |= 1 << i
			}
		}
	}
	if !x2 {
		t1 = ^t0
	}
	if bop != bopNone {
		c := pred(w, o, 0)
		t0, t1 = boolOp(bop, t0, c), boolOp(bop, t1, c)
	}
	return t0, t1
}

// setp.CmpOp{.BoolOp}{.ftz}.ftype p[|q], a, b{, {!}c}. For scalar types
// p = BoolOp(t, c) and q = BoolOp(!t, c); for .f16x2 and .bf16x2, p takes
// the comparison of the low halves and q that of the high halves (9.7.6.2).
func lowerFloatSetp(l *lowering, in *check.Inst, o *op) error {
	pairDests(l, in, o, true)
	k := fkindOf(o.typ.name)
	cmp, err := floatCmp(in, k)
	if err != nil {
		return err
	}
	if len(o.s) != 2 {
		return fmt.Errorf("setp%s: expected two operands to compare", joinMods(in))
	}
	bop, err := fltBop(in, o)
	if err != nil {
		return err
	}
	x2 := k == fkF16x2 || k == fkBF16x2
	o.exec = func(m *Machine, w *warp, o *op) {
		t0, t1 := fltCmpLanes(w, o, cmp, x2, bop)
		setPred(w, o.pd, t0)
		setPred(w, o.pd2, t1)
	}
	return nil
}

// set.CmpOp{.BoolOp}{.ftz}.dtype.stype d, a, b{, {!}c} with a float stype:
// d is 1.0 in dtype for a float dtype, all ones for an integer one, where
// BoolOp(a CmpOp b, c) holds, else 0. For .f16x2 and .bf16x2 sources each
// half of d is set from its own comparison (9.7.6.1).
func lowerFloatSet(l *lowering, in *check.Inst, o *op) error {
	ts := in.Match.Types()
	if len(ts) != 2 {
		return fmt.Errorf("set%s: expected .dtype.stype", joinMods(in))
	}
	if err := needSrcs(in, o, 1, 2); err != nil {
		return err
	}
	dt, k := typeOf(ts[0]), fkindOf(ts[1])
	cmp, err := floatCmp(in, k)
	if err != nil {
		return err
	}
	bop, err := fltBop(in, o)
	if err != nil {
		return err
	}
	x2 := k == fkF16x2 || k == fkBF16x2
	var one uint64
	switch dt.name {
	case ".f32":
		one = 0x3F800000
	case ".f64":
		one = 0x3FF0000000000000
	case ".f16", ".f16x2":
		one = 0x3C00
	case ".bf16", ".bf16x2":
		one = 0x3F80
	default:
		if dt.float || dt.bits == 0 {
			return unsupported(in)
		}
		one = widthMask(dt.bits)
		if x2 {
			one = 0xFFFF
		}
	}
	o.exec = func(m *Machine, w *warp, o *op) {
		t0, t1 := fltCmpLanes(w, o, cmp, x2, bop)
		writeSet(w, o, one, t0, t1, x2)
	}
	return nil
}

// ---- cvt to or from floating-point types (9.7.9.21)

// fpIntType maps a PTX integer type to fp's, whose enumeration is alu's
// shifted by one (TestIntTypeEnums holds them together).
func fpIntType(t typeInfo) (fp.IntType, bool) {
	it, ok := intType(t)
	return fp.IntType(it - 1), ok
}

// lowerFloatCvt: cvt where either type is a float. Rounding defaults, for
// the forms that leave it out: .rn for float results (integer sources and
// narrowing), .rzi for integer results (C's conversion). The register
// rules are those of lowerCvt: a source register may be wider than atype
// (its low bits are read) and a narrower signed integer register is
// sign-extended first; an integer result is extended as dtype says to the
// destination register's width, a float result zero-extended.
func lowerFloatCvt(l *lowering, in *check.Inst, o *op) error {
	ts := in.Match.Types()
	if len(ts) != 2 {
		return fmt.Errorf("cvt%s: expected .dtype.atype", joinMods(in))
	}
	dt, at := typeOf(ts[0]), typeOf(ts[1])
	o.typ, o.typ2 = dt, at
	dk, ak := fkindOf(dt.name), fkindOf(at.name)
	ftz, sat := in.Match.Has(".ftz"), in.Match.Has(".sat")
	relu, satfinite := in.Match.Has(".relu"), in.Match.Has(".satfinite")
	if in.Match.Get("rnd") == ".rs" {
		return fmt.Errorf("cvt%s: stochastic rounding (.rs) is not simulated", joinMods(in))
	}
	rnd, err := fltRound(in, fp.RN)
	if err != nil {
		return err
	}
	irnd, hasIrnd := fltIrnd(in)

	// Packing: cvt.frnd{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b puts
	// a in the upper half and b in the lower half.
	if (dk == fkF16x2 || dk == fkBF16x2) && ak == fkF32 {
		if err := needSrcs(in, o, 1, 2); err != nil {
			return err
		}
		f := either(dk == fkBF16x2, fp.CvtBF16x2F32, fp.CvtF16x2F32)
		o.exec = lane2(func(a, b uint64) uint64 { return uint64(f(uint32(a), uint32(b), rnd, relu, satfinite)) })
		return nil
	}
	if err := needSrcs(in, o, 1, 1); err != nil {
		return err
	}
	var f func(a uint64) uint64
	switch {
	case !dt.float: // float to integer
		it, ok := fpIntType(dt)
		if !ok {
			return unsupported(in)
		}
		r := fp.RZ
		if hasIrnd {
			r = irnd
		}
		switch ak {
		case fkF32:
			f = func(a uint64) uint64 { return fp.CvtF32ToInt(uint32(a), it, r, ftz) }
		case fkF64:
			f = func(a uint64) uint64 { return fp.CvtF64ToInt(a, it, r) }
		case fkF16:
			f = func(a uint64) uint64 { return fp.CvtF16ToInt(uint16(a), it, r) }
		case fkBF16:
			f = func(a uint64) uint64 { return fp.CvtBF16ToInt(uint16(a), it, r) }
		default:
			return unsupported(in)
		}
		rk := widthMask(dt.bits)
		if a := in.Args[0]; a.Kind == check.ArgReg && a.Reg.Type.Bits > int(dt.bits) {
			rk = widthMask(uint8(a.Reg.Type.Bits))
		}
		g := f
		f = func(a uint64) uint64 { return g(a) & rk }
	case !at.float: // integer to float
		it, ok := fpIntType(at)
		if !ok {
			return unsupported(in)
		}
		var sext uint
		if a := in.Args[1]; a.Kind == check.ArgReg && a.Reg.Type.Kind == isa.KindSint && a.Reg.Type.Bits < int(at.bits) {
			sext = uint(a.Reg.Type.Bits)
		}
		var g func(a uint64) uint64
		switch dk {
		case fkF32:
			g = func(a uint64) uint64 { return uint64(fp.CvtIntToF32(a, it, rnd, sat)) }
		case fkF64:
			g = func(a uint64) uint64 { return fp.CvtIntToF64(a, it, rnd, sat) }
		case fkF16:
			g = func(a uint64) uint64 { return uint64(fp.CvtIntToF16(a, it, rnd, sat)) }
		case fkBF16:
			g = func(a uint64) uint64 { return uint64(fp.CvtIntToBF16(a, it, rnd, sat)) }
		default:
			return unsupported(in)
		}
		f = g
		if sext > 0 {
			s := 64 - sext
			f = func(a uint64) uint64 { return g(uint64(int64(a<<s) >> s)) }
		}
	default:
		f = floatToFloat(dk, ak, rnd, irnd, hasIrnd, ftz, sat, relu, satfinite)
		if f == nil {
			return unsupported(in)
		}
	}
	o.exec = lane1(f)
	return nil
}

// floatToFloat picks a float-to-float conversion. With an integer rounding
// modifier and the same type on both sides the value is rounded to an
// integral value; between different types (which the ISA does not allow)
// the conversion is followed by that rounding.
func floatToFloat(dk, ak fkind, rnd, irnd fp.Round, hasIrnd, ftz, sat, relu, satfinite bool) func(a uint64) uint64 {
	if hasIrnd && dk == ak {
		switch dk {
		case fkF32:
			return func(a uint64) uint64 { return uint64(fp.RoundIntF32(uint32(a), irnd, ftz, sat)) }
		case fkF64:
			return func(a uint64) uint64 { return fp.RoundIntF64(a, irnd, sat) }
		case fkF16:
			return func(a uint64) uint64 { return uint64(fp.RoundIntF16(uint16(a), irnd, sat)) }
		case fkBF16:
			return func(a uint64) uint64 { return uint64(fp.RoundIntBF16(uint16(a), irnd, sat)) }
		}
		return nil
	}
	var f func(a uint64) uint64
	switch {
	case dk == fkF32 && ak == fkF32:
		f = func(a uint64) uint64 { return uint64(fp.CvtF32F32(uint32(a), ftz, sat)) }
	case dk == fkF64 && ak == fkF64:
		f = func(a uint64) uint64 { return fp.CvtF64F64(a, sat) }
	case dk == ak && (dk == fkF16 || dk == fkBF16):
		// Same half type: the value unchanged, or clamped by .sat (through
		// f32, where the clamp is exact and the way back too).
		bf := dk == fkBF16
		wide, narrow := either(bf, fp.CvtBF16ToF32, fp.CvtF16ToF32), either(bf, fp.CvtF32ToBF16, fp.CvtF32ToF16)
		f = func(a uint64) uint64 {
			if !sat {
				return a & 0xFFFF
			}
			return uint64(narrow(wide(uint16(a), false, true), fp.RN, false, false, false, false))
		}
	case dk == fkF32 && ak == fkF16:
		f = func(a uint64) uint64 { return uint64(fp.CvtF16ToF32(uint16(a), ftz, sat)) }
	case dk == fkF32 && ak == fkBF16:
		f = func(a uint64) uint64 { return uint64(fp.CvtBF16ToF32(uint16(a), ftz, sat)) }
	case dk == fkF64 && ak == fkF16:
		f = func(a uint64) uint64 { return fp.CvtF16ToF64(uint16(a), sat) }
	case dk == fkF64 && ak == fkBF16:
		f = func(a uint64) uint64 { return fp.CvtBF16ToF64(uint16(a), sat) }
	case dk == fkF64 && ak == fkF32:
		f = func(a uint64) uint64 { return fp.CvtF32ToF64(uint32(a), ftz, sat) }
	case dk == fkF32 && ak == fkF64:
		f = func(a uint64) uint64 { return uint64(fp.CvtF64ToF32(a, rnd, ftz, sat)) }
	case dk == fkF16 && ak == fkF64:
		f = func(a uint64) uint64 { return uint64(fp.CvtF64ToF16(a, rnd, sat)) }
	case dk == fkBF16 && ak == fkF64:
		f = func(a uint64) uint64 { return uint64(fp.CvtF64ToBF16(a, rnd, sat)) }
	case dk == fkF16 && ak == fkF32:
		f = func(a uint64) uint64 { return uint64(fp.CvtF32ToF16(uint32(a), rnd, ftz, sat, relu, satfinite)) }
	case dk == fkBF16 && ak == fkF32:
		f = func(a uint64) uint64 { return uint64(fp.CvtF32ToBF16(uint32(a), rnd, ftz, sat, relu, satfinite)) }
	case dk == fkBF16 && ak == fkF16:
		f = func(a uint64) uint64 { return uint64(fp.CvtF16ToBF16(uint16(a), rnd, sat)) }
	case dk == fkF16 && ak == fkBF16:
		f = func(a uint64) uint64 { return uint64(fp.CvtBF16ToF16(uint16(a), rnd, sat)) }
	case dk == fkTF32 && ak == fkF32:
		f = func(a uint64) uint64 { return uint64(fp.CvtF32ToTF32(uint32(a), rnd, relu, satfinite)) }
	default:
		return nil
	}
	if !hasIrnd {
		return f
	}
	r := floatToFloat(dk, dk, rnd, irnd, true, ftz, sat, false, false)
	if r == nil {
		return nil
	}
	return func(a uint64) uint64 { return r(f(a)) }
}
