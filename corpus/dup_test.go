package corpus

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

func TestDuplicateIndex(t *testing.T) {
	x := NewDuplicateIndex()
	for i, tc := range []struct {
		deal  string
		place Place
		want  string
	}{
		{"D1", Place{"a.pbn", 1, "1", "E"}, ""},
		{"D1", Place{"a.pbn", 2, "1", "E"}, ""},                                           // the other table
		{"D1", Place{"b.pbn", 1, "01", "E"}, ""},                                          // a copy, zero-padded
		{"D1", Place{"b.pbn", 2, "2", "E"}, `deal at a.pbn game 1 (board 1, event "E")`},  // same deal, other board
		{"D2", Place{"c.pbn", 1, "1", "E"}, `board at a.pbn game 1 (board 1, event "E")`}, // same board, other deal
		{"D3", Place{"d.pbn", 1, "1", ""}, ""},
		{"D4", Place{"e.pbn", 1, "1", "?"}, ""}, // no event: boards are per file
		{"D5", Place{"e.pbn", 2, "1", "?"}, `board at e.pbn game 1 (board 1, event "?")`},
		{"D1", Place{"f.pbn", 1, "9", "F"}, `deal at a.pbn game 1 (board 1, event "E")`},
		{"D3", Place{"g.pbn", 1, "", ""}, `deal at d.pbn game 1 (board 1)`},
		{"D2", Place{"c.pbn", 2, " 2 ", "E"}, `deal at c.pbn game 1 (board 1, event "E")` + "; " +
			`board at b.pbn game 2 (board 2, event "E")`},
		{"D6", Place{"h.lin", 1, "0", "E"}, ""},
		{"D7", Place{"h.lin", 2, "00", "E"}, `board at h.lin game 1 (board 0, event "E")`},
	} {
		var got []string
		for _, d := range x.Add(tc.deal, tc.place) {
			kind := map[DuplicateKind]string{SameDeal: "deal", BoardConflict: "board"}[d.Kind]
			got = append(got, kind+" at "+d.Earlier.String())
		}
		if s := strings.Join(got, "; "); s != tc.want {
			t.Errorf("%d: Add(%s, %v) = %q, want %q", i+1, tc.deal, tc.place, s, tc.want)
		}
	}
	if n := x.Deals(); n != 7 {
		t.Errorf("Deals() = %d, want 7", n)
	}
}

func TestDuplicateMessage(t *testing.T) {
	earlier := Place{File: "a.zip!s1.pbn", Game: 4, Board: "7", Event: "Spring Cup"}
	for _, tc := range []struct {
		d    Duplicate
		want string
	}{
		{Duplicate{SameDeal, earlier}, `the same deal was seen at a.zip!s1.pbn game 4 (board 7, event "Spring Cup")`},
		{Duplicate{BoardConflict, earlier}, `the same board had a different deal at a.zip!s1.pbn game 4 (board 7, event "Spring Cup")`},
		{Duplicate{SameDeal, Place{File: "x.lin", Game: 2}}, `the same deal was seen at x.lin game 2`},
		{Duplicate{SameDeal, Place{File: "x.lin", Game: 3, Event: `Cup "A"`}}, `the same deal was seen at x.lin game 3 (event "Cup \"A\"")`},
	} {
		if got := tc.d.Message(); got != tc.want {
			t.Errorf("Message() = %q, want %q", got, tc.want)
		}
	}
}

// TestDuplicateIndexMemory measures what a distinct deal costs, with long
// keys, to hold the documented bound.
func TestDuplicateIndexMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("adds 200,000 deals")
	}
	const n = 200_000
	pad := strings.Repeat("x", 200) // keys are hashed, so their length must not count
	x := NewDuplicateIndex()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range n {
		x.Add(fmt.Sprintf("N:%d%s", i, pad), Place{File: "big.pbn", Game: i + 1, Board: fmt.Sprint(i%36 + 1), Event: fmt.Sprint("E", i/36)})
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	perDeal := float64(after.HeapAlloc-before.HeapAlloc) / n
	t.Logf("%.0f bytes a distinct deal and board", perDeal)
	if perDeal > 160 {
		t.Errorf("%.0f bytes a deal; the index should keep hashes, not keys", perDeal)
	}
	runtime.KeepAlive(x)
}

func BenchmarkDuplicateIndexAdd(b *testing.B) {
	x := NewDuplicateIndex()
	deals := make([]string, 4096)
	for i := range deals {
		deals[i] = fmt.Sprintf("N:AKQJ.T98.765.432 %d ...", i)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		x.Add(deals[i%len(deals)], Place{File: "a.pbn", Game: i, Board: "7", Event: "E"})
		i++
	}
}
