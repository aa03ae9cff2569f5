package fix

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/record"
)

var update = flag.Bool("update", false, "write the golden files")

// encodingOf returns the encoding the readers find in src.
func encodingOf(t *testing.T, name string, src []byte) string {
	t.Helper()
	p := corpus.Process(name, bytes.NewReader(src), corpus.AuditOptions{SkipDuplicates: true})
	for enc := range p.Report.Encodings {
		return enc
	}
	return "UTF-8"
}

// fixFile plans and applies the fixes of one file's text.
func fixFile(t *testing.T, name string, src []byte) ([]byte, []Edit) {
	t.Helper()
	out, edits, err := fixText(t, name, src)
	if err != nil {
		t.Fatal(err)
	}
	return out, edits
}

// planText plans the fixes of one file's text; every edit is one apply
// would make.
func planText(t *testing.T, name string, src []byte) []Edit {
	t.Helper()
	p := corpus.Process(name, bytes.NewReader(src), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
	if p.Err != nil {
		t.Fatal(p.Err)
	}
	edits := Plan(p, nil)
	for _, e := range edits {
		if err := Check(e); err != nil {
			t.Errorf("a planned edit that apply would refuse: %v", err)
		}
	}
	return edits
}

// fixText is fixFile with Apply's error.
func fixText(t *testing.T, name string, src []byte) ([]byte, []Edit, error) {
	t.Helper()
	edits := planText(t, name, src)
	var out bytes.Buffer
	err := Apply(&out, bytes.NewReader(src), encodingOf(t, name, src), edits)
	return out.Bytes(), edits, err
}

// TestFixGolden fixes each file of testdata as the command does (Source)
// and compares the text with its .golden file, byte for byte, and the
// edits made and the boards left alone with its .edits file; fixing the
// result changes nothing.
func TestFixGolden(t *testing.T) {
	files := append(testinput.Glob(t, "testdata/*.pbn"), testinput.Glob(t, "testdata/*.lin")...)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			fx, err := Source(filepath.Base(file), src, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := fx.Text
			var log strings.Builder
			for _, e := range fx.Edits {
				log.WriteString(string(e.Kind) + " " + e.Span.Pos.String() + " " + e.Old + " → " + e.New + ": " + e.Reason + "\n")
			}
			for _, e := range fx.Left {
				log.WriteString("left " + string(e.Kind) + " " + e.Span.Pos.String() + ": " + e.Reason + "\n")
			}
			golden := file + ".golden"
			if *update {
				os.WriteFile(golden, got, 0o644)
				os.WriteFile(file+".edits", []byte(log.String()), 0o644)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("differs from %s:\n%s", golden, got)
			}
			wantLog, _ := os.ReadFile(file + ".edits")
			if log.String() != string(wantLog) {
				t.Errorf("edits differ from %s.edits:\n%s", file, log.String())
			}
			if again, edits := fixFile(t, filepath.Base(file), got); len(edits) > 0 || !bytes.Equal(again, got) {
				t.Errorf("fixing the fixed text changes it again: %v", edits)
			}
		})
	}
}

// TestFixCorpus fixes every corpus file that has something to fix: the
// bytes outside the edits are the file's own, fixing again changes
// nothing, and the audit of the fixed text no longer reports the fixed
// codes on those boards.
func TestFixCorpus(t *testing.T) {
	dir := testinput.NeedCorpus(t)
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if ext := strings.ToLower(filepath.Ext(p)); err == nil && !d.IsDir() && (ext == ".pbn" || ext == ".lin") {
			files = append(files, p)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus PBN or LIN files (%v)", err)
	}
	fixed, total := 0, 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		got, edits := fixFile(t, file, src)
		if len(edits) == 0 {
			if !bytes.Equal(got, src) {
				t.Errorf("%s: no edits, yet the text changed", file)
			}
			continue
		}
		fixed++
		total += len(edits)
		var patch, patched bytes.Buffer
		if err := WritePatch(&patch, edits); err != nil {
			t.Fatal(err)
		}
		back, err := ReadPatch(&patch, "p")
		if err != nil {
			t.Fatal(err)
		}
		if r, err := Patch(&patched, bytes.NewReader(src), encodingOf(t, file, src), back); err != nil || r.Applied != len(edits) || !bytes.Equal(patched.Bytes(), got) {
			t.Errorf("%s: applying the patch is not the fix: %d of %d made (%v)", file, r.Applied, len(edits), err)
		}
		again, more := fixFile(t, file, got)
		if len(more) > 0 || !bytes.Equal(again, got) {
			t.Errorf("%s: fixing twice gives %d more edits, first %+v", file, len(more), more[0])
		}
		if d := len(got) - len(src); d != growth(edits) {
			t.Errorf("%s: the text grew by %d bytes, the edits by %d", file, d, growth(edits))
		}
		answered := map[int]map[diag.Code]bool{}
		for _, e := range edits {
			if answered[e.Game] == nil {
				answered[e.Game] = map[diag.Code]bool{}
			}
			answered[e.Game][codeOf[e.Kind]] = true
			if e.Kind == RS {
				for _, c := range RS.answers() {
					answered[e.Game][c] = true
				}
			}
		}
		p := corpus.Process(file, bytes.NewReader(got), corpus.AuditOptions{AllFindings: true, SkipDuplicates: true})
		for f := range p.All() {
			if answered[f.Game][f.Code] {
				t.Errorf("%s: still, after the fix: %s", file, f)
			}
		}
	}
	t.Logf("%d edits in %d of %d files", total, fixed, len(files))
}

var codeOf = map[Kind]diag.Code{Contract: diag.ContractMismatch, Declarer: diag.DeclarerMismatch, Result: diag.ResultMismatch, LeadingPasses: diag.DeclarerMismatch, Score: diag.ScoreMismatch, AfterEnd: diag.CallAfterAuction, Rotation: diag.PlayRotated}

func growth(edits []Edit) int {
	n := 0
	for _, e := range edits {
		n += len(e.New) - len(e.Old)
	}
	return n
}

// TestFixKeepsEncoding fixes a windows-1251 file: the fix is the same as
// in UTF-8, and every other byte, Russian text included, stays as it was.
func TestFixKeepsEncoding(t *testing.T) {
	src, err := os.ReadFile("testdata/mismatch.pbn")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), `[Event "Club"]`, `[Event "Кубок Москвы, первый тур"]`, 1)
	cp, err := charmap.Windows1251.NewEncoder().String(text)
	if err != nil {
		t.Fatal(err)
	}
	got, edits := fixFile(t, "ru.pbn", []byte(cp))
	if len(edits) != 3 {
		t.Fatalf("%d edits, want 3", len(edits))
	}
	want, _ := fixFile(t, "ru.pbn", []byte(text))
	if enc, err := charmap.Windows1251.NewEncoder().Bytes(want); err != nil || !bytes.Equal(got, enc) {
		t.Errorf("the windows-1251 fix is not the UTF-8 fix in windows-1251 (%v):\n%s", err, got)
	}
}

// TestPatchRoundTrip: a patch reads back as the edits it was written
// from, and applying it twice changes nothing the second time.
func TestPatchRoundTrip(t *testing.T) {
	src, err := os.ReadFile("testdata/mismatch.pbn")
	if err != nil {
		t.Fatal(err)
	}
	fixed, edits := fixFile(t, "mismatch.pbn", src)
	var patch bytes.Buffer
	if err := WritePatch(&patch, edits); err != nil {
		t.Fatal(err)
	}
	back, err := ReadPatch(bytes.NewReader(patch.Bytes()), "p")
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(edits) {
		t.Fatalf("%d edits back, want %d:\n%s", len(back), len(edits), patch.String())
	}
	for i := range back {
		if back[i] != edits[i] {
			t.Errorf("edit %d: read back %+v\nwant %+v", i, back[i], edits[i])
		}
	}
	var once, twice bytes.Buffer
	r1, err := Patch(&once, bytes.NewReader(src), "US-ASCII", back)
	if err != nil || r1.Applied != len(edits) || !bytes.Equal(once.Bytes(), fixed) {
		t.Fatalf("first application: %+v, %v", r1, err)
	}
	r2, err := Patch(&twice, bytes.NewReader(once.Bytes()), "US-ASCII", back)
	if err != nil || r2.Done != len(edits) || r2.Applied+len(r2.Stale) > 0 || !bytes.Equal(twice.Bytes(), fixed) {
		t.Fatalf("second application: %+v, %v", r2, err)
	}
	stale := strings.Replace(string(src), `[Contract "4H"]`, `[Contract "5H"]`, 1)
	var out bytes.Buffer
	r3, err := Patch(&out, strings.NewReader(stale), "US-ASCII", back)
	if err != nil || len(r3.Stale) != 1 || r3.Stale[0].Kind != Contract || r3.Applied != 2 {
		t.Fatalf("a changed contract: %+v, %v", r3, err)
	}
	if !strings.Contains(out.String(), `[Contract "5H"]`) {
		t.Errorf("the stale hunk changed the text:\n%s", out.String())
	}
}

// TestFixBesideSyntaxError: a file with text the reader cannot read is
// still fixed in its readable boards, and the unreadable text stays byte
// for byte.
func TestFixBesideSyntaxError(t *testing.T) {
	src, err := os.ReadFile("testdata/mismatch.pbn")
	if err != nil {
		t.Fatal(err)
	}
	broken := "\n[Event \"Broken\"]\n[Board \"3\"]\n[Deal \"N:AKQ\n{ never closed\n"
	got, edits := fixFile(t, "broken.pbn", append(bytes.Clone(src), broken...))
	if len(edits) != 3 {
		t.Fatalf("%d edits, want 3", len(edits))
	}
	if !bytes.HasSuffix(got, []byte(broken)) {
		t.Errorf("the unreadable text changed:\n%s", got)
	}
}

// FuzzFix: whatever the input, planning and applying the fixes does not
// panic or fail, and the fixed text has nothing more to fix.
func FuzzFix(f *testing.F) {
	addFixSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzPlan(t, data)
		fuzzSource(t, data)
	})
}

// fuzzSource holds Source to what fix promises: a board's edits are made
// only when the fixed text audits no worse, with the findings they answer
// gone, and fixing the fixed text again changes nothing.
func fuzzSource(t *testing.T, data []byte) {
	fx, err := Source("fuzz.pbn", data, nil)
	if err != nil || len(fx.Edits) == 0 {
		return
	}
	p := corpus.Process("fuzz.pbn", bytes.NewReader(data), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
	before := NewTally()
	before.AddPart(p)
	made := make([]MadeEdit, len(fx.Edits))
	for i, e := range fx.Edits {
		made[i] = e.Made()
	}
	failed, err := Prove("fuzz.pbn", func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(fx.Text)), nil }, before, made, nil)
	if err != nil || len(failed) > 0 {
		t.Fatalf("the fixed text does not prove out: %v %v", failed, err)
	}
	again, err := Source("fuzz.pbn", fx.Text, nil)
	if err != nil || len(again.Edits) > 0 || !bytes.Equal(again.Text, fx.Text) {
		t.Fatalf("fixing the fixed text again makes %d edits (%v)", len(again.Edits), err)
	}
}

// addFixSeeds seeds a fuzz target of fix with the test files, also with
// other line ends, a BOM and a byte that is not UTF-8.
func addFixSeeds(f *testing.F) {
	for _, glob := range []string{"testdata/*.pbn", "testdata/*.lin", "../convert/testdata/*.input"} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			if data, err := os.ReadFile(file); err == nil {
				f.Add(data)
				if strings.HasSuffix(file, ".pbn") {
					// The same file with CR-only and CRLF line ends, a BOM,
					// and a byte that is not UTF-8 at its start.
					f.Add(bytes.ReplaceAll(data, []byte("\n"), []byte("\r")))
					f.Add(bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n")))
					f.Add(append([]byte("\xEF\xBB\xBF"), data...))
					f.Add(append([]byte("% Caf\xe9 \xc3\xa9t\xc3\xa9\n"), data...))
				}
			}
		}
	}
}

// fuzzPlan holds Plan and Apply to their promises: every planned edit is
// one Apply takes, and the fixed text plans no more.
func fuzzPlan(t *testing.T, data []byte) {
	p := corpus.Process("fuzz.pbn", bytes.NewReader(data), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
	if p.Err != nil {
		return
	}
	edits := Plan(p, nil)
	enc := "UTF-8"
	for name := range p.Report.Encodings {
		enc = name
	}
	var out bytes.Buffer
	for _, e := range edits {
		if err := Check(e); err != nil {
			t.Fatalf("a planned edit that apply would refuse: %v", err)
		}
	}
	if err := Apply(&out, bytes.NewReader(data), enc, edits); err != nil {
		if errors.Is(err, ErrChanged) || errors.Is(err, ErrUnmapped) || strings.Contains(err.Error(), "fix writes") {
			return // text whose places cannot be mapped back, refused
		}
		t.Fatalf("Apply: %v", err)
	}
	if len(edits) == 0 {
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatal("no edits, yet the text changed")
		}
		return
	}
	q := corpus.Process("fuzz.pbn", bytes.NewReader(out.Bytes()), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
	if more := Plan(q, nil); len(more) > 0 {
		t.Fatalf("the fixed text has %d more fixes: %+v", len(more), more[0])
	}
	if err := sameBoards(p, q, edits); err != "" {
		t.Fatal(err)
	}
}

// sameBoards says how the boards of q, read from p's text with edits
// made, differ from p's beyond the values the edits fix; "" when they do
// not: as many games, the same tags with the same values but those
// edited, the same calls but where calls were put in or taken out, the
// same cards played.
func sameBoards(p, q *corpus.Part, edits []Edit) string {
	if len(p.Boards) != len(q.Boards) {
		return fmt.Sprintf("%d boards, fixed %d", len(p.Boards), len(q.Boards))
	}
	fixed := map[int]map[string]bool{} // game → the tags and sections its edits touch
	for _, e := range edits {
		if fixed[e.Game] == nil {
			fixed[e.Game] = map[string]bool{}
		}
		switch e.Kind {
		case Contract, Declarer, Result, RS, Score, BoardCycle:
			fixed[e.Game]["tags"] = true
		case Rotation:
			fixed[e.Game]["Deal"] = true
		case LeadingPasses, AfterEnd:
			fixed[e.Game]["Auction"] = true
		}
	}
	for i, pb := range p.Boards {
		a, b := pb.Board, q.Boards[i].Board
		if a == nil || b == nil {
			continue
		}
		f := fixed[pb.Game]
		for _, name := range []string{"Event", "Site", "Date", "Board", "Room", "West", "North", "East", "South", "Scoring", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Score"} {
			if f["tags"] || name == "Deal" && f["Deal"] {
				continue
			}
			if x, y := a.Field(name), b.Field(name); x.Value != y.Value {
				return fmt.Sprintf("game %d: %s %q, fixed %q", pb.Game, name, x.Value, y.Value)
			}
		}
		if len(a.Tags) != len(b.Tags) {
			return fmt.Sprintf("game %d: %d other tags, fixed %d", pb.Game, len(a.Tags), len(b.Tags))
		}
		if !f["Auction"] && len(a.Auction.Calls) != len(b.Auction.Calls) {
			return fmt.Sprintf("game %d: %d calls, fixed %d", pb.Game, len(a.Auction.Calls), len(b.Auction.Calls))
		}
		cards := func(b *record.Board) []string {
			var cs []string
			for _, c := range b.Play.Cards {
				cs = append(cs, c.Text)
			}
			slices.Sort(cs)
			return cs
		}
		if x, y := cards(a), cards(b); !slices.Equal(x, y) {
			return fmt.Sprintf("game %d: cards played %v, fixed %v", pb.Game, x, y)
		}
	}
	return ""
}

// TestBoardCycle: board-cycle is made only when asked for, alone.
func TestBoardCycle(t *testing.T) {
	src, err := os.ReadFile("testdata/cycle.pbn")
	if err != nil {
		t.Fatal(err)
	}
	p := corpus.Process("cycle.pbn", bytes.NewReader(src), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
	if edits := Plan(p, nil); len(edits) != 0 {
		t.Errorf("board-cycle made without being asked for: %+v", edits)
	}
	edits := Plan(p, map[Kind]bool{BoardCycle: true})
	var out bytes.Buffer
	if err := Apply(&out, bytes.NewReader(src), "US-ASCII", edits); err != nil {
		t.Fatal(err)
	}
	if want := "[Event \"Club\"]\n[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n"; out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// TestBoardCycleDealFrom: in a file whose deal is written from its
// dealer, as the export format asks, board-cycle writes the deal from the
// new dealer too, every hand at its seat, so that the fix leaves no
// export-form finding; a deal written from another seat is left alone.
func TestBoardCycleDealFrom(t *testing.T) {
	const deal = "N:K7.QJT5.AQT.A854 AT83.742.8653.J3 J62.K963.K94.KT7 Q954.A8.J72.Q962"
	game := "[Board \"2\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n[Deal \"%s\"]\r\n"
	for _, c := range []struct{ deal, want string }{
		{deal, "E:AT83.742.8653.J3 J62.K963.K94.KT7 Q954.A8.J72.Q962 K7.QJT5.AQT.A854"},
		{"S:J62.K963.K94.KT7 Q954.A8.J72.Q962 K7.QJT5.AQT.A854 AT83.742.8653.J3", "S:J62.K963.K94.KT7 Q954.A8.J72.Q962 K7.QJT5.AQT.A854 AT83.742.8653.J3"},
	} {
		src := []byte("% PBN 2.1\r\n% EXPORT\r\n" + fmt.Sprintf(game, c.deal))
		p := corpus.Process("c.pbn", bytes.NewReader(src), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
		var out bytes.Buffer
		if err := Apply(&out, bytes.NewReader(src), "US-ASCII", Plan(p, map[Kind]bool{BoardCycle: true})); err != nil {
			t.Fatal(err)
		}
		want := "% PBN 2.1\r\n% EXPORT\r\n[Board \"2\"]\r\n[Dealer \"E\"]\r\n[Vulnerable \"NS\"]\r\n[Deal \"" + c.want + "\"]\r\n"
		if out.String() != want {
			t.Errorf("got\n%s\nwant\n%s", out.String(), want)
		}
		again := corpus.Process("c.pbn", bytes.NewReader(out.Bytes()), corpus.AuditOptions{AllFindings: true, SkipDuplicates: true})
		for f := range again.All() {
			if f.Code == diag.BoardDealer || f.Code == diag.DealInvalid || c.deal == deal && f.Code == diag.ExportForm {
				t.Errorf("after the fix: %s", f.String())
			}
		}
	}
}

// TestExportForm: export-form writes the values of a file in export
// format that the check flags in their one export form, only when asked
// for: the tag values, and a call's suffix as its NAG.
func TestExportForm(t *testing.T) {
	src, err := os.ReadFile("../certify/testdata/form.pbn")
	if err != nil {
		t.Fatal(err)
	}
	p := corpus.Process("form.pbn", bytes.NewReader(src), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
	for _, e := range Plan(p, nil) {
		if e.Kind == ExportForm {
			t.Errorf("export-form made without being asked for: %+v", e)
		}
	}
	edits := Plan(p, map[Kind]bool{ExportForm: true})
	var got []string
	for _, e := range edits {
		if err := Check(e); err != nil {
			t.Errorf("%v: %v", e, err)
		}
		got = append(got, e.Old+" → "+e.New)
	}
	want := []string{`"15/01/2026" → "2026.01.15"`, `"Love" → "None"`, `"4h" → "4H"`, `! →  $1`, `"02" → "2"`,
		`"N:K7.QJT5.AQT.A854 AT83.742.8653.J3 J62.K963.K94.KT7 Q954.A8.J72.Q962" → "E:AT83.742.8653.J3 J62.K963.K94.KT7 Q954.A8.J72.Q962 K7.QJT5.AQT.A854"`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("edits:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var out bytes.Buffer
	if err := Apply(&out, bytes.NewReader(src), "UTF-8", edits); err != nil {
		t.Fatal(err)
	}
	again := corpus.Process("form.pbn", bytes.NewReader(out.Bytes()), corpus.AuditOptions{AllFindings: true, SkipDuplicates: true})
	var left []string
	for f := range again.All() {
		if f.Code == diag.ExportForm {
			left = append(left, f.Message)
		}
	}
	if len(left) != 0 {
		t.Errorf("export-form findings after the fix: %q", left)
	}
}

// TestExportFormTokens: the calls and cards of a section one of which the
// check flags are all written in their export form; a call with a mark
// written with it is left as it is.
func TestExportFormTokens(t *testing.T) {
	src := []byte("% EXPORT\r\n[Board \"1\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n" +
		"[Deal \"N:K7.QJT5.AQT.A854 AT83.742.8653.J3 J62.K963.K94.KT7 Q954.A8.J72.Q962\"]\r\n" +
		"[Declarer \"N\"]\r\n[Contract \"3NT\"]\r\n[Result \"9\"]\r\n" +
		"[Auction \"N\"]\r\n1N pass 3n pass\r\npass p\r\n[Play \"E\"]\r\nd3 d4 dk da\r\n")
	p := corpus.Process("t.pbn", bytes.NewReader(src), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
	edits := Plan(p, map[Kind]bool{ExportForm: true})
	var got []string
	for _, e := range edits {
		if err := Check(e); err != nil {
			t.Errorf("%+v: %v", e, err)
		}
		got = append(got, e.Old+"→"+e.New)
	}
	if want := "1N→1NT pass→Pass 3n→3NT pass→Pass pass→Pass p→Pass d3→D3 d4→D4 dk→DK da→DA"; strings.Join(got, " ") != want {
		t.Errorf("edits %s\nwant  %s", strings.Join(got, " "), want)
	}
	var out bytes.Buffer
	if err := Apply(&out, bytes.NewReader(src), "US-ASCII", edits); err != nil {
		t.Fatal(err)
	}
	again := corpus.Process("t.pbn", bytes.NewReader(out.Bytes()), corpus.AuditOptions{AllFindings: true, SkipDuplicates: true})
	for f := range again.All() {
		if f.Code == diag.ExportForm {
			t.Errorf("after the fix: %s\n%s", f.String(), out.String())
		}
	}
}

// TestNotOnePass: a board whose fix would set up another fix is left
// alone, saying which edit would follow. Fix is one pass: Plan reads the
// board again with its edits made (alone, or with the games before it when
// it takes values from them) and finds it would fix more; so does Source.
func TestNotOnePass(t *testing.T) {
	tests := []struct {
		file string
		kind Kind   // the kind of edit left alone
		then string // the kind of edit that would follow
	}{
		// A declarer, once fixed, lets a rotation of its tricks fit,
		// which did not fit before.
		{"rotation-after-declarer.txt", Declarer, "rotation"},
		// A game that takes a value from the game before ("#"): its
		// tricks put back in their columns would let its score be fixed.
		{"rotation-inherited.txt", Rotation, "score"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile("testdata/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			fuzzPlan(t, data)
			fuzzSource(t, data)
			p := corpus.Process("r.pbn", bytes.NewReader(data), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
			edits, left := PlanAll(p, nil)
			if len(edits) > 0 || !slices.ContainsFunc(left, func(e Edit) bool {
				return e.Kind == tt.kind && strings.Contains(e.Reason, "fixing it again would make another "+tt.then+" edit")
			}) {
				t.Errorf("edits %+v, left alone %+v", edits, left)
			}
		})
	}
}

// TestExportOrder: the tag pairs of a game out of export order are put in
// it, each with its section and commentary; the lines are the same, and
// the fixed game has no export-order finding. Tag pairs sharing a line
// are left as they are.
func TestExportOrder(t *testing.T) {
	src, err := os.ReadFile("../certify/testdata/order.pbn")
	if err != nil {
		t.Fatal(err)
	}
	p := corpus.Process("order.pbn", bytes.NewReader(src), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
	edits := Plan(p, map[Kind]bool{ExportOrder: true})
	if len(edits) != 2 {
		t.Fatalf("%d edits, want one for each of the two games", len(edits))
	}
	for _, e := range edits {
		if err := Check(e); err != nil {
			t.Error(err)
		}
	}
	var out bytes.Buffer
	if err := Apply(&out, bytes.NewReader(src), "UTF-8", edits); err != nil {
		t.Fatal(err)
	}
	if !sameLines(string(src), out.String()) {
		t.Errorf("the fixed file's lines are not the file's:\n%s", out.String())
	}
	again := corpus.Process("order.pbn", bytes.NewReader(out.Bytes()), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
	for f := range again.All() {
		if f.Code == diag.ExportOrder {
			t.Errorf("after the fix: %s\n%s", f.String(), out.String())
		}
	}
	if more := Plan(again, map[Kind]bool{ExportOrder: true}); len(more) > 0 {
		t.Errorf("fixing again: %+v", more)
	}
	shared := []byte("% EXPORT\r\n[Site \"x\"] [Event \"y\"]\r\n")
	p = corpus.Process("s.pbn", bytes.NewReader(shared), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
	if e := Plan(p, map[Kind]bool{ExportOrder: true}); len(e) > 0 {
		t.Errorf("tag pairs sharing a line moved: %+v", e)
	}
}

// TestHeirs: an edit of a value a later game takes with "#" is not made,
// since that game would change with it; one no later game takes is.
func TestHeirs(t *testing.T) {
	first := "[Event \"Club\"]\n[Board \"1\"]\n" + fmt.Sprintf(testinput.PlayedGame, "N", "4HX", "9") + "\n"
	for _, c := range []struct {
		name, later string
		made        bool
	}{
		{"next game", "[Event \"Club\"]\n[Board \"2\"]\n[Result \"#\"]\n", false},
		{"after a game without it", "[Event \"Club\"]\n[Board \"2\"]\n\n[Event \"Club\"]\n[Board \"3\"]\n[Result \"#\"]\n", false},
		{"written again first", "[Event \"Club\"]\n[Board \"2\"]\n[Result \"5\"]\n\n[Event \"Club\"]\n[Board \"3\"]\n[Result \"#\"]\n", true},
		{"another tag", "[Event \"#\"]\n[Board \"2\"]\n[Result \"7\"]\n", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			fx, err := Source("heirs.pbn", []byte(first+c.later), map[Kind]bool{Result: true})
			if err != nil {
				t.Fatal(err)
			}
			made := len(fx.Edits) == 1 && fx.Edits[0].Kind == Result && fx.Edits[0].New == `"10"`
			if made != c.made {
				t.Fatalf("edits %+v, left %+v", fx.Edits, fx.Left)
			}
			if !c.made {
				if len(fx.Left) != 1 || !strings.Contains(fx.Left[0].Reason, `takes this game's [Result] with "#" and would change with it`) {
					t.Errorf("left %+v", fx.Left)
				}
				if !bytes.Equal(fx.Text, []byte(first+c.later)) {
					t.Error("the text changed")
				}
			}
		})
	}
}

// TestEditLabel: a note names the board by its number, or the game when
// the game gives none (it read "board :").
func TestEditLabel(t *testing.T) {
	for _, c := range []struct {
		e    Edit
		want string
	}{
		{Edit{Game: 3, Board: "12"}, "board 12"},
		{Edit{Game: 3}, "game 3"},
	} {
		if got := c.e.Label(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}
