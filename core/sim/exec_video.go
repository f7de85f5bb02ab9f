// exec_video.go: the video instructions (PTX ISA 9.7.19): the scalar
// ones (vadd, vsub, vabsdiff, vmin, vmax, vshl, vshr, vmad, vset) on
// selected bytes, halves or words with saturation and a secondary
// operation or merge, and the SIMD ones on half-word pairs (vadd2 ...
// vset2) and byte quads (vadd4 ... vset4) with selectors and masks.

package sim

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/ptxplay/ptxplay/core/check"
)

func init() {
	for _, n := range []string{"vadd", "vsub", "vabsdiff", "vmin", "vmax", "vshl", "vshr", "vset"} {
		lowerers[n] = lowerVideoScalar
	}
	lowerers["vmad"] = lowerVmad
	// the SIMD forms, spelled out: names made by concatenation were
	// allocated as the package starts
	for _, n := range []string{"vadd2", "vsub2", "vavrg2", "vabsdiff2", "vmin2", "vmax2", "vset2",
		"vadd4", "vsub4", "vavrg4", "vabsdiff4", "vmin4", "vmax4", "vset4"} {
		lowerers[n] = lowerVideoSIMD
	}
}

// vpart extracts the selected byte, half or (no selector) word of x,
// sign- or zero-extended.
func vpart(x uint64, sel string, signed bool) int64 {
	var v uint64
	var w uint
	switch sel {
	case "":
		v, w = x&0xFFFFFFFF, 32
	case ".b0", ".b1", ".b2", ".b3":
		v, w = x>>(8*uint(sel[2]-'0'))&0xFF, 8
	case ".h0", ".h1":
		v, w = x>>(16*uint(sel[2]-'0'))&0xFFFF, 16
	}
	if signed && v>>(w-1)&1 != 0 {
		return int64(v) - int64(1)<<w
	}
	return int64(v)
}

// vrange is the range .sat clamps to: the destination type's, narrowed to
// the merged byte or half.
func vrange(dsel string, signed bool) (int64, int64) {
	w := uint(32)
	switch {
	case strings.HasPrefix(dsel, ".b"):
		w = 8
	case strings.HasPrefix(dsel, ".h"):
		w = 16
	}
	if signed {
		return -(int64(1) << (w - 1)), int64(1)<<(w-1) - 1
	}
	return 0, int64(1)<<w - 1
}

// vval is an intermediate result: v its value, saturated at ±2^62 when
// it is larger (only its sign matters then), lo its exact low 64 bits.
type vval struct {
	v  int64
	lo uint64
}

func vexact(x int64) vval { return vval{x, uint64(x)} }

func videoTypes(in *check.Inst, n int) ([]bool, error) {
	ts := in.Match.Types()
	if len(ts) != n {
		return nil, fmt.Errorf("%s%s: expected %d types", in.Entry.Name, joinMods(in), n)
	}
	s := make([]bool, n)
	for i, t := range ts {
		s[i] = t == ".s32"
	}
	return s, nil
}

func videoSels(in *check.Inst) (d, a, b string) {
	if len(in.Args) > 2 {
		d, a, b = in.Args[0].Sel, in.Args[1].Sel, in.Args[2].Sel
	}
	return
}

// lowerVideoScalar: vop.dtype.atype.btype{.sat}{.op2} d{.dsel}, a{.asel},
// b{.bsel}{, c} and vset.atype.btype.cmp (ISA 9.7.19.1).
func lowerVideoScalar(l *lowering, in *check.Inst, o *op) error {
	name := in.Entry.Name
	isSet := name == "vset"
	ntypes := 3
	if isSet {
		ntypes = 2
	}
	ts, err := videoTypes(in, ntypes)
	if err != nil {
		return err
	}
	dsigned, asigned, bsigned := false, ts[ntypes-2], ts[ntypes-1]
	if !isSet {
		dsigned = ts[0]
	}
	if name == "vshl" || name == "vshr" {
		bsigned = false
	}
	dsel, asel, bsel := videoSels(in)
	for _, s := range []string{dsel, asel, bsel} {
		if s != "" && len(s) != 3 {
			return fmt.Errorf("%s: selector %s: expected .b0-.b3, .h0 or .h1", name, s)
		}
	}
	op2 := in.Match.Get("vop2")
	if dsel != "" && (op2 != "" || len(o.s) != 3) {
		return fmt.Errorf("%s: a destination selector (%s) merges into c: it needs the form with c and no secondary operation", name, dsel)
	}
	if len(o.d) != 1 || len(o.s) < 2 {
		return fmt.Errorf("%s%s: unexpected operands", name, joinMods(in))
	}
	sat := in.Match.Has(".sat")
	mode, cmp := in.Match.Get("vshmode"), in.Match.Get("vcmp")
	lo, hi := vrange(dsel, dsigned)
	core := func(ta, tb int64) vval {
		switch name {
		case "vadd":
			return vexact(ta + tb)
		case "vsub":
			return vexact(ta - tb)
		case "vabsdiff":
			return vexact(max(ta-tb, tb-ta))
		case "vmin":
			return vexact(min(ta, tb))
		case "vmax":
			return vexact(max(ta, tb))
		case "vshl", "vshr":
			n := uint(tb)
			if mode == ".clamp" && n > 32 {
				n = 32
			}
			if mode == ".wrap" {
				n &= 0x1F
			}
			if name == "vshr" {
				return vexact(ta >> n)
			}
			r := vval{lo: uint64(ta) << n}
			mag := ta
			if mag < 0 {
				mag = -mag
			}
			switch {
			case bits.Len64(uint64(mag))+int(n) <= 62:
				r.v = ta << n
			case ta < 0:
				r.v = -1 << 62
			default:
				r.v = 1 << 62
			}
			return r
		case "vset":
			if videoCompare(cmp, ta, tb) {
				return vexact(1)
			}
			return vexact(0)
		}
		return vval{}
	}
	f := func(a, b, c uint64) uint64 {
		t := core(vpart(a, asel, asigned), vpart(b, bsel, bsigned))
		if sat && !isSet {
			t = vexact(min(max(t.v, lo), hi))
		}
		cv := vpart(c, "", dsigned)
		switch op2 {
		case ".add":
			t = vval{t.v + cv, t.lo + uint64(cv)}
		case ".min":
			if cv < t.v {
				t = vexact(cv)
			}
		case ".max":
			if cv > t.v {
				t = vexact(cv)
			}
		}
		switch dsel {
		case ".h0", ".h1", ".b0", ".b1", ".b2", ".b3":
			w := uint(16)
			if dsel[1] == 'b' {
				w = 8
			}
			sh := w * uint(dsel[2]-'0')
			m := uint64(1)<<w - 1
			return (t.lo&m)<<sh | c&^(m<<sh)&0xFFFFFFFF
		}
		return t.lo & 0xFFFFFFFF
	}
	if len(o.s) == 2 {
		o.exec = lane2(func(a, b uint64) uint64 { return f(a, b, 0) })
	} else {
		o.exec = lane3(f)
	}
	return nil
}

func videoCompare(cmp string, a, b int64) bool {
	switch cmp {
	case ".eq":
		return a == b
	case ".ne":
		return a != b
	case ".lt":
		return a < b
	case ".le":
		return a <= b
	case ".gt":
		return a > b
	case ".ge":
		return a >= b
	}
	return false
}

// i128 is a two's complement 128-bit integer, for vmad's product.
type i128 struct {
	hi int64
	lo uint64
}

func i128of(x int64) i128 { return i128{x >> 63, uint64(x)} }

func (x i128) neg() i128 {
	lo := ^x.lo + 1
	hi := ^x.hi
	if lo == 0 {
		hi++
	}
	return i128{hi, lo}
}

func (x i128) add(y i128) i128 {
	lo, carry := bits.Add64(x.lo, y.lo, 0)
	return i128{x.hi + y.hi + int64(carry), lo}
}

func mul128(a, b int64) i128 {
	neg := (a < 0) != (b < 0)
	ua, ub := uint64(a), uint64(b)
	if a < 0 {
		ua = -ua
	}
	if b < 0 {
		ub = -ub
	}
	hi, lo := bits.Mul64(ua, ub)
	r := i128{int64(hi), lo}
	if neg {
		r = r.neg()
	}
	return r
}

func (x i128) sar(n uint) i128 {
	if n == 0 {
		return x
	}
	return i128{x.hi >> n, x.lo>>n | uint64(x.hi)<<(64-n)}
}

// clamp limits x to [lo, hi].
func (x i128) clamp(lo, hi int64) int64 {
	if x.hi != int64(x.lo)>>63 { // beyond int64
		if x.hi < 0 {
			return lo
		}
		return hi
	}
	return min(max(int64(x.lo), lo), hi)
}

// lowerVmad: vmad.dtype.atype.btype{.po}{.sat}{.scale} d, {-}a{.asel},
// {-}b{.bsel}, {-}c (ISA 9.7.19.1.3). The result is signed when either
// source type is or anything is negated; .po adds one; .shr7 and .shr15
// shift the sum right.
func lowerVmad(l *lowering, in *check.Inst, o *op) error {
	ts, err := videoTypes(in, 3)
	if err != nil {
		return err
	}
	dsel, asel, bsel := videoSels(in)
	if dsel != "" {
		return fmt.Errorf("vmad: no destination selector (found %s)", dsel)
	}
	if len(o.d) != 1 || len(o.s) != 3 {
		return fmt.Errorf("vmad%s: unexpected operands", joinMods(in))
	}
	asigned, bsigned := ts[1], ts[2]
	negProd := in.Args[1].Minus != in.Args[2].Minus
	negC := in.Args[3].Minus
	signedFinal := asigned || bsigned || negProd || negC
	po, sat := in.Match.Has(".po"), in.Match.Has(".sat")
	var shift uint
	switch in.Match.Get("vscale") {
	case ".shr7":
		shift = 7
	case ".shr15":
		shift = 15
	}
	lo, hi := int64(0), int64(0xFFFFFFFF)
	if signedFinal {
		lo, hi = -(1 << 31), 1<<31-1
	}
	o.exec = lane3(func(a, b, c uint64) uint64 {
		// As the ISA computes it: a negated product or c is its ones'
		// complement plus the lsb of one.
		t := mul128(vpart(a, asel, asigned), vpart(b, bsel, bsigned))
		lsb := int64(0)
		switch {
		case po:
			lsb = 1
		case negProd:
			t, lsb = i128{^t.hi, ^t.lo}, 1
		case negC:
			c, lsb = ^c, 1
		}
		t = t.add(i128of(vpart(c, "", signedFinal))).add(i128of(lsb))
		t = t.sar(shift)
		if sat {
			return uint64(t.clamp(lo, hi)) & 0xFFFFFFFF
		}
		return t.lo & 0xFFFFFFFF
	})
	return nil
}

// lowerVideoSIMD: vop2 and vop4 (ISA 9.7.19.2): n lanes of 16 (n = 2) or
// 8 (n = 4) bits selected from the bytes or halves of {b, a}, with .sat,
// a merge into c under the destination mask, or .add accumulating into c.
func lowerVideoSIMD(l *lowering, in *check.Inst, o *op) error {
	name := in.Entry.Name
	n := int(name[len(name)-1] - '0')
	base := name[:len(name)-1]
	isSet := base == "vset"
	ntypes := 3
	if isSet {
		ntypes = 2
	}
	ts, err := videoTypes(in, ntypes)
	if err != nil {
		return err
	}
	dsigned, asigned, bsigned := false, ts[ntypes-2], ts[ntypes-1]
	if !isSet {
		dsigned = ts[0]
	}
	if len(o.d) != 1 || len(o.s) != 3 {
		return fmt.Errorf("%s%s: unexpected operands", name, joinMods(in))
	}
	w := uint(32 / n)
	letter := map[int]string{2: ".h", 4: ".b"}[n]
	dsel, asel, bsel := videoSels(in)
	// Selectors: one digit per lane, the highest lane first.
	parseSel := func(s, def string, maxDigit byte) ([]int, error) {
		if s == "" {
			s = def
		}
		if !strings.HasPrefix(s, letter) || len(s) != 2+n {
			return nil, fmt.Errorf("%s: source selector %s: expected %s and %d digits", name, s, letter, n)
		}
		sel := make([]int, n)
		for i := 0; i < n; i++ {
			d := s[2+n-1-i]
			if d < '0' || d > maxDigit {
				return nil, fmt.Errorf("%s: source selector %s: digits 0-%c", name, s, maxDigit)
			}
			sel[i] = int(d - '0')
		}
		return sel, nil
	}
	maxDigit := byte('0' + 2*n - 1)
	as, err := parseSel(asel, map[int]string{2: ".h10", 4: ".b3210"}[n], maxDigit)
	if err != nil {
		return err
	}
	bs, err := parseSel(bsel, map[int]string{2: ".h32", 4: ".b7654"}[n], maxDigit)
	if err != nil {
		return err
	}
	mask := uint(1)<<n - 1
	if dsel != "" {
		if !strings.HasPrefix(dsel, letter) || len(dsel) < 3 {
			return fmt.Errorf("%s: destination mask %s", name, dsel)
		}
		mask = 0
		prev := byte('9')
		for i := 2; i < len(dsel); i++ {
			d := dsel[i]
			if d < '0' || d >= byte('0'+n) || d >= prev {
				return fmt.Errorf("%s: destination mask %s: distinct lanes 0-%d, highest first", name, dsel, n-1)
			}
			prev = d
			mask |= 1 << (d - '0')
		}
	}
	acc := in.Match.Get("vop2") == ".add"
	sat := in.Match.Has(".sat")
	cmp := in.Match.Get("vcmp")
	lm := uint64(1)<<w - 1
	var lo, hi int64 = 0, int64(lm)
	if dsigned {
		lo, hi = -(int64(1) << (w - 1)), int64(1)<<(w-1)-1
	}
	ext := func(v uint64, signed bool) int64 {
		if signed && v>>(w-1)&1 != 0 {
			return int64(v) - int64(1)<<w
		}
		return int64(v)
	}
	o.exec = lane3(func(a, b, c uint64) uint64 {
		src := (b&0xFFFFFFFF)<<32 | a&0xFFFFFFFF // lanes 0..2n-1 of {b, a}
		var d uint64
		if acc {
			d = c
		}
		for i := 0; i < n; i++ {
			va := ext(src>>(w*uint(as[i]))&lm, asigned)
			vb := ext(src>>(w*uint(bs[i]))&lm, bsigned)
			var t int64
			switch base {
			case "vadd":
				t = va + vb
			case "vsub":
				t = va - vb
			case "vavrg":
				t = (va + vb + 1) / 2
			case "vabsdiff":
				t = max(va-vb, vb-va)
			case "vmin":
				t = min(va, vb)
			case "vmax":
				t = max(va, vb)
			case "vset":
				if videoCompare(cmp, va, vb) {
					t = 1
				}
			}
			if sat && !isSet {
				t = min(max(t, lo), hi)
			}
			on := mask>>i&1 != 0
			switch {
			case acc && on:
				d += uint64(t)
			case acc:
			case on:
				d |= uint64(t) & lm << (w * uint(i))
			default:
				d |= c & (lm << (w * uint(i)))
			}
		}
		return d & 0xFFFFFFFF
	})
	return nil
}
