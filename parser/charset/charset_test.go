package charset

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	stdunicode "unicode"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/internal/testinput"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/language/display"
	"golang.org/x/text/transform"
)

var updateCharset = flag.Bool("update-charset", false, "rewrite the encoded fixtures and reasons.golden in testdata/charset")

const charsetDir = "testdata"

// Encodings the fixtures are written in.
var (
	utf8Plain  = unicode.UTF8
	utf8BOM    = unicode.UTF8BOM
	utf16LE    = unicode.UTF16(unicode.LittleEndian, unicode.UseBOM)
	utf16BE    = unicode.UTF16(unicode.BigEndian, unicode.UseBOM)
	utf16LERaw = unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)
	utf16BERaw = unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)
)

// charsetFixture is an encoded file under testdata/charset, made from a
// UTF-8 source there.
type charsetFixture struct {
	file    string            // the encoded file
	source  string            // the UTF-8 text it is made from
	decl    string            // a declaration line written before the source
	enc     encoding.Encoding // how it is encoded
	want    string            // the Encoding.Name Decode must choose
	certain bool
	exact   bool // decoding must give back decl+source
}

var charsetFixtures = []charsetFixture{
	{"ru.utf8.pbn", "ru.pbn", "", utf8Plain, "UTF-8", false, true},
	{"ru.utf8bom.pbn", "ru.pbn", "", utf8BOM, "UTF-8", true, true},
	{"ru.cp1251.pbn", "ru.pbn", "", charmap.Windows1251, "windows-1251", false, true},
	{"ru.koi8r.pbn", "ru.pbn", "", charmap.KOI8R, "KOI8-R", false, true},
	{"ru.utf16le.pbn", "ru.pbn", "", utf16LE, "UTF-16LE", true, true},
	{"ru.utf16be.pbn", "ru.pbn", "", utf16BE, "UTF-16BE", true, true},
	{"ru.utf16le-nobom.pbn", "ru.pbn", "", utf16LERaw, "UTF-16LE", false, true},
	{"ru.utf16be-nobom.pbn", "ru.pbn", "", utf16BERaw, "UTF-16BE", false, true},
	{"ru-calls.cp1251.pbn", "ru-calls.pbn", "", charmap.Windows1251, "windows-1251", false, true},
	{"ru-calls.koi8r.pbn", "ru-calls.pbn", "", charmap.KOI8R, "KOI8-R", false, true},
	{"ru.cp1251-declared.pbn", "ru.pbn", "%Content-type: text/x-pbn; charset=windows-1251\r\n", charmap.Windows1251, "windows-1251", true, true},
	{"ru.koi8r-declared.pbn", "ru.pbn", "%charset: KOI8-R\n", charmap.KOI8R, "KOI8-R", true, true},
	{"ru.cp1251-declared-latin1.pbn", "ru.pbn", "%Content-type: text/x-pbn; charset=ISO-8859-1\n", charmap.Windows1251, "windows-1251", false, true},
	{"ru.koi8r-declared-utf8.pbn", "ru.pbn", "% Content-Type: text/plain; charset=\"utf-8\"\n", charmap.KOI8R, "KOI8-R", false, true},
	{"ru-calls.koi8r-declared-unknown.pbn", "ru-calls.pbn", "%Content-type: text/x-pbn; charset=x-russian-dos\n", charmap.KOI8R, "KOI8-R", false, true},
	{"fr.utf8.pbn", "fr.pbn", "", utf8Plain, "UTF-8", false, true},
	{"fr.cp1252.pbn", "fr.pbn", "", charmap.Windows1252, "windows-1252", false, true},
	{"fr.utf8-declared-latin1.pbn", "fr.pbn", "%Content-type: text/x-pbn; charset=ISO-8859-1\n", utf8Plain, "UTF-8", false, true},
	{"de.latin1.pbn", "de.pbn", "", charmap.ISO8859_1, "windows-1252", false, true},
	{"de.latin1-declared.pbn", "de.pbn", "%Content-type: text/x-pbn; charset=ISO-8859-1\n", charmap.ISO8859_1, "windows-1252", true, true},
	{"no.latin1.pbn", "no.pbn", "", charmap.ISO8859_1, "windows-1252", false, true},
	{"es.cp1252.pbn", "es.pbn", "", charmap.Windows1252, "windows-1252", false, true},
	{"pl.cp1250.pbn", "pl.pbn", "", charmap.Windows1250, "windows-1250", false, false}, // "Michał" is no "Micha³"
	{"pl.iso8859-2.pbn", "pl.pbn", "", charmap.ISO8859_2, "ISO-8859-2", false, false},
	{"pl.cp1250-declared.pbn", "pl.pbn", "%Content-type: text/x-pbn; charset=windows-1250\n", charmap.Windows1250, "windows-1250", true, true},
	{"cs.cp1250.pbn", "cs.pbn", "", charmap.Windows1250, "windows-1250", false, true}, // "Jiří" is no "Jiøí"
	{"cs.iso8859-2.pbn", "cs.pbn", "", charmap.ISO8859_2, "ISO-8859-2", false, true},
	{"hu.cp1250.pbn", "hu.pbn", "", charmap.Windows1250, "windows-1250", false, true}, // "Győr" is no "Gyõr"
	{"hu.iso8859-2.pbn", "hu.pbn", "", charmap.ISO8859_2, "windows-1250", false, true},
	{"cs.iso8859-2-declared.pbn", "cs.pbn", "%Encoding: iso8859-2\n", charmap.ISO8859_2, "ISO-8859-2", true, true},
}

// TestCharsetFixtures checks that every committed fixture holds exactly the
// bytes its source encodes to, and that Decode reads it back as expected.
// With -update-charset it writes the fixtures and reasons.golden instead.
func TestCharsetFixtures(t *testing.T) {
	var reasons strings.Builder
	for _, f := range charsetFixtures {
		src, err := os.ReadFile(filepath.Join(charsetDir, f.source))
		if err != nil {
			t.Fatal(err)
		}
		text := f.decl + string(src)
		encoded, err := f.enc.NewEncoder().Bytes([]byte(text))
		if err != nil {
			t.Fatalf("%s: encoding %s: %v", f.file, f.source, err)
		}
		path := filepath.Join(charsetDir, f.file)
		if *updateCharset {
			if err := os.WriteFile(path, encoded, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		committed, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(committed, encoded) {
			t.Errorf("%s does not hold %s encoded; run go test -run TestCharsetFixtures -update-charset", f.file, f.source)
			continue
		}
		got, enc := decodeToString(t, committed)
		if enc.Name != f.want || enc.Certain != f.certain {
			t.Errorf("%s: got %s (certain %v), want %s (certain %v): %s", f.file, enc.Name, enc.Certain, f.want, f.certain, enc.Reason)
		}
		if f.exact && got != text {
			t.Errorf("%s: decoded text differs from %s:\n%s", f.file, f.source, got)
		}
		fmt.Fprintf(&reasons, "%s\t%s\tcertain=%v\t%s\n", f.file, enc.Name, enc.Certain, enc.Reason)
	}
	golden := filepath.Join(charsetDir, "reasons.golden")
	if *updateCharset {
		if err := os.WriteFile(golden, []byte(reasons.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if reasons.String() != string(want) {
		t.Errorf("reasons differ from %s; got:\n%s", golden, reasons.String())
	}
}

// decodeToString decodes b completely, failing the test on any error or on
// output that is not UTF-8, and returns the text with the final report.
func decodeToString(t testing.TB, b []byte) (string, Encoding) {
	t.Helper()
	r, first, err := Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("reading decoded text: %v", err)
	}
	if !utf8.Valid(out) {
		t.Fatalf("decoded text is not valid UTF-8: %q", out)
	}
	final := r.(EncodingReporter).Encoding()
	pending := strings.Contains(first.Reason, "only ASCII in the first")
	if !pending && (final.Name != first.Name || !strings.HasPrefix(final.Reason, first.Reason)) {
		t.Fatalf("the final report %+v contradicts the first %+v", final, first)
	}
	// The same input in pieces of one byte and of half a read must decode
	// the same way: Decode's buffer grows as the input comes.
	for _, slow := range []io.Reader{iotest.OneByteReader(bytes.NewReader(b)), iotest.HalfReader(bytes.NewReader(b))} {
		r, _, err := Decode(slow)
		if err != nil {
			t.Fatalf("Decode in pieces: %v", err)
		}
		again, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("reading decoded text in pieces: %v", err)
		}
		if e := r.(EncodingReporter).Encoding(); !bytes.Equal(again, out) || e != final {
			t.Fatalf("read in pieces, the input decodes as %s (%s), not %s (%s)", e.Name, e.Reason, final.Name, final.Reason)
		}
	}
	return string(out), final
}

// TestDecodeSmallInputAllocs checks that decoding a small input allocates
// in proportion to it, not the 64 KiB window Decode may look at: an
// archive of thousands of small files paid for that window each time.
func TestDecodeSmallInputAllocs(t *testing.T) {
	src := []byte(strings.Repeat("pn|a,b,c,d|md|1SAKQJT98765432H,,,|mb|p|\n", 40)) // 1.6 KB
	per := testinput.AllocBytes(100, func() {
		r, _, err := Decode(bytes.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(io.Discard, r); err != nil {
			t.Fatal(err)
		}
	})
	if per > 16<<10 {
		t.Errorf("decoding %d bytes allocates %d bytes", len(src), per)
	}
}

// TestDecodeShortRussian decodes a single tag value in each Cyrillic
// charset: words of three letters or more, or capitalised ones, are enough.
func TestDecodeShortRussian(t *testing.T) {
	t.Parallel()
	words := []string{
		"пас", "контра", "реконтра", "трефы", "бубны", "червы", "пики", "без козыря",
		"Север", "Юг", "Восток", "Запад", "Иванов", "Щукин", "Фёдоров", "Юрий Щукин",
		"Пас", "Контра", "Трефы", "Бубны", "Червы", "Пики", "Без козыря", "ктр", "рктр",
		"Все", "никто", "обе", "в зоне", "до зоны", "2 Червы с реконтрой", "одна, пики",
		"СЕВЕР", "ВОСТОК", "ПАС",
	}
	for _, w := range words {
		for _, cs := range []byteCharset{win1251, koi8r} {
			if cs == koi8r && strings.ToUpper(w) == w {
				// Words in capitals alone read as well in both tables, and
				// windows-1251 wins; see Decode.
				continue
			}
			text := `[North "` + w + `"]` + "\n"
			in, err := cs.cm.NewEncoder().String(text)
			if err != nil {
				t.Fatal(err)
			}
			got, enc := decodeToString(t, []byte(in))
			if enc.Name != cs.name || got != text {
				t.Errorf("%q in %s: got %s %q (%s)", w, cs.name, enc.Name, got, enc.Reason)
			}
		}
	}
}

// TestDecodeCapsInWindows1251 checks the tie-break Decode documents: words
// in capitals alone go to windows-1251.
func TestDecodeCapsInWindows1251(t *testing.T) {
	t.Parallel()
	for _, w := range []string{"СЕВЕР", "ВОСТОК", "ЗАПАД", "ЦСКА", "КОНТРА"} {
		in, _ := charmap.Windows1251.NewEncoder().String(`[Event "` + w + `"]`)
		if _, enc := decodeToString(t, []byte(in)); enc.Name != "windows-1251" {
			t.Errorf("%q: got %s (%s)", w, enc.Name, enc.Reason)
		}
	}
}

// TestDecodeWestern8bit checks that Latin text in 8-bit charsets is never
// taken for Russian, however short; read as Central European, it must
// come back as it was.
func TestDecodeWestern8bit(t *testing.T) {
	t.Parallel()
	texts := []string{
		`[Site "Chorzów, Stadion Śląski"]`, `[Note "1:minörs"]`, `[Event "párový turnaj"]`,
		`[Site "Liège"]`, `{Il ne reste qu'à deviner la position des cartes… Résultats à table}`,
		`[North "Łukasz Żółć"]`, `[West "Kraków – Gdańsk"]`, `[Event "Čeština Řeřicha"]`,
		`[South "Ærø Øst Åse"]`, `[East "Muñoz"]`, `[Event "È già là"]`, `[Event "Gêne à Noël"]`,
		`{à è é ù ò}`, `[Event "ÉTÉ À PARIS"]`, `[Site "Nürnberg"]`, `[North "Błażej Wiśniewski"]`,
	}
	for _, text := range texts {
		for _, cm := range []*charmap.Charmap{charmap.Windows1252, charmap.ISO8859_1, charmap.Windows1250, charmap.ISO8859_2} {
			in, err := cm.NewEncoder().String(text)
			if err != nil {
				continue // not every text fits every charset
			}
			got, enc := decodeToString(t, []byte(in))
			switch enc.Name {
			case "windows-1252":
			case "windows-1250", "ISO-8859-2":
				if got != text {
					t.Errorf("%q in %v: read as %s, it gives %q (%s)", text, cm, enc.Name, got, enc.Reason)
				}
			default:
				t.Errorf("%q in %v: got %s (%s)", text, cm, enc.Name, enc.Reason)
			}
		}
	}
}

// TestDecodeLanguageNames decodes the name of every language CLDR knows,
// written in that language, in each 8-bit charset that can hold it: names
// in Cyrillic must come back in their charset, all others as windows-1252
// or, when read as Central European, as they were written.
func TestDecodeLanguageNames(t *testing.T) {
	t.Parallel()
	charsets := []*charmap.Charmap{
		charmap.Windows1252, charmap.Windows1250, charmap.Windows1254, charmap.Windows1257,
		charmap.ISO8859_2, charmap.Windows1251, charmap.KOI8R,
	}
	checked, centralEuropean := 0, 0
	for _, tag := range display.Self.Supported.Tags() {
		name := display.Self.Name(tag)
		cyrillic := strings.IndexFunc(name, func(r rune) bool { return stdunicode.Is(stdunicode.Cyrillic, r) }) >= 0
		for _, cm := range charsets {
			in, err := cm.NewEncoder().String(`[Event "` + name + `"]`)
			if err != nil || asciiPrefix([]byte(in)) == len(in) {
				continue
			}
			checked++
			got, enc := decodeToString(t, []byte(in))
			if cyrillic {
				want := map[*charmap.Charmap]string{charmap.Windows1251: "windows-1251", charmap.KOI8R: "KOI8-R"}[cm]
				if enc.Name != want {
					t.Errorf("%s %q in %v: got %s, want %s (%s)", tag, name, cm, enc.Name, want, enc.Reason)
				}
				continue
			}
			switch {
			case enc.Name == "windows-1252":
			case enc.Name != "windows-1250" && enc.Name != "ISO-8859-2":
				t.Errorf("%s %q in %v: got %s (%s)", tag, name, cm, enc.Name, enc.Reason)
			case got == `[Event "`+name+`"]`:
				centralEuropean++
			case cm == charmap.ISO8859_2 && enc.Name == "windows-1250" && wordsOf([]byte(in)).reads[1] == wordsOf([]byte(in)).reads[2]:
				// One word both Central European tables read as a word
				// ("latviešu", "latvieąu") gives them nothing to tell by.
			default:
				t.Errorf("%s %q in %v: read as %s, it gives %q (%s)", tag, name, cm, enc.Name, got, enc.Reason)
			}
		}
	}
	if checked < 140 || centralEuropean < 2 {
		t.Errorf("only %d names checked, %d read back as Central European", checked, centralEuropean)
	}
}

// TestDecodeNotRussian feeds 8-bit byte tables and junk that decode to
// Cyrillic letters in windows-1251 but are not words.
func TestDecodeNotRussian(t *testing.T) {
	t.Parallel()
	spaced := func(from, to int) []byte {
		var b []byte
		for c := from; c <= to; c++ {
			b = append(b, ' ', byte(c))
		}
		return b
	}
	run := func(from, to int) []byte {
		var b []byte
		for c := from; c <= to; c++ {
			b = append(b, byte(c))
		}
		return b
	}
	cases := map[string][]byte{
		"Latin-1 range spaced":  joinBytes([]byte(`[South "`), spaced(0xA0, 0xFF), []byte(`"]`)),
		"C1 range spaced":       joinBytes([]byte(`[Description "`), spaced(0x7F, 0x9F), []byte(`"]`)),
		"capitals in a row":     joinBytes([]byte(`[West "`), run(0xC0, 0xDF), []byte(`"]`)),
		"small letters in row":  joinBytes([]byte(`[North "`), run(0xE0, 0xFF), []byte(`"]`)),
		"whole upper half":      run(0x80, 0xFF),
		"high bytes and ASCII":  []byte("a\xE0b\xE1c\xE2d\xE3e\xE4f\xE5g\xE6h\xE7"),
		"one high letter alone": []byte(`[Dealer "` + "\xDE" + `"]`),
	}
	for name, in := range cases {
		if _, enc := decodeToString(t, in); enc.Name != "windows-1252" {
			t.Errorf("%s: got %s (%s)", name, enc.Name, enc.Reason)
		}
	}
}

func joinBytes(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func TestFindDeclaration(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in    string
		label string
		line  int
	}{
		{"%Content-type: text/x-pbn; charset=ISO-8859-1\r\n[Event \"\"]", "ISO-8859-1", 1},
		{"% PBN 2.1\n%Content-Type: text/pbn; Charset=UTF-8\n", "UTF-8", 2},
		{"% content-type: text/plain; charset = \"windows-1251\"\n", "windows-1251", 1},
		{"%charset: koi8-r\n", "koi8-r", 1},
		{"  %CHARSET=cp1251\n", "cp1251", 1},
		{"% Encoding = KOI8-R\n", "KOI8-R", 1},
		{"%encoding:utf-8", "utf-8", 1},
		{"<html><head><meta charset=\"utf-8\">\n", "utf-8", 1},
		{"<HTML>\n<META http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\" />", "UTF-8", 2},
		{"%Content-type: text/x-pbn; charset='ISO_8859-1:1987'", "ISO_8859-1:1987", 1},
		{"% the charset is unknown\n%Content-type: text/x-pbn; charset=utf-8", "utf-8", 2},
		{"[Event \"charset=koi8-r\"]\n", "", 0},
		{"{%charset=koi8-r}\n", "", 0},
		{"% encodings vary\n", "", 0},
		{"%Content-type: text/x-pbn; charset=\n", "", 0},
		{"", "", 0},
	}
	for _, tt := range tests {
		d, ok := findDeclaration([]byte(tt.in))
		if ok != (tt.label != "") || d.label != tt.label || d.line != tt.line {
			t.Errorf("findDeclaration(%q) = %q line %d, %v; want %q line %d", tt.in, d.label, d.line, ok, tt.label, tt.line)
		}
	}
}

func TestLookupEncoding(t *testing.T) {
	t.Parallel()
	tests := []struct{ label, name string }{
		{"UTF-8", "UTF-8"}, {"utf8", "UTF-8"}, {"ISO-8859-1", "ISO-8859-1"}, {"latin1", "ISO-8859-1"},
		{"Latin-1", "ISO-8859-1"}, {"iso8859-1", "ISO-8859-1"}, {"windows-1251", "windows-1251"},
		{"cp1251", "windows-1251"}, {"win1251", "windows-1251"}, {"WIN-1250", "windows-1250"},
		{"x-cp1251", "windows-1251"}, {"koi8-r", "KOI8-R"}, {"koi8r", "KOI8-R"}, {"KOI8-U", "KOI8-U"},
		{"cp866", "IBM866"}, {"us-ascii", "US-ASCII"}, {"ascii", "US-ASCII"}, {" \"utf-16le\" ", "UTF-16LE"},
		{"iso_8859-2", "ISO-8859-2"}, {"shift_jis", "Shift_JIS"},
	}
	for _, tt := range tests {
		enc, name, err := LookupEncoding(tt.label)
		if err != nil || enc == nil || name != tt.name {
			t.Errorf("LookupEncoding(%q) = %v, %q, %v; want %q", tt.label, enc, name, err, tt.name)
		}
	}
	for _, label := range []string{"", "x-russian-dos", "utf-7", "windows-9999"} {
		enc, _, err := LookupEncoding(label)
		if want := fmt.Sprintf("unsupported encoding %q", label); err == nil || err.Error() != want || enc != nil {
			t.Errorf("LookupEncoding(%q): got %v, %v; want error %s", label, enc, err, want)
		}
	}
	// A writer must be able to refuse what Latin-1 cannot hold.
	enc, _, _ := LookupEncoding("ISO-8859-1")
	if _, err := enc.NewEncoder().String("€"); err == nil {
		t.Error("ISO-8859-1 encoded €; LookupEncoding must not widen it to windows-1252")
	}
}

// TestDecodeCorpus decodes every PBN, LIN and HTML file of the corpus and
// checks the encodings its notes name.
func TestDecodeCorpus(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(testinput.CorpusDir()); err != nil {
		t.Skip("corpus not present:", err)
	}
	want := map[string]struct {
		name    string
		certain bool
		has     string // decoded text that must appear
	}{
		"bcdd/test1.bcdd.pbn": {"UTF-8", true, ""},
		"bcdd/test2.bcdd.pbn": {"UTF-8", true, ""},
		"bridge-pbn-ruby/reference_impl_tests/correct_10.pbn":                               {"windows-1252", false, "à á â ã ä å æ ç è é ê ë ì í î ï ð ñ ò ó ô õ ö ÷ ø ù ú û ü ý þ ÿ"},
		"bridge-pbn-ruby/reference_impl_tests/correct_21.pbn":                               {"windows-1252", false, "Indes\u00a0-"},
		"bridge-pbn-ruby/reference_impl_tests/errors_10.pbn":                                {"windows-1252", false, "Liège"},
		"pbntools/test_4_kops_www_20130807__sm0807.pbn":                                     {"windows-1252", false, "Chorzów"},
		"pbntools/test_7_bbo_www_acbl_20130810__acbl_1607_pairs_acbl_sat_1pm_speedball.pbn": {"windows-1252", false, "minörs"},
		"zdenecek-pbn/bridgecomposer.pbn":                                                   {"windows-1252", true, "párový"},
		"pbn-to-pdf/Precision 1C Auctions with Notes.pbn":                                   {"UTF-8", false, "’"},
		"richardschneider-pbn/ruter71.pbn":                                                  {"UTF-8", false, ""},
		"endplay/example2.pbn":                                                              {"UTF-8", false, ""},
		"endplay/sample.pbn":                                                                {"UTF-8", false, ""},
		"pbn-to-pdf/Stayman.pbn":                                                            {"UTF-8", true, ""},
		"bridge-robot-utilities/Match 1.pbn":                                                {"windows-1252", true, ""},
		"bridge-pbn-ruby/reference_impl_tests/correct_20.pbn":                               {"US-ASCII", true, ""},
	}
	files := 0
	err := filepath.WalkDir(testinput.CorpusDir(), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch strings.ToLower(filepath.Ext(path)) {
		case ".pbn", ".lin", ".html":
		default:
			return nil
		}
		files++
		rel, _ := filepath.Rel(testinput.CorpusDir(), path)
		rel = filepath.ToSlash(rel)
		in, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		got, enc := decodeToString(t, in)
		w, named := want[rel]
		switch {
		case named && (enc.Name != w.name || enc.Certain != w.certain):
			t.Errorf("%s: got %s (certain %v), want %s (certain %v): %s", rel, enc.Name, enc.Certain, w.name, w.certain, enc.Reason)
		case named && !strings.Contains(got, w.has):
			t.Errorf("%s: decoded text lacks %q", rel, w.has)
		case !named && !slices.Contains(plausibleCorpusEncodings(in), enc.Name):
			t.Errorf("%s: got %s, want one of %v: %s", rel, enc.Name, plausibleCorpusEncodings(in), enc.Reason)
		}
		if enc.Name == "UTF-8" && !strings.Contains(enc.Reason, "stray") &&
			got != string(bytes.TrimPrefix(in, []byte("\xEF\xBB\xBF"))) {
			t.Errorf("%s: UTF-8 text changed in decoding", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if listed := corpusManifestRows(t); files != listed {
		t.Errorf("decoded %d corpus files, but MANIFEST.tsv lists %d", files, listed)
	}
	for rel := range want {
		if _, err := os.Stat(filepath.Join(testinput.CorpusDir(), rel)); err != nil {
			t.Errorf("named corpus file missing: %v", err)
		}
	}
}

// plausibleCorpusEncodings names what Decode may report for a corpus file
// the table does not name, from its bytes alone: the corpus has no Cyrillic
// and no UTF-16, ASCII files may declare ISO-8859-1 or UTF-8, and the rest
// is UTF-8 when it is valid UTF-8.
func plausibleCorpusEncodings(b []byte) []string {
	switch {
	case asciiPrefix(b) == len(b):
		return []string{"US-ASCII", "windows-1252", "UTF-8"}
	case utf8.Valid(b):
		return []string{"UTF-8"}
	}
	return []string{"windows-1252"}
}

// corpusManifestRows counts the rows of the corpus manifest.
func corpusManifestRows(t *testing.T) int {
	b, err := os.ReadFile(filepath.Join(testinput.CorpusDir(), "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(strings.TrimSpace(string(b)), "\n") // rows after the header
}

// sniffCounter counts the bytes read through it.
type sniffCounter struct {
	r io.Reader
	n int
}

func (c *sniffCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestDecodeSniffBound checks that Decode reads no more than its window
// before it returns, whatever the input's size.
func TestDecodeSniffBound(t *testing.T) {
	t.Parallel()
	for _, in := range []io.Reader{
		strings.NewReader(strings.Repeat("[Event \"x\"]\n", 100000)),
		strings.NewReader(strings.Repeat("[Event \"Кубок\"]\n", 100000)),
		iotest.OneByteReader(strings.NewReader(strings.Repeat("ab\xE0\n", 100000))),
	} {
		c := &sniffCounter{r: in}
		if _, _, err := Decode(c); err != nil {
			t.Fatal(err)
		}
		if c.n > sniffLen {
			t.Errorf("Decode read %d bytes before returning, want at most %d", c.n, sniffLen)
		}
	}
}

// cycleReader yields pattern over and over, n bytes in all.
type cycleReader struct {
	pattern []byte
	off, n  int
}

func (r *cycleReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && r.n > 0 {
		c := copy(p[k:min(len(p), k+r.n)], r.pattern[r.off:])
		k += c
		r.n -= c
		r.off = (r.off + c) % len(r.pattern)
	}
	return k, nil
}

// TestDecodeConstantMemory decodes 32 MB along each path and checks that
// what Decode allocates does not grow with the input.
func TestDecodeConstantMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes 32 MB per path")
	}
	const size = 32 << 20
	src, err := os.ReadFile(filepath.Join(charsetDir, "ru.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	encode := func(e encoding.Encoding) []byte {
		b, err := e.NewEncoder().Bytes(src)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, tt := range []struct {
		name    string
		pattern []byte
	}{
		{"utf8", src},
		{"ascii", []byte("[Event \"Cup\"]\n")},
		{"cp1251", encode(charmap.Windows1251)},
		{"utf16le", encode(utf16LERaw)},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r, _, err := Decode(&cycleReader{pattern: tt.pattern, n: size})
		if err != nil {
			t.Fatal(err)
		}
		n, err := io.Copy(io.Discard, r)
		runtime.ReadMemStats(&after)
		if err != nil || n < size/2 {
			t.Fatalf("%s: decoded %d bytes, %v", tt.name, n, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<10 {
			t.Errorf("%s: decoding %d bytes allocated %d bytes", tt.name, size, alloc)
		}
	}
}

// TestDecodeLateChoice covers inputs whose sniff window is all ASCII: the
// choice, or the weighing of a declaration, is made at the first non-ASCII
// byte and reported afterwards.
func TestDecodeLateChoice(t *testing.T) {
	t.Parallel()
	const latin1 = "%Content-type: text/x-pbn; charset=ISO-8859-1\n"
	filler := strings.Repeat("[Event \"Cup\"]\n", sniffLen/10)
	tests := []struct {
		name, decl, tail string
		enc              encoding.Encoding
		first, final     string // names reported before and after reading
		certain          bool   // of the final report
		evidence         string // in the final reason
	}{
		{"cp1251", "", "[North \"Иванов\"]\n[South \"Петрова\"]\n", charmap.Windows1251, "US-ASCII", "windows-1251", false, "Cyrillic"},
		{"koi8r", "", "[North \"Иванов\"]\n[South \"Петрова\"]\n", charmap.KOI8R, "US-ASCII", "KOI8-R", false, "Cyrillic"},
		{"latin1", "", "[Site \"Liège\"]\n", charmap.ISO8859_1, "US-ASCII", "windows-1252", false, "Latin words"},
		{"utf8", "", "[Site \"Liège\"]\n", utf8Plain, "US-ASCII", "UTF-8", false, "valid UTF-8"},
		{"ascii", "", "[Site \"Liege\"]\n", utf8Plain, "US-ASCII", "US-ASCII", true, "only ASCII bytes"},
		{"declared latin1", latin1, "[Site \"Liège\"]\n", charmap.ISO8859_1, "windows-1252", "windows-1252", true, "declared charset ISO-8859-1"},
		{"declared latin1, utf8", latin1, "[Site \"Liège\"]\n", utf8Plain, "windows-1252", "UTF-8", false, "but the content is valid UTF-8"},
		{"declared latin1, cp1251", latin1, "[North \"Иванов\"]\n", charmap.Windows1251, "windows-1252", "windows-1251", false, "reads as Russian"},
		{"declared latin1, ascii", latin1, "[Site \"Liege\"]\n", utf8Plain, "windows-1252", "windows-1252", true, "declared charset ISO-8859-1"},
	}
	for _, tt := range tests {
		tail, err := tt.enc.NewEncoder().String(tt.tail)
		if err != nil {
			t.Fatal(err)
		}
		head := tt.decl + filler
		r, first, err := Decode(strings.NewReader(head + tail))
		if err != nil {
			t.Fatal(err)
		}
		if first.Name != tt.first || first.Certain || !strings.Contains(first.Reason, "only ASCII in the first") {
			t.Errorf("%s: first report %+v, want %s, pending", tt.name, first, tt.first)
		}
		out, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != head+tt.tail {
			t.Errorf("%s: decoded tail %q", tt.name, out[len(out)-min(len(out), 60):])
		}
		final := r.(EncodingReporter).Encoding()
		late := fmt.Sprintf("only ASCII before offset %d; ", len(head)+asciiPrefix([]byte(tail)))
		if asciiPrefix([]byte(tail)) == len(tail) {
			late = "" // the input stayed ASCII
		}
		if final.Name != tt.final || final.Certain != tt.certain || !strings.HasPrefix(final.Reason, late) ||
			!strings.Contains(final.Reason, tt.evidence) {
			t.Errorf("%s: final report %+v, want %s (certain %v) starting %q and saying %q",
				tt.name, final, tt.final, tt.certain, late, tt.evidence)
		}
	}
}

// TestDecodeMixedUTF8 covers text that is mostly UTF-8 with stray 8-bit
// bytes, as in files concatenated from different sources: nothing is lost.
func TestDecodeMixedUTF8(t *testing.T) {
	t.Parallel()
	latin, _ := charmap.Windows1252.NewEncoder().String("[Site \"Liège\"]\n")
	russian, _ := charmap.Windows1251.NewEncoder().String("[North \"Иванов\"]\n")
	utf := "[Event \"Coupe de Noël — 2024 ♠♥♦♣\"]\n"
	tests := []struct {
		name, in, want, fallback string
	}{
		{"latin1 in window", utf + latin, utf + "[Site \"Liège\"]\n", "windows-1252"},
		{"cp1251 in window", utf + utf + russian, utf + utf + "[North \"Иванов\"]\n", "windows-1251"},
		{"latin1 after window", utf + strings.Repeat("x", sniffLen) + latin, utf + strings.Repeat("x", sniffLen) + "[Site \"Liège\"]\n", "windows-1252"},
	}
	for _, tt := range tests {
		got, enc := decodeToString(t, []byte(tt.in))
		if got != tt.want {
			t.Errorf("%s: got %q", tt.name, got[max(0, len(got)-60):])
		}
		if enc.Name != "UTF-8" || enc.Certain || !strings.Contains(enc.Reason, "read as "+tt.fallback) {
			t.Errorf("%s: got %+v", tt.name, enc)
		}
	}
}

// TestUTF8FallbackTransform drives the UTF-8 transformer with small source
// and destination buffers, so that sequences are cut at every position.
func TestUTF8FallbackTransform(t *testing.T) {
	t.Parallel()
	// Stray bytes: E9 alone, F0 9F cut short by E0, E0 A4 cut short by x,
	// FF, and E2 82 cut short by the end; EF BF BD is a real U+FFFD.
	in := []byte("a€b\xE9c𝄞d\xF0\x9F\xE0\xA4x\xC3\xA9\xFF\xEF\xBF\xBD\xE2\x82")
	want := "a€bé" + "c𝄞d" + "ðŸ" + "à¤" + "x" + "é" + "ÿ" + "\uFFFD" + "â‚"
	for srcN := 1; srcN <= 8; srcN++ {
		for dstN := 4; dstN <= 9; dstN++ {
			got, err := transformChunked(newUTF8Fallback(win1252), in, srcN, dstN)
			if err != nil || string(got) != want {
				t.Errorf("src %d dst %d: got %q, %v; want %q", srcN, dstN, got, err, want)
			}
		}
	}
}

// transformChunked runs tr over in as a stream consumer would, offering at
// most srcN new bytes of source and dstN bytes of destination at a time.
func transformChunked(tr transform.Transformer, in []byte, srcN, dstN int) ([]byte, error) {
	var out, pending []byte
	dst := make([]byte, dstN)
	for pos := 0; ; {
		take := min(srcN, len(in)-pos)
		src := append(pending, in[pos:pos+take]...)
		pos += take
		atEOF := pos == len(in)
		nDst, nSrc, err := tr.Transform(dst, src, atEOF)
		out = append(out, dst[:nDst]...)
		pending = append([]byte(nil), src[nSrc:]...)
		switch {
		case err == nil && atEOF:
			return out, nil
		case err == transform.ErrShortSrc && atEOF:
			return out, errors.New("short source at end of input")
		case err == transform.ErrShortDst && nDst == 0 && nSrc == 0:
			return out, errors.New("no progress with a full destination")
		case err != nil && err != transform.ErrShortSrc && err != transform.ErrShortDst:
			return out, err
		}
	}
}

// failingReader fails after giving some bytes: a held text whose end is
// an error, not io.EOF. (Not a held itself, which Decode would read in
// place.)
type failingReader struct {
	h   held
	err error
}

func (e *failingReader) Read(p []byte) (int, error) {
	if len(e.h.b) == 0 {
		return 0, e.err
	}
	return e.h.Read(p)
}

func TestDecodeReadError(t *testing.T) {
	t.Parallel()
	boom := errors.New("disk on fire")
	if _, _, err := Decode(&failingReader{held{[]byte("[Event")}, boom}); !errors.Is(err, boom) {
		t.Errorf("error within the window: got %v", err)
	}
	for _, tail := range []string{"", "\xE9"} {
		r, _, err := Decode(&failingReader{held{[]byte(strings.Repeat("x", sniffLen+10) + tail)}, boom})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.ReadAll(r); !errors.Is(err, boom) {
			t.Errorf("error after the window (tail %q): got %v", tail, err)
		}
	}
}

func TestDecodeEmptyAndTiny(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"", "\xEF\xBB\xBF", "\xFF\xFE", "\xFE\xFF", "\x00", "A\x00", "\xE9", "\xC3"} {
		decodeToString(t, []byte(in))
	}
}

func ExampleDecode() {
	in, _ := charmap.Windows1251.NewEncoder().String("[North \"Иванов\"]\n[Contract \"4ч\"]\n")
	r, enc, err := Decode(strings.NewReader(in))
	if err != nil {
		fmt.Println(err)
		return
	}
	text, _ := io.ReadAll(r)
	fmt.Println(enc.Name, enc.Certain)
	fmt.Println(enc.Reason)
	fmt.Print(string(text))
	// Output:
	// windows-1251 false
	// byte 0xC8 at offset 8 is not UTF-8; 8-bit text with 6 letters in Cyrillic words reads as Russian in windows-1251 (score 13.8) rather than KOI8-R (score -6.0)
	// [North "Иванов"]
	// [Contract "4ч"]
}

func ExampleEncodingReporter() {
	// 70000 bytes of ASCII, more than Decode sniffs, then a Russian name.
	ascii := strings.Repeat("[Event \"Cup\"]\n", 5000)
	tail, _ := charmap.Windows1251.NewEncoder().String("[North \"Иванов\"]\n")
	r, enc, err := Decode(strings.NewReader(ascii + tail))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("before reading:", enc.Name)
	text, _ := io.ReadAll(r)
	final := r.(EncodingReporter).Encoding()
	fmt.Println("after reading:", final.Name)
	fmt.Println(final.Reason)
	fmt.Print(string(text[len(ascii):]))
	// Output:
	// before reading: US-ASCII
	// after reading: windows-1251
	// only ASCII before offset 70008; byte 0xC8 at offset 70008 is not UTF-8; 8-bit text with 6 letters in Cyrillic words reads as Russian in windows-1251 (score 13.8) rather than KOI8-R (score -6.0)
	// [North "Иванов"]
}

func ExampleLookupEncoding() {
	_, name, err := LookupEncoding("win1251")
	fmt.Println(name, err)
	_, _, err = LookupEncoding("x-unknown")
	fmt.Println(err)
	// Output:
	// windows-1251 <nil>
	// unsupported encoding "x-unknown"
}

// FuzzDecode checks that Decode never fails on in-memory input, always
// yields valid UTF-8, and passes UTF-8 through unchanged unless a mark or
// NUL bytes say otherwise.
func FuzzDecode(f *testing.F) {
	for _, fx := range charsetFixtures {
		if b, err := os.ReadFile(filepath.Join(charsetDir, fx.file)); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("%Content-type: text/x-pbn; charset=utf-16\n\xE9"))
	f.Add([]byte("%charset=koi8-r\n[North \"\xE9\xD7\xC1\xCE\xCF\xD7\"]"))
	f.Fuzz(func(t *testing.T, in []byte) {
		r, enc, err := Decode(bytes.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		out, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		if !utf8.Valid(out) {
			t.Fatalf("not UTF-8: %q", out)
		}
		if enc.Name == "" || enc.Reason == "" {
			t.Fatalf("empty report %+v", enc)
		}
		head := in[:min(len(in), utf16SniffLen)]
		if utf8.Valid(in) && !bytes.HasPrefix(in, []byte("\xEF\xBB\xBF")) && bytes.IndexByte(head, 0) < 0 && !bytes.Equal(out, in) {
			t.Fatalf("UTF-8 input changed: %q -> %q (%+v)", in, out, enc)
		}
		// A text Held in memory reads as the same text through a reader.
		hr, henc, err := Decode(Held(bytes.Clone(in)))
		if err != nil {
			t.Fatal(err)
		}
		hout, err := io.ReadAll(hr)
		if err != nil || !bytes.Equal(hout, out) || henc != enc {
			t.Fatalf("held: %q, %+v, %v; read: %q, %+v", hout, henc, err, out, enc)
		}
	})
}

// BenchmarkDecode measures, on about 8 MB of PBN text each, the UTF-8
// pass-through for Western text (mostly ASCII) and for Russian text (mostly
// two-byte sequences), the all-ASCII path, and windows-1251 decoding.
func BenchmarkDecode(b *testing.B) {
	const size = 8 << 20
	repeat := func(file string) []byte {
		src, err := os.ReadFile(filepath.Join(charsetDir, file))
		if err != nil {
			b.Fatal(err)
		}
		return bytes.Repeat(src, size/len(src)+1)
	}
	russian := repeat("ru.pbn")
	ascii := bytes.Repeat([]byte("[Event \"Cup\"]\n[Deal \"N:AK72.Q94.J83.K62 QJ.KJ1083.A92.A74 T985.A6.KQ765.85 643.752.T4.QJT93\"]\n"), size/100)
	cp1251, err := charmap.Windows1251.NewEncoder().Bytes(russian)
	if err != nil {
		b.Fatal(err)
	}
	for _, bm := range []struct {
		name string
		in   []byte
	}{{"utf8-western", repeat("fr.pbn")}, {"utf8-russian", russian}, {"ascii", ascii}, {"cp1251", cp1251}} {
		b.Run(bm.name, func(b *testing.B) {
			b.SetBytes(int64(len(bm.in)))
			b.ReportAllocs()
			for b.Loop() {
				r, _, err := Decode(bytes.NewReader(bm.in))
				if err != nil {
					b.Fatal(err)
				}
				if _, err := io.Copy(io.Discard, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestDecodeCentralEuropean: undeclared windows-1250 reads as such
// ("Śliwiński, Michał", not "Œliwiñski, Micha³"), ISO 8859-2 as such where
// the tables differ, and a Spanish ¿, which windows-1250 reads as ż, does
// not make Western text Central European.
func TestDecodeCentralEuropean(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text string
		cm   *charmap.Charmap
		want string
	}{
		{`[North "Śliwiński, Michał"]`, charmap.Windows1250, "windows-1250"},
		{`[North "Wiśniewski, Błażej"]`, charmap.ISO8859_2, "ISO-8859-2"},
		{`[Event "¿Qué pasa? Señor Muñoz"]`, charmap.Windows1252, "windows-1252"},
		{`[Event "Øst ¿Hvor?"]`, charmap.Windows1252, "windows-1252"},
		{`[North "Jiří Dvořák"]`, charmap.Windows1250, "windows-1250"},
		{`[North "Kateřina Křížková"]`, charmap.ISO8859_2, "ISO-8859-2"},
		{`[North "Szőke Lőrinc"]`, charmap.Windows1250, "windows-1250"},
		{`[North "Bjørn Sæther, Åse Løvås"]`, charmap.Windows1252, "windows-1252"},
		{`[North "Íñigo Núñez, Coruña"]`, charmap.Windows1252, "windows-1252"},
		{`{Les négociations sur les compositions furent sûres}`, charmap.Windows1252, "windows-1252"},
		{`[West "Hélène Lefèvre, Liège"]`, charmap.Windows1252, "windows-1252"},
	} {
		in, err := tc.cm.NewEncoder().String(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		got, enc := decodeToString(t, []byte(in))
		if enc.Name != tc.want || got != tc.text {
			t.Errorf("%q in %v: got %s %q (%s)", tc.text, tc.cm, enc.Name, got, enc.Reason)
		}
	}
}
