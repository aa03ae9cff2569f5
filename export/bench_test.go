package export

import (
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/internal/benchaudit"
	"github.com/bridgekit/bridgekit/internal/benchinput"
	"github.com/bridgekit/bridgekit/internal/testinput"
)

// corpusRows reads 16 MB of corpus PBN into board rows.
func corpusRows(b *testing.B) ([]byte, []Board) {
	data := benchinput.Repeat(".pbn", 16<<20, testinput.CorpusDir(), "testdata", "../corpus/samples")
	if data == nil {
		b.Skip("no PBN input")
	}
	var rows []Board
	opts := corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true, Work: func(p *corpus.Part) any { return BoardRows(p) }}
	benchaudit.Run(b, data, opts, func(p *corpus.Part) {
		rs, _ := p.Work.([]Board)
		rows = append(rows, rs...)
	})
	return data, rows
}

// BenchmarkWriteParquet measures the writing itself: board rows made
// already, written as Parquet. boards/s is per run of the loop on one
// goroutine: a core's rate.
func BenchmarkWriteParquet(b *testing.B) {
	_, rows := corpusRows(b)
	dir := b.TempDir()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		x, err := Begin(dir, Parquet, DefaultRowsPerFile, Shard{I: i % 1000, N: 1000})
		if err != nil {
			b.Fatal(err)
		}
		if err := x.Boards.Write(rows); err != nil {
			b.Fatal(err)
		}
		x.Abort()
	}
	b.ReportMetric(float64(len(rows))*float64(b.N)/b.Elapsed().Seconds(), "boards/s")
}

// BenchmarkExport compares, on the same PBN text, an audit with what
// export does: the audit keeping the boards, the rows made in the
// workers, and the Parquet tables written. MB/s counts the input; export
// should keep at least 70% of audit's.
func BenchmarkExport(b *testing.B) {
	data, _ := corpusRows(b)
	run := func(opts corpus.AuditOptions, each func(*corpus.Part)) { benchaudit.Run(b, data, opts, each) }
	b.Run("audit", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			run(corpus.AuditOptions{}, func(*corpus.Part) {})
		}
	})
	b.Run("export", func(b *testing.B) {
		dir := b.TempDir()
		b.SetBytes(int64(len(data)))
		for i := 0; b.Loop(); i++ {
			x, err := Begin(dir, Parquet, DefaultRowsPerFile, Shard{I: i % 1000, N: 1000})
			if err != nil {
				b.Fatal(err)
			}
			opts := corpus.AuditOptions{Boards: true, AllFindings: true, Work: func(p *corpus.Part) any { return BoardRows(p) }}
			run(opts, func(p *corpus.Part) {
				rows, _ := p.Work.([]Board)
				fs := Finish(p, rows)
				if err := x.Boards.Write(rows); err != nil {
					b.Fatal(err)
				}
				if err := x.Findings.Write(fs); err != nil {
					b.Fatal(err)
				}
			})
			x.Abort()
		}
	})
}
