package corpus_test

import (
	"context"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
)

// TestTallyAudit audits every PBN and LIN file of the repository and of
// the shared corpus, when it is there, with the findings past the repeat
// limit counted by the workers and with them made and dropped, read whole
// and in batches of a few games, and requires the same parts: boards,
// findings and reports.
func TestTallyAudit(t *testing.T) {
	var files []string
	for _, dir := range []string{"..", sharedCorpus} {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // the corpus is absent
			}
			if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != dir {
				return filepath.SkipDir
			}
			if ext := strings.ToLower(filepath.Ext(path)); !d.IsDir() && (ext == ".pbn" || ext == ".lin") {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) == 0 {
		t.Fatal("no PBN or LIN files")
	}
	defer corpus.SetTallyFindings(corpus.SetTallyFindings(true))
	for _, opts := range []corpus.AuditOptions{
		{},
		corpus.WithBatchBytes(corpus.AuditOptions{WholeLimit: 1}, 2000),
		{Certify: true},
		// Work sees a part's findings before Audit drops any.
		{Work: func(p *corpus.Part) any {
			var all []diag.Diagnostic
			for _, b := range p.Boards {
				all = append(all, b.Findings...)
			}
			return all
		}},
	} {
		audit := func(tally bool) []*corpus.Part {
			corpus.SetTallyFindings(tally)
			var parts []*corpus.Part
			_, err := corpus.Audit(context.Background(), corpus.Inputs(files, nil, corpus.Options{}), opts, func(p *corpus.Part) {
				p.Input = nil // an input of its own each run
				// A board whose findings were all dropped has none either
				// way, nil or empty.
				for _, b := range p.Boards {
					if len(b.Findings) == 0 {
						b.Findings = nil
					}
				}
				if len(p.Findings) == 0 {
					p.Findings = nil
				}
				parts = append(parts, p)
			})
			if err != nil {
				t.Fatal(err)
			}
			return parts
		}
		made, counted := audit(false), audit(true)
		if len(made) != len(counted) {
			t.Fatalf("%d parts with the tally, %d without", len(counted), len(made))
		}
		for i := range made {
			if !reflect.DeepEqual(counted[i], made[i]) {
				t.Errorf("%s: part %d differs when the findings past the limit are counted", made[i].Name, i)
				a, b := made[i], counted[i]
				if !reflect.DeepEqual(a.Report, b.Report) {
					t.Logf("report: codes %v / %v; sev %v / %v", a.Report.Codes, b.Report.Codes, a.Report.Severities, b.Report.Severities)
				}
				if !reflect.DeepEqual(a.Findings, b.Findings) {
					t.Logf("findings:\n%v\n%v", a.Findings, b.Findings)
				}
				for j := range a.Boards {
					if !reflect.DeepEqual(a.Boards[j], b.Boards[j]) {
						t.Logf("board %d: %+v\n%+v", j, *a.Boards[j], *b.Boards[j])
						break
					}
				}
				t.FailNow()
			}
		}
	}
}
