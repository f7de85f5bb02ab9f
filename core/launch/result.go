// result.go: the result JSON of the contract.

package launch

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"

	"github.com/ptxplay/ptxplay/core/fp"
)

// JSON renders the result exactly as the contract says: buffers in
// parameter order, exact integers, floats as shortest round-trip numbers
// with "nan", "inf", "-inf" as strings.
func (r *Result) JSON() []byte {
	var b bytes.Buffer
	if !r.OK {
		b.WriteString(`{"ok": false, "errors": [`)
		for i, e := range r.Errors {
			if i > 0 {
				b.WriteString(", ")
			}
			j, _ := json.Marshal(e)
			b.Write(j)
		}
		b.WriteString("]")
		if len(r.Names) > 0 {
			b.WriteString(`, "buffers": `)
			r.writeBuffers(&b)
		}
		if r.Stdout != "" {
			r.writeStdout(&b)
		}
		if r.Machine != nil {
			// The run started: what it did before it stopped (the budget,
			// a fault) is part of the answer.
			s, _ := json.Marshal(r.Stats)
			b.WriteString(`, "stats": `)
			b.Write(s)
		}
		r.writeWarnings(&b)
		b.WriteString("}\n")
		return b.Bytes()
	}
	b.WriteString(`{"ok": true, "buffers": `)
	r.writeBuffers(&b)
	r.writeStdout(&b)
	s, _ := json.Marshal(r.Stats)
	b.WriteString(`, "stats": `)
	b.Write(s)
	r.writeWarnings(&b)
	b.WriteString("}\n")
	return b.Bytes()
}

// writeStdout writes the "stdout" field: the printf output as a string.
func (r *Result) writeStdout(b *bytes.Buffer) {
	s, _ := json.Marshal(r.Stdout)
	b.WriteString(`, "stdout": `)
	b.Write(s)
}

// writeWarnings writes the "warnings" field when there are any: problems
// found before the run that did not stop it (reads of registers nothing
// wrote), in the shape of errors.
func (r *Result) writeWarnings(b *bytes.Buffer) {
	if len(r.Warnings) == 0 {
		return
	}
	j, _ := json.Marshal(r.Warnings)
	b.WriteString(`, "warnings": `)
	b.Write(j)
}

func (r *Result) writeBuffers(b *bytes.Buffer) {
	b.WriteString("{")
	for i, name := range r.Names {
		if i > 0 {
			b.WriteString(", ")
		}
		n, _ := json.Marshal(name)
		b.Write(n)
		buf := r.Buffers[name]
		b.WriteString(`: {"type": "` + buf.Type + `", "data": [`)
		for k, v := range buf.Data {
			if k > 0 {
				b.WriteString(", ")
			}
			b.WriteString(FormatValue(buf.Type, v))
		}
		b.WriteString("]}")
	}
	b.WriteString("}")
}

// FormatValue prints one element as a JSON value.
func FormatValue(t string, v uint64) string {
	var f float64
	switch t {
	case "s8":
		return strconv.FormatInt(int64(int8(v)), 10)
	case "s16":
		return strconv.FormatInt(int64(int16(v)), 10)
	case "s32":
		return strconv.FormatInt(int64(int32(v)), 10)
	case "s64":
		return strconv.FormatInt(int64(v), 10)
	case "f64":
		f = math.Float64frombits(v)
	case "f32":
		f = float64(math.Float32frombits(uint32(v)))
	case "f16", "bf16":
		var s string
		if t == "f16" {
			s = fp.FormatF16(uint16(v))
		} else {
			s = fp.FormatBF16(uint16(v))
		}
		switch s {
		case "nan", "inf", "-inf":
			return `"` + s + `"`
		case "-0":
			return "-0.0" // a bare -0 reads back as the integer 0
		}
		return s
	default:
		return strconv.FormatUint(v, 10)
	}
	switch {
	case math.IsNaN(f):
		return `"nan"`
	case math.IsInf(f, 1):
		return `"inf"`
	case math.IsInf(f, -1):
		return `"-inf"`
	case f == 0 && math.Signbit(f):
		// A bare -0 is an integer to readers that tell integers from
		// floats (Python's json), which loses the sign.
		return "-0.0"
	}
	if t == "f32" {
		return strconv.FormatFloat(f, 'g', -1, 32)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}
