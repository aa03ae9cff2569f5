package auction

import (
	"fmt"
	"iter"
	"math/bits"
	"unicode/utf8"
)

// Hand is a set of cards, one bit per card. It is a small comparable value;
// the zero value is the empty hand. A Hand may hold any number of cards: a
// full hand has 13, an end position fewer.
type Hand struct {
	bits uint64
}

// Bit layout: card c is bit c, so suit s occupies bits 16s+2 … 16s+14.
const (
	suitMask = uint64(0x7ffc) // the 13 rank bits of the lowest suit
	allCards = suitMask | suitMask<<16 | suitMask<<32 | suitMask<<48
)

// Add puts c into the hand; adding a card already held, or a value that is
// not a card, changes nothing.
func (h *Hand) Add(c Card) {
	if c.Valid() {
		h.bits |= 1 << c
	}
}

// Remove takes c out of the hand, if it is there.
func (h *Hand) Remove(c Card) {
	if c.Valid() {
		h.bits &^= 1 << c
	}
}

// Has reports whether the hand holds c.
func (h Hand) Has(c Card) bool { return c.Valid() && h.bits&(1<<c) != 0 }

// Len is the number of cards in the hand.
func (h Hand) Len() int { return bits.OnesCount64(h.bits) }

// InSuit is the part of the hand in suit s.
func (h Hand) InSuit(s Suit) Hand {
	if !s.Valid() {
		return Hand{}
	}
	return Hand{h.bits & (suitMask << (16 * s))}
}

// All yields the cards in the order deals are written: spades, hearts,
// diamonds, clubs, each from the ace down.
func (h Hand) All() iter.Seq[Card] {
	return func(yield func(Card) bool) {
		for b := h.bits & allCards; b != 0; {
			c := Card(bits.Len64(b) - 1)
			if !yield(c) {
				return
			}
			b &^= 1 << c
		}
	}
}

// Cards returns the cards in the order of [Hand.All].
func (h Hand) Cards() []Card {
	cards := make([]Card, 0, h.Len())
	for c := range h.All() {
		cards = append(cards, c)
	}
	return cards
}

// HCP is the hand's high-card points: ace 4, king 3, queen 2, jack 1.
func (h Hand) HCP() int {
	const (
		aces   = 1<<Ace | 1<<Ace<<16 | 1<<Ace<<32 | 1<<Ace<<48
		kings  = aces >> 1
		queens = aces >> 2
		jacks  = aces >> 3
	)
	return 4*bits.OnesCount64(h.bits&aces) + 3*bits.OnesCount64(h.bits&kings) +
		2*bits.OnesCount64(h.bits&queens) + bits.OnesCount64(h.bits&jacks)
}

// String returns the PBN form: four suits, spades first, separated by dots,
// ranks from the ace down ("AKQ.JT9.8765.432"; "...": no cards).
func (h Hand) String() string {
	var buf [16 + 3]byte // 13 ranks and 3 dots at most per valid hand
	return string(h.appendPBN(buf[:0]))
}

// appendPBN appends the PBN form of h to b.
func (h Hand) appendPBN(b []byte) []byte {
	for i, s := range Suits {
		if i > 0 {
			b = append(b, '.')
		}
		b = h.appendRanks(b, s)
	}
	return b
}

// appendRanks appends the rank characters of h's cards in suit s, from the
// ace down.
func (h Hand) appendRanks(b []byte, s Suit) []byte {
	for c := range h.InSuit(s).All() {
		b = append(b, rankChars[c.Rank()-Two])
	}
	return b
}

// ParseHand reads a hand in PBN form: four suits, spades first, separated
// by dots, each a run of ranks in any order ("AKQ.JT9.8765.432",
// "akq.j109..32", Russian "ТКД.В..."). "-", the PBN mark of a hand that
// is not given, reads as the empty hand. A rank written twice in a suit is
// an error. The error is a *ParseError naming the offending character.
func ParseHand(text string) (Hand, error) {
	h, twice, err := scanPBNHand(spot{kind: "hand", text: text}, 0, len(text))
	if err != nil {
		return Hand{}, err
	}
	if twice != (Hand{}) {
		return Hand{}, &ParseError{Kind: "hand", Text: text, Reason: fmt.Sprintf("%s is written twice", twice.Cards()[0])}
	}
	return h, nil
}

// spot says what is being parsed, for error messages: the kind of value
// ("hand", "deal"), its whole text, and a note on the part being read
// ("N's hand"), which may be empty.
type spot struct {
	kind, text, note string
}

// errAt reports the character at byte offset i of the text as wrong. The
// position is counted in characters from 1, as editors count columns.
func (s spot) errAt(i int, why string) *ParseError {
	r, _ := utf8.DecodeRuneInString(s.text[i:])
	where := fmt.Sprintf("%q at character %d", r, utf8.RuneCountInString(s.text[:i])+1)
	if s.note != "" {
		where += " (" + s.note + ")"
	}
	return &ParseError{Kind: s.kind, Text: s.text, Reason: where + " is " + why}
}

// errf reports a problem with the part being read as a whole.
func (s spot) errf(format string, args ...any) *ParseError {
	why := fmt.Sprintf(format, args...)
	if s.note != "" {
		why = s.note + " " + why
	}
	return &ParseError{Kind: s.kind, Text: s.text, Reason: why}
}

// scanPBNHand reads the PBN hand at text[start:end] of sp. It returns the
// hand and the cards written more than once, which are the caller's to
// report.
func scanPBNHand(sp spot, start, end int) (Hand, Hand, error) {
	var h, twice Hand
	text := sp.text[:end]
	if text[start:] == "-" {
		return h, twice, nil
	}
	suit := 0 // index into Suits
	for i := start; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '.':
			suit++
			if suit == len(Suits) {
				return h, twice, sp.errAt(i, "a fifth suit: a hand has four suits, spades.hearts.diamonds.clubs")
			}
			i++
			continue
		case r == '1' && i+1 < len(text) && text[i+1] == '0':
			size = 2
			r = 'T'
		}
		rank, ok := rankOf(r)
		if !ok {
			return h, twice, sp.errAt(i, "not a rank ("+wantRank+")")
		}
		c := NewCard(Suits[suit], rank)
		if h.Has(c) {
			twice.Add(c)
		}
		h.Add(c)
		i += size
	}
	if suit != len(Suits)-1 {
		return h, twice, sp.errf("has %d of the 4 suits (write spades.hearts.diamonds.clubs, separated by dots)", suit+1)
	}
	return h, twice, nil
}
