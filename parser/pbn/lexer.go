package pbn

import (
	"io"
	"strings"

	"github.com/bridgekit/bridgekit/diag"

	"github.com/alecthomas/participle/v2/lexer"
)

// The PBN lexer works in two steps. It first cuts a game's text into items:
// tag pairs, comments, escape lines and runs of other text ("data": the
// calls of an auction, the rows of a table, prose). It then groups the items
// into the coarse tokens the participle grammar sees: the text before the
// first tag pair, runs of plain tag pairs, a tag pair with its section data,
// runs of Note tag pairs. participle costs about 2 µs per token, so a game
// must be a handful of tokens, not one per tag pair or call; the items keep
// every detail with its offset for the tree builder.

// pbnItemKind classifies an item.
type pbnItemKind uint8

const (
	itemTag     pbnItemKind = iota // [Name "value"]
	itemComment                    // {…} or ;…
	itemEscape                     // % line
	itemData                       // any other text, up to the next tag pair, comment or escape line
	itemBad                        // a '[' that starts no tag pair, and what was skipped with it
)

// pbnItem is one item of a game's text, with offsets into that text.
type pbnItem struct {
	kind       pbnItemKind
	start, end int
	// For tag pairs:
	name     string
	value    string // escapes resolved
	valueOff int    // the opening quote, or the first character of an unquoted value; -1 when missing
	valueEnd int    // just past the value as written: its closing quote, or its last character
}

// Coarse token types handed to participle.
const (
	pbnTokLead    lexer.TokenType = iota + 1 // text before the first tag pair
	pbnTokTags                               // tag pairs without section data, with their commentary
	pbnTokSection                            // a tag pair that opens a section, with its commentary and data
	pbnTokNotes                              // Note tag pairs, with their commentary
)

// pbnGroup is the item range [first, last) behind one coarse token.
type pbnGroup struct {
	typ         lexer.TokenType
	first, last int
}

// pbnDiagFunc receives what the lexer finds wrong, at an offset of the text.
type pbnDiagFunc func(off int, sev diag.Severity, code, msg string)

// pbnLexer lexes one game. It implements participle's lexer.Lexer.
type pbnLexer struct {
	filename string
	text     string
	lines    *pbnLines
	diag     pbnDiagFunc
	items    []pbnItem
	groups   []pbnGroup
	next     int // next group to hand out
}

// reset lexes text (a game) into l's items and groups, reusing l's memory.
func (l *pbnLexer) reset(filename, text string, lines *pbnLines, diag pbnDiagFunc) {
	l.filename, l.text, l.lines, l.diag = filename, text, lines, diag
	l.items, l.groups, l.next = l.items[:0], l.groups[:0], 0
	l.lexItems()
	l.group()
}

// Next implements lexer.Lexer.
func (l *pbnLexer) Next() (lexer.Token, error) {
	if l.next >= len(l.groups) {
		return lexer.EOFToken(l.position(len(l.text))), nil
	}
	g := l.groups[l.next]
	l.next++
	start, end := l.items[g.first].start, l.items[g.last-1].end
	return lexer.Token{Type: g.typ, Value: l.text[start:end], Pos: l.position(start)}, nil
}

func (l *pbnLexer) position(off int) lexer.Position {
	p := l.lines.pos(off)
	return lexer.Position{Filename: l.filename, Offset: p.Offset, Line: int(p.Line), Column: int(p.Col)}
}

// groupIndex returns the index of the group behind a token.
func (l *pbnLexer) groupIndex(tok *lexer.Token) int {
	off := tok.Pos.Offset - l.lines.base.Offset
	lo, hi := 0, len(l.groups)
	for lo < hi {
		m := (lo + hi) / 2
		if l.items[l.groups[m].first].start < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

func (l *pbnLexer) lexItems() {
	t := l.text
	for i := 0; i < len(t); {
		c := t[i]
		if isPBNSpace(c) {
			i++
			continue
		}
		var it pbnItem
		switch {
		case c == '%' && (i == 0 || t[i-1] == '\n'):
			it = pbnItem{kind: itemEscape, start: i, end: lineEnd(t, i)}
		case c == '{':
			it = pbnItem{kind: itemComment, start: i, end: len(t)}
			if j := strings.IndexByte(t[i:], '}'); j >= 0 {
				it.end = i + j + 1
			} else {
				l.diag(i, diag.Error, "unterminated-comment", "comment opened by { is never closed by }")
			}
		case c == ';':
			it = pbnItem{kind: itemComment, start: i, end: lineEnd(t, i)}
		case c == '[':
			it = l.lexTag(i)
		default:
			it = pbnItem{kind: itemData, start: i, end: dataEnd(t, i)}
		}
		l.items = append(l.items, it)
		i = it.end
	}
}

// lineEnd returns the offset of the end of the line holding t[i], without
// its terminator.
func lineEnd(t string, i int) int {
	j := strings.IndexByte(t[i:], '\n')
	if j < 0 {
		return len(t)
	}
	j += i
	if j > i && t[j-1] == '\r' {
		j--
	}
	return j
}

// dataEnd returns the end of the data starting at t[i]: the next tag pair,
// comment or escape line outside strings, with trailing white space dropped.
func dataEnd(t string, i int) int {
	j := i
scan:
	for j < len(t) {
		switch t[j] {
		case '"':
			j, _ = scanPBNString(t, j)
			continue
		case '[', '{', ';':
			break scan
		case '\n':
			if j+1 < len(t) && t[j+1] == '%' {
				break scan
			}
		}
		j++
	}
	for j > i && isPBNSpace(t[j-1]) {
		j--
	}
	return j
}

func skipSpace(t string, i int) int {
	for i < len(t) && isPBNSpace(t[i]) {
		i++
	}
	return i
}

// isNameChar reports whether c may be part of a tag name: a letter, a
// digit or '_'. It is a table lookup: the splitter and the reader of
// plain tag pairs ask it of every name's every byte.
func isNameChar(c byte) bool { return nameChars[c] }

var nameChars = func() (t [256]bool) {
	for c := range t {
		t[c] = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
	}
	return t
}()

// lexTag reads the tag pair starting at t[i] == '['. White space, newlines
// included, may separate its four tokens. What real files get wrong is read
// leniently: a missing or unquoted value, quotes inside the value, a value
// whose closing quote is preceded by a single backslash, an unterminated
// string, a missing ']'.
func (l *pbnLexer) lexTag(i int) pbnItem {
	t := l.text
	it := pbnItem{kind: itemTag, start: i, valueOff: -1}
	j := skipSpace(t, i+1)
	k := j
	for k < len(t) && isNameChar(t[k]) {
		k++
	}
	if k == j {
		end := lineEnd(t, i)
		if r := strings.IndexByte(t[i:end], ']'); r >= 0 {
			end = i + r + 1
		}
		l.diag(i, diag.Error, "tag-name-missing", "'[' is not followed by a tag name; "+quoteText(t[i:end])+" skipped")
		return pbnItem{kind: itemBad, start: i, end: end}
	}
	it.name = t[j:k]
	if std, ok := standardTag(it.name); ok && std != it.name {
		// A commercial teaching program writes [AUCTION "S"]: read as
		// the tag it means, or its calls and cards would go unread.
		l.diag(j, diag.Warning, "tag-case", "tag "+it.name+" is read as "+std+": PBN tag names are case-sensitive")
		it.name = std
	} else if c := t[j]; c < 'A' || c > 'Z' {
		l.diag(j, diag.Warning, "tag-name", "tag name "+it.name+" does not begin with an upper-case letter")
	}
	j = skipSpace(t, k)
	sameLine := !strings.Contains(t[k:j], "\n")
	switch {
	case j < len(t) && t[j] == '"':
		it.valueOff = j
		raw, valueEnd, end := l.tagString(&it, j)
		it.value, it.valueEnd, it.end = unescapePBN(raw), valueEnd, end
		l.checkValue(&it, raw, j+1)
		return it
	case j < len(t) && t[j] == ']':
		l.diag(i, diag.Error, "tag-value", "tag pair ["+it.name+"] has no value")
		it.end = j + 1
		return it
	case j < len(t) && sameLine && t[j] != '[' && t[j] != '{' && t[j] != ';':
		end := lineEnd(t, j)
		r := strings.IndexByte(t[j:end], ']')
		if r >= 0 {
			end = j + r
		}
		it.valueOff = j
		it.value = strings.TrimRight(t[j:end], " \t")
		it.valueEnd = j + len(it.value)
		if r >= 0 {
			it.end = end + 1
			l.diag(j, diag.Warning, "unquoted-value", "value of ["+it.name+"] is not quoted: "+quoteText(it.value))
		} else {
			it.end = end
			l.diag(j, diag.Error, "tag-unclosed", "value of ["+it.name+"] is not quoted and not closed by ]: "+quoteText(it.value))
		}
		return it
	}
	l.diag(i, diag.Error, "tag-unclosed", "tag pair ["+it.name+" has no value and no closing ]")
	it.end = k
	return it
}

// tagString reads the value string of a tag pair starting at t[q] (a quote)
// and returns its raw text and the end of the tag pair.
func (l *pbnLexer) tagString(it *pbnItem, q int) (raw string, valueEnd, end int) {
	t := l.text
	e, closed := scanPBNString(t, q)
	if closed {
		m := skipSpace(t, e)
		if m < len(t) && t[m] == ']' {
			return t[q+1 : e-1], e, m + 1
		}
		// Quotes inside the value, not escaped: take the value up to the
		// first later quote on the line that is followed by ']'.
		if r, b := quoteBracket(t, e, lineEnd(t, e-1), false); r >= 0 {
			l.diag(q, diag.Warning, "unescaped-quote", "value of ["+it.name+"] contains unescaped quotes")
			return t[q+1 : r], r + 1, b + 1
		}
		l.diag(e, diag.Error, "tag-unclosed", "tag pair ["+it.name+" \"…\" is not closed by ]")
		return t[q+1 : e-1], e, e
	}
	// The string runs to the end of its line. A single backslash before the
	// closing quote, as written by the real files that use one in table
	// column specs, escaped it.
	if r, b := quoteBracket(t, q+1, e, true); r >= 0 {
		l.diag(r-1, diag.Warning, "backslash-quote", "value of ["+it.name+"] ends in a backslash: \\\" read as a backslash and the closing quote")
		return t[q+1 : r], r + 1, b + 1
	}
	l.diag(q, diag.Error, "unterminated-string", "value of ["+it.name+"] has no closing quote")
	if r := strings.LastIndexByte(t[q+1:e], ']'); r >= 0 {
		v := strings.TrimRight(t[q+1:q+1+r], " \t")
		return v, q + 1 + len(v), q + 2 + r
	}
	return t[q+1 : e], e, e
}

// quoteBracket finds a quote in t[from:to] followed by optional blanks and
// ']': the first one, or the last one, and returns its offset and that of the
// ']', or -1.
func quoteBracket(t string, from, to int, last bool) (quote, bracket int) {
	quote, bracket = -1, -1
	for i := from; i < to; i++ {
		if t[i] != '"' {
			continue
		}
		j := i + 1
		for j < to && (t[j] == ' ' || t[j] == '\t') {
			j++
		}
		if j < to && t[j] == ']' {
			quote, bracket = i, j
			if !last {
				return
			}
		}
	}
	return
}

// scanPBNString returns the offset just past the string starting at t[q]
// (a quote) and whether it was closed by a quote rather than by the end of
// its line; \" and \\ are escapes.
func scanPBNString[T ~string | ~[]byte](t T, q int) (end int, closed bool) {
	for i := q + 1; i < len(t); i++ {
		switch t[i] {
		case '\\':
			if i+1 < len(t) && (t[i+1] == '"' || t[i+1] == '\\') {
				i++
			}
		case '"':
			return i + 1, true
		case '\n':
			if i > q+1 && t[i-1] == '\r' {
				return i - 1, false
			}
			return i, false
		}
	}
	return len(t), false
}

// unescapePBN resolves \" and \\ in a string's raw text. Any other backslash
// is kept: real files write single backslashes in table column specs.
func unescapePBN(raw string) string {
	i := strings.IndexByte(raw, '\\')
	if i < 0 {
		return raw
	}
	var b strings.Builder
	b.Grow(len(raw))
	for ; i >= 0; i = strings.IndexByte(raw, '\\') {
		b.WriteString(raw[:i])
		if i+1 < len(raw) && (raw[i+1] == '"' || raw[i+1] == '\\') {
			b.WriteByte(raw[i+1])
			raw = raw[i+2:]
		} else {
			b.WriteByte('\\')
			raw = raw[i+1:]
		}
	}
	b.WriteString(raw)
	return b.String()
}

// checkValue reports the deviations of a tag value that the reader accepts:
// tabs, ']' and trailing spaces. raw starts at offset off of the text.
func (l *pbnLexer) checkValue(it *pbnItem, raw string, off int) {
	if i := strings.IndexByte(raw, '\t'); i >= 0 {
		l.diag(off+i, diag.Warning, "tab", "tab inside the value of ["+it.name+"]")
	}
	if i := strings.IndexByte(raw, ']'); i >= 0 {
		l.diag(off+i, diag.Warning, "bracket-in-value", "']' inside the value of ["+it.name+"]")
	}
	if n := len(raw); n > 0 && raw[n-1] == ' ' && strings.TrimSpace(raw) != "" {
		l.diag(off+n-1, diag.Warning, "trailing-space", "value of ["+it.name+"] ends in a space: "+quoteText(raw))
	}
}

// group collects the items into coarse tokens.
func (l *pbnLexer) group() {
	open := -1 // index of the group items are being added to
	for i, it := range l.items {
		if it.kind != itemTag {
			if open < 0 {
				l.groups = append(l.groups, pbnGroup{typ: pbnTokLead, first: i})
				open = len(l.groups) - 1
			}
			l.groups[open].last = i + 1
			continue
		}
		typ := pbnTokTags
		switch {
		case it.name == "Note":
			typ = pbnTokNotes
		case it.name == "Auction" || it.name == "Play" || isPBNTable(it.name) || l.dataFollows(i):
			typ = pbnTokSection
		}
		if open >= 0 && typ != pbnTokSection && l.groups[open].typ == typ {
			l.groups[open].last = i + 1
			continue
		}
		l.groups = append(l.groups, pbnGroup{typ: typ, first: i, last: i + 1})
		open = len(l.groups) - 1
	}
}

// dataFollows reports whether data follows the tag pair items[i], past its
// commentary, escape lines and skipped text, before the next tag pair.
func (l *pbnLexer) dataFollows(i int) bool {
	for _, it := range l.items[i+1:] {
		switch it.kind {
		case itemData:
			return true
		case itemTag:
			return false
		}
	}
	return false
}

// quoteText quotes s for a message, shortened if long.
func quoteText(s string) string {
	const max = 40
	if r := []rune(s); len(r) > max {
		s = string(r[:max]) + "…"
	}
	return `"` + s + `"`
}

// pbnLexDefinition is the lexer.Definition of the PBN grammar: it lexes the
// text of one game into coarse tokens.
type pbnLexDefinition struct{}

// Symbols implements lexer.Definition.
func (pbnLexDefinition) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF":     lexer.EOF,
		"Lead":    pbnTokLead,
		"Tags":    pbnTokTags,
		"Section": pbnTokSection,
		"Notes":   pbnTokNotes,
	}
}

// Lex implements lexer.Definition.
func (d pbnLexDefinition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

// LexString implements lexer.StringDefinition. Diagnostics are dropped: the
// reader lexes through pbnLexer.reset to collect them.
func (pbnLexDefinition) LexString(filename, s string) (lexer.Lexer, error) {
	l := &pbnLexer{}
	lines := newPBNLines(s, diag.Pos{Line: 1, Col: 1})
	l.reset(filename, s, &lines, func(int, diag.Severity, string, string) {})
	return l, nil
}

// LeavesCommentOpen reports whether text, lexed as the text of a game
// from the start of a line, leaves a brace comment open: a '{' that no '}'
// closes, outside strings, tag pairs and line comments. A writer that
// keeps such text verbatim closes the comment, or it would swallow what
// is written next.
func LeavesCommentOpen(text string) bool {
	if !strings.Contains(text, "{") {
		return false
	}
	open := false
	lines := newPBNLines(text, diag.Pos{Line: 1, Col: 1})
	l := pbnLexer{text: text, lines: &lines, diag: func(_ int, _ diag.Severity, code, _ string) {
		open = open || code == "unterminated-comment"
	}}
	l.lexItems()
	return open
}
