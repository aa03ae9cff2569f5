package pbn

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/testinput"
)

// FuzzParse reads arbitrary bytes as PBN. Whatever the input: no panic,
// games numbered in order with their Source matching their positions, every
// position inside its game, every token and tag at a place of the game's
// text, the games' text read again gives the same games, and reading the
// games apart (GameTexts, Parser, Resolver), into an arena used again,
// gives the games read in order.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*.pbn")
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		"[Event \"x\"]\n{", "[Auction \"N\"]\n1C !!! =1= $300 ^I ^R +", "[ScoreTable \"A\\2R;B\"]\n1 2 3\n\"x",
		"[Deal \"a\"]\n[Deal \"b\"]\r\r[Deal \"c\"]", "%\n\n%x\n\n", "[A \"\\\"]", "[A\n\"x\"\n]", "\xff\xfe[\x00A\x00",
	} {
		f.Add([]byte(s))
	}
	if files, err := filepath.Glob(filepath.Join(testinput.CorpusDir(), "bridge-pbn-ruby", "*", "*.pbn")); err == nil {
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(b)
			}
		}
	}
	var a Arena // used again from input to input
	f.Fuzz(func(t *testing.T, src []byte) {
		file := Parse(src, "fuzz.pbn")
		prev := 0
		for i, g := range file.Games {
			checkFuzzGame(t, g, i+1, prev)
			prev = g.End.Offset
		}
		if file.Trailer != nil {
			checkFuzzGame(t, file.Trailer, 0, prev)
		}
		// A byte-order mark makes the text read again as the UTF-8 it is,
		// whatever its bytes look like.
		again := []byte("\xEF\xBB\xBF")
		for _, g := range file.Games {
			again = append(again, g.Source...)
			again = append(again, "\n\n"...)
		}
		if n := len(Parse(again, "again.pbn").Games); n != len(file.Games) {
			t.Errorf("%d games; their text read again gives %d", len(file.Games), n)
		}
		checkApart(t, src, "fuzz.pbn", &a)
		a.Reset()
	})
}

func checkFuzzGame(t *testing.T, g *Game, index, prev int) {
	t.Helper()
	if g.Index != index || g.Pos.Offset < prev || g.End.Offset-g.Pos.Offset != len(g.Source) || !utf8.ValidString(g.Source) {
		t.Fatalf("game %d: index %d, %s-%s after %d, %d bytes of source", index, g.Index, g.Pos, g.End, prev, len(g.Source))
	}
	inside := func(what string, p diag.Pos) {
		if !p.IsValid() || p.Offset < g.Pos.Offset || p.Offset > g.End.Offset {
			t.Fatalf("game %d: %s at %v, outside %s-%s", index, what, p, g.Pos, g.End)
		}
	}
	for _, d := range g.Diagnostics {
		inside("diagnostic "+string(d.Code), d.Pos)
	}
	for _, tag := range g.Tags {
		inside("tag "+tag.Name, tag.Pos)
		if g.Source[tag.Pos.Offset-g.Pos.Offset] != '[' {
			t.Fatalf("game %d: tag %s does not start with '['", index, tag.Name)
		}
		if s := tag.Section; s != nil {
			for _, tok := range s.Tokens {
				inside("token "+tok.Text, tok.Pos)
			}
			for _, row := range s.Rows {
				for _, c := range row {
					inside("cell "+c.Text, c.Pos)
				}
			}
		}
	}
	if g.Incomplete != (len(g.Diagnostics.Errors()) > 0) {
		t.Fatalf("game %d: Incomplete %v, errors %v", index, g.Incomplete, g.Diagnostics.Errors())
	}
}
