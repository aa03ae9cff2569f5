package report

import (
	"bytes"
	"context"
	"io"
	"iter"
	"os"
	"path/filepath"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
)

// FuzzRender: any two files, read for their rooms and rendered as the
// report renders them, give board sections that hold no markup from the
// text, whose rooms links point into the report, and never panic. The
// seeds are small: each input is read twice by a pool of workers.
func FuzzRender(f *testing.F) {
	for _, glob := range []string{"../cmd/bridgekit/testdata/script/*.txtar", "../corpus/samples/*.pbn"} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			if data, err := os.ReadFile(file); err == nil && len(data) < 4<<10 {
				f.Add(data, []byte(`[Event "T"][Board "1"][Room "Closed"][HomeTeam "<b>"][VisitTeam "B"][Vulnerable "None"][Declarer "S"][Contract "2S"][Result "8"]`))
			}
		}
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		inputs := func() iter.Seq2[*corpus.Input, error] {
			return func(yield func(*corpus.Input, error) bool) {
				for _, in := range []struct {
					name string
					data []byte
				}{{"<i>a.pbn", a}, {"b.lin", b}} {
					open := func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(in.data)), nil }
					if !yield(corpus.NewInput(in.name, int64(len(in.data)), open), nil) {
						return
					}
				}
			}
		}
		ctx := context.Background()
		rooms, err := corpus.IndexRooms(ctx, inputs(), corpus.AuditOptions{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		render := NewWriter(nil, Options{}).Renderer(rooms)
		_, err = corpus.Audit(ctx, inputs(), corpus.AuditOptions{Boards: true, SkipDuplicates: true, Work: render}, func(p *corpus.Part) {
			sections, _ := p.Work.([][]byte)
			for _, s := range sections {
				for _, tag := range []string{"<script", "<b>", "<i>", "<img"} {
					if bytes.Contains(s, []byte(tag)) {
						t.Fatalf("a board section holds %s from the text:\n%s", tag, s)
					}
				}
				if i := bytes.Index(s, []byte(`<p class="rooms">`)); i >= 0 && !bytes.Contains(s[i:], []byte(`href="../files/0000`)) {
					t.Fatalf("a rooms line links out of the report:\n%s", s[i:])
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
