package canon

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"testing"
)

// FIPS 180-4 examples (NIST's "SHA256.pdf" example values) and lengths
// around the padding's block edges, against crypto/sha256.
func TestSum256(t *testing.T) {
	for _, c := range []struct{ desc, in, want string }{
		{"empty", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		{"one block: abc", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{"two blocks: 448 bits", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
			"248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
	} {
		got := sum256([]byte(c.in))
		if h := hex.EncodeToString(got[:]); h != c.want {
			t.Errorf("%s: sum256(%q) = %s, want %s", c.desc, c.in, h, c.want)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	lengths := []int{1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 64 << 10}
	for range 50 {
		lengths = append(lengths, rng.IntN(5000))
	}
	for _, n := range lengths {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		split := rng.IntN(n + 1)
		if got, want := sum256(b[:split], b[split:]), sha256.Sum256(b); got != want {
			t.Errorf("%d bytes (parts %d+%d): sum256 = %x, crypto/sha256 = %x", n, split, n-split, got, want)
		}
	}
	if got, want := sum256([]byte(strings.Repeat("a", 1_000_000))), sha256.Sum256([]byte(strings.Repeat("a", 1_000_000))); got != want {
		t.Errorf("a million a's: %x, want %x", got, want)
	}
}
