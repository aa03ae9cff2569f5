package usebio

import (
	"os"
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
