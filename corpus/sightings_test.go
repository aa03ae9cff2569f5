package corpus_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
)

// TestRepeatsAsAudit: the duplicate-deal findings that Repeats finds in the
// sightings gathered by deal and by board are those Audit's one index
// finds, over files read in the order of their names: what a run spread
// over machines relies on.
func TestRepeatsAsAudit(t *testing.T) {
	t.Parallel()
	const a = "AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
	const b = "AK32.KQ4.A73.952 QJ9.A865.KQ8.K84 T876.J97.J94.AQ7 54.T32.T652.JT63"
	const turned = "T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"
	game := func(event, board, room, d string) string {
		return "[Event \"" + event + "\"]\n[Board \"" + board + "\"]\n[Room \"" + room + "\"]\n[HomeTeam \"X\"]\n[VisitTeam \"Y\"]\n[Deal \"N:" + d + "\"]\n\n"
	}
	files := map[string]string{
		"1.pbn": game("Cup", "1", "Open", a) + game("Cup", "1", "Closed", b) + game("Cup", "2", "Open", turned),
		"2.pbn": game("Cup", "01", "Open", a) + game("?", "3", "Open", b),
		"3.pbn": game("?", "3", "Open", a) + game("League", "7", "Open", turned),
	}
	dir := writeFiles(t, files)
	var paths []string
	for name := range files {
		paths = append(paths, filepath.Join(dir, name))
	}
	slices.Sort(paths)
	audit, split := repeatsBothWays(t, paths)
	if len(audit) < 4 {
		t.Errorf("only %d duplicate findings in the fixture: %q", len(audit), audit)
	}
	if !slices.Equal(audit, split) {
		t.Errorf("Audit finds\n%s\nRepeats finds\n%s", strings.Join(audit, "\n"), strings.Join(split, "\n"))
	}
}

// TestRepeatsAsAuditCorpus is TestRepeatsAsAudit over the real files
// beside the repository.
func TestRepeatsAsAuditCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the whole corpus")
	}
	var paths []string
	filepath.WalkDir(sharedCorpus, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && !strings.HasSuffix(p, ".md") && !strings.HasSuffix(p, ".tsv") {
			paths = append(paths, p)
		}
		return nil
	})
	if _, err := os.Stat(sharedCorpus); err != nil {
		t.Skipf("no corpus beside the repository (%v)", err)
	}
	if len(paths) == 0 {
		t.Fatalf("%s holds no files", sharedCorpus)
	}
	slices.Sort(paths)
	audit, split := repeatsBothWays(t, paths)
	if len(audit) == 0 {
		t.Error("no duplicate-deal finding in the whole corpus")
	}
	if !slices.Equal(audit, split) {
		t.Errorf("Audit finds %d, Repeats %d duplicate findings; first lines:\n%s\n--\n%s", len(audit), len(split),
			strings.Join(audit[:min(len(audit), 5)], "\n"), strings.Join(split[:min(len(split), 5)], "\n"))
	}
}

// repeatsBothWays returns the duplicate-deal findings of Audit over paths,
// and those of Repeats over its sightings gathered by deal and by board,
// each as sorted lines.
func repeatsBothWays(t *testing.T, paths []string) (audit, split []string) {
	t.Helper()
	byDeal, byBoard := map[string][]corpus.Sighting{}, map[string][]corpus.Sighting{}
	_, err := corpus.Audit(context.Background(), corpus.Inputs(paths, nil, corpus.Options{}), corpus.AuditOptions{AllFindings: true},
		func(p *corpus.Part) {
			for f := range p.All() {
				if f.Code == diag.DuplicateDeal {
					audit = append(audit, f.String())
				}
			}
			for _, s := range p.Sightings() {
				byDeal[s.Deal] = append(byDeal[s.Deal], s)
				if k := corpus.BoardKey(s.Place); k != "" {
					byBoard[k] = append(byBoard[k], s)
				}
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range byDeal {
		for _, f := range corpus.Repeats(g, corpus.SameDeal) {
			split = append(split, f.String())
		}
	}
	for _, g := range byBoard {
		for _, f := range corpus.Repeats(g, corpus.BoardConflict) {
			split = append(split, f.String())
		}
	}
	slices.Sort(audit)
	slices.Sort(split)
	return audit, split
}
