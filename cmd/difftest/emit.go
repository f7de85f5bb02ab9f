// emit.go: writes a (reduced) program as a testdata/run case: kernel.cu,
// ref.c (the same C for gcc, printing launch.json and expected.json
// through refjson.h) and the build flags; scripts/gen-testdata.sh makes
// kernel.ptx, launch.json and expected.json from them.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Emit writes dir/kernel.cu and dir/ref.c for p at level opt; why is the
// case's one-line description; clang names the compiler when it is not
// clang-14 (scripts/gen-testdata.sh reads "// clang-bin:").
func Emit(p *Program, opt, dir, why, clang string) error {
	if p.Cfg.CLI && outFill(p.Seed) != 0 {
		// ref.c starts its output at zeros, as testdata/run's launch.json
		// (a "count") does.
		return fmt.Errorf("seed %d of -with cli fills its output with 0x%x: reduce it without cli, or write the case by hand", p.Seed, outFill(p.Seed))
	}
	if p.Cfg.SM90 || p.Cfg.HSetp {
		// scripts/gen-testdata.sh builds kernel.ptx with clang's header.
		return fmt.Errorf("seed %d of -with sm90 or hsetp needs its module header rewritten (.version 8.1, .target sm_90): reduce it without them, or write the case by hand", p.Seed)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	name := filepath.Base(dir)
	var cu strings.Builder
	fmt.Fprintf(&cu, "// %s: %s\n", name, why)
	fmt.Fprintf(&cu, "// Found by cmd/difftest (seed %d, %s), reduced; see docs/difftest.md.\n", p.Seed, opt)
	fmt.Fprintf(&cu, "// clang-flags: %s -ffp-contract=off\n", opt)
	if c := filepath.Base(clang); c != "clang-14" && strings.HasPrefix(c, "clang-") {
		fmt.Fprintf(&cu, "// clang-bin: %s\n", c)
	}
	cu.WriteString(cudaHead)
	cu.WriteString(p.C())
	cu.WriteString(p.Kernel())
	if err := os.WriteFile(filepath.Join(dir, "kernel.cu"), []byte(cu.String()), 0o644); err != nil {
		return err
	}
	var c strings.Builder
	fmt.Fprintf(&c, "// Reference for %s: the same C as kernel.cu, compiled by gcc for the host,\n", name)
	c.WriteString("// run for every thread on the same inputs (cmd/difftest's generator).\n")
	c.WriteString("// cc-flags: -O0 (gcc 12 at -O1 and above miscompiles some programs: docs/difftest.md)\n")
	c.WriteString("#include \"refjson.h\"\n")
	c.WriteString("// refjson.h has its own f2u and u2f (raw bits); the generator's canonicalise NaN.\n")
	for _, f := range []string{"f2u", "u2f", "d2u", "u2d"} {
		fmt.Fprintf(&c, "#define %s difftest_%s\n", f, f)
	}
	c.WriteString("#pragma GCC diagnostic ignored \"-Wunused-variable\"\n")
	c.WriteString("#pragma GCC diagnostic ignored \"-Wunused-but-set-variable\"\n")
	c.WriteString("#pragma GCC diagnostic ignored \"-Wtautological-compare\"\n")
	c.WriteString(hostHead)
	c.WriteString(p.C())
	in := Inputs(p.Seed, p.Launch().Slots())
	n, slots, b := p.NOut(), p.Launch().Slots(), p.Launch().Block
	fmt.Fprintf(&c, "static const u64 in[%d] = {", len(in))
	for i, v := range in {
		if i%6 == 0 {
			c.WriteString("\n  ")
		}
		fmt.Fprintf(&c, "0x%xull, ", v)
	}
	c.WriteString("\n};\n")
	k := p.Name + "_k"
	fmt.Fprintf(&c, `
int main(int argc, char **argv) {
  int launch = j_mode(argc, argv);
  static u64 out[%d];
  %s
  if (launch) {
    j_launch_begin("%s", %d, 1, 1, %d, %d, %d, 0);
    j_buf("%s_param_0", J_U64, in, %d);
    j_buf_count("%s_param_1", J_U64, %d);
    j_launch_end();
  } else {
    j_expected_begin();
    j_buf("%s_param_1", J_U64, out, %d);
    j_expected_end();
  }
  return 0;
}
`, slots*n, hostLoop(p), k, p.Launch().Grid, b[0], b[1], b[2], k, len(in), k, slots*n, k, slots*n)
	return os.WriteFile(filepath.Join(dir, "ref.c"), []byte(c.String()), 0o644)
}
