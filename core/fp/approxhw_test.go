package fp

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"flag"
	"io"
	"os"
	"testing"
)

var updateH200 = flag.Bool("update", false, "rewrite approx_h200.bin from testdata/h200")

// TestApproxHalfH200: for every input, ex2.approx.f16, ex2.approx.ftz.bf16,
// tanh.approx.f16 and tanh.approx.bf16 (and their x2 forms, half by half)
// give what an H200 gave (testdata/h200: device/approx.cu's raw outputs,
// gzipped), and the model under them is never more than one unit away.
func TestApproxHalfH200(t *testing.T) {
	fns := []struct {
		file  string
		model func(uint16) uint16
		fn    func(uint16) uint16
		x2    func(uint32) uint32
	}{
		{"ex2_f16", ex2ApproxF16Model, Ex2ApproxF16, Ex2ApproxF16x2},
		{"ex2_ftz_bf16", ex2ApproxBF16Model, Ex2ApproxBF16, Ex2ApproxBF16x2},
		{"tanh_f16", tanhApproxF16Model, TanhApproxF16, TanhApproxF16x2},
		{"tanh_bf16", tanhApproxBF16Model, TanhApproxBF16, TanhApproxBF16x2},
	}
	table := make([]byte, hwTables*hwTableBytes)
	for k, f := range fns {
		gpu := readGz(t, "testdata/h200/"+f.file+".bin.gz")
		if len(gpu) != 2<<16 {
			t.Fatalf("%s: %d bytes", f.file, len(gpu))
		}
		bad := 0
		for i := 0; i < 1<<16; i++ {
			a := uint16(i)
			want := binary.LittleEndian.Uint16(gpu[2*i:])
			m := f.model(a)
			switch want - m {
			case 0:
			case 1:
				table[k*hwTableBytes+i>>2] |= 1 << (2 * (i & 3))
			case 0xffff:
				table[k*hwTableBytes+i>>2] |= 3 << (2 * (i & 3))
			default:
				t.Errorf("%s(%#04x): GPU %#04x, the model %#04x: more than one unit apart", f.file, a, want, m)
			}
			if *updateH200 {
				continue
			}
			got := f.fn(a)
			got2 := f.x2(uint32(a) | uint32(a)<<16)
			if (got != want || got2 != uint32(want)|uint32(want)<<16) && bad < 5 {
				bad++
				t.Errorf("%s(%#04x) = %#04x (x2 %#08x), the H200 gives %#04x", f.file, a, got, got2, want)
			}
		}
	}
	if *updateH200 {
		if err := os.WriteFile("approx_h200.bin", table, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Log("wrote approx_h200.bin")
	} else if !bytes.Equal([]byte(approxH200), table) {
		t.Error("approx_h200.bin is not the table the GPU's outputs give: go test ./core/fp -run TestApproxHalfH200 -update")
	}
}

func readGz(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
