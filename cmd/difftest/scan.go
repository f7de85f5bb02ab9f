// scan.go: Config.Scan, warp-level scans and reductions written as CUDA
// code writes them, shfl.sync in loops:
//   - WSCANUP(f, w): an inclusive sum scan of f in segments of w lanes
//     (w 2 to 32), shfl.sync.up with c = (32 - w) << 8 (CUDA's width), the
//     lane adding only where its offset in the segment is at least o;
//   - WBFLY(op, f, w): a butterfly (shfl.sync.bfly, c = ((32 - w) << 8) |
//     31) of add, umax, xor or a float add (on f's bits) in segments of w;
//   - WDOWN(f, w): a tree sum by shfl.sync.down in segments of w, every
//     lane keeping what the ISA gives it (a source past the segment's end
//     reads its own value);
//   - WSEG(f, n): divergent: the lanes below n scan by shfl.sync.up under
//     a membermask of those lanes, the others xor-reduce by shfl.sync.down
//     under theirs, each path's loop its own trip count, both in flight at
//     once;
//   - WSHFL(mode, f, b, c): one shfl.sync of any mode with a lane operand b
//     of this thread's variables (every value, past 31 too: the ISA takes
//     b[4:0]) and a packed c of a random segment mask and clamp (c[12:8],
//     c[4:0]).
//
// f is a pure function of the thread (Program.Pure): the host evaluates it
// for every lane of the warp and runs the same steps on an array of 32
// lanes, picking each step's source lane by the ISA's shfl semantics
// (shfl_src, from the ISA's pseudo-code). Only in whole warps, where no
// lane has left: the generator writes them where it writes warp
// exchanges over FULL_MASK.
package main

// scanOps are the macros of Config.Scan.
var scanOps = []string{"WSCANUP", "WBFLY", "WDOWN", "WSEG", "WSHFL"}

// bflyOps are WBFLY's combining functions (scanShared).
var bflyOps = []string{"sc_add", "sc_umax", "sc_xor", "sc_fadd"}

// shflModes are WSHFL's modes, the PTX names.
var shflModes = []string{"up", "down", "bfly", "idx"}

// scanExpr is one of scanOps, a u32.
func (g *gen) scanExpr() *Expr {
	op := scanOps[g.r.IntN(len(scanOps))]
	f := g.pure(g.pureExpr())
	u := func(c uint64) *Expr { return &Expr{Op: "const", T: Ty{K: U32}, C: c} }
	width := func() *Expr { return u(uint64(2) << g.r.IntN(5)) }
	raw := func(s string) *Expr { return &Expr{Op: "raw", T: Ty{K: U32}, Sym: s} }
	e := &Expr{Op: "macro", T: Ty{K: U32}, Sym: op}
	switch op {
	case "WSCANUP", "WDOWN":
		e.A = []*Expr{f, width()}
	case "WBFLY":
		e.A = []*Expr{raw(bflyOps[g.r.IntN(len(bflyOps))]), f, width()}
	case "WSEG":
		e.A = []*Expr{f, u(uint64(1 + g.r.IntN(31)))}
	case "WSHFL":
		c := uint64(g.r.IntN(32))<<8 | uint64(g.r.IntN(32))
		if g.r.IntN(2) == 0 {
			// CUDA's forms: width w in c[12:8] as 32 - w, clamp 31 or 0.
			w := uint64(2) << g.r.IntN(5)
			c = (32 - w) << 8 & 0x1f00
			if g.r.IntN(2) == 0 {
				c |= 31
			}
		}
		e.A = []*Expr{raw(shflModes[g.r.IntN(len(shflModes))]), f, g.expr(U32, 1), u(c)}
	}
	return e
}

// scanCUDA: the CUDA side, loops of clang's shfl.sync builtins written
// in the body (macros, so that -O0 too keeps them there).
var scanCUDA = `/* Warp scans (Config.Scan), CUDA's loops of shfl.sync. */
#define WSCANUP(f, w) ({ u32 v_ = f(t, in); for (u32 o_ = 1; o_ < (w); o_ <<= 1) { \
  u32 u_ = (u32)__nvvm_shfl_sync_up_i32(FULL_MASK, (int)v_, (int)o_, (int)((32u - (w)) << 8)); \
  if ((t & ((w) - 1u)) >= o_) v_ += u_; } v_; })
#define WBFLY(op, f, w) ({ u32 v_ = f(t, in); for (u32 o_ = (w) >> 1; o_ > 0; o_ >>= 1) \
  v_ = op(v_, (u32)__nvvm_shfl_sync_bfly_i32(FULL_MASK, (int)v_, (int)o_, (int)(((32u - (w)) << 8) | 31u))); v_; })
#define WDOWN(f, w) ({ u32 v_ = f(t, in); for (u32 o_ = (w) >> 1; o_ > 0; o_ >>= 1) \
  v_ += (u32)__nvvm_shfl_sync_down_i32(FULL_MASK, (int)v_, (int)o_, (int)(((32u - (w)) << 8) | 31u)); v_; })
#define WSEG(f, n) ({ u32 v_ = f(t, in); if ((t & 31u) < (n)) { u32 m_ = (1u << (n)) - 1u; \
  for (u32 o_ = 1; o_ < (n); o_ <<= 1) { u32 u_ = (u32)__nvvm_shfl_sync_up_i32(m_, (int)v_, (int)o_, 0); \
  if ((t & 31u) >= o_) v_ += u_; } } else { u32 m_ = ~((1u << (n)) - 1u); \
  for (u32 o_ = 1; o_ < 32u - (n); o_ <<= 1) v_ ^= (u32)__nvvm_shfl_sync_down_i32(m_, (int)v_, (int)o_, 31) * 3u; } v_; })
#define WSHFL(mode, f, b, c) ((u32)__nvvm_shfl_sync_##mode##_i32(FULL_MASK, (int)f(t, in), (int)(b), (int)(c)))
`

// scanShared: WBFLY's combining functions, the same on both sides.
const scanShared = `static DEV inline u32 sc_add(u32 a, u32 b) { return a + b; }
static DEV inline u32 sc_umax(u32 a, u32 b) { return a > b ? a : b; }
static DEV inline u32 sc_xor(u32 a, u32 b) { return a ^ b; }
static DEV inline u32 sc_fadd(u32 a, u32 b) { return f2u(u2f(a) + u2f(b)); }
`

// scanHost: the host side, the warp's 32 lanes in an array, each step's
// source lane by shfl_src.
var scanHost = `/* Warp scans (Config.Scan) on an array of the warp's lanes. shfl_src is
   the source lane of shfl.sync (PTX ISA, shfl.sync, Semantics): bval =
   b[4:0], cval = c[4:0], mask = c[12:8], maxLane = (lane & mask) | (cval &
   ~mask), minLane = lane & mask; up: j = lane - bval, in range when j >=
   maxLane; down: j = lane + bval, j <= maxLane; bfly: j = lane ^ bval, j <=
   maxLane; idx: j = minLane | (bval & ~mask), j <= maxLane; out of range
   the lane reads its own value. */
enum { SH_up, SH_down, SH_bfly, SH_idx };
static u32 shfl_src(int mode, u32 lane, u32 b, u32 c) {
  int bval = b & 31, cval = c & 31, mask = (c >> 8) & 31, ln = lane & 31;
  int maxl = (ln & mask) | (cval & ~mask), minl = ln & mask, j, in;
  switch (mode) {
  case SH_up: j = ln - bval; in = j >= maxl; break;
  case SH_down: j = ln + bval; in = j <= maxl; break;
  case SH_bfly: j = ln ^ bval; in = j <= maxl; break;
  default: j = minl | (bval & ~mask); in = j <= maxl; break;
  }
  return in ? (u32)j : (u32)ln;
}
#define SCLANES(f) u32 v[32], n_[32], w0 = t & ~31u, me = t & 31u; \
  for (u32 l = 0; l < 32; l++) v[l] = f(w0 | l, in + ((s64)(w0 | l) - (s64)t) * 8)
static u32 wscanup(u32 t, const u64 *in, xfn f, u32 w) {
  SCLANES(f);
  for (u32 o = 1; o < w; o <<= 1) {
    for (u32 l = 0; l < 32; l++) { u32 u = v[shfl_src(SH_up, l, o, (32u - w) << 8)]; n_[l] = (l & (w - 1u)) >= o ? v[l] + u : v[l]; }
    memcpy(v, n_, sizeof v);
  }
  return v[me];
}
typedef u32 (*scop)(u32, u32);
static u32 wbfly(u32 t, const u64 *in, scop op, xfn f, u32 w) {
  SCLANES(f);
  for (u32 o = w >> 1; o > 0; o >>= 1) {
    for (u32 l = 0; l < 32; l++) n_[l] = op(v[l], v[shfl_src(SH_bfly, l, o, ((32u - w) << 8) | 31u)]);
    memcpy(v, n_, sizeof v);
  }
  return v[me];
}
static u32 wdown(u32 t, const u64 *in, xfn f, u32 w) {
  SCLANES(f);
  for (u32 o = w >> 1; o > 0; o >>= 1) {
    for (u32 l = 0; l < 32; l++) n_[l] = v[l] + v[shfl_src(SH_down, l, o, ((32u - w) << 8) | 31u)];
    memcpy(v, n_, sizeof v);
  }
  return v[me];
}
/* WSEG: lanes below n, then the others; a source outside the membermask
   never occurs (up from below n stays below n, down from n or above stays
   at n or above, past 31 it is the lane itself). */
static u32 wseg(u32 t, const u64 *in, xfn f, u32 n) {
  SCLANES(f);
  for (u32 o = 1; o < n; o <<= 1) {
    for (u32 l = 0; l < n; l++) { u32 u = v[shfl_src(SH_up, l, o, 0)]; n_[l] = l >= o ? v[l] + u : v[l]; }
    memcpy(v, n_, n * sizeof v[0]);
  }
  for (u32 o = 1; o < 32u - n; o <<= 1) {
    for (u32 l = n; l < 32; l++) n_[l] = v[l] ^ (v[shfl_src(SH_down, l, o, 31)] * 3u);
    memcpy(v + n, n_ + n, (32 - n) * sizeof v[0]);
  }
  return v[me];
}
/* WSHFL: b is this lane's; every lane's b is its own, so the source is
   picked with this lane's b (the ISA's j is per lane). */
static u32 wshfl(u32 t, const u64 *in, int mode, xfn f, u32 b, u32 c) {
  u32 s = (t & ~31u) | shfl_src(mode, t & 31u, b, c);
  return f(s, in + ((s64)s - (s64)t) * 8);
}
#define WSCANUP(f, w) wscanup(t, in, f, (w))
#define WBFLY(op, f, w) wbfly(t, in, op, f, (w))
#define WDOWN(f, w) wdown(t, in, f, (w))
#define WSEG(f, n) wseg(t, in, f, (n))
#define WSHFL(mode, f, b, c) wshfl(t, in, SH_##mode, f, (b), (c))
`

// scanArgs is a macro call's text (Expr.write, op "macro").
func scanArgs(e *Expr) string {
	s := e.Sym + "("
	for i, a := range e.A {
		if i > 0 {
			s += ", "
		}
		s += a.String()
	}
	return s + ")"
}
