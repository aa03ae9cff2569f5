package pbn

import (
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/diag"
)

// pbnLines turns byte offsets of a game's text into positions. Offsets are
// asked for mostly in increasing order, so the line of the previous answer
// is tried first.
type pbnLines struct {
	text   string
	base   diag.Pos // position of text[0], always at the start of a line
	starts []int    // offset of the start of each line
	ascii  bool     // columns are byte counts
	ctrl   int      // offset of the first control character other than white space; -1 when none
	hint   int      // index into starts of the last line found
}

func newPBNLines(text string, base diag.Pos) pbnLines {
	var l pbnLines
	l.reset(text, base)
	return l
}

// reset indexes text, reusing l's memory.
func (l *pbnLines) reset(text string, base diag.Pos) {
	l.text, l.base, l.hint = text, base, 0
	l.starts = append(l.starts[:0], 0)
	for i := 0; ; {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		l.starts = append(l.starts, i)
	}
	l.classify()
}

// resetGame indexes the text of a game as reset does, from what the
// splitter found of its lines where it has that.
func (l *pbnLines) resetGame(t *GameText) {
	if len(t.facts) == 0 {
		l.reset(t.Source, t.Pos)
		return
	}
	text := t.Source
	l.text, l.base, l.hint = text, t.Pos, 0
	l.starts = l.starts[:0]
	start := 0
	for _, f := range t.facts {
		l.starts = append(l.starts, start)
		start += int(f.size)
	}
	if len(text) > 0 && text[len(text)-1] == '\n' {
		l.starts = append(l.starts, len(text))
	}
	if t.plain {
		l.ascii, l.ctrl = true, -1
		return
	}
	l.classify()
}

// classify finds whether the text is ASCII and where its first control
// character is.
func (l *pbnLines) classify() {
	text := l.text
	seen := byteClasses(text)
	l.ascii, l.ctrl = seen&classHigh == 0, -1
	if seen&classCtrl != 0 {
		for i, c := range []byte(text) {
			if pbnByteClass[c] == classCtrl {
				l.ctrl = i
				break
			}
		}
	}
}

// Byte classes pbnLines looks for.
const (
	classHigh = 1 << iota // not ASCII
	classCtrl             // a control character other than white space
)

var pbnByteClass = func() (class [256]uint8) {
	for c := range class {
		switch {
		case c >= utf8.RuneSelf:
			class[c] = classHigh
		case c < ' ' && !isPBNSpace(byte(c)) || c == 0x7f:
			class[c] = classCtrl
		}
	}
	return class
}()

// byteClasses returns the classes of the bytes of text, together. Every
// game's text is looked at so, and byte by byte it took 2.6% of the
// instructions of an audit: eight bytes at a time, the bytes that may be
// control characters (those below a space, which every line end is, and
// DEL) are found with word arithmetic and then looked up one by one.
func byteClasses(text string) (seen uint8) {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	var or uint64
	i := 0
	for ; i+8 <= len(text); i += 8 {
		w := text[i : i+8] // one load, as binary.LittleEndian.Uint64 is
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		or |= x
		if seen&classCtrl != 0 {
			continue
		}
		// For a byte below 0x80, the high bit of its part of either
		// difference is set when it is below a space or is DEL, whatever
		// a lower byte borrows; a borrow may also mark a byte above
		// one that is, which the lookup then clears.
		for m := ((x - ' '*ones) | ((x ^ 0x7f*ones) - ones)) &^ x & highs; m != 0; m &= m - 1 {
			seen |= pbnByteClass[text[i+bits.TrailingZeros64(m)>>3]] & classCtrl
		}
	}
	if or&highs != 0 {
		seen |= classHigh
	}
	for ; i < len(text); i++ {
		seen |= pbnByteClass[text[i]]
	}
	return seen
}

func isASCII(s string) bool {
	for _, c := range []byte(s) {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// line returns the index of the line holding offset off.
func (l *pbnLines) line(off int) int {
	h := l.hint
	if off >= l.starts[h] {
		for n := 0; n < 4; n++ {
			if h+1 >= len(l.starts) || off < l.starts[h+1] {
				l.hint = h
				return h
			}
			h++
		}
	}
	lo, hi := 0, len(l.starts)
	for lo+1 < hi {
		m := (lo + hi) / 2
		if l.starts[m] <= off {
			lo = m
		} else {
			hi = m
		}
	}
	l.hint = lo
	return lo
}

// onLine returns the positions of offsets a ≤ b ≤ c, which in a tag pair
// are most often on one line: that line is found once, and in ASCII text
// the columns are then differences of offsets.
func (l *pbnLines) onLine(a, b, c int) (pa, pb, pc diag.Pos) {
	pa = l.pos(a)
	li := l.hint // the line of a, which pos found
	if !l.ascii || li+1 < len(l.starts) && c >= l.starts[li+1] {
		return pa, l.pos(b), l.pos(c)
	}
	pb, pc = pa, pa
	pb.Offset += b - a
	pb.Col = diag.Clamp(int(pa.Col) + b - a)
	pc.Offset += c - a
	pc.Col = diag.Clamp(int(pa.Col) + c - a)
	return pa, pb, pc
}

// tagLine is onLine of a tag pair that starts line li, and its quote
// (after the name, which is ASCII) and end on that line, as the splitter
// found them (quickLine): the line need not be looked for.
func (l *pbnLines) tagLine(li, a, b, c int) (pa, pb, pc diag.Pos) {
	l.hint = li
	line := diag.Clamp(int(l.base.Line) + li)
	pa = diag.Pos{Offset: l.base.Offset + a, Line: line, Col: 1}
	pb = diag.Pos{Offset: l.base.Offset + b, Line: line, Col: diag.Clamp(b - a + 1)}
	if !l.ascii {
		return pa, pb, l.pos(c)
	}
	return pa, pb, diag.Pos{Offset: l.base.Offset + c, Line: line, Col: diag.Clamp(c - a + 1)}
}

// pos returns the position of offset off (0 ≤ off ≤ len(text)).
func (l *pbnLines) pos(off int) diag.Pos {
	li := l.line(off)
	start := l.starts[li]
	col := off - start + 1
	if !l.ascii {
		col = utf8.RuneCountInString(l.text[start:off]) + 1
	}
	return diag.Pos{Offset: l.base.Offset + off, Line: diag.Clamp(int(l.base.Line) + li), Col: diag.Clamp(col)}
}
