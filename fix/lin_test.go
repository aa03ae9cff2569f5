package fix

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/parser/lin"
)

// TestRSCorpus changes, one at a time, the tricks of rs entries of the
// real vugraph files (the first entries of each with a result) and fixes
// the changed file: the fix puts back the entry the file had, or leaves it
// alone, and never writes another.
func TestRSCorpus(t *testing.T) {
	dir := testinput.NeedCorpus(t)
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".lin") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatalf("%s holds no LIN file", dir)
	}
	restored, left := 0, 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		p := corpus.Process(file, bytes.NewReader(src), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
		tried := 0
		for _, pb := range p.Boards {
			b := pb.Board
			if tried == 8 || b == nil || b.LIN == nil {
				continue
			}
			t0 := b.LIN.Result
			r, err := lin.ParseResult(t0.Value)
			if err != nil || r.Passed || r.Result == "" || t0.ValueSpan.Len() != len(t0.Value) {
				continue
			}
			tried++
			wrong := r.Contract + "="
			if r.Result == "=" {
				wrong = r.Contract + "-1"
			}
			lo, hi := t0.ValueSpan.Offset, t0.ValueSpan.End
			changed := append(append(append([]byte(nil), src[:lo]...), wrong...), src[hi:]...)
			fx, err := Source(file, changed, nil)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			switch {
			case bytes.Equal(fx.Text, src):
				restored++
			case bytes.Equal(fx.Text, changed):
				left++
			default:
				t.Errorf("%s: board %s: %s changed to %s: the fix writes neither (%d edits, first %+v)", file, b.BoardLabel(), t0.Value, wrong, len(fx.Edits), fx.Edits)
			}
		}
	}
	if restored == 0 {
		t.Errorf("no changed rs entry of %d LIN files was put back", len(files))
	}
	t.Logf("%d changed rs entries put back, %d left alone", restored, left)
}
