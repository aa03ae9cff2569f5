package pbn

import (
	"math/rand/v2"
	"testing"
)

// TestByteClasses holds byteClasses to the byte-by-byte lookup on every
// byte value at every place of a word and beside every other, the
// borrows of the word arithmetic included.
func TestByteClasses(t *testing.T) {
	t.Parallel()
	slow := func(text string) (seen uint8) {
		for _, c := range []byte(text) {
			seen |= pbnByteClass[c]
		}
		return seen
	}
	fill := []byte("abcdefghijklmnopq")
	for a := range 256 {
		for _, b := range []byte{0, '\t', '\n', 0x1f, ' ', '!', 0x7e, 0x7f, 0x80, 0xff} {
			for at := range 9 {
				text := append([]byte(nil), fill...)
				text[at] = byte(a)
				text[at+1] = b
				if got, want := byteClasses(string(text)), slow(string(text)); got != want {
					t.Fatalf("%q: classes %b, want %b", text, got, want)
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		text := make([]byte, rng.IntN(40))
		for i := range text {
			text[i] = "ab \t\n\x01\x7f\x80\xff\x1f\x20\x21"[rng.IntN(12)]
		}
		if got, want := byteClasses(string(text)), slow(string(text)); got != want {
			t.Fatalf("%q: classes %b, want %b", text, got, want)
		}
	}
}
