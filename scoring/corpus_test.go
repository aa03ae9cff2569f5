package scoring_test

import (
	"bytes"
	"encoding/json"
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
			if f.Code == tc.code && int(f.Line) == tc.line {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: %q → %q: no %s at line %d", tc.file, tc.old, tc.new, tc.code, tc.line)
		}
	}
}

// TestCorpusCoverage holds the coverage count to every real file: it adds
// up (stated is agreed, flagged and unchecked by known reasons, as its JSON
// must read back), it counts at least what the file's boards count, and no
// board with a traveller is left out of what score recomputes.
func TestCorpusCoverage(t *testing.T) {
	dir := testinput.NeedCorpus(t)
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if ext := strings.ToLower(filepath.Ext(p)); err == nil && d.Type().IsRegular() && (ext == ".pbn" || ext == ".lin") {
			files = append(files, p)
		}
		return nil
	})
	stated := 0
	testinput.EachFile(t, files, func(src []byte, name string) {
		p := corpus.Process(name, bytes.NewReader(src), corpus.AuditOptions{AllFindings: true, SkipDuplicates: true, Boards: true})
		data, err := json.Marshal(p.Report.Coverage)
		if err != nil {
			t.Fatal(err)
		}
		var back diag.Ledger
		if err := json.Unmarshal(data, &back); err != nil || back != p.Report.Coverage {
			t.Errorf("%s: the coverage %s does not read back (%v)", name, data, err)
		}
		var boards diag.Ledger
		e := scoring.NewEvent()
		travellers := 0
		for _, pb := range p.Boards {
			boards.Merge(&pb.Board.Coverage)
			if scoring.ReadTraveller(pb.Board, false) != nil {
				travellers++
			}
			e.Add(pb.Board, name, "")
		}
		if boards.Stated() > p.Report.Coverage.Stated() {
			t.Errorf("%s: the boards state %d numbers, the file's coverage counts %d", name, boards.Stated(), p.Report.Coverage.Stated())
		}
		scored := 0
		for _, s := range e.EndFile() {
			if ps, ok := s.(*scoring.PairsSummary); ok {
				scored += len(ps.Boards)
			}
		}
		if scored != travellers {
			t.Errorf("%s: %d boards have a traveller, score gives %d", name, travellers, scored)
		}
		stated += p.Report.Coverage.Stated()
	})
	if stated == 0 {
		t.Error("the corpus states no number bridgekit checks")
	}
	t.Logf("%d numbers stated", stated)
}
