// embed.go: the embed mode for course pages (/embed#<permalink> or
// ?embed=1): the kernel read-only with the current line marked, the
// register grid and warp view, and Step / Back / Play at a chosen speed,
// sized for an iframe of 800x500, with a link to the full page.

package web

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/ptxplay/ptxplay/examples"
	"github.com/vugu/vugu"
)

// Embed is the embed page's root component.
type Embed struct {
	A     *App
	Env   vugu.EventEnv // set by the wasm entry; nil in tests (Play then steps once)
	Full  string        // the full page with the same state
	Title string
	Speed int // steps a second while playing
	// Playing is true while Play auto-steps; gen tells an old player
	// goroutine that it was stopped.
	Playing  bool
	gen      int
	scrolled int // the line the listing was last scrolled to (embed_js.go)
}

// EmbedSpeeds are the speeds the menu offers, in steps a second.
var EmbedSpeeds = []int{1, 2, 4, 8, 16, 32, 64}

// EmbedOptions are what an embed URL asks for.
type EmbedOptions struct {
	Embed   bool   // the URL asks for the embed page
	Example string // ?ex=NAME: an example instead of a permalink
	Speed   int    // ?speed=N steps a second (default 4)
	Play    bool   // ?play=1: start playing at once
}

// ParseEmbedURL reads an embed request from the page's path and query:
// /embed (any path ending in /embed or /embed.html) or ?embed=1, with
// ex, speed and play.
func ParseEmbedURL(path, query string) EmbedOptions {
	q, _ := url.ParseQuery(strings.TrimPrefix(query, "?"))
	o := EmbedOptions{Speed: 4}
	p := strings.TrimSuffix(path, "/")
	o.Embed = strings.HasSuffix(p, "/embed") || strings.HasSuffix(p, "/embed.html") || q.Get("embed") == "1" || q.Get("embed") == "true"
	o.Example = q.Get("ex")
	if n, err := strconv.Atoi(q.Get("speed")); err == nil && n > 0 {
		o.Speed = min(n, 1000)
	}
	o.Play = q.Get("play") == "1"
	return o
}

// NewEmbed makes the embed page for app, whose state the caller loaded.
func NewEmbed(a *App, o EmbedOptions, full string) *Embed {
	e := &Embed{A: a, Full: full, Speed: o.Speed, Title: "ptxplay"}
	if ex, ok := examples.Get(a.Example); ok && a.Example != "" {
		e.Title = ex.Title
	}
	return e
}

// EmbedSnippet is the HTML a course page pastes to embed a link.
func EmbedSnippet(embedURL string) string {
	return fmt.Sprintf(`<iframe src="%s" width="800" height="500" style="border:1px solid #ccc" loading="lazy" title="ptxplay"></iframe>`, embedURL)
}

// Step runs one warp instruction; Back undoes one.
func (c *Embed) Step() {
	c.A.Step()
	if c.done() {
		c.stopPlaying()
	}
}

func (c *Embed) Back() {
	c.stopPlaying()
	c.A.Back()
}

// Reset goes back to step 0.
func (c *Embed) Reset() {
	c.stopPlaying()
	c.A.Reset()
}

func (c *Embed) done() bool { return c.A.S != nil && (c.A.S.Done() || c.A.S.Machine().Fault() != nil) }

func (c *Embed) stopPlaying() {
	c.Playing = false
	c.gen++
}

// TogglePlay starts or stops auto-stepping. The player goroutine takes
// the render lock for each step, as Vugu asks of background work.
func (c *Embed) TogglePlay() {
	if c.Playing {
		c.stopPlaying()
		return
	}
	if c.done() {
		c.A.Reset()
	}
	c.Playing = true
	c.gen++
	gen := c.gen
	if c.Env == nil { // tests: no event loop
		c.Step()
		return
	}
	go func() {
		for {
			speed := max(c.Speed, 1)
			time.Sleep(time.Second / time.Duration(speed))
			c.Env.Lock()
			if !c.Playing || c.gen != gen {
				c.Env.UnlockOnly()
				return
			}
			c.Step()
			c.Env.UnlockRender()
		}
	}()
}

func (c *Embed) setSpeed(e vugu.DOMEvent) {
	if n, err := strconv.Atoi(e.PropString("target", "value")); err == nil && n > 0 {
		c.Speed = n
	}
}

func (c *Embed) playLabel() string {
	if c.Playing {
		return "Pause"
	}
	return "Play"
}

// CodeLine is one line of the read-only listing.
type CodeLine struct {
	N     int
	Text  string
	Class string // "cur", "fault" or ""
}

// Lines is the kernel with the shown warp's next line (or the fault's)
// marked.
func (c *Embed) Lines() []CodeLine {
	cur, fault := c.A.CurrentLine()
	src := strings.Split(strings.TrimRight(c.A.Source, "\n"), "\n")
	out := make([]CodeLine, len(src))
	for i, t := range src {
		l := CodeLine{N: i + 1, Text: strings.ReplaceAll(t, "\t", "    ")}
		if i+1 == cur {
			l.Class = "cur"
			if fault {
				l.Class = "fault"
			}
		}
		out[i] = l
	}
	return out
}

// Status is the line under the controls: the last message, or the step.
func (c *Embed) Status() string {
	var msgs []string
	for _, d := range c.A.AllDiags() {
		if d.Kind == "error" || d.Kind == "fault" || d.Kind == "launch" || d.Kind == "done" || d.Kind == "note" || d.Kind == "warning" {
			m := d.Msg
			if d.Line > 0 {
				m = fmt.Sprintf("line %d: %s", d.Line, m)
			}
			msgs = append(msgs, m)
		}
	}
	return strings.Join(msgs, " · ")
}

// warps lists the warps of the shown CTA.
func (c *Embed) warps() []int {
	var ws []int
	if c.A.Snap != nil {
		for _, w := range c.A.Snap.Warps {
			ws = append(ws, w.ID)
		}
	}
	return ws
}

// SetWarp shows warp w (-1 follows the warp that issues next).
func (c *Embed) SetWarp(w int) {
	c.A.Warp = w
	c.scrolled = 0
}

func (c *Embed) setWarp(e vugu.DOMEvent) {
	if n, err := strconv.Atoi(e.PropString("target", "value")); err == nil {
		c.SetWarp(n)
	}
}

func (c *Embed) lineID(n int) string { return "em-line-" + strconv.Itoa(n) }
