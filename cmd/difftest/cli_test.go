package main

import "testing"

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
	fixedSeeds(t, cfg, "cli,exit,shapes", 9600001, size(20, 8), 20)
}
