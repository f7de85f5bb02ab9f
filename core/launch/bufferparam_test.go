package launch

import (
	"fmt"
	"strings"
	"testing"
)

// storeKernel is a kernel k(p, n) of a module with the given header
// lines that stores each thread's index through its parameter p:
// p[tid] = tid, for tid < n. width is the address width the body computes
// in (32 or 64).
func storeKernel(header, ptype string, width int) string {
	body := `	ld.param.u32 %r5, [n];
	mov.u32 %r1, %tid.x;
	setp.ge.u32 %p1, %r1, %r5;
	@%p1 bra $L_end;
`
	if width == 32 {
		body += `	ld.param` + ptype + ` %r2, [p];
	shl.b32 %r3, %r1, 2;
	add.u32 %r4, %r2, %r3;
	st.global.u32 [%r4], %r1;
`
	} else {
		body += `	ld.param` + ptype + ` %rd1, [p];
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r1;
`
	}
	return header + `
.visible .entry k(.param ` + ptype + ` p, .param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<6>;
	.reg .b64 %rd<4>;
` + body + `$L_end:
	ret;
}
`
}

// emptyKernel takes one parameter declared decl and does nothing.
func emptyKernel(header, decl string) string {
	return header + "\n.visible .entry k(.param " + decl + ")\n{\n\tret;\n}\n"
}

// TestBufferParamTypes: a buffer's address goes only into an integer
// parameter of the module's address size (.address_size, 64 when the
// module has none); anything else is refused in the contract's words,
// before the buffer is read.
func TestBufferParamTypes(t *testing.T) {
	const (
		h64   = ".version 7.0\n.target sm_80\n.address_size 64"
		h32   = ".version 7.0\n.target sm_80\n.address_size 32"
		hNone = ".version 7.0\n.target sm_80"
		buf   = `{"type": "u32", "count": 40}`
		why64 = "(a buffer's address needs a .u64, .s64 or .b64 parameter in a module with .address_size 64)"
		why32 = "(a buffer's address needs a .u32, .s32 or .b32 parameter in a module with .address_size 32)"
	)
	ok := []struct {
		desc, src string
	}{
		{".u64, 64-bit", storeKernel(h64, ".u64", 64)},
		{".s64, 64-bit", storeKernel(h64, ".s64", 64)},
		{".b64, 64-bit", storeKernel(h64, ".b64", 64)},
		{".u64, no .address_size", storeKernel(hNone, ".u64", 64)},
		{".u32, 32-bit", storeKernel(h32, ".u32", 32)},
		{".s32, 32-bit", storeKernel(h32, ".s32", 32)},
		{".b32, 32-bit", storeKernel(h32, ".b32", 32)},
	}
	for _, tt := range ok {
		// 40 threads, n = 33: p[i] = i below 33, 0 past it.
		res := Run("k.ptx", []byte(tt.src), []byte(`{"block": 40, "args": {"p": `+buf+`, "n": 33}}`), Options{})
		if !res.OK {
			t.Errorf("%s: %+v", tt.desc, res.Errors)
			continue
		}
		d := res.Buffers["p"].Data
		for i, v := range d {
			want := uint64(i)
			if i >= 33 {
				want = 0
			}
			if v != want {
				t.Errorf("%s: p[%d] = %d, want %d", tt.desc, i, v, want)
				break
			}
		}
	}
	refused := []struct {
		desc, src, arg, want string
	}{
		{".u32, 64-bit", storeKernel(h64, ".u32", 32), "p", "args.p: expected a number for the .u32 parameter, found a buffer " + why64},
		{".s32, 64-bit", storeKernel(h64, ".s32", 32), "p", "args.p: expected a number for the .s32 parameter, found a buffer " + why64},
		{".b32, 64-bit", storeKernel(h64, ".b32", 32), "p", "args.p: expected a number for the .b32 parameter, found a buffer " + why64},
		{".u32, no .address_size (64)", storeKernel(hNone, ".u32", 32), "p", "args.p: expected a number for the .u32 parameter, found a buffer " + why64},
		{"scalar n, 64-bit", storeKernel(h64, ".u64", 64), "n", "args.n: expected a number for the .u32 parameter, found a buffer " + why64},
		{".u64, 32-bit", storeKernel(h32, ".u64", 64), "p", "args.p: expected a number for the .u64 parameter, found a buffer " + why32},
		{".b64, 32-bit", storeKernel(h32, ".b64", 64), "p", "args.p: expected a number for the .b64 parameter, found a buffer " + why32},
		{".f32, 32-bit", emptyKernel(h32, ".f32 p"), "p", "args.p: expected a number for the .f32 parameter, found a buffer " + why32},
		{".f32, 64-bit", emptyKernel(h64, ".f32 p"), "p", "args.p: expected a number for the .f32 parameter, found a buffer " + why64},
		{".f64 (address-sized float)", emptyKernel(h64, ".f64 p"), "p", "args.p: expected a number for the .f64 parameter, found a buffer " + why64},
		{".f16", emptyKernel(h64, ".f16 p"), "p", "args.p: expected a number for the .f16 parameter, found a buffer " + why64},
		{".u16", emptyKernel(h64, ".u16 p"), "p", "args.p: expected a number for the .u16 parameter, found a buffer " + why64},
		{".u8", emptyKernel(h64, ".u8 p"), "p", "args.p: expected a number for the .u8 parameter, found a buffer " + why64},
		{".pred", emptyKernel(h64, ".pred p"), "p", "args.p: the .pred parameter cannot take a buffer " + why64},
		{"16-byte array", emptyKernel(h64, ".align 8 .b8 p[16]"), "p", "args.p: the .b8[16] array parameter cannot take a buffer (an array takes one when it is 8 bytes, a struct holding one pointer)"},
		{"8-byte array, 32-bit", emptyKernel(h32, ".align 4 .b8 p[8]"), "p", "args.p: the .b8[8] array parameter cannot take a buffer (an array takes one when it is 4 bytes, a struct holding one pointer)"},
		{"array of u32", emptyKernel(h64, ".align 8 .u32 p[4]"), "p", "args.p: the .u32[4] array parameter cannot take a buffer (an array takes one when it is 8 bytes, a struct holding one pointer)"},
	}
	for _, tt := range refused {
		args := map[string]string{"p": "0", "n": "1"}
		if !strings.Contains(tt.src, ".param .u32 n") {
			delete(args, "n")
		}
		// Far past the buffer limits: the parameter is refused first.
		args[tt.arg] = `{"type": "u8", "count": 67108864}`
		var parts []string
		for k, v := range args {
			parts = append(parts, fmt.Sprintf("%q: %s", k, v))
		}
		res := Run("k.ptx", []byte(tt.src), []byte(`{"block": 32, "args": {`+strings.Join(parts, ", ")+`}}`), Options{})
		if res.OK || len(res.Errors) != 1 {
			t.Errorf("%s: ok %v, errors %+v", tt.desc, res.OK, res.Errors)
			continue
		}
		if e := res.Errors[0]; e.Phase != "launch" || e.Message != tt.want {
			t.Errorf("%s:\n got %s: %s\nwant launch: %s", tt.desc, e.Phase, e.Message, tt.want)
		}
		if res.Machine != nil || len(res.Names) != 0 {
			t.Errorf("%s: a machine or buffers after a refused launch", tt.desc)
		}
	}
}

// TestBufferStructParam: clang passes a struct holding one pointer as an
// address-sized .b8 array; a buffer goes there, and the kernel stores
// through the pointer it loads from it.
func TestBufferStructParam(t *testing.T) {
	for _, c := range []struct{ head, decl, ld, width string }{
		{".address_size 64", ".align 8 .b8 s[8]", "ld.param.u64 %rd1, [s];", "64"},
		{".address_size 32", ".align 4 .b8 s[4]", "ld.param.u32 %r2, [s];", "32"},
	} {
		addr := "\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.s64 %rd3, %rd1, %rd2;\n\tst.global.u32 [%rd3], %r1;\n"
		if c.width == "32" {
			addr = "\tshl.b32 %r3, %r1, 2;\n\tadd.u32 %r4, %r2, %r3;\n\tst.global.u32 [%r4], %r1;\n"
		}
		src := ".version 7.0\n.target sm_80\n" + c.head + "\n.visible .entry k(.param " + c.decl + ")\n{\n\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<4>;\n\t" +
			c.ld + "\n\tmov.u32 %r1, %tid.x;\n" + addr + "\tret;\n}\n"
		res := Run("k.ptx", []byte(src), []byte(`{"block": 16, "args": {"s": {"type": "u32", "count": 16}}}`), Options{})
		if !res.OK {
			t.Errorf("%s: %+v", c.decl, res.Errors)
			continue
		}
		for i, v := range res.Buffers["s"].Data {
			if v != uint64(i) {
				t.Errorf("%s: s[%d] = %d, want %d", c.decl, i, v, i)
				break
			}
		}
	}
}

// TestBufferParamOldModule: a module of PTX before 2.3, which had no
// .address_size, has 32-bit addresses: a buffer goes into .u32, not .u64.
func TestBufferParamOldModule(t *testing.T) {
	const h = ".version 2.2\n.target sm_20"
	res := Run("k.ptx", []byte(storeKernel(h, ".u32", 32)), []byte(`{"block": 8, "args": {"p": {"type": "u32", "count": 8}, "n": 8}}`), Options{})
	if !res.OK || res.Buffers["p"].Data[7] != 7 {
		t.Errorf(".u32 in a PTX 2.2 module: ok %v, errors %+v", res.OK, res.Errors)
	}
	res = Run("k.ptx", []byte(storeKernel(h, ".u64", 64)), []byte(`{"block": 8, "args": {"p": {"type": "u32", "count": 8}, "n": 8}}`), Options{})
	if res.OK || len(res.Errors) != 1 || !strings.HasPrefix(res.Errors[0].Message, "args.p: expected a number for the .u64 parameter, found a buffer (a buffer's address needs a .u32, .s32 or .b32 parameter in a module with .address_size 32)") {
		t.Errorf(".u64 in a PTX 2.2 module: ok %v, errors %+v", res.OK, res.Errors)
	}
}
