package pbn

import (
	"errors"
	"github.com/bridgekit/bridgekit/internal/ascii"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/internal/scan"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// pbnParser turns the text of one game into a Game. It keeps scratch
// memory from game to game.
type pbnParser struct {
	filename string
	lex      pbnLexer
	lines    pbnLines
	d        pbnDiags
	diag     pbnDiagFunc // p.d.add, bound once
	arena    *Arena      // where a game's tags, sections and tokens are carved from; nil: the collector
	slab     []Tag       // the current game's tags
	secs     []Section   // the current game's sections
	tables   []pbnPendingTable
	tokens   pbnTokenScanner // of the section being read
	key      []byte          // the current game's token types, for pbnShapes
	// The last column list read without fault, kept for the next table
	// with the same tag value (a file's tables mostly have the same
	// columns).
	colsValue string
	cols      []Column
	// The tag pairs and tokens of the game parsePlain reads, and the
	// names of the tags of the last plain game, which a name the
	// same needs no check against the standard names.
	plainTags   []plainTag
	plainToks   []plainTok
	plainAsides []plainAside
	plainNames  []string
}

// pbnPendingTable is a table whose rows are read once inheritance has
// resolved its column list.
type pbnPendingTable struct {
	sec         *Section
	first, last int // its data items
}

func newPBNParser(filename string) *pbnParser {
	p := &pbnParser{filename: filename}
	p.diag = p.d.add
	return p
}

// parse reads one game from its text. With h it also does what depends on
// the games before (h.apply), so that games must then come in file order;
// without, it leaves that to a Resolver, and a table whose column list
// is written "#" is not read: the game keeps t in redo, for the resolver
// to read it again once the column list is known.
func (p *pbnParser) parse(t *GameText, h *pbnInherit) *Game {
	text, pos, index := t.Source, t.Pos, t.Index
	g := p.arena.newGame()
	g.Filename, g.Index, g.Pos, g.Source, g.MixedLineEnds = p.filename, index, pos, text, t.mixed
	p.lines.resetGame(t)
	g.End = p.lines.pos(len(text))
	p.d.reset(p.filename, index, &p.lines)
	if t.dropped > 0 {
		p.d.add(0, diag.Error, "game-too-large", "game larger than "+strconv.Itoa(maxPBNGame>>20)+" MiB: its last "+strconv.Itoa(t.dropped)+" bytes were skipped")
	}
	if t.noBlank {
		p.d.add(0, diag.Warning, "missing-blank-line", "no semi-empty line between this game and the previous one, which started with the same tag")
	}
	p.checkText()
	p.lex.reset(p.filename, text, &p.lines, p.diag)
	p.build(g)
	if index > 0 {
		p.checkTags(g)
		if h != nil {
			h.apply(g)
		}
	}
	for _, tb := range p.tables {
		if h == nil && index > 0 && tb.sec.Tag.Raw == "#" {
			g.redo = t
			continue
		}
		p.table(tb.sec, p.lex.items[tb.first:tb.last])
	}
	p.tables = p.tables[:0]
	g.Diagnostics = p.d.take()
	g.Incomplete = p.d.errors > 0
	t.dropFacts()
	return g
}

// checkText reports lines over 255 characters and control characters.
func (p *pbnParser) checkText() {
	l := &p.lines
	for i, s := range l.starts {
		e := len(l.text)
		if i+1 < len(l.starts) {
			e = l.starts[i+1]
		}
		if e-s <= 255 {
			continue
		}
		if n := utf8.RuneCountInString(l.text[s:e]); n > 255 {
			p.d.add(s, diag.Warning, "long-line", "line of "+strconv.Itoa(n)+" characters (PBN allows 255, line terminator included)")
		}
	}
	if l.ctrl < 0 {
		return
	}
	if i := strings.IndexByte(l.text, 0); i >= 0 {
		p.d.add(i, diag.Error, "binary", "NUL byte in the text: binary data, not PBN")
		return
	}
	p.d.add(l.ctrl, diag.Warning, "control-char", "control character "+strconv.QuoteRune(rune(l.text[l.ctrl]))+" in the text")
}

// build runs the grammar over the game's coarse tokens and builds the tree
// from the items behind them.
func (p *pbnParser) build(g *Game) {
	n := 0
	for i := range p.lex.items {
		if p.lex.items[i].kind == itemTag {
			n++
		}
	}
	p.slab = p.arena.newTags(n)
	g.Tags = p.arena.newTagPointers(n)[:0]
	n = 0
	for _, grp := range p.lex.groups {
		if grp.typ == pbnTokSection {
			n++
		}
	}
	if n > 0 {
		p.secs = p.arena.newSections(n)
		g.Sections = make([]*Section, 0, n)
	}

	shape := p.shape()
	if shape.lead >= 0 {
		p.lead(g, p.groupItems(shape.lead))
	}
	var last *Section // the last Auction or Play section
	for _, part := range shape.parts {
		var sec *Section
		switch head := p.lex.groups[part.head]; head.typ {
		case pbnTokTags:
			p.tags(g, p.groupItems(part.head))
		case pbnTokSection:
			sec = p.section(g, head)
			if sec.Kind == SectionAuction || sec.Kind == SectionPlay {
				last = sec
			}
		default:
			p.notes(g, last, p.groupItems(part.head), true)
		}
		if part.notes >= 0 {
			if sec != nil {
				p.notes(g, sec, p.groupItems(part.notes), false)
			} else {
				p.notes(g, last, p.groupItems(part.notes), true)
			}
		}
	}
	for _, sec := range g.Sections {
		if sec.Kind == SectionAuction || sec.Kind == SectionPlay {
			p.checkNotes(sec)
		}
	}
}

// pbnShape is the structure the grammar gives a game: indexes into the
// lexer's groups of the Lead token (-1 when none) and of each part's head
// and Notes (-1 when none).
type pbnShape struct {
	lead  int
	parts []pbnPartShape
}

type pbnPartShape struct{ head, notes int }

// pbnShapes are the shapes of the token sequences seen so far.
var pbnShapes scan.ShapeCache[*pbnShape]

// shape returns the structure of the current game. It depends on the
// sequence of token types only, and the games of a file mostly share a
// handful of sequences, so participle parses each distinct sequence once
// and the result is kept for the games that repeat it.
func (p *pbnParser) shape() *pbnShape {
	p.key = p.key[:0]
	for _, grp := range p.lex.groups {
		p.key = append(p.key, byte(grp.typ))
	}
	if s, ok := pbnShapes.Get(p.key); ok {
		return s
	}
	s, err := p.parseShape()
	if err != nil {
		// The grammar accepts every token sequence of the lexer; should it
		// ever refuse one, the game is still built from what was parsed.
		off := 0
		var perr participle.Error
		if errors.As(err, &perr) {
			off = perr.Position().Offset - p.lines.base.Offset
		}
		p.d.add(max(0, min(off, len(p.lines.text))), diag.Error, "syntax", err.Error())
	} else {
		pbnShapes.Put(p.key, s)
	}
	return s
}

// parseShape runs the participle grammar over the game's tokens.
func (p *pbnParser) parseShape() (*pbnShape, error) {
	s := &pbnShape{lead: -1}
	peek, err := lexer.Upgrade(&p.lex)
	var ast *pbnGameNode
	if err == nil {
		ast, err = pbnGrammar.ParseFromLexer(peek)
	}
	if ast == nil {
		return s, err
	}
	if ast.Lead != nil {
		s.lead = p.lex.groupIndex(ast.Lead)
	}
	for _, part := range ast.Parts {
		ps := pbnPartShape{head: p.lex.groupIndex(&part.Head), notes: -1}
		if part.Notes != nil {
			ps.notes = p.lex.groupIndex(part.Notes)
		}
		s.parts = append(s.parts, ps)
	}
	return s, err
}

// groupItems returns the items of group i.
func (p *pbnParser) groupItems(i int) []pbnItem {
	grp := p.lex.groups[i]
	return p.lex.items[grp.first:grp.last]
}

func (p *pbnParser) newTag(g *Game, it pbnItem) *Tag {
	// The slab is new, zeroed memory: setting the fields one by one spares
	// copying a whole Tag under the garbage collector's write barrier.
	t := &p.slab[len(g.Tags)]
	t.Pos, t.Name, t.Raw, t.Value = p.lines.pos(it.start), it.name, it.value, it.value
	if it.valueOff >= 0 {
		t.ValuePos = p.lines.pos(it.valueOff)
		t.ValueEnd = p.lines.base.Offset + it.valueEnd
	}
	t.End = p.lines.pos(it.end)
	g.Tags = append(g.Tags, t)
	return t
}

func (p *pbnParser) comment(it pbnItem) *Comment {
	t := p.lines.text
	c := &Comment{Pos: p.lines.pos(it.start), End: p.lines.pos(it.end), Brace: t[it.start] == '{'}
	end := it.end
	if c.Brace && t[end-1] == '}' && end-1 > it.start {
		end--
	}
	c.Text = t[it.start+1 : end]
	return c
}

func (p *pbnParser) escape(it pbnItem) *Escape {
	e := &Escape{Pos: p.lines.pos(it.start), Text: p.lines.text[it.start+1 : it.end]}
	e.Kind, e.Arg = classifyEscape(e.Text)
	return e
}

// classifyEscape recognises the % lines that declare something.
func classifyEscape(text string) (EscapeKind, string) {
	f := strings.Fields(text)
	switch {
	case len(f) == 0:
	case len(f) == 2 && f[0] == "PBN":
		return EscapeVersion, f[1]
	case len(f) == 1 && strings.EqualFold(f[0], "EXPORT"):
		return EscapeExport, ""
	case len(f) == 1 && strings.EqualFold(f[0], "IMPORT"):
		return EscapeImport, ""
	case len(f[0]) >= len("Content-type:") && strings.EqualFold(f[0][:len("Content-type:")], "Content-type:"):
		charset := ""
		for _, param := range strings.Split(text, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(param), "=")
			if ok && strings.EqualFold(k, "charset") {
				charset = strings.Trim(v, `" `)
			}
		}
		return EscapeContentType, charset
	}
	return EscapeOther, ""
}

func (p *pbnParser) prose(g *Game, it pbnItem, where string) {
	text := p.lines.text[it.start:it.end]
	g.Prose = append(g.Prose, &Text{Pos: p.lines.pos(it.start), End: p.lines.pos(it.end), Text: text})
	p.d.add(it.start, diag.Warning, "prose-outside-tag", "text "+where+" is not a tag pair, commentary or section: "+quoteText(text))
}

// lead builds the text before the first tag pair.
func (p *pbnParser) lead(g *Game, items []pbnItem) {
	for _, it := range items {
		switch it.kind {
		case itemComment:
			g.Leading = append(g.Leading, p.comment(it))
		case itemEscape:
			g.Escapes = append(g.Escapes, p.escape(it))
		case itemData:
			p.prose(g, it, "before the first tag pair")
		}
	}
}

// tags builds a run of tag pairs without section data.
func (p *pbnParser) tags(g *Game, items []pbnItem) {
	var last *Tag
	for _, it := range items {
		switch it.kind {
		case itemTag:
			last = p.newTag(g, it)
		case itemComment:
			last.Comments = append(last.Comments, p.comment(it))
		case itemEscape:
			g.Escapes = append(g.Escapes, p.escape(it))
		}
	}
}

// pbnIdentTags are the tags PBN defines without section data (§5, §12)
// and the common de facto ones: text after one of them is prose, not an
// unknown section.
var pbnIdentTags = map[string]bool{
	"Event": true, "Site": true, "Date": true, "Board": true, "West": true, "North": true,
	"East": true, "South": true, "Dealer": true, "Vulnerable": true, "Deal": true,
	"Scoring": true, "Declarer": true, "Contract": true, "Result": true,
	"Competition": true, "DealId": true, "Description": true, "FrenchMP": true,
	"Generator": true, "Hidden": true, "Room": true, "Termination": true,
	"Score": true, "ScoreIMP": true, "ScoreMP": true, "ScorePercentage": true,
	"ScoreRubber": true, "ScoreRubberHistory": true, "OptimumScore": true,
	"BidSystemEW": true, "BidSystemNS": true, "PairEW": true, "PairNS": true,
	"WestNA": true, "NorthNA": true, "EastNA": true, "SouthNA": true,
	"WestType": true, "NorthType": true, "EastType": true, "SouthType": true,
	"EventDate": true, "EventSponsor": true, "HomeTeam": true, "Round": true,
	"Section": true, "Stage": true, "Table": true, "VisitTeam": true,
	"Time": true, "UTCDate": true, "UTCTime": true, "TimeControl": true,
	"TimeCall": true, "TimeCard": true, "Annotator": true, "AnnotatorNA": true,
	"Application": true, "Mode": true, "DoubleDummyTricks": true, "ParContract": true,
	"BCFlags": true,
}

// standardTags maps the standard and common tag names, as spelt and folded
// to lower case, to their spelling: a name as spelt, the common case, is
// found without folding.
var standardTags = func() map[string]string {
	m := map[string]string{}
	for _, name := range []string{"Auction", "Play", "Note", "ActionTable", "AuctionTimeTable", "InstantScoreTable",
		"OptimumPlayTable", "OptimumResultTable", "PlayTimeTable", "ScoreTable", "TotalScoreTable", "OptimumOpeningLeadTable"} {
		m[strings.ToLower(name)], m[name] = name, name
	}
	for name := range pbnIdentTags {
		m[strings.ToLower(name)], m[name] = name, name
	}
	return m
}()

// standardTag returns the spelling of a standard or common tag that name
// is in any case, and whether there is one.
func standardTag(name string) (string, bool) {
	if std, ok := standardTags[name]; ok {
		return std, true // the common case, without folding
	}
	// Folded in a buffer of the stack, not by strings.ToLower, which
	// allocates for every game's every tag of a name of its own.
	var buf [32]byte
	if len(name) > len(buf) {
		return "", false // longer than any standard name
	}
	std, ok := standardTags[string(ascii.AppendLower(buf[:0], name))]
	return std, ok
}

func sectionKind(name string) SectionKind {
	switch {
	case name == "Auction":
		return SectionAuction
	case name == "Play":
		return SectionPlay
	case isTableName(name):
		return SectionTable
	}
	return SectionText
}

// section builds a tag pair that opens a section, and its data.
func (p *pbnParser) section(g *Game, grp pbnGroup) *Section {
	items := p.lex.items[grp.first:grp.last]
	tag := p.newTag(g, items[0])
	i := 1
	for ; i < len(items) && items[i].kind != itemData; i++ {
		switch items[i].kind {
		case itemComment:
			tag.Comments = append(tag.Comments, p.comment(items[i]))
		case itemEscape:
			g.Escapes = append(g.Escapes, p.escape(items[i]))
		}
	}
	sec := &p.secs[len(g.Sections)]
	*sec = Section{Tag: tag, Kind: sectionKind(tag.Name)}
	tag.Section = sec
	g.Sections = append(g.Sections, sec)
	data := items[i:]
	if len(data) > 0 {
		start, end := data[0].start, data[len(data)-1].end
		sec.Pos, sec.End, sec.Raw = p.lines.pos(start), p.lines.pos(end), p.lines.text[start:end]
	}
	var sc *pbnTokenScanner
	switch sec.Kind {
	case SectionAuction, SectionPlay:
		sc = p.newTokenScanner(sec, data)
	case SectionTable:
		p.tables = append(p.tables, pbnPendingTable{sec: sec, first: grp.first + i, last: grp.last})
	default:
		if len(data) > 0 && pbnIdentTags[tag.Name] {
			p.d.add(data[0].start, diag.Warning, "prose-outside-tag", "text after ["+tag.Name+"] is not a tag pair, commentary or section: "+quoteText(sec.Raw))
		}
	}
	for _, it := range data {
		switch {
		case it.kind == itemEscape:
			g.Escapes = append(g.Escapes, p.escape(it))
		case sc != nil && it.kind == itemData:
			sc.scan(it.start, it.end)
		case sc != nil && it.kind == itemComment:
			sc.comment(p.comment(it))
		case sec.Kind == SectionText && it.kind == itemComment:
			sec.Comments = append(sec.Comments, p.comment(it))
		}
	}
	if sc != nil {
		sc.finish()
	}
	return sec
}

// notes builds a run of Note tag pairs for sec (nil when there is no
// section for them). detached notes do not follow their section: writers
// put tags of their own in between ([BCNote] of Bridge Composer).
func (p *pbnParser) notes(g *Game, sec *Section, items []pbnItem, detached bool) {
	if detached && sec != nil {
		p.d.add(items[0].start, diag.Warning, "note-detached", "[Note] separated from the "+sec.Kind.String()+" section by other tag pairs")
	}
	var last *Tag
	for _, it := range items {
		switch it.kind {
		case itemTag:
			last = p.newTag(g, it)
			p.noteTag(sec, last)
		case itemComment:
			last.Comments = append(last.Comments, p.comment(it))
		case itemEscape:
			g.Escapes = append(g.Escapes, p.escape(it))
		case itemData:
			p.prose(g, it, "after [Note]")
		}
	}
}

// noteTag reads the Note tag pair t of sec, nil when there is no section
// for it, and adds the note to the section's.
func (p *pbnParser) noteTag(sec *Section, t *Tag) {
	t.Note = p.note(t)
	switch {
	case sec == nil || sec.Kind != SectionAuction && sec.Kind != SectionPlay:
		p.d.addPos(t.Pos, diag.Error, "note-tag", "[Note] outside an Auction or Play section")
	case t.Note.Number > 0 && sec.Note(t.Note.Number) != nil:
		p.d.addPos(t.Pos, diag.Error, "note-tag", "note "+strconv.Itoa(t.Note.Number)+" defined twice in the "+sec.Kind.String()+" section")
	default:
		sec.Notes = append(sec.Notes, t.Note)
	}
}

// note reads the value "k:text" of a Note tag pair. The text is trimmed:
// writers put a space after the colon or not.
func (p *pbnParser) note(t *Tag) *Note {
	n := &Note{Tag: t}
	s := strings.TrimLeft(t.Raw, " ")
	d := digitsEnd(s, 0)
	if d == 0 || d >= len(s) || s[d] != ':' {
		n.Text = strings.TrimSpace(t.Raw)
		p.d.addPos(valuePos(t), diag.Error, "note-tag", "[Note "+quoteText(t.Raw)+"] does not start with a note number and ':'")
		return n
	}
	n.Text = strings.TrimSpace(s[d+1:])
	k, err := strconv.Atoi(s[:d])
	if err != nil || k < 1 || k > 32 {
		p.d.addPos(valuePos(t), diag.Error, "note-tag", "note number "+s[:d]+" out of range (1-32)")
		return n
	}
	n.Number = k
	return n
}

// pbnDiags collects a game's diagnostics. A warning (or info) is reported
// once per code and game, at its first place, with a count of the others, so that a
// file written by a tool with one habit does not drown the rest.
type pbnDiags struct {
	filename string
	game     int
	lines    *pbnLines
	list     diag.List
	warned   []pbnWarned
	errors   int
}

type pbnWarned struct {
	code string
	i    int // in list
	n    int
}

// maxPBNGameErrors bounds the errors reported for one game.
const maxPBNGameErrors = 100

func (d *pbnDiags) reset(filename string, game int, lines *pbnLines) {
	d.filename, d.game, d.lines = filename, game, lines
	d.list, d.warned, d.errors = nil, d.warned[:0], 0
}

// count returns the number of diagnostics reported so far, repeated
// warnings included.
func (d *pbnDiags) count() int {
	n := len(d.list)
	for _, w := range d.warned {
		n += w.n - 1
	}
	return n
}

func (d *pbnDiags) add(off int, sev diag.Severity, code, msg string) {
	d.addPos(d.lines.pos(off), sev, code, msg)
}

func (d *pbnDiags) addPos(pos diag.Pos, sev diag.Severity, code, msg string) {
	switch sev {
	case diag.Info, diag.Warning:
		for i := range d.warned {
			if d.warned[i].code == code {
				d.warned[i].n++
				return
			}
		}
	case diag.Error:
		d.errors++
		if d.errors > maxPBNGameErrors {
			if d.errors > maxPBNGameErrors+1 {
				return
			}
			code, msg = "too-many-errors", "more than "+strconv.Itoa(maxPBNGameErrors)+" errors in this game; the rest are not reported"
		}
	}
	d.list.Add(diag.Diagnostic{File: d.filename, Span: diag.Span{Pos: pos}, Game: d.game, Severity: sev, Code: diag.Code(code), Message: msg})
	if sev != diag.Error {
		d.warned = append(d.warned, pbnWarned{code: code, i: len(d.list) - 1, n: 1})
	}
}

// take returns the game's diagnostics in order of position.
func (d *pbnDiags) take() diag.List {
	for _, w := range d.warned {
		if w.n > 1 {
			d.list[w.i].Message += " (and " + strconv.Itoa(w.n-1) + " more in this game)"
		}
	}
	l := d.list
	d.list = nil
	if !slices.IsSortedFunc(l, func(a, b diag.Diagnostic) int { return a.Offset - b.Offset }) {
		l.Sort()
	}
	return l
}

// valuePos returns where a tag's value is written, or the tag's own
// position when it has none.
func valuePos(t *Tag) diag.Pos {
	if t.ValuePos.IsValid() {
		return t.ValuePos
	}
	return t.Pos
}
