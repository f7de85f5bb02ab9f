// table_ctrl.go: control flow (ISA 9.7.13), stack manipulation (9.7.18) and
// miscellaneous instructions (9.7.20).

package isa

var ctrlTable = []Entry{
	// 9.7.13 Control flow ({} and @ are syntax, not opcodes)
	{Name: "bra", LaneLocal: true, Section: "9.7.13.3", Doc: "Branch to a label; .uni asserts that the branch is not divergent.", PTX: 10, Syntax: []string{
		"bra{.uni} tgt:label",
	}},
	{Name: "brx.idx", Section: "9.7.13.4", Doc: "Branch to the index-th label of a .branchtargets list.", PTX: 60, SM: 30, Syntax: []string{
		"brx.idx{.uni} index:.u32, tlist:label",
	}},
	{Name: "call", Section: "9.7.13.5", Doc: "Call a function, directly by name or indirectly through a pointer with a .calltargets list or .callprototype.", PTX: 10, Syntax: []string{
		"call{.uni} (d), fn:func, (a)",
		"call{.uni} (d), fn:func",
		"call{.uni} fn:func, (a)",
		"call{.uni} fn:func",
		"call{.uni} (d), fptr:reg, (a), flist:label @ptx2.1 @sm_20",
		"call{.uni} (d), fptr:reg, flist:label @ptx2.1 @sm_20",
		"call{.uni} fptr:reg, (a), flist:label @ptx2.1 @sm_20",
		"call{.uni} fptr:reg, flist:label @ptx2.1 @sm_20",
	}},
	{Name: "ret", LaneLocal: true, Section: "9.7.13.6", Doc: "Return from a function to its caller (from a kernel: end the thread).", PTX: 10, Syntax: []string{
		"ret{.uni}",
	}},
	{Name: "exit", LaneLocal: true, Section: "9.7.13.7", Doc: "End the thread.", PTX: 10, Syntax: []string{
		"exit",
	}},

	// 9.7.18 Stack manipulation
	{Name: "stacksave", Section: "9.7.18.1", Doc: "Save the stack pointer (for a later stackrestore).", PTX: 73, SM: 52, Syntax: []string{
		"stacksave.ptype d",
	}},
	{Name: "stackrestore", Section: "9.7.18.2", Doc: "Restore the stack pointer saved by stacksave, freeing later alloca memory.", PTX: 73, SM: 52, Syntax: []string{
		"stackrestore.ptype a",
	}},
	{Name: "alloca", Section: "9.7.18.3", Doc: "Allocate size bytes on the local stack and return their address.", PTX: 73, SM: 52, Syntax: []string{
		// alloca.type ptr, size{, immAlign}: no state space (the memory is
		// local); ptxas 13.0: "No state space qualifier expected for
		// instruction 'alloca'".
		"alloca.ptype d, size:any, align:imm?",
	}},

	// 9.7.20 Miscellaneous
	{Name: "brkpt", Section: "9.7.20.1", Doc: "Suspend execution for a debugger (the simulator stops like at a breakpoint).", PTX: 10, SM: 11, Syntax: []string{
		"brkpt",
	}},
	{Name: "nanosleep", Section: "9.7.20.2", Doc: "Suspend the thread for about t nanoseconds (at most 1 ms).", PTX: 63, SM: 70, Syntax: []string{
		"nanosleep.u32 t",
	}},
	{Name: "pmevent", Section: "9.7.20.3", Doc: "Trigger a performance-monitor event (no effect on results).", PTX: 14, Syntax: []string{
		"pmevent a:imm",
		"pmevent.mask a:imm @ptx3.0 @sm_20",
	}},
	{Name: "trap", Section: "9.7.20.4", Doc: "Abort the kernel with an error.", PTX: 10, Syntax: []string{
		"trap",
	}},
	{Name: "setmaxnreg", Section: "9.7.20.5", Doc: "Raise (.inc) or lower (.dec) the register budget of the warps of a warpgroup.", PTX: 80, SM: 90, Syntax: []string{
		"setmaxnreg.action.sync.aligned.u32 count:imm",
	}, Groups: []Group{{"action", []string{".inc", ".dec"}}}},
}
