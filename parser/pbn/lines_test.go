package pbn

import (
	"math/rand/v2"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
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

// TestOnLine holds onLine to three calls of pos for every ordered triple
// of offsets, over ASCII text and text with multi-byte characters, lines
// of every length, an empty one and a last one without its line break.
func TestOnLine(t *testing.T) {
	t.Parallel()
	base := diag.Pos{Offset: 7, Line: 3, Col: 1}
	for _, text := range []string{"[Board \"1\"]\n\n[Deal \"N:...\"]\r\nx", "[Event \"Кубок\"]\n[Site \"é\"]"} {
		l := newPBNLines(text, base)
		for a := 0; a <= len(text); a++ {
			for b := a; b <= len(text); b++ {
				for c := b; c <= len(text); c++ {
					pa, pb, pc := l.onLine(a, b, c)
					if pa != l.pos(a) || pb != l.pos(b) || pc != l.pos(c) {
						t.Fatalf("%q, %d %d %d: %v %v %v, want %v %v %v", text, a, b, c, pa, pb, pc, l.pos(a), l.pos(b), l.pos(c))
					}
				}
			}
		}
	}
}
