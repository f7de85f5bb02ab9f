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

// videoScalar writes the three forms of a scalar video instruction: plain,
// with a secondary operation on c, and merging into the d.dsel part of c.
func videoScalar(op, types string) []string {
	return []string{
		op + types + "{.sat} d:.b32, a:.b32, b:.b32",
		op + types + "{.sat}.vop2 d:.b32, a:.b32, b:.b32, c:.b32",
		op + types + "{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
	}
}

// videoSIMD writes the forms of a SIMD video instruction: saturating, or
// adding the lanes into c.
func videoSIMD(op string) []string {
	return []string{
		op + ".vt.vt.vt{.sat} d:.b32, a:.b32, b:.b32, c:.b32",
		op + ".vt.vt.vt.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}
}

func videoEntry(name, section, doc string, ptx Version, sm int, forms []string) Entry {
	return Entry{Name: name, Section: section, Doc: doc, PTX: ptx, SM: sm, Syntax: forms, Groups: videoGroups}
}

var videoTable = []Entry{
	videoEntry("vadd", "9.7.19.1.1", "Scalar video add of selected bytes or halves, with optional saturation and secondary operation.", 20, 20, videoScalar("vadd", ".vt.vt.vt")),
	videoEntry("vsub", "9.7.19.1.1", "Scalar video subtract of selected bytes or halves, with optional saturation and secondary operation.", 20, 20, videoScalar("vsub", ".vt.vt.vt")),
	videoEntry("vabsdiff", "9.7.19.1.1", "Scalar video absolute difference of selected bytes or halves.", 20, 20, videoScalar("vabsdiff", ".vt.vt.vt")),
	videoEntry("vmin", "9.7.19.1.1", "Scalar video minimum of selected bytes or halves.", 20, 20, videoScalar("vmin", ".vt.vt.vt")),
	videoEntry("vmax", "9.7.19.1.1", "Scalar video maximum of selected bytes or halves.", 20, 20, videoScalar("vmax", ".vt.vt.vt")),
	videoEntry("vshl", "9.7.19.1.2", "Scalar video shift left, with .clamp or .wrap of the shift amount.", 20, 20, videoScalar("vshl", ".vt.vt.u32.vshmode")),
	videoEntry("vshr", "9.7.19.1.2", "Scalar video shift right, with .clamp or .wrap of the shift amount.", 20, 20, videoScalar("vshr", ".vt.vt.u32.vshmode")),
	videoEntry("vmad", "9.7.19.1.3", "Scalar video multiply-add of selected parts, with optional negation, .po, scaling and saturation.", 20, 20, []string{
		"vmad.vt.vt.vt{.sat}{.vscale} d:.b32, a:.b32, b:.b32, c:.b32",
		"vmad.vt.vt.vt.po{.sat}{.vscale} d:.b32, a:.b32, b:.b32, c:.b32",
	}),
	videoEntry("vset", "9.7.19.1.4", "Scalar video compare of selected parts, giving 1 or 0, with optional secondary operation.", 20, 20, []string{
		"vset.vt.vt.vcmp d:.b32, a:.b32, b:.b32",
		"vset.vt.vt.vcmp.vop2 d:.b32, a:.b32, b:.b32, c:.b32",
		"vset.vt.vt.vcmp d:.b32, a:.b32, b:.b32, c:.b32",
	}),
	videoEntry("vadd2", "9.7.19.2.1", "SIMD video add of two 16-bit halves.", 30, 30, videoSIMD("vadd2")),
	videoEntry("vsub2", "9.7.19.2.1", "SIMD video subtract of two 16-bit halves.", 30, 30, videoSIMD("vsub2")),
	videoEntry("vavrg2", "9.7.19.2.1", "SIMD video rounded average of two 16-bit halves.", 30, 30, videoSIMD("vavrg2")),
	videoEntry("vabsdiff2", "9.7.19.2.1", "SIMD video absolute difference of two 16-bit halves.", 30, 30, videoSIMD("vabsdiff2")),
	videoEntry("vmin2", "9.7.19.2.1", "SIMD video minimum of two 16-bit halves.", 30, 30, videoSIMD("vmin2")),
	videoEntry("vmax2", "9.7.19.2.1", "SIMD video maximum of two 16-bit halves.", 30, 30, videoSIMD("vmax2")),
	videoEntry("vset2", "9.7.19.2.2", "SIMD video compare of two 16-bit halves.", 30, 30, []string{
		"vset2.vt.vt.vcmp d:.b32, a:.b32, b:.b32, c:.b32",
		"vset2.vt.vt.vcmp.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}),
	videoEntry("vadd4", "9.7.19.2.3", "SIMD video add of four bytes.", 30, 30, videoSIMD("vadd4")),
	videoEntry("vsub4", "9.7.19.2.3", "SIMD video subtract of four bytes.", 30, 30, videoSIMD("vsub4")),
	videoEntry("vavrg4", "9.7.19.2.3", "SIMD video rounded average of four bytes.", 30, 30, videoSIMD("vavrg4")),
	videoEntry("vabsdiff4", "9.7.19.2.3", "SIMD video absolute difference of four bytes.", 30, 30, videoSIMD("vabsdiff4")),
	videoEntry("vmin4", "9.7.19.2.3", "SIMD video minimum of four bytes.", 30, 30, videoSIMD("vmin4")),
	videoEntry("vmax4", "9.7.19.2.3", "SIMD video maximum of four bytes.", 30, 30, videoSIMD("vmax4")),
	videoEntry("vset4", "9.7.19.2.4", "SIMD video compare of four bytes.", 30, 30, []string{
		"vset4.vt.vt.vcmp d:.b32, a:.b32, b:.b32, c:.b32",
		"vset4.vt.vt.vcmp.vop2_add d:.b32, a:.b32, b:.b32, c:.b32",
	}),
}
