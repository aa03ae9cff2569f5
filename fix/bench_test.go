package fix

import (
	"bytes"
	"io"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/internal/benchaudit"
	"github.com/bridgekit/bridgekit/internal/benchinput"
	"github.com/bridgekit/bridgekit/internal/testinput"
)

// BenchmarkFix compares, on the same large PBN text, an audit with what
// fix does: the same audit keeping the boards, the plan, and the copy with
// the edits made. MB/s counts the input; fix should keep at least half of
// audit's.
func BenchmarkFix(b *testing.B) {
	data := benchinput.Repeat(".pbn", 16<<20, testinput.CorpusDir(), "testdata")
	if data == nil {
		b.Skip("no PBN input")
	}
	audit := func(opts corpus.AuditOptions, each func(*corpus.Part)) { benchaudit.Run(b, data, opts, each) }
	b.Run("audit", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			audit(corpus.AuditOptions{SkipDuplicates: true}, func(*corpus.Part) {})
		}
	})
	b.Run("fix", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			// Planned in the workers, as bridgekit fix does (AuditOptions.Work).
			var edits []Edit
			plan := func(p *corpus.Part) any { return Plan(p, nil) }
			audit(corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true, Work: plan}, func(p *corpus.Part) {
				edits = append(edits, p.Work.([]Edit)...)
			})
			if err := Apply(io.Discard, bytes.NewReader(data), "UTF-8", edits); err != nil {
				b.Fatal(err)
			}
		}
	})
}
