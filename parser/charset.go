package parser

import (
	"bufio"
	"bytes"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// Encoding says which character encoding a reader decided an input is in and
// why, so that the decision can be reported rather than made in silence.
type Encoding struct {
	Name    string // canonical name, e.g. "UTF-8", "UTF-16LE", "windows-1251"
	Reason  string // the evidence, in plain words
	Certain bool   // true for a BOM or a declaration the content agrees with
}

// sniffLen is how much of the input Decode looks at before choosing.
const sniffLen = 64 << 10

// Decode returns a reader that yields r's text as UTF-8 (without a BOM),
// together with the encoding chosen and why.
func Decode(r io.Reader) (io.Reader, Encoding, error) {
	br := bufio.NewReaderSize(r, sniffLen)
	head, err := br.Peek(sniffLen)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, Encoding{}, err
	}
	enc, info := detect(head)
	if enc == nil {
		return br, info, nil
	}
	return transform.NewReader(br, enc.NewDecoder()), info, nil
}

// detect chooses an encoding from the first bytes of an input. A nil
// encoding means the input is UTF-8 already and needs no transformation.
func detect(head []byte) (encoding.Encoding, Encoding) {
	switch {
	case bytes.HasPrefix(head, []byte{0xEF, 0xBB, 0xBF}):
		return unicode.UTF8BOM, Encoding{Name: "UTF-8", Reason: "UTF-8 byte-order mark", Certain: true}
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}):
		return unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM), Encoding{Name: "UTF-16LE", Reason: "UTF-16LE byte-order mark", Certain: true}
	case bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM), Encoding{Name: "UTF-16BE", Reason: "UTF-16BE byte-order mark", Certain: true}
	}
	if utf8.Valid(trimPartialRune(head)) {
		return nil, Encoding{Name: "UTF-8", Reason: "valid UTF-8"}
	}
	return charmap.Windows1252, Encoding{Name: "windows-1252", Reason: "not valid UTF-8; 8-bit default"}
}

// trimPartialRune drops an incomplete UTF-8 sequence cut off at the end of a
// sniffed prefix, so that a valid file is not misjudged at the cut.
func trimPartialRune(b []byte) []byte {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			break
		}
	}
	return b
}
