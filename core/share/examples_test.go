package share_test

import (
	"encoding/json"
	"testing"

	"github.com/ptxplay/ptxplay/core/share"
	"github.com/ptxplay/ptxplay/examples"
)

// Every example survives a link: source and launch come back byte for byte
// (the launch as its compact JSON).
func TestExamplesRoundTrip(t *testing.T) {
	for _, ex := range examples.All() {
		s := &share.State{Source: ex.Source, Launch: json.RawMessage(ex.Launch), Example: ex.Name, Step: 10}
		link, err := share.Encode(s)
		if err != nil {
			t.Fatalf("%s: %v", ex.Name, err)
		}
		got, err := share.Decode(link)
		if err != nil {
			t.Fatalf("%s: %v", ex.Name, err)
		}
		if got.Source != ex.Source || got.Example != ex.Name || got.Step != 10 {
			t.Errorf("%s: state changed", ex.Name)
		}
		var a, b any
		json.Unmarshal([]byte(ex.Launch), &a)
		json.Unmarshal(got.Launch, &b)
		if ja, _ := json.Marshal(a); string(ja) != string(mustMarshal(b)) {
			t.Errorf("%s: launch changed", ex.Name)
		}
		t.Logf("%-20s permalink %5d characters (source %d bytes)", ex.Name, len(link), len(ex.Source))
	}
}

func mustMarshal(v any) []byte { b, _ := json.Marshal(v); return b }
