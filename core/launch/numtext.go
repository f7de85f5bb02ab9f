// numtext.go: the text of an element, written in place by WriteJSON's
// loops (a slice with room, no call to strconv for the common values).

package launch

import (
	"encoding/binary"
	"math/bits"
)

// Integers are written eight digits at a time: digits8 makes them as
// the bytes of one word, and one 8-byte store writes them (b has room:
// 24 bytes from where a number starts; what lies past its length is
// scratch that the next element overwrites).

// digits8 returns the eight decimal digits of n < 10^8, leading zeros
// included, as the bytes of a little-endian word, first digit lowest (as
// they lie in memory), each byte 0 to 9. n is cut in two halves of four
// digits, each half in two pairs, each pair in two digits, all the
// halves (then pairs) of the word at once, each in its own lane of 32
// (then 16) bits, with no carry between lanes: q = v / 100 as v * 5243 >>
// 19 (exact for v < 43,699; v < 10^4 here), q = v / 10 as v * 103 >> 10
// (exact for v < 179; v < 100 here); the bits a shift brings down from
// the lane above lie above the mask.
func digits8(n uint32) uint64 {
	x := uint64(n/10000) | uint64(n%10000)<<32
	q := x * 5243 >> 19 & 0x0000007F_0000007F
	x = q | (x-q*100)<<16
	q = x * 103 >> 10 & 0x000F_000F_000F_000F
	return q | (x-q*10)<<8
}

// ascii8 turns digits8's bytes into the characters '0' to '9'.
const ascii8 = 0x30303030_30303030

// trim8 turns digits8's word into characters without the leading
// zeros (one digit for 0): the word, shifted down, and its width.
func trim8(x uint64) (uint64, int) {
	z := bits.TrailingZeros64(x|1<<56) &^ 7 // the leading zero digits, in bits
	return x>>z + ascii8>>z, 8 - z>>3
}

// plain is the text of n < 10^6, or n + 0.5 where half, in one word:
// the digits and ".5", and its width.
func plain(n uint32, half bool) (uint64, int) {
	x, w := trim8(digits8(n))
	if half {
		x |= uint64('.'|'5'<<8) << (8 * w & 63) // w <= 6: in the word
		w += 2
	}
	return x, w
}

// put8 stores the eight bytes of x at the start of b.
func put8(b []byte, x uint64) { binary.LittleEndian.PutUint64(b, x) }

// putUint writes v in decimal at the start of b (room for 24 bytes) and
// returns its length.
func putUint(b []byte, v uint64) int {
	if v < 1e8 {
		x, w := trim8(digits8(uint32(v)))
		put8(b, x)
		return w
	}
	hi, lo := v/1e8, v%1e8
	if hi < 1e8 { // 9 to 16 digits (every u32 and s32 from 10^8 on): no call
		x, w := trim8(digits8(uint32(hi)))
		put8(b, x)
		put8(b[w:], digits8(uint32(lo))+ascii8)
		return w + 8
	}
	w := putUint(b, hi) // 9 to 12 digits: once more at most
	put8(b[w:], digits8(uint32(lo))+ascii8)
	return w + 8
}

// putInt writes the signed v at the start of b (room for 24 bytes).
func putInt(b []byte, v int64) int {
	if v >= 0 {
		return putUint(b, uint64(v))
	}
	b[0] = '-'
	return 1 + putUint(b[1:], -uint64(v))
}

// putF32 writes the f32 of the given bits at the start of b (room for 24
// bytes) as the contract spells it, strconv's shortest 'g' form, where
// that is found without a search: zeros ("0", and "-0.0": a bare -0 reads
// back as the integer 0), integers below 2^24 and halves below 2^23. It
// returns 0 for every other value (putFloat says why the text is right).
func putF32(b []byte, bits uint32) int {
	if n, half, ok := wholeF32(bits); ok {
		b[0] = '-'
		s := int(bits >> 31)
		return s + putFloat(b[s:], uint64(n), half)
	}
	return putZero(b, bits<<1 == 0, bits>>31 != 0)
}

// wholeF32: the magnitude of the f32 of bits is n, or n + 0.5 where
// half, with n < 2^24 (n < 2^23 for a half); ok false for every other
// value, zeros included.
func wholeF32(bits uint32) (n uint32, half, ok bool) {
	abs := bits &^ (1 << 31)
	// e: the exponent plus 1, 0 for [0.5, 1) to 24 for [2^23, 2^24);
	// every other exponent wraps above 24 (below 0.5, subnormals and
	// zeros, 2^24 and up, infinities, NaNs).
	e := abs>>23 - 126
	// The value is m2 / 2^sh, m2 the significand with its implicit bit
	// and one bit more below, so that a half is the top bit cut off.
	m2 := (abs&(1<<23-1) | 1<<23) << 1
	sh := (25 - e) & 31 // 1 to 25 where e <= 24
	n = m2 >> sh
	frac := m2 - n<<sh
	half = frac == 1<<((sh-1)&31)
	return n, half, e <= 24 && (frac == 0 || half)
}

// putF64 is putF32 for f64: integers below 2^53, halves below 2^52.
func putF64(b []byte, bits uint64) int {
	if n, half, ok := wholeF64(bits); ok {
		b[0] = '-'
		s := int(bits >> 63)
		return s + putFloat(b[s:], n, half)
	}
	return putZero(b, bits<<1 == 0, bits>>63 != 0)
}

// wholeF64 is wholeF32 for f64: n < 2^53 (2^52 for a half).
func wholeF64(bits uint64) (n uint64, half, ok bool) {
	abs := bits &^ (1 << 63)
	e := abs>>52 - 1022 // 0 for [0.5, 1) to 53 for [2^52, 2^53)
	m2 := (abs&(1<<52-1) | 1<<52) << 1
	sh := (54 - e) & 63 // 1 to 54 where e <= 53
	n = m2 >> sh
	frac := m2 - n<<sh
	half = frac == 1<<((sh-1)&63)
	return n, half, e <= 53 && (frac == 0 || half)
}

// putZero writes a zero ("0", or "-0.0": a bare -0 reads back as the
// integer 0) and returns its length, 0 where the value is not one.
func putZero(b []byte, zero, neg bool) int {
	switch {
	case !zero:
		return 0
	case neg:
		return copy(b, "-0.0")
	}
	b[0] = '0'
	return 1
}

// putFloat writes n, or n + 0.5 where half, as strconv's shortest 'g'
// form of a float holding it exactly with an ulp of at most 1 (at most
// 0.5 for a half): n < 2^24 (2^23) in f32, 2^53 (2^52) in f64.
//
// The digits: the value's own decimal digits (no trailing zeros) are the
// shortest that read back. A decimal of fewer significant digits is a
// multiple of ten times the unit of the value's last digit, at least 1
// away from an integer's value and 0.5 from a half's, where the values
// that read back as this float lie within half an ulp (0.5, or 0.25 for
// a half). The form: 'g' of the shortest digits writes plain notation
// for a decimal exponent below 6 (n < 10^6), else d.ddde+XX.
func putFloat(b []byte, n uint64, half bool) int {
	if n < 1e6 {
		x, w := plain(uint32(n), half)
		put8(b, x)
		return w
	}
	if n < 1e7 || n < 1e8 && !half {
		return putExp8(b, uint32(n), half)
	}
	var t [24]byte
	nd := putUint(t[:], n)
	exp := nd - 1 // 6 to 15
	if half {
		t[nd] = '5'
		nd++
	} else {
		for t[nd-1] == '0' { // n > 0: its first digit is not '0'
			nd--
		}
	}
	b[0] = t[0]
	i := 1
	if nd > 1 {
		b[1] = '.'
		i = 2 + copy(b[2:], t[1:nd])
	}
	b[i], b[i+1], b[i+2], b[i+3] = 'e', '+', byte('0'+exp/10), byte('0'+exp%10)
	return i + 4
}

// putExp8 is putFloat for 10^6 <= n < 10^8, a half below 10^7 (every
// f32 integer and half from 10^6 on): d.ddde+0X in place, from digits8's
// word. The digits after the first are n's up to its last nonzero one, or
// all of them and "5" for a half (seven digits and the 5: one word).
func putExp8(b []byte, n uint32, half bool) int {
	x := digits8(n)
	z := bits.TrailingZeros64(x|1<<56) &^ 7 // 0 (eight digits) or 8 (seven)
	r := x >> z                             // the digits, first lowest
	w := 8 - z>>3
	last := (63 - bits.LeadingZeros64(r)) >> 3 // index of the last nonzero digit
	a := r + ascii8>>z
	if half {
		last = w
		a |= uint64('5') << (8 * w & 63) // w = 7: a half is below 10^7 here
	}
	b[0] = byte(a)
	i := 1
	if last > 0 {
		put8(b[1:], a&^0xFF|'.')
		i = last + 2
	}
	b[i], b[i+1], b[i+2], b[i+3] = 'e', '+', '0', byte('0'+w-1)
	return i + 4
}
