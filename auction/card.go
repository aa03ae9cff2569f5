package auction

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Suit is one of the four suits. Its values equal those of the suit
// strains, so Strain(s) and Suit(strain) convert between them for the four
// suits. The constants are singular (Spade) because the plural names belong
// to the strains; passing one where the other is wanted does not compile.
// The zero value is Club.
type Suit uint8

// The four suits, lowest first.
const (
	Club Suit = iota
	Diamond
	Heart
	Spade
)

// Suits lists the suits in the order deals are written: spades, hearts,
// diamonds, clubs.
var Suits = [4]Suit{Spade, Heart, Diamond, Club}

// Valid reports whether s is one of the four suits.
func (s Suit) Valid() bool { return s <= Spade }

// String returns "C", "D", "H" or "S".
func (s Suit) String() string {
	if !s.Valid() {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return "CDHS"[s : s+1]
}

// Symbol returns the suit symbol: "♣", "♦", "♥" or "♠".
func (s Suit) Symbol() string {
	if !s.Valid() {
		return s.String()
	}
	return [...]string{"♣", "♦", "♥", "♠"}[s]
}

// Name returns the English plural name, "clubs" … "spades".
func (s Suit) Name() string {
	if !s.Valid() {
		return s.String()
	}
	return [...]string{"clubs", "diamonds", "hearts", "spades"}[s]
}

// Rank is the rank of a card. Its value is the card's face value, 2 to 14
// (Jack 11, Queen 12, King 13, Ace 14), so ranks compare naturally. The zero
// value is not a rank.
type Rank uint8

// The thirteen ranks, lowest first.
const (
	Two Rank = iota + 2
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	Ace
)

// Valid reports whether r is one of the thirteen ranks.
func (r Rank) Valid() bool { return r >= Two && r <= Ace }

// String returns the PBN rank character: "2" … "9", "T", "J", "Q", "K", "A".
func (r Rank) String() string {
	if !r.Valid() {
		return fmt.Sprintf("Rank(%d)", uint8(r))
	}
	return rankChars[r-Two : r-Two+1]
}

// rankChars holds the PBN rank characters indexed by r-Two.
const rankChars = "23456789TJQKA"

// Card is a playing card, a small comparable value: the suit in the high
// nibble, the rank in the low one. Cards of one suit order by rank and
// suits order clubs < diamonds < hearts < spades. The zero value is NoCard,
// which is not a card: it marks an empty slot, for example a card not yet
// played in a [Trick].
type Card uint8

// NoCard is the zero Card, standing for no card at all.
const NoCard Card = 0

// NewCard returns the card of suit s and rank r. It returns NoCard when s or
// r is not valid.
func NewCard(s Suit, r Rank) Card {
	if !s.Valid() || !r.Valid() {
		return NoCard
	}
	return Card(uint8(s)<<4 | uint8(r))
}

// Suit is the card's suit.
func (c Card) Suit() Suit { return Suit(c >> 4) }

// Rank is the card's rank.
func (c Card) Rank() Rank { return Rank(c & 15) }

// Valid reports whether c is one of the 52 cards.
func (c Card) Valid() bool { return c.Suit().Valid() && c.Rank().Valid() }

// String returns the PBN play form, suit then rank: "SA", "HT", "C2".
// NoCard is "-", the PBN token for a card that is not given.
func (c Card) String() string {
	if c == NoCard {
		return "-"
	}
	if !c.Valid() {
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	return cardStrings[c]
}

// cardStrings are the 52 cards' Strings, made once: writers ask for every
// card of every board, and joining suit and rank took 300 instructions and
// an allocation a card.
var cardStrings = func() (t [256]string) {
	for _, s := range Suits {
		for r := Two; r <= Ace; r++ {
			c := NewCard(s, r)
			t[c] = s.String() + r.String()
		}
	}
	return t
}()

// rankOf reads one rank character. "T" (Latin) is the ten while the
// Cyrillic "Т" (туз) is the ace, and the Cyrillic "В" (валет) is the jack:
// in a card field these letters are ranks, never seats or suits.
func rankOf(r rune) (Rank, bool) {
	switch {
	case r >= '2' && r <= '9':
		return Rank(r - '0'), true
	}
	switch r {
	case 'T', 't':
		return Ten, true
	case 'J', 'j', 'В', 'в':
		return Jack, true
	case 'Q', 'q', 'Д', 'д':
		return Queen, true
	case 'K', 'k', 'К', 'к':
		return King, true
	case 'A', 'a', 'Т', 'т':
		return Ace, true
	}
	return 0, false
}

// rankWords maps rank names, in lower case, to ranks.
var rankWords = map[string]Rank{
	"10": Ten, "ten": Ten, "jack": Jack, "queen": Queen, "king": King, "ace": Ace,
	"десятка": Ten, "валет": Jack, "дама": Queen, "король": King, "туз": Ace,
}

// wantRank describes the accepted rank spellings for error messages.
const wantRank = "want A K Q J T 9–2, 10, or Т К Д В"

// ParseRank reads a rank: "A", "K", "Q", "J", "T", "10", "9" … "2" in any
// case, the Russian letters Т (ace), К, Д, В, or the English or Russian
// name ("king", "дама"). Surrounding spaces are ignored.
func ParseRank(text string) (Rank, error) {
	t := strings.TrimSpace(text)
	if r, size := utf8.DecodeRuneInString(t); size == len(t) && size > 0 {
		if rank, ok := rankOf(r); ok {
			return rank, nil
		}
	}
	if rank, ok := rankWords[strings.ToLower(t)]; ok {
		return rank, nil
	}
	return 0, &ParseError{Kind: "rank", Text: text, Reason: "not a rank (" + wantRank + ")"}
}

// normalize trims spaces and drops the emoji variation selector U+FE0F that
// text copied from phones puts after suit symbols ("♠️").
func normalize(text string) string {
	return strings.ReplaceAll(strings.TrimSpace(text), "\uFE0F", "")
}

// ParseSuit reads a suit: a letter S, H, D, C, a symbol ♠ ♥ ♦ ♣ (or
// ♤ ♡ ♢ ♧), an English name ("spades") or a Russian one ("пики", "ч",
// "тр"), in any case: the suit spellings of [ParseStrain]. Surrounding
// spaces are ignored.
func ParseSuit(text string) (Suit, error) {
	if st, ok := strainWords[foldCallWord(strings.ToLower(text))]; ok && st != NoTrump {
		return Suit(st), nil
	}
	return 0, &ParseError{Kind: "suit", Text: text, Reason: "not a suit (want S, H, D, C, a suit symbol or a Russian suit name)"}
}

// asciiSuit maps the suit letters, in either case, to their suit plus one,
// and every other byte to 0.
var asciiSuit = [256]Suit{'C': Club + 1, 'D': Diamond + 1, 'H': Heart + 1, 'S': Spade + 1,
	'c': Club + 1, 'd': Diamond + 1, 'h': Heart + 1, 's': Spade + 1}

// cutSuitPrefix reads the suit a card starts with: one letter or symbol
// (п, ч, б, т in Russian), or the Russian "тр". It returns the suit and the
// text after it.
func cutSuitPrefix(t string) (Suit, string, bool) {
	r, size := utf8.DecodeRuneInString(t)
	if unicode.ToLower(r) == 'т' {
		if r2, size2 := utf8.DecodeRuneInString(t[size:]); unicode.ToLower(r2) == 'р' {
			return Club, t[size+size2:], true
		}
	}
	if st, ok := strainWords[string(unicode.ToLower(r))]; ok && st != NoTrump {
		return Suit(st), t[size:], true
	}
	return 0, t, false
}

// cardRank reads the rank part of a card: one rank character or "10".
func cardRank(t string) (Rank, bool) {
	if t == "10" {
		return Ten, true
	}
	r, size := utf8.DecodeRuneInString(t)
	if size != len(t) {
		return 0, false
	}
	return rankOf(r)
}

// ParseCard reads a card written suit first, then rank: the PBN and LIN
// forms "SA", "sa", "HT", "c2", and also "S10", "♠A", "♠️10" and Russian
// "пТ" (spade ace), "ч10", "трВ" (club jack). Because the suit comes first,
// the Russian letters that are both suits and ranks (т: clubs or ace) are
// read by position: "тт" is the ace of clubs. Surrounding spaces are
// ignored. The error is a *ParseError naming what is wrong.
func ParseCard(text string) (Card, error) {
	// The PBN and LIN forms, a suit letter and a rank character, are
	// read without the folding and the map lookup the others need.
	if len(text) == 2 {
		if s := asciiSuit[text[0]]; s != 0 && asciiRank[text[1]] != 0 {
			return NewCard(s-1, asciiRank[text[1]]), nil
		}
	}
	t := normalize(text)
	if t == "" {
		return NoCard, &ParseError{Kind: "card", Text: text, Reason: "empty"}
	}
	s, rest, ok := cutSuitPrefix(t)
	if !ok {
		r, _ := utf8.DecodeRuneInString(t)
		return NoCard, &ParseError{Kind: "card", Text: text,
			Reason: fmt.Sprintf("%q is not a suit (a card is a suit S, H, D, C or ♠ ♥ ♦ ♣ followed by a rank)", r)}
	}
	if rest == "" {
		return NoCard, &ParseError{Kind: "card", Text: text, Reason: "missing rank after the suit"}
	}
	rank, ok := cardRank(rest)
	if !ok {
		return NoCard, &ParseError{Kind: "card", Text: text, Reason: fmt.Sprintf("%q is not a rank (%s)", rest, wantRank)}
	}
	return NewCard(s, rank), nil
}

// MarshalText implements [encoding.TextMarshaler] with the PBN form "SA".
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("auction: cannot marshal invalid Card(%d)", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]; it accepts every
// spelling [ParseCard] accepts.
func (c *Card) UnmarshalText(text []byte) error {
	v, err := ParseCard(string(text))
	if err != nil {
		return err
	}
	*c = v
	return nil
}
