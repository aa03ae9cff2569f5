package corpus_test

import (
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
)

// TestTallyAudit audits every PBN and LIN file of the repository and of
// the shared corpus, when it is there, with the findings past the repeat
// limit counted by the workers and with them made and dropped, read whole
// and in batches of a few games, and requires the same parts: boards,
// findings and reports.
func TestTallyAudit(t *testing.T) {
	auditBothWays(t, recordFiles(t, ".pbn", ".lin"), []corpus.AuditOptions{
		{},
		corpus.WithBatchBytes(corpus.AuditOptions{WholeLimit: 1}, 2000),
		{Certify: true},
		// Work sees a part's findings before Audit drops any.
		{Work: func(p *corpus.Part) any {
			var all []diag.Diagnostic
			for _, b := range p.Boards {
				all = append(all, b.Findings...)
			}
			return all
		}},
	}, corpus.SetTallyFindings, "when the findings past the limit are counted")
}
