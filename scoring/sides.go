package scoring

import "strings"

// The two directions a pair sits in at a table, as a traveller row names
// its pairs: PairId_NS and PairId_EW.
const (
	northSouth = iota
	eastWest
)

// sideNames are the directions, as the JSON of a ranking names them.
var sideNames = [2]string{"NS", "EW"}

// sideOf reads a total table's Direction cell ("N-S", "NS", "E-W", "EW",
// "North-South"…), or -1 where it is none of them.
func sideOf(text string) int {
	s := strings.ToUpper(strings.NewReplacer("-", "", " ", "", "/", "").Replace(strings.TrimSpace(text)))
	switch s {
	case "NS", "NORTHSOUTH":
		return northSouth
	case "EW", "EASTWEST":
		return eastWest
	}
	return -1
}

// bySide keeps a value for each pair of an event by the direction it sat
// in. In a Mitchell movement the pairs keep their direction, and the two
// directions are two fields: each is ranked on its own, and many programs
// number both from 1, so North–South pair 1 and East–West pair 1 are two
// pairs. In a Howell the pairs change direction, an id is one pair
// wherever it sits, and the event is one field.
type bySide[T any] struct {
	side [2]map[string]*T
	// sameID is set when a row gave one id to both sides: the ids are
	// numbered per direction.
	sameID bool
	merged map[string]*T // the Howell view, made by resolve
}

// at returns the value of pair in side, made on first use.
func (b *bySide[T]) at(pair string, side int) *T {
	if b.side[side] == nil {
		b.side[side] = map[string]*T{}
	}
	v := b.side[side][pair]
	if v == nil {
		v = new(T)
		b.side[side][pair] = v
	}
	return v
}

// met records that the pairs ns and ew played each other.
func (b *bySide[T]) met(ns, ew string) {
	if ns != "" && ns == ew {
		b.sameID = true
	}
}

// mitchell reports whether the event's pairs kept their direction: the
// ids are numbered per direction, or no id sat in both.
func (b *bySide[T]) mitchell() bool {
	if b.sameID {
		return true
	}
	for pair := range b.side[northSouth] {
		if _, ok := b.side[eastWest][pair]; ok {
			return false
		}
	}
	return true
}

// resolve settles the movement once every row is in: for a Howell it
// merges each pair's two directions into one value with merge.
func (b *bySide[T]) resolve(merge func(into, from *T)) {
	if b.mitchell() {
		b.merged = nil
		return
	}
	b.merged = map[string]*T{}
	for side := range b.side {
		for pair, v := range b.side[side] {
			if into := b.merged[pair]; into != nil {
				merge(into, v)
			} else {
				c := *v
				b.merged[pair] = &c
			}
		}
	}
}

// get returns the value of pair after resolve: in a Howell its one value;
// in a Mitchell the one of side, or where side is -1 (not said) the one
// of the only direction the id sat in. Nil where there is none, or where
// the id names a pair in each direction and side does not say which.
func (b *bySide[T]) get(pair string, side int) *T {
	if b.merged != nil {
		return b.merged[pair]
	}
	if side >= 0 {
		return b.side[side][pair]
	}
	ns, ew := b.side[northSouth][pair], b.side[eastWest][pair]
	if ns != nil && ew != nil {
		return nil
	}
	if ns != nil {
		return ns
	}
	return ew
}
