package corpus

import (
	"context"
	"runtime"

	"golang.org/x/sync/semaphore"
)

// RunOptions bound the work in flight of a Sequencer or Run. A zero field
// takes its default.
type RunOptions struct {
	// Jobs is how many tasks run at once. Default runtime.GOMAXPROCS(0).
	Jobs int
	// MaxInFlight caps the weight (for Run, the input bytes) of the tasks
	// that are running or whose results wait to be emitted. A task heavier
	// than this, or of unknown weight, runs alone. Default 2 MiB per job,
	// for as many jobs as there are cores: jobs beyond the cores (--jobs 8
	// on two) wait on each other anyway, and eight 4 MiB games in flight
	// once took 160 MiB. A game of table rows holds about three times its
	// text while it is checked (the text, the cells as read and as
	// converted): at 4 MiB a job, three 2 MB travellers in flight took the
	// run past 64 MiB. Batches of ordinary games, 64 KiB each, are bounded
	// by MaxPending long before this.
	MaxInFlight int64
	// MaxPending caps the tasks that are running or whose results wait to be
	// emitted, whatever their weight, so that a slow task followed by many
	// small ones does not pile up results. Default 16 per job, for as many
	// jobs as there are cores.
	MaxPending int
}

func (o RunOptions) withDefaults() RunOptions {
	if o.Jobs <= 0 {
		o.Jobs = runtime.GOMAXPROCS(0)
	}
	cores := min(o.Jobs, max(runtime.GOMAXPROCS(0), 1))
	if o.MaxInFlight <= 0 {
		o.MaxInFlight = 2 << 20 * int64(cores)
	}
	if o.MaxPending <= 0 {
		o.MaxPending = 16 * cores
	}
	o.MaxPending = max(o.MaxPending, o.Jobs)
	return o
}

// A Sequencer runs tasks concurrently and emits their results in the order
// the tasks were added, like gofmt's sequencer: a task's result waits for
// the results of all earlier tasks. The items may be files, the games of one
// large file, or anything else that has an order.
//
// Add blocks while the in-flight limits of RunOptions are reached, so that
// memory stays bounded however many tasks are added. Add and Wait must be
// called from one goroutine.
type Sequencer[R any] struct {
	ctx       context.Context
	emit      func(R)
	maxWeight int64
	weight    *semaphore.Weighted // weight of tasks not yet emitted
	pending   *semaphore.Weighted // tasks not yet emitted
	jobs      *semaphore.Weighted // tasks running
	prev      chan struct{}       // closed once the last added task has emitted
}

// NewSequencer returns a Sequencer that calls emit with each result, in
// order, never concurrently. Tasks not started when ctx is done are not run.
func NewSequencer[R any](ctx context.Context, opts RunOptions, emit func(R)) *Sequencer[R] {
	opts = opts.withDefaults()
	prev := make(chan struct{})
	close(prev)
	return &Sequencer[R]{
		ctx:       ctx,
		emit:      emit,
		maxWeight: opts.MaxInFlight,
		weight:    semaphore.NewWeighted(opts.MaxInFlight),
		pending:   semaphore.NewWeighted(int64(opts.MaxPending)),
		jobs:      semaphore.NewWeighted(int64(opts.Jobs)),
		prev:      prev,
	}
}

// Add waits until the task fits the limits, then runs f in a new goroutine;
// its result is emitted after the results of all tasks added before it.
// A negative weight, or one above MaxInFlight, makes the task run alone.
// Add returns the context's error, without running f, if the context is done
// before the task could start. f must not panic.
func (s *Sequencer[R]) Add(weight int64, f func() R) error {
	if weight < 0 || weight > s.maxWeight {
		weight = s.maxWeight
	}
	if err := s.weight.Acquire(s.ctx, weight); err != nil {
		return err
	}
	if err := s.pending.Acquire(s.ctx, 1); err != nil {
		s.weight.Release(weight)
		return err
	}
	if err := s.jobs.Acquire(s.ctx, 1); err != nil {
		s.pending.Release(1)
		s.weight.Release(weight)
		return err
	}
	prev, done := s.prev, make(chan struct{})
	s.prev = done
	go func() {
		r := f()
		s.jobs.Release(1) // the result may wait below, but the worker is free
		<-prev
		s.emit(r)
		close(done)
		s.pending.Release(1)
		s.weight.Release(weight)
	}()
	return nil
}

// Wait blocks until every task added so far has emitted its result.
func (s *Sequencer[R]) Wait() { <-s.prev }
