package convert

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/parser/pbn"
)

// TestBoardSpans: the spans the boards carry are those of the text read,
// so that a repair rewrites exactly a tag's value, a call or a card.
func TestBoardSpans(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("testdata/*.input")
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data[:min(len(data), 200)]), "|") {
			continue // LIN
		}
		text := string(data)
		for b, err := range readPBNBoards(pbn.NewReader(strings.NewReader(text), f)) {
			if err != nil {
				t.Fatal(err)
			}
			for _, tag := range []struct {
				name string
				sp   func() (string, int, int)
			}{
				{"Contract", func() (string, int, int) {
					return b.File.ContractTag.Value, b.File.ContractTag.ValueSpan.Offset, b.File.ContractTag.ValueSpan.End
				}},
				{"Deal", func() (string, int, int) { return b.DealTag.Value, b.DealTag.ValueSpan.Offset, b.DealTag.ValueSpan.End }},
			} {
				v, from, to := tag.sp()
				if to == 0 || b.Source.Game > 1 && strings.HasPrefix(text[from:to], `"#`) {
					continue
				}
				checked++
				if got := text[from:to]; got != `"`+v+`"` {
					t.Errorf("%s game %d: %s %q has the span %q", f, b.Source.Game, tag.name, v, got)
				}
			}
			for _, c := range b.Auction.Calls {
				if c.End > 0 {
					checked++
					if got := text[c.End-len(c.Text) : c.End]; got != c.Text {
						t.Errorf("%s game %d: call %q has the span %q", f, b.Source.Game, c.Text, got)
					}
				}
			}
			for _, c := range b.Play.Cards {
				if c.End > 0 {
					checked++
					if got := text[c.End-len(c.Text) : c.End]; got != c.Text {
						t.Errorf("%s game %d: card %q has the span %q", f, b.Source.Game, c.Text, got)
					}
				}
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d spans checked", checked)
	}
}
