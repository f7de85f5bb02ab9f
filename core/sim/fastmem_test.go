package sim

// fastmem_test.go: the observables that a warp-wide memory access must keep
// however it is executed (lane by lane when a step is recorded, warp-wide
// when a plain run goes fast): the values, the fault at the first bad
// active lane with its message, the lanes written before a fault, the
// access record a step leaves for the page, and step back across such
// accesses. Each case runs twice, once by Machine.Run (no recording) and
// once step by step through a Session (recording on), and both must agree
// with the expectation computed here and with each other, bit for bit.

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// fastmemKernel: lane i accesses base + offs[i] (offs a u64 buffer), with
// base the buffer buf, the shared array sh, or either through a generic
// address; lanes i >= active are guarded off. OP is the access, which
// reads %r20..%r23 (values to store) and writes %r10..%r13 (values read);
// the four words go to out[4i..4i+3] after it. %rd12 is {%r20, %r21}, for
// 64-bit stores.
const fastmemKernel = `.version 7.0
.target sm_80
.address_size 64

.visible .entry k(.param .u64 buf, .param .u64 offs, .param .u64 out, .param .u32 active)
{
	.reg .pred %p<2>;
	.reg .b32 %r<32>;
	.reg .b64 %rd<16>;
	.shared .align 16 .b8 sh[8192];

	mov.u32 %r1, %tid.x;
	ld.param.u64 %rd1, [buf];
	ld.param.u64 %rd2, [offs];
	ld.param.u64 %rd3, [out];
	ld.param.u32 %r2, [active];
	mul.wide.u32 %rd4, %r1, 8;
	add.s64 %rd5, %rd2, %rd4;
	ld.global.u64 %rd6, [%rd5];
	mov.u64 %rd8, sh;
	cvta.shared.u64 %rd9, %rd8;
	add.s64 %rd7, BASE, %rd6;
	mov.u32 %r10, 0;
	mov.u32 %r11, 0;
	mov.u32 %r12, 0;
	mov.u32 %r13, 0;
	mad.lo.u32 %r20, %r1, 16843009, 1;
	add.u32 %r21, %r20, 2;
	add.u32 %r22, %r20, 3;
	add.u32 %r23, %r20, 4;
	mov.b64 %rd12, {%r20, %r21};
	setp.lt.u32 %p1, %r1, %r2;
	@%p1 OP
	mul.wide.u32 %rd10, %r1, 16;
	add.s64 %rd11, %rd3, %rd10;
	st.global.v4.u32 [%rd11], {%r10, %r11, %r12, %r13};
	ret;
}
`

// fastmemOpLine is the line of OP in fastmemKernel, which faults name.
var fastmemOpLine = func() int {
	for i, l := range strings.Split(fastmemKernel, "\n") {
		if strings.Contains(l, "@%p1 OP") {
			return i + 1
		}
	}
	panic("no OP")
}()

const fastmemBufBytes = 40000 // not a multiple of 256: a 192-byte gap follows

type fastmemRun struct {
	m                *Machine
	buf, next, out   uint64
	bufInit, nextIni []byte
}

// newFastmem builds the machine: buf (40000 bytes, byte j = j*7 + j>>8),
// next (the buffer allocated right after it, 4096 bytes, byte j = 0x80+j),
// offs and out.
func newFastmem(t testing.TB, p *Program, offs [32]uint64, active uint32) *fastmemRun {
	t.Helper()
	ps, size, _ := p.Params("k")
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	r := &fastmemRun{m: m}
	r.buf = m.Alloc("buf", fastmemBufBytes)
	r.next = m.Alloc("next", 4096)
	oa := m.Alloc("offs", 32*8)
	r.out = m.Alloc("out", 32*16)
	r.bufInit = make([]byte, fastmemBufBytes)
	for j := range r.bufInit {
		r.bufInit[j] = byte(j*7 + j>>8)
	}
	r.nextIni = make([]byte, 4096)
	for j := range r.nextIni {
		r.nextIni[j] = byte(0x80 + j)
	}
	m.Store(r.buf, 0, r.bufInit)
	m.Store(r.next, 0, r.nextIni)
	ob := make([]byte, 32*8)
	for i, o := range offs {
		binary.LittleEndian.PutUint64(ob[8*i:], o)
	}
	m.Store(oa, 0, ob)
	for _, pi := range ps {
		switch pi.Name {
		case "buf":
			binary.LittleEndian.PutUint64(params[pi.Offset:], r.buf)
		case "offs":
			binary.LittleEndian.PutUint64(params[pi.Offset:], oa)
		case "out":
			binary.LittleEndian.PutUint64(params[pi.Offset:], r.out)
		case "active":
			binary.LittleEndian.PutUint32(params[pi.Offset:], active)
		}
	}
	return r
}

// fastmemOp is one access form: its PTX, the state space it resolves to,
// the bytes a lane accesses, and whether it writes.
type fastmemOp struct {
	name   string
	base   string // %rd1 (buf), %rd8 (sh in the shared space), %rd9 (sh, generic)
	ptx    string
	space  string // the space the fault names
	bytes  uint64
	write  bool
	shared bool
	words  int // words of %r10.. a load fills (0 for a store)
}

var fastmemOps = []fastmemOp{
	{"ld.global.u32", "%rd1", "ld.global.u32 %r10, [%rd7];", "global", 4, false, false, 1},
	{"ld.global.s8", "%rd1", "ld.global.s8 %r10, [%rd7];", "global", 1, false, false, 1},
	{"ld.global.v4.u32", "%rd1", "ld.global.v4.u32 {%r10, %r11, %r12, %r13}, [%rd7];", "global", 16, false, false, 4},
	{"ld.u32 generic to global", "%rd1", "ld.u32 %r10, [%rd7];", "generic", 4, false, false, 1},
	{"st.global.u32", "%rd1", "st.global.u32 [%rd7], %r20;", "global", 4, true, false, 0},
	{"st.global.v2.u32", "%rd1", "st.global.v2.u32 [%rd7], {%r20, %r21};", "global", 8, true, false, 0},
	{"atom.global.add.u32", "%rd1", "atom.global.add.u32 %r10, [%rd7], %r20;", "global", 4, true, false, 1},
	{"ld.shared.u32", "%rd8", "ld.shared.u32 %r10, [%rd7];", "shared", 4, false, true, 1},
	{"st.shared.v2.u32", "%rd8", "st.shared.v2.u32 [%rd7], {%r20, %r21};", "shared", 8, true, true, 0},
	{"atom.shared.add.u32", "%rd8", "atom.shared.add.u32 %r10, [%rd7], %r20;", "shared", 4, true, true, 1},
	{"st.u32 generic to shared", "%rd9", "st.u32 [%rd7], %r20;", "generic", 4, true, true, 0},
	// 64-bit single elements (the full-warp loops of fastmem_lanes.go):
	{"ld.global.u64", "%rd1", "ld.global.u64 %rd13, [%rd7];\n\t@%p1 mov.b64 {%r10, %r11}, %rd13;", "global", 8, false, false, 2},
	{"st.global.u64", "%rd1", "st.global.u64 [%rd7], %rd12;", "global", 8, true, false, 0},
	{"st.shared.u32", "%rd8", "st.shared.u32 [%rd7], %r20;", "shared", 4, true, true, 0},
	{"ld.shared.u64", "%rd8", "ld.shared.u64 %rd13, [%rd7];\n\t@%p1 mov.b64 {%r10, %r11}, %rd13;", "shared", 8, false, true, 2},
}

// fastmemPattern is one set of lane offsets, made for an access size.
type fastmemPattern struct {
	desc   string
	offs   func(n uint64, r *fastmemRun) [32]uint64
	active uint32
}

func lanes(f func(i uint64) uint64) (o [32]uint64) {
	for i := range o {
		o[i] = f(uint64(i))
	}
	return o
}

var fastmemPatterns = []fastmemPattern{
	{"unit stride from 0", func(n uint64, _ *fastmemRun) [32]uint64 { return lanes(func(i uint64) uint64 { return i * n }) }, 32},
	{"unit stride across a 16 KiB page", func(n uint64, _ *fastmemRun) [32]uint64 {
		return lanes(func(i uint64) uint64 { return 16384 - 16*n + i*n })
	}, 32},
	{"unit stride but lanes 30 and 31 swapped", func(n uint64, _ *fastmemRun) [32]uint64 {
		o := lanes(func(i uint64) uint64 { return 512 + i*n })
		o[30], o[31] = o[31], o[30]
		return o
	}, 32},
	{"unit stride wrapping past the top of the address space", func(n uint64, r *fastmemRun) [32]uint64 {
		return lanes(func(i uint64) uint64 { return -r.buf - 8*n + i*n }) // lane 8 at address 0
	}, 32},
	{"unit stride ending at the last byte of sh (8192)", func(n uint64, _ *fastmemRun) [32]uint64 {
		return lanes(func(i uint64) uint64 { return 8192 - 32*n + i*n })
	}, 32},
	{"unit stride with lane 31 just past the end of sh", func(n uint64, _ *fastmemRun) [32]uint64 {
		return lanes(func(i uint64) uint64 { return 8192 - 31*n + i*n })
	}, 32},
	{"unit stride ending at the last byte of buf (its last page part of one)", func(n uint64, _ *fastmemRun) [32]uint64 {
		return lanes(func(i uint64) uint64 { return fastmemBufBytes - 32*n + i*n })
	}, 32},
	{"every lane on one address", func(n uint64, _ *fastmemRun) [32]uint64 { return lanes(func(i uint64) uint64 { return 64 }) }, 32},
	{"lanes in reverse, pairs on one address", func(n uint64, _ *fastmemRun) [32]uint64 {
		return lanes(func(i uint64) uint64 { return (31 - i) / 2 * n })
	}, 32},
	{"lane 17 one past the end", func(n uint64, _ *fastmemRun) [32]uint64 {
		o := lanes(func(i uint64) uint64 { return i * n })
		o[17] = fastmemBufBytes
		return o
	}, 32},
	{"lanes 3 and 9 misaligned", func(n uint64, _ *fastmemRun) [32]uint64 {
		o := lanes(func(i uint64) uint64 { return 256 + i*n })
		if n > 1 {
			o[9] += n / 2
			o[3] += 1
		}
		return o
	}, 32},
	{"lanes 16-31 in the next buffer", func(n uint64, r *fastmemRun) [32]uint64 {
		return lanes(func(i uint64) uint64 {
			if i < 16 {
				return fastmemBufBytes - 256 + i*n
			}
			return r.next - r.buf + (i-16)*n
		})
	}, 32},
	{"lane 20 in the gap between two buffers", func(n uint64, r *fastmemRun) [32]uint64 {
		o := lanes(func(i uint64) uint64 { return fastmemBufBytes - 512 + i*n })
		o[20] = r.next - r.buf - 16*n
		return o
	}, 32},
	{"bad lanes 20-31 guarded off", func(n uint64, _ *fastmemRun) [32]uint64 {
		return lanes(func(i uint64) uint64 {
			if i >= 20 {
				return 1 << 40
			}
			return i * n
		})
	}, 20},
	{"every lane far out", func(n uint64, _ *fastmemRun) [32]uint64 { return lanes(func(i uint64) uint64 { return 1<<40 + i*n }) }, 32},
	// Lanes one stride apart other than the element (warpSpan's span from
	// the first and last lanes):
	{"stride of 33 elements (a padded tile's column), the last lane at the end of sh", func(n uint64, _ *fastmemRun) [32]uint64 {
		return lanes(func(i uint64) uint64 { return 8192 - 31*33*n - n + i*33*n })
	}, 32},
	{"stride of 3 elements across a 16 KiB page", func(n uint64, _ *fastmemRun) [32]uint64 {
		return lanes(func(i uint64) uint64 { return 16384 - 40*n + i*3*n })
	}, 32},
	{"stride of 2 elements, lane 31 one past the end", func(n uint64, _ *fastmemRun) [32]uint64 {
		return lanes(func(i uint64) uint64 { return fastmemBufBytes - 62*n + i*2*n })
	}, 32},
	{"stride of 1.5 elements: odd lanes misaligned", func(n uint64, _ *fastmemRun) [32]uint64 {
		return lanes(func(i uint64) uint64 { return 512 + i*(n+n/2) })
	}, 32},
	{"stride of 2 elements wrapping past the top of the address space", func(n uint64, r *fastmemRun) [32]uint64 {
		return lanes(func(i uint64) uint64 { return -r.buf - 8*n + i*2*n }) // lane 4 at address 0
	}, 32},
	{"stride of 2^33 bytes", func(n uint64, _ *fastmemRun) [32]uint64 { return lanes(func(i uint64) uint64 { return i << 33 }) }, 32},
	{"a stride whose 31 steps wrap to 16 bytes past lane 0", func(n uint64, _ *fastmemRun) [32]uint64 {
		d := uint64(1<<64-1)/31 + 1 // 31*d = 2^64 + 15
		return lanes(func(i uint64) uint64 { return i * d })
	}, 32},
	{"descending stride of 2 elements", func(n uint64, _ *fastmemRun) [32]uint64 {
		return lanes(func(i uint64) uint64 { return 1024 + (31-i)*2*n })
	}, 32},
	{"lane 5 at address 0", func(n uint64, r *fastmemRun) [32]uint64 {
		o := lanes(func(i uint64) uint64 { return i * n })
		o[5] = -r.buf // base + offset wraps to 0
		return o
	}, 32},
}

// expectFault computes the fault the access must raise: the first active
// lane whose address is misaligned or outside every allocation of the
// space (PTX ISA: accesses are naturally aligned; ptxplay checks bounds).
func expectFault(op fastmemOp, r *fastmemRun, offs [32]uint64, active uint32) (lane int, msg string) {
	for i := 0; i < int(active); i++ {
		var addr uint64 // the address as the instruction names it
		var in bool
		if op.shared {
			rel := offs[i]
			addr = rel
			if op.space == "generic" {
				addr += sharedWindow
			}
			in = rel+op.bytes <= 8192 && rel < 8192
		} else {
			addr = r.buf + offs[i]
			in = (addr >= r.buf && addr+op.bytes <= r.buf+fastmemBufBytes) || (addr >= r.next && addr+op.bytes <= r.next+4096)
		}
		if addr%op.bytes != 0 {
			return i, fmt.Sprintf("misaligned %d-byte %s of %s address 0x%x", op.bytes, rw(op.write), op.space, addr)
		}
		if !in {
			return i, fmt.Sprintf("%d-byte %s of %s address 0x%x", op.bytes, rw(op.write), op.space, addr)
		}
	}
	return -1, ""
}

// TestFastMemObservables: every access form over every lane pattern, run
// plainly and step by step, against the expectation.
func TestFastMemObservables(t *testing.T) {
	for _, op := range fastmemOps {
		src := strings.NewReplacer("BASE", op.base, "OP", op.ptx).Replace(fastmemKernel)
		p := compilePTX(t, "fastmem.ptx", src)
		for _, pat := range fastmemPatterns {
			t.Run(op.name+"/"+pat.desc, func(t *testing.T) {
				plain := newFastmem(t, p, [32]uint64{}, 0)
				offs := pat.offs(op.bytes, plain)
				plain = newFastmem(t, p, offs, pat.active)
				plain.m.Run(0)
				stepped := newFastmem(t, p, offs, pat.active)
				s := NewSession(stepped.m, 0)
				for s.Step() {
				}
				wantLane, wantMsg := expectFault(op, plain, offs, pat.active)
				for _, run := range []struct {
					how string
					r   *fastmemRun
				}{{"run", plain}, {"stepped", stepped}} {
					f := run.r.m.Fault()
					switch {
					case wantLane < 0 && f != nil:
						t.Fatalf("%s: fault %q, want none", run.how, f.Msg)
					case wantLane >= 0 && f == nil:
						t.Fatalf("%s: no fault, want one at lane %d: %s", run.how, wantLane, wantMsg)
					case wantLane >= 0:
						tail := fmt.Sprintf("warp 0 lane %d, line %d)", wantLane, fastmemOpLine)
						if f.Lane != wantLane || !strings.HasPrefix(f.Msg, wantMsg) || !strings.HasSuffix(f.Msg, tail) || f.Line != fastmemOpLine {
							t.Fatalf("%s: fault at lane %d line %d: %q\nwant lane %d line %d: %q ... %q", run.how, f.Lane, f.Line, f.Msg, wantLane, fastmemOpLine, wantMsg, tail)
						}
					}
				}
				if pf, sf := plain.m.Fault(), stepped.m.Fault(); pf != nil && sf != nil && *pf != *sf {
					t.Fatalf("faults differ:\nrun     %+v\nstepped %+v", *pf, *sf)
				}
				if plain.m.Fingerprint() != stepped.m.Fingerprint() {
					t.Fatalf("the plain run and the stepped run end in different states")
				}
				if wantLane < 0 && !op.shared {
					checkFastmemMemory(t, op, plain, offs, pat.active)
				}
				if wantLane >= 0 && op.write && !op.shared {
					// The lanes before the faulting one have stored, the
					// others not (lanes go in order).
					checkFastmemMemory(t, op, plain, offs, uint32(wantLane))
				}
			})
		}
	}
}

// checkFastmemMemory compares buf, next and out with a lane-by-lane model
// of the access by lanes 0..active-1 (in lane order, so the last lane on an
// address wins and atomics accumulate in lane order).
func checkFastmemMemory(t *testing.T, op fastmemOp, r *fastmemRun, offs [32]uint64, active uint32) {
	t.Helper()
	mem := map[uint64][]byte{r.buf: append([]byte(nil), r.bufInit...), r.next: append([]byte(nil), r.nextIni...)}
	at := func(addr uint64) []byte {
		for b, bs := range mem {
			if addr >= b && addr < b+uint64(len(bs)) {
				return bs[addr-b:]
			}
		}
		t.Fatalf("model: address 0x%x in no buffer", addr)
		return nil
	}
	var out [32][4]uint32
	for i := uint64(0); i < uint64(active); i++ {
		b := at(r.buf + offs[i])
		v := uint32(i)*0x01010101 + 1
		switch {
		case strings.HasPrefix(op.name, "ld") && op.bytes == 1:
			out[i][0] = uint32(int32(int8(b[0])))
		case strings.HasPrefix(op.name, "ld"):
			for k := 0; k < op.words; k++ {
				out[i][k] = binary.LittleEndian.Uint32(b[4*k:])
			}
		case strings.HasPrefix(op.name, "atom"):
			out[i][0] = binary.LittleEndian.Uint32(b)
			binary.LittleEndian.PutUint32(b, out[i][0]+v)
		default: // st: %r20 = v, %r21 = v + 2
			binary.LittleEndian.PutUint32(b, v)
			if op.bytes == 8 {
				binary.LittleEndian.PutUint32(b[4:], v+2)
			}
		}
	}
	for base, want := range mem {
		got := r.m.Buffer(base)
		for j := range want {
			if got[j] != want[j] {
				t.Fatalf("buffer at 0x%x: byte %d = %#x, want %#x", base, j, got[j], want[j])
			}
		}
	}
	if r.m.Fault() != nil {
		return // out is written after the access: nothing to compare
	}
	ob := r.m.Buffer(r.out)
	for i := range out {
		for k := range 4 {
			if got := binary.LittleEndian.Uint32(ob[16*i+4*k:]); got != out[i][k] {
				t.Fatalf("out[%d][%d] = %#x, want %#x", i, k, got, out[i][k])
			}
		}
	}
}

// TestFastMemAccessRecord: the step of a warp-wide access records each
// active lane's address in lane order, and the coalescing and bank figures
// follow from them: a unit-stride u32 load is 4 sectors in 1 line; the
// shared v2 store at unit stride touches 64 words, two in each bank.
func TestFastMemAccessRecord(t *testing.T) {
	for _, tt := range []struct {
		op                        fastmemOp
		active                    uint32
		sectors, lines, conflicts int
	}{
		{fastmemOps[0], 32, 4, 1, 0},
		{fastmemOps[0], 20, 3, 1, 0}, // 80 bytes: sectors 0-2
		{fastmemOps[8], 32, 0, 0, 2},
	} {
		src := strings.NewReplacer("BASE", tt.op.base, "OP", tt.op.ptx).Replace(fastmemKernel)
		p := compilePTX(t, "fastmem.ptx", src)
		offs := lanes(func(i uint64) uint64 { return i * tt.op.bytes })
		r := newFastmem(t, p, offs, tt.active)
		s := NewSession(r.m, 0)
		var a *Access
		for s.Step() {
			if l := s.m.Last(); l.Line() == fastmemOpLine {
				a = s.Snapshot(SnapshotOptions{}).Access
				break
			}
		}
		if a == nil {
			t.Fatalf("%s: no access recorded at line %d", tt.op.name, fastmemOpLine)
		}
		if len(a.Lanes) != int(tt.active) || a.Write != tt.op.write {
			t.Fatalf("%s: %d lanes, write %v; want %d, %v", tt.op.name, len(a.Lanes), a.Write, tt.active, tt.op.write)
		}
		base := r.buf
		if tt.op.shared {
			base = 0
		}
		for i, l := range a.Lanes {
			if l.Lane != i || l.Addr != base+offs[i] || l.Size != int(tt.op.bytes) {
				t.Fatalf("%s: lane record %d = %+v, want lane %d addr 0x%x size %d", tt.op.name, i, l, i, base+offs[i], tt.op.bytes)
			}
		}
		if a.Sectors != tt.sectors || a.Lines != tt.lines || a.Conflict != tt.conflicts {
			t.Fatalf("%s: sectors %d lines %d conflict %d; want %d %d %d", tt.op.name, a.Sectors, a.Lines, a.Conflict, tt.sectors, tt.lines, tt.conflicts)
		}
	}
}

// fastmemLoop: 4 warps, each lane adding to buf[(tid*4 + 97*iteration)
// mod 4096 words] (a u32 read-modify-write by ld/st, a shared copy and an
// atomic), 64 iterations with a barrier each: the pages a checkpoint holds
// are written again after it, and step back must give each step's memory.
const fastmemLoop = `.version 7.0
.target sm_80
.address_size 64

.visible .entry k(.param .u64 buf, .param .u64 ctr)
{
	.reg .pred %p<2>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<16>;
	.shared .align 4 .b32 sh[128];

	mov.u32 %r1, %tid.x;
	ld.param.u64 %rd1, [buf];
	ld.param.u64 %rd2, [ctr];
	mov.u32 %r2, 0;
	mov.u32 %r9, sh;
	and.b32 %r10, %r1, 127;
	shl.b32 %r10, %r10, 2;
	add.u32 %r9, %r9, %r10;
LOOP:
	mad.lo.u32 %r3, %r2, 97, %r1;
	and.b32 %r3, %r3, 4095;
	mul.wide.u32 %rd3, %r3, 4;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.u32 %r4, [%rd4];
	add.u32 %r4, %r4, %r1;
	st.global.u32 [%rd4], %r4;
	st.shared.u32 [%r9], %r4;
	bar.sync 0;
	ld.shared.u32 %r5, [%r9];
	atom.global.add.u32 %r6, [%rd2], %r5;
	bar.sync 0;
	add.u32 %r2, %r2, 1;
	setp.lt.u32 %p1, %r2, 64;
	@%p1 bra LOOP;
	ret;
}
`

func newFastmemLoop(t testing.TB, p *Program) *Machine {
	ps, size, _ := p.Params("k")
	params := make([]byte, size)
	m, err := New(p, "k", Launch{Grid: [3]uint32{2, 1, 1}, Block: [3]uint32{128, 1, 1}, Params: params})
	if err != nil {
		t.Fatal(err)
	}
	buf := m.Alloc("buf", 4096*4)
	ctr := m.Alloc("ctr", 8)
	binary.LittleEndian.PutUint64(params[ps[0].Offset:], buf)
	binary.LittleEndian.PutUint64(params[ps[1].Offset:], ctr)
	return m
}

// TestFastMemStepBack: going to a step (back through checkpoints, then
// replaying with recording off) gives the state of a straight stepped run
// to it, for steps all over a run of global and shared accesses.
func TestFastMemStepBack(t *testing.T) {
	p := compilePTX(t, "fastmem_loop.ptx", fastmemLoop)
	ref := NewSession(newFastmemLoop(t, p), 0)
	var prints [][32]byte
	prints = append(prints, ref.Machine().Fingerprint())
	for ref.Step() {
		prints = append(prints, ref.Machine().Fingerprint())
	}
	if f := ref.Machine().Fault(); f != nil {
		t.Fatal(f)
	}
	total := ref.Steps()
	plain := newFastmemLoop(t, p)
	plain.Run(0)
	if plain.Fingerprint() != prints[total] {
		t.Fatal("a plain run ends in another state than the stepped one")
	}
	s := NewSession(newFastmemLoop(t, p), 0)
	s.GoTo(total)
	for _, n := range []int64{total - 1, total - 2, total / 2, total/2 + 1, 300, 257, 256, 255, 3, 0, total - 700} {
		s.GoTo(n)
		if s.Machine().Fingerprint() != prints[n] {
			t.Fatalf("GoTo(%d) of %d differs from the stepped run", n, total)
		}
	}
	for n := total; n > total-40; n-- {
		s.GoTo(n)
		if s.StepBack(); s.Machine().Fingerprint() != prints[n-1] {
			t.Fatalf("step back from %d differs from the stepped run", n)
		}
	}
}
