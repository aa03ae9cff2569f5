package lin

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/diag"
)

// FuzzParse reads arbitrary input as LIN. It must never panic, and what it
// returns must hold together: records numbered in order, pairs numbered in
// order with positions inside the decoded input and increasing, labels
// present, diagnostics positioned and tied to their record; and records
// checked apart (RecordsApart), into an arena used again, are those
// Records gives.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*.input"))
	pages, _ := filepath.Glob(filepath.Join("..", "..", "corpus", "testdata", "bbo", "*.html"))
	seeds = append(seeds, pages...)
	if dir := filepath.Join("..", "..", "shared", "corpus"); dirExists(dir) {
		seeds = append(seeds, corpusLINFiles(f)...)
	}
	for _, p := range seeds {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Add([]byte("pn|a|st\nmd|1S2|stmd|2S3|sv|o\n|sa|0|nt|x|y|\nqx|o1,BOARD 1|mb|P1SP|pc|SAS2|"))
	var a, ca Arena // used again from input to input
	f.Fuzz(func(t *testing.T, src []byte) {
		checkLINApart(t, src, "fuzz.lin", 1<<12, &a, &ca)
		a.Reset()
		ca.Reset()
		lr := NewReader(bytes.NewReader(src), "fuzz.lin")
		lr.maxRecord = 1 << 12 // small, so that the cap is exercised too
		index := 0
		for rec, err := range lr.Records() {
			if err != nil {
				if d, ok := err.(*diag.Diagnostic); !ok || d.Severity != diag.Error || !d.IsValid() {
					t.Fatalf("error %v is not a positioned error diagnostic", err)
				}
				continue
			}
			index++
			if rec.Index != index || len(rec.Pairs) == 0 || rec.Kind < Single || rec.Kind > Notes {
				t.Fatalf("record %d: index %d, %d pairs, kind %v", index, rec.Index, len(rec.Pairs), rec.Kind)
			}
			last := -1
			for i, p := range rec.Pairs {
				if p.Index != i+1 || p.Label == "" || !p.Pos.IsValid() || p.Pos.Offset <= last ||
					p.ValuePos.Offset < p.Pos.Offset || p.End.Offset < p.ValuePos.Offset {
					t.Fatalf("record %d pair %d: %+v", rec.Index, i+1, p)
				}
				last = p.Pos.Offset
				if utf8.ValidString(string(src)) && p.End.Offset > len(src) {
					t.Fatalf("record %d pair %d ends past the input: %+v", rec.Index, i+1, p)
				}
			}
			for _, d := range rec.Diagnostics {
				if d.Game != rec.Game || d.File != "fuzz.lin" || d.Message == "" || d.Code == "" || int(d.Pair) > len(rec.Pairs) {
					t.Fatalf("record %d: diagnostic %+v", rec.Index, d)
				}
			}
			_ = rec.Calls()
			_ = rec.Cards()
			_, _, _ = rec.Deal()
			_ = rec.Results()
			_, _ = rec.Event()
			_ = rec.String()
		}
		_ = Extract(string(src))
	})
}

func dirExists(dir string) bool {
	fi, err := os.Stat(dir)
	return err == nil && fi.IsDir()
}

// FuzzSimplePair holds the scanner's shortcut for a plainly written pair
// to what the general scan makes of the same text: the same item, the same
// scan point and position after it. The text is scanned from the middle
// of a line, after a start that may hold multi-byte characters.
func FuzzSimplePair(f *testing.F) {
	for _, s := range []string{"mb|1S|", "pc|SA|mb|p|", "md||", "mb| 1S|", "mb|1S |", "nt|x|", "Mb|P|",
		"mb|1S\n|", "mb|1S", "pc|Пас|", "ab|c|", "m1|x|", "mb||pc|", "sv|o|\nqx|o1|"} {
		f.Add("é ", s, true)
		f.Add("", s, false)
	}
	f.Fuzz(func(t *testing.T, before, text string, atEOF bool) {
		src := []byte(before + text)
		scanner := func() *linScanner {
			s := newLINScanner(nil, maxLINRecord)
			s.buf, s.eof = src, atEOF
			s.advance(len(before))
			return s
		}
		fast, slow := scanner(), scanner()
		b := fast.buf[fast.p:]
		cur := cursor{b: b, pos: fast.pos, plain: fast.plain - fast.base - fast.p}
		end, ok := fast.scanSimplePair(b, 0, &cur)
		if !ok {
			return
		}
		fast.consume(end, &cur)
		j := indexBarOrNewline(b)
		slowCur := cursor{b: b, pos: slow.pos, plain: slow.plain - slow.base - slow.p}
		if !slow.scanPair(b, 0, j, &slowCur, atEOF) {
			t.Fatalf("%q after %q: the shortcut read a pair that the general scan waits on", text, before)
		}
		if len(fast.out) != 1 || len(slow.out) != 1 || !reflect.DeepEqual(fast.out[0], slow.out[0]) {
			t.Fatalf("%q after %q: items\n%+v\n%+v", text, before, fast.out, slow.out)
		}
		if fast.p != slow.p || fast.pos != slow.pos || fast.bol != slow.bol {
			t.Fatalf("%q after %q: scan point %d %v %v, want %d %v %v", text, before, fast.p, fast.pos, fast.bol, slow.p, slow.pos, slow.bol)
		}
	})
}

// checkPlainLINHand fails when plainLINHand reads a hand otherwise than
// readLINHand does, or takes one readLINHand has something to say of.
func checkPlainLINHand(t *testing.T, raw string) {
	t.Helper()
	h, ok := plainLINHand(raw)
	if !ok {
		return
	}
	var is valueIssues
	if want := readLINHand(raw, 0, &is); h != want || len(is.list) > 0 {
		t.Fatalf("plainLINHand(%q) = %+v; readLINHand reads %+v, %v", raw, h, want, is.err())
	}
}

func TestPlainLINHand(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		raw string
		ok  bool
	}{
		{"S269H2568QADTQC2T", true},
		{"SAKQJT98765432HDC", true},
		{"SAKQJT98765432", true},
		{"HAKQJT98765432S", true},
		{"s269H2568QADTQC2T", false},
		{"S269H2568qADTQC2T", false},
		{"S269H2568QAD10QC2", false},
		{"S269H2568QADTQC2TT", false},
		{"S269H2568QADTQC2", false},
		{"S269H2568QADTQS2T", false},
		{"2S69H2568QADTQC2T", false},
		{"S269 H2568QADTQC2T", false},
		{"", false},
	} {
		if _, ok := plainLINHand(tt.raw); ok != tt.ok {
			t.Errorf("plainLINHand(%q): %v, want %v", tt.raw, ok, tt.ok)
		}
		checkPlainLINHand(t, tt.raw)
	}
}

func FuzzLINHand(f *testing.F) {
	for _, s := range []string{"S269H2568QADTQC2T", "SAKQJT98765432HDC", "S269H2568QADTQC2TT", "sj973hj98742d3ck4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) { checkPlainLINHand(t, raw) })
}

// FuzzReadSizes reads the same input whole and a byte at a time: the
// scanner reads runs of plainly written pairs at once as far as its
// buffer goes, and where the buffer ends must not change a record.
func FuzzReadSizes(f *testing.F) {
	inputs, _ := filepath.Glob("testdata/*.input")
	for _, in := range inputs {
		if b, err := os.ReadFile(in); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("pn|a,b,c,d|st||md|3SAKQJT98765432HDC,,,|sv|o|mb|1S|mb|p|\nmb|p|mb|p|pc|SA|pc|S2|pc|S3|pc|S4|"))
	f.Fuzz(func(t *testing.T, src []byte) {
		// The text goes to the scanner as given, not through the
		// encoding's detection, which reads ahead.
		read := func(r io.Reader) []string {
			var out []string
			NewReader(nil, "fuzz.lin").stream(r, nil, func(rec *Record, err error) bool {
				if err != nil {
					out = append(out, "error "+err.Error())
					return true
				}
				out = append(out, fmt.Sprintf("%d %v %v %v %+v %+v %+v", rec.Index, rec.Kind, rec.Pos, rec.End, rec.Comments, rec.Diagnostics, rec.Incomplete))
				for _, p := range rec.Pairs {
					out = append(out, fmt.Sprintf("%+v", *p))
				}
				return true
			})
			return out
		}
		whole, bytewise := read(bytes.NewReader(src)), read(iotest.OneByteReader(bytes.NewReader(src)))
		if !reflect.DeepEqual(whole, bytewise) {
			t.Fatalf("read whole:\n%s\nread a byte at a time:\n%s", strings.Join(whole, "\n"), strings.Join(bytewise, "\n"))
		}
	})
}
