package pbn

import (
	"io"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/parser/internal/scan"
)

// TestJunkBounded: what the reader holds, and how many reports it makes,
// follow the structure of the input, not its bytes. Each of these inputs
// once took hundreds of megabytes.
func TestJunkBounded(t *testing.T) {
	// Games may take 4 MiB, so that past it the text is skipped unread.
	const size = 3 << 20
	many := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	for _, tc := range []struct {
		name, text string
		want       diag.Code // a code the capped reports include
	}{
		{"PBN of calls", "[Board \"1\"]\n[Auction \"N\"]\n" + many("1C "), "too-many-tokens"},
		{"PBN of cards", "[Board \"1\"]\n[Play \"W\"]\n" + many("SA "), "too-many-tokens"},
		{"PBN of stray lines", "[Board \"1\"]\n\n" + many("x]\n\n"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			testinput.CheckBounded(t, tc.text, tc.want, 2*scan.MaxFileDiagnostics, func(src io.Reader) diag.List {
				var diags diag.List
				r := NewReader(src, "junk.pbn")
				for g := range r.Games() {
					if g != nil {
						diags = append(diags, g.Diagnostics...)
					}
				}
				return append(diags, r.Diagnostics()...)
			})
		})
	}
}

// TestRussianSplitCalls: a call written in words is one token, bids above
// seven too ("восемь пик", "8 NT"), so that it is reported as a bid above
// seven (Law 38) rather than as two words that are no call. A line end
// between the words is white space like any other (PBN §3.1), so a call
// split across lines is the same call.
func TestRussianSplitCalls(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ text, want string }{
		{"1C восемь пик 8 NT одну, пику Пасс\n", "1C|восемь пик|8 NT|одну, пику|Пасс"},
		{"1 без\nкозыря\n", "1 без\nкозыря"},
		{"1\r\nбез\tкозыря all\npass\n", "1\r\nбез\tкозыря|all\npass"},
	} {
		f := Parse([]byte("[Auction \"N\"]\n"+tc.text), "ru.pbn")
		var got []string
		for _, tok := range f.Games[0].Sections[0].Tokens {
			got = append(got, tok.Text)
		}
		if strings.Join(got, "|") != tc.want {
			t.Errorf("%q: tokens %q, want %q", tc.text, strings.Join(got, "|"), tc.want)
		}
	}
}

// TestTableTooLong: a table of more rows than the reader reads is cut at
// the limit and said, at the first row skipped; the game after it is read.
func TestTableTooLong(t *testing.T) {
	text := "[Event \"E\"]\n[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;MP_NS\"]\n" +
		strings.Repeat("1 2 3\n", maxTableRows+5) + "\n[Event \"E\"]\n[Board \"2\"]\n"
	games, _, err := readAllPBN(t, strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("%d games", len(games))
	}
	g := games[0]
	var rows int
	for _, s := range g.Sections {
		if s.Tag != nil && s.Tag.Name == "ScoreTable" {
			rows = len(s.Rows)
		}
	}
	if rows != maxTableRows {
		t.Errorf("%d rows read, want %d", rows, maxTableRows)
	}
	found := false
	for _, d := range g.Diagnostics {
		if d.Code == "table-too-long" {
			found = true
			if want := 3 + maxTableRows + 1; int(d.Line) != want || d.Col != 1 {
				t.Errorf("at %s, want %d:1", d.Pos, want)
			}
		}
	}
	if !found {
		t.Errorf("no table-too-long finding: %v", g.Diagnostics)
	}
}

// TestColumnWidth: a column's width is read up to maxColumnWidth; a wider
// one, which a writer would pad every cell to, is said and left out.
func TestColumnWidth(t *testing.T) {
	for _, c := range []struct {
		spec  string
		width int
		fault string
	}{
		{`Names_NS\20L`, 20, ""},
		{`Score_NS\\5R`, 5, ""},
		{`Rank\255`, 255, ""},
		{`Rank\256R`, 0, "the width 256 is more than 255"},
		{`Rank\2222222Id_NS`, 0, "the width 2222222 is more than 255"},
		{`Rank\99999999999999999999`, 0, "the width 99999999999999999999 is more than 255"},
		{`Rank\2X`, 2, "not \"X\""},
		{`Rank\R`, 0, "is not followed by a width"},
	} {
		col, fault := parseColumn(c.spec)
		if col.Width != c.width || !strings.Contains(fault, c.fault) || (c.fault == "") != (fault == "") {
			t.Errorf("%s: width %d, %q; want %d, %q", c.spec, col.Width, fault, c.width, c.fault)
		}
	}
}
