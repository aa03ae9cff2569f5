package main

import (
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress is a progress bar on stderr, counting inputs since their
// number is not known in advance. It appears once the run has gone on for
// a second, so that short runs leave no trace. The zero progress shows
// nothing.
type progress struct {
	w     io.Writer // the terminal; nil when there is none
	start time.Time
	done  int
	bar   *progressbar.ProgressBar
}

// progress returns a progress bar when stderr is a terminal.
func (a *app) progress() *progress {
	if f, ok := a.rawStderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return &progress{w: f, start: time.Now()}
	}
	return &progress{}
}

// clear takes the bar off the line before other output.
func (p *progress) clear() {
	if p.bar != nil {
		p.bar.Clear()
	}
}

// add counts an input done.
func (p *progress) add() {
	p.done++
	switch {
	case p.bar != nil:
		p.bar.Add(1)
	case p.w != nil && time.Since(p.start) > time.Second:
		p.bar = progressbar.NewOptions(-1,
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSetDescription("reading"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetItsString("files"),
			progressbar.OptionShowIts(),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
		p.bar.Add(p.done)
	}
}

// finish removes the bar.
func (p *progress) finish() {
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
