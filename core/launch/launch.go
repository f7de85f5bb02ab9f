// Package launch implements the launch JSON contract shared by the CLI, the
// page, links and tests: a launch spec in, buffers and statistics (or
// errors with phase, line and column) out.
package launch

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ptxplay/ptxplay/core/check"
	"github.com/ptxplay/ptxplay/core/fp"
	"github.com/ptxplay/ptxplay/core/limits"
	"github.com/ptxplay/ptxplay/core/ptx"
	"github.com/ptxplay/ptxplay/core/sim"
)

// Spec is a launch spec.
type Spec struct {
	Kernel    string
	Grid      [3]uint32
	Block     [3]uint32
	Cluster   [3]uint32 // zeros when the spec has no "cluster" (the kernel's directives decide)
	SharedMem int
	Args      map[string]json.RawMessage
	Buffers   map[string]json.RawMessage // top-level buffers no parameter takes (tensor maps' tensors)
}

// Buffer is a buffer argument: its element type and the values.
type Buffer struct {
	Type string
	Data []uint64 // element bits

	// Changed: the run left the buffer different from its input (set by
	// Collect, which Run calls; what the CLI prints by default).
	Changed bool

	addr   uint64 // its address in the machine (Prepare)
	uninit bool   // made with "count" alone: initcheck treats it as never written (sanitize.go)

	// in describes the input while Data is nil: a buffer of a fill
	// ("count" alone, a "fill" value or "iota") that Run and RunBench
	// write into the machine's pages straight from this description,
	// a page at a time, with no Data of 8 bytes an element before the
	// run; Collect makes Data (the output) and compares with it.
	in fillInput

	// held: the output is out, the machine's memory, and Data stays nil
	// until Values asks for it (Options.HoldOutput).
	held bool
	out  sim.Mem
}

// fillInput is a buffer's input made by a fill: n elements of zeros, of
// the value v, or iota.
type fillInput struct {
	n    int
	kind fillKind
	v    uint64 // fillValue: the element's bits
}

type fillKind uint8

const (
	fillZero fillKind = iota
	fillValue
	fillIota
)

// elems is the buffer's length in elements.
func (b *Buffer) elems() int {
	if b.Data == nil {
		return b.in.n
	}
	return len(b.Data)
}

// input writes the input elements first.. into dst (a buffer Data does
// not hold: in).
func (b *Buffer) input(dst []uint64, first int) {
	switch b.in.kind {
	case fillZero:
		clear(dst)
	case fillValue:
		for i := range dst {
			dst[i] = b.in.v
		}
	case fillIota:
		for i := range dst {
			dst[i] = iotaBits(b.Type, first+i)
		}
	}
}

// inputBytes encodes the input elements from first on into dst, whole
// elements of es bytes, little-endian (a buffer Data does not hold: in).
// A loop per kind and size, with no call an element but for halves.
func (b *Buffer) inputBytes(dst []byte, first, es int) {
	d := dst[:len(dst)/es*es]
	switch {
	case b.in.kind == fillZero:
		clear(d)
	case b.in.kind == fillValue:
		if len(d) == 0 {
			return
		}
		var e [8]byte
		binary.LittleEndian.PutUint64(e[:], b.in.v)
		n := copy(d, e[:es])
		for n < len(d) { // the pattern doubled: copies at memmove's speed
			n += copy(d[n:], d[:n])
		}
	case b.Type == "f32":
		x := first
		for ; len(d) >= 16; x += 4 { // four a step: vadd's 1M-element input
			binary.LittleEndian.PutUint32(d[0:4], math.Float32bits(float32(x)))
			binary.LittleEndian.PutUint32(d[4:8], math.Float32bits(float32(x+1)))
			binary.LittleEndian.PutUint32(d[8:12], math.Float32bits(float32(x+2)))
			binary.LittleEndian.PutUint32(d[12:16], math.Float32bits(float32(x+3)))
			d = d[16:]
		}
		for ; len(d) >= 4; x++ {
			binary.LittleEndian.PutUint32(d[:4], math.Float32bits(float32(x)))
			d = d[4:]
		}
	case b.Type == "f64":
		for x := first; len(d) >= 8; x++ {
			binary.LittleEndian.PutUint64(d[:8], math.Float64bits(float64(x)))
			d = d[8:]
		}
	case b.Type == "f16" || b.Type == "bf16":
		for x := first; len(d) >= 2; x++ {
			binary.LittleEndian.PutUint16(d[:2], uint16(iotaBits(b.Type, x)))
			d = d[2:]
		}
	case es == 1: // integers: i in the type's width, which the encoding cuts to
		for j := range d {
			d[j] = byte(first + j)
		}
	case es == 2:
		for x := uint16(first); len(d) >= 2; x++ {
			binary.LittleEndian.PutUint16(d[:2], x)
			d = d[2:]
		}
	case es == 4 && nativeLE && len(d) > 0:
		u := u32s(d) // in place, no bounds check an element: reduce's input
		for j := range u {
			u[j] = uint32(first + j)
		}
	case es == 4:
		for x := uint32(first); len(d) >= 4; x++ {
			binary.LittleEndian.PutUint32(d[:4], x)
			d = d[4:]
		}
	default:
		for x := uint64(first); len(d) >= 8; x++ {
			binary.LittleEndian.PutUint64(d[:8], x)
			d = d[8:]
		}
	}
}

// materialize makes Data where it is not yet: the output the machine
// holds (held), else the input.
func (b *Buffer) materialize() {
	if b.Data == nil && b.in.n > 0 {
		data := make([]uint64, b.in.n)
		if b.held {
			b.each(func(first int, d []uint64) bool {
				copy(data[first:], d)
				return true
			})
		} else {
			b.input(data, 0)
		}
		b.Data = data
	}
}

// Values returns the buffer's elements, Data: made first from the
// machine's memory where Run held the output there (Options.HoldOutput).
func (b *Buffer) Values() []uint64 {
	b.materialize()
	return b.Data
}

// each calls f with the elements in order, a slice at a time, until f
// returns false: Data whole, or a held output decoded outChunk elements at
// a time into one reused slice (first: the index of d[0]).
func (b *Buffer) each(f func(first int, d []uint64) bool) {
	if !b.held || b.Data != nil {
		b.materialize()
		f(0, b.Data)
		return
	}
	es := elemSize(b.Type)
	d := make([]uint64, min(b.in.n, outChunk))
	b.eachBytes(func(first int, c []byte) bool {
		k := len(c) / es
		decodeElems(d[:k], c, es)
		return f(first, d[:k])
	})
}

// eachBytes calls f with a held output's bytes in order, outChunk elements
// at a time, until f returns false: the machine's own bytes where a chunk
// lies in one of its pages (sim.Mem.Span: read only, no copy), else read
// into one reused slice.
func (b *Buffer) eachBytes(f func(first int, c []byte) bool) {
	es := elemSize(b.Type)
	n := b.in.n
	var scratch []byte
	for i := 0; i < n; i += outChunk {
		k := min(outChunk, n-i)
		c := b.out.Span(i*es, k*es)
		if c == nil {
			if scratch == nil {
				scratch = make([]byte, min(n, outChunk)*es)
			}
			c = scratch[:k*es]
			b.out.Read(c, i*es)
		}
		if !f(i, c) {
			return
		}
	}
}

// outChunk is how many elements of a held output each reads at a time.
const outChunk = 2048

// Error is one error of a failed run.
type Error struct {
	Phase   string `json:"phase"`
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
}

// Result is what a run produced.
type Result struct {
	OK      bool
	Names   []string // buffer names in parameter order
	Buffers map[string]*Buffer
	Stats   sim.Stats
	Errors  []Error
	Stdout  string // what the kernel's printf calls printed, in call order
	// Machine is the machine after the run (nil on load errors). Of the
	// finished CTAs it keeps the newest only (sim.Machine.KeepFinished),
	// and it is Unviewed (sim.Machine.Unviewed): its memory, statistics
	// and fault are the run's, but its registers are not for viewing (a
	// lane not yet written may hold what an earlier CTA left, and
	// registers never live at once may share a row).
	Machine *sim.Machine

	// Warnings are problems check.Warnings found that do not stop the run
	// (phase "check").
	Warnings []Error

	// Sanitized: the sanitizers that ran (Options.Sanitize); Hazards
	// their findings, in the order found (empty when clean).
	Sanitized sim.Sanitize
	Hazards   []sim.Hazard

	device []DeviceParam // the parameters as a driver launch takes them (Prepare; device.go)
}

// ParseSpec decodes a launch spec, reporting unknown fields and bad shapes.
func ParseSpec(data []byte) (*Spec, error) {
	var raw struct {
		Kernel    string                     `json:"kernel"`
		Grid      json.RawMessage            `json:"grid"`
		Block     json.RawMessage            `json:"block"`
		Cluster   json.RawMessage            `json:"cluster"`
		SharedMem *int64                     `json:"shared_mem"`
		Args      map[string]json.RawMessage `json:"args"`
		Buffers   map[string]json.RawMessage `json:"buffers"`
	}
	if err := strictShape(data); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, typeError(err)
	}
	s := &Spec{Kernel: raw.Kernel, Args: raw.Args, Buffers: raw.Buffers}
	var err error
	if s.Grid, err = dims("grid", raw.Grid); err != nil {
		return nil, err
	}
	if s.Block, err = dims("block", raw.Block); err != nil {
		return nil, err
	}
	if len(raw.Cluster) > 0 && string(raw.Cluster) != "null" {
		if s.Cluster, err = dims("cluster", raw.Cluster); err != nil {
			return nil, err
		}
	}
	if raw.SharedMem != nil {
		if *raw.SharedMem < 0 || *raw.SharedMem > 1<<20 {
			return nil, fmt.Errorf("launch spec: shared_mem must be between 0 and 1048576 bytes")
		}
		s.SharedMem = int(*raw.SharedMem)
	}
	return s, nil
}

// dims reads a number or an array of 1 to 3 numbers; absent means 1.
func dims(name string, raw json.RawMessage) ([3]uint32, error) {
	d := [3]uint32{1, 1, 1}
	if len(raw) == 0 || string(raw) == "null" {
		return d, nil
	}
	var one uint32
	if err := json.Unmarshal(raw, &one); err == nil {
		if one == 0 {
			return d, fmt.Errorf("launch spec: %s must be at least 1", name)
		}
		d[0] = one
		return d, nil
	}
	var arr []uint32
	if err := json.Unmarshal(raw, &arr); err != nil || len(arr) < 1 || len(arr) > 3 {
		return d, fmt.Errorf("launch spec: %s must be a positive number or an array of 1 to 3 positive numbers", name)
	}
	for i, v := range arr {
		if v == 0 {
			return d, fmt.Errorf("launch spec: %s[%d] must be at least 1", name, i)
		}
		d[i] = v
	}
	return d, nil
}

// Options tune a run.
type Options struct {
	StepBudget int64                         // warp instructions; 0 = DefaultBudget
	Trace      func(step int64, e sim.Event) // called after every step when set
	Limits     *limits.Limits                // nil: limits.CLILimits()

	// TimeLimit stops a run after this much wall time (0: none). It
	// decides only when the run stops, checked between slices of
	// instructions, never what the machine computes.
	TimeLimit time.Duration

	// Sanitize turns on racecheck, synccheck and initcheck (core/sim
	// sanitize.go); the findings go to Result.Hazards.
	Sanitize sim.Sanitize

	// HoldOutput: the output of each buffer made by a fill ("count",
	// "fill", "iota": Data nil before the run) stays in the memory of
	// Result.Machine, and Data stays nil, for callers that print some
	// buffers and let the result go (the CLI): Changed is set all the
	// same, WriteJSON reads the output from the machine a chunk at a
	// time, Values makes Data on demand, and a buffer nobody prints is
	// never copied out of the machine.
	HoldOutput bool
}

// DefaultTimeLimit is the wall time the CLI gives a run.
const DefaultTimeLimit = 5 * time.Second

// DefaultBudget stops runaway kernels.
const DefaultBudget = 200_000_000

// Run parses, checks, loads and runs src under the launch spec.
func Run(filename string, src []byte, specJSON []byte, opt Options) (res *Result) {
	res = &Result{Buffers: map[string]*Buffer{}}
	defer func() {
		if r := recover(); r != nil {
			res.OK = false
			res.Errors = append(res.Errors, Error{Phase: "run", Message: fmt.Sprintf("internal error: %v", r)})
			for _, b := range res.Buffers {
				b.materialize() // a run that stopped before Collect: Data its input, as ever
			}
		}
	}()
	lim := limits.CLILimits()
	if opt.Limits != nil {
		lim = *opt.Limits
	}
	if err := lim.CheckSource(len(src)); err != nil {
		res.Errors = append(res.Errors, Error{Phase: "parse", Message: err.Error()})
		return res
	}
	mod, perrs := ptx.Parse(filename, src)
	if len(perrs) == 0 {
		perrs = lim.CheckRegisters(mod)
		for _, e := range perrs {
			res.Errors = append(res.Errors, Error{Phase: "check", Message: e.Msg, Line: e.Pos.Line, Col: e.Pos.Col})
		}
		if len(perrs) > 0 {
			return res
		}
	}
	if len(perrs) > 0 {
		for _, e := range perrs {
			res.Errors = append(res.Errors, Error{Phase: "parse", Message: e.Msg, Line: e.Pos.Line, Col: e.Pos.Col})
		}
		return res
	}
	prog, cerrs := check.Check(mod)
	if len(cerrs) > 0 {
		for _, e := range cerrs {
			res.Errors = append(res.Errors, Error{Phase: "check", Message: e.Msg, Line: e.Pos.Line, Col: e.Pos.Col})
		}
		return res
	}
	for _, w := range check.Warnings(prog) {
		res.Warnings = append(res.Warnings, Error{Phase: "check", Message: w.Msg, Line: w.Pos.Line, Col: w.Pos.Col})
	}
	spec, err := ParseSpec(specJSON)
	if err != nil {
		res.Errors = append(res.Errors, Error{Phase: "launch", Message: err.Error()})
		return res
	}
	p, err := sim.Load(prog)
	if err != nil {
		res.Errors = append(res.Errors, Error{Phase: "check", Message: err.Error()})
		return res
	}
	m, err := prepare(p, spec, res, lim, true)
	if err != nil {
		for _, b := range res.Buffers {
			b.materialize()
		}
		res.Errors = append(res.Errors, Error{Phase: "launch", Message: err.Error()})
		return res
	}
	res.Machine = m
	m.KeepFinished(1) // nothing here looks at finished CTAs but the last
	m.Unviewed()      // nor at registers: CTAs restart without zeroing those written first
	SanitizeMachine(m, res, opt.Sanitize)
	budget := opt.StepBudget
	if budget == 0 {
		budget = DefaultBudget
	}
	var finished bool
	var runaway string
	if opt.Trace != nil {
		m.Record(true)
		for step := int64(1); !m.Done() && step <= budget; step++ {
			m.Step()
			if !m.Done() || m.Stats().WarpInstructions == step {
				opt.Trace(step, m.Last())
			}
		}
		finished = m.Done()
	} else {
		var timedOut bool
		finished, timedOut = runBounded(m, budget, opt.TimeLimit)
		if !finished {
			loop := hottestLoop(m, min(loopSample, budget))
			finished = m.Done() && m.Fault() == nil
			if !finished {
				res.Stats = m.Stats()
				msg := fmt.Sprintf("step budget of %d warp instructions used up", budget)
				if timedOut {
					msg = fmt.Sprintf("stopped after %v of wall time (%d warp instructions)", opt.TimeLimit, m.Stats().WarpInstructions)
				}
				msg += ": the kernel may loop forever"
				if loop != "" {
					msg += "; the loop that ran most branches back at " + loop
				}
				more := 10 * budget
				if timedOut {
					more = 10 * m.Stats().WarpInstructions
				}
				msg += fmt.Sprintf(" (to go on: a larger budget, e.g. ptxplay run --budget %d)", more)
				runaway = msg
			}
		}
	}
	res.Stats = m.Stats()
	res.Stdout = m.Stdout()
	res.Hazards = m.Hazards()
	collect(m, res, opt.HoldOutput) // sets Changed
	switch {
	case m.Fault() != nil:
		f := m.Fault()
		res.Errors = append(res.Errors, Error{Phase: "run", Message: f.Msg, Line: f.Line, Col: f.Col})
	case runaway != "":
		res.Errors = append(res.Errors, Error{Phase: "run", Message: runaway})
	case !finished:
		res.Errors = append(res.Errors, Error{Phase: "run", Message: fmt.Sprintf("step budget of %d warp instructions used up: the kernel may loop forever (the run can continue with a larger budget)", budget)})
	default:
		res.OK = true
	}
	return res
}

// Prepare creates the machine: it lays out the kernel parameters, makes a
// buffer for each buffer argument and records them in res. It applies
// limits.CLILimits.
func Prepare(p *sim.Program, spec *Spec, res *Result) (*sim.Machine, error) {
	return PrepareLimited(p, spec, res, limits.CLILimits())
}

// PrepareLimited is Prepare under the limits lim, each checked before the
// memory it guards is allocated.
func PrepareLimited(p *sim.Program, spec *Spec, res *Result, lim limits.Limits) (*sim.Machine, error) {
	return prepare(p, spec, res, lim, false)
}

// prepare is PrepareLimited; lazy: buffers made by a fill keep their
// input as its description (Buffer.in, Data nil) rather than as Data, for
// callers that read Data only after Collect (Run, RunBench).
func prepare(p *sim.Program, spec *Spec, res *Result, lim limits.Limits, lazy bool) (*sim.Machine, error) {
	if err := lim.CheckThreads(spec.Grid, spec.Block); err != nil {
		return nil, err
	}
	if err := lim.CheckLocal(p.LocalBytes()); err != nil {
		return nil, err
	}
	kernel := spec.Kernel
	ks := p.Kernels()
	if kernel == "" {
		if len(ks) != 1 {
			return nil, fmt.Errorf("the module has %d kernels (%s): name one in \"kernel\"", len(ks), strings.Join(ks, ", "))
		}
		kernel = ks[0]
	}
	params, size, ok := p.Params(kernel)
	if !ok {
		return nil, fmt.Errorf("unknown kernel %s (the module has: %s)", clip(kernel), strings.Join(ks, ", "))
	}
	known := map[string]bool{}
	for _, pr := range params {
		known[pr.Name] = true
		if _, ok := spec.Args[pr.Name]; !ok {
			return nil, fmt.Errorf("missing argument %q (%s)", pr.Name, strings.TrimPrefix(pr.Type, "."))
		}
	}
	var extra []string
	for name := range spec.Args {
		if !known[name] {
			extra = append(extra, name)
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		return nil, fmt.Errorf("unknown argument %s: kernel %s has parameters %s", clip(extra[0]), kernel, paramNames(params))
	}
	buf := make([]byte, size)
	type pendingBuf struct {
		off  int
		size int
		name string
		b    *Buffer
	}
	var bufs []pendingBuf
	var bufUse bufferUse
	type pendingMap struct {
		pr     sim.ParamInfo
		inline bool
		s      *tensorMapSpec
	}
	var maps []pendingMap
	for _, pr := range params {
		raw := spec.Args[pr.Name]
		if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == '{' && isTensorMap(raw) {
			inline, err := tensorMapParam(pr, p.AddressSize())
			if err != nil {
				return nil, err
			}
			s, err := parseTensorMap(pr.Name, raw)
			if err != nil {
				return nil, err
			}
			maps = append(maps, pendingMap{pr, inline, s})
			continue
		}
		if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == '{' {
			// Refused before anything of the buffer is read or allocated.
			if err := bufferParam(pr, p.AddressSize()); err != nil {
				return nil, err
			}
			b, err := parseBufferAt("args."+pr.Name, raw, lim, &bufUse, lazy)
			if err != nil {
				return nil, err
			}
			bufs = append(bufs, pendingBuf{pr.Offset, pr.Size, pr.Name, b})
			continue
		}
		v, err := scalarBits(pr.Name, pr.Type, raw)
		if err != nil {
			return nil, err
		}
		for i := 0; i < pr.Size && i < 8; i++ {
			buf[pr.Offset+i] = byte(v >> (8 * i))
		}
	}
	tops := make([]string, 0, len(spec.Buffers))
	for name := range spec.Buffers {
		tops = append(tops, name)
	}
	sort.Strings(tops)
	for _, name := range tops {
		if len(name) > 40 || strings.ContainsAny(name, "\"\n\\") {
			return nil, fmt.Errorf("buffers: the name %s is too long or not plain", clip(name))
		}
		if known[name] {
			return nil, fmt.Errorf("buffers.%s: a kernel parameter has this name (a top-level buffer is one no parameter takes)", name)
		}
		b, err := parseBufferAt("buffers."+name, spec.Buffers[name], lim, &bufUse, lazy)
		if err != nil {
			return nil, err
		}
		bufs = append(bufs, pendingBuf{-1, 0, name, b})
	}
	for _, pm := range maps {
		found := false
		for _, pb := range bufs {
			found = found || pb.name == pm.s.Buffer
		}
		if !found {
			return nil, fmt.Errorf("args.%s.buffer: no buffer argument or top-level buffer is named %.40q", pm.pr.Name, pm.s.Buffer)
		}
	}
	m, err := sim.New(p, kernel, sim.Launch{Grid: spec.Grid, Block: spec.Block, Cluster: spec.Cluster, SharedMem: spec.SharedMem, Params: buf})
	if err != nil {
		return nil, err
	}
	type placed struct {
		addr uint64
		size int
	}
	where := map[string]placed{}
	devBuf := map[int]string{}           // parameter offset -> buffer whose address it holds
	devMap := map[int]*DeviceTensorMap{} // parameter offset -> tensor map it holds or points to
	var chunk []byte
	for _, pb := range bufs {
		es := elemSize(pb.b.Type)
		n := pb.b.elems()
		addr := m.Alloc(pb.name, es*n)
		if pb.off >= 0 && pb.size < 8 && addr+uint64(es*n) > 1<<(8*pb.size) {
			return nil, fmt.Errorf("args.%s: the buffer at 0x%x does not fit below 4 GB, where the 32-bit addresses of an .address_size 32 module reach", pb.name, addr)
		}
		switch {
		case pb.b.Data != nil:
			m.StoreElems(addr, es, pb.b.Data)
		case pb.b.in.kind == fillValue:
			// One page of the value, shared by every page of the
			// buffer until the run writes it.
			var e [8]byte
			binary.LittleEndian.PutUint64(e[:], pb.b.in.v)
			m.StoreRepeat(addr, e[:es])
		case pb.b.in.kind != fillZero:
			// Encoded from the description a chunk at a time, with no
			// slice of the whole buffer; zeros take no pages.
			if chunk == nil {
				chunk = make([]byte, fillChunk)
			}
			for off := 0; off < n*es; off += fillChunk {
				c := chunk[:min(fillChunk, n*es-off)]
				pb.b.inputBytes(c, off/es, es)
				m.Store(addr, off, c)
			}
		}
		pb.b.addr = addr
		for i := 0; i < pb.size; i++ {
			buf[pb.off+i] = byte(addr >> (8 * i))
		}
		if pb.off >= 0 {
			devBuf[pb.off] = pb.name
		}
		where[pb.name] = placed{addr, es * n}
		res.Names = append(res.Names, pb.name)
		res.Buffers[pb.name] = pb.b
	}
	for _, pm := range maps {
		at := where[pm.s.Buffer]
		tm, err := pm.s.bind(pm.pr.Name, at.addr, at.size)
		if err != nil {
			return nil, err
		}
		devMap[pm.pr.Offset] = &DeviceTensorMap{Buffer: pm.s.Buffer, Map: tm, Inline: pm.inline}
		enc := tm.Encode()
		if pm.inline {
			copy(buf[pm.pr.Offset:pm.pr.Offset+128], enc[:])
			continue
		}
		a := m.Alloc(pm.pr.Name+" (tensor map)", 128)
		m.Store(a, 0, enc[:])
		for i := 0; i < pm.pr.Size; i++ {
			buf[pm.pr.Offset+i] = byte(a >> (8 * i))
		}
	}
	res.device = res.device[:0]
	for _, pr := range params {
		res.device = append(res.device, DeviceParam{Name: pr.Name, Bytes: buf[pr.Offset : pr.Offset+pr.Size], Buffer: devBuf[pr.Offset], TensorMap: devMap[pr.Offset]})
	}
	if lazy {
		// The inputs are in: the pages the run leaves as they are need no
		// compare (outputDiffers).
		m.SealInputs()
	}
	return m, nil
}

// bufferParam refuses a buffer for a parameter that cannot hold its
// address. A buffer's address is an integer of the module's address size
// (.address_size; 64 when the module has none): it fits a .u64, .s64 or
// .b64 parameter under 64, a .u32, .s32 or .b32 one under 32, or an array
// parameter of that many bytes (clang passes a struct holding one pointer
// as .b8 p[8]); nothing else (floats, predicates, other integers and
// arrays).
func bufferParam(pr sim.ParamInfo, addrSize int) error {
	t := strings.TrimPrefix(pr.Type, ".")
	es := elemSize(t)
	isInt := es > 0 && (t[0] == 'u' || t[0] == 's' || t[0] == 'b') && t != "bf16"
	if isInt && pr.Size == es && es*8 == addrSize {
		return nil
	}
	if es > 0 && pr.Size != es && pr.Size*8 == addrSize {
		return nil // an address-sized blob: a struct holding one pointer, as clang passes it (.b8 p[8])
	}
	ptr := ".u64, .s64 or .b64"
	if addrSize == 32 {
		ptr = ".u32, .s32 or .b32"
	}
	why := fmt.Sprintf("a buffer's address needs a %s parameter in a module with .address_size %d", ptr, addrSize)
	switch {
	case es == 0:
		// .pred (which the ISA allows in registers only) and any other
		// type that holds no number.
		return fmt.Errorf("args.%s: the %s parameter cannot take a buffer (%s)", pr.Name, pr.Type, why)
	case pr.Size != es:
		return fmt.Errorf("args.%s: the %s[%d] array parameter cannot take a buffer (an array takes one when it is %d bytes, a struct holding one pointer)", pr.Name, pr.Type, pr.Size/es, addrSize/8)
	}
	return fmt.Errorf("args.%s: expected a number for the %s parameter, found a buffer (%s)", pr.Name, pr.Type, why)
}

func paramNames(ps []sim.ParamInfo) string {
	var n []string
	for _, p := range ps {
		n = append(n, p.Name)
	}
	return strings.Join(n, ", ")
}

// Collect reads the buffers back from the machine into their Data, a
// page of bytes at a time, and sets Changed where a value differs from
// what Data held (the launch's input).
//
// A buffer whose input is a description (Buffer.in, Data nil: Run's) gets
// its Data here, compared with the input made from the description a
// chunk at a time.
func Collect(m *sim.Machine, res *Result) { collect(m, res, false) }

// collect is Collect; hold: a buffer whose input is a description keeps
// its output in the machine (Buffer.held, Options.HoldOutput), compared
// with the input only until the first byte that differs.
func collect(m *sim.Machine, res *Result, hold bool) {
	var chunk, in []byte
	for _, name := range res.Names {
		b := res.Buffers[name]
		mem, _ := m.BufferByName(name)
		es := elemSize(b.Type)
		if chunk == nil {
			chunk = make([]byte, fillChunk)
		}
		per := len(chunk) / es
		lazy := b.Data == nil && b.in.n > 0
		if lazy && in == nil {
			in = make([]byte, fillChunk)
		}
		if lazy && hold {
			b.held, b.out = true, mem
			b.Changed = b.outputDiffers(m, name, chunk, in, es)
			continue
		}
		changed := false
		if lazy {
			b.Data = make([]uint64, b.in.n)
		}
		for i, made := 0, false; i < len(b.Data); i += per {
			d := b.Data[i:min(i+per, len(b.Data))]
			c := chunk[:len(d)*es]
			mem.Read(c, i*es)
			if lazy {
				// The input's bytes from its description (a value's or
				// zeros' once), compared whole.
				if !made || b.in.kind == fillIota {
					b.inputBytes(in, i, es)
					made = true
				}
				changed = changed || !bytes.Equal(c, in[:len(c)])
			}
			diff := decodeElems(d, c, es)
			if !lazy {
				changed = changed || diff != 0
			}
		}
		b.Changed = changed
	}
}

// outputDiffers compares the held output (out) with the input its
// description makes, until the first byte that differs: only the pages
// the run may have written (sim.Machine.WrittenPages: an input page the
// run never wrote holds the input still, as prepare sealed it), each read
// in place where it can be; chunk and in are scratch of fillChunk bytes.
func (b *Buffer) outputDiffers(m *sim.Machine, name string, chunk, in []byte, es int) bool {
	differs, made := false, false
	cmp := func(off, n int) bool {
		for end := off + n; off < end; off += len(chunk) {
			k := min(len(chunk), end-off)
			c := b.out.Span(off, k)
			if c == nil {
				c = chunk[:k]
				b.out.Read(c, off)
			}
			if !made || b.in.kind == fillIota {
				b.inputBytes(in, off/es, es)
				made = true
			}
			if !bytes.Equal(c, in[:k]) {
				differs = true
				return false
			}
		}
		return true
	}
	if !m.WrittenPages(name, cmp) {
		cmp(0, b.in.n*es)
	}
	return differs
}

// decodeElems sets d to the little-endian elements of es bytes in c (at
// least len(d) of them) and returns an OR of each old value XOR its new
// one (0: d unchanged); a loop per size, no switch an element, c taken
// from its front (a loop the compiler keeps free of bounds checks).
func decodeElems(d []uint64, c []byte, es int) (diff uint64) {
	switch es {
	case 1:
		for j := 0; j < len(d) && len(c) >= 1; j++ {
			v := uint64(c[0])
			c = c[1:]
			diff |= v ^ d[j]
			d[j] = v
		}
	case 2:
		for j := 0; j < len(d) && len(c) >= 2; j++ {
			v := uint64(binary.LittleEndian.Uint16(c))
			c = c[2:]
			diff |= v ^ d[j]
			d[j] = v
		}
	case 4:
		for len(d) >= 4 && len(c) >= 16 { // four a step (f32 and u32 outputs)
			v0 := uint64(binary.LittleEndian.Uint32(c[0:4]))
			v1 := uint64(binary.LittleEndian.Uint32(c[4:8]))
			v2 := uint64(binary.LittleEndian.Uint32(c[8:12]))
			v3 := uint64(binary.LittleEndian.Uint32(c[12:16]))
			diff |= (v0 ^ d[0]) | (v1 ^ d[1]) | (v2 ^ d[2]) | (v3 ^ d[3])
			d[0], d[1], d[2], d[3] = v0, v1, v2, v3
			d, c = d[4:], c[16:]
		}
		for j := 0; j < len(d) && len(c) >= 4; j++ {
			v := uint64(binary.LittleEndian.Uint32(c))
			c = c[4:]
			diff |= v ^ d[j]
			d[j] = v
		}
	default:
		for j := 0; j < len(d) && len(c) >= 8; j++ {
			v := binary.LittleEndian.Uint64(c)
			c = c[8:]
			diff |= v ^ d[j]
			d[j] = v
		}
	}
	return diff
}

// fillChunk is how many bytes of a fill prepare and Collect make at a
// time: a multiple of every element size.
const fillChunk = 16 << 10

// bufferUse counts what the buffers read so far take.
type bufferUse struct{ bytes, elems int64 }

// parseBufferAt reads the buffer at path (args.NAME or buffers.NAME);
// used counts the buffers read so far, checked against lim (bytes and
// elements) before this one is allocated. Lazy: a buffer made by a fill
// alone (no "data") keeps it as its description (Buffer.in), not as Data.
func parseBufferAt(path string, raw json.RawMessage, lim limits.Limits, used *bufferUse, lazy bool) (*Buffer, error) {
	var spec struct {
		Type  string            `json:"type"`
		Data  []json.RawMessage `json:"data"`
		Count *int64            `json:"count"`
		Fill  json.RawMessage   `json:"fill"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&spec); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("%s.%s: expected %s, found %s", path, te.Field, map[string]string{"type": "a type name such as \"u32\"", "data": "an array of values", "count": "a number of elements"}[te.Field], jsonKind(te.Value))
		}
		return nil, fmt.Errorf("%s: %s", path, clip(err.Error()))
	}
	t := strings.TrimPrefix(spec.Type, ".")
	if spec.Type == "" {
		return nil, fmt.Errorf("%s: a buffer needs \"type\" (u8..u64, s8..s64, b8..b64, f16, bf16, f32, f64)", path)
	}
	if elemSize(t) == 0 {
		return nil, fmt.Errorf("%s: unknown buffer type %.40q (use u8..u64, s8..s64, b8..b64, f16, bf16, f32, f64)", path, spec.Type)
	}
	n := len(spec.Data)
	if spec.Count != nil {
		if *spec.Count < 0 || *spec.Count > 1<<26 {
			return nil, fmt.Errorf("%s: count must be between 0 and 67108864", path)
		}
		if int(*spec.Count) < n {
			return nil, fmt.Errorf("%s: count %d is less than the %d data values", path, *spec.Count, n)
		}
		n = int(*spec.Count)
	}
	uninit := spec.Count != nil && len(spec.Data) == 0 && len(spec.Fill) == 0
	if n == 0 && spec.Count == nil {
		return nil, fmt.Errorf("%s: a buffer needs \"data\" or \"count\"", path)
	}
	used.bytes += int64(n) * int64(elemSize(t))
	used.elems += int64(n)
	if err := lim.CheckBuffers(used.bytes); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if err := lim.CheckElements(used.elems); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	b := &Buffer{Type: t, uninit: uninit, in: fillInput{n: n}}
	if len(spec.Fill) > 0 {
		var s string
		if json.Unmarshal(spec.Fill, &s) == nil && s == "iota" {
			b.in.kind = fillIota
		} else {
			v, err := valueBits(t, spec.Fill)
			if err != nil {
				return nil, fmt.Errorf("%s: fill: %v", path, err)
			}
			if v != 0 {
				b.in.kind, b.in.v = fillValue, v
			}
		}
	}
	if !lazy || len(spec.Data) > 0 || n == 0 {
		b.Data = make([]uint64, n)
		if b.in.kind != fillZero {
			b.input(b.Data, 0)
		}
		b.in = fillInput{}
	}
	for i, r := range spec.Data {
		v, err := valueBits(t, r)
		if err != nil {
			return nil, fmt.Errorf("%s: data[%d]: %v", path, i, err)
		}
		b.Data[i] = v
	}
	return b, nil
}

// iotaBits is element i of an "iota" fill: the value i in type t
// (wrapping in narrow integer types, rounded to nearest in float types).
func iotaBits(t string, i int) uint64 {
	switch t {
	case "f32":
		return uint64(math.Float32bits(float32(i)))
	case "f64":
		return math.Float64bits(float64(i))
	case "f16":
		return uint64(fp.CvtF64ToF16(math.Float64bits(float64(i)), fp.RN, false))
	case "bf16":
		return uint64(fp.CvtF64ToBF16(math.Float64bits(float64(i)), fp.RN, false))
	}
	if n := elemSize(t) * 8; n < 64 {
		return uint64(i) & (1<<n - 1)
	}
	return uint64(i)
}

// ElemSize is the size in bytes of an element of buffer type t (0 for a
// type the launch contract does not have).
func ElemSize(t string) int { return elemSize(t) }

func elemSize(t string) int {
	switch t {
	case "u8", "s8", "b8":
		return 1
	case "u16", "s16", "b16", "f16", "bf16":
		return 2
	case "u32", "s32", "b32", "f32":
		return 4
	case "u64", "s64", "b64", "f64":
		return 8
	}
	return 0
}

func scalarBits(name, ptype string, raw json.RawMessage) (uint64, error) {
	t := strings.TrimPrefix(ptype, ".")
	if elemSize(t) == 0 {
		return 0, fmt.Errorf("argument %q: parameter type %s cannot take a scalar", name, ptype)
	}
	v, err := valueBits(t, raw)
	if err != nil {
		return 0, fmt.Errorf("argument %q: %v", name, err)
	}
	return v, nil
}

// valueBits converts a JSON number or string to the bits of a t element.
// Integers are exact (64-bit included); negative values for unsigned types
// wrap (two's complement); strings may be hex ("0xff", raw bits for floats),
// "inf", "-inf", "nan", "-0" or decimal.
func valueBits(t string, raw json.RawMessage) (uint64, error) {
	bits := elemSize(t) * 8
	s := strings.TrimSpace(string(raw))
	isStr := strings.HasPrefix(s, "\"")
	if isStr {
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, err
		}
		s = strings.TrimSpace(s)
	}
	if s == "" || s == "null" || s == "true" || s == "false" || strings.HasPrefix(s, "[") || strings.HasPrefix(s, "{") {
		return 0, fmt.Errorf("expected a number or a numeric string, found %s", string(raw))
	}
	mask := uint64(1)<<bits - 1
	if bits == 64 {
		mask = ^uint64(0)
	}
	lower := strings.ToLower(s)
	if strings.HasPrefix(lower, "0x") || strings.HasPrefix(lower, "-0x") {
		neg := strings.HasPrefix(lower, "-")
		v, err := strconv.ParseUint(strings.TrimPrefix(lower, "-")[2:], 16, 64)
		if err != nil {
			return 0, fmt.Errorf("invalid hex value %s", clip(s))
		}
		if neg && bits < 64 && v > 1<<(bits-1) || neg && bits == 64 && v > 1<<63 {
			return 0, fmt.Errorf("value %s does not fit in %s", clip(s), t)
		}
		if !neg && v&^mask != 0 {
			return 0, fmt.Errorf("value %s does not fit in %s", clip(s), t)
		}
		if neg {
			v = -v
		}
		return v & mask, nil
	}
	if t[0] == 'f' || t == "bf16" {
		var f float64
		switch lower {
		case "nan", "+nan":
			f = math.NaN()
		case "-nan":
			f = math.Copysign(math.NaN(), -1)
		case "inf", "+inf", "infinity":
			f = math.Inf(1)
		case "-inf", "-infinity":
			f = math.Inf(-1)
		default:
			var err error
			if t == "f32" {
				// Parse directly to f32 so the decimal rounds once.
				f32, e := strconv.ParseFloat(s, 32)
				f, err = f32, e
			} else {
				f, err = strconv.ParseFloat(s, 64)
			}
			if err != nil && !strings.Contains(err.Error(), "range") {
				return 0, fmt.Errorf("invalid number %s", clip(s))
			}
		}
		// Finite values round to nearest; one past the type's largest
		// finite value is refused rather than made an infinity.
		written := strings.Contains(lower, "inf")
		if !written && (math.IsInf(f, 0) || floatOverflows(t, f)) {
			return 0, fmt.Errorf("value %s is too large for %s (its largest finite value is %s)", clip(s), t, maxFinite[t])
		}
		f64 := math.Float64bits(f)
		switch t {
		case "f64":
			return f64, nil
		case "f32":
			return uint64(math.Float32bits(float32(f))), nil
		case "f16":
			return uint64(fp.CvtF64ToF16(f64, fp.RN, false)), nil
		case "bf16":
			return uint64(fp.CvtF64ToBF16(f64, fp.RN, false)), nil
		}
	}
	// Fast paths for plain decimal integers; big.Int takes the rest.
	if t[0] == 's' && bits < 64 {
		// Signed types take their own range only.
		if v, err := strconv.ParseInt(s, 10, 64); err == nil && (v < -(1<<(bits-1)) || v > 1<<(bits-1)-1) {
			return 0, fmt.Errorf("value %s does not fit in %s (%d to %d)", clip(s), t, -(1 << (bits - 1)), 1<<(bits-1)-1)
		}
	}
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		if bits < 64 && (v < -(1<<(bits-1)) || v > 1<<bits-1) {
			return 0, fmt.Errorf("value %s does not fit in %d bits", clip(s), bits)
		}
		return uint64(v) & mask, nil
	}
	if v, err := strconv.ParseUint(s, 10, 64); err == nil {
		if t == "s64" {
			return 0, fmt.Errorf("value %s does not fit in s64", clip(s))
		}
		if bits < 64 && v > 1<<bits-1 {
			return 0, fmt.Errorf("value %s does not fit in %d bits", clip(s), bits)
		}
		return v & mask, nil
	}
	z, ok := new(big.Int).SetString(s, 10)
	if !ok {
		// Accept integral values written as floats (1e3, 2.0).
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f != math.Trunc(f) || math.IsInf(f, 0) {
			return 0, fmt.Errorf("expected an integer for %s, found %s", t, clip(s))
		}
		z, _ = new(big.Float).SetFloat64(f).Int(nil)
	}
	lo := new(big.Int).Lsh(big.NewInt(-1), uint(bits-1))
	hi := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits)), big.NewInt(1))
	if z.Cmp(lo) < 0 || z.Cmp(hi) > 0 {
		return 0, fmt.Errorf("value %s does not fit in %d bits", clip(s), bits)
	}
	if z.Sign() < 0 {
		z.Add(z, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
	}
	return z.Uint64() & mask, nil
}

// runSlice is how many warp instructions run between looks at the clock.
const runSlice = 1 << 18

// loopSample is how many of its last warp instructions a stopped run
// watches to find its hottest loop.
const loopSample = 1 << 12

// runBounded runs m for at most budget warp instructions, leaving the last
// loopSample of them to hottestLoop, and stops early once limit (when
// positive) has passed. It reports whether the kernel ended and whether
// the clock stopped it.
func runBounded(m *sim.Machine, budget int64, limit time.Duration) (finished, timedOut bool) {
	start := time.Now()
	bulk := budget - min(loopSample, budget)
	for {
		used := m.Stats().WarpInstructions
		left := bulk - used
		if left <= 0 {
			return m.Done(), false
		}
		if m.Run(min(left, runSlice)) {
			return true, false
		}
		if m.Stats().WarpInstructions == used {
			return m.Done(), false // no progress (cannot happen unless done)
		}
		if limit > 0 && time.Since(start) > limit {
			return false, true
		}
	}
}

// hottestLoop steps m n more warp instructions and names the backward
// branch taken most often: "line L (text)", or "" when none was taken.
func hottestLoop(m *sim.Machine, n int64) string {
	type key struct {
		cta  [3]uint32
		warp int
	}
	m.Record(true)
	defer m.Record(false)
	prev := map[key]sim.Event{}
	count := map[int]int{}
	text := map[int]string{}
	for i := int64(0); i < n && !m.Done(); i++ {
		before := m.Stats().WarpInstructions
		m.Step()
		if m.Stats().WarpInstructions == before {
			continue
		}
		e := m.Last()
		k := key{e.CTA, e.Warp}
		if eventLine(e) == 0 {
			delete(prev, k)
			continue
		}
		if p, ok := prev[k]; ok && e.PC <= p.PC && !isCallOrRet(p.Text()) {
			count[p.Line()]++
			text[p.Line()] = strings.Join(strings.Fields(p.Text()), " ")
		}
		prev[k] = e
	}
	best, bestN := 0, 0
	for l, c := range count {
		if c > bestN || c == bestN && l < best {
			best, bestN = l, c
		}
	}
	if bestN == 0 {
		return ""
	}
	return fmt.Sprintf("line %d (%s)", best, text[best])
}

// eventLine is e's source line, 0 when it has none (an event without an
// instruction, whose Line would fail).
func eventLine(e sim.Event) (line int) {
	defer func() {
		if recover() != nil {
			line = 0
		}
	}()
	return e.Line()
}

// isCallOrRet: a call or return moves to another function, whose pcs do
// not compare with the caller's.
func isCallOrRet(text string) bool {
	f := strings.Fields(text)
	for len(f) > 0 && strings.HasPrefix(f[0], "@") {
		f = f[1:]
	}
	return len(f) > 0 && (strings.HasPrefix(f[0], "call") || strings.HasPrefix(f[0], "ret") || strings.HasPrefix(f[0], "exit"))
}

// maxFinite is the largest finite value of each float type, as text.
var maxFinite = map[string]string{"f16": "65504", "bf16": "3.3895314e38", "f32": "3.4028235e38", "f64": "1.7976931348623157e308"}

// floatOverflows: rounding f to nearest in t gives an infinity (f itself
// finite).
func floatOverflows(t string, f float64) bool {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return false
	}
	b := math.Float64bits(f)
	switch t {
	case "f32":
		return math.IsInf(float64(float32(f)), 0)
	case "f16":
		return fp.CvtF64ToF16(b, fp.RN, false)&0x7fff == 0x7c00
	case "bf16":
		return fp.CvtF64ToBF16(b, fp.RN, false)&0x7fff == 0x7f80
	}
	return false
}

// SanitizeMachine turns the sanitizers k on for m, a machine Prepare made
// for res, before it runs: the buffers made with "count" alone are the
// uninitialised ones initcheck watches.
func SanitizeMachine(m *sim.Machine, res *Result, k sim.Sanitize) {
	res.Sanitized = k
	if k == 0 {
		return
	}
	m.Sanitize(k)
	for _, n := range res.Names {
		if b := res.Buffers[n]; b.uninit {
			m.SanitizeUninit(b.addr)
		}
	}
}
