package convert

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/record"
)

// TestLINWriterBoundedByInput: what the LIN writer allocates follows what
// the input holds, not the board numbers it claims. A vugraph header or a
// qx of a board numbered in the tens of millions once made the writer lay
// out an rs list of twice that many entries (gigabytes for 90 bytes).
func TestLINWriterBoundedByInput(t *testing.T) {
	for _, tc := range []struct{ name, lin string }{
		{"vg range", "vg|Match,,I,1,80000000,A,0,B,0|pn|a,b,c,d,e,f,g,h|pg||\nqx|o1|md|1SAKQJHT98D765C432,,,|mb|p|mb|p|mb|p|mb|p|pg||\n"},
		{"qx number", "qx|o80000000|md|1SAKQJHT98D765C432,,,|mb|p|mb|p|mb|p|mb|p|pg||\nqx|c1|md|1SAKQJHT98D765C432,,,|mb|p|mb|p|mb|p|mb|p|pg||\n"},
		{"ah number", "qx|o1|ah|Board 1|md|1SAKQJHT98D765C432,,,|pg||\nqx|c1|ah|Board 90000000|md|1SAKQJHT98D765C432,,,|pg||\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			boards, trailing := readLIN([]byte(tc.lin), "big.lin")
			for _, opt := range []LINWriterOptions{{}, {Vugraph: VugraphAlways}} {
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				out := writeLIN(t, boards, trailing, opt)
				runtime.ReadMemStats(&after)
				if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
					t.Errorf("writing %d bytes of LIN allocated %d bytes", len(tc.lin), got)
				}
				if len(out) > 64<<10 {
					t.Errorf("%d bytes of LIN written for %d bytes read", len(out), len(tc.lin))
				}
			}
		})
	}
}

// TestLINStreamKeepsInputsApart: boards of unrelated inputs written to one
// LIN stream read back as themselves: a board of no match after a
// vugraph file takes nothing from its header, and PBN boards played in
// rooms at two events are two matches, not one. Reading the stream and
// writing it again gives it back.
func TestLINStreamKeepsInputsApart(t *testing.T) {
	t.Parallel()
	read := func(name string) []*record.Board {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(string(data), "%") || strings.HasPrefix(string(data), "[") {
			return readPBN(data, name)
		}
		boards, _ := readLIN(data, name)
		return boards
	}
	other := read("match.input")
	for _, b := range other {
		b.Event.Value = "Another event"
	}
	inputs := [][]*record.Board{read("vugraph.input"), read("single.input"), read("match.input"), other}
	var all []*record.Board
	for _, in := range inputs {
		all = append(all, in...)
	}
	stream := writeLIN(t, all, nil, LINWriterOptions{})
	back, _ := readLIN(stream, "stream.lin")
	var alone []*record.Board
	for _, in := range inputs {
		boards, _ := readLIN(writeLIN(t, in, nil, LINWriterOptions{}), "alone.lin")
		alone = append(alone, boards...)
	}
	if len(back) != len(alone) {
		t.Fatalf("%d boards read back from the stream, %d from the inputs apart", len(back), len(alone))
	}
	for i := range back {
		got, want := back[i], alone[i]
		if got.Event.Value != want.Event.Value || got.Scoring.Value != want.Scoring.Value || got.Room != want.Room ||
			got.Player(auction.North) != want.Player(auction.North) || got.Final() != want.Final() {
			t.Errorf("board %d (%d): event %q scoring %q room %v north %q %+v, want %q %q %v %q %+v", i, got.Number,
				got.Event.Value, got.Scoring.Value, got.Room, got.Player(auction.North), got.Final(),
				want.Event.Value, want.Scoring.Value, want.Room, want.Player(auction.North), want.Final())
		}
	}
	if again := writeLIN(t, back, nil, LINWriterOptions{}); !bytes.Equal(again, stream) {
		t.Errorf("LIN → LIN of the stream changes it at %s", firstDiff(stream, again))
	}
}

// TestBareAlertRoundTrip: an alert without an explanation (LIN "2H!" and
// no an) is written to PBN as a note with no text, which reads back as
// that alert; LIN → PBN → LIN keeps it.
func TestBareAlertRoundTrip(t *testing.T) {
	t.Parallel()
	lin := "pn|s,w,n,e|st||md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|rh||ah|Board 1|sv|o|mb|1S|mb|2H!|mb|p|mb|p|mb|p|pg||\n"
	boards, _ := readLIN([]byte(lin), "a.lin")
	pbn := writePBN(t, boards, PBNWriterOptions{})
	back := readPBN(pbn, "a.pbn")
	c := back[0].Auction.Calls[1]
	if !c.Alert || c.Note != 0 || len(back[0].Auction.Notes) != 0 {
		t.Errorf("read back from PBN: alert %v, note %d, %d notes\n%s", c.Alert, c.Note, len(back[0].Auction.Notes), pbn)
	}
	if again := writeLIN(t, back, nil, LINWriterOptions{}); string(again) != lin {
		t.Errorf("LIN → PBN → LIN gives\n%s\nwant\n%s", again, lin)
	}
}

// TestLINDropped: the LIN writer counts, by name, the boards that held
// what LIN cannot: the event outside a match, date, site, score, other
// tags, tables, NAGs.
func TestLINDropped(t *testing.T) {
	t.Parallel()
	pbn := "[Event \"Club\"]\n[Site \"Here\"]\n[Date \"2025.01.01\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n" +
		"[Score \"NS 110\"]\n[Generator \"x\"]\n[Auction \"N\"]\n1H $1 Pass Pass Pass\n" +
		"[OptimumResultTable \"Declarer;Denomination\\\\2R;Result\\\\2R\"]\nN NT 7\n\n" +
		"[Event \"?\"]\n[Board \"2\"]\n[Dealer \"E\"]\n"
	var buf bytes.Buffer
	w := NewLINWriter(&buf, LINWriterOptions{})
	writeBoards(t, w, readPBN([]byte(pbn), "d.pbn"))
	got := w.Dropped()
	want := Dropped{"Event": 1, "Site": 1, "Date": 1, "Score": 1, "Generator": 1, "OptimumResultTable": 1, "NAGs and suffixes": 1,
		"an unknown vulnerability (sv has the board number's)": 1}
	if !maps.Equal(got, want) {
		t.Errorf("dropped %v, want %v", got, want)
	}
}

// TestLINDealerDerived: md's dealer digit and sv, which LIN readers need,
// come from what settles them where the board does not say: the seat of
// the auction's first call, the board number; and where nothing does,
// the note says so. A contract no auction gives is said lost, and so is
// what commentary loses: its line breaks, its bars.
func TestLINDealerDerived(t *testing.T) {
	t.Parallel()
	deal := "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n"
	for _, c := range []struct {
		name, pbn, md, sv, note string
	}{
		{"known", "[Board \"3\"]\n[Dealer \"E\"]\n[Vulnerable \"All\"]\n" + deal, "md|4", "sv|b|", ""},
		{"the auction's first seat", "[Dealer \"?\"]\n" + deal + "[Auction \"W\"]\n1NT Pass Pass Pass\n", "md|2", "", "an unknown dealer (md has the auction's first seat)"},
		{"the board number's", "[Board \"3\"]\n" + deal, "md|1", "sv|e|", "an unknown dealer (md has the board number's)"},
		{"nothing", deal, "md|S", "", "an unknown dealer (md without a dealer digit)"},
		{"commentary with a line break", "[Board \"3\"]\n" + deal + "{ one\ntwo }\n", "md|1", "", "line breaks in commentary (written as blanks)"},
		{"commentary with a bar", "[Board \"3\"]\n" + deal + "{ one | two }\n", "md|1", "", "'|' in commentary (written as '¦')"},
		{"a contract with no auction", "[Board \"3\"]\n" + deal + "[Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"10\"]\n", "md|1", "", "Contract and Declarer (no complete, legal auction gives them)"},
	} {
		var buf bytes.Buffer
		w := NewLINWriter(&buf, LINWriterOptions{})
		writeBoards(t, w, readPBN([]byte(c.pbn), "d.pbn"))
		out := buf.String()
		if !strings.Contains(out, c.md) || c.sv != "" && !strings.Contains(out, c.sv) {
			t.Errorf("%s: %s, want %s and %s", c.name, out, c.md, c.sv)
		}
		if c.note != "" && w.Dropped()[c.note] != 1 {
			t.Errorf("%s: the note lacks %q: %v", c.name, c.note, w.Dropped())
		}
	}
}

// TestVugraphIdentityThroughPBN: a vugraph header's match identity (event,
// segment, scoring, boards, teams and carry-over) reaches PBN as tags and
// JSON as a match object, and LIN written from that PBN has the same vg.
func TestVugraphIdentityThroughPBN(t *testing.T) {
	t.Parallel()
	const vg = "vg|2010 USBF SF A,Segment 4 of 8,I,46,47,Nickell,80,Fleisher,99|"
	lin := vg + "\nrs|3NN=,3NN=,P,|\npn|a,b,c,d,e,f,g,h|pg||\n" +
		"qx|o46|md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|sv|o|ah|Board 46|mb|3N|mb|p|mb|p|mb|p|pg||\n" +
		"qx|c46|md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|sv|o|ah|Board 46|mb|3N|mb|p|mb|p|mb|p|pg||\n" +
		"qx|o47|md|4S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|sv|n|ah|Board 47|mb|p|mb|p|mb|p|mb|p|pg||\n"
	boards, _ := readLIN([]byte(lin), "m.lin")
	pbn := writePBN(t, boards, PBNWriterOptions{})
	for _, want := range []string{`[Round "Segment 4 of 8"]`, `[HomeTeam "Nickell"]`, `[HomeCarryOver "80"]`, `[VisitTeam "Fleisher"]`, `[VisitCarryOver "99"]`} {
		if !strings.Contains(string(pbn), want) {
			t.Errorf("PBN lacks %s", want)
		}
	}
	j := string(writeJSON(t, boards))
	if !strings.Contains(j, `"match":{"event":"2010 USBF SF A","segment":"Segment 4 of 8","scoring":"I","first_board":46,"last_board":47,"home":"Nickell","home_carry_over":"80","visit":"Fleisher","visit_carry_over":"99"}`) {
		t.Errorf("JSON match:\n%s", j)
	}
	back := writeLIN(t, readPBN(pbn, "m.pbn"), nil, LINWriterOptions{})
	if !strings.HasPrefix(string(back), vg+"\n") {
		t.Errorf("LIN → PBN → LIN starts\n%.120s\nwant\n%s", back, vg)
	}
}

// documentedLIN removes from LIN text what the package doc says PBN
// cannot carry, or writes in another layout, so that LIN → PBN → LIN can
// be compared with LIN → LIN: the header lines (boards played in rooms
// get a header of the writer's own), the empty st and rh pairs BBO
// writes, the pairs a board does not interpret (LIN extras, a pn after the
// deal among them), text after the table in qx, and the alert mark of an
// explained call.
var (
	anPairs  = regexp.MustCompile(`an\|([^|]*)\|an\|([^|]*)\|`)
	boardOf  = regexp.MustCompile(`ah\|Board (\d+)\|`)
	qxNumber = regexp.MustCompile(`qx\|([oOcC])\d+\|`)
)

func documentedLIN(text []byte) string {
	pair := regexp.MustCompile(`([A-Za-z]{2})\|([^|]*)\|`)
	explained := regexp.MustCompile(`(mb\|[^|!]*)!(\|an\|)`)
	var out []string
	for line := range strings.SplitSeq(string(text), "\n") {
		if !strings.Contains(line, "md|") {
			continue
		}
		dealt := false
		line = pair.ReplaceAllStringFunc(line, func(p string) string {
			m := pair.FindStringSubmatch(p)
			switch strings.ToLower(m[1]) {
			case "md":
				dealt = true
			case "pn":
				if dealt {
					return ""
				}
			case "st", "rh":
				if m[2] == "" {
					return ""
				}
			case "qx":
				return "qx|" + strings.SplitN(m[2], ",", 2)[0] + "|"
			case "ah", "sv", "mb", "an", "pc", "pg", "mc", "nt":
			default:
				return ""
			}
			return p
		})
		line = strings.ReplaceAll(line, "pg||pg||", "pg||")
		for joined := anPairs.ReplaceAllString(line, "an|$1 $2|"); joined != line; joined = anPairs.ReplaceAllString(line, "an|$1 $2|") {
			line = joined
		}
		if m := boardOf.FindStringSubmatch(line); m != nil {
			line = qxNumber.ReplaceAllString(line, "qx|${1}"+m[1]+"|")
		}
		out = append(out, explained.ReplaceAllString(line, "$1$2"))
	}
	return strings.Join(out, "\n")
}

// TestLINThroughPBN: for every LIN fixture and corpus file, LIN written
// from the PBN written from it holds the boards LIN written from it holds,
// but for what the package doc lists PBN cannot carry.
func TestLINThroughPBN(t *testing.T) {
	t.Parallel()
	files := roundTripFiles(t, ".lin")
	same := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		boards, trailing := readLIN(data, f)
		direct := writeLIN(t, boards, trailing, LINWriterOptions{})
		through := writeLIN(t, readPBN(writePBN(t, boards, PBNWriterOptions{}), f), nil, LINWriterOptions{})
		if a, b := documentedLIN(direct), documentedLIN(through); a != b {
			t.Errorf("%s: LIN → PBN → LIN differs from LIN → LIN at %s", f, firstDiff([]byte(a), []byte(b)))
			continue
		}
		same++
	}
	t.Logf("%d of %d LIN files: the same boards through PBN", same, len(files))
}

// TestPBNDropped: what PBN cannot hold of a LIN file is said, once a
// board or a header. PBN has boards, not a vugraph segment's range: the
// range is said lost once a header, with the rs entries of rooms that
// have no record. PBN's claim is the Result of a play cut short, so a LIN
// claim that differs from the stated result (an rs entry) is said lost,
// the stated result written.
func TestPBNDropped(t *testing.T) {
	t.Parallel()
	const deal = "md|3SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S6543H876D876C876,|sv|n|mb|3N|mb|p|mb|p|mb|p|"
	for _, tc := range []struct{ name, lin, note, written string }{
		{"range", "vg|League,Seg 2,I,5,6,Alpha,0,Beta,0|rs|3NN=,3NN-1,,|pn|a,b,c,d,e,f,g,h|pg||\n" +
			"qx|o5|" + deal + "pg||\nqx|o6|" + deal + "pg||\n",
			"the vg board range, with the rs entries of rooms that have no record", ""},
		{"claim", "vg|League,Seg 1,I,5,5,Alpha,0,Beta,0|rs|3NN+1,|pn|a,b,c,d,e,f,g,h|pg||\n" +
			"qx|o5|" + deal + "pc|S2|mc|9|\n",
			"a claim that differs from the stated result (PBN's claim is the Result of a play cut short)", `[Result "10"]`},
	} {
		boards, _ := readLIN([]byte(tc.lin), "r.lin")
		var buf bytes.Buffer
		w := NewPBNWriter(&buf, PBNWriterOptions{})
		writeBoards(t, w, boards)
		if n := w.Dropped()[tc.note]; n != 1 {
			t.Errorf("%s: counted %d times: %v", tc.name, n, w.Dropped())
		}
		if !strings.Contains(buf.String(), tc.written) {
			t.Errorf("%s: %s is not written:\n%s", tc.name, tc.written, buf.String())
		}
	}
}
