package dd

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"
)

// TestTableBudget checks that a budget too short for a deal ends its
// search with ErrBudget, and that the Solver then solves the deal as if
// nothing had happened.
func TestTableBudget(t *testing.T) {
	t.Parallel()
	d := randomPosition(rand.New(rand.NewPCG(7, 7)), 13, 0).Hands
	var s Solver
	if _, err := s.TableBudget(d, time.Nanosecond); !errors.Is(err, ErrBudget) {
		t.Fatalf("TableBudget(1ns) = %v, want ErrBudget", err)
	}
	got, err := s.TableBudget(d, 0)
	if err != nil {
		t.Fatal(err)
	}
	var fresh Solver
	want, err := fresh.Table(d)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("after ErrBudget the table is %v, want %v", got, want)
	}
}
