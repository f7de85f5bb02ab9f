//go:build amd64 && !purego

// fastmem_amd64.go: the full-warp lane test and copies of fastmem.go in
// AVX2 where the processor has it (fastmem_amd64.s), the generated Go
// loops (fastmem_lanes.go) elsewhere.

package sim

import "golang.org/x/sys/cpu"

// useAVX2 picks the AVX2 lane test and copies (the callers test it, so
// that the choice costs no call; fastmem_noasm.go makes it a false
// constant); a variable so that the tests run both.
var useAVX2 = cpu.X86.HasAVX2

// strideLanesAVX2 is strideLanes with four lanes a step.
//
//go:noescape
func strideLanesAVX2(a *[32]uint64) (d uint64, ok bool)

// The copies, as loadSeq4, storeSeq4 and fillLanes (fastmem_lanes.go).
//
//go:noescape
func loadSeq4AVX2(d *[32]uint64, b *[128]byte)

//go:noescape
func storeSeq4AVX2(b *[128]byte, v *[32]uint64)

//go:noescape
func fillLanesAVX2(d *[32]uint64, v uint64)
