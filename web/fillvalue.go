// fillvalue.go: values too long for Vugu's renderer.

package web

import "github.com/vugu/vugu/js"

// fillValue puts v into a form control's value, outside Vugu's render.
//
// Vugu's DOM renderer (domrender, v0.4.0) passes each instruction through a
// fixed 16 KiB buffer and fails the whole render when one string is longer,
// which ended the page's program: a launch with a buffer of a few thousand
// elements (its data field, the launch JSON) did that. Such values are
// bound with vg-js-populate instead, which hands over the element after
// each render; the value is written only when it differs from what the
// control holds, so a person typing keeps the caret where it is.
func fillValue(el js.Value, v string) {
	if el.IsUndefined() || el.IsNull() {
		return
	}
	if el.Get("value").String() != v {
		el.Set("value", v)
	}
}
