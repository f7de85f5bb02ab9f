package launch

// tensormap_test.go: tensor-map arguments and top-level buffers of the
// launch contract: a map in a 128-byte parameter and by address in a
// .u64 one, loading a tile through TMA end to end, and each field's error.

import (
	"strings"
	"testing"
)

// tmaLoad copies the 8x4 u32 box at (4, 1) of the tensor behind map m into
// out through shared memory: thread 0 issues the TMA load, waits on the
// mbarrier and stores the box back with a bulk copy.
const tmaLoad = `.version 8.0
.target sm_90a
.address_size 64

.visible .entry k(PARAM, .param .u64 out)
{
	.shared .align 128 .b8 sb[128];
	.shared .align 8 .b64 mb;
	.reg .pred %p<4>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	mov.u32 %r0, %tid.x;
	setp.ne.u32 %p0, %r0, 0;
	@%p0 bra DONE;
	LOADMAP
	ld.param.u64 %rd2, [out];
	mbarrier.init.shared::cta.b64 [mb], 1;
	mbarrier.arrive.expect_tx.shared::cta.b64 %rd3, [mb], 128;
	mov.u32 %r1, 4;
	mov.u32 %r2, 1;
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [sb], [%rd1, {%r1, %r2}], [mb];
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p1, [mb], 0;
	@!%p1 bra WAIT;
	cp.async.bulk.global.shared::cta.bulk_group [%rd2], [sb], 128;
DONE:
	ret;
}
`

func tmaSource(byAddress bool) []byte {
	r := strings.NewReplacer("PARAM", ".param .align 64 .b8 m[128]", "LOADMAP", "mov.u64 %rd4, m;\n\tcvta.param.u64 %rd1, %rd4;")
	if byAddress {
		r = strings.NewReplacer("PARAM", ".param .u64 m", "LOADMAP", "ld.param.u64 %rd1, [m];")
	}
	return []byte(r.Replace(tmaLoad))
}

const tmaSpec = `{"grid": 1, "block": 32,
 "buffers": {"t": {"type": "u32", "count": 120, "fill": "iota"}},
 "args": {"m": {"type": "tensormap", "buffer": "t", "dtype": "u32", "dims": [12, 10], "strides": [48], "box": [8, 4]MORE},
          "out": {"type": "u32", "count": 32}}}`

func TestTensorMapArgument(t *testing.T) {
	for _, byAddr := range []bool{false, true} {
		name := map[bool]string{false: "in a .b8[128] parameter", true: "by address in a .u64 parameter"}[byAddr]
		t.Run(name, func(t *testing.T) {
			res := Run("tma.ptx", tmaSource(byAddr), []byte(strings.Replace(tmaSpec, "MORE", "", 1)), Options{})
			if !res.OK {
				t.Fatalf("run failed: %+v", res.Errors)
			}
			out := res.Buffers["out"].Data
			for y := 0; y < 4; y++ {
				for x := 0; x < 8; x++ {
					// element (x, y) of the box is tensor (4+x, 1+y) = iota value 12*(1+y) + 4+x
					if got, want := out[8*y+x], uint64(12*(1+y)+4+x); got != want {
						t.Fatalf("out[%d] = %d, want %d", 8*y+x, got, want)
					}
				}
			}
			// The top-level buffer is listed after the parameter buffers.
			if len(res.Names) != 2 || res.Names[0] != "out" || res.Names[1] != "t" {
				t.Errorf("result buffers %v, want [out t]", res.Names)
			}
		})
	}
}

func TestTensorMapErrors(t *testing.T) {
	cases := []struct {
		name, spec, want string
	}{
		{"unknown buffer", strings.Replace(tmaSpec, `"buffer": "t"`, `"buffer": "nope"`, 1), `args.m.buffer: no buffer argument or top-level buffer is named "nope"`},
		{"no buffer", strings.Replace(tmaSpec, `"buffer": "t", `, ``, 1), "args.m.buffer: a tensor map needs the name"},
		{"bad dtype", strings.Replace(tmaSpec, `"dtype": "u32"`, `"dtype": "u7"`, 1), "args.m.dtype:"},
		{"rank 6", strings.Replace(strings.Replace(strings.Replace(tmaSpec, `"dims": [12, 10]`, `"dims": [12, 10, 1, 1, 1, 1]`, 1), `"strides": [48]`, `"strides": [48, 480, 480, 480, 480]`, 1), `"box": [8, 4]`, `"box": [8, 4, 1, 1, 1, 1]`, 1), "args.m.dims: 6 dimensions: a tensor map has 1 to 5"},
		{"strides count", strings.Replace(tmaSpec, `"strides": [48]`, `"strides": []`, 1), "args.m.strides: 0 strides for 2 dimensions"},
		{"unaligned stride", strings.Replace(tmaSpec, `"strides": [48]`, `"strides": [50]`, 1), "args.m.strides[0]: is 50: a stride is a multiple of 16"},
		{"box over 256", strings.Replace(tmaSpec, `"box": [8, 4]`, `"box": [8, 257]`, 1), "args.m.box[1]: 257 is outside 1..256"},
		{"box count", strings.Replace(tmaSpec, `"box": [8, 4]`, `"box": [8]`, 1), "args.m.box: 1 values for 2 dimensions"},
		{"inner box not 16 bytes", strings.Replace(tmaSpec, `"box": [8, 4]`, `"box": [6, 4]`, 1), "args.m.box[0]: is 6 elements = 24 bytes"},
		{"swizzle span", strings.Replace(strings.Replace(tmaSpec, "MORE", `, "swizzle": "32B"`, 1), `"box": [8, 4]`, `"box": [16, 4]`, 1), "args.m.box[0]: is 64 bytes: with the 32B swizzle the box's inner dimension is at most 32 bytes"},
		{"swizzle name", strings.Replace(tmaSpec, "MORE", `, "swizzle": "16B"`, 1), `args.m.swizzle: "16B" is not none, 32B, 64B or 128B`},
		{"element strides", strings.Replace(tmaSpec, "MORE", `, "element_strides": [1, 9]`, 1), "args.m.element_strides[1]: 9 is outside 1..8"},
		{"interleave", strings.Replace(tmaSpec, "MORE", `, "interleave": "32B"`, 1), `args.m.interleave: "32B" is not simulated`},
		{"nan fill of integers", strings.Replace(tmaSpec, "MORE", `, "oob_fill": "nan"`, 1), `args.m.oob_fill: "nan" needs a floating-point dtype`},
		{"oob_fill name", strings.Replace(tmaSpec, "MORE", `, "oob_fill": "ones"`, 1), `args.m.oob_fill: "ones" is not zero or nan`},
		{"tensor past the buffer", strings.Replace(tmaSpec, `"dims": [12, 10]`, `"dims": [12, 11]`, 1), "args.m.dims: the tensor reaches 528 bytes from its start, past the 480 bytes of buffer t"},
		{"unknown field", strings.Replace(tmaSpec, "MORE", `, "swizle": "none"`, 1), "swizle"},
		{"dims of the wrong kind", strings.Replace(tmaSpec, `"dims": [12, 10]`, `"dims": "12x10"`, 1), "args.m.dims: expected an array of whole numbers, found a string"},
		{"top-level buffer named like a parameter", strings.Replace(tmaSpec, `"buffers": {"t"`, `"buffers": {"out"`, 1), "buffers.out: a kernel parameter has this name"},
		{"bad top-level buffer", strings.Replace(tmaSpec, `"type": "u32", "count": 120`, `"type": "u31", "count": 120`, 1), "buffers.t: unknown buffer type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := Run("tma.ptx", tmaSource(false), []byte(strings.Replace(c.spec, "MORE", "", 1)), Options{})
			if res.OK {
				t.Fatalf("run succeeded, want %q", c.want)
			}
			if msg := res.Errors[0].Message; !strings.Contains(msg, c.want) {
				t.Errorf("error %q, want it to contain %q", msg, c.want)
			}
		})
	}
	// A parameter that can hold neither the map nor its address.
	src := strings.Replace(string(tmaSource(false)), ".param .align 64 .b8 m[128]", ".param .f32 m", 1)
	src = strings.Replace(src, "mov.u64 %rd4, m;\n\tcvta.param.u64 %rd1, %rd4;", "mov.u64 %rd1, 0;", 1)
	res := Run("tma.ptx", []byte(src), []byte(strings.Replace(tmaSpec, "MORE", "", 1)), Options{})
	if res.OK || !strings.Contains(res.Errors[0].Message, "args.m: the .f32 parameter cannot take a tensor map") {
		t.Errorf("a .f32 parameter: %+v", res.Errors)
	}
}

// An im2col map through the contract: a 3D NWC u16 tensor (8 channels,
// width 6, 2 images, element (c, w, n) = iota 48n + 8w + c) whose pixel box
// runs from -1 to 6-1-1 = 4 in W (a 3-wide filter, padding 1). Eight pixels
// from filter base w = -1 of image 0 with offset 0: w = -1 (padding: zeros),
// 0..4 of image 0, then w = -1 (zeros) and 0 of image 1.
func TestTensorMapIm2col(t *testing.T) {
	src := strings.NewReplacer("PARAM", ".param .align 64 .b8 m[128]", "LOADMAP", "mov.u64 %rd4, m;\n\tcvta.param.u64 %rd1, %rd4;",
		"mov.u32 %r2, 1;", "mov.u32 %r2, -1;\n\tmov.u32 %r3, 0;\n\tmov.u16 %rs1, 0;",
		".2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [sb], [%rd1, {%r1, %r2}], [mb];", ".3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [sb], [%rd1, {%r1, %r2, %r3}], [mb], {%rs1};",
		"mov.u32 %r1, 4;", "mov.u32 %r1, 0;", ".reg .b64 %rd<8>;", ".reg .b64 %rd<8>;\n\t.reg .b16 %rs<2>;").Replace(tmaLoad)
	spec := `{"grid": 1, "block": 32,
 "buffers": {"t": {"type": "u16", "count": 96, "fill": "iota"}},
 "args": {"m": {"type": "tensormap", "mode": "im2col", "buffer": "t", "dtype": "u16", "dims": [8, 6, 2], "strides": [16, 96],
                "pixel_box_lower_corner": [-1], "pixel_box_upper_corner": [-1], "channels_per_pixel": 8, "pixels_per_column": 8MORE},
          "out": {"type": "u16", "count": 64}}}`
	res := Run("im2col.ptx", []byte(src), []byte(strings.Replace(spec, "MORE", "", 1)), Options{})
	if !res.OK {
		t.Fatalf("run failed: %+v", res.Errors)
	}
	out := res.Buffers["out"].Data
	for p := 0; p < 8; p++ {
		for c := 0; c < 8; c++ {
			want := uint64(0)
			switch {
			case p >= 1 && p <= 5:
				want = uint64(8*(p-1) + c)
			case p == 7:
				want = uint64(48 + c)
			}
			if got := out[8*p+c]; got != want {
				t.Errorf("pixel %d channel %d = %d, want %d", p, c, got, want)
			}
		}
	}
	errs := []struct{ name, from, to, want string }{
		{"a box in an im2col map", `"pixels_per_column": 8`, `"pixels_per_column": 8, "box": [8, 1, 1]`, "args.m.box: an im2col map has no box"},
		{"two lower corners for rank 3", `"pixel_box_lower_corner": [-1]`, `"pixel_box_lower_corner": [-1, 0]`, "args.m.pixel_box_lower_corner: 2 values for a rank-3 map"},
		{"no channels", `"channels_per_pixel": 8, `, ``, "args.m.channels_per_pixel: an im2col map needs it"},
		{"pixels past 1024", `"pixels_per_column": 8`, `"pixels_per_column": 1025`, "args.m.pixels_per_column: 1025 is outside 1..1024"},
		{"an empty box", `"pixel_box_upper_corner": [-1]`, `"pixel_box_upper_corner": [-7]`, "args.m.pixel_box_upper_corner[0]: leaves the bounding box empty"},
		{"mode name", `"mode": "im2col"`, `"mode": "im2col::w"`, `args.m.mode: "im2col::w" is not tile or im2col`},
		{"im2col fields in a tiled map", `"mode": "im2col", `, ``, "belong to an im2col map"},
		{"rank 2", `"dims": [8, 6, 2], "strides": [16, 96]`, `"dims": [8, 12], "strides": [16]`, "args.m.dims: 2 dimensions: an im2col map has 3 to 5"},
	}
	for _, c := range errs {
		t.Run(c.name, func(t *testing.T) {
			s := strings.Replace(strings.Replace(spec, c.from, c.to, 1), "MORE", "", 1)
			res := Run("im2col.ptx", []byte(src), []byte(s), Options{})
			if res.OK {
				t.Fatalf("run succeeded, want %q", c.want)
			}
			if msg := res.Errors[0].Message; !strings.Contains(msg, c.want) {
				t.Errorf("error %q, want it to contain %q", msg, c.want)
			}
		})
	}
}
