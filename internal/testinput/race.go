//go:build race

package testinput

// RaceEnabled is set when the race detector is on. It makes sync.Pool drop
// items at random, so allocation counts mean nothing then.
const RaceEnabled = true
