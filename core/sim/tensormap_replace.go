// tensormap_replace.go: tensormap.replace (PTX ISA 9.7.9.27) and
// tensormap.cp_fenceproxy (9.7.14.17), which edit and publish the tensor
// maps that TMA copies read, in ptxplay's 128-byte encoding
// (tensormap.go).
//
// tensormap.replace writes one field: .global_address (u64 at 0),
// .global_stride ord k (the byte stride of dimension k+1, u64 at 8+8k),
// .global_dim, .box_dim and .element_stride ord k (u32 at 40, 60 and 80
// plus 4k), .rank (new_val is the rank minus one; u8 at 100), and the
// immediate fields of the ISA's Table 33: .elemtype (the ISA's numbering,
// which is not CUtensorMapDataType's: stored translated), .interleave_layout,
// .swizzle_mode and .fill_mode (u8 at 102, 103, 104). ptxplay models only
// the 16-byte swizzle atomicity, so .swizzle_atomicity accepts 0 alone. A
// value outside Table 33 is a check error; one the table gives for later
// targets (the sub-byte element types 13-15, the 96B swizzle) stops the run
// as not simulated. Each replace also writes the encoding's mark at byte
// 124, so a map built field by field is one the copies accept. The fields
// are checked as a whole when a copy uses the map, as for a map from the
// launch. The fences order nothing here: a copy reads its map when it
// issues.
package sim

import (
	"encoding/binary"
	"fmt"

	"github.com/ptxplay/ptxplay/core/check"
)

func init() {
	lowerers["tensormap.replace"] = lowerTensormapReplace
	lowerers["tensormap.cp_fenceproxy"] = lowerTensormapCopy
}

// ptxElemType maps Table 33's .elemtype values 0-12 to the encoding's
// CUtensorMapDataType numbers.
var ptxElemType = [...]uint8{0, 1, 2, 3, 4, 5, 6, 7, 10, 8, 9, 11, 12}

func lowerTensormapReplace(l *lowering, in *check.Inst, o *op) error {
	field := hasMod(in, ".global_address", ".rank", ".box_dim", ".global_dim", ".global_stride", ".element_stride",
		".elemtype", ".interleave_layout", ".swizzle_mode", ".swizzle_atomicity", ".fill_mode")
	o.space = spaceOf(l, in, o)
	o.flags |= flagMem
	wide := in.Match.Has(".b64")
	if (field == ".global_address" || field == ".global_stride") != wide {
		want := ".b32"
		if !wide {
			want = ".b64"
		}
		return invalid("tensormap.replace%s takes a %s value", field, want)
	}
	var off, size int
	ord := -1
	if len(in.Args) == 3 {
		ord = int(in.Args[1].Imm)
	}
	imm := uint64(0)
	if n := len(in.Args); in.Args[n-1].Kind == check.ArgImm {
		imm = in.Args[n-1].Imm
	}
	table := func(limit uint64) error {
		if imm > limit {
			return invalid("tensormap.replace%s: %d is not one of Table 33's values (0 to %d)", field, imm, limit)
		}
		return nil
	}
	var err error
	var fixed = -1 // the byte an immediate field stores
	switch field {
	case ".global_address":
		off, size = 0, 8
	case ".rank":
		off, size = 100, 1
	case ".global_stride":
		if ord < 0 || ord > 3 {
			return invalid("tensormap.replace.global_stride: ord %d is not 0 to 3 (dimension ord+1's stride)", ord)
		}
		off, size = 8+8*ord, 8
	case ".global_dim", ".box_dim", ".element_stride":
		if ord < 0 || ord > 4 {
			return invalid("tensormap.replace%s: ord %d is not 0 to 4", field, ord)
		}
		off, size = map[string]int{".global_dim": 40, ".box_dim": 60, ".element_stride": 80}[field]+4*ord, 4
	case ".elemtype":
		if err = table(15); err == nil {
			if imm > 12 {
				l.refuse(o, fmt.Sprintf("tensormap.replace.elemtype %d (a sub-byte type of sm_100) is not simulated", imm))
				return nil
			}
			off, size, fixed = 101, 1, int(ptxElemType[imm])
		}
	case ".interleave_layout":
		if err = table(2); err == nil {
			off, size, fixed = 102, 1, int(imm)
		}
	case ".swizzle_mode":
		if err = table(4); err == nil {
			if imm == 4 {
				l.refuse(o, "tensormap.replace.swizzle_mode 4 (the 96B swizzle of sm_103a) is not simulated")
				return nil
			}
			off, size, fixed = 103, 1, int(imm)
		}
	case ".swizzle_atomicity":
		if err = table(3); err == nil {
			if imm != 0 {
				l.refuse(o, fmt.Sprintf("tensormap.replace.swizzle_atomicity %d: only the 16-byte atomicity (0) is simulated", imm))
				return nil
			}
			off, size, fixed = -1, 0, 0
		}
	case ".fill_mode":
		if err = table(1); err == nil {
			off, size, fixed = 104, 1, int(imm)
		}
	default:
		return fmt.Errorf("tensormap.replace: unknown field")
	}
	if err != nil {
		return err
	}
	o.exec = func(m *Machine, w *warp, o *op) {
		for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
			if mk&1 == 0 {
				continue
			}
			base := m.addr(w, o, i)
			if size > 0 {
				v := uint64(fixed)
				if fixed < 0 {
					v = src(w, o, len(o.s)-1)[i]
					if field == ".rank" {
						v++ // new_val is the rank minus one
					}
				}
				b := m.access(w, o, i, o.space, base+uint64(off), size, true)
				if b == nil {
					return
				}
				store(b, v)
			}
			b := m.access(w, o, i, o.space, base+124, 4, true)
			if b == nil {
				return
			}
			binary.LittleEndian.PutUint32(b, TensorMapMagic)
		}
	}
	return nil
}

// tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.scope.sync.aligned
// [dst], [src], 128: copy the map from shared to global memory (the
// fence's ordering holds here already). Every thread of the warp executes
// it together (.sync.aligned); each active lane copies its own.
func lowerTensormapCopy(l *lowering, in *check.Inst, o *op) error {
	if len(in.Args) != 3 || in.Args[2].Imm != 128 {
		return invalid("tensormap.cp_fenceproxy copies a 128-byte tensor map: the size must be 128")
	}
	dst, src := in.Args[0], in.Args[1]
	if dst.Kind != check.ArgAddr || src.Kind != check.ArgAddr || dst.Var != nil || src.Var != nil {
		l.refuse(o, "tensormap.cp_fenceproxy with a variable's address is not simulated (use a register)")
		return nil
	}
	db, doff := l.f.slots[dst.Reg.Index], uint64(dst.Off)
	sb, soff := l.f.slots[src.Reg.Index], uint64(src.Off)
	o.flags |= flagMem
	o.exec = func(m *Machine, w *warp, o *op) {
		for i, mk := 0, w.mask; mk != 0; i, mk = i+1, mk>>1 {
			if mk&1 == 0 {
				continue
			}
			for k := 0; k < 128; k += 16 {
				s := m.access(w, o, i, spaceShared, w.reg(sb)[i]+soff+uint64(k), 16, false)
				if s == nil {
					return
				}
				var tmp [16]byte
				copy(tmp[:], s)
				d := m.access(w, o, i, spaceGlobal, w.reg(db)[i]+doff+uint64(k), 16, true)
				if d == nil {
					return
				}
				copy(d, tmp[:])
			}
		}
	}
	return nil
}
