package sim

// paramload_test.go: a load of a kernel parameter by its name (one
// address for every lane) reads the launch's parameter bytes for every
// active lane, and faults, at the first active lane, when the address is
// misaligned for the access's size or outside the parameters: the same
// in a plain run (execLoad's direct path, paramBytes) as when recorded or
// sanitized (access, lane by lane).

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

func TestUniformParamLoads(t *testing.T) {
	// Parameters: p0 .u64 at 0, p1 .u32 at 8, p2 .u32 at 12 (16 bytes);
	// out .u64 at 16: 24 bytes in all.
	const kernel = `.version 7.0
.target sm_80
.address_size 64

.visible .entry k(.param .u64 p0, .param .u32 p1, .param .u32 p2, .param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	mov.u32 %r7, %laneid;
	ld.param.u64 %rd7, [out];
	mul.wide.u32 %rd6, %r7, 16;
	add.s64 %rd7, %rd7, %rd6;
	setp.ge.u32 %p1, %r7, 5;
	mov.u64 %rd1, 0;
	mov.u32 %r1, 0;
	mov.u32 %r2, 0;
	LOAD
	st.global.u64 [%rd7], %rd1;
	st.global.v2.u32 [%rd7+8], {%r1, %r2};
	ret;
}
`
	tests := []struct {
		desc, load string
		want       [3]uint64 // %rd1, %r1, %r2 in every lane
		fault      string    // the fault's message ("" for none), at lane 0, or 5 under @%p1
	}{
		{"u64 at 0", "ld.param.u64 %rd1, [p0];", [3]uint64{0x1122334455667788, 0, 0}, ""},
		{"u32 at 8 and 12", "ld.param.u32 %r1, [p1];\n\tld.param.u32 %r2, [p2];", [3]uint64{0, 0xa1a2a3a4, 0xb1b2b3b4}, ""},
		{"v2.u32 at 8", "ld.param.v2.u32 {%r1, %r2}, [p1];", [3]uint64{0, 0xa1a2a3a4, 0xb1b2b3b4}, ""},
		{"u64 over p1 and p2", "ld.param.u64 %rd1, [p1];", [3]uint64{0xb1b2b3b4a1a2a3a4, 0, 0}, ""},
		{"under a guard", "@%p1 ld.param.u32 %r1, [p1];", [3]uint64{}, ""}, // lanes 5.. only: checked below
		{"u32 misaligned", "ld.param.u32 %r1, [p1+2];", [3]uint64{}, "misaligned 4-byte load of param address 0xa"},
		{"u64 misaligned", "ld.param.u64 %rd1, [p2];", [3]uint64{}, "misaligned 8-byte load of param address 0xc"},
		{"v2.u32 misaligned for its 8 bytes", "ld.param.v2.u32 {%r1, %r2}, [p2];", [3]uint64{}, "misaligned 8-byte load of param address 0xc"},
		{"u32 just past the end", "ld.param.u32 %r1, [out+8];", [3]uint64{}, "4-byte load of param address 0x18 outside the 24 bytes of kernel parameters"},
		{"u64 far past the end", "ld.param.u64 %rd1, [out+4096];", [3]uint64{}, "8-byte load of param address 0x1010 outside the 24 bytes of kernel parameters"},
		{"v2.u64 aligned but past the end", "ld.param.v2.u64 {%rd1, %rd2}, [out];", [3]uint64{}, "16-byte load of param address 0x10 outside the 24 bytes of kernel parameters"},
		{"misaligned, at the first lane the guard lets run", "@%p1 ld.param.u32 %r1, [p1+2];", [3]uint64{}, "misaligned 4-byte load of param address 0xa"},
	}
	for _, tt := range tests {
		p := compilePTX(t, "param.ptx", strings.Replace(kernel, "LOAD", tt.load, 1))
		for _, mode := range []string{"plain", "recorded", "sanitized"} {
			desc := fmt.Sprintf("%s, %s", tt.desc, mode)
			ps, size, _ := p.Params("k")
			params := make([]byte, size)
			m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params})
			if err != nil {
				t.Fatal(err)
			}
			out := m.Alloc("out", 32*16)
			binary.LittleEndian.PutUint64(params[ps[0].Offset:], 0x1122334455667788)
			binary.LittleEndian.PutUint32(params[ps[1].Offset:], 0xa1a2a3a4)
			binary.LittleEndian.PutUint32(params[ps[2].Offset:], 0xb1b2b3b4)
			binary.LittleEndian.PutUint64(params[ps[3].Offset:], out)
			switch mode {
			case "recorded":
				m.Record(true)
			case "sanitized":
				m.Sanitize(SanAll)
			}
			m.Run(0)
			f := m.Fault()
			if tt.fault != "" {
				lane := 0
				if tt.load[0] == '@' {
					lane = 5
				}
				if f == nil || f.Lane != lane || !strings.HasPrefix(f.Msg, tt.fault) {
					t.Errorf("%s: fault %+v, want lane %d: %s", desc, f, lane, tt.fault)
				}
				continue
			}
			if f != nil {
				t.Fatalf("%s: fault %s", desc, f.Msg)
			}
			b := m.Buffer(out)
			for lane := range 32 {
				want := tt.want
				if tt.desc == "under a guard" && lane >= 5 {
					want[1] = 0xa1a2a3a4
				}
				got := [3]uint64{binary.LittleEndian.Uint64(b[16*lane:]), uint64(binary.LittleEndian.Uint32(b[16*lane+8:])), uint64(binary.LittleEndian.Uint32(b[16*lane+12:]))}
				if got != want {
					t.Fatalf("%s: lane %d read %#x, want %#x", desc, lane, got, want)
				}
			}
		}
	}
}
