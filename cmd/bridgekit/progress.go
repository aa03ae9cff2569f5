package main

import (
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress is a progress bar on stderr, counting inputs since their
// number is not known in advance, or, when it follows a count (follow),
// that count: the deals solved double dummy, which take far longer than
// reading. It appears once the run has gone on for a second, so that
// short runs leave no trace. The zero progress shows nothing.
type progress struct {
	w     io.Writer // the terminal; nil when there is none
	start time.Time
	done  int

	// mu guards bar once follow draws it from a goroutine of its own.
	mu    sync.Mutex
	bar   *progressbar.ProgressBar
	stop  chan struct{} // closed by finish to end follow's goroutine
	count func() int64  // what follow counts; nil when the bar counts inputs
	ended bool          // finish has run: follow draws no more
}

// progress returns a progress bar when stderr is a terminal.
func (a *app) progress() *progress {
	if f, ok := a.rawStderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return &progress{w: f, start: time.Now()}
	}
	return &progress{}
}

// newBar starts the bar, doing what, counting what its items are.
func (p *progress) newBar(doing, items string) {
	p.bar = progressbar.NewOptions(-1,
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription(doing),
		progressbar.OptionShowCount(),
		progressbar.OptionSetItsString(items),
		progressbar.OptionShowIts(),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
}

// clear takes the bar off the line before other output.
func (p *progress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Clear()
	}
}

// add counts an input done.
func (p *progress) add() {
	p.done++
	if p.count != nil {
		return
	}
	switch {
	case p.bar != nil:
		p.bar.Add(1)
	case p.w != nil && time.Since(p.start) > time.Second:
		p.newBar("reading", "files")
		p.bar.Add(p.done)
	}
}

// follow makes the bar count what count returns, "solving" items, looked
// at a few times a second, instead of the inputs done.
func (p *progress) follow(count func() int64, items string) {
	p.count = count
	if p.w == nil {
		return
	}
	p.stop = make(chan struct{})
	go func() {
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
			}
			p.mu.Lock()
			if p.ended {
				p.mu.Unlock()
				return
			}
			if p.bar == nil && time.Since(p.start) > time.Second {
				p.newBar("solving", items)
			}
			if p.bar != nil {
				p.bar.Set64(count())
			}
			p.mu.Unlock()
		}
	}()
}

// finish removes the bar.
func (p *progress) finish() {
	if p.stop != nil {
		close(p.stop)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ended = true
	if p.bar != nil {
		p.bar.Finish()
		p.bar.Clear()
	}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
