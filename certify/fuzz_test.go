package certify

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bridgekit/bridgekit/parser/pbn"
)

// FuzzCertify checks arbitrary text as a file that claims the export
// format: no panic, and every finding is an export-… warning at a place
// inside its game (or the header).
func FuzzCertify(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.pbn")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("% EXPORT\r\n[Deal \"N:\"]\r\n[Auction \"N\"]\r\n1C\r\n\r\n\r\n[Board \"x\"]\r"))
	f.Fuzz(func(t *testing.T, src []byte) {
		file := pbn.Parse(append([]byte("% EXPORT\n"), src...), "fuzz.pbn")
		c := NewChecker("fuzz.pbn", file.Header)
		for _, d := range c.Header() {
			if !d.Pos.IsValid() || len(d.Code) < 7 || d.Code[:7] != "export-" {
				t.Fatalf("header finding %v", d)
			}
		}
		for _, g := range file.Games {
			for _, d := range c.Check(g) {
				if len(d.Code) < 7 || d.Code[:7] != "export-" || d.Game != g.Index {
					t.Fatalf("finding %v of game %d", d, g.Index)
				}
				if !d.Pos.IsValid() || d.Pos.Offset < g.Pos.Offset || d.Pos.Offset > g.End.Offset {
					t.Fatalf("finding %v outside game %d (%s-%s)", d, g.Index, g.Pos, g.End)
				}
			}
		}
	})
}
