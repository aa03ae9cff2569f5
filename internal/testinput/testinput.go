// Package testinput finds the inputs tests read: the real-world corpus
// beside the repository, and files that must exist.
package testinput

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// CorpusDir returns the shared real-world corpus, ../shared/corpus beside
// the module's root, wherever the test runs from.
func CorpusDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "corpus")
}

// NeedCorpus returns CorpusDir, skipping the test when the corpus is
// absent.
func NeedCorpus(t testing.TB) string {
	t.Helper()
	dir := CorpusDir()
	if _, err := os.Stat(dir); err != nil {
		t.Skip("corpus not found at", dir)
	}
	return dir
}

// HaveCorpus reports whether the corpus is there.
func HaveCorpus() bool {
	_, err := os.Stat(CorpusDir())
	return err == nil
}

// Glob returns the files matching pattern, failing the test when there are
// none: a test that reads no input proves nothing.
func Glob(t testing.TB, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no files match %s", pattern)
	}
	return files
}

// EachFile calls check with the content and name of each file; there must
// be some.
func EachFile(t testing.TB, files []string, check func(src []byte, name string)) {
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

// AllocBytes returns the bytes f allocates, on average over n runs.
func AllocBytes(n int, f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range n {
		f()
	}
	runtime.ReadMemStats(&after)
	return (after.TotalAlloc - before.TotalAlloc) / uint64(n)
}

// RepeatReader yields head, then n copies of body, then tail, without
// holding them in memory.
type RepeatReader struct {
	parts []string
	n     int // copies of parts[1] left
	cur   string
}

// NewRepeatReader returns a RepeatReader.
func NewRepeatReader(head, body, tail string, n int) *RepeatReader {
	return &RepeatReader{parts: []string{head, body, tail}, n: n, cur: head}
}

// Read implements io.Reader.
func (r *RepeatReader) Read(p []byte) (int, error) {
	for r.cur == "" {
		switch {
		case r.n > 0:
			r.n--
			r.cur = r.parts[1]
		case r.parts[2] != "":
			r.cur, r.parts[2] = r.parts[2], ""
		default:
			return 0, io.EOF
		}
	}
	n := copy(p, r.cur)
	r.cur = r.cur[n:]
	return n, nil
}

// HeapSampler reads R, collecting garbage and noting the live heap every
// quarter mebibyte read: the peak of what a reader holds, not of when the
// collector happened to run.
type HeapSampler struct {
	R     io.Reader
	since int
	Peak  uint64
}

// Read implements io.Reader.
func (s *HeapSampler) Read(p []byte) (int, error) {
	n, err := s.R.Read(p)
	if s.since += n; s.since >= 256<<10 {
		s.since = 0
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		s.Peak = max(s.Peak, ms.HeapAlloc)
	}
	return n, err
}

// Seed adds the files matching the patterns to a fuzz target's corpus.
func Seed(f *testing.F, patterns ...string) {
	for _, p := range patterns {
		files, _ := filepath.Glob(p)
		for _, file := range files {
			if data, err := os.ReadFile(file); err == nil {
				f.Add(data)
			}
		}
	}
}
