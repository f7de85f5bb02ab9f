// Package limits holds, in one place, how much a launch may ask of the
// simulator: one set for the command line and a smaller one for a
// browser tab. Each limit is checked before the memory it guards is
// allocated, and its error names the field, the value and the limit.
package limits

import (
	"fmt"

	"github.com/ptxplay/ptxplay/core/ptx"
)

// Limits bound the resources of one check or run.
type Limits struct {
	SourceBytes    int64 // size of the PTX source
	Registers      int64 // registers declared in the whole module (%r<N> counts N)
	BufferBytes    int64 // all buffer arguments of a launch together
	BufferElements int64 // their elements: the launch keeps each as 8 bytes of bits, whatever its type
	LocalPerThread int64 // .local bytes one thread may use (the kernel and every function it may call)
	Threads        int64 // grid x block: threads of one launch
	OutputBytes    int64 // bytes of printed results (an upper bound, checked before printing)
}

// CLILimits is the set for the ptxplay command.
func CLILimits() Limits {
	return Limits{
		SourceBytes:    8 << 20,
		Registers:      1 << 18,
		BufferBytes:    1 << 30,
		BufferElements: 1 << 27,   // 1 GiB of element bits
		LocalPerThread: 512 << 10, // as CUDA allows
		Threads:        1 << 28,
		OutputBytes:    1 << 30,
	}
}

// PageLimits is the smaller set for a browser tab.
func PageLimits() Limits {
	return Limits{
		SourceBytes:    1 << 20,
		Registers:      1 << 16,
		BufferBytes:    64 << 20,
		BufferElements: 1 << 23, // 64 MiB of element bits
		LocalPerThread: 64 << 10,
		Threads:        1 << 24,
		OutputBytes:    64 << 20,
	}
}

// Error is a limit that a check or launch exceeded.
type Error struct {
	Field string // the Limits field, as its error names it
	What  string // what was counted, in words
	Value int64
	Limit int64
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s is %d, over the limit %s = %d", e.What, e.Value, e.Field, e.Limit)
}

func check(field, what string, value, limit int64) error {
	if limit > 0 && value > limit {
		return &Error{Field: field, What: what, Value: value, Limit: limit}
	}
	return nil
}

// CheckSource refuses a source of n bytes when it is too big.
func (l Limits) CheckSource(n int) error {
	return check("SourceBytes", "the source size in bytes", int64(n), l.SourceBytes)
}

// CheckBuffers refuses n bytes of buffer arguments.
func (l Limits) CheckBuffers(n int64) error {
	return check("BufferBytes", "the total size of the buffer arguments in bytes", n, l.BufferBytes)
}

// CheckElements refuses n elements of buffer arguments (a byte buffer's
// elements cost the launch 8 bytes each, so bytes alone do not bound it).
func (l Limits) CheckElements(n int64) error {
	return check("BufferElements", "the number of elements of the buffer arguments", n, l.BufferElements)
}

// CheckLocal refuses n bytes of local memory per thread.
func (l Limits) CheckLocal(n int64) error {
	return check("LocalPerThread", "the local memory per thread in bytes", n, l.LocalPerThread)
}

// CheckThreads refuses a launch of grid x block threads.
func (l Limits) CheckThreads(grid, block [3]uint32) error {
	n := int64(1)
	for _, d := range [][3]uint32{grid, block} {
		for _, v := range d {
			n *= int64(max(v, 1))
		}
	}
	return check("Threads", fmt.Sprintf("grid x block (%dx%dx%d x %dx%dx%d threads)", grid[0], grid[1], grid[2], block[0], block[1], block[2]), n, l.Threads)
}

// CheckOutput refuses to print n bytes (an upper bound of the output).
func (l Limits) CheckOutput(n int64) error {
	return check("OutputBytes", "the size of the output in bytes (at most)", n, l.OutputBytes)
}

// CheckRegisters counts the registers a parsed module declares (a
// parameterized name %r<N> counts N) and reports, at the declaration that
// crosses the limit, when there are too many. It runs before the checker,
// which would allocate for every one of them.
func (l Limits) CheckRegisters(m *ptx.Module) ptx.ErrorList {
	if m == nil || l.Registers <= 0 {
		return nil
	}
	var total int64
	var errs ptx.ErrorList
	var walk func(ss []ptx.Stmt) bool
	walk = func(ss []ptx.Stmt) bool {
		for _, s := range ss {
			switch s := s.(type) {
			case *ptx.VarDecl:
				if s.Space != ".reg" {
					continue
				}
				for _, n := range s.Names {
					total += int64(max(n.Count, 1))
					if total > l.Registers {
						errs = append(errs, &ptx.Error{Pos: m.File.Position(n.Pos()), Msg: (&Error{Field: "Registers", What: "the number of registers declared so far in the module", Value: total, Limit: l.Registers}).Error()})
						return false
					}
				}
			case *ptx.Block:
				if !walk(s.Stmts) {
					return false
				}
			}
		}
		return true
	}
	for _, d := range m.Decls {
		if f, ok := d.(*ptx.Func); ok && f.Body != nil {
			if !walk(f.Body.Stmts) {
				break
			}
		}
	}
	return errs
}

// Precheck applies the limits a source meets before the checker runs (its
// size and its registers), so that check and run refuse the same sources
// with the same positions. A source that does not parse gets no errors
// here: the parser reports them.
func (l Limits) Precheck(name string, src []byte) ptx.ErrorList {
	if err := l.CheckSource(len(src)); err != nil {
		return ptx.ErrorList{&ptx.Error{Pos: ptx.Position{Filename: name, Line: 1, Col: 1}, Msg: err.Error()}}
	}
	m, errs := ptx.Parse(name, src)
	if len(errs) > 0 {
		return nil
	}
	return l.CheckRegisters(m)
}
