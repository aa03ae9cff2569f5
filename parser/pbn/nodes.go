package pbn

import "github.com/bridgekit/bridgekit/diag"

// This file holds the public syntax tree of a PBN file. Strings in the tree
// are slices of the game's decoded text wherever possible, so a game costs
// little more memory than its own text.

// Game is one game of a PBN file: its tag pairs, sections, commentary and
// escape lines, each with its position, plus what the reader had to say about
// it. A game does not depend on the reader once it has been returned, so
// games can be handed to other goroutines.
type Game struct {
	Filename string   // the name given to the reader
	Index    int      // 1-based number of the game in its file
	Pos, End diag.Pos // first character of the game's text and just past its last

	// Source is the game's decoded text, from Pos to End. The first game's
	// text starts with the file's header lines, if any.
	Source string
	// MixedLineEnds says that lines of the file, in this game or before
	// it, end in a CR alone, which Source gives as LF, and others in LF:
	// Source then does not tell the two apart.
	MixedLineEnds bool

	Leading  []*Comment // commentary before the first tag pair (attached to the start of the game)
	Prose    []*Text    // text that is neither a tag pair, commentary, an escape line nor section data: before the first tag pair, or after a Note
	Escapes  []*Escape  // the game's % lines, in order (those before the file's first tag pair are the reader's Header)
	Tags     []*Tag     // every tag pair in file order, Note tags and repeated tags included
	Sections []*Section // the sections in file order; each is also reachable from its Tag
	Implicit []*Tag     // tags the game does not write but receives from an earlier "##" value, by name (shared between games: do not modify)

	// Incomplete is set when part of the game could not be read: the
	// Diagnostics say which part and why.
	Incomplete  bool
	Diagnostics diag.List

	redo *GameText // the text to read again once resolved (see pbnParser.parse)
}

// Tag returns the first tag pair of the game with the given name, falling
// back to an implicit (inherited) tag, or nil. In import format a repeated
// tag is ignored, so the first one is the one that counts.
func (g *Game) Tag(name string) *Tag {
	for _, t := range g.Tags {
		if t.Name == name {
			return t
		}
	}
	for _, t := range g.Implicit {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Value returns the resolved value of the tag Tag(name) finds, or "".
func (g *Game) Value(name string) string {
	if t := g.Tag(name); t != nil {
		return t.Value
	}
	return ""
}

// PosAt returns the position of the byte at offset off of the file's
// decoded text (as Pos.Offset counts), which lies within the game. It
// reads the game's text to find it: for the few places a finding names
// that no node holds.
func (g *Game) PosAt(off int) diag.Pos {
	off = min(max(off-g.Pos.Offset, 0), len(g.Source))
	l := newPBNLines(g.Source, g.Pos)
	return l.pos(off)
}

// Section returns the first section opened by a tag pair with the given
// name (e.g. "Auction", "Play", "OptimumResultTable"), or nil.
func (g *Game) Section(name string) *Section {
	for _, s := range g.Sections {
		if s.Tag.Name == name {
			return s
		}
	}
	return nil
}

//go:generate go run golang.org/x/tools/cmd/stringer@v0.52.0 -type=Inheritance -linecomment

// Inheritance says where a tag's Value came from (PBN §9.3).
type Inheritance uint8

// The ways a tag gets its value.
const (
	// Written: the value is the one written in the tag pair.
	Written Inheritance = iota // written
	// FromPrevious: the tag was written "#" and took the value of the same
	// tag in the nearest previous game that had one.
	FromPrevious // #
	// Declared: the tag was written "##value"; Value is the text after "##",
	// and it is the running value for following games without the tag.
	Declared // ##
	// FromDeclared: the game does not write the tag; its value is the
	// running value of an earlier "##" declaration.
	FromDeclared // inherited
)

// Tag is a tag pair [Name "Value"].
type Tag struct {
	Pos, End diag.Pos // the '[' and just past the ']' (for an implicit tag: where its value was written)
	Name     string
	Raw      string   // the value as written, escapes resolved, before inheritance ("#", "##Autumn")
	ValuePos diag.Pos // the opening quote; zero when the value is missing
	ValueEnd int      // the byte offset just past the value as written (its closing quote)

	Value    string      // the value after inheritance
	Inherit  Inheritance // how Value was obtained
	FromGame int         // for FromPrevious and FromDeclared: the game the value was written in (0: none found)

	Comments []*Comment // commentary following the tag pair
	Section  *Section   // the section the tag pair opens, or nil
	Note     *Note      // for a Note tag pair: its number and text
}

// ValueSpan returns the bytes the value was read from, quotes included: what
// a repair of the value rewrites. It is the zero Span when the value is
// missing or the game does not write it (an implicit tag, FromDeclared).
func (t *Tag) ValueSpan() diag.Span {
	if !t.ValuePos.IsValid() || t.Inherit == FromDeclared {
		return diag.Span{}
	}
	return diag.Span{Pos: t.ValuePos, End: t.ValueEnd}
}

// Note is the content of a [Note "k:text"] tag pair.
type Note struct {
	Tag    *Tag
	Number int    // k, 1..32; 0 when the value does not start with a number
	Text   string // the text after "k:", leading and trailing spaces removed
}

//go:generate go run golang.org/x/tools/cmd/stringer@v0.52.0 -type=SectionKind -linecomment

// SectionKind classifies the data that follows a tag pair.
type SectionKind uint8

// Section kinds.
const (
	// SectionText is data kept verbatim: an unknown supplemental section,
	// or prose written after an identification tag.
	SectionText    SectionKind = iota // text
	SectionAuction                    // auction
	SectionPlay                       // play
	// SectionTable is a supplemental table: the tag value lists the
	// columns and the data is read as rows of cells.
	SectionTable // table
)

// Section is the data following a tag pair: the calls of an Auction, the
// cards of a Play, the rows of a table, or text kept verbatim.
type Section struct {
	Tag      *Tag
	Kind     SectionKind
	Pos, End diag.Pos // the data's first character and just past its last; zero when there is no data
	Raw      string   // the data verbatim, commentary and % lines included

	Tokens []Token // Auction and Play: every call or card token, in order
	Notes  []*Note // Auction and Play: the Note tag pairs that follow the data

	Columns []Column // Table: the columns listed in the tag value (shared by the tables with the same list: do not modify)
	Rows    [][]Cell // Table: the data, cut into rows of len(Columns) cells

	// Comments holds commentary inside the data that attaches to no token:
	// all of it for text and table sections.
	Comments []*Comment
}

// Note returns the section's Note with number k, or nil.
func (s *Section) Note(k int) *Note {
	for _, n := range s.Notes {
		if n.Number == k {
			return n
		}
	}
	return nil
}

//go:generate go run golang.org/x/tools/cmd/stringer@v0.52.0 -type=TokenKind -linecomment

// TokenKind classifies a token of an Auction or Play section.
type TokenKind uint8

// Token kinds.
const (
	// TokenWord is a call or a card, kept as written: "1NT", "Pass", "x",
	// "SK", or a multi-word call such as "2 БК" or "одна, пики". The
	// reader checks its shape, not its meaning.
	TokenWord TokenKind = iota // word
	// "-": a seat before the first caller, or an unknown card
	TokenFiller // -
	// "+": the next call or card of an auction or play to be continued
	TokenContinue // +
	// "*": the auction or play will not be continued
	TokenEnd // *
	// "AP" (or "all pass" in two words) in an auction: all remaining players pass
	TokenAllPass // AP
	// "^S": a player's turn skipped after an accepted call out of rotation
	TokenSkip // ^S
)

// Token is one call of an Auction section or one card of a Play section,
// with the annotations that follow it.
type Token struct {
	Pos  diag.Pos // the token's first character (its irregularity mark, if any)
	End  int      // the byte offset just past Text in the file
	Text string   // as written, without irregularity mark, suffix or annotations

	// Slot is the token's 0-based place among the call or card slots of
	// its section (words, "-", "+", "AP" and "^S" take a slot; "*" does not
	// and has Slot -1). In a Play section trick = Slot/4 and the column
	// (counted from the Play tag's seat) = Slot%4.
	Slot int

	Kind  TokenKind
	Alert bool // a "*" written right after the call ("4H*"), a de facto alert mark

	// Marks holds what is written with the token besides an alert mark;
	// nil when nothing is, as for most calls and cards: held in every
	// token, its fields took 88 of the token's 152 bytes. Read them
	// through the methods of the same names, which give "", 0 or nil for
	// a token without marks.
	Marks *Marks
}

// Marks are the irregularity mark, annotations and commentary written with
// a call or card.
type Marks struct {
	Irregular string     // "^I" (insufficient bid accepted), "^R" (revoke) or "^L" (lead out of turn) before the token; "" when none
	Suffix    string     // "!", "?", "!!", "??", "!?" or "?!"; "" when none
	Note      int        // the =n= note reference; 0 when none
	NAGs      []int      // the $n annotations, in the order written
	Comments  []*Comment // commentary following the token or its annotations
}

// marks returns the token's Marks, adding them when it has none.
func (t *Token) marks() *Marks {
	if t.Marks == nil {
		t.Marks = new(Marks)
	}
	return t.Marks
}

// Irregular returns the token's irregularity mark: "^I", "^R", "^L" or "".
func (t *Token) Irregular() string {
	if t.Marks == nil {
		return ""
	}
	return t.Marks.Irregular
}

// Suffix returns the token's suffix annotation ("!", "??"…), or "".
func (t *Token) Suffix() string {
	if t.Marks == nil {
		return ""
	}
	return t.Marks.Suffix
}

// Note returns the token's =n= note reference, or 0.
func (t *Token) Note() int {
	if t.Marks == nil {
		return 0
	}
	return t.Marks.Note
}

// NAGs returns the token's $n annotations in the order written.
func (t *Token) NAGs() []int {
	if t.Marks == nil {
		return nil
	}
	return t.Marks.NAGs
}

// Comments returns the commentary following the token or its annotations.
func (t *Token) Comments() []*Comment {
	if t.Marks == nil {
		return nil
	}
	return t.Marks.Comments
}

// SortOrder is the sort marker of a table column.
type SortOrder int8

// Sort orders of a table column: "-" ascending, "+" descending.
const (
	Unsorted   SortOrder = 0
	Ascending  SortOrder = -1
	Descending SortOrder = 1
)

// Alignment is the padding side of a table column with a width.
type Alignment uint8

// Column alignments: \2L pads after the data, \2R before it.
const (
	AlignDefault Alignment = iota
	AlignLeft
	AlignRight
)

// Column is one column of a table, from the tag value
// "[+|-]NAME[\WIDTH[L|R]]".
type Column struct {
	Spec  string // as written in the tag value
	Name  string
	Sort  SortOrder
	Width int // minimum width; 0 when none is given
	Align Alignment
}

// Cell is one element of a table.
type Cell struct {
	Pos    diag.Pos
	Text   string // the element; for a string, without quotes and with escapes resolved
	Quoted bool   // the element was written as a string
}

// Comment is commentary: {…} (which may span lines) or ; to the end of the line.
type Comment struct {
	Pos, End diag.Pos
	Text     string // without the delimiters
	Brace    bool   // {…} rather than ;…
}

// EscapeKind says what a % line declares.
type EscapeKind uint8

// Escape kinds.
const (
	EscapeOther       EscapeKind = iota // any other % line (kept verbatim)
	EscapeVersion                       // "% PBN 2.1"; Arg is "2.1"
	EscapeExport                        // "% EXPORT"
	EscapeImport                        // "% IMPORT" (not in the standard, written by some tools)
	EscapeContentType                   // "%Content-type: text/x-pbn; charset=UTF-8"; Arg is the charset
)

// Escape is a line with % in column 1, ignored by PBN readers but kept
// (in order) so that it can be written back.
type Escape struct {
	Pos  diag.Pos
	Text string // the line after the %, without its line terminator
	Kind EscapeKind
	Arg  string // the version or charset the line declares
}

// Text is text outside tag pairs and commentary, kept verbatim.
type Text struct {
	Pos, End diag.Pos
	Text     string
}
