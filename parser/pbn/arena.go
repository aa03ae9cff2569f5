package pbn

import "unsafe"

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

// maxArenaBytes bounds the memory Reset keeps of each kind: the memory of
// a game far larger than the rest (a section of thousands of tokens) is
// left to the collector rather than held for the next batch.
const maxArenaBytes = 4 << 20

// Reset frees everything the arena holds for the games read into it
// since the last Reset.
func (a *Arena) Reset() {
	a.tags = reset(a.tags)
	a.ptrs = reset(a.ptrs)
	a.secs = reset(a.secs)
	a.toks = reset(a.toks)
}

// reset clears the used part of buf, so that what is carved from it is
// zero as new memory is and the collector keeps nothing alive through it.
func reset[T any](buf []T) []T {
	var zero T
	if uintptr(cap(buf))*unsafe.Sizeof(zero) > maxArenaBytes {
		return nil
	}
	clear(buf)
	return buf[:0]
}

// newTags, newTagPointers, newSections and newTokens return n zero
// elements from the arena, or from the collector for a nil arena.
func (a *Arena) newTags(n int) []Tag {
	if a == nil {
		return make([]Tag, n)
	}
	return carve(&a.tags, n)
}

func (a *Arena) newTagPointers(n int) []*Tag {
	if a == nil {
		return make([]*Tag, n)
	}
	return carve(&a.ptrs, n)
}

func (a *Arena) newSections(n int) []Section {
	if a == nil {
		return make([]Section, n)
	}
	return carve(&a.secs, n)
}

func (a *Arena) newTokens(n int) []Token {
	if a == nil {
		return make([]Token, n)
	}
	return carve(&a.toks, n)
}

// carve returns n elements from buf, or from a new chunk when buf has no
// room left: the chunks grow until one holds what a batch needs.
func carve[T any](buf *[]T, n int) []T {
	b := *buf
	if cap(b)-len(b) < n {
		b = make([]T, 0, max(2*cap(b), n, 256))
	}
	s := b[len(b) : len(b)+n : len(b)+n]
	*buf = b[:len(b)+n]
	return s
}
