package sim

import "testing"

// TestSregFourthElement: the id and shape special registers are .v4 whose
// fourth element (.w) is unused and reads 0, whatever the launch; it took
// the simulator down before (an index past the three dimensions).
func TestSregFourthElement(t *testing.T) {
	body := `	mov.u32 %r0, %tid.w;
	mov.u32 %r1, %ntid.w;
	mov.u32 %r2, %ctaid.w;
	mov.u32 %r3, %nctaid.w;
	mov.u32 %r4, %ntid.x;
	cvt.u64.u32 %rd1, %r0;
	st.global.u64 [%oa], %rd1;
	cvt.u64.u32 %rd1, %r1;
	st.global.u64 [%oa+256], %rd1;
	cvt.u64.u32 %rd1, %r2;
	st.global.u64 [%oa+512], %rd1;
	cvt.u64.u32 %rd1, %r3;
	st.global.u64 [%oa+768], %rd1;
	cvt.u64.u32 %rd1, %r4;
	st.global.u64 [%oa+1024], %rd1;
`
	out := runHarness(t, compileHarness(t, "", "", body), nil, 5)
	for lane := 0; lane < 32; lane++ {
		for k, want := range []uint64{0, 0, 0, 0, 32} {
			if out[k][lane] != want {
				t.Fatalf("lane %d value %d = %d, want %d", lane, k, out[k][lane], want)
			}
		}
	}
}
