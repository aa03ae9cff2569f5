package convert

import (
	"bytes"
	"io"
	"testing"

	"github.com/bridgekit/bridgekit/internal/benchinput"
	"github.com/bridgekit/bridgekit/internal/cputime"
	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/parser/pbn"
	"github.com/bridgekit/bridgekit/record"
)

// benchInput builds a large realistic PBN text from the UTF-8 PBN files of
// the corpus, or from the writers' test inputs when the corpus is absent,
// repeated up to at least size bytes.
func benchInput(b *testing.B, size int) []byte {
	data := benchinput.Repeat(".pbn", size, testinput.CorpusDir())
	if data == nil {
		data = benchinput.Repeat(".input", size, "testdata")
	}
	if data == nil {
		b.Skip("no PBN input")
	}
	return data
}

// BenchmarkNormalizePBN reads, replays and writes back as canonical PBN a
// large file, streaming. MB/s counts the input.
func BenchmarkNormalizePBN(b *testing.B) {
	data := benchInput(b, 16<<20)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	start := cputime.Used()
	for b.Loop() {
		if err := normalizePBN(io.Discard, bytes.NewReader(data), "bench.pbn", PBNWriterOptions{}, nil); err != nil {
			b.Fatal(err)
		}
	}
	cputime.Report(b, int64(len(data)), start)
}

// BenchmarkPBNToLIN converts a large PBN file to LIN, streaming. MB/s
// counts the input.
func BenchmarkPBNToLIN(b *testing.B) {
	data := benchInput(b, 16<<20)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	start := cputime.Used()
	for b.Loop() {
		w := NewLINWriter(io.Discard, LINWriterOptions{})
		for bd, err := range readPBNBoards(pbn.NewReader(bytes.NewReader(data), "bench.pbn")) {
			if err != nil {
				b.Fatal(err)
			}
			if err := w.WriteBoard(bd); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
	cputime.Report(b, int64(len(data)), start)
}

// BenchmarkReadPBNBoards is the reading half of the two above: PBN text
// to replayed boards. MB/s counts the input.
func BenchmarkReadPBNBoards(b *testing.B) {
	data := benchInput(b, 16<<20)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var c record.Checker
	start := cputime.Used()
	for b.Loop() {
		for bd, err := range readPBNBoards(pbn.NewReader(bytes.NewReader(data), "bench.pbn")) {
			if err != nil {
				b.Fatal(err)
			}
			c.Check(bd)
		}
	}
	cputime.Report(b, int64(len(data)), start)
}

// benchBoards reads the boards of the corpus once, replayed, for the
// benchmarks of the writers alone.
func benchBoards(b *testing.B) ([]*record.Board, int) {
	data := benchInput(b, 1)
	return readPBN(data, "bench.pbn"), len(data)
}

// BenchmarkWritePBN, BenchmarkWriteLIN and BenchmarkWriteJSON write boards
// already read: the writing half alone. MB/s counts the PBN text the
// boards were read from, so that the figures compare with the reader's.
func BenchmarkWritePBN(b *testing.B) {
	boards, n := benchBoards(b)
	benchWrite(b, n, func(w io.Writer) writer { return NewPBNWriter(w, PBNWriterOptions{}) }, boards)
}

func BenchmarkWriteLIN(b *testing.B) {
	boards, n := benchBoards(b)
	benchWrite(b, n, func(w io.Writer) writer { return NewLINWriter(w, LINWriterOptions{}) }, boards)
}

func BenchmarkWriteJSON(b *testing.B) {
	boards, n := benchBoards(b)
	benchWrite(b, n, func(w io.Writer) writer { return NewJSONWriter(w) }, boards)
}

func benchWrite(b *testing.B, size int, open func(io.Writer) writer, boards []*record.Board) {
	b.SetBytes(int64(size))
	b.ReportAllocs()
	start := cputime.Used()
	for b.Loop() {
		writeBoards(b, open(io.Discard), boards)
	}
	cputime.Report(b, int64(size), start)
}
