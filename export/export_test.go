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

// commit runs an export of boards and findings into dir and commits it
// with a report counting the boards.
func commit(t *testing.T, dir string, format Format, perFile int, shard Shard, boards []Board, findings []Finding) *Summary {
	t.Helper()
	x, err := Begin(dir, format, perFile, shard)
	if err != nil {
		t.Fatal(err)
	}
	if err := x.Boards.Write(boards); err != nil {
		t.Fatal(err)
	}
	if err := x.Findings.Write(findings); err != nil {
		t.Fatal(err)
	}
	if err := x.Commit(&corpus.Report{Boards: len(boards)}); err != nil {
		t.Fatal(err)
	}
	s, err := ReadSummary(filepath.Join(dir, "summary"+shard.Suffix()+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestTableFiles: files roll over at the row limit, with names in order,
// appear only at Commit, hold every row in order, and are the files the
// summary lists, with their rows and sizes. A second run replaces them.
func TestTableFiles(t *testing.T) {
	boards, findings := samplesRows(t)
	out := t.TempDir()
	x, err := Begin(out, Parquet, 10, Shard{1, 4})
	if err != nil {
		t.Fatal(err)
	}
	if err := x.Boards.Write(boards); err != nil {
		t.Fatal(err)
	}
	if m, _ := filepath.Glob(filepath.Join(out, "boards*")); len(m) != 0 {
		t.Fatalf("files before Commit: %v", m)
	}
	if err := x.Commit(&corpus.Report{Boards: len(boards)}); err != nil {
		t.Fatal(err)
	}
	m, _ := filepath.Glob(filepath.Join(out, "boards*"))
	want := (len(boards) + 9) / 10
	if len(m) != want || filepath.Base(m[0]) != "boards-s001of004-r1-00000.parquet" {
		t.Fatalf("files %v, want %d from boards-s001of004-r1-00000.parquet", m, want)
	}
	s, err := ReadSummary(filepath.Join(out, "summary-s001of004.json"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Boards != len(boards) || s.Export == nil || s.Export.Run != 1 || s.Export.Format != Parquet || s.Export.Schema != SchemaVersion {
		t.Fatalf("summary %+v, export %+v", s.Report, s.Export)
	}
	listed := s.Export.Tables["boards"]
	if len(listed) != len(m) {
		t.Fatalf("the summary lists %d boards files, the folder holds %d", len(listed), len(m))
	}
	var read []Board
	for i, f := range m {
		rows, err := parquet.ReadFile[Board](f)
		if err != nil {
			t.Fatal(err)
		}
		fi, _ := os.Stat(f)
		if l := listed[i]; l.Name != filepath.Base(f) || l.Rows != len(rows) || l.Bytes != fi.Size() {
			t.Errorf("the summary lists %+v for %s of %d rows and %d bytes", l, filepath.Base(f), len(rows), fi.Size())
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
	// The findings table, of no rows here, has its one empty file.
	if f := s.Export.Tables["findings"]; len(f) != 1 || f[0].Rows != 0 {
		t.Errorf("findings files %+v, want one of no rows", f)
	}

	s = commit(t, out, Parquet, 1000, Shard{1, 4}, boards[:5], findings)
	if s.Export.Run != 2 || s.Boards != 5 {
		t.Fatalf("second run: summary %+v, export %+v", s.Report, s.Export)
	}
	m, _ = filepath.Glob(filepath.Join(out, "*.parquet"))
	if len(m) != 2 || filepath.Base(m[0]) != "boards-s001of004-r2-00000.parquet" || filepath.Base(m[1]) != "findings-s001of004-r2-00000.parquet" {
		t.Errorf("after a second run the folder holds %v", m)
	}
}

// TestJSONL: the JSON Lines form has the Parquet columns as keys, every
// one on every line.
func TestJSONL(t *testing.T) {
	boards, findings := samplesRows(t)
	out := t.TempDir()
	commit(t, out, JSONL, 0, Shard{}, boards, findings)
	f, err := os.Open(filepath.Join(out, "boards-r1-00000.jsonl"))
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

// TestFilesClosed: a table holds one file open, however many it writes.
func TestFilesClosed(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd to count open files")
	}
	open := func() int {
		fds, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Fatal(err)
		}
		return len(fds)
	}
	boards, _ := samplesRows(t)
	x, err := Begin(t.TempDir(), Parquet, 1, Shard{})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Abort()
	before := open()
	if err := x.Boards.Write(boards); err != nil {
		t.Fatal(err)
	}
	if n := open() - before; n > 1 {
		t.Errorf("%d files open after writing %d files of one row", n, len(boards))
	}
}

// TestSweep: a run removes what earlier runs of its shard left and no
// summary lists (temporary files, tables of a killed run), and the
// export it replaces once its own is in place; it keeps a user's files,
// other shards' files, and what only looks like export's.
func TestSweep(t *testing.T) {
	boards, findings := samplesRows(t)
	out := t.TempDir()
	commit(t, out, Parquet, 0, Shard{}, boards, findings)
	for _, c := range []struct {
		name string
		kept bool
	}{
		{"boards-r1-00000.parquet", false},    // the export replaced
		{"boards-r7-00003.jsonl", false},      // a killed run's
		{"findings-r2-123456.parquet", false}, // a file number past 99999
		{".boards-r2-00000.parquet.bridgekit-12-0123abcd.tmp", false},
		{".summary.json.bridgekit-12-0123abcd.tmp", false},
		{"boards-s001of002-r1-00000.parquet", true}, // another shard's
		{".summary-s001of002.json.bridgekit-12-0123abcd.tmp", true},
		{".bridgekit-export-s001of002.lock", true},
		{"boards-00000.parquet", true}, // no run: not export's
		{"boards-r1-00000.parquet.bak", true},
		{".boards-r2-00000.parquet.bridgekit-x-0123abcd.tmp", true},
		{"notes-r1-00000.parquet", true},
		{"notes.txt", true},
	} {
		if c.name != "boards-r1-00000.parquet" {
			if err := os.WriteFile(filepath.Join(out, c.name), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		defer func() {
			_, err := os.Lstat(filepath.Join(out, c.name))
			if kept := err == nil; kept != c.kept {
				t.Errorf("%s: kept %v, want %v", c.name, kept, c.kept)
			}
		}()
	}
	// A folder of that name is not removed either.
	if err := os.Mkdir(filepath.Join(out, "boards-r9-00000.parquet"), 0o755); err != nil {
		t.Fatal(err)
	}
	commit(t, out, Parquet, 0, Shard{}, boards, findings)
	if _, err := os.Stat(filepath.Join(out, "boards-r9-00000.parquet")); err != nil {
		t.Error(err)
	}
}

// TestAbort: an aborted run, even one that had renamed its tables,
// leaves the folder's export as it was, and only it.
func TestAbort(t *testing.T) {
	boards, findings := samplesRows(t)
	out := t.TempDir()
	commit(t, out, Parquet, 0, Shard{}, boards, findings)
	before, _ := os.ReadDir(out)
	x, err := Begin(out, Parquet, 3, Shard{})
	if err != nil {
		t.Fatal(err)
	}
	if err := x.Boards.Write(boards); err != nil {
		t.Fatal(err)
	}
	x.Abort()
	after, _ := os.ReadDir(out)
	if !slices.EqualFunc(before, after, func(a, b os.DirEntry) bool { return a.Name() == b.Name() }) {
		t.Errorf("the folder held %v, after an aborted run %v", before, after)
	}
}

// TestForeignSummary: a summary.json that export did not write is not
// replaced, and the run leaves nothing.
func TestForeignSummary(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"a report", `{"files": 1, "boards": 2}`, "(it lists no tables)"},
		{"not JSON", "[Event \"x\"]", "(unreadable JSON: "},
		{"a bad run", `{"export": {"run": -1, "tables": {}}}`, "(its run number -1 is not one export gives)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := t.TempDir()
			summary := filepath.Join(out, "summary.json")
			os.WriteFile(summary, []byte(c.text), 0o644)
			_, err := Begin(out, Parquet, 0, Shard{})
			if err == nil || !strings.Contains(err.Error(), summary+" is not the summary of an export "+c.want) {
				t.Fatalf("Begin: %v, want %q", err, c.want)
			}
			if data, _ := os.ReadFile(summary); string(data) != c.text {
				t.Errorf("summary.json now holds %q", data)
			}
		})
	}
}
