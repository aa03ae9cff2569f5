package lin

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"
	"sync"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/charset"
	"github.com/bridgekit/bridgekit/parser/internal/scan"

	"github.com/alecthomas/participle/v2/lexer"
)

// maxLINRecord is the most bytes one LIN record may take. Text that runs
// past it is reported and skipped up to the next line break, so that a huge
// line cannot exhaust memory.
const maxLINRecord = 16 << 20

// maxLINRecordDiags caps the diagnostics kept for one record; binary junk
// would otherwise produce one per byte run.
const maxLINRecordDiags = 64

// maxLINRecordPairs caps the pairs of one record: a board of a vugraph
// match has a few hundred, and a record of 16 MiB of "|x" would otherwise
// hold eight million. A record that reaches it is cut there, with an
// error, and the pairs after it start the next record.
const maxLINRecordPairs = 20_000

// A Reader reads LIN records one at a time from an input. Create one with
// [NewReader]. A Reader is not safe for concurrent use.
type Reader struct {
	r         io.Reader
	filename  string
	encoding  string // given by UseEncoding; "" to find it
	maxRecord int
	enc       charset.Encoding
	diags     diag.List
	started   bool
	count     int           // records handed out
	games     int           // of them, boards
	toks      []lexer.Token // reused token buffer
	tags      []linTag      // tags of the pairs of the record being built
	key       []byte        // the record's section token types, for linVerdicts
	apart     bool          // records are checked by the caller (RecordsApart)
	arena     *Arena        // where records' pairs are carved from; nil: the collector
}

// NewReader returns a reader of the LIN records in r. filename is used in
// positions only. The input may be a LIN file of any form (single deals,
// hand-record files, vugraph match files, rpbridge.net files), a handviewer
// URL or a percent-encoded lin= string, or an HTML page with lin('…')
// calls or handviewer links; see the package documentation.
func NewReader(r io.Reader, filename string) *Reader {
	return &Reader{r: r, filename: filename, maxRecord: maxLINRecord}
}

// UseEncoding makes the reader decode its input as the named encoding
// (see DecodeAs) rather than find one. Call it before reading.
func (lr *Reader) UseEncoding(name string) { lr.encoding = name }

// charset.Encoding returns the character encoding the input was read in. It is known
// once Records has started.
func (lr *Reader) Encoding() charset.Encoding { return lr.enc }

// UseArena makes the reader read the records it yields from now on into
// a, or, with a nil a, into memory of their own. See Arena for what may
// then be done with them.
func (lr *Reader) UseArena(a *Arena) { lr.arena = a }

// Diagnostics returns what the reader has to say about the input as a whole
// (its encoding, its container, junk outside any record). Problems inside a
// record are in that record's Diagnostics; oversized text outside any record
// is reported through Records. It is complete once Records has finished.
func (lr *Reader) Diagnostics() diag.List { return lr.diags }

// Records returns the records of the input, in order. A record with problems
// is still yielded, with its Diagnostics (and Incomplete when cut short).
//
// No record may exceed 16 MiB: text that runs past the limit is skipped up to
// the next line break. The record before it is then yielded, Incomplete,
// with the error among its diagnostics; if there is no such record, the
// error is yielded alone as a *Diagnostic, and reading goes on. Any other
// error is a read error, and ends the sequence. Records can be ranged over
// once.
func (lr *Reader) Records() iter.Seq2[*Record, error] {
	return func(yield func(*Record, error) bool) {
		if lr.started {
			yield(nil, errors.New("parser: the records of a Reader can be read only once"))
			return
		}
		lr.started = true
		dec, enc, err := charset.DecodeAs(lr.r, lr.encoding)
		if err != nil {
			yield(nil, err)
			return
		}
		lr.enc = enc
		lr.fileDiag(diag.Pos{}, diag.Info, "encoding", fmt.Sprintf("read as %s (%s)", enc.Name, enc.Reason))
		br := linHeadReaders.Get().(*bufio.Reader)
		br.Reset(dec)
		defer func() {
			br.Reset(nil)
			linHeadReaders.Put(br)
		}()
		head, err := br.Peek(linSniffLen)
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			yield(nil, err)
			return
		}
		if c := sniffLINContainer(head); c != linPlain {
			lr.readContainer(br, c, yield)
			return
		}
		if lr.stream(br, nil, yield) && lr.count == 0 {
			lr.fileDiag(diag.Pos{}, diag.Warning, "lin-no-records", "the input holds no LIN pairs")
		}
	}
}

// RecordsApart is Records for a caller that checks records in several
// goroutines: the records come with their pairs and Kind but unchecked,
// and each must be given to its Check, which may run concurrently with the
// reading and with the Check of other records. Until then a record's
// values are not checked and its Diagnostics are incomplete. Records
// checked this way are those Records gives.
func (lr *Reader) RecordsApart() iter.Seq2[*Record, error] {
	lr.apart = true
	return lr.Records()
}

// Parse reads all LIN records in src; see [NewReader]. The diagnostics are
// those of the input as a whole, followed by the errors that Records yields
// without a record; each record carries its own.
func Parse(src []byte, filename string) ([]*Record, diag.List) {
	lr := NewReader(bytes.NewReader(src), filename)
	var recs []*Record
	var extra diag.List
	for rec, err := range lr.Records() {
		// Reading memory fails only with a diagnostic: the records of a
		// reader are read once, and bytes.Reader has no error of its own.
		if d := (*diag.Diagnostic)(nil); errors.As(err, &d) {
			extra.Add(*d)
		} else if err == nil {
			recs = append(recs, rec)
		}
	}
	return recs, append(lr.diags, extra...)
}

// sizeText writes a byte count for a message.
func sizeText(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// diagErr returns d as an error, or nil when d is nil.
func diagErr(d *diag.Diagnostic) error {
	if d == nil {
		return nil
	}
	return d
}

func (lr *Reader) fileDiag(pos diag.Pos, sev diag.Severity, code, msg string) {
	lr.diags.AddUpTo(scan.MaxFileDiagnostics, diag.Diagnostic{File: lr.filename, Span: diag.Span{Pos: pos}, Severity: sev, Code: diag.Code(code), Message: msg})
}

// stream reads plain LIN text from r, yielding records as they complete.
// remap, when set, moves every position from the text read to the text it
// was decoded from (see lin_url.go).
func (lr *Reader) stream(r io.Reader, remap func(diag.Pos) diag.Pos, yield func(*Record, error) bool) bool {
	sc := newLINScanner(r, lr.maxRecord)
	sp := &linSplitter{lr: lr, sc: sc, remap: remap}
	bufs := linBufferPool.Get().(*linBuffers)
	bufs.lend(sc, sp)
	defer bufs.reclaim(sc, sp)
	for {
		ok, err := sc.next()
		if err != nil && errors.Is(err, errLINTooLong) { // errors.Is, called for every item, was 1% of an audit
			if rec, d := sp.overflow(); !yield(rec, diagErr(d)) {
				return false
			}
			sc.keep = -1
			if err := sc.skipLine(); err != nil {
				yield(nil, err)
				return false
			}
			continue
		}
		if err != nil {
			yield(nil, err)
			return false
		}
		if !ok {
			break
		}
		for i := range sc.out {
			if rec := sp.add(&sc.out[i]); rec != nil && !yield(rec, nil) {
				return false
			}
		}
		sc.out = sc.out[:0]
		sc.keep = sp.keepOffset()
	}
	if rec := sp.close(nil); rec != nil && !yield(rec, nil) {
		return false
	}
	return true
}

// linBuffers are the working slices of a scanner and its splitter, kept
// from one input to the next. Every slice of a record is copied out when the
// record is built, so nothing a reader returns refers to them. Reading an
// archive of small files otherwise allocated the scanner's 64 KiB buffer and
// the item slices again for each file, and collecting that garbage took
// more time than reading the files.
type linBuffers struct {
	buf                         []byte
	out, cur, pending, floating []linItem
}

var linBufferPool = sync.Pool{New: func() any { return new(linBuffers) }}

// linHeadReaders are the readers through which Records looks at the start
// of an input to tell its container, kept for the same reason.
var linHeadReaders = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, linSniffLen) }}

// linPoolMax is the largest buffer kept in the pool: one outsized record
// must not pin its memory for the rest of a run.
const linPoolMax = 1 << 20

// linPoolMaxItems is the most items a slice kept in the pool may hold: a
// record of twenty thousand pairs must not pin them either.
const linPoolMaxItems = 4096

func (b *linBuffers) lend(sc *linScanner, sp *linSplitter) {
	sc.buf, sc.out = b.buf[:0], b.out[:0]
	sp.cur, sp.pending, sp.floating = b.cur[:0], b.pending[:0], b.floating[:0]
}

// reclaim takes the slices back, as grown, and returns b to the pool. The
// items are cleared, when any held reports, so that the pool does not keep
// those alive; clearing every item of every input took 0.7% of an audit
// of many small files.
func (b *linBuffers) reclaim(sc *linScanner, sp *linSplitter) {
	if cap(sc.buf) > linPoolMax {
		return
	}
	b.buf = sc.buf[:0]
	b.out, b.cur, b.pending, b.floating = sc.out, sp.cur, sp.pending, sp.floating
	for _, s := range []*[]linItem{&b.out, &b.cur, &b.pending, &b.floating} {
		if cap(*s) > linPoolMaxItems {
			*s = nil
			continue
		}
		if sc.noted {
			clear((*s)[:cap(*s)])
		}
		*s = (*s)[:0]
	}
	linBufferPool.Put(b)
}

// What a record being assembled holds.
const (
	linHasHeader uint16 = 1 << iota
	linHasVG
	linHasTable
	linHasNames
	linHasDeal
	linHasAction // calls, cards or a claim
	linHasNote
	linHasOther
	linHasSetup
)

// linSplitter groups scanned items into records. Record boundaries do not
// depend on line breaks:
//
//   - vg, rs, pw, mp and bn (file-header pairs) start a record after a board,
//     and a second vg starts a new header (a new segment);
//   - qx starts a record unless only player names and board setup came before
//     it in the record (BBO's own layout writes pn|…|qx|…|);
//   - md starts a record when the record already has a deal;
//   - a pn after a deal, a call or a card, and board-setup pairs after a call or
//     a card, are held back, with the commentary that follows them: if a qx or
//     an md follows, they open the next record; otherwise they stay in this
//     one (a late, repeated pn).
//
// Comment lines between records go with the next record; reports of junk
// go with the record they interrupt, or with the next one.
type linSplitter struct {
	lr       *Reader
	sc       *linScanner
	remap    func(diag.Pos) diag.Pos
	cur      []linItem
	curHas   uint16
	curPairs int
	pending  []linItem
	floating []linItem
	// notes counts the items that are reports (not pairs) held for the
	// record being gathered; past maxLINRecordDiags they are counted in
	// dropped, not held, so that junk costs memory for 64 reports, not
	// one per byte.
	notes, dropped int
}

func linHasOf(t linTag) uint16 {
	switch t {
	case linTagVG:
		return linHasHeader | linHasVG
	case linTagMD:
		return linHasDeal | linHasSetup
	}
	switch t.class() {
	case linClassHeader:
		return linHasHeader
	case linClassTable:
		return linHasTable
	case linClassNames:
		return linHasNames
	case linClassSetup:
		return linHasSetup
	case linClassAuction, linClassPlay:
		return linHasAction
	case linClassNote:
		return linHasNote
	case linClassOther:
		return linHasOther
	}
	return 0
}

// add takes the next item and returns a record when the item completed one.
func (sp *linSplitter) add(it *linItem) *Record {
	if it.kind == linItemNote {
		if sp.notes >= maxLINRecordDiags {
			sp.dropped += len(it.diags)
			return nil
		}
		sp.notes++
	}
	if it.kind != linItemPair {
		switch {
		case len(sp.pending) > 0:
			sp.pending = append(sp.pending, *it)
		case it.kind == linItemNote && sp.curPairs > 0:
			sp.cur = append(sp.cur, *it)
		default:
			sp.floating = append(sp.floating, *it)
		}
		return nil
	}
	class := it.tag.class()
	has := itemHas(it)
	if sp.curPairs+len(sp.pending) >= maxLINRecordPairs {
		sp.flushPending()
		out := sp.emit(class, &diag.Diagnostic{File: sp.lr.filename, Span: diag.Span{Pos: sp.remapped(it.startPos())}, Severity: diag.Error, Code: "lin-too-many-pairs",
			Message: fmt.Sprintf("a record of more than %d pairs is cut here; what follows is read as another record", maxLINRecordPairs)})
		sp.append(it, has)
		return out
	}
	var out *Record
	if len(sp.pending) > 0 {
		switch {
		case class == linClassTable || has&linHasDeal != 0:
			out = sp.emit(linClassTable, nil)
			sp.flushPending()
			sp.append(it, has)
			return out
		case class == linClassSetup || class == linClassNames || class == linClassNote:
			sp.pending = append(sp.pending, *it)
			return nil
		}
		sp.flushPending()
	}
	if sp.curPairs == 0 {
		sp.append(it, has)
		return nil
	}
	h := sp.curHas
	board := h&(linHasTable|linHasDeal|linHasAction) != 0
	split, hold := false, false
	switch class {
	case linClassHeader:
		split = board || (has&linHasVG != 0 && h&linHasVG != 0)
	case linClassTable:
		split = h&^(linHasNames|linHasSetup|linHasOther) != 0
	case linClassNames:
		split = h == linHasNote // commentary alone: a notes record, as the LIN writer writes one
		hold = !split && h&(linHasNames|linHasDeal|linHasAction|linHasHeader) != 0
	case linClassSetup:
		split = has&linHasDeal != 0 && h&(linHasDeal|linHasHeader) != 0 || h == linHasNote
		hold = !split && h&linHasAction != 0
	}
	switch {
	case split:
		out = sp.emit(class, nil)
		sp.append(it, has)
	case hold:
		sp.pending = append(sp.pending, *it)
	default:
		sp.append(it, has)
	}
	return out
}

// append adds an item to the current record, with the comments and reports
// that were waiting for a record; has is itemHas of a pair, which add has
// worked out already.
func (sp *linSplitter) append(it *linItem, has uint16) {
	if len(sp.floating) > 0 {
		sp.cur = append(sp.cur, sp.floating...)
		sp.floating = sp.floating[:0]
	}
	sp.cur = append(sp.cur, *it)
	if it.kind == linItemPair {
		sp.curHas |= has
		sp.curPairs++
	}
}

// itemHas is what a pair gives its record, as linHasOf says, except that
// an mb or pc of no value is no call or card: the pairs after it are not
// held back as if play had begun (a converter keeps it as written).
func itemHas(it *linItem) uint16 {
	if c := it.tag.class(); (c == linClassAuction || c == linClassPlay) && it.valEnd <= it.valStart {
		return linHasOther
	}
	return linHasOf(it.tag)
}

// flushPending moves the items held back into the current record.
func (sp *linSplitter) flushPending() {
	for i := range sp.pending {
		it := &sp.pending[i]
		sp.append(it, itemHas(it))
	}
	sp.pending = sp.pending[:0]
}

// emit builds the current record and clears it. next is the class of the
// pair that starts the following record, or linClassOther at the end. cut,
// when set, is the error that cut the record short.
func (sp *linSplitter) emit(next linClass, cut *diag.Diagnostic) *Record {
	if sp.curPairs == 0 {
		return nil
	}
	rec := sp.lr.build(sp.sc, sp.cur)
	if cut != nil {
		rec.Incomplete = true
		rec.addDiag(cut)
	}
	if d := sp.droppedNote(rec.Pos); d != nil {
		rec.addDiag(d)
	}
	if rec.Kind == Header && next != linClassTable && next != linClassNames && next != linClassSetup {
		rec.addDiag(&diag.Diagnostic{Span: diag.Span{Pos: rec.End}, Severity: diag.Warning, Code: "lin-no-boards",
			Message: "the file header is not followed by any board"})
	}
	if sp.lr.apart {
		rec.unchecked = linUnchecked{tags: sp.lr.arena.cloneTags(sp.lr.tags), filename: sp.lr.filename, remap: sp.remap}
	} else {
		rec.check(sp.lr.tags, sp.lr.filename, sp.remap, nil)
	}
	sp.cur = sp.cur[:0]
	sp.curHas, sp.curPairs = 0, 0
	return rec
}

// close ends what is held, at the end of the input or before text that
// grew too long: it returns the record being assembled, if any, with cut
// (when set) among its diagnostics. Reports of junk with no record to go to
// become file diagnostics.
func (sp *linSplitter) close(cut *diag.Diagnostic) *Record {
	sp.flushPending()
	if sp.curPairs > 0 {
		sp.cur = append(sp.cur, sp.floating...)
		sp.floating = sp.floating[:0]
		return sp.emit(linClassOther, cut)
	}
	var at diag.Pos
	for _, it := range sp.floating {
		for _, d := range it.diags {
			d.File = sp.lr.filename
			d.Pos = sp.remapped(d.Pos)
			sp.lr.diags.AddUpTo(scan.MaxFileDiagnostics, *d)
			at = d.Pos
		}
	}
	if d := sp.droppedNote(at); d != nil {
		d.File = sp.lr.filename
		sp.lr.diags.AddUpTo(scan.MaxFileDiagnostics, *d)
	}
	sp.floating = sp.floating[:0]
	return nil
}

// remapped is pos in the file, for a record decoded from a link or page.
func (sp *linSplitter) remapped(pos diag.Pos) diag.Pos {
	if sp.remap != nil {
		return sp.remap(pos)
	}
	return pos
}

// droppedNote returns the report that says how many reports were not
// held since the last record, at pos, or nil if none was dropped, and
// starts counting again.
func (sp *linSplitter) droppedNote(pos diag.Pos) *diag.Diagnostic {
	n := sp.dropped
	sp.notes, sp.dropped = 0, 0
	if n == 0 {
		return nil
	}
	return &diag.Diagnostic{Span: diag.Span{Pos: pos}, Severity: diag.Warning, Code: "lin-too-many",
		Message: fmt.Sprintf("%d more problems here are not listed", n)}
}

// overflow handles text that grew past the cap of a record while being
// scanned: the record held so far, if any, is closed and returned with the
// error in its diagnostics; otherwise the error is returned alone.
func (sp *linSplitter) overflow() (*Record, *diag.Diagnostic) {
	d := &diag.Diagnostic{File: sp.lr.filename, Span: diag.Span{Pos: sp.sc.textPos()}, Severity: diag.Error, Code: "lin-too-long",
		Message: fmt.Sprintf("the text starting here runs past the %s limit of a record; it is skipped up to the next line break", sizeText(sp.lr.maxRecord))}
	if rec := sp.close(d); rec != nil {
		return rec, nil
	}
	if sp.remap != nil {
		d.Pos = sp.remap(d.Pos)
	}
	return nil, d
}

// keepOffset returns the absolute offset of the oldest byte the splitter
// still needs, or -1.
func (sp *linSplitter) keepOffset() int {
	switch { // not a loop over a slice of the three, which cost 1% of an audit
	case len(sp.cur) > 0:
		return sp.cur[0].start
	case len(sp.pending) > 0:
		return sp.pending[0].start
	case len(sp.floating) > 0:
		return sp.floating[0].start
	}
	return -1
}

// build turns the items of one record into a Record.
func (lr *Reader) build(sc *linScanner, items []linItem) *Record {
	lr.count++
	first, last := items[0].start, items[len(items)-1].end
	text := string(sc.buf[first-sc.base : last-sc.base])
	n := 0
	for i := range items {
		if items[i].kind == linItemPair {
			n++
		}
	}
	slab := lr.arena.newPairs(n)
	lr.tags = lr.tags[:0]
	rec := &Record{Index: lr.count, Pairs: lr.arena.newPairPointers(n)[:0], Pos: items[0].startPos(), End: items[len(items)-1].endPosition()}
	for i := range items {
		it := &items[i]
		switch it.kind {
		case linItemComment:
			rec.Comments = append(rec.Comments, Comment{Pos: it.startPos(), Text: text[it.valStart-first : it.valEnd-first]})
		case linItemNote:
			for _, d := range it.diags {
				rec.addDiag(d)
			}
		case linItemPair:
			p := &slab[len(rec.Pairs)]
			p.Index = len(rec.Pairs) + 1
			p.Label = text[it.start-first : it.labelEnd-first]
			p.Value = text[it.valStart-first : it.valEnd-first]
			p.Pos, p.ValuePos, p.ValueEnd, p.End = it.startPos(), it.valuePos(), it.valEnd, it.endPosition()
			rec.Pairs = append(rec.Pairs, p)
			lr.tags = append(lr.tags, it.tag)
			for _, d := range it.diags {
				d.Pair = diag.Clamp(p.Index)
				rec.addDiag(d)
			}
			if it.flags&linFlagTruncated != 0 {
				rec.Incomplete = true
			}
			if it.flags&linFlagMultiline != 0 {
				joinLines(rec, p, it.tag)
			}
		}
	}
	lr.toks = linSectionTokens(lr.toks[:0], lr.filename, rec.Pairs, lr.tags)
	kind, d := lr.linParse(lr.toks, rec.Pairs)
	rec.Kind = kind
	if kind == Single || kind == Room {
		// A header is not a game: the first board of a vugraph file is its game 1.
		lr.games++
		rec.Game = lr.games
	}
	if d != nil {
		rec.addDiag(d)
	}
	return rec
}

// linUnchecked is what checking a record needs from its reader.
type linUnchecked struct {
	tags     []linTag // of the record's pairs (a record has one at least); nil once checked
	filename string
	remap    func(diag.Pos) diag.Pos // see stream; nil for plain LIN text
}

// Check completes a record that RecordsApart yielded: it checks the values
// of its pairs, reading its calls and cards, and gives its Diagnostics
// their file name, record and position in the input, in order. A record
// already checked is left as it is.
func (r *Record) Check() { r.CheckInto(nil) }

// CheckInto is Check, reading the record's calls and cards into a (see
// Arena), or, with a nil a, into memory of their own.
func (r *Record) CheckInto(a *Arena) {
	if u := r.unchecked; u.tags != nil {
		r.unchecked = linUnchecked{}
		r.check(u.tags, u.filename, u.remap, a)
	}
}

// check checks the values of the record's pairs, whose tags are given,
// and completes its Diagnostics (see Check).
func (r *Record) check(tags []linTag, filename string, remap func(diag.Pos) diag.Pos, a *Arena) {
	checkLINRecord(r, tags, a)
	r.Diagnostics.Sort()
	r.stamp(filename, remap)
}

// joinLines settles a value that ran over line breaks: commentary and alert
// explanations keep their line breaks (without carriage returns); any other
// value is joined into one line, with a warning.
func joinLines(rec *Record, p *Pair, tag linTag) {
	switch tag {
	case linTagNT, linTagAN:
		p.Value = strings.ReplaceAll(p.Value, "\r\n", "\n")
	default:
		p.Value = strings.NewReplacer("\r", "", "\n", "").Replace(p.Value)
		d := linDiag(p.ValuePos, diag.Warning, "lin-line-break", fmt.Sprintf("the value of %s runs over a line break; the lines are joined", p.Label))
		d.Pair = diag.Clamp(p.Index)
		rec.addDiag(d)
	}
}

// addDiag adds a diagnostic, up to the cap; the first one over the cap is
// replaced by a note that more were dropped.
func (r *Record) addDiag(d *diag.Diagnostic) {
	switch {
	case len(r.Diagnostics) < maxLINRecordDiags:
		r.Diagnostics.Add(*d)
	case len(r.Diagnostics) == maxLINRecordDiags:
		r.Diagnostics.Add(diag.Diagnostic{File: d.File, Span: d.Span, Severity: diag.Warning, Code: "lin-too-many",
			Message: "more problems in this record are not listed"})
	}
}

// stamp fills in the file name and record index of the record's
// diagnostics, and moves positions through remap when the record was decoded
// from a URL or a web page.
func (r *Record) stamp(filename string, remap func(diag.Pos) diag.Pos) {
	for i := range r.Diagnostics {
		d := &r.Diagnostics[i]
		d.File = filename
		d.Game = r.Game
		if remap != nil {
			d.Pos = remap(d.Pos)
		}
	}
	if remap == nil {
		return
	}
	r.Pos, r.End = remap(r.Pos), remap(r.End)
	for _, p := range r.Pairs {
		p.Pos, p.ValuePos, p.ValueEnd, p.End = remap(p.Pos), remap(p.ValuePos), 0, remap(p.End)
	}
	for i := range r.Comments {
		r.Comments[i].Pos = remap(r.Comments[i].Pos)
	}
}
