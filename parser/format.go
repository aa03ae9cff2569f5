package parser

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"path"
	"strings"
	"unicode/utf16"
)

//go:generate go run golang.org/x/tools/cmd/stringer@v0.52.0 -type=Format -linecomment

// Format is the kind of bridge record an input holds.
type Format uint8

// The formats Sniff tells apart.
const (
	// not a bridge record, or too little to tell
	Unknown Format = iota // unknown
	// Portable Bridge Notation
	PBN // pbn
	// BBO LIN: label|value| pairs
	LIN // lin
	// an HTML page with LIN embedded in handviewer links or lin(…) calls
	HTML // html
	// USEBIO, the XML results format of the national federations
	USEBIO // usebio
	// a Bridgemate .bws: a Microsoft Access (Jet) database of results
	BWS // bws
)

// SniffLen is how many leading bytes Sniff looks at. BBO pages put their
// first embedded LIN a few kilobytes in, after the page head, and some
// generators write long % comment blocks before the first tag.
const SniffLen = 8 << 10

// Sniff tells the format of a record from its first bytes (up to SniffLen;
// more are ignored), by content alone. Blank lines and % comment lines come
// first in PBN and in Pavlicek-style LIN alike, so the first other line
// decides:
//
//   - PBN: a tag such as [Event "…"], after blank and comment lines (% ; and
//     {…} commentary); or any line, or none, when a % line names PBN (a
//     header with no game yet, or a comment block longer than SniffLen).
//   - LIN: a label|value| pair with a two-letter label (pn|…|, vg|…|, md|…|,
//     qx|…|), after nothing but blank and % lines; or a BBO handviewer link
//     (http://, https:// or www. naming handviewer or carrying a lin=
//     parameter), or a line that opens with lin=: the LIN travels in it.
//   - HTML: markup (<!DOCTYPE, <html, <?xml, …) that mentions lin( or lin= or
//     handviewer, the ways BBO pages embed LIN.
//   - USEBIO: XML whose root element, or document type, is USEBIO.
//   - BWS: a Jet or ACE database, "Standard Jet DB" or "Standard ACE DB"
//     at offset 4 of its header page, as Bridgemate's .bws files are
//     (parser/bws reads them; a database of other tables is reported as
//     such there).
//
// A UTF-8 byte order mark is skipped, and UTF-16 text (with a mark, or
// recognised by its zero bytes) is read as such.
func Sniff(head []byte) Format {
	if len(head) > SniffLen {
		head = head[:SniffLen]
	}
	if IsJet(head) {
		return BWS
	}
	head = asUTF8(head)
	head = bytes.TrimLeft(head, " \t\r\n\f\v")
	if len(head) > 0 && head[0] == '<' {
		switch {
		case isMarkup(head) && containsFold(head, "<usebio") || containsFold(head, "doctype usebio"):
			return USEBIO
		case isMarkup(head) && hasLINMarker(head):
			return HTML
		}
		return Unknown
	}
	return sniffLines(head)
}

// IsJet reports whether head starts as the header page of a Jet or ACE
// database does: page type 0 and the engine's signature at offset 4.
func IsJet(head []byte) bool {
	if len(head) < 19 || head[0] != 0 {
		return false
	}
	sig := string(head[4:19])
	return sig == "Standard Jet DB" || sig == "Standard ACE DB"
}

// FormatOf returns the format an extension promises: .pbn, .lin, .html and
// .htm, in any case, also before .gz. It says nothing about the content.
func FormatOf(name string) Format {
	switch strings.ToLower(path.Ext(strings.TrimSuffix(strings.ToLower(name), ".gz"))) {
	case ".pbn":
		return PBN
	case ".lin":
		return LIN
	case ".html", ".htm":
		return HTML
	}
	return Unknown
}

// Detect returns the format of a record named name whose first bytes are
// head: by content when Sniff can tell, otherwise by extension, so that a
// damaged foo.pbn is still read as PBN and reported as such.
func Detect(name string, head []byte) Format {
	if f := Sniff(head); f != Unknown {
		return f
	}
	return FormatOf(name)
}

// SniffReader peeks at the first SniffLen bytes of r and returns the format
// Detect finds for them, with a reader that delivers all of r, the peeked
// bytes included. The error is that of reading the head, if any.
func SniffReader(name string, r io.Reader) (Format, io.Reader, error) {
	br := bufio.NewReaderSize(r, SniffLen)
	head, err := br.Peek(SniffLen)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return Unknown, br, err
	}
	return Detect(name, head), br, nil
}

// asUTF8 turns UTF-16 text into UTF-8 so that the structural tests below see
// ASCII where the text has it; anything else is returned without the UTF-8
// byte order mark, if there is one.
func asUTF8(b []byte) []byte {
	var bigEndian bool
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		return b[3:]
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}):
		b = b[2:]
	case bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		b, bigEndian = b[2:], true
	case len(b) >= 4 && b[0] != 0 && b[1] == 0 && b[2] != 0 && b[3] == 0:
	case len(b) >= 4 && b[0] == 0 && b[1] != 0 && b[2] == 0 && b[3] != 0:
		bigEndian = true
	default:
		return b
	}
	units := make([]uint16, len(b)/2)
	for i := range units {
		lo, hi := b[2*i], b[2*i+1]
		if bigEndian {
			lo, hi = hi, lo
		}
		units[i] = uint16(hi)<<8 | uint16(lo)
	}
	return []byte(string(utf16.Decode(units)))
}

// isMarkup reports whether b (starting with '<') opens an element, a
// declaration, a processing instruction or a comment.
func isMarkup(b []byte) bool {
	if len(b) < 2 {
		return false
	}
	c := b[1]
	return c == '!' || c == '?' || isLetter(c)
}

func hasLINMarker(b []byte) bool {
	return containsFold(b, "lin(") || containsFold(b, "lin=") || containsFold(b, "handviewer")
}

// containsFold reports whether b contains the lower-case ASCII word, in any
// case, without copying b.
func containsFold(b []byte, word string) bool {
	for i := 0; i+len(word) <= len(b); i++ {
		j := 0
		for j < len(word) && b[i+j]|0x20 == word[j] {
			j++
		}
		if j == len(word) {
			return true
		}
	}
	return false
}

// sniffLines walks the leading lines of b. Blank lines and % comments may
// precede both formats; ; comments and {…} commentary only PBN, so after
// one of them only a tag (or a % line naming PBN) makes b a record.
func sniffLines(b []byte) Format {
	namesPBN, pbnOnly := false, false
	orPBN := func() Format {
		if namesPBN {
			return PBN
		}
		return Unknown
	}
	for len(b) > 0 {
		b = bytes.TrimLeft(b, " \t\f\v")
		var line []byte
		line, rest := cutLine(b)
		switch {
		case len(line) == 0:
		case line[0] == ';':
			pbnOnly = true
		case line[0] == '%':
			namesPBN = namesPBN || containsFold(line, "pbn")
		case line[0] == '{':
			// Commentary may span lines; resume after its closing brace.
			end := bytes.IndexByte(b, '}')
			if end < 0 {
				return orPBN()
			}
			pbnOnly, rest = true, b[end+1:]
		case line[0] == '[':
			if isTagLine(line) {
				return PBN
			}
			return orPBN()
		case !pbnOnly && (StartsLIN(b) || isLINLink(line)):
			return LIN
		default:
			return orPBN()
		}
		b = rest
	}
	return orPBN()
}

// cutLine returns the first line of b (without its line break) and the rest.
func cutLine(b []byte) (line, rest []byte) {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return bytes.TrimSuffix(b[:i], []byte("\r")), b[i+1:]
	}
	return b, nil
}

// isTagLine reports whether line starts with a PBN tag: '[', a name of
// letters, digits and underscores, blanks, and the opening quote of the value.
func isTagLine(line []byte) bool {
	i := 1
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	start := i
	for i < len(line) && (isLetter(line[i]) || isDigit(line[i]) || line[i] == '_') {
		i++
	}
	if i == start {
		return false
	}
	blanks := i
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i > blanks && i < len(line) && line[i] == '"'
}

// StartsLIN reports whether b starts as LIN does: two letters, a bar, and a
// value closed by another bar.
func StartsLIN(b []byte) bool {
	return len(b) >= 4 && isLetter(b[0]) && isLetter(b[1]) && b[2] == '|' &&
		bytes.IndexByte(b[3:], '|') >= 0
}

// isLINLink reports whether line carries LIN the way BBO links do: a URL
// (http://, https:// or www.) naming the handviewer or holding a lin=
// parameter, or a bare lin= string.
func isLINLink(line []byte) bool {
	if hasPrefixFold(line, "lin=") {
		return true
	}
	if !hasPrefixFold(line, "http://") && !hasPrefixFold(line, "https://") && !hasPrefixFold(line, "www.") {
		return false
	}
	return containsFold(line, "handviewer") || containsFold(line, "lin=")
}

// hasPrefixFold reports whether b starts with the lower-case ASCII word, in
// any case.
func hasPrefixFold(b []byte, word string) bool {
	return len(b) >= len(word) && containsFold(b[:len(word)], word)
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
