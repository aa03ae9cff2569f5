package auction

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestAllCalls(t *testing.T) {
	t.Parallel()
	all := AllCalls()
	var names []string
	for i, c := range all {
		if !c.Valid() {
			t.Errorf("AllCalls()[%d] = %v is not valid", i, c)
		}
		if i > 0 && all[i-1] >= c {
			t.Errorf("AllCalls not increasing at %d: %v, %v", i, all[i-1], c)
		}
		names = append(names, c.String())
	}
	got := strings.Join(names, " ")
	want := "Pass X XX 1C 1D 1H 1S 1NT 2C 2D 2H 2S 2NT 3C 3D 3H 3S 3NT 4C 4D 4H 4S 4NT " +
		"5C 5D 5H 5S 5NT 6C 6D 6H 6S 6NT 7C 7D 7H 7S 7NT"
	if got != want {
		t.Errorf("AllCalls = %s\nwant        %s", got, want)
	}
}

func TestBidParts(t *testing.T) {
	t.Parallel()
	for l := Level(1); l <= 7; l++ {
		for s := Clubs; s <= NoTrump; s++ {
			c := NewBid(l, s)
			if !c.IsBid() || c.Level() != l || c.Strain() != s {
				t.Errorf("NewBid(%d, %v) = %v: level %d strain %v", l, s, c, c.Level(), c.Strain())
			}
			b, ok := c.Bid()
			if !ok || b != (Bid{l, s}) || b.Call() != c || !b.Valid() || b.String() != c.String() {
				t.Errorf("%v.Bid() = %v, %v", c, b, ok)
			}
		}
	}
	for _, c := range []Call{0, Pass, Double, Redouble, lastBid + 1, 255} {
		if c.IsBid() || c.Level() != 0 || c.Strain() != Clubs {
			t.Errorf("%v: IsBid %v, Level %d, Strain %v", c, c.IsBid(), c.Level(), c.Strain())
		}
		if b, ok := c.Bid(); ok || b != (Bid{}) {
			t.Errorf("%v.Bid() = %v, %v; want zero, false", c, b, ok)
		}
	}
	for _, b := range []Bid{{0, Clubs}, {8, Clubs}, {1, NoTrump + 1}, {}} {
		if NewBid(b.Level, b.Strain) != 0 || b.Valid() || b.Call() != 0 {
			t.Errorf("bid %v should be invalid", b)
		}
		if got := b.String(); !strings.HasPrefix(got, "Bid(") {
			t.Errorf("invalid %#v.String() = %q", b, got)
		}
	}
	for _, c := range []Call{0, 39, 255} {
		if c.Valid() || c.String() == "" || !strings.HasPrefix(c.String(), "Call(") {
			t.Errorf("Call(%d): Valid %v, String %q", uint8(c), c.Valid(), c.String())
		}
	}
}

// RULES.md: "2♦ < 2♥ < 2NT < 3♣ < 3♠"; seed: "2 Бубны < 2 Червы < 2БК < 3
// Трефы < 3 Пики"; and every bid outranks Pass, X and XX.
func TestBidOrder(t *testing.T) {
	t.Parallel()
	for _, chain := range [][]string{
		{"2♦", "2♥", "2NT", "3♣", "3♠"},
		{"2 Бубны", "2 Червы", "2БК", "3 Трефы", "3 Пики"},
		{"XX", "1C", "1D", "1H", "1S", "1NT", "2C", "7S", "7NT"},
	} {
		var calls []Call
		for _, s := range chain {
			c, err := ParseCall(s)
			if err != nil {
				t.Fatal(err)
			}
			calls = append(calls, c)
		}
		if !slices.IsSorted(calls) || len(slices.Compact(slices.Clone(calls))) != len(calls) {
			t.Errorf("%q parse to %v, not strictly increasing", chain, calls)
		}
	}
}

func TestParseCall(t *testing.T) {
	t.Parallel()
	tests := []struct {
		want  Call
		texts string // "|"-separated spellings
	}{
		{Pass, "Pass|P|PASS|pass|p| Pass |пас|Пас|ПАС|пасс|Пасс"},
		{Double, "X|D|Dbl|x|d|DBL|double|контра|Контра|ктр|КТР|дабл|Дабл"},
		{Redouble, "XX|R|Rdbl|xx|r|redbl|Redbl|REDOUBLE|реконтра|Реконтра|рктр|редабл|ре-контра|Ре-контра"},
		{NewBid(1, NoTrump), "1NT|1N|1nt|1n|1 NT|1 nt|1Nt|1 N|1NoTrump|1 No Trump|1 no-trump|1БК|1 БК|1 бк|1 Б/К|1 б/к|1 без козыря|1 без козырей|одна без козыря|один, БК|one notrump"},
		{NewBid(1, Spades), "1S|1s|1♠|1♤|1 ♠|1♠️|1 Spades|1П|1 п|1 пика|1 пики|одна, пики|Одна пика|1, пики"},
		{NewBid(1, Hearts), "1H|1h|1♥|1♡|1Ч|1ч|1 черва|1 червы"},
		{NewBid(2, Diamonds), "2D|2d|2♦|2♢|2Б|2 буб|2 Бубны|две, бубны|Две бубны|two diamonds"},
		{NewBid(2, Hearts), "две, черви|Две, червы|2 червей|два ч"},
		{NewBid(3, Clubs), "3C|3c|3♣|3♧|3Т|3 тр|3 трефы|3 треф|три трефы|three clubs|3 Clubs"},
		{NewBid(4, Spades), "четыре пики|4 пик|4 spades"},
		{NewBid(5, Hearts), "пять червей|5♥|5 Hearts"},
		{NewBid(6, Diamonds), "шесть бубен|6 бубен"},
		{NewBid(7, NoTrump), "семь БК|7NT|7N|seven NT|7 бк"},
		{NewBid(2, NoTrump), "2 БК|2БК|2 NT|2\u00a0NT"},
	}
	for _, tt := range tests {
		for _, text := range strings.Split(tt.texts, "|") {
			got, err := ParseCall(text)
			if err != nil || got != tt.want {
				t.Errorf("ParseCall(%q) = %v, %v; want %v", text, got, err, tt.want)
			}
		}
	}
}

func TestParseCallErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text   string
		reason string // substring of the message
	}{
		{"", "empty"},
		{"   ", "empty"},
		{"?", "not a call"},
		{"AP", "not a call"},
		{"-", "not a call"},
		{"всё", "not a call"},
		{"одна", "not a call"},
		{"1", "the level has no strain"},
		{"1NT!", `"nt!" is not a strain`},
		{"4H*", `"h*" is not a strain`},
		{"1Q", `"q" is not a strain`},
		{"1С", `"с" is not a strain`}, // Cyrillic С is North in a seat field, nothing in a strain field
		{"0C", "level 0 does not exist"},
		{"однапики", "not a call"},
		{"1XX", `"xx" is not a strain`},
		{"1♥♥", `"♥♥" is not a strain`},
	}
	for _, tt := range tests {
		c, err := ParseCall(tt.text)
		var pe *ParseError
		if err == nil || !errors.As(err, &pe) {
			t.Errorf("ParseCall(%q) = %v, %v; want a *ParseError", tt.text, c, err)
			continue
		}
		if c != 0 || pe.Kind != "call" || pe.Text != tt.text || !strings.Contains(err.Error(), tt.reason) {
			t.Errorf("ParseCall(%q) = %v, %q; want kind call, text and reason %q", tt.text, c, err, tt.reason)
		}
		if errors.Is(err, ErrBidAboveSeven) {
			t.Errorf("ParseCall(%q) matches ErrBidAboveSeven", tt.text)
		}
	}
}

// A bid of eight or more is a Law 38 matter, which the converter reports as
// bid-above-seven; the error is still a *ParseError naming the text.
func TestParseCallAboveSeven(t *testing.T) {
	t.Parallel()
	for _, text := range []string{"8H", "8 NT", "9s", "10C", "99999999999999999999D", "восемь пик", "eight spades"} {
		_, err := ParseCall(text)
		var pe *ParseError
		var inf *Infraction
		if !errors.Is(err, ErrBidAboveSeven) || !errors.As(err, &pe) || !errors.As(err, &inf) {
			t.Errorf("ParseCall(%q) = %v; want a *ParseError matching ErrBidAboveSeven", text, err)
			continue
		}
		if inf.Law() != 38 || inf.Code() != "bid-above-seven" || pe.Text != text {
			t.Errorf("ParseCall(%q): law %d code %q text %q", text, inf.Law(), inf.Code(), pe.Text)
		}
		if want := `bad call "` + text + `": no bid above seven exists (Law 38)`; err.Error() != want {
			t.Errorf("ParseCall(%q) error %q, want %q", text, err, want)
		}
	}
	// Not a bid at all: the level alone is no reason to cite Law 38.
	if _, err := ParseCall("8Q"); errors.Is(err, ErrBidAboveSeven) {
		t.Errorf("ParseCall(8Q) = %v; want a plain strain error", err)
	}
}

func TestCallRoundTrip(t *testing.T) {
	t.Parallel()
	for _, c := range AllCalls() {
		for _, text := range []string{c.String(), strings.ToLower(c.String()), " " + c.String() + "\t"} {
			if got, err := ParseCall(text); err != nil || got != c {
				t.Errorf("ParseCall(%q) = %v, %v; want %v", text, got, err, c)
			}
		}
		b, err := c.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Call
		if err := back.UnmarshalText(b); err != nil || back != c {
			t.Errorf("UnmarshalText(%q) = %v, %v", b, back, err)
		}
	}
	if _, err := Call(0).MarshalText(); err == nil {
		t.Error("MarshalText of the zero Call succeeded")
	}
	var c Call = Double
	if err := c.UnmarshalText([]byte("8C")); !errors.Is(err, ErrBidAboveSeven) || c != Double {
		t.Errorf("UnmarshalText(8C) = %v, call now %v", err, c)
	}
}

func TestParseStrain(t *testing.T) {
	t.Parallel()
	tests := []struct {
		want  Strain
		texts string
	}{
		{Clubs, "C|c|Clubs|club|♣|♧|Т|т|тр|Тр|трефа|трефы|треф|ТРЕФЫ"},
		{Diamonds, "D|d|Diamonds|♦|♢|Б|б|буб|бубна|бубны|бубен"},
		{Hearts, "H|h|Hearts|♥|♡|♥️|Ч|ч|черва|червы|черви|червей"},
		{Spades, "S|s|Spades|♠|♤|П|п|пика|пики|пик"},
		{NoTrump, "NT|N|nt|n|No Trump|NoTrumps|no-trump|БК|бк|Б/К|б/к|без козыря|без козырей|Без Козырей| NT "},
	}
	for _, tt := range tests {
		for _, text := range strings.Split(tt.texts, "|") {
			if got, err := ParseStrain(text); err != nil || got != tt.want {
				t.Errorf("ParseStrain(%q) = %v, %v; want %v", text, got, err, tt.want)
			}
		}
	}
	for s := Clubs; s <= NoTrump; s++ {
		if got, err := ParseStrain(s.String()); err != nil || got != s {
			t.Errorf("ParseStrain(%q) = %v, %v", s.String(), got, err)
		}
	}
	// Letters that belong to other fields: В is East or the jack, К the king,
	// С North, Д the queen; none is a strain.
	for _, text := range []string{"", "В", "К", "С", "Д", "A", "T", "X", "1H", "NTX", "?"} {
		_, err := ParseStrain(text)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Kind != "strain" || pe.Text != text {
			t.Errorf("ParseStrain(%q) = %v; want a strain *ParseError", text, err)
		}
	}
}

func TestCallSet(t *testing.T) {
	t.Parallel()
	var s CallSet
	if s.Len() != 0 || s.String() != "{}" || s.AppendTo(nil) != nil {
		t.Errorf("empty set: len %d, %s", s.Len(), s)
	}
	s = s.With(NewBid(2, Spades)).With(Pass).With(Double).With(0).With(200).With(Pass)
	if s.Len() != 3 || s.String() != "{Pass X 2S}" {
		t.Errorf("set = %s (len %d); want {Pass X 2S}", s, s.Len())
	}
	for _, c := range []Call{Pass, Double, NewBid(2, Spades)} {
		if !s.Has(c) {
			t.Errorf("set lacks %v", c)
		}
	}
	for _, c := range []Call{0, Redouble, NewBid(2, Hearts), 64, 200, 255} {
		if s.Has(c) {
			t.Errorf("set has %v", c)
		}
	}
	buf := make([]Call, 0, 8)
	got := s.AppendTo(buf)
	if !slices.Equal(got, []Call{Pass, Double, NewBid(2, Spades)}) || &got[0] != &buf[:1][0] {
		t.Errorf("AppendTo = %v, or it reallocated", got)
	}
	var firstTwo []Call
	for c := range s.All() {
		firstTwo = append(firstTwo, c)
		if len(firstTwo) == 2 {
			break
		}
	}
	if !slices.Equal(firstTwo, []Call{Pass, Double}) {
		t.Errorf("All stopped early = %v", firstTwo)
	}
	if got := bidsAbove(NewBid(7, Spades)); got.String() != "{7NT}" {
		t.Errorf("bidsAbove(7S) = %s", got)
	}
	if got := bidsAbove(NewBid(7, NoTrump)); got != 0 {
		t.Errorf("bidsAbove(7NT) = %s", got)
	}
	if got := bidsAbove(Redouble).Len(); got != 35 {
		t.Errorf("bidsAbove(XX) has %d bids", got)
	}
}
