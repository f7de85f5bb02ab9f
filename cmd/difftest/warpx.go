// warpx.go: Config.WarpX, warp collectives under divergent membermasks:
// XW_mode(c, f, vk) runs, on each path of if (c(t, in) & 1u), a
// collective whose membermask is the lanes of that path (every lane
// computes it from c, a pure function of the thread): redux.sync add,
// min, max (.s32), umin, umax (.u32), and, or, xor (.b32), match.any.sync
// and match.all.sync (.b32, d + p), and activemask after bar.warp.sync of
// the path's mask in one asm statement, its text different on each path
// (d xor the value: clang -O3 merged the two paths' activemask into one
// after the branch, where it saw the whole warp, seed 25920001). The value is f(t, in), its bit 0,
// or the warp's lane 0's f (vk 0, 1, 2: match.all then holds), times 3
// on the else path (so that the paths differ and stay apart). Only where
// the whole warp is present (no lane has left, no partial warp).
// XWC_mode (all but activemask) is the same collective as one
// instruction the whole warp runs after the branch has joined, each lane
// naming its own path's lanes: the membermasks partition the warp. The
// host loops the pure functions over the path's lanes (warpxHost).
package main

import (
	"fmt"
	"strings"
)

// warpxModes: the collectives and their call on x_ (the lane's value)
// and m_ (the membermask).
var warpxModes = []struct{ mode, call string }{
	{"redadd", "__nvvm_redux_sync_add(x_, m_)"},
	{"redmin", "(u32)__nvvm_redux_sync_min((int)x_, m_)"},
	{"redmax", "(u32)__nvvm_redux_sync_max((int)x_, m_)"},
	{"redumin", "__nvvm_redux_sync_umin(x_, m_)"},
	{"redumax", "__nvvm_redux_sync_umax(x_, m_)"},
	{"redand", "__nvvm_redux_sync_and(x_, m_)"},
	{"redor", "__nvvm_redux_sync_or(x_, m_)"},
	{"redxor", "__nvvm_redux_sync_xor(x_, m_)"},
	{"matchany", "__nvvm_match_any_sync_i32(m_, x_)"},
	{"matchall", "({ int p_; u32 d_ = __nvvm_match_all_sync_i32p(m_, x_, &p_); d_ + (u32)p_; })"},
	{"active", "({ u32 a_; asm volatile(\"bar.warp.sync %1; activemask.b32 %0; // PATH\" : \"=r\"(a_) : \"r\"(m_)); a_ ^ x_; })"},
}

// warpxExpr is one XW_mode(c, f, vk) (see the file's comment).
func (g *gen) warpxExpr() *Expr {
	m := warpxModes[g.r.IntN(len(warpxModes))].mode
	c := g.pickPure(
		func() string { return fmt.Sprintf("((t & 31u) < %du)", 1+g.r.IntN(31)) },
		func() string { return fmt.Sprintf("((t >> %d) & 1u)", g.r.IntN(5)) },
		func() string { return fmt.Sprintf("((t & 31u) >= %du)", 1+g.r.IntN(31)) })
	raw := func(s string) *Expr { return &Expr{Op: "raw", T: Ty{K: U32}, Sym: s} }
	vk := g.r.IntN(3)
	if m == "matchall" && g.r.IntN(2) == 0 {
		vk = 2
	}
	sym := "XW_" + m
	if m != "active" && g.r.IntN(3) == 0 {
		sym = "XWC_" + m // one instruction for the whole warp
	}
	return &Expr{Op: "xchgd", T: Ty{K: U32}, Sym: sym, A: []*Expr{raw(g.pureName(c)), g.pure(g.pureExpr()), raw(fmt.Sprintf("%du", vk))}}
}

// warpxCUDA: XWM is the path's membermask, XWV the lane's value.
var warpxCUDA = func() string {
	var b strings.Builder
	b.WriteString(`/* XW_mode(c, f, vk) (Config.WarpX): a warp collective on each path of
   if (c(t, in) & 1u) under the path's lanes as its membermask. */
#define XWM(c) ({ u32 m_ = 0, me_ = c(t, in) & 1u; for (u32 l_ = 0; l_ < 32u; l_++) if ((c((t & ~31u) | l_, AT((t & ~31u) | l_)) & 1u) == me_) m_ |= 1u << l_; m_; })
#define XWV(f, vk) ((vk) == 0u ? f(t, in) : (vk) == 1u ? f(t, in) & 1u : f(t & ~31u, AT(t & ~31u)))
`)
	for _, m := range warpxModes {
		// The paths' asm differs (the PATH comment), so that clang keeps
		// activemask on each path: merged into one after the branch, it
		// would see the whole warp.
		fmt.Fprintf(&b, "#define XW_%s(c, f, vk) ({ u32 m_ = XWM(c), v_ = XWV(f, vk), r_; if (c(t, in) & 1u) { u32 x_ = v_; r_ = %s; } else { u32 x_ = v_ * 3u; r_ = %s; } r_; })\n",
			m.mode, strings.Replace(m.call, "PATH", "then", 1), strings.Replace(m.call, "PATH", "else", 1))
		if m.mode != "active" {
			// XWC: the same collective as one instruction that the whole
			// warp runs, each lane naming its path's lanes (legal from
			// sm_70: every thread of a membermask runs the instruction).
			fmt.Fprintf(&b, "#define XWC_%s(c, f, vk) ({ u32 m_ = XWM(c), v_ = XWV(f, vk); u32 x_ = (c(t, in) & 1u) ? v_ : v_ * 3u; (u32)(%s); })\n", m.mode, m.call)
		}
	}
	return b.String()
}()

// warpxHost: the path's lanes and their values from the pure functions;
// each collective as the ISA defines it over the membermask's lanes.
var warpxHost = `/* XW_mode (Config.WarpX): the collective over the lanes of this lane's path. */
#define XWP(s) (c((s), AT(s)) & 1u)
static u32 xw_v(u32 t, const u64 *in, xfn c, xfn f, u32 vk, u32 s) {
  u32 w = t & ~31u, v = vk == 0u ? f(s, AT(s)) : vk == 1u ? f(s, AT(s)) & 1u : f(w, AT(w));
  return XWP(s) ? v : v * 3u;
}
static u32 xw(u32 t, const u64 *in, xfn c, xfn f, u32 vk, int mode) {
  u32 w = t & ~31u, me = XWP(t), m = 0, r, all = 1, x = xw_v(t, in, c, f, vk, t);
  for (u32 l = 0; l < 32u; l++) if (XWP(w | l) == me) m |= 1u << l;
  r = mode == 1 ? 0x7fffffffu : mode == 2 ? 0x80000000u : mode == 3 || mode == 5 ? 0xffffffffu : 0u;
  for (u32 l = 0; l < 32u; l++) {
    if (!(m >> l & 1u)) continue;
    u32 v = xw_v(t, in, c, f, vk, w | l);
    switch (mode) {
    case 0: r += v; break;
    case 1: if ((s32)v < (s32)r) r = v; break;
    case 2: if ((s32)v > (s32)r) r = v; break;
    case 3: if (v < r) r = v; break;
    case 4: if (v > r) r = v; break;
    case 5: r &= v; break;
    case 6: r |= v; break;
    case 7: r ^= v; break;
    case 8: if (v == x) r |= 1u << l; break;
    case 9: if (v != x) all = 0; break;
    }
  }
  if (mode == 9) return all ? m + 1u : 0u;
  if (mode == 10) return m ^ x;
  return r;
}
#undef XWP
` + func() string {
	var b strings.Builder
	for i, m := range warpxModes {
		fmt.Fprintf(&b, "#define XW_%s(c, f, vk) xw(t, in, c, f, vk, %d)\n#define XWC_%s(c, f, vk) XW_%s(c, f, vk)\n", m.mode, i, m.mode, m.mode)
	}
	return b.String()
}()
