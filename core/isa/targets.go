// targets.go: the PTX ISA version that introduced each target string.

package isa

// TargetPTX maps an sm target number to the PTX ISA version that introduced
// its target string (PTX ISA 3.1, .target "PTX ISA Notes": sm_10 and sm_11
// in 1.0, sm_12 and sm_13 in 1.2, sm_20 in 2.0, sm_30 in 3.0, sm_35 in 3.1;
// the later manuals' notes for the rest). Targets not listed are not checked.
var TargetPTX = map[int]Version{
	10: 10, 11: 10, 12: 12, 13: 12,
	20: 20, 30: 30, 35: 31,
	32: 40, 50: 40, 37: 41, 52: 41, 53: 42,
	60: 50, 61: 50, 62: 50,
	70: 60, 72: 61, 75: 63,
	80: 70, 86: 71, 87: 74, 89: 78, 90: 78,
	100: 86, 101: 86, 120: 87, 103: 88, 121: 88, 110: 90,
}
