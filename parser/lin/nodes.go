package lin

import (
	"strings"

	"github.com/bridgekit/bridgekit/diag"
)

//go:generate go run golang.org/x/tools/cmd/stringer@v0.52.0 -type=Kind -linecomment

// Kind classifies a LIN record by its shape.
type Kind uint8

// The kinds of LIN records.
const (
	// Single is one board on its own: a hand-record line or a handviewer
	// string (pn, st, md, rh, ah, sv, mb…, pc…).
	Single Kind = iota + 1 // single
	// Room is one table of a board in a match file, opened by qx|o<n>|
	// (open room) or qx|c<n>| (closed room).
	Room // room
	// Header is the header of a vugraph or match file (vg, rs, pw, mp, bn,
	// and a pn with the players), or of a new segment inside one.
	Header // header
	// Pavlicek is a board in the rpbridge.net style: pf|y|, the whole
	// auction in one mb, a whole trick in one pc.
	Pavlicek // pavlicek
	// Notes holds commentary or other pairs that belong to no board.
	Notes // notes
)

// A Pair is one label|value| pair as written.
type Pair struct {
	Index    int      // 1-based place in its record
	Label    string   // as written, e.g. "mb" (BBO writes lower case; compare with Is)
	Value    string   // trimmed, lines joined; nt commentary keeps its spaces and line breaks
	Pos      diag.Pos // start of the label
	ValuePos diag.Pos // start of the value
	ValueEnd int      // the byte offset just past the value as written, before its bar; 0 when the text is decoded from a URL or a page
	End      diag.Pos // just past the closing bar, or past the value when the bar is missing
}

// ValueSpan returns the bytes the value was read from: what a repair of
// the value rewrites. It is the zero Span for LIN decoded from a URL or a
// web page, whose bytes are not the value's.
func (p *Pair) ValueSpan() diag.Span {
	if p.ValueEnd == 0 {
		return diag.Span{}
	}
	return diag.Span{Pos: p.ValuePos, End: p.ValueEnd}
}

// Is reports whether the pair's label is label, ignoring case.
func (p *Pair) Is(label string) bool {
	// The labels asked for are two lower-case letters, and a record's
	// pairs are asked for some of them each: compared a byte at a time,
	// not by strings.EqualFold, which took 1% of an audit of LIN. A byte
	// with 0x20 set equals a lower-case letter only if it is that letter
	// in either case.
	if l := p.Label; len(l) == 2 && len(label) == 2 && isLowerLetter(label[0]) && isLowerLetter(label[1]) {
		return l[0]|0x20 == label[0] && l[1]|0x20 == label[1]
	}
	return strings.EqualFold(p.Label, label)
}

func isLowerLetter(c byte) bool { return c >= 'a' && c <= 'z' }

// Key returns the label in lower case, the form the LIN tags are known by.
func (p *Pair) Key() string {
	if l := p.Label; len(l) == 2 && l[0] >= 'a' && l[1] >= 'a' { // no byte from 'a' up is an upper-case letter
		return l
	}
	if isLowerLabel(p.Label) {
		return p.Label
	}
	return strings.ToLower(p.Label)
}

func isLowerLabel(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			return false
		}
	}
	return true
}

// Known reports whether the label is one that LIN files are known to use.
// Unknown labels are kept like any other; see [Record.Extras].
func (p *Pair) Known() bool { return knownLINLabel(p.Label) }

// String returns the pair as LIN text, "label|value|".
func (p *Pair) String() string { return p.Label + "|" + p.Value + "|" }

// A Comment is a line starting with % (rpbridge.net files put their
// origin in such lines). Text is the line without the %.
type Comment struct {
	Pos  diag.Pos
	Text string
}

// A Record is one record of a LIN file: a board (or one table of a board),
// a file header, or stray commentary. Its pairs are all there, in order,
// whatever their labels; the typed views (Deal, Calls, Cards…) read them.
type Record struct {
	Index       int       // 1-based place in the file, among all its records
	Game        int       // 1-based place among the file's boards; 0 for a header or notes record
	Kind        Kind      // the record's shape
	Pairs       []*Pair   // every pair, in order, unknown labels included
	Comments    []Comment // % lines before its first pair (and, in the last record, after its last)
	Pos         diag.Pos  // start of the record's first comment or pair
	End         diag.Pos  // end of its last pair
	Incomplete  bool      // the input ended inside a pair, or an error cut the record short
	Diagnostics diag.List // problems found in this record, in order
	// Row is the row of a web page's table the record's link stands in,
	// with the page's own cells beside it (a BBO traveller's result and
	// score); nil for a record that is not in a page's table.
	Row *PageRow

	// The calls and cards, as read when the record was checked (read).
	calls []Call
	cards []Card
	read  bool

	unchecked linUnchecked // set until Check (see RecordsApart); a value, not one more allocation a record
}

// Get returns the first pair with the given label (any case), or nil.
func (r *Record) Get(label string) *Pair {
	for _, p := range r.Pairs {
		if p.Is(label) {
			return p
		}
	}
	return nil
}

// All returns the pairs with the given label (any case), in order.
func (r *Record) All(label string) []*Pair {
	var out []*Pair
	for _, p := range r.Pairs {
		if p.Is(label) {
			out = append(out, p)
		}
	}
	return out
}

// Extras returns the pairs whose labels are not known LIN labels, in order.
// They are kept so that a writer can carry them over.
func (r *Record) Extras() []*Pair {
	var out []*Pair
	for _, p := range r.Pairs {
		if !p.Known() {
			out = append(out, p)
		}
	}
	return out
}

// String returns the record as LIN text on one line: its pairs as read,
// without comments.
func (r *Record) String() string {
	var b strings.Builder
	for _, p := range r.Pairs {
		b.WriteString(p.Label)
		b.WriteByte('|')
		b.WriteString(p.Value)
		b.WriteByte('|')
	}
	return b.String()
}
