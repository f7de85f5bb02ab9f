// slab.go implements the parser's node allocator: nodes of one type are
// carved out of shared chunks, so a parse makes a few large allocations
// instead of one per node (the AST is kept or dropped as a whole anyway).
package ptx

import "unsafe"

// chunkBytes caps the size of a chunk: small chunks come from the size-
// classed spans and are still in the cache when the parser fills them.
const chunkBytes = 16 << 10

// slab hands out pointers to zeroed T from chunks. The first chunk is sized
// from the length of the source; each later one from the rate of use so
// far times the source still to read, so that little is left unused.
type slab[T any] struct {
	buf  []T
	used int // elements of buf handed out; an index rather than reslicing, which would cost a write barrier per node
	grow growth
}

// growth sizes the chunks of a slab or arena.
type growth struct {
	sc     *scanner // how much of the source has been read
	first  int      // size of the first chunk
	handed int      // elements handed out from earlier chunks
}

func (g *growth) hint(n int, sc *scanner) { g.first, g.sc = max(n/2, 4), sc }

// size returns the size of a new chunk for at least n more elements, when
// the current chunk has handed out used elements.
func (g *growth) size(n, used, elemSize int) int {
	est := g.first
	if g.handed += used; g.handed > 0 && g.sc != nil {
		read := max(g.sc.off, 1)
		est = g.handed*(len(g.sc.src)-g.sc.off)/read + g.handed/16 + 4
	}
	return max(min(est, chunkBytes/elemSize), n)
}

func (s *slab[T]) hint(n int, sc *scanner) { s.grow.hint(n, sc) }

// new hands out the next node; refill, the rare slow path, stays out of it.
func (s *slab[T]) new() *T {
	if s.used == len(s.buf) {
		s.refill()
	}
	x := &s.buf[s.used]
	s.used++
	return x
}

func (s *slab[T]) refill() {
	s.buf = make([]T, s.grow.size(1, s.used, int(unsafe.Sizeof(*new(T)))))
	s.used = 0
}

// arena hands out slices carved from shared chunks; each has a full slice
// expression, so appending to one never writes into another.
type arena[T any] struct {
	buf  []T // its length is the whole chunk
	used int // elements of buf handed out
	grow growth
}

func (a *arena[T]) hint(n int, sc *scanner) { a.grow.hint(n, sc) }

// newChunk starts a chunk with room for at least n elements.
func (a *arena[T]) newChunk(n int) []T {
	return make([]T, a.grow.size(n, a.used, int(unsafe.Sizeof(*new(T)))))
}

// take copies xs into the arena and returns the copy.
func (a *arena[T]) take(xs0 []T) []T {
	n := len(xs0)
	if n == 0 {
		return nil
	}
	xs := a.reserve(n)
	copy(xs, xs0)
	return xs
}

// reserve returns n zeroed slots to fill in place: writing elements one by
// one costs a plain write barrier each, cheaper than the bulk barrier of a
// copy while the collector marks.
func (a *arena[T]) reserve(n int) []T {
	if len(a.buf)-a.used < n {
		a.refill(n)
	}
	start := a.used
	a.used += n
	return a.buf[start:a.used:a.used]
}

// push appends x to the list that starts at *start, the only list open in
// the arena; if the chunk is full, the list so far moves to a new one.
func (a *arena[T]) push(start *int, x T) {
	if a.used == len(a.buf) {
		a.move(start)
	}
	a.buf[a.used] = x
	a.used++
}

// move moves the open list that starts at *start to a new chunk.
func (a *arena[T]) move(start *int) {
	n := a.used - *start
	buf := a.newChunk(2*n + 4)
	copy(buf, a.buf[*start:a.used])
	a.buf, a.used, *start = buf, n, 0
}

func (a *arena[T]) refill(n int) {
	a.buf, a.used = a.newChunk(n), 0
}

// close ends the list that starts at start and returns it.
func (a *arena[T]) close(start int) []T {
	if start == a.used {
		return nil
	}
	return a.buf[start:a.used:a.used]
}

// drop abandons the open list that starts at start.
func (a *arena[T]) drop(start int) { a.used = start }

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
	operands arena[Operand] // instruction and directive operands, pushed in place
	nested   arena[Operand] // elements of vectors, call lists and texture addresses
	stmts    arena[Stmt]
	elems    arena[*Init]
}

// sizeFor sizes the first chunks for the source of sc, from the number of
// source bytes per node in the test corpus of compiler output.
func (ns *nodes) sizeFor(sc *scanner) {
	n := len(sc.src)
	ns.idents.hint(n/21, sc)
	ns.ints.hint(n/40, sc)
	ns.floats.hint(n/900, sc)
	ns.instrs.hint(n/48, sc)
	ns.dirs.hint(n/100, sc)
	ns.inits.hint(n/120, sc)
	ns.addrs.hint(n/200, sc)
	ns.labels.hint(n/800, sc)
	ns.names.hint(n/600, sc)
	ns.decls.hint(n/600, sc)
	ns.guards.hint(n/900, sc)
	ns.binarys.hint(0, sc)
	ns.vectors.hint(0, sc)
	ns.mods.hint(n/33, sc)
	ns.operands.hint(n/15, sc)
	ns.nested.hint(n/400, sc)
	ns.stmts.hint(n/40, sc)
	ns.elems.hint(n/120, sc)
}
