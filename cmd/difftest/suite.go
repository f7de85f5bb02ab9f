// suite.go: writes GPU suites for /work/shared/tools/gpurun.py's "suite"
// command (a folder of NAME.ptx, NAME.launch.json, NAME.expect.json), so
// that a real GPU can run the very PTX ptxplay ran and be compared with
// ptxplay's output, and reads gpurun's results back into a report.
//
//   - WriteSuite (-suite DIR): generated programs, one clang run each (a
//     batch of one, so NAME.ptx is the exact module ptxplay ran), with
//     DIR/difftest.json saying how ptxplay and the host build compared.
//   - WriteKnown (-suite-known DIR): every testdata/run case and every
//     example, ptxplay's output as the expectation.
//   - Report (-gpu-report RESULTS -suite DIR): one line per case of what
//     the GPU said beside ptxplay and the host.
//
// Expectations are JSON numbers for integer elements (exact: gpurun reads
// them with Python's json, whose integers have no size limit, and compares
// them modulo the element width) and "0x..." raw bit patterns for float
// elements (gpurun's canon turns them into the same bits, a NaN into "nan",
// which matches any NaN; -0 keeps its sign bit).
package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/ptxplay/ptxplay/core/launch"
	"github.com/ptxplay/ptxplay/core/sim"
	"github.com/ptxplay/ptxplay/examples"
)

// SuiteCase is one case of a suite's index (DIR/difftest.json).
type SuiteCase struct {
	Name string `json:"name"`
	Seed uint64 `json:"seed,omitempty"`
	Opt  string `json:"opt,omitempty"`
	// Host: how ptxplay's output compared with the host build's: agree,
	// mismatch, clang-bug, gcc-bug (the finding's words in Detail).
	// Source: where a known case came from (testdata/run/NAME, examples/NAME).
	Host   string `json:"host,omitempty"`
	Detail string `json:"detail,omitempty"`
	Source string `json:"source,omitempty"`
}

// SuiteIndex is DIR/difftest.json.
type SuiteIndex struct {
	Kind    string      `json:"kind"` // "generated" or "known"
	Clang   string      `json:"clang,omitempty"`
	With    string      `json:"with,omitempty"`
	Seeds   []uint64    `json:"seeds,omitempty"`
	Opts    []string    `json:"opts,omitempty"`
	Cases   []SuiteCase `json:"cases"`
	Skipped []SuiteCase `json:"skipped"` // not written: Detail says why
}

const indexFile = "difftest.json"

// caseName names a generated program's case: d<seed>-O3.
func caseName(seed uint64, opt string) string {
	return fmt.Sprintf("d%d%s", seed, opt)
}

// suiteLaunch is the launch contract runKernel uses, inputs included.
func suiteLaunch(p *Program) map[string]any {
	k := p.Name + "_k"
	in := Inputs(p.Seed, p.Launch().Slots())
	return map[string]any{
		"kernel": k, "grid": []int{p.Launch().Grid, 1, 1}, "block": []int{p.Launch().Block[0], p.Launch().Block[1], p.Launch().Block[2]},
		"args": map[string]any{
			k + "_param_0": map[string]any{"type": "u64", "data": in},
			k + "_param_1": map[string]any{"type": "u64", "count": p.Launch().Slots() * p.NOut()},
		},
	}
}

// expectValues writes a buffer's element bits as gpurun's canon reads
// them: integers as exact JSON numbers, floats as "0x" raw bits.
func expectValues(typ string, bits []uint64) []any {
	out := make([]any, len(bits))
	float := typ == "f16" || typ == "bf16" || typ == "f32" || typ == "f64"
	digits := map[string]int{"f16": 4, "bf16": 4, "f32": 8, "f64": 16}[typ]
	for i, b := range bits {
		if float {
			out[i] = fmt.Sprintf("0x%0*x", digits, b)
		} else {
			out[i] = b
		}
	}
	return out
}

func writeJSON(path string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// writeCase writes NAME.ptx, NAME.launch.json and NAME.expect.json.
func writeCase(dir, name string, ptx []byte, launchSpec any, expect map[string][]any) error {
	if err := os.WriteFile(filepath.Join(dir, name+".ptx"), ptx, 0o644); err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(dir, name+".launch.json"), launchSpec); err != nil {
		return err
	}
	return writeJSON(filepath.Join(dir, name+".expect.json"), map[string]any{"buffers": expect})
}

// WriteSuite runs the programs of seeds as Campaign does, one program a
// batch, and writes each run that ptxplay finished as a case in dir.
// Programs whose host build disagrees stay in (difftest.json names
// them, with the host's output in NAME.host.json); runs ptxplay did not
// finish are listed as skipped.
func WriteSuite(tools Tools, cfg Config, with string, seeds []uint64, jobs int, opts []string, dir string, report func(int, []Finding)) (Stats, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Stats{}, err
	}
	idx := SuiteIndex{Kind: "generated", Clang: filepath.Base(tools.Clang), With: with, Seeds: seeds, Opts: opts}
	var mu sync.Mutex
	var werr error
	sink := func(r Ran) {
		mu.Lock()
		defer mu.Unlock()
		c := SuiteCase{Name: caseName(r.Prog.Seed, r.Opt), Seed: r.Prog.Seed, Opt: r.Opt, Host: "agree"}
		if r.Finding != nil {
			c.Host, c.Detail = r.Finding.What, r.Finding.Detail
		}
		if r.Got == nil {
			if c.Detail == "" {
				c.Detail = "ptxplay did not finish the kernel"
			}
			idx.Skipped = append(idx.Skipped, c)
			return
		}
		k := r.Prog.Name + "_k_param_1"
		err := writeCase(dir, c.Name, r.PTX, suiteLaunch(r.Prog), map[string][]any{k: expectValues("u64", r.Got)})
		if err == nil && c.Host != "agree" {
			err = writeJSON(filepath.Join(dir, c.Name+".host.json"), map[string]any{"buffers": map[string][]any{k: expectValues("u64", r.Want)}})
		}
		if err != nil && werr == nil {
			werr = err
		}
		idx.Cases = append(idx.Cases, c)
	}
	var st Stats
	done := 0
	for i := 0; i < len(seeds); {
		j := i + 1 // a run of consecutive seeds is one campaign
		for j < len(seeds) && seeds[j] == seeds[j-1]+1 {
			j++
		}
		s := campaign(tools, cfg, seeds[i], j-i, 1, jobs, opts, func(d int, f []Finding) { report(done+d, f) }, sink)
		done += j - i
		st.Agree += s.Agree
		st.Disagree += s.Disagree
		st.Errors += s.Errors
		st.ClangBug += s.ClangBug
		st.GCCBug += s.GCCBug
		i = j
	}
	if werr != nil {
		return st, werr
	}
	sortCases := func(cs []SuiteCase) {
		sort.Slice(cs, func(i, j int) bool {
			if cs[i].Seed != cs[j].Seed {
				return cs[i].Seed < cs[j].Seed
			}
			return cs[i].Opt < cs[j].Opt
		})
	}
	sortCases(idx.Cases)
	sortCases(idx.Skipped)
	if idx.Skipped == nil {
		idx.Skipped = []SuiteCase{}
	}
	b, _ := json.MarshalIndent(idx, "", " ")
	return st, os.WriteFile(filepath.Join(dir, indexFile), append(b, '\n'), 0o644)
}

var (
	targetSM   = regexp.MustCompile(`(?m)^\s*\.target\s+sm_(\d+)`)
	clusterDir = regexp.MustCompile(`\.(?:reqnctapercluster|explicitcluster)\b`)
)

// gpuSM is the compute capability of the GPU the suites are for (H200).
const gpuSM = 90

// gpurunTypes are the buffer element types gpurun knows.
var gpurunTypes = map[string]bool{"u8": true, "s8": true, "b8": true, "u16": true, "s16": true, "b16": true,
	"u32": true, "s32": true, "b32": true, "u64": true, "s64": true, "b64": true,
	"f16": true, "bf16": true, "f32": true, "f64": true}

// knownSkip says why a case cannot go to gpurun on an sm_90 GPU, or "".
func knownSkip(ptx, spec []byte) string {
	if m := targetSM.FindSubmatch(ptx); m != nil {
		if sm, _ := strconv.Atoi(string(m[1])); sm > gpuSM {
			return fmt.Sprintf(".target sm_%s: the GPU is sm_%d", m[1], gpuSM)
		}
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(spec, &raw); err != nil {
		return "launch.json: " + err.Error()
	}
	if _, ok := raw["buffers"]; ok {
		return "top-level \"buffers\" (tensor maps): gpurun passes only scalars and buffer addresses"
	}
	if c, ok := raw["cluster"]; ok && string(c) != "null" && !clusterDir.Match(ptx) {
		return "\"cluster\" in the launch: gpurun launches no clusters and the PTX has no .reqnctapercluster"
	}
	var args map[string]json.RawMessage
	json.Unmarshal(raw["args"], &args)
	for name, a := range args {
		var b struct {
			Type *string `json:"type"`
		}
		if json.Unmarshal(a, &b) == nil && b.Type != nil && !gpurunTypes[*b.Type] {
			return fmt.Sprintf("%s: buffer type %s is not one gpurun knows", name, *b.Type)
		}
	}
	return ""
}

// KnownCase is a PTX file and its launch from the tree.
type KnownCase struct {
	Name, Source string
	PTX, Launch  []byte
}

// KnownCases are every testdata/run case (root: the testdata folder) and
// every example, in that order.
func KnownCases(testdata string) ([]KnownCase, error) {
	var out []KnownCase
	dirs, err := os.ReadDir(filepath.Join(testdata, "run"))
	if err != nil {
		return nil, err
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		base := filepath.Join(testdata, "run", d.Name())
		ptx, err1 := os.ReadFile(filepath.Join(base, "kernel.ptx"))
		spec, err2 := os.ReadFile(filepath.Join(base, "launch.json"))
		if err1 != nil || err2 != nil {
			continue // not a run case
		}
		out = append(out, KnownCase{Name: "run-" + d.Name(), Source: "testdata/run/" + d.Name(), PTX: ptx, Launch: spec})
	}
	for _, e := range examples.All() {
		if strings.TrimSpace(e.Launch) == "" {
			continue
		}
		out = append(out, KnownCase{Name: "ex-" + e.Name, Source: "examples/" + e.Name, PTX: []byte(e.Source), Launch: []byte(e.Launch)})
	}
	return out, nil
}

// WriteKnown writes the known cases that an sm_90 GPU can run into dir,
// ptxplay's output (every buffer) as the expectation; the rest are listed
// in difftest.json's "skipped" with the reason.
func WriteKnown(testdata, dir string) (SuiteIndex, error) {
	idx := SuiteIndex{Kind: "known", Cases: []SuiteCase{}, Skipped: []SuiteCase{}}
	cases, err := KnownCases(testdata)
	if err != nil {
		return idx, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return idx, err
	}
	for _, k := range cases {
		c := SuiteCase{Name: k.Name, Source: k.Source}
		if why := knownSkip(k.PTX, k.Launch); why != "" {
			c.Detail = why
			idx.Skipped = append(idx.Skipped, c)
			continue
		}
		// With every sanitizer: a race, a read of memory nothing wrote or
		// a barrier that lanes reach apart may leave the hardware's result
		// open (the examples race_reduce and fault_uninit show them); such
		// a case stays in, its hazard noted, so that a GPU difference
		// there is read as such.
		res := launch.Run(k.Source+"/kernel.ptx", k.PTX, k.Launch, launch.Options{Sanitize: sim.SanAll})
		if !res.OK {
			e := res.Errors[0]
			c.Detail = fmt.Sprintf("ptxplay stops (%s, line %d): %s", e.Phase, e.Line, e.Message)
			idx.Skipped = append(idx.Skipped, c)
			continue
		}
		if len(res.Hazards) > 0 {
			h := res.Hazards[0]
			c.Detail = fmt.Sprintf("ptxplay's sanitizers find %d hazards (the result on hardware may differ): line %d: %s: %s", len(res.Hazards), h.Line, h.Kind, h.Message)
		}
		exp := map[string][]any{}
		for name, b := range res.Buffers {
			exp[name] = expectValues(b.Type, b.Data)
		}
		if len(exp) == 0 {
			c.Detail = "no buffers: nothing to compare"
			idx.Skipped = append(idx.Skipped, c)
			continue
		}
		// the launch as it is (a decode into Go values would round
		// integers past 2^53)
		if err := writeCase(dir, k.Name, k.PTX, json.RawMessage(k.Launch), exp); err != nil {
			return idx, err
		}
		idx.Cases = append(idx.Cases, c)
	}
	b, _ := json.MarshalIndent(idx, "", " ")
	return idx, os.WriteFile(filepath.Join(dir, indexFile), append(b, '\n'), 0o644)
}

// gpuResults reads gpurun's result folder (SUITE/summary.json and
// SUITE/NAME.gpu.json) or its SUITE.gpu.tar.gz: file name -> contents.
func gpuResults(path string) (map[string][]byte, error) {
	files := map[string][]byte{}
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		if _, err := os.Stat(filepath.Join(path, "summary.json")); err != nil {
			// the folder above SUITE: take the one sub-folder with a summary
			subs, _ := filepath.Glob(filepath.Join(path, "*", "summary.json"))
			if len(subs) != 1 {
				return nil, fmt.Errorf("%s: no summary.json (nor one SUITE/summary.json below it)", path)
			}
			path = filepath.Dir(subs[0])
		}
		ents, err := os.ReadDir(path)
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".json") {
				b, err := os.ReadFile(filepath.Join(path, e.Name()))
				if err != nil {
					return nil, err
				}
				files[e.Name()] = b
			}
		}
		return files, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if h.Typeflag == tar.TypeReg && strings.HasSuffix(h.Name, ".json") {
			b, err := io.ReadAll(tr)
			if err != nil {
				return nil, err
			}
			files[filepath.Base(h.Name)] = b
		}
	}
	return files, nil
}

// gpuSummary is the part of gpurun's summary.json the report reads.
type gpuSummary struct {
	Device any `json:"device"`
	Cases  []struct {
		Name    string   `json:"name"`
		File    string   `json:"file"`
		Verdict string   `json:"verdict"`
		Lines   []string `json:"lines"`
	} `json:"cases"`
}

// bufferBits reads {"buffers": {param: [values] or {"data": [values]}}}
// as u64 bit patterns (integers and "0x" strings only; what the
// generated suites hold).
func bufferBits(b []byte, param string) ([]uint64, bool) {
	var doc struct {
		Buffers map[string]json.RawMessage `json:"buffers"`
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if dec.Decode(&doc) != nil {
		return nil, false
	}
	raw, ok := doc.Buffers[param]
	if !ok {
		return nil, false
	}
	var vals []any
	dec = json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&vals); err != nil {
		var obj struct {
			Data []any `json:"data"`
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if dec.Decode(&obj) != nil {
			return nil, false
		}
		vals = obj.Data
	}
	out := make([]uint64, len(vals))
	for i, v := range vals {
		var s string
		switch x := v.(type) {
		case json.Number:
			s = x.String()
		case string:
			if !strings.HasPrefix(x, "0x") {
				return nil, false
			}
			s = x
		default:
			return nil, false
		}
		if u, err := strconv.ParseUint(s, 0, 64); err == nil {
			out[i] = u
		} else if n, err := strconv.ParseInt(s, 0, 64); err == nil {
			out[i] = uint64(n)
		} else {
			return nil, false
		}
	}
	return out, true
}

// Report reads a suite's index (suiteDir/difftest.json) and gpurun's
// results for it, and writes one line per case (grouped by seed for a
// generated suite) saying what the GPU's run means; it returns the number
// of cases that point at ptxplay (the GPU differs from ptxplay where the
// host agreed with ptxplay, or agrees with the host where ptxplay
// did not) or did not run.
func Report(w io.Writer, suiteDir, results string) (int, error) {
	ib, err := os.ReadFile(filepath.Join(suiteDir, indexFile))
	if err != nil {
		return 0, err
	}
	var idx SuiteIndex
	if err := json.Unmarshal(ib, &idx); err != nil {
		return 0, fmt.Errorf("%s: %v", indexFile, err)
	}
	files, err := gpuResults(results)
	if err != nil {
		return 0, err
	}
	var sum gpuSummary
	if err := json.Unmarshal(files["summary.json"], &sum); err != nil {
		return 0, fmt.Errorf("gpurun summary.json: %v", err)
	}
	type gpuCase struct {
		verdict string
		lines   []string
		file    string
	}
	gpu := map[string]gpuCase{}
	for _, c := range sum.Cases {
		gpu[c.Name] = gpuCase{c.Verdict, c.Lines, c.File}
	}
	if sum.Device != nil {
		d, _ := json.Marshal(sum.Device)
		fmt.Fprintf(w, "device: %s\n", d)
	}
	counts := map[string]int{}
	bad := 0
	for _, c := range idx.Cases {
		g, ok := gpu[c.Name]
		var verdict string
		switch {
		case !ok:
			verdict = "NOT RUN: no GPU result"
		case g.verdict == "error":
			verdict = "GPU ERROR: " + strings.Join(g.lines, "; ")
		case g.verdict == "disagree" && c.Detail != "" && c.Host == "":
			verdict = "GPU != ptxplay where " + c.Detail + ": " + strings.Join(g.lines, "; ")
		case g.verdict == "agree" && (c.Host == "" || c.Host == "agree"):
			verdict = "ok: GPU = ptxplay" + map[bool]string{true: " = host", false: ""}[c.Host == "agree"]
		case g.verdict == "agree":
			verdict = fmt.Sprintf("GPU = ptxplay, host differs: the %s classification holds (%s)", c.Host, c.Detail)
		default: // disagree
			verdict = "GPU != ptxplay: " + strings.Join(g.lines, "; ")
			if c.Host != "" && c.Host != "agree" {
				verdict += " (host differed too: " + c.Host + ")"
				if hb, err := os.ReadFile(filepath.Join(suiteDir, c.Name+".host.json")); err == nil {
					param := ""
					var exp struct {
						Buffers map[string]json.RawMessage `json:"buffers"`
					}
					if eb, err := os.ReadFile(filepath.Join(suiteDir, c.Name+".expect.json")); err == nil && json.Unmarshal(eb, &exp) == nil {
						for k := range exp.Buffers {
							param = k
						}
					}
					hv, ok1 := bufferBits(hb, param)
					gv, ok2 := bufferBits(files[g.file], param)
					if ok1 && ok2 && len(hv) == len(gv) {
						same := true
						for i := range hv {
							same = same && hv[i] == gv[i]
						}
						if same {
							verdict += "; GPU = host bit for bit: PTXPLAY BUG (the " + c.Host + " classification is wrong)"
						} else {
							verdict += "; GPU = neither"
						}
					}
				}
			} else if c.Host == "agree" {
				verdict += "; the host agreed with ptxplay: the PTX's meaning on hardware differs (ptxplay bug or PTX the C does not pin down)"
			}
			if src, err := os.ReadFile(filepath.Join(suiteDir, c.Name+".ptx")); err == nil {
				if n := f16ByteStores(string(src)); n > 0 {
					verdict += fmt.Sprintf("; the PTX stores a byte of a conversion to f16 straight from its register %d times, which ptxas miscompiles (docs/gpucheck.md)", n)
				}
			}
		}
		key := strings.SplitN(verdict, ":", 2)[0]
		if strings.HasPrefix(verdict, "GPU = ptxplay, host differs") {
			key = "GPU = ptxplay, host differs (" + c.Host + ")"
		}
		counts[key]++
		if !strings.HasPrefix(verdict, "ok") && !strings.HasPrefix(verdict, "GPU = ptxplay") {
			bad++
		}
		what := c.Name
		if c.Source != "" {
			what += " (" + c.Source + ")"
		} else {
			what = fmt.Sprintf("seed %d %s", c.Seed, c.Opt)
		}
		fmt.Fprintf(w, "%s: %s\n", what, verdict)
	}
	for _, s := range idx.Skipped {
		fmt.Fprintf(w, "%s: skipped: %s\n", strings.TrimSpace(s.Name+" "+s.Source), s.Detail)
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
	}
	fmt.Fprintf(w, "%d cases: %s; %d skipped\n", len(idx.Cases), strings.Join(parts, ", "), len(idx.Skipped))
	return bad, nil
}

var (
	cvtF16Re  = regexp.MustCompile(`cvt\.r[nzmp]\.f16\.[a-z]+\d+\s+(%[a-z]+\d+)`)
	storeU8Re = regexp.MustCompile(`\bst(?:\.[a-z:]+)*\.[bu]8\s+\[[^\]]*\],\s*(%[a-z]+\d+)`)
)

// f16ByteStores counts the st.u8/st.b8 of a register that a conversion
// to .f16 wrote (cvt.rn.f16.f32, cvt.rn.f16.u16, ...): ptxas (CUDA 13.0's
// JIT, driver 580, sm_90) stores another register's low byte there, the
// one the conversion's input came from (docs/gpucheck.md has the
// reproductions and the SASS).
func f16ByteStores(ptx string) int {
	f16 := map[string]bool{}
	n := 0
	for _, line := range strings.Split(ptx, "\n") {
		if m := cvtF16Re.FindStringSubmatch(line); m != nil {
			f16[m[1]] = true
		} else if m := storeU8Re.FindStringSubmatch(line); m != nil && f16[m[1]] {
			n++
		}
	}
	return n
}
