package sim

// exec_brx_test.go: brx.idx (PTX ISA 9.7.13.4) sends each lane to the
// index-th label of its .branchtargets list; lanes that part meet again
// after the switch (every lane active at the join, as activemask shows).

import (
	"strings"
	"testing"
)

const brxBody = `
	ld.global.u32 %r1, [%ia];
	ld.global.u32 %r2, [%ia+256];
	setp.ne.u32 %p1, %r2, 0;
	mov.u32 %r5, 100;
	$L_targets: .branchtargets $L_case0, $L_case1, $L_case2, $L_case3;
	@%p1 brx.idx %r1, $L_targets;
	mov.u32 %r5, 7; // guard off: falls through, then to case 3
$L_case3:
	add.u32 %r5, %r5, 3000;
	bra.uni $L_join;
$L_case1:
	mov.u32 %r5, 1000;
	bra.uni $L_join;
$L_case0:
	mov.u32 %r5, 0;
	bra.uni $L_join;
$L_case2:
	mov.u32 %r5, 2000;
$L_join:
	activemask.b32 %r6;
	st.global.u32 [%oa], %r5;
	st.global.u32 [%oa+256], %r6;`

func TestBrxIdx(t *testing.T) {
	p := compileHarness(t, "", "", brxBody)
	for _, c := range []struct {
		desc       string
		idx, guard func(lane int) uint64
	}{
		{"every lane its own case", func(l int) uint64 { return uint64(l % 4) }, func(int) uint64 { return 1 }},
		{"one case for all", func(int) uint64 { return 2 }, func(int) uint64 { return 1 }},
		{"guarded: odd lanes fall through", func(l int) uint64 { return uint64(3 - l%4) }, func(l int) uint64 { return uint64(1 - l%2) }},
	} {
		var in [2][32]uint64
		for l := 0; l < 32; l++ {
			in[0][l], in[1][l] = c.idx(l), c.guard(l)
		}
		got := runHarness(t, p, in[:], 2)
		for l := 0; l < 32; l++ {
			want := uint64(7 + 3000) // fell through into case 3
			if in[1][l] != 0 {
				want = []uint64{0, 1000, 2000, 100 + 3000}[in[0][l]]
			}
			if got[0][l] != want || got[1][l] != 0xffffffff {
				t.Errorf("%s: lane %d (index %d): value %d, active at the join %#x; want %d, 0xffffffff", c.desc, l, in[0][l], got[0][l], got[1][l], want)
			}
		}
	}
}

func TestBrxIdxOutOfRange(t *testing.T) {
	src := strings.NewReplacer("VERSION", "9.2", "TARGET", "sm_120", "BODY", brxBody).Replace(harnessKernel)
	p := compilePTX(t, "brx.ptx", src)
	_, size, _ := p.Params("k")
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	ia := m.Alloc("in", 512)
	oa := m.Alloc("out", 512)
	buf := m.Buffer(ia)
	for l := 0; l < 32; l++ {
		buf[l*8] = byte(l % 3)
		buf[256+l*8] = 1
	}
	buf[5*8] = 9 // lane 5: index 9 of 4 labels
	m.Store(ia, 0, buf)
	for k, v := range []uint64{ia, oa} {
		for b := 0; b < 8; b++ {
			params[8*k+b] = byte(v >> (8 * b))
		}
	}
	m.Run(10000)
	if f := m.Fault(); f == nil || f.Lane != 5 || !strings.Contains(f.Msg, "index 9 is outside $L_targets") {
		t.Errorf("fault %v, want one at lane 5 naming index 9", f)
	}
}
