//go:build !(js && wasm)

// regrid_patch_other.go: outside the browser there is no element to patch;
// Vugu's static renderer never calls vg-js-populate, and tests give the
// views a model target instead (regrid_test.go).

package web

import vjs "github.com/vugu/vugu/js"

func attachJS(cur patchTarget, v vjs.Value, card func(i int) string, scroll func(first, visible int)) patchTarget {
	return cur
}
