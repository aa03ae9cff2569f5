package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestProgressOffTerminal checks that no bar is drawn when standard error
// is not a terminal, however long the run.
func TestProgressOffTerminal(t *testing.T) {
	var stderr bytes.Buffer
	a := &app{stderr: &stderr}
	p := a.progress()
	p.start = time.Now().Add(-time.Hour)
	for range 100 {
		p.add()
	}
	p.clear()
	p.finish()
	if stderr.Len() != 0 || p.bar != nil {
		t.Errorf("a bar off a terminal: %q", stderr.String())
	}
}

// TestProgressBar checks the bar on a terminal: nothing during the first
// second, then a count of the files read, which clear and finish take off
// the line.
func TestProgressBar(t *testing.T) {
	var term bytes.Buffer
	p := &progress{w: &term, start: time.Now()}
	p.add()
	if term.Len() != 0 || p.bar != nil {
		t.Fatalf("a bar within the first second: %q", term.String())
	}
	p.start = time.Now().Add(-2 * time.Second)
	p.add()
	for range 5 {
		p.add()
	}
	p.clear()
	p.finish()
	out := term.String()
	// The bar appears with the count so far; later counts are drawn at
	// most every 100 ms.
	if !strings.Contains(out, "reading (2/") || !strings.Contains(out, "files/s") {
		t.Errorf("the bar does not count the files read: %q", out)
	}
	if !strings.HasSuffix(out, "\r") {
		t.Errorf("finish leaves the bar on the line: %q", out)
	}
}

// TestProgressFollow checks the bar of a run that solves deals: it counts
// what it follows, not the inputs, and finish takes it off the line for
// good.
func TestProgressFollow(t *testing.T) {
	var term bytes.Buffer
	p := &progress{w: &term, start: time.Now().Add(-2 * time.Second)}
	p.follow(func() int64 { return 3 }, "deals")
	p.add()
	drawn := func() string {
		p.mu.Lock()
		defer p.mu.Unlock()
		return term.String()
	}
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(drawn(), "solving (3/"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the bar does not count the deals: %q", drawn())
		}
	}
	p.finish()
	out := drawn()
	if strings.Contains(out, "files") {
		t.Errorf("the bar counts files while it follows the deals: %q", out)
	}
	if !strings.HasSuffix(out, "\r") {
		t.Errorf("finish leaves the bar on the line: %q", out)
	}
}
