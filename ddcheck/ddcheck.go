// Package ddcheck holds what files state about double-dummy play against
// the solver of package dd: it solves the distinct deals of a run once
// each, on a fixed number of solvers, within a time budget per deal, and
// gives each board the scoring.Solution that scoring.CheckSolved checks
// its tables and par against, with the findings of its deal (a budget
// run out, a claim that double-dummy play from there does not give).
//
// Memory is bounded: a dd.Solver holds a transposition table of about 51
// MiB (SolverMemory), so the solvers are few and shared by every worker,
// and the cache of solved tables keeps at most Options.CacheDeals deals,
// the oldest going first.
package ddcheck

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/dd"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/record"
	"github.com/bridgekit/bridgekit/scoring"
)

// SolverMemory is the memory one solver holds once it has solved a deal:
// its transposition table (see package dd, Memory), which dd gives no way
// to make smaller.
const SolverMemory = 48 << 20

// DefaultBudget is the default of Options.Budget: most deals take a few
// seconds, a few up to a minute.
const DefaultBudget = 30 * time.Second

// DefaultCacheDeals is the default of Options.CacheDeals: some 2 MiB of
// tables and keys, and many hours of solving to fill.
const DefaultCacheDeals = 8192

// Options configure a Checker.
type Options struct {
	// Budget is the time a deal's table may take to solve; past it the
	// deal is left unsolved, with a dd-budget finding. 0 for
	// DefaultBudget; negative for none.
	Budget time.Duration
	// Solvers is the number of deals solved at once, each on a solver of
	// SolverMemory bytes; 0 for 1.
	Solvers int
	// CacheDeals is the most deals whose tables are kept, so that a deal
	// met again is not solved again; 0 for DefaultCacheDeals.
	CacheDeals int
	// Every solves the deal of every board, for a command that writes
	// the tables; without it, Board solves only the deals of boards that
	// state something the solver checks (a double-dummy table, a par, a
	// claim), since a deal takes seconds.
	Every bool
}

// A Checker solves the deals of boards and checks what the boards say of
// them. It is safe for concurrent use: the workers of a run share one.
// Create one with New.
type Checker struct {
	every   bool
	budget  time.Duration
	solvers chan *dd.Solver
	solved  atomic.Int64

	mu    sync.Mutex
	cache map[auction.Deal]*entry
	ring  []auction.Deal // the keys of cache in the order added, a ring
	next  int            // where the next key goes in ring
}

// An entry is a deal's table, solved or being solved: done is closed once
// table and err are set.
type entry struct {
	done  chan struct{}
	table scoring.DDTable
	err   error
}

// New returns a Checker with opts.
func New(opts Options) *Checker {
	if opts.Budget == 0 {
		opts.Budget = DefaultBudget
	}
	opts.Solvers = max(opts.Solvers, 1)
	if opts.CacheDeals <= 0 {
		opts.CacheDeals = DefaultCacheDeals
	}
	c := &Checker{
		every:   opts.Every,
		budget:  max(opts.Budget, 0),
		solvers: make(chan *dd.Solver, opts.Solvers),
		cache:   make(map[auction.Deal]*entry),
		ring:    make([]auction.Deal, 0, opts.CacheDeals),
	}
	for range opts.Solvers {
		// A solver's table is allocated when it first solves: a run
		// that meets one deal takes one solver's memory.
		c.solvers <- new(dd.Solver)
	}
	return c
}

// Solved returns how many deals the Checker has solved or given up on so
// far, for a progress bar.
func (c *Checker) Solved() int64 { return c.solved.Load() }

// Table returns the double-dummy table of a full deal, solving it unless
// the same four hands, at these seats or others, were solved before. The
// error wraps dd.ErrBudget when the deal took longer than the budget, or
// says why the deal cannot be solved.
func (c *Checker) Table(d auction.Deal) (scoring.DDTable, error) {
	key, from := d.Turned()
	c.mu.Lock()
	e, ok := c.cache[key]
	if !ok {
		e = &entry{done: make(chan struct{})}
		c.add(key, e)
	}
	c.mu.Unlock()
	if ok {
		<-e.done
	} else {
		s := <-c.solvers
		e.table, e.err = s.TableBudget(key, c.budget)
		c.solvers <- s
		c.solved.Add(1)
		close(e.done)
	}
	if e.err != nil {
		return scoring.DDTable{}, e.err
	}
	// The key's hand i is the deal's hand at seat from+i.
	var t scoring.DDTable
	for i, row := range e.table {
		t[(from+i)%4] = row
	}
	return t, nil
}

// add puts e in the cache under key, dropping the oldest deal when the
// cache is full; c.mu is held.
func (c *Checker) add(key auction.Deal, e *entry) {
	if len(c.ring) < cap(c.ring) {
		c.ring = append(c.ring, key)
	} else {
		delete(c.cache, c.ring[c.next])
		c.ring[c.next] = key
		c.next = (c.next + 1) % len(c.ring)
	}
	c.cache[key] = e
}

// Board solves b's deal and returns the solution scoring.CheckSolved
// checks b against, with the findings of the deal itself: dd-budget when
// it took longer than the budget, dd-claim for a claim double-dummy play
// from its position does not give. A board without a full deal has a
// solution of no table (diag.NoDeal); one that states nothing to check has
// none at all (nil), unless Options.Every.
func (c *Checker) Board(b *record.Board) (*scoring.Solution, []diag.Diagnostic) {
	if !c.every && !states(b) {
		return nil, nil
	}
	if !b.Deal.Full() {
		return &scoring.Solution{Unsolved: diag.NoDeal}, nil
	}
	t, err := c.Table(b.Deal)
	switch {
	case errors.Is(err, dd.ErrBudget):
		at := b.DealTag.Loc
		if !at.IsValid() {
			at = b.Source.Loc
		}
		return &scoring.Solution{Unsolved: diag.OverBudget}, []diag.Diagnostic{{
			Code: diag.DDBudget, Severity: diag.Info, Span: diag.Span{Pos: at},
			Message: fmt.Sprintf("the deal was not solved within %v (--dd-budget): its double-dummy entries and par are not checked against the solver, only against each other where the file states them twice", c.budget),
		}}
	case err != nil:
		return &scoring.Solution{Unsolved: diag.NoDeal}, nil
	}
	var out []diag.Diagnostic
	if f, ok := c.claim(b); ok {
		out = append(out, f)
	}
	return &scoring.Solution{Table: t, Solved: true}, out
}

// states reports whether b states something the solver checks: a
// double-dummy table, a par, or a claim (LIN's mc, a PBN play with a
// Result, which claimOf reads as one when the play is cut short).
func states(b *record.Board) bool {
	return scoring.StatesDoubleDummy(b) || b.Play.Claimed || b.Play.Tag.Present() && b.File.TricksKnown
}
