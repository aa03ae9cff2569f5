package lin

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/parser/internal/scan"
)

// TestJunkBounded: what the reader holds, and how many reports it makes,
// follow the structure of the input, not its bytes. Each of these inputs
// once took hundreds of megabytes.
func TestJunkBounded(t *testing.T) {
	// Records may take 16 MiB.
	const size = 3 << 20
	many := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	for _, tc := range []struct {
		name, text string
		want       diag.Code // a code the capped reports include
	}{
		{"LIN of bars", many("|") + many("|"), "lin-too-many"},
		{"LIN of |x pairs", "pn|a,b,c,d|" + many("|x"), ""},
		{"LIN of label pairs", "md|1S,,,|" + many("mb|p|"), "lin-too-many-pairs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			testinput.CheckBounded(t, tc.text, tc.want, 2*scan.MaxFileDiagnostics, func(src io.Reader) diag.List {
				var diags diag.List
				lr := NewReader(src, "junk.lin")
				for rec, err := range lr.Records() {
					if rec != nil {
						diags = append(diags, rec.Diagnostics...)
					} else if d, ok := err.(*diag.Diagnostic); ok {
						diags = append(diags, *d)
					}
				}
				return append(diags, lr.Diagnostics()...)
			})
		})
	}
}

// TestLINPairsCap: a record reaching maxLINRecordPairs is cut there with
// an error, and the pairs after it are read as the next record: nothing is
// dropped without a word.
func TestLINPairsCap(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	b.WriteString("md|1S,,,|")
	for range maxLINRecordPairs + 10 {
		b.WriteString("mb|p|")
	}
	pairs, cut := 0, 0
	for rec := range NewReader(&b, "cap.lin").Records() {
		if rec == nil {
			continue
		}
		pairs += len(rec.Pairs)
		for _, d := range rec.Diagnostics {
			if d.Code == "lin-too-many-pairs" {
				cut++
			}
		}
	}
	if pairs != maxLINRecordPairs+11 || cut != 1 {
		t.Errorf("%d pairs read, %d cuts; want %d and 1", pairs, cut, maxLINRecordPairs+11)
	}
}
