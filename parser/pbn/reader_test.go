package pbn

import (
	"bytes"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/bridgekit/bridgekit/internal/testinput"
)

// parseApart reads src the way a caller with several goroutines does:
// GameTexts, each text read by one of three parsers, the games in reverse
// order, then a Resolver given them in file order. With a, the parsers
// read into it.
func parseApart(src []byte, filename string, a *Arena) ([]*Game, []*Escape) {
	r := NewReader(bytes.NewReader(src), filename)
	var texts []*GameText
	for t, err := range r.GameTexts() {
		if err != nil {
			break
		}
		texts = append(texts, t)
	}
	parsers := []*Parser{NewParser(filename), NewParser(filename), NewParser(filename)}
	for _, p := range parsers {
		p.UseArena(a)
	}
	games := make([]*Game, len(texts))
	for i, t := range slices.Backward(texts) {
		games[i] = parsers[i%len(parsers)].Parse(t)
	}
	var res Resolver
	for _, g := range games {
		res.Resolve(g)
	}
	return games, res.Header()
}

// checkApart fails unless reading src apart, into a if it is not nil,
// gives what Parse gives.
func checkApart(t *testing.T, src []byte, filename string, a *Arena) {
	t.Helper()
	want := Parse(src, filename)
	games, header := parseApart(src, filename, a)
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
	t.Parallel()
	files, _ := filepath.Glob("testdata/*.pbn")
	if testinput.HaveCorpus() {
		for _, f := range corpusPBNFiles(t) {
			files = append(files, filepath.Join(testinput.CorpusDir(), f))
		}
	}
	testinput.EachFile(t, files, func(src []byte, name string) { checkApart(t, src, name, nil) })
}

// eachInput calls check with the name and content of each file; there
// TestPBNInheritedColumns: a table whose column list is "#" is read apart
// without its rows, and the resolver reads it again with the columns of
// the game before.
func TestPBNInheritedColumns(t *testing.T) {
	t.Parallel()
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
	checkApart(t, src, "columns.pbn", nil)
	r := NewReader(bytes.NewReader(src), "columns.pbn")
	var texts []*GameText
	for t := range r.GameTexts() {
		texts = append(texts, t)
	}
	p := NewParser("columns.pbn")
	first, second := p.Parse(texts[0]), p.Parse(texts[1])
	if s := second.Tag("ScoreTable").Section; s.Rows != nil || second.redo == nil {
		t.Fatalf("before resolving: rows %v, redo %v", s.Rows, second.redo)
	}
	var res Resolver
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
// checkLINApart fails unless the records of src checked apart are those
