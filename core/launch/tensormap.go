// tensormap.go: tensor-map arguments of the launch contract (Hopper TMA),
// described as cuTensorMapEncodeTiled takes them, and the top-level
// "buffers" that back them.
//
//	{"type": "tensormap", "buffer": NAME, "dtype": "f16",
//	 "dims": [cols, rows, ...], "strides": [bytes of dims 1..rank-1],
//	 "box": [...], "element_strides": [1, ...], "interleave": "none",
//	 "swizzle": "none|32B|64B|128B", "oob_fill": "zero|nan"}
//
// NAME is a buffer argument or a top-level buffer. A .param .b8 p[128]
// (a __grid_constant__ CUtensorMap) receives ptxplay's 128-byte encoding
// (core/sim/tensormap.go); an address-sized integer parameter receives
// the address of that object placed in global memory.
package launch

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/ptxplay/ptxplay/core/sim"
)

// tensorMapSpec is a decoded "tensormap" argument.
type tensorMapSpec struct {
	Type           string   `json:"type"`
	Buffer         string   `json:"buffer"`
	DType          string   `json:"dtype"`
	Dims           []uint64 `json:"dims"`
	Strides        []uint64 `json:"strides"`
	Box            []uint64 `json:"box"`
	ElementStrides []uint64 `json:"element_strides"`
	Interleave     string   `json:"interleave"`
	Swizzle        string   `json:"swizzle"`
	OOBFill        string   `json:"oob_fill"`
	Mode           string   `json:"mode"` // "tile" (default) or "im2col"
	Lower          []int64  `json:"pixel_box_lower_corner"`
	Upper          []int64  `json:"pixel_box_upper_corner"`
	Channels       *uint64  `json:"channels_per_pixel"`
	Pixels         *uint64  `json:"pixels_per_column"`
}

// isTensorMap reports whether an argument object says "type": "tensormap".
func isTensorMap(raw json.RawMessage) bool {
	var t struct {
		Type string `json:"type"`
	}
	return json.Unmarshal(raw, &t) == nil && t.Type == "tensormap"
}

// parseTensorMap decodes and checks a tensormap argument; the buffer and
// its address are bound later (bind).
func parseTensorMap(name string, raw json.RawMessage) (*tensorMapSpec, error) {
	var s tensorMapSpec
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("args.%s.%s: expected %s, found %s", name, te.Field, tmapFieldWant(te.Field), jsonKind(te.Value))
		}
		return nil, fmt.Errorf("args.%s: %s", name, clip(err.Error()))
	}
	at := func(field string) string { return "args." + name + "." + field }
	if s.Buffer == "" {
		return nil, fmt.Errorf("%s: a tensor map needs the name of the buffer it describes", at("buffer"))
	}
	if _, _, _, ok := sim.TensorType(s.DType); !ok {
		return nil, fmt.Errorf("%s: %.40q is not a tensor map type (u8, u16, u32, s32, u64, s64, f16, bf16, f32, f64, tf32)", at("dtype"), s.DType)
	}
	rank := len(s.Dims)
	if rank < 1 || rank > 5 {
		return nil, fmt.Errorf("%s: %d dimensions: a tensor map has 1 to 5", at("dims"), rank)
	}
	if len(s.Strides) != rank-1 {
		return nil, fmt.Errorf("%s: %d strides for %d dimensions: give the byte stride of dims 1..%d (rank-1 values)", at("strides"), len(s.Strides), rank, rank-1)
	}
	switch s.Mode {
	case "", "tile":
		if s.Lower != nil || s.Upper != nil || s.Channels != nil || s.Pixels != nil {
			return nil, fmt.Errorf("args.%s: pixel_box_lower_corner, pixel_box_upper_corner, channels_per_pixel and pixels_per_column belong to an im2col map (\"mode\": \"im2col\")", name)
		}
		if len(s.Box) != rank {
			return nil, fmt.Errorf("%s: %d values for %d dimensions", at("box"), len(s.Box), rank)
		}
	case "im2col":
		if s.Box != nil {
			return nil, fmt.Errorf("%s: an im2col map has no box: channels_per_pixel and pixels_per_column size a copy", at("box"))
		}
		if rank < 3 {
			return nil, fmt.Errorf("%s: %d dimensions: an im2col map has 3 to 5 (NWC, NHWC, NDHWC, C innermost)", at("dims"), rank)
		}
		for _, c := range []struct {
			field string
			v     []int64
		}{{"pixel_box_lower_corner", s.Lower}, {"pixel_box_upper_corner", s.Upper}} {
			if len(c.v) != rank-2 {
				return nil, fmt.Errorf("%s: %d values for a rank-%d map: give rank-2, innermost first (W, H, D)", at(c.field), len(c.v), rank)
			}
			for i, x := range c.v {
				if x < -1<<15 || x >= 1<<15 {
					return nil, fmt.Errorf("%s[%d]: %d is outside -32768..32767", at(c.field), i, x)
				}
			}
		}
		for _, c := range []struct {
			field string
			v     *uint64
			max   uint64
		}{{"channels_per_pixel", s.Channels, 256}, {"pixels_per_column", s.Pixels, 1024}} {
			if c.v == nil {
				return nil, fmt.Errorf("%s: an im2col map needs it", at(c.field))
			}
			if *c.v < 1 || *c.v > c.max {
				return nil, fmt.Errorf("%s: %d is outside 1..%d", at(c.field), *c.v, c.max)
			}
		}
	default:
		return nil, fmt.Errorf("%s: %.40q is not tile or im2col", at("mode"), s.Mode)
	}
	if s.ElementStrides != nil && len(s.ElementStrides) != rank {
		return nil, fmt.Errorf("%s: %d values for %d dimensions", at("element_strides"), len(s.ElementStrides), rank)
	}
	for i, d := range s.Dims {
		if d == 0 || d >= 1<<32 {
			return nil, fmt.Errorf("%s[%d]: %d is outside 1..2^32-1", at("dims"), i, d)
		}
	}
	for i, b := range s.Box {
		if b == 0 || b > 256 {
			return nil, fmt.Errorf("%s[%d]: %d is outside 1..256", at("box"), i, b)
		}
	}
	switch s.Interleave {
	case "", "none":
	case "16B", "32B":
		return nil, fmt.Errorf("%s: %q is not simulated (only \"none\")", at("interleave"), s.Interleave)
	default:
		return nil, fmt.Errorf("%s: %.40q is not none, 16B or 32B", at("interleave"), s.Interleave)
	}
	if _, ok := swizzleModes[s.Swizzle]; !ok {
		return nil, fmt.Errorf("%s: %.40q is not none, 32B, 64B or 128B", at("swizzle"), s.Swizzle)
	}
	switch s.OOBFill {
	case "", "zero", "nan":
	default:
		return nil, fmt.Errorf("%s: %.40q is not zero or nan", at("oob_fill"), s.OOBFill)
	}
	return &s, nil
}

var swizzleModes = map[string]int{"": 0, "none": 0, "32B": 1, "64B": 2, "128B": 3}

func tmapFieldWant(f string) string {
	switch f {
	case "dims", "strides", "box", "element_strides", "pixel_box_lower_corner", "pixel_box_upper_corner":
		return "an array of whole numbers"
	case "channels_per_pixel", "pixels_per_column":
		return "a whole number"
	}
	return "a string"
}

// bind makes the map of the buffer at addr holding size bytes.
func (s *tensorMapSpec) bind(name string, addr uint64, size int) (sim.TensorMap, error) {
	code, es, _, _ := sim.TensorType(s.DType)
	t := sim.TensorMap{Addr: addr, Rank: len(s.Dims), DType: code, Swizzle: swizzleModes[s.Swizzle], Im2col: s.Mode == "im2col"}
	if t.Im2col {
		for i := range s.Lower {
			t.Lower[i], t.Upper[i] = int32(s.Lower[i]), int32(s.Upper[i])
		}
		t.ChannelsPerPixel, t.PixelsPerColumn = uint32(*s.Channels), uint32(*s.Pixels)
	}
	if s.OOBFill == "nan" {
		t.Fill = 1
	}
	t.Strides[0] = uint64(es)
	for i := range s.Dims {
		t.Dims[i] = uint32(s.Dims[i])
		if !t.Im2col {
			t.Box[i] = uint32(s.Box[i])
		}
		t.ElemStrides[i] = 1
		if s.ElementStrides != nil {
			if e := s.ElementStrides[i]; e <= 8 {
				t.ElemStrides[i] = uint32(e)
			} else {
				return t, fmt.Errorf("args.%s.element_strides[%d]: %d is outside 1..8", name, i, e)
			}
		}
		if i > 0 {
			t.Strides[i] = s.Strides[i-1]
		}
	}
	if field, msg := t.Check(); msg != "" {
		if field == "buffer" {
			return t, fmt.Errorf("args.%s.buffer: %s %s", name, s.Buffer, msg)
		}
		return t, fmt.Errorf("args.%s.%s: %s", name, field, msg)
	}
	if ext := t.Extent(); ext > uint64(size) {
		return t, fmt.Errorf("args.%s.dims: the tensor reaches %d bytes from its start, past the %d bytes of buffer %s", name, ext, size, s.Buffer)
	}
	return t, nil
}

// tensorMapParam refuses a parameter that can take neither the map nor
// its address.
func tensorMapParam(pr sim.ParamInfo, addrSize int) (inline bool, err error) {
	if pr.Size == 128 && strings.HasPrefix(pr.Type, ".b8") {
		return true, nil
	}
	if err := bufferParam(pr, addrSize); err == nil {
		return false, nil
	}
	return false, fmt.Errorf("args.%s: the %s parameter cannot take a tensor map (a .param .align 64 .b8 %s[128] takes the map, an address-sized integer its address in global memory)", pr.Name, pr.Type, pr.Name)
}
