package scoring

import (
	"fmt"
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
		// EBUScoreTeams counts the matches won or drawn, each whole.
		{name: "a drawn match counted whole", id: "3", wins: "1", agreed: 1},
		{name: "wins and draws counted whole", id: "1", wins: "2", agreed: 1},
		{name: "wins that no count gives", id: "3", wins: "2", flagged: 1, message: "team 3: WINS_OR_DRAWS 2, but its 2 matches give 0.5 (1 counting a drawn match whole)"},
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
				m.AddMatch("A", Match{IDs: x.ids, Scores: [2]Written{{Text: x.scores[0]}, {Text: x.scores[1]}}, Round: round})
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
		m.AddMatch("A", Match{IDs: [2]string{"1", "2"}, Scores: [2]Written{{Text: "10"}, {Text: "10"}}})
	}
	for _, id := range []string{"1", "2"} {
		m.AddParticipant("A", MatchParticipant{ID: id, Kind: "team", MatchPoints: true,
			Total: Written{Name: "TOTAL_SCORE", Text: "1"}, Wins: Written{Name: "WINS_OR_DRAWS", Text: "1"}})
	}
	if m.held != maxMatchTotals {
		t.Fatalf("held %d", m.held)
	}
	var l diag.Ledger
	// The matches' scores: those held are not recomputed (they have no
	// boards), those dropped are counted with the totals.
	if found := m.Check(&l); len(found) > 0 || l.Unchecked[diag.FieldIncomplete] != 4+2*10 || l.Unchecked[diag.NotRecomputed] != 2*maxMatchTotals || l.Checked() != 0 {
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
				m.AddMatch("A", Match{IDs: [2]string{x[0], x[1]}, Scores: [2]Written{{Text: "12"}, {Text: "8"}}, Round: round})
			}
			m.AddParticipant("A", MatchParticipant{ID: "1", Kind: "team", MatchPoints: true, Total: Written{Name: "TOTAL_SCORE", Text: "99"}})
			var l diag.Ledger
			if found := m.Check(&l); len(found) > 0 || l.Unchecked[diag.FieldIncomplete] != 1 {
				t.Fatalf("found %v, ledger %+v", found, l)
			}
		})
	}
}

// TestMatchVPs: a team match's victory points agree when they are the
// WBF 2013 scale's for its IMP margin (by its tables' scores or as its
// boards state it); a match that does not fit is flagged only where the
// file's other matches follow the scale, and is otherwise not recomputed.
func TestMatchVPs(t *testing.T) {
	vp := func(imps, boards int) [2]string {
		return [2]string{fmt.Sprintf("%.2f", VP(imps, boards)), fmt.Sprintf("%.2f", VP(-imps, boards))}
	}
	type match struct {
		scores   [2]string
		imps     []int // each board's IMPs by the tables
		stated   []int // each board's IMPs as stated, nil for none
		declared int   // the boards the match says it holds
	}
	fits := []match{
		{scores: vp(12, 3), imps: []int{10, -3, 5}},
		{scores: vp(-7, 2), imps: []int{-4, -3}},
	}
	tests := []struct {
		name            string
		matches         []match
		agreed, flagged int
		notRecomputed   int
		message         string
	}{
		{name: "every match on the scale", matches: fits, agreed: 4},
		{name: "a drawn match", matches: []match{{scores: [2]string{"10.00", "10.00"}, imps: []int{3, -3}}}, agreed: 2},
		{name: "on the scale by the stated IMPs", matches: []match{{scores: vp(5, 2), imps: []int{7, 0}, stated: []int{5, 0}}}, agreed: 2},
		{name: "off the scale the others follow", matches: append(fits[:2:2], match{scores: [2]string{"12.50", "7.50"}, imps: []int{7}}),
			agreed: 4, flagged: 2, message: "match 1 v 2: victory points 12.50–7.50, but a margin of 7 IMPs over 1 board gives 16.42–3.58 on the WBF 2013 continuous scale, which the file's other 2 matches follow"},
		{name: "off the scale, one other on it", matches: []match{fits[0], {scores: [2]string{"12.50", "7.50"}, imps: []int{7}}}, agreed: 2, notRecomputed: 2},
		{name: "boards missing", matches: []match{fits[0], fits[1], {scores: [2]string{"12.50", "7.50"}, imps: []int{7}, declared: 2}}, agreed: 4, notRecomputed: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewMatchTotals()
			for _, x := range tt.matches {
				m.AddMatch("A", Match{IDs: [2]string{"1", "2"}, Scores: [2]Written{{Text: x.scores[0]}, {Text: x.scores[1]}}, Boards: x.declared})
				for i, imps := range x.imps {
					b := MatchIMPs{IMPs: imps, Known: true}
					if x.stated != nil {
						b.Stated, b.StatedKnown = x.stated[i], true
					}
					m.AddMatchBoard("A", b)
				}
			}
			var l diag.Ledger
			found := m.Check(&l)
			if l.Agreed != tt.agreed || l.Flagged != tt.flagged || l.Unchecked[diag.NotRecomputed] != tt.notRecomputed {
				t.Fatalf("agreed %d, flagged %d, unchecked %v, found %v", l.Agreed, l.Flagged, l.Unchecked, found)
			}
			if tt.message != "" && (len(found) != 1 || !strings.HasPrefix(found[0].Message, tt.message) || found[0].Code != diag.VPMismatch) {
				t.Fatalf("found %v, want %q", found, tt.message)
			}
		})
	}
}
