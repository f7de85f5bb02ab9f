package sim

import (
	"strings"
	"testing"
)

// TestContainPanics: a simulator bug surfaces as a fault, not a crash.
func TestContainPanics(t *testing.T) {
	p := compileHarness(t, "", "", "\tadd.s32 %r1, %r1, 1;")
	m, err := New(p, "k", Launch{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Params: make([]byte, 16)})
	if err != nil {
		t.Fatal(err)
	}
	m.Step()
	m.cur.warps[0].code = nil // break the machine the way a bug would
	m.Step()
	if f := m.Fault(); f == nil || !strings.Contains(f.Msg, "internal error") || !m.Done() {
		t.Fatalf("fault %v, done %v", f, m.Done())
	}
}
