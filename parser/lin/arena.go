package lin

import (
	"slices"

	"github.com/bridgekit/bridgekit/parser/internal/scan"
)

// An Arena holds the pairs of the records a Reader reads (see
// Reader.UseArena), or the calls and cards of those checked into it (see
// Record.CheckInto), so that a reader of a large file can use the same
// memory for one batch of records after another rather than ask the
// collector for it anew: the pairs were more than half of what an audit
// of LIN allocated.
//
// Reset makes all of it free again. A record read into an arena must not
// be used after the arena's Reset, nor anything of it but the strings:
// those are the record's text, which the arena does not hold. The zero
// Arena is ready to use; an Arena is not safe for concurrent use.
type Arena struct {
	pairs []Pair
	ptrs  []*Pair
	calls []Call
	cards []Card
	tags  []linTag
}

// Reset frees everything the arena holds for the records read into it
// since the last Reset.
func (a *Arena) Reset() {
	a.pairs = scan.ResetChunk(a.pairs)
	a.ptrs = scan.ResetChunk(a.ptrs)
	a.calls = scan.ResetChunk(a.calls)
	a.cards = scan.ResetChunk(a.cards)
	a.tags = scan.ResetChunk(a.tags)
}

// cloneTags returns a copy of tags, from the arena unless it is nil.
func (a *Arena) cloneTags(tags []linTag) []linTag {
	if a == nil {
		return slices.Clone(tags)
	}
	return append(scan.Carve(&a.tags, len(tags))[:0], tags...)
}

// newPairs and newPairPointers return n zero elements from the arena, or
// from the collector for a nil arena.
func (a *Arena) newPairs(n int) []Pair {
	if a == nil {
		return make([]Pair, n)
	}
	return scan.Carve(&a.pairs, n)
}

func (a *Arena) newPairPointers(n int) []*Pair {
	if a == nil {
		return make([]*Pair, n)
	}
	return scan.Carve(&a.ptrs, n)
}

// newCalls and newCards return empty slices with room for n elements, nil
// for none, from the arena unless it is nil.
func (a *Arena) newCalls(n int) []Call {
	if n == 0 {
		return nil
	}
	if a == nil {
		return make([]Call, 0, n)
	}
	return scan.Carve(&a.calls, n)[:0]
}

func (a *Arena) newCards(n int) []Card {
	if n == 0 {
		return nil
	}
	if a == nil {
		return make([]Card, 0, n)
	}
	return scan.Carve(&a.cards, n)[:0]
}
