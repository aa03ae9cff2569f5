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
	count := 2000
	if testing.Short() {
		count = 200
	}
	for i := range count {
		// Endings of five cards take brute force a second or so: a few.
		n := 1 + rng.IntN(4)
		if i%100 == 0 {
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

// FuzzSolve builds a position from the fuzz input: its first bytes give
// the number of cards in each hand (up to 7, so that each input solves
// quickly), the strain, the leader, the declarer and the cards already on
// the trick; the rest seed the deal. The solver must end with a result
// in range, equal to brute force's for endings of up to 3 cards.
func FuzzSolve(f *testing.F) {
	f.Add([]byte{3, 4, 0, 0, 0})
	f.Add([]byte{5, 0, 1, 2, 3, 'x', 'y'})
	f.Add([]byte{7, 2, 3, 1, 2, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{1, 1, 1, 1, 1})
	f.Add([]byte{0, 0, 0, 0, 0})
	var s Solver
	f.Fuzz(func(t *testing.T, in []byte) {
		var head [5]byte
		copy(head[:], in)
		var seed [2]uint64
		for i, b := range in[min(len(in), 5):] {
			seed[i%2] = seed[i%2]*131 + uint64(b)
		}
		n := int(head[0]) % 8
		rng := rand.New(rand.NewPCG(seed[0], seed[1]))
		p := randomPosition(rng, n, int(head[4])%4)
		p.Trumps = auction.Strain(head[1] % 5)
		p.Declarer = auction.Seat(head[3] % 4)
		if len(p.Trick) == 0 {
			p.Leader = auction.Seat(head[2] % 4)
		}
		got, err := s.Solve(p)
		if err != nil {
			t.Fatalf("%v, trick %v: %v", p.Hands, p.Trick, err)
		}
		if got < 0 || got > n {
			t.Fatalf("%v, trick %v: %d tricks of %d", p.Hands, p.Trick, got, n)
		}
		if n <= 3 {
			if want := bruteSolve(p); got != want {
				t.Fatalf("%v, trumps %v, leader %v, trick %v, declarer %v: Solve = %d, brute force %d",
					p.Hands, p.Trumps, p.Leader, p.Trick, p.Declarer, got, want)
			}
		}
	})
}
