package lin

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/diag"
)

// This file holds the hand-written LIN scanner. It cuts decoded text into
// label|value| pairs (plus % comment lines and reports about junk) while
// tracking positions, and it does so incrementally over an io.Reader so that
// memory stays bounded by the size of one record.

// linItemKind says what a scanned item is.
type linItemKind uint8

const (
	linItemPair    linItemKind = iota // a label|value| pair
	linItemComment                    // a % comment line
	linItemNote                       // a diagnostic about text that is not a pair
)

// linItem flags.
const (
	linFlagMultiline uint8 = 1 << iota // the value runs over a line break
	linFlagTruncated                   // the input ended inside the pair
)

// linItem is one scanned piece of text. Offsets are absolute byte offsets in
// the decoded input, so that they survive buffer compaction.
type linItem struct {
	kind     linItemKind
	flags    uint8
	tag      linTag // a pair's label
	start    int    // first byte of the label or of the comment's text
	labelEnd int
	valStart int // raw value span; for a comment, the comment text
	valEnd   int
	end      int // just past the closing bar (or the end of the item)
	// The lines and columns of start, valStart and end: an item is
	// copied from scanner to splitter to record, and three whole
	// positions would repeat the offsets above.
	pos, valPos, endPos lineCol
	diags               []*diag.Diagnostic // positioned reports about this item (Filename, Game, Pair set later)
}

// lineCol is a position without its byte offset.
type lineCol struct{ line, col int32 }

func lineColOf(p diag.Pos) lineCol { return lineCol{p.Line, p.Col} }

// at is the position of byte offset off, which is at lc.
func (lc lineCol) at(off int) diag.Pos { return diag.Pos{Offset: off, Line: lc.line, Col: lc.col} }

// startPos, valuePos and endPosition are where the item, its value and
// its end are.
func (it *linItem) startPos() diag.Pos    { return it.pos.at(it.start) }
func (it *linItem) valuePos() diag.Pos    { return it.valPos.at(it.valStart) }
func (it *linItem) endPosition() diag.Pos { return it.endPos.at(it.end) }

// linScanner reads decoded LIN text incrementally.
type linScanner struct {
	r    io.Reader
	buf  []byte
	base int      // absolute offset of buf[0]
	p    int      // index in buf of the next byte to scan
	pos  diag.Pos // position of buf[p]
	// plain is the absolute offset up to which the text from buf[p] on is
	// known to hold no line break and no multi-byte character; see cursor.
	plain int
	bol   bool // buf[p] is at the beginning of a line
	eof   bool // r is exhausted, or failed
	keep  int  // absolute offset of the oldest byte still needed; -1 if none
	max   int  // most bytes held for one record
	out   []linItem
	// noted is set once an item with reports is queued: only then do the
	// items need clearing before their memory is pooled (linBuffers).
	noted bool
}

// linMinRead is the smallest read the scanner asks of its reader.
const linMinRead = 32 << 10

func newLINScanner(r io.Reader, max int) *linScanner {
	return &linScanner{r: r, pos: diag.Pos{Line: 1, Col: 1}, bol: true, keep: -1, max: max}
}

// errLINTooLong reports that the bytes held for one record reached the cap.
var errLINTooLong = errors.New("record too long")

// fill compacts the buffer and reads more input. It returns errLINTooLong
// when the held bytes reached the cap, and the reader's error if it failed.
func (s *linScanner) fill() error {
	keep := s.p
	if s.keep >= 0 && s.keep-s.base < keep {
		keep = s.keep - s.base
	}
	if keep > 0 {
		n := copy(s.buf, s.buf[keep:])
		s.buf = s.buf[:n]
		s.base += keep
		s.p -= keep
	}
	if len(s.buf) >= s.max {
		return errLINTooLong
	}
	want := max(linMinRead, len(s.buf)) // geometric growth keeps rescans linear
	want = min(want, s.max-len(s.buf))
	if cap(s.buf)-len(s.buf) < want {
		nb := make([]byte, len(s.buf), len(s.buf)+2*want) // room for the next read after compaction
		copy(nb, s.buf)
		s.buf = nb
	}
	for {
		n, err := s.r.Read(s.buf[len(s.buf) : len(s.buf)+want])
		s.buf = s.buf[:len(s.buf)+n]
		if err == io.EOF {
			s.eof = true
			return nil
		}
		if err != nil {
			s.eof = true
			return err
		}
		if n > 0 {
			return nil
		}
	}
}

// next scans the next item into s.out. It returns false at the end of the
// input, and errLINTooLong or a read error when scanning cannot go on.
func (s *linScanner) next() (bool, error) {
	for {
		if s.scanOne() {
			return true, nil
		}
		if s.eof {
			return false, nil
		}
		if err := s.fill(); err != nil {
			return false, err
		}
	}
}

// skipLine discards the item being scanned: input up to the first line
// break after the next non-blank byte, without keeping it.
func (s *linScanner) skipLine() error {
	text := false
	for {
		b := s.buf[s.p:]
		i := 0
		if !text {
			i = skipBlanks(b, 0)
			text = i < len(b)
		}
		if text {
			if j := bytes.IndexByte(b[i:], '\n'); j >= 0 {
				s.advance(i + j)
				return nil
			}
		}
		s.advance(len(b))
		if s.eof {
			return nil
		}
		if err := s.fill(); err != nil && err != errLINTooLong {
			return err
		}
	}
}

// textPos returns the position of the first non-blank byte at or after the
// scan point, as far as the input is buffered.
func (s *linScanner) textPos() diag.Pos {
	b := s.buf[s.p:]
	return advancePos(s.pos, b[:skipBlanks(b, 0)])
}

// advance moves the scan point n bytes forward, updating the position.
func (s *linScanner) advance(n int) {
	s.pos = advancePos(s.pos, s.buf[s.p:s.p+n])
	if n > 0 {
		s.bol = s.buf[s.p+n-1] == '\n'
	}
	s.p += n
}

// advancePos returns the position just after b, starting from p. Columns
// count characters: UTF-8 continuation bytes do not move the column.
func advancePos(p diag.Pos, b []byte) diag.Pos {
	p.Offset += len(b)
	if len(b) < 16 { // most spans are a label or a short value
		for _, c := range b {
			switch {
			case c == '\n':
				p.Line++
				p.Col = 1
			case c&0xC0 != 0x80:
				p.Col++
			}
		}
		return p
	}
	// Most spans hold no line break: the vector search for one costs less
	// than bytes.LastIndexByte, which looks at each byte from the end.
	if j := bytes.IndexByte(b, '\n'); j >= 0 {
		i := j + bytes.LastIndexByte(b[j:], '\n')
		p.Line = diag.Clamp(int(p.Line) + bytes.Count(b[j:i+1], []byte{'\n'}))
		p.Col = 1
		b = b[i+1:]
	}
	p.Col = diag.Clamp(int(p.Col) + charCount(b))
	return p
}

// charCount counts the characters of b: its bytes that are not UTF-8
// continuation bytes (10xxxxxx). Every byte of LIN text goes through it, for
// positions, so it looks at eight bytes at a time.
func charCount(b []byte) int {
	const high = 0x8080808080808080
	n := len(b)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		// A continuation byte has its top bit set and the next one clear;
		// shifting left by one puts each byte's second bit under its top.
		n -= bits.OnesCount64(w &^ (w << 1) & high)
	}
	for ; i < len(b); i++ {
		if b[i]&0xC0 == 0x80 {
			n--
		}
	}
	return n
}

// cursor hands out positions of increasing indexes of one scan window.
// Most of LIN is ASCII without a line break for hundreds of bytes, and
// there a position is the one before moved by as many columns as bytes:
// plain is the index up to which the window is known to be such text,
// found once for the run of it rather than byte by byte for each of a
// pair's three positions.
type cursor struct {
	b     []byte
	i     int
	plain int // b[i:plain] holds no line break and no multi-byte character
	pos   diag.Pos
}

func (c *cursor) at(i int) diag.Pos {
	if i > c.plain {
		c.move(i)
	}
	p := c.pos
	p.Offset += i - c.i
	p.Col += int32(i - c.i) // move keeps the run short of overflow
	return p
}

// move is at past the known run of plain text: it counts the bytes up to
// i and finds the run that starts there. The run ends before the column
// would pass the largest int32, where advancePos saturates.
func (c *cursor) move(i int) {
	c.pos = advancePos(c.pos, c.b[c.i:i])
	c.plain = min(plainRun(c.b, i), i+int(math.MaxInt32-c.pos.Col))
	c.i = i
}

// plainRun returns the index of the first line break or non-ASCII byte of
// b at or after i, or len(b). It looks at eight bytes at a time.
func plainRun(b []byte, i int) int {
	const ones, high, newlines = 0x0101010101010101, 0x8080808080808080, 0x0a0a0a0a0a0a0a0a
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		nl := w ^ newlines // a zero byte where w has a line break
		if (w|(nl-ones)&^nl)&high != 0 {
			break
		}
	}
	for i < len(b) && b[i] != '\n' && b[i] < utf8.RuneSelf {
		i++
	}
	return i
}

func isBlank(c byte) bool {
	const blanks = 1<<' ' | 1<<'\t' | 1<<'\r' | 1<<'\n' | 1<<'\f' | 1<<'\v'
	return c <= ' ' && blanks>>c&1 != 0
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// isLabel reports whether b is a two-letter label.
func isLabel(b []byte) bool { return len(b) == 2 && isLetter(b[0]) && isLetter(b[1]) }

// labelAhead reports whether b starts with a label and its bar. more is true
// when b is too short to tell and more input may follow.
func labelAhead(b []byte, atEOF bool) (yes, more bool) {
	if len(b) < 3 {
		if !atEOF {
			return false, true
		}
		return false, false
	}
	return isLetter(b[0]) && isLetter(b[1]) && b[2] == '|', false
}

// skipBlanks returns the index of the first non-blank byte of b at or after i.
func skipBlanks(b []byte, i int) int {
	for i < len(b) && isBlank(b[i]) {
		i++
	}
	return i
}

// indexBarOrNewline returns the index of the first '|' or '\n' in b, or -1.
// Values are short, so a plain loop beats two calls to bytes.IndexByte.
func indexBarOrNewline(b []byte) int {
	for i, c := range b {
		if c == '|' || c == '\n' {
			return i
		}
	}
	return -1
}

// trimSpan narrows b[i:j] to exclude blanks at both ends.
func trimSpan(b []byte, i, j int) (int, int) {
	for i < j && isBlank(b[i]) {
		i++
	}
	for j > i && isBlank(b[j-1]) {
		j--
	}
	return i, j
}

// scanOne scans one item from s.buf[s.p:] into s.out. It returns false, with
// nothing consumed, when the window ends before the item does and more input
// may come, or when only blanks remain at the end of the input.
func (s *linScanner) scanOne() bool {
	b := s.buf[s.p:]
	atEOF := s.eof
	i := skipBlanks(b, 0)
	if i == len(b) {
		if atEOF {
			s.advance(i)
		}
		return false
	}
	bol := s.bol
	if i > 0 {
		bol = b[i-1] == '\n'
	}
	cur := cursor{b: b, pos: s.pos, plain: s.plain - s.base - s.p}
	if end, ok := s.scanSimplePair(b, i, &cur); ok {
		// Pairs written as most are come one after another: up to
		// linSimpleRun of them are read on here and the scan point moved
		// once, where each went back through next, scanOne and consume.
		for range linSimpleRun - 1 {
			e, ok := s.scanSimplePair(b, skipBlanks(b, end), &cur)
			if !ok {
				break
			}
			end = e
		}
		s.consume(end, &cur)
		return true
	}
	switch {
	case bol && b[i] == '%':
		return s.scanComment(b, i, &cur, atEOF)
	case b[i] == '|':
		at := cur.at(i)
		it := linItem{kind: linItemNote, start: s.base + s.p + i, pos: lineColOf(at)}
		it.diags = append(it.diags, linDiag(at, diag.Warning, "lin-stray-bar", "a | stands where a label was expected; skipped"))
		it.end = it.start + 1
		it.endPos = lineColOf(cur.at(i + 1))
		s.emit(&it, i+1, &cur)
		return true
	}
	j := indexBarOrNewline(b[i:])
	if j < 0 {
		if !atEOF {
			return false
		}
		j = len(b)
	} else {
		j += i
	}
	if j == len(b) || b[j] == '\n' {
		return s.scanBareLabel(b, i, j, &cur, atEOF)
	}
	return s.scanPair(b, i, j, &cur, atEOF)
}

// emit queues an item and moves the scan point past n bytes of the window.
func (s *linScanner) emit(it *linItem, n int, cur *cursor) {
	s.noted = s.noted || it.diags != nil
	s.out = append(s.out, *it)
	s.consume(n, cur)
}

// push queues a zero item and returns it, for the scanner to fill in
// place rather than make aside and copy in.
func (s *linScanner) push() *linItem {
	s.out = append(s.out, linItem{})
	return &s.out[len(s.out)-1]
}

// consume moves the scan point past n bytes of the window, taking the
// position there from cur, which has counted most of the way.
func (s *linScanner) consume(n int, cur *cursor) {
	s.pos = cur.at(n)
	s.plain = s.base + s.p + cur.plain
	if n > 0 {
		s.bol = s.buf[s.p+n-1] == '\n'
	}
	s.p += n
}

func (s *linScanner) scanComment(b []byte, i int, cur *cursor, atEOF bool) bool {
	nl := bytes.IndexByte(b[i:], '\n')
	if nl < 0 {
		if !atEOF {
			return false
		}
		nl = len(b)
	} else {
		nl += i
	}
	end := nl
	if end > i && b[end-1] == '\r' {
		end--
	}
	abs := s.base + s.p
	it := linItem{kind: linItemComment, start: abs + i, valStart: abs + i + 1, valEnd: abs + end, end: abs + end}
	it.pos = lineColOf(cur.at(i))
	it.valPos = lineColOf(cur.at(i + 1))
	it.endPos = lineColOf(cur.at(end))
	s.emit(&it, end, cur)
	return true
}

// scanBareLabel handles text that ends at a line break or at the end of the
// input without any bar. A lone two-letter label followed by another pair is
// the damage left when "||" became a line break; anything else is junk.
func (s *linScanner) scanBareLabel(b []byte, i, j int, cur *cursor, atEOF bool) bool {
	ls, le := trimSpan(b, i, j)
	abs := s.base + s.p
	if isLabel(b[ls:le]) {
		k := skipBlanks(b, j)
		if k == len(b) && !atEOF {
			return false
		}
		ahead, more := labelAhead(b[k:], atEOF)
		if more {
			return false
		}
		switch {
		case k == len(b):
			it := emptyPair(abs, ls, le, cur, fmt.Sprintf("label %s at the end of the input has no |; read as an empty value", b[ls:le]))
			if it.tag != linTagPG {
				it.flags |= linFlagTruncated
			}
			s.emit(&it, le, cur)
			return true
		case ahead:
			it := emptyPair(abs, ls, le, cur, fmt.Sprintf("label %s is followed by a line break instead of ||; read as an empty value", b[ls:le]))
			s.emit(&it, le, cur)
			return true
		}
	}
	it := noteItem(abs, ls, le, cur, "lin-junk", fmt.Sprintf("text %s is not a label|value| pair; skipped", quoteClip(b[ls:le])))
	s.emit(&it, j, cur)
	return true
}

// emptyPair makes the item of a label that stands without its "||".
func emptyPair(abs, ls, le int, cur *cursor, msg string) linItem {
	it := linItem{kind: linItemPair, tag: linTagOf(cur.b[ls:le]), start: abs + ls, labelEnd: abs + le, valStart: abs + le, valEnd: abs + le, end: abs + le}
	at := cur.at(ls)
	it.pos = lineColOf(at)
	it.valPos = lineColOf(cur.at(le))
	it.endPos = it.valPos
	it.diags = append(it.diags, linDiag(at, diag.Warning, "lin-missing-bar", msg))
	return it
}

// noteItem makes the item that reports the text b[from:to] of the window,
// which is skipped, as an error.
func noteItem(abs, from, to int, cur *cursor, code, msg string) linItem {
	it := linItem{kind: linItemNote, start: abs + from, end: abs + to}
	at := cur.at(from)
	it.pos = lineColOf(at)
	it.endPos = lineColOf(cur.at(to))
	it.diags = append(it.diags, linDiag(at, diag.Error, code, msg))
	return it
}

// scanPair scans a label ending with the bar at b[j], and its value.
func (s *linScanner) scanPair(b []byte, i, j int, cur *cursor, atEOF bool) bool {
	ls, le := trimSpan(b, i, j)
	abs := s.base + s.p
	var pre []linItem // items produced before the pair itself
	if !isLabel(b[ls:le]) {
		lab := b[ls:le]
		if len(lab) < 3 || !isLetter(lab[len(lab)-1]) || !isLetter(lab[len(lab)-2]) || !knownLINLabel(lab[len(lab)-2:]) {
			// Not a label at all. If a label follows its bar, the text
			// was junk on its own; otherwise it stood for a label, and
			// its value goes with it.
			ahead, more := labelAhead(b[j+1:], atEOF)
			if more {
				return false
			}
			end, what := j+1, "skipped"
			if !ahead {
				var ok bool
				if end, _, _, ok = scanValue(b, j+1, false, atEOF); !ok {
					return false
				}
				what = "skipped with its value"
			}
			it := noteItem(abs, ls, end, cur, "lin-label", fmt.Sprintf("%s is not a two-letter label; %s", quoteClip(lab), what))
			s.emit(&it, end, cur)
			return true
		}
		// Text glued to the front of a known label: "stmd|" lost the bars
		// of an empty "st||", anything else is junk in front of the label.
		ps, pe := trimSpan(b, ls, le-2)
		if isLabel(b[ps:pe]) {
			pre = append(pre, emptyPair(abs, ps, pe, cur,
				fmt.Sprintf("labels %s and %s run together; read %s with an empty value", b[ps:pe], b[le-2:le], b[ps:pe])))
		} else {
			pre = append(pre, noteItem(abs, ls, le-2, cur, "lin-junk",
				fmt.Sprintf("text %s before label %s is not a pair; skipped", quoteClip(b[ls:le-2]), b[le-2:le])))
		}
		ls = le - 2
	}
	tag := linTagOf(b[ls:le])
	end, vEnd, oneLine, ok := scanValue(b, j+1, tag == linTagNT, atEOF)
	if !ok {
		return false
	}
	if len(pre) > 0 {
		s.out = append(s.out, pre...)
		s.noted = true
	}
	it := s.push()
	*it = linItem{kind: linItemPair, tag: tag, start: abs + ls, labelEnd: abs + le}
	it.pos = lineColOf(cur.at(ls))
	vs, ve := j+1, vEnd
	if tag != linTagNT {
		vs, ve = trimSpan(b, vs, ve)
	} else {
		ve = trimLineBreaks(b, vs, ve)
	}
	it.valStart, it.valEnd = abs+vs, abs+ve
	it.valPos = lineColOf(cur.at(vs))
	if !oneLine && bytes.IndexByte(b[vs:ve], '\n') >= 0 {
		it.flags |= linFlagMultiline
	}
	if end == vEnd { // no closing bar was consumed
		var msg string
		if end == len(b) {
			msg = fmt.Sprintf("the value of %s has no closing | at the end of the input", b[ls:le])
			if vs < ve || tag != linTagPG {
				it.flags |= linFlagTruncated
			}
		} else {
			msg = fmt.Sprintf("the value of %s has no closing |; it ends at the line break", b[ls:le])
		}
		it.diags = append(it.diags, linDiag(cur.at(vEnd), diag.Warning, "lin-unclosed", msg))
		s.noted = true
	}
	it.end = abs + end
	it.endPos = lineColOf(cur.at(end))
	s.consume(end, cur)
	return true
}

// scanSimplePair scans the pair at b[i] if it is written as most are: a
// label of two letters, its bar, a value with no line break and no blank
// at either end, and the closing bar; nt's commentary is not. It queues the
// item and returns the index just past it, the scan point to consume to;
// it reports false, having done nothing, for any other text, which
// scanPair reads (to the same item, where this reads it).
func (s *linScanner) scanSimplePair(b []byte, i int, cur *cursor) (end int, ok bool) {
	if i+3 > len(b) || !isLetter(b[i]) || !isLetter(b[i+1]) || b[i+2] != '|' {
		return 0, false
	}
	tag := linTagOf(b[i : i+2])
	if tag == linTagNT {
		return 0, false
	}
	vs := i + 3
	k := indexBarOrNewline(b[vs:])
	if k < 0 || b[vs+k] != '|' {
		return 0, false
	}
	ve := vs + k
	if ve > vs && (isBlank(b[vs]) || isBlank(b[ve-1])) {
		return 0, false
	}
	abs := s.base + s.p
	end = ve + 1
	var at, vat, eat lineCol
	if i >= cur.i && end <= cur.plain { // one run of plain text: columns are byte counts
		at = lineCol{cur.pos.Line, cur.pos.Col + int32(i-cur.i)}
		vat, eat = lineCol{at.line, at.col + 3}, lineCol{at.line, at.col + int32(end-i)}
	} else {
		at, vat, eat = lineColOf(cur.at(i)), lineColOf(cur.at(vs)), lineColOf(cur.at(end))
	}
	// Filled in place: built aside, the item (which holds a pointer) was
	// copied in whole.
	s.out = append(s.out, linItem{})
	it := &s.out[len(s.out)-1]
	it.kind, it.tag, it.start, it.labelEnd = linItemPair, tag, abs+i, abs+i+2
	it.valStart, it.valEnd, it.end = abs+vs, abs+ve, abs+end
	it.pos, it.valPos, it.endPos = at, vat, eat
	return end, true
}

// linSimpleRun is the most plainly written pairs scanOne reads at once:
// enough to make the calls between them rare, few enough that the items
// waiting for the splitter stay a small slice.
const linSimpleRun = 64

// scanValue finds the end of a value that starts at b[v]. It returns the
// index just past the item (past the closing bar if there is one) and the
// end of the raw value; oneLine is true when b[v:vEnd] holds no line
// break, as most values do. ok is false when more input is needed.
//
// A line break inside a value is looked past: if the next line starts with a
// bar, that bar closes the value; if it starts with a label and its bar, the
// value lacked its closing bar and ends at the line break; otherwise the value
// continues on the next line. An nt value ends only at a bar that is followed
// by a label and its bar, or by the end of the input, because commentary may
// contain bars.
func scanValue(b []byte, v int, nt bool, atEOF bool) (end, vEnd int, oneLine, ok bool) {
	i := v
	oneLine = true
	for {
		j := indexBarOrNewline(b[i:])
		if j < 0 {
			if !atEOF {
				return 0, 0, false, false
			}
			return len(b), len(b), oneLine, true
		}
		j += i
		if b[j] == '|' && !nt {
			return j + 1, j, oneLine, true
		}
		k := skipBlanks(b, j+1)
		if k == len(b) && !atEOF {
			return 0, 0, false, false
		}
		ahead, more := labelAhead(b[k:], atEOF)
		if more {
			return 0, 0, false, false
		}
		switch {
		case b[j] == '|' && (k == len(b) || ahead):
			return j + 1, j, oneLine, true
		case b[j] == '|':
		case k == len(b) || ahead:
			return j, j, oneLine, true
		}
		oneLine = oneLine && b[j] != '\n' && bytes.IndexByte(b[j+1:k], '\n') < 0
		i = k // the blanks up to k hold no bar; a bar at k is looked at next
	}
}

// trimLineBreaks drops trailing blanks from b[i:j] when they hold a line
// break: commentary is kept as written, except for the break that separated it
// from its closing bar.
func trimLineBreaks(b []byte, i, j int) int {
	k := j
	for k > i && isBlank(b[k-1]) {
		k--
	}
	if bytes.IndexByte(b[k:j], '\n') >= 0 {
		return k
	}
	return j
}

// clipMax is the most bytes of a text quoted in a message.
const clipMax = 40

// clipAt returns where a text is cut for a message: at most clipMax bytes,
// on a character boundary.
func clipAt[T string | []byte](s T) int {
	if len(s) <= clipMax {
		return len(s)
	}
	cut := clipMax
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return cut
}

// clip shortens a long text for a message.
func clip(s string) string {
	if n := clipAt(s); n < len(s) {
		return s[:n] + "…"
	}
	return s
}

// quoteClip quotes b for a message, shortened when long.
func quoteClip(b []byte) string {
	n := clipAt(b)
	q := fmt.Sprintf("%q", b[:n])
	if n < len(b) {
		q += "…"
	}
	return q
}

func linDiag(pos diag.Pos, sev diag.Severity, code, msg string) *diag.Diagnostic {
	return &diag.Diagnostic{Span: diag.Span{Pos: pos}, Severity: sev, Code: diag.Code(code), Message: msg}
}
