// Stand-in for CUDA's driver_types.h (no CUDA on this machine): PTX-EMU's
// interpreter only needs dim3 from it.
#pragma once
struct dim3 {
  unsigned int x, y, z;
  dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
};
