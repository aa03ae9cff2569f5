package record

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/auction"
)

func TestParseResult(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text     string
		declarer auction.Seat
		has      bool
		tricks   int
		agreed   bool
		ok       bool
	}{
		{"9", auction.North, false, 9, false, true},
		{" 13 ", auction.North, false, 13, false, true},
		{"^5", auction.North, false, 5, true, true},
		{"NS 9", auction.South, true, 9, false, true},
		{"EW 4", auction.South, true, 9, false, true},
		{"NS 9 EW 4", auction.West, true, 4, false, true},
		{"EW 4 NS 9", auction.East, true, 4, false, true},
		{"ns 9", auction.North, true, 9, false, true},
		{"NS 9", auction.North, false, 0, false, false},
		{"NS 9 EW 5", auction.North, true, 0, false, false},
		{"NS 9 NS 9", auction.North, true, 0, false, false},
		{"14", auction.North, false, 0, false, false},
		{"-9752", auction.North, false, 0, false, false},
		{"?", auction.North, false, 0, false, false},
		{"", auction.North, false, 0, false, false},
		{"XY 3", auction.North, true, 0, false, false},
	}
	for _, tt := range tests {
		n, agreed, err := ParseResult(tt.text, tt.declarer, tt.has)
		if (err == nil) != tt.ok || (tt.ok && (n != tt.tricks || agreed != tt.agreed)) {
			t.Errorf("ParseResult(%q, %s, %v) = %d, %v, %v; want %d, %v, ok %v", tt.text, tt.declarer, tt.has, n, agreed, err, tt.tricks, tt.agreed, tt.ok)
		}
		var pe *auction.ParseError
		if err != nil && !errors.As(err, &pe) {
			t.Errorf("ParseResult(%q) error %T, want *ParseError", tt.text, err)
		}
	}
}

func TestParseScore(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text     string
		declarer auction.Seat
		has      bool
		ns       int
		ok       bool
	}{
		{"NS 620", auction.North, false, 620, true},
		{"EW 620", auction.North, false, -620, true},
		{"NS -100 EW 100", auction.North, false, -100, true},
		{"EW 100 NS -100", auction.North, false, -100, true},
		{"420", auction.West, true, -420, true},
		{"420", auction.South, true, 420, true},
		{"420", auction.South, false, 0, false},
		{"NS 488100", auction.North, false, 488100, true},
		{"NS 620 EW 620", auction.North, false, 0, false},
		{"NS", auction.North, false, 0, false},
	}
	for _, tt := range tests {
		ns, err := ParseScore(tt.text, tt.declarer, tt.has)
		if (err == nil) != tt.ok || ns != tt.ns {
			t.Errorf("ParseScore(%q, %s, %v) = %d, %v; want %d, ok %v", tt.text, tt.declarer, tt.has, ns, err, tt.ns, tt.ok)
		}
	}
}

func TestParseRoom(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]Room{"Open": Open, "closed": Closed, "o": Open, "C": Closed, "Open Room": Open, "Закрытый": Closed} {
		if got, err := ParseRoom(text); err != nil || got != want {
			t.Errorf("ParseRoom(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	if _, err := ParseRoom("Lobby"); err == nil {
		t.Error(`ParseRoom("Lobby") succeeded`)
	}
}

func TestTrickWinner(t *testing.T) {
	t.Parallel()
	cards := func(s ...string) (out [4]auction.Card) {
		for i, x := range s {
			out[i], _ = auction.ParseCard(x)
		}
		return out
	}
	tests := []struct {
		leader auction.Seat
		cards  [4]auction.Card
		trumps auction.Strain
		want   auction.Seat
		ok     bool
	}{
		{auction.West, cards("SK", "H3", "S4", "S3"), auction.Hearts, auction.North, true},
		{auction.West, cards("SK", "H3", "S4", "S3"), auction.NoTrump, auction.West, true},
		{auction.North, cards("C2", "C6", "CK", "C5"), auction.Spades, auction.South, true},
		{auction.North, cards("C2", "C6", "CK"), auction.Spades, 0, false},
	}
	for _, tt := range tests {
		got, ok := auction.TrickWinner(tt.leader, tt.cards, tt.trumps)
		if got != tt.want || ok != tt.ok {
			t.Errorf("TrickWinner(%s, %v, %s) = %s, %v; want %s, %v", tt.leader, tt.cards, tt.trumps, got, ok, tt.want, tt.ok)
		}
	}
}

func TestBoardField(t *testing.T) {
	t.Parallel()
	b := &Board{Tags: []Tag{{Name: "Annotator", Value: "A"}, {Name: "Annotator", Value: "B"}}}
	b.Field("North").Value = "Hamman"
	b.Field("Contract").Value = "4H"
	if b.Player(auction.North) != "Hamman" || b.File.ContractTag.Value != "4H" {
		t.Errorf("Field does not reach the typed fields: %q %q", b.Player(auction.North), b.File.ContractTag.Value)
	}
	if f := b.Field("Annotator"); f == nil || f.Value != "A" {
		t.Errorf("Field(Annotator) = %v, want the first", f)
	}
	if b.Field("Nothing") != nil {
		t.Error("Field(Nothing) is not nil")
	}
	for _, name := range identNames {
		if !IsField(name) || b.Field(name) == nil {
			t.Errorf("typed field %s not reachable", name)
		}
	}
	if IsField("Annotator") || IsField("Auction") {
		t.Error("IsField reports a tag kept in Tags or a section")
	}
}

func TestBoardLabel(t *testing.T) {
	t.Parallel()
	tests := []struct {
		b    Board
		want string
	}{
		{Board{Number: 12}, "board 12"},
		{Board{BoardTag: Tag{Name: "Board", Value: "7a"}}, "board 7a"},
		{Board{BoardTag: Tag{Name: "Board", Value: "?"}, Source: Source{Game: 3}}, "game 3"},
		{Board{Source: Source{Game: 4}}, "game 4"},
	}
	for _, tt := range tests {
		if got := tt.b.Label(); got != tt.want {
			t.Errorf("Label() = %q, want %q", got, tt.want)
		}
	}
}

func TestVugraph(t *testing.T) {
	t.Parallel()
	v := &Vugraph{
		Fields:  [9]string{"2010 USBF SF A", "Segment 4 of 8", "I", "46", "60", "Nickell", "80", "Fleisher", "99"},
		Results: []string{"4HE=", "4HE=", "3NW+1", ""},
		Names:   []string{"Meckstroth", "Levin", "Rodwell", "Weinstein", "Stansby", "Hamman", "Martel", "Mahmood"},
	}
	if v.Event() != "2010 USBF SF A" || v.FirstBoard() != 46 {
		t.Errorf("Event %q FirstBoard %d", v.Event(), v.FirstBoard())
	}
	for _, tt := range []struct {
		n    int
		room Room
		want string
		ok   bool
	}{{46, Open, "4HE=", true}, {47, Open, "3NW+1", true}, {47, Closed, "", true}, {48, Open, "", false}, {45, Open, "", false}, {46, RoomUnknown, "", false}} {
		if got, ok := v.ResultFor(tt.n, tt.room); got != tt.want || ok != tt.ok {
			t.Errorf("ResultFor(%d, %v) = %q, %v; want %q, %v", tt.n, tt.room, got, ok, tt.want, tt.ok)
		}
	}
	if names, ok := v.NamesFor(Closed); !ok || names[0] != "Stansby" {
		t.Errorf("NamesFor(Closed) = %v, %v", names, ok)
	}
	if _, ok := (&Vugraph{Names: []string{"a", "b", "c", "d"}}).NamesFor(Closed); ok {
		t.Error("NamesFor(Closed) with four names succeeded")
	}
}

func TestAPPasses(t *testing.T) {
	t.Parallel()
	tests := []struct {
		calls string
		want  int
	}{
		{"", 4},                  // AP for the whole auction: passed out
		{"1H", 3},                // after a bid: three passes close it
		{"1H Pass", 2},           // one pass already made
		{"1H X XX", 3},           // after a redouble
		{"Pass Pass Pass", 1},    // the fourth may pass it out
		{"1H 1S", 3},             // an insufficient bid is void but keeps its seat
		{"1H Pass Pass Pass", 1}, // nothing to close: at least one
	}
	for _, tt := range tests {
		b := newBoard(t, auction.North, tt.calls)
		if got := b.Auction.APPasses(len(b.Auction.Calls)); got != tt.want {
			t.Errorf("AP after %q stands for %d passes, want %d", tt.calls, got, tt.want)
		}
	}
}

// TestTrimmed holds trimmed to strings.TrimSpace on values that start or
// end with every byte, Unicode white space among them.
func TestTrimmed(t *testing.T) {
	t.Parallel()
	for c := range 256 {
		for _, v := range []string{string(rune(c)), "?" + string(rune(c)), string(rune(c)) + "?", string([]byte{byte(c)}) + "x", "x" + string([]byte{byte(c)}), "\u00a0?\u2003", ""} {
			if got, want := trimmed(v), strings.TrimSpace(v); got != want {
				t.Errorf("trimmed(%q) = %q, want %q", v, got, want)
			}
		}
	}
}
