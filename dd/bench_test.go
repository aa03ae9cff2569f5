package dd

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkTable solves the full table of twenty results for random
// deals, the same deals on every run, and reports the positions searched
// at the start of a trick per table, a measure of the search that does
// not depend on how busy the machine is.
func BenchmarkTable(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 7))
	deals := make([]Position, 64)
	for i := range deals {
		deals[i] = randomPosition(rng, 13, 0)
	}
	var s Solver
	i := 0
	for b.Loop() {
		if _, err := s.Table(deals[i%len(deals)].Hands); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(s.nodes)/float64(i), "nodes/op")
}
