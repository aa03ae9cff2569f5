// Package benchaudit runs an audit of text held in memory for the
// benchmarks that compare a command's work with audit's (fix, export).
// It is apart from benchinput, which corpus's own benchmarks use.
package benchaudit

import (
	"bytes"
	"context"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
)

// Run audits data, read as standard input would be, handing each part to
// each.
func Run(b *testing.B, data []byte, opts corpus.AuditOptions, each func(*corpus.Part)) {
	b.Helper()
	in := corpus.Inputs([]string{"-"}, bytes.NewReader(data), corpus.Options{})
	if _, err := corpus.Audit(context.Background(), in, opts, each); err != nil {
		b.Fatal(err)
	}
}
