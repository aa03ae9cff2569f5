package lin

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// issues renders the problems of a value as "offset:severity:code" items.
func issues(err error) string {
	var l ValueErrors
	if !errors.As(err, &l) {
		if err != nil {
			return "not ValueErrors: " + err.Error()
		}
		return ""
	}
	var out []string
	for _, e := range l {
		out = append(out, fmt.Sprintf("%d:%s:%s", e.Offset, e.Severity, e.Code))
	}
	return strings.Join(out, " ")
}

func TestParseLINDeal(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in     string
		dealer int
		given  int
		south  [4]string
		east   [4]string
		issues string
	}{
		{in: "3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,", dealer: 3, given: 3,
			south: [4]string{"269", "2568QA", "TQ", "2T"}},
		{in: "1SAKQJT98H765D432,,,", dealer: 1, given: 1, south: [4]string{"AKQJT98", "765", "432", ""}}, // club void dropped, partial deal
		{in: "2S2,S3,S4,SAKQJT98765H", dealer: 2, given: 4, south: [4]string{"2", "", "", ""}, east: [4]string{"AKQJT98765", "", "", ""},
			issues: "1:warning:lin-hand 4:warning:lin-hand 7:warning:lin-hand 10:warning:lin-hand"},
		{in: "4c234510dakqh10jsakq,,,", dealer: 4, given: 1, south: [4]string{"AKQ", "TJ", "AKQ", "2345T"}}, // lower case, 10, C-D-H-S order
		{in: "SAKQJT98765432H2,,,", given: 1, south: [4]string{"AKQJT98765432", "2", "", ""},
			issues: "0:warning:lin-dealer 0:warning:lin-hand"}, // no dealer digit; 14 cards
		{in: "5SA,,,", given: 1, south: [4]string{"A", "", "", ""}, issues: "0:warning:lin-dealer 1:warning:lin-hand"},
		{in: "1SAAKQJT98765HX2,,,", dealer: 1, given: 1, south: [4]string{"AAKQJT98765", "2", "", ""},
			issues: "3:warning:lin-hand 14:warning:lin-hand 1:warning:lin-hand"}, // SA twice; X is no rank; 12 cards
		{in: "1SAKQ,SJT9,S876,S543,S2", dealer: 1, given: 4, south: [4]string{"AKQ", "", "", ""}, east: [4]string{"543", "", "", ""},
			issues: "1:warning:lin-hand 6:warning:lin-hand 11:warning:lin-hand 16:warning:lin-hand 21:warning:lin-deal"},
		{in: "", issues: "0:error:lin-deal-empty"},
	}
	for _, tt := range tests {
		d, err := ParseDeal(tt.in)
		if d.Dealer != tt.dealer || d.Given != tt.given || d.Hands[0].Suits != tt.south || d.Hands[3].Suits != tt.east || issues(err) != tt.issues {
			t.Errorf("ParseDeal(%q) = dealer %d given %d S %q E %q, %q; want %d %d %q %q %q",
				tt.in, d.Dealer, d.Given, d.Hands[0].Suits, d.Hands[3].Suits, issues(err), tt.dealer, tt.given, tt.south, tt.east, tt.issues)
		}
	}
}

func TestParseLINCalls(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in     string
		want   string // calls, ! for alerts, @offset when not 0
		issues string
	}{
		{"p", "p", ""},
		{"1N", "1N", ""},
		{"2C!", "2C!", ""},
		{"p!", "p!", ""},
		{"d", "d", ""},
		{"XX", "XX", ""},
		{"3NT", "3NT", ""},
		{"-", "", ""},
		{"--1S--", "1S@2", ""},
		{"P1SP2HP4HPPP", "P 1S@1 P@3 2H@4 P@6 4H@7 P@9 P@10 P@11", ""},
		{"1NTDRP3NPPP", "1NT D@3 R@4 P@5 3N@6 P@8 P@9 P@10", ""},
		{"1C!P1H!", "1C! P@3 1H!@4", ""},
		{"пас", "пас", ""},
		{"1БК", "1БК", ""},
		{"2Ч!", "2Ч!", ""},
		{"3 Пики", "3 Пики", ""},
		{"контра", "контра", ""},
		{"Реконтра", "Реконтра", ""},
		{"1БКТР", "1Б КТР@3", ""}, // 1БК leaves ТР, which is no call: 1Б and КТР it is
		{"пас 1ч пас", "пас 1ч@7 пас@11", ""},
		{"1♠", "1♠", ""},
		{"1Z", "1Z", "0:warning:lin-call"},
		{"", "", "0:warning:lin-call"},
	}
	for _, tt := range tests {
		calls, err := ParseCalls(tt.in)
		var got []string
		for _, c := range calls {
			s := c.Text
			if c.Alert {
				s += "!"
			}
			if c.Offset != 0 {
				s += fmt.Sprintf("@%d", c.Offset)
			}
			got = append(got, s)
		}
		if strings.Join(got, " ") != tt.want || issues(err) != tt.issues {
			t.Errorf("ParseCalls(%q) = %q, %q; want %q, %q", tt.in, strings.Join(got, " "), issues(err), tt.want, tt.issues)
		}
	}
}

func TestParseLINCards(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want, issues string }{
		{"SA", "SA", ""},
		{"c2", "C2", ""},
		{"hT", "HT", ""},
		{"D10", "DT", ""},
		{"SAS2S3S4", "SA S2 S3 S4", ""},
		{"sa s2, s10 sK", "SA S2 ST SK", ""},
		{"XY", "XY", "0:warning:lin-card"},
		{"S", "S", "0:warning:lin-card"},
		{"", "", "0:warning:lin-card"},
	}
	for _, tt := range tests {
		cards, err := ParseCards(tt.in)
		var got []string
		for _, c := range cards {
			got = append(got, c.Text)
		}
		if strings.Join(got, " ") != tt.want || issues(err) != tt.issues {
			t.Errorf("ParseCards(%q) = %q, %q; want %q, %q", tt.in, got, issues(err), tt.want, tt.issues)
		}
	}
}

func TestParseLINResult(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in                     string
		contract, result, risk string
		level, tricks          int
		strain, declarer       byte
		passed                 bool
		issues                 string
	}{
		{in: "4HN+1", contract: "4HN", result: "+1", level: 4, strain: 'H', declarer: 'N', tricks: 11},
		{in: "4HS=", contract: "4HS", result: "=", level: 4, strain: 'H', declarer: 'S', tricks: 10},
		{in: "3NSx-2", contract: "3NSx", result: "-2", level: 3, strain: 'N', declarer: 'S', risk: "X", tricks: 7},
		{in: "3NxS-2", contract: "3NxS", result: "-2", level: 3, strain: 'N', declarer: 'S', risk: "X", tricks: 7},
		{in: "5DWxx=", contract: "5DWxx", result: "=", level: 5, strain: 'D', declarer: 'W', risk: "XX", tricks: 11},
		{in: "5DRW+1", contract: "5DRW", result: "+1", level: 5, strain: 'D', declarer: 'W', risk: "XX", tricks: 12},
		{in: "3NTE", contract: "3NTE", level: 3, strain: 'N', declarer: 'E'},
		{in: "1cn-7", contract: "1cn", result: "-7", level: 1, strain: 'C', declarer: 'N', tricks: 0},
		{in: "PASS", passed: true},
		{in: "p", passed: true},
		{in: ""},
		{in: "8HN=", issues: "0:error:lin-result"},
		{in: "4ZN=", issues: "0:error:lin-result"},
		{in: "4H=", issues: "0:error:lin-result"},
		{in: "4HN+4", issues: "0:error:lin-result"},
		{in: "1CN-8", issues: "0:error:lin-result"},
		{in: "4HN*", issues: "0:error:lin-result"},
	}
	for _, tt := range tests {
		r, err := ParseResult(tt.in)
		got := fmt.Sprint(r.Contract, "|", r.Result, "|", r.Risk, "|", r.Level, r.Tricks, r.Strain, r.Declarer, r.Passed, "|", issues(err))
		want := fmt.Sprint(tt.contract, "|", tt.result, "|", tt.risk, "|", tt.level, tt.tricks, tt.strain, tt.declarer, tt.passed, "|", tt.issues)
		if got != want || r.Raw != tt.in {
			t.Errorf("ParseResult(%q) = %s, want %s", tt.in, got, want)
		}
	}
	rs, err := ParseResults("4HN+1, 4HNx-1,,P,9X")
	if len(rs) != 5 || rs[1].Risk != "X" || !rs[2].Empty() || !rs[3].Passed || issues(err) != "17:error:lin-result" {
		t.Errorf("ParseResults: %+v %s", rs, issues(err))
	}
}

func TestParseLINSmallValues(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"o": "o", "O": "o", "0": "o", "-": "o", "None": "o", "z": "o",
		"n": "n", "NS": "n", "e": "e", "ew": "e", "E-W": "e", "b": "b", "Both": "b", "all": "b",
		"q": "", "": "",
	} {
		got, err := ParseVulnerability(in)
		if got != want || (err != nil) != (want == "") {
			t.Errorf("ParseVulnerability(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for in, want := range map[string]string{
		"o1": "o1", "c46": "c46", "O7": "o7", "o1,BOARD 1": "o1", "x1": "error", "o": "error", "": "error", "c1a": "error",
	} {
		tb, err := ParseTable(in)
		got := fmt.Sprintf("%c%d", tb.Room, tb.Board)
		if err != nil {
			got = "error"
		}
		if got != want {
			t.Errorf("ParseTable(%q) = %s, want %s", in, got, want)
		}
	}
	for in, want := range map[string]int{"0": 0, "13": 13, "11": 11, "14": -1, "-1": -1, "x": -1, "": -1} {
		n, err := ParseClaim(in)
		if err != nil {
			n = -1
		}
		if n != want {
			t.Errorf("ParseClaim(%q) = %d, want %d", in, n, want)
		}
	}
	for in, want := range map[string]int{"Board 12": 12, "Board+3": 3, "12": 12, "Open Room": -1, "": -1} {
		n, ok := BoardNumber(in)
		if !ok {
			n = -1
		}
		if n != want {
			t.Errorf("BoardNumber(%q) = %d, want %d", in, n, want)
		}
	}
}

func TestParseLINEvent(t *testing.T) {
	t.Parallel()
	e, err := ParseEvent("2010 USBF SF A,Segment 4 of 8,I,46,60,Nickell,80,Fleisher,99")
	want := Event{Title: "2010 USBF SF A", Subtitle: "Segment 4 of 8", Scoring: "I", FirstBoard: 46, LastBoard: 60,
		Team1: "Nickell", Carry1: "80", Team2: "Fleisher", Carry2: "99"}
	if e != want || err != nil {
		t.Errorf("ParseEvent = %+v, %v", e, err)
	}
	for in, want := range map[string]string{
		"#387 Pairs,Bridge Base Online,P,1,3,,,,": "",
		",'1-4',I,1,4,GIBNS,0,GIBEW,0":            "",
		"a,b,I,1,16,x,0,y,12.5":                   "",
		"a,b,I,1,16,x,0,y":                        "0:warning:lin-event",
		"a,b,I,1,16,x,0,y,0,z":                    "0:warning:lin-event",
		"a,b,Q,one,16,x,zero,y,0":                 "0:warning:lin-event 0:warning:lin-event 0:warning:lin-event",
	} {
		if _, err := ParseEvent(in); issues(err) != want {
			t.Errorf("ParseEvent(%q): %q, want %q", in, issues(err), want)
		}
	}
}

func TestLINPlayers(t *testing.T) {
	t.Parallel()
	got := Players("a,b,c,d,e,f,g,h,,,x,,,,,,,,", 8)
	want := [][]string{{"a", "b", "c", "d", "e", "f", "g", "h"}, {"a", "b", "x", "d", "e", "f", "g", "h"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Players = %q, want %q", got, want)
	}
	if got := Players("a,b,c,d", 4); fmt.Sprint(got) != "[[a b c d]]" {
		t.Errorf("Players single group = %q", got)
	}
	if got := Players("", 4); got != nil {
		t.Errorf("Players empty = %q", got)
	}
}

// TestLINRecordViews checks the record-level views over one record.
func TestLINRecordViews(t *testing.T) {
	t.Parallel()
	recs, _ := Parse([]byte("qx|c12|pn|a,b,c,d|md|2SA,,,|ah|Board 3|sv|e|mb|1C!|an|strong|an|16+|mb|p|pc|sa|pc|sk|mc|7|nt|hi|zz|1|"), "v.lin")
	if len(recs) != 1 {
		t.Fatalf("%d records", len(recs))
	}
	r := recs[0]
	if d, p, ok := r.Deal(); !ok || d.Dealer != 2 || p.Index != 3 {
		t.Errorf("Deal %+v %v", d, ok)
	}
	calls := r.Calls()
	if len(calls) != 2 || calls[0].Note != "strong\n16+" || calls[0].NotePair.Index != 7 || calls[1].Pair.Index != 9 {
		t.Errorf("Calls %+v", calls)
	}
	if cards := r.Cards(); len(cards) != 2 || cards[1].Text != "SK" || cards[1].Pair.Index != 11 {
		t.Errorf("Cards %+v", cards)
	}
	if n, p, ok := r.Claim(); !ok || n != 7 || p.Index != 12 {
		t.Errorf("Claim %d %v", n, ok)
	}
	if n, ok := r.Board(); !ok || n != 3 {
		t.Errorf("Board %d %v", n, ok)
	}
	if len(r.Notes()) != 1 || len(r.Extras()) != 0 || r.Get("ZZ") == nil || len(r.All("an")) != 2 {
		t.Errorf("Notes/Extras/Get/All")
	}
	if v, _, ok := r.Vulnerability(); !ok || v != "e" {
		t.Errorf("Vulnerability %q", v)
	}
	if got := r.String(); !strings.HasPrefix(got, "qx|c12|pn|a,b,c,d|") || !strings.HasSuffix(got, "zz|1|") {
		t.Errorf("String %q", got)
	}
	if k := Kind(9).String(); k != "Kind(9)" || Pavlicek.String() != "pavlicek" {
		t.Errorf("Kind strings")
	}
	if p := r.Pairs[1]; p.Key() != "pn" || !p.Known() || p.String() != "pn|a,b,c,d|" {
		t.Errorf("pair %v", p)
	}
}

// TestLINEventFields: commas in the event name are read as part of it
// when the scoring letter shows where the real fields start.
func TestLINEventFields(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in     string
		title  string
		first  string
		joined int
	}{
		{"2010 USBF SF A,Segment 4 of 8,I,46,60,Nickell,80,Fleisher,99", "2010 USBF SF A", "46", 0},
		{"USBF, SF, A,Segment 4 of 8,I,46,60,Nickell,80,Fleisher,99", "USBF, SF, A", "46", 2},
		{"Club, Monday,,P,1,27,,,,", "Club, Monday", "1", 1},
		{"a,b,c,1,2,x,0,y,0,extra", "a", "1", 0}, // no scoring where it would be: as written
		{"short,x,I", "short", "", 0},
	} {
		f, _, joined := EventFields(tc.in)
		if f[0] != tc.title || f[3] != tc.first || joined != tc.joined {
			t.Errorf("%q: title %q, first %q, joined %d; want %q, %q, %d", tc.in, f[0], f[3], joined, tc.title, tc.first, tc.joined)
		}
	}
	_, err := ParseEvent("USBF, SF A,Segment 4 of 8,I,46,60,Nickell,80,Fleisher,99")
	if err == nil || !strings.Contains(err.Error(), `the event is read as "USBF, SF A", its commas included`) {
		t.Errorf("warning: %v", err)
	}
}

// TestEmptyTable: RealBridge's handviewer links write qx|| for no table,
// which says nothing, where a qx value that is no table is an error.
func TestEmptyTable(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]int{"qx||": 0, "qx| |": 0, "qx|x1|": 1} {
		recs, _ := Parse([]byte(in+"md|1SA,,,|ah|Board 1|sv|o|mb|p|"), "t.lin")
		recs[0].Check()
		n := 0
		for _, d := range recs[0].Diagnostics {
			if d.Code == "lin-table" {
				n++
			}
		}
		if n != want {
			t.Errorf("%s: %d lin-table findings, want %d", in, n, want)
		}
	}
}
