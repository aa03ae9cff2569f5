package corpus

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"bridgekit/auction"
	"bridgekit/diag"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestFindingString(t *testing.T) {
	for _, tc := range []struct {
		f    Finding
		want string
	}{
		{Finding{Span: diag.Span{Pos: diag.Pos{Line: 812, Col: 5}}, File: "events/2019/final.pbn", Game: 30, Board: 14, Severity: diag.Error, Code: "insufficient-bid",
			Law: 27, Message: "call 7 (W): 2D is insufficient after 2H"},
			"events/2019/final.pbn:812:5: board 14: error insufficient-bid: call 7 (W): 2D is insufficient after 2H (Law 27)"},
		{Finding{Span: diag.Span{Pos: diag.Pos{Line: 30, Col: 4}}, File: "r.pbn", Game: 1, Board: 1, Severity: diag.Error, Code: "revoke",
			Law: 61, Message: "H8 is a revoke: S holds spades and must follow suit (Laws 44C, 61)"},
			"r.pbn:30:4: board 1: error revoke: H8 is a revoke: S holds spades and must follow suit (Laws 44C, 61)"},
		{Finding{File: "r.pbn", Game: 1, Board: 1, Severity: diag.Info, Code: "note", Law: 27, Message: "see (Law 16) above"},
			"r.pbn: board 1: info note: see (Law 16) above (Law 27)"},
		{Finding{Span: diag.Span{Pos: diag.Pos{Line: 1}}, File: "a.lin", Game: 3, Severity: diag.Warning, Code: "auction-incomplete", Message: "the auction stops after 3 calls"},
			"a.lin:1: game 3: warning auction-incomplete: the auction stops after 3 calls"},
		{Finding{File: "<stdin>", Severity: diag.Info, Code: "encoding", Message: "read as Windows-1252: not valid UTF-8"},
			"<stdin>: info encoding: read as Windows-1252: not valid UTF-8"},
		{Finding{Span: diag.Span{Pos: diag.Pos{Pair: 38, Line: 3, Col: 211}}, File: "m.lin", Game: 2, Board: 14, Severity: diag.Error, Code: "insufficient-bid", Law: 27, Message: "call 7 (W): 2D is insufficient after 2H"},
			"m.lin:3:211: board 14: pair 38: error insufficient-bid: call 7 (W): 2D is insufficient after 2H (Law 27)"},
		{Finding{Span: diag.Span{Pos: diag.Pos{Pair: 2}}, File: "n.lin", Game: 4, Severity: diag.Warning, Message: "no code"},
			"n.lin: game 4: pair 2: warning: no code"},
	} {
		if got := tc.f.String(); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}

func TestFindingJSON(t *testing.T) {
	f := Finding{Span: diag.Span{Pos: diag.Pos{Line: 40, Col: 9}}, File: "x.pbn", Game: 2, Board: 5, Severity: diag.Error, Code: "inadmissible-double",
		Law: 36, Message: "call 3 (E): X doubles partner's bid"}
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"file":"x.pbn","game":2,"board":5,"line":40,"col":9,"severity":"error","code":"inadmissible-double","law":36,"message":"call 3 (E): X doubles partner's bid"}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	f.Law = 0
	if b, _ := json.Marshal(f); bytes.Contains(b, []byte(`"law"`)) {
		t.Errorf("law written where none applies: %s", b)
	}
}

// sampleReports returns two reports as two workers would fill them.
func sampleReports() (*Report, *Report) {
	a := &Report{Files: 2, Games: 40, Boards: 40, Deals: 20, Bytes: 51234}
	a.Formats.Add("pbn", 2)
	a.Encodings.Add("UTF-8", 1)
	a.Encodings.Add("Windows-1252", 1)
	a.Generators.Add("BridgeComposer 5.50", 2)
	for _, c := range []auction.Contract{
		{Level: 4, Strain: auction.Spades}, {Level: 3, Strain: auction.NoTrump}, {Level: 4, Strain: auction.Spades},
		{}, {Level: 7, Strain: auction.Clubs, Risk: auction.Doubled}, {Level: 9, Strain: auction.Hearts},
	} {
		a.AddContract(c)
	}
	for _, f := range []Finding{
		{Severity: diag.Error, Code: "insufficient-bid"}, {Severity: diag.Error, Code: "insufficient-bid"},
		{Severity: diag.Info, Code: "unknown-tag"},
	} {
		a.AddFinding(f)
	}
	b := &Report{Files: 1, Unreadable: 1, Games: 12, Boards: 12, Deals: 6, Bytes: 3 << 20}
	b.Formats.Add("lin", 1)
	b.Encodings.Add("UTF-8", 1)
	b.AddContract(auction.Contract{Level: 1, Strain: auction.NoTrump})
	b.AddFinding(Finding{Severity: diag.Warning, Code: "board-dealer"})
	b.AddFinding(Finding{Severity: diag.Info, Code: "unknown-tag"})
	return a, b
}

func TestReportGolden(t *testing.T) {
	a, b := sampleReports()
	a.Merge(b)
	var text bytes.Buffer
	if err := a.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	js, err := json.MarshalIndent(a, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	var empty bytes.Buffer
	if err := new(Report).WriteText(&empty); err != nil {
		t.Fatal(err)
	}
	emptyJS, _ := json.Marshal(new(Report))
	for name, got := range map[string][]byte{
		"report.txt":        text.Bytes(),
		"report.json":       append(js, '\n'),
		"report-empty.txt":  empty.Bytes(),
		"report-empty.json": append(emptyJS, '\n'),
	} {
		golden(t, name, got)
	}
	if a.Findings() != 5 || a.Files != 3 || a.PassedOut != 1 {
		t.Errorf("merged: %d findings, %d files, %d passed out", a.Findings(), a.Files, a.PassedOut)
	}
}

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		os.WriteFile(path+".got", got, 0o644)
		t.Errorf("%s differs from the golden file; got written to %s.got\n%s", name, path, got)
	}
}

func TestCountsSorted(t *testing.T) {
	c := Counts{"b": 2, "a": 2, "c": 5, "d": 1}
	if got := c.Sorted(); !slicesEqual(got, []string{"c", "a", "b", "d"}) {
		t.Errorf("Sorted() = %v", got)
	}
	if got := c.text([]string{"d", "x"}); got != "d 1, c 5, a 2, b 2" {
		t.Errorf("text = %q", got)
	}
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
