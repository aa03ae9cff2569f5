package pbn

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/bridgekit/bridgekit/internal/benchinput"
	"github.com/bridgekit/bridgekit/internal/cputime"
	"github.com/bridgekit/bridgekit/internal/testinput"
)

// benchPBN builds a large realistic PBN text from the UTF-8 files of the
// corpus (the whole corpus read in a single encoding), or from the test
// fixtures when the corpus is absent, repeated up to about 16 MB.
func benchPBN(b *testing.B) []byte {
	data := benchinput.Repeat(".pbn", 16<<20, testinput.CorpusDir(), filepath.Join("testdata", "pbn"))
	if data == nil {
		b.Skip("no PBN input")
	}
	return data
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
		r := NewReader(bytes.NewReader(data), "bench.pbn")
		for _, err := range r.Games() {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	cputime.Report(b, int64(len(data)), start)
}
