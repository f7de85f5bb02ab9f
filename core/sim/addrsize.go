package sim

// AddressSize is the module's address size in bits, 32 or 64: its
// .address_size, or what a module without one gets (64; 32 before PTX
// 2.3), as core/check decides.
func (p *Program) AddressSize() int { return p.chk.AddrSize }
