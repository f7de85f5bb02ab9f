package check

// notsim.go: the hook through which the simulator names the instructions
// it does not run, so that Warnings reports them where they are written
// rather than the run stopping at them by surprise.

import "github.com/ptxplay/ptxplay/core/ptx"

// NotSimulated, when set, lists the instructions of a checked program
// that the simulator refuses to run, each with its position and the
// reason. Package sim sets it (check cannot import sim); with it unset,
// Warnings reports none.
var NotSimulated func(p *Program) ptx.ErrorList

// Invalid, when set, lists what ptxas refuses that only the simulator's
// lowering sees (a matrix fragment of the wrong size, a cp.async size the
// ISA does not allow), each with its position. Package sim sets it; Check
// reports these as errors once the program has no others.
var Invalid func(p *Program) ptx.ErrorList
