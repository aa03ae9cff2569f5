package pbn

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
)

var update = flag.Bool("update", false, "rewrite the golden files of the tests")

// dumpPBN renders a file's syntax tree as text, one node per line with its
// position, for golden tests.
func dumpPBN(f *File) string {
	var b strings.Builder
	fmt.Fprintf(&b, "file %s encoding %s\n", f.Filename, f.Encoding.Name)
	for _, e := range f.Header {
		dumpEscape(&b, "", "header", e)
	}
	dumpDiags(&b, "", f.Diagnostics)
	for _, g := range f.Games {
		dumpGame(&b, g)
	}
	if f.Trailer != nil {
		b.WriteString("trailer\n")
		dumpGame(&b, f.Trailer)
	}
	return b.String()
}

func dumpGame(b *strings.Builder, g *Game) {
	fmt.Fprintf(b, "game %d %s-%s", g.Index, g.Pos, g.End)
	if g.Incomplete {
		b.WriteString(" incomplete")
	}
	b.WriteString("\n")
	for _, c := range g.Leading {
		dumpComment(b, "  ", "leading", c)
	}
	for _, p := range g.Prose {
		fmt.Fprintf(b, "  prose %s-%s %q\n", p.Pos, p.End, p.Text)
	}
	for _, e := range g.Escapes {
		dumpEscape(b, "  ", "escape", e)
	}
	for _, t := range g.Tags {
		dumpTag(b, t)
	}
	for _, t := range g.Implicit {
		fmt.Fprintf(b, "  implicit %s %q from game %d at %s\n", t.Name, t.Value, t.FromGame, t.Pos)
	}
	dumpDiags(b, "  ", g.Diagnostics)
}

func dumpTag(b *strings.Builder, t *Tag) {
	fmt.Fprintf(b, "  tag %s-%s %s %q", t.Pos, t.End, t.Name, t.Raw)
	if t.ValuePos.IsValid() {
		fmt.Fprintf(b, " at %s", t.ValuePos)
	}
	switch t.Inherit {
	case Declared:
		fmt.Fprintf(b, " ## %q", t.Value)
	case FromPrevious:
		fmt.Fprintf(b, " # %q from game %d", t.Value, t.FromGame)
	}
	if t.Note != nil {
		fmt.Fprintf(b, " note %d %q", t.Note.Number, t.Note.Text)
	}
	b.WriteString("\n")
	for _, c := range t.Comments {
		dumpComment(b, "    ", "comment", c)
	}
	if s := t.Section; s != nil {
		dumpSection(b, s)
	}
}

func dumpSection(b *strings.Builder, s *Section) {
	fmt.Fprintf(b, "    %s %s-%s %q\n", s.Kind, s.Pos, s.End, s.Raw)
	for i := range s.Tokens {
		tok := &s.Tokens[i]
		fmt.Fprintf(b, "      %s %s %q slot %d", tok.Pos, tok.Kind, tok.Text, tok.Slot)
		if tok.Irregular() != "" {
			fmt.Fprintf(b, " irregular %s", tok.Irregular())
		}
		if tok.Suffix() != "" {
			fmt.Fprintf(b, " suffix %s", tok.Suffix())
		}
		if tok.Alert {
			b.WriteString(" alert")
		}
		if tok.Note() != 0 {
			fmt.Fprintf(b, " note %d", tok.Note())
		}
		if len(tok.NAGs()) > 0 {
			fmt.Fprintf(b, " nags %v", tok.NAGs())
		}
		b.WriteString("\n")
		for _, c := range tok.Comments() {
			dumpComment(b, "        ", "comment", c)
		}
	}
	for _, n := range s.Notes {
		fmt.Fprintf(b, "      note %d %q at %s\n", n.Number, n.Text, n.Tag.Pos)
	}
	for _, c := range s.Columns {
		fmt.Fprintf(b, "      column %q name %q sort %d width %d align %d\n", c.Spec, c.Name, c.Sort, c.Width, c.Align)
	}
	for i, row := range s.Rows {
		fmt.Fprintf(b, "      row %d:", i+1)
		for _, c := range row {
			q := ""
			if c.Quoted {
				q = "quoted "
			}
			fmt.Fprintf(b, " %s %s%q", c.Pos, q, c.Text)
		}
		b.WriteString("\n")
	}
	for _, c := range s.Comments {
		dumpComment(b, "      ", "comment", c)
	}
}

func dumpComment(b *strings.Builder, indent, what string, c *Comment) {
	kind := ";"
	if c.Brace {
		kind = "{}"
	}
	fmt.Fprintf(b, "%s%s %s-%s %s %q\n", indent, what, c.Pos, c.End, kind, c.Text)
}

var escapeKinds = []string{"other", "version", "export", "import", "content-type"}

func dumpEscape(b *strings.Builder, indent, what string, e *Escape) {
	fmt.Fprintf(b, "%s%s %s %s %q %q\n", indent, what, e.Pos, escapeKinds[e.Kind], e.Arg, e.Text)
}

func dumpDiags(b *strings.Builder, indent string, l diag.List) {
	for _, d := range l {
		fmt.Fprintf(b, "%sdiag %s %s %s: %s\n", indent, d.Pos, d.Severity, d.Code, d.Message)
	}
}

// checkGolden compares got with the golden file, or rewrites it with -update.
func checkGolden(t *testing.T, golden, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs; the new output is in %s.got (run with -update to accept it)\n%s", golden, golden, firstDiff(string(want), got))
		os.WriteFile(golden+".got", []byte(got), 0o644)
	}
}

// firstDiff shows the first line where two texts differ.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\nwant: " + w + "\ngot:  " + g
		}
	}
	return ""
}

// TestPBNGolden reads each testdata/*.pbn and compares its syntax tree
// with the .golden file beside it.
func TestPBNGolden(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/*.pbn")
	if err != nil || len(files) == 0 {
		t.Fatal("no fixtures in testdata/pbn", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got := dumpPBN(Parse(src, filepath.Base(file)))
			checkGolden(t, strings.TrimSuffix(file, ".pbn")+".golden", got)
		})
	}
}
