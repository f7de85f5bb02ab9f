// compare.go: checking a result against expected buffers, for tests and
// for golden data taken on a real GPU.

package launch

import (
	"encoding/json"
	"fmt"
	"math"
)

// Expected is the expected-output format of testdata/run: the buffers a
// kernel writes, and optional relative tolerances per buffer.
type Expected struct {
	Buffers map[string]struct {
		Type string            `json:"type"`
		Data []json.RawMessage `json:"data"`
	} `json:"buffers"`
	Tolerance map[string]float64 `json:"tolerance"`
}

// CompareJSON compares a result JSON (as `ptxplay run --json` prints it)
// with an expected JSON and returns the differences (at most a few per
// buffer); nil means they agree. Integers and floats compare bit for bit
// (any NaN matches "nan") unless the buffer has a tolerance.
func CompareJSON(result, expected []byte) ([]string, error) {
	var got struct {
		OK      bool `json:"ok"`
		Errors  []Error
		Buffers map[string]struct {
			Type string            `json:"type"`
			Data []json.RawMessage `json:"data"`
		} `json:"buffers"`
	}
	if err := json.Unmarshal(result, &got); err != nil {
		return nil, fmt.Errorf("result: %v", err)
	}
	var want Expected
	if err := json.Unmarshal(expected, &want); err != nil {
		return nil, fmt.Errorf("expected: %v", err)
	}
	if !got.OK {
		return []string{fmt.Sprintf("run failed: %+v", got.Errors)}, nil
	}
	var diffs []string
	for name, wb := range want.Buffers {
		gb, ok := got.Buffers[name]
		if !ok {
			diffs = append(diffs, "no buffer "+name)
			continue
		}
		if len(gb.Data) != len(wb.Data) {
			diffs = append(diffs, fmt.Sprintf("%s: %d elements, want %d", name, len(gb.Data), len(wb.Data)))
			continue
		}
		bad := 0
		for i := range wb.Data {
			g, err1 := valueBits(gb.Type, gb.Data[i])
			w, err2 := valueBits(gb.Type, wb.Data[i])
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("%s[%d]: %v %v", name, i, err1, err2)
			}
			if g == w || closeEnough(gb.Type, g, w, want.Tolerance[name]) {
				continue
			}
			if bad++; bad <= 5 {
				diffs = append(diffs, fmt.Sprintf("%s[%d] = %s, want %s", name, i, FormatValue(gb.Type, g), FormatValue(gb.Type, w)))
			}
		}
		if bad > 5 {
			diffs = append(diffs, fmt.Sprintf("%s: %d mismatches in all", name, bad))
		}
	}
	return diffs, nil
}

func closeEnough(typ string, g, w uint64, tol float64) bool {
	var gf, wf float64
	switch typ {
	case "f32":
		gf, wf = float64(math.Float32frombits(uint32(g))), float64(math.Float32frombits(uint32(w)))
	case "f64":
		gf, wf = math.Float64frombits(g), math.Float64frombits(w)
	default:
		return false
	}
	if math.IsNaN(gf) && math.IsNaN(wf) {
		return true
	}
	return tol > 0 && math.Abs(gf-wf) <= tol*math.Max(math.Abs(wf), math.SmallestNonzeroFloat32)
}
