package usebio

import (
	"os"
	"strings"
	"testing"
)

func TestReadMitchell(t *testing.T) {
	f, err := os.Open("testdata/mitchell.xml")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewReader(f, "mitchell.xml")
	var units []*Unit
	for u, err := range r.Units() {
		if err != nil {
			t.Fatal(err)
		}
		units = append(units, u)
	}
	for _, d := range r.Diagnostics() {
		t.Log(d)
	}
	if len(units) != 2 {
		t.Fatalf("%d units, want 2", len(units))
	}
	u := units[0]
	if u.Event.Get("EVENT_TYPE") != "PAIRS" || u.Event.Get("BOARD_SCORING_METHOD") != "MATCH_POINTS" || u.Section.Get("SECTION_ID") != "A" {
		t.Errorf("event %q %q section %q", u.Event.Get("EVENT_TYPE"), u.Event.Get("BOARD_SCORING_METHOD"), u.Section.Get("SECTION_ID"))
	}
	if !u.Totals || units[1].Totals || u.Participants == nil || len(u.Participants.All("PAIR")) != 4 {
		t.Errorf("totals on the first board %v, on the last %v", u.Totals, units[1].Totals)
	}
	if name := u.Participants.All("PAIR")[1].All("PLAYER")[0].Get("PLAYER_NAME"); name != "Cé Brown" {
		t.Errorf("latin-1 name read as %q", name)
	}
	lines := u.Board.All("TRAVELLER_LINE")
	if len(lines) != 2 || lines[1].Get("SCORE") != "-50" {
		t.Fatalf("%d lines", len(lines))
	}
	_, at, _ := lines[1].Value("SCORE")
	if at.Line != 75 || at.Col != 13 {
		t.Errorf("SCORE of line 2 at %s, want 75:13", at)
	}
	if len(u.Event.All("BOARD")) != 0 || len(u.Section.All("BOARD")) != 0 {
		t.Error("boards are held in their containers")
	}
}

// TestLongText: the text of an element past the reader's bound is cut,
// and the reader says so at the element, once.
func TestLongText(t *testing.T) {
	doc := `<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"><EVENT_DESCRIPTION>` + strings.Repeat("x", maxText+10) +
		`</EVENT_DESCRIPTION><BOARD><BOARD_NUMBER>1</BOARD_NUMBER></BOARD></EVENT></USEBIO>`
	r := NewReader(strings.NewReader(doc), "long.xml")
	var units int
	for u, err := range r.Units() {
		if err != nil {
			t.Fatal(err)
		}
		if d := u.Event.Get("EVENT_DESCRIPTION"); len(d) != maxText {
			t.Errorf("description of %d bytes, want %d", len(d), maxText)
		}
		units++
	}
	n := 0
	for _, d := range r.Diagnostics() {
		if d.Code == CodeTooMany {
			n++
		}
	}
	if units != 1 || n != 1 {
		t.Errorf("%d units, %d %s findings; want 1 and 1: %v", units, n, CodeTooMany, r.Diagnostics())
	}
}
