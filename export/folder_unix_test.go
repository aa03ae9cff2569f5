//go:build unix

package export

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bridgekit/bridgekit/corpus"
)

// TestLock: while a run holds the folder, another run of the same shard
// is refused, at once; a run of another shard is not; and once the run
// has ended, the next may begin.
func TestLock(t *testing.T) {
	out := t.TempDir()
	first, err := Begin(out, Parquet, 0, Shard{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Begin(out, Parquet, 0, Shard{}); err == nil || !strings.Contains(err.Error(), "another export is writing to this folder (it holds "+filepath.Join(out, ".bridgekit-export.lock")+")") {
		t.Errorf("a second run at once: %v", err)
	}
	other, err := Begin(out, JSONL, 0, Shard{0, 2})
	if err != nil {
		t.Fatalf("a run of another shard: %v", err)
	}
	if _, err := Begin(out, Parquet, 0, Shard{0, 2}); err == nil || !strings.Contains(err.Error(), "another export of shard 0/2 is writing") {
		t.Errorf("a second run of shard 0/2: %v", err)
	}
	other.Abort()
	if err := first.Commit(&corpus.Report{}); err != nil {
		t.Fatal(err)
	}
	next, err := Begin(out, Parquet, 0, Shard{})
	if err != nil {
		t.Fatalf("after the run: %v", err)
	}
	next.Abort()
}

// TestReadSummary: a summary is read from a regular file, or through a
// link to one; a device, a FIFO, a file of more than MaxSummary bytes are
// refused, a FIFO without waiting for a writer, and the error names the
// file.
func TestReadSummary(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	os.WriteFile(good, []byte(`{"boards": 7, "export": {"run": 3}}`), 0o644)
	os.Symlink(good, filepath.Join(dir, "link.json"))
	os.Symlink("/dev/zero", filepath.Join(dir, "zero.json"))
	big, err := os.Create(filepath.Join(dir, "big.json"))
	if err != nil {
		t.Fatal(err)
	}
	big.Truncate(MaxSummary + 1)
	big.Close()
	fifo := filepath.Join(dir, "fifo.json")
	mkfifo(t, fifo)
	for _, c := range []struct{ name, want string }{
		{"good.json", ""},
		{"link.json", ""},
		{"zero.json", "not read: not a regular file"},
		{"fifo.json", "not read: not a regular file"},
		{"big.json", "not read: larger than 64 MiB, more than a summary holds"},
		{"missing.json", "not read: no such file or directory"},
	} {
		path := filepath.Join(dir, c.name)
		done := make(chan struct{})
		var s *Summary
		var err error
		go func() {
			s, err = ReadSummary(path)
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("ReadSummary(%s) waits", c.name)
		}
		switch {
		case c.want == "" && (err != nil || s.Boards != 7 || s.Export == nil || s.Export.Run != 3):
			t.Errorf("%s: %+v, %v", c.name, s, err)
		case c.want != "" && (err == nil || err.Error() != path+": "+c.want):
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
}
