package scoring

import (
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/record"
)

// traveller returns a board whose ScoreTable has the columns and rows
// given, a row's cells separated by spaces.
func traveller(columns string, rows ...string) *record.Board {
	t := record.Table{Tag: record.Tag{Name: "ScoreTable", Value: columns}}
	for _, c := range strings.Split(columns, ";") {
		t.Columns = append(t.Columns, record.Column{Name: c})
	}
	off := 0
	for _, r := range rows {
		var cells []record.Cell
		for _, f := range strings.Fields(r) {
			off++ // a place of its own, as a file's cells have
			cells = append(cells, record.Cell{Text: f, Loc: diag.Pos{Offset: off}})
		}
		t.Rows = append(t.Rows, cells)
	}
	return &record.Board{Tables: []record.Table{t}}
}

func TestReconcile(t *testing.T) {
	entered := traveller("PairId_NS;PairId_EW;Contract;Declarer;Result;Lead",
		"1 4 3NT N 9 HT", "2 5 4SX S 9 C2", "3 6 Pass - - -", "7 8 A60/40 - - -")
	tests := []struct {
		name      string
		published *record.Board
		want      string
	}{
		{"the same, without leads", traveller("PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS",
			"3 6 PO - - 0", "1 4 3NT N 9 400", "2 5 4S* S 9 -100", "7 8 A60/40 - - -"), ""},
		{"changed", traveller("PairId_NS;PairId_EW;Contract;Declarer;Result;Lead",
			"1 4 3NT S 10 HT", "2 5 4S S 9 C3", "3 6 Pass - - -", "7 8 A50 - - -"),
			"reconcile-changed: row 1, pairs 1–4: entered 3NT by N, 9 tricks, lead HT, but pub row 1 gives 3NT by S, 10 tricks, lead HT (the declarer, the tricks)\n" +
				"reconcile-changed: row 2, pairs 2–5: entered 4SX by S, 9 tricks, lead C2, but pub row 2 gives 4S by S, 9 tricks, lead C3 (the contract, the lead)\n" +
				"reconcile-changed: row 4, pairs 7–8: entered A60/40, but pub row 4 gives A50 (the result)"},
		{"missing and extra", traveller("PairId_NS;PairId_EW;Contract;Declarer;Result",
			"1 4 3NT N 9", "2 5 4SX S 9", "3 6 Pass - -", "9 9 2H E 8"),
			"reconcile-missing: row 4, pairs 7–8, A60/40: not in the traveller of pub\n" +
				"reconcile-extra: pub row 4, pairs 9–9, 2H by E, 8 tricks: no result entered gives it"},
		{"no pairs", traveller("Contract;Declarer;Result", "3NT N 9"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range Reconcile(entered, tt.published, "pub") {
				got = append(got, string(d.Code)+": "+d.Message)
			}
			if strings.Join(got, "\n") != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), tt.want)
			}
		})
	}
}

// TestTravellerLead: declarer's left-hand opponent leads (Law 41A), so a
// row's lead must be in that hand. A lead that fits the contract played
// by declarer's partner says so; a mark that is no card, an adjusted row
// and a passed-out board are left alone.
func TestTravellerLead(t *testing.T) {
	b := traveller("PairId_NS;PairId_EW;Contract;Declarer;Result;Lead;Score_NS",
		"1 4 3NT N 9 HJ 400", // E holds HJ: right
		"2 5 3NT N 9 H8 400", // W holds H8: the lead against 3NT by S
		"3 6 3NT N 9 C2 400", // N holds C2: declarer's own card
		"4 7 3NT N 9 ? 400", "5 8 A60/40 - - CA -", "6 9 Pass - - SA 0")
	if err := b.Deal.UnmarshalText([]byte("N:AKQJ.AKQ.AKQ.432 T987.JT9.JT9.T98 65432.32.32.AKQJ .87654.87654.765")); err != nil {
		t.Fatal(err)
	}
	b.Vulnerable, b.VulnerableKnown = 0, true
	var got []string
	for _, d := range checkTraveller(b, Method{}) {
		if d.Code == diag.ScoreTableLead {
			got = append(got, d.Message)
		}
	}
	want := []string{
		"row 2: the lead H8 is not in the hand of E, who leads against 3NT by N: the deal gives it to W, who would lead against the contract played by S",
		"row 3: the lead C2 is not in the hand of E, who leads against 3NT by N: the deal gives it to N",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestWiderField: a traveller whose cross-IMPs were scored across more
// tables than it lists (a BBO traveller page) has nearly every row off,
// and IMPs that do not add up to 0 as a whole field's must: its points
// are counted unchecked (field-incomplete), not flagged. One mistyped row
// is still flagged.
func TestWiderField(t *testing.T) {
	m, err := ParseMethod("IMP;Cross2")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		imps    [4]string
		flagged int
	}{
		{"whole field", [4]string{"1.00", "2.33", "-4.33", "1.00"}, 0},
		{"one typo", [4]string{"1.00", "2.33", "-1.33", "1.00"}, 1},
		{"wider field", [4]string{"4.50", "5.83", "-0.83", "4.50"}, 0},
	} {
		b := traveller("PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;IMP_NS",
			"1 5 1NT N 7 90 "+tc.imps[0], "2 6 1NT N 8 120 "+tc.imps[1], "3 7 1NT N 6 -50 "+tc.imps[2], "4 8 1NT N 7 90 "+tc.imps[3])
		b.VulnerableKnown = true
		var n int
		for _, d := range checkTraveller(b, m) {
			if d.Code == diag.ScoreTablePoints {
				n++
			}
		}
		wide := b.Coverage.Unchecked[diag.FieldIncomplete]
		if n != tc.flagged || (tc.name == "wider field") != (wide == 4) {
			t.Errorf("%s: %d rows flagged, %d points field-incomplete", tc.name, n, wide)
		}
	}
}

// TestWiderFieldMatchpoints: one section's traveller of an event
// matchpointed across the field, its file not saying so: North–South's
// matchpoints do not add up to East–West's as a whole field's must.
// What the points say of each other still holds there: a row whose two
// sides' matchpoints do not add up to the top the others give is flagged.
// A column the rows' own results give proves them the whole field: an
// East–West column wrong on every row is flagged, not taken for a wider
// field.
func TestWiderFieldMatchpoints(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rows    [4]string
		flagged []string
	}{
		{"wider field", [4]string{"10 4", "14 0", "1 13", "10 4"}, nil},
		{"one row off the top", [4]string{"10 4", "14 0", "1 15", "10 4"}, []string{"row 3: MP_NS 1 and MP_EW 15 add up to 16, where the board's other rows add up to 14"}},
		{"East-West wrong", [4]string{"3 4", "6 1", "0 7", "3 4"}, []string{"row 1: MP_EW 4", "row 2: MP_EW 1", "row 3: MP_EW 7", "row 4: MP_EW 4"}},
	} {
		b := traveller("PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;MP_NS;MP_EW",
			"1 5 1NT N 7 90 "+tc.rows[0], "2 6 1NT N 8 120 "+tc.rows[1], "3 7 1NT N 6 -50 "+tc.rows[2], "4 8 1NT N 7 90 "+tc.rows[3])
		b.VulnerableKnown = true
		var got []string
		for _, d := range checkTraveller(b, Method{Base: MatchPoints}) {
			if d.Code == diag.ScoreTablePoints {
				got = append(got, d.Message)
			}
		}
		if len(got) != len(tc.flagged) {
			t.Errorf("%s: flagged %q, want %q", tc.name, got, tc.flagged)
			continue
		}
		for i := range got {
			if !strings.HasPrefix(got[i], tc.flagged[i]) {
				t.Errorf("%s: flagged %q, want %q", tc.name, got[i], tc.flagged[i])
			}
		}
	}
}
