package web

import (
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/bits"
	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/ptx"
	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/ptxplay/ptxplay/examples"
)

func TestVizFromLine(t *testing.T) {
	regs := map[string]uint64{"%r2": 0x33221100, "%r3": 0xf7e6d5c4, "%r4": 0x5140, "%r1": 2, "%rd1": 0x1122334455667788}
	look := func(n string) (uint64, bool) { v, ok := regs[n]; return v, ok }
	tests := []struct {
		line  string
		check func(v *Viz) bool
	}{
		{"\tprmt.b32         %r5, %r2, %r3, %r4;      // generic", func(v *Viz) bool {
			return v.Kind == "prmt" && v.Mode == bits.PrmtGeneric && v.C == 0x5140 && v.Result() == 0xd511c400
		}},
		{"\tprmt.b32.ecl     %r9, %r2, %r3, %r1;", func(v *Viz) bool { return v.Mode == bits.PrmtECL && v.C == 2 }},
		{"@%p1 prmt.b32 %r5, %r2, 0, 0x0123;", func(v *Viz) bool { return v.B == 0 && v.C == 0x0123 && v.Result() == 0x00112233 }},
		{"L1: lop3.b32 %r5, %r2, %r3, %r4, 0x96;", func(v *Viz) bool { return v.Kind == "lop3" && v.Lut == 0x96 && v.Expr == "a ^ b ^ c" }},
		{"lop3.or.b32 %r5|%p2, %r2, %r3, %r4, 0xe8, %p1;", func(v *Viz) bool { return v.Lut == 0xe8 && v.Names[0] == "%r2" }},
		{"shf.l.clamp.b32 %r8, %r2, %r3, %r1;", func(v *Viz) bool { return v.Kind == "shf" && v.Left && v.Clamp && v.C == 2 }},
		{"shf.r.wrap.b32 %r8, %r2, %r3, 40;", func(v *Viz) bool { return !v.Left && !v.Clamp && v.C == 40 }},
		{"bfe.s64 %rd2, %rd1, 8, 12;", func(v *Viz) bool {
			return v.Kind == "bfe" && v.Signed && v.Width == 64 && v.A == 0x1122334455667788 && v.Result() == 0x677
		}},
		{"bfe.u32 %r6, %r2, %r1, 8;", func(v *Viz) bool {
			return !v.Signed && v.Width == 32 && v.Result() == 0x40 /* 0x33221100 >> 2 = 0x0cc88440 */
		}},
		{"bfi.b32 %r6, %r1, %r2, 4, 8;", func(v *Viz) bool { return v.Kind == "bfi" && v.Result() == 0x33221020 }},
	}
	for _, tt := range tests {
		v := VizFromLine(tt.line, look)
		if v == nil || !tt.check(v) {
			t.Errorf("VizFromLine(%q) = %+v (result %#x)", tt.line, v, func() uint64 {
				if v == nil {
					return 0
				}
				return v.Result()
			}())
		}
	}
	for _, line := range []string{"add.s32 %r1, %r2, %r3;", "prmt.b32 %r5, %r2, %r9, %r4;", "// prmt.b32 %r5, %r2, %r3, %r4;", ""} {
		if v := VizFromLine(line, look); v != nil {
			t.Errorf("VizFromLine(%q) = %+v, want nil", line, v)
		}
	}
}

func TestVizLop3Edits(t *testing.T) {
	v := NewViz("lop3")
	if v.Lut != 0xe8 || v.LutName() == "" {
		t.Fatalf("new lop3: %#x %q", v.Lut, v.LutName())
	}
	v.ToggleRow(0) // a = b = c = 0 now gives 1
	if v.Lut != 0xe9 || v.LutHex() != "0xe9" {
		t.Errorf("after toggling row 0: %s", v.LutHex())
	}
	if lut, err := bits.ParseLogic(v.Expr); err != nil || lut != 0xe9 {
		t.Errorf("expression %q after the toggle: %#x, %v", v.Expr, lut, err)
	}
	if rows := v.Lop3Rows(); rows[0].Out != 1 || rows[7].Out != 1 || rows[1].Out != 0 || rows[6].A != 1 || rows[6].C != 0 {
		t.Errorf("rows: %+v", rows)
	}
	v.SetExpr("a & ~b | c")
	if v.Lut != 0xba || v.Err != "" {
		t.Errorf("SetExpr: %#x %q", v.Lut, v.Err)
	}
	v.SetExpr("a & | c")
	if v.Lut != 0xba || !strings.Contains(v.Err, "col 5") {
		t.Errorf("bad expression: lut %#x, err %q", v.Lut, v.Err)
	}
	v.Set("lut", "0xCA")
	if v.Lut != 0xca || v.Expr != bits.DescribeLut(0xca) || !strings.HasPrefix(v.LutName(), "select") {
		t.Errorf("Set lut: %#x %q %q", v.Lut, v.Expr, v.LutName())
	}
	v.Set("lut", "300")
	if v.Lut != 0xca || v.Err == "" {
		t.Errorf("lut 300 accepted: %#x %q", v.Lut, v.Err)
	}
}

func TestVizPrmtEdits(t *testing.T) {
	v := NewViz("prmt") // a = 0x33221100, b = 0xf7e6d5c4, c = 0x5140
	v.SetNibble(0, "7")
	if v.C != 0x5147 || v.PrmtDestBytes()[3] != "f7" {
		t.Errorf("nibble 0 = 7: c %#x, bytes %v", v.C, v.PrmtDestBytes())
	}
	v.SetNibble(3, "c") // sign of b.b0 (0xc4 < 0)
	if v.C != 0xc147 || v.PrmtDestBytes()[0] != "ff" {
		t.Errorf("nibble 3 = c: c %#x, bytes %v", v.C, v.PrmtDestBytes())
	}
	svg := v.PrmtSVG()
	for _, want := range []string{`id="prmt-dst-0" class="viz-byte dst" data-value="f7"`, `id="prmt-route-3" class="viz-route sign" data-src="4"`, `id="prmt-src-7" class="viz-byte used" data-value="f7"`} {
		if !strings.Contains(svg, want) {
			t.Errorf("svg lacks %s", want)
		}
	}
	v.SetNibble(1, "g")
	if v.Err == "" || v.C != 0xc147 {
		t.Errorf("nibble g accepted: %#x", v.C)
	}
	v.SetMode(".b4e")
	if n := v.PrmtNibbles(); len(n) != 1 || v.Result() != uint64(bits.Prmt(0x33221100, 0xf7e6d5c4, 0xc147, bits.PrmtB4E)) {
		t.Errorf("b4e: nibbles %+v", n)
	}
	v.SetNibble(0, "2")
	if v.C&3 != 2 {
		t.Errorf("mode selector: c %#x", v.C)
	}
}

func TestVizBits(t *testing.T) {
	for _, k := range []string{"shf", "bfe", "bfi"} {
		v := NewViz(k)
		svg := v.BitsSVG()
		if n := strings.Count(svg, `id="`+k+`-d-`); n != 32 {
			t.Errorf("%s: %d result bits drawn, want 32", k, n)
		}
		if v.BitsCaption() == "" {
			t.Errorf("%s: no caption", k)
		}
	}
	v := NewViz("bfe")
	v.SetOption("wide", true)
	v.Set("a", "0x8000000000000000")
	v.Set("pos", "60")
	v.Set("len", "8")
	if v.Result() != 0xfffffffffffffff8 || strings.Count(v.BitsSVG(), `id="bfe-d-`) != 64 {
		t.Errorf("bfe.s64 of the top nibble: %#x", v.Result())
	}
	if !strings.Contains(v.BitsCaption(), "4 bits of a from bit 60") {
		t.Errorf("caption %q", v.BitsCaption())
	}
}

// TestVizFromSnapshot steps the prmt example to its .f4e line and reads
// lane 2's operands from the snapshot, then checks that the visualizer's
// result is what the machine then writes.
func TestVizFromSnapshot(t *testing.T) {
	ex, _ := examples.Get("prmt_modes")
	mod, _ := ptx.Parse("k.ptx", []byte(ex.Source))
	cp, errs := check.Check(mod)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	p, err := sim.Load(cp)
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := launch.ParseSpec([]byte(ex.Launch))
	m, err := launch.Prepare(p, spec, &launch.Result{Buffers: map[string]*launch.Buffer{}})
	if err != nil {
		t.Fatal(err)
	}
	s := sim.NewSession(m, 0)
	const f4eLine = 25
	for i := 0; i < 100; i++ {
		snap := s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0})
		if w := findWarp(snap, 0); w != nil && w.Line == f4eLine {
			v := VizFromSnapshot(snap, 0, 2, ex.Source)
			if v == nil || v.Kind != "prmt" || v.Mode != bits.PrmtF4E || v.C != 2 || !strings.HasPrefix(v.Origin, "warp 0 lane 2, line 25: prmt.b32.f4e") {
				t.Fatalf("VizFromSnapshot: %+v", v)
			}
			s.Step()
			after := s.Snapshot(sim.SnapshotOptions{CTA: -1, Warp: 0})
			for _, r := range findWarp(after, 0).Regs {
				if r.Name == "%r6" && r.Values[2] != v.Result() {
					t.Errorf("the machine wrote %#x, the visualizer shows %#x", r.Values[2], v.Result())
				}
			}
			if v := VizFromSnapshot(after, 0, 2, ex.Source); v == nil || v.Mode != bits.PrmtB4E {
				t.Errorf("next line: %+v", v)
			}
			return
		}
		s.Step()
	}
	t.Fatal("never reached line 25")
}

// TestVizPanelFollows: the panel opens on each prmt of the example, keeps
// the last one (marked) after the warp moves on, and closes for new source.
func TestVizPanelFollows(t *testing.T) {
	a := NewApp()
	if err := a.LoadExample("prmt_modes"); err != nil {
		t.Fatal(err)
	}
	c := &Viz_panel{Lane: 2}
	build := func() {
		c.Snap, c.Warp, c.Source = a.Snap, a.ShownWarp(), a.Source
		c.BeforeBuild()
	}
	build()
	if c.V != nil {
		t.Fatalf("at step 0 (line 17, a mov) the panel shows %+v", c.V)
	}
	for range 13 { // to line 30: prmt.b32.rc16
		a.Step()
	}
	build()
	if c.V == nil || c.V.Mode != bits.PrmtRC16 || c.V.Earlier {
		t.Fatalf("on line 30: %+v", c.V)
	}
	a.Step() // line 31: ld.param
	build()
	if c.V == nil || !c.V.Earlier || !strings.HasPrefix(c.V.Origin, "earlier step: warp 0 lane 2, line 30") {
		t.Fatalf("after stepping past: %+v", c.V)
	}
	c.Source = "// another kernel\n"
	c.BeforeBuild()
	if c.V != nil {
		t.Errorf("new source kept %+v", c.V)
	}
}

// TestSourceLine: line n of a source as splitting it on newlines gives it.
func TestSourceLine(t *testing.T) {
	for _, src := range []string{"", "a", "a\n", "a\nb", "a\r\nb\n\nc", "\n\n", "x\ny\nz\n"} {
		lines := strings.Split(src, "\n")
		for n := 0; n <= len(lines)+1; n++ {
			got, ok := sourceLine(src, n)
			wantOK := n >= 1 && n <= len(lines)
			want := ""
			if wantOK {
				want = lines[n-1]
			}
			if got != want || ok != wantOK {
				t.Errorf("sourceLine(%q, %d) = %q, %v; want %q, %v", src, n, got, ok, want, wantOK)
			}
		}
	}
}
