//go:build !amd64 || purego

package sim

// useAVX2 is false: the callers of the AVX2 lane test and copies of
// fastmem_amd64.go run the generated Go loops (fastmem_lanes.go).
const useAVX2 = false

func strideLanesAVX2(a *[32]uint64) (d uint64, ok bool) { panic("BUG: no AVX2 here") }
func loadSeq4AVX2(d *[32]uint64, b *[128]byte)          { panic("BUG: no AVX2 here") }
func storeSeq4AVX2(b *[128]byte, v *[32]uint64)         { panic("BUG: no AVX2 here") }
func fillLanesAVX2(d *[32]uint64, v uint64)             { panic("BUG: no AVX2 here") }
