package dd

import (
	"fmt"

	"github.com/bridgekit/bridgekit/auction"
)

// Position is a deal in play, at the start of a trick or part-way through
// one.
type Position struct {
	// Hands holds the cards not yet played. The players still to play to
	// the current trick hold one card more than those who have played to
	// it; with no card played yet, all four hold the same number. Hands
	// may not hold unspecified cards ("x").
	Hands auction.Deal
	// Trumps is the strain of the play: a suit, or NoTrump.
	Trumps auction.Strain
	// Leader is the seat that leads to the current trick, or that led to
	// it when Trick holds cards.
	Leader auction.Seat
	// Trick holds the cards played to the current trick, from Leader's on:
	// none to three.
	Trick []auction.Card
	// Declarer is a seat of the side whose tricks [Solve] counts.
	Declarer auction.Seat
}

// check reports why p cannot be solved, or nil. It returns the number of
// tricks left to play, the current one included.
func (p *Position) check() (int, error) {
	if p.Trumps > auction.NoTrump {
		return 0, fmt.Errorf("dd: position: %v is not a strain", p.Trumps)
	}
	if !p.Leader.Valid() || !p.Declarer.Valid() {
		return 0, fmt.Errorf("dd: position: leader %v or declarer %v is not a seat", p.Leader, p.Declarer)
	}
	if len(p.Trick) > 3 {
		return 0, fmt.Errorf("dd: position: %d cards played to the trick; a trick in progress holds at most 3", len(p.Trick))
	}
	if err := p.Hands.Validate(); err != nil {
		return 0, fmt.Errorf("dd: position: %w", err)
	}
	var seen auction.Hand
	for _, s := range auction.Seats {
		h := p.Hands[s]
		for _, su := range auction.Suits {
			if h.Spots(su) > 0 {
				return 0, fmt.Errorf("dd: position: %s's hand %s holds unspecified cards, which cannot be played double dummy", s, h)
			}
		}
		for c := range h.All() {
			seen.Add(c)
		}
	}
	for i, c := range p.Trick {
		if !c.Valid() {
			return 0, fmt.Errorf("dd: position: card %d of the trick, %v, is not a card", i+1, c)
		}
		if seen.Has(c) {
			return 0, fmt.Errorf("dd: position: %v is played to the trick and still held", c)
		}
		seen.Add(c)
		if i > 0 && c.Suit() != p.Trick[0].Suit() {
			seat := p.Leader.Add(i)
			if h := p.Hands[seat].InSuit(p.Trick[0].Suit()); h.Len() > 0 {
				return 0, fmt.Errorf("dd: position: %s plays %v to a %s lead while holding %s", seat, c, p.Trick[0].Suit().Name(), h.Cards()[0])
			}
		}
	}
	n := p.Hands[p.Leader.Add(len(p.Trick))].Len()
	for i := range 4 {
		seat := p.Leader.Add(i)
		want := n
		if i < len(p.Trick) {
			want = n - 1
		}
		if got := p.Hands[seat].Len(); got != want {
			return 0, fmt.Errorf("dd: position: %s holds %d cards where %d are expected (%s, next to play, holds %d, and %d cards are on the trick)",
				seat, got, want, p.Leader.Add(len(p.Trick)), n, len(p.Trick))
		}
	}
	if len(p.Trick) > 0 && n == 0 {
		return 0, fmt.Errorf("dd: position: %d cards on the trick and no card left to finish it", len(p.Trick))
	}
	return n, nil
}
