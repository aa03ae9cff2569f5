package fix

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/record"
)

// Heirs follows a file's boards in order to find the edits that would
// change a later game: a game that writes a tag's value as "#" takes the
// value the games before it last wrote (PBN §9.3), so an edit of that
// value changes the later game too, with no edit of its own to say so.
// Such an edit is not made; fix leaves its board alone and says why.
//
// The zero Heirs is ready to use. It holds a tag name for each value an
// edit changes that no later game has written again yet: a few at most.
type Heirs struct {
	edited map[string]int // tag name → the game whose edit changes it
}

// Board takes the next board of the file, whose game is game, and the
// edits planned for that game. It returns the games before it whose edits
// change a value it takes with "#", and for each why, or nil.
func (h *Heirs) Board(b *record.Board, game int, mine []Edit) map[int]string {
	if b == nil || len(h.edited) == 0 && len(mine) == 0 {
		return nil // most boards: nothing edited before, nothing now
	}
	var heirs map[int]string
	for t := range b.AllTags() {
		switch {
		case t.Raw == "#":
			if g, ok := h.edited[t.Name]; ok && g != game {
				if heirs == nil {
					heirs = map[int]string{}
				}
				heirs[g] = "game " + strconv.Itoa(game) + " takes this game's [" + t.Name + "] with \"#\" and would change with it"
			}
		case t.ValueSpan.End > 0:
			if editsWithin(mine, t.ValueSpan.Offset, t.ValueSpan.End) {
				if h.edited == nil {
					h.edited = map[string]int{}
				}
				h.edited[t.Name] = game
			} else if len(h.edited) > 0 {
				delete(h.edited, t.Name)
			}
		}
	}
	return heirs
}

// Part runs Board over the boards of p, whose planned edits are edits (in
// game order), and returns the games whose edits must be left alone, with
// why: games of p, or of the parts before it that h was given.
func (h *Heirs) Part(p *corpus.Part, edits []Edit) map[int]string {
	var refused map[int]string
	for _, pb := range p.Boards {
		lo, _ := slices.BinarySearchFunc(edits, pb.Game, func(e Edit, g int) int { return cmp.Compare(e.Game, g) })
		hi := lo
		for hi < len(edits) && edits[hi].Game == pb.Game {
			hi++
		}
		for g, why := range h.Board(pb.Board, pb.Game, edits[lo:hi]) {
			if refused == nil {
				refused = map[int]string{}
			}
			refused[g] = why
		}
	}
	return refused
}

// editsWithin reports whether an edit lies within the bytes [from, to).
func editsWithin(edits []Edit, from, to int) bool {
	for _, e := range edits {
		if e.Span.Offset >= from && e.Span.End <= to {
			return true
		}
	}
	return false
}
