package dd

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkTable solves the full table of twenty results for random
// deals, the same deals on every run.
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
}
