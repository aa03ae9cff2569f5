//go:build unix

package cputime

import (
	"testing"
	"time"
)

// TestUsedGrows burns CPU for a while and checks that Used counts it.
func TestUsedGrows(t *testing.T) {
	start := Used()
	if start <= 0 {
		t.Fatalf("Used() = %v at the start, want > 0", start)
	}
	x := uint64(1)
	for begin := time.Now(); time.Since(begin) < 50*time.Millisecond; {
		for range 1000 {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	if got := Used() - start; got <= 0 {
		t.Errorf("Used grew by %v over 50ms of work (%d)", got, x)
	}
}
