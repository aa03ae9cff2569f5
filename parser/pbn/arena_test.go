package pbn

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/internal/testinput"
)

// TestArena reads each fixture three times into one arena, with a Reset
// between: each time, every game is what a game read into memory of its
// own is, so that nothing of an earlier batch shows through memory used
// again.
func TestArena(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("testdata/*.pbn")
	var a Arena
	testinput.EachFile(t, files, func(src []byte, name string) {
		want := Parse(src, name)
		var wantDump strings.Builder
		for _, g := range want.Games {
			dumpGame(&wantDump, g)
		}
		for round := range 3 {
			r := NewReader(bytes.NewReader(src), name)
			p := NewParser(name)
			p.UseArena(&a)
			var res Resolver
			var got strings.Builder
			for text, err := range r.GameTexts() {
				if err != nil {
					t.Fatal(err)
				}
				g := p.Parse(text)
				res.Resolve(g)
				dumpGame(&got, g)
			}
			if got.String() != wantDump.String() {
				t.Fatalf("%s, round %d: games read into an arena differ: %s", name, round+1, firstDiff(wantDump.String(), got.String()))
			}
			a.Reset()
		}
	})
}

// TestArenaChunks: games that do not fit the arena's chunk are carved
// from a new one, and those carved before keep their values.
func TestArenaChunks(t *testing.T) {
	var a Arena
	var kept [][]Tag
	for i := range 40 {
		s := a.newTags(i + 1)
		if len(s) != i+1 || cap(s) != i+1 {
			t.Fatalf("newTags(%d): len %d cap %d", i+1, len(s), cap(s))
		}
		for j := range s {
			if s[j].Name != "" {
				t.Fatalf("newTags(%d): element %d not zero", i+1, j)
			}
			s[j].Name = strings.Repeat("x", i+1)
		}
		kept = append(kept, s)
	}
	for i, s := range kept {
		for _, tag := range s {
			if len(tag.Name) != i+1 {
				t.Fatalf("tags %d overwritten: %q", i+1, tag.Name)
			}
		}
	}
	a.Reset()
	if s := a.newTags(10); s[0].Name != "" {
		t.Fatalf("after Reset, a tag holds %q", s[0].Name)
	}
	var nilArena *Arena
	if s := nilArena.newTokens(3); len(s) != 3 {
		t.Fatalf("a nil arena gave %d tokens", len(s))
	}
}
