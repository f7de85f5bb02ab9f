//go:build js && wasm

// mount_wasm.go: what the full page and the embed page share: the state
// the URL asks for, the render loop on #app, and the automation hooks.

package main

import (
	"encoding/json"
	"reflect"
	"runtime"
	"syscall/js"
	"unsafe"

	"github.com/ptxplay/ptxplay/web"
	"github.com/vugu/vugu"
	"github.com/vugu/vugu/domrender"
	vjs "github.com/vugu/vugu/js"
)

// newApp makes the state the URL asks for: an example (?ex=NAME), or else
// a short link (/s/{id}) or a permalink (#...): web/share.go.
func newApp(o web.EmbedOptions) *web.App {
	app := web.NewApp()
	if o.Example != "" {
		if err := app.LoadExample(o.Example); err != nil {
			app.RunMsgs = []web.Diag{{Kind: "error", Msg: err.Error()}}
		}
		return app
	}
	web.RestoreFromLocation(app)
	return app
}

// mount renders components on #app.
type mount struct {
	renderer *domrender.JSRenderer
	env      *vugu.BuildEnv
	rendered bool // the first render is on the page

	drawn         *web.QuickTree // the build on the page; nil: the next render is Vugu's
	spare         *web.QuickTree // the one before, whose memory the next build's tree reuses
	full, quick   int            // renders by Vugu's renderer and by quick.js
	quickDisabled bool           // ptxQuickRender(false): every render is Vugu's (tests)
	gc            web.GCPacer    // GOGC from the live heap (web/gcpace.go)
}

func newMount() *mount {
	renderer, err := domrender.New("#app")
	if err != nil {
		panic(err)
	}
	env, err := vugu.NewBuildEnv(renderer.EventEnv())
	if err != nil {
		panic(err)
	}
	return &mount{renderer: renderer, env: env}
}

// expose sets ptxReady() and ptxState() (step, total, done, line, fault,
// diagnostics, and what more adds) for automation.
func (mt *mount) expose(app *web.App, more func(st map[string]any)) {
	js.Global().Set("ptxReady", js.FuncOf(func(this js.Value, args []js.Value) any { return mt.rendered }))
	// ptxQuickRender(on) turns the quick render on or off (the browser
	// tests compare the page each way) and renders the page again.
	js.Global().Set("ptxQuickRender", js.FuncOf(func(this js.Value, args []js.Value) any {
		off := len(args) > 0 && !args[0].Truthy()
		ee := mt.renderer.EventEnv()
		go func() {
			ee.Lock()
			mt.quickDisabled = off
			ee.UnlockRender()
		}()
		return nil
	}))
	js.Global().Set("ptxState", js.FuncOf(func(this js.Value, args []js.Value) any {
		st := map[string]any{"total": app.Total, "diagnostics": app.AllDiags()}
		if app.S != nil {
			st["step"] = app.S.Steps()
			st["done"] = app.S.Done()
		}
		line, fault := app.CurrentLine()
		st["line"], st["fault"] = line, fault
		st["renders"] = map[string]int{"full": mt.full, "quick": mt.quick}
		// Go's heap, for the page benchmarks' allocation per step.
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		st["heap"] = map[string]uint64{"alloc": ms.TotalAlloc, "mallocs": ms.Mallocs, "gcs": uint64(ms.NumGC), "live": ms.HeapAlloc}
		more(st)
		b, _ := json.Marshal(st)
		return string(b)
	}))
}

// loop renders c whenever an event changes the state, calling sync after
// each render, until the page goes away.
func (mt *mount) loop(c vugu.Builder, sync func()) {
	defer mt.renderer.Release()
	for ok := true; ok; ok = mt.renderer.EventWait() {
		if err := mt.render(c); err != nil {
			// A render that fails leaves the page as it was drawn last; the
			// next one may succeed. Ending the program would lose the
			// person's source and launch.
			js.Global().Get("console").Call("error", "ptxplay: the page could not be drawn: "+err.Error())
		}
		sync()
		mt.gc.Update()
		if !mt.rendered { // navigation to interactive, for the page benchmarks
			js.Global().Set("ptxReadyAt", js.Global().Get("performance").Call("now"))
		}
		mt.rendered = true
	}
}

// render draws a build of c: as a patch of the build on the page when the
// two have the same shape (web/quickrender.go, web/js/quick.js), else by
// Vugu's renderer.
func (mt *mount) render(c vugu.Builder) error {
	br := mt.env.RunBuild(c)
	cur := web.NewQuickTree(br, mt.spare)
	mt.spare = nil
	if mt.quickRender(cur) {
		mt.drawn, mt.spare = cur, mt.drawn
		mt.quick++
		return nil
	}
	mt.drawn = nil
	if err := mt.renderer.Render(br); err != nil {
		return err
	}
	mt.drawn = cur
	mt.full++
	return nil
}

// quickRender applies cur as a patch of the build on the page, and does
// what Vugu's renderer would do besides: it stores the build's event
// handlers under their position IDs and calls the vg-js-populate
// callbacks with their elements. It returns false, having changed nothing
// that a full render does not redo, when it cannot.
func (mt *mount) quickRender(cur *web.QuickTree) (ok bool) {
	if mt.quickDisabled || mt.drawn == nil || cur == nil {
		return false
	}
	handlers := mt.handlerMap()
	if handlers == nil {
		return false
	}
	plan := mt.drawn.Diff(cur)
	if plan == nil {
		return false
	}
	f := js.Global().Get("ptxQuick")
	if f.Type() != js.TypeFunction {
		return false
	}
	// As Vugu's Render: no event handler runs while the page is written.
	ee := mt.renderer.EventEnv()
	ee.RLock()
	defer ee.RUnlock()
	defer func() {
		// A JavaScript exception: the full render that follows redraws.
		if r := recover(); r != nil {
			js.Global().Get("console").Call("error", "ptxplay: quick render failed, rendering fully:", r)
			ok = false
		}
	}()
	els := f.Invoke(plan.Patch)
	if els.Type() != js.TypeObject || els.Length() != len(plan.Populate) {
		return false
	}
	for _, h := range plan.Handlers {
		handlers[h.Pos] = h.Specs
	}
	for i, p := range plan.Populate {
		p.JSValueHandle(vjs.Value(els.Index(i)))
	}
	return true
}

// handlerMap is the map from position IDs to event handlers of Vugu's
// renderer (domrender.JSRenderer's jsRenderState.domHandlerMap, v0.4.0),
// where its Render stores each build's handlers and its event dispatch
// finds them; nil before the first render, or if this version of Vugu
// has no such field (then every render is Vugu's own).
func (mt *mount) handlerMap() map[string][]vugu.DOMEventHandlerSpec {
	st := reflect.ValueOf(mt.renderer).Elem().FieldByName("jsRenderState")
	if !st.IsValid() || st.Kind() != reflect.Pointer || st.IsNil() {
		return nil
	}
	m := st.Elem().FieldByName("domHandlerMap")
	if !m.IsValid() || m.Type() != reflect.TypeFor[map[string][]vugu.DOMEventHandlerSpec]() {
		return nil
	}
	return *(*map[string][]vugu.DOMEventHandlerSpec)(unsafe.Pointer(m.UnsafeAddr()))
}
