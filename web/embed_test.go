package web

import (
	"strings"
	"testing"
)

func TestParseEmbedURL(t *testing.T) {
	tests := []struct {
		path, query string
		want        EmbedOptions
	}{
		{"/", "", EmbedOptions{Speed: 4}},
		{"/embed", "", EmbedOptions{Embed: true, Speed: 4}},
		{"/ptxplay/embed/", "?speed=16&play=1", EmbedOptions{Embed: true, Speed: 16, Play: true}},
		{"/", "?embed=1&ex=vadd", EmbedOptions{Embed: true, Example: "vadd", Speed: 4}},
		{"/index.html", "?ex=lop3_tables&speed=-3", EmbedOptions{Example: "lop3_tables", Speed: 4}},
		{"/embedded", "", EmbedOptions{Speed: 4}},
	}
	for _, tt := range tests {
		if got := ParseEmbedURL(tt.path, tt.query); got != tt.want {
			t.Errorf("ParseEmbedURL(%q, %q) = %+v, want %+v", tt.path, tt.query, got, tt.want)
		}
	}
}

// TestEmbedSteps drives the embed page's controls without a browser: Play
// without an event loop steps once, Back undoes, the listing marks the
// shown warp's next line.
func TestEmbedSteps(t *testing.T) {
	a := NewApp()
	if err := a.LoadExample("divergent_loop"); err != nil {
		t.Fatal(err)
	}
	e := NewEmbed(a, EmbedOptions{Speed: 4}, "/?ex=divergent_loop")
	if e.Title != "Divergent loop" {
		t.Errorf("title %q", e.Title)
	}
	cur := func() int {
		for _, l := range e.Lines() {
			if l.Class == "cur" {
				return l.N
			}
		}
		return 0
	}
	if got := cur(); got != 15 {
		t.Errorf("at step 0 the marked line is %d, want 15 (the first instruction)", got)
	}
	for range 3 {
		e.Step()
	}
	if got := cur(); got != 18 || !strings.Contains(a.StepText(), "step 3") {
		t.Errorf("after 3 steps: line %d, %s", got, a.StepText())
	}
	e.TogglePlay() // no event loop: one step
	if got := cur(); got != 19 {
		t.Errorf("after Play: line %d", got)
	}
	e.TogglePlay() // pause
	if e.Playing {
		t.Error("still playing after the second press")
	}
	e.Back()
	if got := cur(); got != 18 {
		t.Errorf("after Back: line %d", got)
	}
	for !e.done() {
		e.Step()
	}
	if !strings.Contains(e.Status(), "kernel finished") {
		t.Errorf("status at the end: %q", e.Status())
	}
	e.Reset()
	if got := cur(); got != 15 {
		t.Errorf("after Reset: line %d", got)
	}
	if s := EmbedSnippet("https://ptxplay.example/embed#abc"); !strings.Contains(s, `width="800" height="500"`) || !strings.Contains(s, `src="https://ptxplay.example/embed#abc"`) {
		t.Errorf("snippet %s", s)
	}
}

func TestNoteBlocks(t *testing.T) {
	md := "A paragraph\nthat goes on, with `mov.u32 %r5, 0`.\n\n- one item\n  continued\n- two <b>\n\nlast"
	got := NoteBlocks(md)
	if len(got) != 3 || got[0].List || !got[1].List || len(got[1].Items) != 2 || got[2].Items[0] != "last" {
		t.Fatalf("blocks %+v", got)
	}
	if got[0].Items[0] != "A paragraph that goes on, with <code>mov.u32 %r5, 0</code>." {
		t.Errorf("paragraph %q", got[0].Items[0])
	}
	if got[1].Items[0] != "one item continued" || got[1].Items[1] != "two &lt;b&gt;" {
		t.Errorf("items %q", got[1].Items)
	}
}

func TestEmbedWarpChoice(t *testing.T) {
	a := NewApp()
	if err := a.LoadExample("shfl_reduce"); err != nil {
		t.Fatal(err)
	}
	e := NewEmbed(a, EmbedOptions{Speed: 4}, "")
	e.Step() // the CTA starts with the first step
	if ws := e.warps(); len(ws) != 2 {
		t.Fatalf("warps %v, want 2", ws)
	}
	e.SetWarp(1)
	if a.ShownWarp() != 1 {
		t.Errorf("shown warp %d after choosing 1", a.ShownWarp())
	}
	e.SetWarp(-1)
	if a.Warp != -1 {
		t.Errorf("follow: warp %d", a.Warp)
	}
}
