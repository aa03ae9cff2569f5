package diag

import (
	"reflect"
	"testing"
)

func TestTally(t *testing.T) {
	var none *Tally
	if none.Drop(BoardDealer, Warning) || none.Counted() != nil {
		t.Error("a nil Tally drops")
	}
	none.Listed(1, List{{Code: BoardDealer}})

	tl := NewTally(2)
	dealer := Diagnostic{Code: BoardDealer, Severity: Warning}
	// Board 1 lists one board-dealer, board 2 another: until then none is
	// dropped, however many a board makes.
	for board := 1; board <= 2; board++ {
		for range 2 {
			if tl.Drop(BoardDealer, Warning) {
				t.Fatalf("board %d: dropped before the limit was listed", board)
			}
		}
		tl.Listed(board, List{dealer})
	}
	// Board 3 (no number) and board 7 are past it; unknown-value is not.
	for _, board := range []int{0, 7} {
		if !tl.Drop(BoardDealer, Warning) || tl.Drop(UnknownValue, Info) {
			t.Fatalf("board %d: the limit of board-dealer not applied to it alone", board)
		}
		tl.Listed(board, nil)
	}
	tl.Drop(BoardDealer, Error)
	tl.Listed(5, nil)
	want := []Counted{{Code: BoardDealer, Severity: Warning, N: 2, Lo: 7, Hi: 7}, {Code: BoardDealer, Severity: Error, N: 1, Lo: 5, Hi: 5}}
	if got := tl.Counted(); !reflect.DeepEqual(got, want) {
		t.Errorf("Counted() = %+v, want %+v", got, want)
	}
}
