package share

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ptxplay/ptxplay/core/share/canon"
	"github.com/ptxplay/ptxplay/examples"
)

// canonEdges are states at the edges of encoding/json's decoding rules,
// which canon.Canonical must follow without it.
var canonEdges = []string{
	`{"source":".version 8.0\n","launch":{"grid":[1,1,1],"block":[32,1,1]},"step":3}`,
	` { "launch" : { "grid" : [ 1 ] , "s" : "a b\u00e9\"" } , "source" : "x" } `,
	`{"source":"a","launch":{},"SOURCE":"b"}`,                               // a later key under another case wins
	`{"Source":"a","launch":{}}`,                                            // the exact key "source" must be there
	`{"ſource":"a","source":"b","launch":{}}`,                               // U+017F folds to s
	`{"source":"a","launch":{},"lane":"1"}`,                                 // wrong type
	`{"source":"a","launch":{},"lane":1.0}`,                                 // not an integer literal
	`{"source":"a","launch":{},"lane":1e1}`,                                 // not an integer literal
	`{"source":"a","launch":{},"step":9223372036854775807}`,                 // the largest int64
	`{"source":"a","launch":{},"step":9223372036854775808}`,                 // over it
	`{"source":"a","launch":{},"step":-0}`,                                  // zero
	`{"source":"a","launch":{},"cta":null,"warp":0,"lane":31}`,              // null pointer, zero kept
	`{"source":"a","launch":{},"cta":2,"cta":null}`,                         // null after a value clears a pointer
	`{"source":"a","launch":{},"lane":5,"lane":null}`,                       // null leaves an int as it is
	`{"source":null,"launch":{}}`,                                           // null source: empty, but present
	`{"source":"a","launch":null}`,                                          // a launch must be an object
	`{"source":"a","launch":[]}`,                                            // a launch must be an object
	`{"source":"a","launch":{},"breakpoints":[3,null,1]}`,                   // null element is 0: refused
	`{"source":"a","launch":{},"breakpoints":[3,1],"breakpoints":[2]}`,      // the last array wins
	`{"source":"a","launch":{},"breakpoints":[]}`,                           // empty: left out
	`{"source":"a","launch":{},"view":{"b":"1","a":null},"view":{"c":"2"}}`, // maps merge
	`{"source":"a","launch":{},"view":{"a":1}}`,                             // wrong value type
	`{"source":"a\u2028\u0007\b\f<>&\ud800\udc00\ud800x\udc00","launch":{}}`,
	"{\"source\":\"tab\tok\",\"launch\":{}}",           // a raw tab inside a string is invalid JSON
	`{"source":"\u0001","launch":{}}`,                  // control character refused
	`{"source":"a","launch":{"x":"\u2028 </script>"}}`, // launch strings kept as written
	`{"source":"a","launch":{},"example":"vadd","unknown":[1,{"x":null}]}`,
	`{"source":"a","launch":{}} x`, // data after the value
	`{"source":"a","launch":{},}`,  // trailing comma
	`[]`, `null`, `"x"`, `1`, ``, `{`, `{"source":"a","launch":{01}}`,
	`{"source":"a","launch":{},"lane":32}`, `{"source":"a","launch":{},"cta":-1}`,
	"{\"source\":\"\xff\xfe\",\"launch\":{}}", // invalid UTF-8 reads as U+FFFD
}

// checkCanon holds canon.Canonical to share.Parse and Canonical: the same
// bytes, or both refuse.
func checkCanon(t *testing.T, in []byte) {
	got, gotErr := canon.Canonical(in)
	var want []byte
	st, wantErr := Parse(in)
	if wantErr == nil {
		want, wantErr = st.Canonical()
	}
	if (gotErr == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
		t.Fatalf("%q:\ncanon: %q, %v\nshare: %q, %v", in, got, gotErr, want, wantErr)
	}
}

func TestCanonMatchesEncodingJSON(t *testing.T) {
	for _, s := range canonEdges {
		checkCanon(t, []byte(s))
	}
	for _, ex := range examples.All() {
		st := &State{Source: ex.Source, Launch: []byte(ex.Launch), Example: ex.Name, Step: 7, Breakpoints: []int{2, 9}}
		c, err := st.Canonical()
		if err != nil {
			t.Fatal(err)
		}
		checkCanon(t, c)
		checkCanon(t, []byte(strings.Replace(string(c), `{"source"`, `{ "source" `, 1)))
	}
	// encoding/json's nesting limit is 10000 levels.
	for _, depth := range []int{9999, 10000, 10001} {
		l := `{"source":"a","launch":{"x":` + strings.Repeat("[", depth-2) + strings.Repeat("]", depth-2) + `}}`
		checkCanon(t, []byte(l))
	}
	checkCanon(t, []byte(`{"source":"`+strings.Repeat("a", MaxStateBytes)+`","launch":{}}`))
}

func FuzzCanonical(f *testing.F) {
	for _, s := range canonEdges {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) { checkCanon(t, in) })
}
