package lin

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"bridgekit/diag"
	"bridgekit/internal/testinput"
	"bridgekit/parser/internal/scan"
)

// TestJunkBounded: what the reader holds, and how many reports it makes,
// follow the structure of the input, not its bytes: junk of a few
// megabytes costs a few megabytes, and its reports are capped with one that
// counts the rest. Each of these inputs once took hundreds of megabytes.
func TestJunkBounded(t *testing.T) {
	// Records may take 16 MiB.
	const size = 3 << 20
	many := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	for _, tc := range []struct {
		name, text string
		want       string // a code the capped reports include
	}{
		{"LIN of bars", many("|") + many("|"), "lin-too-many"},
		{"LIN of |x pairs", "pn|a,b,c,d|" + many("|x"), ""},
		{"LIN of label pairs", "md|1S,,,|" + many("mb|p|"), "lin-too-many-pairs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := &testinput.HeapSampler{R: strings.NewReader(tc.text)}
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			base := ms.HeapAlloc
			var diags diag.List
			lr := NewReader(src, "junk.lin")
			for rec, err := range lr.Records() {
				if rec != nil {
					diags = append(diags, rec.Diagnostics...)
				} else if d, ok := err.(*diag.Diagnostic); ok {
					diags = append(diags, *d)
				}
			}
			diags = append(diags, lr.Diagnostics()...)
			if grown := int64(src.Peak) - int64(base); grown > 48<<20 {
				t.Errorf("the live heap grew by %d MiB reading %d MiB", grown>>20, size>>20)
			}
			if len(diags) > 2*scan.MaxFileDiagnostics {
				t.Errorf("%d reports", len(diags))
			}
			found := tc.want == ""
			for _, d := range diags {
				found = found || string(d.Code) == tc.want
				if len(d.Message) > 400 {
					t.Errorf("a report of %d bytes: %.80s…", len(d.Message), d.Message)
				}
			}
			if !found {
				t.Errorf("no %s among %d reports", tc.want, len(diags))
			}
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
