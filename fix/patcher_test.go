package fix

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
)

// twoFixes is a file with a removal (calls after the end, board 1) and,
// later, an insertion (a leading pass, board 2): the removal must be made
// or refused, never taken for made, or the insertion lands in the wrong
// place.
func twoFixes(t *testing.T) string {
	t.Helper()
	a, err := os.ReadFile("testdata/after-end.pbn")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("testdata/omitted-passes.pbn")
	if err != nil {
		t.Fatal(err)
	}
	first := strings.Split(string(a), "\n")[3:16] // board 1 of after-end.pbn
	return strings.Join(first, "\n") + "\n\n" + string(b)
}

// TestFixLineEnds: a file with CR-only line ends (old Mac) is fixed as
// its LF twin is, its CRs kept; CRLF too.
func TestFixLineEnds(t *testing.T) {
	lf := twoFixes(t)
	want, edits := fixFile(t, "lf.pbn", []byte(lf))
	if kinds := editKinds(edits); kinds != "after-end leading-passes" {
		t.Fatalf("the LF file's fixes are %q", kinds)
	}
	for _, end := range []string{"\r", "\r\n"} {
		src := strings.ReplaceAll(lf, "\n", end)
		got, edits := fixFile(t, "cr.pbn", []byte(src))
		if kinds := editKinds(edits); kinds != "after-end leading-passes" {
			t.Errorf("%q: fixes %q", end, kinds)
		}
		if w := strings.ReplaceAll(string(want), "\n", end); string(got) != w {
			t.Errorf("%q line ends: fixed as\n%q\nwant\n%q", end, got, w)
		}
	}
}

// TestFixStrayByte: a UTF-8 file with a byte that is not UTF-8 before an
// edit is refused whole (its places cannot be found in its bytes), never
// written with the edits in the wrong places.
func TestFixStrayByte(t *testing.T) {
	src := strings.Replace(twoFixes(t), `[Event "Club"]`, "[Event \"Caf\xe9 \xc3\xa9t\xc3\xa9\"]", 1)
	edits := planText(t, "stray.pbn", []byte(src))
	if len(edits) != 2 {
		t.Fatalf("%d edits", len(edits))
	}
	var out bytes.Buffer
	err := Apply(&out, strings.NewReader(src), "UTF-8", edits)
	if !errors.Is(err, ErrUnmapped) {
		t.Fatalf("Apply: %v, want ErrUnmapped", err)
	}
	// After the last edit, a stray byte is only copied.
	tail := twoFixes(t) + "{ Caf\xe9 }\n"
	if _, _, err := fixText(t, "tail.pbn", []byte(tail)); err != nil {
		t.Errorf("a stray byte after the edits: %v", err)
	}
}

// TestPatchRemovalNotThere: a removal whose text is not there is stale,
// not taken for made, and the insertion after it, whose place may have
// moved, is stale too.
func TestPatchRemovalNotThere(t *testing.T) {
	src := "0123456789"
	edits := []Edit{
		{Span: diag.Span{Pos: diag.Pos{Offset: 2}, End: 4}, Old: "xx", New: ""},
		{Span: diag.Span{Pos: diag.Pos{Offset: 6}, End: 6}, Old: "", New: "+"},
	}
	var out bytes.Buffer
	r, err := Patch(&out, strings.NewReader(src), "UTF-8", edits)
	if err != nil || r.Applied != 0 || r.Done != 0 || len(r.Stale) != 2 {
		t.Fatalf("%+v, %v", r, err)
	}
	if out.String() != src {
		t.Errorf("got %q", out.String())
	}
	// A replacement after it is still checked by its own text.
	edits[1] = Edit{Span: diag.Span{Pos: diag.Pos{Offset: 6}, End: 7}, Old: "6", New: "+"}
	out.Reset()
	if r, err := Patch(&out, strings.NewReader(src), "UTF-8", edits); err != nil || r.Applied != 1 || out.String() != "012345+789" {
		t.Errorf("%q, %+v, %v", out.String(), r, err)
	}
}

// TestApplyStrict: Apply makes every edit or fails; an insertion whose
// text is there already is made (the plan was made on this text), where
// Patch takes it for made before.
func TestApplyStrict(t *testing.T) {
	edits := []Edit{{Span: diag.Span{Pos: diag.Pos{Offset: 0}, End: 0}, Old: "", New: "Pass "}}
	var out bytes.Buffer
	if err := Apply(&out, strings.NewReader("Pass 1NT"), "UTF-8", edits); err != nil || out.String() != "Pass Pass 1NT" {
		t.Errorf("Apply: %q, %v", out.String(), err)
	}
	out.Reset()
	if r, err := Patch(&out, strings.NewReader("Pass 1NT"), "UTF-8", edits); err != nil || r.Done != 1 || out.String() != "Pass 1NT" {
		t.Errorf("Patch: %q, %+v, %v", out.String(), r, err)
	}
	stale := []Edit{{Span: diag.Span{Pos: diag.Pos{Offset: 0}, End: 2}, Old: "4H", New: "4S"}}
	if err := Apply(&out, strings.NewReader("5H"), "UTF-8", stale); !errors.Is(err, ErrChanged) {
		t.Errorf("Apply of a stale edit: %v", err)
	}
}

// FuzzPatcher: any edits applied to any text either make exactly the
// edits the Patcher says it made, at their places, and leave every other
// byte, or fail. The reference splices the text by the outcomes; the
// Patcher streams.
func FuzzPatcher(f *testing.F) {
	f.Add([]byte("[Contract \"4H\"]\n[Result \"9\"]\n"), []byte{10, 14, 3, 24, 25, 1})
	f.Add([]byte("1NT Pass Pass Pass\rPass\r"), []byte{18, 23, 0, 0, 0, 2})
	f.Add([]byte("ab\xe9cd"), []byte{1, 2, 0, 4, 5, 1})
	f.Fuzz(func(t *testing.T, text []byte, ops []byte) {
		var edits []Edit
		off := 0
		for i := 0; i+2 < len(ops) && len(edits) < 8; i += 3 {
			start := off + int(ops[i])%8
			end := start + int(ops[i+1])%4
			if end > len(text) {
				break
			}
			old := string(text[start:end])
			if ops[i+2]&4 != 0 { // an edit whose old text is not there
				old = strings.Repeat("#", end-start)
			}
			edits = append(edits, Edit{File: "f", Span: diag.Span{Pos: diag.Pos{Offset: start}, End: end}, Old: old, New: []string{"", "X", "Pass ", "\"4HX\""}[ops[i+2]&3]})
			off = end
		}
		var out bytes.Buffer
		p, err := NewPatcher(&out, bytes.NewReader(text), "UTF-8")
		if err != nil {
			t.Fatal(err)
		}
		var want []byte
		pos, delta := 0, 0 // in text; and where the text stands against the edits' offsets
		unsure := false    // an edit was stale
		for _, e := range edits {
			o, err := p.Edit(e)
			if err != nil {
				return // refused
			}
			at := e.Span.Offset + delta
			switch o {
			case Made:
				if !same(text, at, e.Old) {
					t.Fatalf("%+v made where the text is %q", e, text[at:min(len(text), at+len(e.Old))])
				}
				want = append(append(want, text[pos:at]...), e.New...)
				pos = at + len(e.Old)
			case AlreadyMade:
				if e.New == "" || !same(text, at, e.New) {
					t.Fatalf("%+v taken for made", e)
				}
				delta += len(e.New) - len(e.Old)
			case Stale:
				if same(text, at, e.Old) && (e.Old != "" || !unsure) {
					t.Fatalf("%+v stale, yet its text is there", e)
				}
			}
			unsure = unsure || o == Stale
		}
		if _, err := p.Close(); err != nil {
			return
		}
		want = append(want, text[pos:]...)
		if !bytes.Equal(out.Bytes(), want) {
			t.Fatalf("patched\n%q\nwant\n%q", out.Bytes(), want)
		}
	})
}

// same reports whether text holds s at at, a lone CR reading as LF.
func same(text []byte, at int, s string) bool {
	if at < 0 || at+len(s) > len(text) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := text[at+i]
		if c == '\r' && (at+i+1 == len(text) || text[at+i+1] != '\n') {
			c = '\n'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}

// TestCheck: apply makes only the edits fix could have made.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		kind     Kind
		old, new string
		ok       bool
	}{
		{Contract, `"4H"`, `"4HX"`, true},
		{Contract, `"4H"`, `"Pass"`, true},
		{Contract, `"4H"`, `"8H"`, false},
		{Contract, `"4H"`, `"4H"] [Event "x"`, false},
		{Contract, `4H`, `4HX`, false},
		{Declarer, `"S"`, `"N"`, true},
		{Declarer, `"S"`, `"X"`, false},
		{Result, `"9"`, `"10"`, true},
		{Result, `"9"`, `"14"`, false},
		{Result, `"9"`, "\"1\x000\"", false},
		{Score, `"NS 420"`, `"NS 590"`, true},
		{Score, `"-100"`, `"-50"`, true},
		{Score, `"NS 420"`, `"NS 4 20"`, false},
		{LeadingPasses, ``, `Pass Pass `, true},
		{LeadingPasses, ``, `Pass 1NT `, false},
		{LeadingPasses, `1NT`, `Pass `, false},
		{AfterEnd, " Pass\nPass", ``, true},
		{AfterEnd, " Pass", `X`, false},
		{AfterEnd, " [Event", ``, false},
		{Rotation, `HA`, `HJ`, true},
		{Rotation, `E`, `N`, true},
		{Rotation, `HA`, `N`, false},
		{BoardCycle, `"N"`, `"E"`, true},
		{BoardCycle, `"None"`, `"NS"`, true},
		{BoardCycle, `"None"`, `"Love"`, false},
	} {
		err := Check(Edit{Kind: c.kind, Old: c.old, New: c.new})
		if (err == nil) != c.ok {
			t.Errorf("%s %q → %q: %v, want ok %v", c.kind, c.old, c.new, err, c.ok)
		}
	}
}

func editKinds(edits []Edit) string {
	var k []string
	for _, e := range edits {
		k = append(k, string(e.Kind))
	}
	return strings.Join(k, " ")
}

// FuzzPatchReader: any text read as a patch gives edits or an error,
// never a panic, and each edit read writes back as a hunk that reads as
// the same edit.
func FuzzPatchReader(f *testing.F) {
	f.Add([]byte("bridgekit patch 1\n@@ m.pbn · game 1 · board 1 · 10:11 · bytes 263-267 · contract\n- \"4H\"\n+ \"4HX\"\n# contract-mismatch\n"))
	f.Add([]byte("bridgekit patch 1\n@@ a · b · game 1 · board  · 1:1 · bytes 0-5 · after-end\n- Pass\\n\n+\n#\n"))
	f.Add([]byte("bridgekit patch 1\n@@  · game 0 · board x · 0:0 · bytes 0-0 · leading-passes\n-\n+ Pass \n# \n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		pr := NewPatchReader(bytes.NewReader(data), "fuzz.patch")
		for range 1000 {
			e, err := pr.Next()
			if err != nil {
				return
			}
			var b bytes.Buffer
			if err := WritePatch(&b, []Edit{e}); err != nil {
				continue // a name or label no patch line can hold
			}
			back, err := ReadPatch(&b, "again")
			if err != nil || len(back) != 1 {
				t.Fatalf("%+v wrote\n%s\nwhich reads back as %v, %v", e, b.String(), back, err)
			}
			e.Reason = string(appendOneLine(nil, e.Reason))
			if back[0] != e {
				t.Fatalf("read back as %+v, want %+v", back[0], e)
			}
		}
	})
}
