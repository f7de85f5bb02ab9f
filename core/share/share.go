// Package share encodes a playground state (source, launch and view) into
// the URL fragment of a permalink and back, and gives each state the
// content-addressed id the share service stores it under.
//
// A link is "<version>.<payload>". Version 1's payload is the state's
// canonical JSON compressed with raw DEFLATE and written in unpadded
// base64url. Decoding accepts every version ever written; a new version
// gets a new number and its own decoder beside the old ones.
package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/ptxplay/ptxplay/core/share/canon"
)

// Limits of a state, checked on every decode and encode.
const (
	MaxStateBytes = canon.MaxStateBytes // canonical JSON: the share service's body limit
	MaxLinkBytes  = 96 << 10            // a fragment longer than this is refused unread
)

// CurrentVersion is the version Encode writes.
const CurrentVersion = 1

// State is what a link restores. Every field but Source and Launch is
// optional; decoders ignore fields they do not know, so a link made by a
// newer page still opens here with what this page understands.
type State struct {
	Source      string            `json:"source"`
	Launch      json.RawMessage   `json:"launch"`
	Example     string            `json:"example,omitempty"`     // the example it started from
	CTA         *int              `json:"cta,omitempty"`         // selected CTA (linear index); nil follows the running one
	Warp        *int              `json:"warp,omitempty"`        // selected warp; nil follows the issuing one
	Lane        int               `json:"lane,omitempty"`        // selected lane
	Breakpoints []int             `json:"breakpoints,omitempty"` // source lines
	Step        int64             `json:"step,omitempty"`        // the step to replay to
	View        map[string]string `json:"view,omitempty"`        // view choices (register view, memory tab, ...)
}

// Error is a damaged or unusable link or state.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

func errorf(format string, args ...any) error { return &Error{fmt.Sprintf(format, args...)} }

// Validate checks what every stored or linked state must satisfy.
func (s *State) Validate() error {
	if !utf8.ValidString(s.Source) {
		return errorf("source is not UTF-8 text")
	}
	for i, r := range s.Source {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' {
			return errorf("source is not text: control character U+%04X at byte %d", r, i)
		}
	}
	l := bytes.TrimSpace(s.Launch)
	if len(l) == 0 || l[0] != '{' || !json.Valid(l) {
		return errorf("launch must be a JSON object")
	}
	if s.CTA != nil && *s.CTA < 0 || s.Warp != nil && *s.Warp < 0 || s.Lane < 0 || s.Lane > 31 || s.Step < 0 {
		return errorf("selection out of range (cta, warp and step at least 0, lane 0 to 31)")
	}
	for _, b := range s.Breakpoints {
		if b < 1 {
			return errorf("breakpoint line %d is not a line", b)
		}
	}
	return nil
}

// Canonical returns the state's canonical JSON: fields in a fixed order,
// the launch compacted, no HTML escaping. Equal states give equal bytes.
func (s *State) Canonical() ([]byte, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	c := *s
	var lb bytes.Buffer
	if err := json.Compact(&lb, bytes.TrimSpace(s.Launch)); err != nil {
		return nil, errorf("launch: %v", err)
	}
	c.Launch = lb.Bytes()
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&c); err != nil {
		return nil, errorf("state: %v", err)
	}
	b := bytes.TrimSuffix(out.Bytes(), []byte("\n"))
	if len(b) > MaxStateBytes {
		return nil, errorf("state is %d bytes; the limit is %d", len(b), MaxStateBytes)
	}
	return b, nil
}

// Encode returns the fragment of a permalink for the state (without '#').
func Encode(s *State) (string, error) {
	b, err := s.Canonical()
	if err != nil {
		return "", err
	}
	return encodeJSON(b), nil
}

// encodeJSON writes version 1 of an already canonical state.
func encodeJSON(b []byte) string {
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	w.Write(b)
	w.Close()
	return "1." + base64.RawURLEncoding.EncodeToString(z.Bytes())
}

// Decode reads a permalink fragment ("1.eNq...", with or without a leading
// '#') of any version.
func Decode(link string) (*State, error) {
	link = strings.TrimPrefix(strings.TrimSpace(link), "#")
	if link == "" {
		return nil, errorf("empty link")
	}
	if len(link) > MaxLinkBytes {
		return nil, errorf("link is %d characters; the limit is %d", len(link), MaxLinkBytes)
	}
	ver, payload, ok := strings.Cut(link, ".")
	if !ok {
		return nil, errorf("not a ptxplay link: no version")
	}
	switch ver {
	case "1":
		return decodeV1(payload)
	}
	if len(ver) > 8 {
		ver = ver[:8] + "…"
	}
	return nil, errorf("link version %q is unknown to this page (it knows 1 to %d): it may be from a newer ptxplay", ver, CurrentVersion)
}

func decodeV1(payload string) (*State, error) {
	z, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			return nil, errorf("damaged link: not base64url at character %d (was it cut or changed?)", int64(ce)+3) // 1-based, counting the "1." prefix
		}
		return nil, errorf("damaged link: %v", err)
	}
	r := flate.NewReader(bytes.NewReader(z))
	b, err := io.ReadAll(io.LimitReader(r, MaxStateBytes+1))
	if err != nil {
		return nil, errorf("damaged link: the compressed data is cut or corrupt")
	}
	if len(b) > MaxStateBytes {
		return nil, errorf("link state is over %d bytes", MaxStateBytes)
	}
	return Parse(b)
}

// Parse reads a state's JSON (as the share service stores it) and
// validates it. Unknown fields are ignored.
func Parse(b []byte) (*State, error) {
	if len(b) > MaxStateBytes {
		return nil, errorf("state is %d bytes; the limit is %d", len(b), MaxStateBytes)
	}
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, errorf("state: field %q: expected %s, found a JSON %s", te.Field, te.Type.Kind(), te.Value)
		}
		return nil, errorf("state is not valid JSON")
	}
	var probe map[string]json.RawMessage
	json.Unmarshal(b, &probe)
	if _, ok := probe["source"]; !ok {
		return nil, errorf("state has no source")
	}
	if _, ok := probe["launch"]; !ok {
		return nil, errorf("state has no launch")
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return &s, nil
}

// Salt keeps ids of this service apart from other hashes of the same text.
const Salt = canon.Salt

// IDLen is the length of a short link id: 12 base64url characters, 72 bits.
const IDLen = canon.IDLen

// ID is the content address of a canonical state: the first 12 characters
// of the base64url SHA-256 of Salt and the state (package canon, which
// the share worker uses alone).
func ID(canonical []byte) string { return canon.ID(canonical) }

// ValidID reports whether id has the shape ID gives.
func ValidID(id string) bool { return canon.ValidID(id) }
