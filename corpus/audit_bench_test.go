package corpus_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/internal/benchinput"
	"github.com/bridgekit/bridgekit/internal/cputime"
)

// streamInput builds one large realistic file of the format of ext: the
// UTF-8 (or ASCII) files of that format in the real corpus, or in
// corpus/samples when it is absent, one after the other and repeated up to
// at least size bytes. Files in other encodings are left out, as one file
// has one encoding.
func streamInput(b *testing.B, ext string, size int) string {
	data := benchinput.Repeat(ext, size, sharedCorpus, "samples")
	if data == nil {
		b.Skip("no " + ext + " input")
	}
	path := filepath.Join(b.TempDir(), "big"+ext)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkAuditLargePBN audits one large PBN file the way the command
// line does, through Inputs and Audit with the default jobs: cut into
// batches of games by the calling goroutine, which the workers read,
// convert and check.
// Besides MB/s of wall clock it reports cpu-MB/s, the bytes per second of
// CPU time the process used, which a busy machine does not distort. Run it
// with -cpu 1,2: on two idle cores the ratio of the two wall-clock MB/s is
// the speedup.
func BenchmarkAuditLargePBN(b *testing.B) { benchAuditLarge(b, ".pbn", 16<<20) }

// BenchmarkAuditLargeLIN is BenchmarkAuditLargePBN for LIN.
func BenchmarkAuditLargeLIN(b *testing.B) { benchAuditLarge(b, ".lin", 8<<20) }

func benchAuditLarge(b *testing.B, ext string, size int) {
	path := streamInput(b, ext, size)
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	b.ReportAllocs()
	games := 0
	start := cputime.Used()
	for b.Loop() {
		r, err := corpus.Audit(context.Background(), corpus.Inputs([]string{path}, nil, corpus.Options{}),
			corpus.AuditOptions{Reuse: true}, func(*corpus.Part) {})
		if err != nil || r.Bytes != st.Size() || r.Games == 0 {
			b.Fatalf("read %d of %d bytes, %d games: %v", r.Bytes, st.Size(), r.Games, err)
		}
		games = r.Games
	}
	cputime.Report(b, st.Size(), start)
	b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
