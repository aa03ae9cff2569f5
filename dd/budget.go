package dd

import (
	"errors"
	"time"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/scoring"
)

// ErrBudget is the error of [TableBudget] and [Solver.TableBudget] when
// the time given runs out before the table is solved.
var ErrBudget = errors.New("dd: the time budget ran out before the table was solved")

// budgetCheck is how many positions are searched between two looks at the
// clock: reading it costs far more than a position, and a few thousand
// positions take well under a millisecond.
const budgetCheck = 1 << 12

// outOfBudget is the panic that unwinds a search whose time is up, caught
// by TableBudget: the search is deeply recursive, and none of its frames
// holds anything to undo, since the next search loads its position afresh.
type outOfBudget struct{}

// deadline is when the search of TableBudget must end; the zero value is
// none.
type deadline struct{ end time.Time }

// TableBudget returns the table [Solver.Table] returns, unless solving it
// takes longer than budget: it then returns [ErrBudget]. A budget of 0 or
// less is none. The Solver stays usable after ErrBudget.
func (s *Solver) TableBudget(d auction.Deal, budget time.Duration) (t scoring.DDTable, err error) {
	if budget <= 0 {
		return s.Table(d)
	}
	s.end = time.Now().Add(budget)
	defer func() {
		s.end = time.Time{}
		if r := recover(); r != nil {
			if _, ok := r.(outOfBudget); !ok {
				panic(r)
			}
			t, err = scoring.DDTable{}, ErrBudget
		}
	}()
	return s.Table(d)
}

// TableBudget solves a deal for every declarer and strain within budget
// with a Solver from a pool; see [Solver.TableBudget].
func TableBudget(d auction.Deal, budget time.Duration) (scoring.DDTable, error) {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	return s.TableBudget(d, budget)
}

// checkBudget ends the search, by the panic TableBudget catches, when its
// deadline has passed; the search calls it every budgetCheck positions.
func (s *Solver) checkBudget() {
	if !s.end.IsZero() && time.Now().After(s.end) {
		panic(outOfBudget{})
	}
}
