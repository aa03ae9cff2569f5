package convert

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/parser/lin"
	"github.com/bridgekit/bridgekit/parser/pbn"
	"github.com/bridgekit/bridgekit/record"
)

// sameAfterCheck checks a board built in reused memory against one built
// in new memory, both as converted and after Check.
func sameAfterCheck(t *testing.T, where string, fresh, reused *record.Board, ff, rf []diag.Diagnostic) {
	t.Helper()
	if !reflect.DeepEqual(fresh, reused) || !reflect.DeepEqual(ff, rf) {
		t.Fatalf("%s: the board built into a used one differs from a new one", where)
	}
	var c record.Checker
	ff, rf = c.Check(fresh), c.Check(reused)
	if !reflect.DeepEqual(fresh, reused) || !reflect.DeepEqual(ff, rf) {
		t.Fatalf("%s: after Check, the board built into a used one differs from a new one", where)
	}
}

// builtInto checks that b was built into spare, the used board the
// converter was given, when it was given one, and reports whether it was.
func builtInto(t *testing.T, where string, spare, b *record.Board) bool {
	t.Helper()
	if spare == nil {
		return false
	}
	if b != spare {
		t.Fatalf("%s: the board was not built into the used board given", where)
	}
	return true
}

// intoUsed converts the games of file twice, into new boards and into
// two boards used in turn as an audit does (PBNOptions.Into), and checks
// that the boards are the same. It returns the games and how many were
// built into a used board.
func intoUsed(t *testing.T, path string, file *pbn.File) (games, reused int) {
	t.Helper()
	var prev, prevInto, spare *record.Board
	for _, g := range file.Games {
		fresh, ff := FromPBN(g, PBNOptions{Header: file.Header, Previous: prev})
		b, bf := FromPBN(g, PBNOptions{Header: file.Header, Previous: prevInto, Into: spare})
		where := fmt.Sprintf("%s game %d", path, g.Index)
		if builtInto(t, where, spare, b) {
			reused++
		}
		sameAfterCheck(t, where, fresh, b, ff, bf)
		games++
		prev, spare, prevInto = fresh, prevInto, b
	}
	return games, reused
}

// TestFromPBNInto converts every game of the test inputs and of the
// corpus's PBN files twice: into new boards, and into two boards used in
// turn as an audit does (PBNOptions.Into). The boards must be the same.
func TestFromPBNInto(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.input")
	if testinput.HaveCorpus() && !testing.Short() {
		files = append(files, corpusFiles(t, ".pbn")...)
	}
	games, reused := 0, 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		g, r := intoUsed(t, path, pbn.Parse(src, path))
		games, reused = games+g, reused+r
	}
	if reused == 0 || reused < games-2*len(files) {
		t.Errorf("%d of %d games built into a used board", reused, games)
	}
	// Into the board it takes its identity from, FromPBN builds in new memory.
	file := pbn.Parse([]byte("[Board \"1\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\n[Auction \"N\"]\nPass Pass Pass Pass\n"), "follow.pbn")
	first, _ := FromPBN(file.Games[0], PBNOptions{})
	second, _ := FromPBN(file.Games[1], PBNOptions{Previous: first, Into: first})
	if second == first || second.Number != 1 || !first.Deal.Full() || !second.Deal.Full() {
		t.Errorf("Into = Previous: got the same board %v, board %d, deals full %v %v", second == first, second.Number, first.Deal.Full(), second.Deal.Full())
	}
}

// TestLINConverterReuse converts every record of the corpus's LIN files
// twice: into new boards, and with each board handed back to the converter
// (LINConverter.Reuse). The boards must be the same.
func TestLINConverterReuse(t *testing.T) {
	t.Parallel()
	inputs := map[string][]byte{"inline.lin": []byte("pn|Sue,Wes,Nat,Ed|st||" + testLINDeal +
		"rh||ah|Board 1|sv|o|mb|1C|an|strong|mb|p|mb|1N|mb|p|mb|p|mb|p|pc|S2|pc|SA|pc|S3|pc|S4|nt|well played|mc|9|pg||\n" +
		"qx|o2|md|1S6543H876D876C876,S2H5432D5432C5432,SAKQJHAKQDAKQCAKQ,|ah|Board 2|mb|p|mb|p|mb|p|mb|p|pg||\n")}
	if testinput.HaveCorpus() {
		for _, path := range corpusFiles(t, ".lin") {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			inputs[path] = src
		}
	}
	boards, reused := 0, 0
	for name, src := range inputs {
		recs, _ := lin.Parse(src, name)
		fresh, into := NewLINConverter(name), NewLINConverter(name)
		var spare *record.Board
		for _, r := range recs {
			fb, ff := fresh.Convert(r)
			b, bf := into.Convert(r)
			if (fb == nil) != (b == nil) {
				t.Fatalf("%s record %d: board %v with reuse, %v without", name, r.Index, b != nil, fb != nil)
			}
			if b == nil {
				continue
			}
			where := fmt.Sprintf("%s record %d", name, r.Index)
			if builtInto(t, where, spare, b) {
				reused++
			}
			sameAfterCheck(t, where, fb, b, ff, bf)
			boards++
			into.Reuse(b)
			spare = b
		}
	}
	if reused == 0 || reused < boards-len(inputs) {
		t.Errorf("%d of %d boards built into a used board", reused, boards)
	}
}

// TestFromPBNIntoTables converts double-dummy tables of changing shapes
// into used boards in turn, as an audit does: a table's rows and cells
// take the memory of the used board's table only where it has room, and
// a traveller never takes a double-dummy table's (what is read of a
// traveller keeps its rows).
func TestFromPBNIntoTables(t *testing.T) {
	deal := `[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]` + "\n"
	dd := func(rows ...string) string {
		s := `[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]` + "\n"
		for _, r := range rows {
			s += r + "\n"
		}
		return s
	}
	games := []string{
		dd("N NT 7", "N S 8", "N H 9", "S NT 7"),
		dd("N NT 10", "S C 13"),
		dd("N NT 7", "N S 8", "N H 9", "S NT 7", "S S 8", "E NT 6"),
		`[ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract\5L;Declarer\1R;Result\2R"]` + "\n1 2 3NT N 9\n3 4 4S S 10\n",
		dd("E NT 6 extra", "W D 1"),
		dd("N NT 7", "N S 8"),
	}
	var text string
	for i, g := range games {
		text += fmt.Sprintf("[Board \"%d\"]\n", i+1) + deal + g + "\n"
	}
	file := pbn.Parse([]byte(text), "tables.pbn")
	var prevInto, spare *record.Board
	var traveller [][]record.Cell
	for _, g := range file.Games {
		fresh, ff := FromPBN(g, PBNOptions{})
		b, bf := FromPBN(g, PBNOptions{Previous: prevInto, Into: spare})
		sameAfterCheck(t, fmt.Sprintf("game %d", g.Index), fresh, b, ff, bf)
		if g.Index == 4 {
			traveller = b.Tables[0].Rows
		}
		spare, prevInto = prevInto, b
	}
	if len(file.Games) != len(games) {
		t.Fatalf("read %d games, want %d", len(file.Games), len(games))
	}
	if len(traveller) != 2 || traveller[0][2].Text != "3NT" || traveller[1][4].Text != "10" {
		t.Errorf("the traveller's rows, kept past its board, changed when the board was used again: %v", traveller)
	}
}
