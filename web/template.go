// template.go: "template from params": a sensible launch for any kernel,
// compiler-mangled parameter names included. A parameter whose value
// reaches the address of a load or store becomes a buffer of the type
// that access uses (filled when loaded, zeroed when only stored) and big
// enough for an n x n matrix; integer scalars get n = 64 (a length or a
// matrix side), float scalars 2. A kernel that reads %tid.y or %ctaid.y
// gets a 2-D launch covering 64 x 64 threads, and one with a dynamic
// (.extern) shared array gets shared memory for it.

package web

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/sim"
)

// TemplateThreads is the n of a template launch: 2 CTAs of 32 threads,
// or 4 x 4 CTAs of 16 x 16 for a 2-D kernel; buffers hold n*n elements.
const TemplateThreads = 64

// templateShared is the dynamic shared memory a template gives a kernel
// that declares an .extern .shared array.
const templateShared = 8192

var (
	re2D     = regexp.MustCompile(`%(tid|ctaid|ntid)\.y`)
	reExtern = regexp.MustCompile(`\.extern\s+(\.align\s+\d+\s+)?\.shared`)
)

// paramUse is what the kernel body does with a parameter's value.
type paramUse struct {
	addr   bool   // reaches an address
	elem   string // type of the first access through it
	loaded bool
}

var (
	reInstr   = regexp.MustCompile(`^\s*(?:@!?%?[\w$]+\s+)?([a-z][\w]*)((?:\.[\w]+)*)\s*(.*)$`)
	reReg     = regexp.MustCompile(`%[\w$]+`)
	reParamLd = regexp.MustCompile(`\[\s*([\w$]+)\s*(?:\+\s*\d+\s*)?\]`)
)

// TemplateForm returns a launch for kernel k with parameters ps, reading
// src to tell buffers from scalars.
func TemplateForm(k string, ps []sim.ParamInfo, src string, named bool) *LaunchForm {
	body := kernelBody(src, k)
	uses := scanParams(body)
	f := &LaunchForm{Grid: strconv.Itoa(TemplateThreads / 32), Block: "32"}
	if re2D.MatchString(body) {
		f.Grid, f.Block = "4, 4", "16, 16"
	}
	if reExtern.MatchString(src) {
		f.Shared = strconv.Itoa(templateShared)
	}
	if named {
		f.Kernel = k
	}
	n := strconv.Itoa(TemplateThreads)
	for _, p := range ps {
		u := uses[p.Name]
		row := ArgRow{Name: p.Name, PType: p.Type}
		t := strings.TrimPrefix(p.Type, ".")
		switch {
		case u != nil && u.addr && (p.Size == 8 || p.Size == 4):
			row.Buffer = true
			row.Type = u.elem
			if row.Type == "" {
				row.Type = "u32"
			}
			row.Count = strconv.Itoa(TemplateThreads * TemplateThreads)
			if u.loaded {
				row.Fill = "iota"
			}
		case strings.HasPrefix(t, "f"):
			row.Value = "2"
		default:
			row.Value = n
		}
		f.Args = append(f.Args, row)
	}
	return f
}

// kernelBody is the text of kernel k's definition (the whole source if it
// cannot be found).
func kernelBody(src, k string) string {
	re := regexp.MustCompile(`\.entry\s+` + regexp.QuoteMeta(k) + `\s*\(`)
	loc := re.FindStringIndex(src)
	if loc == nil {
		return src
	}
	rest := src[loc[0]:]
	if end := regexp.MustCompile(`(?m)^\}`).FindStringIndex(rest); end != nil {
		return rest[:end[1]]
	}
	return rest
}

// scanParams follows each parameter's value through moves, conversions
// and arithmetic to the addresses of memory instructions.
func scanParams(body string) map[string]*paramUse {
	uses := map[string]*paramUse{}
	from := map[string]string{} // register -> parameter its value derives from
	for _, line := range strings.Split(body, "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		for _, stmt := range strings.Split(line, ";") {
			m := reInstr.FindStringSubmatch(stmt)
			if m == nil {
				continue
			}
			op, mods, args := m[1], m[2], m[3]
			regs := reReg.FindAllString(args, -1)
			switch {
			case op == "ld" && strings.Contains(mods, ".param"):
				if pm := reParamLd.FindStringSubmatch(args); pm != nil && len(regs) > 0 {
					from[regs[0]] = pm[1]
					if uses[pm[1]] == nil {
						uses[pm[1]] = &paramUse{}
					}
				}
			case op == "ld" || op == "st" || op == "atom" || op == "red" || op == "ldu" || op == "prefetch":
				open, close := strings.Index(args, "["), strings.Index(args, "]")
				if open < 0 || close < open {
					continue
				}
				for _, r := range reReg.FindAllString(args[open:close], -1) {
					if p, ok := from[r]; ok {
						u := uses[p]
						if !u.addr {
							u.addr, u.elem = true, elemOf(mods)
						}
						u.loaded = u.loaded || op != "st"
					}
				}
				if op != "st" && len(regs) > 0 && !strings.HasPrefix(strings.TrimSpace(args), "[") {
					delete(from, regs[0]) // a loaded value is data, not an address
				}
			case len(regs) > 1:
				for _, r := range regs[1:] {
					if p, ok := from[r]; ok {
						from[regs[0]] = p
						break
					}
				}
			}
		}
	}
	return uses
}

// elemOf is the element type of a memory instruction's modifiers.
func elemOf(mods string) string {
	parts := strings.Split(mods, ".")
	for i := len(parts) - 1; i >= 0; i-- {
		if contains(ElemTypes, parts[i]) {
			return parts[i]
		}
	}
	return ""
}
