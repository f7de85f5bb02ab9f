// Reference for gcc12_nan_le: the same C as kernel.cu, compiled by gcc for the host,
// run for every thread on the same inputs (cmd/difftest's generator).
// cc-flags: -O0 (gcc 12 at -O1 and above miscompiles some programs: docs/difftest.md)
#include "refjson.h"
// refjson.h has its own f2u and u2f (raw bits); the generator's canonicalise NaN.
#define f2u difftest_f2u
#define u2f difftest_u2f
#define d2u difftest_d2u
#define u2d difftest_u2d
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#pragma GCC diagnostic ignored "-Wtautological-compare"
#include <stdio.h>
#include <string.h>
typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;
typedef long long s64;
#define DEV
#ifdef __cplusplus
#define EXTC extern "C"
#else
#define EXTC
#endif
#define NOINLINE __attribute__((noinline))
typedef unsigned char u8;
typedef signed char s8;
typedef unsigned short u16;
typedef short s16;
/* Float bits, NaN canonicalised: the GPU returns its canonical NaN where x86
   keeps payloads, so a NaN's bits must never reach an output as they are. */
static DEV inline u32 f2u(float x) { u32 u; __builtin_memcpy(&u, &x, 4); return x != x ? 0x7fffffffu : u; }
static DEV inline u64 d2u(double x) { u64 u; __builtin_memcpy(&u, &x, 8); return x != x ? 0x7fffffffffffffffull : u; }
static DEV inline float u2f(u32 u) { float x; __builtin_memcpy(&x, &u, 4); return x; }
static DEV inline double u2d(u64 u) { double x; __builtin_memcpy(&x, &u, 8); return x; }
/* program p902040: seed 902040 */
typedef struct { u32 m0; } p902040_S0;
typedef struct { s16 m0; u16 m1; double m2; } p902040_S1;
typedef struct { s32 m0; u8 m1; u32 m2; } p902040_S2;
static DEV void p902040_body(u32 t, const u64 *in, u64 *out) {
  float v1 = u2f((u32)in[0]);
  float v2 = u2f((u32)in[1]);
  u8 v6 = (u8)((v2 > -1.0 && v2 < 256.0) ? (u8)v2 : (u8)0);
  switch ((u32)(u2f((u32)in[1]) <= v2) % 3u) {
  case 0u: {
    break;
  }
  case 1u: {
    v6 = (u8)(u32)0x37549276u;
    break;
  }
  default: {
    for (u32 i7 = 0; i7 < ((u32)(u32)0x1u & 7u); i7++) {
      if ((s64)((v1 >= -9223372036854775808.0 && v1 < 9223372036854775808.0) ? (s64)v1 : (s64)0)) continue;
    }
    break;
  }
  }
  p902040_S1 sv10 = {(s16)((s16)0xffu), (u16)((u16)v6), (double)(0e+00)};
  v6 = (u8)0x0u;
  out[0] = (u64)f2u(v1);
  out[1] = (u64)f2u(v2);
  out[2] = (u64)v6;
  out[3] = (u64)sv10.m0;
  out[4] = (u64)sv10.m1;
  out[5] = d2u(sv10.m2);
}
static const u64 in[1024] = {
  0x692dd8b7d6f28251ull, 0x3ff282073fc4ed8full, 0xbff0000000000000ull, 0x8000ull, 0x71d3ccde00800000ull, 0xbff0000000000000ull, 
  0xa9bca6519fa30629ull, 0x29ull, 0x49d582745203a206ull, 0x527d9d96a28d0dd7ull, 0x36ull, 0xfffffffffffffffbull, 
  0xffffffffffffffdeull, 0x1eull, 0x3ffa179d3fe13617ull, 0x3ffd3b943fc63254ull, 0xffffffffffffffd4ull, 0x2ull, 
  0x9692e8fb7f7fffffull, 0xeba316905f000000ull, 0xcfbfc53eec67056aull, 0x7e4a6484bf800000ull, 0x3ffece843f23fa42ull, 0x3b72b37f2f247d58ull, 
  0xfffffffffffffff0ull, 0x5db025c1d240e49ull, 0x10ull, 0x34ull, 0xffffffffffffffd9ull, 0xfffffffffffffff8ull, 
  0x7fffull, 0xffull, 0x40ull, 0x4330000000000001ull, 0xffffffffffffffc6ull, 0xe2fd3cb77f800001ull, 
  0xd7be37ddda5c3394ull, 0xfd86b6d9a22c02f6ull, 0x874d84c73f800000ull, 0xdcf69329bb486a0dull, 0x3ull, 0x543dc39f00000001ull, 
  0xb412218b42fe0000ull, 0x3ff558203fd697adull, 0x1dull, 0x3bull, 0x0ull, 0x30ull, 
  0xffffffffffffffcdull, 0x3ffe90823fdadc46ull, 0x41e0000000000000ull, 0x3ffd45dd3fae77e2ull, 0x41e0000000000000ull, 0xaull, 
  0x2861f26c8adbd844ull, 0x2dull, 0x8000000000000000ull, 0x3ffcbbbd3f3e5120ull, 0x24ull, 0xfcf681aaff800000ull, 
  0x2eull, 0xca2c0391c3000000ull, 0xffull, 0x3fe0000000000000ull, 0x522f19fb0c45b712ull, 0x1267926cf000000ull, 
  0xf00b646900c459f9ull, 0x8000000000000000ull, 0x1ull, 0xffffffffffffffc1ull, 0x27541bdf3effffffull, 0xf8f0fb7d9e88061cull, 
  0x5a426ff4d0e147b8ull, 0xaf3baf527fc00000ull, 0xac02fde23effffffull, 0x1ull, 0x49c2134ebd4a853ull, 0x0ull, 
  0xda36b0b6af085708ull, 0x3ff87bdb3f19f3ffull, 0xdf2403ec5f000000ull, 0x26ull, 0x3ff98a703f8b3a97ull, 0xf907e110bdb600aeull, 
  0x80000000ull, 0x6d611919d0f60299ull, 0x3ff0000000000000ull, 0x43e0000000000000ull, 0xc1e0000000000000ull, 0xffffffffffffffe8ull, 
  0x7ff0000000000001ull, 0xbfe602f06ad8cc3ull, 0x3ff331723fd8ae5dull, 0x6ae5d1d8e8b9595cull, 0x8000ull, 0x6f16006a321f5e8full, 
  0xddc52c714c937cbfull, 0xbd953de27f6f0b99ull, 0x8c6bb6a6d8c79ddeull, 0x8ull, 0xc098f77585d5b685ull, 0x3ff95daa3fa8803full, 
  0x8ull, 0x7ded9d15cf000000ull, 0x3ffa804a3f299870ull, 0x3d8cbd4a05562a73ull, 0x3312ef31d9393a2ull, 0x1a650beb5be84809ull, 
  0x7ff0000000000000ull, 0xcebc70ff1be5ec2eull, 0x26ull, 0x82e4f1b777684df2ull, 0xffffffffffffffceull, 0xffffffffffffff80ull, 
  0xf36f23d964f0577ull, 0x3ff7dbdb3f9f026cull, 0x4330000000000001ull, 0x91a0e55bf4a1e7a5ull, 0x3ff21bb13f204ac2ull, 0x3ffad95e3fbe4234ull, 
  0xc3234d03b257518full, 0xdd90686c569035b7ull, 0x3ff3a4ad3f86d165ull, 0x0ull, 0xecce466e37715ac9ull, 0x43f0000000000000ull, 
  0x84fda7428c275505ull, 0xc53d175b42d7065bull, 0x8647d4bf3f800000ull, 0x3fff279d3f297ba2ull, 0x5ull, 0x41e0000000000000ull, 
  0xffffffffffffffd0ull, 0x86b4f64700800000ull, 0xc3e0000000000000ull, 0xc3e0000000000000ull, 0xffffull, 0xefdec9295f000000ull, 
  0xbc16933db3f25901ull, 0xbff0000000000000ull, 0x41e0000000000000ull, 0xd453aeb7691d8edcull, 0x84e0c2e3cc69e4c7ull, 0xca07c82e2a97d4cull, 
  0x3ff482eb3f5abe3full, 0xdca4866000800000ull, 0x6332c5907868420ull, 0x3ff63dcb3f55ec0eull, 0xb138921f3d8711dull, 0x319dbe5caf13365full, 
  0x81725c484dacea9dull, 0xfffffffffffffffeull, 0x3ull, 0x8562e3b65ed754aull, 0x99004499b1dc1fd3ull, 0x3ff5eaad3fa3167bull, 
  0xfe6f0e75807fffffull, 0xbd3b307ff800000ull, 0xffffffffffffff80ull, 0xd083b0cc3f800000ull, 0x9d0aec2580000000ull, 0x1aull, 
  0x4330000000000001ull, 0x3e0707a56ddc818ull, 0x0ull, 0xf58449a40e85d919ull, 0x21ull, 0x23dd3c57e81475f6ull, 
  0xffffffffffffffd7ull, 0xa5b543afb1ef94e6ull, 0x7fffull, 0x2ull, 0xffffffffffffffe7ull, 0x6c6d7cfc94b8306aull, 
  0xaedbfc1947bac086ull, 0x33ull, 0x7fffffffffffffffull, 0x10ee897dd3a11d81ull, 0x23ull, 0x28ull, 
  0xa959f4aa5b0e6c0cull, 0x3ff070f83fa6e98cull, 0x3ff1a45c3f549fa3ull, 0x100000000ull, 0xffffffffffff8000ull, 0xbb563809bf800000ull, 
  0x6d1db6509377c921ull, 0x3ff315d23f69c0f6ull, 0x7fffull, 0xd2f009f562a25931ull, 0x3ff46f123f4e8003ull, 0x8475bda74b800001ull, 
  0x2eull, 0xaca7570e30bd7111ull, 0x2eull, 0xffffffffffffffffull, 0xfffffffffffffff6ull, 0x3ff940853fbdb0c8ull, 
  0xfffffffffffffff0ull, 0x3ff692d53fde7d79ull, 0xbff0000000000000ull, 0x1f7b5a3d26609e7bull, 0xc0ba47ee3fc428c9ull, 0xffffffffffffffe4ull, 
  0x5ull, 0x8412fcf3abab5609ull, 0xffffffffffffffd3ull, 0x9ull, 0xbff0000000000000ull, 0x1ull, 
  0x3ffe530d3fbb1487ull, 0x3ff134e63f923d0eull, 0x3cull, 0xffffffffffffffe0ull, 0x5e0f601916de6393ull, 0x5e011e87725fdd3dull, 
  0x721e8e4700000001ull, 0xc3e0000000000000ull, 0xbbbb5f1ea206de87ull, 0xcfa9279e785304ull, 0xdd46c61542fe0000ull, 0xecf7e502b9c04bf9ull, 
  0x48e3a5e408861e5cull, 0xffffffffffffffd4ull, 0x3ff8173f3fcb3466ull, 0xeeda9f1b1ca728cbull, 0x1e960fec6966a25ull, 0xe9919d7080000000ull, 
  0x7full, 0x3ff5befd3ff4ebd2ull, 0xffffffffffffffd2ull, 0x3ffb4d2d3f98f76cull, 0xc299d10767dd4000ull, 0x32ull, 
  0x9e551f2a5c772666ull, 0x3ffc6a853f4a4904ull, 0xffffffffffffffcbull, 0xb421b9c9d3451e98ull, 0x5d3051e9f1c5ebefull, 0xb1335bd3c0db7d3dull, 
  0xffffffffffffffc6ull, 0xc13fea33b68dadbbull, 0xffffffffffffffffull, 0x7ff0000000000000ull, 0x9c829ab36931bf46ull, 0x0ull, 
  0xffffffffffffffefull, 0x7043cb9d3f800000ull, 0x3ull, 0x3ff0000000000000ull, 0xffffffffffffffccull, 0xfff0000000000000ull, 
  0xcbb8232fa30f5528ull, 0x91258a8f4b0d84e6ull, 0xfffffffffffffffeull, 0x7f1b42894f000000ull, 0xbff0000000000000ull, 0xfffffffffffffff5ull, 
  0x5ddf0e77a6940b3ull, 0xc1e0000000000000ull, 0xc1e0000000000000ull, 0x3ff3d3823fac229dull, 0x3ff110253fe8d891ull, 0xbull, 
  0x3ff69b2a3f876b47ull, 0x7fffffffull, 0xdf5e9f3ffe659c12ull, 0xbull, 0x7891531700000001ull, 0xffffffffffffffd4ull, 
  0xffffffffffffffc1ull, 0xffffffffffffffe5ull, 0x176d88cc00000001ull, 0xc3e0000000000000ull, 0x561cb45aa3b93adeull, 0x4e5f2ef3bf800000ull, 
  0x2eull, 0x7ff0000000000001ull, 0x7full, 0xffffffff80000000ull, 0xffffull, 0x3ff0000000000000ull, 
  0xfff0000000000000ull, 0xf034ce381d800ba2ull, 0x5df6c99ebf800000ull, 0xfccf82bd7fc00000ull, 0x621aedcf4f000000ull, 0x29ull, 
  0x29ull, 0x3ff5e89b3f6820e2ull, 0xd74744cd1dc78fedull, 0xf36213fa37ab320eull, 0xa298acda7f800000ull, 0x662a6c02ff800000ull, 
  0x3ff642c43f3a764full, 0x2df4312993a6ad4bull, 0x8b7cd94f6fda3576ull, 0x3ff287ea3f763271ull, 0xadbd0645c944c44full, 0x3ff0000000000000ull, 
  0xeeb565304f000000ull, 0x8000000000000000ull, 0xffffffffffffffddull, 0x3ffd4f833f6a2e28ull, 0xffffffffffffffc6ull, 0x3ffae1073f35e8c2ull, 
  0xffffffffffffffeeull, 0xffffffffffffffd2ull, 0xf020e18b00000001ull, 0x14ull, 0x10ull, 0x3ffa30093fe8920aull, 
  0x67cfb9dc8bf381d6ull, 0x9a76734e80000000ull, 0x38e271a100000000ull, 0xfffffffffffffff0ull, 0x57a86be1d2fd70b1ull, 0xbff0000000000000ull, 
  0x12ull, 0xe7b95236d98ca3f6ull, 0xfffffffffffffull, 0x43e0000000000000ull, 0x100ull, 0xc1e0000000000000ull, 
  0xfffffffffffffffeull, 0xffffffffffffffd0ull, 0x8000000000000000ull, 0x1e70a33e807fffffull, 0x8000ull, 0xe49a84fa7f7fffffull, 
  0x7ff0000000000000ull, 0xc154b4293effffffull, 0x31b30e07a81105f9ull, 0x3ffad2b63fc87cc4ull, 0x7ull, 0xc481135d6f447a81ull, 
  0x5c4ca426b5466c3eull, 0x80ull, 0x13ull, 0x0ull, 0x6a5c948557e9aed1ull, 0x3ff994723f937aa4ull, 
  0x939e4d7eb01474a4ull, 0x4fdaad0cfa077f36ull, 0x41e0000000000000ull, 0x3ffaac4f3f15700dull, 0xe7f9723642fe0000ull, 0x81af7eb804f657b4ull, 
  0xf1437b1582281f07ull, 0x9c441fcf20c31708ull, 0x0ull, 0xffffffffffffffd8ull, 0x24ull, 0x3ff0000000000000ull, 
  0xfffffffffffffff5ull, 0x3ff1841b3ff6d22eull, 0x1736442cfbbe1e0dull, 0xffffffffffffffffull, 0xffffffffffffff80ull, 0x3fe0000000000000ull, 
  0xe42396e2bd92ae4eull, 0x3ffa14033f48a265ull, 0x3ff28df33fab76fbull, 0x3ff0000000000000ull, 0xffffffffffffffddull, 0xfffffffffffffffeull, 
  0xbff0000000000000ull, 0xfffffffffffffull, 0xf460ddeff99126e9ull, 0x3ff5b5543fbef87bull, 0x3eull, 0x3aaaeef65f000000ull, 
  0x21ull, 0x284f0b0bf1b69380ull, 0x23b55acac432d54aull, 0x0ull, 0x7ff0000000000001ull, 0x7full, 
  0x39ull, 0x7fffffffffffffffull, 0x1ull, 0x3ff0000000000000ull, 0x21e8c8ea5f000000ull, 0xa3778edab4f41deaull, 
  0x91a0fceded822036ull, 0xfffffffffffffull, 0x5ull, 0x56f6fc102eab4c6cull, 0xffffffffffffffc4ull, 0x80ull, 
  0x7ff0000000000000ull, 0xacb320157c09de6aull, 0xc3e0000000000000ull, 0xffffffffffffffcbull, 0xc10f639fce8cfbc8ull, 0x3full, 
  0xaf6a313900000000ull, 0x29ull, 0x2dull, 0x8ull, 0x3ff0000000000000ull, 0xffffffffffffffe1ull, 
  0xe606d9dda06a9eb7ull, 0xcdbaea993f800000ull, 0xb3d5a29e13c7dac0ull, 0x7f6148a6bf800000ull, 0xfff0000000000000ull, 0xf216385fe8678a5cull, 
  0x3bull, 0x2bc4ee9528bff3c4ull, 0xed7b838d5f000000ull, 0x2bdad7575f81969bull, 0xafa815ad2dd107d0ull, 0x9d812c4900000000ull, 
  0x3ffb2aa43fc9edeaull, 0xa09dbf3b4f000000ull, 0xffffffffffffffc1ull, 0xffull, 0x3ff3ef743f1ab3fcull, 0x26ull, 
  0x20ull, 0x83189839ff800000ull, 0x3ffc1af83fb09eceull, 0x1full, 0x46f0002561074261ull, 0x62da5c5a00000000ull, 
  0x9facc58dd58dbf53ull, 0x4138d58780000000ull, 0xd273704b4b800001ull, 0xffffffffffffffcfull, 0x10ull, 0x34ull, 
  0x7ff0000000000001ull, 0x3fffeb403f33b6e8ull, 0xffffffffffffffe2ull, 0x3ffd62313f79cb3aull, 0x1cull, 0x0ull, 
  0xaull, 0x42924b847f7fffffull, 0x5131eb8700800000ull, 0xffffffffffffffe6ull, 0x4880b951cbb6eb31ull, 0x3ff5ebbf3f7c47b6ull, 
  0xd42c7549c2f7a6b6ull, 0x2full, 0x8000000000000000ull, 0x100000000ull, 0xffffffffffffffd5ull, 0x2ull, 
  0x3346d1a29c0be09bull, 0xffffffffffffffcbull, 0x43f0000000000000ull, 0x25ull, 0x3ffa35db3f319859ull, 0x3ff50ab23fc0e386ull, 
  0x3ffd96c53f8a5d77ull, 0x0ull, 0x3dull, 0x7ull, 0x100000000ull, 0x3ff6fe023f12200cull, 
  0x3ff510d93f7c6ce9ull, 0x0ull, 0x3ff831093fa25640ull, 0x5fa7d3bca0225b5cull, 0xffffffffffffffeaull, 0xf7f72859bf800000ull, 
  0x41e0000000000000ull, 0x98fd45407fc00000ull, 0x3ff994d73fdc7267ull, 0x5c7853e300000000ull, 0xcc9dab8fdd048b39ull, 0xcc626a8705e9204bull, 
  0x2eull, 0xa33be0ac3effffffull, 0x1ull, 0xee343b551342d5b1ull, 0xa518e2d8a76d58a2ull, 0x2cull, 
  0x7full, 0x3full, 0xffffffffffffffdcull, 0x21ull, 0x80ull, 0xffffffffull, 
  0x502bc741807fffffull, 0x3fffd8a23ff09ec4ull, 0xfffffffffffffffeull, 0x10000ull, 0xc1e0000000000000ull, 0xbff0000000000000ull, 
  0x34ull, 0x94d0236f478df25full, 0xe81b82ce1a8fb2bdull, 0xfffffffffffffffaull, 0x9ea7a57ca025fabeull, 0xcce9a6de00000000ull, 
  0xfb821b11355bafa4ull, 0x3cull, 0xffffffffffffffd0ull, 0x5ad54d46327a9955ull, 0x3ffe4c293fdb13b7ull, 0xe685cbcb87aa332eull, 
  0xec8567fbc85fb997ull, 0xc676caf6cf000000ull, 0x1ull, 0x3ffc309c3fba3f80ull, 0xffffffffffffffe5ull, 0xffffffffffffffe9ull, 
  0x8000000000000000ull, 0x7fd58200783ebd87ull, 0x35ull, 0x3ff29a413f282ce9ull, 0x3ff0000000000000ull, 0x10000ull, 
  0x8ull, 0x3ff451ba3f780216ull, 0x3ull, 0x32cfacf57be49cbeull, 0xffffffffffffffe7ull, 0x3fe0000000000000ull, 
  0x65679a4db891681eull, 0xffffffffffffffdbull, 0x4f848917f7fffffull, 0xffffffffffffffd9ull, 0xfb6aeb03212cceedull, 0xfffffffffffffffdull, 
  0x7ff0000000000001ull, 0x80ull, 0x31fff7d87f800001ull, 0x777990861e213e4bull, 0xed69f90c8b6595f6ull, 0x36497e0a7affe30bull, 
  0x3full, 0x19ull, 0xd2c3e23d9c96ab8cull, 0x3ff431863f650621ull, 0x85c6ce5eb9c32872ull, 0x1cull, 
  0xffffffffffffffceull, 0xfffffffffffffffeull, 0x3ffa73743fadb662ull, 0x31ull, 0xffffffffffffffdeull, 0xfffffffffffffff6ull, 
  0xfffffffffffffff2ull, 0xce15a93e0d733e69ull, 0xffffffffffffffcbull, 0xffffull, 0x5ull, 0x4330000000000001ull, 
  0xfffffffffffffff3ull, 0xbff0000000000000ull, 0x11ull, 0xf0733e01a1d379efull, 0xbff0000000000000ull, 0xffffffff80000000ull, 
  0xc1e0000000000000ull, 0xb4553e6d75b3f1cfull, 0xfffffffffffffff8ull, 0xffffffffffffffe3ull, 0x3ffa28de3f4d50b8ull, 0x1ull, 
  0x7ff0000000000000ull, 0x1full, 0x12ce16c882006439ull, 0xd4b1774b87c0ed62ull, 0x0ull, 0x43f0000000000000ull, 
  0xffffffffffffffe9ull, 0xda0c5899cec2b90cull, 0x21ull, 0x11ull, 0x3ff925e33f42e6d0ull, 0x1f074cc91385f179ull, 
  0xb688b86a7f800000ull, 0x3ull, 0x0ull, 0x8000000000000000ull, 0x7c1ff1e67fc00000ull, 0x0ull, 
  0xdb64040dff800000ull, 0x2312c1c52e180c56ull, 0x1aull, 0x6bd17935ccd1df7aull, 0xffffffffffffffc8ull, 0x19ba44b4d1853dbdull, 
  0xbb2900bfdd1ba729ull, 0x7fffffffffffffffull, 0x30ull, 0x7ff0000000000000ull, 0xb2ba26b300800000ull, 0x7f62ee5c6dac29fbull, 
  0xffffffffffffffdcull, 0xffffffffffffffffull, 0xbff0000000000000ull, 0x6ade2919bc11628ull, 0xbff0000000000000ull, 0xfff0000000000000ull, 
  0x3ff153373f582416ull, 0x3ff92aaf3fcc75a4ull, 0x0ull, 0x3ff811b03fe0f1d8ull, 0x5792fbb600000000ull, 0x3ff4ca813fa58d5dull, 
  0x6aa8de0eee79e71dull, 0x7full, 0xffffffffffffffe7ull, 0xfffffffffffffff0ull, 0xffffffffffffffc5ull, 0x837bcefb807fffffull, 
  0xffffffffffffffc1ull, 0x334db70f3923b532ull, 0xfcdbbff2163d4661ull, 0x663dd68587afcb2bull, 0x2829c766f7b43d18ull, 0x402313e55f000000ull, 
  0x3fff3a1a3f3607dfull, 0x39ull, 0xcc7f7bed64d7f4b9ull, 0xfffffffffffffull, 0xfffffffffffffffeull, 0xa26b5d8c7f800000ull, 
  0x7ull, 0x17ull, 0xb0596ddc1591bab2ull, 0x618dad664b800001ull, 0xc3e0000000000000ull, 0x7ull, 
  0x3ff1f5063f681cceull, 0x25ab03314967b35aull, 0x6a9de37d20ae162bull, 0x3ff2307e3f01210cull, 0x6a719d72cf714a06ull, 0x3ffc7c7d3f843b75ull, 
  0x22fecc5ce0950c98ull, 0x2ull, 0xfffffffffffffff5ull, 0x3aull, 0x14ull, 0xbff0000000000000ull, 
  0x1full, 0xffffffffffffffcdull, 0x100ull, 0xc7d28e3a4584727ull, 0x8c6f48cd6f4de4c9ull, 0x8cc4644f87a4490dull, 
  0x665617f448718251ull, 0xffffffffffffffd7ull, 0x3fe0000000000000ull, 0x3ff8e7683f5052e4ull, 0x2c4270c07cd0c8bdull, 0x6275c4f03f800000ull, 
  0x3ff047a63f14febeull, 0xfe2e94fb62401e93ull, 0x3ffff0fd3f7d9673ull, 0xa9d5d2c68646a2c5ull, 0x3cc4bf632fe000fcull, 0x0ull, 
  0x7ca056d50e57dda0ull, 0xffffffffffffffdeull, 0xffffffffffffff80ull, 0x5d232eee8c558968ull, 0x50e5351bc3000000ull, 0x80ee3269bf800000ull, 
  0xbull, 0xa71f7594df8c92f3ull, 0x59e0d98e3f800000ull, 0xb9ccc52d807fffffull, 0xc1e0000000000000ull, 0xffffffffffffffd2ull, 
  0x6ull, 0xfb47f434c9666de0ull, 0x3ull, 0xffffffff80000000ull, 0xffffffffffffffe3ull, 0x35ull, 
  0x2da3e68b2d58cc3ull, 0x8000000000000000ull, 0x3ull, 0x3ffbfabd3f703945ull, 0xa9acf9820fa30597ull, 0xffffffffffffffe2ull, 
  0x7ff0000000000000ull, 0x712778587f800000ull, 0x6ea971d00de4dcf8ull, 0xc1e0000000000000ull, 0xffffffffffffffefull, 0x26055bc663b119dull, 
  0x1ull, 0xffffffffffffffdcull, 0xbff0000000000000ull, 0xb8a5f297f800001ull, 0x3ull, 0x1dull, 
  0x40ull, 0xffffffffffffffd8ull, 0xffffffffffffffd0ull, 0x17b752b05a635640ull, 0x39ull, 0x2afb00a2e634e3a4ull, 
  0xffffffffffffff80ull, 0x3full, 0x100000000ull, 0x551282b00000001ull, 0x2ull, 0x80000000ull, 
  0x2aull, 0x83592e34f132adf6ull, 0x3ff53dfd3f2a4b93ull, 0x1full, 0xc24099671b0c4086ull, 0x6d95f9d4088ebce5ull, 
  0x3ffecb903f6bd0f5ull, 0x946a5a0c47c59a02ull, 0x6ecd56cec3000000ull, 0xd9f11db797284916ull, 0x3ffa1dd33f48046dull, 0x7b91ed71834fac31ull, 
  0xa7ac6acf5f000000ull, 0x57db78bd37d60a5full, 0x7full, 0x3ff2e76f3f81fb85ull, 0x5ull, 0x3b1a227dbaec19daull, 
  0x9babd589a8dbe7f1ull, 0xffffffffffffffe6ull, 0x48afc36e4d308015ull, 0x64d120bf42e89799ull, 0xfffffffffffffff8ull, 0x24ull, 
  0x31496fbf064ce264ull, 0x43e0000000000000ull, 0x8ull, 0xffffffffffffffc1ull, 0xc17a26300f0f603ull, 0x3ff798483faa834full, 
  0xffffffffffffffdcull, 0x3ffa45903f7f8d71ull, 0x71bf04b1abe0f43aull, 0x229dfd0e64415d50ull, 0x86be76ecff800000ull, 0x54debac23f992b38ull, 
  0xf7a6e811b6a0d842ull, 0x854ee5cdb7f08800ull, 0x1223ab6fc3000000ull, 0xffffffffffffffd0ull, 0x7full, 0x40ull, 
  0xfff0000000000000ull, 0xfff0000000000000ull, 0x3ff475a13f6c27d3ull, 0xfffffffffffffff3ull, 0x2574587080000000ull, 0x22ull, 
  0x933466f27e2bfccaull, 0x17ull, 0x10ull, 0x1036373e8f1200c7ull, 0x4d1c608a1985972full, 0xfffffffffffffffeull, 
  0xca90f002da16be32ull, 0x83653b4d3effffffull, 0xe634384b0b8e8f18ull, 0x21ull, 0x100ull, 0xf686c74b5f000000ull, 
  0x135b4e2656698398ull, 0xa94f3a4e0d7618ebull, 0x3ff0000000000000ull, 0xffffull, 0xe1f039441889f348ull, 0x6a1f2ac398753d35ull, 
  0xf96613e8b1a3c471ull, 0xffffffffffffffcaull, 0x3ff2b3283f3b6c3aull, 0xffull, 0x7ff8000000000000ull, 0x3ull, 
  0x3ff0000000000000ull, 0xe125f46932d7e8a7ull, 0xcea5f3185248acf6ull, 0x40f5e40dbf800000ull, 0xffffffffffffffceull, 0x3ff2c5293fa31896ull, 
  0x3aull, 0x2ef87a8a7f7fffffull, 0xe585d94ec3000000ull, 0x1a03ea5d0f242594ull, 0xb8cdf0787f7fffffull, 0x3ff68f613fc93646ull, 
  0x3ull, 0xd1da7623bf10d048ull, 0xfffffffffffffff6ull, 0x3fff6e3c3f46d0acull, 0xfff0000000000000ull, 0x60652262bf800000ull, 
  0xc3aeb62645c24acull, 0x3ff9e6a13ff15fcdull, 0x58d9bda489f67667ull, 0xaa1d2d34c4761ae7ull, 0xc1e0000000000000ull, 0xa5a8af95e49f2dcdull, 
  0xfffffffffffffffeull, 0xfffffffffffffffbull, 0xc3e0000000000000ull, 0x251801d80960aeadull, 0xfadd5d5ac94e7ee6ull, 0xffffffffffffffeeull, 
  0xfcd898fcbc43bdb3ull, 0x21ull, 0xffffffffffffffecull, 0xbff0000000000000ull, 0xabc561bc807fffffull, 0xfffffffffffffff8ull, 
  0x5bbe765642fe0000ull, 0x80ull, 0x3ull, 0x3d5897f235c84f4ull, 0x39752fe000000001ull, 0x36d42e29ed644e27ull, 
  0x3ff00d4c3f096bcdull, 0xa07059014f3bf27aull, 0xfffffffffffffull, 0x959c89c800000001ull, 0x20ull, 0x3fe0000000000000ull, 
  0x3ff0000000000000ull, 0xe46e9f837ec1b5d2ull, 0x4ca2f71500000000ull, 0x1aull, 0xffffffffffffffd8ull, 0x3ff6f0383f7f94b9ull, 
  0xfffffffffffffff7ull, 0x36de498a00000001ull, 0x5c058ea0292349bbull, 0x3ff2f4c03fcd0b7cull, 0xf591dd164d57942dull, 0xffffffffffffffffull, 
  0x3ffc865c3f54027eull, 0x24ull, 0x3ffee2343fb13528ull, 0xffffffffffffffeeull, 0xc1e0000000000000ull, 0x3aull, 
  0xffffffff80000000ull, 0x6ae362bb497136acull, 0xffffffffffffffd0ull, 0xfffffffffffffff4ull, 0xf46548aa3c258772ull, 0x0ull, 
  0x473ce639c711a587ull, 0x1305eed66599e4c1ull, 0x10000ull, 0xffffffffffffffecull, 0x8ull, 0x86a78e6a598291d0ull, 
  0x39ull, 0x9c07b6b00000001ull, 0xd6cf5f6a4d4b083cull, 0xeull, 0x3ffdfdd33f964926ull, 0x3ff6b4363f8f4ac6ull, 
  0x3eull, 0x3fffb7c63f0356cdull, 0xd252b1b6b265a7f0ull, 0x3b9721024f000000ull, 0x13ull, 0xdd6638ac69cd5af7ull, 
  0x9840734b275520f7ull, 0x3dull, 0xfffffffffffffffbull, 0x2b7357f742fe0000ull, 0x35b8f015193bf49ull, 0x17ull, 
  0x2ull, 0x43e0000000000000ull, 0xae3c91d44538675ull, 0x0ull, 0x7b373d6858328b29ull, 0x3full, 
  0xffffffffffffffffull, 0x2ebe68a75f000000ull, 0xffffffffffffffc8ull, 0xffffffffffffffcbull, 0x3ff9d1753f4ae0b3ull, 0xd77d2239f6235837ull, 
  0x1bull, 0x3ff2b5193f8f3963ull, 0xcull, 0xcull, 0xa14b3efc4f000000ull, 0x810403da66ab734eull, 
  0x1cull, 0x3ff481333f7bfd3full, 0xacfe291b7f800000ull, 0xffffffffffffff80ull, 0x1dull, 0xe77d3ba3da83bcd8ull, 
  0x3ff181f53f2fb020ull, 0xf70f76915d40f6a7ull, 0x994cf65a157b34f2ull, 0x3ffb06de3f974aadull, 0x312eed02615b9026ull, 0xffffffffffffffdaull, 
  0xffffffffffffffe9ull, 0x3ull, 0x1fe6a7aa8f6f3707ull, 0xffffffffffffffebull, 0x9aa30e7e80035741ull, 0x4e858017c2224371ull, 
  0xa5f55142a3deaa6bull, 0x30a98f1200800000ull, 0xffffffffffffffe0ull, 0xe8d4e9cf00000000ull, 0x3ffc418c3fb8f91eull, 0x21ull, 
  0x3fe0000000000000ull, 0xfffffffffffffull, 0x3ff806a13fd6874full, 0x35d80a5bbde4520eull, 0x8a8677d7546db779ull, 0x32ull, 
  0x100000000ull, 0x3ff480f93fb03b78ull, 0x3ffa57a93f430271ull, 0xffffffffffffffeaull, 0x7ff0000000000001ull, 0x3full, 
  0x3ff5a0513f5aab63ull, 0x8d954cf750016019ull, 0xfcb1133298834f6full, 0x8dc20101c0b39ffcull, 0xeefe6875250c91b4ull, 0x652435eb55047e21ull, 
  0x3ff0000000000000ull, 0xffffffffffffffdeull, 0xc61289454e9bc2eull, 0x3ff3b9273f7d55d4ull, 0xaull, 0x1f0b8721f9217a16ull, 
  0x988ba900c0d2fabdull, 0xc5f1dd2b02d51a3dull, 0x7ff8000000000000ull, 0xa277e690dc78a4d6ull, 0x3ff036193f173145ull, 0xa2e9edd2e744a4ebull, 
  0x3ffa8f873f792433ull, 0xffffffffffffffe4ull, 0x10000ull, 0xc3e0000000000000ull, 0x3ull, 0x155b16675a2ebf91ull, 
  0x3bull, 0xc84bc4b8da91a599ull, 0x7ff8000000000000ull, 0x3ff7040a3f5e3d49ull, 0x7ull, 0xffffffffffffffe0ull, 
  0x8000000000000000ull, 0xaea101d16ee28239ull, 0x43f0000000000000ull, 0x83d0ba35876654c7ull, 0x3fe0000000000000ull, 0x17ull, 
  0x7ff0000000000000ull, 0x1ull, 0xffffffffffffffffull, 0x1cull, 0x80ull, 0x5caf8ec393fed6fbull, 
  0x948112d67f800000ull, 0x80000000ull, 0xd9da6f81bf800000ull, 0x3ff9e0a53f899d88ull, 0xddfd7dfe5ae61fa7ull, 0x8000000000000000ull, 
  0x80d825110a1bacecull, 0x3ff3d8003fdf3998ull, 0x489aa152470d5066ull, 0x3ff7249a3f9189feull, 0xd0a037b23ee8b816ull, 0x39bf533ecf4badeull, 
  0x1eull, 0xfb45da2f8452f051ull, 0x1cull, 0x9025a742fdf78c90ull, 0x3aull, 0xd0885b2d84961f75ull, 
  0x0ull, 0x3fff4c8d3f1b268full, 0xffffffffffffffe8ull, 0xcec5603865a5734bull, 0x47d9162c1025b956ull, 0x93239d9f6db92d42ull, 
  0xb6881b940fe5ddbull, 0xffffffffffffffffull, 0x9d3640233f800000ull, 0x3ff898933f992826ull, 0x9d558cde8b39beddull, 0x7c9899604b800001ull, 
  0x4fd277eaded31f2dull, 0xffffffffffffffc8ull, 0x1full, 0xffffffffffffffefull, 0x3ff0c9c83fe87c19ull, 0xfffffffffffffff6ull, 
  0x9aa142684b3a9c1ull, 0x3ffddd333f6b83aeull, 0x20ull, 0xcull, 0x7ff0000000000001ull, 0x3ffd2f0d3fbffd65ull, 
  0x46479db008e878b2ull, 0xc82cade3effffffull, 0x2eull, 0x3fffa1a43fbd54b9ull, 0xed819ca773a11f89ull, 0xf094128fa4e5552ull, 
  0xffffffffffffffe0ull, 0xc931c7575597c5ccull, 0x43f0000000000000ull, 0x16ull, 
};

int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  static u64 out[768];
  for (u32 t = 0; t < 128; t++) p902040_body(t, in + t * 8, out + t * 6);
  if (launch) {
    j_launch_begin("p902040_k", 2, 1, 1, 64, 1, 1, 0);
    j_buf("p902040_k_param_0", J_U64, in, 1024);
    j_buf_count("p902040_k_param_1", J_U64, 768);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("p902040_k_param_1", J_U64, out, 768);
    j_expected_end();
  }
  return 0;
}
