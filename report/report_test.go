package report

import (
	"context"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/internal/safewrite"
)

// board is a PBN game with an insufficient bid: one finding.
const board = `[Event "Club"]
[Board "%d"]
[Dealer "N"]
[Vulnerable "None"]
[Auction "N"]
1H 2C 1S 3C
Pass Pass Pass

`

// played is a board with its deal, auction and play, and a finding: what a
// file page shows in full.
const played = `[Event "Harbourside BC Thursday Pairs"]
[Board "%d"]
[West "Barrow, Helen"]
[North "Whitfield, Margaret"]
[East "Lindqvist, Erik"]
[South "Okonjo, David"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:K7.QJT5.AQT.A854 AT83.742.8653.J3 J62.K963.K94.KT7 Q954.A8.J72.Q962"]
[Declarer "N"]
[Contract "4H"]
[Result "9"]
[Auction "N"]
1NT Pass 2C Pass
2H Pass 1S Pass
4H Pass Pass Pass
[Play "E"]
H2 H3 HA H5
D5 D4 D2 DT
H4 H6 H8 HQ
H7 H9 C2 HJ
C3 C7 C6 CA
CJ CK C9 C4
D6 CT CQ C5
D8 D9 D7 DQ
D3 DK DJ DA
S3 S2 S4 C8
S8 SJ SQ S7
SA S6 S9 SK
ST HK S5 HT

`

// games returns n games of board, numbered 1, 17, 33 …: boards that N
// deals at no vulnerability, as the game says.
func games(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, board, 16*i+1)
	}
	return b.String()
}

// writeFiles writes files (name → text) into dir and returns their paths
// in name order.
func writeFiles(t *testing.T, dir string, files map[string]string) []string {
	t.Helper()
	var paths []string
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths
}

// audit audits paths and writes their report into out as the report
// command does, returning the number of findings audit lists. plant, when
// not nil, is given the run's folder before a page is written.
func audit(out string, paths []string, opts Options, plant func(run string) error) (listed int, err error) {
	dir, err := safewrite.OpenDir(out)
	if err != nil {
		return 0, err
	}
	defer dir.Close()
	w := NewWriter(dir, opts)
	if plant != nil {
		if err := plant(filepath.Join(out, w.run)); err != nil {
			return 0, err
		}
	}
	rooms, err := corpus.IndexRooms(context.Background(), corpus.Inputs(paths, nil, corpus.Options{}), corpus.AuditOptions{}, nil)
	if err != nil {
		return 0, err
	}
	var werr error
	r, err := corpus.Audit(context.Background(), corpus.Inputs(paths, nil, corpus.Options{}), corpus.AuditOptions{Boards: true, Work: w.Renderer(rooms)}, func(p *corpus.Part) {
		for range p.All() {
			listed++
		}
		if werr == nil {
			werr = w.Part(p)
		}
	})
	if err == nil {
		err = werr
	}
	if err != nil {
		w.Abort()
		return listed, err
	}
	return listed, w.Close(r)
}

// entries returns the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	list, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range list {
		names = append(names, e.Name())
	}
	return names
}

// TestPageNotCreated: when a page cannot be created (its name is taken by
// a folder, or a folder on its way by a file), the writer says which page
// and stops, removes the pages it wrote, and leaves the report before it
// as it was.
func TestPageNotCreated(t *testing.T) {
	for _, tc := range []struct {
		name   string
		boards int
		block  string // in the run's folder, taken by a folder; a name ending in / by a file
	}{
		{"a file's page", 1, "files/00001.html"},
		{"the folder of files' pages", 1, "files/"},
		{"a file's next page", BoardsPerPage + 1, "files/00001-2.html"},
		{"a findings page", 1, "findings-0001.html"},
		{"the list of files", 1, "files-0001.html"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, out := t.TempDir(), t.TempDir()
			old := writeFiles(t, in, map[string]string{"old.pbn": games(1)})
			if _, err := audit(out, old, Options{}, nil); err != nil {
				t.Fatal(err)
			}
			was := entries(t, out)
			paths := writeFiles(t, in, map[string]string{"a.pbn": games(tc.boards)})
			var page string
			_, err := audit(out, paths, Options{}, func(run string) error {
				page = filepath.Join(run, strings.TrimSuffix(tc.block, "/"))
				if strings.HasSuffix(tc.block, "/") {
					if err := os.MkdirAll(run, 0o755); err != nil {
						return err
					}
					return os.WriteFile(page, nil, 0o644)
				}
				return os.MkdirAll(page, 0o755)
			})
			if err == nil || !strings.Contains(err.Error(), page) {
				t.Fatalf("error %v; want one naming %s", err, page)
			}
			checkReport(t, out, old)
			if now := entries(t, out); !slices.Equal(now, was) {
				t.Errorf("the folder holds %q; before the run, %q", now, was)
			}
		})
	}
	// The index last: its name taken, no index, and no pages either.
	in, out := t.TempDir(), t.TempDir()
	if err := os.Mkdir(filepath.Join(out, "index.html"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := audit(out, writeFiles(t, in, map[string]string{"a.pbn": games(1)}), Options{}, nil)
	if err == nil || !strings.Contains(err.Error(), filepath.Join(out, "index.html")) {
		t.Fatalf("error %v; want one naming index.html", err)
	}
	if now := entries(t, out); !slices.Equal(now, []string{"index.html"}) {
		t.Errorf("the folder holds %q; want the folder index.html alone", now)
	}
}

var (
	hrefs    = regexp.MustCompile(`href="([^"#]*)(#[^"]*)?"`)
	listRow  = regexp.MustCompile(`<tr><td><a href="([^"]*)">([^<]*)</a></td>`)
	findRow  = regexp.MustCompile(`<tr class="[a-z]+" data-code="[^"]*"><td>[a-z]+</td><td><code>[^<]*</code></td><td>([^<]*)</td>.*<a href="([^"#]*)[^"]*">`)
	pageHead = regexp.MustCompile(`<h1>([^<]*?)(, page \d+)?</h1>`)
)

// checkReport checks that the report in out is whole and of one run: the
// pages the index links exist, the pages of the files it lists are those
// files', and so are the pages its findings link. It returns the set of
// inputs the report is of ("a" or "b", from the names' first letter),
// which must be want when want is given.
func checkReport(t *testing.T, out string, want []string) string {
	t.Helper()
	read := func(name string) string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatalf("the report is not whole: %v", err)
		}
		return string(data)
	}
	// link resolves a link of the page name.
	link := func(page, href string) string { return filepath.Join(filepath.Dir(page), filepath.FromSlash(href)) }
	title := func(page string) string {
		t.Helper()
		m := pageHead.FindStringSubmatch(read(page))
		if m == nil {
			t.Fatalf("%s has no title", page)
		}
		return html.UnescapeString(m[1])
	}
	index := read("index.html")
	if !regexp.MustCompile(`<th scope="row">Numbers stated</th><td>([\d,]+: agreed|none that bridgekit checks)`).MatchString(index) {
		t.Error("the index does not give the coverage of the numbers stated")
	}
	var names []string
	for _, m := range hrefs.FindAllStringSubmatch(index, -1) {
		page := link("index.html", m[1])
		text := read(page)
		for _, row := range listRow.FindAllStringSubmatch(text, -1) {
			name := html.UnescapeString(row[2])
			if got := title(link(page, row[1])); got != name {
				t.Fatalf("the index lists %s; its page %s shows %s", name, row[1], got)
			}
			names = append(names, name)
		}
		for _, row := range findRow.FindAllStringSubmatch(text, -1) {
			name := html.UnescapeString(row[1])
			if got := title(link(page, row[2])); got != name {
				t.Fatalf("a finding of %s links to %s, which shows %s", name, row[2], got)
			}
		}
	}
	if len(names) == 0 {
		t.Fatal("the index lists no file")
	}
	set := filepath.Base(names[0])[:1]
	for _, n := range names {
		if filepath.Base(n)[:1] != set {
			t.Fatalf("the index lists files of two runs: %s and %s", names[0], n)
		}
	}
	if want != nil && strings.Join(names, " ") != strings.Join(want, " ") {
		t.Fatalf("the index lists %q; want %q", names, want)
	}
	return set
}

// TestLimits: past Options.MaxBoards boards in the run, a board is listed
// briefly, a row with its findings, and past MaxFindings a finding is not
// listed on the findings pages; the index says how many of each, and the
// links of findings and rows still lead to their boards.
func TestLimits(t *testing.T) {
	for _, tc := range []struct {
		name              string
		opts              Options
		full, brief, rows int // boards in full and listed briefly; findings listed
	}{
		{"no limit", Options{}, 12, 0, 12},
		{"within a file", Options{MaxBoards: 5}, 5, 7, 12},
		{"at a file's end", Options{MaxBoards: 3}, 3, 9, 12},
		{"findings", Options{MaxFindings: 5}, 12, 0, 5},
		{"both", Options{MaxBoards: 1, MaxFindings: 1}, 1, 11, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, out := t.TempDir(), t.TempDir()
			// Three boards a file: one finding each, all listed (audit
			// lists three of a code in a file).
			files := map[string]string{}
			for i := range 4 {
				files[fmt.Sprintf("a%d.pbn", i)] = games(3)
			}
			paths := writeFiles(t, in, files)
			listed, err := audit(out, paths, tc.opts, nil)
			if err != nil {
				t.Fatal(err)
			}
			if listed != 12 {
				t.Fatalf("audit lists %d findings; the test wants 12", listed)
			}
			checkReport(t, out, paths)
			run := entries(t, out)[1]
			var full, brief, rows int
			pages, _ := filepath.Glob(filepath.Join(out, run, "*", "*.html"))
			pages = append(pages, filepath.Join(out, run, "findings-0001.html"))
			for _, p := range pages {
				text, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				full += strings.Count(string(text), `<section class="board" id="g`)
				brief += strings.Count(string(text), `<tr id="g`)
				rows += strings.Count(string(text), `<tr class="error" data-code="insufficient-bid">`)
			}
			if full != tc.full || brief != tc.brief || rows != tc.rows {
				t.Errorf("%d boards in full, %d briefly, %d findings listed; want %d, %d, %d", full, brief, rows, tc.full, tc.brief, tc.rows)
			}
			index, err := os.ReadFile(filepath.Join(out, "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []struct {
				n    int
				text string
			}{
				{tc.brief, fmt.Sprintf("%d boards are listed briefly", tc.brief)},
				{12 - tc.rows, fmt.Sprintf("%d findings are not listed", 12-tc.rows)},
			} {
				if got := strings.Contains(string(index), want.text); got != (want.n > 0) {
					t.Errorf("the index says %q: %v, want %v", want.text, got, want.n > 0)
				}
			}
			if !strings.Contains(string(index), fmt.Sprintf(`data-listed="%d"`, tc.rows)) {
				t.Errorf("the index does not say it lists %d findings", tc.rows)
			}
		})
	}
}

// TestBoundedSize: past the boards shown in full, a report grows by less
// than its input does.
func TestBoundedSize(t *testing.T) {
	in, out := t.TempDir(), t.TempDir()
	files := map[string]string{}
	var size int
	for i := range 5 {
		var b strings.Builder
		for n := range 100 {
			fmt.Fprintf(&b, played, n+1)
		}
		files[fmt.Sprintf("%d.pbn", i)] = b.String()
		size += b.Len()
	}
	paths := writeFiles(t, in, files)
	report := func(opts Options) int {
		t.Helper()
		os.RemoveAll(out)
		if _, err := audit(out, paths, opts, nil); err != nil {
			t.Fatal(err)
		}
		n := 0
		filepath.WalkDir(out, func(_ string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				fi, _ := d.Info()
				n += int(fi.Size())
			}
			return err
		})
		return n
	}
	whole, bounded := report(Options{}), report(Options{MaxBoards: 10})
	t.Logf("input %d bytes; report %d bytes in full, %d with 10 boards in full", size, whole, bounded)
	if perBoard := whole / 500; bounded > 10*perBoard+size/2 {
		t.Errorf("a report of 10 boards in full and 490 listed briefly is %d bytes; want at most %d", bounded, 10*perBoard+size/2)
	}
}
