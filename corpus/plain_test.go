package corpus_test

import (
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
)

// TestPlainPBNAudit audits every PBN file of the repository and of the
// shared corpus, when it is there, with the one-pass reading of plain games
// and without, read whole and in batches of a few games, and requires the
// same parts: boards, findings and reports.
func TestPlainPBNAudit(t *testing.T) {
	auditBothWays(t, recordFiles(t, ".pbn"), []corpus.AuditOptions{
		{Boards: true},
		corpus.WithBatchBytes(corpus.AuditOptions{Boards: true, WholeLimit: 1}, 2000),
		{Certify: true},
	}, corpus.SetPlainPBN, "when plain games are read in one pass")
}
