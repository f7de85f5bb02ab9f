// kept.go: a component's last build, given again while what it shows is
// the same (issue 24: a step's Go time).
//
// Vugu builds every node of the page on every render. The launch panel,
// the memory view's controls, the register grid's bar and the toolbar
// (but its step count) change on few renders; each keeps its last build and the key it was built for, and
// builds again only when the key differs. The kept nodes are the same
// objects from render to render, which the quick render (quickrender.go)
// passes over without comparing.

package web

import "github.com/vugu/vugu"

// buildKey is what a component of type C shows that its build reads: same
// says whether c shows what the key was taken from, set takes it from c.
type buildKey[C any] interface {
	same(c C) bool
	set(c C)
}

// keptBuild holds a component's last build and its key K (PK is *K, the
// type with the key's methods).
type keptBuild[C, K any, PK interface {
	*K
	buildKey[C]
}] struct {
	key K
	out *vugu.BuildOut
}

// give returns the last build while c shows what it was built for, else
// build's output, kept with c's key.
func (k *keptBuild[C, K, PK]) give(c C, build func() *vugu.BuildOut) *vugu.BuildOut {
	if k.out != nil && PK(&k.key).same(c) {
		return k.out
	}
	k.out = build()
	PK(&k.key).set(c)
	return k.out
}

// forget drops the last build: the next give builds.
func (k *keptBuild[C, K, PK]) forget() { k.out = nil }
