package certify

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/pbn"
)

var update = flag.Bool("update", false, "rewrite the golden files of the tests")

// certifyFile checks a whole file and returns its findings.
func certifyFile(src []byte, name string) (bool, diag.List) {
	f := pbn.Parse(src, name)
	c := NewChecker(name, f.Header)
	out := c.Header()
	for _, g := range f.Games {
		out = append(out, c.Check(g)...)
	}
	return Claims(f.Header), out
}

// TestRules checks each fixture of testdata: clean.pbn keeps every rule
// and has no finding; each other file breaks the rule its name gives
// (export-NAME) and no other; import.pbn does not claim the export
// format. The findings are compared with the file's golden file.
func TestRules(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.pbn")
	if len(files) < 10 {
		t.Fatalf("only %d fixtures", len(files))
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".pbn")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			claims, found := certifyFile(src, filepath.Base(file))
			if claims != (name != "import") {
				t.Errorf("Claims = %v", claims)
			}
			if !claims {
				found = nil // a file that does not claim it is checked only when asked
			}
			var got strings.Builder
			for _, d := range found {
				got.WriteString(d.String() + "\n")
				if name == "clean" || name == "import" || d.Code != diag.Code("export-"+name) {
					t.Errorf("unexpected finding: %s", d.String())
				}
			}
			if name != "clean" && name != "import" && len(found) == 0 {
				t.Errorf("no export-%s finding", name)
			}
			golden := strings.TrimSuffix(file, ".pbn") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != string(want) {
				t.Errorf("findings differ from %s (go test -update):\n%s", golden, got.String())
			}
		})
	}
}

// TestTagOverLines: a tag pair over two lines is not in export form, its
// lines parted by CRLF (tag-form.pbn) or by LF alone.
func TestTagOverLines(t *testing.T) {
	src := "% PBN 2.1\n% EXPORT\n[Event \"x\ny\"]\n[Site \"y\"]\n"
	_, found := certifyFile([]byte(src), "lf.pbn")
	n := 0
	for _, d := range found {
		if d.Code == diag.ExportTagForm {
			n++
			if !strings.Contains(d.Message, "[Event] is not written") {
				t.Errorf("finding: %s", d.String())
			}
		}
	}
	if n != 1 {
		t.Errorf("%d export-tag-form findings, want 1: %v", n, found)
	}
}

// TestScans holds the byte scans of the check to what they stand for:
// badLineEnd to a walk over every CR and LF, below7F to a byte loop, and
// mtsIndex to a search of MTS.
func TestScans(t *testing.T) {
	walk := func(s string) int {
		for i := 0; i < len(s); i++ {
			switch {
			case s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n':
				i++
			case s[i] == '\r' && i+1 == len(s):
			case s[i] == '\r' || s[i] == '\n':
				return i
			}
		}
		return -1
	}
	for _, s := range []string{"", "a", "a\r\n", "a\r", "a\n", "\r\r\n", "ab\r\ncd\ne", "ab\r\ncd\rx\r\n", "\n", "\r", "x\r\n\r\n\r", "x\r\ry"} {
		if got, want := badLineEnd(s), walk(s); got != want {
			t.Errorf("badLineEnd(%q) = %d, want %d", s, got, want)
		}
	}
	for _, s := range []string{"", "plain ASCII text, longer than eight", "\x7e\x7e\x7e\x7e\x7e\x7e\x7e\x7e\x7e", "abcdefg\x7f", "abcdefgh\x7f", "\xff\x7e", "caf\xc3\xa9 au lait", "\u0080"} {
		want := true
		for i := 0; i < len(s); i++ {
			want = want && s[i] < 0x7f
		}
		if got := below7F(s); got != want {
			t.Errorf("below7F(%q) = %v, want %v", s, got, want)
		}
	}
	// tagForm is given a tag pair on one line: the check of the line is
	// the caller's (tag-form.pbn has one over two).
	for _, s := range []string{`[Event "x"]`, `[Event "x"`, `[Event  "x"]`, `[Event "x"]x`, "[Event \"x\r\"]", `[E "]`, `[Ev "]`, `Event "x"]`, `[Event"x"]`, ``} {
		old := strings.HasPrefix(s, `[Event "`) && strings.HasSuffix(s, `"]`) && !strings.ContainsRune(s, '\r')
		if got := tagForm(s, "Event"); got != old {
			t.Errorf("tagForm(%q) = %v, want %v", s, got, old)
		}
	}
	for _, s := range []string{"", "N:AKQ.J T9", `say "hi"`, `a\b`, "tab\there", "caf\u00e9", "\x7f", "~"} {
		if got, want := quote(s), strconv.Quote(s); got != want {
			t.Errorf("quote(%q) = %s, want %s", s, got, want)
		}
	}
	for i, name := range MTS {
		if mtsIndex(name) != i {
			t.Errorf("mtsIndex(%s) = %d, want %d", name, mtsIndex(name), i)
		}
	}
	if mtsIndex("Room") != -1 {
		t.Error("mtsIndex(Room) is not -1")
	}
}
