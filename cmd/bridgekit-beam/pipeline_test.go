package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/parquet-go/parquet-go"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/export"
)

func TestMain(m *testing.M) { ptest.MainWithDefault(m, "prism") }

func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// stats runs bridgekit stats --format json on paths.
func stats(t *testing.T, paths ...string) corpus.Report {
	t.Helper()
	cmd := exec.Command("go", append([]string{"run", "./cmd/bridgekit", "stats", "--format", "json"}, paths...)...)
	cmd.Dir = repoRoot()
	out, err := cmd.Output()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
		t.Fatalf("bridgekit stats: %v", err)
	}
	var r corpus.Report
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestPipeline runs the pipeline on prism over the sample files and checks
// its report against bridgekit stats on the same files — files, boards,
// distinct deals, contracts, findings by code — and its Parquet shards
// against the report: every board and finding once.
func TestPipeline(t *testing.T) {
	in := t.TempDir()
	samples, _ := filepath.Glob(filepath.Join(repoRoot(), "corpus", "samples", "*"))
	for _, f := range samples {
		if ext := filepath.Ext(f); ext != ".pbn" && ext != ".lin" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(in, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Repeats across files: a sample's board 1 under its board 2 (which
	// had another deal), and turned in another event.
	const repeats = `[Event "Harbourside BC Thursday Pairs"]
[Date "2025.02.13"]
[Board "2"]
[Deal "N:K7.QJT5.AQT.A854 AT83.742.8653.J3 J62.K963.K94.KT7 Q954.A8.J72.Q962"]

[Event "Elsewhere"]
[Board "9"]
[Deal "W:K7.QJT5.AQT.A854 AT83.742.8653.J3 J62.K963.K94.KT7 Q954.A8.J72.Q962"]
`
	if err := os.WriteFile(filepath.Join(in, "repeats.pbn"), []byte(repeats), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	p, s := beam.NewPipelineWithRoot()
	Pipeline(s, filepath.Join(in, "*"), out, 3)
	start := time.Now()
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
	t.Logf("the pipeline took %v on prism", time.Since(start))

	data, err := os.ReadFile(filepath.Join(out, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var got Summary
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	want := stats(t, in)
	g, w := got.Report, want
	if g.Files != w.Files || g.Boards != w.Boards || g.Deals != w.Deals || g.PassedOut != w.PassedOut || g.Contracts != w.Contracts {
		t.Errorf("pipeline: %d files, %d boards, %d deals, %d passed out, %v\nstats:    %d files, %d boards, %d deals, %d passed out, %v",
			g.Files, g.Boards, g.Deals, g.PassedOut, g.Contracts, w.Files, w.Boards, w.Deals, w.PassedOut, w.Contracts)
	}
	if w.Codes["duplicate-deal"] == 0 {
		t.Error("the inputs hold no repeated deal: the pipeline's search for them is not tried")
	}
	for code, n := range w.Codes {
		if g.Codes[code] != n {
			t.Errorf("%s: pipeline %d, stats %d", code, g.Codes[code], n)
		}
	}
	byFile := 0
	for _, n := range got.ByFile {
		byFile += n
	}
	boards, findings := 0, 0
	shards, _ := filepath.Glob(filepath.Join(out, "*.parquet"))
	for _, f := range shards {
		switch {
		case strings.HasPrefix(filepath.Base(f), "boards-"):
			rows, err := parquet.ReadFile[export.Board](f)
			if err != nil {
				t.Fatal(err)
			}
			boards += len(rows)
			if !slices.IsSortedFunc(rows, func(a, b export.Board) int {
				return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Game, b.Game))
			}) {
				t.Errorf("%s: the rows are not in the order of their files and games", f)
			}
		default:
			rows, err := parquet.ReadFile[export.Finding](f)
			if err != nil {
				t.Fatal(err)
			}
			findings += len(rows)
		}
	}
	if boards != w.Boards || findings != byFile {
		t.Errorf("shards hold %d boards and %d findings; the report %d and %d", boards, findings, w.Boards, byFile)
	}
}

// TestCheckOutput: an output folder that holds anything is refused, so
// that no shard of an earlier run is read as this run's; a new or empty
// one is taken.
func TestCheckOutput(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	if err := CheckOutput(ctx, dir); err != nil {
		t.Errorf("an empty folder: %v", err)
	}
	if err := CheckOutput(ctx, filepath.Join(dir, "new")); err != nil {
		t.Errorf("a new folder: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "boards-00007.parquet"), []byte("old"), 0o644)
	if err := CheckOutput(ctx, dir); err == nil || !strings.Contains(err.Error(), "is not empty") {
		t.Errorf("a folder with a shard of an earlier run: %v", err)
	}
}

// TestWriteFileLocal: a local output is written whole under a temporary
// name, and never through a link: a link in its place is replaced.
func TestWriteFileLocal(t *testing.T) {
	ctx := context.Background()
	dir, outside := t.TempDir(), t.TempDir()
	target := filepath.Join(outside, "victim")
	os.WriteFile(target, []byte("keep"), 0o644)
	os.Symlink(target, filepath.Join(dir, "report.json"))
	err := writeFile(ctx, filepath.Join(dir, "report.json"), func(w io.Writer) error { _, err := w.Write([]byte("{}")); return err })
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "keep" {
		t.Errorf("written through a link: the file outside holds %q", b)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "report.json")); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("report.json is not a file of the folder's own: %v", err)
	}
	failed := errors.New("broken")
	name := filepath.Join(dir, "boards-00000.parquet")
	if err := writeFile(ctx, name, func(w io.Writer) error { w.Write([]byte("half")); return failed }); !errors.Is(err, failed) {
		t.Errorf("a failed write: %v", err)
	}
	if _, err := os.Stat(name); !os.IsNotExist(err) {
		t.Errorf("a failed write left %s (%v)", name, err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) > 0 {
		t.Errorf("a failed write left %v", left)
	}
}

// TestCheckInput: a local folder as --input is refused with the glob to
// give instead; a glob is taken.
func TestCheckInput(t *testing.T) {
	dir := t.TempDir()
	if err := CheckInput(dir); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("a folder: %v", err)
	}
	if err := CheckInput(filepath.Join(dir, "*.pbn")); err != nil {
		t.Errorf("a glob: %v", err)
	}
}
