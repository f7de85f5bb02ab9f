//go:build !amd64 || purego

package sim

// laneStride is strideLanes (fastmem_amd64.go has an AVX2 one).
func laneStride(part *[8]uint64, a *[32]uint64) (uint64, bool) { return strideLanes(part, a) }
