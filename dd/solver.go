package dd

import (
	"errors"
	"fmt"
	"math/bits"
	"sync"
	"time"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/scoring"
)

// A Solver solves deals and positions double dummy. It keeps a
// transposition table of fixed size (see the package documentation) and
// can be reused for any number of deals: each search starts afresh
// without clearing it. The zero value is ready to use and allocates the
// table on first use. A Solver is not safe for concurrent use; use one
// per goroutine, or the package-level functions, which draw Solvers from
// a pool.
type Solver struct {
	state
	tt    table
	hist  [4][64]int32 // per seat and card, how often it cut the search off
	moves [53][13]move // the move list of each depth

	// keyStack[left] holds the keys of the position at the start of the
	// trick with left tricks to play (see [Solver.keys]), and
	// trick[left] the cards of the trick before it.
	keyStack [14]patKeys
	trick    [14][4]uint16
	nodes    int64 // positions searched at the start of a trick

	// deadline is when a search with a time budget gives up; the zero
	// time when it has none.
	deadline time.Time
}

// ErrBudget is the error [Solver.TableBudget], [Solver.SolveBudget] and
// [TableBudget] return when the time budget runs out before the search
// is complete.
var ErrBudget = errors.New("dd: time budget exceeded")

// overBudget is what the search panics with when the deadline has passed:
// the recursion is deep and every frame would otherwise have to pass the
// news up. [Solver.within] recovers it.
type overBudget struct{}

// budgetCheck is how many positions at the start of a trick are searched
// between looks at the clock: a few milliseconds of search.
const budgetCheck = 4096

// checkBudget panics with overBudget when the deadline has passed.
func (s *Solver) checkBudget() {
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		panic(overBudget{})
	}
}

// Solve returns the number of the tricks still to be played, the current
// one included, that the side of p.Declarer takes when all four players
// play double dummy. The error says why p is not a position that can be
// played: cards twice, hands of sizes that do not fit the trick, a card
// of the trick that revokes, unspecified cards.
func (s *Solver) Solve(p Position) (int, error) {
	n, err := p.check()
	if err != nil {
		return 0, err
	}
	s.tt.next()
	s.hist = [4][64]int32{}
	ns := s.solve(&p, n, -1)
	if p.Declarer&1 == 1 {
		return n - ns, nil
	}
	return ns, nil
}

// Tricks returns the number of tricks declarer takes in strain, when
// declarer's left-hand opponent leads and all four play double dummy.
// The hands of d must be of the same size: 13 cards for a whole deal,
// fewer for an ending.
func (s *Solver) Tricks(d auction.Deal, strain auction.Strain, declarer auction.Seat) (int, error) {
	return s.Solve(Position{Hands: d, Trumps: strain, Leader: declarer.LHO(), Declarer: declarer})
}

// Table returns the tricks each seat takes as declarer in each strain,
// indexed [declarer][strain]: the double-dummy table of [scoring.Par].
// The four declarers of a strain share the transposition table, so the
// table costs much less than twenty calls of [Solver.Tricks].
func (s *Solver) Table(d auction.Deal) (scoring.DDTable, error) {
	return s.TableBudget(d, 0)
}

// TableBudget is [Solver.Table] within a time budget: when the search has
// run for longer than budget it stops and returns [ErrBudget] and an
// empty table. A budget of 0 (or less) sets no limit. The clock is read
// every few milliseconds of search, so the budget may be overrun by that
// much. The Solver stays usable after a search that ran out of time.
func (s *Solver) TableBudget(d auction.Deal, budget time.Duration) (t scoring.DDTable, err error) {
	p := Position{Hands: d}
	n, err := p.check()
	if err != nil {
		return t, fmt.Errorf("dd: table: %w", err)
	}
	done := s.within(budget, func() {
		for strain := auction.Clubs; strain <= auction.NoTrump; strain++ {
			s.tt.next()
			s.hist = [4][64]int32{}
			guess := -1
			if n == 13 {
				guess = estimate(d, strain)
			}
			for _, decl := range auction.Seats {
				p := Position{Hands: d, Trumps: strain, Leader: decl.LHO(), Declarer: decl}
				ns := s.solve(&p, n, guess)
				guess = ns
				if decl&1 == 0 {
					// The next declarer is East or West: North–South
					// lead, and the side on lead takes a trick more as
					// often as not; a first search above the answer
					// costs less than one below it.
					guess++
				}
				if decl&1 == 1 {
					t[decl][strain] = int8(n - ns)
				} else {
					t[decl][strain] = int8(ns)
				}
			}
		}
	})
	if !done {
		return scoring.DDTable{}, ErrBudget
	}
	return t, nil
}

// SolveBudget is [Solver.Solve] within a time budget, as
// [Solver.TableBudget] solves a table: past budget it returns
// [ErrBudget].
func (s *Solver) SolveBudget(p Position, budget time.Duration) (tricks int, err error) {
	if !s.within(budget, func() { tricks, err = s.Solve(p) }) {
		return 0, ErrBudget
	}
	return tricks, err
}

// within runs search, stopped once it has run for longer than budget
// (never for a budget of 0 or less), and reports whether it ran to its
// end.
func (s *Solver) within(budget time.Duration, search func()) (done bool) {
	if budget > 0 {
		s.deadline = time.Now().Add(budget)
		defer func() {
			s.deadline = time.Time{}
			if r := recover(); r != nil {
				if _, ok := r.(overBudget); !ok {
					panic(r)
				}
				done = false
			}
		}()
	}
	search()
	return true
}

// estimate guesses the tricks North–South take of a whole deal in strain
// with East on lead, where the searches of a table start: a line fitted
// to DDS's tables of 400 random deals (dd/ddsref's Deals, seed 99) in
// their high-card points and, in a suit, their trumps, off by 0.9 tricks
// on average where half the tricks were off by 2.4, and raised by half a
// trick, since a first search above the answer costs less than one below
// it (positions a table on the benchmark's first 24 deals: 1,845,834
// from half the tricks, 1,762,709 from the line, 1,750,856 from the line
// raised by half a trick).
func estimate(d auction.Deal, strain auction.Strain) int {
	hcp, trumps := 0, 0
	for _, seat := range []auction.Seat{auction.North, auction.South} {
		for suit := range 4 {
			r := d[seat].Ranks(auction.Suit(suit))
			for rank := auction.Jack; rank <= auction.Ace; rank++ {
				if r&(1<<rank) != 0 {
					hcp += int(rank - auction.Ten)
				}
			}
			if suit == int(strain) {
				trumps += bits.OnesCount16(r)
			}
		}
	}
	var e int // in thousandths of a trick
	if strain == auction.NoTrump {
		e = -4098 + 507*hcp
	} else {
		e = -8283 + 382*hcp + 1061*trumps
	}
	// Half a trick up, and rounded.
	return min(max((e+1000)/1000, 0), 13)
}

// solve returns the tricks North–South take of the n left in p, a
// checked position, by zero-window searches stepping from guess (or from
// half the tricks when guess is negative) towards the answer.
func (s *Solver) solve(p *Position, n, guess int) int {
	s.load(p, n)
	lo, hi := 0, n
	if guess < 0 {
		guess = (n + 1) / 2
	}
	g := guess
	for lo < hi {
		t := min(max(g, lo+1), hi)
		if ok, _ := s.nsWins(t); ok {
			lo, g = t, t+1
		} else {
			hi, g = t-1, t-1
		}
	}
	return lo
}

// load sets the search state to position p with n tricks left.
func (s *Solver) load(p *Position, n int) {
	st := &s.state
	*st = state{trump: noTrump, left: n, root: n, leader: int(p.Leader)}
	if p.Trumps != auction.NoTrump {
		st.trump = int(p.Trumps)
	}
	for seat := range 4 {
		for suit := range 4 {
			st.hand[seat][suit] = p.Hands[seat].Ranks(auction.Suit(suit))
		}
	}
	for i, c := range p.Trick {
		seat, suit, rank := (st.leader+i)&3, int(c.Suit()), int(c.Rank())
		st.inTrick[suit] |= 1 << rank
		if i == 0 {
			st.led = suit
			st.winSeat, st.winSuit, st.winRank = seat, suit, rank
		} else if (suit == st.winSuit && rank > st.winRank) || (suit == st.trump && st.winSuit != st.trump) {
			st.winSeat, st.winSuit, st.winRank = seat, suit, rank
		}
	}
	st.played = len(p.Trick)
	for seat := range 4 {
		for suit := range 4 {
			st.out[suit] |= st.hand[seat][suit]
			st.lens |= uint64(bits.OnesCount16(st.hand[seat][suit])) << (4 * (4*seat + suit))
		}
	}
	// The keys at the start of the current trick, its cards included:
	// those of the next trick take them out (see [Solver.keys]).
	live := st.out
	for suit := range 4 {
		live[suit] |= st.inTrick[suit]
	}
	s.patternsOf(&s.keyStack[n], &live)
}

// pool holds Solvers for the package-level functions: their tables are
// too large to allocate for each call.
var pool = sync.Pool{New: func() any { return new(Solver) }}

// Solve solves p with a Solver from a pool; see [Solver.Solve].
func Solve(p Position) (int, error) {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	return s.Solve(p)
}

// Tricks solves a deal for one declarer and strain with a Solver from a
// pool; see [Solver.Tricks].
func Tricks(d auction.Deal, strain auction.Strain, declarer auction.Seat) (int, error) {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	return s.Tricks(d, strain, declarer)
}

// Table solves a deal for every declarer and strain with a Solver from a
// pool; see [Solver.Table].
func Table(d auction.Deal) (scoring.DDTable, error) {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	return s.Table(d)
}

// TableBudget solves a deal for every declarer and strain within a time
// budget, with a Solver from a pool; see [Solver.TableBudget].
func TableBudget(d auction.Deal, budget time.Duration) (scoring.DDTable, error) {
	s := pool.Get().(*Solver)
	defer pool.Put(s)
	return s.TableBudget(d, budget)
}
