// memview.go: the memory views: every global buffer as a typed table, the
// shared memory of the selected CTA, the local memory of the selected lane,
// and the last memory instruction lane by lane with the coalescing and
// bank-conflict figures the core computes.

package web

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/js"
)

// Memview shows memory. Place it as
//
//	<web:Memview :Snap="c.Snap" :Types="c.BufferTypes" :Warp="c.Warp"></web:Memview>
//
// Snap should be taken with sim.SnapshotOptions{Local: true} for the local
// tab to have data. Types maps each buffer argument to its element type
// ("f32"); BufferTypes makes it from a launch result.
type Memview struct {
	Snap  *sim.Snapshot
	Types map[string]string
	Warp  int // the selected warp; the local tab shows one of its lanes

	Tab  string // "buffers" (default), "shared", "local", "access"
	Lane int    // the lane whose local memory shows
	View View   // how values print
	// RawType is the element type of the shared and local tables.
	RawType string
	// Mark is a sanitizer finding's address (sanitize.go): its elements
	// are lit, and when it changes the view turns to its table and page.
	Mark     *MemMark
	seenMark memAt

	tables map[string]*memTable // by key: "g:NAME", "shared", "local"
	infos  []memTableInfo       // this render's tables
	acc    accessInfo           // this render's access panel (the access tab only)

	// The last memory access seen while stepping one step at a time.
	access     *sim.Access
	accessStep int64
	accessLast *sim.StepInfo
	seenStep   int64
	seenSnap   *sim.Snapshot
}

// BufferTypes returns each buffer argument's element type from a launch
// result (launch.Prepare fills res.Buffers).
func BufferTypes(res *launch.Result) map[string]string {
	if res == nil {
		return nil
	}
	m := make(map[string]string, len(res.Buffers))
	for name, b := range res.Buffers {
		m[name] = strings.TrimPrefix(b.Type, ".")
	}
	return m
}

// Memory tabs.
const (
	tabBuffers = "buffers"
	tabShared  = "shared"
	tabLocal   = "local"
	tabAccess  = "access"
)

var memTabs = []string{tabBuffers, tabShared, tabLocal, tabAccess}

// rawTypes are the element types offered for untyped memory.
var rawTypes = []string{"u8", "u16", "u32", "u64", "s32", "s64", "b32", "b64", "f16", "f32", "f64"}

func (c *Memview) tab() string {
	for _, t := range memTabs {
		if c.Tab == t {
			return t
		}
	}
	return tabBuffers
}

func (c *Memview) tabClass(t string) string {
	if c.tab() == t {
		return "mv-tab on"
	}
	return "mv-tab"
}

func (c *Memview) setTab(t string) { c.Tab = t }

func (c *Memview) rawType() string {
	for _, t := range rawTypes {
		if c.RawType == t {
			return t
		}
	}
	return "u32"
}

func (c *Memview) setRawType(e vugu.DOMEvent) { c.RawType = e.PropString("target", "value") }

func (c *Memview) setView(e vugu.DOMEvent) { c.View = parseView(e.PropString("target", "value")) }

func (c *Memview) setLane(e vugu.DOMEvent) {
	if n, err := strconv.Atoi(e.PropString("target", "value")); err == nil && n >= 0 && n < 32 {
		c.Lane = n
	}
}

// memTableInfo is what the markup needs of one table.
type memTableInfo struct {
	Key    string
	Title  string
	Info   string // type, size, address
	Page   int
	Pages  int
	Wrote  string     // which elements the last step wrote, or ""
	WPage  int        // the page of the first of them
	Empty  string     // why there is no table, or ""
	Copies []copyNote // bulk and tensor copies over it (memview_copy.go)
}

func (c *Memview) table(key string) *memTable {
	if c.tables == nil {
		c.tables = map[string]*memTable{}
	}
	t := c.tables[key]
	if t == nil {
		t = &memTable{}
		c.tables[key] = t
	}
	return t
}

// sources lists the regions the current tab shows, keyed.
func (c *Memview) sources() (keys []string, srcs []memSource, empty string) {
	if c.Snap == nil {
		return nil, nil, "no launch yet"
	}
	switch c.tab() {
	case tabBuffers:
		for _, r := range c.Snap.Memory {
			if r.Space != "global" {
				continue
			}
			typ := c.Types[r.Name]
			if typ == "" {
				typ = "u32"
				if r.Size%4 != 0 {
					typ = "u8"
				}
			}
			keys = append(keys, "g:"+r.Name)
			srcs = append(srcs, memSource{name: r.Name, typ: typ, base: r.Base, mem: r.Mem, written: r.Written, mark: c.markIn("global", r.Base, r.Size), uninit: c.uninitIn("global", r.Base, r.Size)})
		}
		if len(keys) == 0 {
			empty = "the launch has no buffers"
		}
	case tabShared:
		for _, r := range c.Snap.Memory {
			if r.Space == "shared" && r.Size > 0 {
				keys = append(keys, "shared")
				srcs = append(srcs, memSource{name: "shared", typ: c.rawType(), mem: r.Mem, written: r.Written, mark: c.markIn("shared", 0, r.Size), copies: sharedCopies(c.Snap), uninit: c.uninitIn("shared", 0, r.Size)})
			}
		}
		if len(keys) == 0 {
			empty = "this CTA has no shared memory"
			if c.Snap.State == "not started" {
				empty = "this CTA has not started"
			}
		}
	case tabLocal:
		thread := c.Warp*32 + c.Lane
		for _, r := range c.Snap.Memory {
			if r.Space == "local" && r.Thread == thread {
				keys = append(keys, "local")
				srcs = append(srcs, memSource{name: "local", typ: c.rawType(), mem: r.Mem, written: r.Written})
			}
		}
		if len(keys) == 0 {
			empty = fmt.Sprintf("thread %d (warp %d, lane %d) has no local memory", thread, c.Warp, c.Lane)
		}
	}
	return keys, srcs, empty
}

// tables lists the tables of the current tab and brings their sources up
// to date; the markup renders one <table> per entry.
func (c *Memview) tableInfos() []memTableInfo {
	keys, srcs, _ := c.sources()
	infos := make([]memTableInfo, len(keys))
	for i, k := range keys {
		t := c.table(k)
		src := srcs[i]
		t.src = src
		t.page = min(max(t.page, 0), src.pages()-1)
		info := memTableInfo{Key: k, Title: src.name, Page: t.page, Pages: src.pages()}
		info.Info = fmt.Sprintf(".%s × %d (%d bytes)", src.typ, src.count(), src.mem.Len())
		if src.base != 0 {
			info.Info += fmt.Sprintf(" at 0x%x", src.base)
		}
		if first, last, ok := src.writtenElems(); ok {
			if first == last {
				info.Wrote = "wrote [" + strconv.Itoa(first) + "]"
			} else {
				info.Wrote = "wrote [" + strconv.Itoa(first) + "…" + strconv.Itoa(last) + "]"
			}
			info.WPage = first / memPageRows
		}
		info.Copies = copyNotes(&src)
		infos[i] = info
	}
	return infos
}

func (c *Memview) emptyNote() string {
	if c.tab() == tabAccess {
		return ""
	}
	_, _, e := c.sources()
	return e
}

// populate is called by Vugu with a table's element after every render.
func (c *Memview) populate(key string, el js.Value) {
	t := c.table(key)
	if nt := attachJS(t.target, el, t.card, nil); nt != t.target {
		t.target = nt
		t.state = memState{}
		t.drawn = memDrawn{}
	}
	t.draw(t.src, c.View, c.Snap)
}

// pageTo moves a table to page p.
func (c *Memview) pageTo(key string, p int) {
	t := c.table(key)
	t.page = min(max(p, 0), t.src.pages()-1)
}

// goIndex moves a table to the page holding the element typed in.
func (c *Memview) goIndex(key string, e vugu.DOMEvent) {
	if n, err := strconv.Atoi(strings.TrimSpace(e.PropString("target", "value"))); err == nil {
		c.pageTo(key, n/memPageRows)
	}
}

func (i memTableInfo) pageText() string {
	return "page " + strconv.Itoa(i.Page+1) + " / " + strconv.Itoa(i.Pages)
}

func (i memTableInfo) tableID() string { return "mem-" + strings.TrimPrefix(i.Key, "g:") }

// Compute prepares a render (Vugu calls it before Build).
func (c *Memview) Compute() {
	c.followMark()
	c.infos = c.tableInfos()
	// The last access is tracked on every render (a step that is no
	// memory instruction keeps it), but written out only for the access
	// tab, the one place it is shown.
	c.trackAccess()
	c.acc = accessInfo{}
	if c.tab() == tabAccess {
		c.acc = c.accessInfo()
	}
}

// ---- the last memory access ----

// trackAccess keeps the last memory instruction while the user steps one
// step at a time; any jump (back, run, go to) forgets it unless the step
// landed on one.
func (c *Memview) trackAccess() {
	s := c.Snap
	if s == nil || s == c.seenSnap {
		return
	}
	switch {
	case s.Access != nil:
		c.access, c.accessStep, c.accessLast = s.Access, s.Step, s.Last
	case s.Step != c.seenStep+1 && s.Step != c.seenStep:
		c.access = nil
	}
	c.seenSnap, c.seenStep = s, s.Step
}

// accessInfo is the access panel's content.
type accessInfo struct {
	Head     string
	Figures  string
	UnitHead string // "bank" or "sector"
	Lanes    []accessLane
	None     string
}

type accessLane struct {
	Lane  int
	Addr  string
	Size  int
	Where string // buffer[index], or shared byte
	Unit  string // the bank (shared) or 32-byte sector (global)
}

func (c *Memview) accessInfo() accessInfo {
	c.trackAccess()
	a := c.access
	if a == nil {
		return accessInfo{None: "no memory instruction in the last step"}
	}
	var ai accessInfo
	verb := "load"
	if a.Write {
		verb = "store"
	}
	ai.Head = fmt.Sprintf("step %d: %s %s", c.accessStep, a.Space, verb)
	if l := c.accessLast; l != nil {
		ai.Head += fmt.Sprintf(" at line %d: %s (warp %d)", l.Line, l.Text, l.Warp)
	}
	n := len(a.Lanes)
	bytes := 0
	for _, l := range a.Lanes {
		bytes += l.Size
	}
	switch a.Space {
	case "shared":
		if a.Conflict <= 1 {
			ai.Figures = fmt.Sprintf("%s, %d bytes: no bank conflict (one wavefront)", plural(n, "lane"), bytes)
		} else {
			ai.Figures = fmt.Sprintf("%s, %d bytes: %d-way bank conflict (%d wavefronts)", plural(n, "lane"), bytes, a.Conflict, a.Conflict)
		}
	default:
		ideal := (bytes + 31) / 32
		ai.Figures = fmt.Sprintf("%s, %d bytes: %s of 32 B, %s of 128 B (%s at best)", plural(n, "lane"), bytes, plural(a.Sectors, "sector"), plural(a.Lines, "transaction"), plural(ideal, "sector"))
	}
	ai.UnitHead = "sector"
	if a.Space == "shared" {
		ai.UnitHead = "bank"
	}
	lanes := append([]sim.LaneAccess(nil), a.Lanes...)
	sort.SliceStable(lanes, func(i, j int) bool { return lanes[i].Lane < lanes[j].Lane })
	for _, l := range lanes {
		al := accessLane{Lane: l.Lane, Addr: fmt.Sprintf("0x%x", l.Addr), Size: l.Size}
		switch a.Space {
		case "shared":
			al.Where = "byte " + strconv.FormatUint(l.Addr, 10)
			al.Unit = "bank " + strconv.FormatUint(l.Addr/4%32, 10)
		case "global":
			al.Where = c.globalName(l.Addr)
			al.Unit = "sector " + fmt.Sprintf("0x%x", l.Addr/32*32)
		default:
			al.Where = a.Space
		}
		ai.Lanes = append(ai.Lanes, al)
	}
	return ai
}

// globalName names a global address as buffer[index].
func (c *Memview) globalName(addr uint64) string {
	if c.Snap == nil {
		return ""
	}
	for _, r := range c.Snap.Memory {
		if r.Space != "global" || addr < r.Base || addr >= r.Base+uint64(r.Size) {
			continue
		}
		off := int(addr - r.Base)
		typ := c.Types[r.Name]
		if typ == "" {
			return r.Name + " byte " + strconv.Itoa(off)
		}
		es := elemSize(typ)
		s := r.Name + "[" + strconv.Itoa(off/es) + "]"
		if off%es != 0 {
			s += " + " + strconv.Itoa(off%es)
		}
		return s
	}
	return "outside the buffers"
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
