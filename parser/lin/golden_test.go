package lin

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/testinput"
)

var update = flag.Bool("update", false, "rewrite the golden files of the tests")

// dumpLIN renders records and file diagnostics as text, one line per pair,
// for golden files: every position, value and diagnostic shows.
func dumpLIN(recs []*Record, diags diag.List) string {
	var b strings.Builder
	for _, d := range diags {
		fmt.Fprintf(&b, "file: %s\n", d)
	}
	for _, r := range recs {
		fmt.Fprintf(&b, "record %d %s %s-%s", r.Index, r.Kind, r.Pos, r.End)
		if r.Incomplete {
			b.WriteString(" incomplete")
		}
		b.WriteByte('\n')
		for _, c := range r.Comments {
			fmt.Fprintf(&b, "  %% %s %q\n", c.Pos, c.Text)
		}
		for _, p := range r.Pairs {
			fmt.Fprintf(&b, "  %2d %s@%s %q@%s end %s (offset %d)\n", p.Index, p.Label, p.Pos, p.Value, p.ValuePos, p.End, p.Pos.Offset)
		}
		for _, d := range r.Diagnostics {
			fmt.Fprintf(&b, "  ! %s\n", d)
		}
		dumpViews(&b, r)
	}
	return b.String()
}

// dumpViews renders the typed views of a record.
func dumpViews(b *strings.Builder, r *Record) {
	if p := r.Get("md"); p != nil {
		d, _ := ParseDeal(p.Value)
		fmt.Fprintf(b, "  = deal dealer %d given %d:", d.Dealer, d.Given)
		for _, h := range d.Hands {
			fmt.Fprintf(b, " %q", h.Suits)
		}
		b.WriteByte('\n')
	}
	if calls := r.Calls(); len(calls) > 0 {
		b.WriteString("  = calls:")
		for _, c := range calls {
			b.WriteString(" " + c.Text)
			if c.Alert {
				b.WriteString("!")
			}
			if c.NotePair != nil {
				fmt.Fprintf(b, "(%q)", c.Note)
			}
		}
		b.WriteByte('\n')
	}
	if cards := r.Cards(); len(cards) > 0 {
		b.WriteString("  = cards:")
		for _, c := range cards {
			b.WriteString(" " + c.Text)
		}
		b.WriteByte('\n')
	}
	if n, _, ok := r.Claim(); ok {
		fmt.Fprintf(b, "  = claim %d\n", n)
	}
	if v, _, ok := r.Vulnerability(); ok {
		fmt.Fprintf(b, "  = vulnerability %s\n", v)
	}
	if n, ok := r.Board(); ok {
		fmt.Fprintf(b, "  = board %d\n", n)
	}
	if names := r.Names(); names != nil {
		fmt.Fprintf(b, "  = names %q\n", names)
	}
	if e, ok := r.Event(); ok {
		fmt.Fprintf(b, "  = event %+v\n", e)
	}
	if rs := r.Results(); rs != nil {
		b.WriteString("  = results:")
		for _, x := range rs {
			switch {
			case x.Empty():
				b.WriteString(" ()")
			case x.Passed:
				b.WriteString(" (passed)")
			default:
				fmt.Fprintf(b, " (%d%c%c%s %q %q %d)", x.Level, x.Strain, x.Declarer, x.Risk, x.Contract, x.Result, x.Tricks)
			}
		}
		b.WriteByte('\n')
	}
}

// TestLINGolden reads each fixture in testdata/lin and compares the dump of
// its records with the .golden file beside it (rewritten with -update). It
// also reads each fixture one byte at a time, which must give the same dump.
func TestLINGolden(t *testing.T) {
	inputs, err := filepath.Glob("testdata/*.input")
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Base(in)
			recs, diags := Parse(src, name)
			got := dumpLIN(recs, diags)
			golden := strings.TrimSuffix(in, ".input") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				_ = os.WriteFile(golden+".got", []byte(got), 0o644)
				t.Errorf("dump differs from %s; see %s.got", golden, golden)
			}
			slow := readAllLIN(t, NewReader(iotest.OneByteReader(bytes.NewReader(src)), name))
			if s := dumpLIN(slow.recs, slow.diags); s != got {
				t.Errorf("reading one byte at a time gives a different dump:\n%s", s)
			}
		})
	}
}

type linResult struct {
	recs  []*Record
	errs  []error
	diags diag.List
}

func readAllLIN(t *testing.T, lr *Reader) linResult {
	t.Helper()
	var res linResult
	for rec, err := range lr.Records() {
		if err != nil {
			res.errs = append(res.errs, err)
			continue
		}
		res.recs = append(res.recs, rec)
	}
	res.diags = lr.Diagnostics()
	return res
}

// corpusLINFiles returns every LIN file of the corpus and the web pages
// holding LIN.
func corpusLINFiles(t testing.TB) []string {
	dir := testinput.NeedCorpus(t)
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		ext := strings.ToLower(filepath.Ext(path))
		if ext == ".lin" || (ext == ".html" && strings.Contains(path, "lin_in_html")) {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestLINCorpus reads every LIN file of the corpus (and the two web pages)
// and checks the number and kinds of records of the files counted by hand.
func TestLINCorpus(t *testing.T) {
	t.Parallel()
	// Counted by hand: grep -c of qx| and of lines, and a look at the layout.
	want := map[string]struct {
		records int
		kinds   map[Kind]int
	}{
		"bridge-bots/usbf_sf_14502.lin":                          {31, map[Kind]int{Header: 1, Room: 30}}, // boards 46–60, open and closed
		"deal-convert/test.lin":                                  {33, map[Kind]int{Header: 1, Room: 32}}, // 16 boards × 2 rooms
		"bridge-robot-utilities/Match- GIBNS v GIBEW 1-4.lin":    {9, map[Kind]int{Header: 1, Room: 8}},   // pn before qx
		"bridge-robot-utilities/Match- GIBNS v GIBEW BC 1-4.lin": {9, map[Kind]int{Header: 1, Room: 8}},
		"endplay/example1.lin":                                   {8, map[Kind]int{Single: 8}},
		"rick-wilson-parsers/kemistry-boards-2026-01-14.lin":     {12, map[Kind]int{Room: 12}},
		"bridge-bots/sample.lin":                                 {1, map[Kind]int{Single: 1}},
		"pbntools/lin/1047742261.lin":                            {1, map[Kind]int{Single: 1}},
		"pbntools/lin/3381671193.lin":                            {1, map[Kind]int{Single: 1}},
		"pbntools/lin/3381683999.lin":                            {1, map[Kind]int{Single: 1}},
		"pbntools/lin/3399598383.lin":                            {1, map[Kind]int{Single: 1}},
		"pbntools/lin/3399600265.lin":                            {1, map[Kind]int{Single: 1}},
		"pbntools/lin_skyclub/20784108.lin":                      {1, map[Kind]int{Single: 1}},
		"pbntools/lin_skyclub/20784130.lin":                      {1, map[Kind]int{Single: 1}},
		"pbntools/lin_wronie/28189365.lin":                       {1, map[Kind]int{Single: 1}},
		"pbntools/lin_in_html/traveller_38345851.html":           {16, map[Kind]int{Single: 16}}, // 16 tables of board 1
		"pbntools/lin_in_html/hands_history.html":                {2, map[Kind]int{Single: 2}},
	}
	dir := testinput.NeedCorpus(t)
	seen := 0
	for _, path := range corpusLINFiles(t) {
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		t.Run(rel, func(t *testing.T) {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			res := readAllLIN(t, NewReader(f, rel))
			if len(res.errs) > 0 {
				t.Errorf("errors: %v", res.errs)
			}
			if len(res.recs) == 0 {
				t.Errorf("no records")
			}
			w, ok := want[rel]
			if !ok {
				return
			}
			seen++
			kinds := map[Kind]int{}
			for _, r := range res.recs {
				kinds[r.Kind]++
				for _, d := range r.Diagnostics {
					if d.Severity == diag.Error {
						t.Errorf("unexpected error: %s", d)
					}
				}
			}
			if len(res.recs) != w.records || fmt.Sprint(kinds) != fmt.Sprint(w.kinds) {
				t.Errorf("got %d records %v, want %d %v", len(res.recs), kinds, w.records, w.kinds)
			}
		})
	}
	if seen < 15 {
		t.Errorf("only %d of the hand-counted files were found", seen)
	}
}

// TestLINCorpusDetails checks facts of particular corpus files that the
// record counts do not show.
func TestLINCorpusDetails(t *testing.T) {
	t.Parallel()
	dir := testinput.NeedCorpus(t)
	read := func(rel string) []*Record {
		src, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Skip(err)
		}
		recs, _ := Parse(src, rel)
		return recs
	}
	t.Run("usbf", func(t *testing.T) {
		recs := read("bridge-bots/usbf_sf_14502.lin")
		hdr := recs[0]
		if e, _ := hdr.Event(); e.FirstBoard != 46 || e.LastBoard != 60 || e.Team1 != "Nickell" || e.Carry2 != "99" {
			t.Errorf("event %+v", e)
		}
		if n := len(hdr.Results()); n != 30 {
			t.Errorf("rs has %d entries, want 30", n)
		}
		if names := hdr.Names(); len(names) != 8 || names[0] != "Meckstroth" {
			t.Errorf("header names %q", names)
		}
		r := recs[1] // qx|o46: the deal's 52 cards, 4 hands, lower-case cards, commentary in between
		if tb, _ := ParseTable(r.Get("qx").Value); tb.Room != 'o' || tb.Board != 46 {
			t.Errorf("table %+v", tb)
		}
		if cards := r.Cards(); len(cards) != 5*4 || cards[0].Text != "C2" {
			t.Errorf("cards %d %v", len(cards), cards[:1])
		}
		calls := r.Calls()
		if len(calls) != 8 || calls[2].Text != "3C" || !calls[2].Alert || calls[2].Note != "jacoby 2N" {
			t.Errorf("calls %+v", calls)
		}
		if n, _, ok := r.Claim(); !ok || n != 10 {
			t.Errorf("claim %d %v", n, ok)
		}
		if len(r.Notes()) != 8 {
			t.Errorf("notes %d", len(r.Notes()))
		}
	})
	t.Run("match", func(t *testing.T) {
		recs := read("bridge-robot-utilities/Match- GIBNS v GIBEW 1-4.lin")
		r := recs[1] // pn|…|qx|o1,BOARD 1|…|sv|o⏎|sa|0|
		if r.Pairs[0].Label != "pn" || r.Pairs[1].Value != "o1,BOARD 1" {
			t.Errorf("record starts %v %v", r.Pairs[0], r.Pairs[1])
		}
		if v, p, ok := r.Vulnerability(); !ok || v != "o" || p.Value != "o" {
			t.Errorf("sv %q", p.Value)
		}
		if hdr := recs[0]; hdr.Get("pn").Value != "GIBNS,GIBEW,GIBNS,GIBEW,GIBEW,GIBNS,GIBEW,GIBNS" {
			t.Errorf("header pn %q", hdr.Get("pn").Value)
		}
	})
	t.Run("deal-convert", func(t *testing.T) {
		recs := read("deal-convert/test.lin")
		if v, _, _ := recs[1].Vulnerability(); v != "o" {
			t.Errorf("sv|0| read as %q", v)
		}
		if len(recs[1].Calls()) != 0 {
			t.Errorf("calls in a record without auction")
		}
	})
	t.Run("traveller", func(t *testing.T) {
		recs := read("pbntools/lin_in_html/traveller_38345851.html")
		var found bool
		for _, r := range recs {
			for _, c := range r.Calls() {
				if c.Note == "4+" {
					found = true // %2B decoded to a plus, not a space
				}
			}
			if r.Pos.Line < 2 {
				t.Errorf("record %d at %s: positions should point into the page", r.Index, r.Pos)
			}
		}
		if !found {
			t.Errorf("no explanation \"4+\"")
		}
	})
}

// TestLINReadError checks that a failing reader ends the records with its error.
func TestLINReadError(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("pn|a,b,c,d|md|1SAKQJT98765432H,,,|"), iotest.ErrReader(boom))
	res := readAllLIN(t, NewReader(r, "x.lin"))
	if len(res.errs) != 1 || !errors.Is(res.errs[0], boom) {
		t.Fatalf("errors %v", res.errs)
	}
	lr := NewReader(strings.NewReader("pn|a|"), "x.lin")
	for range lr.Records() {
	}
	for _, err := range lr.Records() {
		if err == nil {
			t.Fatal("a second pass over the records should fail")
		}
	}
}

// TestLINTooLong checks that text over the cap of a record is skipped up to
// the next line break, that the record before it is kept (cut short), and
// that reading resumes after it.
func TestLINTooLong(t *testing.T) {
	t.Parallel()
	huge := "nt|" + strings.Repeat("x", 5000) + "|pg||\n"
	junk := strings.Repeat("y", 9000) + "\n"
	src := junk + "pn|a,b,c,d|md|1S2,,,|sv|o|\n" + huge + "pn|e,f,g,h|md|2S3,,,|sv|n|\n" + junk + "pn|i,j,k,l|md|3S4,,,|sv|b|"
	lr := NewReader(strings.NewReader(src), "big.lin")
	lr.maxRecord = 1 << 12
	res := readAllLIN(t, lr)
	var got []string
	for _, r := range res.recs {
		s := r.Get("pn").Value
		for _, d := range r.Diagnostics.Errors() {
			s += fmt.Sprintf(" %s@%d", d.Code, d.Line)
		}
		got = append(got, s)
	}
	if want := "[a,b,c,d lin-too-long@3 e,f,g,h lin-too-long@5 i,j,k,l]"; fmt.Sprint(got) != want {
		t.Errorf("records %q, want %s", got, want)
	}
	var d *diag.Diagnostic
	if len(res.errs) != 1 || !errors.As(res.errs[0], &d) || d.Code != "lin-too-long" || d.Line != 1 {
		t.Fatalf("errors %v", res.errs)
	}
}

// TestReadLINSmallInputAllocs checks that reading a small file allocates
// in proportion to it: the scanner's buffers are kept from one input to
// the next, not allocated at 64 KiB for each.
func TestReadLINSmallInputAllocs(t *testing.T) {
	if testinput.RaceEnabled {
		t.Skip("the race detector empties pools at random")
	}
	src := []byte("pn|Ann,Bob,Cid,Dee|st||md|3S23456789TJQKAHA,H23456789TJQK,C23456789TJQK,|sv|0|mb|1S|mb|p|mb|p|mb|p|pg||\n")
	read := func() {
		if recs, _ := Parse(src, "small.lin"); len(recs) != 1 {
			t.Fatalf("read %d records, want 1", len(recs))
		}
	}
	read()
	if per := testinput.AllocBytes(100, read); per > 24<<10 {
		t.Errorf("reading %d bytes of LIN allocates %d bytes", len(src), per)
	}
}

// TestAdvancePos checks positions against a byte-at-a-time count, over
// ASCII, Cyrillic, line breaks, stray continuation bytes and every length
// around the eight bytes charCount reads at once.
func TestAdvancePos(t *testing.T) {
	t.Parallel()
	slow := func(p diag.Pos, b []byte) diag.Pos {
		p.Offset += len(b)
		for _, c := range b {
			switch {
			case c == '\n':
				p.Line++
				p.Col = 1
			case c < 0x80 || c >= 0xC0:
				p.Col++
			}
		}
		return p
	}
	text := []byte("mb|1S|an|Пас — \x80 стоп|\npc|SA|\n\nnt|日本|\xbf\xc0")
	for i := range len(text) + 1 {
		for j := i; j <= len(text); j++ {
			start := diag.Pos{Offset: 3, Line: 2, Col: 5}
			if got, want := advancePos(start, text[i:j]), slow(start, text[i:j]); got != want {
				t.Fatalf("advancePos over %q: %+v, want %+v", text[i:j], got, want)
			}
		}
	}
}

// TestCursor checks the positions a cursor hands out, by runs of plain
// text and otherwise, against advancePos from the start of the window, for
// every stride through text that mixes long ASCII runs, Cyrillic and line
// breaks, and plainRun against a byte loop on every byte value.
func TestCursor(t *testing.T) {
	t.Parallel()
	text := []byte("pn|South,West,North,East|st||md|3SA2,,,|mb|1S|an|Пас — \x80 стоп|\npc|SA|\n\nnt|日本|\xbf\xc0mb|p|mb|p|pc|D2|pc|DA|")
	start := diag.Pos{Offset: 3, Line: 2, Col: 5}
	for stride := 1; stride <= 20; stride++ {
		for first := 0; first < stride; first++ {
			cur := cursor{b: text, pos: start}
			for i := first; i <= len(text); i += stride {
				if got, want := cur.at(i), advancePos(start, text[:i]); got != want {
					t.Fatalf("stride %d, at %d: %+v, want %+v", stride, i, got, want)
				}
			}
		}
	}
	for c := range 256 {
		for n := range 20 {
			b := bytes.Repeat([]byte{'a'}, 20)
			b[n] = byte(c)
			want := 20
			for i, x := range b {
				if x == '\n' || x >= 0x80 {
					want = i
					break
				}
			}
			if got := plainRun(b, 0); got != want {
				t.Fatalf("plainRun with %#x at %d: %d, want %d", c, n, got, want)
			}
		}
	}
}
