// exec_griddep.go: griddepcontrol (PTX ISA 9.7.14.14). A launch here is a
// single grid: no grid depends on it and it depends on none, so
// .launch_dependents has no one to release and .wait nothing to wait for.

package sim

import "github.com/ptxplay/ptxplay/core/check"

func init() {
	lowerers["griddepcontrol"] = func(l *lowering, in *check.Inst, o *op) error {
		o.exec = func(*Machine, *warp, *op) {}
		return nil
	}
}
