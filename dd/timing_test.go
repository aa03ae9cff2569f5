package dd

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/bridgekit/bridgekit/auction"
)

func TestTiming(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var s Solver
	for range 2 {
		p := randomPosition(rng, 13, 0)
		for st := auction.Clubs; st <= auction.NoTrump; st++ {
			start := time.Now()
			s.nodes = 0
			n, _ := s.Tricks(p.Hands, st, auction.North)
			t.Logf("%v %v: %d tricks, %d nodes, %v", p.Hands, st, n, s.nodes, time.Since(start))
		}
	}
}
