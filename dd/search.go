package dd

import "math/bits"

// noTrump is the trump index of no-trump play: no suit has it.
const noTrump = 4

// move is a card to try, suit<<4 | rank as in [auction.Card], standing
// for the run of equivalent cards from it down to the rank low, with the
// score that orders it.
type move struct {
	card  uint8
	low   uint8
	score int32
}

// runRel returns the cards that decided the search after move m, cr,
// with the lowest card of m's run added when the run reaches below a card
// that decided: a position of the same class then holds the same run,
// and the card tried stands for it there too. Only a search that fails
// for every move needs this; one move that succeeds is played as it is.
func runRel(m move, cr uint64) uint64 {
	suit, rank := int(m.card>>4), int(m.card&15)
	if int(m.low) < rank && uint16(cr>>(16*suit))&(1<<(rank+1)-1) != 0 {
		cr |= 1 << (16*suit + int(m.low))
	}
	return cr
}

// state is the position being searched, changed in place as cards are
// played and put back.
type state struct {
	hand    [4][4]uint16 // [seat][suit], bit r for rank r
	out     [4]uint16    // the cards still held, by suit
	inTrick [4]uint16    // the cards of the current trick, by suit
	lens    uint64       // the length of each hand in each suit, four bits each: [seat][suit]
	trump   int          // a suit, or noTrump
	left    int          // tricks not yet complete, the current one included
	root    int          // left at the position the search started from
	leader  int          // the seat that leads the current trick
	played  int          // cards played to the current trick
	led     int          // the suit led to it
	winSeat int          // the seat winning it so far
	winSuit int
	winRank int
	depth   int // cards played since the search began: the index of the move list
}

// The searches below answer whether North–South take need or more of
// the remaining tricks, and say which cards decided it: a set of cards in
// the layout of [auction.Hand], of which only the lowest in each suit
// matters. Any position with the same leader, the same suit lengths in
// each hand and, in each suit, the same holders of every card down to
// that lowest one, has the same answer. This is what lets one entry of
// the transposition table stand for many positions.

// nsWins searches the current position.
func (s *Solver) nsWins(need int) (bool, uint64) {
	if s.played == 0 {
		return s.leadNode(need)
	}
	return s.followNode(need)
}

// followNode searches a position part-way through a trick.
func (s *Solver) followNode(need int) (bool, uint64) {
	seat := (s.leader + s.played) & 3
	ns := seat&1 == 0
	i, rel := s.firstWin(seat, s.followMoves(seat), need)
	return (i >= 0) == ns, rel
}

// firstWin tries the moves of list for seat in order until one gives
// seat's side the answer it wants, and returns its index, or -1 when none
// does, with the cards that decided: the winning move's, or those of
// every move that failed (moves a failed one settles are not tried).
func (s *Solver) firstWin(seat int, list []move, need int) (int, uint64) {
	ns := seat&1 == 0
	var rel uint64
	var settled [4]int
	for i := range list {
		c := list[i].card
		suit, rank := int(c>>4), int(c&15)
		if rank < settled[suit] {
			continue
		}
		r, cr := s.try(seat, suit, rank, need)
		if r == ns {
			if s.played == 0 {
				s.cut(seat, c)
			}
			return i, cr
		}
		rel |= runRel(list[i], cr)
		settle(&settled, suit, rank, cr)
	}
	return -1, rel
}

// settle notes, after a move of suit and rank failed with the cards cr
// deciding, which other moves of the same hand it settles: those of the
// same suit below the lowest card of cr in the suit, when the move is
// below it too. Either card then loses to the same cards, or wins by
// ruffing as the other would, and the positions after the two differ
// only in which of two cards below every card that decided is still
// held: they are of one class and fail alike. Every position of the
// class of the node has its low cards of the suit below that card too,
// so the rel returned, which holds cr, stands for them all.
func settle(settled *[4]int, suit, rank int, cr uint64) {
	low := 16
	if m := uint16(cr >> (16 * suit)); m != 0 {
		low = bits.TrailingZeros16(m)
	}
	if rank < low {
		settled[suit] = max(settled[suit], low)
	}
}

// cut notes that seat's lead c cut the search off, weighing the cut-offs
// of longer searches more; the count stops short of overflowing. Only
// leads are counted, and only leads are ordered by the count: among the
// cards played to a trick, the rules of [Solver.followMoves] alone
// order better (the positions searched on the benchmark's first 8 deals
// were 2% more with a count of both).
func (s *Solver) cut(seat int, c uint8) {
	if h := &s.hist[seat][c]; *h < 1<<30 {
		*h += int32(s.left)
	}
}

// try plays the card of suit and rank from seat, searches on, and takes
// the card back.
func (s *Solver) try(seat, suit, rank, need int) (bool, uint64) {
	bit := uint16(1) << rank
	s.hand[seat][suit] &^= bit
	s.out[suit] &^= bit
	s.inTrick[suit] |= bit
	s.lens -= 1 << (4 * (4*seat + suit))
	ws, wsu, wr := s.winSeat, s.winSuit, s.winRank
	if s.played == 0 {
		s.led = suit
		s.winSeat, s.winSuit, s.winRank = seat, suit, rank
	} else if (suit == s.winSuit && rank > s.winRank) || (suit == s.trump && s.winSuit != s.trump) {
		s.winSeat, s.winSuit, s.winRank = seat, suit, rank
	}
	s.depth++
	var r bool
	var rel uint64
	if s.played == 3 {
		r, rel = s.endTrick(need)
	} else {
		s.played++
		r, rel = s.followNode(need)
		s.played--
	}
	s.depth--
	s.winSeat, s.winSuit, s.winRank = ws, wsu, wr
	s.lens += 1 << (4 * (4*seat + suit))
	s.inTrick[suit] &^= bit
	s.out[suit] |= bit
	s.hand[seat][suit] |= bit
	return r, rel
}

// endTrick gives the completed trick to its winner, who leads the next.
// The winning card decided the trick by its rank only when another card
// of its suit was played to it.
func (s *Solver) endTrick(need int) (bool, uint64) {
	leader, led, inTrick := s.leader, s.led, s.inTrick
	s.leader = s.winSeat
	if s.winSeat&1 == 0 {
		need--
	}
	s.inTrick = [4]uint16{}
	s.played = 0
	s.left--
	s.trick[s.left] = inTrick
	r, rel := s.leadNode(need)
	s.left++
	s.played = 3
	s.inTrick = inTrick
	s.led = led
	s.leader = leader
	if inTrick[s.winSuit]&^(1<<s.winRank) != 0 {
		rel |= 1 << (16*s.winSuit + s.winRank)
	}
	return r, rel
}

// leadNode searches a position at the start of a trick.
func (s *Solver) leadNode(need int) (bool, uint64) {
	if need <= 0 {
		return true, 0
	}
	if need > s.left {
		return false, 0
	}
	if s.left == 1 {
		return s.lastTrick()
	}
	s.nodes++
	if s.nodes%budgetCheck == 0 {
		s.checkBudget()
	}
	leader := s.leader
	ns := leader&1 == 0
	if done, r, rel := s.bounds(need); done {
		return r, rel
	}
	pk := s.keys(s.left)
	p := posKey(pk)
	lens := s.lens
	best := uint8(noBest)
	for h := s.tt.last(lens, leader); h >= 0; {
		entries, prev := s.tt.run(h)
		for j := len(entries) - 1; j >= 0; j-- {
			e := &entries[j]
			if !e.matches(&p) {
				continue
			}
			lo, hi := e.bounds()
			if lo >= need {
				return true, s.topCards(e)
			}
			if hi < need {
				return false, s.topCards(e)
			}
			if best == noBest {
				best = s.tt.best[h+1+int32(j)]
			}
		}
		h = prev
	}
	list := s.leadMoves(leader, best)
	i, rel := s.firstWin(leader, list, need)
	r := (i >= 0) == ns
	best = noBest
	if i >= 0 {
		c := list[i].card
		suit := int(c >> 4)
		best = uint8(suit<<4 | s.relRank(suit, int(c&15)))
	}
	lo, hi := 0, s.left
	if r {
		lo = need
	} else {
		hi = need - 1
	}
	var k [4]int
	for suit := range 4 {
		if m := uint16(rel >> (16 * suit)); m != 0 {
			// The cards from the top down to the lowest that decided.
			k[suit] = bits.OnesCount16(s.out[suit] >> bits.TrailingZeros16(m))
		}
	}
	key := entryKey(pk, &k)
	s.tt.store(lens, leader, &key, lo, hi, best)
	return r, rel
}

// bounds asks the cheap bounds at the start of a trick whether
// North–South take need tricks: done reports whether they settle it, r
// is the answer and rel the cards that decided it.
func (s *Solver) bounds(need int) (done, r bool, rel uint64) {
	leader := s.leader
	ns := leader&1 == 0
	// The tricks the leader's side must take to settle the question.
	t := need
	if !ns {
		t = s.left - need + 1
	}
	// Every quick trick is a card of the leader or partner above every
	// card the opponents hold in its suit, and those of one count are
	// the cards of one hand outside no trump: when there are fewer of
	// them than t, the count, which settles the question only when it
	// reaches t, need not be made.
	if nl, np := s.topCount(leader); nl+np >= t {
		q := 0
		var qrel uint64
		if s.trump == noTrump {
			q, qrel = s.ntTricks(leader, t, t)
		} else {
			if nl >= t {
				q, qrel = s.quickTricks(leader, t, t)
			}
			if np >= t {
				if pq, prel := s.partnerTricks(leader, t); pq > q {
					q, qrel = pq, prel
				}
			}
		}
		if ns && q >= need {
			return true, true, qrel
		}
		if !ns && s.left-q < need {
			return true, false, qrel
		}
	}
	if k, krel := s.sureTrumps((leader+1)&3, s.left-t+1); k > s.left-t {
		return true, !ns, krel
	}
	if k, krel := s.sureTrumps(leader, t); k >= t {
		return true, ns, krel
	}
	if need == s.left && ns || need == 1 && !ns {
		if lose, lrel := s.losesTrick(leader); lose {
			return true, !ns, lrel
		}
	}
	return false, false, 0
}

// topCount returns the numbers of the cards of seat l and of partner
// above every card the opponents hold in their suit: bounds on the quick
// tricks of [Solver.quickTricks], of [Solver.partnerTricks], and,
// together, of [Solver.ntTricks].
func (s *Solver) topCount(l int) (nl, np int) {
	for suit := range 4 {
		opps := bits.Len16(s.hand[(l+1)&3][suit] | s.hand[(l+3)&3][suit])
		nl += bits.OnesCount16(s.hand[l][suit] >> opps)
		np += bits.OnesCount16(s.hand[(l+2)&3][suit] >> opps)
	}
	return nl, np
}

// live is the set of cards of suit still held.
func (s *Solver) live(suit int) uint16 {
	return s.out[suit]
}

// topCards returns, for the current position, the cards that the bounds
// of an entry of key depend on: in each suit, the lowest of the top cards
// the key fixes.
func (s *Solver) topCards(key *ttKey) uint64 {
	var rel uint64
	for suit := range 4 {
		k := key.k(suit)
		if k == 0 {
			continue
		}
		live := s.live(suit)
		for range k - 1 {
			live &^= 1 << (bits.Len16(live) - 1)
		}
		rel |= 1 << (16*suit + bits.Len16(live) - 1)
	}
	return rel
}

// lastTrick plays the last trick, each player holding one card, and
// reports whether North–South win it.
func (s *Solver) lastTrick() (bool, uint64) {
	win, wsuit, wrank := -1, 0, 0
	var played [4]uint16
	for i := range 4 {
		seat := (s.leader + i) & 3
		for suit := range 4 {
			if m := s.hand[seat][suit]; m != 0 {
				played[suit] |= m
				rank := bits.Len16(m) - 1
				if win < 0 || (suit == wsuit && rank > wrank) || (suit == s.trump && wsuit != s.trump) {
					win, wsuit, wrank = seat, suit, rank
				}
				break
			}
		}
	}
	var rel uint64
	if played[wsuit]&^(1<<wrank) != 0 {
		rel = 1 << (16*wsuit + wrank)
	}
	return win&1 == 0, rel
}

// relRank is the number of cards still out in suit that are higher than
// rank: 0 for the top card. Kept in the table, it names the same card in
// every position of the same pattern.
func (s *Solver) relRank(suit, rank int) int {
	return bits.OnesCount16(s.live(suit) >> (rank + 1))
}

// quickTricks is a lower bound on the tricks the leader's side takes: the
// leader's cards that are higher than every card the opponents hold in
// their suit, cashed one after another from the top while partner plays
// lower cards to them. A suit's count stops at the first winner partner
// could only overtake, which would take the lead away. In a trump
// contract a side suit counts only as long as each opponent who holds a
// trump can follow, and, when partner holds trumps, only as many side-suit
// winners as partner has cards to play to them other than trumps, so that
// partner is never made to ruff and take the lead. Trumps are cashed last.
// Partner always has cards to spare for the discards: the leader's
// winners are no more than the cards partner holds, and partner keeps the
// lowest of each suit for following. The cards returned are the lowest of
// the leader's winners counted in each suit: with the holders of the
// cards down to it and the lengths of the hands the same, so are the
// winners and partner's lower cards. When t, the tricks the question
// needs, is fewer than the count, only enough winners for t are
// returned (see [Solver.pick]); when the count is below least, none are,
// since a count that settles nothing needs no cards.
func (s *Solver) quickTricks(l, t, least int) (int, uint64) {
	lho, p, rho := (l+1)&3, (l+2)&3, (l+3)&3
	q, side := 0, 0
	var w [4]int
	for suit := range 4 {
		c := s.cash(l, suit)
		if c == 0 {
			continue
		}
		if s.trump != noTrump && suit != s.trump {
			if s.hand[lho][s.trump] != 0 {
				c = min(c, bits.OnesCount16(s.hand[lho][suit]))
			}
			if s.hand[rho][s.trump] != 0 {
				c = min(c, bits.OnesCount16(s.hand[rho][suit]))
			}
			side += c
		} else {
			q += c
		}
		w[suit] = c
	}
	free := 13
	if s.trump != noTrump && s.hand[p][s.trump] != 0 {
		free = 0
		for suit := range 4 {
			if suit != s.trump {
				free += bits.OnesCount16(s.hand[p][suit])
			}
		}
		side = min(side, free)
	}
	if q+side < least {
		return q + side, 0
	}
	return q + side, s.pick(l, &w, t, free)
}

// pick returns the cards that decide t of the winners w counts in each
// suit for seat l, at most free of them outside trumps (t of 0 or less:
// all of them). A question that needs fewer tricks than the bound counts
// is settled by fewer winners, and the fewer cards returned, the wider
// the classes of positions the answer stands for: the winners are taken
// from a suit that the seat alone holds first (it names no card), then
// from the suits with the most, so that as few suits as possible are
// named, and in the last suit only as many as are needed.
func (s *Solver) pick(l int, w *[4]int, t, free int) uint64 {
	if t <= 0 {
		t = 52
	}
	var rel uint64
	for t > 0 {
		b, bfree := -1, false
		for suit := range 4 {
			if w[suit] == 0 {
				continue
			}
			sole := s.hand[l][suit] == s.live(suit)
			if b < 0 || sole && !bfree || sole == bfree && w[suit] > w[b] {
				b, bfree = suit, sole
			}
		}
		if b < 0 {
			break
		}
		c := min(w[b], t)
		if b != s.trump {
			c = min(c, free)
			free -= c
		}
		if c > 0 {
			rel |= s.winnerRel(l, b, c)
			t -= c
		}
		w[b] = 0
	}
	return rel
}

// cash returns how many of seat l's cards of suit, higher than every
// card the opponents hold in it, l cashes from the top while partner
// plays lower cards to them: the count stops at the first that partner
// could only overtake.
func (s *Solver) cash(l, suit int) int {
	opps := bits.Len16(s.hand[(l+1)&3][suit] | s.hand[(l+3)&3][suit])
	win := s.hand[l][suit] >> opps << opps
	partner := s.hand[(l+2)&3][suit]
	w := 0
	for win != 0 {
		r := bits.Len16(win) - 1
		if partner != 0 {
			under := partner & -partner
			if int(under) > 1<<r {
				break
			}
			partner &^= under
		}
		win &^= 1 << r
		w++
	}
	return w
}

// winnerRel returns the card that decides a count of w winners of seat l
// in suit: the lowest of them, the w-th highest card of l. When l holds
// every card of the suit still out, no rank decides: the suit lengths
// alone say that all of them win, and none is returned.
func (s *Solver) winnerRel(l, suit, w int) uint64 {
	h := s.hand[l][suit]
	if h == s.live(suit) {
		return 0
	}
	for range w - 1 {
		h &^= 1 << (bits.Len16(h) - 1)
	}
	return 1 << (16*suit + bits.Len16(h) - 1)
}

// ntTricks is a lower bound on the tricks the leader's side takes in no
// trump, where nothing is ruffed: the leader cashes winners in some
// suits, then leads a low card of a suit to partner's winner, and
// partner cashes winners in the others (see [Solver.cash]; either hand
// plays low cards to the other's winners). Each suit is the leader's or
// partner's, whichever counts more in it; the one led to partner is
// partner's. Neither hand is short of discards: each plays one card a
// trick, keeps the low cards of the suits the other cashes and the
// winners of its own, and all of these together are no more than the
// tricks counted, which are no more than the tricks left. The cards
// returned are the lowest of the winners counted in each suit; when the
// leader cashes alone, only enough of them for t, the tricks the
// question needs (see [Solver.pick]); none when the count is below
// least, where it settles nothing.
func (s *Solver) ntTricks(l, t, least int) (int, uint64) {
	p := (l + 2) & 3
	var wl, wp [4]int
	base := 0
	for suit := range 4 {
		wl[suit] = s.cash(l, suit)
		wp[suit] = s.cash(p, suit)
		base += wl[suit]
	}
	best, via := base, -1
	for x := range 4 {
		if wp[x] == 0 || s.hand[l][x] == 0 {
			continue
		}
		t := wp[x]
		for suit := range 4 {
			if suit != x {
				t += max(wl[suit], wp[suit])
			}
		}
		if t > best {
			best, via = t, x
		}
	}
	if min(best, s.left) < least {
		return min(best, s.left), 0
	}
	if via < 0 {
		return min(best, s.left), s.pick(l, &wl, t, 13)
	}
	var rel uint64
	for suit := range 4 {
		switch {
		case via >= 0 && (suit == via || wp[suit] > wl[suit]):
			if wp[suit] > 0 {
				rel |= s.winnerRel(p, suit, wp[suit])
			}
		case wl[suit] > 0:
			rel |= s.winnerRel(l, suit, wl[suit])
		}
	}
	return min(best, s.left), rel
}

// partnerTricks is a lower bound on the tricks the leader's side takes
// by leading to partner's top card in a suit the leader holds and cashing
// partner's quick tricks from there: partner's quick tricks, when one of
// the suits they are counted in is one the leader can lead. A suit counts
// for partner only when the opponents follow to it (see
// [Solver.quickTricks]), so the first lead of it cannot be ruffed. A
// count below least settles nothing, and is given as 0.
func (s *Solver) partnerTricks(l, least int) (int, uint64) {
	p := (l + 2) & 3
	q, rel := s.quickTricks(p, 0, max(least, 1))
	if q < max(least, 1) {
		return 0, 0
	}
	for suit := range 4 {
		if s.hand[l][suit] != 0 && uint16(rel>>(16*suit)) != 0 {
			return q, rel
		}
	}
	return 0, 0
}

// losesTrick reports whether the leader's side loses the current trick
// whatever is led: an opponent holds the top card of every suit the
// leader holds, and partner cannot ruff any of them. The opponent plays it
// and wins. The cards returned are those top cards: with their holders
// and the lengths of the hands the same, the same holds.
func (s *Solver) losesTrick(l int) (bool, uint64) {
	p := (l + 2) & 3
	var rel uint64
	for suit := range 4 {
		if s.hand[l][suit] == 0 {
			continue
		}
		live := s.live(suit)
		top := uint16(1) << (bits.Len16(live) - 1)
		if (s.hand[l][suit]|s.hand[p][suit])&top != 0 {
			return false, 0
		}
		if s.trump != noTrump && suit != s.trump && s.hand[p][suit] == 0 && s.hand[p][s.trump] != 0 {
			return false, 0
		}
		rel |= uint64(top) << (16 * suit)
	}
	return true, rel
}

// sureTrumps is a lower bound on the tricks the side of seat x takes
// with trumps, whoever leads: the larger, over the side's two hands, of
// the trumps of one hand that the opponents cannot all beat. A trump of
// the hand wins the trick it is played to unless an opponent plays a
// higher trump to the same trick, and each trump of the opponents beats
// at most one: matching the hand's trumps from the top down to the
// opponents' higher trumps not yet matched, those left unmatched win.
// The hand's trumps fall in different tricks, so they count each once;
// partner's trumps count only in partner's own count, as two hands'
// trumps may fall together. The count is asked of u, the tricks the
// question needs: the card returned is the highest card of trumps that,
// with the holders of the trumps down to it fixed and the lower trumps
// laid out as badly as the lengths allow (the opponents' above the
// hand's), still leaves u; none when the lengths alone leave u. When the
// count is below u, it is returned with no card: it settles nothing.
func (s *Solver) sureTrumps(x, u int) (int, uint64) {
	if s.trump == noTrump || u <= 0 {
		return 0, 0
	}
	live := s.out[s.trump]
	opp := s.hand[(x+1)&3][s.trump] | s.hand[(x+3)&3][s.trump]
	nY := bits.OnesCount16(opp)
	best := 0
	for _, h := range [2]int{x, (x + 2) & 3} {
		mine := s.hand[h][s.trump]
		nX := bits.OnesCount16(mine)
		if nX-nY >= u {
			return nX - nY, 0
		}
		if nX <= best {
			continue
		}
		sure, avail, xr, yr := 0, 0, nX, nY
		for l := live; l != 0; {
			r := bits.Len16(l) - 1
			l &^= 1 << r
			bit := uint16(1) << r
			switch {
			case mine&bit != 0:
				xr--
				if avail > 0 {
					avail--
				} else {
					sure++
				}
			case opp&bit != 0:
				yr--
				avail++
			}
			if sure+max(0, xr-avail-yr) >= u {
				return u, 1 << (16*s.trump + r)
			}
			if xr == 0 {
				break
			}
		}
		best = max(best, sure)
	}
	return best, 0
}

// patKeys holds, for each suit, the holders of its cards still in play
// as two planes of a bit per card, the top card at bit 12 and the lower
// ones below it in turn: the seat's low bit (East or West) in the plane
// from bit 0, its high bit (South or West) in the plane from bit 13. The
// key of the holders of the top k cards, as an entry of the
// transposition table keeps it, is the top k bits of each plane (see
// [ttKey]): cut from the planes by a mask only when an entry asks for
// it, since a lookup reads a few of the 4×14 keys a position has.
type patKeys [4]uint32

// planeMask[k] keeps the top k bits of each plane of a key.
var planeMask = func() (m [16]uint32) {
	for k := range 14 {
		m[k] = (1<<k - 1) << (13 - k) * (1<<13 + 1)
	}
	return m
}()

// keys returns the keys of the holders of the cards of each suit (see
// [patKeys]) at the start of the trick with left tricks to play, the
// current one. They are those of the trick before with the four cards
// played to it taken out, a few operations for each card where
// [Solver.patterns] makes them afresh: only the start of the search
// makes them afresh. The keys of the trick before are there: its search
// made them before it tried the moves that led here.
func (s *Solver) keys(left int) *patKeys {
	pk := &s.keyStack[left]
	if left == s.root {
		return pk
	}
	*pk = s.keyStack[left+1]
	for suit := range 4 {
		// The cards of the suit from the highest down, each at the
		// place that the cards still in play above it give it: the
		// higher cards of the trick are gone by then.
		for t := s.trick[left][suit]; t != 0; {
			r := bits.Len16(t) - 1
			t &^= 1 << r
			at := 12 - bits.OnesCount16(s.out[suit]>>(r+1))
			pk[suit] = pk[suit]&keepAbove[at] | (pk[suit]&keepBelow[at])<<1
		}
	}
	return pk
}

// keepAbove[b] and keepBelow[b] keep the bits above and below b in each
// plane of a key: a card at bit b is taken out of the planes by moving
// the cards below it up a place.
var keepAbove, keepBelow = func() (above, below [13]uint32) {
	for b := range 13 {
		hi := uint32(1<<13-1) &^ (1<<(b+1) - 1)
		lo := uint32(1<<b - 1)
		above[b], below[b] = hi|hi<<13, lo|lo<<13
	}
	return above, below
}()

// patterns sets the holders of the cards of each suit still held (see
// [patKeys]).
func (s *Solver) patterns(pk *patKeys) {
	s.patternsOf(pk, &s.out)
}

// patternsOf sets the holders of the cards of live in each suit, a
// card no hand holds as if North held it.
func (s *Solver) patternsOf(pk *patKeys, live *[4]uint16) {
	for suit := range 4 {
		live := live[suit]
		h1, h2, h3 := s.hand[1][suit], s.hand[2][suit], s.hand[3][suit]
		pat := uint32(compress(h1|h3, live)) | uint32(compress(h2|h3, live))<<13
		pk[suit] = pat << (13 - bits.OnesCount16(live))
	}
}

// compressLow and compressHigh gather the bits of x at the places of the
// bits of live into the low bits, for the low seven ranks and the high
// six: the table form of the scan of every card that patterns would
// otherwise do at each position.
// Each entry is the one of x less its lowest bit, with that bit's own
// place added: every process builds the tables, and bit by bit they took
// three million instructions. Gathering does not depend on which ranks the
// bits stand for, so compressHigh is the start of compressLow.
var compressLow, compressHigh = func() (lo [128][128]uint8, hi [64][64]uint8) {
	for live := range 128 {
		for x := 1; x < 128; x++ {
			low := x & -x
			lo[live][x] = lo[live][x&(x-1)]
			if live&low != 0 {
				lo[live][x] |= 1 << bits.OnesCount(uint(live&(low-1)))
			}
		}
	}
	for live := range hi {
		copy(hi[live][:], lo[live][:])
	}
	return lo, hi
}()

// compress gathers the bits of x at the places of live's bits, lowest
// first; ranks run from bit 2 (the two) to bit 14 (the ace).
func compress(x, live uint16) uint16 {
	x, live = x>>2, live>>2
	low := compressLow[live&127][x&127]
	return uint16(low) | uint16(compressHigh[live>>7&63][x>>7&63])<<bits.OnesCount16(live&127)
}
