package ddcheck

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/dd"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/record"
)

// easy is a deal the solver takes milliseconds over; hard one it takes
// seconds over.
const (
	easy = "N:AKQJ.AKQJ.AKQ.AK T987.T987.JT9.QJ 6543.6543.876.T9 2.2.5432.8765432"
	hard = "N:A982.83.7652.J72 KQ4.54.AQT98.K64 JT763.KQJ7.4.AT8 5.AT962.KJ3.Q953"
)

// deal reads a deal for a test (testinput.Deal).
var deal = testinput.Deal

// turn returns d with each hand k seats on: the same deal written from
// another seat.
func turn(d auction.Deal, k int) auction.Deal {
	var out auction.Deal
	for i := range d {
		out[(i+k)%4] = d[i]
	}
	return out
}

// TestTableOnce checks that a deal is solved once, however many workers
// ask for it at once and at whatever seats its hands sit, and that each
// gets the table of its own seats.
func TestTableOnce(t *testing.T) {
	t.Parallel()
	d := deal(t, easy)
	want, err := dd.Table(d)
	if err != nil {
		t.Fatal(err)
	}
	c := New(Options{})
	var wg sync.WaitGroup
	for k := range 8 {
		wg.Go(func() {
			got, err := c.Table(turn(d, k%4))
			if err != nil {
				t.Error(err)
				return
			}
			for seat := range 4 {
				if got[(seat+k)%4] != want[seat] {
					t.Errorf("turned %d: seat %d's row is %v, want %v", k%4, (seat+k)%4, got[(seat+k)%4], want[seat])
				}
			}
		})
	}
	wg.Wait()
	if n := c.Solved(); n != 1 {
		t.Errorf("solved %d times, want once", n)
	}
}

// TestCacheBound checks that the cache keeps at most CacheDeals deals,
// dropping the oldest: a deal dropped is solved again.
func TestCacheBound(t *testing.T) {
	t.Parallel()
	c := New(Options{CacheDeals: 2})
	a, b := deal(t, easy), deal(t, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
	// Another deal: East and South exchange the ten and the six of spades.
	x := deal(t, "N:AKQJ.AKQJ.AKQ.AK 9876.T987.JT9.QJ T543.6543.876.T9 2.2.5432.8765432")
	for _, d := range []auction.Deal{a, b, a, x, a} {
		if _, err := c.Table(d); err != nil {
			t.Fatal(err)
		}
	}
	if len(c.cache) != 2 || len(c.ring) != 2 {
		t.Errorf("the cache holds %d deals (ring %d), want 2", len(c.cache), len(c.ring))
	}
	// a, b, then x drops a, and a drops b: four solves.
	if n := c.Solved(); n != 4 {
		t.Errorf("solved %d times, want 4", n)
	}
}

// TestBoard checks the solution of a board: a table, none for a deal that
// is not full, and none, with a dd-budget note, for a deal past the
// budget, which is not tried again.
func TestBoard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		deal     string
		budget   time.Duration
		solved   bool
		unsolved diag.Reason
		code     diag.Code
	}{
		{"solved", easy, time.Minute, true, 0, ""},
		{"not full", "N:AKQJ.AKQJ.AKQ.AK - - -", time.Minute, false, diag.NoDeal, ""},
		{"past the budget", hard, time.Nanosecond, false, diag.OverBudget, diag.DDBudget},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Options{Budget: tc.budget})
			b := &record.Board{Deal: deal(t, tc.deal), Tags: []record.Tag{{Name: "OptimumScore", Value: "NS 0"}}}
			for range 2 {
				sol, fs := c.Board(b)
				if sol.Solved != tc.solved || !tc.solved && sol.Unsolved != tc.unsolved {
					t.Errorf("solution %+v, want solved %v, unsolved %v", sol, tc.solved, tc.unsolved)
				}
				if tc.code != "" && (len(fs) != 1 || fs[0].Code != tc.code) {
					t.Errorf("findings %v, want one %s", fs, tc.code)
				}
			}
			if _, err := c.Table(b.Deal); tc.code == diag.DDBudget && !errors.Is(err, dd.ErrBudget) {
				t.Errorf("Table: %v, want dd.ErrBudget", err)
			}
			if tc.solved && c.Solved() != 1 {
				t.Errorf("solved %d times, want once", c.Solved())
			}
		})
	}
}

// TestBoardStatesNothing checks that audit's Checker leaves alone a board
// that states nothing the solver checks, and that one with Every solves
// it all the same.
func TestBoardStatesNothing(t *testing.T) {
	t.Parallel()
	b := &record.Board{Deal: deal(t, easy)}
	if sol, fs := New(Options{}).Board(b); sol != nil || fs != nil {
		t.Errorf("a board stating nothing: %+v, %v; want nothing solved", sol, fs)
	}
	if sol, _ := New(Options{Every: true}).Board(b); sol == nil || !sol.Solved {
		t.Errorf("with Every: %+v; want the deal solved", sol)
	}
}

func TestWhen(t *testing.T) {
	t.Parallel()
	for played, want := range map[int]string{0: "before the opening lead", 4: "after trick 1", 6: "during trick 2", 48: "after trick 12"} {
		if got := when(played); got != want {
			t.Errorf("when(%d) = %q, want %q", played, got, want)
		}
	}
}
