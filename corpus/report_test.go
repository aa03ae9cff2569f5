package corpus

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"bridgekit/auction"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestFindingString(t *testing.T) {
	for _, tc := range []struct {
		f    Finding
		want string
	}{
		{Finding{File: "events/2019/final.pbn", Game: 30, Board: 14, Line: 812, Col: 5, Severity: "error", Code: "insufficient-bid",
			Law: 27, Message: "call 7 (W): 2D is insufficient after 2H"},
			"events/2019/final.pbn:812:5: board 14: error insufficient-bid: call 7 (W): 2D is insufficient after 2H (Law 27)"},
		{Finding{File: "r.pbn", Game: 1, Board: 1, Line: 30, Col: 4, Severity: "error", Code: "revoke",
			Law: 61, Message: "H8 is a revoke: S holds spades and must follow suit (Laws 44C, 61)"},
			"r.pbn:30:4: board 1: error revoke: H8 is a revoke: S holds spades and must follow suit (Laws 44C, 61)"},
		{Finding{File: "r.pbn", Game: 1, Board: 1, Severity: "info", Code: "note", Law: 27, Message: "see (Law 16) above"},
			"r.pbn: board 1: info note: see (Law 16) above (Law 27)"},
		{Finding{File: "a.lin", Game: 3, Line: 1, Severity: "warning", Code: "auction-incomplete", Message: "the auction stops after 3 calls"},
			"a.lin:1: game 3: warning auction-incomplete: the auction stops after 3 calls"},
		{Finding{File: "<stdin>", Severity: "info", Code: "encoding", Message: "read as Windows-1252: not valid UTF-8"},
			"<stdin>: info encoding: read as Windows-1252: not valid UTF-8"},
		{Finding{File: "m.lin", Game: 2, Board: 14, Pair: 38, Line: 3, Col: 211, Severity: "error", Code: "insufficient-bid", Law: 27, Message: "call 7 (W): 2D is insufficient after 2H"},
			"m.lin:3:211: board 14: pair 38: error insufficient-bid: call 7 (W): 2D is insufficient after 2H (Law 27)"},
		{Finding{File: "n.lin", Game: 4, Pair: 2, Severity: "warning", Message: "no code"},
			"n.lin: game 4: pair 2: warning: no code"},
	} {
		if got := tc.f.String(); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}

func TestFindingJSON(t *testing.T) {
	f := Finding{File: "x.pbn", Game: 2, Board: 5, Line: 40, Col: 9, Severity: "error", Code: "inadmissible-double",
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
		{Severity: "error", Code: "insufficient-bid"}, {Severity: "error", Code: "insufficient-bid"},
		{Severity: "info", Code: "unknown-tag"},
	} {
		a.AddFinding(f)
	}
	b := &Report{Files: 1, Unreadable: 1, Games: 12, Boards: 12, Deals: 6, Bytes: 3 << 20}
	b.Formats.Add("lin", 1)
	b.Encodings.Add("UTF-8", 1)
	b.AddContract(auction.Contract{Level: 1, Strain: auction.NoTrump})
	b.AddFinding(Finding{Severity: "warning", Code: "board-dealer"})
	b.AddFinding(Finding{Severity: "info", Code: "unknown-tag"})
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

// FuzzFindingJSON checks that AppendJSON writes what encoding/json writes
// for the same finding, byte for byte.
func FuzzFindingJSON(f *testing.F) {
	f.Add("a.pbn", 1, 2, 0, 3, 4, "error", "insufficient-bid", 27, "call 7 (W): 2D is insufficient after 2H")
	f.Add("x<&>\"\\.lin", -1, 0, 5, 0, 0, "info", "", 0, "tab\there\nnew \b\f\x01 \u2028\u2029 é \xff\xfe Ч")
	f.Fuzz(func(t *testing.T, file string, game, board, pair, line, col int, sev, code string, law int, msg string) {
		fd := Finding{File: file, Game: game, Board: board, Pair: pair, Line: line, Col: col,
			Severity: sev, Code: code, Law: law, Message: msg}
		want, err := json.Marshal(fd)
		if err != nil {
			t.Fatal(err)
		}
		if got := fd.AppendJSON(nil); !bytes.Equal(got, want) {
			t.Errorf("AppendJSON:\n got %s\nwant %s", got, want)
		}
	})
}
