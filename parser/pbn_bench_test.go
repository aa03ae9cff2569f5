package parser

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"bridgekit/internal/cputime"
)

// benchPBN builds a large realistic PBN text from the UTF-8 files of the
// corpus (the whole corpus read in a single encoding), or from the test
// fixtures when the corpus is absent, repeated up to about 16 MB.
func benchPBN(b *testing.B) []byte {
	var parts [][]byte
	filepath.WalkDir(corpusDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".pbn") {
			if data, err := os.ReadFile(p); err == nil && utf8.Valid(data) {
				parts = append(parts, bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
			}
		}
		return nil
	})
	if len(parts) == 0 {
		matches, _ := filepath.Glob("testdata/pbn/*.pbn")
		for _, m := range matches {
			if data, err := os.ReadFile(m); err == nil && utf8.Valid(data) {
				parts = append(parts, data)
			}
		}
	}
	if len(parts) == 0 {
		b.Skip("no PBN input")
	}
	var buf bytes.Buffer
	for buf.Len() < 16<<20 {
		for _, p := range parts {
			buf.Write(p)
			buf.WriteString("\n\n")
		}
	}
	return buf.Bytes()
}

// BenchmarkReadPBN reads a large file into syntax trees, one game at a time.
// Besides the wall-clock MB/s it reports cpu-MB/s, the throughput per
// second of CPU time used by the process (garbage collection included),
// which a busy machine does not distort.
func BenchmarkReadPBN(b *testing.B) {
	data := benchPBN(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	start := cputime.Used()
	for b.Loop() {
		r := ReadPBN(bytes.NewReader(data), "bench.pbn")
		for _, err := range r.Games() {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	cputime.Report(b, int64(len(data)), start)
}
