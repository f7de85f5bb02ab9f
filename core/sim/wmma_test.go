package sim

// wmma_test.go: wmma.load, wmma.mma and wmma.store together against a
// plain Go matrix multiply, for every shape and type, both memory layouts
// and explicit and default strides; and our fragment layout's properties.

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/ptx"
)

type wmmaCase struct {
	m, n, k int
	ab      string // A/B type
	cd      []string
}

var wmmaCases = []wmmaCase{
	{16, 16, 16, ".f16", []string{".f32", ".f16"}}, {32, 8, 16, ".f16", []string{".f32", ".f16"}}, {8, 32, 16, ".f16", []string{".f32"}},
	{16, 16, 16, ".bf16", []string{".f32"}}, {32, 8, 16, ".bf16", []string{".f32"}}, {8, 32, 16, ".bf16", []string{".f32"}},
	{16, 16, 16, ".s8", []string{".s32"}}, {32, 8, 16, ".u8", []string{".s32"}}, {8, 32, 16, ".s8", []string{".s32"}},
	{16, 16, 8, ".tf32", []string{".f32"}}, {8, 8, 4, ".f64", []string{".f64"}},
	{8, 8, 32, ".s4", []string{".s32"}}, {8, 8, 32, ".u4", []string{".s32"}}, {8, 8, 128, ".b1", []string{".s32"}},
}

// TestWmmaFragLayout: each fragment covers its matrix the same number of
// times in every element, with nvcc's register counts.
func TestWmmaFragLayout(t *testing.T) {
	regs := map[string]int{ // "shape type matrix" -> registers, as nvcc emits them
		"m16n16k16.f16.A": 8, "m16n16k16.f16.B": 8, "m16n16k16.f32.C": 8, "m16n16k16.f16.C": 4,
		"m16n16k16.bf16.A": 4, "m32n8k16.bf16.A": 8, "m32n8k16.bf16.B": 2, "m8n32k16.bf16.A": 2, "m8n32k16.bf16.B": 8,
		"m16n16k16.s8.A": 2, "m32n8k16.s8.A": 4, "m32n8k16.s8.B": 1, "m8n32k16.s8.A": 1, "m8n32k16.s8.B": 4, "m16n16k16.s32.C": 8,
		"m16n16k8.tf32.A": 4, "m16n16k8.tf32.B": 4, "m8n8k4.f64.A": 1, "m8n8k4.f64.C": 2,
		"m8n8k32.s4.A": 1, "m8n8k32.s32.C": 2, "m8n8k128.b1.A": 1, "m8n8k128.b1.B": 1,
	}
	for key, want := range regs {
		var m, n, k int
		parts := strings.Split(key, ".")
		fmt.Sscanf(parts[0], "m%dn%dk%d", &m, &n, &k)
		which := parts[2]
		r, c := wmmaDims(strings.ToLower(which)[0], m, n, k)
		f := wmmaFrag(which, r, c, ekinds["."+parts[1]])
		if f.regs != want {
			t.Errorf("%s: %d registers, want %d", key, f.regs, want)
		}
		seen := make([]int, f.size())
		for lane := 0; lane < 32; lane++ {
			for i := 0; i < f.slots(); i++ {
				seen[f.idx[lane*f.slots()+i]]++
			}
		}
		for e, cnt := range seen {
			if cnt != seen[0] || cnt == 0 {
				t.Errorf("%s: element %d held %d times, element 0 %d times", key, e, cnt, seen[0])
			}
		}
	}
}

// wmmaKernel builds a kernel: load A, B, C from pa, pb, pc with layouts
// and strides, multiply, store D to pd.
func wmmaKernel(c wmmaCase, cd string, lay [4]string, strides [4]int, extra string) string {
	shape := fmt.Sprintf(".m%dn%dk%d", c.m, c.n, c.k)
	wide := c.ab == ".f64"
	rt := ".b32"
	if wide {
		rt = ".b64"
	}
	regList := func(prefix string, n int) string {
		var r []string
		for i := 0; i < n; i++ {
			r = append(r, fmt.Sprintf("%%%s%d", prefix, i))
		}
		return "{" + strings.Join(r, ", ") + "}"
	}
	ar, ac := wmmaDims('a', c.m, c.n, c.k)
	br, bc := wmmaDims('b', c.m, c.n, c.k)
	fa, fb := wmmaFrag("A", ar, ac, ekinds[c.ab]), wmmaFrag("B", br, bc, ekinds[c.ab])
	fc := wmmaFrag("C", c.m, c.n, ekinds[cd])
	stride := func(i int) string {
		if strides[i] == 0 {
			return ""
		}
		return fmt.Sprintf(", %d", strides[i])
	}
	ctype := cd
	var b strings.Builder
	fmt.Fprintf(&b, `.version 7.8
.target sm_80
.address_size 64
.visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)
{
	.reg %s %%a<8>, %%b<8>, %%c<8>, %%d<8>;
	.reg .b64 %%ra, %%rb, %%rc, %%rd;
	ld.param.u64 %%ra, [pa];
	ld.param.u64 %%rb, [pb];
	ld.param.u64 %%rc, [pc];
	ld.param.u64 %%rd, [pd];
%s	wmma.load.a.sync.aligned%s%s.global%s %s, [%%ra]%s;
	wmma.load.b.sync.aligned%s%s.global%s %s, [%%rb]%s;
	wmma.load.c.sync.aligned%s%s.global%s %s, [%%rc]%s;
`, rt, extra, lay[0], shape, c.ab, regList("a", fa.regs), stride(0),
		lay[1], shape, c.ab, regList("b", fb.regs), stride(1),
		lay[2], shape, ctype, regList("c", fc.regs), stride(2))
	types := cd + c.ab + c.ab + cd
	head := "wmma.mma.sync.aligned"
	switch c.ab {
	case ".f16":
		types = cd + cd
	case ".b1":
		head = "wmma.mma.xor.popc.sync.aligned"
	}
	fmt.Fprintf(&b, "\t%s%s%s%s%s %s, %s, %s, %s;\n", head, lay[0], lay[1], shape, types,
		regList("d", fc.regs), regList("a", fa.regs), regList("b", fb.regs), regList("c", fc.regs))
	fmt.Fprintf(&b, "\twmma.store.d.sync.aligned%s%s.global%s [%%rd], %s%s;\n\tret;\n}\n", lay[3], shape, cd, regList("d", fc.regs), stride(3))
	return b.String()
}

// putElem stores element (r, c) of a matrix with the layout and stride.
func putElem(buf []byte, bitsPer int, row bool, stride, r, c int, v uint64) {
	off := r*stride + c
	if !row {
		off = c*stride + r
	}
	bit := off * bitsPer
	switch {
	case bitsPer < 8:
		mask := byte(widthMask(uint8(bitsPer))) << (bit % 8)
		buf[bit/8] = buf[bit/8]&^mask | byte(v<<(bit%8))&mask
	default:
		store(buf[bit/8:bit/8+bitsPer/8], v)
	}
}

func getElem(buf []byte, bitsPer int, row bool, stride, r, c int) uint64 {
	off := r*stride + c
	if !row {
		off = c*stride + r
	}
	bit := off * bitsPer
	if bitsPer < 8 {
		return uint64(buf[bit/8]>>(bit%8)) & widthMask(uint8(bitsPer))
	}
	return load(buf[bit/8 : bit/8+bitsPer/8])
}

func TestWmma(t *testing.T) {
	rng := rand.New(rand.NewSource(70))
	for _, c := range wmmaCases {
		for _, cd := range c.cd {
			for li, lay := range [][4]string{{".row", ".col", ".row", ".row"}, {".col", ".row", ".col", ".col"}, {".row", ".row", ".col", ".row"}} {
				if (c.ab == ".s4" || c.ab == ".u4" || c.ab == ".b1") && lay[0] != ".row" {
					continue // the sub-byte forms are .row.col only
				}
				if (c.ab == ".s4" || c.ab == ".u4" || c.ab == ".b1") && lay[1] != ".col" {
					continue
				}
				withStride := li != 1
				name := fmt.Sprintf("m%dn%dk%d%s%s%s", c.m, c.n, c.k, c.ab, cd, strings.Join(lay[:], ""))
				t.Run(name, func(t *testing.T) {
					ab, dk := ekinds[c.ab], ekinds[cd]
					dims := [4][2]int{{c.m, c.k}, {c.k, c.n}, {c.m, c.n}, {c.m, c.n}}
					kinds := [4]ekind{ab, ab, dk, dk}
					var strides [4]int
					for i := range strides {
						if withStride {
							w := dims[i][1]
							if lay[i] == ".col" {
								w = dims[i][0]
							}
							strides[i] = w + 32 // padded rows (a multiple of 8 bits for sub-byte types)
						}
					}
					src := wmmaKernel(c, cd, lay, strides, "")
					p := compilePTX(t, "wmma.ptx", src)
					params := make([]byte, 32)
					m, err := New(p, "k", Launch{Block: [3]uint32{32, 1, 1}, Params: params})
					if err != nil {
						t.Fatal(err)
					}
					lo, hi := valueRange(ab)
					mats := make([][]int64, 4)
					bufs := make([][]byte, 4)
					var addrs [4]uint64
					for i := 0; i < 4; i++ {
						rows, cols := dims[i][0], dims[i][1]
						st := strides[i]
						if st == 0 {
							st = map[bool]int{true: cols, false: rows}[lay[i] == ".row"]
						}
						n := max(rows, cols) * (st + 1)
						bits := kinds[i].bits()
						addr := m.Alloc(fmt.Sprint("m", i), n*max(1, bits/8)+8)
						binary.LittleEndian.PutUint64(params[8*i:], addr)
						bufs[i] = m.Buffer(addr)
						addrs[i] = addr
						mats[i] = make([]int64, rows*cols)
						if i == 3 {
							continue
						}
						for r := 0; r < rows; r++ {
							for cc := 0; cc < cols; cc++ {
								v := lo + rng.Int63n(hi-lo+1)
								if i == 2 {
									v = rng.Int63n(201) - 100
								}
								mats[i][r*cols+cc] = v
								putElem(bufs[i], bits, lay[i] == ".row", st, r, cc, encode(kinds[i], v))
							}
						}
					}
					for i := range 3 {
						m.Store(addrs[i], 0, bufs[i])
					}
					m.Run(10000)
					if f := m.Fault(); f != nil {
						t.Fatalf("run: %v\n%s", f, numbered(src))
					}
					bufs[3] = m.Buffer(addrs[3])
					st := strides[3]
					if st == 0 {
						st = map[bool]int{true: c.n, false: c.m}[lay[3] == ".row"]
					}
					for r := 0; r < c.m; r++ {
						for cc := 0; cc < c.n; cc++ {
							want := mats[2][r*c.n+cc]
							for kk := 0; kk < c.k; kk++ {
								x, y := mats[0][r*c.k+kk], mats[1][kk*c.n+cc]
								if ab == ekB1 {
									want += x ^ y
								} else {
									want += x * y
								}
							}
							bitsv := getElem(bufs[3], dk.bits(), lay[3] == ".row", st, r, cc)
							var got int64
							switch dk {
							case ekS32:
								got = int64(int32(bitsv))
							case ekF64:
								got = int64(math.Float64frombits(bitsv))
							default:
								got = int64(floatOf(dk, bitsv))
							}
							if got != want {
								t.Fatalf("D[%d][%d] = %d, want %d\n%s", r, cc, got, want, src)
							}
						}
					}
				})
			}
		}
	}
}

// TestWmmaWrongRegisterCount: a fragment with the wrong number of
// registers is a check error at the instruction, as ptxas says.
func TestWmmaWrongRegisterCount(t *testing.T) {
	src := `.version 7.8
.target sm_80
.address_size 64
.visible .entry k(.param .u64 pa)
{
	.reg .b32 %a<8>;
	.reg .b64 %ra;
	ld.param.u64 %ra, [pa];
	wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%a0, %a1, %a2, %a3}, [%ra];
	ret;
}
`
	mod, perrs := ptx.Parse("w.ptx", []byte(src))
	if len(perrs) > 0 {
		t.Fatal(perrs)
	}
	if _, errs := check.Check(mod); len(errs) != 1 || errs[0].Pos.Line != 9 || !strings.Contains(errs[0].Msg, "takes 8 registers, got 4") {
		t.Fatalf("check: %v", errs)
	}
}
