package parser

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"

	"bridgekit/diag"
)

// parseApart reads src the way a caller with several goroutines does:
// GameTexts, each text read by one of three parsers, the games in reverse
// order, then a PBNResolver given them in file order.
func parseApart(src []byte, filename string) ([]*PBNGame, []*PBNEscape) {
	r := ReadPBN(bytes.NewReader(src), filename)
	var texts []*PBNGameText
	for t, err := range r.GameTexts() {
		if err != nil {
			break
		}
		texts = append(texts, t)
	}
	parsers := []*PBNParser{NewPBNParser(filename), NewPBNParser(filename), NewPBNParser(filename)}
	games := make([]*PBNGame, len(texts))
	for i, t := range slices.Backward(texts) {
		games[i] = parsers[i%len(parsers)].Parse(t)
	}
	var res PBNResolver
	for _, g := range games {
		res.Resolve(g)
	}
	return games, res.Header()
}

// checkApart fails unless reading src apart gives what ParsePBN gives.
func checkApart(t *testing.T, src []byte, filename string) {
	t.Helper()
	want := ParsePBN(src, filename)
	games, header := parseApart(src, filename)
	if len(games) != len(want.Games) {
		t.Fatalf("%s: %d games read apart, %d in order", filename, len(games), len(want.Games))
	}
	for i, g := range games {
		if !reflect.DeepEqual(g, want.Games[i]) {
			t.Fatalf("%s: game %d read apart differs from the game read in order", filename, i+1)
		}
	}
	if len(want.Games) > 0 && !reflect.DeepEqual(header, want.Header) {
		t.Fatalf("%s: header read apart %v, in order %v", filename, header, want.Header)
	}
}

// TestPBNGameTextsApart reads the fixtures and the corpus both ways.
func TestPBNGameTextsApart(t *testing.T) {
	files, _ := filepath.Glob("testdata/pbn/*.pbn")
	if _, err := os.Stat(corpusDir); err == nil {
		for _, f := range corpusPBNFiles(t) {
			files = append(files, filepath.Join(corpusDir, f))
		}
	}
	eachInput(t, files, func(src []byte, name string) { checkApart(t, src, name) })
}

// eachInput calls check with the name and content of each file; there
// must be some.
func eachInput(t *testing.T, files []string, check func(src []byte, name string)) {
	t.Helper()
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		check(src, f)
	}
}

// TestPBNInheritedColumns: a table whose column list is "#" is read apart
// without its rows, and the resolver reads it again with the columns of
// the game before.
func TestPBNInheritedColumns(t *testing.T) {
	src := []byte(`[Board "1"]
[ScoreTable "Rank\2R;Score\3R"]
 1  50
 2 -50

[Board "2"]
[ScoreTable "#"]
 1 100
 2  10
 3
`)
	checkApart(t, src, "columns.pbn")
	r := ReadPBN(bytes.NewReader(src), "columns.pbn")
	var texts []*PBNGameText
	for t := range r.GameTexts() {
		texts = append(texts, t)
	}
	p := NewPBNParser("columns.pbn")
	first, second := p.Parse(texts[0]), p.Parse(texts[1])
	if s := second.Tag("ScoreTable").Section; s.Rows != nil || second.redo == nil {
		t.Fatalf("before resolving: rows %v, redo %v", s.Rows, second.redo)
	}
	var res PBNResolver
	res.Resolve(first)
	res.Resolve(second)
	s := second.Tag("ScoreTable").Section
	if len(s.Columns) != 2 || len(s.Rows) != 3 || second.redo != nil {
		t.Fatalf("resolved: %d columns, %d rows, redo %v", len(s.Columns), len(s.Rows), second.redo)
	}
	if d := second.Diagnostics; len(d) != 1 || d[0].Code != "table" {
		t.Fatalf("resolved: diagnostics %v, want one short row", d)
	}
}

// readLINRecords reads the records of src with Records, or with
// RecordsApart, checking the records in several goroutines, the later ones
// first.
func readLINRecords(src []byte, filename string, maxRecord int, apart bool) ([]*LINRecord, diag.List) {
	lr := ReadLIN(bytes.NewReader(src), filename)
	lr.maxRecord = maxRecord
	records := lr.Records
	if apart {
		records = lr.RecordsApart
	}
	var recs []*LINRecord
	var extra diag.List
	for rec, err := range records() {
		if err != nil {
			if d, ok := err.(*diag.Diagnostic); ok {
				extra.Add(*d)
			}
			continue
		}
		recs = append(recs, rec)
	}
	if apart {
		var wg sync.WaitGroup
		for i, rec := range slices.Backward(recs) {
			if i%2 == 0 {
				wg.Go(rec.Check)
			} else {
				rec.Check()
			}
		}
		wg.Wait()
	}
	return recs, append(lr.Diagnostics(), extra...)
}

// checkLINApart fails unless the records of src checked apart are those
// Records gives.
func checkLINApart(t *testing.T, src []byte, filename string, maxRecord int) {
	t.Helper()
	want, wantDiags := readLINRecords(src, filename, maxRecord, false)
	got, diags := readLINRecords(src, filename, maxRecord, true)
	if len(got) != len(want) {
		t.Fatalf("%s: %d records apart, %d in order", filename, len(got), len(want))
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("%s: record %d checked apart differs from the record read in order", filename, i+1)
		}
	}
	if !reflect.DeepEqual(diags, wantDiags) {
		t.Fatalf("%s: diagnostics apart %v, in order %v", filename, diags, wantDiags)
	}
}

// TestLINRecordsApart reads the fixtures and the corpus both ways.
func TestLINRecordsApart(t *testing.T) {
	files, _ := filepath.Glob("testdata/lin/*.input")
	if _, err := os.Stat(corpusDir); err == nil {
		files = append(files, corpusLINFiles(t)...)
	}
	eachInput(t, files, func(src []byte, name string) { checkLINApart(t, src, name, maxLINRecord) })
}
