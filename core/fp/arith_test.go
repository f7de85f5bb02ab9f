// Correctly rounded add, sub, mul, fma, div and sqrt in every format and
// rounding mode, checked against math/big (PTX ISA 9.7.3.3-8, 9.7.3.15,
// 9.7.4.1-4).

package fp

import (
	"fmt"
	"math"
	"math/big"
	"testing"
)

type arith struct {
	name  string
	f     *format
	ops   []refOp
	modes []Round
	ftz   []bool
	eval  func(op refOp, a, b, c uint64, rnd Round, ftz bool) uint64
}

var allModes = []Round{RN, RZ, RM, RP}

var ariths = []arith{
	{"f32", fmtF32, []refOp{opAdd, opSub, opMul, opFma, opDiv, opSqrt}, allModes, []bool{false, true},
		func(op refOp, a, b, c uint64, rnd Round, ftz bool) uint64 {
			x, y, z := uint32(a), uint32(b), uint32(c)
			switch op {
			case opAdd:
				return uint64(AddF32(x, y, rnd, ftz, false))
			case opSub:
				return uint64(SubF32(x, y, rnd, ftz, false))
			case opMul:
				return uint64(MulF32(x, y, rnd, ftz, false))
			case opFma:
				return uint64(FmaF32(x, y, z, rnd, ftz, false))
			case opDiv:
				return uint64(DivF32(x, y, rnd, ftz))
			}
			return uint64(SqrtF32(x, rnd, ftz))
		}},
	{"f64", fmtF64, []refOp{opAdd, opSub, opMul, opFma, opDiv, opSqrt}, allModes, []bool{false},
		func(op refOp, a, b, c uint64, rnd Round, _ bool) uint64 {
			switch op {
			case opAdd:
				return AddF64(a, b, rnd)
			case opSub:
				return SubF64(a, b, rnd)
			case opMul:
				return MulF64(a, b, rnd)
			case opFma:
				return FmaF64(a, b, c, rnd)
			case opDiv:
				return DivF64(a, b, rnd)
			}
			return SqrtF64(a, rnd)
		}},
	{"f16", fmtF16, []refOp{opAdd, opSub, opMul, opFma}, []Round{RN}, []bool{false, true},
		func(op refOp, a, b, c uint64, _ Round, ftz bool) uint64 {
			x, y, z := uint16(a), uint16(b), uint16(c)
			switch op {
			case opAdd:
				return uint64(AddF16(x, y, ftz, false))
			case opSub:
				return uint64(SubF16(x, y, ftz, false))
			case opMul:
				return uint64(MulF16(x, y, ftz, false))
			}
			return uint64(FmaF16(x, y, z, ftz, false, false))
		}},
	{"bf16", fmtBF16, []refOp{opAdd, opSub, opMul, opFma}, []Round{RN}, []bool{false},
		func(op refOp, a, b, c uint64, _ Round, _ bool) uint64 {
			x, y, z := uint16(a), uint16(b), uint16(c)
			switch op {
			case opAdd:
				return uint64(AddBF16(x, y))
			case opSub:
				return uint64(SubBF16(x, y))
			case opMul:
				return uint64(MulBF16(x, y))
			}
			return uint64(FmaBF16(x, y, z, false))
		}},
}

// TestCorrectlyRounded checks every operation, format, rounding mode and
// .ftz setting on all pairs of edge values and on random operands against
// exact arithmetic rounded by refRound.
func TestCorrectlyRounded(t *testing.T) {
	for _, ar := range ariths {
		for _, op := range ar.ops {
			for _, rnd := range ar.modes {
				for _, ftz := range ar.ftz {
					name := fmt.Sprintf("%s/%s%s", ar.name, op, rnd)
					if ftz {
						name += ".ftz"
					}
					t.Run(name, func(t *testing.T) {
						t.Parallel()
						checkArith(t, ar, op, rnd, ftz)
					})
				}
			}
		}
	}
}

func checkArith(t *testing.T, ar arith, op refOp, rnd Round, ftz bool) {
	fails := 0
	check := func(a, b, c uint64) {
		got := ar.eval(op, a, b, c, rnd, ftz)
		want := reference(op, a, b, c, ar.f, rnd, ftz)
		if got != want && fails < 10 {
			fails++
			t.Errorf("%s%s ftz=%v (%#x, %#x, %#x): got %#x, want %#x", op, rnd, ftz, a, b, c, got, want)
		}
	}
	e := edges(ar.f)
	switch op.arity() {
	case 1:
		for _, a := range e {
			check(a, 0, 0)
		}
	case 2:
		for _, a := range e {
			for _, b := range e {
				check(a, b, 0)
			}
		}
	case 3:
		for _, a := range e {
			for _, b := range e {
				for i := 0; i < len(e); i += 3 {
					check(a, b, e[i])
				}
			}
		}
	}
	r := newRand(t)
	n := count(20000)
	if ar.f == fmtF64 && (op == opAdd || op == opSub || op == opFma) {
		n /= 2 // 5000-bit sums
	}
	for range n {
		a, b, c := operands(r, op, ar.f)
		check(a, b, c)
	}
}

// TestRoundToNearestMatchesHost cross-checks the round-to-nearest f32 and
// f64 paths against the host's IEEE arithmetic on many more operands than
// the big.Float oracle can afford.
func TestRoundToNearestMatchesHost(t *testing.T) {
	r := newRand(t)
	for range count(1_000_000) {
		a, b, c := operands(r, opFma, fmtF64)
		x, y, z := f64(a), f64(b), f64(c)
		for _, tc := range []struct {
			got  uint64
			want float64
		}{
			{AddF64(a, b, RN), x + y},
			{MulF64(a, b, RN), x * y},
			{DivF64(a, b, RN), x / y},
			{FmaF64(a, b, c, RN), math.FMA(x, y, z)},
		} {
			if isNaN64(tc.got) != math.IsNaN(tc.want) || !math.IsNaN(tc.want) && tc.got != math.Float64bits(tc.want) {
				t.Fatalf("(%#x, %#x, %#x): got %#x, want %v", a, b, c, tc.got, tc.want)
			}
		}
		a32, b32, c32 := uint32(a>>32), uint32(b>>32), uint32(c>>32)
		if r.IntN(2) == 0 {
			a32, b32, c32 = uint32(randBits(r, fmtF32)), uint32(randBits(r, fmtF32)), uint32(randBits(r, fmtF32))
		}
		// fma.rn.f32 has a fast path and a slow one: they must agree.
		if got, want := FmaF32(a32, b32, c32, RN, false, false), uint32(fmaNarrow(uint64(a32), uint64(b32), uint64(c32), fmtF32, RN, false)); got != want {
			t.Fatalf("fma.rn.f32(%#x, %#x, %#x): fast %#x, slow %#x", a32, b32, c32, got, want)
		}
		if got, want := FmaF32(a32, b32, c32, RN, true, false), uint32(fmaNarrow(uint64(a32), uint64(b32), uint64(c32), fmtF32, RN, true)); got != want {
			t.Fatalf("fma.rn.ftz.f32(%#x, %#x, %#x): fast %#x, slow %#x", a32, b32, c32, got, want)
		}
		if got, want := MulF32(a32, b32, RN, true, false), uint32(mulNarrow(uint64(a32), uint64(b32), fmtF32, RN, true)); got != want {
			t.Fatalf("mul.rn.ftz.f32(%#x, %#x): fast %#x, slow %#x", a32, b32, got, want)
		}
	}
}

// TestWideHelpers checks the 128-bit helpers of the f64 integer paths
// against math/big: a lost bit must always reach the sticky bit, which
// random fma operands alone exercise only rarely.
func TestWideHelpers(t *testing.T) {
	r := newRand(t)
	for range count(200000) {
		hi, lo := r.Uint64()>>r.IntN(64), r.Uint64()>>r.IntN(64)
		n := uint(r.IntN(140))
		x := new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64)
		x.Or(x, new(big.Int).SetUint64(lo))
		want := new(big.Int).Rsh(x, n)
		if new(big.Int).Lsh(want, n).Cmp(x) != 0 {
			want.SetBit(want, 0, 1)
		}
		gh, gl := shrJam128(hi, lo, n)
		got := new(big.Int).Lsh(new(big.Int).SetUint64(gh), 64)
		got.Or(got, new(big.Int).SetUint64(gl))
		if got.Cmp(want) != 0 {
			t.Fatalf("shrJam128(%#x, %#x, %d) = %#x:%#x, want %#x", hi, lo, n, gh, gl, want)
		}
		if n < 128 {
			sh, sl := shl128(hi, lo, n)
			w := new(big.Int).Lsh(x, n)
			w.And(w, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1)))
			g := new(big.Int).Lsh(new(big.Int).SetUint64(sh), 64)
			g.Or(g, new(big.Int).SetUint64(sl))
			if g.Cmp(w) != 0 {
				t.Fatalf("shl128(%#x, %#x, %d) = %#x:%#x, want %#x", hi, lo, n, sh, sl, w)
			}
		}
		// mulSig keeps the top 64 bits of the product and jams the rest.
		a, b := r.Uint64()>>r.IntN(64)|1, r.Uint64()>>r.IntN(64)|1
		e, sig := mulSig(0, a, 0, b)
		p := new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
		top := new(big.Int).Rsh(p, uint(max(e, 0)))
		if new(big.Int).Lsh(top, uint(max(e, 0))).Cmp(p) != 0 {
			top.SetBit(top, 0, 1)
		}
		if !top.IsUint64() || top.Uint64() != sig {
			t.Fatalf("mulSig(%#x, %#x) = %d, %#x, want %#x", a, b, e, sig, top)
		}
	}
}
