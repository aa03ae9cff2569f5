package corpus

import (
	"fmt"
	"strconv"
	"testing"
)

// TestDuplicatesIndexFull checks that a run whose index fills up says so
// once, at the board where it filled, and still counts every board.
func TestDuplicatesIndexFull(t *testing.T) {
	x := NewDuplicateIndexSize(64 << 10)
	total := &Report{}
	const parts, perPart = 20, 100
	for i := range parts {
		p := &Part{Name: "big.pbn"}
		for j := range perPart {
			g := i*perPart + j + 1
			p.Boards = append(p.Boards, &Board{
				Game: g, Number: g,
				deal:  fmt.Sprint("deal ", g),
				place: Place{File: "big.pbn", Game: g, Board: strconv.Itoa(g)},
				at:    Finding{File: "big.pbn", Game: g, Board: g, Line: g},
			})
		}
		p.duplicates(x, total)
		for _, b := range p.Boards {
			for _, f := range b.Findings {
				if f.Code != CodeDuplicateIndexFull {
					t.Errorf("unexpected finding %v", f)
					continue
				}
				if f.Severity != "info" || f.Line != b.Game {
					t.Errorf("finding %v not an info at board %d's deal", f, b.Game)
				}
			}
		}
	}
	if !x.Full() {
		t.Fatalf("index of 64 KiB not full after %d deals", parts*perPart)
	}
	if n := total.Codes[CodeDuplicateIndexFull]; n != 1 {
		t.Errorf("%d %s findings, want 1", n, CodeDuplicateIndexFull)
	}
	if want := x.Deals(); total.Deals != want {
		t.Errorf("deals %d, want the %d recorded", total.Deals, want)
	}
}
