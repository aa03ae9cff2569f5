package lin

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/testinput"

	"github.com/alecthomas/participle/v2/lexer"
)

// shape renders records as "kind:label label …" for each record.
func shape(recs []*Record) string {
	var out []string
	for _, r := range recs {
		var labels []string
		for _, p := range r.Pairs {
			labels = append(labels, p.Label)
		}
		out = append(out, r.Kind.String()+":"+strings.Join(labels, " "))
	}
	return strings.Join(out, " / ")
}

// TestLINRecordBoundaries checks where records start, whatever the line breaks.
func TestLINRecordBoundaries(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"one board per line", "pn|a|md|1S2|sv|o|mb|p|\npn|b|md|2S3|sv|o|mb|p|",
			"single:pn md sv mb / single:pn md sv mb"},
		{"boards on one line", "pn|a|md|1S2|sv|o|mb|p|pn|b|md|2S3|sv|o|mb|p|",
			"single:pn md sv mb / single:pn md sv mb"},
		{"records split by md", "md|1S2|sv|o|mb|p|md|2S3|sv|o|",
			"single:md sv mb / single:md sv"},
		{"setup held for the next md", "pn|a|md|1S2|sv|o|mb|p|pg||st||md|2S3|sv|o|",
			"single:pn md sv mb pg / single:st md sv"},
		{"qx records", "qx|o1|md|1S2|sv|o|mb|p|qx|c1|md|1S2|sv|o|",
			"room:qx md sv mb / room:qx md sv"},
		{"pn before qx", "pn|a|qx|o1|md|1S2|sv|o|pc|SA|pg||\npn|b|qx|c1|md|1S2|sv|o|",
			"room:pn qx md sv pc pg / room:pn qx md sv"},
		{"late pn stays", "qx|o1|md|1S2|sv|o|mb|p|pg||pn|a,b,c,d|pg||pc|SA|",
			"room:qx md sv mb pg pn pg pc"},
		{"late pn at the end", "qx|o1|md|1S2|sv|o|mb|p|pn|a,b,c,d|",
			"room:qx md sv mb pn"},
		{"header then tables", "vg|e,s,I,1,1,a,0,b,0|rs|,|pn|a,b,c,d,e,f,g,h|pg||qx|o1|md|1S2|sv|o|qx|c1|md|1S2|sv|o|",
			"header:vg rs pn pg / room:qx md sv / room:qx md sv"},
		{"header pn followed by qx", "vg|e,s,I,1,1,a,0,b,0|pn|a,b,c,d,e,f,g,h|pg||pn|a,b,c,d|qx|o1|md|1S2|sv|o|",
			"header:vg pn pg / room:pn qx md sv"},
		{"two segments", "vg|e,s,I,1,1,a,0,b,0|pg||qx|o1|md|1S2|sv|o|nt|bye|vg|e,t,I,2,2,a,0,b,0|pg||qx|o2|md|1S2|sv|o|",
			"header:vg pg / room:qx md sv nt / header:vg pg / room:qx md sv"},
		{"commentary first", "nt|hello|pg||qx|o1|md|1S2|sv|o|", "notes:nt pg / room:qx md sv"},
		{"commentary in a header", "vg|e,s,I,1,1,a,0,b,0|nt|hi|pg||qx|o1|md|1S2|sv|o|", "header:vg nt pg / room:qx md sv"},
		{"unknown labels first", "xx|1|pn|a|md|1S2|sv|o|", "single:xx pn md sv"},
		{"a setting before the header", "pf|y|\nvg|e,s,I,1,1,a,0,b,0|rs|,|pn|a,b,c,d,e,f,g,h|pg||qx|o1|md|1S2|sv|o|",
			"header:pf vg rs pn pg / room:qx md sv"},
		{"settings and unknown labels before the header", "pf|y|zz|x|vg|e,s,I,1,1,a,0,b,0|pg||qx|o1|md|1S2|sv|o|",
			"header:pf zz vg pg / room:qx md sv"},
		{"pavlicek", "% c\npn|a|md|1S2|sv|0|pf|y|mb|P1SP|\n\npn|b|md|2S3|sv|N|pf|y|mb|PPPP|",
			"pavlicek:pn md sv pf mb / pavlicek:pn md sv pf mb"},
	}
	for _, tt := range tests {
		recs, _ := Parse([]byte(tt.in), "b.lin")
		if got := shape(recs); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

// TestLINSettingBeforeHeader: pf|y| before vg is a setting of the file,
// read into the header: no error, no phantom record.
func TestLINSettingBeforeHeader(t *testing.T) {
	recs, diags := Parse([]byte("pf|y|\nvg|e,s,I,1,1,a,0,b,0|rs|4HS=,|pg||qx|o1|md|1S2|sv|o|"), "pf.lin")
	if got := shape(recs); got != "header:pf vg rs pg / room:qx md sv" {
		t.Errorf("records %s", got)
	}
	for _, r := range recs {
		for _, d := range r.Diagnostics {
			if d.Code == "lin-order" || d.Code == "lin-empty" || d.Code == "lin-no-boards" {
				t.Errorf("record %s: %v", r.Kind, d)
			}
		}
	}
	for _, d := range diags {
		if d.Severity >= diag.Warning {
			t.Errorf("file: %v", d)
		}
	}
}

// TestLINOrder checks that a section out of order is an error at its first pair.
func TestLINOrder(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"pn|a|md|1S2|sv|o|mb|1C|pc|SA|mb|p|":    "6 a call (mb) comes after the play began",
		"qx|o1|mb|1C|md|1S2|sv|o|":              "3 a board-setup pair (md) comes after the auction began",
		"vg|e,s,I,1,1,a,0,b,0|mb|p|":            "2 a call (mb) comes after the file header",
		"pn|a|md|1S2|sv|o|pc|SA|ah|Board 1|":    "5 a board-setup pair (ah) comes after the play began",
		"pn|a|md|1S2|sv|o|mb|p|pn|b|pg||pc|SA|": "",
	} {
		recs, _ := Parse([]byte(in), "o.lin")
		got := ""
		for _, d := range recs[0].Diagnostics {
			if d.Code == "lin-order" && d.Severity == diag.Error {
				got = fmt.Sprintf("%d %s", d.Pair, strings.TrimSuffix(d.Message, "; it is out of order"))
			}
		}
		if got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}

// TestLINOrderRemembered checks that a remembered verdict still points at
// the pair out of order in each record.
func TestLINOrderRemembered(t *testing.T) {
	t.Parallel()
	src := "pn|a|md|1S2|sv|o|mb|1C|pc|SA|mb|p|\npn|b|md|1S2|sv|o|mb|1C|mb|1D|pc|SA|pc|SK|mb|p|\n"
	recs, _ := Parse([]byte(src), "o.lin")
	var got []string
	for _, r := range recs {
		for _, d := range r.Diagnostics.Errors() {
			got = append(got, fmt.Sprintf("%d:%d pair %d", d.Line, d.Col, d.Pair))
		}
	}
	if want := "[1:30 pair 6 2:42 pair 8]"; fmt.Sprint(got) != want {
		t.Errorf("errors %v, want %s", got, want)
	}
}

// TestLINPositions checks positions: columns count characters, offsets bytes.
func TestLINPositions(t *testing.T) {
	t.Parallel()
	src := "pn|Иван,Пётр,c,d|md|1S2,,,|\r\nmb|p!|an|  ok  |nt| two\r\nlines |sv|o|"
	recs, _ := Parse([]byte(src), "p.lin")
	r := recs[0]
	check := func(i int, label string, line, col, off int, value string) {
		t.Helper()
		p := r.Pairs[i]
		if p.Label != label || int(p.Pos.Line) != line || int(p.Pos.Col) != col || p.Pos.Offset != off || p.Value != value {
			t.Errorf("pair %d = %s@%d:%d+%d %q, want %s@%d:%d+%d %q", i+1, p.Label, p.Pos.Line, p.Pos.Col, p.Pos.Offset, p.Value, label, line, col, off, value)
		}
	}
	check(1, "md", 1, 18, strings.Index(src, "md|"), "1S2,,,")
	check(2, "mb", 2, 1, strings.Index(src, "mb|"), "p!")
	check(3, "an", 2, 7, strings.Index(src, "an|"), "ok")
	check(4, "nt", 2, 17, strings.Index(src, "nt|"), " two\nlines ")
	if v := r.Pairs[3].ValuePos; v.Col != 12 {
		t.Errorf("an value at column %d, want 12 (after the spaces)", v.Col)
	}
	if e := r.Pairs[1].End; e.Line != 1 || e.Col != 28 {
		t.Errorf("md ends at %s, want 1:28", e)
	}
}

// TestLINEncoding checks that 8-bit input is decoded before reading.
func TestLINEncoding(t *testing.T) {
	t.Parallel()
	src := []byte("pn|Andr\xe9,Bj\xf6rn,c,d|md|1S2,,,|sv|o|")
	lr := NewReader(bytes.NewReader(src), "cp.lin")
	res := readAllLIN(t, lr)
	if got := res.recs[0].Names(); got[0] != "André" || got[1] != "Björn" {
		t.Errorf("names %q", got)
	}
	if lr.Encoding().Name != "windows-1252" {
		t.Errorf("encoding %+v", lr.Encoding())
	}
	if p := res.recs[0].Pairs[1]; p.Pos.Col != 20 || p.Pos.Offset != 21 {
		t.Errorf("md at %s offset %d: positions are in the decoded text", p.Pos, p.Pos.Offset)
	}
}

// TestLINCutOff checks input that ends inside a pair, and text kept as written.
func TestLINCutOff(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"pn|a,b,c,d|md|1S2|mb":   "incomplete lin-missing-bar lin-call", // mb holds no call
		"pn|a,b,c,d|md|1S2|mb|1": "incomplete lin-call lin-unclosed",    // 1 is not a call
		"pn|a,b,c,d|md|1S2|pg":   "lin-missing-bar",
		"pn|a,b,c,d|md|1S2|pg|":  "lin-unclosed",
		"pn|a,b,c,d|md|1S2|pg||": "",
	} {
		recs, _ := Parse([]byte(in), "c.lin")
		var got []string
		if recs[0].Incomplete {
			got = append(got, "incomplete")
		}
		for _, d := range recs[0].Diagnostics {
			if d.Code != "lin-hand" && d.Code != "lin-sv-missing" {
				got = append(got, string(d.Code))
			}
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	recs, _ := Parse([]byte("mb|1C!|an|16+ &amp; &gt;2 !c|"), "e.lin")
	if c := recs[0].Calls(); c[0].Note != "16+ &amp; &gt;2 !c" {
		t.Errorf("explanation %q: HTML entities and suit codes are kept as written", c[0].Note)
	}
}

// TestLINEmpty checks inputs without any pair.
func TestLINEmpty(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"", "\n\n", "% only a comment\n", "garbage\n"} {
		recs, diags := Parse([]byte(in), "e.lin")
		if len(recs) != 0 {
			t.Errorf("%q: %d records", in, len(recs))
		}
		var codes []string
		for _, d := range diags {
			codes = append(codes, string(d.Code))
		}
		if !strings.Contains(strings.Join(codes, " "), "lin-no-records") {
			t.Errorf("%q: diagnostics %q", in, codes)
		}
	}
	_, diags := Parse([]byte("<html><body>nothing</body></html>"), "e.html")
	if diags.Err() == nil || diags.Errors()[0].Code != "lin-none" {
		t.Errorf("web page without LIN: %v", diags)
	}
}

// TestLINStopEarly checks that breaking out of Records stops reading.
func TestLINStopEarly(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"pn|a|md|1S2|\npn|b|md|1S2|\npn|c|md|1S2|", "<p>lin('pn|a|')lin('pn|b|')</p>"} {
		n := 0
		for range NewReader(strings.NewReader(in), "s.lin").Records() {
			n++
			break
		}
		if n != 1 {
			t.Errorf("%q: %d records before the break", in, n)
		}
	}
}

// TestLINLexer checks the lexer definition the grammar is built with.
func TestLINLexer(t *testing.T) {
	t.Parallel()
	lx, err := linLexer{}.Lex("l.lin", strings.NewReader("qx|o1|nt|hi|pn|a|st||md|1S2|mb|p|an|x|pn|a|pc|SA|mc|1|zz|1|"))
	if err != nil {
		t.Fatal(err)
	}
	names := lexer.SymbolsByRune(linLexer{})
	var got []string
	for {
		tok, err := lx.Next()
		if err != nil {
			t.Fatal(err)
		}
		if tok.EOF() {
			break
		}
		got = append(got, names[tok.Type]+":"+tok.Value)
	}
	if want := "Table:qx Setup:pn Auction:mb Play:pc"; strings.Join(got, " ") != want {
		t.Errorf("tokens %q, want %s", got, want)
	}
}

// TestLINStreamingMemory reads 8 MB of LIN and checks that the live heap
// stays far below the size of the input: records are read one at a time.
func TestLINStreamingMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 8 MB")
	}
	unit := []byte(strings.Repeat("qx|o1|pn|a,b,c,d|st||md|1S2TQKH3568D7AC23K,SAHTJKD4569C678QA,S3479H47D23JQC59J,|rh||ah|Board 1|sv|o|mb|1N|mb|p|mb|p|mb|p|pg||pc|DK|pc|D2|pc|D7|pc|D4|pg||mc|8|pg||\n", 50))
	const total = 8 << 20
	var peak uint64
	var ms runtime.MemStats
	n := 0
	for _, err := range NewReader(testinput.NewRepeatReader("", string(unit), "", total/len(unit)), "big.lin").Records() {
		if err != nil {
			t.Fatal(err)
		}
		if n++; n%15000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
	}
	if want := total / len(unit) * 50; n != want {
		t.Errorf("%d records, want %d", n, want)
	}
	if peak == 0 || peak > 2<<20 {
		t.Errorf("live heap reached %d KB while reading %d MB", peak>>10, total>>20)
	}
}

// TestPairIs holds Is to strings.EqualFold for every two bytes of a label
// against lower-case labels and others.
func TestPairIs(t *testing.T) {
	t.Parallel()
	for _, want := range []string{"md", "ah", "pc", "AH", "a", "mdx", "m@", "`d"} {
		for a := range 256 {
			for _, b := range []byte{'d', 'D', 'h', 'H', 'c', '@', '`', 0x80, 'd' ^ 0x20 ^ 0x80} {
				p := &Pair{Label: string([]byte{byte(a), b})}
				if got, exp := p.Is(want), strings.EqualFold(p.Label, want); got != exp {
					t.Errorf("Pair{%q}.Is(%q) = %v, want %v", p.Label, want, got, exp)
				}
			}
		}
	}
}

// TestPairKnown holds Pair.Known, written out to be inlined, to the
// table lookup of every other reader of labels, on every two bytes and on
// labels of other lengths.
func TestPairKnown(t *testing.T) {
	t.Parallel()
	for a := range 256 {
		for b := range 256 {
			l := string([]byte{byte(a), byte(b)})
			if got, want := (&Pair{Label: l}).Known(), knownLINLabel(l); got != want {
				t.Fatalf("%q: Known %v, want %v", l, got, want)
			}
		}
	}
	for _, l := range []string{"", "m", "mdx", "pcc"} {
		if (&Pair{Label: l}).Known() {
			t.Errorf("%q: known", l)
		}
	}
}

// TestLinTagOf holds linTagOf's arithmetic to the plain reading of a
// label, two letters in either case looked up in the table, on every two
// bytes.
func TestLinTagOf(t *testing.T) {
	t.Parallel()
	for a := range 256 {
		for b := range 256 {
			l := []byte{byte(a), byte(b)}
			want := linTagNone
			if isLetter(l[0]) && isLetter(l[1]) {
				want = linLabelTable[int(l[0]|0x20-'a')*26+int(l[1]|0x20-'a')]
			}
			if got := linTagOf(l); got != want {
				t.Fatalf("%q: tag %d, want %d", l, got, want)
			}
		}
	}
}

// TestReclaimDropsReports checks that the pooled buffers keep no item's
// reports once an input is read, for each kind of item that has them.
func TestReclaimDropsReports(t *testing.T) {
	for _, in := range []string{
		"qx|o1|md|3SAKQJT98765432HDC,,,|",
		"qx|o1|||pn|a,b,c,d|",
		"qx|o1|md|3SAK",
		"qx|o1|md|3SAK\nmb|p|",
		"junk qx|o1|",
		"abqx|o1|",
		"qx|o1|mb",
		"qx|o1|mb\npc|SA|",
		"abc|x|qx|o1|",
	} {
		Parse([]byte(in), "in.lin")
		b := linBufferPool.Get().(*linBuffers)
		for _, items := range [][]linItem{b.out, b.cur, b.pending, b.floating} {
			for i, it := range items[:cap(items)] {
				if it.diags != nil {
					t.Errorf("after %q, a pooled item (%d) keeps reports: %v", in, i, it.diags)
				}
			}
		}
		linBufferPool.Put(b)
	}
}
