//go:build js && wasm

// The data-view bench page's entry: mounts app.Root on #app and exposes
// hooks for the browser tests and benchmarks of web/dvbench:
//
//	dvStep(n, warp)  run n steps and select a warp, then render
//	dvNextWarp()     the warp the next step issues from
//	dvReady()        true once the first render is on the page
//
// ptxplayBench(kernel, ms) comes from package web.
package main

import (
	"syscall/js"

	"github.com/ptxplay/ptxplay/web/dvbench/app"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"
)

func main() {
	root := &app.Root{}
	q := js.Global().Get("URLSearchParams").New(js.Global().Get("location").Get("search"))
	name := q.Call("get", "k")
	if name.IsNull() {
		root.Load("alu")
	} else {
		root.Load(name.String())
	}
	renderer, err := domrender.New("#app")
	if err != nil {
		panic(err)
	}
	defer renderer.Release()
	env, err := vugu.NewBuildEnv(renderer.EventEnv())
	if err != nil {
		panic(err)
	}
	ee := renderer.EventEnv()
	js.Global().Set("dvStep", js.FuncOf(func(this js.Value, args []js.Value) any {
		n, w := args[0].Int(), args[1].Int()
		go func() {
			ee.Lock()
			root.Warp = w
			root.Step(n)
			ee.UnlockRender()
		}()
		return nil
	}))
	js.Global().Set("dvNextWarp", js.FuncOf(func(this js.Value, args []js.Value) any {
		if root.Snap != nil && root.Snap.Next != nil {
			return root.Snap.Next.Warp
		}
		return 0
	}))
	rendered := false
	js.Global().Set("dvReady", js.FuncOf(func(this js.Value, args []js.Value) any { return rendered }))
	for ok := true; ok; ok = renderer.EventWait() {
		if err := renderer.Render(env.RunBuild(root)); err != nil {
			panic(err)
		}
		rendered = true
	}
}
