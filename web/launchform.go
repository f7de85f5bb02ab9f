// launchform.go: the launch panel's form (one row per .param), its JSON
// (the launch contract of DESIGN.md), validation at the field, and the
// "template from params" that fills a launch for any pasted kernel.

package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/sim"
)

// LaunchForm is the launch as the panel edits it: text fields, so that a
// half-typed value stays on screen with its error beside it.
type LaunchForm struct {
	Kernel     string
	Grid       string // "2" or "2, 1, 1"
	Block      string
	Shared     string // shared_mem bytes, "" for none
	Cluster    string // the cluster shape, "" for none (the kernel's directives decide)
	Buffers    string // the top-level "buffers" object as JSON text, "" for none
	Args       []ArgRow
	GridErr    string
	BlockErr   string
	SharedErr  string
	ClusterErr string
	BufErr     string
	KernelErr  string
}

// ArgRow is one kernel parameter's argument.
type ArgRow struct {
	Name   string
	PType  string // the parameter's declared type (".u64"), "" if unknown
	Buffer bool   // a buffer (its address is passed) or a scalar
	TMap   bool   // a tensor map (Map holds its JSON object)
	Map    string
	Value  string // scalar
	Type   string // buffer element type, without the dot
	Data   string // buffer elements, comma-separated
	Count  string
	Fill   string
	Err    string
}

// ElemTypes are the buffer element types the form offers.
var ElemTypes = []string{"u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "b8", "b16", "b32", "b64", "f16", "f32", "f64"}

// ParseLaunchForm reads a launch spec's JSON into a form, keeping the
// arguments' order.
func ParseLaunchForm(data []byte) (*LaunchForm, error) {
	var raw struct {
		Kernel    string          `json:"kernel"`
		Grid      json.RawMessage `json:"grid"`
		Block     json.RawMessage `json:"block"`
		SharedMem json.RawMessage `json:"shared_mem"`
		Cluster   json.RawMessage `json:"cluster"`
		Args      json.RawMessage `json:"args"`
		Buffers   json.RawMessage `json:"buffers"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, jsonErr(data, err)
	}
	f := &LaunchForm{Kernel: raw.Kernel, Grid: dimsText(raw.Grid), Block: dimsText(raw.Block)}
	if len(raw.SharedMem) > 0 && string(raw.SharedMem) != "null" {
		f.Shared = string(raw.SharedMem)
	}
	if len(raw.Cluster) > 0 && string(raw.Cluster) != "null" {
		f.Cluster = dimsText(raw.Cluster)
	}
	if len(raw.Buffers) > 0 && string(raw.Buffers) != "null" {
		f.Buffers = compactJSON(raw.Buffers)
	}
	if len(raw.Args) == 0 || string(raw.Args) == "null" {
		return f, nil
	}
	names, vals, err := orderedObject(raw.Args)
	if err != nil {
		return nil, fmt.Errorf("args: %v", err)
	}
	for i, name := range names {
		row := ArgRow{Name: name}
		v := bytes.TrimSpace(vals[i])
		if len(v) > 0 && v[0] == '{' && isTensorMapJSON(v) {
			row.TMap, row.Map = true, compactJSON(v)
		} else if len(v) > 0 && v[0] == '{' {
			var b struct {
				Type  string            `json:"type"`
				Data  []json.RawMessage `json:"data"`
				Count json.RawMessage   `json:"count"`
				Fill  json.RawMessage   `json:"fill"`
			}
			d := json.NewDecoder(bytes.NewReader(v))
			d.DisallowUnknownFields()
			if err := d.Decode(&b); err != nil {
				return nil, fmt.Errorf("args.%s: %v", name, err)
			}
			row.Buffer = true
			row.Type = strings.TrimPrefix(b.Type, ".")
			var items []string
			for _, x := range b.Data {
				items = append(items, unquote(x))
			}
			row.Data = strings.Join(items, ", ")
			if len(b.Count) > 0 {
				row.Count = string(b.Count)
			}
			if len(b.Fill) > 0 {
				row.Fill = unquote(b.Fill)
			}
		} else {
			row.Value = unquote(v)
		}
		f.Args = append(f.Args, row)
	}
	return f, nil
}

// isTensorMapJSON reports whether an argument object is a tensor map.
func isTensorMapJSON(v []byte) bool {
	var t struct {
		Type string `json:"type"`
	}
	return json.Unmarshal(v, &t) == nil && t.Type == "tensormap"
}

// compactJSON is v on one line with a space after each comma and colon.
func compactJSON(v []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return string(bytes.TrimSpace(v))
	}
	out := strings.NewReplacer(",", ", ", ":", ": ").Replace(b.String())
	return out
}

// BuffersSummary names each top-level buffer of a "buffers" object with its
// type and element count, for a field too long to show.
func BuffersSummary(js string) string {
	names, vals, err := orderedObject(json.RawMessage(js))
	if err != nil {
		return fmt.Sprintf("%d characters of buffers (edit them in the JSON view)", len(js))
	}
	var parts []string
	for i, n := range names {
		var b struct {
			Type  string            `json:"type"`
			Data  []json.RawMessage `json:"data"`
			Count json.Number       `json:"count"`
		}
		_ = json.Unmarshal(vals[i], &b)
		count := string(b.Count)
		if count == "" {
			count = strconv.Itoa(len(b.Data))
		}
		parts = append(parts, fmt.Sprintf("%s: %s x %s", n, b.Type, count))
	}
	return strings.Join(parts, ", ") + " (edit them in the JSON view)"
}

// TensorMapTemplate is what a row switched to "tensor map" starts with.
const TensorMapTemplate = `{"type": "tensormap", "buffer": "", "dtype": "f16", "dims": [64, 64], "strides": [128], "box": [64, 8], "swizzle": "128B"}`

// jsonErr adds the line of a syntax error.
func jsonErr(data []byte, err error) error {
	if se, ok := err.(*json.SyntaxError); ok {
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return fmt.Errorf("line %d: %v", line, err)
	}
	return err
}

func orderedObject(raw json.RawMessage) ([]string, []json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, nil, fmt.Errorf("must be an object of parameter names")
	}
	var names []string
	var vals []json.RawMessage
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, err
		}
		names = append(names, t.(string))
		vals = append(vals, v)
	}
	return names, vals, nil
}

func unquote(v []byte) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	return string(bytes.TrimSpace(v))
}

func dimsText(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return "1"
	}
	var arr []json.RawMessage
	if json.Unmarshal(raw, &arr) == nil {
		var s []string
		for _, x := range arr {
			s = append(s, string(x))
		}
		return strings.Join(s, ", ")
	}
	return string(raw)
}

// JSON writes the launch spec, arguments in the form's order.
func (f *LaunchForm) JSON() string {
	var b strings.Builder
	b.WriteString("{\n")
	if f.Kernel != "" {
		fmt.Fprintf(&b, "  \"kernel\": %s,\n", quote(f.Kernel))
	}
	fmt.Fprintf(&b, "  \"grid\": %s,\n  \"block\": %s,\n", dimsJSON(f.Grid), dimsJSON(f.Block))
	if c := strings.TrimSpace(f.Cluster); c != "" {
		fmt.Fprintf(&b, "  \"cluster\": %s,\n", dimsJSON(c))
	}
	if s := strings.TrimSpace(f.Shared); s != "" && s != "0" {
		fmt.Fprintf(&b, "  \"shared_mem\": %s,\n", numberOrString(s))
	}
	b.WriteString("  \"args\": {")
	for i, r := range f.Args {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n    %s: ", quote(r.Name))
		if r.TMap {
			b.WriteString(strings.TrimSpace(r.Map))
			continue
		}
		if !r.Buffer {
			b.WriteString(numberOrString(r.Value))
			continue
		}
		fmt.Fprintf(&b, "{\"type\": %s", quote(r.Type))
		if items := splitList(r.Data); len(items) > 0 {
			b.WriteString(", \"data\": [")
			for k, it := range items {
				if k > 0 {
					b.WriteString(", ")
				}
				b.WriteString(numberOrString(it))
			}
			b.WriteString("]")
		}
		if c := strings.TrimSpace(r.Count); c != "" {
			fmt.Fprintf(&b, ", \"count\": %s", numberOrString(c))
		}
		if fl := strings.TrimSpace(r.Fill); fl != "" {
			fmt.Fprintf(&b, ", \"fill\": %s", numberOrString(fl))
		}
		b.WriteString("}")
	}
	if len(f.Args) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("}")
	if bs := strings.TrimSpace(f.Buffers); bs != "" {
		fmt.Fprintf(&b, ",\n  \"buffers\": %s", bs)
	}
	b.WriteString("\n}\n")
	return b.String()
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// numberOrString writes a JSON number when s is one, else a string.
func numberOrString(s string) string {
	s = strings.TrimSpace(s)
	var n json.Number
	if json.Unmarshal([]byte(s), &n) == nil && s != "" {
		return s
	}
	return quote(s)
}

func dimsJSON(s string) string {
	items := splitList(s)
	if len(items) == 0 {
		return "1"
	}
	if len(items) == 1 {
		return numberOrString(items[0])
	}
	var parts []string
	for _, it := range items {
		parts = append(parts, numberOrString(it))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func splitList(s string) []string {
	s = strings.Trim(strings.TrimSpace(s), "[]")
	if strings.TrimSpace(s) == "" {
		return nil
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' })
	return parts
}

// Validate checks every field against the kernel's parameters (when
// known), puts each message at its field, orders the rows as the
// parameters and adds rows for missing ones. It returns the number of
// fields in error.
func (f *LaunchForm) Validate(params []sim.ParamInfo) int {
	bad := 0
	set := func(dst *string, msg string) {
		*dst = msg
		if msg != "" {
			bad++
		}
	}
	var total [2]uint64
	for i, d := range []struct {
		text string
		err  *string
		name string
	}{{f.Grid, &f.GridErr, "grid"}, {f.Block, &f.BlockErr, "block"}} {
		n, msg := checkDims(d.text)
		set(d.err, msg)
		total[i] = n
	}
	if f.BlockErr == "" && total[1] > 1024 {
		set(&f.BlockErr, fmt.Sprintf("a CTA has at most 1024 threads; this block has %d", total[1]))
	}
	f.ClusterErr = ""
	if c := strings.TrimSpace(f.Cluster); c != "" {
		if n, msg := checkDims(c); msg != "" {
			set(&f.ClusterErr, msg)
		} else if n > 16 {
			set(&f.ClusterErr, fmt.Sprintf("a cluster has at most 16 CTAs; this one has %d", n))
		}
	}
	f.SharedErr = ""
	if s := strings.TrimSpace(f.Shared); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err != nil || n < 0 || n > 1<<20 {
			set(&f.SharedErr, "shared memory must be a number of bytes from 0 to 1048576")
		}
	}
	f.BufErr = ""
	if bs := strings.TrimSpace(f.Buffers); bs != "" {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal([]byte(bs), &obj); err != nil {
			set(&f.BufErr, "buffers: an object of buffers, as {\"m\": {\"type\": \"f16\", \"count\": 4096}}")
		}
	}
	if params == nil {
		for i := range f.Args {
			set(&f.Args[i].Err, f.Args[i].check(""))
		}
		return bad
	}
	byName := map[string]ArgRow{}
	for _, r := range f.Args {
		byName[r.Name] = r
	}
	var rows []ArgRow
	for _, p := range params {
		r, ok := byName[p.Name]
		if !ok {
			r = ArgRow{Name: p.Name}
			if p.Ptr && p.Size == 8 {
				r.Buffer, r.Type, r.Count = true, "u32", "32"
			}
		}
		delete(byName, p.Name)
		r.PType = p.Type
		msg := r.check(p.Type)
		if !ok && msg == "" {
			msg = "missing argument: give it a value"
		}
		set(&r.Err, msg)
		rows = append(rows, r)
	}
	for _, r := range f.Args {
		if _, extra := byName[r.Name]; extra {
			r.PType = ""
			set(&r.Err, "the kernel has no parameter "+r.Name+": remove this row")
			rows = append(rows, r)
		}
	}
	f.Args = rows
	return bad
}

func checkDims(s string) (uint64, string) {
	items := splitList(s)
	if len(items) < 1 || len(items) > 3 {
		return 0, "give 1 to 3 positive numbers, as 2 or 2, 1, 1"
	}
	total := uint64(1)
	for _, it := range items {
		n, err := strconv.ParseUint(it, 10, 32)
		if err != nil || n == 0 {
			return 0, fmt.Sprintf("%q is not a positive number", it)
		}
		total *= n
	}
	return total, ""
}

// check validates one argument against its parameter type.
func (r *ArgRow) check(ptype string) string {
	if r.TMap {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal([]byte(r.Map), &obj); err != nil || !isTensorMapJSON([]byte(r.Map)) {
			return "a tensor map is a JSON object {\"type\": \"tensormap\", \"buffer\": ..., \"dtype\": ..., \"dims\": [...], \"strides\": [...], \"box\": [...]}"
		}
		switch ptype {
		case "", ".b8", ".u64", ".s64", ".b64", ".u32", ".s32", ".b32":
			return ""
		}
		return "a tensor map needs a .param .align 64 .b8 [128] parameter or its address in a .u64, this one is " + ptype
	}
	if !r.Buffer {
		if strings.TrimSpace(r.Value) == "" {
			return "give a value"
		}
		return checkScalar(strings.TrimPrefix(ptype, "."), r.Value)
	}
	if ptype != "" && ptype != ".u64" && ptype != ".s64" && ptype != ".b64" && ptype != ".u32" && ptype != ".s32" && ptype != ".b32" {
		return "a buffer's address needs a .u64 or .u32 parameter, this one is " + ptype
	}
	if !contains(ElemTypes, r.Type) {
		return fmt.Sprintf("element type %q: choose one of %s", r.Type, strings.Join(ElemTypes, ", "))
	}
	items := splitList(r.Data)
	for k, it := range items {
		if msg := checkScalar(r.Type, it); msg != "" {
			return fmt.Sprintf("element %d: %s", k, msg)
		}
	}
	if c := strings.TrimSpace(r.Count); c != "" {
		n, err := strconv.ParseInt(c, 10, 64)
		if err != nil || n < 0 || n > 1<<24 {
			return "count must be a number of elements from 0 to 16777216"
		}
	} else if len(items) == 0 {
		return "give data or a count"
	}
	if fl := strings.TrimSpace(r.Fill); fl != "" && fl != "iota" {
		if msg := checkScalar(r.Type, fl); msg != "" {
			return "fill must be iota or a value: " + msg
		}
	}
	return ""
}

var special = map[string]bool{"inf": true, "+inf": true, "-inf": true, "nan": true, "-nan": true, "-0": true}

// checkScalar checks that s is a value of PTX type t ("" if unknown).
func checkScalar(t, s string) string {
	s = strings.TrimSpace(s)
	if t == "" {
		if _, err := strconv.ParseFloat(s, 64); err == nil || special[strings.ToLower(s)] {
			return ""
		}
		if _, err := strconv.ParseInt(s, 0, 64); err == nil {
			return ""
		}
		if _, err := strconv.ParseUint(s, 0, 64); err == nil {
			return ""
		}
		return fmt.Sprintf("%q is not a number", s)
	}
	bits := 0
	if len(t) > 1 {
		bits, _ = strconv.Atoi(t[1:])
	}
	if bits == 0 {
		return ""
	}
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		if _, err := strconv.ParseUint(s[2:], 16, bits); err != nil {
			return fmt.Sprintf("%s does not fit %d bits", s, bits)
		}
		return ""
	}
	switch t[0] {
	case 'f':
		if special[strings.ToLower(s)] {
			return ""
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return fmt.Sprintf("%q is not a number (write 1.5, -0, inf, nan or 0x bits)", s)
		}
		if t == "f32" && math.Abs(v) > math.MaxFloat32 && !math.IsInf(v, 0) {
			return fmt.Sprintf("%s is out of range for f32", s)
		}
		return ""
	case 's', 'u', 'b':
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			lo, hi := -(int64(1) << (bits - 1)), (int64(1)<<(bits-1))-1
			if t[0] != 's' {
				hi = int64(uint64(1)<<bits - 1)
				if bits == 64 {
					hi = math.MaxInt64
				}
			}
			if bits < 64 && (n < lo || n > hi) {
				return fmt.Sprintf("%s does not fit .%s", s, t)
			}
			return ""
		}
		if _, err := strconv.ParseUint(s, 10, bits); err == nil && t[0] != 's' {
			return ""
		}
		return fmt.Sprintf("%q is not a .%s integer", s, t)
	}
	return ""
}

var argInMsg = regexp.MustCompile(`argument "([^"]+)"|^args\.([^.:\[ ]+)`)

// Blame puts a launch error from the core at the row it names.
func (f *LaunchForm) Blame(msg string) {
	if strings.Contains(msg, `"cluster"`) && f.ClusterErr == "" {
		f.ClusterErr = msg
	}
	m := argInMsg.FindStringSubmatch(msg)
	if m == nil {
		if strings.HasPrefix(msg, "buffers") && f.BufErr == "" {
			f.BufErr = msg
		}
		return
	}
	name := m[1] + m[2]
	for i := range f.Args {
		if f.Args[i].Name == name && f.Args[i].Err == "" {
			f.Args[i].Err = msg
		}
	}
}
