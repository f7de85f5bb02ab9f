package sim

// ldmatrix_test.go: ldmatrix, stmatrix and movmatrix against the ISA's
// description: lanes 8q..8q+7 give the row addresses of matrix q; lane l
// receives row l/4, columns 2*(l%4) and 2*(l%4)+1 (low half first) of
// matrix q in register q, or of its transpose with .trans.

import (
	"fmt"
	"strings"
	"testing"
)

// A shared array of 32 rows of 8 u16: row R holds 256*R + c in column c.
// Lane l gives the address of row perm(l) = (5*l+3) % 32, so the matrix
// q row r seen by ldmatrix is memory row perm(8q+r).
const matrixSetup = `	.shared .align 16 .b8 sh[512];
	.reg .b32 %sa, %rowa, %v, %c;
	mov.u32 %sa, sh;
	mad.lo.u32 %rowa, %lane, 16, %sa;
	mov.u32 %c, 0;
FILL:
	mad.lo.u32 %v, %lane, 256, %c;
	st.shared.u16 [%rowa], %v;
	add.u32 %rowa, %rowa, 2;
	add.u32 %c, %c, 1;
	setp.lt.u32 %p9, %c, 8;
	@%p9 bra FILL;
	bar.sync 0;
	mad.lo.u32 %v, %lane, 5, 3;
	rem.u32 %v, %v, 32;
	mad.lo.u32 %rowa, %v, 16, %sa;
`

func perm(l int) int { return (5*l + 3) % 32 }

func TestLdmatrix(t *testing.T) {
	for _, n := range []int{1, 2, 4} {
		for _, trans := range []bool{false, true} {
			tr := ""
			if trans {
				tr = ".trans"
			}
			inst := fmt.Sprintf("ldmatrix.sync.aligned.m8n8.x%d%s.shared.b16", n, tr)
			t.Run(inst, func(t *testing.T) {
				var regs []string
				var body strings.Builder
				body.WriteString(matrixSetup)
				for q := 0; q < n; q++ {
					regs = append(regs, fmt.Sprintf("%%r%d", q))
				}
				fmt.Fprintf(&body, "\t%s {%s}, [%%rowa];\n", inst, strings.Join(regs, ", "))
				for q := 0; q < n; q++ {
					fmt.Fprintf(&body, "\tst.global.u32 [%%oa+%d], %%r%d;\n", 256*q, q)
				}
				p := compileHarness(t, "", "", body.String())
				out := runHarness(t, p, nil, n)
				for q := 0; q < n; q++ {
					for l := 0; l < 32; l++ {
						elem := func(r, c int) uint64 { return uint64(256*perm(8*q+r) + c) }
						var lo, hi uint64
						if trans {
							lo, hi = elem(2*(l%4), l/4), elem(2*(l%4)+1, l/4)
						} else {
							lo, hi = elem(l/4, 2*(l%4)), elem(l/4, 2*(l%4)+1)
						}
						if got, want := out[q][l], lo|hi<<16; got != want {
							t.Fatalf("matrix %d lane %d: got %#x, want %#x", q, l, got, want)
						}
					}
				}
			})
		}
	}
}

// TestStmatrixRoundTrip: stmatrix stores what ldmatrix loaded to the
// same row addresses (both with and without .trans), and movmatrix.trans
// equals ldmatrix.trans of the same rows.
func TestStmatrixRoundTrip(t *testing.T) {
	for _, tr := range []string{"", ".trans"} {
		body := matrixSetup + `	ldmatrix.sync.aligned.m8n8.x4` + tr + `.shared.b16 {%r0, %r1, %r2, %r3}, [%rowa];
	mov.u32 %v, sh;
	add.u32 %v, %v, 512;
	bar.sync 0;
	mad.lo.u32 %c, %lane, 16, %sa;
	stmatrix.sync.aligned.m8n8.x4` + tr + `.shared.b16 [%rowa], {%r0, %r1, %r2, %r3};
	bar.sync 0;
	ld.shared.v4.u32 {%r4, %r5, %r6, %r7}, [%c];
	st.global.u32 [%oa], %r4;
	st.global.u32 [%oa+256], %r5;
	st.global.u32 [%oa+512], %r6;
	st.global.u32 [%oa+768], %r7;
	ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r8}, [%rowa];
	movmatrix.sync.aligned.m8n8.trans.b16 %r9, %r8;
	ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%r10}, [%rowa];
	st.global.u32 [%oa+1024], %r9;
	st.global.u32 [%oa+1280], %r10;
`
		p := compileHarness(t, "", "", body)
		out := runHarness(t, p, nil, 6)
		for l := 0; l < 32; l++ {
			for w := 0; w < 4; w++ {
				want := uint64(256*l+2*w) | uint64(256*l+2*w+1)<<16
				if out[w][l] != want {
					t.Fatalf("%s: row %d word %d after the round trip = %#x, want %#x", tr, l, w, out[w][l], want)
				}
			}
			if out[4][l] != out[5][l] {
				t.Fatalf("lane %d: movmatrix.trans %#x, ldmatrix.trans %#x", l, out[4][l], out[5][l])
			}
		}
	}
}

func TestLdmatrixMisalignedNamesLane(t *testing.T) {
	body := matrixSetup + `	setp.eq.u32 %p8, %lane, 13;
	@%p8 add.u32 %rowa, %rowa, 4;
	ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r0, %r1, %r2, %r3}, [%rowa];
`
	p := compileHarness(t, "", "", body)
	m, err := New(p, "k", Launch{Block: [3]uint32{32, 1, 1}, Params: make([]byte, 16)})
	if err != nil {
		t.Fatal(err)
	}
	m.Run(10000)
	f := m.Fault()
	if f == nil || f.Lane != 13 || !strings.Contains(f.Msg, "lane 13 gives the address of row 5 of matrix 1") {
		t.Fatalf("fault = %v", f)
	}
}

// TestLdmatrixPreview: before an ldmatrix issues, the snapshot shows the
// row address each lane gives for each matrix.
func TestLdmatrixPreview(t *testing.T) {
	p := compileHarness(t, "", "", matrixSetup+"\tldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r0, %r1}, [%rowa];\n")
	m, err := New(p, "k", Launch{Block: [3]uint32{32, 1, 1}, Params: make([]byte, 16)})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(m, 0)
	for i := 0; i < 2000; i++ {
		snap := s.Snapshot(SnapshotOptions{CTA: -1, Warp: -1})
		if n := snap.FragNext; n != nil {
			if n.Op != "ldmatrix.x2" || len(n.Matrices) != 2 {
				t.Fatalf("preview %+v", n)
			}
			for q := 0; q < 2; q++ {
				for r := 0; r < 8; r++ {
					c := n.Matrices[q].Cells[r]
					if want := fmt.Sprintf("0x%x", perm(8*q+r)*16); c.Lane != 8*q+r || c.Value != want || c.Reg != "%rowa" {
						t.Fatalf("matrix %d row %d: %+v, want lane %d giving %s", q, r, c, 8*q+r, want)
					}
				}
			}
			return
		}
		s.Step()
	}
	t.Fatal("no preview before the ldmatrix")
}
