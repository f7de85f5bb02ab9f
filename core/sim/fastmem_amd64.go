//go:build amd64 && !purego

// fastmem_amd64.go: the full-warp lane test and copies of fastmem.go in
// AVX2 where the processor has it (fastmem_amd64.s), the generated Go
// loops (fastmem_lanes.go) elsewhere.

package sim

// useAVX2 picks the AVX2 lane test and copies (the callers test it, so
// that the choice costs no call; fastmem_noasm.go makes it a false
// constant); a variable so that the tests run both.
var useAVX2 = cpuAVX2()

// cpuAVX2 reports whether the processor has AVX2 and the OS saves the YMM
// registers (CPUID leaf 7 EBX bit 5; leaf 1 ECX OSXSAVE and AVX; XCR0's
// SSE and AVX state), as golang.org/x/sys/cpu's X86.HasAVX2 does
// (TestCPUAVX2). Three CPUID leaves where that package's start-up reads
// six or seven: in a virtual machine each CPUID is a trap to the
// hypervisor, some 25 us each on the box of docs/benchmarks.md ("Session
// 17: the process floor"), paid by every ptxplay process.
func cpuAVX2() bool

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
