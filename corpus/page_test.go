package corpus_test

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
)

// TestBBOTravellerPage: a saved BBO traveller page states, beside each
// table's handviewer link, its result, its score and its matchpoint
// percentage or IMPs. Each is checked: the result against the link's LIN,
// the score against the result, the percentages and cross-IMPs against
// all the rows. An adjusted row's mark ("A==") is read; its IMPs in a
// cross-IMP event are the regulation's, unchecked.
func TestBBOTravellerPage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		file                       string
		agreed, flagged, unchecked int
		want                       []string // findings, as place and code
	}{
		{file: "traveller-mp.html", agreed: 19},
		{file: "traveller-imp.html", agreed: 18, unchecked: 1},
		// The adjusted row's link holds no LIN: the row is said unread,
		// and the others, no longer the whole traveller, stand alone.
		{file: "traveller-unread.html", agreed: 15, unchecked: 3, want: []string{"27:76 lin-page-row"}},
		// Shown to a player sitting East–West, the page says whose
		// scores they are ("EW Points", or the player its title names),
		// and a row of the player's totals is said unread.
		{file: "traveller-ew.html", agreed: 18, unchecked: 1, want: []string{"9:1 lin-page-row"}},
		{file: "hands-list.html", agreed: 15, unchecked: 4, want: []string{"6:1 unchecked-numbers", "9:1 lin-page-row"}},
		// RealBridge's pages, made by scripts: links with qx|| (no
		// table, no finding) in a table not headed as BBO's, each row
		// said unread.
		{file: "realbridge.html", agreed: 2, want: []string{"10:1 lin-page-row", "11:1 lin-page-row"}},
		{file: "traveller-wrong.html", agreed: 14, flagged: 5, want: []string{
			"11:72 scoretable-points", // 60.00% where the rows give 25 (row 2's stated result counts)
			"16:20 result-mismatch",   // 1NN= where the LIN's claim gives 6 tricks
			"16:47 scoretable-score",  // -50 for the stated 1NN=
			"16:73 scoretable-points",
			"21:81 scoretable-score", // 430 for 3NN=
		}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile("testdata/bbo/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			p := corpus.Process(tc.file, bytes.NewReader(data), corpus.AuditOptions{AllFindings: true})
			var got []string
			for f := range p.All() {
				if f.Severity >= diag.Warning {
					got = append(got, f.Pos.String()+" "+string(f.Code))
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("findings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			c := &p.Report.Coverage
			if c.Agreed != tc.agreed || c.Flagged != tc.flagged || c.Skipped() != tc.unchecked {
				t.Errorf("coverage %s, want %d agreed, %d flagged, %d unchecked", c.Text(), tc.agreed, tc.flagged, tc.unchecked)
			}
		})
	}
}

// TestCutShortClaimCoverage: a PBN play cut short with the Result is a
// claim of it; one the tricks already lost make impossible is flagged in
// the coverage, and one the cards left allow agrees, as LIN's mc does;
// before a trick is complete, when any number is possible, it is left
// unchecked.
func TestCutShortClaimCoverage(t *testing.T) {
	t.Parallel()
	const game = "[Event \"Claims\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n" +
		"[Deal \"N:765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ\"]\n" +
		"[Declarer \"N\"]\n[Contract \"1NT\"]\n[Result \"%s\"]\n[Auction \"N\"]\n1NT Pass Pass Pass\n" +
		"[Play \"E\"]\n%s*\n"
	const tricks = "HA H8 H7 H4\nHK H9 H6 H3\n"
	for _, tc := range []struct {
		result, play            string
		agreed, flagged, noPlay int
	}{{"13", tricks, 0, 1, 0}, {"9", tricks, 1, 0, 0}, {"9", "HA\n", 0, 0, 1}} {
		p := corpus.Process("claim.pbn", strings.NewReader(fmt.Sprintf(game, tc.result, tc.play)), corpus.AuditOptions{})
		c := &p.Report.Coverage
		// The contract and declarer the auction gives agree beside it.
		if c.Agreed != 2+tc.agreed || c.Flagged != tc.flagged || c.Unchecked[diag.NoPlay] != tc.noPlay {
			t.Errorf("Result %s after %q: coverage %s, want %d agreed, %d flagged and %d no-play", tc.result, tc.play, c.Text(), 2+tc.agreed, tc.flagged, tc.noPlay)
		}
	}
}
