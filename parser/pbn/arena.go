package pbn

import "github.com/bridgekit/bridgekit/parser/internal/scan"

// An Arena holds the tags, sections and call and card tokens of the games
// a Parser reads (see Parser.UseArena), so that a reader of a large file
// can use the same memory for one batch of games after another rather than
// ask the collector for it anew: the tags alone were a third of what an
// audit of PBN allocated.
//
// Reset makes all of it free again. A game read into an arena must not be
// used after the arena's Reset, nor anything of it but the strings: those
// are the game's text, which the arena does not hold. The zero Arena is
// ready to use; an Arena is not safe for concurrent use.
type Arena struct {
	tags []Tag
	ptrs []*Tag
	secs []Section
	toks []Token
}

// Reset frees everything the arena holds for the games read into it
// since the last Reset.
func (a *Arena) Reset() {
	a.tags = scan.ResetChunk(a.tags)
	a.ptrs = scan.ResetChunk(a.ptrs)
	a.secs = scan.ResetChunk(a.secs)
	a.toks = scan.ResetChunk(a.toks)
}

// newTags, newTagPointers, newSections and newTokens return n zero
// elements from the arena, or from the collector for a nil arena.
func (a *Arena) newTags(n int) []Tag {
	if a == nil {
		return make([]Tag, n)
	}
	return scan.Carve(&a.tags, n)
}

func (a *Arena) newTagPointers(n int) []*Tag {
	if a == nil {
		return make([]*Tag, n)
	}
	return scan.Carve(&a.ptrs, n)
}

func (a *Arena) newSections(n int) []Section {
	if a == nil {
		return make([]Section, n)
	}
	return scan.Carve(&a.secs, n)
}

func (a *Arena) newTokens(n int) []Token {
	if a == nil {
		return make([]Token, n)
	}
	return scan.Carve(&a.toks, n)
}
