package scoring_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/scoring"
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

// TestCorpusMutated changes one number in a copy of real files — a
// traveller's score and IMPs, a pair's total and rank, a double-dummy
// entry, the stated par — and requires each to be found at its line,
// with the right code.
func TestCorpusMutated(t *testing.T) {
	dir := testinput.NeedCorpus(t)
	for _, tc := range []struct {
		file, old, new string
		line           int
		code           diag.Code
	}{
		{"richardschneider-pbn/ruter71.pbn", `2 1  3  4 1N  N  8 ST   "120"      -   5  -5  -90`, `2 1  3  4 1N  N  8 ST   "150"      -   5  -5  -90`, 71, diag.ScoreTableScore},
		{"richardschneider-pbn/ruter71.pbn", `3 1  6  5 2S  W  7 HJ    "50"      -   4  -4  -90`, `3 1  6  5 2S  W  7 HJ    "50"      -   3  -4  -90`, 72, diag.ScoreTablePoints},
		{"richardschneider-pbn/ruter71.pbn", ` 1  -  3 2 "N-S"  50 `, ` 1  -  3 2 "N-S"  52 `, 54, diag.TotalMismatch},
		{"richardschneider-pbn/ruter71.pbn", ` 3  -  7 4 "N-S"  34 `, ` 5  -  7 4 "N-S"  34 `, 56, diag.TotalMismatch},
		{"richardschneider-pbn/ruter71.pbn", `"Clas Gundersen - Glenn Mathisen"                  21 `, `"Clas Gundersen - Glenn Mathisen"                  20 `, 56, diag.TotalMismatch},
		{"endplay/example2.pbn", "N NT  7\nN  S  7\n", "N NT  7\nN  S  8\n", 28, diag.DDTableInvalid},
		{"endplay/example2.pbn", `[OptimumScore "NS +90"]`, `[OptimumScore "NS +110"]`, 47, diag.ParMismatch},
	} {
		src, err := os.ReadFile(filepath.Join(dir, tc.file))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Count(src, []byte(tc.old)) < 1 {
			t.Fatalf("%s: %q not found", tc.file, tc.old)
		}
		mutated := bytes.Replace(src, []byte(tc.old), []byte(tc.new), 1)
		found := false
		p := corpus.Process(tc.file, bytes.NewReader(mutated), corpus.AuditOptions{AllFindings: true, SkipDuplicates: true})
		for f := range p.All() {
			if f.Code == tc.code && f.Line == tc.line {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: %q → %q: no %s at line %d", tc.file, tc.old, tc.new, tc.code, tc.line)
		}
	}
}
