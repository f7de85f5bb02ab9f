//go:build amd64 && !purego

#include "textflag.h"

// func strideLanesAVX2(a *[32]uint64) (d uint64, ok bool)
//
// strideLanes in four lanes a step: d = a[1] - a[0]; ok when every
// difference of neighbours a[i+1] - a[i] (i = 0..30) equals d. Eight
// steps of four differences, the last step overlapping the one before
// (it takes i = 27..30, so nothing past a[31] is read).
TEXT ·strideLanesAVX2(SB), NOSPLIT, $0-17
	MOVQ a+0(FP), SI
	MOVQ 8(SI), AX
	SUBQ 0(SI), AX
	MOVQ AX, d+8(FP)
	VPBROADCASTQ d+8(FP), Y0

	VMOVDQU 8(SI), Y1   // a[1..4]
	VPSUBQ  0(SI), Y1, Y1 // - a[0..3]
	VPXOR   Y0, Y1, Y1
	VMOVDQU 40(SI), Y2  // a[5..8] - a[4..7]
	VPSUBQ  32(SI), Y2, Y2
	VPXOR   Y0, Y2, Y2
	VMOVDQU 72(SI), Y3  // a[9..12] - a[8..11]
	VPSUBQ  64(SI), Y3, Y3
	VPXOR   Y0, Y3, Y3
	VMOVDQU 104(SI), Y4 // a[13..16] - a[12..15]
	VPSUBQ  96(SI), Y4, Y4
	VPXOR   Y0, Y4, Y4
	VPOR    Y2, Y1, Y1
	VPOR    Y4, Y3, Y3

	VMOVDQU 136(SI), Y2 // a[17..20] - a[16..19]
	VPSUBQ  128(SI), Y2, Y2
	VPXOR   Y0, Y2, Y2
	VMOVDQU 168(SI), Y4 // a[21..24] - a[20..23]
	VPSUBQ  160(SI), Y4, Y4
	VPXOR   Y0, Y4, Y4
	VPOR    Y2, Y1, Y1
	VPOR    Y4, Y3, Y3
	VMOVDQU 200(SI), Y2 // a[25..28] - a[24..27]
	VPSUBQ  192(SI), Y2, Y2
	VPXOR   Y0, Y2, Y2
	VMOVDQU 224(SI), Y4 // a[28..31] - a[27..30]
	VPSUBQ  216(SI), Y4, Y4
	VPXOR   Y0, Y4, Y4
	VPOR    Y2, Y1, Y1
	VPOR    Y4, Y3, Y3

	VPOR    Y3, Y1, Y1
	VPTEST  Y1, Y1
	SETEQ   ok+16(FP)
	VZEROUPPER
	RET
