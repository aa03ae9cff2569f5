package convert

import (
	"cmp"
	"errors"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/lin"
	"github.com/bridgekit/bridgekit/record"

	"github.com/bridgekit/bridgekit/auction"
)

// LINOptions gives FromLIN what a record alone does not hold.
type LINOptions struct {
	// File is the name of the file the record came from.
	File string
	// Vugraph is the header of the match segment the record belongs to
	// (see [LINHeader]), nil for a record on its own.
	Vugraph *record.Vugraph
	// Leading is commentary that came before the record and belongs to no
	// board: the nt pairs of a notes record between two boards.
	Leading []record.Comment
	// Into, when not nil, is a board the caller has done with: FromLIN
	// builds the new board in its memory, as FromPBN does with
	// PBNOptions.Into.
	Into *record.Board
}

// LINConverter converts the records of one LIN file in order, keeping what
// a record needs from those before it: the vugraph header of its segment
// and the commentary written between boards.
type LINConverter struct {
	file    string
	vugraph *record.Vugraph
	pending []record.Comment
	spare   *record.Board // see Reuse
}

// NewLINConverter returns a converter for the records of the named file.
func NewLINConverter(file string) *LINConverter { return &LINConverter{file: file} }

// Convert maps the next record of the file. A header record starts a new
// segment and a notes record holds commentary for the next board: for
// those it returns a nil board. Every other record gives a board.
func (c *LINConverter) Convert(r *lin.Record) (*record.Board, []diag.Diagnostic) {
	switch r.Kind {
	case lin.Header:
		c.vugraph = LINHeader(r)
		if endsMatch(c.vugraph) {
			c.vugraph = nil
		}
		return nil, nil
	case lin.Notes:
		c.pending = append(c.pending, linNotes(r)...)
		return nil, nil
	}
	b, fs := FromLIN(r, LINOptions{File: c.file, Vugraph: c.vugraph, Leading: c.pending, Into: c.spare})
	c.pending, c.spare = nil, nil
	return b, fs
}

// Reuse gives back a board Convert returned that the caller has done
// with: the next board is built in its memory rather than in new memory,
// which saves most of the allocation of a caller that keeps no board.
func (c *LINConverter) Reuse(b *record.Board) { c.spare = b }

// Trailing returns the commentary after the file's last board, which no
// board has taken.
func (c *LINConverter) Trailing() []record.Comment { return c.pending }

// LINHeader reads a header record (vg, rs, pw, mp, bn, pn) into the
// Vugraph its boards share.
func LINHeader(r *lin.Record) *record.Vugraph {
	v := &record.Vugraph{Loc: r.Pos, Escapes: linEscapes(r)}
	for _, p := range r.Pairs {
		v.Pairs = append(v.Pairs, record.LINPair{Label: p.Label, Value: p.Value, Loc: pairLoc(p), ValueSpan: diag.Span{Pos: valueLoc(p, 0), End: p.ValueSpan().End}})
		switch p.Key() {
		case "vg":
			if v.VGTag.Present() {
				continue
			}
			v.VGTag = linTag(p)
			v.Fields, _, _ = lin.EventFields(p.Value)
		case "rs":
			v.Results = append(v.Results, lin.SplitList(p.Value)...)
		case "pn":
			if v.Names == nil {
				v.Names = lin.SplitList(p.Value)
			}
		case "nt":
			v.Comments = append(v.Comments, linComment(p))
		}
	}
	return v
}

// endsMatch reports whether a header ends the match before it rather
// than starting one: an empty vg and nothing else but pg. A LIN file has
// no other way to say that the records after it belong to no match, and
// the LIN writer writes it where a board of no match follows a match in
// one stream.
func endsMatch(v *record.Vugraph) bool {
	if !v.VGTag.Present() || strings.TrimSpace(v.VGTag.Value) != "" || len(v.Escapes) > 0 {
		return false
	}
	for _, p := range v.Pairs {
		if !strings.EqualFold(p.Label, "vg") && !strings.EqualFold(p.Label, "pg") {
			return false
		}
	}
	return true
}

// linEscapes returns the % lines before a record.
func linEscapes(r *lin.Record) []record.Escape {
	var out []record.Escape
	for _, c := range r.Comments {
		out = append(out, record.Escape{Text: c.Text, Loc: c.Pos})
	}
	return out
}

// linNotes returns the nt pairs of a record as commentary.
func linNotes(r *lin.Record) []record.Comment {
	var out []record.Comment
	for _, p := range r.Pairs {
		if p.Is("nt") {
			out = append(out, linComment(p))
		}
	}
	return out
}

// FromLIN maps one LIN record that holds a board onto a Board. Like
// [FromPBN] it never fails: what it cannot read is kept as written and
// reported. The play is kept in the order played; [record.Check] gives each
// card its seat and trick.
func FromLIN(r *lin.Record, opt LINOptions) (*record.Board, []diag.Diagnostic) {
	m := &linMapper{mapper: newMapper(opt.Into, nil, record.Source{
		File: opt.File, Format: record.FormatLIN, Game: r.Game, Loc: r.Pos,
	})}
	b := m.b
	b.Leading = append([]record.Comment(nil), opt.Leading...)
	b.LIN = m.oldLIN
	if b.LIN == nil {
		b.LIN = new(record.LINInfo)
	} else {
		m.oldExtras = b.LIN.Extras[:0]
	}
	*b.LIN = record.LINInfo{Vugraph: opt.Vugraph}
	b.Escapes = linEscapes(r)
	m.reserve(r)
	for _, p := range r.Pairs {
		m.pair(p)
	}
	m.identity()
	m.fromHeader()
	m.recorded()
	m.page(r.Row)
	m.unknownLabels()
	return b, m.findings
}

// reserve takes the calls and cards of the record, all at once rather
// than pair by pair (the reader read them when it checked the record, each
// list sized once), and sizes the board's for them: a board's play, grown
// card by card, would otherwise be copied seven times over.
func (m *linMapper) reserve(r *lin.Record) {
	m.recCalls, m.recCards = r.Calls(), r.Cards()
	m.dealt = r.Get("md") != nil
	if n := len(m.recCalls); n > 0 {
		m.b.Auction.Calls = reuse(m.oldCalls, n)
	}
	if n := len(m.recCards); n > 0 {
		m.b.Play.Cards = reuse(m.oldCards, n)
	}
}

// takeOfPair takes from the front of *list the items that pair says come
// from p, and returns them.
func takeOfPair[T any](list *[]T, p *lin.Pair, pair func(*T) *lin.Pair) []T {
	n := 0
	for n < len(*list) && pair(&(*list)[n]) == p {
		n++
	}
	taken := (*list)[:n]
	*list = (*list)[n:]
	return taken
}

// unknownLabels reports, once for the board, the labels no LIN reader
// knows. They are among the board's extras, in order, since pair maps
// only known labels: a board has a few extras and hundreds of pairs.
func (m *linMapper) unknownLabels() {
	var names []string
	var first diag.Pos
	for _, x := range m.b.LIN.Extras {
		if (&lin.Pair{Label: x.Label}).Known() {
			continue
		}
		if !slices.Contains(names, x.Label) {
			names = append(names, x.Label)
			first = cmp.Or(first, x.Loc)
		}
	}
	if len(names) > 0 {
		m.add(diag.UnknownTag, diag.Info, first, "%s not known to LIN readers; kept as written", pluralNames("label", names))
	}
}

// linMapper builds a board from a record's pairs, in order.
type linMapper struct {
	mapper
	names *lin.Pair // the pn pair the players came from
	md    *lin.Pair
	dealt bool // the record has an md pair
	// oldExtras is the memory of the extras of the board reused, emptied.
	oldExtras []record.LINPair
	// recCalls and recCards are the calls and cards of the record's pairs
	// not mapped yet, in order.
	recCalls []lin.Call
	recCards []lin.Card
	// comments is where the first comment of each call or card is kept,
	// in chunks that double: vugraph files comment on most cards, and a
	// slice for each was an eighth of the allocations of an audit of LIN.
	comments []record.Comment
}

// pair maps one pair of the record.
func (m *linMapper) pair(p *lin.Pair) {
	b := m.b
	first := func(t *record.Tag) bool {
		if t.Present() {
			return false
		}
		*t = linTag(p)
		return true
	}
	switch p.Key() {
	case "qx":
		if first(&b.LIN.Table) {
			b.RoomTag = b.LIN.Table
			return
		}
	case "pn":
		if m.names == nil {
			m.names = p
			return
		}
	case "md":
		if first(&b.DealTag) {
			m.md = p
			return
		}
	case "sv":
		if first(&b.VulnerableTag) {
			return
		}
	case "ah":
		if first(&b.BoardTag) {
			return
		}
	case "mb":
		if m.calls(p) {
			return
		}
	case "an":
		if m.explain(p) {
			return
		}
	case "pc":
		m.cards(p)
		return
	case "mc":
		if first(&b.Play.ClaimTag) {
			m.claim(p)
			return
		}
	case "nt":
		m.comment(p)
		return
	case "pg":
		return // a display pause, written again by any LIN writer
	}
	if b.LIN.Extras == nil {
		b.LIN.Extras = m.oldExtras
	}
	b.LIN.Extras = append(b.LIN.Extras, record.LINPair{
		Label: p.Label, Value: p.Value, Loc: pairLoc(p), Calls: len(b.Auction.Calls), Cards: len(b.Play.Cards),
	})
}

// calls appends the calls of an mb pair: one, or a whole auction in
// rpbridge.net files. It reports false for a pair with no call (mb|-|).
func (m *linMapper) calls(p *lin.Pair) bool {
	calls := takeOfPair(&m.recCalls, p, func(c *lin.Call) *lin.Pair { return c.Pair })
	if len(calls) == 0 {
		return false
	}
	rec := &m.b.Auction
	rec.Present = true
	for i := range calls {
		lc := &calls[i]
		rec.Calls = append(rec.Calls, record.AuctionCall{}) // filled in place, as cards are
		call := &rec.Calls[len(rec.Calls)-1]
		call.Text, call.Loc, call.End = lc.Text, tokenLoc(p, lc.Offset, len(calls)), tokenEnd(p, lc.Offset, lc.Text, len(calls))
		call.Alert = lc.Alert
		m.readCall(call, len(rec.Calls))
	}
	return true
}

// explain makes an an pair the note of the call before it. A second an for
// the same call adds a line to its note. It reports false when there is no
// call to explain.
func (m *linMapper) explain(p *lin.Pair) bool {
	rec := &m.b.Auction
	if len(rec.Calls) == 0 {
		return false
	}
	call := &rec.Calls[len(rec.Calls)-1]
	if n := rec.Note(call.Note); n != nil {
		n.Text += "\n" + p.Value
		return true
	}
	call.Note = len(rec.Notes) + 1
	if rec.Notes == nil {
		rec.Notes = m.oldNotes
	}
	rec.Notes = append(rec.Notes, record.Note{Number: call.Note, Text: p.Value, Tag: linTag(p)})
	return true
}

// cards appends the cards of a pc pair: one, or a whole trick in
// rpbridge.net files.
func (m *linMapper) cards(p *lin.Pair) {
	cards := takeOfPair(&m.recCards, p, func(c *lin.Card) *lin.Pair { return c.Pair })
	rec := &m.b.Play
	rec.Present = true
	if len(cards) == 0 {
		cards = []lin.Card{{Text: p.Value}}
	}
	for i := range cards {
		// Filled in place: a record.PlayedCard is 152 bytes, and a board
		// has 52 of them.
		lc := &cards[i]
		rec.Cards = append(rec.Cards, record.PlayedCard{})
		card := &rec.Cards[len(rec.Cards)-1]
		card.Text, card.Loc, card.End = lc.Text, tokenLoc(p, lc.Offset, len(cards)), tokenEnd(p, lc.Offset, lc.Text, len(cards))
		c, err := auction.ParseCard(lc.Text)
		if err != nil {
			m.add(diag.UnreadableCard, diag.Error, card.Loc, "card %d: %q is not a card", len(rec.Cards), lc.Text)
		}
		card.Card = c
	}
}

// claim reads mc, declarer's side's tricks in all.
func (m *linMapper) claim(p *lin.Pair) {
	rec := &m.b.Play
	rec.Present = true
	n, err := lin.ParseClaim(strings.TrimSpace(p.Value))
	if err != nil {
		m.unreadable(&rec.ClaimTag, "not a number of tricks from 0 to 13")
		return
	}
	rec.Claim, rec.Claimed = n, true
}

// comment anchors an nt pair to the card or call it follows, or to the
// start of the auction.
func (m *linMapper) comment(p *lin.Pair) {
	c := linComment(p)
	b := m.b
	switch {
	case m.md == nil && m.dealt:
		// Commentary before the deal is shown before the board: it
		// is what a PBN file holds before the game's first tag.
		b.Leading = append(b.Leading, c)
	case len(b.Play.Cards) > 0:
		last := &b.Play.Cards[len(b.Play.Cards)-1]
		last.Comments = m.addComment(last.Comments, c)
	case len(b.Auction.Calls) > 0:
		last := &b.Auction.Calls[len(b.Auction.Calls)-1]
		last.Comments = m.addComment(last.Comments, c)
	default:
		b.Auction.Comments = m.addComment(b.Auction.Comments, c)
	}
}

// addComment appends c to list. A first comment is carved from the
// board's chunk of them, with no room after it, so that a second one
// moves the list out rather than writing over its neighbour's.
func (m *linMapper) addComment(list []record.Comment, c record.Comment) []record.Comment {
	if list != nil {
		return append(list, c)
	}
	if len(m.comments) == cap(m.comments) {
		m.comments = make([]record.Comment, 0, max(4, 2*cap(m.comments)))
	}
	m.comments = append(m.comments, c)
	n := len(m.comments)
	return m.comments[n-1 : n : n]
}

// identity reads the board's number, room, dealer, vulnerability and deal.
func (m *linMapper) identity() {
	b := m.b
	if t := &b.BoardTag; t.Present() {
		if n, ok := boardNumber(t.Value); ok {
			b.Number = n
		} else if strings.TrimSpace(t.Value) != "" {
			m.unreadable(t, "no board number in it")
		}
	}
	if t := &b.LIN.Table; t.Present() && strings.TrimSpace(t.Value) != "" { // qx|| names no table
		tab, err := lin.ParseTable(t.Value)
		switch {
		case err != nil:
			m.unreadable(t, "not o or c followed by a board number")
		default:
			b.Room = record.Open
			if tab.Room == 'c' {
				b.Room = record.Closed
			}
			if b.Number == 0 && tab.Board > 0 {
				b.Number = tab.Board
			}
		}
	}
	if t := &b.VulnerableTag; t.Given() {
		v, err := auction.ParseVulnerability(t.Value)
		m.check(t, "vulnerability", err)
		b.Vulnerable, b.VulnerableKnown = v, err == nil
	}
	if t := &b.DealTag; t.Given() {
		m.deal(t, func(s string) (auction.Deal, error) {
			if s != "" && s[0] >= '0' && s[0] <= '9' && (s[0] < '1' || s[0] > '4') {
				// A dealer digit out of range (lin-dealer) leaves the
				// hands readable: the board number's dealer is used.
				s = s[1:]
			}
			d, dealer, ok, err := auction.ParseLINDeal(s)
			b.Dealer, b.DealerKnown = dealer, ok
			return d, err
		})
		if v := strings.TrimSpace(b.DealTag.Value); b.DealerKnown && v != "" {
			b.DealerTag = b.DealTag
			b.DealerTag.Value = v[:1] // the dealer digit
		}
	}
	b.Auction.First = b.Dealer
	if !b.DealerKnown && b.Number > 0 {
		b.Auction.First = auction.BoardDealer(b.Number)
	}
	if m.names != nil {
		m.players(lin.SplitList(m.names.Value), linTag(m.names))
	}
}

// players files names given in LIN order S, W, N, E under the Board's
// seats, each a copy of the pn tag they came from; a list of eight holds
// the closed room's after the open room's.
func (m *linMapper) players(names []string, pn record.Tag) {
	if len(names) >= 8 && m.b.Room == record.Closed {
		names = names[4:]
	}
	for i, s := range [...]auction.Seat{auction.South, auction.West, auction.North, auction.East} {
		// An empty name is a player not known, as PBN's "?": no value.
		if i < len(names) && strings.TrimSpace(names[i]) != "" {
			t := pn
			t.Value = names[i]
			m.b.Players[s] = t
		}
	}
}

// fromHeader takes from the segment's header what the record does not
// say: players, event and scoring, and the rs entry for the board.
func (m *linMapper) fromHeader() {
	b, v := m.b, m.b.LIN.Vugraph
	if v == nil {
		return
	}
	if names, ok := v.NamesFor(b.Room); ok && m.names == nil {
		if p := headerPair(v, "pn"); p != nil {
			m.players(names, record.Tag{Name: p.Label, Value: p.Value, Loc: p.Loc, ValueSpan: p.ValueSpan})
		}
	}
	vg := v.VGTag
	if v.Event() != "" {
		b.Event = vg
		b.Event.Value = v.Event()
	}
	if s := v.Fields[2]; s != "" {
		b.Scoring = vg
		b.Scoring.Value = map[string]string{"I": "IMP", "P": "MP", "B": "BAM"}[strings.ToUpper(s)]
		if b.Scoring.Value == "" {
			b.Scoring.Value = s
		}
	}
	if entry, ok := v.ResultFor(b.Number, b.Room); ok {
		if p := headerPair(v, "rs"); p != nil {
			// The entry is one of the value's: its place is its own where
			// the file writes it as it reads, else the value's start.
			// Findings about it point at the entry, in its pair.
			span, ok := v.ResultSpan(b.Number, b.Room)
			loc := p.Loc
			if ok {
				loc = span.Pos
				loc.Pair = p.Loc.Pair
			} else {
				span = diag.Span{Pos: p.ValueSpan.Pos}
			}
			b.LIN.Result = record.Tag{Name: p.Label, Value: entry, Loc: loc, ValueSpan: span}
		}
	}
}

// headerPair returns the header's first pair with the label, or nil.
func headerPair(v *record.Vugraph, label string) *record.LINPair {
	for i := range v.Pairs {
		if strings.EqualFold(v.Pairs[i].Label, label) {
			return &v.Pairs[i]
		}
	}
	return nil
}

// recorded reads the rs entry: the file's own contract, declarer and
// result.
func (m *linMapper) recorded() {
	t := &m.b.LIN.Result
	if strings.TrimSpace(t.Value) == "" {
		return
	}
	r, err := lin.ParseResult(strings.TrimSpace(t.Value))
	if err != nil {
		why := err.Error()
		if ve := lin.ValueErrors(nil); errors.As(err, &ve) && len(ve) > 0 {
			why = ve[0].Msg
		}
		m.unreadable(t, why)
		return
	}
	statedResult(&m.b.File, *t, r)
}

// statedResult sets f to the contract, declarer and tricks a result in
// rs form states (an rs entry, a web page's Result cell): it is the
// file's contract, declarer and result at once, each as written in t, for
// file_says and for findings' places.
func statedResult(f *record.Recorded, t record.Tag, r lin.Result) {
	f.ContractTag, f.DeclarerTag, f.ResultTag = t, t, t
	if r.Passed {
		f.ContractKnown = true
		return
	}
	c, ok := resultContract(r)
	if !ok {
		return
	}
	f.Contract, f.ContractKnown = c, true
	f.Declarer, f.DeclarerKnown = c.Declarer, true
	if r.Result != "" {
		f.Tricks, f.TricksKnown = r.Tricks, true
	}
}

// resultContract returns the contract, with its declarer, of a result in
// rs form that is not passed out.
func resultContract(r lin.Result) (auction.Contract, bool) {
	if r.Contract == "" {
		return auction.Contract{}, false
	}
	c, err := auction.ParseContract(r.Contract[:1] + string(r.Strain) + r.Risk)
	d, derr := auction.ParseSeat(string(r.Declarer))
	if err != nil || derr != nil {
		return auction.Contract{}, false // ParseResult read level, strain and declarer already
	}
	c.Declarer = d
	return c, true
}

func linTag(p *lin.Pair) record.Tag {
	return record.Tag{Name: p.Label, Value: p.Value, Loc: pairLoc(p), ValueSpan: diag.Span{Pos: valueLoc(p, 0), End: p.ValueSpan().End}}
}

func linComment(p *lin.Pair) record.Comment {
	return record.Comment{Text: p.Value, Kind: record.CommentLIN, Loc: pairLoc(p)}
}

// pairLoc is the place of a pair's label, with its index in the record.
func pairLoc(p *lin.Pair) diag.Pos {
	l := p.Pos
	l.Pair = diag.Clamp(p.Index)
	return l
}

// tokenLoc is the place of a call or card: its mb or pc pair when the pair
// holds n = 1, else its own place in the pair's value (rpbridge.net files
// put a whole auction in one mb).
func tokenLoc(p *lin.Pair, off, n int) diag.Pos {
	if n == 1 {
		return pairLoc(p)
	}
	return valueLoc(p, off)
}

// valueLoc is the place of byte off of a pair's value, which is on one line
// unless it is commentary.
// tokenEnd is the byte offset just past a call or card written at offset
// off of its pair's value, n of them in the pair: the end of the value
// for one, else of its text; 0 when the value's bytes are not known.
func tokenEnd(p *lin.Pair, off int, text string, n int) int {
	sp := p.ValueSpan()
	switch {
	case sp.End == 0:
		return 0
	case n == 1:
		return sp.End
	}
	return sp.Offset + off + len(text)
}

func valueLoc(p *lin.Pair, off int) diag.Pos {
	l := p.ValuePos
	if off > 0 && off <= len(p.Value) {
		l.Col = diag.Clamp(int(l.Col) + utf8.RuneCountInString(p.Value[:off]))
		l.Offset += off
	}
	l.Pair = diag.Clamp(p.Index)
	return l
}
