package bws_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/bwstest"
	"github.com/bridgekit/bridgekit/internal/jet"
	"github.com/bridgekit/bridgekit/internal/jet/jetbuild"
	"github.com/bridgekit/bridgekit/parser/bws"
)

func read(data []byte) *bws.File {
	return bws.Read(bytes.NewReader(data), int64(len(data)), "x.bws")
}

// TestFixturesUpToDate holds the fixtures of testdata to what gen writes
// of package bwstest's sessions.
func TestFixturesUpToDate(t *testing.T) {
	for name, want := range bwstest.Fixtures() {
		got, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("testdata/%s differs from what bwstest builds: run go run ./parser/bws/testdata/gen from the repository's root", name)
		}
	}
}

// TestRead reads the Mitchell fixture: every table, and a unit a board.
func TestRead(t *testing.T) {
	data, err := os.ReadFile("testdata/mitchell.bws")
	if err != nil {
		t.Fatal(err)
	}
	f := read(data)
	if len(f.Diagnostics()) > 0 {
		t.Fatalf("findings: %v", f.Diagnostics())
	}
	got := fmt.Sprintf("%s %s sections %v rounds %d results %d erased %d hands %d bids %d cards %d players %d names %d",
		f.Version, f.Encoding, f.Sections, len(f.Rounds), len(f.Results), f.Erased, len(f.Hands), len(f.Bids), len(f.Cards), len(f.Players), len(f.Names))
	want := "Jet 4 UTF-16LE sections map[1:A] rounds 9 results 18 erased 0 hands 6 bids 6 cards 52 players 12 names 6"
	if got != want {
		t.Errorf("read %s\nwant %s", got, want)
	}
	r := f.Results[1]
	if got := fmt.Sprintf("%s: %d/%d/%d board %d %d-%d %q by %s %q lead %q", r.At, r.Section, r.Table, r.Round, r.Board, r.PairNS, r.PairEW, r.Contract, r.Seat, r.Result, r.LeadCard); got != `ReceivedData row 2: 1/1/1 board 2 1-4 "2 H" by E "+1" lead "H2"` {
		t.Errorf("result 2: %s", got)
	}
	units := f.Units()
	if len(units) != 6 {
		t.Fatalf("%d units, want 6", len(units))
	}
	for i, u := range units {
		if u.Index != i+1 || u.Board != i+1 || u.Letter != "A" || len(u.Results) != 3 || u.Hand == nil {
			t.Errorf("unit %d: index %d board %d section %q, %d results, hand %v", i, u.Index, u.Board, u.Letter, len(u.Results), u.Hand != nil)
		}
		for _, r := range u.Results {
			if r.Board != u.Board || r.Section != u.Section {
				t.Errorf("unit %d holds %s, of board %d", i, r.At, r.Board)
			}
		}
	}
	if u := units[0]; len(u.Bids) != 6 || len(u.Cards) != 52 || u.Cards[0].Value != "H2" || u.Cards[0].Direction != "E" {
		t.Errorf("board 1: %d bids, %d cards, first %+v", len(u.Bids), len(u.Cards), u.Cards[0])
	}
	if rd := f.Round(1, 2, 3); rd == nil || rd.NSPair != 2 || rd.EWPair != 4 || rd.LowBoard != 5 {
		t.Errorf("round 3 of table 2: %+v", rd)
	}
}

// TestErased leaves an erased result out, and counts it.
func TestErased(t *testing.T) {
	s := bwstest.Mitchell()
	bwstest.Set(s.Received, 4, "Erased", true)
	f := read(s.Bytes())
	if len(f.Results) != 17 || f.Erased != 1 {
		t.Errorf("%d results, %d erased; want 17 and 1", len(f.Results), f.Erased)
	}
}

// TestUnreadable: what is not read is a finding, never a panic or an
// error.
func TestUnreadable(t *testing.T) {
	mitchell := bwstest.Mitchell().Bytes()
	notBM := bwstest.NotBridgemate().Bytes()
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "the database cannot be read"},
		{"not a database", bytes.Repeat([]byte("x"), 5000), "the database cannot be read"},
		{"no ReceivedData", notBM, "without the table ReceivedData"},
		{"cut short", mitchell[:len(mitchell)-4096], "breaks off"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := read(tt.data)
			ds := f.Diagnostics()
			if len(ds) == 0 || ds[0].Code != bws.CodeUnreadable || !strings.Contains(ds[0].Message, tt.want) {
				t.Errorf("findings %v, want %s: …%s…", ds, bws.CodeUnreadable, tt.want)
			}
		})
	}
}

// TestMaxRows reads a table up to MaxRows, and says so.
func TestMaxRows(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a database of 100,000 rows")
	}
	s := bwstest.Mitchell()
	for i := range bws.MaxRows {
		s.PlayerNames.Add(1000+i, "x", nil)
	}
	f := read(s.Bytes())
	if ds := f.Diagnostics(); len(ds) != 1 || !strings.Contains(ds[0].Message, "more than 100000 rows") {
		t.Errorf("findings %v", ds)
	}
	if len(f.Results) != 18 {
		t.Errorf("%d results, want 18", len(f.Results))
	}
}

// TestPairTwice finds a pair the movement seats twice in a round, each
// direction apart: North–South pair 4 and East–West pair 4 are two.
func TestPairTwice(t *testing.T) {
	db := &jetbuild.DB{}
	c := func(n string) jetbuild.Column { return jetbuild.Column{Name: n, Type: jet.TypeInt} }
	db.Table("ReceivedData", c("Section"))
	rd := db.Table("RoundData", c("Section"), c("Table"), c("Round"), c("NSPair"), c("EWPair"), c("LowBoard"), c("HighBoard"))
	rd.Add(1, 1, 1, 1, 4, 1, 2)
	rd.Add(1, 2, 1, 4, 5, 3, 4) // NS 4 beside EW 4: a Mitchell's numbering
	rd.Add(1, 3, 1, 1, 6, 5, 6) // NS 1 again
	rd.Add(1, 1, 2, 1, 5, 5, 6)
	f := read(db.Bytes())
	var got []string
	for _, d := range f.Diagnostics() {
		if d.Code != bws.CodeMissing { // a movement without results: a session not played
			got = append(got, string(d.Code)+": "+d.Message)
		}
	}
	want := "bws-pair-twice: RoundData row 3: North–South pair 1 sits at table 3 in round 1, and at table 1 (RoundData row 1)"
	if strings.Join(got, "\n") != want {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
	if got := f.Diagnostics(); len(got) > 0 && got[0].Severity != diag.Error {
		t.Errorf("severity %v", got[0].Severity)
	}
	// No result at all: said once, not for every round.
	var missing []string
	for _, d := range f.Diagnostics() {
		if d.Code == bws.CodeMissing {
			missing = append(missing, d.Message)
		}
	}
	if len(missing) != 1 || !strings.Contains(missing[0], "no result was entered at any table") {
		t.Errorf("findings of no result: %q", missing)
	}
}

// TestHowell tells a Howell, whose pair is its number in either
// direction, from a Mitchell numbered from 1 each way, whose pairs never
// face their own number here (fewer rounds than tables): the first finds
// a pair seated twice across directions, the second nothing.
func TestHowell(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rows   [][3]int // table, NS, EW in rounds of three tables
		howell bool
		want   string
	}{
		{"howell", [][3]int{{1, 1, 2}, {2, 3, 4}, {3, 5, 6}, {1, 4, 1}, {2, 2, 5}, {3, 6, 3}, {1, 1, 6}, {2, 5, 3}, {3, 4, 2}}, true, ""},
		{"howell, pair 1 twice", [][3]int{{1, 1, 2}, {2, 3, 4}, {3, 5, 6}, {1, 4, 1}, {2, 2, 5}, {3, 6, 3}, {1, 1, 6}, {2, 5, 3}, {3, 4, 1}}, true,
			"bws-pair-twice: RoundData row 9: pair 1 sits at table 3 in round 3, and at table 1 (RoundData row 7)"},
		{"mitchell", [][3]int{{1, 1, 2}, {2, 2, 3}, {3, 3, 1}, {1, 1, 3}, {2, 2, 1}, {3, 3, 2}}, false, ""},
	} {
		db := &jetbuild.DB{}
		c := func(n string) jetbuild.Column { return jetbuild.Column{Name: n, Type: jet.TypeInt} }
		db.Table("ReceivedData", c("Section"))
		rd := db.Table("RoundData", c("Section"), c("Table"), c("Round"), c("NSPair"), c("EWPair"), c("LowBoard"), c("HighBoard"))
		for i, r := range tc.rows {
			rd.Add(1, r[0], i/3+1, r[1], r[2], 1, 2)
		}
		f := read(db.Bytes())
		if f.Howell(1) != tc.howell {
			t.Errorf("%s: Howell %v", tc.name, f.Howell(1))
		}
		var got []string
		for _, d := range f.Diagnostics() {
			if d.Code != bws.CodeMissing { // a movement without results: a session not played
				got = append(got, string(d.Code)+": "+d.Message)
			}
		}
		if strings.Join(got, "\n") != tc.want {
			t.Errorf("%s: findings:\n%s\nwant:\n%s", tc.name, strings.Join(got, "\n"), tc.want)
		}
	}
}
