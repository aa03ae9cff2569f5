package convert

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/charset"
	"github.com/bridgekit/bridgekit/parser/pbn"
	"github.com/bridgekit/bridgekit/record"

	"golang.org/x/text/encoding/charmap"

	"github.com/bridgekit/bridgekit/auction"
)

// PBNWriterOptions configures a PBNWriter. The zero value writes UTF-8.
type PBNWriterOptions struct {
	// Latin1 writes ISO-8859-1, the character set of the PBN standard,
	// and declares it: Charset "ISO-8859-1".
	Latin1 bool
	// Charset, when set, is the single-byte character set to write
	// (windows-1251 for older Russian software, ISO-8859-1, windows-1250
	// …: a label charset.LookupEncoding knows), declared in the
	// %Content-type line. A board holding a character the charset does
	// not have (a suit symbol, a Cyrillic name in Latin-1) is not written:
	// WriteBoard returns a *WriteError wrapping an *EncodingError naming
	// the character and its place. NewPBNWriter panics on a charset that
	// is not a single-byte one; check it with ParseCharset.
	Charset string
}

// A Charset is a single-byte character set a PBN writer can write.
type Charset struct {
	Name string // canonical: "windows-1251", "ISO-8859-1"
	cm   *charmap.Charmap
}

// ParseCharset finds the single-byte charset a label names, or says why
// it cannot be written.
func ParseCharset(label string) (Charset, error) {
	e, name, err := charset.LookupEncoding(label)
	if err != nil {
		return Charset{}, err
	}
	cm, ok := e.(*charmap.Charmap)
	if !ok {
		return Charset{}, fmt.Errorf("%s is not a single-byte character set; PBN is written in UTF-8 or one of those", name)
	}
	return Charset{Name: name, cm: cm}, nil
}

// encode appends text, UTF-8, to dst in the charset, or reports the first
// character it cannot represent, with its place counted from text[start:].
func (c Charset) encode(dst, text []byte, start int) ([]byte, error) {
	for i := 0; i < len(text); {
		ch := text[i]
		if ch < utf8.RuneSelf {
			dst = append(dst, ch)
			i++
			continue
		}
		r, n := utf8.DecodeRune(text[i:])
		b, ok := c.cm.EncodeRune(r)
		if !ok || r == utf8.RuneError && n == 1 {
			return dst, encodingError(text[start:], i-start, r, c.Name)
		}
		dst = append(dst, b)
		i += n
	}
	return dst, nil
}

// PBNWriter writes boards as canonical PBN: the export format of PBN 2.1
// (§13 of the standard), one layout for every input. See the package
// documentation for the layout. Boards are written one at a time as they
// come, so memory does not grow with the number of boards.
//
// A PBNWriter must not be used concurrently. Its zero value is not usable;
// create one with NewPBNWriter.
type PBNWriter struct {
	w       io.Writer
	opt     PBNWriterOptions
	p       pbnPrinter
	check   record.Checker
	cs      *Charset // the charset written; nil for UTF-8
	started bool     // the file header is written
	games   int      // boards written
	dropped Dropped
	// lastHeader is the vugraph header of the last board written, whose
	// board range was counted lost.
	lastHeader *record.Vugraph
	err        error // a write error of w; every later call returns it
}

// NewPBNWriter returns a writer of canonical PBN to w.
func NewPBNWriter(w io.Writer, opt PBNWriterOptions) *PBNWriter {
	pw := &PBNWriter{w: w, opt: opt}
	label := opt.Charset
	if label == "" && opt.Latin1 {
		label = "ISO-8859-1"
	}
	if label != "" {
		cs, err := ParseCharset(label)
		if err != nil {
			panic("convert: " + err.Error())
		}
		pw.cs = &cs
	}
	return pw
}

// charset is the name the writer declares in its %Content-type line.
func (pw *PBNWriter) charset() string {
	if pw.cs != nil {
		return pw.cs.Name
	}
	return "UTF-8"
}

// header appends the file header: the version, export and charset
// declarations, each a % line.
func (pw *PBNWriter) header() {
	if pw.started {
		return
	}
	pw.started = true
	pw.p.line("% PBN 2.1")
	pw.p.line("% EXPORT")
	pw.p.line("%Content-type: text/x-pbn; charset=" + pw.charset())
}

// WriteBoard writes b as the next game. A board that has not been replayed
// is replayed first (record.Check), filling b.Replayed, since the
// contract, declarer and result written are the replayed ones when the
// auction is complete and legal (see [record.Board.Final]).
//
// The error is a *WriteError naming the board: for a board that cannot be
// written (nothing of it is then written, and the next board may follow),
// or for a write error of the underlying writer, which every later call
// returns again.
func (pw *PBNWriter) WriteBoard(b *record.Board) error {
	if pw.err != nil {
		return pw.err
	}
	if b == nil {
		return boardError(b, errNilBoard)
	}
	replayed(&pw.check, b)
	pw.p.reset()
	pw.header()
	if pw.games > 0 {
		pw.p.line("")
	}
	pw.p.start = len(pw.p.buf)
	if err := pw.p.board(b); err != nil {
		pw.p.reset()
		return boardError(b, err)
	}
	if err := pw.flush(); err != nil {
		var ee *EncodingError
		if errors.As(err, &ee) {
			if pw.games == 0 {
				pw.started = false // the header was not written
			}
			return boardError(b, err)
		}
		pw.err = boardError(b, err)
		return pw.err
	}
	pw.games++
	pw.countDropped(b)
	return nil
}

// Dropped returns what the boards written so far held and PBN cannot.
func (pw *PBNWriter) Dropped() Dropped { return pw.dropped }

// countDropped counts what of b PBN cannot hold: the alert mark of a call
// that has an explanation (PBN's notes being its only alert mechanism),
// and what a vugraph header holds beyond the match identity (matchTags)
// and the results and names, which the boards give back: other pairs
// (pw, mp, bn) and its commentary.
func (pw *PBNWriter) countDropped(b *record.Board) {
	for i := range b.Auction.Calls {
		if c := &b.Auction.Calls[i]; c.Alert && c.Note > 0 {
			pw.dropped.Add("alert marks of explained calls")
			break
		}
	}
	if b.LIN != nil {
		for _, e := range b.LIN.Extras {
			if l := strings.ToLower(e.Label); l != "st" && l != "rh" && l != "pg" {
				pw.dropped.Add("LIN " + l + " pairs")
				break
			}
		}
	}
	for i := range b.Tables {
		if t := &b.Tables[i]; t.Complete && !slices.ContainsFunc(t.Columns, func(c record.Column) bool { return strings.EqualFold(c.Name, "NrBoards") }) {
			// USEBIO's section holds every board its pairs played; PBN's
			// total table says so only by each pair's NrBoards, which
			// the section does not state: read back, its totals are
			// unchecked.
			pw.dropped.Add("that a total table's file holds every board of its pairs (its totals are then unchecked)")
		}
	}
	if p := &b.Play; p.Claimed {
		// PBN's claim is its Result beside a play cut short: the file's
		// stated result is written, and a claim that differs from it, or
		// that follows the last card, has no place.
		switch {
		case len(p.Cards) >= 52:
			pw.dropped.Add("a claim after the last card")
		case b.File.TricksKnown && b.File.Tricks != p.Claim:
			pw.dropped.Add("a claim that differs from the stated result (PBN's claim is the Result of a play cut short)")
		}
	}
	if b.LIN != nil && b.LIN.Table.Value != "" && !strings.EqualFold(b.LIN.Table.Value, madeTable(b, b.Room)) {
		pw.dropped.Add("qx table numbers (written again from the room and the board)")
	}
	if b.LIN != nil && b.LIN.Vugraph != nil {
		v := b.LIN.Vugraph
		if v != pw.lastHeader && (strings.TrimSpace(v.Fields[3]) != "" || strings.TrimSpace(v.Fields[4]) != "") {
			// PBN has boards, not a segment's range: its rs entries for
			// rooms the file has no record of go with it. Counted once a
			// header, on its first board.
			pw.lastHeader = v
			pw.dropped.Add("the vg board range, with the rs entries of rooms that have no record")
		}
		for _, pr := range v.Pairs {
			switch strings.ToLower(pr.Label) {
			case "vg", "rs", "pn", "pg":
			default:
				pw.dropped.Add("vugraph header pairs other than vg, rs and pn")
				return
			}
		}
		if len(v.Comments) > 0 {
			pw.dropped.Add("vugraph header commentary")
		}
	}
}

// WriteTrailer writes what follows the last game of a file without
// belonging to one: % lines and commentary (see pbn.Reader.Trailer),
// after an empty line. Call it after the last board, before Close.
func (pw *PBNWriter) WriteTrailer(escapes []record.Escape, comments []record.Comment) error {
	if pw.err != nil {
		return pw.err
	}
	if len(escapes) == 0 && len(comments) == 0 {
		return nil
	}
	pw.p.reset()
	pw.header()
	if pw.games > 0 {
		pw.p.line("")
	}
	for _, e := range escapes {
		if !declaresFile(e.Text) {
			pw.p.escape(e)
		}
	}
	for _, c := range comments {
		pw.p.commentLine(c)
	}
	if err := pw.flush(); err != nil {
		pw.err = fmt.Errorf("the text after the last game: %w", err)
		return pw.err
	}
	return nil
}

// Close writes the file header if no board was written, so that an empty
// input gives a valid empty PBN file. It does not close the underlying
// writer.
func (pw *PBNWriter) Close() error {
	if pw.err != nil || pw.started {
		return pw.err
	}
	pw.p.reset()
	pw.header()
	if err := pw.flush(); err != nil {
		pw.err = err
	}
	return pw.err
}

// flush writes the printed text in the output charset.
func (pw *PBNWriter) flush() error {
	out := pw.p.buf
	if pw.cs != nil {
		var err error
		if out, err = pw.cs.encode(pw.p.latin, out, pw.p.start); err != nil {
			return err
		}
		pw.p.latin = out[:0]
	}
	_, err := pw.w.Write(out)
	return err
}

// EncodingError reports a character the output charset does not have.
type EncodingError struct {
	Char      rune
	Charset   string
	Line, Col int    // in the board's text as written, from its first line (1-based; the column counts characters)
	Context   string // the line of the output holding the character, shortened
}

// Error names the character, where it is and the charset.
func (e *EncodingError) Error() string {
	return fmt.Sprintf("character %q (%U) at line %d, column %d of the board's text (%s) cannot be written in %s",
		e.Char, e.Char, e.Line, e.Col, e.Context, e.Charset)
}

// encodingError describes the character r at byte offset i of text.
func encodingError(text []byte, i int, r rune, charset string) *EncodingError {
	start := strings.LastIndexByte(string(text[:i]), '\n') + 1
	end := i + strings.IndexByte(string(text[i:]), '\n')
	if end < i {
		end = len(text)
	}
	line := strings.TrimRight(string(text[start:end]), "\r")
	if utf8.RuneCountInString(line) > 60 {
		line = string([]rune(line)[:57]) + "..."
	}
	return &EncodingError{
		Char: r, Charset: charset,
		Line:    strings.Count(string(text[:i]), "\n") + 1,
		Col:     utf8.RuneCount(text[start:i]) + 1,
		Context: line,
	}
}

// maxDataLine is the number of characters a line of calls or cards is kept
// within when annotations make four of them long (PBN §13 asks for fewer
// than 80).
const maxDataLine = 79

// pbnPrinter prints boards as PBN text into buf, every line ending CRLF.
type pbnPrinter struct {
	buf []byte
	// typed and others are the identification tags of the board being
	// printed, kept for the next board's.
	typed, others []writtenTag
	start         int    // where the board's own text starts in buf
	latin         []byte // the output buffer in a single-byte charset, reused
	tok           []byte // the token being printed, reused
	col           int    // characters on the current line of a section's data
}

func (p *pbnPrinter) reset() { p.buf, p.col, p.start = p.buf[:0], 0, 0 }

func (p *pbnPrinter) str(s string) { p.buf = append(p.buf, s...) }

// line prints s and ends the line.
func (p *pbnPrinter) line(s string) {
	p.buf = append(p.buf, s...)
	p.buf = append(p.buf, "\r\n"...)
	p.col = 0
}

func (p *pbnPrinter) escape(e record.Escape) { p.line("%" + firstLine(e.Text)) }

// firstLine returns s up to its first line break: a % line is one line.
func firstLine(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		return s[:i]
	}
	return s
}

// pbnComment returns c as PBN commentary, and whether the line must end after
// it (a ; comment runs to the end of the line). Text that braces cannot
// hold (a "}") is written as ; comments, one per line.
func pbnComment(c record.Comment) (text string, endsLine bool) {
	t := c.Text
	multi := strings.ContainsAny(t, "\r\n")
	switch {
	case c.Kind == record.CommentProse:
		return notEscape(toCRLF(t)), true
	case c.Kind == record.CommentLine && !multi:
		return ";" + t, true
	case !strings.Contains(t, "}"):
		return "{" + toCRLF(t) + "}", false
	}
	return ";" + strings.ReplaceAll(toLF(t), "\n", "\r\n;"), true
}

// closeComment returns verbatim data with a brace comment it leaves open
// closed, so that the comment does not run into what follows.
func closeComment(data string) string {
	if pbn.LeavesCommentOpen(data) {
		return data + "}"
	}
	return data
}

// notEscape returns text to be written at the start of a line so that it
// does not read as a % line: text read as data or prose that starts with
// "%" did not start its line.
func notEscape(text string) string {
	if strings.HasPrefix(text, "%") {
		return " " + text
	}
	return text
}

// commentLine prints c on lines of its own.
func (p *pbnPrinter) commentLine(c record.Comment) {
	t, _ := pbnComment(c)
	p.line(t)
}

// tag prints a tag pair [Name "value"] on its own line, then its
// commentary, each on a new line (PBN §9.2), then the data of an unknown
// section that follows it, verbatim.
func (p *pbnPrinter) tag(name, value string, t *record.Tag) {
	p.str("[")
	p.str(name)
	p.str(" ")
	p.buf = appendPBNString(p.buf, value)
	p.line("]")
	if t == nil {
		return
	}
	for _, c := range t.Comments {
		if !inData(t, c.Loc) {
			p.commentLine(c)
		}
	}
	if t.Data != "" {
		p.line(closeComment(notEscape(toCRLF(strings.TrimRight(t.Data, " \t\r\n")))))
	}
}

// inData reports whether l lies inside the verbatim data of t: commentary
// and % lines there are written with the data.
func inData(t *record.Tag, l diag.Pos) bool {
	return t.Data != "" && t.DataLoc.IsValid() && l.IsValid() &&
		l.Offset >= t.DataLoc.Offset && l.Offset < t.DataLoc.Offset+len(t.Data)
}

// appendPBNString appends v as a PBN string. A quote is escaped, and a
// backslash where it would otherwise be read as an escape (before a quote
// or a backslash, or last), so that the single backslashes of table
// column specs ("Result\2R") stay single, as real files write them. Tabs
// and line breaks, which a string may not hold, become spaces, other
// control characters U+FFFD, so that a value that could not be read stays
// so. A value PBN would read as inherited ("#", "##…") gets a leading
// space.
func appendPBNString(dst []byte, v string) []byte {
	dst = append(dst, '"')
	if v == "#" || strings.HasPrefix(v, "##") {
		dst = append(dst, ' ') // not to be read as inheritance (PBN §9.3)
	}
	for i := 0; i < len(v); i++ {
		// The run of bytes written as they are, appended at once: most
		// values are that run whole.
		j := i
		for j < len(v) && !pbnStringSpecial[v[j]] {
			j++
		}
		dst = append(dst, v[i:j]...)
		if i = j; i == len(v) {
			break
		}
		switch c := v[i]; {
		case c == '"':
			dst = append(dst, '\\', '"')
		case c == '\\' && (i+1 == len(v) || v[i+1] == '"' || v[i+1] == '\\'):
			dst = append(dst, '\\', '\\')
		case c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			dst = append(dst, ' ')
		case c < ' ' || c == 0x7f:
			dst = append(dst, "\uFFFD"...)
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}

// pbnStringSpecial are the bytes appendPBNString does not copy as they
// are, or may not: '"', '\\' and the control characters.
var pbnStringSpecial = func() (t [256]bool) {
	for c := range ' ' {
		t[c] = true
	}
	t['"'], t['\\'], t[0x7f] = true, true, true
	return t
}()

// tagValue returns what to write for a tag: its value, or "?" (unknown) when
// the file does not give it.
func tagValue(t *record.Tag) string {
	if !t.Present() {
		return "?"
	}
	return t.Value
}

// board prints one game.
func (p *pbnPrinter) board(b *record.Board) error {
	data := dataTags(b)
	for _, e := range b.Escapes {
		if !declaresFile(e.Text) && !inAnyData(data, e.Loc) {
			p.escape(e)
		}
	}
	for _, c := range b.Leading {
		p.commentLine(c)
	}
	p.identification(b)
	if b.Auction.Present {
		if err := p.auction(b); err != nil {
			return err
		}
	}
	if b.Play.Present {
		p.play(b)
	}
	p.supplements(b)
	return nil
}

// dataTags lists the board's tags that carry verbatim data.
func dataTags(b *record.Board) []*record.Tag {
	var out []*record.Tag
	for _, t := range typedFields(b) {
		if t.t.Data != "" {
			out = append(out, t.t)
		}
	}
	for i := range b.Tags {
		if b.Tags[i].Data != "" {
			out = append(out, &b.Tags[i])
		}
	}
	return out
}

func inAnyData(tags []*record.Tag, l diag.Pos) bool {
	for _, t := range tags {
		if inData(t, l) {
			return true
		}
	}
	return false
}

// writtenTag is a tag to write: its PBN name, the value to write and the tag
// the board holds (for its commentary and data).
type writtenTag struct {
	name, value string
	t           *record.Tag
}

// typedFields returns the board's typed identification tags in PBN export
// order with their PBN names: the fifteen of the mandatory tag set, then
// Room and Score.
func typedFields(b *record.Board) [mandatoryTags + 2]writtenTag {
	f := &b.File
	return [...]writtenTag{
		{name: "Event", t: &b.Event},
		{name: "Site", t: &b.Site},
		{name: "Date", t: &b.Date},
		{name: "Board", t: &b.BoardTag},
		{name: "West", t: &b.Players[auction.West]},
		{name: "North", t: &b.Players[auction.North]},
		{name: "East", t: &b.Players[auction.East]},
		{name: "South", t: &b.Players[auction.South]},
		{name: "Dealer", t: &b.DealerTag},
		{name: "Vulnerable", t: &b.VulnerableTag},
		{name: "Deal", t: &b.DealTag},
		{name: "Scoring", t: &b.Scoring},
		{name: "Declarer", t: &f.DeclarerTag},
		{name: "Contract", t: &f.ContractTag},
		{name: "Result", t: &f.ResultTag},
		{name: "Room", t: &b.RoomTag},
		{name: "Score", t: &f.ScoreTag},
	}
}

// writtenTags appends to dst the board's typed identification tags (see
// typedFields) with the values to write: canonical forms where the board
// has read the value, the file's text otherwise, "?" for a tag of the
// mandatory set the file does not give. Room and Score are there only
// when the file gives them.
func writtenTags(dst []writtenTag, b *record.Board) []writtenTag {
	fields := typedFields(b)
	for i := range fields[:mandatoryTags-3] {
		fields[i].value = tagValue(fields[i].t)
	}
	fields[2].value = ExportDate(fields[2].value)
	if l := b.BoardLabel(); l != "" {
		fields[3].value = l // the number, canonical, or a label as written ("3-2")
	}
	if b.DealerKnown {
		fields[8].value = b.Dealer.String()
	}
	if b.VulnerableKnown {
		fields[9].value = b.Vulnerable.String()
	}
	fields[10].value = pbnDealText(b)
	fields[12].value, fields[13].value, fields[14].value = pbnOutcomeTexts(b)
	dst = append(dst, fields[:mandatoryTags]...)
	if b.RoomTag.Present() {
		fields[15].value = b.RoomTag.Value
		if b.Room != record.RoomUnknown {
			fields[15].value = b.Room.String()
		}
		dst = append(dst, fields[15])
	}
	if t := fields[16].t; t.Present() {
		fields[16].value = t.Value
		dst = append(dst, fields[16])
	}
	return dst
}

// ExportDate returns a date in PBN's export form, YYYY.MM.DD, when v
// writes one that reads one way only: year first with - or / between the
// numbers ("2023-07-28", "2023/7/28"), a day, an English month name and
// a year ("2-Aug-2023", "2 August 2023"), or day and month in numbers and
// the year last where one of the two is past 12, and so the day
// ("15/01/2026", "1/15/2026"). Any other value, a date whose day and
// month could be either way round ("1/2/2026") among them, is returned as
// it is.
func ExportDate(v string) string {
	f := strings.FieldsFunc(v, func(r rune) bool { return r == '-' || r == '/' || r == ' ' })
	if len(f) != 3 || len(v) > 20 {
		return v
	}
	var y, m, d int
	switch {
	case len(f[0]) == 4 && digits(f[0]) && digits(f[1]) && digits(f[2]) && len(f[1]) <= 2 && len(f[2]) <= 2:
		y, _ = strconv.Atoi(f[0])
		m, _ = strconv.Atoi(f[1])
		d, _ = strconv.Atoi(f[2])
	case len(f[2]) == 4 && digits(f[2]) && digits(f[0]) && len(f[0]) <= 2 && monthNumber(f[1]) > 0:
		y, _ = strconv.Atoi(f[2])
		m = monthNumber(f[1])
		d, _ = strconv.Atoi(f[0])
	case len(f[2]) == 4 && digits(f[0]+f[1]+f[2]) && len(f[0]) <= 2 && len(f[1]) <= 2:
		// Day and month in numbers, the year last: the order is known
		// only when one of them is past 12, and is then the day.
		y, _ = strconv.Atoi(f[2])
		a, _ := strconv.Atoi(f[0])
		b, _ := strconv.Atoi(f[1])
		switch {
		case a > 12 && b <= 12:
			d, m = a, b
		case b > 12 && a <= 12:
			m, d = a, b
		default:
			return v
		}
	default:
		return v
	}
	if m < 1 || m > 12 || d < 1 || d > 31 {
		return v
	}
	return fmt.Sprintf("%04d.%02d.%02d", y, m, d)
}

// monthNumber returns the month an English month name or its first three
// letters names, any case, or 0.
func monthNumber(s string) int {
	const names = "january february march april may june july august september october november december"
	if len(s) < 3 {
		return 0
	}
	for i, n := range strings.Fields(names) {
		if strings.EqualFold(s, n) || strings.EqualFold(s, n[:3]) {
			return i + 1
		}
	}
	return 0
}

// mandatoryTags is the number of tags of the mandatory tag set.
const mandatoryTags = 15

// outcomeTexts returns the final outcome's Declarer, Contract and Result
// texts (see [record.Board.Final]): where it is known, else the file's
// values, "?" (unknown) for a tag the file does not give. A passed-out
// board has no declarer and no result: "". A claim gives the result when
// nothing else does. JSON writes these, with the file's own in file_says.
func outcomeTexts(b *record.Board) (declarer, contract, result string) {
	f, file := b.Final(), &b.File
	passed := f.ContractKnown && f.Contract.PassedOut()
	unknown := func(text string, known bool, t *record.Tag) string {
		if !known && !t.Present() {
			return "?"
		}
		return text
	}
	result = unknown(b.ResultText(), f.TricksKnown || passed, &file.ResultTag)
	if !f.TricksKnown && !passed && b.Play.Claimed && !file.TricksKnown {
		// A claim whose contract is not known still says declarer's
		// tricks.
		result = strconv.Itoa(b.Play.Claim)
	}
	return unknown(b.DeclarerText(), f.DeclarerKnown || passed, &file.DeclarerTag),
		unknown(b.ContractText(), f.ContractKnown, &file.ContractTag),
		result
}

// pbnOutcomeTexts returns the values to write for the Declarer, Contract
// and Result tags. A board read from PBN keeps the file's own, in
// canonical form where they can be read and as written where they cannot,
// so that formatting never changes what a file says (fix corrects it, with
// its evidence); so does a board read from LIN with an rs entry that
// reads; a tag the file does not give gets the final outcome
// (outcomeTexts).
func pbnOutcomeTexts(b *record.Board) (declarer, contract, result string) {
	declarer, contract, result = outcomeTexts(b)
	file := &b.File
	if b.Source.Format != record.FormatPBN {
		// A vugraph board's rs entry is the file's statement of the
		// outcome: it is written, not the claim's or the play's, where
		// it reads.
		if file.ContractKnown {
			contract = file.Contract.String()
			if file.Contract.PassedOut() {
				return "", contract, ""
			}
		}
		if file.DeclarerKnown {
			declarer = file.Declarer.String()
		}
		if file.TricksKnown {
			result = strconv.Itoa(file.Tricks)
		}
		return declarer, contract, result
	}
	switch {
	case file.ContractKnown:
		contract = file.Contract.String()
	case file.ContractTag.Present():
		contract = file.ContractTag.Value
	}
	// Passed out as written: what the next reading will see.
	passed := contract == "Pass"
	switch {
	case passed:
		declarer, result = "", ""
	case file.DeclarerKnown:
		declarer = file.Declarer.String()
		if file.Swapped {
			declarer = "^" + declarer
		}
	case file.DeclarerTag.Present():
		declarer = file.DeclarerTag.Value
	}
	switch {
	case passed:
	case file.TricksKnown:
		result = strconv.Itoa(file.Tricks)
		if file.Agreed {
			result = "^" + result
		}
	case file.ResultTag.Present():
		result = file.ResultTag.Value
	}
	return declarer, contract, result
}

// pbnDealText is the value to write for the Deal tag: the deal read, from the
// dealer, when it reads without contradiction, else the file's text.
func pbnDealText(b *record.Board) string {
	t := &b.DealTag
	// A deal that contradicts itself is written as the file has it; one
	// read from LIN's md in PBN's form, the cards as read, since md's
	// own text is no PBN deal.
	if !dealRead(b) && !(strings.EqualFold(t.Name, "md") && b.Deal != (auction.Deal{})) {
		return tagValue(t)
	}
	first := auction.North
	if b.DealerKnown {
		first = b.Dealer
	} else if i := strings.IndexByte(t.Value, ':'); i > 0 {
		if s, err := auction.ParseSeat(t.Value[:i]); err == nil {
			first = s
		}
	}
	return b.Deal.PBN(first)
}

// dealRead reports whether the board has read its deal, and the deal does
// not contradict itself: it is then written in canonical form.
func dealRead(b *record.Board) bool {
	return b.Deal != (auction.Deal{}) && b.Deal.Validate() == nil && b.DealTwice == (auction.Deal{})
}

// identification prints the identification section: the mandatory tag set
// in order, then the other tags without data sorted by name (a repeated
// tag after the first of its name, as the file has it).
func (p *pbnPrinter) identification(b *record.Board) {
	typed := writtenTags(p.typed[:0], b)
	for _, t := range typed[:mandatoryTags] {
		p.tag(t.name, t.value, t.t)
	}
	others := append(p.others[:0], typed[mandatoryTags:]...)
	for i := range b.Tags {
		if t := &b.Tags[i]; t.Data == "" && !pbn.AlwaysTable(t.Name) && !redundant(b, typed, i) {
			others = append(others, writtenTag{t.Name, t.Value, t})
		}
	}
	others = matchTags(others, b)
	slices.SortStableFunc(others, func(x, y writtenTag) int { return strings.Compare(x.name, y.name) })
	for _, t := range others {
		p.tag(t.name, t.value, t.t)
	}
	p.typed, p.others = typed[:0], others[:0]
}

// matchTags appends the tags that carry a vugraph header's match identity
// into PBN, for a board read under one: Round (the segment), HomeTeam and
// VisitTeam, and bridgekit's HomeCarryOver and VisitCarryOver (PBN 2.1
// has no tag for a segment's carry-over), each unless the board has it or
// the header leaves it empty. The LIN writer builds its own header back
// from them (linOwnHeader).
func matchTags(dst []writtenTag, b *record.Board) []writtenTag {
	if b.LIN == nil || b.LIN.Vugraph == nil {
		return dst
	}
	f := &b.LIN.Vugraph.Fields
	for _, m := range []struct {
		name  string
		field int
	}{{"Round", 1}, {"HomeTeam", 5}, {"HomeCarryOver", 6}, {"VisitTeam", 7}, {"VisitCarryOver", 8}} {
		if v := strings.TrimSpace(f[m.field]); v != "" && b.Field(m.name) == nil {
			dst = append(dst, writtenTag{name: m.name, value: v})
		}
	}
	return dst
}

// redundant reports whether the tag b.Tags[i] is left out because it
// repeats a tag written before it: when that tag is written with its
// value and the repeat carries no commentary or data of its own, or when
// it cannot be written at all (see unwritable). typed are the board's
// typed tags as written.
func redundant(b *record.Board, typed []writtenTag, i int) bool {
	t := &b.Tags[i]
	switch {
	case unwritable(t.Name):
		return true
	case len(t.Comments) > 0 || t.Data != "":
		return false
	}
	for _, w := range typed {
		if w.name == t.Name {
			return w.value == t.Value
		}
	}
	for j := range i {
		if b.Tags[j].Name == t.Name && b.Tags[j].Value == t.Value {
			return true
		}
	}
	return false
}

// unwritable reports whether a repeated tag of the name cannot be written:
// Event on a line of its own would start a new game, and a second Auction
// or Play would become the first.
func unwritable(name string) bool {
	return name == "Event" || name == "Auction" || name == "Play"
}

// supplements prints the supplemental sections, sorted by name: the tables
// and the tags with verbatim data.
func (p *pbnPrinter) supplements(b *record.Board) {
	type section struct {
		name  string
		table *record.Table
		tag   *record.Tag
	}
	var secs []section
	for i := range b.Tables {
		secs = append(secs, section{name: b.Tables[i].Tag.Name, table: &b.Tables[i]})
	}
	for i := range b.Tags {
		// A table tag without rows (one a game received from a "##"
		// value) goes with the sections too: read back, it opens one.
		if t := &b.Tags[i]; (t.Data != "" || pbn.AlwaysTable(t.Name)) && !redundant(b, nil, i) {
			secs = append(secs, section{name: t.Name, tag: t})
		}
	}
	sort.SliceStable(secs, func(i, j int) bool { return secs[i].name < secs[j].name })
	for _, s := range secs {
		if s.tag != nil {
			p.tag(s.tag.Name, s.tag.Value, s.tag)
			continue
		}
		p.table(s.table)
	}
}

// table prints a table: its tag, one row per line with the cells padded to
// their columns' widths, then commentary that was inside its data.
func (p *pbnPrinter) table(t *record.Table) {
	p.tag(t.Tag.Name, t.Tag.Value, &t.Tag)
	var cell []byte
	for _, row := range t.Rows {
		start := len(p.buf)
		for i, c := range row {
			if i > 0 {
				p.str(" ")
			}
			cell = cell[:0]
			if c.Quoted {
				cell = appendPBNString(cell, c.Text)
			} else {
				cell = append(cell, c.Text...)
			}
			pad := 0
			var col record.Column
			if i < len(t.Columns) {
				col = t.Columns[i]
				pad = col.Width - utf8.RuneCount(cell)
			}
			if pad > 0 && col.Align == 'R' {
				p.str(strings.Repeat(" ", pad))
			}
			p.buf = append(p.buf, cell...)
			if pad > 0 && col.Align != 'R' {
				p.str(strings.Repeat(" ", pad))
			}
		}
		p.buf = append(p.buf[:start], notEscape(strings.TrimRight(string(p.buf[start:]), " "))...)
		p.line("")
	}
	for _, c := range t.Comments {
		p.commentLine(c)
	}
}

// sectionPrinter prints the tokens of an auction or a play: rows of four slots,
// each row starting a line; a ; comment ends its line, and a line that
// annotations make long is broken before a token.
type sectionPrinter struct {
	p     *pbnPrinter
	slots int // slots printed
}

// token prints one slot's text with its annotations; slot says whether it
// takes a place in the rows (the "*" end mark does not), breakAfter that
// the line must end after it.
func (s *sectionPrinter) token(text string, a *record.Annotations, card, slot, breakAfter bool) {
	p := s.p
	t := append(p.tok[:0], text...)
	endsLine := false
	if a != nil {
		if a.Note > 0 {
			t = append(strconv.AppendInt(append(t, " ="...), int64(a.Note), 10), '=')
		}
		nags := a.NAGs
		if n := qualityNAG(a.Suffix, card); n > 0 {
			nags = append(slices.Clip(nags), n)
		} else if a.Suffix != "" {
			t = append(append(t, ' '), a.Suffix...)
		}
		if len(nags) > 1 && !slices.IsSorted(nags) {
			nags = slices.Sorted(slices.Values(nags))
		}
		for _, n := range nags {
			t = strconv.AppendInt(append(t, " $"...), int64(n), 10)
		}
		for _, c := range a.Comments {
			text, ends := pbnComment(c)
			if endsLine {
				t = append(t, "\r\n"...)
			} else {
				t = append(t, ' ')
			}
			t = append(t, text...)
			endsLine = ends
		}
	}
	p.tok = t
	first := bytes.IndexAny(t, "\r\n")
	if first < 0 {
		first = len(t)
	}
	switch {
	case p.col == 0:
	case s.slots > 0 && s.slots%4 == 0 || p.col+1+utf8.RuneCount(t[:first]) > maxDataLine:
		p.line("")
	default:
		p.str(" ")
		p.col++
	}
	if p.col == 0 && len(t) > 0 && t[0] == '%' {
		p.str(" ") // see notEscape
	}
	p.buf = append(p.buf, t...)
	if i := bytes.LastIndexByte(t, '\n'); i >= 0 {
		p.col = utf8.RuneCount(t[i+1:])
	} else {
		p.col += utf8.RuneCount(t)
	}
	if endsLine || breakAfter {
		p.line("")
	}
	if slot {
		s.slots++
	}
}

// end finishes the last line of tokens.
func (s *sectionPrinter) end() {
	if s.p.col > 0 {
		s.p.line("")
	}
}

// notes prints a section's notes after its tokens.
func (p *pbnPrinter) notes(notes []record.Note) {
	for i := range notes {
		n := &notes[i]
		v := n.Tag.Value
		if n.Number > 0 {
			v = strconv.Itoa(n.Number) + ":" + n.Text
		}
		p.tag("Note", v, &n.Tag)
	}
}

// auction prints the auction section: the Auction tag naming the dealer,
// "-" for the seats from the dealer to the first call when the record
// starts elsewhere, then the calls four to a line, then the notes.
func (p *pbnPrinter) auction(b *record.Board) error {
	rec := &b.Auction
	first, fillers := rec.First, 0
	if b.DealerKnown {
		first, fillers = b.Dealer, (int(rec.First)-int(b.Dealer)+4)%4
	}
	p.tag("Auction", first.String(), &rec.Tag)
	for _, c := range rec.Comments {
		p.commentLine(c)
	}
	s := sectionPrinter{p: p}
	for range fillers {
		s.token("-", nil, false, true, false)
	}
	alerts := alertNotes(rec)
	for i := 0; i < len(rec.Calls); i++ {
		c := &rec.Calls[i]
		text := callToken(c)
		if text == "AP" {
			// The passes an AP stands for are written as it, with the
			// annotations of the last; passes that one AP would not
			// give back are written as passes.
			n := rec.APPasses(i)
			run := 1
			for run < n && i+run < len(rec.Calls) && isAPPass(&rec.Calls[i+run]) && !annotated(&rec.Calls[i+run-1].Annotations) && alerts[i+run-1] == 0 {
				run++
			}
			if run == n {
				i += n - 1
				c = &rec.Calls[i]
			} else {
				text = "Pass"
			}
		}
		if text == "" {
			return fmt.Errorf("call %d holds neither a call nor any text", i+1)
		}
		a := &c.Annotations
		if k := alerts[i]; k > 0 {
			ac := *a
			ac.Note = k
			a = &ac
		}
		// Text that is not a call must not run into the next call: the
		// reader takes "1 C" or "all pass" for one call.
		breakAfter := false
		if !c.Readable() && !annotated(a) && i+1 < len(rec.Calls) {
			joined := text + " " + callToken(&rec.Calls[i+1])
			_, err := auction.ParseCall(joined)
			// "8 C" too: the reader joins a bid above seven, to say so.
			breakAfter = err == nil || errors.Is(err, auction.ErrBidAboveSeven) || strings.EqualFold(joined, "all pass")
		}
		s.token(text, a, false, true, breakAfter)
	}
	if rec.End != "" {
		s.token(rec.End, nil, false, rec.End == "+", false)
	}
	s.end()
	p.notes(rec.Notes)
	for _, n := range alerts[len(rec.Calls):] {
		p.tag("Note", strconv.Itoa(n)+":", nil)
	}
	return nil
}

// callToken returns the token of a call: canonical for a call ("1NT",
// "Pass", "^I 1C"), "AP" for the passes an AP stands for, "^S" for a
// skipped turn, the text as written for what is not a call; "" when there
// is nothing to write.
func callToken(c *record.AuctionCall) string {
	switch {
	case isAPPass(c):
		return "AP"
	case c.Skip:
		return "^S"
	case c.Call.Valid() && c.Accepted:
		return "^I " + c.Call.String()
	case c.Call.Valid():
		return c.Call.String()
	case c.Text != "":
		return c.Text
	}
	return ""
}

func isAPPass(c *record.AuctionCall) bool { return c.AllPass && c.Call == auction.Pass }

// annotated reports whether a carries anything to write.
func annotated(a *record.Annotations) bool {
	return a.Alert || a.Note > 0 || a.Suffix != "" || len(a.NAGs) > 0 || len(a.Comments) > 0
}

// alertNotes gives each alerted call without a note a note of its own:
// PBN alerts by note (§6.2) and has no mark for an alert without one. It
// returns, for each call, the number of its new note (0 for none), followed
// by the new numbers in order.
func alertNotes(rec *record.AuctionRecord) []int {
	out := make([]int, len(rec.Calls), len(rec.Calls)+1)
	next := 0
	for i := range rec.Calls {
		next = max(next, rec.Calls[i].Note)
	}
	for i := range rec.Notes {
		next = max(next, rec.Notes[i].Number)
	}
	for i := range rec.Calls {
		if c := &rec.Calls[i]; c.Alert && c.Note == 0 {
			next++
			out[i] = next
			out = append(out, next)
		}
	}
	return out
}

// play prints the play section: the Play tag naming the seat of the first
// column, then each trick on a line with its cards in the columns of their
// seats, then the notes.
func (p *pbnPrinter) play(b *record.Board) {
	rec := &b.Play
	first, tricks := seatedTricks(b)
	p.tag("Play", first.String(), &rec.Tag)
	for _, c := range rec.Comments {
		p.commentLine(c)
	}
	s := sectionPrinter{p: p}
	// A last trick cut short ends with its last card: "-" in the columns
	// after it would be read back as cards played, where the line's seat
	// order and the order of play differ, or where the trick then reads
	// as written from the wrong seat (play-rotated).
	for t, trick := range tricks {
		last := 3
		if t == len(tricks)-1 {
			for last > 0 && trick[last] == nil {
				last--
			}
		}
		for col := 0; col <= last; col++ {
			c := trick[col]
			if c == nil {
				s.token("-", nil, true, true, false)
				continue
			}
			text := c.Text
			if c.Card.Valid() {
				text = c.Card.String()
			} else if text == "" {
				text = "-"
			}
			switch {
			case c.OutOfTurn:
				text = "^L " + text
			case c.Revoke:
				text = "^R " + text
			}
			s.token(text, &c.Annotations, true, true, false)
		}
	}
	end := rec.End
	if end == "" && rec.Claimed && len(rec.Cards) < 52 {
		end = "*" // a claim ends the play; the Result tag says how
	}
	if end != "" {
		s.token(end, nil, true, false, false)
	}
	s.end()
	p.notes(rec.Notes)
}

// seatedTricks places the cards of the play in tricks, by column from the
// seat it returns, the seat of the Play tag. A play read from PBN keeps
// its Play tag's seat and the trick and seat of every card. A play in the
// order played (LIN) is written from the opening leader, with the seats
// the replay gave; where the replay stopped (an unknown or illegal card),
// the cards follow on clockwise from each trick's leader, the winner of
// the trick before when it can be told.
func seatedTricks(b *record.Board) (auction.Seat, [][4]*record.PlayedCard) {
	rec := &b.Play
	first := rec.First
	var tricks [][4]*record.PlayedCard
	put := func(c *record.PlayedCard, trick int, seat auction.Seat) {
		for len(tricks) <= trick {
			tricks = append(tricks, [4]*record.PlayedCard{})
		}
		col := (int(seat) - int(first) + 4) % 4
		if tricks[trick][col] != nil {
			// Two cards in one place: give the later one a trick of
			// its own rather than lose it.
			trick = len(tricks)
			tricks = append(tricks, [4]*record.PlayedCard{})
		}
		tricks[trick][col] = c
	}
	if rec.Tag.Present() {
		for i := range rec.Cards {
			put(&rec.Cards[i], rec.Cards[i].Trick, rec.Cards[i].Seat)
		}
		return first, tricks
	}
	f := b.Final()
	trumps, known := auction.NoTrump, f.ContractKnown && !f.Contract.PassedOut()
	if known {
		trumps = f.Contract.Strain
		if f.DeclarerKnown {
			first = f.Contract.Declarer.LHO()
		}
	}
	seated := func(cards []record.PlayedCard, t int) bool {
		for j := range cards {
			if cards[j].Trick != t || cards[j].Seat != cards[0].Seat.Add(j) {
				return false
			}
		}
		return len(cards) > 0
	}
	if cards := rec.Cards[:min(4, len(rec.Cards))]; seated(cards, 0) {
		first = cards[0].Seat
	}
	leader := first
	for t := 0; 4*t < len(rec.Cards); t++ {
		cards := rec.Cards[4*t : min(4*t+4, len(rec.Cards))]
		if seated(cards, t) {
			leader = cards[0].Seat
		}
		var played [4]auction.Card
		for j := range cards {
			put(&cards[j], t, leader.Add(j))
			played[j] = cards[j].Card
		}
		if w, ok := auction.TrickWinner(leader, played, trumps); ok && known && len(cards) == 4 {
			leader = w
		}
	}
	return first, tricks
}
