package parser

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/bridgekit/bridgekit/internal/testinput"
)

// benchHeads are the first SniffLen bytes of the real corpus files, or of a
// few synthetic records when the corpus is absent.
func benchHeads(b *testing.B) [][]byte {
	var heads [][]byte
	filepath.WalkDir(testinput.CorpusDir(), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && FormatOf(p) != Unknown {
			if f, err := os.Open(p); err == nil {
				if h, err := io.ReadAll(io.LimitReader(f, SniffLen)); err == nil {
					heads = append(heads, h)
				}
				f.Close()
			}
		}
		return nil
	})
	if len(heads) == 0 {
		for _, tc := range sniffTests {
			heads = append(heads, tc.head)
		}
	}
	return heads
}

func BenchmarkSniff(b *testing.B) {
	heads := benchHeads(b)
	var n int64
	for _, h := range heads {
		n += int64(len(h))
	}
	b.SetBytes(n / int64(len(heads)))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		Sniff(heads[i%len(heads)])
		i++
	}
}
