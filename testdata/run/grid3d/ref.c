// Reference for grid3d.
#include "refjson.h"
#define GX 2
#define GY 1
#define GZ 2
#define BX 8
#define BY 4
#define BZ 2
#define NT (BX * BY * BZ)
#define N (GX * GY * GZ * NT)

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  uint32_t out[3 * N];
  for (uint32_t cz = 0; cz < GZ; cz++)
    for (uint32_t cy = 0; cy < GY; cy++)
      for (uint32_t cx = 0; cx < GX; cx++)
        for (uint32_t tz = 0; tz < BZ; tz++)
          for (uint32_t ty = 0; ty < BY; ty++)
            for (uint32_t tx = 0; tx < BX; tx++) {
              uint32_t cta = (cz * GY + cy) * GX + cx, ltid = (tz * BY + ty) * BX + tx;
              uint32_t *o = out + 3 * (cta * NT + ltid), lane = ltid % 32;
              o[0] = tx | ty << 4 | tz << 8 | cx << 12 | cy << 16 | cz << 20;
              o[1] = BX | BY << 4 | BZ << 8 | GX << 12 | GY << 16 | GZ << 20;
              o[2] = lane | (ltid / 32) << 8 | lane << 16;
            }
  if (launch) {
    j_launch_begin("grid3d", GX, GY, GZ, BX, BY, BZ, 0);
    j_buf_count("grid3d_param_0", J_U32, 3 * N);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("grid3d_param_0", J_U32, out, 3 * N);
    j_expected_end();
  }
  return 0;
}
