package scoring_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/testinput"
)

var update = flag.Bool("update", false, "write the golden files")

// scoringCodes are the codes this package reports.
var scoringCodes = map[diag.Code]bool{
	diag.ScoringUnknown: true, diag.DDTableInvalid: true, diag.ParMismatch: true,
	diag.ScoreTableScore: true, diag.ScoreTablePoints: true, diag.ScoreTableMissing: true, diag.ScoreTableUnread: true,
	diag.RoomsDiffer: true, diag.IMPMismatch: true, diag.PointsMismatch: true, diag.UnreadableValue: true, diag.CarryOverMismatch: true, diag.TotalMismatch: true,
}

// TestGolden audits each file of testdata and compares what this package
// finds with its .golden file: every mutated number found at its row, and
// nothing on the boards that are right.
func TestGolden(t *testing.T) {
	for _, file := range append(testinput.Glob(t, "testdata/*.pbn"), testinput.Glob(t, "testdata/*.lin")...) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p := corpus.Process(filepath.Base(file), bytes.NewReader(src), corpus.AuditOptions{AllFindings: true, SkipDuplicates: true})
			var got strings.Builder
			for f := range p.All() {
				if scoringCodes[f.Code] {
					got.WriteString(f.String() + "\n")
				}
			}
			golden := file + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != string(want) {
				t.Errorf("findings differ from %s:\n%s", golden, got.String())
			}
		})
	}
}

// TestManyTotalTables: a file of more total tables than are held is read
// in bounded memory, and the numbers of the tables past the bound are
// counted unchecked, not passed over.
func TestManyTotalTables(t *testing.T) {
	var text strings.Builder
	const tables = 40
	for i := range tables {
		fmt.Fprintf(&text, "[Event \"E\"]\n[Board \"%d\"]\n[TotalScoreTable \"Rank;PairId;TotalMP;NrBoards\"]\n1 1 5 2\n2 2 3 2\n\n", i+1)
	}
	p := corpus.Process("many.pbn", strings.NewReader(text.String()), corpus.AuditOptions{AllFindings: true, SkipDuplicates: true})
	// Three numbers a row (PairId says whose row it is), two rows a table.
	if got, want := p.Report.Coverage.Stated(), 3*2*tables; got != want {
		t.Errorf("%d numbers stated, want %d", got, want)
	}
	if got, want := p.Report.Coverage.Unchecked[diag.NotRecomputed], 3*2*(tables-32); got != want {
		t.Errorf("%d not recomputed, want %d (the tables past the bound)", got, want)
	}
}

// TestTeamTablesCounted: a team event's ScoreTable of matches and its
// TotalScoreTable by TeamId (as Ruter writes them) state victory points
// bridgekit does not recompute: each is counted, unchecked with a reason,
// not passed over.
func TestTeamTablesCounted(t *testing.T) {
	const text = `[Event "Teams"]
[Board "1"]
[Scoring "IMP"]
[TotalScoreTable "Rank\2R;TeamId\2R;TotalScoreVP\5R;TeamName\17L;NrRounds\1R"]
 1  1 15.75 "Home" 1
 2  2  4.25 "Away" 1
[ScoreTable "Round\1R;Table\1R;TeamId_Home\2R;TeamId_Away\2R;VP_Home\5R;VP_Away\5R"]
1 1  1  2  15.75  4.25
`
	p := corpus.Process("teams.pbn", strings.NewReader(text), corpus.AuditOptions{AllFindings: true, SkipDuplicates: true})
	// Two VPs of the match; a rank, a total and a round count of each team.
	if got := p.Report.Coverage.Stated(); got != 8 {
		t.Errorf("%d numbers stated, want 8: %s", got, p.Report.Coverage.Text())
	}
	if got := p.Report.Coverage.Checked(); got != 0 {
		t.Errorf("%d numbers checked, want 0", got)
	}
}

// TestUncheckedTotals holds a total table bridgekit cannot check to
// being said unchecked for the reason that holds, not for results said
// missing: the players' totals of an individual event whose traveller
// names no players, which it cannot add up; a table that says no pair's
// number of boards (as a USEBIO section converted to PBN writes it).
func TestUncheckedTotals(t *testing.T) {
	unnamed, err := os.ReadFile("testdata/individual-unnamed.pbn")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, text, want string }{
		{"individual-unnamed.pbn", string(unnamed), "(not-recomputed)"},
		{"totals.pbn", "[Event \"Totals\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Scoring \"MP\"]\n" +
			"[TotalScoreTable \"PairId;Rank;TotalPercentage\"]\n1 1 100.00\n2 2 0.00\n3 2 0.00\n4 1 100.00\n" +
			"[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;MP_NS;MP_EW\"]\n" +
			"1 3 4S N 10 420 2 0\n2 4 4S N 9 -50 0 2\n",
			"does not say how many boards each pair played (NrBoards)"},
	} {
		p := corpus.Process(tc.name, strings.NewReader(tc.text), corpus.AuditOptions{AllFindings: true, SkipDuplicates: true})
		found := false
		for f := range p.All() {
			if f.Code == diag.UncheckedNumbers {
				found = true
				if !strings.Contains(f.Message, tc.want) {
					t.Errorf("%s: %s, want %q", tc.name, f, tc.want)
				}
			}
		}
		if !found {
			t.Errorf("%s: no unchecked-numbers finding for the totals", tc.name)
		}
	}
}

// TestPairsWithPlayers: a pairs traveller that also names its players
// (PlayerId_North…) credits its pairs alone, and their totals are
// checked.
func TestPairsWithPlayers(t *testing.T) {
	const pbn = "[Event \"B\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Scoring \"MatchPoints\"]\n" +
		"[TotalScoreTable \"PairId;Direction;TotalScoreMP;NrBoards\"]\n1 \"N-S\" 2 1\n2 \"N-S\" 0 1\n3 \"E-W\" 0 1\n4 \"E-W\" 2 1\n" +
		"[ScoreTable \"PairId_NS;PairId_EW;PlayerId_North;PlayerId_South;PlayerId_East;PlayerId_West;Contract;Declarer;Result;Score_NS;MP_NS;MP_EW\"]\n" +
		"1 3 1 2 3 4 4S N 10 420 2 0\n2 4 5 6 7 8 4S N 9 -50 0 2\n"
	p := corpus.Process("both.pbn", strings.NewReader(pbn), corpus.AuditOptions{AllFindings: true, SkipDuplicates: true})
	if c := &p.Report.Coverage; c.Agreed != c.Stated() || c.Flagged != 0 {
		t.Errorf("coverage %s, want every number agreed", c.Text())
	}
}
