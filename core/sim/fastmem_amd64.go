//go:build amd64 && !purego

// fastmem_amd64.go: the full-warp lane test of fastmem.go in AVX2 where
// the processor has it (fastmem_amd64.s), the generated Go loop
// (fastmem_lanes.go) elsewhere.

package sim

import "golang.org/x/sys/cpu"

// useAVX2 picks the AVX2 lane test; a variable so that the tests run both.
var useAVX2 = cpu.X86.HasAVX2

// strideLanesAVX2 is strideLanes with four lanes a step.
//
//go:noescape
func strideLanesAVX2(a *[32]uint64) (d uint64, ok bool)

// laneStride is strideLanes, in AVX2 where the processor has it: about
// 40 machine instructions for the 32 lanes against about 165.
func laneStride(part *[8]uint64, a *[32]uint64) (uint64, bool) {
	if useAVX2 {
		return strideLanesAVX2(a)
	}
	return strideLanes(part, a)
}
