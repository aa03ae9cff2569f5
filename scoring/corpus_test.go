package scoring_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"bridgekit/corpus"
	"bridgekit/diag"
	"bridgekit/internal/testinput"
	"bridgekit/scoring"
)

// TestCorpusNoFalseFindings audits the corpus files that state scoring
// numbers — travellers, double-dummy tables, par — and requires that
// nothing but the one impossible entry there is reported above info:
// real programs wrote these numbers, and they add up. It also counts the
// boards whose stated par was recomputed and found to agree.
func TestCorpusNoFalseFindings(t *testing.T) {
	dir := testinput.NeedCorpus(t)
	files := append(testinput.Glob(t, filepath.Join(dir, "*", "*.pbn")), testinput.Glob(t, filepath.Join(dir, "*", "*", "*.pbn"))...)
	parsAgreed, travellers := 0, 0
	testinput.EachFile(t, files, func(src []byte, name string) {
		if !bytes.Contains(src, []byte("ScoreTable")) && !bytes.Contains(src, []byte("OptimumResultTable")) && !bytes.Contains(src, []byte("DoubleDummyTricks")) {
			return
		}
		p := corpus.Process(name, bytes.NewReader(src), corpus.AuditOptions{AllFindings: true, SkipDuplicates: true, Boards: true})
		for _, pb := range p.Boards {
			found := map[diag.Code]bool{}
			for _, f := range pb.Findings {
				found[f.Code] = true
				switch f.Code {
				case diag.ScoringUnknown, diag.DDTableInvalid, diag.ParMismatch, diag.ScoreTableScore, diag.ScoreTablePoints, diag.ScoreTableMissing:
					if f.Severity > diag.Info && !strings.Contains(f.Message, `"-9752"`) {
						t.Errorf("%s", f)
					}
				}
			}
			b := pb.Board
			if b == nil {
				continue
			}
			if scoring.ReadTraveller(b, false) != nil {
				travellers++
			}
			dd, _ := scoring.DoubleDummy(b)
			if os := b.Field("OptimumScore"); os != nil && os.Value != "" && len(dd) > 0 && dd[0].Full() && !found[diag.ParMismatch] {
				parsAgreed++
			}
		}
	})
	t.Logf("%d stated pars recomputed and agreed, %d travellers checked", parsAgreed, travellers)
	if parsAgreed < 1730 || travellers < 39 {
		t.Errorf("%d pars agreed and %d travellers read: the corpus holds 1,730 and 39", parsAgreed, travellers)
	}
}
