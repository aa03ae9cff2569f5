package convert

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/record"
)

// VugraphMode says when a LINWriter writes a vugraph (match) file.
type VugraphMode uint8

// The vugraph modes.
const (
	// VugraphAuto writes boards read from a LIN vugraph file under their
	// header, and other boards played in a room (Open or Closed, from a
	// PBN Room tag) as a vugraph file of their own; every other board as
	// a record on its own line, opened by qx when its room is known.
	VugraphAuto VugraphMode = iota
	// VugraphNever writes every board as a record of its own, with no
	// header.
	VugraphNever
	// VugraphAlways writes every board in a vugraph file: a board played
	// in no known room is written as the open room's.
	VugraphAlways
)

// LINWriterOptions configures a LINWriter. The zero value writes vugraph
// files where the boards form a match (VugraphAuto).
type LINWriterOptions struct {
	Vugraph VugraphMode
}

// LINWriter writes boards as BBO LIN, one board per line, in the layout BBO
// itself writes (pn, st, md, rh, ah, sv, the calls, pg, the cards trick by
// trick, mc), with the pairs the board does not interpret (unknown labels)
// kept in place. Boards that form a match are written as a vugraph file,
// under a header (vg, rs, pn, pg) that lists every board's result; see
// [VugraphMode]. See the package documentation for what LIN cannot carry.
//
// A record that stands alone is written at once. The boards under one
// vugraph header are held until the header changes or Close, since the
// header lists their results: memory grows with the size of one match,
// not of the input.
//
// A LINWriter must not be used concurrently. Create one with NewLINWriter,
// and Close it to write the boards it holds.
type LINWriter struct {
	w     io.Writer
	opt   LINWriterOptions
	check record.Checker
	buf   []byte

	seg     any // the vugraph segment being gathered: a *record.Vugraph, or an ownMatch
	pending []*record.Board
	// inMatch says a header was written and no board outside a match has
	// been since: a reader takes every record after a header for the
	// match's, so a board of no match that follows must be preceded by
	// the header that ends it (endMatchRecord).
	inMatch bool
	dropped Dropped
	err     error // a write error of w; every later call returns it
}

// Dropped counts, by what they are ("Date", "Score", "OptimumResultTable",
// "NAGs and suffixes"), the boards a writer wrote without something they
// held that the format cannot hold.
type Dropped map[string]int

// Add counts one board that lost what.
func (d *Dropped) Add(what string) { d.addN(what, 1) }

// Merge adds the counts of o.
func (d *Dropped) Merge(o Dropped) {
	for what, n := range o {
		d.addN(what, n)
	}
}

func (d *Dropped) addN(what string, n int) {
	if *d == nil {
		*d = Dropped{}
	}
	(*d)[what] += n
}

// ownMatch is the segment of boards written under a header of the
// writer's own making: boards of one file and one event, since a vg header
// holds one event and boards of unrelated inputs must not read back as
// one match. A board whose event is not known joins the match before it.
type ownMatch struct{ file, event string }

// sameSegment reports whether a board of segment seg continues the
// segment cur being gathered.
func sameSegment(seg, cur any) bool {
	s, ok1 := seg.(ownMatch)
	c, ok2 := cur.(ownMatch)
	if !ok1 || !ok2 {
		return seg == cur
	}
	return s.file == c.file && (s.event == "" || c.event == "" || s.event == c.event)
}

// endMatchRecord is the header that ends a match: an empty vg, which the
// LIN converter reads as "the records after this belong to no match".
const endMatchRecord = "vg||pg||\n"

// NewLINWriter returns a writer of LIN to w.
func NewLINWriter(w io.Writer, opt LINWriterOptions) *LINWriter {
	return &LINWriter{w: w, opt: opt}
}

// WriteBoard writes b, or holds it when it belongs to a vugraph segment.
// A board that has not been replayed is replayed first (record.Check).
// The error is a *WriteError naming the board: b itself is nil, or a
// write error of the underlying writer for an earlier board that was
// held, after which every call returns the error again.
func (lw *LINWriter) WriteBoard(b *record.Board) error {
	if lw.err != nil {
		return lw.err
	}
	if b == nil {
		return boardError(b, errNilBoard)
	}
	replayed(&lw.check, b)
	seg := lw.segment(b)
	lw.countDropped(b, seg != nil)
	if !sameSegment(seg, lw.seg) {
		if err := lw.flush(); err != nil {
			return err
		}
		lw.seg = seg
	} else if m, ok := seg.(ownMatch); ok && m.event != "" {
		lw.seg = m // the match's event, where its first boards had none
	}
	if seg != nil {
		lw.pending = append(lw.pending, b)
		return nil
	}
	lw.buf = lw.buf[:0]
	if lw.inMatch {
		lw.buf, lw.inMatch = append(lw.buf, endMatchRecord...), false
	}
	lw.buf = lw.record(lw.buf, b, linTable(b, b.Room), false)
	return lw.write(b)
}

// Dropped returns what the boards written so far held and LIN cannot.
func (lw *LINWriter) Dropped() Dropped { return lw.dropped }

// countDropped counts what of b LIN cannot hold (see the package doc);
// inMatch says it is written under a vugraph header, which holds the
// event, the scoring and, for a header of the writer's own, the round and
// the teams.
func (lw *LINWriter) countDropped(b *record.Board, inMatch bool) {
	if b.Event.Given() && !inMatch {
		lw.dropped.Add("Event")
	}
	if b.Site.Given() {
		lw.dropped.Add("Site")
	}
	if b.Date.Given() {
		lw.dropped.Add("Date")
	}
	if b.Scoring.Given() && !inMatch {
		lw.dropped.Add("Scoring")
	}
	if b.File.ScoreTag.Given() {
		lw.dropped.Add("Score")
	}
	// LIN gives a contract by the auction, or in a vugraph by rs: a
	// board that states one without a complete, legal auction loses it,
	// and an auction from another seat than the dealer's is read from
	// the dealer.
	if !inMatch && !(b.Replayed.Complete && b.Replayed.Legal) && (b.File.ContractKnown || b.File.ContractTag.Given() || b.File.DeclarerTag.Given()) {
		lw.dropped.Add("Contract and Declarer (no complete, legal auction gives them)")
	}
	if b.File.Swapped {
		lw.dropped.Add("a Declarer marked ^ (LIN gives the declarer by the auction)")
	}
	if b.Auction.Present && len(b.Auction.Calls) > 0 && b.DealerKnown && b.Auction.First != b.Dealer && b.Replayed.Shift == 0 {
		lw.dropped.Add("an auction from another seat than the dealer's (LIN's calls start with the dealer)")
	}
	if b.DealTwice != (auction.Deal{}) || (!b.Deal.Full() || b.Deal.Validate() != nil) && linDealChanges(b) {
		lw.dropped.Add("a deal md reads back otherwise (a hand derived from three full ones, a card twice)")
	}
	if b.Source.Format == record.FormatPBN && slices.ContainsFunc(b.Escapes, func(e record.Escape) bool { return !declaresFile(e.Text) }) {
		lw.dropped.Add("% lines")
	}
	// The tags writtenTags writes, without the values it would work out.
	for i, t := range typedFields(b) {
		if (i < mandatoryTags || t.t.Present()) && len(t.t.Comments) > 0 {
			lw.dropped.Add("commentary on tags and notes (written before the first call)")
			break
		}
	}
	// What md and sv need and the board does not say is derived, and said.
	if _, from, ok := linDealer(b); !ok {
		lw.dropped.Add("an unknown dealer (md without a dealer digit)")
	} else if from != "" {
		lw.dropped.Add("an unknown dealer (md has " + from + ")")
	}
	if _, from, ok := linVulnerability(b); !ok && !strings.EqualFold(b.VulnerableTag.Name, "sv") {
		lw.dropped.Add("an unknown vulnerability (no sv)")
	} else if from != "" {
		lw.dropped.Add("an unknown vulnerability (sv has " + from + ")")
	}
	seen := map[string]bool{}
	for i := range b.Tags {
		t := &b.Tags[i]
		switch {
		case seen[t.Name] || !t.Present():
		case inMatch && b.LIN == nil && ownHeaderTag(t.Name):
		default:
			lw.dropped.Add(t.Name)
		}
		seen[t.Name] = true
	}
	for i := range b.Tables {
		if name := b.Tables[i].Tag.Name; !seen[name] {
			seen[name] = true
			lw.dropped.Add(name)
		}
	}
	marks, skips, accepted := false, false, false
	for i := range b.Auction.Calls {
		c := &b.Auction.Calls[i]
		marks = marks || c.Suffix != "" || len(c.NAGs) > 0
		skips = skips || c.Skip
		accepted = accepted || c.Accepted
	}
	if accepted {
		lw.dropped.Add("^I marks on calls (an accepted insufficient bid reads back as not accepted)")
	}
	notes, unknown, irregular := false, false, false
	for i := range b.Play.Cards {
		c := &b.Play.Cards[i]
		marks = marks || c.Suffix != "" || len(c.NAGs) > 0
		notes = notes || c.Note > 0
		unknown = unknown || !c.Card.Valid()
		irregular = irregular || c.Revoke || c.OutOfTurn
	}
	// A LIN value holds no line end and no '|': nt writes them as a blank
	// and '¦' (linValueText).
	breaks, bars := false, false
	see := func(cs []record.Comment) {
		for _, c := range cs {
			// Two byte searches: ContainsAny builds a set of bytes on
			// every call, a few hundred instructions.
			breaks = breaks || strings.IndexByte(c.Text, '\n') >= 0 || strings.IndexByte(c.Text, '\r') >= 0
			bars = bars || strings.Contains(c.Text, "|")
		}
	}
	see(b.Leading)
	see(linUnanchored(b))
	see(b.Play.Comments)
	for i := range b.Auction.Calls {
		see(b.Auction.Calls[i].Comments)
	}
	for i := range b.Play.Cards {
		see(b.Play.Cards[i].Comments)
	}
	for _, d := range []struct {
		held bool
		what string
	}{
		{marks, "NAGs and suffixes"},
		{notes, "notes on cards (written as commentary)"},
		{unknown, "unknown cards (-)"},
		{irregular, "^R and ^L marks on cards"},
		{b.Auction.End != "" || b.Play.End != "", "end marks (*, +)"},
		{breaks, "line breaks in commentary (written as blanks)"},
		{bars, "'|' in commentary (written as '¦')"},
		{skips, "skipped turns (^S)"},
	} {
		if d.held {
			lw.dropped.Add(d.what)
		}
	}
}

// linDealChanges reports whether the md written for b reads back as
// another deal: LIN derives a fourth hand from three full ones, and its
// reader completes or rejects a deal that contradicts itself.
func linDealChanges(b *record.Board) bool {
	back, _, _, err := auction.ParseLINDeal(strings.TrimLeft(linDeal(b), "0123456789"))
	var de *auction.DealError
	if err != nil && !errors.As(err, &de) {
		back = auction.Deal{}
	}
	return back != b.Deal
}

// ownHeaderTag reports whether a header of the writer's own holds the tag.
func ownHeaderTag(name string) bool {
	switch name {
	case "Round", "Stage", "HomeTeam", "VisitTeam", "HomeCarryOver", "VisitCarryOver":
		return true
	}
	return false
}

// room is the room b is written in: its own, or in VugraphAlways mode the
// open room for a board of no known room.
func (lw *LINWriter) room(b *record.Board) record.Room {
	if b.Room == record.RoomUnknown && lw.opt.Vugraph == VugraphAlways {
		return record.Open
	}
	return b.Room
}

// WriteTrailer writes commentary that follows the last board and belongs
// to none (see LINConverter.Trailing) as a notes record. Call it after the
// last board, before Close.
func (lw *LINWriter) WriteTrailer(comments []record.Comment) error {
	if lw.err != nil || len(comments) == 0 {
		return lw.err
	}
	if err := lw.flush(); err != nil {
		return err
	}
	lw.buf = linNotesRecord(lw.buf[:0], comments)
	if _, err := lw.w.Write(lw.buf); err != nil {
		lw.err = fmt.Errorf("the commentary after the last board: %w", err)
	}
	return lw.err
}

// Close writes the boards held for a vugraph header. It does not close the
// underlying writer.
func (lw *LINWriter) Close() error {
	if lw.err != nil {
		return lw.err
	}
	return lw.flush()
}

// segment returns the vugraph segment b is written in, nil for none.
func (lw *LINWriter) segment(b *record.Board) any {
	if lw.opt.Vugraph == VugraphNever {
		return nil
	}
	switch {
	case b.LIN != nil && b.LIN.Vugraph != nil:
		return b.LIN.Vugraph
	case lw.opt.Vugraph == VugraphAlways, b.Room != record.RoomUnknown && b.LIN == nil:
		event := b.Event.Value
		if event == "?" {
			event = ""
		}
		return ownMatch{file: b.Source.File, event: event}
	}
	return nil
}

func (lw *LINWriter) write(b *record.Board) error {
	if _, err := lw.w.Write(lw.buf); err != nil {
		lw.err = boardError(b, err)
		return lw.err
	}
	return nil
}

// flush writes the vugraph segment held: its header, then its boards.
func (lw *LINWriter) flush() error {
	boards := lw.pending
	lw.pending, lw.seg = lw.pending[:0], nil
	if len(boards) == 0 {
		return nil
	}
	buf := lw.buf[:0]
	if v := boards[0].LIN; v != nil && v.Vugraph != nil {
		buf = linFileHeader(buf, v.Vugraph, boards, lw.room)
	} else {
		buf = linOwnHeader(buf, boards, lw.room)
	}
	for _, b := range boards {
		buf = lw.record(buf, b, linTable(b, lw.room(b)), true)
	}
	lw.buf, lw.inMatch = buf, true
	return lw.write(boards[0])
}

// linTable is the qx value of b played in room: the one it was read with,
// else the room and the board number; "" (no qx) for a board of no known
// room.
func linTable(b *record.Board, room record.Room) string {
	if b.LIN != nil && b.LIN.Table.Value != "" {
		return b.LIN.Table.Value
	}
	return madeTable(b, room)
}

// madeTable is the qx value of b played in room made from the room and
// the board number, as a board read from PBN gets it.
func madeTable(b *record.Board, room record.Room) string {
	if room == record.RoomUnknown {
		return ""
	}
	qx := "o"
	if room == record.Closed {
		qx = "c"
	}
	if b.Number > 0 {
		qx += strconv.Itoa(b.Number)
	}
	return qx
}

// appendLINPair appends label|value|.
func appendLINPair(buf []byte, label, value string) []byte {
	buf = append(buf, label...)
	buf = append(buf, '|')
	for i := 0; i < len(value); i++ {
		if linControl(rune(value[i])) {
			// A control character (a NUL most often, in a value kept as
			// read) is written U+FFFD: NUL bytes in the text would make
			// a reader take the file for UTF-16.
			for _, r := range value {
				if linControl(r) {
					r = '\uFFFD'
				}
				buf = utf8.AppendRune(buf, r)
			}
			return append(buf, '|')
		}
	}
	buf = append(buf, value...)
	return append(buf, '|')
}

// linControl reports whether r is a control character other than the
// white space a LIN value may hold (tab, line breaks).
func linControl(r rune) bool { return r < ' ' && r != '\t' && r != '\r' && r != '\n' || r == 0x7f }

// linValueText returns text as a LIN value can hold it: on one line, a
// "|", which would end the value, written "¦", a line break as a space,
// and another control character but a tab as U+FFFD.
func linValueText(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '|' || c < ' ' && c != '\t' || c == 0x7f {
			return strings.Map(linRune, s)
		}
	}
	return s
}

func linRune(r rune) rune {
	switch {
	case r == '|':
		return '¦'
	case r == '\r' || r == '\n':
		return ' '
	case r < ' ' && r != '\t' || r == 0x7f:
		return '\uFFFD'
	}
	return r
}

// linNameText returns a player's name or a field of a comma list as LIN can
// hold it: without the "," and "|" that separate names and pairs. A name
// PBN gives as unknown ("?") is empty.
func linNameText(s string) string {
	s = strings.TrimSpace(s)
	if s == "?" {
		return ""
	}
	if strings.IndexFunc(s, linNameBreak) >= 0 {
		s = strings.Join(strings.Fields(strings.NewReplacer(",", " ", "|", " ").Replace(s)), " ")
	}
	return s
}

// linNameBreak reports the characters a LIN name cannot hold, which
// linNameText takes out. (A test of each character: ContainsAny built a
// set of bytes for every name.)
func linNameBreak(r rune) bool { return r == ',' || r == '|' || r == '\r' || r == '\n' || r == '\t' }

// linSeatOrder is LIN's order of seats.
var linSeatOrder = [4]auction.Seat{auction.South, auction.West, auction.North, auction.East}

// linNames returns the pn value of b: South, West, North, East.
func linNames(b *record.Board) string {
	var n [4]string
	for i, s := range linSeatOrder {
		n[i] = linNameText(b.Player(s))
	}
	return strings.Join(n[:], ",")
}

// linVulLetter is the sv value of each vulnerability.
var linVulLetter = [...]string{auction.VulNone: "o", auction.VulNS: "n", auction.VulEW: "e", auction.VulAll: "b"}

// record appends b as one LIN record on a line of its own, the commentary
// that comes before the board in it before the deal. qx is the record's
// table in a vugraph file; inMatch says the header's rs carries the result.
func (lw *LINWriter) record(buf []byte, b *record.Board, qx string, inMatch bool) []byte {
	if b.Source.Format == record.FormatLIN {
		buf = appendLINEscapes(buf, b.Escapes)
	}
	r := newLINRecord(buf, b)
	r.setup(qx)
	calls := r.auction()
	cards := r.play(calls)
	r.claim(cards, inMatch)
	return append(r.buf, '\n')
}

// linRecord is one record being written: the text so far, the board, and
// the pairs of the file's own that no model field holds, to be written
// where they stood.
type linRecord struct {
	buf    []byte
	b      *record.Board
	extras []record.LINPair
	claims []record.LINPair // a repeated mc follows the claim, which is written last
}

func newLINRecord(buf []byte, b *record.Board) *linRecord {
	r := &linRecord{buf: buf, b: b}
	if b.LIN != nil {
		for _, e := range linRecordExtras(b.LIN.Extras) {
			if strings.EqualFold(e.Label, "mc") {
				r.claims = append(r.claims, e)
			} else {
				r.extras = append(r.extras, e)
			}
		}
	}
	return r
}

func (r *linRecord) pair(label, value string) { r.buf = appendLINPair(r.buf, label, value) }

// head writes the pairs of label the file gave before its first call, or
// an empty one for a board that did not come from LIN.
func (r *linRecord) head(label string) {
	for _, e := range r.extras {
		if e.Calls == 0 && e.Cards == 0 && strings.EqualFold(e.Label, label) {
			r.pair(e.Label, e.Value)
		}
	}
	if r.b.LIN == nil {
		r.pair(label, "")
	}
}

// after writes the file's own pairs that followed the given numbers of
// calls and cards.
func (r *linRecord) after(calls, cards int) {
	for _, e := range r.extras {
		if e.Calls == calls && e.Cards == cards && (calls > 0 || cards > 0) {
			r.buf = appendLINExtra(r.buf, e, true)
		}
	}
}

// setup writes the pairs before the auction: table, players, deal, board
// and vulnerability, and the file's own pairs among them.
func (r *linRecord) setup(qx string) {
	b := r.b
	if qx != "" {
		r.pair("qx", qx)
	}
	r.pair("pn", linNames(b))
	r.head("st")
	// The commentary before the board goes before its deal, where a
	// reader gives it to this board, not to the one before.
	r.buf = appendLINComments(r.buf, spoken(b.Leading))
	r.pair("md", linDeal(b))
	r.head("rh")
	if l := b.BoardLabel(); l != "" {
		r.pair("ah", "Board "+linValueText(l))
	} else if strings.EqualFold(b.BoardTag.Name, "ah") {
		r.pair("ah", linValueText(b.BoardTag.Value))
	}
	switch v, _, ok := linVulnerability(b); {
	case ok && int(v) < len(linVulLetter):
		r.pair("sv", linVulLetter[v])
	case strings.EqualFold(b.VulnerableTag.Name, "sv"):
		r.pair("sv", linValueText(b.VulnerableTag.Value)) // as written: it cannot be read
	}
	for _, e := range r.extras {
		if e.Calls == 0 && e.Cards == 0 && !strings.EqualFold(e.Label, "st") && !strings.EqualFold(e.Label, "rh") {
			r.buf = appendLINExtra(r.buf, e, false)
		}
	}
	r.buf = appendLINComments(r.buf, linUnanchored(b))
}

// auction writes the calls with their alerts, explanations and
// commentary, and returns how many it wrote.
func (r *linRecord) auction() int {
	b := r.b
	rec := &b.Auction
	calls := 0
	if rec.Present && b.Replayed.Shift > 0 && b.Final().FromReplay {
		// The record leaves out leading passes that the contract
		// written needs (see record.Outcome.Shift); LIN's calls start
		// with the dealer, so they are written.
		for range b.Replayed.Shift {
			r.pair("mb", "p")
		}
	}
	for i := range rec.Calls {
		c := &rec.Calls[i]
		text := linCallText(c)
		if text == "" {
			continue // a turn skipped: LIN has no way to say it
		}
		var note *record.Note
		if c.Note > 0 {
			note = rec.Note(c.Note)
		}
		explained := note != nil && strings.TrimSpace(note.Text) != ""
		if c.Alert || c.Note > 0 && !explained {
			text += "!"
		} else {
			// A reader trims a value, but keeps the spaces between
			// text that is not a call and its "!".
			text = strings.TrimRight(text, " ")
		}
		r.pair("mb", text)
		if explained {
			// A note of several lines is several an pairs, as LIN
			// gives a call a line of explanation per an. A reader
			// trims each pair's value, so each line is written trimmed:
			// what is read back is what was written.
			for line := range strings.SplitSeq(toLF(note.Text), "\n") {
				r.pair("an", linValueText(strings.Trim(line, " \t\f\v")))
			}
		}
		r.buf = appendLINComments(r.buf, c.Comments)
		calls++
		r.after(calls, 0)
	}
	return calls
}

// play writes the cards, a pg after the auction and after each trick, and
// returns how many cards it wrote.
func (r *linRecord) play(calls int) int {
	b := r.b
	// Commentary before the first card follows the last call: LIN
	// gives it no other place.
	r.buf = appendLINComments(r.buf, b.Play.Tag.Comments)
	r.buf = appendLINComments(r.buf, b.Play.Comments)
	if calls > 0 {
		r.pair("pg", "")
	}
	cards := 0
	for i := range b.Play.Cards {
		c := &b.Play.Cards[i]
		if !c.Card.Valid() {
			break // the cards after an unknown one cannot be placed
		}
		r.pair("pc", c.Card.String())
		if c.Note > 0 {
			if n := b.Play.Note(c.Note); n != nil && strings.TrimSpace(n.Text) != "" {
				r.pair("nt", linValueText(n.Text))
			}
		}
		r.buf = appendLINComments(r.buf, c.Comments)
		cards++
		r.after(calls, cards)
		if cards%4 == 0 {
			r.pair("pg", "")
		}
	}
	return cards
}

// claim writes the claim that ends the play, if any: the file's, or the
// result of a play stopped early or of a board whose result no rs list
// carries (inMatch says one does).
func (r *linRecord) claim(cards int, inMatch bool) {
	b := r.b
	f := b.Final()
	claim, claimed := "", true
	switch {
	case b.Play.Claimed:
		claim = strconv.Itoa(b.Play.Claim)
	case b.Play.ClaimTag.Present():
		claim = linValueText(b.Play.ClaimTag.Value) // a claim that cannot be read, as written
	case cards < 52 && f.TricksKnown && !(f.ContractKnown && f.Contract.PassedOut()) && (!inMatch || b.Play.End == "*"):
		claim = strconv.Itoa(f.Tricks)
	default:
		claimed = false
	}
	if !claimed && len(r.claims) == 0 {
		return
	}
	if claimed {
		r.pair("mc", claim)
	}
	for _, e := range r.claims {
		r.pair(e.Label, e.Value)
	}
	r.pair("pg", "")
}

// linNotesRecord appends commentary that belongs to no board as a notes
// record of its own line, nt pairs and pg.
func linNotesRecord(buf []byte, cs []record.Comment) []byte {
	// A record of an nt of no text alone would read back as a board.
	cs = spoken(cs)
	if len(cs) == 0 {
		return buf
	}
	return append(appendLINPair(appendLINComments(buf, cs), "pg", ""), '\n')
}

// spoken returns the comments that have text: an nt of no text says
// nothing.
func spoken(cs []record.Comment) []record.Comment {
	return slices.DeleteFunc(slices.Clone(cs), func(c record.Comment) bool { return strings.TrimSpace(c.Text) == "" })
}

// appendLINEscapes appends % lines, kept from a LIN file (rpbridge.net files
// open with some), except those declaring a PBN version or charset.
func appendLINEscapes(buf []byte, es []record.Escape) []byte {
	for _, e := range es {
		if !declaresFile(e.Text) {
			buf = append(append(append(buf, '%'), firstLine(e.Text)...), '\n')
		}
	}
	return buf
}

// appendLINExtra appends a pair kept from a LIN record, written after the
// deal, and after a call or card when afterPlay. Readers hold back a pn
// there, and a board-setup pair (st, rh, ah, sv, pf) after a call or card,
// for the next board, unless some other pair follows: a pg follows it.
func appendLINExtra(buf []byte, e record.LINPair, afterPlay bool) []byte {
	buf = appendLINPair(buf, e.Label, e.Value)
	switch strings.ToLower(e.Label) {
	case "pn":
	case "st", "rh", "ah", "sv", "pf":
		if !afterPlay {
			return buf
		}
	default:
		return buf
	}
	return appendLINPair(buf, "pg", "")
}

// linRecordExtras returns the pairs of a record to write back: all but
// those that written inside a board would cut it in two, as readers split
// records: file-header pairs (vg, rs, pw, mp, bn), which a damaged record
// may hold, and a repeated md or qx, which open the next board. (A late pn,
// which BBO writes after the last board, is kept.)
func linRecordExtras(extras []record.LINPair) []record.LINPair {
	var out []record.LINPair
	for _, e := range extras {
		switch strings.ToLower(e.Label) {
		case "vg", "rs", "pw", "mp", "bn", "md", "qx":
		default:
			out = append(out, e)
		}
	}
	return out
}

// linDeal returns the md value of b: the dealer digit (see linDealer;
// none when nothing settles the dealer) and the hands. A deal that cannot
// be read at all keeps the text LIN gave it.
func linDeal(b *record.Board) string {
	// A deal that cannot be read, or that writes a card twice in a hand
	// (read once), keeps the text LIN gave it, as the PBN writer does.
	if (b.Deal == (auction.Deal{}) || b.DealTwice != (auction.Deal{})) && strings.EqualFold(b.DealTag.Name, "md") && b.DealTag.Value != "" {
		return linValueText(b.DealTag.Value)
	}
	dealer, _, ok := linDealer(b)
	v := b.Deal.LIN(dealer)
	if !ok {
		v = v[1:]
	}
	return v
}

// linDealer returns the dealer to write in md, and what it is taken from
// when the board does not say ("" when it does): the seat of the auction's
// first call, which the replay starts from, else the board number's. A
// reader of LIN needs the digit: without it BBO's handviewer takes South
// for the dealer, and 1NT by West came back as 1NT by South.
func linDealer(b *record.Board) (auction.Seat, string, bool) {
	switch {
	case b.DealerKnown:
		return b.Dealer, "", true
	case b.Auction.Present && len(b.Auction.Calls) > 0:
		return b.Auction.First, "the auction's first seat", true
	case b.Number > 0:
		return auction.BoardDealer(b.Number), "the board number's", true
	}
	return 0, "", false
}

// linVulnerability returns the vulnerability to write in sv, and what it
// is taken from when the board does not say: the board number's.
func linVulnerability(b *record.Board) (auction.Vulnerability, string, bool) {
	switch {
	case b.VulnerableKnown:
		return b.Vulnerable, "", true
	case b.Number > 0:
		return auction.BoardVulnerability(b.Number), "the board number's", true
	}
	return 0, "", false
}

// linCallText returns the mb value of a call: bids upper case with N for
// notrump, p, d and r; the text as written for one that is not a call; ""
// for a skipped turn.
func linCallText(c *record.AuctionCall) string {
	switch {
	case c.Skip:
		return ""
	case c.Call == auction.Pass:
		return "p"
	case c.Call == auction.Double:
		return "d"
	case c.Call == auction.Redouble:
		return "r"
	case c.Call.IsBid():
		return strings.TrimSuffix(c.Call.String(), "T")
	}
	if t := strings.TrimLeft(linValueText(c.Text), " "); t != "" {
		return t // as written, so that it reads back the same (see record)
	}
	return "?"
}

// appendLINComments appends commentary as nt pairs.
func appendLINComments(buf []byte, cs []record.Comment) []byte {
	for _, c := range cs {
		buf = appendLINPair(buf, "nt", linValueText(c.Text))
	}
	return buf
}

// linUnanchored gathers the commentary that LIN can only give before the
// first call: that of the auction, of the identification tags, of notes
// and of tables.
func linUnanchored(b *record.Board) []record.Comment {
	out := append([]record.Comment(nil), b.Auction.Tag.Comments...)
	out = append(out, b.Auction.Comments...)
	for _, t := range typedFields(b) {
		out = append(out, t.t.Comments...)
	}
	for i := range b.Tags {
		out = append(out, b.Tags[i].Comments...)
	}
	for _, ns := range [][]record.Note{b.Auction.Notes, b.Play.Notes} {
		for i := range ns {
			out = append(out, ns[i].Tag.Comments...)
		}
	}
	for i := range b.Tables {
		out = append(out, b.Tables[i].Tag.Comments...)
		out = append(out, b.Tables[i].Comments...)
	}
	return out
}

// linResultEntry returns the rs entry of b: the entry the file had, as it
// had it, for a board read from a vugraph file (the file's statement of
// its outcome, kept where its play or claim says otherwise: the audit
// reports that, and a writer must not erase the evidence); else contract,
// declarer, risk and the tricks against the contract ("4HN+1", "3NSx-2",
// "P") as the file states them, the replay filling what it does not.
func linResultEntry(b *record.Board) string {
	if b.LIN != nil && strings.TrimSpace(b.LIN.Result.Value) != "" {
		return linValueText(b.LIN.Result.Value)
	}
	f := stated(b)
	switch {
	case f.ContractKnown && f.Contract.PassedOut():
		return "P"
	case !f.ContractKnown || !f.DeclarerKnown:
		return ""
	}
	return record.LINResult(f.Contract, f.Tricks, f.TricksKnown)
}

// stated returns the outcome a file states for b: its own contract,
// declarer and result where it gives them and they read, the final
// outcome (the replay, the claim) for what it does not give.
func stated(b *record.Board) record.Final {
	f, file := b.Final(), &b.File
	if file.ContractKnown {
		f.Contract, f.ContractKnown = file.Contract, true
		f.DeclarerKnown = false
		if file.DeclarerKnown && !f.Contract.PassedOut() {
			f.Contract.Declarer, f.DeclarerKnown = file.Declarer, true
		}
	}
	if file.TricksKnown {
		f.Tricks, f.TricksKnown = file.Tricks, true
	}
	return f
}

// linResults returns the rs list of the boards numbered first to last:
// two entries per board, open room then closed, the results of boards
// replacing the entries given.
//
// The list is laid out only as far as the input reaches: the entries
// given, and the slots of the boards written. Board numbers come from the
// input, so a range or a number in the millions must not become a list of
// millions; a board whose slot lies past both the entries read and
// rsSlack entries beyond two per board keeps its result in its own record
// only.
func linResults(entries []string, first, last int, boards []*record.Board, roomOf func(*record.Board) record.Room) []string {
	out := append([]string(nil), entries...)
	if first == 0 {
		return out
	}
	// The limit does not grow with the entries read, so that LIN written
	// from LIN read back is the same.
	limit := 2*len(boards) + rsSlack
	for len(out) < min(2*(last-first+1), limit) {
		out = append(out, "")
	}
	for _, b := range boards {
		room := roomOf(b)
		if b.Number < first || room == record.RoomUnknown || b.Number-first >= max(len(entries), limit)/2 {
			continue
		}
		i := 2 * (b.Number - first)
		if room == record.Closed {
			i++
		}
		for len(out) <= i {
			out = append(out, "")
		}
		out[i] = linResultEntry(b)
	}
	return out
}

// rsSlack is how many empty rs entries the writer may add beyond two per
// board and the entries read: a segment of a few hundred boards numbered
// with gaps, never one of millions.
const rsSlack = 4096

// linFileHeader appends the vugraph header boards were read under: its pairs
// as the file had them, the rs list brought up to date with the results
// written for the boards, then its commentary.
func linFileHeader(buf []byte, v *record.Vugraph, boards []*record.Board, roomOf func(*record.Board) record.Room) []byte {
	buf = appendLINEscapes(buf, v.Escapes)
	last, _ := strconv.Atoi(strings.TrimSpace(v.Fields[4]))
	rs := strings.Join(linResults(v.Results, v.FirstBoard(), last, boards, roomOf), ",")
	start, wrote := len(buf), false
	line := func(label, value string) {
		if len(buf) > start {
			buf = append(buf, '\n')
		}
		buf = appendLINPair(buf, label, value)
	}
	hasVG := slices.ContainsFunc(v.Pairs, func(p record.LINPair) bool { return strings.EqualFold(p.Label, "vg") })
	vg := false
	for _, p := range v.Pairs {
		label := strings.ToLower(p.Label)
		switch {
		case label == "pg" || label == "nt":
			continue
		case label == "vg":
			vg = true
		case hasVG && !vg && strings.Contains(" st rh ah sv pf ", " "+label+" "):
			// A setting of the file before the vg (pf|y|): read back
			// there, it is the header's again.
		case strings.Contains(" qx st md rh ah sv mb an pc mc pf ", " "+label+" "):
			// A board's pair in a damaged header: written there, it
			// would open a board.
			continue
		case label == "rs":
			if wrote {
				continue // the list of every rs pair is written once
			}
			p.Value, wrote = rs, true
		}
		line(p.Label, p.Value)
	}
	if !wrote {
		line("rs", rs)
	}
	buf = append(appendLINPair(buf, "pg", ""), '\n')
	return linNotesRecord(buf, v.Comments)
}

// linOwnHeader appends a vugraph header for boards that form a match: vg with
// the event, the round, the scoring, the boards and the teams of the first
// board, rs with every board's result, and pn with the players of the
// first board of each room.
func linOwnHeader(buf []byte, boards []*record.Board, roomOf func(*record.Board) record.Room) []byte {
	first, last := 0, 0
	for _, b := range boards {
		if n := b.Number; n > 0 {
			if first == 0 || n < first {
				first = n
			}
			last = max(last, n)
		}
	}
	b0 := boards[0]
	tag := func(name string) string {
		if t := b0.Field(name); t != nil && t.Value != "?" {
			return linNameText(t.Value)
		}
		return ""
	}
	round := tag("Round")
	if round == "" {
		round = tag("Stage")
	}
	num := func(n int) string {
		if n == 0 {
			return ""
		}
		return strconv.Itoa(n)
	}
	vg := []string{tag("Event"), round, linScoringLetter(b0.Scoring.Value), num(first), num(last),
		tag("HomeTeam"), tag("HomeCarryOver"), tag("VisitTeam"), tag("VisitCarryOver")}
	buf = append(appendLINPair(buf, "vg", strings.Join(vg, ",")), '\n')
	buf = append(appendLINPair(buf, "rs", strings.Join(linResults(nil, first, last, boards, roomOf), ",")), '\n')
	var pn [2]string
	for _, b := range boards {
		if room := roomOf(b); room != record.RoomUnknown && pn[room-1] == "" {
			pn[room-1] = linNames(b)
		}
	}
	if pn[0] == "" {
		pn[0] = linNames(b0)
	}
	if pn[1] == "" {
		pn[1] = ",,,"
	}
	return append(appendLINPair(appendLINPair(buf, "pn", pn[0]+","+pn[1]), "pg", ""), '\n')
}

// linScoringLetter is the vg scoring field for a PBN Scoring value: P for
// matchpoints, B for board-a-match, I otherwise (IMPs); empty when the
// scoring is not known.
func linScoringLetter(scoring string) string {
	s := strings.ToUpper(strings.TrimSpace(scoring))
	switch {
	case s == "" || s == "?":
		return ""
	case strings.Contains(s, "BAM"):
		return "B"
	case strings.Contains(s, "MP") && !strings.Contains(s, "IMP"), strings.Contains(s, "MATCHPOINT"):
		return "P"
	}
	return "I"
}
