package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
)

// TestReadme runs the first command of the README, the audit of the sample
// files, from the root of the repository, and checks its output against the
// table of expected findings in corpus/samples/README.md: every finding
// the table lists is reported, in its file and board, at its line (and
// column, where the table gives one), with its severity and Law; no other
// error or warning is reported; and the totals and exit status are those
// the table states.
func TestReadme(t *testing.T) {
	t.Chdir("../..")
	args := readmeCommand(t)
	if strings.Join(args, " ") != "audit corpus/samples" {
		t.Fatalf("the README's first command is bridgekit %q, not audit corpus/samples", args)
	}
	want := sampleExpectations(t)
	if len(want) < 10 {
		t.Fatalf("only %d expected findings read from corpus/samples/README.md", len(want))
	}

	var out, errOut bytes.Buffer
	code := run(append([]string{"bridgekit"}, args...), nil, &out, &errOut)
	if code != exitFindings || errOut.Len() > 0 {
		t.Errorf("exit %d, stderr %q; want 1 and nothing (the samples have errors)", code, errOut.String())
	}
	got := parseFindings(t, out.String())

	for i, w := range want {
		found := slices.ContainsFunc(got, w.matchedBy)
		if why, ok := placedElsewhere[w.key()]; ok {
			if found {
				t.Errorf("%s is now where the table says: remove it from placedElsewhere", w.key())
			}
			// Checked without its place.
			w.fileLevel, want[i].fileLevel = true, true
			found = slices.ContainsFunc(got, w.matchedBy)
			t.Logf("%s: %s", w.key(), why)
		}
		if !found {
			t.Errorf("missing: %s board %d %s %s at %d:%d (Law %d)", w.file, w.board, w.severity, w.code, w.line, w.col, w.law)
		}
	}
	for _, g := range got {
		listed := slices.ContainsFunc(want, g.matches)
		switch {
		case listed:
		case g.severity == "info":
			t.Logf("not in the table (a note): %s", g.text)
		default:
			t.Errorf("not in the table: %s", g.text)
		}
	}
	for _, line := range []string{"files        6", "games        36"} {
		if !strings.Contains(out.String(), "\n"+line+"\n") {
			t.Errorf("no %q in the summary:\n%s", line, out.String())
		}
	}
}

// readmeCommand returns the arguments of the first command in README.md:
// the first line of its first code block, "go run ./cmd/bridgekit ARGS #…".
func readmeCommand(t *testing.T) []string {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(data), "```\n")
	if !ok {
		t.Fatal("README.md has no code block")
	}
	first, _, _ := strings.Cut(block, "\n")
	first, _, _ = strings.Cut(first, "#")
	rest, ok := strings.CutPrefix(strings.TrimSpace(first), "go run ./cmd/bridgekit ")
	if !ok {
		t.Fatalf("README.md's first command is %q", first)
	}
	return strings.Fields(rest)
}

// finding is one expected or reported finding.
type finding struct {
	file             string
	board, line, col int // col 0: any column
	severity, code   string
	law              int // 0: no Law
	text             string
	lawInMessage     bool
	fileLevel        bool
}

// matches reports whether the reported finding g is the expected w.
func (g finding) matches(w finding) bool {
	return g.file == w.file && g.code == w.code && g.severity == w.severity &&
		(w.fileLevel || g.board == w.board && g.line == w.line && (w.col == 0 || g.col == w.col)) &&
		(g.law == w.law || g.law == 0 && g.lawInMessage && w.law != 0)
}

func (w finding) matchedBy(g finding) bool { return g.matches(w) }

func (w finding) key() string { return w.file + " board " + strconv.Itoa(w.board) + " " + w.code }

// placedElsewhere lists the findings that the rules engine reports at
// another place than the samples' table says, and why; they are checked
// without their place. An entry that comes to agree with the table fails
// the test, so that it is removed.
var placedElsewhere = map[string]string{
	"corpus/samples/findings.pbn board 5 auction-start": "the table places it at the [Auction] tag (line 109); the engine at the first call (110:1)",
}

// sampleExpectations reads the table of corpus/samples/README.md.
func sampleExpectations(t *testing.T) []finding {
	f, err := os.Open("corpus/samples/README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []finding
	file := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cells := tableCells(sc.Text())
		if len(cells) != 4 || strings.HasPrefix(cells[0], "---") || cells[0] == "File" {
			continue
		}
		if name := strings.Trim(cells[0], "`"); name != "" {
			file = "corpus/samples/" + name
		}
		if cells[3] == "none" {
			continue
		}
		w, err := expectation(file, cells[1], cells[3])
		if err != nil {
			t.Fatalf("corpus/samples/README.md: %q: %v", sc.Text(), err)
		}
		out = append(out, w)
	}
	return out
}

// expectation reads a cell "`code`, severity, Law n|no Law, line[:col] …".
func expectation(file, board, cell string) (finding, error) {
	w := finding{file: file}
	parts := strings.SplitN(cell, ", ", 4)
	if len(parts) < 4 {
		return w, strconv.ErrSyntax
	}
	w.code, w.severity = strings.Trim(parts[0], "`"), parts[1]
	if n, ok := strings.CutPrefix(parts[2], "Law "); ok {
		law, err := strconv.Atoi(n)
		if err != nil {
			return w, err
		}
		w.law = law
	}
	if strings.HasPrefix(parts[3], "file-level") {
		w.fileLevel = true
		return w, nil
	}
	var err error
	if w.board, err = strconv.Atoi(board); err != nil {
		return w, err
	}
	pos, _, _ := strings.Cut(parts[3], " ")
	l, c, hasCol := strings.Cut(pos, ":")
	if w.line, err = strconv.Atoi(l); err != nil {
		return w, err
	}
	if hasCol {
		w.col, err = strconv.Atoi(c)
	}
	return w, err
}

// tableCells splits a Markdown table row into its trimmed cells; "\|" is a
// bar inside a cell.
func tableCells(line string) []string {
	if !strings.HasPrefix(line, "|") {
		return nil
	}
	var cells []string
	var cell strings.Builder
	for i := 1; i < len(line); i++ {
		switch {
		case line[i] == '\\' && i+1 < len(line) && line[i+1] == '|':
			cell.WriteByte('|')
			i++
		case line[i] == '|':
			cells = append(cells, strings.TrimSpace(cell.String()))
			cell.Reset()
		default:
			cell.WriteByte(line[i])
		}
	}
	return cells
}

var (
	boardLine = regexp.MustCompile(`^(\S+?):(\d+):(\d+): board (\d+): (\w+) (\S+): (.*)$`)
	fileLine  = regexp.MustCompile(`^(\S+?): (\w+) (\S+): (.*)$`)
	lawSuffix = regexp.MustCompile(`\(Law (\d+)\)$`)
)

// parseFindings reads the finding lines of audit's text output.
func parseFindings(t *testing.T, out string) []finding {
	var got []finding
	for line := range strings.SplitSeq(out, "\n") {
		var g finding
		if m := boardLine.FindStringSubmatch(line); m != nil {
			g = finding{file: m[1], severity: m[5], code: m[6]}
			g.line, _ = strconv.Atoi(m[2])
			g.col, _ = strconv.Atoi(m[3])
			g.board, _ = strconv.Atoi(m[4])
		} else if m := fileLine.FindStringSubmatch(line); m != nil && strings.HasPrefix(m[1], "corpus/") {
			g = finding{file: m[1], severity: m[2], code: m[3]}
		} else {
			continue
		}
		g.text = line
		if m := lawSuffix.FindStringSubmatch(line); m != nil {
			g.law, _ = strconv.Atoi(m[1])
		}
		g.lawInMessage = strings.Contains(line, "(Law ")
		got = append(got, g)
	}
	if len(got) == 0 {
		t.Fatalf("no findings in\n%s", out)
	}
	return got
}

// TestReadmeExamples runs every "$ bridgekit …" example of README.md from
// the root of the repository and checks that its output is the one shown.
// An example may end in "2>/dev/null" (standard output only) or "| head -N"
// (its first N lines); a line of the README ending in "…" stands for any
// line that starts like it; "$ echo $?" shows the exit status of the
// example before it.
func TestReadmeExamples(t *testing.T) {
	t.Chdir("../..")
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	examples := 0
	blocks := strings.Split(string(data), "```")
	for i := 1; i < len(blocks); i += 2 {
		var cmd string
		var want []string
		status := -1
		flush := func() {
			if cmd != "" {
				examples++
				checkExample(t, cmd, want, status)
			}
			cmd, want, status = "", nil, -1
		}
		for line := range strings.SplitSeq(strings.TrimPrefix(blocks[i], "\n"), "\n") {
			switch {
			case line == "$ echo $?":
				status = -2 // the next line gives it
			case status == -2:
				status, _ = strconv.Atoi(line)
			case strings.HasPrefix(line, "$ bridgekit "):
				flush()
				cmd = strings.TrimPrefix(line, "$ bridgekit ")
			case cmd != "":
				want = append(want, line)
			}
		}
		flush()
	}
	if examples < 8 {
		t.Errorf("only %d examples in README.md", examples)
	}
}

// checkExample runs one README example and compares its output.
func checkExample(t *testing.T, cmd string, want []string, status int) {
	t.Helper()
	head := -1
	if c, n, ok := strings.Cut(cmd, " | head -"); ok {
		cmd = c
		head, _ = strconv.Atoi(n)
	}
	cmd = strings.TrimSuffix(cmd, " 2>/dev/null")
	var out, errOut bytes.Buffer
	code := run(append([]string{"bridgekit"}, strings.Fields(cmd)...), nil, &out, &errOut)
	if status >= 0 && code != status {
		t.Errorf("bridgekit %s: exit %d, README says %d", cmd, code, status)
	}
	got := strings.Split(strings.ReplaceAll(out.String(), "\r", ""), "\n")
	if head >= 0 && len(got) > head {
		got = got[:head]
	}
	for len(want) > 0 && (want[len(want)-1] == "" || want[len(want)-1] == "…") {
		want = want[:len(want)-1]
	}
	for len(got) > 0 && got[len(got)-1] == "" {
		got = got[:len(got)-1]
	}
	same := len(got) == len(want)
	for i := 0; same && i < len(want); i++ {
		if prefix, ok := strings.CutSuffix(want[i], "…"); ok {
			same = strings.HasPrefix(got[i], prefix)
		} else {
			same = got[i] == want[i]
		}
	}
	if !same {
		t.Errorf("bridgekit %s:\n%s\nREADME.md shows:\n%s", cmd, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestReadmeCodes checks that the README's table of findings is the code
// table: every code an audit lists, in its order, with its severity, Law
// and summary, and nothing else.
func TestReadmeCodes(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, c := range diag.Codes {
		if c.Quiet {
			continue
		}
		law := ""
		if c.Law != 0 {
			law = strconv.Itoa(c.Law)
		}
		want = append(want, fmt.Sprintf("| `%s` | %s | %s | %s |", c.Code, c.Severity, law, c.Summary))
	}
	var got []string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "| `") && strings.Count(line, " | ") == 3 {
			got = append(got, line)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("README.md's table of findings is not the code table; it should read:\n%s", strings.Join(want, "\n"))
	}
}

// TestReadmeLayout checks what the README's layout says of imports against
// go list: diag imports nothing of bridgekit's, auction only diag, and the
// readers only diag, the charset detector, their shared scanning helpers
// and the leaves that read decimals and fold names, and ddcheck only the
// solver and the packages below it.
func TestReadmeLayout(t *testing.T) {
	for pkg, allowed := range map[string][]string{
		"github.com/bridgekit/bridgekit/diag":           {"github.com/bridgekit/bridgekit/diag"},
		"github.com/bridgekit/bridgekit/auction":        {"github.com/bridgekit/bridgekit/auction", "github.com/bridgekit/bridgekit/diag"},
		"github.com/bridgekit/bridgekit/record":         {"github.com/bridgekit/bridgekit/auction", "github.com/bridgekit/bridgekit/diag", "github.com/bridgekit/bridgekit/record"},
		"github.com/bridgekit/bridgekit/scoring":        {"github.com/bridgekit/bridgekit/auction", "github.com/bridgekit/bridgekit/diag", "github.com/bridgekit/bridgekit/internal/ascii", "github.com/bridgekit/bridgekit/internal/decimal", "github.com/bridgekit/bridgekit/record", "github.com/bridgekit/bridgekit/scoring"},
		"github.com/bridgekit/bridgekit/parser":         {"github.com/bridgekit/bridgekit/parser"},
		"github.com/bridgekit/bridgekit/parser/charset": {"github.com/bridgekit/bridgekit/parser/charset", "github.com/bridgekit/bridgekit/parser/internal/scan"},
		"github.com/bridgekit/bridgekit/parser/pbn":     {"github.com/bridgekit/bridgekit/diag", "github.com/bridgekit/bridgekit/internal/ascii", "github.com/bridgekit/bridgekit/parser/charset", "github.com/bridgekit/bridgekit/parser/internal/scan", "github.com/bridgekit/bridgekit/parser/pbn"},
		"github.com/bridgekit/bridgekit/parser/bws":     {"github.com/bridgekit/bridgekit/diag", "github.com/bridgekit/bridgekit/internal/jet", "github.com/bridgekit/bridgekit/parser/bws"},
		"github.com/bridgekit/bridgekit/ddcheck":        {"github.com/bridgekit/bridgekit/auction", "github.com/bridgekit/bridgekit/dd", "github.com/bridgekit/bridgekit/ddcheck", "github.com/bridgekit/bridgekit/diag", "github.com/bridgekit/bridgekit/internal/ascii", "github.com/bridgekit/bridgekit/internal/decimal", "github.com/bridgekit/bridgekit/record", "github.com/bridgekit/bridgekit/scoring"},
		"github.com/bridgekit/bridgekit/parser/lin":     {"github.com/bridgekit/bridgekit/diag", "github.com/bridgekit/bridgekit/internal/decimal", "github.com/bridgekit/bridgekit/parser/charset", "github.com/bridgekit/bridgekit/parser/internal/scan", "github.com/bridgekit/bridgekit/parser/lin"},
	} {
		out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", pkg).Output()
		if err != nil {
			t.Skipf("go list: %v", err)
		}
		var ours []string
		for _, p := range strings.Fields(string(out)) {
			if strings.HasPrefix(p, "github.com/bridgekit/bridgekit/") {
				ours = append(ours, p)
			}
		}
		slices.Sort(ours)
		if !slices.Equal(ours, allowed) {
			t.Errorf("%s depends on %q, want %q", pkg, ours, allowed)
		}
	}
}

// TestReadmeInstall: the go install line of the README names the module's
// own path, and go.mod has what go install PATH@VERSION refuses in the
// module it installs from: no replace or exclude directive, and a path
// whose first element is a host.
func TestReadmeInstall(t *testing.T) {
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	path := ""
	for line := range strings.Lines(string(mod)) {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "module":
			path = f[1]
		case "replace", "exclude":
			t.Errorf("go.mod has a %s directive: go install %s/cmd/bridgekit@latest would refuse it", f[0], path)
		}
	}
	if first, _, _ := strings.Cut(path, "/"); !strings.Contains(first, ".") {
		t.Errorf("module path %q: go install cannot fetch a path whose first element is not a host", path)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := "go install " + path + "/cmd/bridgekit@latest"; !bytes.Contains(readme, []byte(want)) {
		t.Errorf("the README does not say %q", want)
	}
}
