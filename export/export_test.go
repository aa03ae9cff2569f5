package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/internal/safewrite"
	"github.com/bridgekit/bridgekit/internal/testinput"
)

// TestShard: every name falls in exactly one shard of N, the same on
// every run, and the shards are near even.
func TestShard(t *testing.T) {
	const n = 7
	counts := make([]int, n)
	for i := range 7000 {
		name := fmt.Sprintf("archive/2019/event-%d.pbn", i)
		in := 0
		for s := range n {
			if (Shard{s, n}).Holds(name) {
				in++
				counts[s]++
			}
		}
		if in != 1 {
			t.Fatalf("%s is in %d shards", name, in)
		}
	}
	for s, c := range counts {
		if c < 800 || c > 1200 {
			t.Errorf("shard %d holds %d of 7000", s, c)
		}
	}
	if !(Shard{}).Holds("x") {
		t.Error("the zero shard holds nothing")
	}
	// A name's shard is a function of the name alone (FNV-1a), the same
	// on every machine: a.pbn is in shard 2 of 8.
	if !(Shard{2, 8}).Holds("a.pbn") {
		t.Error("a.pbn is not in shard 2 of 8")
	}
	for _, bad := range []string{"3", "8/8", "-1/4", "1/0", "a/b"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

func samplesRows(t *testing.T) ([]Board, []Finding) {
	t.Helper()
	var boards []Board
	var findings []Finding
	for _, f := range testinput.Glob(t, "../corpus/samples/*.*") {
		if strings.HasSuffix(f, ".md") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p := corpus.Process(filepath.Base(f), bytes.NewReader(src), corpus.AuditOptions{Boards: true, AllFindings: true})
		rows := BoardRows(p)
		boards = append(boards, rows...)
		findings = append(findings, Finish(p, rows)...)
	}
	return boards, findings
}

// TestTableFiles: files roll over at the row limit, with names in order,
// appear only at Commit, hold every row in order, and are never written
// over.
func TestTableFiles(t *testing.T) {
	boards, _ := samplesRows(t)
	out := t.TempDir()
	dir, err := safewrite.OpenDir(out)
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	tb := NewTable[Board](dir, "boards", Parquet, 10, Shard{1, 4})
	if err := tb.Write(boards); err != nil {
		t.Fatal(err)
	}
	if m, _ := filepath.Glob(filepath.Join(out, "boards*")); len(m) != 0 {
		t.Fatalf("files before Commit: %v", m)
	}
	if err := tb.Commit(); err != nil {
		t.Fatal(err)
	}
	m, _ := filepath.Glob(filepath.Join(out, "boards*"))
	want := (len(boards) + 9) / 10
	if len(m) != want || filepath.Base(m[0]) != "boards-s001of004-00000.parquet" {
		t.Fatalf("files %v, want %d from boards-s001of004-00000.parquet", m, want)
	}
	var read []Board
	for _, f := range m {
		rows, err := parquet.ReadFile[Board](f)
		if err != nil {
			t.Fatal(err)
		}
		read = append(read, rows...)
	}
	if len(read) != len(boards) {
		t.Fatalf("%d rows read, %d written", len(read), len(boards))
	}
	for i := range boards {
		if read[i].File != boards[i].File || read[i].Game != boards[i].Game || !slices.Equal(read[i].Play, boards[i].Play) || len(read[i].Calls) != len(boards[i].Calls) {
			t.Fatalf("row %d: %+v, wrote %+v", i, read[i], boards[i])
		}
	}
	again := NewTable[Board](dir, "boards", Parquet, 10, Shard{1, 4})
	if err := again.Write(boards); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("a second export into the same names: %v", err)
	}
	again.Abort()
}

// TestJSONL: the JSON Lines form has the Parquet columns as keys, every
// one on every line.
func TestJSONL(t *testing.T) {
	boards, findings := samplesRows(t)
	out := t.TempDir()
	dir, err := safewrite.OpenDir(out)
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	bt := NewTable[Board](dir, "boards", JSONL, 0, Shard{})
	ft := NewTable[Finding](dir, "findings", JSONL, 0, Shard{})
	if bt.Write(boards) != nil || ft.Write(findings) != nil || bt.Commit() != nil || ft.Commit() != nil {
		t.Fatal("write failed")
	}
	f, err := os.Open(filepath.Join(out, "boards-00000.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cols := parquet.SchemaOf(Board{}).Fields()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	lines := 0
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		for _, c := range cols {
			if _, ok := m[c.Name()]; !ok {
				t.Fatalf("line %d lacks %q", lines+1, c.Name())
			}
		}
		lines++
	}
	if lines != len(boards) {
		t.Errorf("%d lines, %d boards", lines, len(boards))
	}
}
