package corpus_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/cputime"
	"github.com/bridgekit/bridgekit/record"
)

// deals are four different deals, rotated by board to make more.
var deals = []string{
	"AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
	"AK32.KQ4.A73.952 QJ9.A865.KQ8.K84 T876.J97.J94.AQ7 54.T32.T652.JT63",
	"T7.AKJ6.KQ84.A92 KQ83.Q2.J95.QT54 J954.T873.A.KJ86 A62.954.T7632.73",
	"A.KQJT987.AK.AK2 K432.A.QJT9.QJT9 QJT98.32.8765.43 765.654.432.8765",
}

// game returns PBN game i: board i, dealt by the board's dealer, with
// an auction that is legal, except on every seventh board, where West's
// 1S after 2H is insufficient (Law 27).
func game(i int) string {
	seat := auction.BoardDealer(i).String()
	vul := auction.BoardVulnerability(i).String()
	calls := "1H 2D 2H Pass\nPass Pass"
	if i%7 == 0 {
		calls = "1H 2D 2H 1S\nPass Pass Pass"
	}
	return fmt.Sprintf(`[Event "Bench Cup"]
[Site "Moscow"]
[Date "2024.01.01"]
[Board "%d"]
[West "Ann"]
[North "Bob"]
[East "Cy"]
[South "Di"]
[Dealer "%s"]
[Vulnerable "%s"]
[Deal "%s:%s"]
[Scoring "IMP"]
[Declarer "%s"]
[Contract "%s"]
[Result "8"]
[Auction "%s"]
%s

`, i, seat, vul, seat, deals[i%len(deals)], seat, "2H", seat, calls)
}

// followUp returns the second table's game of board i in the rpbridge.net
// layout: no Board and no Deal, which it takes from the game before.
func followUp(i int) string {
	seat := auction.BoardDealer(i).String()
	return fmt.Sprintf(`[Event "Bench Cup"]
[Room "Closed"]
[Declarer "%s"]
[Contract "1H"]
[Result "7"]
[Auction "%s"]
1H Pass Pass Pass

`, seat, seat)
}

// pbnFile returns n boards, each followed by a follow-up game when
// follow is set.
func pbnFile(n int, follow bool) string {
	var b strings.Builder
	b.WriteString("% PBN 2.1\n%Creator: bench\n")
	for i := 1; i <= n; i++ {
		b.WriteString(game(i))
		if follow {
			b.WriteString(followUp(i))
		}
	}
	return b.String()
}

// audit runs corpus.Audit over paths with opts and returns every finding
// as text, in order, and the report.
func audit(t testing.TB, paths []string, stdin io.Reader, opts corpus.AuditOptions) ([]string, *corpus.Report, []error) {
	t.Helper()
	var out []string
	var errs []error
	report, err := corpus.Audit(context.Background(), corpus.Inputs(paths, stdin, corpus.Options{}), opts, func(p *corpus.Part) {
		for f := range p.All() {
			out = append(out, f.String())
		}
		if p.Err != nil {
			errs = append(errs, p.Err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return out, report, errs
}

func writeFiles(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestProcessFindings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		lin      bool
		want     []string
	}{{
		name: "insufficient bid",
		in:   game(7),
		want: []string{
			"x.pbn:17:10: board 7: error insufficient-bid: call 4 (E): 1S is insufficient after 2H (Law 27)",
		},
	}, {
		name: "unknown tag, once per file",
		in:   strings.Replace(game(1)+game(2), "[Scoring", "[Mood \"calm\"]\n[Scoring", 2),
		want: []string{
			"x.pbn:12:1: board 1: info unknown-tag: tag Mood is not defined by PBN 2.1; kept as written (reported once per file)",
		},
	}, {
		name: "unknown LIN label, once",
		lin:  true,
		in:   strings.Replace(linRecord, "|mb|1H|", "|qq|x|mb|1H|", 1),
		want: []string{
			"x.lin:1:97: board 1: pair 6: info unknown-tag: label qq is not known to LIN readers; kept as written",
			"x.lin:1:114: board 1: pair 9: error insufficient-bid: call 3 (S): 1S is insufficient after 2D (Law 27)",
		},
	}, {
		name: "revoke cites its Laws once",
		in:   strings.TrimSuffix(game(1), "\n") + "[Play \"E\"]\nSQ H7 S4 SA\n*\n\n",
		want: []string{
			"x.pbn:20:4: board 1: error revoke: trick 1 (S): H7 is a revoke: S holds spades and must follow suit (Laws 44C, 61)",
		},
	}, {
		name: "syntax error",
		in:   "[Event \"x\"]\n[Board \"1\n",
		want: []string{
			"x.pbn:2:8: board 1: error unterminated-string: value of [Board] has no closing quote",
		},
	}, {
		name: "not a record",
		in:   "Minutes of the meeting.\n",
		want: []string{"x.pbn: error syntax: not a PBN or LIN file: no tag pair or label|value| pair in it"},
	}, {
		name: "clean",
		in:   game(1),
		want: nil,
	}, {
		name: "windows-1251",
		in:   cp1251(strings.Replace(game(1), `"Bob"`, `"Борис Иванов"`, 1)),
		want: []string{
			"x.pbn: info encoding: read as windows-1251: …", // the evidence is the reader's business
		},
	}, {
		name: "LIN",
		lin:  true,
		in:   linRecord,
		want: []string{"x.lin:1:109: board 1: pair 8: error insufficient-bid: call 3 (S): 1S is insufficient after 2D (Law 27)"},
	}, {
		// The reader's warning about a value ("mb value 1X is not a
		// call") is not repeated beside the converter's error about it.
		name: "LIN value in error, said once",
		lin:  true,
		in:   "pn|a,b,c,d|st||md|3SAKQJT98765432HZ,,,|sv|o|ah|Board 1|mb|1S|mb|1X|mb|p|mb|p|pc|SZ|pg||\n",
		want: []string{
			"x.lin:1:19: board 1: pair 3: error deal-invalid: the deal cannot be read: …",
			"x.lin:1:62: board 1: pair 7: error unreadable-call: call 2: \"1X\" is not a call",
			"x.lin:1:78: board 1: pair 10: error unreadable-card: card 1: \"SZ\" is not a card",
		},
	}, {
		name: "LIN vugraph",
		lin:  true,
		in:   "vg|Cup,Final,I,1,1,A,0,B,0|rs|4HS+1,|pn|a,b,c,d,e,f,g,h|pg||\nqx|o1|" + linRecord[strings.Index(linRecord, "md|"):],
		want: []string{"x.lin:2:94: board 1: pair 7: error insufficient-bid: call 3 (S): 1S is insufficient after 2D (Law 27)"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			name := "x.pbn"
			if tc.lin {
				name = "x.lin"
			}
			p := corpus.Process(name, strings.NewReader(tc.in), corpus.AuditOptions{})
			var got []string
			for f := range p.All() {
				got = append(got, f.String())
			}
			if !slices.EqualFunc(got, tc.want, matches) {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if p.Err != nil || !p.Last {
				t.Errorf("Err %v, Last %v", p.Err, p.Last)
			}
			if n := p.Report.Findings(); n != len(tc.want) {
				t.Errorf("report counts %d findings, want %d", n, len(tc.want))
			}
		})
	}
}

// matches reports whether a finding's text is want, or starts with want
// up to a final "…".
func matches(got, want string) bool {
	if prefix, ok := strings.CutSuffix(want, "…"); ok {
		return strings.HasPrefix(got, prefix)
	}
	return got == want
}

// linRecord is a LIN hand record of board 1, dealt by North, in which
// South's 1S after 2D is insufficient.
const linRecord = "pn|Ann,Bob,Cy,Di|st||md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|sv|o|ah|Board 1|mb|1H|mb|2D|mb|1S|mb|p|mb|p|mb|p|pg||\n"

// cp1251 encodes UTF-8 text in windows-1251.
func cp1251(s string) string {
	out, err := charmap.Windows1251.NewEncoder().String(s)
	if err != nil {
		panic(err)
	}
	return out
}

func TestProcessReport(t *testing.T) {
	t.Parallel()
	p := corpus.Process("x.pbn", strings.NewReader(pbnFile(8, true)), corpus.AuditOptions{Boards: true})
	r := p.Report
	if r.Files != 1 || r.Games != 16 || r.Formats["pbn"] != 1 || r.Encodings["US-ASCII"] != 1 || r.Generators["bench"] != 1 {
		t.Errorf("report %+v", r)
	}
	if n := r.Contracts[1][2]; n != 8 { // board 7's 1S is void: 2H too
		t.Errorf("%d contracts of 2H, want 8", n)
	}
	if n := r.Contracts[0][2]; n != 8 {
		t.Errorf("%d contracts of 1H, want 8", n)
	}
	if len(p.Boards) != 16 || p.Boards[1].Board == nil || p.Boards[1].Number != 1 || p.Boards[1].Game != 2 {
		t.Fatalf("boards: %d, second %+v", len(p.Boards), p.Boards[1])
	}
	if got := p.Boards[1].Board.Deal; got != p.Boards[0].Board.Deal {
		t.Errorf("the follow-up game has deal %v, want the first game's", got)
	}
}

// inheritFile returns n boards whose tags take values from the games
// before them (PBN §9.3): every fifth writes its Board as "#", so takes the
// board number before it, which the dealer then contradicts; the Event is
// declared "##", taken with "#", written plainly or left to inheritance;
// two tags PBN does not define first appear halfway.
func inheritFile(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		g := game(i)
		if i%5 == 3 {
			g = strings.Replace(g, fmt.Sprintf("[Board %q]", fmt.Sprint(i)), `[Board "#"]`, 1)
		}
		event := ""
		switch i % 40 {
		case 1:
			event = fmt.Sprintf(`[Event "##Cup, part %d"]`, i/40+1)
		case 17:
			event = `[Event "#"]`
		case 29:
			event = fmt.Sprintf(`[Event "Friendly %d"]`, i)
		}
		if i == n/2 || i == n/2+11 {
			event += "\n[Kibitzer \"Eve\"]\n[Lounge \"bar\"]"
		}
		b.WriteString(strings.Replace(g, `[Event "Bench Cup"]`, event, 1))
	}
	return b.String()
}

// TestAuditLargeInput reads files larger than WholeLimit in batches and
// checks that the findings and the report are those of reading them whole:
// PBN with follow-up games and with inherited tags, LIN with vugraph
// headers and commentary between boards, at the batch boundaries too.
func TestAuditLargeInput(t *testing.T) {
	t.Parallel()
	for name, text := range map[string]string{
		"big.pbn":     pbnFile(1500, true), // about 1 MB: several batches
		"inherit.pbn": inheritFile(2000),
		"big.lin":     linFile(3000),
	} {
		t.Run(name, func(t *testing.T) {
			dir := writeFiles(t, map[string]string{name: text})
			path := filepath.Join(dir, name)
			whole, wr, _ := audit(t, []string{path}, nil, corpus.AuditOptions{AllFindings: true})
			switch {
			case wr.Games < 2000 || wr.Codes["insufficient-bid"] == 0:
				t.Fatalf("games %d, findings %v", wr.Games, wr.Codes)
			case name == "big.lin" && wr.Codes["declarer-mismatch"] < 2000,
				name == "inherit.pbn" && (wr.Codes["board-dealer"] != 400 || wr.Codes["unknown-tag"] != 2):
				t.Fatalf("findings %v", wr.Codes)
			}
			for _, jobs := range []int{1, 4} {
				for _, batch := range []int{0, 1500} {
					// Boards used again for later parts (Reuse) change nothing either.
					for _, reuse := range []bool{false, true} {
						opts := corpus.AuditOptions{AllFindings: true, WholeLimit: 1 << 10, RunOptions: corpus.RunOptions{Jobs: jobs}, Reuse: reuse}
						got, gr, _ := audit(t, []string{path}, nil, corpus.WithBatchBytes(opts, batch))
						if !slices.Equal(got, whole) {
							t.Errorf("jobs %d, batches of %d, reuse %v: %d findings in batches, %d whole", jobs, batch, reuse, len(got), len(whole))
						}
						if fmt.Sprint(gr) != fmt.Sprint(wr) {
							t.Errorf("jobs %d, batches of %d, reuse %v: report in batches\n%+v\nwhole\n%+v", jobs, batch, reuse, gr, wr)
						}
					}
				}
			}
			// The boards, which the writers take, are the same too.
			kept := corpus.AuditOptions{Boards: true, SkipDuplicates: true}
			want := auditBoards(t, path, kept)
			kept.WholeLimit, kept.Jobs = 1<<10, 4
			if got := auditBoards(t, path, corpus.WithBatchBytes(kept, 1500)); !reflect.DeepEqual(got, want) {
				t.Errorf("%d boards in batches differ from the %d boards read whole", len(got), len(want))
			}
			// From standard input, whose size is not known, the same.
			got, _, _ := audit(t, []string{"-"}, strings.NewReader(text), corpus.AuditOptions{AllFindings: true})
			for i := range got {
				got[i] = strings.ReplaceAll(got[i], "<stdin>", path)
			}
			if !slices.Equal(got, whole) {
				t.Errorf("stdin: %d findings, %d from the file", len(got), len(whole))
			}
		})
	}
}

// auditBoards audits the file at path with opts, which keep the boards,
// and returns them, and the trailer last when there is one.
func auditBoards(t *testing.T, path string, opts corpus.AuditOptions) []*record.Board {
	t.Helper()
	var parts []*corpus.Part
	_, err := corpus.Audit(context.Background(), corpus.Inputs([]string{path}, nil, corpus.Options{}), opts, func(p *corpus.Part) {
		parts = append(parts, p)
	})
	if err != nil {
		t.Fatal(err)
	}
	return partBoards(parts...)
}

// partBoards returns the boards the parts keep, and the trailer last when
// there is one.
func partBoards(parts ...*corpus.Part) []*record.Board {
	var boards []*record.Board
	for _, p := range parts {
		for _, b := range p.Boards {
			boards = append(boards, b.Board)
		}
		if p.Trailer != nil {
			boards = append(boards, p.Trailer)
		}
	}
	return boards
}

// linFile returns a vugraph file of n boards in segments of 16, each under
// its header, with commentary between the boards; every seventh board has
// an insufficient bid, and the others a declarer that disagrees with the
// header's, which only a board read under its header shows.
func linFile(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if i%16 == 1 {
			// rs gives South as every declarer: North declares.
			fmt.Fprintf(&b, "vg|Cup,Segment %d,I,%d,%d,Aces,0,Kings,0|\nrs|%s|\npn|a,b,c,d,e,f,g,h|pg||\n",
				i/16+1, i, i+15, strings.Repeat("2HS=,,", 15)+"2HS=,")
		}
		calls := "mb|1H|mb|2D|mb|2H|mb|p|mb|p|mb|p|"
		if i%7 == 0 {
			calls = "mb|1H|mb|2D|mb|1S|mb|p|mb|p|mb|p|"
		}
		fmt.Fprintf(&b, "qx|o%d|md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|sv|o|%spg||\nnt|board %d was flat|pg||\n", i, calls, i)
	}
	return b.String()
}

func TestAuditDuplicates(t *testing.T) {
	t.Parallel()
	moved := strings.Replace(game(1), `[Board "1"]`, `[Board "9"]`, 1)
	dir := writeFiles(t, map[string]string{
		"a.pbn": game(1),
		"b.pbn": game(1), // the same board again: the other table, no finding
		"c.pbn": strings.Replace(moved, "Bench Cup", "Autumn Cup", 1),
	})
	got, r, _ := audit(t, []string{dir}, nil, corpus.AuditOptions{})
	want := filepath.Join(dir, "c.pbn") + `:11:1: board 9: info duplicate-deal: the same deal was seen at ` +
		filepath.Join(dir, "a.pbn") + ` game 1 (board 1, event "Bench Cup", 2024.01.01)`
	if !slices.Contains(got, want) {
		t.Errorf("no %q in\n%s", want, strings.Join(got, "\n"))
	}
	if r.Codes["duplicate-deal"] != 1 || r.Deals != 1 || r.Boards != 3 || r.Games != 3 {
		t.Errorf("duplicates %d, deals %d, boards %d, games %d; want 1, 1, 3, 3", r.Codes["duplicate-deal"], r.Deals, r.Boards, r.Games)
	}
}

func TestAuditErrors(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"a.pbn": game(1)})
	var parts []*corpus.Part
	r, err := corpus.Audit(context.Background(),
		corpus.Inputs([]string{filepath.Join(dir, "missing.pbn"), filepath.Join(dir, "a.pbn")}, nil, corpus.Options{}),
		corpus.AuditOptions{}, func(p *corpus.Part) { parts = append(parts, p) })
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) != 2 || parts[0].Err == nil || parts[0].Input != nil || parts[1].Err != nil || parts[1].Input == nil {
		t.Fatalf("parts %+v", parts)
	}
	if r.Files != 1 || r.Unreadable != 1 {
		t.Errorf("files %d, unreadable %d", r.Files, r.Unreadable)
	}
}

// TestAuditMemory streams 16 MB and then 64 MB of PBN through Audit from
// standard input and checks that the live heap does not grow with the
// input: the peak over the larger run is at most 16 MiB above that
// of the smaller one. What is live is what is in flight in the pipeline
// plus the duplicate index, whatever the size of the input.
func TestAuditMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 80 MB")
	}
	small, large := auditPeak(t, 16<<20), auditPeak(t, 64<<20)
	t.Logf("live heap at most %.1f MiB over 16 MB, %.1f MiB over 64 MB", mib(small), mib(large))
	if small == 0 || large > small+16<<20 || large > 48<<20 {
		t.Errorf("live heap reached %.1f MiB over 64 MB against %.1f MiB over 16 MB", mib(large), mib(small))
	}
}

// auditPeak audits size bytes of PBN and returns the peak live heap,
// measured after a collection at each eighth of the input: the peak of
// HeapAlloc between collections depends on when the collector happens to
// run, not on what is retained.
func auditPeak(t *testing.T, size int) uint64 {
	unit := pbnFile(700, false)
	src := &repeatReader{unit: unit, n: size / len(unit)}
	want := src.n * 700
	var peak uint64
	var ms runtime.MemStats
	games := 0
	opts := corpus.AuditOptions{RunOptions: corpus.RunOptions{Jobs: 2}}
	_, err := corpus.Audit(context.Background(), corpus.Inputs([]string{"-"}, src, corpus.Options{}), opts,
		func(p *corpus.Part) {
			before := games
			games += p.Report.Games
			if games/(want/8) == before/(want/8) {
				return
			}
			runtime.GC()
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		})
	if err != nil {
		t.Fatal(err)
	}
	if games != want {
		t.Errorf("%d games, want %d", games, want)
	}
	return peak
}

func mib(n uint64) float64 { return float64(n) / (1 << 20) }

// repeatReader yields unit n times.
type repeatReader struct {
	unit string
	n    int
	r    strings.Reader
}

func (r *repeatReader) Read(p []byte) (int, error) {
	for r.r.Len() == 0 {
		if r.n == 0 {
			return 0, io.EOF
		}
		r.n--
		r.r.Reset(r.unit)
	}
	return r.r.Read(p)
}

// benchInput returns a directory holding the files of the real corpus with
// the extension ext (generated PBN when the corpus is absent), copies times
// over: many files of realistic sizes, as an archive holds them.
func benchInput(b *testing.B, ext string, copies int) string {
	var files [][]byte
	filepath.WalkDir(sharedCorpus, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ext) {
			if data, err := os.ReadFile(p); err == nil {
				files = append(files, data)
			}
		}
		return nil
	})
	if len(files) == 0 && ext == ".pbn" {
		files = [][]byte{[]byte(pbnFile(2000, true))}
	}
	if len(files) == 0 {
		b.Skip("no " + ext + " input")
	}
	dir := b.TempDir()
	for c := range copies {
		for i, data := range files {
			name := filepath.Join(dir, fmt.Sprintf("%02d-%04d%s", c, i, ext))
			if err := os.WriteFile(name, data, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	return dir
}

// BenchmarkAuditPBN measures the whole audit, read, replay and check,
// over the real corpus's PBN files (15 MB), with one and two jobs. The
// command line runs with GOGC=400 and GOMEMLIMIT=48MiB; set them to
// measure the library as it runs there.
func BenchmarkAuditPBN(b *testing.B) { benchAudit(b, benchInput(b, ".pbn", 1)) }

// BenchmarkAuditLIN does the same over the real corpus's LIN files, copied
// 20 times over (2 MB in about 1,600 files): an archive of small files,
// where what each file costs counts as much as its bytes. Like
// BenchmarkAuditLargePBN it reports cpu-MB/s.
func BenchmarkAuditLIN(b *testing.B) { benchAudit(b, benchInput(b, ".lin", 20)) }

func benchAudit(b *testing.B, dir string) {
	var total int64
	for in, err := range corpus.Inputs([]string{dir}, nil, corpus.Options{}) {
		if err != nil {
			b.Fatal(err)
		}
		total += in.Size
	}
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			b.SetBytes(total)
			b.ReportAllocs()
			games := 0
			start := cputime.Used()
			for b.Loop() {
				r, err := corpus.Audit(context.Background(), corpus.Inputs([]string{dir}, nil, corpus.Options{}),
					corpus.AuditOptions{RunOptions: corpus.RunOptions{Jobs: jobs}}, func(*corpus.Part) {})
				if err != nil || r.Bytes != total {
					b.Fatalf("read %d of %d bytes: %v", r.Bytes, total, err)
				}
				games = r.Games
			}
			cputime.Report(b, total, start)
			b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "boards/s")
		})
	}
}

// sharedCorpus is the real-world corpus beside the repository.
const sharedCorpus = "../../shared/corpus"

// TestAuditGigabyteLine streams a PBN and a LIN input holding a line of
// 1 GB between two good boards through Audit, from standard input: the
// line is one syntax error that says so, the boards around it are read,
// and the heap stays far below the line's size.
func TestAuditGigabyteLine(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 2 GB")
	}
	mb := strings.Repeat("x", 1<<20)
	for _, tc := range []struct {
		name, before, after string
		games               int // the PBN game cut short is one
		msg                 string
	}{
		{"pbn", game(1) + "\n[Event \"", "\"]\n\n" + game(2), 3, "game larger than 4 MiB: its last 1073741835 bytes were skipped"},
		{"lin", linRecord + "nt|", "|\n" + strings.Replace(linRecord, "Board 1", "Board 2", 1), 2,
			"the text starting here runs past the 16 MiB limit of a record; it is skipped up to the next line break"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := io.MultiReader(strings.NewReader(tc.before), &repeatReader{unit: mb, n: 1 << 10}, strings.NewReader(tc.after))
			var peak uint64
			var ms runtime.MemStats
			var syntax []string
			r, err := corpus.Audit(context.Background(), corpus.Inputs([]string{"-"}, in, corpus.Options{}), corpus.AuditOptions{},
				func(p *corpus.Part) {
					for f := range p.All() {
						if f.Code.IsSyntax() {
							syntax = append(syntax, f.Message)
						}
					}
					runtime.ReadMemStats(&ms)
					peak = max(peak, ms.HeapAlloc)
				})
			if err != nil {
				t.Fatal(err)
			}
			if r.Games != tc.games || r.Unreadable != 0 || len(syntax) != 1 || syntax[0] != tc.msg {
				t.Errorf("games %d, unreadable %d, syntax errors %q; want %d games and %q", r.Games, r.Unreadable, syntax, tc.games, tc.msg)
			}
			if peak > 256<<20 {
				t.Errorf("the heap reached %.0f MiB", mib(peak))
			}
		})
	}
}

// TestAuditRepeatedCodes checks that a file with a board-dealer and a
// board-vulnerability finding on most boards (and a duplicate deal on
// four) lists the first RepeatLimit of each code and then one finding that
// counts the rest and names their boards, that the count starts again
// with the next file, that the report counts every finding, and that
// AllFindings lists every one.
func TestAuditRepeatedCodes(t *testing.T) {
	t.Parallel()
	generated := func(boards ...int) string {
		var b strings.Builder
		for _, i := range boards {
			fmt.Fprintf(&b, "[Event \"Generated\"]\n[Board \"%d\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:%s\"]\n[Auction \"N\"]\nPass Pass Pass Pass\n\n",
				i, deals[i%len(deals)])
		}
		return b.String()
	}
	// Boards 2, 3, 4, 6, 7 and 8 are not dealt by North; 2 to 7 are not
	// all non-vulnerable.
	dir := writeFiles(t, map[string]string{"a.pbn": generated(1, 2, 3, 4, 5, 6, 7, 8), "b.pbn": generated(2, 3)})
	count := func(lines []string, file, code string) int {
		n := 0
		for _, l := range lines {
			if strings.HasPrefix(l, filepath.Join(dir, file)+":") && strings.Contains(l, " "+code+": ") {
				n++
			}
		}
		return n
	}
	got, r, _ := audit(t, []string{dir}, nil, corpus.AuditOptions{})
	for _, code := range []string{"board-dealer", "board-vulnerability"} {
		if n := count(got, "a.pbn", code); n != corpus.RepeatLimit+1 {
			t.Errorf("a.pbn: %d %s lines, want %d:\n%s", n, code, corpus.RepeatLimit+1, strings.Join(got, "\n"))
		}
		if n := count(got, "b.pbn", code); n != 2 {
			t.Errorf("b.pbn: %d %s lines, want 2:\n%s", n, code, strings.Join(got, "\n"))
		}
		if r.Codes[code] != 8 {
			t.Errorf("the report counts %d %s, want 8", r.Codes[code], code)
		}
	}
	for _, want := range []string{
		filepath.Join(dir, "a.pbn") + ": warning board-dealer: 3 more findings of this code in this file, on boards 6 to 8; only the first 3 are listed (--all lists every one)",
		filepath.Join(dir, "a.pbn") + ": info duplicate-deal: 1 more finding of this code in this file, on board 8; only the first 3 are listed (--all lists every one)",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, strings.Join(got, "\n"))
		}
	}
	all, _, _ := audit(t, []string{dir}, nil, corpus.AuditOptions{AllFindings: true})
	for _, code := range []string{"board-dealer", "board-vulnerability"} {
		if n := count(all, "a.pbn", code); n != 6 {
			t.Errorf("with AllFindings, a.pbn: %d %s lines, want 6", n, code)
		}
	}
}

// FuzzAuditBatches reads arbitrary bytes from standard input, whose size is
// unknown, so that Audit cuts them into batches (of a few hundred bytes
// here) for three workers; the findings, the report and the boards must be
// those of reading the same bytes whole with Process.
func FuzzAuditBatches(f *testing.F) {
	for _, seed := range []string{pbnFile(4, true), inheritFile(12), linFile(20), "[Event \"E\"]\n[Board \"1\"]\n", "pn|a,b,c,d|st||md|3SAK|"} {
		f.Add([]byte(seed))
	}
	// A traveller line with its table's LIN (RealBridge), and an event
	// of two sections.
	f.Add([]byte(`<USEBIO Version="1.2"><EVENT><BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD><SECTION_COUNT>2</SECTION_COUNT><SESSION><SECTION><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>` +
		`<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>1N</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>S2</LEAD><TRICKS>7</TRICKS><SCORE>90</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS>` +
		`<LIN_DATA>pn|A%2CB%2CC%2CD|md|3SAKQHAKQDAK2C5432%2CS5432H5432D543CA%2CSJT9HJT9DQJT9CKQJ%2C|sv|o|mb|1N|mb|p|mb|p|mb|p|pc|S2|pc|SJ|mc|7|</LIN_DATA></TRAVELLER_LINE>` +
		`</BOARD></SECTION></SESSION></EVENT></USEBIO>`))
	for _, name := range []string{"../parser/usebio/testdata/mitchell.xml", "../parser/usebio/testdata/swiss-teams.xml", "testdata/bbo/traveller-wrong.html"} {
		if seed, err := os.ReadFile(name); err == nil {
			f.Add(seed)
		}
	}
	opts := corpus.AuditOptions{AllFindings: true, SkipDuplicates: true, Boards: true}
	batched := corpus.WithBatchBytes(opts, 300)
	batched.Jobs = 3
	f.Fuzz(func(t *testing.T, data []byte) {
		// The content Audit will see: data itself, or what a gzip
		// stream holds.
		var content []byte
		n := 0
		for in, err := range corpus.Inputs([]string{"-"}, bytes.NewReader(data), corpus.Options{}) {
			n++
			if err != nil || in.Archive != "" {
				t.Skip("standard input is an archive")
			}
			if rc, err := in.Open(); err == nil {
				content, err = io.ReadAll(rc)
				rc.Close()
				if err != nil {
					t.Skip("standard input is not readable:", err)
				}
			}
		}
		if n != 1 {
			t.Skip("standard input is not one input")
		}
		whole := corpus.Process("<stdin>", bytes.NewReader(content), opts)
		var want []string
		for f := range whole.All() {
			want = append(want, f.String())
		}
		var got []string
		var parts []*corpus.Part
		inputs := corpus.Inputs([]string{"-"}, bytes.NewReader(data), corpus.Options{})
		report, err := corpus.Audit(context.Background(), inputs, batched, func(p *corpus.Part) {
			parts = append(parts, p)
			for f := range p.All() {
				got = append(got, f.String())
			}
		})
		if !reflect.DeepEqual(partBoards(parts...), partBoards(whole)) {
			t.Fatalf("the boards read in %d parts differ from those read whole", len(parts))
		}
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("in %d parts:\n%s\nwhole:\n%s", len(parts), strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		whole.Report.Unreadable = report.Unreadable
		if fmt.Sprint(report) != fmt.Sprint(&whole.Report) {
			t.Fatalf("report in %d parts\n%+v\nwhole\n%+v", len(parts), report, &whole.Report)
		}
		// The boards' memory used again from part to part changes no finding.
		reused := batched
		reused.Boards, reused.Reuse = false, true
		got = got[:0]
		_, err = corpus.Audit(context.Background(), corpus.Inputs([]string{"-"}, bytes.NewReader(data), corpus.Options{}), reused, func(p *corpus.Part) {
			for f := range p.All() {
				got = append(got, f.String())
			}
		})
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("reusing the boards (%v):\n%s\nwhole:\n%s", err, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}

// TestFindingsCapped: a board's findings past the first hundred are one
// finding that counts them, its syntax errors all kept; and no message
// quotes more than a couple of hundred bytes of the file.
func TestFindingsCapped(t *testing.T) {
	t.Parallel()
	calls := strings.Repeat("1C ", 3000)
	src := "[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n" + calls + "\n\n" +
		"[Board \"2\"]\n[Deal \"N:" + strings.Repeat("A", 700_000) + "\"]\n"
	p := corpus.Process("capped.pbn", strings.NewReader(src), corpus.AuditOptions{})
	var codes []string
	for f := range p.All() {
		codes = append(codes, string(f.Code))
		if len(f.Message) > 400 {
			t.Errorf("%s: a message of %d bytes: %.80s…", f.Code, len(f.Message), f.Message)
		}
	}
	board1 := p.Boards[0].Findings
	if len(board1) > 105 {
		t.Errorf("board 1 lists %d findings", len(board1))
	}
	var more, syntax bool
	for _, f := range board1 {
		more = more || f.Code == diag.MoreFindings && f.Severity == diag.Error && strings.HasPrefix(f.Message, "19")
		syntax = syntax || f.Code.IsSyntax() && strings.Contains(f.Message, "more than 2048 calls")
	}
	if !more || !syntax {
		t.Errorf("board 1: a count of the rest %v, the syntax error %v; codes %q", more, syntax, codes)
	}
}

// TestCallAfterTheEnd: a call entered after the auction ended (Law 39)
// is reported, and the contract, declarer, play and result of the
// auction that ended stand, in PBN and in LIN alike.
func TestCallAfterTheEnd(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, text string }{
		{"after.pbn", `[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Declarer "N"]
[Contract "1S"]
[Result "7"]
[Auction "N"]
1S Pass Pass Pass
Pass
[Play "E"]
H7 H2 HA H8
*
`},
		{"after.lin", "pn|s,w,n,e|md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|sv|o|ah|Board 1|mb|1S|mb|p|mb|p|mb|p|mb|p|pg||pc|H7|pc|H2|pc|HA|pc|H8|pg||mc|7|pg||\n"},
	} {
		p := corpus.Process(tc.name, strings.NewReader(tc.text), corpus.AuditOptions{Boards: true})
		if len(p.Boards) != 1 {
			t.Fatalf("%s: %d boards", tc.name, len(p.Boards))
		}
		b := p.Boards[0]
		fin := b.Board.Final()
		if !fin.ContractKnown || fin.Contract.Describe() != "1S by N" || !fin.TricksKnown || fin.Tricks != 7 {
			t.Errorf("%s: final %+v, want 1S by N making 7", tc.name, fin)
		}
		if b.Board.Replayed.Played != 1 {
			t.Errorf("%s: %d tricks replayed, want 1", tc.name, b.Board.Replayed.Played)
		}
		var codes []string
		for _, f := range b.Findings {
			codes = append(codes, string(f.Code))
		}
		if !slices.Equal(codes, []string{"call-after-auction"}) {
			t.Errorf("%s: findings %q, want only call-after-auction", tc.name, codes)
		}
	}
}

// TestBoardLabelInFindings: findings name a board by its label, and
// JSON gives it beside the number.
func TestBoardLabelInFindings(t *testing.T) {
	t.Parallel()
	p := corpus.Process("l.pbn", strings.NewReader("[Board \"3-2\"]\n[Dealer \"S\"]\n[Auction \"S\"]\n1C 1C\n"), corpus.AuditOptions{})
	var text, js []string
	for f := range p.All() {
		text = append(text, f.String())
		js = append(js, string(f.AppendJSON(nil)))
	}
	if len(text) == 0 || !strings.HasPrefix(text[0], "l.pbn:4:4: board 3-2: error insufficient-bid") ||
		!strings.Contains(js[0], `"board":3,"label":"3-2"`) {
		t.Errorf("findings %q\n%q", text, js)
	}
}

// TestProcessSniffedLIN reads LIN found by content alone, whatever the
// name: Pavlicek-style LIN behind % lines, a handviewer link and a lin=
// string each give their board, with no syntax error.
func TestProcessSniffedLIN(t *testing.T) {
	t.Parallel()
	const deal = "md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|sv|o|ah|Board 1|"
	for _, tc := range []struct{ name, text string }{
		{"rp.txt", "% LIN 12345\n% www.rpbridge.net Richard Pavlicek\npn|Sue,Wes,Nat,Ed|" + deal + "pf|y|mb|1SP2SPPP|\n"},
		{"link.txt", "https://www.bridgebase.com/tools/handviewer.html?lin=pn|Sue,Wes,Nat,Ed|" + deal + "mb|p|mb|p|mb|p|mb|p|\n"},
		{"-", "lin=" + strings.ReplaceAll("pn|Sue,Wes,Nat,Ed|"+deal+"mb|p|mb|p|mb|p|mb|p|", "|", "%7C")},
	} {
		p := corpus.Process(tc.name, strings.NewReader(tc.text), corpus.AuditOptions{})
		if p.Err != nil || len(p.Boards) != 1 {
			t.Errorf("%s: %d boards, error %v; want 1 board", tc.name, len(p.Boards), p.Err)
		}
		for f := range p.All() {
			if f.Code == diag.Syntax {
				t.Errorf("%s: %v", tc.name, f)
			}
		}
	}
}

// TestAuditLargeUSEBIO reads a USEBIO file of many sections, each a field
// of its own with the same pair numbers, in batches and whole: the same
// findings and report, one changed score in every tenth section found,
// and no section's totals mixed with another's.
func TestAuditLargeUSEBIO(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../parser/usebio/testdata/mitchell.xml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	head, sec := s[:strings.Index(s, "    <SESSION")], s[strings.Index(s, "      <SECTION"):strings.Index(s, "      </SECTION>")+len("      </SECTION>\n")]
	var b strings.Builder
	b.WriteString(head + "    <SESSION SESSION_ID=\"1\">\n")
	const sections = 400
	for i := range sections {
		x := strings.Replace(sec, `SECTION_ID="A"`, fmt.Sprintf(`SECTION_ID="S%d"`, i), 1)
		if i%10 == 0 {
			x = strings.Replace(x, "<SCORE>420</SCORE>", "<SCORE>450</SCORE>", 1)
		}
		b.WriteString(x)
	}
	b.WriteString("    </SESSION>\n  </EVENT>\n</USEBIO>\n")
	dir := writeFiles(t, map[string]string{"big.xml": b.String()})
	path := filepath.Join(dir, "big.xml")
	whole, wr, _ := audit(t, []string{path}, nil, corpus.AuditOptions{AllFindings: true})
	if wr.Games != 2*sections || wr.Codes["scoretable-score"] != sections/10 || len(wr.Codes) != 1 {
		t.Fatalf("games %d, findings %v", wr.Games, wr.Codes)
	}
	for _, jobs := range []int{1, 4} {
		opts := corpus.AuditOptions{AllFindings: true, WholeLimit: 1 << 10, RunOptions: corpus.RunOptions{Jobs: jobs}}
		got, gr, _ := audit(t, []string{path}, nil, corpus.WithBatchBytes(opts, 1500))
		if !slices.Equal(got, whole) {
			t.Errorf("jobs %d: %d findings in batches, %d whole", jobs, len(got), len(whole))
		}
		if fmt.Sprint(gr) != fmt.Sprint(wr) {
			t.Errorf("jobs %d: report in batches\n%+v\nwhole\n%+v", jobs, gr, wr)
		}
	}
}

// TestGenerators: the program that wrote a file, as each format names it.
func TestGenerators(t *testing.T) {
	t.Parallel()
	game := "[Event \"E\"]\n[Board \"1\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n"
	for _, tc := range []struct{ name, text, want string }{
		{"creator.pbn", "%Creator: xin2pbn.py\n" + game, "xin2pbn.py"},
		{"meta.pbn", "% PBN 2.0\n% <META  name=Generator    content=\"Ruter i Norge\">\n% <META  name=Version   content=\"4.14.2\">\n" + game, "Ruter i Norge 4.14.2"},
		{"tag.pbn", "[Generator \"Big Deal version 1.2\"]\n" + game, "Big Deal version 1.2"},
		{"quoted.pbn", "% <META name=\"Generator\" content=\"Magic Contest\">\n" + game, "Magic Contest"},
		// Lower case is longer than these letters: the value is found in
		// the line as written.
		{"folding.pbn", "% <META name=Generator ȺȺȺ content=\n" + game, ""},
		{"event.xml", `<?xml version="1.0"?><USEBIO Version="1.1"><EVENT EVENT_TYPE="MP_PAIRS"><PROGRAM_NAME>ScoreBridge</PROGRAM_NAME><PROGRAM_VERSION>10.25.02</PROGRAM_VERSION><BOARD><BOARD_NUMBER>1</BOARD_NUMBER></BOARD></EVENT></USEBIO>`, "ScoreBridge 10.25.02"},
	} {
		p := corpus.Process(tc.name, strings.NewReader(tc.text), corpus.AuditOptions{})
		if tc.want == "" && len(p.Report.Generators) > 0 || tc.want != "" && p.Report.Generators[tc.want] != 1 {
			t.Errorf("%s: generators %v, want %q", tc.name, p.Report.Generators, tc.want)
		}
	}
}
