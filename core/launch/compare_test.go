package launch

import "testing"

func TestCompareJSON(t *testing.T) {
	result := []byte(`{"ok": true, "buffers": {"x": {"type": "f32", "data": [1, "nan", 0.1, 2.0000002]}, "n": {"type": "s32", "data": [-1, 5]}}, "stats": {}}`)
	tests := []struct {
		desc, expected string
		diffs          int
	}{
		{"equal", `{"buffers": {"x": {"type": "f32", "data": [1, "nan", 0.1, 2.0000002]}, "n": {"type": "s32", "data": [-1, 5]}}}`, 0},
		{"one value off", `{"buffers": {"n": {"type": "s32", "data": [-1, 6]}}}`, 1},
		{"float off by an ulp, no tolerance", `{"buffers": {"x": {"type": "f32", "data": [1, "nan", 0.1, 2]}}}`, 1},
		{"float within tolerance", `{"buffers": {"x": {"type": "f32", "data": [1, "nan", 0.1, 2]}}, "tolerance": {"x": 1e-6}}`, 0},
		{"length", `{"buffers": {"n": {"type": "s32", "data": [-1]}}}`, 1},
		{"missing buffer", `{"buffers": {"y": {"type": "s32", "data": [1]}}}`, 1},
	}
	for _, tt := range tests {
		d, err := CompareJSON(result, []byte(tt.expected))
		if err != nil || len(d) != tt.diffs {
			t.Errorf("%s: diffs %q, err %v; want %d diffs", tt.desc, d, err, tt.diffs)
		}
	}
	if d, _ := CompareJSON([]byte(`{"ok": false, "errors": [{"phase": "run", "message": "boom"}]}`), []byte(`{"buffers": {}}`)); len(d) != 1 {
		t.Errorf("a failed run compares equal: %q", d)
	}
}
