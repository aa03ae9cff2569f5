package corpus_test

import (
	"context"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
)

// TestPlainPBNAudit audits every PBN file of the repository and of the
// shared corpus, when it is there, with the one-pass reading of plain games
// and without, read whole and in batches of a few games, and requires the
// same parts: boards, findings and reports.
func TestPlainPBNAudit(t *testing.T) {
	var files []string
	for _, dir := range []string{"..", sharedCorpus} {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // the corpus is absent
			}
			if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != dir {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".pbn") {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) == 0 {
		t.Fatal("no PBN files")
	}
	defer corpus.SetPlainPBN(corpus.SetPlainPBN(true))
	for _, opts := range []corpus.AuditOptions{
		{Boards: true},
		corpus.WithBatchBytes(corpus.AuditOptions{Boards: true, WholeLimit: 1}, 2000),
		{Certify: true},
	} {
		audit := func(plain bool) []*corpus.Part {
			corpus.SetPlainPBN(plain)
			var parts []*corpus.Part
			_, err := corpus.Audit(context.Background(), corpus.Inputs(files, nil, corpus.Options{}), opts, func(p *corpus.Part) {
				p.Input = nil // an input of its own each run
				parts = append(parts, p)
			})
			if err != nil {
				t.Fatal(err)
			}
			return parts
		}
		slow, fast := audit(false), audit(true)
		if len(slow) != len(fast) {
			t.Fatalf("%d parts read plain, %d without", len(fast), len(slow))
		}
		for i := range slow {
			if !reflect.DeepEqual(fast[i], slow[i]) {
				t.Errorf("%s: part %d differs when plain games are read in one pass", slow[i].Name, i)
			}
		}
	}
}
