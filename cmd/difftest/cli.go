// cli.go: Config.CLI, each program run the way `ptxplay run` and the page
// run a user's kernel: launch.Run from the PTX text (parse, check, load),
// buffers filled lazily straight into the machine (a one-value fill is
// one page shared by every page of the buffer until the run writes it),
// the machine's CTA and register shortcuts of Run (KeepFinished,
// Unviewed), the output held in the machine (HoldOutput) and read back
// through the result's JSON, as the CLI prints it. The output buffer
// starts as a fill of a value of the seed (a third of the seeds: zeros),
// which the host's buffer starts as too: slots with no thread and
// threads that leave early keep it.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/ptxplay/ptxplay/core/launch"
)

// outFill is the first value of every output element of a -with cli
// program, 0 for a third of the seeds (a buffer of "count" alone).
func outFill(seed uint64) uint64 {
	z := seed + 0x9e3779b97f4a7c15 // splitmix64
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	if z%3 == 0 {
		return 0
	}
	return z
}

// runKernelCLI runs p's kernel of the module src through launch.Run and
// compares its printed output (WriteJSON) and Values with want.
func runKernelCLI(src []byte, p *Program, want []uint64) (msg string, got []uint64) {
	defer func() {
		if r := recover(); r != nil {
			msg, got = fmt.Sprintf("panic: %v", r), nil
		}
	}()
	k := p.Name + "_k"
	in := Inputs(p.Seed, p.Launch().Slots())
	var spec strings.Builder
	b := p.Launch().Block
	fmt.Fprintf(&spec, `{"kernel": %q, "grid": [%d, 1, 1], "block": [%d, %d, %d], "args": {%q: {"type": "u64", "data": [`,
		k, p.Launch().Grid, b[0], b[1], b[2], k+"_param_0")
	for i, v := range in {
		if i > 0 {
			spec.WriteString(", ")
		}
		spec.WriteString(strconv.FormatUint(v, 10))
	}
	fill := ""
	if f := outFill(p.Seed); f != 0 {
		fill = fmt.Sprintf(`, "fill": "0x%x"`, f)
	}
	fmt.Fprintf(&spec, `]}, %q: {"type": "u64", "count": %d%s}}}`, k+"_param_1", len(want), fill)
	res := launch.Run("batch.ptx", src, []byte(spec.String()), launch.Options{StepBudget: budget, Sanitize: sanitizeFor(p.Seed), HoldOutput: true})
	if !res.OK {
		if len(res.Errors) > 0 {
			e := res.Errors[0]
			return fmt.Sprintf("%s: line %d: %s", e.Phase, e.Line, e.Message), nil
		}
		return "run: not ok and no error", nil
	}
	if hz := hazards(p, res.Hazards); len(hz) > 0 {
		h := hz[0]
		return fmt.Sprintf("sanitizer: line %d: %s: %s (%d findings)", h.Line, h.Kind, h.Message, len(hz)), nil
	}
	var out bytes.Buffer
	if err := res.WriteJSON(&out); err != nil {
		return "result JSON: " + err.Error(), nil
	}
	var doc struct {
		Buffers map[string]struct {
			Data []json.Number `json:"data"`
		} `json:"buffers"`
	}
	dec := json.NewDecoder(&out)
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return "result JSON: " + err.Error(), nil
	}
	printed := doc.Buffers[k+"_param_1"].Data
	if len(printed) != len(want) {
		return fmt.Sprintf("result JSON: %d output elements printed, want %d", len(printed), len(want)), nil
	}
	got = make([]uint64, len(want))
	for i, s := range printed {
		v, err := strconv.ParseUint(s.String(), 10, 64)
		if err != nil {
			return fmt.Sprintf("result JSON: element %d is %q: %v", i, s, err), nil
		}
		got[i] = v
	}
	held := res.Buffers[k+"_param_1"].Values()
	n := p.NOut()
	names := p.outputs()
	for i := range want {
		if held[i] != got[i] {
			return fmt.Sprintf("result JSON: output thread %d slot %d (%s) printed 0x%x, held 0x%x", i/n, i%n, names[i%n], got[i], held[i]), got
		}
		if got[i] != want[i] {
			return fmt.Sprintf("output thread %d slot %d (%s): ptxplay 0x%x, host 0x%x", i/n, i%n, names[i%n], got[i], want[i]), got
		}
	}
	return "", got
}
