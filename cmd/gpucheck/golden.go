package main

// golden.go: `gpucheck golden RESULTS CASE...` writes each CASE's
// expected.json from what the GPU left in its buffers (RESULTS: a folder
// written by `gpucheck write` and run by its run.sh), so that a test can
// hold ptxplay to the hardware's bits (testdata/gpu).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ptxplay/ptxplay/core/launch"
)

func golden(w io.Writer, results string, cases []string) error {
	gpu, err := os.ReadFile(filepath.Join(results, "gpu.txt"))
	if err != nil {
		return err
	}
	for _, dir := range cases {
		name := caseName(dir)
		var want wantFile
		wj, err := os.ReadFile(filepath.Join(results, name+".want.json"))
		if err == nil {
			err = json.Unmarshal(wj, &want)
		}
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		answer, err := os.ReadFile(filepath.Join(results, name+".gpu.txt"))
		if err != nil || strings.TrimSpace(string(answer)) != "ok" {
			return fmt.Errorf("%s: the GPU did not run it: %s", name, strings.TrimSpace(string(answer)))
		}
		var out bytes.Buffer
		fmt.Fprintf(&out, "{\n  \"gpu\": %q,\n  \"buffers\": {", strings.TrimSpace(string(gpu)))
		n := 0
		for i, b := range want.Buffers {
			in, err1 := os.ReadFile(filepath.Join(results, fmt.Sprintf("%s.b%d.in", name, i)))
			got, err2 := os.ReadFile(filepath.Join(results, fmt.Sprintf("%s.b%d.gpu", name, i)))
			if err1 != nil || err2 != nil {
				return fmt.Errorf("%s: buffer %s: %v %v", name, b.Name, err1, err2)
			}
			if bytes.Equal(in, got) {
				continue // an input the kernel left alone
			}
			if n++; n > 1 {
				out.WriteString(",")
			}
			fmt.Fprintf(&out, "\n    %q: {\"type\": %q, \"data\": [", b.Name, b.Type)
			es := launch.ElemSize(b.Type)
			for k := 0; k+es <= len(got); k += es {
				switch {
				case k > 0 && k/es%16 == 0:
					out.WriteString(",\n      ")
				case k > 0:
					out.WriteString(", ")
				}
				v := launch.FormatValue(b.Type, le(got[k:k+es]))
				if _, err := fmt.Sscanf(v, "%g", new(float64)); err != nil {
					v = fmt.Sprintf("%q", v) // nan, inf as the contract spells them
				}
				out.WriteString(v)
			}
			out.WriteString("]}")
		}
		out.WriteString("\n  }\n}\n")
		if err := os.WriteFile(filepath.Join(dir, "expected.json"), out.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(w, "%s: expected.json from %s", dir, gpu)
	}
	return nil
}
