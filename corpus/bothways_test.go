package corpus_test

import (
	"context"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
)

// recordFiles lists the files of the repository and of the shared corpus,
// when it is there, whose extension (lower case) is one of exts.
func recordFiles(t *testing.T, exts ...string) []string {
	t.Helper()
	var files []string
	for _, dir := range []string{"..", sharedCorpus} {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // the corpus is absent
			}
			if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != dir {
				return filepath.SkipDir
			}
			if !d.IsDir() && slices.Contains(exts, strings.ToLower(filepath.Ext(path))) {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) == 0 {
		t.Fatalf("no %v files", exts)
	}
	return files
}

// auditBothWays audits files with each of opts twice, with set(false) and
// with set(true), a switch of a way of reading that must change nothing,
// and fails t at the first part that differs: boards, findings, reports.
// A list of no findings is taken as nil either way.
func auditBothWays(t *testing.T, files []string, opts []corpus.AuditOptions, set func(bool) bool, what string) {
	t.Helper()
	defer set(set(true))
	for _, o := range opts {
		audit := func(on bool) []*corpus.Part {
			set(on)
			var parts []*corpus.Part
			_, err := corpus.Audit(context.Background(), corpus.Inputs(files, nil, corpus.Options{}), o, func(p *corpus.Part) {
				p.Input = nil // an input of its own each run
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
		off, on := audit(false), audit(true)
		if len(off) != len(on) {
			t.Fatalf("%d parts %s, %d without", len(on), what, len(off))
		}
		for i := range off {
			a, b := off[i], on[i]
			if reflect.DeepEqual(a, b) {
				continue
			}
			t.Errorf("%s: part %d differs %s", a.Name, i, what)
			if !reflect.DeepEqual(a.Report, b.Report) {
				t.Logf("report: codes %v / %v; severities %v / %v", a.Report.Codes, b.Report.Codes, a.Report.Severities, b.Report.Severities)
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
