//go:build !js

package browsertest

// bigvalue_test.go: a launch whose buffer data and JSON are longer than
// Vugu's 16 KiB render buffer (a matrix of a few thousand elements) is shown
// and runs; it used to end the page's program at the next render.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

const copyKernel = `.version 7.0
.target sm_80
.address_size 64
.visible .entry copy(.param .u64 a, .param .u64 out)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [a];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %ctaid.x;
	mov.u32 %r2, %tid.x;
	mad.lo.s32 %r1, %r1, 256, %r2;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd4, %rd1, %rd3;
	add.s64 %rd5, %rd2, %rd3;
	ld.global.u32 %r2, [%rd4];
	st.global.u32 [%rd5], %r2;
	ret;
}
`

func TestLaunchLongerThanTheRenderBuffer(t *testing.T) {
	p := openPage(t, "/", 1280, 800, false)
	p.paste(copyKernel)
	const n = 8192
	data := make([]uint32, n)
	for i := range data {
		data[i] = uint32(1000000 + i*7)
	}
	b, _ := json.Marshal(data)
	launch := fmt.Sprintf(`{"grid": %d, "block": 256, "args": {"a": {"type": "u32", "data": %s}, "out": {"type": "u32", "count": %d}}}`, n/256, b, n)
	if len(launch) <= 16384 {
		t.Fatalf("the launch is only %d bytes; the test needs more than 16 KiB", len(launch))
	}
	p.setLaunchJSON(launch)
	if got := eval[int](p, `document.getElementById("launch-json").value.length`); got != len(launch) {
		t.Errorf("the JSON view holds %d characters, want %d", got, len(launch))
	}
	field := eval[string](p, `(() => { const e = document.querySelector("tbody[data-param=a] .pp-data"); return e ? e.value : "(no data field)"; })()`)
	if len(field) <= 16384 || !strings.HasPrefix(field, "1000000") || !strings.Contains(field, fmt.Sprint(1000000+(n-1)*7)) {
		t.Errorf("the data field of a holds %d characters beginning %.40q, want all %d elements", len(field), field, n)
	}
	st := p.runToEnd()
	if !st.Done || st.Fault {
		t.Fatalf("the run did not finish cleanly: %+v", st)
	}
	p.noErrors()
}
