package corpus

import (
	"context"
	"iter"
)

// Run calls work on every input concurrently, with the limits of opts, and
// emit with each result in input order; emit is never called concurrently.
// An error yielded by inputs (a missing path, an unreadable archive) reaches
// emit in its place in the order, with a nil input and the zero R.
//
// The weight of an input toward RunOptions.MaxInFlight is its size; one of
// unknown size, or larger than MaxInFlight, runs alone. A Streamed input is
// worked on before the next input is taken, since its source moves on after
// it; the inputs before it still run concurrently.
//
// work must Close what it opens and must not panic; a caller that wants to
// survive a bug in its work recovers inside it. Run returns when every
// result has been emitted: nil, or the context's error if ctx was done
// before all inputs were taken.
func Run[R any](ctx context.Context, inputs iter.Seq2[*Input, error], opts RunOptions, work func(*Input) R, emit func(*Input, R, error)) error {
	type outcome struct {
		in  *Input
		r   R
		err error
	}
	s := NewSequencer(ctx, opts, func(o outcome) { emit(o.in, o.r, o.err) })
	var err error
	for in, ierr := range inputs {
		switch {
		case ierr != nil:
			err = s.Add(0, func() outcome { return outcome{err: ierr} })
		case in.Streamed():
			finished := make(chan struct{})
			err = s.Add(in.weight(), func() outcome {
				defer close(finished)
				return outcome{in: in, r: work(in)}
			})
			if err == nil {
				<-finished
			}
		default:
			err = s.Add(in.weight(), func() outcome { return outcome{in: in, r: work(in)} })
		}
		if err != nil {
			break
		}
	}
	s.Wait()
	return err
}
