package main

import (
	"strings"
	"testing"
)

// TestCLI: -with cli leaves the programs as they are, fills the output of
// a third of the seeds with zeros and of the others with their own value,
// and a fixed seed set of cli,exit,shapes (threads that leave and slots
// with no thread, whose outputs keep the fill) runs through launch.Run at
// -O0 and -O3 with every printed output agreeing. With the host's buffer
// left at zeros (a deliberate mistake), 28 of the 40 runs from seed
// 9600001 disagree.
func TestCLI(t *testing.T) {
	cfg, err := ParseWith(DefaultConfig(), "cli,exit,shapes")
	if err != nil || !cfg.CLI {
		t.Fatalf("ParseWith(cli,exit,shapes) = %+v, %v", cfg, err)
	}
	plain, _ := ParseWith(DefaultConfig(), "exit,shapes")
	zeros := 0
	for s := uint64(1); s <= 300; s++ {
		if Generate(s, cfg).C() != Generate(s, plain).C() {
			t.Fatalf("seed %d: -with cli changed the program", s)
		}
		if outFill(s) == 0 {
			zeros++
		}
	}
	if zeros < 60 || zeros > 140 {
		t.Errorf("%d of 300 seeds fill with zeros, want about 100", zeros)
	}
	tl := tools(t)
	n := size(20, 8)
	st := Campaign(tl, cfg, 9600001, n, 20, 2, []string{"-O0", "-O3"}, func(_ int, found []Finding) {
		for _, f := range found {
			if f.What == "clang-bug" || f.What == "gcc-bug" {
				t.Logf("%v", f)
				continue
			}
			if strings.HasPrefix(f.Detail, "result JSON") {
				t.Errorf("%v: the printed output is not the machine's", f)
				continue
			}
			t.Errorf("%v (reproduce: go run ./cmd/difftest -with cli,exit,shapes -reduce -seed %d -O %s)", f, f.Seed, f.Opt)
		}
	})
	if st.Agree+st.ClangBug+st.GCCBug != 2*n {
		t.Errorf("%d of %d program runs agree", st.Agree, 2*n)
	}
}
