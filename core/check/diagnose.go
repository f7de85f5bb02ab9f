// diagnose.go: parse and check in one call, as the CLI and the page use it.

package check

import (
	"fmt"

	"github.com/ptxplay/ptxplay/core/ptx"
)

// Diagnose parses and checks src and returns every diagnostic sorted by
// position. A line with a syntax error gets no checker diagnostics: they
// would only restate the damage.
func Diagnose(name string, src []byte) (list ptx.ErrorList) {
	defer func() {
		if r := recover(); r != nil { // a bug must not take the caller down
			list = append(list, &ptx.Error{Pos: ptx.Position{Filename: name}, Msg: fmt.Sprintf("internal error in the checker (please report it): %v", r)})
		}
	}()
	m, errs := ptx.Parse(name, src)
	_, cerrs := Check(m)
	bad := map[int]bool{}
	for _, e := range errs {
		bad[e.Pos.Line] = true
	}
	all := errs
	for _, e := range cerrs {
		if !bad[e.Pos.Line] {
			all = append(all, e)
		}
	}
	all.Sort()
	return all
}
