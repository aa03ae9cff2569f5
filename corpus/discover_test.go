package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func pbnText(board string) string { return fmt.Sprintf("[Event \"E\"]\n[Board %q]\n", board) }
func linText(name string) string  { return "pn|" + name + ",b,c,d|st||md|3SAK|" }

func TestInputsTree(t *testing.T) {
	dir := t.TempDir()
	inner := tarBytes(t, files("z.pbn", pbnText("z"), "q.txt", linText("q")))
	writeTree(t, dir, map[string][]byte{
		"a.pbn":         []byte(pbnText("a")),
		"b/c.lin":       []byte(linText("c")),
		"b/.git/x.pbn":  []byte(pbnText("hidden dir")),
		"b/.hidden.pbn": []byte(pbnText("hidden file")),
		"b/notes.txt":   []byte("just notes\n"),
		"b/deal.txt":    []byte("% PBN 2.1\n" + pbnText("txt")),
		"b/page.html":   []byte(`<html><a href="handviewer.html?lin=pn|x|">`),
		"b/other.html":  []byte("<html><body>hi</body></html>"),
		"e.tar":         tarBytes(t, files("m.pbn", pbnText("m"), "n.lin", linText("n"), ".DS_Store", "junk")),
		"f.tgz":         gzipBytes(t, tarBytes(t, files("p.pbn", pbnText("p")))),
		"g.pbn.gz":      gzipBytes(t, []byte(pbnText("g"))),
		"h.tar.xz":      xzBytes(t, tarBytes(t, files("h.pbn", pbnText("h")))),
		"i.pbn.xz":      xzBytes(t, []byte(pbnText("i"))),
		"j.tar.bz2":     readTestdata(t, "tree.tar.bz2"),
		"k.pbn.bz2":     readTestdata(t, "single.pbn.bz2"),
		"noext":         []byte(linText("noext")),
		"zz.txt.gz":     gzipBytes(t, []byte("not a record")),
		"d.zip": zipBytes(t, []member{
			{name: "x.pbn", data: []byte(pbnText("x"))},
			{name: "sub/"},
			{name: "sub/y.lin", data: []byte(linText("y"))},
			{name: "readme.md", data: []byte("# readme")},
			{name: "__MACOSX/._x.pbn", data: []byte{0, 5, 22, 7}},
			{name: "inner.tar.gz", data: gzipBytes(t, inner)},
			{name: "stored.zip", data: zipBytes(t, files("w.pbn", pbnText("w"))), stored: true},
			{name: "deflated.zip", data: zipBytes(t, files("v.lin", linText("v")))},
		}),
	})
	t.Chdir(dir)
	want := strings.Join([]string{
		"a.pbn = " + pbnText("a"),
		"b/c.lin = " + linText("c"),
		"b/deal.txt = % PBN 2.1\n" + pbnText("txt"),
		`b/page.html = <html><a href="handviewer.html?lin=pn|x|">`,
		"d.zip!x.pbn = " + pbnText("x"),
		"d.zip!sub/y.lin = " + linText("y"),
		"d.zip!inner.tar.gz!z.pbn = " + pbnText("z"),
		"d.zip!inner.tar.gz!q.txt = " + linText("q"),
		"d.zip!stored.zip!w.pbn = " + pbnText("w"),
		"d.zip!deflated.zip!v.lin = " + linText("v"),
		"e.tar!m.pbn = " + pbnText("m"),
		"e.tar!n.lin = " + linText("n"),
		"f.tgz!p.pbn = " + pbnText("p"),
		"g.pbn.gz = " + pbnText("g"),
		"h.tar.xz!h.pbn = " + pbnText("h"),
		"i.pbn.xz = " + pbnText("i"),
		"j.tar.bz2!x.pbn = " + pbnText("x"),
		"j.tar.bz2!y.lin = " + linText("y"),
		"k.pbn.bz2 = " + pbnText("x"),
		"noext = " + linText("noext"),
	}, "\n") + "\n"
	gs := collect(t, []string{"."}, nil, Options{})
	if got := lines(gs); got != want {
		t.Errorf("inputs:\n%s\nwant:\n%s", got, want)
	}
	archives := map[string]string{}
	for _, g := range gs {
		archives[g.name] = g.archive
	}
	for name, want := range map[string]string{
		"a.pbn":                    "",
		"d.zip!x.pbn":              "d.zip",
		"d.zip!inner.tar.gz!z.pbn": "d.zip!inner.tar.gz",
		"d.zip!stored.zip!w.pbn":   "d.zip!stored.zip",
		"g.pbn.gz":                 "",
	} {
		if archives[name] != want {
			t.Errorf("%s: Archive = %q, want %q", name, archives[name], want)
		}
	}
}

func TestInputsArguments(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string][]byte{
		"a.pbn":     []byte(pbnText("a")),
		"notes.txt": []byte("not a record, but named on the command line\n"),
		"bad.zip":   []byte("this is no zip"),
		"cut.zip":   zipBytes(t, files("x.pbn", pbnText("x")))[:40],
		"bad.tgz":   []byte("\x1f\x8b garbage"),
	})
	t.Chdir(dir)
	url := "https://www.bridgebase.com/tools/handviewer.html?bbo=y&lin=pn%7CAnn,Bob,Cy,Di%7Cst%7C%7Cmd%7C3SAK%7Cnt%7Chi+there%7C&x=1"
	args := []string{
		"missing.pbn", "a.pbn", "notes.txt", "bad.zip", "cut.zip", "bad.tgz",
		url, "https://www.bridgebase.com/myhands/fetchlin.php?id=123",
		"lin=pn|x%2Cy|md|3S|", "pn|raw%7C|md|3S|", "-", "-",
	}
	want := strings.Join([]string{
		"ERR missing.pbn: no such file or directory",
		"a.pbn = " + pbnText("a"),
		"notes.txt = not a record, but named on the command line\n",
		"ERR bad.zip: not a zip archive, though its name says so",
		"ERR cut.zip: unreadable zip archive: zip: not a valid zip file",
		"ERR bad.tgz: unreadable gzip stream: gzip: invalid header",
		"<url 1> = pn|Ann,Bob,Cy,Di|st||md|3SAK|nt|hi there|",
		"ERR <url 2>: the link has no lin= parameter; only handviewer links that carry the LIN are read, nothing is fetched",
		"<lin 1> = pn|x,y|md|3S|",
		"<lin 2> = pn|raw%7C|md|3S|",
		"<stdin> = " + linText("stdin"),
		`ERR <stdin>: "-" given more than once; standard input can be read only once`,
	}, "\n") + "\n"
	got := lines(collect(t, args, strings.NewReader(linText("stdin")), Options{}))
	if got != want {
		t.Errorf("inputs:\n%s\nwant:\n%s", got, want)
	}
}

func TestInputsStdinArchive(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		stdin []byte
		want  string
	}{
		{"zip", zipBytes(t, files("x.pbn", pbnText("x"))), "<stdin>!x.pbn = " + pbnText("x") + "\n"},
		{"tar", tarBytes(t, files("x.lin", linText("x"))), "<stdin>!x.lin = " + linText("x") + "\n"},
		{"tar.gz", gzipBytes(t, tarBytes(t, files("x.lin", linText("x")))), "<stdin>!x.lin = " + linText("x") + "\n"},
		{"gz", gzipBytes(t, []byte(pbnText("g"))), "<stdin> = " + pbnText("g") + "\n"},
		{"tar.xz", xzBytes(t, tarBytes(t, files("x.lin", linText("x")))), "<stdin>!x.lin = " + linText("x") + "\n"},
		{"xz", xzBytes(t, []byte(pbnText("g"))), "<stdin> = " + pbnText("g") + "\n"},
		{"tar.bz2", readTestdata(t, "tree.tar.bz2"), "<stdin>!x.pbn = " + pbnText("x") + "\n<stdin>!y.lin = " + linText("y") + "\n"},
		{"bz2", readTestdata(t, "single.pbn.bz2"), "<stdin> = " + pbnText("x") + "\n"},
		{"pbn", []byte(pbnText("s")), "<stdin> = " + pbnText("s") + "\n"},
		{"empty", nil, "<stdin> = \n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := lines(collect(t, []string{"-"}, bytes.NewReader(tc.stdin), Options{}))
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// A streamed input must be read while the iteration is on it.
func TestStreamedExpires(t *testing.T) {
	t.Parallel()
	big := strings.Repeat(pbnText("big"), 200)
	data := tarBytes(t, files("big.pbn", big, "small.pbn", pbnText("s")))
	var kept []*Input
	for in, err := range Inputs([]string{"-"}, bytes.NewReader(data), Options{Limits: Limits{ReadAhead: 100}}) {
		if err != nil {
			t.Fatal(err)
		}
		kept = append(kept, in)
	}
	if len(kept) != 2 || !kept[0].Streamed() || kept[1].Streamed() {
		t.Fatalf("want a streamed then a read-ahead input, got %d inputs", len(kept))
	}
	if _, err := kept[0].Open(); err == nil || !strings.Contains(err.Error(), "big.pbn: read after discovery moved past it") {
		t.Errorf("opening a streamed input late: %v", err)
	}
	if b, err := readInput(kept[1]); err != nil || string(b) != pbnText("s") {
		t.Errorf("read-ahead input: %q, %v", b, err)
	}
}

func TestInputsDepth(t *testing.T) {
	l3 := zipBytes(t, files("deep.pbn", pbnText("deep")))
	l2 := zipBytes(t, []member{{name: "l3.zip", data: l3}, {name: "mid.pbn", data: []byte(pbnText("mid"))}})
	l1 := zipBytes(t, []member{{name: "l2.zip", data: l2}})
	dir := t.TempDir()
	writeTree(t, dir, map[string][]byte{"l1.zip": l1})
	t.Chdir(dir)
	for _, tc := range []struct {
		depth int
		want  string
	}{
		{1, "ERR l1.zip!l2.zip: an archive at nesting level 2, not read: archives are read down to level 1\n"},
		{2, "ERR l1.zip!l2.zip!l3.zip: an archive at nesting level 3, not read: archives are read down to level 2\n" +
			"l1.zip!l2.zip!mid.pbn = " + pbnText("mid") + "\n"},
		{3, "l1.zip!l2.zip!l3.zip!deep.pbn = " + pbnText("deep") + "\n" + "l1.zip!l2.zip!mid.pbn = " + pbnText("mid") + "\n"},
	} {
		got := lines(collect(t, []string{"l1.zip"}, nil, Options{Limits: Limits{MaxDepth: tc.depth}}))
		if got != tc.want {
			t.Errorf("MaxDepth %d:\n%s\nwant:\n%s", tc.depth, got, tc.want)
		}
	}
}

func TestZipBomb(t *testing.T) {
	zeros := make([]byte, 5<<20) // above ReadAhead, so the tar member is streamed
	bomb := zipBytes(t, []member{{name: "ok.pbn", data: []byte(pbnText("ok"))}, {name: "bomb.pbn", data: zeros}, {name: "after.lin", data: []byte(linText("after"))}})
	if len(bomb) > 100<<10 {
		t.Fatalf("the test bomb is %d bytes; it should compress to far less", len(bomb))
	}
	dir := t.TempDir()
	writeTree(t, dir, map[string][]byte{
		"bomb.zip": bomb,
		"bomb.tgz": gzipBytes(t, tarBytes(t, []member{{name: "zeros.pbn", data: zeros}, {name: "after.pbn", data: []byte(pbnText("after"))}})),
		"big.zip":  zipBytes(t, []member{{name: "1.pbn", data: []byte(strings.Repeat("x", 600<<10))}, {name: "2.pbn", data: []byte(strings.Repeat("y", 600<<10))}, {name: "3.pbn", data: []byte(pbnText("3"))}}),
	})
	t.Chdir(dir)
	check := func(t *testing.T, paths []string, lim Limits, want []string) {
		t.Helper()
		gs := collect(t, paths, nil, Options{Limits: lim})
		if len(gs) != len(want) {
			t.Fatalf("got %d results, want %d:\n%s", len(gs), len(want), lines(gs))
		}
		for i, g := range gs {
			if s := g.String(); !strings.HasPrefix(s, want[i]) {
				t.Errorf("result %d:\n%.300s\nwant prefix:\n%s", i, s, want[i])
			}
		}
	}
	t.Run("ratio-zip", func(t *testing.T) {
		check(t, []string{"bomb.zip"}, Limits{}, []string{
			"bomb.zip!ok.pbn = ",
			"ERR bomb.zip!bomb.pbn: expands more than 200 times (",
			"bomb.zip!after.lin = ",
		})
	})
	t.Run("ratio-tgz-streamed", func(t *testing.T) {
		check(t, []string{"bomb.tgz"}, Limits{}, []string{
			"ERR bomb.tgz!zeros.pbn: expands more than 200 times (",
		})
	})
	t.Run("ratio-tgz-read-ahead", func(t *testing.T) {
		check(t, []string{"bomb.tgz"}, Limits{ReadAhead: 32 << 20}, []string{
			"ERR bomb.tgz!zeros.pbn: expands more than 200 times (",
		})
	})
	t.Run("total", func(t *testing.T) {
		check(t, []string{"big.zip"}, Limits{MaxArchiveBytes: 1 << 20, MaxRatio: 1 << 20}, []string{
			"big.zip!1.pbn = xxx",
			"ERR big.zip!2.pbn: more than 1 MiB decompressed from big.zip, the limit for one archive",
			"ERR big.zip!3.pbn: more than 1 MiB decompressed from big.zip, the limit for one archive",
		})
	})
}

func TestMemberCount(t *testing.T) {
	var ms []member
	for i := range 101 {
		ms = append(ms, member{name: fmt.Sprintf("%03d.pbn", i), data: []byte(pbnText(fmt.Sprint(i)))})
	}
	// A zip whose end record claims 65535 members while holding one.
	lying := zipBytes(t, files("x.pbn", pbnText("x")))
	eocd := bytes.LastIndex(lying, []byte("PK\x05\x06"))
	lying[eocd+8], lying[eocd+9], lying[eocd+10], lying[eocd+11] = 0xFF, 0xFF, 0xFF, 0xFF
	dir := t.TempDir()
	writeTree(t, dir, map[string][]byte{"many.zip": zipBytes(t, ms), "many.tar": tarBytes(t, ms), "lying.zip": lying})
	t.Chdir(dir)

	gs := collect(t, []string{"many.zip", "many.tar", "lying.zip"}, nil, Options{Limits: Limits{MaxMembers: 100}})
	var errs []string
	tarMembers := 0
	for _, g := range gs {
		switch {
		case g.err != "":
			errs = append(errs, g.err)
		case strings.HasPrefix(g.name, "many.tar!"):
			tarMembers++
		default:
			t.Errorf("unexpected input %s", g.name)
		}
	}
	want := []string{
		"many.zip: holds 101 members, more than the limit of 100",
		"many.tar: holds more than 100 members, the limit; the members after that are not read",
		"lying.zip: holds 65535 members, more than the limit of 100",
	}
	if strings.Join(errs, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(errs, "\n"), strings.Join(want, "\n"))
	}
	if tarMembers != 100 {
		t.Errorf("tar members read before the limit: %d, want 100", tarMembers)
	}
}

func TestLimitErrorType(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeTree(t, dir, map[string][]byte{"b.zip": zipBytes(t, []member{{name: "z.pbn", data: make([]byte, 4<<20)}})})
	for in, err := range Inputs([]string{filepath.Join(dir, "b.zip")}, nil, Options{}) {
		if err != nil {
			t.Fatal(err)
		}
		_, err := readInput(in)
		var lerr *LimitError
		if !errors.As(err, &lerr) || lerr.Name != in.Name {
			t.Errorf("reading a bomb: %v, want a *LimitError naming %s", err, in.Name)
		}
	}
}

func TestSharedFileReopens(t *testing.T) {
	t.Parallel()
	// Members of a zip on disk are opened after discovery has let the file
	// go; each Open must bring it back, and all must close it again.
	dir := t.TempDir()
	var ms []member
	for i := range 20 {
		ms = append(ms, member{name: fmt.Sprintf("m%02d.pbn", i), data: []byte(pbnText(fmt.Sprint(i)))})
	}
	writeTree(t, dir, map[string][]byte{"a.zip": zipBytes(t, ms), "x.dat": []byte("% PBN\n")})
	opts := Options{MaxOpenFiles: 2}
	var ins []*Input
	for in, err := range Inputs([]string{filepath.Join(dir, "a.zip")}, nil, opts) {
		if err != nil {
			t.Fatal(err)
		}
		ins = append(ins, in)
	}
	var rcs []io.ReadCloser
	for _, in := range ins {
		rc, err := in.Open() // all open at once share one descriptor
		if err != nil {
			t.Fatal(err)
		}
		rcs = append(rcs, rc)
	}
	for i, rc := range rcs {
		b, err := io.ReadAll(rc)
		if err != nil || string(b) != pbnText(fmt.Sprint(i)) {
			t.Errorf("member %d: %q, %v", i, b, err)
		}
		rc.Close()
	}
	// Rewriting the archive must be noticed by a later Open.
	if err := os.WriteFile(filepath.Join(dir, "a.zip"), zipBytes(t, ms[:3]), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ins[0].Open(); err == nil || !strings.Contains(err.Error(), "changed on disk") {
		t.Errorf("Open after the archive changed: %v", err)
	}
}

// FuzzStdinArchive feeds arbitrary bytes to Inputs as standard input, where
// they may be read as a zip, tar, gzip or record: nothing may panic, and every
// input must be readable to its end or fail with an error.
func FuzzStdinArchive(f *testing.F) {
	nested := zipBytes(f, []member{{name: "in.zip", data: zipBytes(f, files("a.pbn", pbnText("a")))}})
	for _, seed := range [][]byte{
		zipBytes(f, files("x.pbn", pbnText("x"), "y.txt", linText("y"))),
		tarBytes(f, files("x.lin", linText("x"))),
		gzipBytes(f, tarBytes(f, files("x.lin", linText("x"), "z.zip", string(nested)))),
		gzipBytes(f, []byte(pbnText("g"))),
		nested,
		[]byte(pbnText("plain")),
	} {
		f.Add(seed)
	}
	opts := Options{Limits: Limits{MaxInMemory: 1 << 20, MaxArchiveBytes: 8 << 20, MaxMembers: 1000}}
	f.Fuzz(func(t *testing.T, data []byte) {
		for in, err := range Inputs([]string{"-"}, bytes.NewReader(data), opts) {
			if err != nil {
				if err.Error() == "" {
					t.Fatal("empty error message")
				}
				continue
			}
			if _, err := readInput(in); err != nil && !strings.HasPrefix(err.Error(), in.Name+": ") {
				t.Fatalf("error does not name the input %s: %v", in.Name, err)
			}
		}
	})
}

// FuzzLinkLIN checks the decoding of link arguments: it never panics, LIN
// text passes unchanged, and a decoded value is never longer than its source.
func FuzzLinkLIN(f *testing.F) {
	for _, s := range []string{
		"https://www.bridgebase.com/tools/handviewer.html?lin=pn%7Ca%7Cmd%7C3S%7C",
		"http://x/?a=1&LIN=pn|x|&b=2", "lin=%zz%7", "pn|raw%7C|", "https://x/y", "lin=",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		data, err := linkLIN(s)
		switch {
		case err != nil:
			if data != nil {
				t.Fatalf("data with an error: %q", data)
			}
		case !isURL(s) && !strings.HasPrefix(strings.ToLower(s), "lin="):
			if string(data) != s {
				t.Fatalf("LIN text changed: %q → %q", s, data)
			}
		case len(data) > len(s):
			t.Fatalf("decoded %q to something longer: %q", s, data)
		}
	})
}

// TestInputsLinkedDir: a link to a folder named on the command line is
// walked, with or without a trailing slash, the files named by the link's
// path; none is read as zero files.
func TestInputsLinkedDir(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string][]byte{"real/a.pbn": []byte(pbnText("a"))})
	t.Chdir(dir)
	if err := os.Symlink("real", "link"); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	for _, arg := range []string{"link", "link/"} {
		got := lines(collect(t, []string{arg}, nil, Options{}))
		if want := "link/a.pbn = " + pbnText("a") + "\n"; got != want {
			t.Errorf("%s: inputs:\n%s\nwant:\n%s", arg, got, want)
		}
	}
}
