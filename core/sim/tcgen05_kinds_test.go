package sim

// tcgen05_kinds_test.go: what a block-scaled tcgen05.mma refuses, from
// the ISA's rules (§9.7.17.10.7 and the tcgen05.mma description): scale
// factors not duplicated in the four 32-lane partitions, a scale address
// off lane 0, scale IDs that do not pick a V-byte part of a cell, ue4m3
// with fewer than four factors a row, a missing .scale_vectorsize on
// ::mxf4nvf4, and .block_scale on a kind without scales. (The MMA results
// are in tcgen05_mma_test.go.)

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
)

func TestTcgen05BlockScaleFaults(t *testing.T) {
	desc := smemDescFields(map[string]uint64{"leading_byte_offset": 8, "stride_byte_offset": 16, "version": 1})
	mxf4 := func(f map[string]uint32) uint32 {
		f["a_format"], f["b_format"], f["n_dim"], f["m_dim"] = 1, 1, 2, 8
		return idescBSFields(f)
	}
	cases := []struct {
		desc   string
		inst   string // the MMA's kind and modifiers
		idesc  uint32
		store  string // the predicate of the scale stores: %p1 is warp 0 only
		sa, sb int    // the scale addresses' offsets from the allocation
		fault  string
	}{
		{"scale factors stored by warp 0 only", "mxf4.block_scale", mxf4(map[string]uint32{"scale_format": 1}), "@%p1", 32, 40,
			"scale_A is not duplicated in the four 32-lane partitions, as the ISA requires (§9.7.17.10.7): column 32 holds 0x7f7f7f7f at lane 0 and 0x00000000 at lane 32"},
		{"scale_A at lane 32", "mxf4.block_scale", mxf4(map[string]uint32{"scale_format": 1}), "", 32<<16 | 32, 40,
			"scale_A at 0x00200020: the scale factors fill all 128 lanes, so the address's lane must be 0, not 32"},
		{"scale_B past the allocation", "mxf4.block_scale", mxf4(map[string]uint32{"scale_format": 1}), "", 32, 64,
			"scale_B at 0x00000040: column 64 is not allocated"},
		{"scale A ID 1 with two factors a row", "mxf4.block_scale.scale_vec::2X", mxf4(map[string]uint32{"scale_format": 1, "a_sf_id": 1}), "", 32, 40,
			"scale factor A ID 1: with 2 factors a row the ID must be a multiple of 2"},
		{"scale B ID 2 with four factors a row", "mxf4nvf4.block_scale.block16", mxf4(map[string]uint32{"scale_format": 1, "b_sf_id": 2}), "", 32, 40,
			"scale factor B ID 2: with 4 factors a row the ID must be a multiple of 4"},
		{"ue4m3 scales with .scale_vec::2X", "mxf4nvf4.block_scale.scale_vec::2X", mxf4(map[string]uint32{}), "", 32, 40,
			"ue4m3 scales (descriptor bit 23 = 0) need .scale_vec::4X / .block16"},
		{"the reference values pass", "mxf4nvf4.block_scale.scale_vec::4X", mxf4(map[string]uint32{"scale_format": 1}), "", 32, 40, ""},
	}
	for _, c := range cases {
		body := withCols(allocWarp0, 64) + fmt.Sprintf(`
	shl.b32 %%r202, %%wid, 21;
	add.u32 %%r203, %%ta, %%r202;
	mov.u32 %%r30, 0x7f7f7f7f;
	add.u32 %%r204, %%r203, 32;
	%s tcgen05.st.sync.aligned.32x32b.x16.b32 [%%r204], {%s};
	tcgen05.wait::st.sync.aligned;
	bar.sync 0;
	mov.u32 %%r20, %d;
	mov.b64 %%rd10, %d;
	add.u32 %%r23, %%ta, %d;
	add.u32 %%r24, %%ta, %d;
	setp.ne.u32 %%p4, 0, 0;
	setp.eq.u32 %%p5, %%tid, 0;
	@%%p5 tcgen05.mma.cta_group::1.kind::%s [%%ta], %%rd10, %%rd10, %%r20, [%%r23], [%%r24], %%p4;
`, c.store, strings.Repeat("%r30, ", 15)+"%r30", c.idesc, desc, c.sa, c.sb, c.inst) + withCols(deallocWarp0, 64)
		_, msg, _ := runTmem(t, body, 128, 1)
		if c.fault == "" && msg != "" || !strings.Contains(msg, c.fault) {
			t.Errorf("%s: fault %q, want %q", c.desc, msg, c.fault)
		}
	}
}

// TestTcgen05BlockScaleForms: the forms the checker lets through but the
// ISA's rules for .scale_vectorsize refuse, reported with their line.
func TestTcgen05BlockScaleForms(t *testing.T) {
	cases := []struct {
		desc, inst, want string
	}{
		{"mxf4nvf4 needs its vector size", "tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale [%r1], %rd1, %rd1, %r2, [%r1], [%r1], %p1;",
			".kind::mxf4nvf4.block_scale needs its .scale_vectorsize given"},
		{"mxf8f6f4 takes one factor a row", "tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::2X [%r1], %rd1, %rd1, %r2, [%r1], [%r1], %p1;",
			".scale_vec::2X: not a vector size this kind takes (Table 54)"},
		{"mxf4 takes no .block16", "tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block16 [%r1], %rd1, %rd1, %r2, [%r1], [%r1], %p1;",
			".block16: not a vector size this kind takes"},
	}
	for _, c := range cases {
		src := ".version 8.7\n.target sm_100a\n.address_size 64\n.visible .entry k()\n{\n\t.reg .pred %p<2>;\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<2>;\n\t" + c.inst + "\n\tret;\n}\n"
		mod, errs := ptx.Parse("bs.ptx", []byte(src))
		if len(errs) > 0 {
			t.Fatalf("%s: parse: %v", c.desc, errs[0])
		}
		_, errs = check.Check(mod)
		var msgs []string
		for _, e := range errs {
			msgs = append(msgs, e.Error())
		}
		got := strings.Join(msgs, "\n")
		if !strings.Contains(got, c.want) || !strings.Contains(got, "bs.ptx:9:2:") {
			t.Errorf("%s: check says %q, want line 9 and %q", c.desc, got, c.want)
		}
	}
}
