// share.go: the page's Share and Short link buttons and opening a shared
// state (a permalink's #fragment or a short link /s/{id}); the format is
// core/share's, the service web/server's.

package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/ptxplay/ptxplay/core/share"
	"github.com/ptxplay/ptxplay/examples"
)

// MaxPermalink is the longest permalink the Share button copies; longer
// states get a short link instead (browsers and chat tools cut URLs
// much past this).
const MaxPermalink = 8000

// Sharer is what the Share buttons need from the browser; the wasm entry
// sets PageSharer.
type Sharer interface {
	Page() string                            // the page's address without its fragment: origin + path
	Origin() string                          // scheme://host
	Copy(text string)                        // to the clipboard (best effort)
	Post(body []byte) (id string, err error) // POST /api/share; called off the event loop
}

// PageSharer is the browser's Sharer (nil outside the browser).
var PageSharer Sharer

// lastShared is the last link the page made, shown in #share-url.
var lastShared string

// ShareState is the state a link restores: source, launch, selection,
// breakpoints and step.
func (a *App) ShareState() *share.State {
	st := &share.State{Source: a.Source, Example: a.Example, Breakpoints: append([]int(nil), a.Breaks...)}
	l := bytes.TrimSpace([]byte(a.LaunchJSON))
	if a.JSONErr != "" || len(l) == 0 || l[0] != '{' || !json.Valid(l) {
		l = []byte(a.Launch.JSON())
	}
	st.Launch = json.RawMessage(l)
	if a.CTA >= 0 {
		c := a.CTA
		st.CTA = &c
	}
	if a.Warp >= 0 {
		w := a.Warp
		st.Warp = &w
	}
	if a.S != nil && !a.stale {
		st.Step = a.S.Steps()
	}
	return st
}

// Restore opens a shared state: source, launch, selection and
// breakpoints, then replays to the saved step, bounded by the page's run
// budget like any run. Nothing else runs.
func (a *App) Restore(st *share.State) {
	a.Example, a.Name = "", "kernel.ptx"
	if ex, ok := examples.Get(st.Example); ok && st.Example != "" && ex.Source == st.Source {
		a.Example, a.Name = st.Example, st.Example+".ptx"
	}
	a.Source = st.Source
	a.Breaks = append([]int(nil), st.Breakpoints...)
	a.analyse()
	var l bytes.Buffer // the link holds compact JSON: show it indented
	if json.Indent(&l, st.Launch, "", "  ") != nil {
		l.Reset()
		l.Write(st.Launch)
	}
	a.SetLaunchJSON(l.String())
	a.CTA, a.Warp = -1, -1
	if st.CTA != nil {
		a.CTA = *st.CTA
	}
	if st.Warp != nil {
		a.Warp = *st.Warp
	}
	if !a.Prepare() || st.Step <= 0 {
		return
	}
	start := time.Now()
	const chunk = 4096
	for a.S.Steps() < st.Step && !a.S.Done() && a.S.Machine().Fault() == nil {
		if time.Since(start) >= RunBudget {
			a.after()
			a.RunMsgs = append(a.RunMsgs, Diag{Kind: "budget", Msg: fmt.Sprintf(
				"the link was at step %d; replaying stopped at step %d on the page's %v budget", st.Step, a.S.Steps(), RunBudget)})
			return
		}
		a.S.GoTo(min(a.S.Steps()+chunk, st.Step))
	}
	a.after()
	if a.S.Steps() < st.Step {
		a.RunMsgs = append(a.RunMsgs, Diag{Kind: "note", Msg: fmt.Sprintf(
			"the link was at step %d, but this run ends at step %d", st.Step, a.S.Steps())})
	}
}

// RestoreLink opens a permalink fragment; a damaged link leaves the page
// as it was with the reason shown.
func (a *App) RestoreLink(fragment string) {
	st, err := share.Decode(fragment)
	if err != nil {
		a.RunMsgs = []Diag{{Kind: "error", Msg: "this link cannot be opened: " + err.Error()}}
		return
	}
	a.Restore(st)
}

// RestoreJSON opens a state fetched from the share service.
func (a *App) RestoreJSON(b []byte) {
	st, err := share.Parse(b)
	if err != nil {
		a.DeadLink(err.Error())
		return
	}
	a.Restore(st)
}

// DeadLink opens the page empty, with why the short link (/s/{id}) did
// not open in the diagnostics: an id the service never stored, a damaged
// id, or a service that could not answer. An example's source in the
// editor would read as the link's.
func (a *App) DeadLink(why string) {
	theme, large := a.Theme, a.Large
	*a = App{CTA: -1, Warp: -1, Total: -1, Name: "kernel.ptx", Theme: theme, Large: large}
	a.RunMsgs = []Diag{{Kind: "error", Msg: "this short link cannot be opened: " + why}}
}

// ShortID is the id of a short link path (/s/{id}), or "".
func ShortID(path string) string {
	id, ok := strings.CutPrefix(path, "/s/")
	if !ok || !share.ValidID(id) {
		return ""
	}
	return id
}

// ShortLinkPath reads a page address's path: short is true under /s/, and
// then damaged says why the id is not one (the service answers the page
// with 404 for it).
func ShortLinkPath(path string) (id string, short bool, damaged string) {
	id, short = strings.CutPrefix(path, "/s/")
	if !short {
		return "", false, ""
	}
	if id == "" {
		return "", false, "" // /s/ alone: the page, as at /
	}
	if !share.ValidID(id) {
		shown := id
		if len(shown) > 40 {
			shown = shown[:40] + "…"
		}
		return "", true, fmt.Sprintf("%q is not a short link id (%d characters of A-Z, a-z, 0-9, - and _): was the link cut or changed?", shown, share.IDLen)
	}
	return id, true, ""
}

// Permalink is the page address with the state in its fragment.
func Permalink(page string, st *share.State) (string, error) {
	frag, err := share.Encode(st)
	if err != nil {
		return "", err
	}
	return page + "#" + frag, nil
}

func (c *Root) shareURL() string { return lastShared }

func (c *Root) shared(link, msg string) {
	lastShared = link
	c.A.RunMsgs = []Diag{{Kind: "note", Msg: msg}}
	if PageSharer != nil {
		PageSharer.Copy(link)
	}
}

// SharePermalink copies the permalink, or makes a short link when the
// permalink would be too long.
func (c *Root) SharePermalink() {
	if PageSharer == nil {
		return
	}
	page := PageSharer.Page()
	if ShortID(strings.TrimPrefix(page, PageSharer.Origin())) != "" { // opened from /s/{id}
		page = PageSharer.Origin() + "/"
	}
	link, err := Permalink(page, c.A.ShareState())
	if err != nil {
		c.A.RunMsgs = []Diag{{Kind: "error", Msg: "cannot share: " + err.Error()}}
		return
	}
	if len(link) > MaxPermalink {
		c.shortLink(fmt.Sprintf("the permalink would be %d characters (links over %d are cut by many tools): ", len(link), MaxPermalink))
		return
	}
	c.shared(link, "Permalink copied: anyone opening it sees this source, launch and step.")
}

// ShortLink stores the state with the share service and copies /s/{id}.
func (c *Root) ShortLink() { c.shortLink("") }

func (c *Root) shortLink(why string) {
	if PageSharer == nil {
		return
	}
	body, err := c.A.ShareState().Canonical()
	if err != nil {
		c.A.RunMsgs = []Diag{{Kind: "error", Msg: "cannot share: " + err.Error()}}
		return
	}
	c.A.RunMsgs = []Diag{{Kind: "note", Msg: why + "making a short link…"}}
	sh, env, origin := PageSharer, c.Env, PageSharer.Origin()
	go func() { // the request blocks: never on the event loop
		id, err := sh.Post(body)
		if env != nil {
			env.Lock()
			defer env.UnlockRender()
		}
		if err != nil {
			c.A.RunMsgs = []Diag{{Kind: "error", Msg: "the short link could not be made: " + err.Error()}}
			return
		}
		c.shared(origin+"/s/"+id, why+"short link copied.")
	}()
}
