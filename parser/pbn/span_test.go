package pbn

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/parser/charset"
)

// TestSpans checks, on every fixture and corpus file, that each tag value
// and each token is found at its span in the decoded text: what a repair
// would rewrite is exactly the value read.
func TestSpans(t *testing.T) {
	t.Parallel()
	files := testinput.Glob(t, "testdata/*.pbn")
	if testinput.HaveCorpus() {
		for _, f := range corpusPBNFiles(t) {
			files = append(files, filepath.Join(testinput.CorpusDir(), f))
		}
	}
	testinput.EachFile(t, files, func(src []byte, name string) {
		text, _, err := charset.DecodeBytes(src)
		if err != nil {
			t.Fatal(err)
		}
		f := Parse(text, name)
		bad := 0
		for _, g := range f.Games {
			for _, tag := range g.Tags {
				sp := tag.ValueSpan()
				if sp.End == 0 || tag.Inherit != Written {
					continue
				}
				got := string(text[sp.Offset:sp.End])
				var ok bool
				switch {
				case len(got) >= 2 && got[0] == '"' && got[len(got)-1] == '"':
					ok = unescapePBN(got[1:len(got)-1]) == tag.Raw
				case strings.HasPrefix(got, `"`): // no closing quote
					ok = unescapePBN(got[1:]) == tag.Raw
				default:
					ok = got == tag.Raw
				}
				if !ok {
					if bad++; bad <= 3 {
						t.Errorf("%s: [%s] value %q read from %q at %s", name, tag.Name, tag.Raw, got, sp.Pos)
					}
				}
			}
			for _, sec := range g.Sections {
				for _, tok := range sec.Tokens {
					if tok.End == 0 || tok.End > len(text) {
						continue
					}
					if got := string(text[tok.End-len(tok.Text) : tok.End]); got != tok.Text {
						if bad++; bad <= 3 {
							t.Errorf("%s: token %q read from %q at %s", name, tok.Text, got, tok.Pos)
						}
					}
				}
			}
		}
	})
}
