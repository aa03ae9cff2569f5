package convert

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/record"
)

// field is one thing a board says, as a conversion to the other format and
// back must keep it (carried) or may lose it.
type field struct {
	name    string
	carried bool
	why     string // for a field that is not carried: why the other format cannot hold it
	get     func(b *record.Board) string
	// needs are the fields the field is carried with: a board that loses
	// one of them loses this one too (counted, not an error).
	needs []string
	// noted says which entries of the writers' "cannot hold" notes
	// (Dropped) name the loss of a field that is not carried: a board
	// that loses it must have one of them.
	noted func(b *record.Board, what string) bool
	// subset, for a field whose text is a list of entries separated by
	// sep, says that the board keeps it when every entry it had comes
	// back: a writer may make explicit what the board took from another
	// (the teams a vugraph header gives every board of its match).
	subset bool
	sep    string
}

// kept reports whether the field's text now keeps what was.
func (f field) kept(was, now string) bool {
	if !f.subset || was == now {
		return was == now
	}
	if was == "" {
		return true
	}
	got := strings.Split(now, f.sep)
	for _, e := range strings.Split(was, f.sep) {
		if !slices.Contains(got, e) {
			return false
		}
	}
	return true
}

// named is a noted that takes the entries given.
func named(whats ...string) func(*record.Board, string) bool {
	return func(_ *record.Board, what string) bool { return slices.Contains(whats, what) }
}

// namedTag is a noted that takes the name of a tag or table of the board.
func namedTag(b *record.Board, what string) bool {
	switch what {
	case "Site", "Date", "Scoring", "Score":
		return true
	}
	return slices.ContainsFunc(b.Tags, func(t record.Tag) bool { return t.Name == what }) ||
		slices.ContainsFunc(b.Tables, func(t record.Table) bool { return t.Tag.Name == what })
}

// contractAndDeclarer is the contract and declarer written for a board.
func contractAndDeclarer(b *record.Board) string {
	d, c, _ := outcomeTexts(b)
	return givenText(c) + " " + givenText(d)
}

// commonFields are the fields both formats hold.
var commonFields = []field{
	{name: "board number", carried: true, get: func(b *record.Board) string { return fmt.Sprint(b.Number) }},
	{name: "players", carried: true, get: func(b *record.Board) string {
		var n []string
		for _, s := range auction.Seats {
			n = append(n, linNameText(b.Player(s)))
		}
		return strings.Join(n, ",")
	}},
	// The dealer and the vulnerability as LIN writes them: the board's,
	// else what settles them (the writer's note counts those boards).
	{name: "dealer", carried: true, get: func(b *record.Board) string {
		d, _, ok := linDealer(b)
		return fmt.Sprint(ok, d)
	}},
	{name: "vulnerability", carried: true, get: func(b *record.Board) string {
		v, _, ok := linVulnerability(b)
		return fmt.Sprint(ok, v)
	}},
	{name: "calls (with the leading passes a record leaves out)", carried: true, get: func(b *record.Board) string {
		var calls []string
		if b.Replayed.Shift > 0 && b.Final().FromReplay {
			for range b.Replayed.Shift {
				calls = append(calls, "Pass")
			}
		}
		for _, c := range b.Auction.Calls {
			switch {
			case c.Skip, !c.Call.Valid() && (c.Text == "+" || c.Text == "*"):
			case c.Call.Valid():
				calls = append(calls, c.Call.String())
			default:
				calls = append(calls, strings.TrimSpace(c.Text))
			}
		}
		return strings.Join(calls, " ")
	}},
	{name: "alerts and their explanations", carried: true, get: func(b *record.Board) string {
		var out []string
		i := -1 // the index among the calls both formats hold
		for _, c := range b.Auction.Calls {
			if c.Skip {
				continue
			}
			i++
			explained := ""
			if n := b.Auction.Note(c.Note); n != nil && c.Note > 0 {
				explained = strings.Join(strings.Fields(n.Text), " ")
			}
			if c.Alert || c.Note > 0 {
				out = append(out, fmt.Sprintf("%d:%q", i, explained))
			}
		}
		return strings.Join(out, " ")
	}},
	{name: "play", carried: true, needs: []string{"contract and declarer", marksOnCards}, get: func(b *record.Board) string {
		var cards []string
		for _, c := range b.Play.Cards {
			if !c.Card.Valid() {
				break
			}
			cards = append(cards, c.Card.String())
		}
		return strings.Join(cards, " ")
	}},
	{name: "result", carried: true, get: func(b *record.Board) string {
		if f := b.Final(); f.TricksKnown {
			return fmt.Sprint(f.Tricks)
		}
		return "?"
	}},
	{name: "commentary on calls and cards (card notes become commentary)", carried: true, needs: []string{"contract and declarer", commentaryBefore}, get: func(b *record.Board) string {
		var out []string
		add := func(cs []record.Comment) {
			for _, c := range cs {
				out = append(out, strings.Join(strings.Fields(c.Text), " "))
			}
		}
		for _, c := range b.Auction.Calls {
			add(c.Comments)
		}
		add(b.Play.Tag.Comments)
		add(b.Play.Comments)
		for _, c := range b.Play.Cards {
			if !c.Card.Valid() {
				break
			}
			if n := b.Play.Note(c.Note); n != nil && c.Note > 0 && strings.TrimSpace(n.Text) != "" {
				out = append(out, strings.Join(strings.Fields(n.Text), " "))
			}
			add(c.Comments)
		}
		return strings.Join(out, "|")
	}},
}

// pbnOnly are the fields of a PBN board that LIN holds only in part, or
// not at all.
var pbnOnly = []field{
	{name: "room", why: "only in a vugraph file: a PBN board of no known room is a record of its own", noted: named("Room (only a vugraph file holds it)"), get: func(b *record.Board) string { return b.Room.String() }},
	{name: "event", why: "only in a vugraph header", noted: named("Event"), get: func(b *record.Board) string { return givenText(b.Event.Value) }},
	{name: "deal", why: `a hand whose cards are not named ("x") and a fourth hand hidden behind three full ones`, noted: named("a deal md reads back otherwise (a hand derived from three full ones, a card twice)"), get: func(b *record.Board) string { return b.Deal.String() }},
	{name: "contract and declarer", why: "LIN gives them by the auction, or by rs in a vugraph file: the file's own values are lost where the auction does not give them, and with them who led to the play", noted: named("Contract and Declarer (no complete, legal auction gives them)", "^I marks on calls (an accepted insufficient bid reads back as not accepted)", "skipped turns (^S)", "a Declarer marked ^ (LIN gives the declarer by the auction)", "an auction from another seat than the dealer's (LIN's calls start with the dealer)"), get: contractAndDeclarer},
	{name: "site, date, scoring and other tags", why: "LIN has no place for them", subset: true, sep: ";", noted: namedTag, get: func(b *record.Board) string {
		var out []string
		for _, t := range writtenTags(nil, b) {
			if t.name == "Site" || t.name == "Date" || t.name == "Scoring" || t.name == "Score" || t.name == "Room" {
				out = append(out, givenText(t.value))
			}
		}
		for _, t := range b.Tags {
			out = append(out, t.Name+"="+t.Value)
		}
		return strings.Join(out, ";")
	}},
	{name: "suffixes and NAGs", why: "LIN has no annotation glyphs", noted: named("NAGs and suffixes"), get: func(b *record.Board) string {
		return annotationText(b, func(a *record.Annotations) string {
			if a.Suffix == "" && len(a.NAGs) == 0 {
				return ""
			}
			return fmt.Sprint(a.Suffix, a.NAGs)
		})
	}},
	{name: "card notes", why: "LIN explains calls only: a card's note becomes commentary after it", noted: named("notes on cards (written as commentary)"), get: func(b *record.Board) string {
		var out []string
		for _, c := range b.Play.Cards {
			if c.Note > 0 {
				out = append(out, fmt.Sprint(c.Note))
			}
		}
		return strings.Join(out, " ")
	}},
	{name: "skipped turns (^S), end marks (*, +) and unknown cards", why: "LIN has no token for them", noted: named("skipped turns (^S)", "end marks (*, +)", "unknown cards (-)"), get: func(b *record.Board) string {
		var out []string
		for _, c := range b.Auction.Calls {
			if c.Skip {
				out = append(out, "^S")
			}
		}
		for _, c := range b.Play.Cards {
			if !c.Card.Valid() {
				out = append(out, "-")
			}
		}
		return strings.Join(out, " ") + b.Auction.End
	}},
	{name: marksOnCards, why: "LIN has no mark for them: the cards of such a trick come back at the seats the replay gives them", noted: named("^R and ^L marks on cards"), get: func(b *record.Board) string {
		var out []string
		for _, c := range b.Play.Cards {
			if c.Revoke || c.OutOfTurn {
				out = append(out, c.Text)
			}
		}
		return strings.Join(out, " ")
	}},
	{name: commentaryBefore, why: "LIN gives commentary between two tables to the table before it", noted: named("line breaks in commentary (written as blanks)", "'|' in commentary (written as '¦')"), get: func(b *record.Board) string {
		var out []string
		for _, c := range b.Leading {
			out = append(out, c.Text)
		}
		return strings.Join(out, "|")
	}},
	{name: "tables and unknown sections", why: "LIN has no place for them", noted: namedTag, get: func(b *record.Board) string { return fmt.Sprint(len(b.Tables)) }},
	{name: "commentary on tags and notes", why: "LIN can put it only before the first call", noted: named("commentary on tags and notes (written before the first call)"), get: func(b *record.Board) string {
		var out []string
		for _, t := range writtenTags(nil, b) {
			for _, c := range t.t.Comments {
				out = append(out, c.Text)
			}
		}
		return strings.Join(out, "|")
	}},
	{name: "% lines", why: "a LIN file written from PBN has none", noted: named("% lines"), get: func(b *record.Board) string {
		var out []string
		for _, e := range b.Escapes {
			if !declaresFile(e.Text) {
				out = append(out, e.Text)
			}
		}
		return strings.Join(out, "|")
	}},
}

// linOnly are the fields of a LIN board that PBN holds only in part, or
// not at all.
var linOnly = []field{
	{name: "room", carried: true, get: func(b *record.Board) string { return b.Room.String() }},
	{name: "deal", carried: true, get: func(b *record.Board) string { return b.Deal.String() }},
	{name: "contract and declarer", carried: true, get: contractAndDeclarer},
	{name: "event", carried: true, get: func(b *record.Board) string { return givenText(b.Event.Value) }},
	{name: "commentary before the board", carried: true, get: func(b *record.Board) string {
		var out []string
		for _, c := range b.Leading {
			out = append(out, c.Text)
		}
		return strings.Join(out, "|")
	}},
	{name: "claim", why: "PBN ends a claimed play with * and gives the tricks in Result: a claim after all 52 cards is not kept", noted: named("a claim after the last card", "a claim that differs from the stated result (PBN's claim is the Result of a play cut short)"), get: func(b *record.Board) string {
		return fmt.Sprint(b.Play.Claimed, b.Play.Claim)
	}},
	{name: "alert marks on explained calls", why: "PBN alerts by note: a call with an explanation comes back without its !", noted: named("alert marks of explained calls"), get: func(b *record.Board) string {
		var out []string
		for i, c := range b.Auction.Calls {
			if c.Alert {
				out = append(out, fmt.Sprint(i))
			}
		}
		return strings.Join(out, " ")
	}},
	{name: "st, rh, pf and unknown labels", why: "PBN has no place for LIN pairs it does not interpret", subset: true, sep: " ", noted: func(_ *record.Board, what string) bool {
		return strings.HasPrefix(what, "LIN ") && strings.HasSuffix(what, " pairs")
	}, get: func(b *record.Board) string {
		if b.LIN == nil {
			return ""
		}
		var out []string
		for _, e := range b.LIN.Extras {
			if e.Value == "" && (strings.EqualFold(e.Label, "st") || strings.EqualFold(e.Label, "rh")) {
				continue // BBO's layout, which says nothing
			}
			out = append(out, e.Label+"|"+e.Value)
		}
		return strings.Join(out, " ")
	}},
	{name: "the vugraph header's other pairs (mp, bn, pw, team names)", why: "PBN has no place for them", subset: true, sep: "\x00", noted: named("vugraph header pairs other than vg, rs and pn", "the vg board range, with the rs entries of rooms that have no record", "vugraph header commentary"), get: func(b *record.Board) string {
		if b.LIN == nil || b.LIN.Vugraph == nil {
			return ""
		}
		return fmt.Sprint(b.LIN.Vugraph.Fields[5:], len(b.LIN.Vugraph.Pairs))
	}},
	{name: "the table's own numbering (qx|o39| for board 3)", why: "PBN keeps the room; qx is written again from the room and the board", noted: named("qx table numbers (written again from the room and the board)"), get: func(b *record.Board) string {
		if b.LIN == nil {
			return ""
		}
		return b.LIN.Table.Value
	}},
	{name: "% lines", why: "a LIN file written from PBN has none", noted: named("% lines"), get: func(b *record.Board) string {
		var out []string
		for _, e := range b.Escapes {
			out = append(out, e.Text)
		}
		return strings.Join(out, "|")
	}},
}

// givenText is a value as a reader takes it: "?", PBN's unknown, is no
// value, as is the value a writer leaves out.
func givenText(v string) string {
	if v = strings.TrimSpace(v); v == "?" {
		return ""
	}
	return v
}

// annotationText lists what f gives for the calls and cards that have
// any of it.
func annotationText(b *record.Board, f func(*record.Annotations) string) string {
	var out []string
	for i := range b.Auction.Calls {
		if v := f(&b.Auction.Calls[i].Annotations); v != "" {
			out = append(out, v)
		}
	}
	for i := range b.Play.Cards {
		if v := f(&b.Play.Cards[i].Annotations); v != "" {
			out = append(out, v)
		}
	}
	return strings.Join(out, " ")
}

// The fields of a PBN board that LIN does not hold and others depend on.
const (
	marksOnCards     = "accepted revokes and leads out of turn (^R, ^L)"
	commentaryBefore = "commentary before a board"
)

// compareFields checks that every carried field of each board in orig is
// the same in back, and counts the boards that lost each field that is not
// carried.
func compareFields(t *testing.T, file string, fields []field, orig, back []*record.Board, noted [][]string, lost map[string]int) {
	t.Helper()
	if len(back) != len(orig) {
		t.Errorf("%s: %d boards come back, want %d", file, len(back), len(orig))
		return
	}
	byName := map[string]field{}
	for _, f := range fields {
		byName[f.name] = f
	}
	for i := range orig {
		for _, f := range fields {
			a, b := f.get(orig[i]), f.get(back[i])
			switch {
			case f.kept(a, b):
			case slices.ContainsFunc(f.needs, func(n string) bool {
				g, ok := byName[n]
				return ok && g.get(orig[i]) != g.get(back[i])
			}):
				lost[f.name+" (with what it needs)"]++
			case f.carried:
				t.Errorf("%s: board %d: %s not kept:\n  was  %q\n  now  %q", file, i+1, f.name, a, b)
			case f.noted == nil || !slices.ContainsFunc(noted[i], func(what string) bool { return f.noted(orig[i], what) }):
				t.Errorf("%s: board %d: %s lost, and no writer's note says so (it says %q):\n  was  %q\n  now  %q", file, i+1, f.name, noted[i], a, b)
			default:
				lost[f.name]++
			}
		}
	}
}

// reportLost logs, per field not carried, how many boards lost it.
func reportLost(t *testing.T, fields []field, lost map[string]int) {
	for _, f := range fields {
		switch {
		case !f.carried:
			t.Logf("not carried: %s (%s): lost on %d boards", f.name, f.why, lost[f.name])
		case len(f.needs) > 0:
			t.Logf("carried with %s: %s: lost with them on %d boards", strings.Join(f.needs, ", "), f.name, lost[f.name+" (with what it needs)"])
		}
	}
}

// TestPBNToLINToPBN converts every PBN fixture and corpus file to LIN and back
// to PBN. What LIN can carry comes back the same on every board: the
// board number, players, dealer, vulnerability, calls, alerts and their
// explanations, the play, the result, commentary on calls and cards. The
// other fields are named with the reason they are lost, and counted.
func TestPBNToLINToPBN(t *testing.T) {
	t.Parallel()
	fields := append(slices.Clone(commonFields), pbnOnly...)
	lost := map[string]int{}
	for _, f := range roundTripFiles(t, ".pbn") {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		orig := readPBN(data, f)
		lin, noted := writeNoted(t, linNoted(nil, LINWriterOptions{}), orig)
		mid, _ := readLIN(lin, f)
		pbn, noted2 := writeNoted(t, pbnNoted(PBNWriterOptions{}), mid)
		back := readPBN(pbn, f)
		compareFields(t, f, fields, orig, back, mergeNoted(noted, noted2), lost)
	}
	reportLost(t, fields, lost)
}

// TestLINToPBNToLIN converts every LIN fixture and corpus file to PBN and back
// to LIN. A LIN record comes back the same in all PBN can hold: the
// common fields, the room, the deal, the contract and declarer, the event,
// commentary before a board. The other fields are named with the reason
// they are lost, and counted.
func TestLINToPBNToLIN(t *testing.T) {
	t.Parallel()
	fields := append(slices.Clone(commonFields), linOnly...)
	lost := map[string]int{}
	for _, f := range roundTripFiles(t, ".lin") {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		orig, trailing := readLIN(data, f)
		pbn, noted := writeNoted(t, pbnNoted(PBNWriterOptions{}), orig)
		mid := readPBN(pbn, f)
		lin, noted2 := writeNoted(t, linNoted(trailing, LINWriterOptions{}), mid)
		back, _ := readLIN(lin, f)
		compareFields(t, f, fields, orig, back, mergeNoted(noted, noted2), lost)
	}
	reportLost(t, fields, lost)
}

// notingWriter is a writer whose "cannot hold" note can be read after each
// board.
type notingWriter interface {
	writer
	Dropped() Dropped
}

func linNoted(trailing []record.Comment, opt LINWriterOptions) func(w io.Writer) notingWriter {
	return func(w io.Writer) notingWriter { return trailedLIN{NewLINWriter(w, opt), trailing} }
}

func pbnNoted(opt PBNWriterOptions) func(w io.Writer) notingWriter {
	return func(w io.Writer) notingWriter { return NewPBNWriter(w, opt) }
}

// writeNoted writes boards with the writer made by newWriter, and returns
// the text and, for each board, the entries its writing added to the
// writer's note.
func writeNoted(t *testing.T, newWriter func(io.Writer) notingWriter, boards []*record.Board) ([]byte, [][]string) {
	t.Helper()
	var buf bytes.Buffer
	w := newWriter(&buf)
	noted := make([][]string, len(boards))
	for i, b := range boards {
		before := maps.Clone(w.Dropped())
		if err := w.WriteBoard(b); err != nil {
			t.Fatal(err)
		}
		for what, n := range w.Dropped() {
			if n > before[what] {
				noted[i] = append(noted[i], what)
			}
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), noted
}

// mergeNoted joins the notes of the two writers of a round trip, board by
// board.
func mergeNoted(a, b [][]string) [][]string {
	out := make([][]string, max(len(a), len(b)))
	for i := range out {
		if i < len(a) {
			out[i] = append(out[i], a[i]...)
		}
		if i < len(b) {
			out[i] = append(out[i], b[i]...)
		}
	}
	return out
}
