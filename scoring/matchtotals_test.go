package scoring

import (
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
)

func TestMatchTotals(t *testing.T) {
	type match struct {
		ids, scores [2]string
		round       int
	}
	// Three teams, three rounds: 1 beat 2 and drew 3 (10.00 v 10.00),
	// 2 beat 3 (12.49 v 7.51: rounded, 12 v 8), each sitting out once.
	matches := []match{
		{[2]string{"1", "2"}, [2]string{"15.00", "5.00"}, 1},
		{[2]string{"3", "1"}, [2]string{"10.00", "10.00"}, 2},
		{[2]string{"2", "3"}, [2]string{"12.49", "7.51"}, 3},
	}
	tests := []struct {
		name            string
		id, total, wins string
		rounds          bool // the matches name their rounds
		agreed, flagged int
		skipped         diag.Reason
		message         string
	}{
		{name: "as the matches give", id: "1", total: "25", wins: "1.5", agreed: 2},
		{name: "a total that is not the sum", id: "2", total: "18", agreed: 0, flagged: 1, message: "team 2: TOTAL_SCORE 18, but its 2 matches give 17.49"},
		{name: "wins counted by rounded scores", id: "3", wins: "0.5", agreed: 1},
		{name: "wins that neither count gives", id: "3", wins: "1", flagged: 1, message: "team 3: WINS_OR_DRAWS 1, but its 2 matches give 0.5"},
		{name: "a round sat out is a round unknown", id: "1", total: "25", rounds: true, skipped: diag.FieldIncomplete},
		{name: "no such team", id: "9", total: "3", skipped: diag.FieldIncomplete},
		{name: "a total that does not read", id: "1", total: "2S", skipped: diag.CellUnreadable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewMatchTotals()
			for _, x := range matches {
				round := 0
				if tt.rounds {
					round = x.round
				}
				m.AddMatch("A", x.ids, x.scores, round)
			}
			m.AddParticipant("A", MatchParticipant{ID: tt.id, Kind: "team", MatchPoints: true,
				Total: Written{Name: "TOTAL_SCORE", Text: tt.total}, Wins: Written{Name: "WINS_OR_DRAWS", Text: tt.wins}})
			var l diag.Ledger
			found := m.Check(&l)
			if l.Agreed != tt.agreed || l.Flagged != tt.flagged || len(found) != tt.flagged {
				t.Fatalf("agreed %d, flagged %d, found %v", l.Agreed, l.Flagged, found)
			}
			if tt.skipped != 0 && l.Unchecked[tt.skipped] != 1 {
				t.Fatalf("unchecked %v, want one %v", l.Unchecked, tt.skipped)
			}
			if tt.message != "" && !strings.HasPrefix(found[0].Message, tt.message) {
				t.Fatalf("message %q, want %q", found[0].Message, tt.message)
			}
		})
	}
}

// TestMatchTotalsBound: past maxMatchTotals matches and participants
// nothing more is held, and no total is checked, but every one is counted.
func TestMatchTotalsBound(t *testing.T) {
	m := NewMatchTotals()
	for i := 0; i < maxMatchTotals+10; i++ {
		m.AddMatch("A", [2]string{"1", "2"}, [2]string{"10", "10"}, 0)
	}
	for _, id := range []string{"1", "2"} {
		m.AddParticipant("A", MatchParticipant{ID: id, Kind: "team", MatchPoints: true,
			Total: Written{Name: "TOTAL_SCORE", Text: "1"}, Wins: Written{Name: "WINS_OR_DRAWS", Text: "1"}})
	}
	if m.held != maxMatchTotals {
		t.Fatalf("held %d", m.held)
	}
	var l diag.Ledger
	if found := m.Check(&l); len(found) > 0 || l.Unchecked[diag.FieldIncomplete] != 4 || l.Checked() != 0 {
		t.Fatalf("found %v, ledger %+v", found, l)
	}
}

// TestMatchTotalsRounds: a side's matches must be one a round (or, without
// round numbers, as many as the side that plays most), or its totals may
// leave out a bye's points.
func TestMatchTotalsRounds(t *testing.T) {
	tests := []struct {
		name    string
		matches [][3]string // the two sides and the round ("" for none)
	}{
		{"two matches in one round and none in another", [][3]string{{"1", "2", "1"}, {"1", "3", "1"}, {"2", "3", "2"}}},
		{"fewer matches than the side that plays most", [][3]string{{"1", "2", ""}, {"2", "3", ""}, {"2", "4", ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewMatchTotals()
			for _, x := range tt.matches {
				round := 0
				if x[2] != "" {
					round = int(x[2][0] - '0')
				}
				m.AddMatch("A", [2]string{x[0], x[1]}, [2]string{"12", "8"}, round)
			}
			m.AddParticipant("A", MatchParticipant{ID: "1", Kind: "team", MatchPoints: true, Total: Written{Name: "TOTAL_SCORE", Text: "99"}})
			var l diag.Ledger
			if found := m.Check(&l); len(found) > 0 || l.Unchecked[diag.FieldIncomplete] != 1 {
				t.Fatalf("found %v, ledger %+v", found, l)
			}
		})
	}
}
