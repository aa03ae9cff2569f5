package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
)

// TestFixProvesCorpus fixes a copy of every PBN and LIN file of the real corpus,
// with the default kinds and with board-cycle alone, and requires what
// fix promises: no board gains a finding of warning or error severity,
// and fixing the fixed files again changes nothing.
func TestFixProvesCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("fixes the whole corpus")
	}
	const shared = "../../../shared/corpus"
	if _, err := os.Stat(shared); err != nil {
		t.Skipf("no corpus beside the repository (%v)", err)
	}
	for _, kinds := range [][]string{nil, {"--only", "board-cycle"}} {
		t.Run(fmt.Sprint(kinds), func(t *testing.T) {
			dir := t.TempDir()
			n := 0
			filepath.WalkDir(shared, func(p string, d os.DirEntry, err error) error {
				ext := strings.ToLower(filepath.Ext(p))
				if err != nil || !d.Type().IsRegular() || ext != ".pbn" && ext != ".lin" {
					return nil
				}
				data, err := os.ReadFile(p)
				if err == nil {
					n++
					err = os.WriteFile(filepath.Join(dir, fmt.Sprintf("%03d%s", n, ext)), data, 0o644)
				}
				return err
			})
			if n == 0 {
				t.Fatalf("%s holds no PBN or LIN file", shared)
			}
			before := tallyDir(t, dir)
			args := append(append([]string{"bridgekit", "fix", "-w"}, kinds...), dir)
			var out, errOut bytes.Buffer
			if code := run(args, strings.NewReader(""), &out, &errOut); code >= exitError {
				t.Fatalf("fix -w: exit %d: %s", code, errOut.String())
			}
			for key, after := range tallyDir(t, dir) {
				if after > before[key] {
					t.Errorf("%s: %d findings after fix -w, %d before", key, after, before[key])
				}
			}
			out.Reset()
			errOut.Reset()
			run(append(append([]string{"bridgekit", "fix", "-l"}, kinds...), dir), strings.NewReader(""), &out, &errOut)
			if out.Len() > 0 {
				t.Errorf("fix -l after fix -w lists files, not idempotent:\n%s", out.String())
			}
		})
	}
}

// tallyDir counts the findings of warning and error severity in the files
// of dir, by file, game and code.
func tallyDir(t *testing.T, dir string) map[string]int {
	t.Helper()
	counts := map[string]int{}
	_, err := corpus.Audit(context.Background(), corpus.Inputs([]string{dir}, nil, corpus.Options{}), corpus.AuditOptions{SkipDuplicates: true, AllFindings: true},
		func(p *corpus.Part) {
			for d := range p.All() {
				if d.Severity >= diag.Warning {
					counts[fmt.Sprintf("%s game %d %s", filepath.Base(d.File), d.Game, d.Code)]++
				}
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	return counts
}
