package sim

// tensormap_replace_test.go: tensormap.replace (PTX ISA 9.7.9.27, Table
// 33) edits each field of a tensor map in ptxplay's encoding, in shared
// or global memory; tensormap.cp_fenceproxy publishes a shared copy.

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
)

// tmapKernel: thread 0 copies the map at in (global) into shared memory,
// applies EDITS to it there (through %rd9, its shared address), copies it
// out to out with tensormap.cp_fenceproxy, and applies GEDITS to out in
// global memory (through %out).
const tmapKernel = `.version 8.5
.target sm_90a
.address_size 64

.visible .entry k(.param .u64 in, .param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<16>;
	.reg .b64 %out;
	.shared .align 128 .b8 tm[128];
	ld.param.u64 %rd1, [in];
	ld.param.u64 %out, [out];
	mov.u32 %r1, %tid.x;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra DONE;
	mov.u64 %rd9, tm;
	mov.u32 %r2, 0;
COPY:
	cvt.u64.u32 %rd3, %r2;
	add.s64 %rd4, %rd1, %rd3;
	add.s64 %rd5, %rd9, %rd3;
	ld.global.b64 %rd6, [%rd4];
	st.shared.b64 [%rd5], %rd6;
	add.u32 %r2, %r2, 8;
	setp.lt.u32 %p2, %r2, 128;
	@%p2 bra COPY;
EDITS
DONE:
	tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%out], [%rd9], 128;
GEDITS
	ret;
}
`

func TestTensormapReplace(t *testing.T) {
	base := TensorMap{Addr: 0x1000_0100, Rank: 2, DType: 6, Dims: [5]uint32{64, 32, 1, 1, 1},
		Strides: [5]uint64{2, 128}, Box: [5]uint32{64, 8, 1, 1, 1}, ElemStrides: [5]uint32{1, 1, 1, 1, 1}}
	for _, tc := range []struct {
		desc, edits, gedits string
		want                func(t *TensorMap)
		fault               string
	}{
		{"nothing replaced: the copy is the map", "", "", func(*TensorMap) {}, ""},
		{"global_address, b64 register", `
	mov.u64 %rd10, 0x10000200;
	tensormap.replace.tile.global_address.shared::cta.b1024.b64 [%rd9], %rd10;`, "",
			func(m *TensorMap) { m.Addr = 0x1000_0200 }, ""},
		{"rank is new_val + 1", `
	mov.u32 %r10, 2;
	tensormap.replace.tile.rank.shared::cta.b1024.b32 [%rd9], %r10;`, "",
			func(m *TensorMap) { m.Rank = 3; m.Strides[2] = 0 }, "strides[1] is 0"},
		{"global_dim ord 1, box_dim ord 0, element_stride ord 1", `
	mov.u32 %r10, 48;
	tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%rd9], 1, %r10;
	mov.u32 %r11, 32;
	tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%rd9], 0, %r11;
	mov.u32 %r12, 2;
	tensormap.replace.tile.element_stride.shared::cta.b1024.b32 [%rd9], 1, %r12;`, "",
			func(m *TensorMap) { m.Dims[1] = 48; m.Box[0] = 32; m.ElemStrides[1] = 2 }, ""},
		{"global_stride ord 0 is dimension 1's byte stride", `
	mov.u64 %rd10, 256;
	tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [%rd9], 0, %rd10;`, "",
			func(m *TensorMap) { m.Strides[1] = 256 }, ""},
		{"Table 33 immediates: elemtype 10 is bf16, swizzle 3, fill 1, interleave 0", `
	tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [%rd9], 10;
	tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [%rd9], 3;
	tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [%rd9], 1;
	tensormap.replace.tile.interleave_layout.shared::cta.b1024.b32 [%rd9], 0;`, "",
			func(m *TensorMap) { m.DType = 9; m.Swizzle = 3; m.Fill = 1 }, ""},
		{"elemtype 8 is f32.ftz (CUtensorMapDataType's 10)", `
	tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [%rd9], 8;
	mov.u64 %rd10, 256;
	tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [%rd9], 0, %rd10;`, "",
			func(m *TensorMap) { m.DType = 10; m.Strides[0] = 4; m.Strides[1] = 256 }, ""},
		{"elemtype 9 is f64 (CUtensorMapDataType's 8), edited in global memory", "", `
	tensormap.replace.tile.elemtype.global.b1024.b32 [%out], 9;
	mov.u64 %rd10, 512;
	tensormap.replace.tile.global_stride.global.b1024.b64 [%out], 0, %rd10;`,
			func(m *TensorMap) { m.DType = 8; m.Strides[0] = 8; m.Strides[1] = 512 }, ""},
		{"in global memory, generic address", "", `
	mov.u32 %r10, 16;
	tensormap.replace.tile.box_dim.b1024.b32 [%out], 1, %r10;`,
			func(m *TensorMap) { m.Box[1] = 16 }, ""},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			src := strings.NewReplacer("GEDITS", tc.gedits, "EDITS", tc.edits).Replace(tmapKernel)
			p := compilePTX(t, "tmap.ptx", src)
			_, size, _ := p.Params("k")
			params := make([]byte, size)
			m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params})
			if err != nil {
				t.Fatal(err)
			}
			in, out := m.Alloc("in", 128), m.Alloc("out", 128)
			enc := base.Encode()
			m.Store(in, 0, enc[:])
			binary.LittleEndian.PutUint64(params, in)
			binary.LittleEndian.PutUint64(params[8:], out)
			m.Run(100000)
			if f := m.Fault(); f != nil {
				t.Fatalf("fault: %v", f)
			}
			got, msg := DecodeTensorMap(m.Buffer(out))
			want := base
			want.Strides[0] = 2
			tc.want(&want)
			if tc.fault != "" {
				if !strings.Contains(msg, tc.fault) {
					t.Errorf("decode says %q, want %q", msg, tc.fault)
				}
				if got.Rank != want.Rank {
					t.Errorf("rank %d, want %d", got.Rank, want.Rank)
				}
				return
			}
			if msg != "" {
				t.Fatalf("the edited map: %s", msg)
			}
			if got != want {
				t.Errorf("map\n got %+v\nwant %+v", got, want)
			}
		})
	}
}

// TestTensormapReplaceRules: values outside Table 33 and the wrong value
// type are check errors; the sm_100 values stop the run as not simulated.
func TestTensormapReplaceRules(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [%rd9], 5;", "5 is not one of Table 33's values (0 to 4)"},
		{"tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [%rd9], 2;", "2 is not one of Table 33's values (0 to 1)"},
		{"tensormap.replace.tile.interleave_layout.shared::cta.b1024.b32 [%rd9], 3;", "(0 to 2)"},
		{"tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [%rd9], 16;", "(0 to 15)"},
		{"tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%rd9], 5, %r10;", "ord 5 is not 0 to 4"},
		{"tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [%rd9], 4, %rd10;", "ord 4 is not 0 to 3"},
		{"tensormap.replace.tile.global_address.shared::cta.b1024.b32 [%rd9], %r10;", "takes a .b64 value"},
		{"tensormap.replace.tile.box_dim.shared::cta.b1024.b64 [%rd9], 0, %rd10;", "takes a .b32 value"},
	} {
		src := strings.NewReplacer("GEDITS", "", "EDITS", "\t"+tc.line).Replace(tmapKernel)
		errs := checkErrors(t, src)
		if !strings.Contains(errs, tc.want) {
			t.Errorf("%s: errors %q, want one saying %q", tc.line, errs, tc.want)
		}
	}
	for _, tc := range []struct{ line, want string }{
		{"tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [%rd9], 13;", "sub-byte type of sm_100"},
		{"tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [%rd9], 4;", "96B swizzle"},
	} {
		src := strings.NewReplacer("GEDITS", "", "EDITS", "\t"+tc.line).Replace(tmapKernel)
		p := compilePTX(t, "tmap.ptx", src)
		if len(p.refused) != 1 || !strings.Contains(p.refused[0].msg, tc.want) {
			t.Errorf("%s: refusals %+v, want one saying %q", tc.line, p.refused, tc.want)
		}
	}
}

// checkErrors parses and checks src and returns the check and lowering
// errors (check.Invalid) as one string.
func checkErrors(t *testing.T, src string) string {
	t.Helper()
	mod, errs := ptx.Parse("k.ptx", []byte(src))
	if len(errs) > 0 {
		return errs.Error()
	}
	cp, errs := check.Check(mod)
	if len(errs) == 0 {
		errs = check.Invalid(cp)
	}
	return errs.Error()
}
