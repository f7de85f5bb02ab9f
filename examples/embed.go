// Package examples holds the runnable demos of the playground: each is a
// directory NAME/ with kernel.ptx, launch.json (the launch contract of
// DESIGN.md) and README.md (a "# Title" line, a "Group: G" line and a few
// lines for the teacher). index.txt gives the menu order.
package examples

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"
	"sync"
)

//go:embed index.txt */kernel.ptx */launch.json */README.md
var files embed.FS

// Example is one demo.
type Example struct {
	Name   string // directory name, stable: links and tests use it
	Title  string // from the README's "# Title" line
	Group  string // from the README's "Group: G" line
	Source string // kernel.ptx
	Launch string // launch.json
	Notes  string // the README after the title and group lines, Markdown
}

var (
	once   sync.Once
	all    []Example
	errAll error
)

// All returns every example in menu order: grouped, groups in the order of
// their first example in index.txt. The slice is shared; do not modify it.
func All() []Example {
	once.Do(func() { all, errAll = load(files) })
	if errAll != nil {
		// The files are embedded at build time and a test loads them, so
		// this is a bug in the tree, not a user error.
		panic("BUG: examples: " + errAll.Error())
	}
	return all
}

// Get returns the example called name.
func Get(name string) (Example, bool) {
	for _, e := range All() {
		if e.Name == name {
			return e, true
		}
	}
	return Example{}, false
}

// Groups returns the group names in menu order.
func Groups() []string {
	var gs []string
	for _, e := range All() {
		if len(gs) == 0 || gs[len(gs)-1] != e.Group {
			gs = append(gs, e.Group)
		}
	}
	return gs
}

func load(fsys fs.FS) ([]Example, error) {
	idx, err := fs.ReadFile(fsys, "index.txt")
	if err != nil {
		return nil, err
	}
	var names []string
	seen := map[string]bool{}
	for i, line := range strings.Split(string(idx), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if seen[line] {
			return nil, fmt.Errorf("index.txt:%d: %s listed twice", i+1, line)
		}
		seen[line] = true
		names = append(names, line)
	}
	// Every directory must be listed, so no example is silently left out.
	dirs, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	for _, d := range dirs {
		if d.IsDir() && !seen[d.Name()] {
			return nil, fmt.Errorf("directory %s is not listed in index.txt", d.Name())
		}
	}
	var exs []Example
	groupAt := map[string]int{} // group -> position of its first example
	for _, n := range names {
		e, err := loadOne(fsys, n)
		if err != nil {
			return nil, err
		}
		if _, ok := groupAt[e.Group]; !ok {
			groupAt[e.Group] = len(groupAt)
		}
		exs = append(exs, e)
	}
	// Stable grouping: groups in order of first appearance, examples in
	// index order within a group.
	out := make([]Example, 0, len(exs))
	for g := 0; g < len(groupAt); g++ {
		for _, e := range exs {
			if groupAt[e.Group] == g {
				out = append(out, e)
			}
		}
	}
	return out, nil
}

func loadOne(fsys fs.FS, name string) (Example, error) {
	e := Example{Name: name}
	read := func(f string) (string, error) {
		b, err := fs.ReadFile(fsys, name+"/"+f)
		return string(b), err
	}
	var err error
	if e.Source, err = read("kernel.ptx"); err != nil {
		return e, err
	}
	if e.Launch, err = read("launch.json"); err != nil {
		return e, err
	}
	readme, err := read("README.md")
	if err != nil {
		return e, err
	}
	lines := strings.SplitN(readme, "\n", 3)
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "# ") || !strings.HasPrefix(lines[1], "Group: ") {
		return e, fmt.Errorf("%s/README.md: want a \"# Title\" line, then a \"Group: G\" line", name)
	}
	e.Title = strings.TrimSpace(lines[0][2:])
	e.Group = strings.TrimSpace(lines[1][len("Group: "):])
	e.Notes = strings.TrimSpace(lines[2])
	if e.Title == "" || e.Group == "" || e.Notes == "" {
		return e, fmt.Errorf("%s/README.md: empty title, group or notes", name)
	}
	return e, nil
}
