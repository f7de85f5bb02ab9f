//go:build wasm || ptxplay_inplace

package sim

// lonesInPlace: issue runs a lone setp's lanes in place (the forms of
// laneSetpEqIb and laneSetpLtU) rather than calling its handler. Under
// WebAssembly the handler's entry (V8's frame, Go's prologue and stack
// check, the arguments' loads and tests) costs about 70 V8 instructions
// of a setp's 390; natively the code in issue costs more than the call
// saves (docs/benchmarks.md, session 17), so other builds leave it out.
// The tag ptxplay_inplace builds it natively for the tests (scripts/test).
const lonesInPlace = true
