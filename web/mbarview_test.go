package web

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/sim"
)

func TestMbarRows(t *testing.T) {
	rows := mbarRows([]sim.MbarrierView{{Addr: 0x400, Line: 12, Phase: 3, Parity: 1, Expected: 2, Pending: 1, Tx: 1024, InFlight: 1024, Waiting: []int{1, 3}}})
	want := MbarRow{Addr: "0x400", Phase: "3 (parity 1)", Arrivals: "1 of 2 pending", Tx: "1024", InFlight: "1024 bytes", Waiting: "warp 1, warp 3"}
	got := rows[0]
	got.Title = ""
	if got != want {
		t.Errorf("row %+v, want %+v", got, want)
	}
	lines := bulkLines([]sim.BulkView{
		{Warp: 0, Lane: 0, Line: 56, What: "tensor 2d box 64x8 at (0, 0), 128B swizzle", Bytes: 1024, Space: "shared", Dst: 0, Mbar: 0x400},
		{Warp: 2, Lane: 5, Line: 70, What: "cp.async.bulk", Bytes: 16, Space: "global", Dst: 0x10000000, Mbar: -1, Group: 2},
	})
	if want := "line 56, warp 0 lane 0: tensor 2d box 64x8 at (0, 0), 128B swizzle, 1024 bytes to shared 0x0, completes tx on the mbarrier at 0x400"; lines[0] != want {
		t.Errorf("line %q, want %q", lines[0], want)
	}
	if !strings.HasSuffix(lines[1], "to global 0x10000000, bulk group 2") {
		t.Errorf("line %q", lines[1])
	}
}

// A launch with a tensor map and top-level buffers goes through the form
// and back to the same JSON values.
func TestLaunchFormTensorMap(t *testing.T) {
	src := `{"kernel": "k", "grid": [2, 5], "block": 64,
 "buffers": {"matrix": {"type": "u16", "count": 3840, "fill": "iota"}},
 "args": {"m": {"type": "tensormap", "buffer": "matrix", "dtype": "u16", "dims": [96, 40], "strides": [192], "box": [64, 8], "swizzle": "128B"},
          "out": {"type": "u16", "count": 16}}}`
	f, err := ParseLaunchForm([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if !f.Args[0].TMap || f.Args[1].TMap || !f.Args[1].Buffer || f.Buffers == "" {
		t.Fatalf("form %+v", f)
	}
	if n := f.Validate([]sim.ParamInfo{{Name: "m", Type: ".b8", Size: 128}, {Name: "out", Type: ".u64", Size: 8}}); n != 0 {
		t.Fatalf("%d errors: %+v", n, f.Args)
	}
	var a, b any
	if err := json.Unmarshal([]byte(src), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(f.JSON()), &b); err != nil {
		t.Fatalf("%v\n%s", err, f.JSON())
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	// grid [2, 5] and block 64 come back in the form's spelling
	ja = []byte(strings.Replace(string(ja), `"block":64`, `"block":64`, 1))
	if string(ja) != string(jb) {
		t.Errorf("round trip:\n%s\n%s", ja, jb)
	}
	f.Args[0].Map = `{"type": "tensormap", "buffer": `
	if f.Validate(nil) == 0 || !strings.Contains(f.Args[0].Err, "a tensor map is a JSON object") {
		t.Errorf("a broken map: %q", f.Args[0].Err)
	}
	f.Blame("args.out: count must be between 0 and 67108864")
	if !strings.Contains(f.Args[1].Err, "count must be") {
		t.Errorf("Blame put %q on out", f.Args[1].Err)
	}
}

func TestBuffersSummary(t *testing.T) {
	got := BuffersSummary(`{"A": {"type": "f16", "count": 6144, "fill": "iota"}, "Bt": {"type": "u32", "data": [1, 2, 3]}}`)
	if want := "A: f16 x 6144, Bt: u32 x 3 (edit them in the JSON view)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
