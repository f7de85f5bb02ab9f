// atomx.go: Config.AtomX, the atomic forms of users' PTX that
// Config.Atomics (CUDA's atomic functions as clang writes them) and
// Config.Asm's atom.global never reach, as inline PTX on the executing
// thread's own element of a __shared__ or __device__ array (so that one
// thread at a time means the same on the host): 64-bit exch, and, or,
// min.u64, max.s64, inc and dec on shared memory, cas.b16,
// add.noftz.f16 and .f16x2 (sm_70, the rounding of add.f16: nearest
// even, no flush), red of several of them, and the memory orders and
// scopes (.relaxed.gpu, .acq_rel.cta, .acquire.sys, .release.gpu) that
// nvcc's cuda::atomic_ref writes. The value is the old one xor three
// times the new one read back from memory (an f16 lane's NaN made
// 0x7fff, h2can); the host computes both from the ISA's semantics
// (atomxHost). TestAtomX checks the host against values worked out by
// hand.
package main

import (
	"fmt"
	"strings"
)

// atomxOp is one instruction: its PTX, the space, the element width,
// its operand count (1 for red's lone operand, 2 with cas's new value)
// and whether it returns the old value (atom) or not (red).
type atomxOp struct {
	pre    string // the macro's prefix: "" for "ax_" (Config.SM90's "n9_")
	ins    string // the opcode after atom./red. and the space: "add.noftz.f16x2"
	sem    string // ".relaxed.gpu" ...
	shared bool
	red    bool
	width  int // 16, 32, 64
	cas    bool
	host   string // C: the new value of o_ (the old one) and b_ (and c_)
}

func (o atomxOp) name() string {
	s := o.pre
	if s == "" {
		s = "ax_"
	}
	if o.red {
		s += "r_"
	}
	if o.shared {
		s += "s_"
	} else {
		s += "g_"
	}
	return s + strings.NewReplacer(".", "_").Replace(strings.TrimPrefix(o.sem+".", ".")+o.ins)
}

func (o atomxOp) ptx() string {
	op := "atom"
	if o.red {
		op = "red"
	}
	sp := ".global"
	if o.shared {
		sp = ".shared"
	}
	return op + o.sem + sp + "." + o.ins
}

var atomxList = []atomxOp{
	{ins: "exch.b64", width: 64, host: "b_"},
	{ins: "and.b64", shared: true, width: 64, host: "o_ & b_"},
	{ins: "or.b64", sem: ".relaxed.gpu", width: 64, host: "o_ | b_"},
	{ins: "min.u64", shared: true, width: 64, host: "o_ < b_ ? o_ : b_"},
	{ins: "max.s64", width: 64, host: "(s64)o_ > (s64)b_ ? o_ : b_"},
	{ins: "min.s64", shared: true, sem: ".acq_rel.cta", width: 64, host: "(s64)o_ < (s64)b_ ? o_ : b_"},
	{ins: "xor.b64", red: true, width: 64, host: "o_ ^ b_"},
	{ins: "add.u64", red: true, shared: true, width: 64, host: "o_ + b_"},
	{ins: "inc.u32", shared: true, width: 32, host: "o_ >= b_ ? 0u : o_ + 1u"},
	{ins: "dec.u32", shared: true, sem: ".relaxed.cta", width: 32, host: "o_ == 0u || o_ > b_ ? b_ : o_ - 1u"},
	{ins: "max.s32", sem: ".acquire.sys", width: 32, host: "(s32)o_ > (s32)b_ ? o_ : b_"},
	{ins: "add.u32", sem: ".release.gpu", width: 32, host: "o_ + b_"},
	{ins: "min.u32", red: true, shared: true, width: 32, host: "o_ < b_ ? o_ : b_"},
	{ins: "inc.u32", red: true, width: 32, host: "o_ >= b_ ? 0u : o_ + 1u"},
	{ins: "cas.b32", sem: ".acq_rel.gpu", width: 32, cas: true, host: "o_ == b_ ? c_ : o_"},
	{ins: "cas.b64", shared: true, width: 64, cas: true, host: "o_ == b_ ? c_ : o_"},
	{ins: "cas.b16", width: 16, cas: true, host: "o_ == b_ ? c_ : o_"},
	{ins: "cas.b16", shared: true, width: 16, cas: true, host: "o_ == b_ ? c_ : o_"},
	{ins: "add.noftz.f16", width: 16, host: "h2op(0, 0, o_, b_, 0u, 0)"},
	{ins: "add.noftz.f16", shared: true, width: 16, host: "h2op(0, 0, o_, b_, 0u, 0)"},
	{ins: "add.noftz.f16x2", width: 32, host: "h2x2(0, 0, o_, b_, 0u, 0)"},
	{ins: "add.noftz.f16x2", shared: true, width: 32, host: "h2x2(0, 0, o_, b_, 0u, 0)"},
	{ins: "add.noftz.f16x2", red: true, width: 32, host: "h2x2(0, 0, o_, b_, 0u, 0)"},
	{ins: "add.noftz.f16", red: true, shared: true, width: 16, host: "h2op(0, 0, o_, b_, 0u, 0)"},
	{ins: "add.f32", red: true, shared: true, width: 32, host: "f2u_raw(u2f(o_) + u2f(b_))"},
	{ins: "add.f64", red: true, sem: ".relaxed.gpu", width: 64, host: "d2u_raw(u2d(o_) + u2d(b_))"},
}

func (o atomxOp) kind() Kind {
	return map[int]Kind{16: U16, 32: U32, 64: U64}[o.width]
}

var atomxOps = atomxIntrins(atomxList)

func atomxIntrins(list []atomxOp) []intrinOp {
	ops := make([]intrinOp, len(list))
	for i, o := range list {
		k := o.kind()
		args := []Kind{k, k}
		if o.cas {
			args = append(args, k)
		}
		ops[i] = intrinOp{name: o.name(), ret: U64, args: args}
	}
	return ops
}

// atomxFold: the value both sides return: the old value xor three times
// the new one, an f16's lanes canonical (a NaN 0x7fff); f32 and f64 sums
// are read as their bits, a NaN canonical (f2u, d2u).
func atomxFold(o atomxOp) string {
	n := "(u64)n_"
	switch {
	case strings.HasSuffix(o.ins, ".f16") || strings.HasSuffix(o.ins, ".f16x2"):
		n = "(u64)h2can((u32)n_, 0, 0)"
	case strings.HasSuffix(o.ins, ".bf16") || strings.HasSuffix(o.ins, ".bf16x2"):
		n = "(u64)h2can((u32)n_, 1, 0)"
	case strings.HasSuffix(o.ins, ".f32"):
		n = "(u64)f2u(u2f((u32)n_))"
	case strings.HasSuffix(o.ins, ".f64"):
		n = "d2u(u2d(n_))"
	}
	return fmt.Sprintf("((u64)o_ ^ %s * 3u)", n)
}

func atomxT(w int) (string, string) {
	switch w {
	case 16:
		return "u16", "h"
	case 32:
		return "u32", "r"
	}
	return "u64", "l"
}

// atomxArrays: the thread's slot and a __device__ array of each width,
// 128 elements a CTA (CUDA only; the host computes without memory).
const atomxArrays = `#define AX_SLOT (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z))
#define AX_GSLOT (blockIdx.x * 128u + AX_SLOT)
static DEVVAR u16 ax_g16_[512];
static DEVVAR u32 ax_g32_[512];
static DEVVAR u64 ax_g64_[512];
`

// atomxCUDA: each instruction through cvta.to of the element's generic
// address, in one asm statement.
var atomxCUDA = "/* Atomics on the thread's own element (Config.AtomX), inline PTX. */\n" + atomxArrays + atomxCUDAOf(atomxList)

// atomxCUDAOf: the macros of list (atomxArrays declared before).
func atomxCUDAOf(list []atomxOp) string {
	var b strings.Builder
	for _, o := range list {
		t, rc := atomxT(o.width)
		sp, arr := "global", fmt.Sprintf("ax_g%d_[AX_GSLOT]", o.width)
		if o.shared {
			sp, arr = "shared", "s_[AX_SLOT]"
		}
		decl := ""
		if o.shared {
			decl = fmt.Sprintf("SHARED %s s_[128]; ", t)
		}
		params, ins, ops := "a, b", "", ""
		switch {
		case o.red:
			ins = fmt.Sprintf("%s [p_], %%1;", o.ptx())
			ops = fmt.Sprintf(": \"l\"(p), \"%s\"(b_)", rc)
		case o.cas:
			params = "a, b, c"
			ins = fmt.Sprintf("%s %%0, [p_], %%2, %%3;", o.ptx())
			ops = fmt.Sprintf(": \"=%s\"(o_) : \"l\"(p), \"%s\"(b_), \"%s\"(c_)", rc, rc, rc)
		default:
			ins = fmt.Sprintf("%s %%0, [p_], %%2;", o.ptx())
			ops = fmt.Sprintf(": \"=%s\"(o_) : \"l\"(p), \"%s\"(b_)", rc, rc)
		}
		// The operands first (another of these macros among them uses
		// the same element), then the element.
		vals := fmt.Sprintf("%s a_ = (%s)(a), b_ = (%s)(b)", t, t, t)
		if o.cas {
			vals += fmt.Sprintf(", c_ = (%s)(c)", t)
		}
		pre := ""
		if o.red {
			pre = "o_ = a_; "
			ops = ":" + ops
		}
		fmt.Fprintf(&b, "#define I_%s(%s) ({ %s%s; %s *p = &%s, o_, n_; *p = a_; %sasm volatile(\"{\\n\\t.reg .u64 p_;\\n\\tcvta.to.%s.u64 p_, %%%d;\\n\\t%s\\n\\t}\" %s : \"memory\"); n_ = *p; %s; })\n",
			o.name(), params, decl, vals, t, arr, pre, sp, atomxAddr(o), ins, ops, atomxFold(o))
	}
	return b.String()
}

// atomxAddr is the asm operand number of the element's address.
func atomxAddr(o atomxOp) int {
	if o.red {
		return 0
	}
	return 1
}

// atomxHost: o the old value a, n_ the new one from the ISA's
// semantics: inc wraps to 0 once o >= b, dec goes to b from 0 or above
// it, cas stores c where o equals b, add.noftz.f16(x2) rounds each lane's
// sum to nearest even keeping subnormals (Config.Half2's h2op), add.f32
// and add.f64 round to nearest even.
var atomxHost = `/* Atomics on the thread's own element (Config.AtomX), from the ISA. */
static u32 f2u_raw(float x) { u32 u; memcpy(&u, &x, 4); return u; }
static u64 d2u_raw(double x) { u64 u; memcpy(&u, &x, 8); return u; }
` + atomxHostOf(atomxList)

// atomxHostOf: the host's macros of list.
func atomxHostOf(list []atomxOp) string {
	var b strings.Builder
	for _, o := range list {
		t, _ := atomxT(o.width)
		params, c := "a, b", ""
		if o.cas {
			params, c = "a, b, c", fmt.Sprintf(" %s c_ = (%s)(c);", t, t)
		}
		fmt.Fprintf(&b, "#define I_%s(%s) ({ %s o_ = (%s)(a), b_ = (%s)(b);%s %s n_ = (%s)(%s); %s; })\n",
			o.name(), params, t, t, t, c, t, t, o.host, atomxFold(o))
	}
	return b.String()
}
