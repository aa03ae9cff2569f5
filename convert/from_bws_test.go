package convert_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/convert"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/bwstest"
	"github.com/bridgekit/bridgekit/parser/bws"
	"github.com/bridgekit/bridgekit/record"
)

// fromBWS reads a session and maps every board, with the reader's
// findings.
func fromBWS(t *testing.T, s *bwstest.Session) ([]*record.Board, []diag.Diagnostic) {
	t.Helper()
	data := s.Bytes()
	f := bws.Read(bytes.NewReader(data), int64(len(data)), "x.bws")
	found := append([]diag.Diagnostic(nil), f.Diagnostics()...)
	var boards []*record.Board
	for _, u := range f.Units() {
		b, ds := convert.FromBWS("x.bws", u)
		boards = append(boards, b)
		found = append(found, ds...)
	}
	return boards, found
}

// TestFromBWS maps the Mitchell fixture: each board its deal, date,
// section and results, the traveller as a scoring program exports it,
// and nothing found.
func TestFromBWS(t *testing.T) {
	boards, found := fromBWS(t, bwstest.Mitchell())
	if len(found) > 0 {
		t.Fatalf("findings on a clean session: %v", found)
	}
	if len(boards) != 6 {
		t.Fatalf("%d boards, want 6", len(boards))
	}
	b := boards[1]
	if got := fmt.Sprintf("%d %s %s %v %v %s", b.Number, b.Date.Value, b.Field("Section").Value, b.Dealer, b.Vulnerable, b.DealTag.Value); got !=
		"2 2026.01.15 A E NS N:K98.Q985.T93.KQ6 QJT654.6.QJ65.J2 732.AKJ2.A84.A83 A.T743.K72.T9754" {
		t.Errorf("board 2: %s", got)
	}
	tb := b.Tables[0]
	var rows []string
	for _, r := range tb.Rows {
		var cells []string
		for _, c := range r {
			cells = append(cells, c.Text)
		}
		rows = append(rows, strings.Join(cells, " "))
	}
	want := tb.Tag.Value + "\n1 1 1 4 2H E 9 H2\n2 2 2 6 4S S 10 C4\n3 3 3 5 3NT N 8 S4"
	if got := tb.Tag.Value + "\n" + strings.Join(rows, "\n"); got != want || tb.Tag.Value != "Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Lead" {
		t.Errorf("ScoreTable:\n%s\nwant:\n%s", got, want)
	}
}

// TestFromBWSMutations changes one value of the clean session at a time:
// each change is found, with its code, at its row.
func TestFromBWSMutations(t *testing.T) {
	tests := []struct {
		name   string
		change func(s *bwstest.Session)
		want   string // code: message, as found; the only finding
	}{
		{"lead not held", func(s *bwstest.Session) { bwstest.Set(s.Received, 1, "LeadCard", "SQ") },
			"bws-lead: ReceivedData row 2 (table 1, round 1): the lead SQ is not in the hand of S, who leads against 2H by E: the hand record gives it to E"},
		{"lead as H10", func(s *bwstest.Session) { bwstest.Set(s.Received, 1, "LeadCard", "S10") },
			"bws-lead: ReceivedData row 2 (table 1, round 1): the lead ST is not in the hand of S, who leads against 2H by E: the hand record gives it to E"},
		{"more than 13 tricks", func(s *bwstest.Session) { bwstest.Set(s.Received, 2, "Result", "+5") },
			"bws-result: ReceivedData row 3 (table 2, round 1): 3DX+5 gives declarer 14 tricks, of 13"},
		{"fewer than none", func(s *bwstest.Session) { bwstest.Set(s.Received, 3, "Result", "-8") },
			"bws-result: ReceivedData row 4 (table 2, round 1): 1NT-8 is 8 undertricks, where declarer can lose at most 7"},
		{"result unread", func(s *bwstest.Session) { bwstest.Set(s.Received, 3, "Result", "made") },
			`bws-value: ReceivedData row 4 (table 2, round 1): the result "made" is not =, +N or -N`},
		{"contract unread", func(s *bwstest.Session) { bwstest.Set(s.Received, 3, "Contract", "8 Z") },
			`bws-value: ReceivedData row 4 (table 2, round 1): the contract "8 Z" is not a contract`},
		{"pairs off the movement", func(s *bwstest.Session) { bwstest.Set(s.Received, 4, "PairEW", 9) },
			"bws-movement: ReceivedData row 5 (table 3, round 1): the pairs are 3 and 9, where the movement (RoundData row 3) seats 3 and 6"},
		{"board off the movement", func(s *bwstest.Session) {
			bwstest.Set(s.Received, 5, "Board", 1)
			bwstest.Set(s.Received, 5, "LeadCard", nil)
		}, "bws-movement: ReceivedData row 6 (table 3, round 1): board 1 is not among the boards 5 to 6 the movement (RoundData row 3) gives the table\n" +
			"bws-board-twice: ReceivedData row 9 (table 2, round 2): East–West pair 6 has a result of board 1 already, at table 3 in round 1 (ReceivedData row 6)\n" +
			"bws-board-twice: ReceivedData row 17 (table 3, round 3): North–South pair 3 has a result of board 1 already, at table 3 in round 1 (ReceivedData row 6)\n" +
			"bws-missing: RoundData row 3: the movement gives board 6 to table 3 in round 1, pairs 3 and 6, and no result of it was entered"},
		{"board off the custom boards", func(s *bwstest.Session) { bwstest.Set(s.RoundData, 2, "CustomBoards", "5,7") },
			"bws-movement: ReceivedData row 6 (table 3, round 1): board 6 is not among the boards 5,7 the movement (RoundData row 3) gives the table"},
		{"custom boards unread", func(s *bwstest.Session) { bwstest.Set(s.RoundData, 2, "CustomBoards", "5;6") },
			`bws-value: RoundData row 3: CustomBoards "5;6" is not a list of board numbers, such as 1,2,5,6`},
		{"round not in the movement", func(s *bwstest.Session) { bwstest.Set(s.Received, 4, "Round", 4) },
			"bws-movement: ReceivedData row 5 (table 3, round 4): the movement has no round 4 at table 3\n" +
				"bws-missing: RoundData row 3: the movement gives board 5 to table 3 in round 1, pairs 3 and 6, and no result of it was entered"},
		{"result entered twice", func(s *bwstest.Session) {
			again := append([]any(nil), s.Received.Rows()[7]...)
			again[0] = 100
			s.Received.Add(again...)
		}, "bws-board-twice: ReceivedData row 19 (table 1, round 2): North–South pair 1 has a result of board 6 already, at table 1 in round 2 (ReceivedData row 8)\n" +
			"bws-board-twice: ReceivedData row 19 (table 1, round 2): East–West pair 5 has a result of board 6 already, at table 1 in round 2 (ReceivedData row 8)"},
		{"round not entered", func(s *bwstest.Session) {
			for i := 12; i < 18; i++ {
				bwstest.Set(s.Received, i, "Erased", true)
			}
		}, "bws-missing: RoundData row 7: round 3 of section A has no result at any table: not played, or not yet entered"},
		{"result erased", func(s *bwstest.Session) { bwstest.Set(s.Received, 4, "Erased", true) },
			"bws-missing: RoundData row 3: the movement gives board 5 to table 3 in round 1, pairs 3 and 6, and no result of it was entered"},
		{"result erased, its contract pending", func(s *bwstest.Session) {
			bwstest.Set(s.Received, 4, "Erased", true)
			s.Intermediate.Add(append([]any(nil), s.Received.Rows()[4]...)...)
			bwstest.Set(s.Intermediate, 0, "Erased", false)
			bwstest.Set(s.Intermediate, 0, "Result", nil)
			bwstest.Set(s.Intermediate, 0, "Contract", "2 S")
			bwstest.Set(s.Intermediate, 0, "NS/EW", "W")
		}, `bws-missing: RoundData row 3: the movement gives board 5 to table 3 in round 1, pairs 3 and 6, and no result of it was entered; only the contract "2 S" by W was entered, without its result (IntermediateData row 1)`},
		{"missing pair", func(s *bwstest.Session) {
			// An odd field: East–West pair 6 is the Section's MissingPair,
			// whom the movement seats as any pair, and whose tables sit
			// out, with no results.
			bwstest.Set(s.Section, 0, "MissingPair", 6)
			for i := range s.Received.Rows() {
				if bwstest.Get(s.Received, i, "PairEW") == 6 {
					bwstest.Set(s.Received, i, "Erased", true)
				}
			}
		}, ""},
		{"bid out of order", func(s *bwstest.Session) { bwstest.Set(s.Bidding, 2, "Bid", "1C") },
			"insufficient-bid: BiddingData and PlayData of table 1, round 1: call 3 (S): 1C is insufficient after 1NT"},
		{"card not held", func(s *bwstest.Session) { bwstest.Set(s.Play, 0, "Card", "SA") },
			"play-illegal: BiddingData and PlayData of table 1, round 1: trick 1 (E): SA is in W's hand, not E's"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := bwstest.Mitchell()
			tt.change(s)
			_, found := fromBWS(t, s)
			var got []string
			for _, d := range found {
				got = append(got, string(d.Code)+": "+d.Message)
			}
			if strings.Join(got, "\n") != tt.want {
				t.Errorf("found:\n%s\nwant:\n%s", strings.Join(got, "\n"), tt.want)
			}
		})
	}
}

// TestFromBWSNoContract writes a result without a contract as traveller
// rows write one: a passed-out board as Pass, an adjusted score's mark in
// the Contract column, a board not played as dashes.
func TestFromBWSNoContract(t *testing.T) {
	s := bwstest.Mitchell()
	for i, remark := range map[int]string{1: "40%-60%", 2: "Not played"} {
		bwstest.Set(s.Received, i, "Contract", "")
		bwstest.Set(s.Received, i, "Remarks", remark)
	}
	boards, found := fromBWS(t, s)
	if len(found) > 0 {
		t.Errorf("findings: %v", found)
	}
	for _, c := range []struct {
		board, row int
		want       string
	}{{2, 0, "40%-60% - -"}, {3, 0, "- - -"}, {5, 0, "Pass - -"}} {
		r := boards[c.board-1].Tables[0].Rows[c.row]
		if got := r[4].Text + " " + r[5].Text + " " + r[6].Text; got != c.want {
			t.Errorf("board %d row %d: %s, want %s", c.board, c.row+1, got, c.want)
		}
	}
}

// TestFromBWSNames: the players' numbers entered at the start of the
// session name the pairs of the traveller, by the names given with them
// or by PlayerNames, wherever the movement takes the pairs after.
func TestFromBWSNames(t *testing.T) {
	s := bwstest.Mitchell()
	// Table 1's seats, in the order N, S, E, W.
	bwstest.Set(s.PlayerNumbers, 0, "Number", "101")
	bwstest.Set(s.PlayerNumbers, 1, "Name", "Brook Taylor")
	bwstest.Set(s.PlayerNumbers, 2, "Number", "103")
	bwstest.Set(s.PlayerNumbers, 3, "Number", "999") // no such player
	boards, found := fromBWS(t, s)
	if len(found) > 0 {
		t.Fatalf("findings: %v", found)
	}
	for _, b := range boards {
		tb := b.Tables[0]
		if !strings.HasSuffix(tb.Tag.Value, ";Names_NS;Names_EW") {
			t.Fatalf("board %d: columns %s", b.Number, tb.Tag.Value)
		}
		for _, r := range tb.Rows {
			ns, ew, names := r[2].Text, r[3].Text, r[8].Text+" | "+r[9].Text
			want := "- | -"
			switch {
			case ns == "1" && ew == "4":
				want = "Ada Lovelace - Brook Taylor | Carl Gauss - ?"
			case ns == "1":
				want = "Ada Lovelace - Brook Taylor | -"
			case ew == "4":
				want = "- | Carl Gauss - ?"
			}
			if names != want {
				t.Errorf("board %d, pairs %s-%s: names %q, want %q", b.Number, ns, ew, names, want)
			}
		}
	}
}

// TestFromBWSNamesMoved: where East–West enter their numbers at their
// home table and then move up before the first round (the section's
// EWMoveBeforePlay), the names entered at a table's East and West seats
// are those of the pair that plays the first round that many tables up.
func TestFromBWSNamesMoved(t *testing.T) {
	for _, tt := range []struct {
		move int
		want string // the pair named Carl Gauss - Dora Marsden
	}{
		{0, "4"}, {1, "5"}, {2, "6"}, {-1, "6"},
	} {
		s := bwstest.Mitchell()
		bwstest.Set(s.Section, 0, "EWMoveBeforePlay", tt.move)
		// Table 1's East and West.
		bwstest.Set(s.PlayerNumbers, 2, "Number", "103")
		bwstest.Set(s.PlayerNumbers, 3, "Number", "104")
		boards, _ := fromBWS(t, s)
		for _, b := range boards {
			for _, r := range b.Tables[0].Rows {
				ew, names := r[3].Text, r[9].Text
				want := "-"
				if ew == tt.want {
					want = "Carl Gauss - Dora Marsden"
				}
				if names != want {
					t.Errorf("EWMoveBeforePlay %d: board %d, East–West pair %s: names %q, want %q", tt.move, b.Number, ew, names, want)
				}
			}
		}
	}
}

// FuzzFromBWS puts any values into one result, one row of the movement,
// the seats' numbers and the pending entries of the clean session: the
// reader and FromBWS end without a panic, every board keeps a traveller
// of the session's columns, and each finding names its board.
func FuzzFromBWS(f *testing.F) {
	f.Add("3 NT", "+1", "S10", "N", "", "101", 1, 4, 5, 1, 2)
	f.Add("8 Z", "made", "X", "Q", "5;6", "", 0, 0, 0, 0, 0)
	f.Add("", "", "", "", "1,2,3", "999", 3, 3, 7, 2, -1)
	f.Fuzz(func(t *testing.T, contract, result, lead, seat, custom, number string, ns, ew, board, round, table int) {
		for _, v := range []string{contract, result, lead, seat, custom, number} {
			if len(v) > 64 {
				t.Skip("longer than Bridgemate's text columns, and than a row of the test's pages holds")
			}
		}
		s := bwstest.Mitchell()
		for col, v := range map[string]any{"Contract": contract, "Result": result, "LeadCard": lead, "NS/EW": seat,
			"PairNS": ns, "PairEW": ew, "Board": board, "Round": round, "Table": table} {
			bwstest.Set(s.Received, 4, col, v)
		}
		s.Intermediate.Add(append([]any(nil), s.Received.Rows()[4]...)...)
		bwstest.Set(s.RoundData, 2, "CustomBoards", custom)
		bwstest.Set(s.RoundData, 3, "EWPair", ns)
		bwstest.Set(s.PlayerNumbers, 0, "Number", number)
		bwstest.Set(s.PlayerNumbers, 1, "Name", contract)
		boards, found := fromBWS(t, s)
		for _, b := range boards {
			if len(b.Tables) > 0 && !strings.HasPrefix(b.Tables[0].Tag.Value, "Table;Round;PairId_NS;PairId_EW") {
				t.Fatalf("board %d: columns %s", b.Number, b.Tables[0].Tag.Value)
			}
		}
		for _, d := range found {
			if d.Message == "" {
				t.Fatalf("a finding without a message: %+v", d)
			}
		}
	})
}
