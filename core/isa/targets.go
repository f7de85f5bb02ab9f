// targets.go: the PTX ISA version that introduced each target string.

package isa

// targetPTX lists, for each sm target number, the PTX ISA version that
// introduced its target string (PTX ISA 3.1, .target "PTX ISA Notes": sm_10
// and sm_11 in 1.0, sm_12 and sm_13 in 1.2, sm_20 in 2.0, sm_30 in 3.0,
// sm_35 in 3.1; the later manuals' notes for the rest). Pairs in a literal
// (static data), not a map, which would be built at every start.
var targetPTX = [...]struct {
	sm int
	v  Version
}{
	{10, 10}, {11, 10}, {12, 12}, {13, 12},
	{20, 20}, {30, 30}, {35, 31},
	{32, 40}, {50, 40}, {37, 41}, {52, 41}, {53, 42},
	{60, 50}, {61, 50}, {62, 50},
	{70, 60}, {72, 61}, {75, 63},
	{80, 70}, {86, 71}, {87, 74}, {89, 78}, {90, 78},
	{100, 86}, {101, 86}, {120, 87}, {103, 88}, {121, 88}, {110, 90},
}

// TargetPTX returns the PTX ISA version that introduced the target string
// of sm target sm; ok is false for targets not listed (not checked).
func TargetPTX(sm int) (v Version, ok bool) {
	for _, t := range targetPTX {
		if t.sm == sm {
			return t.v, true
		}
	}
	return 0, false
}

// ArchTargets returns the targets on which the instruction entry exists
// when it is one of the architecture-specific features (PTX ISA, .target:
// "sm_90a ... architecture-specific features", the sm_NNf families of PTX
// 8.8): wgmma needs sm_90a ("Target ISA Notes: Requires sm_90a"), tcgen05
// sm_100a, sm_101a (sm_110a), sm_103a or their families sm_100f, sm_103f,
// sm_110f. Neither exists on sm_120a nor on a target without the suffix.
// ptxas 13.0: "Instruction 'wgmma.fence' not supported on .target
// 'sm_120a'", "... not supported on .target 'sm_100'". sms is nil for the
// other instructions; family reports whether the sm_NNf targets have it.
func ArchTargets(entry string) (sms []int, family bool) {
	switch {
	case len(entry) > 6 && entry[:6] == "wgmma.":
		return []int{90}, false
	case len(entry) > 8 && entry[:8] == "tcgen05.":
		return []int{100, 101, 103, 110}, true
	}
	return nil, false
}

// TargetSuffix returns the suffix of a target string: "a" for sm_90a,
// "f" for sm_100f, "" for sm_80.
func TargetSuffix(s string) string {
	if n := len(s); n > 0 && (s[n-1] == 'a' || s[n-1] == 'f') && ParseTarget(s) > 0 {
		return s[n-1:]
	}
	return ""
}
