package scoring

import (
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/record"
)

// TestPointTags: a game's own ScoreIMP, ScoreMP and ScorePercentage are
// counted, and checked against the row of its traveller with the board's
// score; without such a row they are counted unchecked, and a value that
// does not read is said.
func TestPointTags(t *testing.T) {
	// 3NT by West taking 10, not vulnerable: North–South -430.
	freq := []string{"1 4S W 10 -420 2.00 3", "2 3NT W 10 -430 -1.41 2", "3 3NT W 9 -400 4.00 1", "4 4S W 11 -450 -6.00 1"}
	for _, tc := range []struct {
		name  string
		tags  string // name=value pairs, parted by |
		table bool
		want  string // the ledger
		codes []diag.Code
	}{
		{"ScoreIMP agrees", "ScoreIMP=NS -1.41", true, "agreed 1, flagged 0, unchecked 0", nil},
		{"ScoreIMP for East-West", "ScoreIMP=EW 1.41", true, "agreed 1, flagged 0, unchecked 0", nil},
		{"ScoreIMP differs", "ScoreIMP=NS 9.99", true, "agreed 0, flagged 1, unchecked 0", []diag.Code{diag.PointsMismatch}},
		{"bare number, declarer's side", "ScoreIMP=1.41", true, "agreed 1, flagged 0, unchecked 0", nil},
		{"no traveller", "ScorePercentage=NS 91.24|ScoreMP=NS 3.5", false, "agreed 0, flagged 0, unchecked 2 — not-recomputed 2", nil},
		{"no column", "ScoreMP=NS 3.5", true, "agreed 0, flagged 0, unchecked 1 — not-recomputed 1", nil},
		{"unreadable", "ScorePercentage=10.a", false, "agreed 0, flagged 0, unchecked 1 — cell-unreadable 1", []diag.Code{diag.UnreadableValue}},
		{"rubber", "ScoreRubber=NS 30/60|ScoreRubberHistory=NS 0 0/60 EW 0 0/0", false, "agreed 0, flagged 0, unchecked 8 — not-recomputed 8", nil},
		{"unknown", "ScoreIMP=?", true, "agreed 0, flagged 0, unchecked 0", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := &record.Board{}
			if tc.table {
				b = traveller("Rank;Contract;Declarer;Result;Score_NS;IMP_NS;Multiplicity", freq...)
			}
			b.Vulnerable, b.VulnerableKnown = auction.VulNone, true
			b.File.Contract, b.File.ContractKnown = auction.Contract{Level: 3, Strain: auction.NoTrump, Declarer: auction.West}, true
			b.File.Declarer, b.File.DeclarerKnown, b.File.Tricks, b.File.TricksKnown = auction.West, true, 10, true
			for _, kv := range strings.Split(tc.tags, "|") {
				name, value, _ := strings.Cut(kv, "=")
				b.Tags = append(b.Tags, record.Tag{Name: name, Value: value})
			}
			var codes []diag.Code
			for _, d := range checkPointTags(b) {
				codes = append(codes, d.Code)
			}
			if got := b.Coverage.Text(); !strings.HasSuffix(got, ": "+tc.want) && got != "0: "+tc.want || len(codes) != len(tc.codes) || len(codes) > 0 && codes[0] != tc.codes[0] {
				t.Errorf("%s: ledger %q, findings %v; want %q, %v", tc.tags, got, codes, tc.want, tc.codes)
			}
		})
	}
}

// TestFrequencyTraveller: a table of scores and their frequencies,
// without the tables or pairs that had them, is checked as the whole
// field when its points fit it in the main (the PBN standard's own
// example, OKbridge's and Ruitenboer's travellers), a wrong row then
// flagged; an excerpt, whose points its rows do not give, and a table of
// fewer than four rows are counted unchecked.
func TestFrequencyTraveller(t *testing.T) {
	rows := []string{"400 4 97.500", "300 2 92.500", "180 1 90.000", "150 8 82.500", "120 8 69.167",
		"110 2 60.833", "100 1 58.333", "90 3 55.000", "-50 18 37.500", "-100 10 14.167", "-150 4 2.500"}
	typo := append([]string{"400 4 96.500"}, rows[1:]...)
	for _, tc := range []struct {
		name string
		rows []string
		want string
	}{
		{"whole field", rows, "agreed 11, flagged 0"},
		{"one typo", typo, "agreed 10, flagged 1"},
		{"best four", rows[:4], "agreed 0, flagged 0, unchecked 4 — excerpt 4"},
		{"three rows", rows[8:], "agreed 0, flagged 0, unchecked 3 — excerpt 3"},
	} {
		b := traveller("Score_NS;Multiplicity;Percentage_NS", tc.rows...)
		b.VulnerableKnown = true
		checkTraveller(b, Method{Base: MatchPoints})
		// The scores, without contracts, are counted apart.
		b.Coverage.Unchecked[diag.OutcomeUnknown] = 0
		if got := b.Coverage.Text(); !strings.Contains(got, ": "+tc.want) {
			t.Errorf("%s: ledger %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestFieldIMPs: a traveller of more than two results whose Scoring says
// IMP alone (teams' two rooms) is read as IMPs across the field, in the
// reading that fits its rows: OKbridge's cross-IMPs divided by the
// comparisons.
func TestFieldIMPs(t *testing.T) {
	m, err := ParseMethod("IMP")
	if err != nil {
		t.Fatal(err)
	}
	// Each row's IMPs against the five others, over the 5 comparisons
	// (over the 6 scores, 2.20 would be 1.83: near enough to a whole IMP
	// to fit too, but not exactly).
	b := traveller("PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;IMP_NS",
		"1 7 1NT N 9 150 2.20", "2 8 1NT N 8 120 1.20", "3 9 2S N 8 110 1.00", "4 10 1S N 7 80 0.00",
		"5 11 1H N 7 80 0.00", "6 12 1D N 6 -50 -4.40")
	b.VulnerableKnown = true
	var got []string
	for _, d := range checkTraveller(b, m) {
		got = append(got, d.Message)
	}
	if c := b.Coverage.Text(); len(got) != 0 || !strings.HasPrefix(c, "12: agreed 12, flagged 0") {
		t.Errorf("ledger %q, findings %q", c, got)
	}
}

// TestContestTables: the points of an ActionTable and an InstantScoreTable
// are counted unchecked; their calls, cards and ranges of scores are not
// numbers they state.
func TestContestTables(t *testing.T) {
	b := traveller("Rank;Call;Percentage", "1 1NT 100", "2 2C 60", "3 Pass ?")
	b.Tables[0].Tag.Name = "ActionTable"
	instant := traveller("ScoreRange_NS;IMP_NS;IMP_EW", "400,* 2 -2", "*,399 -2 2")
	instant.Tables[0].Tag.Name = "InstantScoreTable"
	b.Tables = append(b.Tables, instant.Tables[0])
	countPointTables(b)
	if got := b.Coverage.Text(); got != "9: agreed 0, flagged 0, unchecked 9 — not-recomputed 9" {
		t.Errorf("ledger %q", got)
	}
}

// TestParseMinimax reads Deep Finesse's par: a contract, its declarer and
// North–South's score.
func TestParseMinimax(t *testing.T) {
	for in, want := range map[string]int{
		"4HS420": 420, "3NW-430": -430, "4SDE300": 300, "5DS400": 400, "6NTN990": 990, "4DDS-510": -510, "0": 0,
	} {
		if got, err := parseMinimax(in); err != nil || got != want {
			t.Errorf("parseMinimax(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "4H", "4HS", "8HS420", "4HQ420", "NS 420"} {
		if _, err := parseMinimax(in); err == nil {
			t.Errorf("parseMinimax(%q) reads", in)
		}
	}
}
