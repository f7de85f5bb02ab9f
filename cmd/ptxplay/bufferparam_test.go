package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunBufferForScalar: a buffer given for the .u32 count of a 64-bit
// module is refused in the contract's words, exit status 1; with --json
// the document is the contract's failure shape.
func TestRunBufferForScalar(t *testing.T) {
	k, _ := vaddFiles(t)
	spec := filepath.Join(t.TempDir(), "l.json")
	os.WriteFile(spec, []byte(`{"block": 100, "args": {"a": {"type": "u32", "count": 100}, "out": {"type": "u32", "count": 100}, "n": {"type": "u32", "count": 1}}}`), 0o644)
	const msg = "args.n: expected a number for the .u32 parameter, found a buffer (a buffer's address needs a .u64, .s64 or .b64 parameter in a module with .address_size 64)"

	code, out, errOut := runCLI(t, "", "run", "--json", "--launch", spec, k)
	if code != 1 || errOut != "" {
		t.Fatalf("--json: exit %d, stderr %q", code, errOut)
	}
	var doc struct {
		OK     *bool `json:"ok"`
		Errors []struct {
			Phase   string `json:"phase"`
			Message string `json:"message"`
		} `json:"errors"`
		Buffers json.RawMessage `json:"buffers"`
		Stats   json.RawMessage `json:"stats"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("--json: %v: %s", err, out)
	}
	if !strings.HasPrefix(out, `{"ok": false, "errors": [{"phase":"launch",`) || doc.OK == nil || *doc.OK || len(doc.Errors) != 1 || doc.Errors[0].Phase != "launch" || doc.Errors[0].Message != msg {
		t.Errorf("--json: %s", out)
	}
	if doc.Buffers != nil || doc.Stats != nil {
		t.Errorf("--json: buffers or stats of a launch that never started: %s", out)
	}

	code, out, errOut = runCLI(t, "", "run", "--launch", spec, k)
	if code != 1 || out != "" || errOut != k+": launch error: "+msg+"\n" {
		t.Errorf("text: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
