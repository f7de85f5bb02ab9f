// mma.go: mma.sync.aligned, the warp-level matrix multiply-accumulate
// D = A*B + C on register fragments (PTX ISA §9.7.15.5.14).
//
// The arithmetic model:
//   - integer types (.s8 .u8 .s4 .u4 into .s32): exact; the sum of the
//     products and C is formed exactly, then wrapped to 32 bits, or with
//     .satfinite clamped to [-2^31, 2^31-1];
//   - .b1 with .and.popc / .xor.popc: D = C + popc over k of (a AND/XOR b),
//     exact (wrapping to 32 bits);
//   - floating point with .f16, .bf16 or .tf32 inputs (.tf32 inputs first
//     lose the low 13 mantissa bits of their f32 pattern): all products and
//     C in one fused sum as an H200's tensor cores form it (tensordot.go),
//     rounded toward zero to an f32 D or to nearest to an f16 D;
//   - .e4m3 .e5m2 into f32: as an H200 runs it (tensordot.go,
//     tensorDotF8): the inputs as f16, two fused f16 steps over the
//     products from zero (the low halves of the A/B registers, then the
//     high halves), then C added in f32 rounding to nearest;
//   - .e4m3 .e5m2 into f16 (and the sm_100 narrow types): every input
//     converts to f32 exactly, products are exact, and the sum runs in f32
//     with round-to-nearest-even in k order (not measured on hardware);
//   - .f64: d = c; for k = 0, 1, ...: d = fma(a[row][k], b[k][col], d),
//     each fma rounded to nearest even (wmma .f64 takes its .rnd mode).
//
// testdata/gpu holds outputs an H200 computed for random and special
// inputs; TestGPUGolden (cmd/ptxplay) holds ptxplay to them bit for bit.

package sim

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/fp"
)

func init() {
	lowerers["mma"] = lowerMMA
}

// mmaMode is the arithmetic family of an mma.
type mmaMode uint8

const (
	mmaFloat mmaMode = iota // f32 accumulation (f16/bf16/tf32/fp8 inputs)
	mmaF64
	mmaInt
	mmaB1
)

// mmaDesc is a lowered mma (or wmma.mma): its shape, fragments and arithmetic.
type mmaDesc struct {
	op         string // "mma" or "wmma.mma"
	m, n, k    int
	a, b, c, d *fragSpec
	mode       mmaMode
	satfinite  bool
	xor        bool        // b1: .xor.popc (else .and.popc)
	rnd        fp.Round    // f64
	names      [4][]string // the register names of D, A, B, C (for the views)
}

// mmaMods reads the shape, layouts, element types and flags of an
// mma-family instruction from its modifiers, in the order written.
type mmaMods struct {
	m, n, k   int
	layouts   []string // ".row"/".col" in order
	types     []string // element types in order
	satfinite bool
	xor       bool
	rnd       fp.Round
	other     map[string]bool
}

func readMMAMods(in *check.Inst) (mmaMods, error) {
	mm := mmaMods{other: map[string]bool{}}
	for _, md := range in.Src.Mods {
		n := md.Name
		switch {
		case n == ".row" || n == ".col":
			mm.layouts = append(mm.layouts, n)
		case n == ".satfinite":
			mm.satfinite = true
		case n == ".xor":
			mm.xor = true
		case n == ".rz":
			mm.rnd = fp.RZ
		case n == ".rm":
			mm.rnd = fp.RM
		case n == ".rp":
			mm.rnd = fp.RP
		case isShape(n):
			fmt.Sscanf(n, ".m%dn%dk%d", &mm.m, &mm.n, &mm.k)
		default:
			if _, ok := ekinds[n]; ok {
				mm.types = append(mm.types, n)
			} else {
				mm.other[n] = true
			}
		}
	}
	if mm.m == 0 {
		return mm, fmt.Errorf("%s: no shape modifier", in.Entry.Name)
	}
	return mm, nil
}

func isShape(n string) bool {
	if !strings.HasPrefix(n, ".m") || !strings.Contains(n, "n") || !strings.Contains(n, "k") {
		return false
	}
	var a, b, c int
	k, err := fmt.Sscanf(n, ".m%dn%dk%d", &a, &b, &c)
	return err == nil && k == 3
}

func lowerMMA(l *lowering, in *check.Inst, o *op) error {
	mm, err := readMMAMods(in)
	if err != nil {
		return err
	}
	if len(mm.types) != 4 {
		return fmt.Errorf("mma: expected .dtype.atype.btype.ctype, got %s", strings.Join(mm.types, ""))
	}
	for _, bad := range []string{".kind::f8f6f4", ".kind::mxf8f6f4", ".kind::mxf4", ".kind::mxf4nvf4", ".block_scale"} {
		if mm.other[bad] {
			return fmt.Errorf("mma%s is not simulated (sm_120 block-scaled and f8f6f4 kinds)", bad)
		}
	}
	dt, at, bt, ct := ekinds[mm.types[0]], ekinds[mm.types[1]], ekinds[mm.types[2]], ekinds[mm.types[3]]
	d := &mmaDesc{op: "mma", m: mm.m, n: mm.n, k: mm.k, satfinite: mm.satfinite, xor: mm.xor}
	// A and B may differ in fp8 format, or in signedness of the integers
	// (.u8 x .s8, .s4 x .u4), as the ISA's .atype and .btype allow.
	if at != bt && !(at == ekE4M3 || at == ekE5M2) && !(at.isInt() && bt.isInt() && at.bits() == bt.bits()) {
		return fmt.Errorf("mma: A and B types differ (%s, %s)", at, bt)
	}
	switch {
	case mm.m == 8 && mm.n == 8 && mm.k == 4 && at == ekF16:
		if len(mm.layouts) != 2 {
			return fmt.Errorf("mma.m8n8k4: expected .alayout.blayout")
		}
		d.a = m884AFrag(mm.layouts[0] == ".col")
		d.b = m884BFrag(mm.layouts[1] == ".col")
		d.c = m884CFrag("C", ct)
		d.d = m884CFrag("D", dt)
	default:
		if len(mm.layouts) != 2 || mm.layouts[0] != ".row" || mm.layouts[1] != ".col" {
			return fmt.Errorf("mma.m%dn%dk%d takes .row.col only", mm.m, mm.n, mm.k)
		}
		if mm.n != 8 || (mm.m != 8 && mm.m != 16) || mm.k%(4*elemsPerReg(at)) != 0 {
			return fmt.Errorf("mma: shape .m%dn%dk%d with .%s is not one the ISA defines", mm.m, mm.n, mm.k, at)
		}
		d.a = mmaAFrag(mm.m, mm.k, at)
		d.b = mmaBFrag(mm.k, bt)
		d.c = mmaCFrag("C", mm.m, ct)
		d.d = mmaCFrag("D", mm.m, dt)
	}
	switch {
	case at == ekF64:
		d.mode = mmaF64
	case at == ekB1:
		d.mode = mmaB1
	case at.isInt():
		d.mode = mmaInt
	default:
		d.mode = mmaFloat
	}
	return d.lower(l, in, o)
}

// lower checks the operand counts and register widths and sets o.exec.
func (d *mmaDesc) lower(l *lowering, in *check.Inst, o *op) error {
	if len(in.Args) < 4 {
		return invalid("%s: expected d, a, b, c", d.op)
	}
	for i, f := range []*fragSpec{d.d, d.a, d.b, d.c} {
		if err := checkFrag(d.op, f, in.Args[i]); err != nil {
			return err
		}
		d.names[i] = regNames(in.Args[i])
	}
	o.exec = func(m *Machine, w *warp, o *op) { d.exec(m, w, o) }
	if l.p.mmaOps == nil {
		l.p.mmaOps = map[*check.Inst]*mmaDesc{}
	}
	l.p.mmaOps[in] = d
	return nil
}

// fragArgs lists the registers of a fragment operand.
func fragArgs(a check.Arg) []check.Arg {
	if a.Kind == check.ArgVec {
		return a.Elems
	}
	return []check.Arg{a}
}

// checkFrag checks that operand a has the registers fragment f needs.
func checkFrag(op string, f *fragSpec, a check.Arg) error {
	el := fragArgs(a)
	if len(el) != f.regs {
		return invalid("%s: the %s fragment (%dx%d .%s) takes %d registers, got %d", op, f.name, f.rows, f.cols, f.kind, f.regs, len(el))
	}
	want := 32
	if f.kind == ekF64 {
		want = 64
	}
	for _, e := range el {
		if e.Kind == check.ArgReg && e.Reg != nil && e.Reg.Type.Bits != want && e.Reg.Type.Bits != 0 {
			return invalid("%s: %s fragment register %s is %d-bit; .%s elements take %d-bit registers", op, f.name, e.Reg.Name, e.Reg.Type.Bits, f.kind, want)
		}
		if e.Kind == check.ArgReg && e.Reg != nil && e.Reg.Type.Name == ".pred" {
			return invalid("%s: %s fragment register %s is a predicate", op, f.name, e.Reg.Name)
		}
	}
	return nil
}

// requireWarp faults unless every lane of the warp executes o (the
// .sync.aligned matrix instructions are warp-collective).
func requireWarp(m *Machine, w *warp, o *op, name string) bool {
	if w.mask == fullMask {
		return true
	}
	missing := fullMask &^ w.mask
	lane := firstLane(missing)
	m.raise(w, o, firstLane(w.mask), fmt.Sprintf("%s is warp-collective (.sync.aligned): all 32 lanes must execute it together, but %d lanes (first: lane %d) do not", name, bits.OnesCount32(missing), lane))
	return false
}

func (d *mmaDesc) exec(m *Machine, w *warp, o *op) {
	if !requireWarp(m, w, o, d.op) {
		return
	}
	na, nb := d.a.regs, d.b.regs
	sa, sb, sc := o.s[:na], o.s[na:na+nb], o.s[na+nb:]
	var buf [256]uint64
	out := buf[:0]
	if n := d.d.size(); n <= len(buf) {
		out = buf[:n]
	} else {
		out = make([]uint64, n)
	}
	d.compute(w, sa, sb, sc, out)
	if m.record {
		m.noteMMA(w, o, d, sa, sb, sc, append([]uint64(nil), out...))
	}
	scatter(w, d.d, o.d, out)
}

// gatherFloat decodes fragment f (float elements) from slots into dst.
func gatherFloat(w *warp, f *fragSpec, regs []int32, dst []float32) {
	n := f.slots()
	if f.kind == ekF16 && f.per == 2 {
		t := f16Table()
		for r, slot := range regs {
			row := w.reg(slot)
			for lane := 0; lane < 32; lane++ {
				v := row[lane]
				base := lane*n + r*2
				dst[f.idx[base]] = t[uint16(v)]
				dst[f.idx[base+1]] = t[uint16(v>>16)]
			}
		}
		return
	}
	if f.per == 1 && (f.kind == ekF32 || f.kind == ekTF32) {
		for r, slot := range regs {
			row := w.reg(slot)
			for lane := 0; lane < 32; lane++ {
				dst[f.idx[lane*n+r]] = floatOf(f.kind, row[lane])
			}
		}
		return
	}
	gather(w, f, regs, func(i int32, v uint64) { dst[i] = floatOf(f.kind, v) })
}

// compute gathers A, B and C from the registers in slots sa, sb, sc and
// writes D's elements (raw bits in matrix order) to out.
func (d *mmaDesc) compute(w *warp, sa, sb, sc []int32, out []uint64) {
	rowsA, k, n := d.a.rows, d.a.cols, d.b.cols
	per := func(s *fragSpec) int { return s.rows * s.cols }
	switch d.mode {
	case mmaFloat:
		var abuf, bbuf [512]float32 // the largest: wmma m32n8k16 A, m8n32k16 B
		var cbuf [256]float32
		a, b, c := abuf[:d.a.size()], bbuf[:d.b.size()], cbuf[:d.c.size()]
		gatherFloat(w, d.a, sa, a)
		gatherFloat(w, d.b, sb, b)
		gatherFloat(w, d.c, sc, c)
		fused := tensorFused(d.a.kind, d.c.kind)
		f8 := d.op == "mma" && mmaF8(d.a.kind, d.d.kind)
		for g := 0; g < d.a.groups; g++ {
			ga, gb, gc := a[g*per(d.a):], b[g*per(d.b):], c[g*per(d.c):]
			for r := 0; r < rowsA; r++ {
				ar := ga[r*k : r*k+k]
				for col := 0; col < n; col++ {
					acc := gc[r*n+col]
					if fused || f8 {
						var ys [32]float32
						for kk := range ar {
							ys[kk] = gb[kk*n+col]
						}
						if f8 && d.d.kind == ekF16 {
							out[g*rowsA*n+r*n+col] = tensorDotF8F16(acc, ar, ys[:k])
						} else if f8 {
							out[g*rowsA*n+r*n+col] = uint64(math.Float32bits(tensorDotF8(acc, ar, ys[:k])))
						} else {
							out[g*rowsA*n+r*n+col] = tensorResult(acc, ar, ys[:k], d.a.kind, d.d.kind)
						}
						continue
					}
					for kk, av := range ar {
						p := float32(av * gb[kk*n+col]) // exact
						acc = float32(acc + p)
					}
					out[g*rowsA*n+r*n+col] = encodeFloat(d.d.kind, acc)
				}
			}
		}
	case mmaF64:
		a, b, c := make([]uint64, d.a.size()), make([]uint64, d.b.size()), make([]uint64, d.c.size())
		gather(w, d.a, sa, func(i int32, v uint64) { a[i] = v })
		gather(w, d.b, sb, func(i int32, v uint64) { b[i] = v })
		gather(w, d.c, sc, func(i int32, v uint64) { c[i] = v })
		for r := 0; r < rowsA; r++ {
			for col := 0; col < n; col++ {
				acc := c[r*n+col]
				for kk := 0; kk < k; kk++ {
					if d.rnd == fp.RN {
						acc = math.Float64bits(math.FMA(math.Float64frombits(a[r*k+kk]), math.Float64frombits(b[kk*n+col]), math.Float64frombits(acc)))
					} else {
						acc = fp.FmaF64(a[r*k+kk], b[kk*n+col], acc, d.rnd)
					}
				}
				out[r*n+col] = acc
			}
		}
	case mmaInt, mmaB1:
		a, b, c := make([]int64, d.a.size()), make([]int64, d.b.size()), make([]int64, d.c.size())
		gather(w, d.a, sa, func(i int32, v uint64) { a[i] = intOf(d.a.kind, v) })
		gather(w, d.b, sb, func(i int32, v uint64) { b[i] = intOf(d.b.kind, v) })
		gather(w, d.c, sc, func(i int32, v uint64) { c[i] = intOf(ekS32, v) })
		for r := 0; r < rowsA; r++ {
			for col := 0; col < n; col++ {
				acc := c[r*n+col]
				for kk := 0; kk < k; kk++ {
					x, y := a[r*k+kk], b[kk*n+col]
					switch {
					case d.mode == mmaInt:
						acc += x * y
					case d.xor:
						acc += x ^ y
					default:
						acc += x & y
					}
				}
				if d.satfinite {
					acc = max(math.MinInt32, min(math.MaxInt32, acc))
				}
				out[r*n+col] = uint64(uint32(acc))
			}
		}
	}
}

// tensorFused reports whether an MMA with inputs of kind in and an
// accumulator C of kind acc adds as tensorDot models (tensordot.go): f16,
// bf16 and tf32 inputs into f32 or f16, as measured on an H200. mma.sync's
// fp8 takes tensorDotF8 or tensorDotF8F16 (mmaF8), wgmma's wgmmaDotF8 or wgmmaDotF8F16;
// the sm_100 narrow types add in f32 in k order, rounding to nearest.
func tensorFused(in, acc ekind) bool {
	return (acc == ekF32 || acc == ekF16) && (in == ekF16 || in == ekBF16 || in == ekTF32)
}

// mmaF8 reports whether an mma.sync with inputs of kind in and D of kind
// out adds as tensorDotF8 (f32) or tensorDotF8F16 (f16) model: 8-bit
// float inputs. (wgmma's fp8 is another hardware path, wgmmaDotF8.)
func mmaF8(in, out ekind) bool {
	return (out == ekF32 || out == ekF16) && (in == ekE4M3 || in == ekE5M2)
}

// encodeFloat rounds an f32 accumulator to D's type.
func encodeFloat(k ekind, v float32) uint64 {
	if k == ekF16 {
		return uint64(fp.CvtF32ToF16(math.Float32bits(v), fp.RN, false, false, false, false))
	}
	return uint64(math.Float32bits(v))
}

// gather calls put(matrix index, element bits) for every element of
// fragment f held in register slots regs.
func gather(w *warp, f *fragSpec, regs []int32, put func(i int32, v uint64)) {
	n := f.slots()
	for r, slot := range regs {
		row := w.reg(slot)
		for lane := 0; lane < 32; lane++ {
			v := row[lane]
			base := lane*n + r*f.per
			for j := 0; j < f.per; j++ {
				put(f.idx[base+j], f.elem(v, j))
			}
		}
	}
}

// scatter writes the elements vals (matrix order) of fragment f into the
// destination slots dsts (-1: the sink).
func scatter(w *warp, f *fragSpec, dsts []int32, vals []uint64) {
	n := f.slots()
	b := uint(f.kind.bits())
	for r, slot := range dsts {
		if slot < 0 {
			continue
		}
		row := w.reg(slot)
		for lane := 0; lane < 32; lane++ {
			base := lane*n + r*f.per
			if f.per == 1 {
				row[lane] = vals[f.idx[base]]
				continue
			}
			var v uint64
			for j := 0; j < f.per; j++ {
				v |= (vals[f.idx[base+j]] & widthMask(uint8(b))) << (uint(j) * b)
			}
			row[lane] = v
		}
	}
}

// mmaName is the shape and types of d for messages and views.
func (d *mmaDesc) String() string {
	return d.op + ".m" + strconv.Itoa(d.m) + "n" + strconv.Itoa(d.n) + "k" + strconv.Itoa(d.k) + "." + d.d.kind.String() + "." + d.a.kind.String() + "." + d.b.kind.String() + "." + d.c.kind.String()
}
