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
		file := pbn.Parse(src, path)
		var prev, prevInto, spare *record.Board
		for _, g := range file.Games {
			fresh, ff := FromPBN(g, PBNOptions{Header: file.Header, Previous: prev})
			b, bf := FromPBN(g, PBNOptions{Header: file.Header, Previous: prevInto, Into: spare})
			if spare != nil {
				if b != spare {
					t.Fatalf("%s game %d: FromPBN did not build into the board given", path, g.Index)
				}
				reused++
			}
			sameAfterCheck(t, fmt.Sprintf("%s game %d", path, g.Index), fresh, b, ff, bf)
			games++
			prev, spare, prevInto = fresh, prevInto, b
		}
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
			if spare != nil {
				if b != spare {
					t.Fatalf("%s record %d: Convert did not build into the board handed back", name, r.Index)
				}
				reused++
			}
			sameAfterCheck(t, fmt.Sprintf("%s record %d", name, r.Index), fb, b, ff, bf)
			boards++
			into.Reuse(b)
			spare = b
		}
	}
	if reused == 0 || reused < boards-len(inputs) {
		t.Errorf("%d of %d boards built into a used board", reused, boards)
	}
}
