package scoring_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/scoring"
)

// FuzzEvent: any text read as a file, its boards checked and summed up
// as score does, never panics.
func FuzzEvent(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.*")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil && filepath.Ext(file) != ".golden" {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p := corpus.Process("fuzz.pbn", bytes.NewReader(data), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
		ev := scoring.NewEvent()
		for _, b := range p.Boards {
			if b.Board != nil {
				ev.Add(b.Board, "fuzz.pbn", b.Session())
			}
		}
		ev.Flush()
		ev.EndFile()
		ev.Summaries()
	})
}

// FuzzPar: the par of any table of tricks is the score of each contract
// it names, as the table says those contracts go.
func FuzzPar(f *testing.F) {
	f.Add([]byte("dddddddddd0000000000"), uint8(0), uint8(0))
	f.Add([]byte("88888888887777777777"), uint8(2), uint8(1))
	f.Add([]byte("1811118111819a8819a8"), uint8(3), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, vul, first uint8) {
		if len(data) < 20 {
			return
		}
		var dd scoring.DDTable
		for i := range 20 {
			dd[i/5][i%5] = int8(data[i] % 14)
		}
		v := auction.Vulnerability(vul % 4)
		p := scoring.ComputePar(dd, v, auction.Side(first%2))
		if len(p.Contracts) == 0 && p.Score != 0 {
			t.Fatalf("par %d with no contract", p.Score)
		}
		for _, c := range p.Contracts {
			if int(dd[c.Contract.Declarer][c.Contract.Strain]) != c.Tricks {
				t.Fatalf("%v: the table gives %d tricks", c, dd[c.Contract.Declarer][c.Contract.Strain])
			}
			n := auction.Score(c.Contract, c.Tricks, v)
			if c.Side == auction.EW {
				n = -n
			}
			if n != p.Score {
				t.Fatalf("%v scores %d, par %d", c, n, p.Score)
			}
		}
	})
}
