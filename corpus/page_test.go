package corpus_test

import (
	"bytes"
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
