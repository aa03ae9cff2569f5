package pbn

import (
	"bufio"
	"bytes"
	"io"
	"math"
	"sync"

	"github.com/bridgekit/bridgekit/diag"
)

// maxPBNGame is the largest game, in bytes of decoded text, the reader
// holds in memory. The largest real games (a traveller with a long
// TotalScoreTable) are a few tens of kilobytes; anything larger is damage,
// and is reported and skipped without being buffered.
const maxPBNGame = 4 << 20

// pbnChunk is the text of one game as cut from the stream, or of text
// without any tag pair (at the end of the file, or cut off by the size
// limit).
type pbnChunk struct {
	text   []byte   // valid until the next call of next
	pos    diag.Pos // of text[0]
	hasTag bool     // a '[' outside commentary and strings: this is a game
	// size is the full size in bytes of the chunk, larger than len(text)
	// when the chunk exceeded the size limit; text then holds the
	// complete lines that fitted.
	size int
	// noBlank is set when the chunk was cut from the previous one without
	// a semi-empty line: it starts with the previous game's first tag.
	noBlank bool
	// mixed is set when lines of the input so far ended in a CR alone,
	// which the text gives as LF, and others in LF.
	mixed bool
	// facts are those of the lines of text, one a line, valid until the
	// next call of next; plain is set when every line is quickLine's, and
	// plain.
	facts []lineFact
	plain bool
}

// A lineFact is what the splitter learnt of a line of a chunk, for the
// parser, which would otherwise read the line again: its size with its
// end and, for a tag pair's line (quickLine's lineTag), the length of the
// name and of the line without its end (0 for other lines, and for a
// tag pair's line of more than 255 bytes, which the plain reader declines).
// Four bytes, as a game's facts are copied for every game: a chunk with a
// line of more than 64 KiB has none.
type lineFact struct {
	size       uint16
	name, body uint8
}

// pbnSplitter cuts a decoded PBN stream into games at semi-empty lines,
// honouring brace comments (a semi-empty line inside one does not end the
// game) and strings, with memory bounded by the game size limit.
//
// Text before a game that holds no tag pair (escape lines, commentary,
// prose) is kept with the game that follows, so that semi-empty lines
// between such text and the game's tag pairs create no empty games.
//
// A line that starts with the tag the game started with ends the game too,
// semi-empty line or not: files that list games without separating them
// ("[Deal …]" on each line) hold one game per repetition, where the
// standard's reading would keep the first and ignore the rest as repeated
// tags.
type pbnSplitter struct {
	r       *bufio.Reader
	pending []byte // text given back after a split inside an open comment; read before r
	maxGame int

	off, line int    // position of the next byte to read
	buf       []byte // the chunk being assembled
	first     []byte // the name of the first tag pair of the chunk, when it starts a line
	facts     []lineFact
	noFacts   bool   // a line of the chunk is too long for its fact
	noBlank   bool   // the next chunk starts without a semi-empty line
	long      []byte // assembles a line longer than r's buffer
	crs       []byte // the rest of a line cut at a lone CR
	loneCR    bool   // a lone CR has been read as a line end (cutCR)
	sawLF     bool   // a line has ended in LF (alone or after CR)
}

// pbnSplitters keeps splitters, with their buffers, from one input to the
// next: in an archive of small files, a new 64 KiB buffer for each file
// cost more than reading it.
var pbnSplitters = sync.Pool{New: func() any { return &pbnSplitter{r: bufio.NewReaderSize(nil, 64<<10)} }}

// pbnPoolMax is the largest game buffer a pooled splitter keeps.
const pbnPoolMax = 1 << 20

func newPBNSplitter(r io.Reader) *pbnSplitter {
	s := pbnSplitters.Get().(*pbnSplitter)
	s.r.Reset(r)
	*s = pbnSplitter{r: s.r, buf: s.buf[:0], first: s.first[:0], facts: s.facts[:0], long: s.long[:0], maxGame: maxPBNGame, line: 1}
	return s
}

// release returns s to the pool once the input is read to the end, when no
// chunk refers to its buffers any more.
func (s *pbnSplitter) release() {
	s.r.Reset(nil)
	if cap(s.buf) > pbnPoolMax {
		s.buf = nil
	}
	if cap(s.long) > pbnPoolMax {
		s.long = nil
	}
	if cap(s.facts) > pbnPoolMax/16 {
		s.facts = nil
	}
	s.pending, s.crs = nil, nil
	pbnSplitters.Put(s)
}

// readLine returns the next line with its terminator. A line longer than
// the game size limit is cut: the rest is skipped and counted in dropped.
// The line may hold a lone CR, which ends a line too: see cutCR.
func (s *pbnSplitter) readLine() (line []byte, dropped int, err error) {
	if len(s.crs) > 0 {
		line, s.crs = s.crs, nil
		return line, 0, nil
	}
	if len(s.pending) > 0 {
		line = s.pending
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line = line[:i+1]
		}
		s.pending = s.pending[len(line):]
		return line, 0, nil
	}
	line, err = s.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		s.long = append(s.long[:0], line...)
		for err == bufio.ErrBufferFull {
			line, err = s.r.ReadSlice('\n')
			if room := s.maxGame + 1 - len(s.long); room > 0 {
				s.long = append(s.long, line[:min(room, len(line))]...)
				dropped += len(line) - min(room, len(line))
			} else {
				dropped += len(line)
			}
		}
		line = s.long
	}
	if err == io.EOF && len(line) > 0 {
		err = nil
	}
	return line, dropped, err
}

// cutCR ends line at its first lone CR (one not followed by LF), turning the
// CR into LF and keeping the rest for the next readLine, so that every line
// of a chunk ends in LF or CRLF while byte offsets stay the same.
func (s *pbnSplitter) cutCR(line []byte) []byte {
	for i := bytes.IndexByte(line, '\r'); i >= 0 && i < len(line); {
		if i+1 < len(line) && line[i+1] == '\n' {
			j := bytes.IndexByte(line[i+2:], '\r')
			if j < 0 {
				break
			}
			i += 2 + j
			continue
		}
		if i+1 < len(line) {
			s.crs = append(s.crs[:0:0], line[i+1:]...)
		}
		line = line[:i+1]
		line[i] = '\n'
		s.loneCR = true
		return line
	}
	if len(line) > 0 && line[len(line)-1] == '\n' {
		s.sawLF = true
	}
	return line
}

// next returns the next chunk, or ok == false at the end of the input. A
// read error other than io.EOF is returned after the text read so far.
func (s *pbnSplitter) next() (c pbnChunk, ok bool, err error) {
	s.buf, s.facts, s.noFacts = s.buf[:0], s.facts[:0], false
	c.plain = true
	var (
		started   bool
		inComment bool
		skipping  bool // over the size limit: scan, but keep nothing
		// fallback is where the game is cut if the brace comment open at
		// the end was never closed: its first semi-empty line after a tag
		// pair. -1 when there is none.
		fallback                    = -1
		fallOff, fallLine, fallFact int
	)
	for {
		if started && c.hasTag && !inComment && !skipping && len(s.crs) == 0 && len(s.pending) == 0 {
			s.quickRun(&c)
		}
		lineOff, lineNo := s.off, s.line
		line, dropped, rerr := s.readLine()
		if len(line) == 0 && rerr != nil {
			if rerr != io.EOF {
				err = rerr
			}
			break
		}
		kind, name, plain := lineOther, []byte(nil), false
		if !inComment {
			kind, name, plain = quickLine(line)
		}
		if kind == lineOther {
			line = s.cutCR(line)
		} else {
			s.sawLF = true
		}
		s.off += len(line) + dropped
		if line[len(line)-1] == '\n' {
			s.line++
		}
		blank := isSemiEmpty(line)
		if !started {
			if blank {
				continue
			}
			started = true
			c.pos = diag.Pos{Offset: lineOff, Line: diag.Clamp(lineNo), Col: 1}
			c.noBlank, s.noBlank = s.noBlank, false
			s.first = s.first[:0]
		}
		if blank && (skipping || c.hasTag && !inComment) {
			break
		}
		if blank && inComment && c.hasTag && fallback < 0 && !skipping {
			fallback, fallOff, fallLine, fallFact = len(s.buf), lineOff, lineNo, len(s.facts)
		}
		if !inComment && !skipping && line[0] != '%' {
			if kind == lineOther {
				name = lineTagName(line)
			}
			if name != nil {
				if !c.hasTag {
					s.first = append(s.first[:0], name...)
				} else if bytes.Equal(name, s.first) {
					s.giveBack(line)
					s.off, s.line = lineOff, lineNo
					s.noBlank = true
					c.text, c.facts = s.buf, s.chunkFacts(len(s.facts))
					return c, true, nil
				}
			}
		}
		switch {
		case kind == lineTag:
			c.hasTag = true
		case kind == lineOther && (inComment || line[0] != '%'):
			inComment = scanPBNLine(line, inComment, &c.hasTag)
		}
		if !inComment {
			fallback = -1
		}
		c.size += len(line) + dropped
		if skipping {
			continue
		}
		if dropped > 0 || len(s.buf)+len(line) > s.maxGame {
			if fallback >= 0 {
				// The comment that swallowed the game's end is unterminated:
				// end the game at its first semi-empty line and read on
				// from there.
				return s.cutAt(c, fallback, fallOff, fallLine, fallFact, line), true, nil
			}
			skipping = true
			continue
		}
		s.addFact(line, kind, name)
		c.plain = c.plain && plain
		s.buf = append(s.buf, line...)
	}
	if !started {
		return c, false, err
	}
	if fallback >= 0 {
		return s.cutAt(c, fallback, fallOff, fallLine, fallFact, nil), true, err
	}
	c.text, c.facts = s.buf, s.chunkFacts(len(s.facts))
	return c, true, err
}

// addFact notes the fact of line, the chunk's next, of quickLine's kind
// and tag name.
func (s *pbnSplitter) addFact(line []byte, kind int, name []byte) {
	f := lineFact{size: uint16(len(line))}
	s.noFacts = s.noFacts || len(line) > math.MaxUint16
	if body := len(line) - 1; kind == lineTag && body <= math.MaxUint8+2 {
		if line[body-1] == '\r' {
			body-- // less the LF, and a CR before it
		}
		if body <= math.MaxUint8 {
			f.name, f.body = uint8(len(name)), uint8(body)
		}
	}
	s.facts = append(s.facts, f)
}

// quickRun takes, straight from the reader's buffer, the lines of a game
// whose tag pair is read, outside commentary and below the size limit, that
// next would take without a word: those quickLine knows, that are not
// semi-empty and do not start with the game's first tag. It stops before
// any other line, and at the end of what is buffered, for next to read as
// ever. A line went through readLine, ReadSlice and next's steps, and
// those took half of what reading a line cost.
func (s *pbnSplitter) quickRun(c *pbnChunk) {
	win, _ := s.r.Peek(s.r.Buffered())
	n, lines := 0, 0
	for {
		i := bytes.IndexByte(win[n:], '\n')
		if i < 0 {
			break
		}
		line := win[n : n+i+1]
		kind, name, plain := quickLine(line)
		if kind == lineOther || kind == lineTag && bytes.Equal(name, s.first) ||
			len(s.buf)+n+len(line) > s.maxGame || kind == lineQuiet && isSemiEmpty(line) {
			break
		}
		if kind == lineTag {
			c.hasTag = true
		}
		s.addFact(line, kind, name)
		c.plain = c.plain && plain
		n, lines = n+len(line), lines+1
	}
	if n > 0 {
		s.buf = append(s.buf, win[:n]...)
		s.r.Discard(n)
		s.off, s.line, c.size, s.sawLF = s.off+n, s.line+lines, c.size+n, true
	}
}

// chunkFacts returns the facts of the chunk's first n lines, or nil when
// they are not all known.
func (s *pbnSplitter) chunkFacts(n int) []lineFact {
	if s.noFacts {
		return nil
	}
	return s.facts[:n]
}

// cutAt ends chunk c at byte from of the buffer, the start of its line
// fact, at absolute offset off and line, and gives the rest of the buffer and
// then extra back to be read again.
func (s *pbnSplitter) cutAt(c pbnChunk, from, off, line, fact int, extra []byte) pbnChunk {
	s.giveBack(append(s.buf[from:len(s.buf):len(s.buf)], extra...))
	s.off, s.line = off, line
	c.text, c.facts = s.buf[:from], s.chunkFacts(fact)
	c.size = from
	return c
}

// Kinds of line, as quickLine finds them.
const (
	lineOther = iota // read by cutCR, lineTagName and scanPBNLine
	lineQuiet        // no '[', '"', '{', ';', nor a CR but the one of a CRLF end
	lineTag          // a tag pair alone, `[Name "value"]`, the value without '"', '\\', ']', tab or CR
)

// quickLine tells the two kinds of line that make most of a file, and the
// name of a tag pair's: of such a line outside commentary, cutCR changes
// nothing, lineTagName gives that name (nil for a quiet line) and
// scanPBNLine opens no comment and finds a tag pair in the tag pair's line
// alone. Each of those three searched the line again, and together they
// took a tenth of an audit's instructions. A line that does not end in LF
// is of neither kind. plain reports that a line of either kind holds no
// byte of pbnByteClass's classes: no byte that is not ASCII, and no
// control character but those of its end.
func quickLine(line []byte) (kind int, name []byte, plain bool) {
	n := len(line) - 1
	if n < 0 || line[n] != '\n' {
		return lineOther, nil, false
	}
	if n > 0 && line[n-1] == '\r' {
		n--
	}
	body := line[:n]
	// The bytes are looked up and their classes joined, without a branch
	// a byte: a tag pair's value is the text between `[Name "` and the
	// `"]` the line must end with, and a quiet line is all of its text.
	var seen uint8
	if len(body) > 0 && body[0] == '[' {
		i := 1
		for i < len(body) && nameChars[body[i]] {
			i++
		}
		if i == 1 || i+4 > len(body) || body[i] != ' ' || body[i+1] != '"' || body[len(body)-2] != '"' || body[len(body)-1] != ']' {
			return lineOther, nil, false
		}
		for _, c := range body[i+2 : len(body)-2] {
			seen |= tagValueStops[c]
		}
		if seen&stopEnd != 0 {
			return lineOther, nil, false
		}
		return lineTag, body[1:i], seen&stopUnplain == 0
	}
	for _, c := range body {
		seen |= quietStops[c]
	}
	if seen&stopEnd != 0 {
		return lineOther, nil, false
	}
	return lineQuiet, nil, seen&stopUnplain == 0
}

// The classes quickLine gives a byte of a tag pair's value or of a quiet
// line, as bits: one that makes the line not plain, one it may not hold.
const (
	stopUnplain = 1 << iota
	stopEnd
)

// tagValueStops and quietStops are quickLine's stops.
var tagValueStops, quietStops = func() (value, quiet [256]uint8) {
	for c := range 256 {
		if pbnByteClass[c] != 0 {
			value[c], quiet[c] = stopUnplain, stopUnplain
		}
	}
	for _, c := range []byte{'"', '\\', ']', '\t', '\r', '\n'} {
		value[c] = stopEnd
	}
	for _, c := range []byte{'[', '"', '{', ';', '\r', '\n'} {
		quiet[c] = stopEnd
	}
	return value, quiet
}()

// lineTagName returns the name of the tag pair a line starts with (after
// blanks), or nil.
func lineTagName(line []byte) []byte {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i == len(line) || line[i] != '[' {
		return nil
	}
	i++
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	j := i
	for j < len(line) && isNameChar(line[j]) {
		j++
	}
	if j == i {
		return nil
	}
	return line[i:j]
}

// giveBack puts text back in front of what is still to be read.
func (s *pbnSplitter) giveBack(text []byte) {
	p := make([]byte, 0, len(text)+len(s.crs)+len(s.pending))
	p = append(append(append(p, text...), s.crs...), s.pending...)
	s.pending, s.crs = p, nil
}

// isSemiEmpty reports whether line holds only white space.
func isSemiEmpty(line []byte) bool {
	for _, b := range line {
		if !isPBNSpace(b) {
			return false
		}
	}
	return true
}

func isPBNSpace(b byte) bool {
	const spaces = 1<<' ' | 1<<'\t' | 1<<'\n' | 1<<'\r' | 1<<'\v' | 1<<'\f'
	return b <= ' ' && spaces>>b&1 != 0
}

// scanPBNLine follows one line of PBN text far enough to know whether a
// brace comment is open at its end and whether it holds a tag pair: braces,
// semicolon comments and strings are honoured, nothing else is looked at.
func scanPBNLine(line []byte, inComment bool, hasTag *bool) bool {
	// Most lines open no comment: then all that matters is whether a '['
	// stands outside the strings, which one before any quote does. Three
	// searches of the line cost less than following it byte by byte.
	if !inComment && bytes.IndexByte(line, '{') < 0 && bytes.IndexByte(line, ';') < 0 {
		b := bytes.IndexByte(line, '[')
		if b < 0 {
			return false
		}
		if bytes.IndexByte(line[:b], '"') < 0 {
			*hasTag = true
			return false
		}
	}
	for i := 0; i < len(line); {
		if !inComment && !pbnLineSpecial[line[i]] {
			i++
			continue
		}
		if inComment {
			j := bytes.IndexByte(line[i:], '}')
			if j < 0 {
				return true
			}
			i += j + 1
			inComment = false
			continue
		}
		switch line[i] {
		case '{':
			inComment = true
		case ';':
			return false
		case '[':
			*hasTag = true
		case '"':
			i, _ = scanPBNString(line, i)
			continue
		}
		i++
	}
	return inComment
}

// pbnLineSpecial are the bytes scanPBNLine acts on outside comments.
var pbnLineSpecial = [256]bool{'{': true, ';': true, '[': true, '"': true}
