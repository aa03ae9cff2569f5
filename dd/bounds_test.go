package dd

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/bridgekit/bridgekit/auction"
)

// classMate returns a position of the class that rel names in p, a
// position at the start of a trick: in each suit the holders of the cards
// from the top down to the lowest card of rel stay, and the lower cards
// are dealt again among the hands that held them, so that each hand keeps
// its length in the suit.
func classMate(rng *rand.Rand, p Position, rel uint64) Position {
	q := p
	q.Hands = auction.Deal{}
	for suit := range 4 {
		var live uint16
		for seat := range 4 {
			live |= p.Hands[seat].Ranks(auction.Suit(suit))
		}
		low := 16
		if m := uint16(rel >> (16 * suit)); m != 0 {
			low = bits.TrailingZeros16(m)
		}
		var holders []int
		var free []int
		for r := 15; r >= 0; r-- {
			if live&(1<<r) == 0 {
				continue
			}
			for seat := range 4 {
				if p.Hands[seat].Ranks(auction.Suit(suit))&(1<<r) == 0 {
					continue
				}
				if r >= low {
					q.Hands[seat].Add(auction.NewCard(auction.Suit(suit), auction.Rank(r)))
				} else {
					holders = append(holders, seat)
					free = append(free, r)
				}
			}
		}
		rng.Shuffle(len(holders), func(i, j int) { holders[i], holders[j] = holders[j], holders[i] })
		for i, r := range free {
			q.Hands[holders[i]].Add(auction.NewCard(auction.Suit(suit), auction.Rank(r)))
		}
	}
	return q
}

// TestBoundsAgainstBruteForce checks the bounds at the start of a trick:
// whenever they settle a question, brute force gives the same answer, in
// the position and in others of the class the cards returned name.
func TestBoundsAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 12))
	var s Solver
	count, settled := 4000, 0
	if testing.Short() {
		count = 400
	}
	for i := range count {
		// Brute force takes a millisecond or less for endings of three
		// cards, tens of them for four: fewer of those.
		n := 2 + rng.IntN(2)
		if i%20 == 0 {
			n = 4
		}
		p := randomPosition(rng, n, 0)
		if i%2 == 0 {
			p.Trumps = auction.NoTrump
		}
		solved := map[auction.Deal]int{}
		bruteNS := func(q Position) int {
			v, ok := solved[q.Hands]
			if !ok {
				d := q.Hands
				v = brute(&d, q.Trumps, q.Leader, nil)
				solved[q.Hands] = v
			}
			return v
		}
		for need := 1; need <= n; need++ {
			s.load(&p, n)
			done, r, rel := s.bounds(need)
			if !done {
				continue
			}
			settled++
			for k := range 3 {
				q := p
				if k > 0 {
					q = classMate(rng, p, rel)
				}
				if got := bruteNS(q) >= need; got != r {
					t.Fatalf("position %d: %v, trumps %v, leader %v, need %d: the bounds say %v (cards %x), brute force %v in %v",
						i, p.Hands, p.Trumps, p.Leader, need, r, rel, got, q.Hands)
				}
			}
		}
	}
	t.Logf("%d questions settled by the bounds", settled)
}

// TestTopCount checks that the counts of each hand's cards above the
// opponents', which spare the quick tricks when they are below what the
// question needs, are never below a quick-trick count.
func TestTopCount(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(13, 14))
	var s Solver
	for range 20000 {
		n := 1 + rng.IntN(13)
		p := randomPosition(rng, n, 0)
		s.load(&p, n)
		for l := range 4 {
			nl, np := s.topCount(l)
			q, _ := s.quickTricks(l, 0, 0)
			pq, _ := s.partnerTricks(l, 0)
			nt, _ := s.ntTricks(l, 0, 0)
			if q > nl || pq > np || (s.trump == noTrump && nt > nl+np) {
				t.Fatalf("%v, trumps %v, leader %d: %d and %d cards on top, quick tricks %d, partner's %d, no trump %d", p.Hands, p.Trumps, l, nl, np, q, pq, nt)
			}
		}
	}
}
