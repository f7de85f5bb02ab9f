// wgmma.go: the warpgroup matrix multiply of sm_90 (ISA 9.7.16).
//
// A warpgroup is four consecutive warps (ids 4g..4g+3), 128 threads.
// wgmma.mma_async .m64nNkK computes D (64 x N) = A (64 x K) x B (K x N),
// plus D when scale-d is true. Warp 4g+w holds rows 16w..16w+15 of D, in
// the layout of mma.m16n8's C repeated for every 8 columns, and, when A
// comes from registers, the same rows of A in the layout of mma.m16n8kK's
// A. So a warp's slice of D depends only on its own rows of A and on B,
// and each warp computes its slice when it issues the instruction. The
// asynchronous instruction may do so: the ISA leaves D undefined, and the
// shared memory it reads must stay unchanged, until wgmma.wait_group, so
// wgmma.fence, wgmma.commit_group and wgmma.wait_group have nothing left
// to do.
//
// A and B in shared memory are given by matrix descriptors (ISA
// 9.7.16.5.1): start address, leading and stride byte offsets (LBO, SBO)
// in units of 16 bytes in bits 0-13, 16-29 and 32-45, the matrix base
// offset in bits 49-51 and the swizzle mode in bits 62-63 (0 none, 1
// 128-byte, 2 64-byte, 3 32-byte). Both are K-major here (each row of A,
// each column of B, has its K elements contiguous): the canonical layouts
// group rows by 8, the row groups SBO bytes apart. Without swizzling a
// row's 16-byte chunks are LBO bytes apart and the 8 rows of a group 16
// bytes apart (8x16-byte "core matrices"); with a W-byte swizzle (W = 32,
// 64, 128) a row is W contiguous bytes, the 8 rows W bytes apart, and the
// 16-byte chunk index (address bits 4..) is XORed with the address bits
// 7.. (the row within the 8, in units of 128 bytes), log2(W/16) bits of
// each. The arithmetic is mma's (mma.go): products exact, sums in f32 in k
// order for floating-point inputs, exact for integers.

package sim

import (
	"fmt"
	"math"

	"github.com/ptxplay/ptxplay/core/check"
)

func init() {
	lowerers["wgmma.mma_async"] = lowerWGMMA
	// Each warp computes its slice at issue (see above): the fence and the
	// group bookkeeping have nothing to order or wait for.
	for _, n := range []string{"wgmma.fence", "wgmma.commit_group", "wgmma.wait_group"} {
		lowerers[n] = lowerNop
	}
}

// wgmmaDesc is a lowered wgmma.mma_async.
type wgmmaDesc struct {
	n, k      int
	at, bt    ekind
	d         *fragSpec // one warp's 16 x N slice of D
	a         *fragSpec // one warp's 16 x K slice of A, when in registers
	mode      mmaMode
	negA      bool
	negB      bool
	scaleD    int    // 1 or 0 when an immediate, -1 when the predicate decides
	scalePS   int    // index in o.ps of the scale-d predicate
	aSlot     int32  // the A descriptor's register
	aRegs     int    // A's registers in o.s, when in registers
	bSlot     int32  // the B descriptor's register
	name      string // the instruction without operands, for messages
	satfinite bool
	dNames    []string // register names of D and (in registers) A, for the fragment view
	aNames    []string
}

func lowerWGMMA(l *lowering, in *check.Inst, o *op) error {
	mm, err := readMMAMods(in)
	if err != nil {
		return err
	}
	if len(mm.types) != 3 {
		return fmt.Errorf("wgmma: expected .dtype.atype.btype")
	}
	dt, at, bt := ekinds[mm.types[0]], ekinds[mm.types[1]], ekinds[mm.types[2]]
	d := &wgmmaDesc{n: mm.n, k: mm.k, at: at, bt: bt, name: "wgmma" + joinMods(in), satfinite: mm.satfinite, scaleD: -1}
	switch {
	case at == ekB1:
		return fmt.Errorf("wgmma .b1 is not simulated")
	case at.isInt():
		d.mode = mmaInt
	default:
		d.mode = mmaFloat
	}
	if mm.m != 64 || mm.n%8 != 0 || mm.n < 8 || mm.n > 256 || mm.k*at.bits() != 256 {
		return invalid("wgmma: shape .m%dn%dk%d with .%s is not one the ISA defines", mm.m, mm.n, mm.k, at)
	}
	d.d = accFrag("D", 16, mm.n, dt) // a warp's 16 rows
	if len(in.Args) < 4 {
		return invalid("wgmma: expected d, a, b-desc, scale-d")
	}
	if err := checkFrag("wgmma", d.d, in.Args[0]); err != nil {
		return err
	}
	d.dNames = regNames(in.Args[0])
	aInRegs := in.Args[1].Kind == check.ArgVec
	imms := in.Args[4:]
	// imm-scale-a, imm-scale-b (1 or -1; floating point only), then the
	// transposes of .f16/.bf16 (imm-trans-a only with A in shared memory).
	if d.mode == mmaFloat && len(imms) >= 2 {
		d.negA, d.negB = int64(imms[0].Imm) == -1, int64(imms[1].Imm) == -1
		for _, t := range imms[2:] {
			if t.Imm != 0 {
				return fmt.Errorf("wgmma with a transposed (MN-major) operand is not simulated")
			}
		}
	}
	bIdx := 1 // o.s: A's descriptor or registers, B's descriptor, then constants
	if aInRegs {
		d.a = mmaAFrag(16, mm.k, at)
		if err := checkFrag("wgmma", d.a, in.Args[1]); err != nil {
			return err
		}
		d.aRegs = d.a.regs
		d.aNames = regNames(in.Args[1])
		bIdx = d.aRegs
	} else {
		d.aSlot = o.s[0]
	}
	d.bSlot = o.s[bIdx]
	switch sd := in.Args[3]; {
	case sd.Kind == check.ArgImm:
		d.scaleD = int(sd.Imm & 1)
	case sd.Kind == check.ArgReg && sd.Reg.Type.Name == ".pred":
		d.scalePS = len(o.ps) - 1
	default:
		return invalid("wgmma: scale-d must be a predicate or 0 or 1")
	}
	o.exec = func(m *Machine, w *warp, o *op) { d.exec(m, w, o) }
	return nil
}

// descriptor fields (ISA 9.7.16.5.1).
type smemDesc struct {
	start, lbo, sbo uint64 // bytes
	swizzle         int    // row bytes of the swizzle (32, 64, 128), 0 for none
}

func decodeDesc(v uint64) (smemDesc, string) {
	d := smemDesc{start: v & 0x3fff << 4, lbo: v >> 16 & 0x3fff << 4, sbo: v >> 32 & 0x3fff << 4}
	if v>>49&7 != 0 {
		return d, "a matrix base offset (descriptor bits 49-51) is not simulated"
	}
	d.swizzle = [4]int{0, 128, 64, 32}[v>>62]
	return d, ""
}

// addr is the shared-memory address of byte b of row r (K-major: the row
// holds the K elements of a row of A or a column of B).
func (s smemDesc) addr(r int, b uint64) uint64 {
	chunk, within := b/16, b%16
	if s.swizzle == 0 {
		return s.start + uint64(r/8)*s.sbo + uint64(r%8)*16 + chunk*s.lbo + within
	}
	a := s.start + uint64(r/8)*s.sbo + uint64(r%8)*uint64(s.swizzle) + chunk*16 + within
	mask := uint64(s.swizzle/16 - 1) // 32B: 1, 64B: 3, 128B: 7 (a map here cost an allocation per element)
	return a ^ (a >> 7 & mask << 4)
}

// readOperand reads rows r0..r0+rows-1 of a K-major operand of kind k with
// kLen elements a row from shared memory into dst (row-major), reporting a
// fault message when an element falls outside the CTA's shared memory.
func readOperand(sh []byte, s smemDesc, r0, rows, kLen int, k ekind, put func(r, kk int, v uint64)) string {
	bits := k.bits()
	for r := 0; r < rows; r++ {
		for kk := 0; kk < kLen; kk++ {
			bit := uint64(kk * bits)
			a := s.addr(r0+r, bit/8)
			if a >= uint64(len(sh)) {
				return fmt.Sprintf("its shared-memory operand reaches address 0x%x, outside the CTA's %d bytes of shared memory", a, len(sh))
			}
			v := uint64(sh[a])
			for j := 1; j < (bits+7)/8; j++ {
				if a+uint64(j) >= uint64(len(sh)) {
					return fmt.Sprintf("its shared-memory operand reaches address 0x%x, outside the CTA's %d bytes of shared memory", a+uint64(j), len(sh))
				}
				v |= uint64(sh[a+uint64(j)]) << (8 * j)
			}
			if bits < 8 {
				v = v >> (bit % 8) & (1<<bits - 1)
			}
			put(r, kk, v)
		}
	}
	return ""
}

func (d *wgmmaDesc) exec(m *Machine, w *warp, o *op) {
	if !requireWarp(m, w, o, "wgmma.mma_async") {
		return
	}
	wp := w.id % 4 // the warp's place in its warpgroup: its rows of D
	sh := w.cta.shared
	lane := firstLane(w.mask)
	n, k := d.n, d.k
	a := make([]uint64, 16*k) // this warp's rows of A, row-major
	b := make([]uint64, n*k)  // B by column: b[c*k+kk] is element (kk, c)
	if d.aRegs > 0 {
		gather(w, d.a, o.s[:d.aRegs], func(i int32, v uint64) { a[i] = v })
	} else {
		s, bad := decodeDesc(w.reg(d.aSlot)[lane])
		if bad == "" {
			bad = readOperand(sh, s, 16*wp, 16, k, d.at, func(r, kk int, v uint64) { a[r*k+kk] = v })
		}
		if bad != "" {
			m.raise(w, o, lane, "wgmma: A "+bad)
			return
		}
	}
	s, bad := decodeDesc(w.reg(d.bSlot)[lane])
	if bad == "" {
		bad = readOperand(sh, s, 0, n, k, d.bt, func(c, kk int, v uint64) { b[c*k+kk] = v })
	}
	if bad != "" {
		m.raise(w, o, lane, "wgmma: B "+bad)
		return
	}
	if m.san != nil {
		m.san.wgmmaRead(m, w, o, lane, d) // sanitize_proxy.go
	}
	scale := d.scaleD == 1
	if d.scaleD < 0 {
		scale = pred(w, o, d.scalePS)&(1<<lane) != 0
	}
	out := make([]uint64, 16*n)
	if scale {
		gather(w, d.d, o.d, func(i int32, v uint64) { out[i] = v })
	}
	// Float operands convert once each (not once per product), negated
	// as asked: converting is exact, so the sums are unchanged.
	var af, bf []float32
	if d.mode != mmaInt {
		af, bf = make([]float32, len(a)), make([]float32, len(b))
		for i, v := range a {
			if af[i] = floatOf(d.at, v); d.negA {
				af[i] = -af[i]
			}
		}
		for i, v := range b {
			if bf[i] = floatOf(d.bt, v); d.negB {
				bf[i] = -bf[i]
			}
		}
	}
	for r := 0; r < 16; r++ {
		for c := 0; c < n; c++ {
			ar, bc := a[r*k:r*k+k], b[c*k:c*k+k]
			if d.mode == mmaInt {
				acc := int64(0)
				if scale {
					acc = int64(int32(out[r*n+c]))
				}
				for kk := range k {
					acc += intOf(d.at, ar[kk]) * intOf(d.bt, bc[kk])
				}
				if d.satfinite {
					acc = max(math.MinInt32, min(math.MaxInt32, acc))
				}
				out[r*n+c] = uint64(uint32(acc))
				continue
			}
			acc := float32(0)
			if scale {
				acc = floatOf(d.d.kind, out[r*n+c])
			}
			xs, ys := af[r*k:r*k+k], bf[c*k:c*k+k]
			switch {
			case tensorFused(d.at, d.d.kind): // f16, bf16, tf32
				out[r*n+c] = tensorResult(acc, xs, ys, d.at, d.d.kind)
			case d.d.kind == ekF16: // e4m3, e5m2 into f16
				out[r*n+c] = wgmmaDotF8F16(acc, xs, ys)
			default: // e4m3, e5m2 into f32
				out[r*n+c] = uint64(math.Float32bits(wgmmaDotF8(acc, xs, ys)))
			}
		}
	}
	if m.record { // the fragment view: this warp's rows of D (and of A from registers)
		rows := fmt.Sprintf(" (rows %d-%d)", 16*wp, 16*wp+15)
		var srcs []fragSrc
		if d.aRegs > 0 {
			srcs = append(srcs, fragSrc{f: d.a, vals: append([]uint64(nil), a...), names: d.aNames, name: "A" + rows})
		}
		srcs = append(srcs, fragSrc{f: d.d, vals: append([]uint64(nil), out...), names: d.dNames, name: "D" + rows})
		m.noteMatrices(w, o, d.name, srcs)
	}
	scatter(w, d.d, o.d, out)
}
