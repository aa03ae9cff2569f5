package pbn

import (
	"iter"
	"slices"
	"strings"

	"github.com/bridgekit/bridgekit/diag"
)

// noInherit reports whether a tag's value may not be "#" or "##…" (PBN §9.3).
func noInherit(name string) bool {
	switch name {
	case "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note":
		return true
	}
	return false
}

// maxInheritNames bounds the number of tag names whose values are
// remembered for "#", so that a file with ever new tag names cannot make
// the reader's memory grow. Past it, "#" of a new name resolves to "".
const maxInheritNames = 4096

type pbnInherited struct {
	value string
	game  int
	pos   diag.Pos
	tag   *Tag // the implicit tag games without the tag get; made on first use
}

// pbnInherit carries tag values from game to game (PBN §9.3):
//
//   - "#" takes the value of the same tag in the nearest previous game that
//     has the tag; none → "".
//   - "##v" gives the game the value v and makes v the running value of the
//     tag for the following games that do not write it.
//   - Once a tag has a running value, any later value written for it, with
//     or without "##", replaces the running value from that game on (a "#"
//     replaces it with what the "#" resolved to). A tag never declared with
//     "##" is not carried over, except through "#".
//
// The previous game's tags answer most "#"; values of tags that the
// previous game lacks are copied into last when they drop out, so that no
// older game's text is kept alive.
type pbnInherit struct {
	prev, prevImplicit []*Tag
	implicit           []*Tag // scratch for addImplicit
	prevGame           int
	last               map[string]pbnInherited // tags the previous game does not have
	running            map[string]pbnInherited
	names              []string // the names of running, sorted
}

func (h *pbnInherit) init() {
	h.last = make(map[string]pbnInherited)
	h.running = make(map[string]pbnInherited)
}

// remember stores v for name in m, copying the strings so that the game
// they were cut from is not kept alive.
func remember(m map[string]pbnInherited, name string, v pbnInherited) {
	old, ok := m[name]
	if !ok {
		if len(m) >= maxInheritNames {
			return
		}
		name = strings.Clone(name)
	}
	if ok && old.value == v.value {
		v.value = old.value
	} else {
		v.value = strings.Clone(v.value)
	}
	m[name] = v
}

// findTag returns the first tag named name in tags.
func findTag(tags []*Tag, name string) *Tag {
	for _, t := range tags {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// hasTag reports whether tags has a tag named name, looking at tags[hint]
// first: consecutive games mostly list the same tags in the same order.
func hasTag(tags []*Tag, name string, hint int) bool {
	return hint < len(tags) && tags[hint].Name == name || findTag(tags, name) != nil
}

// nameBit is a bit that tag names equal to name set, for a cheap test of
// whether a name was seen before.
func nameBit(name string) uint64 {
	if name == "" {
		return 1
	}
	return 1 << ((uint(len(name))*7 + uint(name[0]) + uint(name[len(name)-1])*3) % 64)
}

// previous returns the value of name in the nearest previous game that has
// the tag, and the game it was written in.
func (h *pbnInherit) previous(name string) (string, int) {
	t := findTag(h.prev, name)
	if t == nil {
		t = findTag(h.prevImplicit, name)
	}
	if t != nil {
		return t.Value, h.origin(t)
	}
	v := h.last[name]
	return v.value, v.game
}

// origin returns the game a tag of the previous game got its value from.
func (h *pbnInherit) origin(t *Tag) int {
	if t.Inherit == FromPrevious || t.Inherit == FromDeclared {
		return t.FromGame
	}
	return h.prevGame
}

// firstTags yields g's tags but Notes, each with whether an earlier tag of
// the game has its name: in import format the first one counts.
func firstTags(g *Game) iter.Seq2[*Tag, bool] {
	return func(yield func(*Tag, bool) bool) {
		var seen uint64
		for i, t := range g.Tags {
			if t.Name == "Note" {
				continue
			}
			bit := nameBit(t.Name)
			repeated := seen&bit != 0 && findTag(g.Tags[:i], t.Name) != nil
			seen |= bit
			if !yield(t, repeated) {
				return
			}
		}
	}
}

// checkTags does what needs no earlier game: it reports repeated tags and
// forbidden inheritance, and gives a tag written "##v" its value v.
func (p *pbnParser) checkTags(g *Game) {
	for t, repeated := range firstTags(g) {
		if repeated {
			p.d.addPos(t.Pos, diag.Warning, "duplicate-tag", "["+t.Name+"] repeated; the first one counts")
			continue
		}
		raw := t.Raw
		marked := raw == "#" || strings.HasPrefix(raw, "##")
		switch {
		case noInherit(t.Name):
			if marked {
				p.d.addPos(valuePos(t), diag.Error, "inherit-forbidden", "["+t.Name+" "+quoteText(raw)+"]: "+t.Name+" cannot be inherited")
			}
		case marked && raw != "#":
			t.Value, t.Inherit = raw[2:], Declared
		}
	}
}

// apply does what depends on the games before g, which it must be given in
// file order after checkTags: it sets the Value of g's tags written "#",
// adds g's implicit tags, and carries g's values on to the next games.
func (h *pbnInherit) apply(g *Game) {
	for t, repeated := range firstTags(g) {
		if repeated || noInherit(t.Name) {
			continue
		}
		switch {
		case t.Raw == "#":
			t.Inherit = FromPrevious
			t.Value, t.FromGame = h.previous(t.Name)
		case t.Inherit == Declared:
			h.run(t.Name, pbnInherited{value: t.Value, game: g.Index, pos: t.Pos})
			continue
		}
		if len(h.running) > 0 {
			if v, ok := h.running[t.Name]; ok && v.value != t.Value {
				h.run(t.Name, pbnInherited{value: t.Value, game: g.Index, pos: t.Pos})
			}
		}
	}
	h.addImplicit(g)
	h.dropOut(g)
}

// run sets the running value of a tag.
func (h *pbnInherit) run(name string, v pbnInherited) {
	_, ok := h.running[name]
	remember(h.running, name, v)
	if !ok && len(h.running) > len(h.names) {
		h.names = append(h.names, strings.Clone(name))
		slices.Sort(h.names)
	}
}

// addImplicit gives g the running values of the tags it does not write.
// Games with the same running value share its implicit tag.
func (h *pbnInherit) addImplicit(g *Game) {
	implicit := h.implicit[:0]
	for _, name := range h.names {
		if findTag(g.Tags, name) != nil {
			continue
		}
		v := h.running[name]
		if v.tag == nil {
			v.tag = &Tag{
				Pos: v.pos, End: v.pos, Name: name, Value: v.value,
				Inherit: FromDeclared, FromGame: v.game,
			}
			h.running[name] = v
		}
		implicit = append(implicit, v.tag)
	}
	h.implicit = implicit
	switch {
	case len(implicit) == 0:
	case len(g.Implicit) > 0:
		g.Implicit = append(g.Implicit, implicit...)
	case slices.Equal(implicit, h.prevImplicit):
		// Games mostly receive what the game before received: they share
		// its list, which no one changes.
		g.Implicit = h.prevImplicit
	default:
		g.Implicit = slices.Clip(slices.Clone(implicit))
	}
}

// dropOut remembers the values of the previous game's tags that g does not
// have, and makes g the previous game.
func (h *pbnInherit) dropOut(g *Game) {
	if sameNames(h.prev, g.Tags) && sameNames(h.prevImplicit, g.Implicit) {
		// Games mostly write the tags of the game before, in its order:
		// none drops out.
		h.prev, h.prevImplicit, h.prevGame = g.Tags, g.Implicit, g.Index
		return
	}
	for _, tags := range [][]*Tag{h.prev, h.prevImplicit} {
		var seen uint64
		for i, t := range tags {
			bit := nameBit(t.Name)
			first := seen&bit == 0 || findTag(tags[:i], t.Name) == t
			seen |= bit
			if !first || noInherit(t.Name) || hasTag(g.Tags, t.Name, i) || findTag(g.Implicit, t.Name) != nil {
				continue
			}
			remember(h.last, t.Name, pbnInherited{value: t.Value, game: h.origin(t), pos: t.Pos})
		}
	}
	h.prev, h.prevImplicit, h.prevGame = g.Tags, g.Implicit, g.Index
}

// sameNames reports whether two lists of tags name the same tags in the
// same order.
func sameNames(a, b []*Tag) bool {
	if len(a) != len(b) {
		return false
	}
	for i, t := range a {
		if t.Name != b[i].Name {
			return false
		}
	}
	return true
}
