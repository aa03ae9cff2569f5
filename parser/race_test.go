//go:build race

package parser

// raceEnabled is set when the race detector is on. It makes sync.Pool drop
// items at random, so allocation counts mean nothing then.
const raceEnabled = true
