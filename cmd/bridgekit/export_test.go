//go:build unix

package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/bridgekit/bridgekit/export"
)

// TestExportKill kills export at random moments, 20 times, while it
// replaces an earlier export of other files in the same folder. After
// each kill the folder must hold one export whole, the old one or the
// new one, as its summary names it; the rerun must succeed and leave
// nothing of the killed run, and nothing but the user's file beside the
// export.
func TestExportKill(t *testing.T) {
	bin := killable(t)
	dir := t.TempDir()
	// Two sets of inputs told apart by their number of boards; two rows a
	// file make many files, so that a kill often falls in the commit.
	boards := [2]int{24, 40}
	var inputs [2]string
	for i, n := range boards {
		inputs[i] = filepath.Join(dir, fmt.Sprintf("set%d.pbn", i))
		var b strings.Builder
		for k := 1; k <= n; k++ {
			fmt.Fprintf(&b, "[Event \"Set %d\"]\n[Board \"%d\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Contract \"Pass\"]\n[Auction \"N\"]\nPass Pass Pass Pass\n\n", i, k)
		}
		if err := os.WriteFile(inputs[i], []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	exportCmd := func(set int) *exec.Cmd {
		return exec.Command(bin, "export", "--rows-per-file", "2", "--jobs", "1", "--out", out, inputs[set])
	}
	complete := func(set int) {
		t.Helper()
		if msg, err := exportCmd(set).CombinedOutput(); err != nil {
			t.Fatalf("export of set %d: %v\n%s", set, err, msg)
		}
		if got := checkExport(t, out); got != boards[set] {
			t.Fatalf("after the export of set %d the folder holds %d boards, want %d", set, got, boards[set])
		}
		checkOnlyExport(t, out)
	}
	start := time.Now()
	complete(0)
	took := time.Since(start)

	cur, kept := 0, [2]int{}
	for range 20 {
		next := 1 - cur
		runKilled(t, exportCmd(next), os.Kill, rand.N(took*3/2)+time.Millisecond)
		switch got := checkExport(t, out); got {
		case boards[cur]:
			kept[0]++
		case boards[next]:
			kept[1]++
		default:
			t.Fatalf("after a kill the folder's export holds %d boards: neither the old %d nor the new %d", got, boards[cur], boards[next])
		}
		complete(next)
		cur = next
	}
	t.Logf("20 kills left the old export %d times, the new one %d times (a run takes %v)", kept[0], kept[1], took)
}

// manifest is what the kill test reads of a summary: its counts, and the
// files its export is made of.
type manifest struct {
	Boards     int            `json:"boards"`
	Severities map[string]int `json:"severities"`
	Export     *struct {
		Tables map[string][]struct {
			Name  string `json:"name"`
			Rows  int    `json:"rows"`
			Bytes int64  `json:"bytes"`
		} `json:"tables"`
	} `json:"export"`
}

// checkExport checks that the summary in dir names an export that is
// there whole: every file it lists, of its size and rows, the rows adding
// up to the summary's boards and findings. It returns the boards.
func checkExport(t *testing.T, dir string) int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("summary.json: %v", err)
	}
	if m.Export == nil {
		t.Fatal("summary.json names no tables")
	}
	findings := 0
	for _, n := range m.Severities {
		findings += n
	}
	for table, want := range map[string]int{"boards": m.Boards, "findings": findings} {
		files := m.Export.Tables[table]
		if len(files) == 0 {
			t.Fatalf("summary.json names no %s file", table)
		}
		rows := 0
		for _, f := range files {
			path := filepath.Join(dir, f.Name)
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatalf("the summary names %s: %v", f.Name, err)
			}
			if fi.Size() != f.Bytes {
				t.Fatalf("%s: %d bytes, the summary says %d", f.Name, fi.Size(), f.Bytes)
			}
			n, err := parquetRows(path, table)
			if err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
			if n != f.Rows {
				t.Fatalf("%s: %d rows, the summary says %d", f.Name, n, f.Rows)
			}
			rows += n
		}
		if rows != want {
			t.Fatalf("%s: %d rows in the files, the summary counts %d", table, rows, want)
		}
	}
	return m.Boards
}

// parquetRows reads every row of a file of the table named.
func parquetRows(path, table string) (int, error) {
	if table == "boards" {
		rows, err := parquet.ReadFile[export.Board](path)
		return len(rows), err
	}
	rows, err := parquet.ReadFile[export.Finding](path)
	return len(rows), err
}

// checkOnlyExport checks that dir holds the export its summary names, the
// lock file, the user's file, and nothing else.
func checkOnlyExport(t *testing.T, dir string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil || m.Export == nil {
		t.Fatalf("summary.json: %v", err)
	}
	want := []string{".bridgekit-export.lock", "notes.txt", "summary.json"}
	for _, files := range m.Export.Tables {
		for _, f := range files {
			want = append(want, f.Name)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("the folder holds %q, want %q", got, want)
	}
}
