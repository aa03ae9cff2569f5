package pbn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// splitAll cuts text into chunks and renders each as "pos|tag|text".
func splitAll(t *testing.T, text string, maxGame int) []string {
	t.Helper()
	s := newPBNSplitter(strings.NewReader(text))
	if maxGame > 0 {
		s.maxGame = maxGame
	}
	var out []string
	for {
		c, ok, err := s.next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return out
		}
		tag := "-"
		if c.hasTag {
			tag = "T"
		}
		if c.size != len(c.text) {
			tag += "!" + strconv.Itoa(c.size)
		}
		out = append(out, c.pos.String()+"@"+strconv.Itoa(c.pos.Offset)+"|"+tag+"|"+string(c.text))
	}
}

func TestPBNSplit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		max  int
		want []string
	}{
		{"empty", "", 0, nil},
		{"blank lines only", "\n \t\n\r\n", 0, nil},
		{"one game", "[A \"1\"]\n[B \"2\"]\n", 0, []string{"1:1@0|T|[A \"1\"]\n[B \"2\"]\n"}},
		{"two games", "[A \"1\"]\n\n[B \"2\"]", 0, []string{"1:1@0|T|[A \"1\"]\n", "3:1@9|T|[B \"2\"]"}},
		{"several blank lines", "[A \"1\"]\n \n\t\n\n[B \"2\"]\n\n\n", 0, []string{"1:1@0|T|[A \"1\"]\n", "5:1@13|T|[B \"2\"]\n"}},
		{"header kept with first game", "% PBN 2.1\n\n%x\n\n[A \"1\"]\n", 0, []string{"1:1@0|T|% PBN 2.1\n\n%x\n\n[A \"1\"]\n"}},
		{"trailing text without tag", "[A \"1\"]\n\n{end}\n", 0, []string{"1:1@0|T|[A \"1\"]\n", "3:1@9|-|{end}\n"}},
		{"blank line inside comment", "[A \"1\"]\n{a\n\nb}\n[B \"2\"]\n\n[C \"3\"]\n", 0, []string{"1:1@0|T|[A \"1\"]\n{a\n\nb}\n[B \"2\"]\n", "7:1@24|T|[C \"3\"]\n"}},
		{"brace in string and semicolon comment", "[A \"{\"] ; {\n\n[B \"2\"]\n", 0, []string{"1:1@0|T|[A \"{\"] ; {\n", "3:1@13|T|[B \"2\"]\n"}},
		{"escape line is not scanned", "%{\n[A \"1\"]\n\n[B \"2\"]\n", 0, []string{"1:1@0|T|%{\n[A \"1\"]\n", "4:1@12|T|[B \"2\"]\n"}},
		{"percent inside comment is text", "[A \"1\"]\n{\n%}\n}\n\n[B \"2\"]\n", 0, []string{"1:1@0|T|[A \"1\"]\n{\n%}\n}\n", "6:1@16|T|[B \"2\"]\n"}},
		{"unterminated comment ends at its first blank line", "[A \"1\"]\n{ open\n\n[B \"2\"]\n\n[C \"3\"]\n", 0, []string{"1:1@0|T|[A \"1\"]\n{ open\n", "4:1@16|T|[B \"2\"]\n", "6:1@25|T|[C \"3\"]\n"}},
		{"CRLF", "[A \"1\"]\r\n\r\n[B \"2\"]\r\n", 0, []string{"1:1@0|T|[A \"1\"]\r\n", "3:1@11|T|[B \"2\"]\r\n"}},
		{"lone CR", "[A \"1\"]\r\r[B \"2\"]\r", 0, []string{"1:1@0|T|[A \"1\"]\n", "3:1@9|T|[B \"2\"]\n"}},
		{"too large game is cut at a line", "[A \"1\"]\n[B \"22222\"]\n[C \"3\"]\n\n[D \"4\"]\n", 20, []string{"1:1@0|T!28|[A \"1\"]\n[B \"22222\"]\n", "5:1@29|T|[D \"4\"]\n"}},
		{"too large comment split at blank line", "[A \"1\"]\n{\n\nxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n\n[B \"2\"]\n", 20, []string{"1:1@0|T|[A \"1\"]\n{\n", "4:1@11|-!29|", "6:1@41|T|[B \"2\"]\n"}},
		{"too large line", "[A \"" + strings.Repeat("x", 100) + "\"]\n\n[B \"2\"]\n", 20, []string{"1:1@0|T!107|", "3:1@108|T|[B \"2\"]\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := splitAll(t, tt.in, tt.max)
			if strings.Join(got, "\n---\n") != strings.Join(tt.want, "\n---\n") {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestPBNSplitReadError(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	s := newPBNSplitter(io.MultiReader(strings.NewReader("[A \"1\"]\n\n[B"), iotest.ErrReader(boom)))
	c, ok, err := s.next()
	if !ok || err != nil || string(c.text) != "[A \"1\"]\n" {
		t.Fatalf("first chunk: %q %v %v", c.text, ok, err)
	}
	c, ok, err = s.next()
	if !ok || !errors.Is(err, boom) || string(c.text) != "[B" {
		t.Fatalf("second chunk: %q %v %v", c.text, ok, err)
	}
}

// checkQuickLine fails when quickLine tells a kind of line for which
// cutCR, lineTagName or scanPBNLine, outside commentary, do other than it
// says they do.
func checkQuickLine(t *testing.T, line string) {
	kind, name, plain := quickLine([]byte(line))
	if kind == lineOther {
		return
	}
	if classes := byteClasses(line); plain != (classes == 0) {
		t.Errorf("quickLine(%q): plain %v, but its byte classes are %b", line, plain, classes)
	}
	var s pbnSplitter
	if got := s.cutCR([]byte(line)); string(got) != line || s.crs != nil {
		t.Errorf("quickLine(%q) = %d, but cutCR cuts it to %q", line, kind, got)
	}
	if got := lineTagName([]byte(line)); string(got) != string(name) || (got == nil) != (name == nil) {
		t.Errorf("quickLine(%q) names %q, lineTagName %q", line, name, got)
	}
	hasTag := false
	if open := scanPBNLine([]byte(line), false, &hasTag); open || hasTag != (kind == lineTag) {
		t.Errorf("quickLine(%q) = %d, but scanPBNLine opens a comment: %v, finds a tag pair: %v", line, kind, open, hasTag)
	}
}

func TestQuickLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line string
		kind int
		name string
	}{
		{"[Event \"x\"]\n", lineTag, "Event"},
		{"[Event \"x\"]\r\n", lineTag, "Event"},
		{"[Event \"\"]\n", lineTag, "Event"},
		{"[Event \"a;b{c\"]\n", lineTag, "Event"},
		{"[Event \"x\"]", lineOther, ""},
		{"[Event \"x\"] \n", lineOther, ""},
		{"[Event \"x\" {\"]\n", lineOther, ""},
		{"[Event \"x\\\"\"]\n", lineOther, ""},
		{"[Event \"x\r\"]\n", lineOther, ""},
		{"[Event  \"x\"]\n", lineOther, ""},
		{" [Event \"x\"]\n", lineOther, ""},
		{"[ \"x\"]\n", lineOther, ""},
		{"S2 SA S3 S4\r\n", lineQuiet, ""},
		{"\n", lineQuiet, ""},
		{"\r\n", lineQuiet, ""},
		{"% PBN 2.1\n", lineQuiet, ""},
		{"1NT Pass =1=\n", lineQuiet, ""},
		{"S2 {x} S3\n", lineOther, ""},
		{"S2 ; x\n", lineOther, ""},
		{"a\rb\n", lineOther, ""},
		{"\r\r\n", lineOther, ""},
		{"x\"y\n", lineOther, ""},
		{"[Event \"a]\"]\n", lineOther, ""},
		{"[Event \"a\tb\"]\n", lineOther, ""},
		{"S2 SA\tS3 S4\n", lineQuiet, ""},
		{"[Event \"Été\"]\n", lineTag, "Event"},
		{"Ход \x01\n", lineQuiet, ""},
	}
	for _, tt := range tests {
		kind, name, _ := quickLine([]byte(tt.line))
		if kind != tt.kind || string(name) != tt.name {
			t.Errorf("quickLine(%q) = %d, %q; want %d, %q", tt.line, kind, name, tt.kind, tt.name)
		}
		checkQuickLine(t, tt.line)
	}
}

func FuzzQuickLine(f *testing.F) {
	for _, s := range []string{"[Event \"x\"]\r\n", "S2 SA S3 S4\n", "[A \"{\"] ; {\n", "\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i+1] // the splitter's lines end at their first LF
		}
		checkQuickLine(t, line)
	})
}

// splitChunks cuts text read through r into chunks, as a comparable
// rendering of each (text, position, flags, facts).
func splitChunks(t *testing.T, r io.Reader, maxGame int) []string {
	t.Helper()
	s := newPBNSplitter(r)
	s.maxGame = maxGame
	var out []string
	for {
		c, ok, err := s.next()
		if !ok {
			return out
		}
		c.mixed = s.loneCR && s.sawLF
		out = append(out, fmt.Sprintf("%q %v %v %d %v %v %v %v %v", c.text, c.pos, c.hasTag, c.size, c.noBlank, c.mixed, c.facts, c.plain, err))
	}
}

// FuzzSplitReads splits the same text read whole and a byte at a time:
// the splitter takes runs of lines straight from its reader's buffer
// (quickRun), which a byte at a time holds no whole line, so that the two
// readings are the run and the line by line reading of the same text.
func FuzzSplitReads(f *testing.F) {
	for _, s := range []string{
		"[Event \"x\"]\n[Site \"y\"]\n[Deal \"N:...\"]\n\n[Event \"x\"]\n[Board \"2\"]\n",
		"% PBN 2.1\r\n[Event \"x\"]\r\n[Auction \"N\"]\r\n1C Pass\r\n2C AP\r\n\r\n",
		"[A \"1\"]\n[B \"2\"]\n[A \"3\"]\n{c\n\nd}\n[C \"4\"]\n",
		"[A \"1\"]\r[B \"2\"]\r\r[C \"3\"]",
	} {
		f.Add(s, 1<<20)
		f.Add(s, 20)
	}
	f.Fuzz(func(t *testing.T, text string, maxGame int) {
		maxGame = 16 + abs(maxGame)%(1<<20)
		whole := splitChunks(t, strings.NewReader(text), maxGame)
		bytewise := splitChunks(t, iotest.OneByteReader(strings.NewReader(text)), maxGame)
		if strings.Join(whole, "\n") != strings.Join(bytewise, "\n") {
			t.Fatalf("read whole:\n%s\nread a byte at a time:\n%s", strings.Join(whole, "\n"), strings.Join(bytewise, "\n"))
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -(n + 1)
	}
	return n
}
