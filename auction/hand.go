package auction

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"iter"
	"math/bits"
	"unicode/utf8"
)

// Hand is a set of cards, one bit per card, plus a count per suit of
// unspecified small cards: the "x" of lesson diagrams ("AKxx"), which name
// no card. It is a small comparable value; the zero value is the empty
// hand. A Hand may hold any number of cards: a full hand has 13, an end
// position or a diagram fewer.
type Hand struct {
	bits  uint64
	spots uint16 // unspecified cards: four bits per suit, clubs lowest
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

// Len is the number of cards in the hand, unspecified ones included.
func (h Hand) Len() int {
	n := bits.OnesCount64(h.bits)
	for sp := h.spots; sp != 0; sp >>= 4 {
		n += int(sp & 15)
	}
	return n
}

// Spots is the number of unspecified small cards ("x") the hand holds in
// suit s.
func (h Hand) Spots(s Suit) int {
	if !s.Valid() {
		return 0
	}
	return int(h.spots >> (4 * s) & 15)
}

// Ranks is the set of ranks the hand holds in suit s, one bit per rank:
// bit r is set when the card of rank r is held (bits 2 to 14). It is the
// form bit-parallel code, such as a double-dummy solver, works on;
// unspecified cards are not in it.
func (h Hand) Ranks(s Suit) uint16 {
	if !s.Valid() {
		return 0
	}
	return uint16(h.bits >> (16 * s) & suitMask)
}

// InSuit is the part of the hand in suit s.
func (h Hand) InSuit(s Suit) Hand {
	if !s.Valid() {
		return Hand{}
	}
	return Hand{h.bits & (suitMask << (16 * s)), h.spots & (15 << (4 * s))}
}

// All yields the named cards in the order deals are written: spades,
// hearts, diamonds, clubs, each from the ace down. Unspecified cards are
// not yielded; see [Hand.Spots].
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

// Cards returns the named cards in the order of [Hand.All].
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
// ranks from the ace down, then an "x" for each unspecified card
// ("AKQ.JT9.8765.432", "AKxx.Qx..", "..." for no cards).
func (h Hand) String() string {
	var buf [13 + 3 + 8]byte // 13 cards and 3 dots, and appendPBN's spare word: enough for any real hand
	return string(h.appendPBN(buf[:0]))
}

// appendPBN appends the PBN form of h to b.
//
// A suit's ranks are written as two words, those of its seven high ranks
// and its six low ones, each from a table and stored whole: a card at a
// time, the deal column of an export took 2% of its instructions. The
// words are stored eight bytes at a time, so the fast way needs eight
// bytes to spare past the hand; short of them, or with unspecified cards,
// the hand is written a card at a time.
func (h Hand) appendPBN(b []byte) []byte {
	if n := len(b); h.spots == 0 && cap(b)-n >= bits.OnesCount64(h.bits)+3+8 {
		b = b[:cap(b)]
		n = putRanks(b, n, h.bits>>(16*Spade))
		b[n] = '.'
		n = putRanks(b, n+1, h.bits>>(16*Heart))
		b[n] = '.'
		n = putRanks(b, n+1, h.bits>>(16*Diamond))
		b[n] = '.'
		n = putRanks(b, n+1, h.bits>>(16*Club))
		return b[:n]
	}
	for i, s := range Suits {
		if i > 0 {
			b = append(b, '.')
		}
		b = h.appendRanks(b, s)
	}
	return b
}

// putRanks stores at b[n:] the ranks of the suit whose cards are the low
// bits of lane, and returns the index past them; b must hold eight bytes
// past them.
func putRanks(b []byte, n int, lane uint64) int {
	hi, lo := rankRuns.high[lane>>8&127], rankRuns.low[lane>>2&63]
	binary.LittleEndian.PutUint64(b[n:], hi)
	n += int(hi >> 56)
	binary.LittleEndian.PutUint64(b[n:], lo)
	return n + int(lo>>56)
}

// rankRuns are the rank characters of each set of a suit's seven high
// ranks (ace to eight) and of its six low ones (seven to two), from the
// highest down, in the low bytes of a word whose top byte is their count.
var rankRuns = func() (t struct {
	high [128]uint64
	low  [64]uint64
}) {
	word := func(set uint64, lowest int) (w uint64) {
		n := 0
		for r := 6; r >= 0; r-- {
			if set>>r&1 != 0 {
				w |= uint64(rankChars[lowest+r-int(Two)]) << (8 * n)
				n++
			}
		}
		return w | uint64(n)<<56
	}
	for set := range uint64(128) {
		t.high[set] = word(set, int(Eight))
	}
	for set := range uint64(64) {
		t.low[set] = word(set, int(Two))
	}
	return t
}()

// appendRanks appends the rank characters of h's cards in suit s, from the
// ace down, then an "x" for each unspecified card.
func (h Hand) appendRanks(b []byte, s Suit) []byte {
	for lane := h.bits >> (16 * s) & suitMask; lane != 0; {
		r := bits.Len64(lane) - 1
		b = append(b, rankChars[r-int(Two)])
		lane &^= 1 << r
	}
	for range h.Spots(s) {
		b = append(b, 'x')
	}
	return b
}

// addSpot adds an unspecified card in suit s. It reports false, changing
// nothing, when the suit would then hold more than 13 cards.
func (h *Hand) addSpot(s Suit) bool {
	if h.InSuit(s).Len() >= 13 {
		return false
	}
	h.spots += 1 << (4 * s)
	return true
}

// ParseHand reads a hand in PBN form: four suits, spades first, separated
// by dots, each a run of ranks in any order ("AKQ.JT9.8765.432",
// "akq.j109..32", Russian "ТКД.В..."), where "x" stands for an unspecified
// small card ("AKxx.Qx.."). "-", the PBN mark of a hand that
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
// ("hand", "deal"), its whole text, and, when seated is set, the seat whose
// hand is being read. The note on the seat is built only for an error, so
// that reading allocates nothing.
type spot struct {
	kind, text string
	seat       Seat
	seated     bool
}

// note names the part being read ("N's hand"), or is empty.
func (s spot) note() string {
	if !s.seated {
		return ""
	}
	return s.seat.String() + "'s hand"
}

// errAt reports the character at byte offset i of the text as wrong. The
// position is counted in characters from 1, as editors count columns.
func (s spot) errAt(i int, why string) *ParseError {
	r, _ := utf8.DecodeRuneInString(s.text[i:])
	where := fmt.Sprintf("%q at character %d", r, utf8.RuneCountInString(s.text[:i])+1)
	if note := s.note(); note != "" {
		where += " (" + note + ")"
	}
	return &ParseError{Kind: s.kind, Text: s.text, Reason: where + " is " + why}
}

// errf reports a problem with the part being read as a whole.
func (s spot) errf(format string, args ...any) *ParseError {
	why := fmt.Sprintf(format, args...)
	if note := s.note(); note != "" {
		why = note + " " + why
	}
	return &ParseError{Kind: s.kind, Text: s.text, Reason: why}
}

// scanPBNHand reads the PBN hand at text[start:end] of sp. It returns the
// hand and the cards written more than once, which are the caller's to
// report.
func scanPBNHand(sp spot, start, end int) (Hand, Hand, error) {
	var h, twice Hand
	text := sp.text[:end]
	if start == end || text[start:] == "-" {
		return h, twice, nil
	}
	suit := 0 // index into Suits
	for i := start; i < len(text); {
		// The usual letters and digits are read here; addRank reads the
		// rest ("x", "10", Russian letters) and what may overfill a suit,
		// which only spots can.
		if r := asciiRank[text[i]]; r != 0 && h.spots == 0 {
			h.addNamed(&twice, NewCard(Suits[suit], r))
			i++
			continue
		}
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
		if err := addRank(&h, &twice, Suits[suit], r); err != "" {
			return h, twice, sp.errAt(i, err)
		}
		i += size
	}
	if suit != len(Suits)-1 {
		return h, twice, sp.errf("has %d of the 4 suits (write spades.hearts.diamonds.clubs, separated by dots)", suit+1)
	}
	return h, twice, nil
}

// addNamed adds c, a card, to h, noting it in twice when h holds it
// already. A hand without spots never holds more than 13 cards of a suit
// so, which is what lets the readers take this way for the usual rank
// characters rather than addRank's.
func (h *Hand) addNamed(twice *Hand, c Card) {
	if h.bits&(1<<c) != 0 {
		twice.bits |= 1 << c
	}
	h.bits |= 1 << c
}

// asciiRank maps the ASCII rank characters rankOf reads to their rank, and
// every other byte to 0.
var asciiRank = func() (t [256]Rank) {
	for c := range utf8.RuneSelf {
		if r, ok := rankOf(rune(c)); ok {
			t[c] = r
		}
	}
	return t
}()

// addRank adds the card of suit s written r to h, or an unspecified card
// for "x", noting in twice a card written again. It returns why r cannot be
// added, or "".
func addRank(h, twice *Hand, s Suit, r rune) string {
	if r == 'x' || r == 'X' {
		if !h.addSpot(s) {
			return "a 14th card in " + s.Name()
		}
		return ""
	}
	rank, ok := rankOf(r)
	if !ok {
		return "not a rank (" + wantRank + ", or x for a small card)"
	}
	c := NewCard(s, rank)
	if h.Has(c) {
		twice.Add(c)
	} else if h.InSuit(s).Len() >= 13 {
		return "a 14th card in " + s.Name()
	}
	h.Add(c)
	return ""
}

// MarshalText implements [encoding.TextMarshaler] with the PBN form of
// [Hand.String].
func (h Hand) MarshalText() ([]byte, error) { return h.appendPBN(nil), nil }

// UnmarshalText implements [encoding.TextUnmarshaler]; it accepts what
// [ParseHand] accepts.
func (h *Hand) UnmarshalText(text []byte) error {
	v, err := ParseHand(string(text))
	if err != nil {
		return err
	}
	*h = v
	return nil
}

// Compare orders hands by their cards, then by their unspecified cards,
// returning -1, 0 or +1: a total order, for keys that must not depend on
// which seat holds which hand.
func (h Hand) Compare(o Hand) int {
	if c := cmp.Compare(h.bits, o.bits); c != 0 {
		return c
	}
	return cmp.Compare(h.spots, o.spots)
}

// AppendBinary appends the hand to b as 10 bytes, its cards then its
// unspecified cards, little-endian: a fixed-size form that tells hands
// apart, to hash or compare as bytes.
func (h Hand) AppendBinary(b []byte) ([]byte, error) {
	b = binary.LittleEndian.AppendUint64(b, h.bits)
	return binary.LittleEndian.AppendUint16(b, h.spots), nil
}
