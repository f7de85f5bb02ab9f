package launch

// hold_test.go: Options.HoldOutput (the CLI's) leaves the buffers made by
// a fill in the machine and reads them from there only when printed. What
// a caller sees must be what Collect's Data gives: the same JSON, byte
// for byte, of every buffer and of the changed ones, the same Changed,
// the same Values.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// holdCases are the kernels with a launch that the repository carries:
// the examples, the run and GPU test cases and the benchmark kernels.
func holdCases(t *testing.T) [][2]string {
	t.Helper()
	var cases [][2]string
	for _, g := range []string{"../../examples/*/kernel.ptx", "../../testdata/run/*/kernel.ptx", "../../testdata/gpu/*/kernel.ptx"} {
		ks, _ := filepath.Glob(g)
		for _, k := range ks {
			l := filepath.Join(filepath.Dir(k), "launch.json")
			if _, err := os.Stat(l); err == nil {
				cases = append(cases, [2]string{k, l})
			}
		}
	}
	ks, _ := filepath.Glob("benchdata/*.ptx")
	for _, k := range ks {
		cases = append(cases, [2]string{k, k[:len(k)-len(".ptx")] + ".json"})
	}
	if len(cases) < 60 {
		t.Fatalf("found %d kernels with a launch, expected the examples and test cases", len(cases))
	}
	return cases
}

func TestHoldOutputPrintsTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example twice")
	}
	held := 0
	for _, c := range holdCases(t) {
		src, err := os.ReadFile(c[0])
		if err != nil {
			t.Fatal(err)
		}
		spec, err := os.ReadFile(c[1])
		if err != nil {
			t.Fatal(err)
		}
		ref := Run(c[0], src, spec, Options{})
		got := Run(c[0], src, spec, Options{HoldOutput: true})
		compareHeld(t, c[0], ref, got)
		for _, b := range got.Buffers {
			if b.held {
				held++
			}
		}
	}
	if held < 30 {
		t.Errorf("only %d buffers held in the machine: the cases do not test HoldOutput", held)
	}
}

// compareHeld: the JSON of every buffer and of the changed ones, Changed
// and Values are the same in ref (Collect's Data) and got (HoldOutput).
func compareHeld(t *testing.T, name string, ref, got *Result) {
	t.Helper()
	if ref.OK != got.OK || fmt.Sprint(ref.Names) != fmt.Sprint(got.Names) {
		t.Fatalf("%s: ok %v names %v, held: ok %v names %v", name, ref.OK, ref.Names, got.OK, got.Names)
	}
	var changed []string
	for _, n := range ref.Names {
		if ref.Buffers[n].Changed != got.Buffers[n].Changed {
			t.Errorf("%s: buffer %s Changed %v, held %v", name, n, ref.Buffers[n].Changed, got.Buffers[n].Changed)
		}
		if ref.Buffers[n].Changed {
			changed = append(changed, n)
		}
	}
	for _, names := range [][]string{changed, ref.Names} {
		r, g := *ref, *got
		r.Names, g.Names = names, names
		if rb, gb := r.JSON(), g.JSON(); !bytes.Equal(rb, gb) {
			t.Errorf("%s: JSON of %v differs when held, first at byte %d:\n%.200s\nheld:\n%.200s", name, names, firstDiff(rb, gb), rb[max(0, firstDiff(rb, gb)-40):], gb[max(0, firstDiff(rb, gb)-40):])
		}
		if r.OutputBound() != g.OutputBound() {
			t.Errorf("%s: OutputBound %d, held %d", name, r.OutputBound(), g.OutputBound())
		}
	}
	for _, n := range ref.Names {
		rv, gv := ref.Buffers[n].Data, got.Buffers[n].Values()
		if len(rv) != len(gv) || firstDiffU64(rv, gv) >= 0 {
			t.Errorf("%s: buffer %s: Values() differs from Collect's Data (%d and %d elements, first at %d)", name, n, len(gv), len(rv), firstDiffU64(rv, gv))
		}
	}
}

func firstDiffU64(a, b []uint64) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// TestHoldOutputEveryType: a kernel that writes element 0 and element
// n-1 of its first buffer in every element type, beside an untouched
// buffer of the type, filled every way; 3000 elements (more than a
// chunk of 2048) so the held output is read back in two pieces.
func TestHoldOutputEveryType(t *testing.T) {
	const n = 3000
	for _, typ := range []string{"u8", "s8", "b8", "u16", "s16", "b16", "f16", "bf16", "u32", "s32", "b32", "f32", "u64", "s64", "b64", "f64"} {
		es := elemSize(typ)
		st := map[int]string{1: "u8", 2: "u16", 4: "u32", 8: "u64"}[es]
		reg := map[int]string{1: "%rs1", 2: "%rs1", 4: "%r1", 8: "%rd2"}[es]
		mov := map[int]string{1: "u16", 2: "u16", 4: "u32", 8: "u64"}[es]
		// The value 0x..c1 in the type's width: -63 in s8, a negative
		// f16, bf16 and f32, a NaN-free f64.
		src := fmt.Sprintf(`.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 a, .param .u64 b)
{
	.reg .b16 %%rs<2>;
	.reg .b32 %%r<2>;
	.reg .b64 %%rd<4>;
	ld.param.u64 %%rd1, [a];
	mov.%s %s, 0xc1c1;
	st.global.%s [%%rd1], %s;
	st.global.%s [%%rd1+%d], %s;
	ret;
}
`, mov, reg, st, reg, st, (n-1)*es, reg)
		if es == 4 {
			src = replaceOnce(src, "0xc1c1", "0xc1c1c1c1")
		}
		if es == 8 {
			src = replaceOnce(src, "0xc1c1", "0x41c1c1c1c1c1c1c1")
		}
		if es == 1 {
			src = replaceOnce(src, "0xc1c1", "0xc1")
		}
		for _, fill := range []string{``, `, "fill": 7`, `, "fill": "iota"`, `, "data": [1, 2, 3]`} {
			spec := fmt.Sprintf(`{"kernel": "k", "grid": 1, "block": 1, "args": {"a": {"type": %q, "count": %d%s}, "b": {"type": %q, "count": %d%s}}}`, typ, n, fill, typ, n, fill)
			name := fmt.Sprintf("%s%s", typ, fill)
			ref := Run("k.ptx", []byte(src), []byte(spec), Options{})
			if !ref.OK {
				t.Fatalf("%s: %v", name, ref.Errors)
			}
			got := Run("k.ptx", []byte(src), []byte(spec), Options{HoldOutput: true})
			if !ref.Buffers["a"].Changed || ref.Buffers["b"].Changed {
				t.Fatalf("%s: Changed a %v b %v, want true and false", name, ref.Buffers["a"].Changed, ref.Buffers["b"].Changed)
			}
			if fill != `, "data": [1, 2, 3]` && !got.Buffers["b"].held {
				t.Errorf("%s: buffer b not held", name)
			}
			compareHeld(t, name, ref, got)
		}
	}
}

func replaceOnce(s, old, new string) string { return strings.Replace(s, old, new, 1) }
