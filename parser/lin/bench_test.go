package lin

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/bridgekit/bridgekit/internal/cputime"
)

// linBenchInput builds a large LIN text: every plain LIN file of the corpus
// (or, without the corpus, the fixtures), repeated up to about 8 MB.
func linBenchInput(b *testing.B) []byte {
	var parts [][]byte
	dir := filepath.Join("..", "..", "shared", "corpus")
	if _, err := os.Stat(dir); err == nil {
		for _, f := range corpusLINFiles(b) {
			if filepath.Ext(f) == ".lin" {
				src, err := os.ReadFile(f)
				if err != nil {
					b.Fatal(err)
				}
				parts = append(parts, src)
			}
		}
	}
	if len(parts) == 0 {
		for _, name := range []string{"single", "multi", "vugraph", "pavlicek", "calls"} {
			src, err := os.ReadFile(filepath.Join("testdata", "lin", name+".input"))
			if err != nil {
				b.Fatal(err)
			}
			parts = append(parts, src)
		}
	}
	var buf bytes.Buffer
	for buf.Len() < 8<<20 {
		for _, p := range parts {
			buf.Write(p)
			buf.WriteByte('\n')
		}
	}
	return buf.Bytes()
}

// BenchmarkReadLIN reads a large realistic LIN file record by record; like
// BenchmarkReadPBN it reports cpu-MB/s as well.
func BenchmarkReadLIN(b *testing.B) {
	src := linBenchInput(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	start := cputime.Used()
	for b.Loop() {
		n := 0
		for rec, err := range NewReader(bytes.NewReader(src), "bench.lin").Records() {
			if err != nil {
				b.Fatal(err)
			}
			n += len(rec.Pairs)
		}
		if n == 0 {
			b.Fatal("no pairs")
		}
	}
	cputime.Report(b, int64(len(src)), start)
}
