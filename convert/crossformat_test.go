package convert

import (
	"fmt"
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
}

// contractAndDeclarer is the contract and declarer written for a board.
func contractAndDeclarer(b *record.Board) string {
	d, c, _ := outcomeTexts(b)
	return c + " " + d
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
	{name: "room", why: "only in a vugraph file: a PBN board of no known room is a record of its own", get: func(b *record.Board) string { return b.Room.String() }},
	{name: "event", why: "only in a vugraph header", get: func(b *record.Board) string { return b.Event.Value }},
	{name: "deal", why: `a hand whose cards are not named ("x") and a fourth hand hidden behind three full ones`, get: func(b *record.Board) string { return b.Deal.String() }},
	{name: "contract and declarer", why: "LIN gives them by the auction, or by rs in a vugraph file: the file's own values are lost where the auction does not give them, and with them who led to the play", get: contractAndDeclarer},
	{name: "site, date, scoring and other tags", why: "LIN has no place for them", get: func(b *record.Board) string {
		var out []string
		for _, t := range writtenTags(nil, b) {
			if t.name == "Site" || t.name == "Date" || t.name == "Scoring" || t.name == "Score" || t.name == "Room" {
				out = append(out, t.value)
			}
		}
		for _, t := range b.Tags {
			out = append(out, t.Name+"="+t.Value)
		}
		return strings.Join(out, ";")
	}},
	{name: "suffixes and NAGs", why: "LIN has no annotation glyphs", get: func(b *record.Board) string {
		return annotationText(b, func(a *record.Annotations) string {
			if a.Suffix == "" && len(a.NAGs) == 0 {
				return ""
			}
			return fmt.Sprint(a.Suffix, a.NAGs)
		})
	}},
	{name: "card notes", why: "LIN explains calls only: a card's note becomes commentary after it", get: func(b *record.Board) string {
		var out []string
		for _, c := range b.Play.Cards {
			if c.Note > 0 {
				out = append(out, fmt.Sprint(c.Note))
			}
		}
		return strings.Join(out, " ")
	}},
	{name: "skipped turns (^S), end marks (*, +) and unknown cards", why: "LIN has no token for them", get: func(b *record.Board) string {
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
	{name: marksOnCards, why: "LIN has no mark for them: the cards of such a trick come back at the seats the replay gives them", get: func(b *record.Board) string {
		var out []string
		for _, c := range b.Play.Cards {
			if c.Revoke || c.OutOfTurn {
				out = append(out, c.Text)
			}
		}
		return strings.Join(out, " ")
	}},
	{name: commentaryBefore, why: "LIN gives commentary between two tables to the table before it", get: func(b *record.Board) string {
		var out []string
		for _, c := range b.Leading {
			out = append(out, c.Text)
		}
		return strings.Join(out, "|")
	}},
	{name: "tables and unknown sections", why: "LIN has no place for them", get: func(b *record.Board) string { return fmt.Sprint(len(b.Tables)) }},
	{name: "commentary on tags and notes", why: "LIN can put it only before the first call", get: func(b *record.Board) string {
		var out []string
		for _, t := range writtenTags(nil, b) {
			for _, c := range t.t.Comments {
				out = append(out, c.Text)
			}
		}
		return strings.Join(out, "|")
	}},
	{name: "% lines", why: "a LIN file written from PBN has none", get: func(b *record.Board) string {
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
	{name: "event", carried: true, get: func(b *record.Board) string { return b.Event.Value }},
	{name: "commentary before the board", carried: true, get: func(b *record.Board) string {
		var out []string
		for _, c := range b.Leading {
			out = append(out, c.Text)
		}
		return strings.Join(out, "|")
	}},
	{name: "claim", why: "PBN ends a claimed play with * and gives the tricks in Result: a claim after all 52 cards is not kept", get: func(b *record.Board) string {
		return fmt.Sprint(b.Play.Claimed, b.Play.Claim)
	}},
	{name: "alert marks on explained calls", why: "PBN alerts by note: a call with an explanation comes back without its !", get: func(b *record.Board) string {
		var out []string
		for i, c := range b.Auction.Calls {
			if c.Alert {
				out = append(out, fmt.Sprint(i))
			}
		}
		return strings.Join(out, " ")
	}},
	{name: "st, rh, pf and unknown labels", why: "PBN has no place for LIN pairs it does not interpret", get: func(b *record.Board) string {
		if b.LIN == nil {
			return ""
		}
		var out []string
		for _, e := range b.LIN.Extras {
			out = append(out, e.Label+"|"+e.Value)
		}
		return strings.Join(out, " ")
	}},
	{name: "the vugraph header's other pairs (mp, bn, pw, team names)", why: "PBN has no place for them", get: func(b *record.Board) string {
		if b.LIN == nil || b.LIN.Vugraph == nil {
			return ""
		}
		return fmt.Sprint(b.LIN.Vugraph.Fields[5:], len(b.LIN.Vugraph.Pairs))
	}},
	{name: "the table's own numbering (qx|o39| for board 3)", why: "PBN keeps the room; qx is written again from the room and the board", get: func(b *record.Board) string {
		if b.LIN == nil {
			return ""
		}
		return b.LIN.Table.Value
	}},
	{name: "% lines", why: "a LIN file written from PBN has none", get: func(b *record.Board) string {
		var out []string
		for _, e := range b.Escapes {
			out = append(out, e.Text)
		}
		return strings.Join(out, "|")
	}},
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
func compareFields(t *testing.T, file string, fields []field, orig, back []*record.Board, lost map[string]int) {
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
			case a == b:
			case slices.ContainsFunc(f.needs, func(n string) bool {
				g, ok := byName[n]
				return ok && g.get(orig[i]) != g.get(back[i])
			}):
				lost[f.name+" (with what it needs)"]++
			case f.carried:
				t.Errorf("%s: board %d: %s not kept:\n  was  %q\n  now  %q", file, i+1, f.name, a, b)
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
		lin := writeLIN(t, orig, nil, LINWriterOptions{})
		mid, _ := readLIN(lin, f)
		back := readPBN(writePBN(t, mid, PBNWriterOptions{}), f)
		compareFields(t, f, fields, orig, back, lost)
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
		mid := readPBN(writePBN(t, orig, PBNWriterOptions{}), f)
		back, _ := readLIN(writeLIN(t, mid, trailing, LINWriterOptions{}), f)
		compareFields(t, f, fields, orig, back, lost)
	}
	reportLost(t, fields, lost)
}
