// table_example.go: a few rows written first to pin down the table's style.
// The chapter files (table_*.go) hold the rest.

package isa

var exampleTable = []Entry{
	// 8.7.1 Integer arithmetic
	{Name: "add", Section: "8.7.1.1", Doc: "Add two values.", PTX: 10, Syntax: []string{
		"add.itype d, a, b",
		"add.sat.s32 d, a, b",
		"add.cc.cctype d, a, b @ptx1.2",
		"add{.rnd}{.ftz}{.sat}.f32 d, a, b",
		"add{.rnd}.f64 d, a, b @sm_13",
		"add{.rn}{.ftz}{.sat}.f16 d, a, b @ptx4.2 @sm_53",
		"add{.rn}{.ftz}{.sat}.f16x2 d, a, b @ptx4.2 @sm_53",
		"add{.rn}.bf16 d, a, b @ptx7.8 @sm_90",
		"add{.rn}.bf16x2 d, a, b @ptx7.8 @sm_90",
	}, Groups: map[string][]string{"cctype": {".u32", ".s32", ".u64", ".s64"}}},
}
