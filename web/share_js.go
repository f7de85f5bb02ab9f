//go:build js && wasm

// share_js.go: the browser side of sharing: the address, the clipboard
// and the share service, through fetch (not net/http, to keep the wasm
// small).

package web

import (
	"encoding/json"
	"errors"
	"strconv"
	"syscall/js"
)

// BrowserSharer is the Sharer of a page in a browser.
type BrowserSharer struct{}

func (BrowserSharer) Page() string {
	l := js.Global().Get("location")
	return l.Get("origin").String() + l.Get("pathname").String()
}

func (BrowserSharer) Origin() string { return js.Global().Get("location").Get("origin").String() }

func (BrowserSharer) Copy(text string) {
	c := js.Global().Get("navigator").Get("clipboard")
	if c.Truthy() {
		p := c.Call("writeText", text)
		var f js.Func
		f = js.FuncOf(func(this js.Value, args []js.Value) any { f.Release(); return nil })
		p.Call("catch", f) // no clipboard permission: the link is still shown
	}
}

// await waits for a promise; never call it on the event loop.
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	var ok, fail js.Func
	ok = js.FuncOf(func(this js.Value, args []js.Value) any { ch <- result{v: args[0]}; return nil })
	fail = js.FuncOf(func(this js.Value, args []js.Value) any {
		ch <- result{err: errors.New(js.Global().Get("String").Invoke(args[0]).String())}
		return nil
	})
	p.Call("then", ok, fail)
	r := <-ch
	ok.Release()
	fail.Release()
	return r.v, r.err
}

func fetchText(url string, opt map[string]any) (int, string, error) {
	resp, err := await(js.Global().Call("fetch", url, opt))
	if err != nil {
		return 0, "", err
	}
	text, err := await(resp.Call("text"))
	if err != nil {
		return 0, "", err
	}
	return resp.Get("status").Int(), text.String(), nil
}

func serviceError(status int, text string) error {
	var e struct{ Error string }
	if json.Unmarshal([]byte(text), &e) == nil && e.Error != "" {
		return errors.New(e.Error)
	}
	if status == 404 || status == 405 {
		return errors.New("this site has no share service (serve it with ptxplay serve)")
	}
	return errors.New("the share service answered " + strconv.Itoa(status))
}

func (BrowserSharer) Post(body []byte) (string, error) {
	status, text, err := fetchText("/api/share", map[string]any{
		"method": "POST", "body": string(body), "headers": map[string]any{"Content-Type": "application/json"}})
	if err != nil {
		return "", err
	}
	var r struct{ ID string }
	if status != 200 || json.Unmarshal([]byte(text), &r) != nil || r.ID == "" {
		return "", serviceError(status, text)
	}
	return r.ID, nil
}

// FetchShared reads a short link's state; never call it on the event loop.
func FetchShared(id string) ([]byte, error) {
	status, text, err := fetchText("/api/share/"+id, map[string]any{})
	if err != nil {
		return nil, err
	}
	if status != 200 {
		return nil, serviceError(status, text)
	}
	return []byte(text), nil
}

// RestoreFromLocation opens the state the page's address carries: a
// short link (/s/{id}) or a permalink fragment. It blocks on the fetch
// of a short link, so the wasm entry calls it before rendering.
func RestoreFromLocation(a *App) {
	l := js.Global().Get("location")
	if id, short, damaged := ShortLinkPath(l.Get("pathname").String()); short {
		if damaged != "" {
			a.DeadLink(damaged)
			return
		}
		b, err := FetchShared(id)
		if err != nil {
			a.DeadLink(err.Error())
			return
		}
		a.RestoreJSON(b)
		return
	}
	if h := l.Get("hash").String(); len(h) > 1 {
		a.RestoreLink(h)
	}
}
