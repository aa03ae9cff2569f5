package corpus

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/internal/testinput"
)

// benchTree writes n files: 60% .pbn (taken by name), 30% .txt holding PBN
// (sniffed and taken), 10% .md (sniffed and skipped).
func benchTree(b *testing.B, n int) string {
	dir := b.TempDir()
	tree := map[string][]byte{}
	for i := range n {
		name := fmt.Sprintf("d%02d/f%04d", i%20, i)
		switch {
		case i%10 < 6:
			name += ".pbn"
		case i%10 < 9:
			name += ".txt"
		default:
			name += ".md"
		}
		content := pbnText(fmt.Sprint(i))
		if strings.HasSuffix(name, ".md") {
			content = "# notes\n"
		}
		tree[name] = []byte(content)
	}
	writeTree(b, dir, tree)
	return dir
}

// BenchmarkInputsDir measures discovery alone over a directory of 1,000 files.
func BenchmarkInputsDir(b *testing.B) {
	dir := benchTree(b, 1000)
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for _, err := range Inputs([]string{dir}, nil, Options{}) {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 900 {
			b.Fatalf("%d inputs, want 900", n)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*1000), "ns/file")
}

// benchArchive returns 1,000 PBN members of about 2 KiB each.
func benchMembers() ([]member, int64) {
	var ms []member
	var total int64
	for i := range 1000 {
		data := []byte(strings.Repeat(pbnText(fmt.Sprint(i))+"[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n", 16))
		ms = append(ms, member{name: fmt.Sprintf("s/%04d.pbn", i), data: data})
		total += int64(len(data))
	}
	return ms, total
}

// benchReadAll discovers and reads every input of path, as a worker would.
func benchReadAll(b *testing.B, path string, total int64) {
	b.SetBytes(total)
	b.ReportAllocs()
	buf := make([]byte, 32<<10)
	for b.Loop() {
		var n int64
		for in, err := range Inputs([]string{path}, nil, Options{}) {
			if err != nil {
				b.Fatal(err)
			}
			rc, err := in.Open()
			if err != nil {
				b.Fatal(err)
			}
			m, err := io.CopyBuffer(io.Discard, rc, buf)
			rc.Close()
			if err != nil {
				b.Fatal(err)
			}
			n += m
		}
		if n != total {
			b.Fatalf("read %d bytes, want %d", n, total)
		}
	}
}

func BenchmarkInputsZip(b *testing.B) {
	ms, total := benchMembers()
	p := filepath.Join(b.TempDir(), "a.zip")
	if err := os.WriteFile(p, zipBytes(b, ms), 0o644); err != nil {
		b.Fatal(err)
	}
	benchReadAll(b, p, total)
}

func BenchmarkInputsTarGz(b *testing.B) {
	ms, total := benchMembers()
	p := filepath.Join(b.TempDir(), "a.tar.gz")
	if err := os.WriteFile(p, gzipBytes(b, tarBytes(b, ms)), 0o644); err != nil {
		b.Fatal(err)
	}
	benchReadAll(b, p, total)
}

// BenchmarkSequencer measures the cost of ordering one trivial task.
func BenchmarkSequencer(b *testing.B) {
	b.ReportAllocs()
	s := NewSequencer(context.Background(), RunOptions{}, func(int) {})
	for b.Loop() {
		s.Add(1, func() int { return 1 })
	}
	s.Wait()
}

// BenchmarkRunCorpus runs discovery, reading and ordering, without parsing,
// over the real corpus: the floor under a full audit.
func BenchmarkRunCorpus(b *testing.B) {
	if !testinput.HaveCorpus() {
		b.Skip("real-world corpus not present")
	}
	var total int64
	for in, err := range Inputs([]string{testinput.CorpusDir()}, nil, Options{}) {
		if err == nil {
			total += in.Size
		}
	}
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		err := Run(context.Background(), Inputs([]string{testinput.CorpusDir()}, nil, Options{}), RunOptions{},
			func(in *Input) int64 {
				rc, err := in.Open()
				if err != nil {
					return 0
				}
				defer rc.Close()
				n, _ := io.Copy(io.Discard, rc)
				return n
			},
			func(*Input, int64, error) {})
		if err != nil {
			b.Fatal(err)
		}
	}
}
