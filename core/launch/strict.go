package launch

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// clip quotes s for an error message, cut to a few dozen characters so
// that an error never echoes a large input back.
func clip(s string) string {
	const max = 40
	if len(s) > max {
		return fmt.Sprintf("%q... (%d characters)", s[:max], len(s))
	}
	return fmt.Sprintf("%q", s)
}

// specKeys are the keys of a launch spec; bufferKeys those of a buffer.
var (
	specKeys   = []string{"kernel", "grid", "block", "cluster", "shared_mem", "args", "buffers"}
	bufferKeys = []string{"type", "data", "count", "fill"}
	// argKeys: an argument object is a buffer or a tensor map (whose
	// decoder then refuses the other kind's keys).
	tensorMapKeys = []string{"type", "buffer", "dtype", "dims", "strides", "box", "element_strides", "interleave", "swizzle", "oob_fill", "mode", "pixel_box_lower_corner", "pixel_box_upper_corner", "channels_per_pixel", "pixels_per_column"}
	argKeys       = append(append([]string(nil), bufferKeys...), tensorMapKeys[1:]...)
)

// strictShape checks what encoding/json lets through: duplicate keys,
// keys that match a field of the contract only in another case, and data
// after the spec. It walks the tokens without building values.
func strictShape(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := walkValue(dec, "", 0); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("launch spec: unexpected data after the spec (at byte %d)", dec.InputOffset())
	}
	return nil
}

// walkValue reads one value at path; depth 0 is the spec, depth 2 under
// "args" an argument.
func walkValue(dec *json.Decoder, path string, depth int) error {
	tok, err := dec.Token()
	if err != nil {
		return syntaxError(err, dec)
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	switch d {
	case '[':
		for i := 0; dec.More(); i++ {
			if err := walkValue(dec, fmt.Sprintf("%s[%d]", path, i), depth+1); err != nil {
				return err
			}
		}
	case '{':
		var fixed []string
		switch {
		case depth == 0:
			fixed = specKeys
		case depth == 2 && strings.HasPrefix(path, "args."):
			fixed = argKeys
		case depth == 2 && strings.HasPrefix(path, "buffers."):
			fixed = bufferKeys
		}
		seen := map[string]bool{}
		tmap := false // an argument with a tensor map's keys
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return syntaxError(err, dec)
			}
			k := kt.(string)
			at := k
			if path != "" {
				at = path + "." + k
			}
			if seen[k] {
				return fmt.Errorf("launch spec: %s: the key appears twice", clip(at))
			}
			seen[k] = true
			for _, f := range tensorMapKeys[1:] {
				tmap = tmap || f == k && depth == 2
			}
			if fixed != nil {
				exact := false
				for _, f := range fixed {
					if f == k {
						exact = true
					} else if strings.EqualFold(f, k) {
						return fmt.Errorf("launch spec: unknown field %s (fields are case-sensitive: did you mean %q?)", clip(at), f)
					}
				}
				if !exact {
					where, keys := "a launch spec", fixed
					if depth == 2 {
						where, keys = "a buffer", bufferKeys
						if tmap {
							where, keys = "a tensor map", tensorMapKeys
						}
					}
					return fmt.Errorf("launch spec: unknown field %s (%s has %s)", clip(at), where, strings.Join(keys, ", "))
				}
			}
			if err := walkValue(dec, at, depth+1); err != nil {
				return err
			}
		}
	}
	if _, err := dec.Token(); err != nil { // the closing delimiter
		return syntaxError(err, dec)
	}
	return nil
}

func syntaxError(err error, dec *json.Decoder) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("launch spec: invalid JSON at byte %d: %s", se.Offset, se.Error())
	}
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return fmt.Errorf("launch spec: the JSON ends early (at byte %d)", dec.InputOffset())
	}
	return fmt.Errorf("launch spec: invalid JSON at byte %d", dec.InputOffset())
}

// typeError words a json.UnmarshalTypeError in the contract's terms.
func typeError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		want := map[string]string{"kernel": "a string (the kernel's name)", "shared_mem": "a number of bytes", "args": "an object of arguments"}[te.Field]
		if want == "" {
			want = "another kind of value"
		}
		field := te.Field
		if field == "" {
			return fmt.Errorf("launch spec: expected an object, found %s", jsonKind(te.Value))
		}
		return fmt.Errorf("launch spec: %s: expected %s, found %s", field, want, jsonKind(te.Value))
	}
	return fmt.Errorf("launch spec: %s", clip(err.Error()))
}

// jsonKind names a JSON value kind the way the contract does.
func jsonKind(v string) string {
	switch v {
	case "array":
		return "an array"
	case "object":
		return "an object"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "number":
		return "a number"
	}
	if strings.HasPrefix(v, "number") {
		return "a number out of range"
	}
	return "another value"
}
