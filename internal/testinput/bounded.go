package testinput

import (
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
)

// CheckBounded reads text with read, sampling the live heap, and checks
// that the reader held a few times the input at most, made at most
// maxReports reports, none longer than 400 bytes, and among them one of
// code want (unless want is ""): junk of a few megabytes costs a few
// megabytes, and its reports are capped with one that counts the rest.
func CheckBounded(t *testing.T, text string, want diag.Code, maxReports int, read func(io.Reader) diag.List) {
	t.Helper()
	src := &HeapSampler{R: strings.NewReader(text)}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	diags := read(src)
	if grown := int64(src.Peak) - int64(base); grown > 48<<20 {
		t.Errorf("the live heap grew by %d MiB reading %d MiB", grown>>20, len(text)>>20)
	}
	if len(diags) > maxReports {
		t.Errorf("%d reports", len(diags))
	}
	found := want == ""
	for _, d := range diags {
		found = found || d.Code == want
		if len(d.Message) > 400 {
			t.Errorf("a report of %d bytes: %.80s…", len(d.Message), d.Message)
		}
	}
	if !found {
		t.Errorf("no %s among %d reports", want, len(diags))
	}
}
