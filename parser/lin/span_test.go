package lin

import (
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/parser/charset"
)

// TestSpans checks, on every fixture and corpus file, that each pair's
// value is found at its span in the decoded text: what a repair would
// rewrite is exactly the value read.
func TestSpans(t *testing.T) {
	t.Parallel()
	files := testinput.Glob(t, "testdata/*.input")
	if testinput.HaveCorpus() {
		files = append(files, corpusLINFiles(t)...)
	}
	checked := 0
	testinput.EachFile(t, files, func(src []byte, name string) {
		text, _, err := charset.DecodeBytes(src)
		if err != nil {
			t.Fatal(err)
		}
		recs, _ := Parse(text, name)
		bad := 0
		for _, rec := range recs {
			for _, p := range rec.Pairs {
				sp := p.ValueSpan()
				if sp.End == 0 {
					continue // decoded from a URL or a page
				}
				got := string(text[sp.Offset:sp.End])
				if strings.ContainsAny(got, "\r\n") {
					continue // a value joined over a line break
				}
				checked++
				if got != p.Value && strings.TrimSpace(got) != p.Value {
					if bad++; bad <= 3 {
						t.Errorf("%s: %s value %q read from %q at %s", name, p.Label, p.Value, got, sp.Pos)
					}
				}
			}
		}
	})
	if checked < 100 {
		t.Errorf("only %d values checked", checked)
	}
}
