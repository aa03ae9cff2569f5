package pbn

import (
	"strconv"
	"strings"
)

// A plain game is the common shape of a game in the files people keep:
// tag pairs with plain quoted values, one to a name, Auction and Play
// sections of plain calls and cards (with note references, their Note
// tag pairs right after them), and the tables PBN defines without
// commentary, with nothing the reader has to say about any of it, and
// commentary and % lines only before the first tag pair or after one that
// opens no section. ParsePlain reads such a game in one pass over its
// text, without the lexer's items, the grammar and the general tree
// builder, which are for everything else PBN allows and real files get
// wrong.

// plainTag is a tag pair of a plain game, as offsets into its text.
type plainTag struct {
	start, end   int // the '[' and just past the ']'
	name, value  string
	quote, close int // the opening quote and just past the closing one
	// data and dataEnd are the data of a section (data == dataEnd when
	// there is none); toks the index in pbnParser.plainToks of the first
	// token of an Auction or Play, fields the count of runs of non-blank
	// characters in its data (what the tree builder sizes the tokens by).
	data, dataEnd int
	toks, fields  int
	section       bool // an Auction, a Play or a table of PBN
	kind          SectionKind
	// owner is, for a Note tag pair, the index in pbnParser.plainTags of
	// the Auction or Play whose notes it is one of.
	owner int
	// line is 1 + the index of the tag pair's line among the text's lines
	// when the splitter read it, so that it starts the line; 0 otherwise.
	line int
}

// plainAside is commentary or a % line of a plain game: before its first
// tag pair (tag -1) or after the tag pair plainTags[tag], which opens no
// section.
type plainAside struct {
	start, end int // as the lexer's item: the '{', ';' or '%' and the end of the comment or line
	tag        int
}

// plainTok is a call or card of a plain game, with the number of the
// note it refers to (=n=), or 0.
type plainTok struct {
	start, end int
	kind       TokenKind
	note       int
}

// ParsePlain reads the game of t when it is plain, and reports whether
// it was: the game is then the one Parse returns, equal field for field,
// with no Diagnostics. It declines, reading nothing, when the game holds
// anything else: commentary and % lines among sections, notes apart from
// their Auction or Play, annotations and irregularity marks (note
// references aside), tables and other sections, values
// written with escapes or "#", repeated tags, or anything the reader would
// report. The caller then reads the game with Parse.
func (p *Parser) ParsePlain(t *GameText) (*Game, bool) { return p.p.parsePlain(t) }

func (p *pbnParser) parsePlain(t *GameText) (*Game, bool) {
	if t.Index < 1 || t.dropped > 0 || t.noBlank {
		return nil, false
	}
	text := t.Source
	if !p.scanPlain(text, t.facts) {
		return nil, false // before indexing the lines, which Parse does again
	}
	p.lines.resetGame(t)
	if p.lines.ctrl >= 0 || !p.plainLines() {
		return nil, false
	}
	p.d.reset(p.filename, t.Index, &p.lines)
	g, ok := p.buildPlain(t)
	if ok {
		t.dropFacts() // a game declined is read again by Parse, with them
	}
	return g, ok
}

// plainLines reports whether no line is longer than the reader allows
// (checkText counts characters; a line of more bytes is declined even when
// its characters are few enough: that is rare, and the slow path is right).
func (p *pbnParser) plainLines() bool {
	l := &p.lines
	for i, s := range l.starts {
		e := len(l.text)
		if i+1 < len(l.starts) {
			e = l.starts[i+1]
		}
		if e-s > 255 {
			return false
		}
	}
	return true
}

// scanPlain cuts text into p.plainTags and p.plainToks, and reports
// whether the game is plain. The tag pairs whose lines the splitter read
// (facts, when known) are not read again.
func (p *pbnParser) scanPlain(t string, facts []lineFact) bool {
	p.plainTags, p.plainToks, p.plainAsides = p.plainTags[:0], p.plainToks[:0], p.plainAsides[:0]
	var seen uint64  // nameBit of the names so far
	k, start := 0, 0 // facts[k] is of the first line not before i, which starts at start
	notes := -1      // the Auction or Play whose Note tag pairs may follow, as plainTags index
	i := skipSpace(t, 0)
	for i < len(t) {
		if t[i] != '[' {
			var ok bool
			if i, ok = p.scanAside(t, i); !ok {
				return false // prose, or commentary among sections
			}
			continue
		}
		for k < len(facts) && start < i {
			start += int(facts[k].size)
			k++
		}
		// The tag is read in place (a plainTag is fourteen words), and the
		// game declined whole when it is not plain.
		n := len(p.plainTags)
		p.plainTags = append(p.plainTags, plainTag{})
		tag := &p.plainTags[n]
		var ok bool
		if k < len(facts) && start == i && facts[k].name > 0 {
			ok = factTag(tag, t, start, facts[k])
			tag.line = k + 1
		} else {
			ok = plainTagAt(tag, t, i)
		}
		if !ok {
			return false
		}
		if n >= len(p.plainNames) || p.plainNames[n] != tag.name {
			// Games mostly write the tags of the game before, in its
			// order: a comparison spares the lookup.
			if std, ok := standardTag(tag.name); ok && std != tag.name {
				return false // read as another spelling, with a warning
			}
		}
		if tag.name == "Note" {
			// Notes repeat the name; they must follow their section.
			if notes < 0 {
				return false // detached, or of no Auction or Play
			}
			tag.owner = notes
			i = skipSpace(t, tag.end)
			continue
		}
		notes = -1
		if bit := nameBit(tag.name); seen&bit != 0 {
			for i := range n {
				if p.plainTags[i].name == tag.name {
					return false // a repeated tag
				}
			}
		} else {
			seen |= bit
		}
		i = skipSpace(t, tag.end)
		switch tag.name {
		case "Auction", "Play":
			tag.section, tag.kind, tag.toks = true, SectionPlay, len(p.plainToks)
			if tag.name == "Auction" {
				tag.kind = SectionAuction
			}
			tag.data, tag.dataEnd = i, i
			if i < len(t) && t[i] != '[' {
				if i, tag.dataEnd, tag.fields, ok = p.scanPlainData(t, i, tag.name == "Auction"); !ok {
					return false
				}
			}
			notes = n
		default:
			if isPBNTable(tag.name) {
				tag.section, tag.kind = true, SectionTable
				if tag.data, tag.dataEnd, i, ok = plainTableData(t, i); !ok {
					return false
				}
			} else if isTableName(tag.name) {
				return false // a table or not, as data follows or not
			}
		}
	}
	p.plainNames = p.plainNames[:0]
	for i := range p.plainTags { // by index: a plainTag is fourteen words
		p.plainNames = append(p.plainNames, p.plainTags[i].name)
	}
	return len(p.plainTags) > 0
}

// scanAside reads the commentary or % line at t[i] into p.plainAsides,
// as the lexer cuts it, and returns the offset of what follows; it
// declines anything else, and commentary or a % line after a tag pair
// that opens a section, which the tree builder places by rules of its own.
func (p *pbnParser) scanAside(t string, i int) (next int, ok bool) {
	n := len(p.plainTags)
	if n > 0 && p.plainTags[n-1].section {
		return i, false
	}
	end := 0
	switch c := t[i]; {
	case c == '%' && (i == 0 || t[i-1] == '\n'), c == ';':
		end = lineEnd(t, i)
	case c == '{':
		j := strings.IndexByte(t[i:], '}')
		if j < 0 {
			return i, false // unterminated, which the lexer reports
		}
		end = i + j + 1
	default:
		return i, false
	}
	p.plainAsides = append(p.plainAsides, plainAside{start: i, end: end, tag: n - 1})
	return skipSpace(t, end), true
}

// plainStops are the bytes that end or may spoil the value of a plain
// tag pair: '"', '\\', '\t', ']', '\n' and '\r'. Every tag pair of most
// games is read by plainTagAt, a byte at a time, and one lookup a byte
// costs less than the comparisons it replaces.
var plainStops = func() (t [256]bool) {
	for _, c := range []byte{'"', '\\', '\t', ']', '\n', '\r'} {
		t[c] = true
	}
	return t
}()

// plainTagAt reads the tag pair at t[i] == '[' when it is plain: a name
// right after the '[' that starts with a capital letter, and a quoted
// value without escapes (\" and \\), tabs, ']', line breaks or
// inheritance, that does not end in a space.
func plainTagAt(tag *plainTag, t string, i int) bool {
	tag.start = i
	k := i + 1
	for k < len(t) && isNameChar(t[k]) {
		k++
	}
	if k == i+1 {
		return false
	}
	tag.name = t[i+1 : k]
	if !plainName(tag.name) {
		return false
	}
	q := skipSpace(t, k)
	if q >= len(t) || t[q] != '"' {
		return false
	}
	e := q + 1
	for ; e < len(t); e++ {
		if !plainStops[t[e]] {
			continue
		}
		if c := t[e]; c == '"' {
			break
		} else if c != '\\' {
			return false // '\t', ']', '\n' or '\r'
		}
		// A backslash is kept as written, as in the column lists of
		// tables ("\2R"), unless it escapes a quote or a backslash.
		if e+1 < len(t) && (t[e+1] == '"' || t[e+1] == '\\') {
			return false
		}
	}
	if e >= len(t) {
		return false
	}
	tag.value = t[q+1 : e]
	if !plainValue(tag.value) {
		return false
	}
	m := skipSpace(t, e+1)
	if m >= len(t) || t[m] != ']' {
		return false
	}
	tag.quote, tag.close, tag.end = q, e+1, m+1
	return true
}

// factTag is plainTagAt of the line of f, a tag pair's line as quickLine
// reads it: `[Name "value"]`, the value without the bytes that stop
// plainTagAt's reading.
func factTag(tag *plainTag, t string, start int, f lineFact) bool {
	q := start + 1 + int(f.name) + 1
	e := start + int(f.body) - 2 // the closing quote
	tag.start, tag.name, tag.value, tag.quote, tag.close, tag.end = start, t[start+1:q-1], t[q+1:e], q, e+1, e+2
	return plainName(tag.name) && plainValue(tag.value)
}

// plainName reports whether a tag name may be read plainly: one that
// starts with a capital letter, as every name the standard gives does.
func plainName(name string) bool { return name[0] >= 'A' && name[0] <= 'Z' }

// plainValue reports whether a tag value may be read plainly: not
// inherited ("#…") and not ending in a space.
func plainValue(v string) bool { return v == "" || v[0] != '#' && v[len(v)-1] != ' ' }

// scanPlainData reads the calls or cards from t[i], a character that is
// not blank, to the next tag pair or the end, into p.plainToks: words,
// "-", a "*" that ends them, in an auction "AP", and note references
// (=n=) after them. It returns the offset of the next tag pair, the end of
// the data and the count of runs of non-blank characters (countFields),
// and false for anything else.
func (p *pbnParser) scanPlainData(t string, i int, auction bool) (next, end, fields int, ok bool) {
	ended := false // a "*" was read
	n, first := 0, len(p.plainToks)
	for i < len(t) && t[i] != '[' {
		c := t[i]
		if isPBNSpace(c) {
			i++
			continue
		}
		if ended || n >= maxSectionTokens {
			return i, 0, 0, false
		}
		if n == 0 || isPBNSpace(t[i-1]) {
			fields++
		}
		n++
		if c == '=' {
			// A note reference, as the token scanner reads one that it
			// has nothing to say about.
			last := len(p.plainToks) - 1
			d := digitsEnd(t, i+1)
			if d == i+1 || d-i > 3 || d >= len(t) || t[d] != '=' || last < first || p.plainToks[last].note != 0 {
				return i, 0, 0, false
			}
			k, _ := strconv.Atoi(t[i+1 : d])
			if k < 1 || k > 32 {
				return i, 0, 0, false
			}
			p.plainToks[last].note = k
			i, end = d+1, d+1
			continue
		}
		if c == '*' {
			if auction && i > 0 && !isPBNSpace(t[i-1]) {
				return i, 0, 0, false // an alert mark glued to the call
			}
			p.plainToks = append(p.plainToks, plainTok{start: i, end: i + 1, kind: TokenEnd})
			ended = true
			i++
			end = i
			continue
		}
		if isTokenStop(c) || c == '%' {
			return i, 0, 0, false // annotations, marks, commentary, strings
		}
		e := wordEnd(t, i)
		w := t[i:e]
		kind := wordKind(w, auction)
		switch {
		case kind == TokenAllPass && w != "AP":
			return i, 0, 0, false // lower-case, which the reader reports
		case kind != TokenWord:
		case !isASCII(w), hasLower(w) && w != "Pass", strings.IndexByte(w, '%') >= 0:
			return i, 0, 0, false
		case auction && (w == "R" || isLevelWord(w) || strings.EqualFold(w, "all")):
			return i, 0, 0, false // read with a word from the reader, or as more than one word
		}
		p.plainToks = append(p.plainToks, plainTok{start: i, end: e, kind: kind})
		i, end = e, e
	}
	return i, end, fields, true
}

// plainTableData returns the data of a table from t[i], a character that
// is not blank, to the next tag pair or the end: its start and end, and
// where the next tag pair starts. It declines commentary, % and strings
// that run to the end of their line; the table reader checks the rest.
func plainTableData(t string, i int) (start, end, next int, ok bool) {
	start, end = i, i
	for i < len(t) && t[i] != '[' {
		switch c := t[i]; {
		case isPBNSpace(c):
			i++
			continue
		case c == '"':
			e, closed := scanPBNString(t, i)
			if !closed {
				return 0, 0, 0, false
			}
			i = e
		case c == '{' || c == ';' || c == '%':
			return 0, 0, 0, false
		default:
			i++
		}
		end = i
	}
	return start, end, i, true
}

// buildPlain builds the game scanPlain read, as the tree builder would.
func (p *pbnParser) buildPlain(t *GameText) (*Game, bool) {
	text := t.Source
	l := &p.lines
	g := p.arena.newGame()
	g.Filename, g.Index, g.Pos, g.Source, g.MixedLineEnds = p.filename, t.Index, t.Pos, text, t.mixed
	g.End = l.pos(len(text))
	slab := p.arena.newTags(len(p.plainTags))
	g.Tags = p.arena.newTagPointers(len(p.plainTags))[:0]
	nsec := 0
	for i := range p.plainTags {
		if p.plainTags[i].section {
			nsec++
		}
	}
	noted := false // a note or a note reference was read
	var secs []Section
	if nsec > 0 {
		secs = p.arena.newSections(nsec)
		g.Sections = make([]*Section, 0, nsec)
	}
	for i := range p.plainTags {
		pt := &p.plainTags[i]
		tag := &slab[i]
		if pt.line > 0 {
			tag.Pos, tag.ValuePos, tag.End = l.tagLine(pt.line-1, pt.start, pt.quote, pt.end)
		} else {
			tag.Pos, tag.ValuePos, tag.End = l.onLine(pt.start, pt.quote, pt.end)
		}
		tag.Name, tag.Raw, tag.Value = pt.name, pt.value, pt.value
		tag.ValueEnd = l.base.Offset + pt.close
		g.Tags = append(g.Tags, tag)
		if pt.name == "Note" {
			p.noteTag(slab[pt.owner].Section, tag)
			noted = true
			continue
		}
		if !pt.section {
			continue
		}
		sec := &secs[len(g.Sections)]
		sec.Tag, sec.Kind = tag, pt.kind
		tag.Section = sec
		g.Sections = append(g.Sections, sec)
		if pt.dataEnd > pt.data {
			sec.Pos, sec.End, sec.Raw = l.pos(pt.data), l.pos(pt.dataEnd), text[pt.data:pt.dataEnd]
		}
		if pt.kind == SectionTable {
			// The table reader itself, so that the rows are those Parse
			// reads; the game is plain when it says nothing.
			p.table(sec, []pbnItem{{kind: itemData, start: pt.data, end: pt.dataEnd}})
			continue
		}
		sec.Tokens = p.arena.newTokens(min(pt.fields, maxSectionTokens))[:0]
		if pt.dataEnd == pt.data {
			continue
		}
		slot := 0
		for _, pk := range p.plainToks[pt.toks:] {
			if pk.start >= pt.dataEnd {
				break
			}
			sec.Tokens = append(sec.Tokens, Token{
				Pos: l.pos(pk.start), End: l.base.Offset + pk.end, Text: text[pk.start:pk.end], Slot: -1, Kind: pk.kind,
			})
			tok := &sec.Tokens[len(sec.Tokens)-1]
			if pk.kind != TokenEnd {
				tok.Slot = slot
				slot++
			}
			if pk.note != 0 {
				tok.marks().Note = pk.note
				noted = true
			}
		}
	}
	if noted {
		for _, sec := range g.Sections {
			if sec.Kind == SectionAuction || sec.Kind == SectionPlay {
				p.checkNotes(sec)
			}
		}
	}
	for _, a := range p.plainAsides {
		it := pbnItem{kind: itemComment, start: a.start, end: a.end}
		switch {
		case text[a.start] == '%':
			g.Escapes = append(g.Escapes, p.escape(it))
		case a.tag < 0:
			g.Leading = append(g.Leading, p.comment(it))
		default:
			slab[a.tag].Comments = append(slab[a.tag].Comments, p.comment(it))
		}
	}
	if p.d.count() > 0 {
		return nil, false
	}
	return g, true
}
