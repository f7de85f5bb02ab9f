// result.go: the result JSON of the contract.

package launch

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"
	"math"
	"slices"
	"strconv"
	"unsafe"

	"github.com/ptxplay/ptxplay/core/fp"
	"github.com/ptxplay/ptxplay/core/sim"
)

// JSON renders the result exactly as the contract says (see WriteJSON)
// into memory, for callers that need the whole document at once.
func (r *Result) JSON() []byte {
	var b bytes.Buffer
	r.WriteJSON(&b) // a bytes.Buffer never fails to write
	return b.Bytes()
}

// WriteJSON writes the result exactly as the contract says: buffers in
// parameter order, exact integers, floats as shortest round-trip numbers
// with "nan", "inf", "-inf" as strings. It streams: the buffers go out
// element by element through a small reused scratch slice, so the memory
// it takes does not grow with their size (give it a bufio.Writer). It
// returns the first error of w.
func (r *Result) WriteJSON(w io.Writer) error {
	o := &jsonOut{w: w}
	if !r.OK {
		o.str(`{"ok": false, "errors": [`)
		for i, e := range r.Errors {
			if i > 0 {
				o.str(", ")
			}
			o.marshal(e)
		}
		o.str("]")
		if len(r.Names) > 0 {
			o.str(`, "buffers": `)
			r.writeBuffers(o)
		}
		if r.Stdout != "" {
			r.writeStdout(o)
		}
		if r.Machine != nil {
			// The run started: what it did before it stopped (the budget,
			// a fault) is part of the answer.
			o.str(`, "stats": `)
			o.stats(r.Stats)
		}
		r.writeHazards(o)
		r.writeWarnings(o)
		o.str("}\n")
		return o.err
	}
	o.str(`{"ok": true, "buffers": `)
	r.writeBuffers(o)
	r.writeStdout(o)
	o.str(`, "stats": `)
	o.stats(r.Stats)
	r.writeHazards(o)
	r.writeWarnings(o)
	o.str("}\n")
	return o.err
}

// writeHazards writes the "hazards" field when sanitizers ran: the
// findings (sim.Hazard), [] when clean.
func (r *Result) writeHazards(o *jsonOut) {
	if r.Sanitized == 0 {
		return
	}
	o.str(`, "hazards": `)
	if len(r.Hazards) == 0 {
		o.str("[]")
		return
	}
	o.marshal(r.Hazards)
}

// jsonOut writes to w, keeping the first error and skipping every write
// after it.
type jsonOut struct {
	w       io.Writer
	err     error
	scratch []byte // elements waiting to be written, reused
}

func (o *jsonOut) str(s string) {
	if o.err == nil {
		_, o.err = io.WriteString(o.w, s)
	}
}

func (o *jsonOut) write(b []byte) {
	if o.err == nil {
		_, o.err = o.w.Write(b)
	}
}

// marshal writes v as encoding/json renders it (small values only: the
// errors, the statistics, names, the printf output).
func (o *jsonOut) marshal(v any) {
	j, err := json.Marshal(v)
	if err != nil {
		if o.err == nil {
			o.err = err
		}
		return
	}
	o.write(j)
}

// stats writes st as encoding/json renders it ({"warp_instructions":N,
// "thread_instructions":M}), without its reflection: the first Marshal of
// a struct type computes the type's fields, a tenth of the empty kernel's
// JSON. TestStatsAsMarshal holds the two together.
func (o *jsonOut) stats(st sim.Stats) {
	var b [96]byte
	t := append(b[:0], `{"warp_instructions":`...)
	t = strconv.AppendInt(t, st.WarpInstructions, 10)
	t = append(t, `,"thread_instructions":`...)
	t = strconv.AppendInt(t, st.ThreadInstructions, 10)
	o.write(append(t, '}'))
}

// scratchFlush is the size past which the scratch slice is written out;
// scratchCap its capacity, which a run of elements at their widest
// (maxElemChars each, with the ", " before) never passes.
const (
	scratchFlush = 4096
	scratchCap   = scratchFlush + 64
	maxElemChars = 28
)

// writeStdout writes the "stdout" field: the printf output as a string.
func (r *Result) writeStdout(o *jsonOut) {
	o.str(`, "stdout": `)
	o.marshal(r.Stdout)
}

// writeWarnings writes the "warnings" field when there are any: problems
// found before the run that did not stop it (reads of registers nothing
// wrote), in the shape of errors.
func (r *Result) writeWarnings(o *jsonOut) {
	if len(r.Warnings) == 0 {
		return
	}
	o.str(`, "warnings": `)
	o.marshal(r.Warnings)
}

func (r *Result) writeBuffers(o *jsonOut) {
	o.str("{")
	if o.scratch == nil {
		o.scratch = make([]byte, 0, scratchCap)
	}
	for i, name := range r.Names {
		if i > 0 {
			o.str(", ")
		}
		o.marshal(name)
		buf := r.Buffers[name]
		o.str(`: {"type": "`)
		o.str(buf.Type)
		o.str(`", "data": [`)
		// A half takes about 50 ns to format (its shortest decimal), and
		// there are only 65,536: a buffer of 16K elements or more keeps
		// the text of each value it meets, one allocation of 768 KiB (a
		// copy costs a fifth of a search; halves in matrices repeat).
		kind := kindOf(buf.Type)
		var memo []halfText
		if (kind == kF16 || kind == kBF16) && buf.elems() >= 1<<14 {
			memo = make([]halfText, 1<<16)
		}
		// The elements a slice at a time: Data whole, or an output the
		// machine holds (Options.HoldOutput) read a chunk at a time, its
		// 4-byte elements formatted straight from the machine's pages.
		w := elemWriter{o: o, s: o.scratch[:0], kind: kind, memo: memo}
		if buf.held && buf.Data == nil && elemSize(buf.Type) == 4 && memo == nil && nativeLE {
			buf.eachBytes(func(first int, c []byte) bool {
				return writeElems(&w, first, u32s(c))
			})
		} else {
			buf.each(func(first int, d []uint64) bool {
				return writeElems(&w, first, d)
			})
		}
		s := w.s
		if o.err != nil {
			return
		}
		o.write(s)
		o.scratch = s[:0]
		o.str("]}")
	}
	o.str("}")
}

// elemWriter is writeBuffers' state for one buffer: the scratch slice s
// of text not yet written to o, and how the elements print.
type elemWriter struct {
	o    *jsonOut
	s    []byte
	kind valueKind
	memo []halfText
}

// writeElems appends d's elements to w.s (first: d[0]'s index; the
// buffer's first element goes without the ", " before it) in runs that fit
// the scratch's room at the widest, writing the scratch out whenever it
// passes scratchFlush; false after a write error.
func writeElems[E uint32 | uint64](w *elemWriter, first int, d []E) bool {
	s := w.s
	if first == 0 && len(d) > 0 {
		l := len(s)
		s = appendElems(s, w.kind, d[:1], w.memo)
		s = append(s[:l], s[l+2:]...)
		d = d[1:]
	}
	for len(d) > 0 {
		n := min(len(d), (scratchCap-len(s))/maxElemChars)
		if n > 0 {
			s = appendElems(s, w.kind, d[:n], w.memo)
			d = d[n:]
		}
		if len(s) >= scratchFlush || n == 0 {
			w.o.write(s)
			s = s[:0]
			if w.o.err != nil {
				w.s = s
				return false
			}
		}
	}
	w.s = s
	return true
}

// nativeLE: this machine stores integers little-endian, as the
// simulator's memory holds them, so that u32s may view its bytes.
var nativeLE = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// u32s views c (its length a multiple of 4, its start 4-byte aligned: a
// held output's bytes, in the machine's pages) as the 4-byte elements it
// holds, where nativeLE.
func u32s(c []byte) []uint32 {
	if len(c) == 0 {
		return nil
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(c))), len(c)/4)
}

// appendElems appends each element of d after ", ": a loop per kind,
// the halves through memo when it is not nil; floats, integers and their
// ", " written in place (numtext.go) into room made once.
func appendElems[E uint32 | uint64](s []byte, k valueKind, d []E, memo []halfText) []byte {
	if memo != nil {
		for _, e := range d {
			v := uint64(e)
			e := &memo[uint16(v)]
			if e.n == 0 {
				e.n = uint8(len(appendKind(e.b[:0], k, uint64(uint16(v)))))
			}
			s = append(s, ", "...)
			s = append(s, e.b[:e.n]...)
		}
		return s
	}
	s = slices.Grow(s, len(d)*maxElemChars)
	switch k {
	case kF32:
		for _, e := range d {
			v := uint64(e)
			l := len(s)
			b := (*[maxElemChars]byte)(s[l : l+maxElemChars])        // one bounds check: the stores below need none
			binary.LittleEndian.PutUint32(b[:4], ','|' '<<8|'-'<<16) // ", -": the sign used or overwritten
			// Integers and halves from 0.5 to below 10^6 (a large
			// buffer's indices, i + 0.5): plain's text, written here
			// with no call; the rest left to putF32. The range from the
			// bits (positive f32 bits order as their values: [0.5,
			// 10^6) is [0x3f000000, 0x49742400)), then twice the value,
			// exact below 2^24, is an integer n2 where the value is an
			// integer (n2 even) or a half (odd).
			if abs := uint32(v) &^ (1 << 31); abs-0x3f000000 < 0x49742400-0x3f000000 {
				a2 := math.Float32frombits(abs)
				a2 += a2
				if n2 := int32(a2); float32(n2) == a2 {
					x, w := trim8(digits8(uint32(n2) >> 1))
					half := uint64(n2 & 1)
					x |= -half & ('.' | '5'<<8) << (8 * w & 63) // w <= 6: in the word
					w += 2 * int(half)
					i := 2 + int(v>>31&1)
					binary.LittleEndian.PutUint64(b[i:i+8], x)
					s = s[:l+i+w]
					continue
				}
			}
			if w := putF32(b[2:], uint32(v)); w > 0 {
				s = s[:l+2+w]
				continue
			}
			s = appendKind(s[:l+2], k, v) // NaNs, infinities, the rest through strconv
		}
	case kF64:
		for _, e := range d {
			v := uint64(e)
			l := len(s)
			b := s[l : l+maxElemChars]
			b[0], b[1], b[2] = ',', ' ', '-'
			if n, half, ok := wholeF64(v); ok {
				i := 2 + int(v>>63)
				s = s[:l+i+putFloat(b[i:], n, half)]
				continue
			}
			s = appendKind(s[:l+2], k, v)
		}
	case kUnsigned:
		for _, e := range d {
			v := uint64(e)
			l := len(s)
			b := s[l : l+maxElemChars]
			b[0], b[1] = ',', ' '
			s = s[:l+2+putUint(b[2:], v)]
		}
	case kS8, kS16, kS32, kS64:
		sh := 64 - 8*signedBytes[k]
		for _, e := range d {
			v := uint64(e)
			l := len(s)
			b := s[l : l+maxElemChars]
			b[0], b[1] = ',', ' '
			s = s[:l+2+putInt(b[2:], int64(v<<sh)>>sh)] // sign-extended from the type's width
		}
	default: // halves without a memo
		for _, e := range d {
			v := uint64(e)
			s = append(s, ", "...)
			s = appendKind(s, k, v)
		}
	}
	return s
}

// signedBytes is the width of each signed kind.
var signedBytes = [...]uint{kS8: 1, kS16: 2, kS32: 4, kS64: 8}

// halfText is the JSON text of one f16 or bf16 value, at most 10 bytes
// ("-6.104e-05", "-0.0001221", "-3.389e+38").
type halfText struct {
	n uint8
	b [11]byte
}

// FormatValue prints one element as a JSON value.
func FormatValue(t string, v uint64) string {
	var b [32]byte
	return string(AppendValue(b[:0], t, v))
}

// AppendValue appends one element as a JSON value to dst (FormatValue
// without the string).
func AppendValue(dst []byte, t string, v uint64) []byte {
	return appendKind(dst, kindOf(t), v)
}

// valueKind is how an element type prints: the switch on the type's name
// done once a buffer, not once an element.
type valueKind uint8

const (
	kUnsigned valueKind = iota
	kS8
	kS16
	kS32
	kS64
	kF16
	kBF16
	kF32
	kF64
)

func kindOf(t string) valueKind {
	switch t {
	case "s8":
		return kS8
	case "s16":
		return kS16
	case "s32":
		return kS32
	case "s64":
		return kS64
	case "f16":
		return kF16
	case "bf16":
		return kBF16
	case "f32":
		return kF32
	case "f64":
		return kF64
	}
	return kUnsigned
}

func appendKind(dst []byte, k valueKind, v uint64) []byte {
	var f float64
	switch k {
	case kS8:
		return strconv.AppendInt(dst, int64(int8(v)), 10)
	case kS16:
		return strconv.AppendInt(dst, int64(int16(v)), 10)
	case kS32:
		return strconv.AppendInt(dst, int64(int32(v)), 10)
	case kS64:
		return strconv.AppendInt(dst, int64(v), 10)
	case kF64:
		f = math.Float64frombits(v)
	case kF32:
		f = float64(math.Float32frombits(uint32(v)))
	case kF16, kBF16:
		n := len(dst)
		if k == kF16 {
			dst = fp.AppendF16(dst, uint16(v))
		} else {
			dst = fp.AppendBF16(dst, uint16(v))
		}
		switch string(dst[n:]) {
		case "nan":
			return append(dst[:n], `"nan"`...)
		case "inf":
			return append(dst[:n], `"inf"`...)
		case "-inf":
			return append(dst[:n], `"-inf"`...)
		case "-0":
			return append(dst[:n], "-0.0"...) // a bare -0 reads back as the integer 0
		}
		return dst
	default:
		return strconv.AppendUint(dst, v, 10)
	}
	switch {
	case math.IsNaN(f):
		return append(dst, `"nan"`...)
	case math.IsInf(f, 1):
		return append(dst, `"inf"`...)
	case math.IsInf(f, -1):
		return append(dst, `"-inf"`...)
	}
	// Zeros (a bare -0 is an integer to readers that tell integers from
	// floats, Python's json, which loses the sign: "-0.0"), integers and
	// halves (iota fills, counts, x + 0.5): written without strconv's
	// digit search (putFloat says why the text is the same).
	var t [maxElemChars]byte
	w := 0
	if k == kF32 {
		w = putF32(t[:], uint32(v))
	} else {
		w = putF64(t[:], v)
	}
	if w > 0 {
		return append(dst, t[:w]...)
	}
	if k == kF32 {
		return strconv.AppendFloat(dst, f, 'g', -1, 32)
	}
	return strconv.AppendFloat(dst, f, 'g', -1, 64)
}
