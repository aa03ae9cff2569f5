package charset

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/parser/internal/scan"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// Encoding says which character encoding a reader decided an input is in and
// why, so that the decision can be reported rather than made in silence.
type Encoding struct {
	Name    string // canonical name, e.g. "UTF-8", "UTF-16LE", "windows-1251"
	Reason  string // the evidence, in plain words
	Certain bool   // true for a BOM, a declaration the content agrees with, or input that is all ASCII
}

// An EncodingReporter reports the encoding a reader settled on. The reader
// Decode returns implements it. Once the input has been read, Encoding adds
// what only the rest of the input could show: the choice made at the first
// non-ASCII byte when the sniff window held only ASCII, and how many bytes of
// a UTF-8 input turned out not to be UTF-8. It must not be called
// concurrently with Read.
type EncodingReporter interface {
	Encoding() Encoding
}

// sniffLen is how much of the input Decode looks at before choosing.
const sniffLen = 64 << 10

// Decode returns a reader that yields r's text as UTF-8 (without a BOM),
// together with the encoding chosen and the evidence for it. It reads at most
// sniffLen (64 KiB) bytes before returning and then streams, so inputs of any
// size decode in constant memory. The text it yields is always valid UTF-8.
//
// The first rule that applies decides:
//
//  1. A byte-order mark: UTF-8, UTF-16LE or UTF-16BE.
//  2. UTF-16 without a mark: NUL bytes at odd offsets (LE) or even offsets
//     (BE) and almost none at the others. PBN and LIN text is mostly ASCII,
//     so one byte of most UTF-16 code units is NUL; 8-bit and UTF-8 text
//     never holds NUL.
//  3. A declared charset: a '%' line such as "%Content-type: text/x-pbn;
//     charset=ISO-8859-1" (any case and spacing; "%charset: cp1251" and
//     "%Encoding = KOI8-R" count too) or an HTML <meta> charset, looked up
//     as LookupEncoding does. ISO-8859-1 and US-ASCII are read as
//     windows-1252: it has every printable ISO-8859-1 character, and in
//     place of the control codes 0x80–0x9F, which PBN forbids, the quotes
//     and dashes Windows writers meant. Content overrules a declaration in
//     two cases: text that is mostly UTF-8 (rule 5) is read as UTF-8 with
//     stray bytes in the declared charset (real files say ISO-8859-1 and
//     hold UTF-8 punctuation), and 8-bit text under a declared non-Cyrillic
//     single-byte charset that reads as Russian (rule 6) is read as Russian.
//     A declaration that is unknown, names an encoding that is not
//     ASCII-compatible, or says UTF-8 of bytes that are not, is set aside
//     and the rules below decide.
//  4. Valid UTF-8. If the sniff window is all ASCII and the input goes on,
//     the choice (or the weighing of a declared single-byte charset) is put
//     off until the first non-ASCII byte and made by rules 3–6 on the window
//     that starts there (see EncodingReporter).
//  5. Mostly UTF-8: more valid multi-byte sequences than stray bytes, as in
//     files concatenated from UTF-8 and 8-bit sources. Read as UTF-8, each
//     stray byte alone as an 8-bit character, in the charset rule 6 finds
//     for the stray bytes.
//  6. 8-bit text: windows-1252, unless it reads as Russian, then
//     windows-1251 or KOI8-R; or as Central European, then windows-1250
//     or ISO-8859-2 (see below).
//
// Text after the sniff window that is read as UTF-8 is treated as in rule
// 5: a byte that starts no valid sequence is read as an 8-bit character
// (windows-1252 unless rule 3 or 5 chose another) rather than replaced, so
// nothing of a mixed file is lost.
//
// Central European text is told from Western by the letters of its words.
// Each word of two letters or more with a high-bit byte is read in
// windows-1252, windows-1250 and ISO-8859-2, and reads as a word in a
// table when its accented letters all belong to one language's alphabet
// (French, German, Spanish, Portuguese, Italian, Catalan, Dutch, the
// Scandinavian languages, Finnish and Icelandic; Polish, Czech, Slovak,
// Hungarian, Slovene, Croatian and Romanian). "Jiří" in windows-1250 is
// "Jiøí" in windows-1252, which no language writes; "Michał" is "Micha³".
// A Central European table is chosen when it reads two words more than
// windows-1252, or one more where windows-1252 cannot read a word for a
// symbol in it; of the two, the one that reads more, windows-1250 on a
// tie. Portuguese writes õ only before e, so Hungarian "Győr" is no
// "Gyõr". Faroese (ø with í) and Estonian (õ with ö) are not among the
// alphabets: they would take Czech and Hungarian text for Western.
//
// Russian is told from Western 8-bit text by the shape of its words. In
// windows-1251 and KOI8-R the bytes 0xC0–0xFF are the 64 Cyrillic letters
// (KOI8-R has lower case first, in another order), where windows-1252 has
// accented Latin letters. Western text uses these sparingly, inside words
// spelled mostly in ASCII ("Chorzów", "párový"); Russian words are all
// high-bit letters. So, for each Cyrillic candidate, the sniffed bytes are
// cut into words (runs of ASCII letters and of bytes the candidate decodes
// as letters) and their high-bit bytes sorted:
//
//   - for: the letters of words of two or more letters, all Cyrillic, with
//     the case pattern of real words: all lower case, all capitals, or one
//     capital then lower case. Each scores a bonus of 1 (0.5 in a word all
//     in capitals, which is rarer) plus the weight log2(33·p), p being the
//     letter's frequency in Russian, so that common letters (о е а и н) add
//     and rare ones (ъ э ф) subtract. Cyrillic letters Russian lacks weigh
//     as little as ъ.
//   - against, costing 1 each: high-bit letters in words that also hold
//     ASCII letters ("Chorzуw"), letters of words with a broken case pattern
//     ("хБЮМНБ" is "Иванов" read with the wrong table), letters of other
//     scripts, and bytes decoded as box drawing or other symbols no text
//     uses.
//   - neither: a letter standing alone, as "à", "è", "ó" are as common, and
//     punctuation.
//
// A candidate reads as Russian when it has at least 2 letters for, at
// least twice as many for as against, and an average weight of at least
// -2 bits, or -0.5 bits once it has 16 letters or more (Russian text
// averages +0.58, letters drawn at random -0.88): this rejects words of
// rare letters such as "Їуіж" ("Żółć" in windows-1250) and tables of the
// alphabet. If both candidates do, the higher score wins, windows-1251
// starting 1 point ahead as the charset of Windows programs. The case
// pattern separates the candidates in capitalised words, the weights in
// the others. A letter alone (a seat "Ю") is not enough to choose a
// Cyrillic table, and a two-letter word or a word in capitals alone may
// read well in both; for words in capitals windows-1251 wins.
func Decode(r io.Reader) (io.Reader, Encoding, error) {
	br := newPeekReader(r)
	head, err := br.Peek(sniffLen)
	if err != nil && err != io.EOF {
		return nil, Encoding{}, err
	}
	d := &decodeReader{br: br}
	d.start(detect(head, len(head) == sniffLen))
	return d, d.info, nil
}

// DecodeBytes is Decode of a text held in memory.
func DecodeBytes(src []byte) ([]byte, Encoding, error) {
	r, enc, err := Decode(Held(src))
	if err != nil {
		return nil, Encoding{}, err
	}
	text, err := io.ReadAll(r)
	if er, ok := r.(EncodingReporter); ok {
		enc = er.Encoding() // the choice, final once all is read
	}
	return text, enc, err
}

// DecodeAs is Decode with the encoding given rather than found: name is a
// label LookupEncoding knows ("windows-1250", "koi8-r", "latin1"). A
// byte-order mark is still dropped. Text the encoding cannot decode
// becomes U+FFFD, as x/text decoders do. An empty name is Decode.
func DecodeAs(r io.Reader, name string) (io.Reader, Encoding, error) {
	if name == "" {
		return Decode(r)
	}
	e, canonical, err := LookupEncoding(name)
	if err != nil {
		return nil, Encoding{}, err
	}
	br := newPeekReader(r)
	head, err := br.Peek(sniffLen)
	if err != nil && err != io.EOF {
		return nil, Encoding{}, err
	}
	skip := 0
	if bytes.HasPrefix(head, []byte("\xef\xbb\xbf")) && canonical == "UTF-8" {
		skip = 3
	}
	d := &decodeReader{br: br}
	d.start(choice{info: Encoding{Name: canonical, Certain: true, Reason: "given as " + name}, kind: kindOther, enc: e, skip: skip})
	return d, d.info, nil
}

// LookupEncoding finds the encoding a charset label names: first in a table
// of common misspellings ("utf8", "win1251", "koi8r", "latin-1" …), then
// among IANA MIME names and aliases, then among the WHATWG labels browsers
// accept. It returns the encoding exactly as named (ISO-8859-1 is Latin-1
// here, not windows-1252, so that a writer can refuse what Latin-1 cannot
// hold) and its canonical name.
func LookupEncoding(name string) (encoding.Encoding, string, error) {
	label := strings.ToLower(strings.Trim(name, " \t\"'"))
	if q, ok := labelQuirks[label]; ok {
		label = q
	}
	for _, find := range []func(string) (encoding.Encoding, error){
		ianaindex.MIME.Encoding,
		func(l string) (encoding.Encoding, error) { return ianaindex.MIME.Encoding("cs" + l) },
		htmlindex.Get,
	} {
		if e, err := find(label); err == nil && e != nil {
			return e, canonicalName(e, label), nil
		}
	}
	return nil, "", fmt.Errorf("unsupported encoding %q", name)
}

// labelQuirks maps labels seen in the wild that neither index knows, or that
// htmlindex would widen, to standard labels.
var labelQuirks = func() map[string]string {
	m := map[string]string{
		"utf8":     "utf-8",
		"ascii":    "us-ascii",
		"koi8r":    "koi8-r",
		"koi8u":    "koi8-u",
		"koi8_u":   "koi8-u",
		"latin-1":  "iso-8859-1",
		"latin-2":  "iso-8859-2",
		"unicode":  "utf-16le",
		"iso88591": "iso-8859-1",
	}
	for n := 1250; n <= 1258; n++ {
		for _, f := range []string{"win%d", "win-%d", "windows%d", "cp-%d", "cp_%d"} {
			m[fmt.Sprintf(f, n)] = fmt.Sprintf("windows-%d", n)
		}
	}
	for n := 1; n <= 16; n++ {
		for _, f := range []string{"iso8859-%d", "iso8859_%d", "iso-8859_%d"} {
			m[fmt.Sprintf(f, n)] = fmt.Sprintf("iso-8859-%d", n)
		}
	}
	return m
}()

// canonicalName names e as IANA's MIME list does, else as WHATWG does, else
// by the label it was found under.
func canonicalName(e encoding.Encoding, label string) string {
	if n, err := ianaindex.MIME.Name(e); err == nil {
		return n
	}
	if n, err := htmlindex.Name(e); err == nil {
		return n
	}
	return label
}

// The encodings Decode chooses among by content.
var (
	win1252 = byteCharset{"windows-1252", charmap.Windows1252}
	win1250 = byteCharset{"windows-1250", charmap.Windows1250}
	latin2  = byteCharset{"ISO-8859-2", charmap.ISO8859_2}
	win1251 = byteCharset{"windows-1251", charmap.Windows1251}
	koi8r   = byteCharset{"KOI8-R", charmap.KOI8R}
)

// byteCharset is a single-byte encoding with its canonical name.
type byteCharset struct {
	name string
	cm   *charmap.Charmap
}

// choiceKind says how the bytes after the choice are turned into UTF-8.
type choiceKind uint8

const (
	kindASCII   choiceKind = iota // the whole input is ASCII: pass it through
	kindPending                   // ASCII so far: decide at the first non-ASCII byte
	kindUTF8                      // UTF-8, stray bytes read as the fallback charset
	kindOther                     // an x/text decoder
)

// choice is a decision and how to act on it.
type choice struct {
	info     Encoding
	kind     choiceKind
	skip     int               // byte-order mark bytes to drop
	fallback byteCharset       // kindUTF8: the charset of stray bytes
	enc      encoding.Encoding // kindOther
	ascii    Encoding          // kindPending: the report if the input stays ASCII
	decl     *declaration      // kindPending: a declaration, still to be weighed
}

// detect chooses an encoding from the first bytes of an input; full says
// whether the input goes on beyond them.
func detect(head []byte, full bool) choice {
	if c, ok := detectBOM(head); ok {
		return c
	}
	if c, ok := detectUTF16(head); ok {
		return c
	}
	var decl *declaration
	if d, ok := findDeclaration(head); ok {
		decl = &d
	}
	return decide(head, full, 0, decl)
}

// decide applies rules 3–6 of Decode to b, found at offset base of the
// input, with the declaration if there is one. A pending choice keeps the
// declaration for the first non-ASCII byte.
func decide(b []byte, full bool, base int64, decl *declaration) choice {
	if decl == nil {
		return detectContent(b, full, base)
	}
	c, ok, note := declared(*decl, b, full, base)
	if !ok {
		c = detectContent(b, full, base)
		c.info.Reason = note + "; " + c.info.Reason
	}
	if c.kind == kindPending {
		c.decl = decl
	}
	return c
}

// byteOrderMarks are the marks detectBOM knows, with their encodings (nil
// for UTF-8).
var byteOrderMarks = []struct {
	bom  string
	name string
	enc  encoding.Encoding
}{
	{"\xEF\xBB\xBF", "UTF-8", nil},
	{"\xFF\xFE", "UTF-16LE", xunicode.UTF16(xunicode.LittleEndian, xunicode.ExpectBOM)},
	{"\xFE\xFF", "UTF-16BE", xunicode.UTF16(xunicode.BigEndian, xunicode.ExpectBOM)},
}

func detectBOM(head []byte) (choice, bool) {
	for _, b := range byteOrderMarks {
		if !bytes.HasPrefix(head, []byte(b.bom)) {
			continue
		}
		info := Encoding{Name: b.name, Reason: b.name + " byte-order mark", Certain: true}
		if b.enc == nil {
			c := utf8Choice(info, win1252)
			c.skip = len(b.bom)
			return c, true
		}
		return choice{info: info, kind: kindOther, enc: b.enc}, true
	}
	return choice{}, false
}

// utf16SniffLen bounds the bytes counted for BOM-less UTF-16.
const utf16SniffLen = 4 << 10

// detectUTF16 recognises UTF-16 without a byte-order mark by its NUL bytes:
// ASCII characters put a NUL at odd offsets in UTF-16LE and at even ones in
// UTF-16BE.
func detectUTF16(head []byte) (choice, bool) {
	head = head[:min(len(head), utf16SniffLen)]
	if bytes.IndexByte(head, 0) < 0 {
		return choice{}, false // the usual case, found without counting
	}
	var nul [2]int
	for i, b := range head {
		if b == 0 {
			nul[i&1]++
		}
	}
	for _, o := range []struct {
		major, minor int
		name         string
		order        xunicode.Endianness
	}{
		{nul[1], nul[0], "UTF-16LE", xunicode.LittleEndian},
		{nul[0], nul[1], "UTF-16BE", xunicode.BigEndian},
	} {
		if o.major >= 2 && o.major*4 >= len(head)/2 && o.minor*4 < o.major {
			return choice{
				info: Encoding{Name: o.name, Reason: fmt.Sprintf(
					"no byte-order mark, but %d of the first %d code units have a NUL byte where %s puts it for ASCII",
					o.major, len(head)/2, o.name)},
				kind: kindOther,
				enc:  xunicode.UTF16(o.order, xunicode.IgnoreBOM),
			}, true
		}
	}
	return choice{}, false
}

// declaration is a charset named inside the text.
type declaration struct {
	label string // as written
	line  int    // 1-based
	text  string // the line, for the report
}

func (d declaration) String() string {
	return fmt.Sprintf("declared charset %s on line %d (%q)", d.label, d.line, d.text)
}

// declLineMax bounds how much of a declaring line is quoted in a reason.
const declLineMax = 80

// findDeclaration finds the first charset declaration in head: "charset"
// followed by '=' or ':' on a '%' line or an HTML <meta> line, or
// "encoding" followed by '=' or ':' at the start of a '%' line.
func findDeclaration(head []byte) (declaration, bool) {
	for n, rest := 1, head; len(rest) > 0; n++ {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		line = bytes.TrimRight(line, "\r")
		t := bytes.TrimLeft(line, " \t")
		var label string
		switch {
		case len(t) > 0 && t[0] == '%':
			body := bytes.TrimLeft(t[1:], " \t")
			if scan.HasPrefixFold(body, "encoding") {
				label = labelAfterKey(body[len("encoding"):])
			}
			if label == "" {
				label = labelAfter(t, "charset")
			}
		case bytes.IndexByte(t, '<') >= 0 && scan.IndexFold(t, "<meta") >= 0:
			label = labelAfter(t, "charset")
		}
		if label != "" {
			text := string(bytes.TrimSpace(line))
			if len(text) > declLineMax {
				text = text[:declLineMax] + "…"
			}
			return declaration{label: label, line: n, text: strings.ToValidUTF8(text, "?")}, true
		}
	}
	return declaration{}, false
}

// labelAfter returns the label that follows key (any case) and a separator
// in line, or "".
func labelAfter(line []byte, key string) string {
	for off := 0; ; {
		i := scan.IndexFold(line[off:], key)
		if i < 0 {
			return ""
		}
		off += i + len(key)
		if l := labelAfterKey(line[off:]); l != "" {
			return l
		}
	}
}

// labelAfterKey reads `\s*[=:]\s*["']?label` from the start of b.
func labelAfterKey(b []byte) string {
	b = bytes.TrimLeft(b, " \t")
	if len(b) == 0 || (b[0] != '=' && b[0] != ':') {
		return ""
	}
	b = bytes.TrimLeft(b[1:], " \t\"'")
	n := 0
	for n < len(b) && isLabelByte(b[n]) {
		n++
	}
	return string(b[:n])
}

func isLabelByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '_' || c == '.' || c == ':' || c == '+'
}

// declared acts on a charset declaration. It returns ok=false, with a note
// saying why, when the declaration is set aside.
func declared(decl declaration, b []byte, full bool, base int64) (c choice, ok bool, note string) {
	enc, name, err := LookupEncoding(decl.label)
	switch {
	case err != nil:
		return choice{}, false, fmt.Sprintf("%s, which is not a known encoding", decl)
	case !asciiCompatible(enc):
		return choice{}, false, fmt.Sprintf("%s, which cannot be: the declaration itself is in ASCII bytes", decl)
	}
	u := scanUTF8(b, full, base)
	if name == "UTF-8" {
		if u.invalid > 0 {
			return choice{}, false, fmt.Sprintf("%s, but the content is not UTF-8", decl)
		}
		return utf8Choice(Encoding{Name: name, Reason: decl.String() + "; the content is valid UTF-8", Certain: true}, win1252), true, ""
	}
	reason := decl.String()
	cm, single := enc.(*charmap.Charmap)
	if cm == charmap.ISO8859_1 || name == "US-ASCII" {
		enc, name, cm, single = win1252.cm, win1252.name, win1252.cm, true
		reason += ", read as windows-1252, which has all its printable characters and more"
	}
	if u.multi > u.invalid {
		fallback := win1252
		if single {
			fallback = byteCharset{name, cm}
		}
		reason := fmt.Sprintf("%s, but the content is valid UTF-8 with %s", decl, u.sequences())
		if u.invalid > 0 {
			reason += fmt.Sprintf(" and %s (%s), read as %s", u.strays(), u.firstInvalid(), fallback.name)
		}
		return utf8Choice(Encoding{Name: "UTF-8", Reason: reason + ": read as UTF-8"}, fallback), true, ""
	}
	info := Encoding{Name: name, Reason: reason, Certain: true}
	switch {
	case u.invalid == 0 && full && single:
		// Nothing contradicts the declaration yet, but the bytes after
		// the window still may, as above.
		return pendingChoice(info, fmt.Sprintf("%s; only ASCII in the first %d bytes, so later bytes may still overrule it",
			reason, len(b))), true, ""
	case u.invalid == 0:
		// All ASCII, and nothing follows: nothing to weigh.
	case single && !isCyrillic(cm):
		if v := judge8bit(b); v.russian {
			return v.choice(reason + ", but the"), true, ""
		}
	}
	if hasReplacement(enc, b) {
		info.Certain = false
		info.Reason += ", but some bytes are not valid in it"
	}
	return choice{info: info, kind: kindOther, enc: enc}, true, ""
}

// pendingChoice puts the choice off while the input is ASCII: now is the
// reason to give meanwhile, ascii the report if the input stays ASCII.
func pendingChoice(ascii Encoding, now string) choice {
	return choice{info: Encoding{Name: ascii.Name, Reason: now}, kind: kindPending, ascii: ascii}
}

// utf8Choice reads the text as UTF-8 and stray bytes as fallback.
func utf8Choice(info Encoding, fallback byteCharset) choice {
	return choice{info: info, kind: kindUTF8, fallback: fallback}
}

// asciiProbe is text every ASCII-compatible encoding decodes unchanged.
const asciiProbe = "%Content-type: text/x-pbn; charset=\"X_1\"\r\n"

func asciiCompatible(e encoding.Encoding) bool {
	s, err := e.NewDecoder().String(asciiProbe)
	return err == nil && s == asciiProbe
}

// isCyrillic reports whether a single-byte charset has Cyrillic letters in
// its upper half.
func isCyrillic(cm *charmap.Charmap) bool {
	n := 0
	for b := 0x80; b <= 0xFF; b++ {
		if unicode.Is(unicode.Cyrillic, cm.DecodeByte(byte(b))) {
			n++
		}
	}
	return n >= 32
}

// hasReplacement reports whether decoding b with e gives U+FFFD for bytes
// that do not say so themselves.
func hasReplacement(e encoding.Encoding, b []byte) bool {
	out, _, err := transform.Bytes(e.NewDecoder(), b)
	return err != nil || bytes.Count(out, []byte("\uFFFD")) > bytes.Count(b, []byte("\uFFFD"))
}

// detectContent chooses by content alone: rules 4–6 of Decode.
// base is the offset of b in the input.
func detectContent(b []byte, full bool, base int64) choice {
	u := scanUTF8(b, full, base)
	ascii := Encoding{Name: "US-ASCII", Reason: "only ASCII bytes", Certain: true}
	switch {
	case u.invalid == 0 && u.multi == 0 && !full:
		return choice{info: ascii, kind: kindASCII}
	case u.invalid == 0 && u.multi == 0:
		return pendingChoice(ascii, fmt.Sprintf("only ASCII in the first %d bytes; the first non-ASCII byte will decide", len(b)))
	case u.invalid == 0:
		return utf8Choice(Encoding{Name: "UTF-8", Reason: "valid UTF-8 with " + u.sequences()}, win1252)
	case u.multi > u.invalid:
		v := judge8bit(maskUTF8(b))
		return utf8Choice(Encoding{Name: "UTF-8", Reason: fmt.Sprintf(
			"mostly UTF-8: %s, but %s (%s) that are read one by one as %s",
			u.sequences(), u.strays(), u.firstInvalid(), v.charset.name)}, v.charset)
	}
	return judge8bit(b).choice(u.firstInvalid() + ";")
}

// utf8Scan counts what a UTF-8 reading of some bytes finds.
type utf8Scan struct {
	multi   int   // valid multi-byte sequences
	invalid int   // bytes that start no valid sequence
	first   int64 // offset of the first invalid byte
	byte0   byte
}

func (u utf8Scan) sequences() string { return scan.Plural(u.multi, "multi-byte sequence") }
func (u utf8Scan) strays() string    { return scan.Plural(u.invalid, "stray byte") }

func (u utf8Scan) firstInvalid() string {
	return fmt.Sprintf("byte 0x%02X at offset %d is not UTF-8", u.byte0, u.first)
}

// scanUTF8 reads b, found at offset base of the input, as UTF-8. A sequence
// cut off at the end of b counts as valid when the input goes on (full).
func scanUTF8(b []byte, full bool, base int64) utf8Scan {
	if full {
		b = trimPartialRune(b)
	}
	var u utf8Scan
	for i := 0; i < len(b); {
		i += asciiPrefix(b[i:])
		if i == len(b) {
			break
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			if u.invalid == 0 {
				u.first, u.byte0 = base+int64(i), b[i]
			}
			u.invalid++
		} else {
			u.multi++
		}
		i += size
	}
	return u
}

// maskUTF8 returns a copy of b with its valid multi-byte sequences blanked
// out, leaving the stray bytes for judge8bit.
func maskUTF8(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for len(b) > 0 {
		n := asciiPrefix(b)
		out = append(out, b[:n]...)
		b = b[n:]
		if len(b) == 0 {
			break
		}
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size == 1 {
			out = append(out, b[0])
		} else {
			out = append(out, ' ')
		}
		b = b[size:]
	}
	return out
}

// asciiPrefix returns the length of the ASCII run that starts b, eight bytes
// at a time while it can.
func asciiPrefix(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:])&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i < len(b) && b[i] < utf8.RuneSelf; i++ {
	}
	return i
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

// verdict is judge8bit's finding about 8-bit text.
type verdict struct {
	charset byteCharset
	russian bool
	reason  string
}

// choice turns the verdict into a decision; lead is what the reason starts
// with.
func (v verdict) choice(lead string) choice {
	return choice{
		info: Encoding{Name: v.charset.name, Reason: lead + " " + v.reason},
		kind: kindOther,
		enc:  v.charset.cm,
	}
}

// latinAlphabet is the accented letters of a language written in
// windows-1252, windows-1250 or ISO 8859-2, lower case. After lists letters
// the language writes only before one of the given letters.
type latinAlphabet struct {
	name    string
	letters string
	after   map[rune]string
}

// latinAlphabets are the languages the Central European test knows.
// Faroese (ø with í) and Estonian (õ with ö) are left out: files in them
// are rare, and they would read Czech ř and Hungarian ő text as Western.
var latinAlphabets = []latinAlphabet{
	{name: "French", letters: "àâæçéèêëîïôœùûüÿ"},
	{name: "German", letters: "äöüß"},
	{name: "Spanish", letters: "áéíñóúü"},
	// Portuguese writes õ only in õe and ões, where Hungarian ő read as
	// windows-1252 gives õ anywhere ("Gyõr", "Szõke").
	{name: "Portuguese", letters: "áâãàçéêíóôõú", after: map[rune]string{'õ': "e"}},
	{name: "Italian", letters: "àèéìíîòóùú"},
	{name: "Catalan", letters: "àçèéíïòóúü"},
	{name: "Dutch", letters: "áéèëíïóöüú"},
	{name: "Danish and Norwegian", letters: "æøåéó"},
	{name: "Swedish", letters: "åäöé"},
	{name: "Finnish", letters: "äöåšž"},
	{name: "Icelandic", letters: "áðéíóúýþæö"},
	{name: "Polish", letters: "ąćęłńóśźż"},
	{name: "Czech", letters: "áčďéěíňóřšťúůýž"},
	{name: "Slovak", letters: "áäčďéíĺľňóôŕšťúýž"},
	{name: "Hungarian", letters: "áéíóöőúüű"},
	{name: "Slovene and Croatian", letters: "čćđšž"},
	{name: "Romanian", letters: "ăâîşţ"},
}

// latinCandidate is an 8-bit Latin charset prepared for wordsOf.
type latinCandidate struct {
	byteCharset
	letter [256]bool   // the byte decodes to a letter
	langs  [256]uint32 // the alphabets that hold it, a bit each
	after  [256]uint32 // of langs, those that hold it only before certain letters
}

var latinCandidates = []*latinCandidate{
	newLatinCandidate(win1252), newLatinCandidate(win1250), newLatinCandidate(latin2),
}

func newLatinCandidate(cs byteCharset) *latinCandidate {
	c := &latinCandidate{byteCharset: cs}
	all := uint32(1)<<len(latinAlphabets) - 1
	for b := 0; b < 256; b++ {
		r := cs.cm.DecodeByte(byte(b))
		if !unicode.IsLetter(r) {
			continue
		}
		c.letter[b] = true
		if b < 0x80 {
			c.langs[b] = all
			continue
		}
		r = unicode.ToLower(r)
		for i, a := range latinAlphabets {
			if strings.ContainsRune(a.letters, r) {
				c.langs[b] |= 1 << i
				if _, ok := a.after[r]; ok {
					c.after[b] |= 1 << i
				}
			}
		}
	}
	return c
}

// reads says how word, a run of letters and high-bit bytes, reads in c:
// as a word of one of latinAlphabets, or not, and then whether a byte
// that is no letter in c is why. Symbols that open a word (¿ ¡ «) are
// trimmed, and so are those that end it when no candidate reads them as
// letters: "Micha\xb3" is "Michał" in windows-1250 and no word in
// windows-1252, where it ends in ³. A letter alone is no word.
func (c *latinCandidate) reads(word []byte) (ok, symbol bool) {
	for len(word) > 0 && !c.letter[word[0]] {
		word = word[1:]
	}
	for len(word) > 0 && !anyLatinLetter(word[len(word)-1]) {
		word = word[:len(word)-1]
	}
	if len(word) < 2 {
		return false, false
	}
	langs := ^uint32(0)
	for i, b := range word {
		if !c.letter[b] {
			return false, true
		}
		l := c.langs[b]
		if c.after[b] != 0 {
			l &^= c.after[b] &^ c.before(b, word[i+1:])
		}
		langs &= l
	}
	return langs != 0, false
}

// before returns those of the alphabets with a rule for b whose rule the
// letter after b, the first of rest, meets.
func (c *latinCandidate) before(b byte, rest []byte) uint32 {
	var met uint32
	if len(rest) == 0 {
		return 0
	}
	next := unicode.ToLower(c.cm.DecodeByte(rest[0]))
	r := unicode.ToLower(c.cm.DecodeByte(b))
	for i, a := range latinAlphabets {
		if s, ok := a.after[r]; ok && strings.ContainsRune(s, next) {
			met |= 1 << i
		}
	}
	return met
}

func anyLatinLetter(b byte) bool {
	for _, c := range latinCandidates {
		if c.letter[b] {
			return true
		}
	}
	return false
}

// latinWords holds, for each of latinCandidates, how many words with
// high-bit bytes read as words in it; of those, how many windows-1252
// cannot read for a symbol or control byte ("Micha³"), the strongest
// evidence against it; and the first word that windows-1252 cannot read.
type latinWords struct {
	words   int
	reads   [3]int
	symbol  [3]int
	example [3][]byte
}

// wordsOf measures b for each of latinCandidates.
func wordsOf(b []byte) latinWords {
	var w latinWords
	for len(b) > 0 {
		i := 0
		for i < len(b) && !isWordByte(b[i]) {
			i++
		}
		j := i
		high := false
		for j < len(b) && isWordByte(b[j]) {
			high = high || b[j] >= 0x80
			j++
		}
		word := b[i:j]
		b = b[j:]
		if !high {
			continue
		}
		w.words++
		western, symbol := latinCandidates[0].reads(word)
		for k, c := range latinCandidates {
			if ok, _ := c.reads(word); ok {
				w.reads[k]++
				if !western && w.example[k] == nil {
					w.example[k] = word
				}
				if symbol {
					w.symbol[k]++
				}
			}
		}
	}
	return w
}

// centralEuropean returns the index in latinCandidates of the Central
// European charset that w shows b is in, or 0 for windows-1252: one that
// reads more words, by two, or by one when windows-1252 cannot read a word
// for a symbol in it. Where the two Central European tables read as many
// words, windows-1250 is the more common.
func (w latinWords) centralEuropean() int {
	k := 1
	if w.reads[2] > w.reads[1] {
		k = 2
	}
	if more := w.reads[k] - w.reads[0]; more >= 2 || more >= 1 && w.symbol[k] > 0 {
		return k
	}
	return 0
}

// isWordByte says whether b belongs in a word: an ASCII letter or a
// high-bit byte.
func isWordByte(b byte) bool {
	return 'a' <= b|0x20 && b|0x20 <= 'z' || b >= 0x80
}

// decodeBytes decodes b in cm.
func decodeBytes(cm *charmap.Charmap, b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = cm.DecodeByte(c)
	}
	return string(r)
}

// judge8bit decides between windows-1252, windows-1250 and the Cyrillic
// candidates as Decode's doc describes.
func judge8bit(b []byte) verdict {
	var best, other *cyrStats
	for _, c := range cyrCandidates {
		s := c.measure(b)
		switch {
		case best == nil:
			best = &s
		case s.russian() && (!best.russian() || s.score > best.score):
			best, other = &s, best
		default:
			other = &s
		}
	}
	if best.russian() {
		return verdict{charset: best.cand.byteCharset, russian: true, reason: fmt.Sprintf(
			"8-bit text with %d letters in Cyrillic words reads as Russian in %s (score %.1f) rather than %s (score %.1f)",
			best.good, best.cand.name, best.score, other.cand.name, other.score)}
	}
	if w := wordsOf(b); w.centralEuropean() > 0 {
		k := w.centralEuropean()
		c := latinCandidates[k]
		return verdict{charset: c.byteCharset, reason: fmt.Sprintf(
			"8-bit text: of %s with non-ASCII letters, %d read as words of one language in windows-1252, %d in windows-1250 and %d in ISO-8859-2 (%q is %q in %s); read as %s",
			scan.Plural(w.words, "word"), w.reads[0], w.reads[1], w.reads[2],
			decodeBytes(c.cm, w.example[k]), decodeBytes(charmap.Windows1252, w.example[k]), win1252.name, c.name)}
	}
	var evidence string
	switch {
	case best.good > 0:
		evidence = fmt.Sprintf("%s inside Latin words, and the %d in Cyrillic-looking words are outnumbered or too unlike Russian",
			scan.Plural(best.mixed, "non-ASCII letter"), best.good)
	case best.mixed > 0:
		evidence = scan.Plural(best.mixed, "non-ASCII letter") + " inside Latin words and none in Cyrillic words"
	default:
		evidence = "no non-ASCII letter sits in a word of two letters or more"
	}
	return verdict{charset: win1252, reason: "8-bit text: " + evidence + "; read as " + win1252.name}
}

// Weights and thresholds of the Russian test (see Decode).
const (
	wordBonus     = 1.0  // added per letter of a well-formed Cyrillic word
	capsBonus     = 0.5  // the same for words all in capitals, rarer than lower case
	win1251Prior  = 1.0  // windows-1251 is far more common than KOI8-R in files from Windows programs
	minAvgWeight  = -2.0 // bits per letter; Russian text averages +0.58, random letters -0.88
	longEvidence  = 16   // letters from which longAvgWeight applies
	longAvgWeight = -0.5 // the same, for long evidence
	forPerAgainst = 2    // letters for needed per letter against
)

// byteClass is what a high-bit byte decodes to under a candidate charset.
type byteClass uint8

const (
	classNeutral byteClass = iota // punctuation and spaces, usual in any text
	classOdd                      // box drawing, controls and symbols no text uses
	classLower                    // a lower-case Cyrillic letter
	classUpper                    // an upper-case Cyrillic letter
	classLetter                   // a letter of another script
)

// cyrCandidate is a Cyrillic charset prepared for measure.
type cyrCandidate struct {
	byteCharset
	prior  float64        // added to the score
	class  [128]byteClass // by byte-0x80
	weight [128]float64   // letter frequency weight, by byte-0x80
}

var cyrCandidates = []*cyrCandidate{newCyrCandidate(win1251, win1251Prior), newCyrCandidate(koi8r, 0)}

// russianFreq is the frequency of each letter in Russian text, per cent.
var russianFreq = map[rune]float64{
	'о': 10.97, 'е': 8.45, 'а': 8.01, 'и': 7.35, 'н': 6.70, 'т': 6.26, 'с': 5.47, 'р': 4.73,
	'в': 4.54, 'л': 4.40, 'к': 3.49, 'м': 3.21, 'д': 2.98, 'п': 2.81, 'у': 2.62, 'я': 2.01,
	'ы': 1.90, 'ь': 1.74, 'г': 1.70, 'з': 1.65, 'б': 1.59, 'ч': 1.44, 'й': 1.21, 'х': 0.97,
	'ж': 0.94, 'ш': 0.73, 'ю': 0.64, 'ц': 0.48, 'щ': 0.36, 'э': 0.32, 'ф': 0.26, 'ъ': 0.04,
	// Running text mostly writes е for ё (0.04%), but a text that writes ё
	// at all, or a name such as Фёдоров, has it far more often.
	'ё': 0.3,
}

// otherCyrillicFreq stands for the frequency of Cyrillic letters Russian
// does not use (Ukrainian і, ї, є, Serbian ј …): as rare as ъ.
const otherCyrillicFreq = 0.04

// neutralSymbols are non-punctuation symbols at home in ordinary text.
const neutralSymbols = "№°§©®µ¶±€¤"

func newCyrCandidate(cs byteCharset, prior float64) *cyrCandidate {
	c := &cyrCandidate{byteCharset: cs, prior: prior}
	for i := range c.class {
		r := cs.cm.DecodeByte(byte(0x80 + i))
		switch {
		case unicode.Is(unicode.Cyrillic, r) && unicode.IsLetter(r):
			c.class[i] = classLower
			if unicode.IsUpper(r) {
				c.class[i] = classUpper
			}
			f, ok := russianFreq[unicode.ToLower(r)]
			if !ok {
				f = otherCyrillicFreq
			}
			c.weight[i] = math.Log2(float64(len(russianFreq)) * f / 100)
		case unicode.IsLetter(r):
			c.class[i] = classLetter
		case unicode.IsPunct(r) || unicode.IsSpace(r) || strings.ContainsRune(neutralSymbols, r):
			c.class[i] = classNeutral
		default:
			c.class[i] = classOdd
		}
	}
	return c
}

// cyrStats is what measure counts for one candidate.
type cyrStats struct {
	cand    *cyrCandidate
	good    int     // letters in well-formed Cyrillic words of two or more letters
	weight  float64 // their summed frequency weights
	bonus   float64 // their summed word bonuses
	mixed   int     // high-bit letters in words that also hold ASCII letters
	broken  int     // letters in Cyrillic words with a broken case pattern
	odd     int     // high-bit bytes that decode to symbols no text uses
	foreign int     // high-bit letters of another script
	score   float64
}

func (s *cyrStats) against() int { return s.mixed + s.broken + s.odd + s.foreign }

func (s *cyrStats) russian() bool {
	switch {
	case s.good < 2 || s.good < forPerAgainst*s.against():
		return false
	case s.good >= longEvidence:
		return s.weight/float64(s.good) >= longAvgWeight
	}
	return s.weight/float64(s.good) >= minAvgWeight
}

// measure cuts b into words and counts the evidence for and against reading
// it with c.
func (c *cyrCandidate) measure(b []byte) cyrStats {
	s := cyrStats{cand: c}
	for i := 0; i < len(b); {
		if !c.isWordByte(b[i]) {
			if b[i] >= 0x80 && c.class[b[i]-0x80] == classOdd {
				s.odd++
			}
			i++
			continue
		}
		j := i
		for j < len(b) && c.isWordByte(b[j]) {
			j++
		}
		c.word(b[i:j], &s)
		i = j
	}
	s.score = c.prior + s.bonus + s.weight - wordBonus*float64(s.against())
	return s
}

func (c *cyrCandidate) isWordByte(b byte) bool {
	if b < 0x80 {
		return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
	}
	return c.class[b-0x80] >= classLower
}

// word adds the evidence of one word to s.
func (c *cyrCandidate) word(w []byte, s *cyrStats) {
	var ascii, high, foreign, upper int
	var weight float64
	firstUpper := false
	for k, b := range w {
		if b < 0x80 {
			ascii++
			continue
		}
		high++
		switch c.class[b-0x80] {
		case classLetter:
			foreign++
		case classUpper:
			upper++
			firstUpper = firstUpper || k == 0
		}
		weight += c.weight[b-0x80]
	}
	switch {
	case high == 0:
	case ascii > 0:
		s.mixed += high
	case foreign > 0:
		s.foreign += foreign
	case high == 1:
		// A letter alone says nothing.
	case upper == high:
		s.good += high
		s.weight += weight
		s.bonus += capsBonus * float64(high)
	case upper == 0 || upper == 1 && firstUpper:
		s.good += high
		s.weight += weight
		s.bonus += wordBonus * float64(high)
	default:
		s.broken += high
	}
}

// decodeReader is the reader Decode returns.
type decodeReader struct {
	br      *peekReader
	src     io.Reader // where decoded text comes from; nil while pending
	info    Encoding
	pending choice        // the pending choice, while src is nil
	off     int64         // bytes passed through while pending
	fb      *utf8Fallback // set when reading UTF-8
}

// start acts on a decision.
func (d *decodeReader) start(c choice) {
	d.info = c.info
	d.br.Discard(c.skip) // the mark is in the buffer already
	switch c.kind {
	case kindASCII:
		d.src = d.br
	case kindPending:
		d.pending = c
	case kindUTF8:
		d.fb = newUTF8Fallback(c.fallback)
		d.src = transform.NewReader(d.br, d.fb)
	case kindOther:
		d.src = transform.NewReader(d.br, c.enc.NewDecoder())
	}
}

func (d *decodeReader) Read(p []byte) (int, error) {
	if d.src != nil {
		return d.src.Read(p)
	}
	if len(p) == 0 {
		return 0, nil
	}
	if d.br.Buffered() == 0 {
		if _, err := d.br.Peek(1); err != nil {
			if err == io.EOF {
				d.info = d.pending.ascii
			}
			return 0, err
		}
	}
	buf, _ := d.br.Peek(min(len(p), d.br.Buffered()))
	if n := asciiPrefix(buf); n > 0 {
		copy(p, buf[:n])
		d.br.Discard(n)
		d.off += int64(n)
		return n, nil
	}
	win, err := d.br.Peek(sniffLen)
	if err != nil && err != io.EOF {
		return 0, err
	}
	c := decide(win, len(win) == sniffLen, d.off, d.pending.decl)
	c.info.Reason = fmt.Sprintf("only ASCII before offset %d; %s", d.off, c.info.Reason)
	d.start(c)
	return d.src.Read(p)
}

// Encoding implements EncodingReporter.
func (d *decodeReader) Encoding() Encoding {
	e := d.info
	if d.fb != nil && d.fb.stray > 0 {
		e.Reason += fmt.Sprintf("; in all, %s not UTF-8, read as %s", scan.Plural(int(d.fb.stray), "byte"), d.fb.cs.name)
		e.Certain = false
	}
	return e
}

// utf8Fallback passes valid UTF-8 through and reads each byte that starts no
// valid sequence as a character of an 8-bit charset, counting them.
type utf8Fallback struct {
	cs    byteCharset
	stray int64
}

func newUTF8Fallback(cs byteCharset) *utf8Fallback { return &utf8Fallback{cs: cs} }

// Reset implements transform.Transformer; the count of stray bytes is kept
// for the report.
func (t *utf8Fallback) Reset() {}

// Transform implements transform.Transformer.
func (t *utf8Fallback) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		n := validLen(src[nSrc:min(len(src), nSrc+len(dst)-nDst)])
		copy(dst[nDst:], src[nSrc:nSrc+n])
		nDst += n
		nSrc += n
		if nSrc == len(src) {
			break
		}
		rest := src[nSrc:]
		if !atEOF && !utf8.FullRune(rest) {
			return nDst, nSrc, transform.ErrShortSrc
		}
		if r, size := utf8.DecodeRune(rest); r != utf8.RuneError || size != 1 {
			return nDst, nSrc, transform.ErrShortDst // a valid rune that does not fit
		}
		r := t.cs.cm.DecodeByte(rest[0])
		if len(dst)-nDst < utf8.RuneLen(r) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		nSrc++
		t.stray++
	}
	return nDst, nSrc, nil
}

// validLen returns the length of the longest prefix of b made of complete,
// valid UTF-8 sequences.
func validLen(b []byte) int {
	if t := trimPartialRune(b); utf8.Valid(t) {
		return len(t)
	}
	i := 0
	for i < len(b) {
		i += asciiPrefix(b[i:])
		if i == len(b) {
			break
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		i += size
	}
	return i
}
