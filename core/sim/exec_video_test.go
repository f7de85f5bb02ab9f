package sim

// exec_video_test.go: the video instructions against a model written from
// the ISA text (PTX ISA 3.1, 8.7.12-13; 9.7.19 today) in exact integers:
// partSelectSignExtend, the primary operation, optSaturate, optSecOp and
// optMerge for the scalar ones; extractAndSignExt, the lane operation,
// clamping and the merge or accumulate for the SIMD ones.

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
)

// partSelect is partSelectSignExtend(x, type, sel).
func partSelect(x uint64, signed bool, sel string) *big.Int {
	x &= 0xFFFFFFFF
	var v uint64
	var w int
	switch {
	case sel == "":
		v, w = x, 32
	case sel[1] == 'b':
		k := int(sel[2] - '0')
		v, w = x>>(8*k)&0xFF, 8
	default:
		k := int(sel[2] - '0')
		v, w = x>>(16*k)&0xFFFF, 16
	}
	return bigOf(v, w, signed)
}

func bclamp(x *big.Int, lo, hi int64) *big.Int {
	if x.Cmp(big.NewInt(lo)) < 0 {
		return big.NewInt(lo)
	}
	if x.Cmp(big.NewInt(hi)) > 0 {
		return big.NewInt(hi)
	}
	return x
}

type videoCase struct {
	op                    string // vadd ... vset
	dt, at, bt            bool   // signed?
	dsel, asel, bsel      string
	sat                   bool
	op2, mode, cmp, scale string
	po                    bool
	negA, negB, negC      bool // vmad's {-}a, {-}b, {-}c
	three                 bool // has c
}

func sgn(s bool) string {
	if s {
		return ".s32"
	}
	return ".u32"
}

func (v videoCase) inst() string {
	var b strings.Builder
	b.WriteString(v.op)
	switch v.op {
	case "vset":
		b.WriteString(sgn(v.at) + sgn(v.bt) + v.cmp + v.op2)
	case "vshl", "vshr":
		b.WriteString(sgn(v.dt) + sgn(v.at) + ".u32")
		if v.sat {
			b.WriteString(".sat")
		}
		b.WriteString(v.mode + v.op2)
	case "vmad":
		b.WriteString(sgn(v.dt) + sgn(v.at) + sgn(v.bt))
		if v.po {
			b.WriteString(".po")
		}
		if v.sat {
			b.WriteString(".sat")
		}
		b.WriteString(v.scale)
	default:
		b.WriteString(sgn(v.dt) + sgn(v.at) + sgn(v.bt))
		if v.sat {
			b.WriteString(".sat")
		}
		b.WriteString(v.op2)
	}
	minus := func(n bool) string {
		if n {
			return "-"
		}
		return ""
	}
	ops := fmt.Sprintf(" %%r9%s, %s%%r1%s, %s%%r2%s", v.dsel, minus(v.negA), v.asel, minus(v.negB), v.bsel)
	if v.three {
		ops += ", " + minus(v.negC) + "%r3"
	}
	return b.String() + ops + ";"
}

// model computes the scalar instruction from the ISA's pseudocode.
func (v videoCase) model(a, b, c uint64) uint64 {
	c &= 0xFFFFFFFF
	if v.op == "vmad" {
		ta, tb := partSelect(a, v.at, v.asel), partSelect(b, v.bt, v.bsel)
		signedFinal := v.at || v.bt || v.negA != v.negB || v.negC
		tmp := new(big.Int).Mul(ta, tb)
		lsb := int64(0)
		switch {
		case v.po:
			lsb = 1
		case v.negA != v.negB: // tmp = ~tmp; lsb = 1
			tmp.Not(tmp)
			lsb = 1
		case v.negC: // c = ~c; lsb = 1
			c ^= 0xFFFFFFFF
			lsb = 1
		}
		c128 := bigOf(c, 32, signedFinal)
		tmp.Add(tmp, c128)
		tmp.Add(tmp, big.NewInt(lsb))
		switch v.scale {
		case ".shr7":
			tmp.Rsh(tmp, 7)
		case ".shr15":
			tmp.Rsh(tmp, 15)
		}
		if v.sat {
			if signedFinal {
				tmp = bclamp(tmp, -1<<31, 1<<31-1)
			} else {
				tmp = bclamp(tmp, 0, 1<<32-1)
			}
		}
		return bitsOf(tmp, 0, 32)
	}
	bsigned := v.bt
	if v.op == "vshl" || v.op == "vshr" {
		bsigned = false
	}
	ta, tb := partSelect(a, v.at, v.asel), partSelect(b, bsigned, v.bsel)
	tmp := new(big.Int)
	switch v.op {
	case "vadd":
		tmp.Add(ta, tb)
	case "vsub":
		tmp.Sub(ta, tb)
	case "vabsdiff":
		tmp.Abs(tmp.Sub(ta, tb))
	case "vmin":
		tmp.Set(ta)
		if tb.Cmp(ta) < 0 {
			tmp.Set(tb)
		}
	case "vmax":
		tmp.Set(ta)
		if tb.Cmp(ta) > 0 {
			tmp.Set(tb)
		}
	case "vshl", "vshr":
		n := tb.Int64()
		if v.mode == ".clamp" && n > 32 {
			n = 32
		}
		if v.mode == ".wrap" {
			n &= 0x1f
		}
		if v.op == "vshl" {
			tmp.Lsh(ta, uint(n))
		} else {
			tmp.Rsh(ta, uint(n))
		}
	case "vset":
		r := ta.Cmp(tb)
		ok := map[string]bool{".eq": r == 0, ".ne": r != 0, ".lt": r < 0, ".le": r <= 0, ".gt": r > 0, ".ge": r >= 0}[v.cmp]
		if ok {
			tmp.SetInt64(1)
		}
	}
	if v.sat && v.op != "vset" { // optSaturate
		w := 32
		switch {
		case strings.HasPrefix(v.dsel, ".b"):
			w = 8
		case strings.HasPrefix(v.dsel, ".h"):
			w = 16
		}
		if v.dt {
			tmp = bclamp(tmp, -(int64(1) << (w - 1)), int64(1)<<(w-1)-1)
		} else {
			tmp = bclamp(tmp, 0, int64(1)<<w-1)
		}
	}
	cs := bigOf(c, 32, v.dt && v.op != "vset")
	switch v.op2 { // optSecOp
	case ".add":
		tmp = new(big.Int).Add(tmp, cs)
	case ".min":
		if cs.Cmp(tmp) < 0 {
			tmp = cs
		}
	case ".max":
		if cs.Cmp(tmp) > 0 {
			tmp = cs
		}
	}
	t := bitsOf(tmp, 0, 32)
	switch v.dsel { // optMerge
	case ".h0":
		return t&0xffff | c&0xffff0000
	case ".h1":
		return (t&0xffff)<<16 | c&0x0000ffff
	case ".b0":
		return t&0xff | c&0xffffff00
	case ".b1":
		return (t&0xff)<<8 | c&0xffff00ff
	case ".b2":
		return (t&0xff)<<16 | c&0xff00ffff
	case ".b3":
		return (t&0xff)<<24 | c&0x00ffffff
	}
	return t
}

// videoInputs are per-lane sources: edges and byte/half patterns.
func videoInputs() [][]uint64 {
	vals := append(edges(32), 0x80ff7f01, 0x01807fff, 0x7f80ff00, 0x00010002, 0xfffe8001, 0x20, 0x1f, 0x21, 0x40,
		0x00ff00ff, 0xff00ff00, 0x80008000, 0x7fff7fff, 0x12fe34dc)
	x := uint64(2463534242)
	var a, b, c []uint64
	for i := 0; i < 96; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		a = append(a, vals[i%len(vals)])
		b = append(b, vals[(i*7+3)%len(vals)])
		if i%3 == 0 {
			b[i] = x & 0x3f // small shift counts
		}
		c = append(c, x>>20&0xFFFFFFFF)
	}
	return [][]uint64{a, b, c}
}

func runVideo(t *testing.T, inst string, want func(a, b, c uint64) uint64) {
	t.Helper()
	body := `
	ld.global.u32 %r1, [%ia];
	ld.global.u32 %r2, [%ia+256];
	ld.global.u32 %r3, [%ia+512];
	` + inst + `
	st.global.u32 [%oa], %r9;`
	p := compileHarness(t, "", "", body)
	ins := videoInputs()
	for r := 0; r*32 < len(ins[0]); r++ {
		var in [3][32]uint64
		for k := range in {
			for i := 0; i < 32; i++ {
				in[k][i] = ins[k][(r*32+i)%len(ins[k])]
			}
		}
		got := runHarness(t, p, in[:], 1)[0]
		for i := 0; i < 32; i++ {
			w := want(in[0][i], in[1][i], in[2][i])
			if got[i] != w {
				t.Errorf("%s: a %#x b %#x c %#x: got %#x, want %#x", inst, in[0][i], in[1][i], in[2][i], got[i], w)
				return
			}
		}
	}
}

func TestVideoScalar(t *testing.T) {
	sels := []string{"", ".b0", ".b1", ".b2", ".b3", ".h0", ".h1"}
	k := 0
	next := func(n int) int { k++; return k % n }
	for _, op := range []string{"vadd", "vsub", "vabsdiff", "vmin", "vmax", "vshl", "vshr", "vset", "vmad"} {
		for ty := 0; ty < 8; ty++ {
			for variant := 0; variant < 6; variant++ {
				v := videoCase{op: op, dt: ty&4 != 0, at: ty&2 != 0, bt: ty&1 != 0}
				v.asel, v.bsel = sels[next(len(sels))], sels[next(len(sels))]
				v.sat = variant%2 == 1
				v.mode = []string{".clamp", ".wrap"}[variant%2]
				v.cmp = []string{".eq", ".ne", ".lt", ".le", ".gt", ".ge"}[variant]
				switch {
				case op == "vmad":
					v.three = true
					v.po = variant == 3
					v.scale = []string{"", ".shr7", ".shr15"}[(variant+ty)%3]
					if !v.po { // the product or c negated, never both
						v.negA, v.negB = variant == 1 || variant == 5, variant == 2 || variant == 5
						v.negC = variant == 4
					}
				case variant < 2: // plain
				case variant < 5: // secondary operation
					v.op2, v.three = []string{".add", ".min", ".max"}[variant-2], true
				default: // merge into c
					v.dsel, v.three = sels[1+next(len(sels)-1)], true
					v.sat = ty%2 == 0
				}
				runVideo(t, v.inst(), v.model)
			}
		}
	}
}

// simdModel computes a SIMD video instruction from the ISA's pseudocode:
// n lanes, selectors as digit strings (highest lane first), the mask as
// the set of lanes named.
func simdModel(op string, n int, dt, at, bt bool, asel, bsel, mask string, sat, add bool, cmp string, a, b, c uint64) uint64 {
	w := 32 / n
	var parts [8]uint64 // extract from the 2n parts of b:a
	for i := 0; i < 2*n; i++ {
		src := a
		if i >= n {
			src = b
		}
		parts[i] = src >> (w * (i % n)) & mk(w)
	}
	ext := func(sel string, signed bool) []int64 {
		v := make([]int64, n)
		for i := 0; i < n; i++ {
			v[i] = sx(parts[sel[len(sel)-1-i]-'0'], w)
			if !signed {
				v[i] = int64(parts[sel[len(sel)-1-i]-'0'])
			}
		}
		return v
	}
	va, vb := ext(asel[2:], at), ext(bsel[2:], bt)
	t := make([]int64, n)
	for i := range t {
		switch op {
		case "vadd":
			t[i] = va[i] + vb[i]
		case "vsub":
			t[i] = va[i] - vb[i]
		case "vavrg":
			t[i] = (va[i] + vb[i] + 1) / 2
		case "vabsdiff":
			t[i] = va[i] - vb[i]
			if t[i] < 0 {
				t[i] = -t[i]
			}
		case "vmin":
			t[i] = min(va[i], vb[i])
		case "vmax":
			t[i] = max(va[i], vb[i])
		case "vset":
			r := map[string]bool{".eq": va[i] == vb[i], ".ne": va[i] != vb[i], ".lt": va[i] < vb[i], ".le": va[i] <= vb[i], ".gt": va[i] > vb[i], ".ge": va[i] >= vb[i]}[cmp]
			if r {
				t[i] = 1
			}
		}
		if sat {
			if dt {
				t[i] = clampI(t[i], -(int64(1) << (w - 1)), int64(1)<<(w-1)-1)
			} else {
				t[i] = clampI(t[i], 0, int64(1)<<w-1)
			}
		}
	}
	on := func(i int) bool { return strings.ContainsRune(mask[2:], rune('0'+i)) }
	var d uint64
	if add {
		d = c
		for i := 0; i < n; i++ {
			if on(i) {
				d += uint64(t[i])
			}
		}
	} else {
		for i := 0; i < n; i++ {
			part := c >> (w * i) & mk(w)
			if on(i) {
				part = uint64(t[i]) & mk(w)
			}
			d |= part << (w * i)
		}
	}
	return d & 0xFFFFFFFF
}

func TestVideoSIMD(t *testing.T) {
	sel2 := []string{"", ".h10", ".h32", ".h00", ".h31", ".h23", ".h01", ".h12"}
	mask2 := []string{"", ".h0", ".h1", ".h10"}
	sel4 := []string{"", ".b3210", ".b7654", ".b0000", ".b7531", ".b4567", ".b0246", ".b1357"}
	mask4 := []string{"", ".b0", ".b1", ".b10", ".b2", ".b20", ".b21", ".b210", ".b3", ".b30", ".b31", ".b310", ".b32", ".b320", ".b321", ".b3210"}
	k := 0
	next := func(n int) int { k++; return k % n }
	for _, n := range []int{2, 4} {
		sels, masks := sel2, mask2
		if n == 4 {
			sels, masks = sel4, mask4
		}
		def := func(s, d string) string {
			if s == "" {
				return d
			}
			return s
		}
		for _, op := range []string{"vadd", "vsub", "vavrg", "vabsdiff", "vmin", "vmax", "vset"} {
			for ty := 0; ty < 8; ty++ {
				for variant := 0; variant < 4; variant++ {
					dt, at, bt := ty&4 != 0, ty&2 != 0, ty&1 != 0
					asel, bsel, mask := sels[next(len(sels))], sels[next(len(sels))], masks[next(len(masks))]
					sat, add := variant == 1, variant == 2
					cmp := []string{".eq", ".ne", ".lt", ".le", ".gt", ".ge"}[next(6)]
					name := fmt.Sprintf("%s%d", op, n)
					var inst string
					if op == "vset" {
						sat = false
						inst = name + sgn(at) + sgn(bt) + cmp
					} else {
						inst = name + sgn(dt) + sgn(at) + sgn(bt)
						if sat {
							inst += ".sat"
						}
					}
					if add {
						inst += ".add"
					}
					inst += fmt.Sprintf(" %%r9%s, %%r1%s, %%r2%s, %%r3;", mask, asel, bsel)
					A, B := def(asel, map[int]string{2: ".h10", 4: ".b3210"}[n]), def(bsel, map[int]string{2: ".h32", 4: ".b7654"}[n])
					M := def(mask, map[int]string{2: ".h10", 4: ".b3210"}[n])
					runVideo(t, inst, func(a, b, c uint64) uint64 {
						return simdModel(op, n, dt, at, bt, A, B, M, sat, add, cmp, a, b, c)
					})
				}
			}
		}
	}
}
