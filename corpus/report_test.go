package corpus

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

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
	for _, f := range []diag.Diagnostic{
		{Severity: diag.Error, Code: "insufficient-bid"}, {Severity: diag.Error, Code: "insufficient-bid"},
		{Severity: diag.Info, Code: "unknown-tag"},
	} {
		a.AddFinding(f)
	}
	b := &Report{Files: 1, Unreadable: 1, Games: 12, Boards: 12, Deals: 6, Bytes: 3 << 20}
	b.Formats.Add("lin", 1)
	b.Encodings.Add("UTF-8", 1)
	b.AddContract(auction.Contract{Level: 1, Strain: auction.NoTrump})
	b.AddFinding(diag.Diagnostic{Severity: diag.Warning, Code: "board-dealer"})
	b.AddFinding(diag.Diagnostic{Severity: diag.Info, Code: "unknown-tag"})
	return a, b
}

func TestReportGolden(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
