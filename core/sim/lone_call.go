//go:build !wasm && !ptxplay_inplace

package sim

// lonesInPlace: see lone_inplace.go.
const lonesInPlace = false
