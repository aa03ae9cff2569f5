package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"golang.org/x/text/encoding/charmap"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"bridgekit": main})
}

// TestScripts runs the command-line scripts in testdata/script: each runs
// bridgekit as a separate process and checks its output and exit status.
// UPDATE_SCRIPTS=1 rewrites the expected files from the actual output.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		UpdateScripts:       os.Getenv("UPDATE_SCRIPTS") != "",
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"zip":        cmdZip,
			"targz":      cmdTarGz,
			"repeat":     cmdRepeat,
			"cp1251":     cmdCP1251,
			"findings":   cmdFindings,
			"report":     cmdReport,
			"mode":       cmdMode,
			"replace":    cmdReplace,
			"crlines":    cmdCRLines,
			"bwsfixture": cmdBWSFixture,
		},
	})
}

// cmdZip writes a zip archive: zip ARCHIVE FILE[=MEMBER]..., each FILE
// under its own name or the MEMBER name given.
func cmdZip(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: zip ARCHIVE FILE[=MEMBER]...")
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, arg := range args[1:] {
		file, member := memberOf(arg)
		w, err := zw.CreateHeader(&zip.FileHeader{Name: member, Method: zip.Deflate})
		ts.Check(err)
		_, err = w.Write([]byte(ts.ReadFile(file)))
		ts.Check(err)
	}
	ts.Check(zw.Close())
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), buf.Bytes(), 0o644))
}

// cmdTarGz writes a gzipped tar archive: targz ARCHIVE FILE[=MEMBER]...
func cmdTarGz(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: targz ARCHIVE FILE[=MEMBER]...")
	}
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, arg := range args[1:] {
		file, member := memberOf(arg)
		data := ts.ReadFile(file)
		ts.Check(tw.WriteHeader(&tar.Header{Name: member, Mode: 0o644, Size: int64(len(data)), Typeflag: tar.TypeReg}))
		_, err := tw.Write([]byte(data))
		ts.Check(err)
	}
	ts.Check(tw.Close())
	ts.Check(gz.Close())
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), buf.Bytes(), 0o644))
}

// cmdRepeat writes a file of text repeated after a first line: repeat
// FILE N TEXT [FIRST], the texts quoted as in Go ("x", "%% line\n").
func cmdRepeat(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 || len(args) > 4 {
		ts.Fatalf("usage: repeat FILE N TEXT [FIRST]")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	text, err := strconv.Unquote(args[2])
	ts.Check(err)
	var first string
	if len(args) == 4 {
		first, err = strconv.Unquote(args[3])
		ts.Check(err)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), append([]byte(first), bytes.Repeat([]byte(text), n)...), 0o644))
}

// memberOf splits FILE=MEMBER; a FILE alone is its own member name.
func memberOf(arg string) (file, member string) {
	if f, m, ok := strings.Cut(arg, "="); ok {
		return f, m
	}
	return arg, arg
}

// cmdReplace writes a copy of a file with every OLD made NEW: replace
// [-q] OLD NEW IN OUT, the texts as given (a patch or a file changed by
// hand), or with -q quoted as in Go ("\xe9" for a byte that is not UTF-8).
func cmdReplace(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) == 5 && args[0] == "-q" {
		args = args[1:]
		for i := range 2 {
			s, err := strconv.Unquote(args[i])
			ts.Check(err)
			args[i] = s
		}
	}
	if neg || len(args) != 4 {
		ts.Fatalf("usage: replace [-q] OLD NEW IN OUT")
	}
	in := ts.ReadFile(args[2])
	if !strings.Contains(in, args[0]) {
		ts.Fatalf("%s holds no %q", args[2], args[0])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[3]), []byte(strings.ReplaceAll(in, args[0], args[1])), 0o644))
}

// cmdCRLines writes a copy of a file with CR-only line ends, as old Mac
// programs wrote them: crlines IN OUT.
func cmdCRLines(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: crlines IN OUT")
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(strings.ReplaceAll(ts.ReadFile(args[0]), "\n", "\r")), 0o644))
}

// cmdCP1251 re-encodes a UTF-8 file in windows-1251: cp1251 IN OUT.
func cmdCP1251(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: cp1251 IN OUT")
	}
	out, err := charmap.Windows1251.NewEncoder().String(ts.ReadFile(args[0]))
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(out), 0o644))
}

// findingKeys are the fields of a finding in JSON, law being optional.
var findingKeys = []string{"file", "game", "board", "label", "line", "col", "severity", "code", "law", "message"}

// cmdFindings checks that a file (stdout, stderr or a file name) is JSON
// Lines of findings: every line one object with the finding fields of the
// right types and nothing else, a known severity, and a Law only when
// non-zero. With a count it checks the number of lines too:
// findings stdout [N].
func cmdFindings(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 || len(args) > 2 {
		ts.Fatalf("usage: findings FILE [N]")
	}
	text := ts.ReadFile(args[0])
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if text == "" {
		lines = nil
	}
	for i, line := range lines {
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			ts.Fatalf("line %d: %v: %s", i+1, err, line)
		}
		for k, v := range obj {
			if !slices.Contains(findingKeys, k) {
				ts.Fatalf("line %d: unexpected field %q", i+1, k)
			}
			switch k {
			case "file", "severity", "code", "message", "label":
				if _, ok := v.(string); !ok {
					ts.Fatalf("line %d: %s is %T, want a string", i+1, k, v)
				}
			default:
				if n, ok := v.(float64); !ok || n < 0 || k == "law" && n == 0 {
					ts.Fatalf("line %d: %s is %v, want a positive number", i+1, k, v)
				}
			}
		}
		for _, k := range findingKeys {
			if _, ok := obj[k]; !ok && k != "law" && k != "label" {
				ts.Fatalf("line %d: no field %q", i+1, k)
			}
		}
		if sev := obj["severity"]; sev != "error" && sev != "warning" && sev != "info" {
			ts.Fatalf("line %d: severity %v", i+1, sev)
		}
	}
	if len(args) == 2 {
		want, err := strconv.Atoi(args[1])
		ts.Check(err)
		if len(lines) != want {
			ts.Fatalf("%d findings, want %d", len(lines), want)
		}
	}
}

// cmdReport checks fields of a JSON report: report FILE KEY=VALUE...,
// where KEY is a dotted path into the object (codes.insufficient-bid,
// contracts.3NT) and VALUE its JSON text.
func cmdReport(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 {
		ts.Fatalf("usage: report FILE KEY=VALUE...")
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(ts.ReadFile(args[0])), &obj); err != nil {
		ts.Fatalf("%s: %v", args[0], err)
	}
	for _, kv := range args[1:] {
		key, want, ok := strings.Cut(kv, "=")
		if !ok {
			ts.Fatalf("%q is not KEY=VALUE", kv)
		}
		var v any = obj
		for part := range strings.SplitSeq(key, ".") {
			m, ok := v.(map[string]any)
			if !ok {
				ts.Fatalf("%s: %s is not an object", key, part)
			}
			v = m[part]
		}
		got, err := json.Marshal(v)
		ts.Check(err)
		if string(got) != want {
			ts.Fatalf("%s = %s, want %s", key, got, want)
		}
	}
}

// cmdMode sets or checks a file's permission bits: mode FILE 0600 checks,
// mode -set FILE 0600 sets.
func cmdMode(ts *testscript.TestScript, neg bool, args []string) {
	set := len(args) == 3 && args[0] == "-set"
	if set {
		args = args[1:]
	}
	if len(args) != 2 {
		ts.Fatalf("usage: mode [-set] FILE PERM")
	}
	perm, err := strconv.ParseUint(args[1], 8, 32)
	ts.Check(err)
	// The octal setuid, setgid and sticky bits, as chmod(1) writes them.
	mode := os.FileMode(perm & 0o777)
	for bit, m := range map[uint64]os.FileMode{0o4000: os.ModeSetuid, 0o2000: os.ModeSetgid, 0o1000: os.ModeSticky} {
		if perm&bit != 0 {
			mode |= m
		}
	}
	if set {
		ts.Check(os.Chmod(ts.MkAbs(args[0]), mode))
		return
	}
	fi, err := os.Stat(ts.MkAbs(args[0]))
	ts.Check(err)
	if got := fi.Mode() & (os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky); (got == mode) == neg {
		ts.Fatalf("%s has mode %v", args[0], got)
	}
}

// TestRunNoArgs checks run in-process: no command prints the help.
func TestRunNoArgs(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"bridgekit"}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut.String())
	}
	for _, cmd := range []string{"audit", "show", "stats"} {
		if !strings.Contains(out.String(), fmt.Sprintf("   %s ", cmd)) {
			t.Errorf("help does not list %s:\n%s", cmd, out.String())
		}
	}
}

// brokenPipe is standard output that cannot be written, such as a pipe
// whose reader has gone.
type brokenPipe struct{}

func (brokenPipe) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// TestAuditWriteError checks that audit reports a failed write of its
// findings, whether it happens while findings are written (more than the
// output buffer) or at the end, with exit status 2.
func TestAuditWriteError(t *testing.T) {
	var many strings.Builder
	for i := 1; i <= 1000; i++ {
		fmt.Fprintf(&many, "pn|Ann,Bob,Cy,Di|st||md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|sv|o|ah|Board %d|mb|1H|mb|2D|mb|1S|mb|p|mb|p|mb|p|pg||\n", i)
	}
	for _, tc := range []struct{ name, text string }{
		{"few findings", many.String()[:strings.IndexByte(many.String(), '\n')+1]},
		{"many findings", many.String()},
	} {
		for _, format := range []string{"text", "json"} {
			t.Run(tc.name+" "+format, func(t *testing.T) {
				var errOut bytes.Buffer
				code := run([]string{"bridgekit", "audit", "--format", format, "-"}, strings.NewReader(tc.text), brokenPipe{}, &errOut)
				if code != exitError || !strings.Contains(errOut.String(), "bridgekit: writing standard output: broken pipe") {
					t.Errorf("exit %d, stderr %q; want %d and the write error", code, errOut.String(), exitError)
				}
			})
		}
	}
	// With --format json the summary goes to standard error: failing to
	// write it is an error too.
	var out bytes.Buffer
	if code := run([]string{"bridgekit", "audit", "--format", "json", "-"}, strings.NewReader(many.String()), &out, brokenPipe{}); code != exitError {
		t.Errorf("summary to a broken standard error: exit %d, want %d", code, exitError)
	}
}

// TestShowLink checks that the handviewer link show prints holds the
// board: shown in its turn, it gives the same diagram, auction, notes and
// result.
func TestShowLink(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "a.pbn")
	err := os.WriteFile(src, []byte(`[Event "Club"]
[Board "5"]
[West "Wendy"]
[North "Nick"]
[East "Ed"]
[South "Sue"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Declarer "W"]
[Contract "3NT"]
[Result "9"]
[Auction "N"]
Pass 1D =1= Pass 3NT
Pass Pass Pass
[Note "1:natural"]
`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	show := func(arg string) string {
		var out, errOut bytes.Buffer
		if code := run([]string{"bridgekit", "show", arg}, nil, &out, &errOut); code != 0 {
			t.Fatalf("show %s: exit %d: %s", arg, code, errOut.String())
		}
		return out.String()
	}
	first := show(src)
	link := regexp.MustCompile(`(?m)^Link +(\S+)$`).FindStringSubmatch(first)
	if link == nil {
		t.Fatalf("no link in\n%s", first)
	}
	second := show(link[1])
	// The same board from its number on: the first lines name the input
	// and the event, which a LIN record does not hold.
	body := func(s string) string { return s[strings.Index(s, "\nBoard "):] }
	if body(first) != body(second) {
		t.Errorf("from the file:\n%s\nfrom its link:\n%s", first, second)
	}
}

// TestShowLinkCommentary checks that the handviewer link leaves out what
// BBO's handviewer will not load: the file's % lines and nt commentary,
// and a notes record before the board.
func TestShowLinkCommentary(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "a.lin")
	err := os.WriteFile(src, []byte("%Created by a vugraph operator\n"+
		"nt|welcome to the final|pg||\n"+
		"pn|Ann,Bob,Cy,Di|st||md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|sv|o|ah|Board 1|"+
		"mb|1H|nt|a bold start|mb|2D|mb|p|mb|p|mb|p|pg||pc|DA|nt|top of nothing|pc|D5|pc|D2|pc|D7|pg||\n"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"bridgekit", "show", src}, nil, &out, &errOut); code != 0 {
		t.Fatalf("show: exit %d: %s", code, errOut.String())
	}
	m := regexp.MustCompile(`(?m)^Link +\S+\?lin=(\S+)$`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no link in\n%s", out.String())
	}
	lin, err := url.QueryUnescape(m[1])
	if err != nil {
		t.Fatal(err)
	}
	want := "pn|Ann,Bob,Cy,Di|st||md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|ah|Board 1|sv|o|" +
		"mb|1H|mb|2D|mb|p|mb|p|mb|p|pg||pc|DA|pc|D5|pc|D2|pc|D7|pg||"
	if lin != want {
		t.Errorf("link holds\n%s\nwant\n%s", lin, want)
	}
}
