package pbn

import "github.com/bridgekit/bridgekit/parser/internal/scan"

// An Arena holds the games a Parser reads (see Parser.UseArena), with
// their tags, sections, call and card tokens and table cells, so that a
// reader of a large file can use the same memory for one batch of games
// after another rather than ask the collector for it anew: the tags alone
// were a third of what an audit of PBN allocated.
//
// Reset makes all of it free again. A game read into an arena must not be
// used after the arena's Reset, nor anything of it but the strings: those
// are the game's text, which the arena does not hold. The zero Arena is
// ready to use; an Arena is not safe for concurrent use.
type Arena struct {
	games []Game
	tags  []Tag
	ptrs  []*Tag
	secs  []Section
	toks  []Token
	cells []Cell
	rows  [][]Cell
}

// Reset frees everything the arena holds for the games read into it
// since the last Reset.
func (a *Arena) Reset() {
	a.games = scan.ResetChunk(a.games)
	a.tags = scan.ResetChunk(a.tags)
	a.ptrs = scan.ResetChunk(a.ptrs)
	a.secs = scan.ResetChunk(a.secs)
	a.toks = scan.ResetChunk(a.toks)
	a.cells = scan.ResetChunk(a.cells)
	a.rows = scan.ResetChunk(a.rows)
}

// newGame returns a zero game from the arena, or from the collector for a
// nil arena.
func (a *Arena) newGame() *Game {
	if a == nil {
		return new(Game)
	}
	return &scan.Carve(&a.games, 1)[0]
}

// newTags, newTagPointers, newSections, newTokens, newCells and newRows
// return n zero elements from the arena, or from the collector for a nil
// arena.
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

func (a *Arena) newCells(n int) []Cell {
	if a == nil {
		return make([]Cell, n)
	}
	return scan.Carve(&a.cells, n)
}

func (a *Arena) newRows(n int) [][]Cell {
	if a == nil {
		return make([][]Cell, n)
	}
	return scan.Carve(&a.rows, n)
}
