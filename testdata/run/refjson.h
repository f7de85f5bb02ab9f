/* refjson.h: helpers for the plain-C reference programs (ref.c) that write
 * each run kernel's launch.json and expected.json.
 *
 * A ref.c computes its inputs with a fixed generator, reimplements the kernel
 * sequentially, and prints either file:
 *     ./ref launch    > launch.json
 *     ./ref expected  > expected.json
 * Integers print as exact JSON integers; floats print with the fewest digits
 * that read back to the same bits (as float32 or float64), non-finite values as
 * the strings "nan", "inf", "-inf". Compiled with gcc -std=c11 -ffp-contract=off
 * -fno-fast-math, so every float operation rounds exactly as written.
 */
#ifndef REFJSON_H
#define REFJSON_H

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- deterministic inputs ---- */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static void rng_seed(uint64_t s) { rng_state = s * 0x9E3779B97F4A7C15ull + 1; }
static uint32_t rng_u32(void) { /* splitmix64 */
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (uint32_t)((z ^ (z >> 31)) >> 16);
}
static uint64_t rng_u64(void) { uint64_t h = rng_u32(); return (h << 32) | rng_u32(); }
static uint32_t rng_below(uint32_t n) { return rng_u32() % n; }

/* ---- JSON output ---- */
static int j_first; /* first member in the current object */

static void j_sep(void) {
  if (!j_first) printf(",\n");
  j_first = 0;
}

static void j_f32(float x) {
  char buf[64];
  if (isnan(x)) { printf("\"nan\""); return; }
  if (isinf(x)) { printf(x > 0 ? "\"inf\"" : "\"-inf\""); return; }
  for (int p = 1; p <= 12; p++) {
    snprintf(buf, sizeof buf, "%.*g", p, (double)x);
    float f = strtof(buf, NULL);
    float g = (float)strtod(buf, NULL);
    if (memcmp(&f, &x, 4) == 0 && memcmp(&g, &x, 4) == 0) break;
  }
  printf("%s", buf);
}

static void j_f64(double x) {
  char buf[64];
  if (isnan(x)) { printf("\"nan\""); return; }
  if (isinf(x)) { printf(x > 0 ? "\"inf\"" : "\"-inf\""); return; }
  for (int p = 1; p <= 17; p++) {
    snprintf(buf, sizeof buf, "%.*g", p, x);
    double d = strtod(buf, NULL);
    if (memcmp(&d, &x, 8) == 0) break;
  }
  printf("%s", buf);
}

/* Element printers for j_buf. */
enum jtype { J_U8, J_S8, J_U16, J_S16, J_U32, J_S32, J_U64, J_S64, J_F32, J_F64 };
static const char *j_typename[] = {"u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "f32", "f64"};

static void j_elem(enum jtype t, const void *p, size_t i) {
  switch (t) {
  case J_U8: printf("%u", ((const uint8_t *)p)[i]); break;
  case J_S8: printf("%d", ((const int8_t *)p)[i]); break;
  case J_U16: printf("%u", ((const uint16_t *)p)[i]); break;
  case J_S16: printf("%d", ((const int16_t *)p)[i]); break;
  case J_U32: printf("%" PRIu32, ((const uint32_t *)p)[i]); break;
  case J_S32: printf("%" PRId32, ((const int32_t *)p)[i]); break;
  case J_U64: printf("%" PRIu64, ((const uint64_t *)p)[i]); break;
  case J_S64: printf("%" PRId64, ((const int64_t *)p)[i]); break;
  case J_F32: j_f32(((const float *)p)[i]); break;
  case J_F64: j_f64(((const double *)p)[i]); break;
  }
}

/* A buffer with data: "name": {"type": "u32", "data": [...]} */
static void j_buf(const char *name, enum jtype t, const void *p, size_t n) {
  j_sep();
  printf("    \"%s\": {\"type\": \"%s\", \"data\": [", name, j_typename[t]);
  for (size_t i = 0; i < n; i++) {
    if (i) printf(i % 16 ? ", " : ",\n      ");
    j_elem(t, p, i);
  }
  printf("]}");
}

/* A zero-filled buffer: "name": {"type": "u32", "count": n} */
static void j_buf_count(const char *name, enum jtype t, size_t n) {
  j_sep();
  printf("    \"%s\": {\"type\": \"%s\", \"count\": %zu}", name, j_typename[t], n);
}

/* Scalars. */
static void j_arg_u64(const char *name, uint64_t v) { j_sep(); printf("    \"%s\": %" PRIu64, name, v); }
static void j_arg_s64(const char *name, int64_t v) { j_sep(); printf("    \"%s\": %" PRId64, name, v); }
static void j_arg_f32(const char *name, float v) { j_sep(); printf("    \"%s\": ", name); j_f32(v); }
static void j_arg_f64(const char *name, double v) { j_sep(); printf("    \"%s\": ", name); j_f64(v); }

/* launch.json: call j_launch_begin, then j_buf / j_buf_count / j_arg_*, then j_launch_end. */
static void j_launch_begin(const char *kernel, int gx, int gy, int gz, int bx, int by, int bz, unsigned shared_mem) {
  printf("{\n  \"kernel\": \"%s\",\n  \"grid\": [%d, %d, %d],\n  \"block\": [%d, %d, %d],\n", kernel, gx, gy, gz, bx, by, bz);
  if (shared_mem) printf("  \"shared_mem\": %u,\n", shared_mem);
  printf("  \"args\": {\n");
  j_first = 1;
}
static void j_launch_end(void) { printf("\n  }\n}\n"); }

/* expected.json: j_expected_begin, j_buf..., then optionally j_tolerance_begin
 * with j_tol..., then j_expected_end. */
static int j_in_tol;
static void j_expected_begin(void) { printf("{\n  \"buffers\": {\n"); j_first = 1; j_in_tol = 0; }
static void j_tolerance_begin(void) { printf("\n  },\n  \"tolerance\": {\n"); j_first = 1; j_in_tol = 1; }
static void j_tol(const char *name, double rel) { j_sep(); printf("    \"%s\": %g", name, rel); }
static void j_expected_end(void) { printf("\n  }\n}\n"); }

/* main helper: returns 1 for "launch", 0 for "expected". */
static int j_mode(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "launch") == 0) return 1;
  if (argc == 2 && strcmp(argv[1], "expected") == 0) return 0;
  fprintf(stderr, "usage: %s launch|expected\n", argv[0]);
  exit(2);
}

/* Bit casts. */
static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

#endif
