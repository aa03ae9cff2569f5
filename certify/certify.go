// Package certify checks PBN files against the export format of PBN 2.1:
// the strict form a federation, a bulletin or a results site asks for,
// which a file claims with a "% EXPORT" line. The import format is what a
// reader must accept; the export format is what a writer must produce,
// and a file that claims it while breaking its rules misleads the program
// that trusts the claim.
//
// Each rule the standard's export format states is a finding with its own
// code (export-…), a warning, at the place that breaks it, citing the part
// of the standard (the PBN 2.1 text's section 3, "export format", with the
// section on the tag, section or character set concerned). docs/pbn.md
// restates the rules. Rules the readers check in every file already keep
// their own codes and are not reported twice: tabs (tab), lines of more
// than 255 characters (long-line), spaces at the end of a line
// (trailing-space), a tag given twice (duplicate-tag), games without an
// empty line between them (missing-blank-line).
package certify

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/pbn"
)

// Claims reports whether a file's header lines (pbn.Reader.Header) claim
// the export format.
func Claims(header []*pbn.Escape) bool {
	for _, e := range header {
		if e.Kind == pbn.EscapeExport {
			return true
		}
	}
	return false
}

// MTS is the Mandatory Tag Set in its export order.
var MTS = [...]string{"Event", "Site", "Date", "Board", "West", "North", "East", "South",
	"Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"}

// mtsIndex returns the place of name in MTS, or -1. (A switch: the order
// check asks it of every tag of every game.)
func mtsIndex(name string) int {
	switch name {
	case "Event":
		return 0
	case "Site":
		return 1
	case "Date":
		return 2
	case "Board":
		return 3
	case "West":
		return 4
	case "North":
		return 5
	case "East":
		return 6
	case "South":
		return 7
	case "Dealer":
		return 8
	case "Vulnerable":
		return 9
	case "Deal":
		return 10
	case "Scoring":
		return 11
	case "Declarer":
		return 12
	case "Contract":
		return 13
	case "Result":
		return 14
	}
	return -1
}

// A Checker checks the games of one file, given in file order.
type Checker struct {
	file     string
	header   []*pbn.Escape
	declared bool     // the header names the character set
	prevEnd  diag.Pos // just past the game before; invalid before the first
	lineEnd  bool     // a line end not CRLF has been reported (once a file)
	spacing  bool     // calls or cards not parted by one space have been reported (once a file)
	out      diag.List
	tally    *diag.Tally // of GameTally
}

// NewChecker returns a checker of the named file, whose header lines
// (those before its first tag pair) are given.
func NewChecker(file string, header []*pbn.Escape) *Checker {
	c := &Checker{file: file, header: header}
	for _, e := range header {
		if e.Kind == pbn.EscapeContentType && e.Arg != "" {
			c.declared = true
		}
	}
	return c
}

// Header checks the file's header lines. Call it once, with the first
// game's findings.
func (c *Checker) Header() diag.List {
	c.out = nil
	for _, e := range c.header {
		if e.Kind != pbn.EscapeVersion {
			continue
		}
		if v := e.Arg; len(v) != 3 || v[1] != '.' || !isDigit(v[0]) || !isDigit(v[2]) {
			c.add(0, e.Pos, diag.ExportHeader, "the version line is not \"% PBN <major>.<minor>\" (PBN 2.1 §3: the % lines)")
		}
	}
	return c.out
}

// Check checks one game, the next of the file, and returns its findings:
// those of Sequence and of Game.
func (c *Checker) Check(g *pbn.Game) diag.List {
	return append(c.Sequence(g), c.Game(g)...)
}

// Sequence checks what depends on the games before g: the empty lines
// that part it from the game before, and the line ends and the spaces
// between calls and cards (each said once a file). Give it every game of
// the file, in order.
func (c *Checker) Sequence(g *pbn.Game) diag.List {
	c.out = nil
	c.separator(g)
	c.lineEnds(g)
	if !c.spacing {
		c.spacings(g)
	}
	c.prevEnd = g.End
	return c.out
}

// Game checks what concerns g alone: its characters, tag pairs, the
// Mandatory Tag Set, the order of its tags and sections, and the forms
// of its values, calls, cards and rows. Unlike Sequence it may be called
// for the games of a file in any order, and at once from several
// goroutines.
func (c *Checker) Game(g *pbn.Game) diag.List { return c.GameTally(g, nil) }

// GameTally is Game, asking t before each finding is made (see
// diag.Tally): all of them are warnings.
func (c *Checker) GameTally(g *pbn.Game, t *diag.Tally) diag.List {
	gc := Checker{file: c.file, declared: c.declared, tally: t}
	gc.charset(g)
	gc.tagForms(g)
	gc.missing(g)
	gc.order(g)
	gc.forms(g)
	gc.sections(g)
	return gc.out
}

func (c *Checker) add(game int, at diag.Pos, code diag.Code, msg string) {
	c.addSpan(game, diag.Span{Pos: at}, code, msg)
}

// addSpan adds a finding about the text of a span.
func (c *Checker) addSpan(game int, at diag.Span, code diag.Code, msg string) {
	c.addMessage(game, at, code, exportPrefix+msg)
}

// exportPrefix starts the message of every finding of the check.
const exportPrefix = "export format: "

// addMessage adds a finding whose message, exportPrefix included, is made,
// unless the tally drops it.
func (c *Checker) addMessage(game int, at diag.Span, code diag.Code, msg string) {
	if !c.tally.Drop(code, diag.Warning) {
		c.keep(game, at, code, msg)
	}
}

// keep adds a finding the tally has been asked about.
func (c *Checker) keep(game int, at diag.Span, code diag.Code, msg string) {
	c.out = append(c.out, diag.Diagnostic{File: c.file, Game: game, Span: at, Severity: diag.Warning,
		Code: code, Message: msg})
}

// separator checks that one empty line, and no more, parts the game from
// the one before (a missing one is missing-blank-line's).
func (c *Checker) separator(g *pbn.Game) {
	if !c.prevEnd.IsValid() || !g.Pos.IsValid() {
		return
	}
	n := int(g.Pos.Line - c.prevEnd.Line) // the game before ends with its line's end
	if c.prevEnd.Col > 1 {
		n--
	}
	if n > 1 {
		c.add(g.Index, g.Pos, diag.ExportSeparator, strconv.Itoa(n)+" empty lines before the game; games are parted by exactly one (PBN 2.1 §3: the file)")
	}
}

// lineEnds checks the line ends of the game's text, until one is found
// that is not CRLF.
func (c *Checker) lineEnds(g *pbn.Game) {
	if c.lineEnd {
		return
	}
	s := g.Source
	if i := badLineEnd(s); i >= 0 {
		c.lineEnd = true
		c.addSpan(g.Index, diag.Span{Pos: g.PosAt(g.Pos.Offset + i), End: g.Pos.Offset + i + 1}, diag.ExportLineEnd, "a line ends in "+lineEndName(s, i)+", not CRLF (PBN 2.1 §3: lines; said once a file)")
	}
}

// badLineEnd returns the index in s of the first line end that is not
// CRLF, or -1. A CR that ends s is the first half of a CRLF whose LF lies
// past it. (Searches for single bytes: the check runs on every line of a
// file in export format.)
func badLineEnd(s string) int {
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			if k := strings.IndexByte(s[i:], '\r'); k >= 0 && i+k != len(s)-1 {
				return i + k // a CR alone
			}
			return -1
		}
		switch k := strings.IndexByte(s[i:i+j], '\r'); {
		case k < 0:
			return i + j // an LF alone
		case k != j-1:
			return i + k // a CR alone
		}
		i += j + 1
	}
	return -1
}

// charset checks the characters of the game's text.
func (c *Checker) charset(g *pbn.Game) {
	s := g.Source
	if below7F(s) {
		return
	}
	for i, r := range s {
		switch {
		case r >= 0x7f && r <= 0x9f:
			c.addSpan(g.Index, diag.Span{Pos: g.PosAt(g.Pos.Offset + i), End: g.Pos.Offset + i + utf8.RuneLen(r)}, diag.ExportCharset, "character "+strconv.QuoteRune(r)+" is not in PBN's character set (PBN 2.1 §3: character set; codes 127 to 159 are not used)")
			return
		case r > 0xff && !c.declared:
			c.addSpan(g.Index, diag.Span{Pos: g.PosAt(g.Pos.Offset + i), End: g.Pos.Offset + i + utf8.RuneLen(r)}, diag.ExportCharset, "character "+strconv.QuoteRune(r)+" is not in ISO 8859-1, and no %Content-type line declares the file's character set (PBN 2.1 §3: character set)")
			return
		}
	}
}

// lineEndName names the line end at s[i].
func lineEndName(s string, i int) string {
	if s[i] == '\n' {
		return "LF alone"
	}
	return "CR alone"
}

// tagForms checks that each tag pair is [Name "Value"], alone on its line.
func (c *Checker) tagForms(g *pbn.Game) {
	base := g.Pos.Offset
	for _, t := range g.Tags {
		if t.Pos.Offset < base || t.End.Offset > base+len(g.Source) {
			continue
		}
		text := g.Source[t.Pos.Offset-base : t.End.Offset-base]
		rest := g.Source[t.End.Offset-base:]
		rest = rest[:lineLen(rest)]
		var why string
		switch {
		case t.Pos.Line != t.End.Line || !tagForm(text, t.Name):
			why = "is not written [" + t.Name + ` "value"], one space between name and value and none inside the brackets`
		case t.Pos.Col != 1:
			why = "does not start its line"
		case rest != "":
			why = "shares its line with other text (a comment after a tag starts on a new line)"
		default:
			continue
		}
		c.addSpan(g.Index, diag.Span{Pos: t.Pos, End: t.End.Offset}, diag.ExportTagForm, "["+t.Name+"] "+why+" (PBN 2.1 §3: tag pairs)")
	}
}

// tagForm reports whether text, a tag pair on one line, is [name "value"].
// (Without building "[name \"": the check runs on every tag pair.)
func tagForm(text, name string) bool {
	n := len(name)
	return len(text) >= n+3 && text[0] == '[' && text[1:1+n] == name && text[1+n:3+n] == ` "` &&
		strings.HasSuffix(text, `"]`) && strings.IndexByte(text, '\r') < 0
}

// lineLen returns the length of s's first line, without its line end.
func lineLen(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '\r' || s[i] == '\n' {
			return i
		}
	}
	return len(s)
}

// missing checks that the game has every tag of the Mandatory Tag Set,
// written or inherited from a "##" value.
func (c *Checker) missing(g *pbn.Game) {
	var have uint16 // bit i: MTS[i] is there (one pass, not a search a name)
	for _, tags := range [][]*pbn.Tag{g.Tags, g.Implicit} {
		for _, t := range tags {
			if i := mtsIndex(t.Name); i >= 0 {
				have |= 1 << i
			}
		}
	}
	if have == 1<<len(MTS)-1 {
		return
	}
	var names []string
	for i, n := range MTS {
		if have&(1<<i) == 0 {
			names = append(names, n)
		}
	}
	what := "tag " + names[0] + " of the Mandatory Tag Set is missing"
	if len(names) > 1 {
		what = "tags " + diag.JoinAnd(names) + " of the Mandatory Tag Set are missing"
	}
	at := g.Pos // the first game's starts with the file's header
	if len(g.Tags) > 0 {
		at = g.Tags[0].Pos
	}
	c.add(g.Index, at, diag.ExportMissing, what+` ("?" when the value is unknown, "" when it does not apply; PBN 2.1 §3: the Mandatory Tag Set)`)
}

// group is a tag's place in export order: the Mandatory Tag Set, the
// other identification tags by name, the auction, the play, and the
// supplemental sections by name.
type group int

const (
	groupMTS group = iota
	groupOther
	groupAuction
	groupPlay
	groupSupplement
)

// placeOf returns t's group and, in the Mandatory Tag Set, its place there
// (else -1).
func placeOf(t *pbn.Tag) (group, int) {
	if i := mtsIndex(t.Name); i >= 0 {
		return groupMTS, i
	}
	switch {
	case t.Name == "Auction":
		return groupAuction, -1
	case t.Name == "Play":
		return groupPlay, -1
	case t.Section != nil || len(t.Name) > len("Table") && strings.HasSuffix(t.Name, "Table"):
		return groupSupplement, -1
	}
	return groupOther, -1
}

// Before reports whether the tag pair a comes before b in export order
// (a Note tag pair belongs to its section, and has no place of its own).
func Before(a, b *pbn.Tag) bool {
	ga, ia := placeOf(a)
	gb, ib := placeOf(b)
	return before(a, b, ga, gb, ia, ib)
}

// before is Before for tags whose places are known.
func before(a, b *pbn.Tag, ga, gb group, ia, ib int) bool {
	switch {
	case ga != gb:
		return ga < gb
	case ga == groupMTS:
		return ia < ib
	case ga == groupOther || ga == groupSupplement:
		return a.Name < b.Name
	}
	return false
}

var groupNames = [...]string{
	groupMTS:        "the Mandatory Tag Set",
	groupOther:      "the other tags",
	groupAuction:    "the auction",
	groupPlay:       "the play",
	groupSupplement: "the supplemental sections",
}

// order checks the order of the game's tags and sections; it reports the
// first tag out of order.
func (c *Checker) order(g *pbn.Game) {
	var prev *pbn.Tag
	var gp group
	var ip int
	for _, t := range g.Tags {
		if t.Name == "Note" {
			continue // a note is part of its section
		}
		gt, it := placeOf(t)
		if prev != nil && before(t, prev, gt, gp, it, ip) {
			var rule string
			switch {
			case gt != gp:
				rule = "the Mandatory Tag Set, the other tags, the auction, the play and the supplemental sections follow one another"
			case gt == groupMTS:
				rule = "the Mandatory Tag Set is in its order: " + strings.Join(MTS[:], ", ")
			default:
				rule = groupNames[gt] + " are in order of name"
			}
			c.addSpan(g.Index, diag.Span{Pos: t.Pos, End: t.End.Offset}, diag.ExportOrder, "["+t.Name+"] comes after ["+prev.Name+"]: "+rule+" (PBN 2.1 §3: tag order)")
			return
		}
		prev, gp, ip = t, gt, it
	}
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// below7F reports whether every byte of s is below 0x7F, eight bytes at a
// time: the characters PBN's character set refuses and those outside ISO
// 8859-1 all have a byte of 0x7F or more.
func below7F(s string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; len(s) >= 8; s = s[8:] {
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		// A byte of 0x7F or more sets its high bit in w or in w plus one
		// in each byte; a carry out of a byte of 0xFF only sets a bit that
		// is set already.
		if (w|(w+ones))&highs != 0 {
			return false
		}
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// quote returns s quoted as strconv.Quote quotes it. Most values a
// finding quotes (deals, calls, cards) are printable ASCII without quotes
// or backslashes, which it only puts in quotes: strconv.Quote's test of
// each rune took 2% of an audit of files in export format.
func quote(s string) string { return string(appendQuoted(nil, s)) }

// appendQuoted appends quote's form of s to b.
func appendQuoted(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || c == '"' || c == '\\' {
			return strconv.AppendQuote(b, s)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}
