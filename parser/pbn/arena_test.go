package pbn

import (
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
		for range 3 {
			checkApart(t, src, name, &a)
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
