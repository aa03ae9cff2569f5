package auction

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// allCardsList is the 52 cards, clubs 2 first.
func allCardsList() []Card {
	var cards []Card
	for s := Club; s <= Spade; s++ {
		for r := Two; r <= Ace; r++ {
			cards = append(cards, NewCard(s, r))
		}
	}
	return cards
}

func TestSuitValuesMatchStrains(t *testing.T) {
	t.Parallel()
	pairs := []struct {
		suit   Suit
		strain Strain
	}{{Club, Clubs}, {Diamond, Diamonds}, {Heart, Hearts}, {Spade, Spades}}
	for _, p := range pairs {
		if Strain(p.suit) != p.strain || Suit(p.strain) != p.suit {
			t.Errorf("%v and %v do not convert into each other", p.suit, p.strain)
		}
		if p.suit.String() != p.strain.String() {
			t.Errorf("suit %q, strain %q: letters differ", p.suit, p.strain)
		}
	}
}

func TestSuitRankStrings(t *testing.T) {
	t.Parallel()
	tests := []struct{ got, want string }{
		{Spade.String(), "S"}, {Club.String(), "C"}, {Suit(4).String(), "Suit(4)"},
		{Heart.Symbol(), "♥"}, {Diamond.Symbol(), "♦"}, {Suit(9).Symbol(), "Suit(9)"},
		{Spade.Name(), "spades"}, {Suit(4).Name(), "Suit(4)"},
		{Ten.String(), "T"}, {Two.String(), "2"}, {Ace.String(), "A"}, {Rank(0).String(), "Rank(0)"},
		{Rank(15).String(), "Rank(15)"},
		{NewCard(Spade, Ace).String(), "SA"}, {NewCard(Heart, Ten).String(), "HT"},
		{NewCard(Club, Two).String(), "C2"}, {NoCard.String(), "-"}, {Card(0x4e).String(), "Card(78)"},
		{Card(0x3f).String(), "Card(63)"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestCardValue(t *testing.T) {
	t.Parallel()
	cards := allCardsList()
	if len(cards) != 52 {
		t.Fatalf("%d cards", len(cards))
	}
	for i, c := range cards {
		if !c.Valid() || c == NoCard {
			t.Errorf("%v is not valid", c)
		}
		if i > 0 && c <= cards[i-1] {
			t.Errorf("%v does not order above %v", c, cards[i-1])
		}
		if NewCard(c.Suit(), c.Rank()) != c {
			t.Errorf("%v: suit and rank do not rebuild it", c)
		}
	}
	if NoCard.Valid() || NewCard(Suit(4), Ace) != NoCard || NewCard(Spade, Rank(1)) != NoCard {
		t.Error("invalid parts must give NoCard")
	}
}

func TestCardRoundTrip(t *testing.T) {
	t.Parallel()
	for _, c := range allCardsList() {
		if got, want := c.String(), c.Suit().String()+c.Rank().String(); got != want {
			t.Errorf("%d.String() = %q, want %q", uint8(c), got, want)
		}
		for _, text := range []string{c.String(), strings.ToLower(c.String()), c.Suit().Symbol() + c.Rank().String()} {
			got, err := ParseCard(text)
			if err != nil || got != c {
				t.Errorf("ParseCard(%q) = %v, %v; want %v", text, got, err, c)
			}
		}
	}
}

func TestParseCard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Card
		err  string // substring of the error; empty when the card is read
	}{
		{"SA", NewCard(Spade, Ace), ""},
		{"sa", NewCard(Spade, Ace), ""},
		{" HT ", NewCard(Heart, Ten), ""},
		{"h10", NewCard(Heart, Ten), ""},
		{"D10", NewCard(Diamond, Ten), ""},
		{"c2", NewCard(Club, Two), ""},
		{"♠A", NewCard(Spade, Ace), ""},
		{"♠️10", NewCard(Spade, Ten), ""},
		{"♡Q", NewCard(Heart, Queen), ""},
		{"♧9", NewCard(Club, Nine), ""},
		{"пТ", NewCard(Spade, Ace), ""},
		{"ПВ", NewCard(Spade, Jack), ""},
		{"ч10", NewCard(Heart, Ten), ""},
		{"бД", NewCard(Diamond, Queen), ""},
		{"тт", NewCard(Club, Ace), ""},
		{"ТК", NewCard(Club, King), ""},
		{"трВ", NewCard(Club, Jack), ""},
		{"Тр7", NewCard(Club, Seven), ""},
		{"♣т", NewCard(Club, Ace), ""},
		{"", NoCard, "empty"},
		{"   ", NoCard, "empty"},
		{"AS", NoCard, `'A' is not a suit`},
		{"XA", NoCard, `'X' is not a suit`},
		{"S", NoCard, "missing rank"},
		{"тр", NoCard, "missing rank"},
		{"S1", NoCard, `"1" is not a rank`},
		{"S11", NoCard, `"11" is not a rank`},
		{"SAK", NoCard, `"AK" is not a rank`},
		{"SX", NoCard, `"X" is not a rank`},
		{"S 10", NoCard, `" 10" is not a rank`},
		{"\xffA", NoCard, "is not a suit"},
		{"S\xff", NoCard, "is not a rank"},
		{"-", NoCard, "is not a suit"},
	}
	for _, tt := range tests {
		got, err := ParseCard(tt.in)
		if tt.err == "" {
			if err != nil || got != tt.want {
				t.Errorf("ParseCard(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
			}
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Kind != "card" || pe.Text != tt.in || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseCard(%q) = %v, %v; want a card ParseError containing %q", tt.in, got, err, tt.err)
		}
	}
}

func TestParseRank(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Rank
	}{
		{"A", Ace}, {"a", Ace}, {"Т", Ace}, {"т", Ace}, {"туз", Ace}, {"Ace", Ace},
		{"K", King}, {"к", King}, {"Король", King},
		{"Q", Queen}, {"Д", Queen}, {"дама", Queen},
		{"J", Jack}, {"В", Jack}, {"в", Jack}, {"валет", Jack},
		{"T", Ten}, {"t", Ten}, {"10", Ten}, {" 10 ", Ten}, {"десятка", Ten},
		{"9", Nine}, {"2", Two},
	}
	for _, tt := range tests {
		if got, err := ParseRank(tt.in); err != nil || got != tt.want {
			t.Errorf("ParseRank(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{"", "1", "0", "11", "B", "X", "AK", "С"} {
		var pe *ParseError
		if _, err := ParseRank(in); !errors.As(err, &pe) || pe.Kind != "rank" || !strings.Contains(pe.Reason, "not a rank") {
			t.Errorf("ParseRank(%q) = %v; want a rank ParseError", in, err)
		}
	}
}

func TestParseSuit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Suit
	}{
		{"S", Spade}, {"s", Spade}, {"♠", Spade}, {"♠️", Spade}, {"♤", Spade}, {"Spades", Spade},
		{"п", Spade}, {"Пики", Spade}, {"пика", Spade},
		{"H", Heart}, {"♥", Heart}, {"ч", Heart}, {"Червы", Heart}, {"черви", Heart}, {"червей", Heart},
		{"D", Diamond}, {"♦", Diamond}, {"б", Diamond}, {"Бубны", Diamond}, {"бубен", Diamond},
		{"C", Club}, {"clubs", Club}, {"♣", Club}, {"т", Club}, {"ТР", Club}, {"трефы", Club}, {" треф ", Club},
	}
	for _, tt := range tests {
		if got, err := ParseSuit(tt.in); err != nil || got != tt.want {
			t.Errorf("ParseSuit(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{"", "N", "NT", "БК", "x", "SS"} {
		var pe *ParseError
		if _, err := ParseSuit(in); !errors.As(err, &pe) || pe.Kind != "suit" {
			t.Errorf("ParseSuit(%q) = %v; want a suit ParseError", in, err)
		}
	}
}

func TestHandSet(t *testing.T) {
	t.Parallel()
	var h Hand
	sa, h2, c2 := NewCard(Spade, Ace), NewCard(Heart, Two), NewCard(Club, Two)
	h.Add(sa)
	h.Add(h2)
	h.Add(sa)
	h.Add(NoCard)
	h.Add(Card(0x4f))
	if h.Len() != 2 || !h.Has(sa) || !h.Has(h2) || h.Has(c2) || h.Has(NoCard) {
		t.Fatalf("after adds: %v (len %d)", h, h.Len())
	}
	h.Remove(sa)
	h.Remove(c2)
	h.Remove(Card(0xff))
	if h.Len() != 1 || h.Has(sa) || !h.Has(h2) {
		t.Fatalf("after removes: %v", h)
	}
	if got := h.String(); got != ".2.." {
		t.Errorf("String = %q", got)
	}
	if got := (Hand{}).String(); got != "..." {
		t.Errorf("empty String = %q", got)
	}
}

func TestHandCardsAndSuits(t *testing.T) {
	t.Parallel()
	h, err := ParseHand("AKQ.JT9.8765.432")
	if err != nil {
		t.Fatal(err)
	}
	got := make([]string, 0, 13)
	for _, c := range h.Cards() {
		got = append(got, c.String())
	}
	want := "SA SK SQ HJ HT H9 D8 D7 D6 D5 C4 C3 C2"
	if strings.Join(got, " ") != want {
		t.Errorf("Cards = %s, want %s", strings.Join(got, " "), want)
	}
	lens := map[Suit]int{Spade: 3, Heart: 3, Diamond: 4, Club: 3}
	for s, n := range lens {
		if h.InSuit(s).Len() != n {
			t.Errorf("%v length %d, want %d", s, h.InSuit(s).Len(), n)
		}
	}
	if h.InSuit(Suit(5)).Len() != 0 {
		t.Error("an invalid suit must hold nothing")
	}
	if h.HCP() != 10 {
		t.Errorf("HCP = %d, want 10", h.HCP())
	}
	// Stopping the iteration early yields only what was asked for.
	var first []Card
	for c := range h.All() {
		first = append(first, c)
		if len(first) == 2 {
			break
		}
	}
	if !slices.Equal(first, h.Cards()[:2]) {
		t.Errorf("early stop: %v", first)
	}
}

func TestHandRanks(t *testing.T) {
	t.Parallel()
	h, err := ParseHand("AK2.T.xx.")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		suit Suit
		want uint16
	}{
		{Spade, 1<<Ace | 1<<King | 1<<Two},
		{Heart, 1 << Ten},
		{Diamond, 0}, // spots name no rank
		{Club, 0},
		{Suit(7), 0},
	}
	for _, tt := range tests {
		if got := h.Ranks(tt.suit); got != tt.want {
			t.Errorf("Ranks(%v) = %#x, want %#x", tt.suit, got, tt.want)
		}
	}
}

func TestHandSpots(t *testing.T) {
	t.Parallel()
	h, err := ParseHand("AKxx.x..Q")
	if err != nil {
		t.Fatal(err)
	}
	if h.Len() != 6 || h.Spots(Spade) != 2 || h.Spots(Heart) != 1 || h.Spots(Club) != 0 || h.Spots(Suit(7)) != 0 {
		t.Errorf("%v: len %d, spots %d %d", h, h.Len(), h.Spots(Spade), h.Spots(Heart))
	}
	if got := h.InSuit(Spade); got.Len() != 4 || got.String() != "AKxx..." {
		t.Errorf("spades: %v", got)
	}
	if len(h.Cards()) != 3 || h.HCP() != 9 {
		t.Errorf("named cards %v, HCP %d", h.Cards(), h.HCP())
	}
}

func TestHCP(t *testing.T) {
	t.Parallel()
	tests := []struct {
		hand string
		hcp  int
	}{
		{"...", 0}, {"AKQJ.AKQJ.AKQJ.A", 34}, {"T98.765.432.T98", 0}, {"J...", 1}, {"..Q.K", 5},
	}
	for _, tt := range tests {
		h, err := ParseHand(tt.hand)
		if err != nil {
			t.Fatal(err)
		}
		if h.HCP() != tt.hcp {
			t.Errorf("%s: HCP %d, want %d", tt.hand, h.HCP(), tt.hcp)
		}
	}
}

func TestParseHand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want string // want is the canonical form, or the error substring
		ok       bool
	}{
		{"AKQ.JT9.8765.432", "AKQ.JT9.8765.432", true},
		{"qka.9tj.5678.234", "AKQ.JT9.8765.432", true},
		{"ТКД.В109..", "AKQ.JT9..", true},
		{"A10.10..", "AT.T..", true},
		{"-", "...", true},
		{"...", "...", true},
		{"AKQ", "has 1 of the 4 suits", false},
		{"AKQ.JT9.8765", "has 3 of the 4 suits", false},
		{"AKQ.JT9.8765.432.", `'.' at character 17 is a fifth suit`, false},
		{"AKZ...", `'Z' at character 3 is not a rank`, false},
		{"AKxx.Qx.X.", "AKxx.Qx.x.", true},
		{"xxxxxxxxxxxxx...", "xxxxxxxxxxxxx...", true},
		{"xxxxxxxxxxxxxx...", `'x' at character 14 is a 14th card in spades`, false},
		{"xxxxxxxxxxxxxA...", `'A' at character 14 is a 14th card in spades`, false},
		{"A1...", `'1' at character 2 is not a rank`, false},
		{"AA...", "SA is written twice", false},
		{"—...", `'—' at character 1 is not a rank`, false},
	}
	for _, tt := range tests {
		h, err := ParseHand(tt.in)
		if tt.ok {
			if err != nil || h.String() != tt.want {
				t.Errorf("ParseHand(%q) = %v, %v; want %s", tt.in, h, err, tt.want)
			}
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Kind != "hand" || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseHand(%q) error %v; want %q", tt.in, err, tt.want)
		}
	}
}

// TestAppendRanks checks the ranks of every set of cards of a suit,
// written from the tables, against the ranks read off one by one.
func TestAppendRanks(t *testing.T) {
	t.Parallel()
	for lane := range 1 << 13 {
		var h Hand
		want := ""
		for r := Ace; r >= Two; r-- {
			if lane>>(r-Two)&1 == 1 {
				h.Add(NewCard(Heart, r))
				want += r.String()
			}
		}
		if got := string(h.appendRanks(nil, Heart)); got != want {
			t.Fatalf("ranks %013b written %q, want %q", lane, got, want)
		}
	}
}

// TestHandPBNWords holds appendPBN's words to the card-at-a-time way, for
// every set of ranks of each suit and with and without the spare bytes
// the words need.
func TestHandPBNWords(t *testing.T) {
	t.Parallel()
	slow := func(h Hand) string {
		var b []byte
		for i, s := range Suits {
			if i > 0 {
				b = append(b, '.')
			}
			b = h.appendRanks(b, s)
		}
		return string(b)
	}
	for set := range uint64(1 << 13) {
		for _, s := range Suits {
			h := Hand{bits: set << 2 << (16 * s)}
			want := slow(h)
			if got := string(h.appendPBN(make([]byte, 0, 64))); got != want {
				t.Fatalf("suit %v, ranks %#x: %q, want %q", s, set, got, want)
			}
			if got := string(h.appendPBN(make([]byte, 1, 2))[1:]); got != want {
				t.Fatalf("short buffer, suit %v, ranks %#x: %q, want %q", s, set, got, want)
			}
		}
	}
	d, err := ParseDeal("N:.KJT865.QT73.965 K9863..K962.KJ82 AT742.92.A85.QT4 QJ5.AQ743.J4.A73")
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range d {
		if got, want := h.String(), slow(h); got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
	if got, want := d.PBN(North), "N:.KJT865.QT73.965 K9863..K962.KJ82 AT742.92.A85.QT4 QJ5.AQ743.J4.A73"; got != want {
		t.Errorf("PBN: %q, want %q", got, want)
	}
	if h, _ := ParseHand("AKxx.x..Q"); h.String() != "AKxx.x..Q" {
		t.Errorf("spots: %v", h)
	}
}
