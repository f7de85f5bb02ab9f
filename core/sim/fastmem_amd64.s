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

// func loadSeq4AVX2(d *[32]uint64, b *[128]byte)
//
// loadSeq4: lane i reads the 4 bytes at b[4*i:], zero-extended.
TEXT ·loadSeq4AVX2(SB), NOSPLIT, $0-16
	MOVQ d+0(FP), DI
	MOVQ b+8(FP), SI
	VPMOVZXDQ 0(SI), Y0
	VPMOVZXDQ 16(SI), Y1
	VPMOVZXDQ 32(SI), Y2
	VPMOVZXDQ 48(SI), Y3
	VMOVDQU   Y0, 0(DI)
	VMOVDQU   Y1, 32(DI)
	VMOVDQU   Y2, 64(DI)
	VMOVDQU   Y3, 96(DI)
	VPMOVZXDQ 64(SI), Y0
	VPMOVZXDQ 80(SI), Y1
	VPMOVZXDQ 96(SI), Y2
	VPMOVZXDQ 112(SI), Y3
	VMOVDQU   Y0, 128(DI)
	VMOVDQU   Y1, 160(DI)
	VMOVDQU   Y2, 192(DI)
	VMOVDQU   Y3, 224(DI)
	VZEROUPPER
	RET

// func storeSeq4AVX2(b *[128]byte, v *[32]uint64)
//
// storeSeq4: lane i writes the low 4 bytes of v[i] at b[4*i:]. Eight
// lanes a step: VSHUFPS takes the low words of lanes 0, 1, 4, 5 into the
// lower half and of 2, 3, 6, 7 into the upper, VPERMQ puts them in order.
TEXT ·storeSeq4AVX2(SB), NOSPLIT, $0-16
	MOVQ b+0(FP), DI
	MOVQ v+8(FP), SI
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VSHUFPS $0x88, Y1, Y0, Y0
	VPERMQ  $0xD8, Y0, Y0
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VSHUFPS $0x88, Y3, Y2, Y2
	VPERMQ  $0xD8, Y2, Y2
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y2, 32(DI)
	VMOVDQU 128(SI), Y0
	VMOVDQU 160(SI), Y1
	VSHUFPS $0x88, Y1, Y0, Y0
	VPERMQ  $0xD8, Y0, Y0
	VMOVDQU 192(SI), Y2
	VMOVDQU 224(SI), Y3
	VSHUFPS $0x88, Y3, Y2, Y2
	VPERMQ  $0xD8, Y2, Y2
	VMOVDQU Y0, 64(DI)
	VMOVDQU Y2, 96(DI)
	VZEROUPPER
	RET

// func fillLanesAVX2(d *[32]uint64, v uint64)
//
// fillLanes: every lane of d set to v.
TEXT ·fillLanesAVX2(SB), NOSPLIT, $0-16
	MOVQ d+0(FP), DI
	VPBROADCASTQ v+8(FP), Y0
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y0, 32(DI)
	VMOVDQU Y0, 64(DI)
	VMOVDQU Y0, 96(DI)
	VMOVDQU Y0, 128(DI)
	VMOVDQU Y0, 160(DI)
	VMOVDQU Y0, 192(DI)
	VMOVDQU Y0, 224(DI)
	VZEROUPPER
	RET

// func cpuAVX2() bool
TEXT ·cpuAVX2(SB), NOSPLIT, $0-1
	MOVL $0, AX
	MOVL $0, CX
	CPUID
	CMPL AX, $7
	JB   no // no leaf 7
	MOVL $1, AX
	MOVL $0, CX
	CPUID
	ANDL $0x18000000, CX // OSXSAVE (bit 27) and AVX (bit 28)
	CMPL CX, $0x18000000
	JNE  no
	MOVL $0, CX
	XGETBV               // XCR0 in DX:AX
	ANDL $6, AX          // the SSE (bit 1) and AVX (bit 2) state saved
	CMPL AX, $6
	JNE  no
	MOVL $7, AX
	MOVL $0, CX
	CPUID
	SHRL $5, BX          // AVX2: EBX bit 5
	ANDL $1, BX
	MOVB BX, ret+0(FP)
	RET

no:
	MOVB $0, ret+0(FP)
	RET
