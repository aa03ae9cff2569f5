package dd

import (
	"math/rand/v2"
	"testing"

	"github.com/bridgekit/bridgekit/auction"
)

// brute returns the tricks North–South take of those left in a position,
// by plain minimax over every legal card: no pruning, no table, no
// equivalent cards. It is the reference the solver is checked against.
func brute(d *auction.Deal, trumps auction.Strain, leader auction.Seat, trick []auction.Card) int {
	if len(trick) == 4 {
		w := leader.Add(trickWinner(trick, trumps))
		v := brute(d, trumps, w, nil)
		if w.Side() == auction.NS {
			v++
		}
		return v
	}
	seat := leader.Add(len(trick))
	if len(trick) == 0 && d[seat].Len() == 0 {
		return 0
	}
	ns := seat.Side() == auction.NS
	best := -1
	for _, c := range legal(d[seat], trick) {
		d[seat].Remove(c)
		v := brute(d, trumps, leader, append(trick[:len(trick):len(trick)], c))
		d[seat].Add(c)
		if best < 0 || (ns && v > best) || (!ns && v < best) {
			best = v
		}
	}
	return best
}

// trickWinner is the index in trick of the card that wins it.
func trickWinner(trick []auction.Card, trumps auction.Strain) int {
	w := 0
	for i, c := range trick[1:] {
		wc := trick[w]
		switch {
		case c.Suit() == wc.Suit() && c.Rank() > wc.Rank():
			w = i + 1
		case trumps != auction.NoTrump && c.Suit() == auction.Suit(trumps) && wc.Suit() != auction.Suit(trumps):
			w = i + 1
		}
	}
	return w
}

// legal lists the cards of h that may be played to trick.
func legal(h auction.Hand, trick []auction.Card) []auction.Card {
	if len(trick) > 0 {
		if f := h.InSuit(trick[0].Suit()); f.Len() > 0 {
			return f.Cards()
		}
	}
	return h.Cards()
}

// randomPosition deals n cards to each hand from a shuffled pack and,
// when played is positive, plays up to that many cards of the first
// trick, at random but legally.
func randomPosition(rng *rand.Rand, n, played int) Position {
	var p Position
	pack := make([]auction.Card, 0, 52)
	for s := auction.Club; s <= auction.Spade; s++ {
		for r := auction.Two; r <= auction.Ace; r++ {
			pack = append(pack, auction.NewCard(s, r))
		}
	}
	rng.Shuffle(len(pack), func(i, j int) { pack[i], pack[j] = pack[j], pack[i] })
	for i := range 4 * n {
		p.Hands[i%4].Add(pack[i])
	}
	p.Trumps = auction.Strain(rng.IntN(5))
	p.Leader = auction.Seat(rng.IntN(4))
	p.Declarer = auction.Seat(rng.IntN(4))
	if n == 0 {
		return p
	}
	for i := range played {
		seat := p.Leader.Add(i)
		cs := legal(p.Hands[seat], p.Trick)
		c := cs[rng.IntN(len(cs))]
		p.Hands[seat].Remove(c)
		p.Trick = append(p.Trick, c)
	}
	return p
}

// bruteSolve is [Solve] by brute force.
func bruteSolve(p Position) int {
	d := p.Hands
	n := d[p.Leader.Add(len(p.Trick))].Len()
	ns := brute(&d, p.Trumps, p.Leader, p.Trick)
	if p.Declarer.Side() == auction.EW {
		return n - ns
	}
	return ns
}

func TestSolveAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	var s Solver
	count := 3000
	if testing.Short() {
		count = 300
	}
	for i := range count {
		n := 1 + rng.IntN(4)
		if i%10 == 0 {
			n = 5
		}
		p := randomPosition(rng, n, rng.IntN(4))
		want := bruteSolve(p)
		got, err := s.Solve(p)
		if err != nil {
			t.Fatalf("position %d: %v", i, err)
		}
		if got != want {
			t.Errorf("position %d: %v, trumps %v, leader %v, trick %v, declarer %v: Solve = %d, brute force %d",
				i, p.Hands, p.Trumps, p.Leader, p.Trick, p.Declarer, got, want)
		}
	}
}
