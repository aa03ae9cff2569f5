package dd

import (
	"math/bits"
	"slices"
)

// runs appends to list one card of each run of seat's cards in suit, a
// run being cards with no other card still in play between them (cards of
// earlier tricks no longer count; those of the current trick do). Any
// card of a run is as good as another, so only the highest is tried.
//
// The moves go into list from index n on, and the new count is returned:
// an append to a slice costs more than the rest of the work.
func (s *Solver) runs(list *[13]move, n, seat, suit int) int {
	mine := s.hand[seat][suit]
	// The cards that break a run: those still in play in other hands. A
	// run is then a stretch of mine with none of them inside.
	gaps := (s.out[suit] | s.inTrick[suit]) &^ mine
	for mine != 0 {
		top := bits.Len16(mine) - 1
		// The run reaches down to just above the highest gap below top.
		bottom := bits.Len16(gaps & (1<<top - 1))
		run := mine >> bottom << bottom
		list[n] = move{card: uint8(suit<<4 | top), low: uint8(bits.TrailingZeros16(run))}
		n++
		mine &^= run
	}
	return n
}

// sortMoves orders list by score, highest first; the lists are short.
func sortMoves(list []move) {
	for i := 1; i < len(list); i++ {
		m := list[i]
		j := i
		for ; j > 0 && list[j-1].score < m.score; j-- {
			list[j] = list[j-1]
		}
		list[j] = m
	}
}

// leadMoves lists the leads from seat l, the best first: the lead stored
// for the position (best, as suit<<4 | relative rank), then winners that
// cannot be ruffed, suits partner can ruff, low cards to partner's
// winners, then short suits before long, and low cards before high.
func (s *Solver) leadMoves(l int, best uint8) []move {
	arr := &s.moves[s.depth]
	list := arr[:0]
	lho, p, rho := (l+1)&3, (l+2)&3, (l+3)&3
	for suit := range 4 {
		if s.hand[l][suit] == 0 {
			continue
		}
		n := len(list)
		list = arr[:s.runs(arr, n, l, suit)]
		opps := s.hand[lho][suit] | s.hand[rho][suit]
		partner := s.hand[p][suit]
		oppRuff, partnerRuff := false, false
		if s.trump != noTrump && suit != s.trump {
			oppRuff = (s.hand[lho][suit] == 0 && s.hand[lho][s.trump] != 0) ||
				(s.hand[rho][suit] == 0 && s.hand[rho][s.trump] != 0)
			partnerRuff = partner == 0 && s.hand[p][s.trump] != 0
		}
		partnerTop := partner != 0 && bits.Len16(partner) > bits.Len16(opps)
		for i := n; i < len(list); i++ {
			c := list[i].card
			rank := int(c & 15)
			sc := -rank
			switch {
			case oppRuff:
				sc -= 60
			case rank >= bits.Len16(opps):
				// A winner against the opponents.
				sc += 50 + 2*rank
			case partnerRuff:
				sc += 40
			case partnerTop:
				sc += 30
			default:
				// Of the other leads, those of short suits first: a
				// card of length weighs as much as eight ranks (the
				// positions searched on the benchmark's first 20 deals
				// were fewest so: 2, 4 and 16 gave more, and leads from
				// length many more).
				sc -= 8 * bits.OnesCount16(s.hand[l][suit])
			}
			if best != noBest && int(best>>4) == suit && s.relRank(suit, rank) == int(best&15) {
				sc += 1000
			}
			list[i].score = int32(sc)<<16 + min(s.hist[l][c], 1<<15)
		}
	}
	sortMoves(list)
	return list
}

// followMoves lists the cards seat may play to the current trick, the
// best first: low when partner's card will hold the trick, else the
// cheapest card that wins it for sure, else, third hand, the highest that
// may win it (the positions searched on the benchmark's first 40 deals
// were 2.4% fewer than with the cheapest);
// ruffs of the opponents' cards before discards, discards low.
func (s *Solver) followMoves(seat int) []move {
	arr := &s.moves[s.depth]
	if s.hand[seat][s.led] != 0 {
		return s.followSuit(arr, seat)
	}
	list := arr[:0]
	// Partner's card holds the trick: no card of seat's need win it.
	partnerHolds := s.winSeat&1 == seat&1 && (s.played == 3 || s.holds(s.winSuit, s.winRank, seat))
	if s.played == 1 {
		// Second hand: partner, last to play, will win the trick when
		// partner's top card of the suit led beats the card led and
		// every card of it the third hand holds, the third hand
		// holding some, so that it cannot ruff. A trump would be wasted
		// on it (the positions searched on deals 430 of bench/dd.sh and
		// 66 of dd/ddsref's Deals(1, 100) were 4% fewer, on the
		// benchmark's first 8 and 24 deals within 0.4%).
		third, p := s.hand[(seat+1)&3][s.led], s.hand[(seat+2)&3][s.led]
		if third != 0 && bits.Len16(p) > max(bits.Len16(third), s.winRank+1) {
			partnerHolds = true
		}
		// Nor, when partner can beat the card led with a higher card of
		// its suit, a ruff the third hand, void too, can overruff: a
		// trade of the average for the hardest deals (positions on deal
		// 430 of bench/dd.sh 11.5% fewer, on the benchmark's first 8
		// and 24 deals 1.2% and 1.3% more).
		if third == 0 && s.trump != noTrump && s.partnerBeats(seat) {
			over := s.hand[(seat+1)&3][s.trump]
			if over != 0 && bits.Len16(over)-1 > bits.TrailingZeros16(s.hand[seat][s.trump]) {
				partnerHolds = true
			}
		}
	}
	for suit := range 4 {
		if s.hand[seat][suit] == 0 {
			continue
		}
		n := len(list)
		list = arr[:s.runs(arr, n, seat, suit)]
		if suit == s.trump {
			// A trump that beats the card winning the trick comes
			// before other discards, and any trump after them. Third
			// hand, partner's card winning, does not ruff below a trump
			// the fourth hand can overruff with (the positions searched
			// on the benchmark's first 8 deals were 0.9% fewer).
			over := -1
			if s.played == 2 && s.winSeat&1 == seat&1 && s.hand[(seat+1)&3][s.led] == 0 {
				over = bits.Len16(s.hand[(seat+1)&3][s.trump]) - 1
			}
			for i := n; i < len(list); i++ {
				rank := int(list[i].card & 15)
				sc := -rank
				switch {
				case partnerHolds:
					sc -= 100
				case rank < over:
					sc -= 50
				case s.winSuit != s.trump || rank > s.winRank:
					sc += 60
				default:
					sc -= 50
				}
				list[i].score = int32(sc)
			}
			continue
		}
		// A winner of its suit: keep it. Else discard from length: a
		// short suit's low cards guard its higher ones, or keep a way
		// to partner; a long suit has cards to spare. A card of length
		// weighs as much as eight ranks (the positions searched on the
		// benchmark's first 8 deals were fewest so: 6, 10 and 16 gave
		// more).
		others := s.hand[(seat+1)&3][suit] | s.hand[(seat+2)&3][suit] | s.hand[(seat+3)&3][suit]
		top := bits.Len16(others) - 1
		if others == 0 {
			top = 15
		}
		length := 8 * bits.OnesCount16(s.hand[seat][suit])
		for i := n; i < len(list); i++ {
			rank := int(list[i].card & 15)
			sc := length - rank
			if rank > top {
				sc = -30 - rank
			}
			list[i].score = int32(sc)
		}
	}
	sortMoves(list)
	return list
}

// holds reports whether a card of suit and rank, played to the current
// trick, stays above whatever the opponents of seat still to play to it
// can play: a higher card of the suit led, or a trump when they have
// none of that suit.
func (s *Solver) holds(suit, rank, seat int) bool {
	for q := s.played + 1; q < 4; q++ {
		o := (s.leader + q) & 3
		if o&1 == seat&1 {
			continue
		}
		if h := s.hand[o][s.led]; h != 0 {
			if suit == s.led && bits.Len16(h)-1 > rank {
				return false
			}
			continue
		}
		if s.trump != noTrump && s.hand[o][s.trump] != 0 && (suit != s.trump || bits.Len16(s.hand[o][s.trump])-1 > rank) {
			return false
		}
	}
	return true
}

// followSuit lists the cards of the suit led that seat may play, in the
// order of [Solver.followMoves], by rearranging the runs, which come
// highest first, rather than by sorting them: low when partner's card
// will hold the trick; else first the cards that beat the card winning
// the trick and are sure to hold, cheapest first; then, third hand, the
// others that beat it, highest first; second, when partner cannot beat
// the card led in its suit, the others that beat it, cheapest first;
// then the rest, low first. A card holds when no opponent still to play
// can beat it, which is true of every card above some rank, so those
// that hold lead the list.
func (s *Solver) followSuit(arr *[13]move, seat int) []move {
	list := arr[:s.runs(arr, 0, seat, s.led)]
	last := s.played == 3
	if s.winSeat&1 == seat&1 && (last || s.holds(s.winSuit, s.winRank, seat)) {
		slices.Reverse(list)
		return list
	}
	w := 15 // the rank a card must beat; none beats a ruff
	if s.winSuit == s.led {
		w = s.winRank
	}
	a := 0
	for a < len(list) && int(list[a].card&15) > w && (last || s.holds(s.led, int(list[a].card&15), seat)) {
		a++
	}
	slices.Reverse(list[:a])
	// Second hand with no card sure to hold, when partner, last to
	// play, cannot beat the card led in its suit: the cheapest card that
	// beats it first, making the third hand pay for the trick (the
	// positions searched on the benchmark's first 8 deals were 9% fewer
	// than with second hand low, and on deal 66 of dd/ddsref's Deals(1,
	// 100) 29% fewer; before every card that beats it, 24 deals did
	// worse).
	beatFirst := s.played == 1 && a == 0 && !s.partnerBeats(seat)
	if s.played != 2 && !beatFirst {
		slices.Reverse(list[a:])
		return list
	}
	b := a
	for b < len(list) && int(list[b].card&15) > w {
		b++
	}
	if beatFirst {
		slices.Reverse(list[:b])
	}
	slices.Reverse(list[b:])
	return list
}

// partnerBeats reports whether seat's partner, last to play to the
// trick, can beat the card winning it with a higher card of the suit
// led. A ruff does not count: it costs partner a trump, and second hand
// does better to win the trick itself (the positions searched on the
// benchmark's first 8 deals were 7.6% fewer, on deal 430 of bench/dd.sh
// 24% fewer, than when partner's ruff counted).
func (s *Solver) partnerBeats(seat int) bool {
	p := (seat + 2) & 3
	if h := s.hand[p][s.led]; h != 0 {
		return s.winSuit == s.led && bits.Len16(h)-1 > s.winRank
	}
	return false
}
