// table_video.go: video instructions (ISA 9.7.19): the scalar ones on
// (selected bytes or halves of) 32-bit values and the SIMD ones on 16-bit
// pairs and byte quads. Operand selectors (a.b0, d.h1) are operand syntax.

package isa

var videoGroups = []Group{
	{"vt", []string{".u32", ".s32"}},
	{"vop2", []string{".add", ".min", ".max"}},
	{"vop2_add", []string{".add"}},
	{"vshmode", []string{".clamp", ".wrap"}},
	{"vscale", []string{".shr7", ".shr15"}},
	{"vcmp", []string{".eq", ".ne", ".lt", ".le", ".gt", ".ge"}},
}

// The table is spelled out, with no helper calls: an initializer that
// calls a function runs when the package starts, and after the first such
// one the compiler copies the table files' shared slices at start-up too
// (TestTablesAreData).
var videoTable = []Entry{
	{Name: "vadd", Section: "9.7.19.1.1", Doc: "Scalar video add of selected bytes or halves, with optional saturation and secondary operation.", PTX: 20, SM: 20, Syntax: []string{
		"vadd.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32",
		"vadd.vt.vt.vt{.sat}.vop2 d:.b32, a:.b32, b:.b32, c:.b32",
		"vadd.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vsub", Section: "9.7.19.1.1", Doc: "Scalar video subtract of selected bytes or halves, with optional saturation and secondary operation.", PTX: 20, SM: 20, Syntax: []string{
		"vsub.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32",
		"vsub.vt.vt.vt{.sat}.vop2 d:.b32, a:.b32, b:.b32, c:.b32",
		"vsub.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vabsdiff", Section: "9.7.19.1.1", Doc: "Scalar video absolute difference of selected bytes or halves.", PTX: 20, SM: 20, Syntax: []string{
		"vabsdiff.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32",
		"vabsdiff.vt.vt.vt{.sat}.vop2 d:.b32, a:.b32, b:.b32, c:.b32",
		"vabsdiff.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vmin", Section: "9.7.19.1.1", Doc: "Scalar video minimum of selected bytes or halves.", PTX: 20, SM: 20, Syntax: []string{
		"vmin.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32",
		"vmin.vt.vt.vt{.sat}.vop2 d:.b32, a:.b32, b:.b32, c:.b32",
		"vmin.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vmax", Section: "9.7.19.1.1", Doc: "Scalar video maximum of selected bytes or halves.", PTX: 20, SM: 20, Syntax: []string{
		"vmax.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32",
		"vmax.vt.vt.vt{.sat}.vop2 d:.b32, a:.b32, b:.b32, c:.b32",
		"vmax.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vshl", Section: "9.7.19.1.2", Doc: "Scalar video shift left, with .clamp or .wrap of the shift amount.", PTX: 20, SM: 20, Syntax: []string{
		"vshl.vt.vt.u32.vshmode{.sat} d:.b32, a:.b32, b:.b32",
		"vshl.vt.vt.u32.vshmode{.sat}.vop2 d:.b32, a:.b32, b:.b32, c:.b32",
		"vshl.vt.vt.u32.vshmode{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vshr", Section: "9.7.19.1.2", Doc: "Scalar video shift right, with .clamp or .wrap of the shift amount.", PTX: 20, SM: 20, Syntax: []string{
		"vshr.vt.vt.u32.vshmode{.sat} d:.b32, a:.b32, b:.b32",
		"vshr.vt.vt.u32.vshmode{.sat}.vop2 d:.b32, a:.b32, b:.b32, c:.b32",
		"vshr.vt.vt.u32.vshmode{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vmad", Section: "9.7.19.1.3", Doc: "Scalar video multiply-add of selected parts, with optional negation, .po, scaling and saturation.", PTX: 20, SM: 20, Syntax: []string{
		"vmad.vt.vt.vt{.sat}{.vscale} d:.b32, a:.b32, b:.b32, c:.b32",
		"vmad.vt.vt.vt.po{.sat}{.vscale} d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vset", Section: "9.7.19.1.4", Doc: "Scalar video compare of selected parts, giving 1 or 0, with optional secondary operation.", PTX: 20, SM: 20, Syntax: []string{
		"vset.vt.vt.vcmp d:.b32, a:.b32, b:.b32",
		"vset.vt.vt.vcmp.vop2 d:.b32, a:.b32, b:.b32, c:.b32",
		"vset.vt.vt.vcmp d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vadd2", Section: "9.7.19.2.1", Doc: "SIMD video add of two 16-bit halves.", PTX: 30, SM: 30, Syntax: []string{
		"vadd2.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
		"vadd2.vt.vt.vt.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vsub2", Section: "9.7.19.2.1", Doc: "SIMD video subtract of two 16-bit halves.", PTX: 30, SM: 30, Syntax: []string{
		"vsub2.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
		"vsub2.vt.vt.vt.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vavrg2", Section: "9.7.19.2.1", Doc: "SIMD video rounded average of two 16-bit halves.", PTX: 30, SM: 30, Syntax: []string{
		"vavrg2.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
		"vavrg2.vt.vt.vt.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vabsdiff2", Section: "9.7.19.2.1", Doc: "SIMD video absolute difference of two 16-bit halves.", PTX: 30, SM: 30, Syntax: []string{
		"vabsdiff2.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
		"vabsdiff2.vt.vt.vt.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vmin2", Section: "9.7.19.2.1", Doc: "SIMD video minimum of two 16-bit halves.", PTX: 30, SM: 30, Syntax: []string{
		"vmin2.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
		"vmin2.vt.vt.vt.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vmax2", Section: "9.7.19.2.1", Doc: "SIMD video maximum of two 16-bit halves.", PTX: 30, SM: 30, Syntax: []string{
		"vmax2.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
		"vmax2.vt.vt.vt.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vset2", Section: "9.7.19.2.2", Doc: "SIMD video compare of two 16-bit halves.", PTX: 30, SM: 30, Syntax: []string{
		"vset2.vt.vt.vcmp d:.b32, a:.b32, b:.b32, c:.b32",
		"vset2.vt.vt.vcmp.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vadd4", Section: "9.7.19.2.3", Doc: "SIMD video add of four bytes.", PTX: 30, SM: 30, Syntax: []string{
		"vadd4.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
		"vadd4.vt.vt.vt.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vsub4", Section: "9.7.19.2.3", Doc: "SIMD video subtract of four bytes.", PTX: 30, SM: 30, Syntax: []string{
		"vsub4.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
		"vsub4.vt.vt.vt.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vavrg4", Section: "9.7.19.2.3", Doc: "SIMD video rounded average of four bytes.", PTX: 30, SM: 30, Syntax: []string{
		"vavrg4.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
		"vavrg4.vt.vt.vt.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vabsdiff4", Section: "9.7.19.2.3", Doc: "SIMD video absolute difference of four bytes.", PTX: 30, SM: 30, Syntax: []string{
		"vabsdiff4.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
		"vabsdiff4.vt.vt.vt.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vmin4", Section: "9.7.19.2.3", Doc: "SIMD video minimum of four bytes.", PTX: 30, SM: 30, Syntax: []string{
		"vmin4.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
		"vmin4.vt.vt.vt.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vmax4", Section: "9.7.19.2.3", Doc: "SIMD video maximum of four bytes.", PTX: 30, SM: 30, Syntax: []string{
		"vmax4.vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
		"vmax4.vt.vt.vt.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
	{Name: "vset4", Section: "9.7.19.2.4", Doc: "SIMD video compare of four bytes.", PTX: 30, SM: 30, Syntax: []string{
		"vset4.vt.vt.vcmp d:.b32, a:.b32, b:.b32, c:.b32",
		"vset4.vt.vt.vcmp.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}, Groups: videoGroups},
}
