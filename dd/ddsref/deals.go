package ddsref

import (
	"math/rand/v2"

	"github.com/bridgekit/bridgekit/auction"
)

// Deals returns n random whole deals, the same for the same seed: the
// deals the test and the benchmark compare the two solvers on.
func Deals(seed uint64, n int) []auction.Deal {
	rng := rand.New(rand.NewPCG(seed, 0x6464))
	pack := make([]auction.Card, 0, 52)
	for s := auction.Club; s <= auction.Spade; s++ {
		for r := auction.Two; r <= auction.Ace; r++ {
			pack = append(pack, auction.NewCard(s, r))
		}
	}
	deals := make([]auction.Deal, n)
	for i := range deals {
		rng.Shuffle(len(pack), func(i, j int) { pack[i], pack[j] = pack[j], pack[i] })
		for j, c := range pack {
			deals[i][j%4].Add(c)
		}
	}
	return deals
}
