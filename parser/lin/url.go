package lin

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/internal/scan"

	"golang.org/x/text/encoding/charmap"
)

// This file finds LIN inside the containers it travels in: handviewer URLs
// (…/handviewer.html?lin=…), percent-encoded lin= strings, and web pages
// whose javascript calls lin('…') with the LIN as an argument (BBO's hand
// history and traveller pages). Everything is decoded locally; nothing is
// fetched.

// linSniffLen is how much of an input is looked at to tell its container.
const linSniffLen = 4 << 10

type linContainer uint8

const (
	linPlain   linContainer = iota // LIN text itself
	linHTML                        // a web page
	linURL                         // one or more URLs
	linEncoded                     // a percent-encoded LIN string
)

var linContainerNames = [...]string{linPlain: "plain LIN", linHTML: "web page", linURL: "URL", linEncoded: "percent-encoded LIN"}

// sniffLINContainer tells the container of an input from its first bytes.
// It runs on every input, mostly files of a few kilobytes on one line, so
// it compares without making a lower-case copy.
func sniffLINContainer(head []byte) linContainer {
	s := bytes.TrimLeft(head, " \t\r\n")
	line := s
	if i := bytes.IndexByte(s, '\n'); i >= 0 {
		line = s[:i]
	}
	bar := bytes.IndexByte(line, '|')
	if bar < 0 {
		bar = len(line)
	}
	switch {
	case len(s) > 0 && s[0] == '<':
		return linHTML
	case scan.HasPrefixFold(line, "http://"), scan.HasPrefixFold(line, "https://"), scan.HasPrefixFold(line, "www."),
		scan.IndexFold(line[:bar], "lin=") >= 0, scan.IndexFold(line[:bar], "handviewer") >= 0:
		return linURL
	}
	if n := countEncodedBars(line); n > 0 && n > bytes.Count(line, []byte("|")) {
		return linEncoded
	}
	return linPlain
}

// countEncodedBars counts the "%7C" (in any case) in b.
func countEncodedBars(b []byte) int {
	n := 0
	for i := bytes.IndexByte(b, '%'); i >= 0; i = bytes.IndexByte(b, '%') {
		if scan.HasPrefixFold(b[i:], "%7c") {
			n++
		}
		b = b[i+1:]
	}
	return n
}

// A Fragment is LIN text found in a URL, a web page or a percent-encoded
// string, decoded.
type Fragment struct {
	Text   string // the LIN, decoded
	Offset int    // byte offset in the searched text where the encoded LIN starts
	Source string // "url" (a lin= parameter), "script" (a lin('…') call), "encoded" (a whole percent-encoded text) or "plain"
	offs   []int  // offset in the searched text of each byte of Text, then of its end; nil for plain text
}

// srcOffset returns the offset in the searched text of byte off of Text.
func (f *Fragment) srcOffset(off int) int {
	if f.offs == nil {
		return f.Offset + off
	}
	return f.offs[min(max(off, 0), len(f.offs)-1)]
}

// Extract returns the LIN held in text: the lin= parameters of the URLs
// in it, the string arguments of its lin('…') javascript calls, the whole
// text decoded when it is a percent-encoded LIN string, or the text itself
// when it is plain LIN. Percent escapes (%7C, %2C, %20…, and %uXXXX) are
// decoded, and so are backslash escapes in javascript strings. A + stands for
// a space unless the string holds a space or %20, which show that spaces were
// written otherwise (see the package documentation). Bytes that do not form
// UTF-8 after decoding are read as Windows-1252.
func Extract(text string) []Fragment {
	frags, _ := extractLIN(text)
	return frags
}

// DecodeURL returns the LIN of a handviewer URL (its lin= parameter), or
// of a percent-encoded LIN string. A link that names the deal some other
// way (myhand=, linurl=) is an error: the LIN is not in it.
func DecodeURL(s string) (string, error) {
	frags, refs := extractLIN(strings.TrimSpace(s))
	switch {
	case len(frags) > 0:
		return frags[0].Text, nil
	case len(refs) > 0:
		return "", errors.New(refs[0].msg)
	}
	return "", errors.New("no lin= parameter and no LIN in this text")
}

// linRef is a handviewer link that names a deal without holding its LIN.
type linRef struct {
	off int
	msg string
}

func extractLIN(text string) ([]Fragment, []linRef) {
	c := sniffLINContainer([]byte(text[:min(len(text), linSniffLen)]))
	switch c {
	case linPlain:
		return []Fragment{{Text: text, Source: "plain"}}, nil
	case linEncoded:
		start := len(text) - len(strings.TrimLeft(text, " \t\r\n"))
		raw := strings.TrimRight(text[start:], " \t\r\n")
		return []Fragment{decodeLINFragment(raw, start, "encoded", plusIsSpace(raw), false)}, nil
	}
	var frags []Fragment
	var refs []linRef
	lower := string(asciiLower([]byte(text))) // same length as text, so that indexes agree
	my := -1                                  // the next "myhand=" at or after i, once looked for
	for i := 0; i < len(lower); {
		j := strings.Index(lower[i:], "lin")
		if j >= 0 {
			j += i
		}
		if my < i {
			if my = strings.Index(lower[i:], "myhand="); my >= 0 {
				my += i
			} else {
				my = len(lower)
			}
		}
		if j < 0 || my < j {
			j = my
		}
		if j >= len(lower) {
			break
		}
		rest := lower[j:]
		switch {
		case strings.HasPrefix(rest, "lin=") && paramStart(lower, j):
			end := paramEnd(text, j+4)
			raw := text[j+4 : end]
			frags = append(frags, decodeLINFragment(raw, j+4, "url", plusIsSpace(raw), false))
			i = end
		case strings.HasPrefix(rest, "lin("):
			k := j + 4
			for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
				k++
			}
			i = k
			if k < len(text) && (text[k] == '\'' || text[k] == '"') {
				end := jsStringEnd(text, k+1, text[k])
				raw := text[k+1 : end]
				frags = append(frags, decodeLINFragment(raw, k+1, "script", plusIsSpace(raw), true))
				i = end
			}
		case (strings.HasPrefix(rest, "myhand=") || strings.HasPrefix(rest, "linurl=")) && paramStart(lower, j):
			name, _, _ := strings.Cut(rest, "=")
			end := paramEnd(text, j+len(name)+1)
			refs = append(refs, linRef{off: j, msg: fmt.Sprintf("the handviewer link names its deal with %s=%s; the LIN is not in the link and is not fetched",
				name, clip(text[j+len(name)+1:end]))})
			i = end
		default:
			i = j + 1
		}
	}
	return frags, refs
}

// asciiLower returns a copy of b with the ASCII letters in lower case and
// every other byte as it is: unlike bytes.ToLower, it keeps the length.
func asciiLower(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// paramStart reports whether a query parameter name starts at s[i].
func paramStart(s string, i int) bool {
	if i == 0 {
		return true
	}
	switch s[i-1] {
	case '?', '&', ';', '"', '\'', ' ', '\t', '\n', '\r', '(':
		return true
	}
	return false
}

// paramEnd returns the end of a query parameter value starting at s[i].
func paramEnd(s string, i int) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case '&', '#', '"', '\'', '<', '>', ' ', '\t', '\r', '\n':
			return i
		}
	}
	return i
}

// jsStringEnd returns the index of the quote closing a javascript string
// that starts at s[i], or len(s).
func jsStringEnd(s string, i int, quote byte) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case quote, '\n':
			return i
		}
	}
	return len(s)
}

// plusIsSpace reports whether a + in an encoded string stands for a space.
// Form encoding (BBO's own links: ah|Board+1|, an|5%2B+hearts|) writes a
// space as + and a plus sign as %2B; encodeURIComponent and javascript's
// escape write a space as %20 and leave no + for a space; a hand-made link
// keeps its spaces. So + is a space unless the string holds a space or %20.
func plusIsSpace(raw string) bool {
	return !strings.Contains(raw, " ") && !strings.Contains(raw, "%20")
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c|0x20 >= 'a' && c|0x20 <= 'f':
		return c | 0x20 - 'a' + 10, true
	}
	return 0, false
}

// decodeLINFragment decodes raw, found at offset base: percent escapes
// (%XX, and %uXXXX as javascript's escape() writes), + as a space when
// plusSpace, and javascript backslash escapes when js.
func decodeLINFragment(raw string, base int, source string, plusSpace, js bool) Fragment {
	out := make([]byte, 0, len(raw))
	offs := make([]int, 0, len(raw)+1)
	put := func(b []byte, src int) {
		out = append(out, b...)
		for range b {
			offs = append(offs, src)
		}
	}
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case c == '%' && i+2 < len(raw) && (raw[i+1] == 'u' || raw[i+1] == 'U') && i+5 < len(raw):
			if r, ok := hexRune(raw[i+2 : i+6]); ok {
				put(utf8.AppendRune(nil, r), base+i)
				i += 6
				continue
			}
		case c == '%' && i+2 < len(raw):
			hi, ok1 := unhex(raw[i+1])
			lo, ok2 := unhex(raw[i+2])
			if ok1 && ok2 {
				put([]byte{hi<<4 | lo}, base+i)
				i += 3
				continue
			}
		case c == '+' && plusSpace:
			put([]byte{' '}, base+i)
			i++
			continue
		case c == '\\' && js && i+1 < len(raw):
			e := raw[i+1]
			switch e {
			case 'n':
				e = '\n'
			case 't':
				e = '\t'
			case 'r':
				e = '\r'
			}
			put([]byte{e}, base+i)
			i += 2
			continue
		}
		put([]byte{c}, base+i)
		i++
	}
	offs = append(offs, base+len(raw))
	if !utf8.Valid(out) {
		out, offs = fixLatin(out, offs)
	}
	return Fragment{Text: string(out), Offset: base, Source: source, offs: offs}
}

func hexRune(s string) (rune, bool) {
	var r rune
	for i := 0; i < len(s); i++ {
		d, ok := unhex(s[i])
		if !ok {
			return 0, false
		}
		r = r<<4 | rune(d)
	}
	return r, true
}

// fixLatin re-reads the bytes of b that are not UTF-8 as Windows-1252,
// keeping offs in step.
func fixLatin(b []byte, offs []int) ([]byte, []int) {
	out := make([]byte, 0, len(b)+8)
	no := make([]int, 0, len(offs)+8)
	dec := charmap.Windows1252
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			r = dec.DecodeByte(b[i])
			n = 1
		}
		enc := utf8.AppendRune(nil, r)
		out = append(out, enc...)
		for range enc {
			no = append(no, offs[i])
		}
		i += n
	}
	return out, append(no, offs[len(offs)-1])
}

// lineIndex turns byte offsets of a text into positions.
type lineIndex struct {
	text   string
	starts []int
}

func newLineIndex(text string) *lineIndex {
	li := &lineIndex{text: text, starts: []int{0}}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			li.starts = append(li.starts, i+1)
		}
	}
	return li
}

func (li *lineIndex) pos(off int) diag.Pos {
	off = min(max(off, 0), len(li.text))
	l := sort.SearchInts(li.starts, off+1) - 1
	return diag.Pos{Offset: off, Line: diag.Clamp(l + 1), Col: diag.Clamp(utf8.RuneCountInString(li.text[li.starts[l]:off]) + 1)}
}

// readContainer reads a URL, an encoded string or a web page whole (up to
// the record cap), and reads the LIN found in it, with positions in the
// container.
func (lr *Reader) readContainer(r io.Reader, c linContainer, yield func(*Record, error) bool) {
	data, err := io.ReadAll(io.LimitReader(r, int64(lr.maxRecord)+1))
	if err != nil {
		yield(nil, err)
		return
	}
	if len(data) > lr.maxRecord {
		lr.fileDiag(diag.Pos{Line: 1, Col: 1}, diag.Error, "lin-too-long",
			fmt.Sprintf("the input is longer than %s; only its beginning is searched for LIN", sizeText(lr.maxRecord)))
		data = data[:lr.maxRecord]
	}
	text := string(data)
	frags, refs := extractLIN(text)
	lines := newLineIndex(text)
	lr.fileDiag(diag.Pos{Line: 1, Col: 1}, diag.Info, "lin-container", fmt.Sprintf("read as a %s: %s found", linContainerNames[c], scan.Plural(len(frags), "LIN string")))
	var rows, unread []*PageRow
	if c == linHTML {
		rows, unread = pageRows(text, frags, refs, lines)
	}
	for k, ref := range refs {
		sev, code, msg := diag.Info, "lin-link", ref.msg
		if len(frags) == 0 {
			sev, code = diag.Error, "lin-none"
		}
		if unread != nil && unread[k] != nil {
			if says := unread[k].states(); len(says) > 0 {
				// The row states the table's outcome, which no board
				// then carries: not read, and said so.
				sev, code = diag.Warning, "lin-page-row"
				msg = "the row's " + strings.Join(says, ", ") + " are not read: " + msg
			}
		}
		lr.fileDiag(lines.pos(ref.off), sev, code, msg)
	}
	for _, t := range pageTables(rows, unread) {
		if !t.statesResults() {
			continue // a page's table of links: its other numbers are no results
		}
		if !t.hasResult() {
			// Not BBO's table (RealBridge's pages, made by scripts, head
			// theirs CONTRACT, NS SCORE, NS IMP): its cells are said,
			// not passed over.
			for _, r := range t.Rows {
				if says := r.outcome(); len(says) > 0 {
					lr.fileDiag(r.Pos, diag.Warning, "lin-page-row", "the row's "+strings.Join(says, ", ")+
						" beside its link are not read: bridgekit reads a page's table of results by BBO's headings (Result, Points, Score)")
				}
			}
		}
		for _, r := range t.Other {
			lr.fileDiag(r.Pos, diag.Warning, "lin-page-row", "the row states "+strings.Join(r.Numbers(), ", ")+
				" beside the table's links to boards but is not one (a summary: place, points, total?), and is not read")
		}
	}
	if len(frags) == 0 && len(refs) == 0 {
		lr.fileDiag(diag.Pos{Line: 1, Col: 1}, diag.Error, "lin-none", fmt.Sprintf("no LIN found in this %s", linContainerNames[c]))
	}
	for i := range frags {
		f := &frags[i]
		remap := func(p diag.Pos) diag.Pos {
			if !p.IsValid() {
				return p
			}
			return lines.pos(f.srcOffset(p.Offset))
		}
		y := yield
		if rows != nil && rows[i] != nil {
			row := rows[i]
			y = func(rec *Record, err error) bool {
				if rec != nil && rec.Game > 0 && row != nil {
					rec.Row, row = row, nil // the row is the link's first board's
				}
				return yield(rec, err)
			}
		}
		if !lr.stream(strings.NewReader(f.Text), remap, y) {
			return
		}
	}
}
