package sim

// LocalBytes is the local memory one thread may use at most: the frames of
// every function of the program together (an upper bound of any call
// stack without recursion; recursion is bounded by the call depth limit).
func (p *Program) LocalBytes() int64 {
	var n int64
	for _, f := range p.funcs {
		n += int64(f.localSize)
	}
	return n
}
