// approxhw.go: the last bit of the f16/bf16 approximate functions as an
// H200 computes them. approx.go rounds the exact value once; for every one
// of the 65,536 inputs of ex2.approx.f16, ex2.approx.ftz.bf16,
// tanh.approx.f16 and tanh.approx.bf16 the GPU's answer is that or one
// unit of the bit pattern above or below (cmd/gpucheck/device/approx.cu;
// no NaN, Inf, zero or sign differs). approx_h200.bin holds, for each
// function, 2 bits an input: 0 the model's answer, 1 one more, 3 one less.
// TestApproxHalfH200 checks the result against the GPU's raw outputs
// (testdata/h200) and rewrites the table with -update.

package fp

import _ "embed"

//go:embed approx_h200.bin
var approxH200 string

// The tables in approx_h200.bin, 16 KiB each.
const (
	hwEx2F16 = iota
	hwEx2BF16
	hwTanhF16
	hwTanhBF16
	hwTables
)

const hwTableBytes = 1 << 16 / 4

// hwHalf corrects the model's result r for input a of table tab.
func hwHalf(tab int, a, r uint16) uint16 {
	if len(approxH200) != hwTables*hwTableBytes {
		return r // not built yet: -update writes the table from the model
	}
	switch approxH200[tab*hwTableBytes+int(a>>2)] >> (2 * (a & 3)) & 3 {
	case 1:
		return r + 1
	case 3:
		return r - 1
	}
	return r
}
