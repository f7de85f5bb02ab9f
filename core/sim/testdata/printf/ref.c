/* ref.c: what kernel.cu prints, with the host's printf, in the order the
   simulator runs the calls (see kernel.cu). Usage: ref GRID BLOCK SCALE TAG */
#include <stdio.h>
#include <stdlib.h>

static const char names[4][8] = {"zero", "one", "two", "three"};

int main(int argc, char **argv) {
  int grid = atoi(argv[1]), block = atoi(argv[2]);
  double scale = atof(argv[3]);
  long long tag = atoll(argv[4]);
  for (int b = 0; b < grid; b++) {
    for (int w = 0; w * 32 < block; w++) {
      for (int t = w * 32; t < block && t < w * 32 + 32; t++) {
        if (t % 3 == 0) {
          printf("b%d t%02d: %5.2f %-6s|%#llx %e %c %u %g\n", b, t, (double)(t * 0.5f),
                 names[t % 4], (unsigned long long)t << 33 | tag, scale * t,
                 'a' + t % 26, (unsigned)-t, 1.0 / (t + 1));
        }
      }
      /* t == 1 makes the bad-format call: it prints nothing. */
      for (int t = w * 32; t < block && t < w * 32 + 32; t++) {
        if (t == block - 1) {
          printf("end of CTA %d: %s%%\n", b, "100");
        }
      }
    }
  }
  return 0;
}
