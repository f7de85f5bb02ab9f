// structs.h: structs passed and returned by value through non-inlined
// functions, shared by kernel.cu (clang-14, CUDA) and ref.c (gcc, host):
// the same C, compiled by two compilers. Both targets lay structs out the
// same way (char 1, short 2, int/float 4, long long/double 8 bytes, each
// aligned to its size): clang passes each struct as a .param byte array
// of its size and alignment (".param .align 8 .b8 p[24]") and returns one
// the same way (func_retval0).
//
// DEV is __device__ __noinline__ in CUDA and static noinline in C; INL
// (the helpers) __device__ inline and static inline. Nothing overflows a
// signed type: every input is bounded where it is built, so the C is
// defined and both compilers must agree bit for bit.

typedef unsigned long long U64;

struct S24 { signed char c; short s; int i; long long l; double d; };  // d at 16: past the first 16 bytes
struct Pad { char a; double d; char b; float f; short h; };            // d at 8, b 16, f 20, h 24; 32 bytes
struct B3 { unsigned char b[3]; };                                     // 3 bytes, align 1
struct F3 { float x, y, z; };                                          // 12 bytes, align 4
struct H5 { short a[5]; long long q; unsigned char t; };               // q at 16, t at 24; 32 bytes
struct D2 { double a, b; };                                            // 16 bytes
struct Big { int v[13]; double e; unsigned short u; signed char c; };  // e at 56, u 64, c 66; 72 bytes

// Bits of a double, the same on both sides.
INL U64 dbits(double d) {
  union { double d; U64 u; } x;
  x.d = d;
  return x.u;
}

// The function: every member of a 24-byte struct read in the callee.
DEV long long s24_sum(struct S24 p) {
  return p.c * 1000000 + p.s * 1000 + p.i + p.l + (long long)(p.d * 16.0);
}

// A 24-byte struct returned by value.
DEV struct S24 s24_make(unsigned t, double d) {
  struct S24 r;
  r.c = (signed char)(t * 37u);
  r.s = (short)(t * 1021u);
  r.i = (int)(t * 2654435761u);
  r.l = (long long)((U64)t * 0x9E3779B97F4A7C15ull);
  r.d = d;
  return r;
}

// In and out: every member changed.
DEV struct S24 s24_twiddle(struct S24 p, int k) {
  p.c = (signed char)(p.c ^ k);
  p.s = (short)(p.s + k * 300);
  p.i = p.i ^ (k << 20);
  p.l = (long long)((U64)p.l + (U64)k * 0x100000001ull);
  p.d = p.d * 0.5 - k;
  return p;
}

// A struct received as a parameter is passed on to other functions.
DEV long long s24_chain(struct S24 p, int k) { return s24_sum(s24_twiddle(p, k)); }

// Scalars and structs mixed: every offset of the caller's .param list.
DEV double pad_sum(unsigned char tag, struct Pad p, struct B3 b, short z) {
  return tag + p.a * 3.0 + p.d + p.b * 5.0 + p.f + p.h * 7.0 + b.b[0] + b.b[1] * 256.0 + b.b[2] * 65536.0 + z;
}

DEV struct Pad pad_make(unsigned t) {
  struct Pad p;
  p.a = (char)(t & 0x7f);
  p.d = (double)t * 1.25;
  p.b = (char)((t >> 3) & 0x7f);
  p.f = (float)t * -0.75f;
  p.h = (short)(t * 3u);
  return p;
}

// A 3-byte struct in and out.
DEV struct B3 b3_rot(struct B3 b) {
  struct B3 r;
  r.b[0] = b.b[1];
  r.b[1] = b.b[2];
  r.b[2] = (unsigned char)(b.b[0] + 1);
  return r;
}

// Two 12-byte structs in, one out.
DEV struct F3 f3_cross(struct F3 a, struct F3 b) {
  struct F3 r;
  r.x = a.y * b.z - a.z * b.y;
  r.y = a.z * b.x - a.x * b.z;
  r.z = a.x * b.y - a.y * b.x;
  return r;
}

// Recursion with a struct parameter and return value.
DEV struct F3 f3_scale_n(struct F3 a, int n) {
  if (n == 0)
    return a;
  struct F3 h = f3_scale_n(a, n - 1);
  h.x = h.x * 2.0f;
  h.y = h.y + 1.0f;
  h.z = -h.z;
  return h;
}

// A short array, an 8-byte member at 16 and a byte at 24.
DEV struct H5 h5_step(struct H5 p) {
  for (int j = 0; j < 5; j++)
    p.a[j] = (short)(p.a[j] + j * 1111);
  p.q = (long long)((U64)p.q * 3u + (U64)p.a[4]);
  p.t = (unsigned char)(p.t + p.a[0]);
  return p;
}

// 72 bytes in, 72 bytes out, with a 16-byte struct beside.
DEV struct Big big_fold(struct Big p, struct D2 w) {
  unsigned s = 0;
  for (int j = 0; j < 13; j++) {
    s += (unsigned)p.v[j];
    p.v[j] = (int)s;
  }
  p.e = p.e * w.a + w.b;
  p.u = (unsigned short)(p.u + 0x1234u);
  p.c = (signed char)(p.c - 100);
  return p;
}

// The results of one thread of input t: NOUT 64-bit values.
#define NOUT 40
INL void compute(unsigned t, double din, U64 *o) {
  struct S24 a = {(signed char)(t - 3u), (short)(t * 7u), (int)((t & 0xfffffu) * 100u), (long long)((U64)t << 30), din};
  o[0] = (U64)s24_sum(a);
  struct S24 m = s24_make(t, din * 3.0);
  o[1] = (U64)(long long)m.c;
  o[2] = (U64)(long long)m.s;
  o[3] = (U64)(long long)m.i;
  o[4] = (U64)m.l;
  o[5] = dbits(m.d);
  struct S24 w = s24_twiddle(m, (int)(t & 15u));
  o[6] = (U64)(long long)w.c;
  o[7] = (U64)(long long)w.s;
  o[8] = (U64)(long long)w.i;
  o[9] = (U64)w.l;
  o[10] = dbits(w.d);
  o[11] = (U64)s24_chain(a, 9);
  struct Pad p = pad_make(t);
  struct B3 b = {{(unsigned char)t, (unsigned char)(t >> 8), (unsigned char)(t >> 16)}};
  o[12] = dbits(pad_sum((unsigned char)(t * 5u), p, b, (short)(0 - (int)(t & 0xff))));
  o[13] = (U64)(long long)p.a;
  o[14] = dbits(p.d);
  o[15] = (U64)(long long)p.b;
  o[16] = dbits((double)p.f);
  o[17] = (U64)(long long)p.h;
  struct B3 r = b3_rot(b3_rot(b));
  o[18] = r.b[0] | r.b[1] << 8 | (U64)r.b[2] << 16;
  struct F3 u = {(float)(t & 63u), (float)(t >> 6) * 0.5f, din > 0 ? 1.0f : -1.0f};
  struct F3 v = {1.5f, -(float)(t % 7u), 0.25f};
  struct F3 c = f3_cross(u, v);
  o[19] = dbits((double)c.x);
  o[20] = dbits((double)c.y);
  o[21] = dbits((double)c.z);
  struct F3 n = f3_scale_n(c, (int)(t % 6u));
  o[22] = dbits((double)n.x);
  o[23] = dbits((double)n.y);
  o[24] = dbits((double)n.z);
  struct H5 h;
  for (int j = 0; j < 5; j++)
    h.a[j] = (short)(t * (unsigned)(j + 3));
  h.q = (long long)((U64)t * 0xDEADBEEFull - 77u);
  h.t = (unsigned char)(t ^ 0x5a);
  h = h5_step(h5_step(h));
  for (int j = 0; j < 5; j++)
    o[25 + j] = (U64)(long long)h.a[j];
  o[30] = (U64)h.q;
  o[31] = h.t;
  struct Big g;
  for (int j = 0; j < 13; j++)
    g.v[j] = (int)(t * (unsigned)j) - 1000;
  g.e = din;
  g.u = (unsigned short)(t * 99u);
  g.c = (signed char)t;
  struct D2 d2 = {2.0, (double)t};
  g = big_fold(g, d2);
  o[32] = (U64)(long long)g.v[0];
  o[33] = (U64)(long long)g.v[6];
  o[34] = (U64)(long long)g.v[12];
  o[35] = dbits(g.e);
  o[36] = g.u;
  o[37] = (U64)(long long)g.c;
  o[38] = (U64)(long long)g.v[1];
  o[39] = (U64)(long long)g.v[11];
}
