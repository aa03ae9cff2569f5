package dd

import "math/bits"

// noTrump is the trump index of no-trump play: no suit has it.
const noTrump = 4

// move is a card to try, suit<<4 | rank as in [auction.Card], with the
// score that orders it.
type move struct {
	card  uint8
	score int32
}

// state is the position being searched, changed in place as cards are
// played and put back.
type state struct {
	hand    [4][4]uint16 // [seat][suit], bit r for rank r
	inTrick [4]uint16    // the cards of the current trick, by suit
	trump   int          // a suit, or noTrump
	left    int          // tricks not yet complete, the current one included
	leader  int          // the seat that leads the current trick
	played  int          // cards played to the current trick
	led     int          // the suit led to it
	winSeat int          // the seat winning it so far
	winSuit int
	winRank int
	depth   int // cards played since the search began: the index of the move list
}

// nsWins reports whether need of the remaining tricks or more go to
// North–South: the question every search asks.
func (s *Solver) nsWins(need int) bool {
	if s.played == 0 {
		return s.leadNode(need)
	}
	return s.followNode(need)
}

// followNode searches a position part-way through a trick.
func (s *Solver) followNode(need int) bool {
	seat := (s.leader + s.played) & 3
	list := s.followMoves(seat)
	ns := seat&1 == 0
	for i := range list {
		c := list[i].card
		if s.try(seat, int(c>>4), int(c&15), need) == ns {
			s.hist[seat][c] += int32(s.left)
			return ns
		}
	}
	return !ns
}

// try plays the card of suit and rank from seat, searches on, and takes
// the card back.
func (s *Solver) try(seat, suit, rank, need int) bool {
	bit := uint16(1) << rank
	s.hand[seat][suit] &^= bit
	s.inTrick[suit] |= bit
	ws, wsu, wr := s.winSeat, s.winSuit, s.winRank
	if s.played == 0 {
		s.led = suit
		s.winSeat, s.winSuit, s.winRank = seat, suit, rank
	} else if (suit == s.winSuit && rank > s.winRank) || (suit == s.trump && s.winSuit != s.trump) {
		s.winSeat, s.winSuit, s.winRank = seat, suit, rank
	}
	s.depth++
	var r bool
	if s.played == 3 {
		r = s.endTrick(need)
	} else {
		s.played++
		r = s.nsWins(need)
		s.played--
	}
	s.depth--
	s.winSeat, s.winSuit, s.winRank = ws, wsu, wr
	s.inTrick[suit] &^= bit
	s.hand[seat][suit] |= bit
	return r
}

// endTrick gives the completed trick to its winner, who leads the next.
func (s *Solver) endTrick(need int) bool {
	leader, led, inTrick := s.leader, s.led, s.inTrick
	s.leader = s.winSeat
	if s.winSeat&1 == 0 {
		need--
	}
	s.inTrick = [4]uint16{}
	s.played = 0
	s.left--
	r := s.leadNode(need)
	s.left++
	s.played = 3
	s.inTrick = inTrick
	s.led = led
	s.leader = leader
	return r
}

// leadNode searches a position at the start of a trick.
func (s *Solver) leadNode(need int) bool {
	if need <= 0 {
		return true
	}
	if need > s.left {
		return false
	}
	if s.left == 1 {
		return s.lastTrickNS()
	}
	s.nodes++
	leader := s.leader
	ns := leader&1 == 0
	q := s.quickTricks(leader)
	if ns && q >= need {
		return true
	}
	if !ns && s.left-q < need {
		return false
	}
	k0, k1 := s.key()
	lo, hi, best := 0, s.left, uint8(noBest)
	if e := s.tt.find(k0, k1); e != nil {
		lo, hi, best = int(e.lo), int(e.hi), e.best
		if lo >= need {
			return true
		}
		if hi < need {
			return false
		}
	}
	list := s.leadMoves(leader, best)
	r := !ns
	for i := range list {
		c := list[i].card
		suit, rank := int(c>>4), int(c&15)
		if s.try(leader, suit, rank, need) == ns {
			s.hist[leader][c] += int32(s.left)
			best = uint8(suit<<4 | s.relRank(suit, rank))
			r = ns
			break
		}
	}
	if r {
		lo = need
	} else {
		hi = need - 1
	}
	s.tt.store(k0, k1, lo, hi, s.left, best)
	return r
}

// lastTrickNS reports whether North–South win the last trick, each
// player holding one card.
func (s *Solver) lastTrickNS() bool {
	win, wsuit, wrank := -1, 0, 0
	for i := range 4 {
		seat := (s.leader + i) & 3
		for suit := range 4 {
			if m := s.hand[seat][suit]; m != 0 {
				rank := bits.Len16(m) - 1
				if win < 0 || (suit == wsuit && rank > wrank) || (suit == s.trump && wsuit != s.trump) {
					win, wsuit, wrank = seat, suit, rank
				}
				break
			}
		}
	}
	return win&1 == 0
}

// relRank is the number of cards still out in suit that are higher than
// rank: 0 for the top card. Kept in the table, it names the same card in
// every position of the same pattern.
func (s *Solver) relRank(suit, rank int) int {
	live := s.hand[0][suit] | s.hand[1][suit] | s.hand[2][suit] | s.hand[3][suit]
	return bits.OnesCount16(live >> (rank + 1))
}

// quickTricks is a lower bound on the tricks the leader's side takes: the
// leader's cards that are higher than every other card of their suit,
// cashed one after another. In a trump contract a side suit counts only
// as long as each opponent who holds a trump can follow, and, when
// partner holds trumps, only as many side-suit winners as partner has
// cards to play to them other than trumps, so that partner is never made
// to ruff and take the lead. Trumps are cashed last.
func (s *Solver) quickTricks(l int) int {
	lho, p, rho := (l+1)&3, (l+2)&3, (l+3)&3
	q, side := 0, 0
	for suit := range 4 {
		mine := s.hand[l][suit]
		if mine == 0 {
			continue
		}
		others := s.hand[lho][suit] | s.hand[p][suit] | s.hand[rho][suit]
		w := bits.OnesCount16(mine >> bits.Len16(others))
		if w == 0 {
			continue
		}
		if s.trump == noTrump || suit == s.trump {
			q += w
			continue
		}
		if s.hand[lho][s.trump] != 0 {
			w = min(w, bits.OnesCount16(s.hand[lho][suit]))
		}
		if s.hand[rho][s.trump] != 0 {
			w = min(w, bits.OnesCount16(s.hand[rho][suit]))
		}
		side += w
	}
	if s.trump != noTrump && s.hand[p][s.trump] != 0 {
		free := 0
		for suit := range 4 {
			if suit != s.trump {
				free += bits.OnesCount16(s.hand[p][suit])
			}
		}
		side = min(side, free)
	}
	return q + side
}

// key is the transposition-table key of a position at the start of a
// trick: for each suit, the holder of each remaining card from the lowest
// up, two bits each, and the number of cards; and the leader.
func (s *Solver) key() (k0, k1 uint64) {
	var p [4]uint64
	for suit := range 4 {
		h1, h2, h3 := s.hand[1][suit], s.hand[2][suit], s.hand[3][suit]
		live := s.hand[0][suit] | h1 | h2 | h3
		a, b := h1|h3, h2|h3
		var v uint64
		for m := live; m != 0; m &= m - 1 {
			r := bits.TrailingZeros16(m)
			v = v<<2 | uint64(a>>r&1) | uint64(b>>r&1)<<1
		}
		p[suit] = v<<4 | uint64(bits.OnesCount16(live))
	}
	return p[0] | p[1]<<30 | uint64(s.leader)<<60 | 1<<62, p[2] | p[3]<<30
}
