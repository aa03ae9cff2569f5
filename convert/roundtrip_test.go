package convert

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/certify"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/lin"
	"github.com/bridgekit/bridgekit/parser/pbn"
	"github.com/bridgekit/bridgekit/record"

	"github.com/bridgekit/bridgekit/auction"
)

// readPBN reads the boards of a PBN text the way NormalizePBN does, each
// replayed.
func readPBN(data []byte, name string) []*record.Board {
	var boards []*record.Board
	for b, err := range readPBNBoards(pbn.NewReader(bytes.NewReader(data), name)) {
		if err != nil {
			break
		}
		record.Check(b)
		boards = append(boards, b)
	}
	return boards
}

// writePBN writes boards as canonical PBN.
func writePBN(t testing.TB, boards []*record.Board, opt PBNWriterOptions) []byte {
	t.Helper()
	var buf bytes.Buffer
	writeBoards(t, NewPBNWriter(&buf, opt), boards)
	return buf.Bytes()
}

// writer is what the three writers have in common.
type writer interface {
	WriteBoard(*record.Board) error
	Close() error
}

// writeBoards writes boards with w and closes it.
func writeBoards(t testing.TB, w writer, boards []*record.Board) {
	t.Helper()
	for _, b := range boards {
		if err := w.WriteBoard(b); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// trailedLIN is a LINWriter that writes the commentary after the last
// board when it is closed.
type trailedLIN struct {
	*LINWriter
	trailing []record.Comment
}

func (w trailedLIN) Close() error {
	if err := w.WriteTrailer(w.trailing); err != nil {
		return err
	}
	return w.LINWriter.Close()
}

// readLIN reads the boards of a LIN text, each replayed, and the
// commentary after the last.
func readLIN(data []byte, name string) ([]*record.Board, []record.Comment) {
	c := NewLINConverter(name)
	var boards []*record.Board
	for rec, err := range lin.NewReader(bytes.NewReader(data), name).Records() {
		if err != nil {
			if _, ok := err.(*diag.Diagnostic); ok {
				continue // a record too large, skipped
			}
			break
		}
		if b, _ := c.Convert(rec); b != nil {
			record.Check(b)
			boards = append(boards, b)
		}
	}
	return boards, c.Trailing()
}

// writeLIN writes boards and the commentary after them as LIN.
func writeLIN(t testing.TB, boards []*record.Board, trailing []record.Comment, opt LINWriterOptions) []byte {
	t.Helper()
	var buf bytes.Buffer
	writeBoards(t, trailedLIN{NewLINWriter(&buf, opt), trailing}, boards)
	return buf.Bytes()
}

// TestLINCorpus proves for every LIN file of the corpus that reading it,
// writing LIN and reading that gives equal boards (unknown labels kept),
// and that writing what was read back gives the same text again.
func TestLINCorpus(t *testing.T) {
	t.Parallel()
	files := corpusFiles(t, ".lin")
	same, stable, boards := 0, 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		orig, trail := readLIN(data, f)
		out := writeLIN(t, orig, trail, LINWriterOptions{})
		back, trail2 := readLIN(out, f)
		if again := writeLIN(t, back, trail2, LINWriterOptions{}); bytes.Equal(again, out) {
			stable++
		} else {
			t.Errorf("%s: writing LIN read back from LIN changes it at %s", f, firstDiff(out, again))
		}
		if len(back) != len(orig) {
			t.Errorf("%s: %d boards read back, want %d", f, len(back), len(orig))
			continue
		}
		ok := true
		for i := range orig {
			if d := boardDiff(canonLIN(orig[i]), canonLIN(back[i])); d != "" {
				t.Errorf("%s: record of board %d: not kept: %s", f, i+1, d)
				ok = false
				break
			}
		}
		if ok {
			same++
			boards += len(orig)
		}
	}
	t.Logf("LIN round trip: %d of %d files give equal boards (%d boards); %d give the same LIN again", same, len(files), boards, stable)
}

// normalize runs NormalizePBN on data, returning the output and the
// boards written.
func normalize(t testing.TB, data []byte, name string, opt PBNWriterOptions) ([]byte, []*record.Board) {
	t.Helper()
	var buf bytes.Buffer
	var boards []*record.Board
	if err := normalizePBN(&buf, bytes.NewReader(data), name, opt, func(b *record.Board) { boards = append(boards, b) }); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return buf.Bytes(), boards
}

// firstDiff describes where two texts first differ, by line.
func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < max(len(la), len(lb)); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n  first:  %q\n  second: %q", i+1, x, y)
		}
	}
	return "no difference"
}

// TestPBNCorpus proves two guarantees over every PBN file of the corpus:
//
//   - Idempotent: normalizing a normalized file gives it back byte for
//     byte.
//   - Lossless: the boards read back from the normalized file equal the
//     boards read from the original (see canon for what equal means).
func TestPBNCorpus(t *testing.T) {
	t.Parallel()
	files := corpusFiles(t, ".pbn")
	idem, lossless, boards, certified := 0, 0, 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		once, orig := normalize(t, data, f, PBNWriterOptions{})
		certified += exportClean(t, f, data, once)
		twice, back := normalize(t, once, f, PBNWriterOptions{})
		if bytes.Equal(once, twice) {
			idem++
		} else {
			t.Errorf("%s: not idempotent: normalizing twice differs at %s", f, firstDiff(once, twice))
		}
		if len(back) != len(orig) {
			t.Errorf("%s: %d boards read back, want %d", f, len(back), len(orig))
			continue
		}
		ok := true
		for i := range orig {
			if d := boardDiff(canon(orig[i]), canon(back[i])); d != "" {
				t.Errorf("%s: game %d: not lossless: %s", f, i+1, d)
				ok = false
				break
			}
		}
		if ok {
			lossless++
			boards += len(orig)
		}
	}
	t.Logf("idempotent: %d of %d PBN files; lossless: %d of %d (%d boards); export format: %d of %d without a finding",
		idem, len(files), lossless, len(files), boards, certified, len(files))
}

// quoted is the first quoted text of a finding's message: the value or
// the call or card it is about.
var quoted = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// exportClean fails unless out, the writer's output for the file in, is
// in PBN 2.1's export format (package certify), as its header claims, but
// for values the writer keeps as the file states them because they have no
// export form (a board labelled "4-1", a date "1/2/2026", a call that
// reads as none, a deal of spot cards): an export-form finding whose value
// the input states. It
// returns 1 when out has no finding at all.
func exportClean(t *testing.T, name string, in, out []byte) int {
	t.Helper()
	f := pbn.Parse(out, name)
	if !certify.Claims(f.Header) {
		t.Errorf("%s: the written file does not claim the export format", name)
	}
	c := certify.NewChecker(name, f.Header)
	found := c.Header()
	for _, g := range f.Games {
		found = append(found, c.Check(g)...)
	}
	for _, d := range found {
		if m := quoted.FindStringSubmatch(d.Message); d.Code == diag.ExportForm && m != nil {
			// The value as the input states it (the writer writes a "#"
			// that may not inherit as " #"), or a deal of spot cards
			// ("xxx.xx…"), which no export form holds.
			v, err := strconv.Unquote(m[0])
			if err == nil && (bytes.Contains(in, []byte(strings.TrimSpace(v))) || strings.HasPrefix(d.Message, "export format: [Deal") && strings.Contains(v, "x")) {
				continue
			}
		}
		t.Errorf("%s: the writer's output: %s", name, d.String())
	}
	if len(found) == 0 {
		return 1
	}
	return 0
}

// canon returns what of b a PBN round trip must keep, so that two boards
// compare equal exactly when they say the same thing. It drops what records
// how a file wrote the board rather than what it says, and applies the
// canonical writer's documented normalisations:
//
//   - Places (every Loc, Source), the as-written text of calls, cards and
//     inherited values (Text, Raw), and the % lines that declare the file's
//     version and charset, which the writer states afresh.
//   - Values the board has read are compared as read (Number, Dealer,
//     Vulnerable, Deal, Room), not as spelled; a mandatoryTags tag the file
//     does not give reads back as "?" (unknown).
//   - The contract, declarer and result are what the writer writes: the
//     replay's when the auction is complete and legal (Board.Final).
//   - Other tags are sorted by name, tables too, and a tag that repeats
//     another's name and value, or repeats Event, is left out; notes are
//     compared by number and text.
//   - A suffix is its NAG, and NAGs are compared sorted; an alert is a note
//     (one of its own, without text, when the call has none).
//   - Commentary after the Auction or Play tag and commentary before the
//     first call or card are one: PBN cannot tell them apart.
//   - Line breaks in commentary and data are compared as LF.
func canon(b *record.Board) *record.Board { return canonBoard(b, true) }

// canonLIN is canon for a LIN round trip. A LIN writer keeps alerts as
// they are; the rs list of a vugraph header is compared through the
// outcome it gives, and the header's pg pairs are layout.
func canonLIN(b *record.Board) *record.Board {
	c := canonBoard(b, false)
	if c.LIN != nil {
		c.LIN.Result = record.Tag{}
		if v := c.LIN.Vugraph; v != nil {
			v.Results = nil
			v.Pairs = slices.DeleteFunc(v.Pairs, func(p record.LINPair) bool {
				return strings.EqualFold(p.Label, "rs") || strings.EqualFold(p.Label, "pg") || strings.EqualFold(p.Label, "nt")
			})
		}
	}
	return c
}

// canonBoard is canon; pbn says the board went through PBN, which turns
// alerts into notes.
func canonBoard(b *record.Board, pbn bool) *record.Board {
	c := *b
	// The outcome to write, before the file's values are dropped.
	dec, con, res := pbnOutcomeTexts(b)
	c.Source = record.Source{}
	if b.LIN != nil {
		// The header is shared by the boards of a segment: copy it.
		lin := *b.LIN
		lin.Extras = slices.Clone(lin.Extras)
		if v := lin.Vugraph; v != nil {
			vc := *v
			vc.Pairs, vc.Comments, vc.Escapes = slices.Clone(vc.Pairs), slices.Clone(vc.Comments), slices.Clone(vc.Escapes)
			lin.Vugraph = &vc
		}
		c.LIN = &lin
	}
	c.Escapes = slices.DeleteFunc(slices.Clone(c.Escapes), func(e record.Escape) bool { return declaresFile(e.Text) })
	c.Replayed = record.Outcome{}
	c.Coverage = diag.Ledger{} // what the checks made of it, not what it says

	mts := func(t *record.Tag, name string, known bool) {
		if !t.Present() {
			t.Name, t.Value = name, "?"
		}
		t.Name = name
		if known {
			t.Value = ""
		}
	}
	mts(&c.Event, "Event", false)
	mts(&c.Site, "Site", false)
	mts(&c.Date, "Date", false)
	c.Date.Value = ExportDate(c.Date.Value)
	mts(&c.BoardTag, "Board", c.Number > 0)
	for _, s := range auction.Seats {
		mts(&c.Players[s], s.Name(), false)
	}
	mts(&c.DealerTag, "Dealer", c.DealerKnown)
	mts(&c.VulnerableTag, "Vulnerable", c.VulnerableKnown)
	mts(&c.DealTag, "Deal", dealRead(b))
	mts(&c.Scoring, "Scoring", false)
	if c.RoomTag.Present() && c.Room != record.RoomUnknown {
		c.RoomTag.Value = ""
	}
	f := b.File
	c.File = record.Recorded{DeclarerTag: f.DeclarerTag, ContractTag: f.ContractTag, ResultTag: f.ResultTag, ScoreTag: f.ScoreTag}
	c.File.DeclarerTag.Name, c.File.DeclarerTag.Value = "Declarer", dec
	c.File.ContractTag.Name, c.File.ContractTag.Value = "Contract", con
	c.File.ResultTag.Name, c.File.ResultTag.Value = "Result", res

	c.Tags = nil
	typed := writtenTags(nil, b)
	for i := range b.Tags {
		if !redundant(b, typed, i) {
			c.Tags = append(c.Tags, b.Tags[i])
		}
	}
	slices.SortStableFunc(c.Tags, func(x, y record.Tag) int { return strings.Compare(x.Name, y.Name) })
	for i := range c.Tags {
		c.Tags[i].Data = strings.TrimRight(toLF(c.Tags[i].Data), " \t\n")
	}
	c.Tables = slices.Clone(c.Tables)
	slices.SortStableFunc(c.Tables, func(x, y record.Table) int { return strings.Compare(x.Tag.Name, y.Tag.Name) })

	c.Auction = canonAuction(b.Auction, pbn)
	c.Play = canonPlay(b.Play)
	c.Auction.Tag.Value, c.Play.Tag.Value = "", ""
	if c.Auction.Present {
		c.Auction.Tag.Name = "Auction"
	}
	if c.Play.Present {
		c.Play.Tag.Name = "Play"
	}
	clean(reflect.ValueOf(&c).Elem())
	return &c
}

func canonAuction(a record.AuctionRecord, pbn bool) record.AuctionRecord {
	alerts := make([]int, len(a.Calls))
	if pbn {
		alerts = alertNotes(&a)
	}
	a.Calls = slices.Clone(a.Calls)
	a.Notes = canonNotes(a.Notes)
	for i := range a.Calls {
		c := &a.Calls[i]
		if c.Readable() {
			c.Text = ""
		}
		if alerts[i] > 0 {
			c.Note = alerts[i]
		}
		c.Alert = c.Alert && !pbn
		c.Annotations = canonAnnotations(c.Annotations, false)
	}
	for _, n := range alerts[len(a.Calls):] {
		a.Notes = append(a.Notes, record.Note{Number: n})
	}
	a.Tag.Comments = append(slices.Clip(a.Tag.Comments), a.Comments...)
	a.Comments = nil
	return a
}

func canonPlay(p record.PlayRecord) record.PlayRecord {
	p.Cards = slices.Clone(p.Cards)
	p.Notes = canonNotes(p.Notes)
	for i := range p.Cards {
		c := &p.Cards[i]
		if c.Card.Valid() || c.Text == "-" {
			c.Text = ""
		}
		c.Annotations = canonAnnotations(c.Annotations, true)
	}
	p.Tag.Comments = append(slices.Clip(p.Tag.Comments), p.Comments...)
	p.Comments = nil
	return p
}

func canonNotes(ns []record.Note) []record.Note {
	ns = slices.Clone(ns)
	for i := range ns {
		if ns[i].Number > 0 {
			ns[i].Tag.Name, ns[i].Tag.Value = "", ""
		}
	}
	return ns
}

func canonAnnotations(a record.Annotations, card bool) record.Annotations {
	if n := qualityNAG(a.Suffix, card); n > 0 {
		a.NAGs = append(slices.Clone(a.NAGs), n)
		a.Suffix = ""
	}
	a.NAGs = slices.Sorted(slices.Values(a.NAGs))
	return a
}

var (
	locType  = reflect.TypeFor[diag.Pos]()
	spanType = reflect.TypeFor[diag.Span]()
)

// clean zeroes every place (Loc, span, End) and Raw in v, turns empty
// slices into nil, and compares commentary with LF line breaks.
func clean(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			clean(v.Elem())
		}
	case reflect.Struct:
		if v.Type() == locType || v.Type() == spanType {
			v.SetZero()
			return
		}
		if f := v.FieldByName("End"); f.IsValid() && f.Kind() == reflect.Int {
			f.SetInt(0)
		}
		if c, ok := v.Addr().Interface().(*record.Comment); ok {
			c.Text = toLF(c.Text)
		}
		if t, ok := v.Addr().Interface().(*record.Tag); ok {
			t.Raw = ""
			t.Value = strings.Map(func(r rune) rune { // as a PBN string can hold it
				switch {
				case r == '\t' || r == '\n' || r == '\v' || r == '\f' || r == '\r':
					return ' '
				case r < ' ' || r == 0x7f:
					return '\uFFFD'
				}
				return r
			}, t.Value)
			if t.Value == "#" || strings.HasPrefix(t.Value, "##") {
				t.Value = " " + t.Value
			}
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				clean(v.Field(i))
			}
		}
	case reflect.Slice:
		if v.Len() == 0 {
			v.SetZero()
			return
		}
		for i := range v.Len() {
			clean(v.Index(i))
		}
	case reflect.Array:
		for i := range v.Len() {
			clean(v.Index(i))
		}
	}
}

// boardDiff returns "" when a and b are equal, else the first difference.
func boardDiff(a, b *record.Board) string {
	if reflect.DeepEqual(a, b) {
		return ""
	}
	ja, _ := json.MarshalIndent(a, "", " ")
	jb, _ := json.MarshalIndent(b, "", " ")
	if bytes.Equal(ja, jb) {
		return "boards differ in a way JSON does not show"
	}
	return "boards differ at " + firstDiff(ja, jb)
}
