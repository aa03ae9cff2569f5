package parser

import (
	"bytes"
	"io"
	"runtime"
	"strings"
	"testing"

	"bridgekit/diag"
)

// sampled reads r, collecting garbage and noting the live heap every
// quarter mebibyte read: the peak of what the reader holds, not of when
// the collector happened to run.
type sampled struct {
	r     io.Reader
	since int
	peak  uint64
}

func (s *sampled) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if s.since += n; s.since >= 256<<10 {
		s.since = 0
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		s.peak = max(s.peak, ms.HeapAlloc)
	}
	return n, err
}

// TestJunkBounded: what the readers hold, and how many reports they make,
// follow the structure of the input, not its bytes: junk of a few
// megabytes costs a few megabytes, and its reports are capped with one that
// counts the rest. Each of these inputs once took hundreds of megabytes.
func TestJunkBounded(t *testing.T) {
	// LIN records may take 16 MiB; PBN games 4 MiB, so that past it the
	// text is skipped unread.
	const size = 3 << 20
	many := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	for _, tc := range []struct {
		name, text string
		lin        bool
		want       string // a code the capped reports include
	}{
		{"LIN of bars", many("|") + many("|"), true, "lin-too-many"},
		{"LIN of |x pairs", "pn|a,b,c,d|" + many("|x"), true, ""},
		{"LIN of label pairs", "md|1S,,,|" + many("mb|p|"), true, "lin-too-many-pairs"},
		{"PBN of calls", "[Board \"1\"]\n[Auction \"N\"]\n" + many("1C "), false, "too-many-tokens"},
		{"PBN of cards", "[Board \"1\"]\n[Play \"W\"]\n" + many("SA "), false, "too-many-tokens"},
		{"PBN of stray lines", "[Board \"1\"]\n\n" + many("x]\n\n"), false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := &sampled{r: strings.NewReader(tc.text)}
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			base := ms.HeapAlloc
			var diags diag.List
			if tc.lin {
				lr := ReadLIN(src, "junk.lin")
				for rec, err := range lr.Records() {
					if rec != nil {
						diags = append(diags, rec.Diagnostics...)
					} else if d, ok := err.(*diag.Diagnostic); ok {
						diags = append(diags, *d)
					}
				}
				diags = append(diags, lr.Diagnostics()...)
			} else {
				r := ReadPBN(src, "junk.pbn")
				for g := range r.Games() {
					if g != nil {
						diags = append(diags, g.Diagnostics...)
					}
				}
				diags = append(diags, r.Diagnostics()...)
			}
			if grown := int64(src.peak) - int64(base); grown > 48<<20 {
				t.Errorf("the live heap grew by %d MiB reading %d MiB", grown>>20, size>>20)
			}
			if len(diags) > 2*maxFileDiagnostics {
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
	var b bytes.Buffer
	b.WriteString("md|1S,,,|")
	for range maxLINRecordPairs + 10 {
		b.WriteString("mb|p|")
	}
	pairs, cut := 0, 0
	for rec := range ReadLIN(&b, "cap.lin").Records() {
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

// TestRussianSplitCalls: a call written in words is one token, bids above
// seven too ("восемь пик", "8 NT"), so that it is reported as a bid above
// seven (Law 38) rather than as two words that are no call.
func TestRussianSplitCalls(t *testing.T) {
	f := ParsePBN([]byte("[Auction \"N\"]\n1C восемь пик 8 NT одну, пику Пасс\n"), "ru.pbn")
	var got []string
	for _, tok := range f.Games[0].Sections[0].Tokens {
		got = append(got, tok.Text)
	}
	if want := "1C|восемь пик|8 NT|одну, пику|Пасс"; strings.Join(got, "|") != want {
		t.Errorf("tokens %q, want %s", strings.Join(got, "|"), want)
	}
}
