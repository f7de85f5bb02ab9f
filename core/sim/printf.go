// printf.go: vprintf, the device-side printf of the CUDA runtime.
//
// Compilers lower printf(fmt, ...) to vprintf(fmt, buf): fmt is a generic
// address of the NUL-terminated format string (in the module's .global or
// .const data), buf a generic address of the arguments packed one after
// another, each aligned to its own size, with floats promoted to double
// and narrower integers to int. vprintf returns the number of arguments
// it read, or -1 when the format is invalid. The output of a launch goes
// to one buffer in the order the simulated threads made the calls (lane
// order within a warp), up to a cap.

package sim

import (
	"fmt"
)

// DefaultStdoutLimit caps a launch's printf output, as the CUDA runtime's
// printf FIFO does (cudaLimitPrintfFifoSize, 1 MiB by default).
const DefaultStdoutLimit = 1 << 20

// maxPrintfString bounds one format string or %s argument.
const maxPrintfString = 64 << 10

// console is a launch's printf output.
type console struct {
	buf   []byte
	limit int  // 0: DefaultStdoutLimit
	full  bool // the cap was reached and a note appended
}

// clone returns a copy that appends without touching c's bytes.
func (c console) clone() console {
	c.buf = c.buf[:len(c.buf):len(c.buf)]
	return c
}

func (c *console) write(b []byte) {
	if c.full {
		return
	}
	limit := c.limit
	if limit <= 0 {
		limit = DefaultStdoutLimit
	}
	if len(c.buf)+len(b) <= limit {
		c.buf = append(c.buf, b...)
		return
	}
	c.buf = append(c.buf, b[:limit-len(c.buf)]...)
	c.buf = append(c.buf, fmt.Sprintf("\n[printf output truncated: the launch printed more than %d bytes]\n", limit)...)
	c.full = true
}

// room is how many more bytes the console keeps, plus one so that a
// write past the cap still reaches it and adds the note.
func (c *console) room() int {
	if c.full {
		return 0
	}
	limit := c.limit
	if limit <= 0 {
		limit = DefaultStdoutLimit
	}
	return max(0, limit-len(c.buf)) + 1
}

// Stdout returns what the kernel's printf calls have printed so far.
func (m *Machine) Stdout() string { return string(m.out.buf) }

// SetStdoutLimit caps the printf output at n bytes (0: the default).
func (m *Machine) SetStdoutLimit(n int) { m.out.limit = n }

// lowerPrintf lowers a call of the undefined vprintf: ci locates the
// format and buffer arguments and the return value in the caller.
func lowerPrintf(l *lowering, o *op, ci *callInfo) error {
	if len(ci.args) != 2 || len(ci.rets) > 1 {
		return fmt.Errorf("vprintf takes a format and an argument buffer and returns an int: this call passes %d arguments and %d results", len(ci.args), len(ci.rets))
	}
	o.call = ci
	o.aux = uint64(l.p.chk.AddrSize / 8)
	o.exec = execPrintf
	return nil
}

// laneArgs reads one lane's packed printf arguments.
type laneArgs struct {
	m    *Machine
	w    *warp
	o    *op
	lane int
	base uint64 // the buffer's generic address
	off  uint64 // the next argument's offset
}

func (a *laneArgs) arg(size int) (uint64, error) {
	a.off = (a.off + uint64(size) - 1) &^ (uint64(size) - 1)
	addr := a.base + a.off
	b, msg := a.m.resolve(a.w, a.lane, spaceGeneric, addr, size, false)
	if b == nil {
		return 0, fmt.Errorf("printf: argument at offset %d of the argument buffer: %d-byte load of generic address 0x%x %s", a.off, size, addr, msg)
	}
	a.off += uint64(size)
	return load(b), nil
}

func (a *laneArgs) str(addr uint64, limit int) ([]byte, error) {
	return a.m.cString(a.w, a.lane, addr, limit, "printf: %s argument")
}

// cString reads a NUL-terminated string at a generic address: at most
// limit bytes when limit >= 0, else up to the NUL.
func (m *Machine) cString(w *warp, lane int, addr uint64, limit int, what string) ([]byte, error) {
	var s []byte
	for i := uint64(0); limit < 0 || len(s) < limit; i++ {
		if len(s) >= maxPrintfString {
			return nil, fmt.Errorf("%s at 0x%x: no NUL byte within %d bytes", what, addr, maxPrintfString)
		}
		b, msg := m.resolve(w, lane, spaceGeneric, addr+i, 1, false)
		if b == nil {
			return nil, fmt.Errorf("%s: load of generic address 0x%x %s", what, addr+i, msg)
		}
		if b[0] == 0 {
			break
		}
		s = append(s, b[0])
	}
	return s, nil
}

// execPrintf runs vprintf for each active lane in lane order.
func execPrintf(m *Machine, w *warp, o *op) {
	f := w.top()
	var raw [8]byte
	var line []byte
	for lane, mask := 0, w.mask; mask != 0; lane, mask = lane+1, mask>>1 {
		if mask&1 == 0 {
			continue
		}
		readArg(f, o.call.args[0], lane, raw[:o.aux])
		fmtAddr := load(raw[:o.aux])
		readArg(f, o.call.args[1], lane, raw[:o.aux])
		a := &laneArgs{m: m, w: w, o: o, lane: lane, base: load(raw[:o.aux])}
		ret := int32(-1)
		if fmtAddr != 0 {
			format, err := m.cString(w, lane, fmtAddr, -1, "printf: the format string")
			if err != nil {
				m.raise(w, o, lane, err.Error())
				return
			}
			var n int
			line, n, err = cprintf(line[:0], format, a, int(o.aux), m.out.room())
			switch err.(type) {
			case nil:
				m.out.write(line)
				ret = int32(n)
			case *badFormat:
				// The runtime refuses the whole call: nothing printed.
			default:
				m.raise(w, o, lane, err.Error())
				return
			}
		}
		if len(o.call.rets) == 1 {
			var b [4]byte
			b[0], b[1], b[2], b[3] = byte(ret), byte(ret>>8), byte(ret>>16), byte(ret>>24)
			writeArg(f, o.call.rets[0], lane, b[:])
		}
	}
}
