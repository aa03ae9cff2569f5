package baseline

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
)

// TestRoundTrip writes entries, reads them back, and matches findings:
// the same finding at another line matches, as many times as it was
// written; another text, board, file or code does not.
func TestRoundTrip(t *testing.T) {
	f := diag.Diagnostic{File: "a.pbn", Board: 3, Span: diag.Span{Pos: diag.Pos{Line: 9, Col: 7}}, Code: diag.InsufficientBid, Message: "1S after 2C"}
	line := []byte("  1H 2C 1S 3C \r")
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Add(Of(f, line))
	w.Add(Of(f, line))
	w.Add(Of(diag.Diagnostic{File: "a.pbn", Code: diag.Encoding, Message: `UTF-8, "declared"`}, nil))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := Read(&buf)
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if b.Len() != 3 {
		t.Fatalf("%d entries read", b.Len())
	}
	moved := f
	moved.Line = 40
	for i, c := range []struct {
		d    diag.Diagnostic
		line []byte
		want bool
	}{
		{moved, []byte("1H 2C 1S 3C"), true}, // other line, same text
		{f, line, true},                      // the second of two
		{f, line, false},                     // a third
		{f, []byte("1H 2C 1H 3C"), false},    // other text
		{diag.Diagnostic{File: "b.pbn", Board: 3, Code: diag.InsufficientBid}, line, false},
		{diag.Diagnostic{File: "a.pbn", Board: 4, Code: diag.InsufficientBid}, line, false},
		{diag.Diagnostic{File: "a.pbn", Code: diag.Encoding, Message: `UTF-8, "declared"`}, nil, true},
	} {
		if got := b.Match(Of(c.d, c.line)); got != c.want {
			t.Errorf("case %d: Match = %v, want %v", i, got, c.want)
		}
	}
}

// TestReadRefuses: what is not a baseline of version 1.
func TestReadRefuses(t *testing.T) {
	for _, in := range []string{"", "[]", `{"version":2,"findings":[]}`, `{"version":1,"findings":{}}`, `{"version":1,"findings":[{"file":1}]}`, "{"} {
		if _, err := Read(strings.NewReader(in)); err == nil {
			t.Errorf("Read(%q) accepted", in)
		}
	}
	if b, err := Read(strings.NewReader(`{"version":1,"tool":"x","findings":[]}`)); err != nil || b.Len() != 0 {
		t.Errorf("an empty baseline: %v", err)
	}
}

// FuzzRead reads arbitrary bytes as a baseline: no panic, and what is
// read matches what its entries say.
func FuzzRead(f *testing.F) {
	f.Add([]byte(`{"version":1,"findings":[{"file":"a","board":"1","code":"x","fingerprint":"f","message":"m"}]}`))
	f.Add([]byte(`{"version":1,"findings":[`))
	f.Fuzz(func(t *testing.T, in []byte) {
		b, err := Read(bytes.NewReader(in))
		if err != nil {
			return
		}
		if b.Len() < 0 || b.Match(Entry{File: "\x00"}) && b.Len() == 0 {
			t.Fatalf("%d entries", b.Len())
		}
	})
}
