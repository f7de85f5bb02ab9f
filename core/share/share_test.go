package share

import (
	"encoding/json"
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

func intp(v int) *int { return &v }

var known = State{
	Source:      ".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\tret;\n}\n",
	Launch:      json.RawMessage(`{"kernel": "k", "grid": 1, "block": [32]}`),
	Example:     "vadd",
	CTA:         intp(0),
	Warp:        intp(1),
	Lane:        7,
	Breakpoints: []int{5},
	Step:        3,
	View:        map[string]string{"regs": "hex"},
}

// The pinned link and id: if either changes, links already in the world
// would stop opening or get new short ids. Never update these; add a new
// version instead.
const (
	pinnedLink = "1.HI5RasMwEAWvYt5XC8KkTduU7VGiEGRrcYSUtdlVnLTGdy_O58DAzAIbb9ozCO3MammU5tDuvLQ16MC1sev5e8MQo7LZ2dIfN18fXto5WeoKNy1L1d8mv7x6Wbz4qlx_vKxe4FDCTfoLaEFmFS4gZDgMmiLozaErY59Bx_37aXXgR7hOZZuZQ4xw6GsA7RzuQaenX4Iw6ODQKYc8jUmqgY6fJwerPIH2DnPi-1ZUHgyECz-wrv8BAAD__w"
	pinnedID   = "gRYjf3LefZnF"
)

func TestPinnedFormat(t *testing.T) {
	link, err := Encode(&known)
	if err != nil {
		t.Fatal(err)
	}
	if link != pinnedLink {
		t.Errorf("Encode(known) = %q, want the pinned %q", link, pinnedLink)
	}
	got, err := Decode(pinnedLink)
	if err != nil {
		t.Fatalf("Decode(pinned): %v", err)
	}
	want := known
	want.Launch = json.RawMessage(`{"kernel":"k","grid":1,"block":[32]}`)
	if !reflect.DeepEqual(got, &want) {
		t.Errorf("Decode(pinned) = %+v, want %+v", got, want)
	}
	c, _ := known.Canonical()
	if id := ID(c); id != pinnedID {
		t.Errorf("ID(known) = %q, want the pinned %q", id, pinnedID)
	}
}

// The canonical JSON, written out by hand from the field order the format
// promises: the launch compacted, absent fields left out.
func TestCanonicalText(t *testing.T) {
	c, err := known.Canonical()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"source":".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\tret;\n}\n",` +
		`"launch":{"kernel":"k","grid":1,"block":[32]},"example":"vadd","cta":0,"warp":1,"lane":7,` +
		`"breakpoints":[5],"step":3,"view":{"regs":"hex"}}`
	if string(c) != want {
		t.Errorf("Canonical =\n%s\nwant\n%s", c, want)
	}
	// Same state, other launch spacing: same id.
	other := known
	other.Launch = json.RawMessage("{ \"kernel\" : \"k\",\n\"grid\": 1, \"block\": [ 32 ] }")
	c2, _ := other.Canonical()
	if ID(c) != ID(c2) {
		t.Errorf("equal states gave ids %s and %s", ID(c), ID(c2))
	}
	if !ValidID(ID(c)) || ValidID(ID(c)[:11]) || ValidID("abc/def+ghi=") {
		t.Errorf("ValidID disagrees with ID's shape")
	}
}

// A link made today opens after the state gains fields (a newer page's link
// opened by this one, and this one's link opened after a field is added).
func TestUnknownFieldsStillOpen(t *testing.T) {
	newer := `{"source":"x","launch":{},"step":4,"fragments":{"shown":true},"zoom":2}`
	s, err := Decode(encodeJSON([]byte(newer)))
	if err != nil {
		t.Fatalf("newer link: %v", err)
	}
	if s.Source != "x" || s.Step != 4 {
		t.Errorf("newer link decoded to %+v", s)
	}
	type grown struct {
		State
		Theme string `json:"theme"`
	}
	var g grown
	if err := json.Unmarshal([]byte(mustJSON(t, &known)), &g); err != nil {
		t.Fatalf("today's state into a grown struct: %v", err)
	}
	if g.Source != known.Source || g.Step != known.Step || *g.Warp != 1 {
		t.Errorf("grown state lost fields: %+v", g)
	}
}

func mustJSON(t *testing.T, s *State) string {
	c, err := s.Canonical()
	if err != nil {
		t.Fatal(err)
	}
	return string(c)
}

func TestDamagedLinks(t *testing.T) {
	good, _ := Encode(&known)
	for _, c := range []struct{ name, link, want string }{
		{"empty", "", "empty link"},
		{"no version", "eNqrVg", "no version"},
		{"future version", "9." + good[2:], "version \"9\" is unknown"},
		{"not base64", "1.ab$cd", "not base64url at character 5"},
		{"cut short", good[:len(good)/2], "cut or corrupt"},
		{"not json", encodeJSON([]byte("{source")), "not valid JSON"},
		{"no source", encodeJSON([]byte(`{"launch":{}}`)), "no source"},
		{"no launch", encodeJSON([]byte(`{"source":""}`)), "no launch"},
		{"launch not object", encodeJSON([]byte(`{"source":"","launch":[1]}`)), "launch must be a JSON object"},
		{"binary source", encodeJSON([]byte(`{"source":"a\u0000b","launch":{}}`)), "control character U+0000"},
		{"wrong type", encodeJSON([]byte(`{"source":1,"launch":{}}`)), `field "source"`},
		{"lane", encodeJSON([]byte(`{"source":"","launch":{},"lane":32}`)), "out of range"},
		{"too long", "1." + strings.Repeat("A", MaxLinkBytes), "limit"},
		{"bomb", encodeJSON([]byte(`{"source":"` + strings.Repeat(" ", MaxStateBytes) + `","launch":{}}`)), "over"},
	} {
		_, err := Decode(c.link)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Decode error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

func TestRoundTripRandomStates(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 300; i++ {
		var sb strings.Builder
		for j := r.Intn(400); j > 0; j-- {
			rs := []rune("abc .%;{}\n\t\r€𝄞\"\\<>&")
			sb.WriteRune(rs[r.Intn(len(rs))])
		}
		s := State{Source: sb.String(), Launch: json.RawMessage(`{"grid":[` + itoa(r.Intn(9)+1) + `]}`), Lane: r.Intn(32), Step: r.Int63n(1 << 40)}
		if r.Intn(2) == 0 {
			s.Warp = intp(r.Intn(32))
			s.CTA = intp(r.Intn(100))
			s.Breakpoints = []int{r.Intn(50) + 1, r.Intn(50) + 1}
			s.View = map[string]string{"regs": "signed", "mem": "shared"}
		}
		roundTrip(t, &s)
	}
}

func roundTrip(t *testing.T, s *State) {
	t.Helper()
	link, err := Encode(s)
	if err != nil {
		t.Fatalf("Encode: %v", err)
	}
	got, err := Decode("#" + link)
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	a, _ := s.Canonical()
	b, _ := got.Canonical()
	if string(a) != string(b) {
		t.Fatalf("round trip changed the state:\n%s\n%s", a, b)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func FuzzDecode(f *testing.F) {
	good, _ := Encode(&known)
	for _, s := range []string{good, "1.", "1.AAAA", "2.x", "", "#1.eJwrSS0u"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, link string) {
		s, err := Decode(link)
		if err != nil {
			if s != nil {
				t.Fatal("state with an error")
			}
			return
		}
		// Whatever decodes re-encodes and decodes to the same state.
		roundTrip(t, s)
	})
}
