// slab.go implements the parser's node allocator: nodes of one type are
// carved out of shared chunks, so a parse makes a few large allocations
// instead of one per node (the AST is kept or dropped as a whole anyway).
package ptx

import "unsafe"

// chunkBytes caps the size of a chunk: small chunks come from the size-
// classed spans and are still in the cache when the parser fills them.
const chunkBytes = 16 << 10

// slab hands out pointers to zeroed T from chunks. The first chunk is half
// an estimate (hint) and later ones a quarter of it, so that little is
// wasted whether the estimate is low or high.
type slab[T any] struct {
	buf  []T
	used int // elements of buf handed out; an index rather than reslicing, which would cost a write barrier per node
	next int // size of the next chunk
}

// hint sets the size of the first chunk.
func (s *slab[T]) hint(n int) { s.next = min(max(n/2, 16), 1<<15) }

func (s *slab[T]) new() *T {
	if s.used == len(s.buf) {
		n := min(max(s.next, 16), chunkBytes/int(unsafe.Sizeof(*new(T))))
		s.buf = make([]T, n)
		s.used = 0
		s.next = max(n/2, 16)
	}
	x := &s.buf[s.used]
	s.used++
	return x
}

// arena hands out slices carved from shared chunks; each has a full slice
// expression, so appending to one never writes into another.
type arena[T any] struct {
	buf  []T // its length is the whole chunk
	used int // elements of buf handed out
	next int
}

func (a *arena[T]) hint(n int) { a.next = min(max(n/2, 64), 1<<15) }

// take copies xs into the arena and returns the copy.
func (a *arena[T]) take(xs0 []T) []T {
	n := len(xs0)
	if n == 0 {
		return nil
	}
	if len(a.buf)-a.used < n {
		size := min(max(a.next, 64), chunkBytes/int(unsafe.Sizeof(*new(T))))
		a.buf = make([]T, max(size, n))
		a.used = 0
		a.next = max(size/2, 64)
	}
	start := a.used
	a.used += n
	xs := a.buf[start:a.used:a.used]
	copy(xs, xs0)
	return xs
}

// nodes holds the slabs of the node types a parse makes most of.
type nodes struct {
	idents  slab[Ident]
	ints    slab[Int]
	floats  slab[Float]
	instrs  slab[Instr]
	dirs    slab[Directive]
	inits   slab[Init]
	addrs   slab[Addr]
	labels  slab[Label]
	names   slab[VarName]
	decls   slab[VarDecl]
	guards  slab[Guard]
	binarys slab[Binary]
	vectors slab[Vector]

	mods     arena[Mod]
	operands arena[Operand]
	stmts    arena[Stmt]
	elems    arena[*Init]
}

// sizeFor sizes the first chunks for n bytes of source, from the number of
// source bytes per node in the test corpus of compiler output.
func (ns *nodes) sizeFor(n int) {
	ns.idents.hint(n / 21)
	ns.ints.hint(n / 40)
	ns.floats.hint(n / 900)
	ns.instrs.hint(n / 48)
	ns.dirs.hint(n / 100)
	ns.inits.hint(n / 120)
	ns.addrs.hint(n / 200)
	ns.labels.hint(n / 800)
	ns.names.hint(n / 600)
	ns.decls.hint(n / 600)
	ns.guards.hint(n / 900)
	ns.mods.hint(n / 33)
	ns.operands.hint(n / 19)
	ns.stmts.hint(n / 40)
	ns.elems.hint(n / 120)
}
