//go:build !amd64 || purego

package sim

// setAVX2 leaves useAVX2, a constant false here (fastmem_noasm.go); see
// fastmem_amd64_test.go.
func setAVX2(bool) {}
