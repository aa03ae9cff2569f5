package auction

import (
	"errors"
	"fmt"
	"slices"

	"github.com/bridgekit/bridgekit/diag"
)

// Trick is one trick: who led, the cards in the order played and who won.
type Trick struct {
	Leader Seat    // the player who led
	Cards  [4]Card // in the order played, the leader's first; NoCard for a card still to come
	Winner Seat    // the player who won the trick, once it is complete

	// OutOfTurn marks a lead made out of turn and accepted (PBN "^L",
	// Law 53): Leader is then not the player whose turn it was.
	OutOfTurn bool
	// Revoke[i] marks Cards[i] as a revoke that stood (PBN "^R").
	Revoke [4]bool
}

// Len is the number of cards played to the trick.
func (t Trick) Len() int {
	n := 0
	for n < len(t.Cards) && t.Cards[n] != NoCard {
		n++
	}
	return n
}

// Card is the card seat s played to the trick, or NoCard.
func (t Trick) Card(s Seat) Card {
	return t.Cards[(s-t.Leader)&3]
}

// winner is the seat whose card wins the complete trick t.
func (t Trick) winner(trumps Strain) Seat {
	best := 0
	for i := 1; i < len(t.Cards); i++ {
		if beats(t.Cards[i], t.Cards[best], trumps) {
			best = i
		}
	}
	return t.Leader.Add(best)
}

// beats reports whether c beats best, the card winning the trick so far: a
// higher card of the same suit, or a trump on a card that is not one.
func beats(c, best Card, trumps Strain) bool {
	if c.Suit() == best.Suit() {
		return c.Rank() > best.Rank()
	}
	return trumps != NoTrump && c.Suit() == Suit(trumps)
}

// The reasons a card or a claim is refused. Like the call infractions they
// are sentinels for errors.Is, and carry a Law where one applies.
var (
	// ErrNotACard: a Card value outside the 52 cards, such as NoCard.
	ErrNotACard = &Infraction{diag.PlayIllegal, 0, "not a card"}
	// ErrNotInHand: the card is in another player's hand, or not in the
	// player's fully known hand.
	ErrNotInHand = &Infraction{diag.PlayIllegal, 0, "card not in the player's hand"}
	// ErrPlayedTwice: the card was played before.
	ErrPlayedTwice = &Infraction{diag.PlayIllegal, 0, "card already played"}
	// ErrRevoke: a failure to follow suit by a player who can (Laws 44C
	// and 61).
	ErrRevoke = &Infraction{diag.Revoke, 61, "revoke"}
	// ErrPlayOver: a card after the last trick, or after a claim, at which
	// play ceases (Law 68D).
	ErrPlayOver = &Infraction{diag.PlayIllegal, 68, "play is over"}
	// ErrNotALead: a lead out of turn while a trick is in progress.
	ErrNotALead = &Infraction{diag.PlayIllegal, 0, "lead in the middle of a trick"}
	// ErrBadClaim: a claim of fewer tricks than declarer's side has won,
	// or of more than the defenders have left it.
	ErrBadClaim = &Infraction{diag.ClaimImpossible, 0, "impossible claim"}
)

// PlayError reports a card that cannot be played, or a claim that cannot
// be true, naming the trick, the player and the reason. Its message reads
// like a director's note: "trick 3 (W): D4 is a revoke: W holds hearts and
// must follow suit (Laws 44C, 61)".
type PlayError struct {
	Trick  int    // the trick, counted from 1
	Seat   Seat   // the player (for a claim, the declarer)
	Card   Card   // the card refused; NoCard for a claim
	Reason error  // one of the Err* infractions above
	Detail string // what happened, in plain words
}

// Error returns the trick, the seat and what is wrong.
func (e *PlayError) Error() string {
	return fmt.Sprintf("trick %d (%s): %s", e.Trick, e.Seat, e.Detail)
}

// Unwrap returns the reason, so that errors.Is(err, ErrRevoke) works.
func (e *PlayError) Unwrap() error { return e.Reason }

// Code returns the stable code of Reason (see [Infraction.Code]): the
// package makes PlayErrors only with an [Infraction] as Reason, and one
// built otherwise has the code play-illegal.
func (e *PlayError) Code() diag.Code {
	var inf *Infraction
	if errors.As(e.Reason, &inf) {
		return inf.Code()
	}
	return diag.PlayIllegal
}

// Play replays the cards of a board, trick by trick, checking each against
// the deal and the Laws: the card must be in the player's hand when that
// hand is known, must not have been played already, and must follow suit
// when the player can (a revoke otherwise). It computes who wins each
// trick and who leads next, counts the tricks of each side, and records a
// claim. Partial play is fine: the result is known once all tricks are
// played or a claim is recorded.
//
// A hand is checked card by card only when it is fully known: given, with
// as many cards as the board has tricks and no unspecified "x" cards. A
// card shown in any given hand still may only be played by that hand.
//
// Create one with [NewPlay], or set up any Play, the zero value included,
// with [Play.Reset]; the zero Play has no board and accepts no card. A Play
// can be reused and must not be used concurrently. After setup nothing
// allocates unless a card is refused.
type Play struct {
	deal    Deal
	trumps  Strain
	size    int     // the tricks of the board: 13, or fewer for an end position
	checked uint8   // bit s set: seat s's hand is fully known
	left    [4]Hand // the cards each hand has not played yet
	played  Hand

	tricks [13]Trick
	n      int   // completed tricks
	cur    Trick // the trick in progress
	curLen int
	won    [2]int // tricks won, by side

	claimed   bool
	claim     int // the tricks claimed, in all, by claimSide
	claimSide Side
}

// NewPlay starts the play of a board dealt d, with trumps (NoTrump for a
// no-trump contract) and leader, the player on lead at the first trick:
// declarer's left-hand opponent, or in an end position (PBN §8) whoever is
// on lead there. The errors are those of [Play.Reset].
func NewPlay(d Deal, trumps Strain, leader Seat) (*Play, error) {
	p := new(Play)
	if err := p.Reset(d, trumps, leader); err != nil {
		return nil, err
	}
	return p, nil
}

// Reset makes p a fresh play of the board, as [NewPlay] does, reusing its
// memory. The deal is completed first (see [Deal.Complete]), so a missing
// fourth hand is checked too. The board has 13 tricks unless every given
// hand holds the same number n < 13 of cards: an end position of n tricks.
// It returns an error, leaving p unchanged, when trumps is not a strain,
// leader not a seat, or the deal contradicts itself (a *DealError).
func (p *Play) Reset(d Deal, trumps Strain, leader Seat) error {
	if trumps > NoTrump {
		return fmt.Errorf("cannot play with trumps %v: not a strain", trumps)
	}
	if !leader.Valid() {
		return fmt.Errorf("cannot play with leader %v: not a seat", leader)
	}
	if err := d.Validate(); err != nil {
		return err
	}
	d = d.Complete()
	*p = Play{deal: d, trumps: trumps, size: tricksIn(d), left: [4]Hand(d), cur: Trick{Leader: leader}}
	for _, s := range Seats {
		if h := d[s]; h.Len() == p.size && h.spots == 0 {
			p.checked |= 1 << s
		}
	}
	return nil
}

// tricksIn is the number of tricks of a board dealt d: the number of cards
// in each given hand when they all hold the same number, else 13.
func tricksIn(d Deal) int {
	n := 0
	for _, h := range d {
		switch l := h.Len(); {
		case l == 0:
		case n == 0:
			n = l
		case l != n:
			return 13
		}
	}
	if n == 0 {
		return 13
	}
	return n
}

// Turn is the player to play the next card.
func (p *Play) Turn() Seat { return p.cur.Leader.Add(p.curLen) }

// Done reports whether play is over: every trick played, or a claim
// recorded.
func (p *Play) Done() bool { return p.n == p.size || p.claimed }

// Tricks returns the completed tricks, in order. The slice shares p's
// memory: it must not be modified, and it stays valid until p is reset.
func (p *Play) Tricks() []Trick { return p.tricks[:p.n:p.n] }

// Current returns the trick in progress: its leader and the cards played
// to it so far (the others are NoCard).
func (p *Play) Current() Trick { return p.cur }

// TricksWon is the number of completed tricks won by side.
func (p *Play) TricksWon(side Side) int { return p.won[side&1] }

// Play plays card c for the player whose turn it is. It returns a
// *PlayError, and changes nothing, when c is not a card, is in another
// player's hand or not in this player's known hand, was played already, is
// a revoke, or play is over.
func (p *Play) Play(c Card) error { return p.playTurn(c, false) }

// PlayRevoke plays c for the player whose turn it is, marked as a revoke
// that stood: PBN's "^R". The mark is recorded in the trick as given; that
// the card indeed fails to follow suit is not required, since the hand may
// be unknown. It is refused for the other reasons [Play.Play] gives.
// Tricks are counted as played: the trick adjustments of Law 64 are not
// applied.
func (p *Play) PlayRevoke(c Card) error { return p.playTurn(c, true) }

// playTurn plays c for the player whose turn it is, as a revoke if revoke
// is set.
func (p *Play) playTurn(c Card, revoke bool) error {
	seat := p.Turn()
	if err := p.check(seat, c, revoke); err != nil {
		return err
	}
	p.place(seat, c, revoke)
	return nil
}

// LeadOutOfTurn plays c as the lead of a new trick by seat, whose turn it
// may not be: an accepted lead out of turn (Law 53), which PBN marks "^L".
// The trick then goes on clockwise from seat. A lead by the player whose
// turn it is is simply a lead and is not marked. It returns a *PlayError
// wrapping ErrNotALead when a trick is in progress, or any reason
// [Play.Play] gives.
func (p *Play) LeadOutOfTurn(seat Seat, c Card) error {
	seat &= 3
	if p.curLen > 0 && !p.Done() {
		return p.refuse(seat, c, ErrNotALead, fmt.Sprintf("%s cannot be a lead: a trick is in progress, led by %s with %s", c, p.cur.Leader, p.cur.Cards[0]))
	}
	if err := p.check(seat, c, false); err != nil {
		return err
	}
	if seat != p.cur.Leader {
		p.cur.Leader, p.cur.OutOfTurn = seat, true
	}
	p.place(seat, c, false)
	return nil
}

// check returns why seat may not play c now, or nil.
func (p *Play) check(seat Seat, c Card, revoke bool) error {
	switch {
	case p.claimed:
		return p.refuse(seat, c, ErrPlayOver, fmt.Sprintf("%s comes after the claim: play ceases at a claim (Law 68D)", c))
	case p.size == 0:
		return p.refuse(seat, c, ErrPlayOver, fmt.Sprintf("%s has no board to be played on: start one with NewPlay or Reset", c))
	case p.n == p.size:
		return p.refuse(seat, c, ErrPlayOver, fmt.Sprintf("%s comes after the last trick: all %d tricks are played", c, p.size))
	case !c.Valid():
		return p.refuse(seat, c, ErrNotACard, fmt.Sprintf("%s is not a card", c))
	case p.played.Has(c):
		trick, by := p.whoPlayed(c)
		return p.refuse(seat, c, ErrPlayedTwice, fmt.Sprintf("%s was already played by %s at trick %d", c, by, trick))
	}
	if owner, ok := p.deal.Owner(c); ok && owner != seat {
		return p.refuse(seat, c, ErrNotInHand, fmt.Sprintf("%s is in %s's hand, not %s's", c, owner, seat))
	}
	known := p.checked&(1<<seat) != 0
	if known && !p.left[seat].Has(c) {
		return p.refuse(seat, c, ErrNotInHand, fmt.Sprintf("%s does not hold %s", seat, c))
	}
	if p.curLen > 0 && known && !revoke {
		led := p.cur.Cards[0].Suit()
		if c.Suit() != led && p.left[seat].InSuit(led) != (Hand{}) {
			return p.refuse(seat, c, ErrRevoke, fmt.Sprintf("%s is a revoke: %s holds %s and must follow suit (Laws 44C, 61)", c, seat, led.Name()))
		}
	}
	return nil
}

// refuse builds the *PlayError for a card refused at the current trick.
func (p *Play) refuse(seat Seat, c Card, reason error, detail string) error {
	return &PlayError{Trick: p.n + 1, Seat: seat, Card: c, Reason: reason, Detail: detail}
}

// whoPlayed finds the trick (from 1) and the seat that played c.
func (p *Play) whoPlayed(c Card) (int, Seat) {
	for i, t := range append(p.tricks[:p.n:p.n], p.cur) {
		for j, played := range t.Cards {
			if played == c {
				return i + 1, t.Leader.Add(j)
			}
		}
	}
	return 0, 0
}

// place puts c, checked, on the table for seat, closing the trick after
// the fourth card.
func (p *Play) place(seat Seat, c Card, revoke bool) {
	p.cur.Cards[p.curLen] = c
	p.cur.Revoke[p.curLen] = revoke
	p.curLen++
	p.left[seat].Remove(c)
	p.played.Add(c)
	if p.curLen < len(p.cur.Cards) {
		return
	}
	p.cur.Winner = p.cur.winner(p.trumps)
	p.tricks[p.n] = p.cur
	p.n++
	p.won[p.cur.Winner.Side()]++
	p.cur, p.curLen = Trick{Leader: p.cur.Winner}, 0
}

// Claim records that the declaring side, declarer's, takes tricks tricks
// in all (LIN's mc: the total for the board, not the tricks still to
// come). Play then ceases (Law 68D). The claim must be possible: at least
// the tricks declarer's side has already won, and no more than the
// defenders have left it. A claim after the last trick must match the
// tricks won. It returns a *PlayError wrapping ErrBadClaim otherwise.
func (p *Play) Claim(declarer Seat, tricks int) error {
	if err := p.CheckClaim(declarer, tricks); err != nil {
		return err
	}
	p.claimed, p.claim, p.claimSide = true, tricks, declarer.Side()
	return nil
}

// CheckClaim reports, as Claim does, whether a claim of tricks for
// declarer's side is possible now, without recording it: a PBN play cut
// short with its Result is such a claim.
func (p *Play) CheckClaim(declarer Seat, tricks int) error {
	side := declarer.Side()
	have, most := p.won[side], p.size-p.won[side.Opponents()]
	var why string
	switch {
	case p.size == 0:
		why = "there is no board to claim on: start one with NewPlay or Reset"
	case p.claimed:
		why = fmt.Sprintf("a claim of %d tricks is already recorded", p.claim)
	case tricks < have:
		why = fmt.Sprintf("a claim of %d tricks is impossible: declarer's side has already won %d", tricks, have)
	case tricks > most:
		why = fmt.Sprintf("a claim of %d tricks is impossible: the defenders have already won %d of %d", tricks, p.won[side.Opponents()], p.size)
	default:
		return nil
	}
	return &PlayError{Trick: p.n + 1, Seat: declarer & 3, Reason: ErrBadClaim, Detail: why}
}

// Result is the number of tricks declarer's side takes: the claim when one
// is recorded, else the tricks won once every trick is played. ok is false
// while play is unfinished and nothing is claimed: the result is then
// unknown.
func (p *Play) Result(declarer Seat) (tricks int, ok bool) {
	side := declarer.Side()
	switch {
	case p.claimed && p.claimSide == side:
		return p.claim, true
	case p.claimed:
		return p.size - p.claim, true
	case p.n == p.size && p.size > 0:
		return p.won[side], true
	}
	return 0, false
}

// TrickWinner returns the seat that wins a trick led by leader with cards,
// in the order played, and trumps (NoTrump for none). ok is false when one
// of the cards is not a card (NoCard): the winner is then unknown.
func TrickWinner(leader Seat, cards [4]Card, trumps Strain) (winner Seat, ok bool) {
	for _, c := range cards {
		if !c.Valid() {
			return 0, false
		}
	}
	return Trick{Leader: leader & 3, Cards: cards}.winner(trumps), true
}

// RevokeTransfer returns the tricks the Laws transfer at the end of play
// for the revokes that stood (PBN "^R"), counted for declarer's side:
// positive when the defenders revoked, negative when declarer's side did.
// It follows Law 64 of 2017: when the offending player won the revoke
// trick, that trick and one more of those the offending side won after it
// are transferred (64A1); otherwise one trick, when the offending side won
// the revoke trick or a later one (64A2). None is due (64B) when the
// offending side won neither, for a second revoke in the same suit by the
// same player, for dummy's revoke, for a revoke on the last trick but one
// (trick twelve), or when
// both sides revoked. The transfer of a side never exceeds the tricks it
// won from its first revoke on. It is 0 until every trick is played.
func (p *Play) RevokeTransfer(declarer Seat) int {
	tricks := p.Tricks()
	if len(tricks) != p.size || p.size == 0 {
		return 0
	}
	type revoke struct {
		trick int
		seat  Seat
		suit  Suit
	}
	var revokes []revoke
	sides := [2]bool{}
	for k, t := range tricks {
		for i, r := range t.Revoke {
			if r {
				s := t.Leader + Seat(i)
				revokes = append(revokes, revoke{k, s & 3, t.Cards[i].Suit()})
				sides[(s & 3).Side()] = true
			}
		}
	}
	if sides[0] && sides[1] {
		return 0 // 64B7: both sides revoked
	}
	transfer, first := 0, -1
	for i, rv := range revokes {
		side := rv.seat.Side()
		switch {
		case rv.seat == declarer.Partner(), rv.trick == p.size-2:
			continue // 64B3 (dummy's faced cards), 64B6 (trick twelve)
		case slices.ContainsFunc(revokes[:i], func(o revoke) bool { return o.seat == rv.seat && o.suit == rv.suit }):
			continue // 64B2: a second revoke in the suit by the same player
		}
		later := false
		for _, t := range tricks[rv.trick+1:] {
			later = later || t.Winner.Side() == side
		}
		switch won := tricks[rv.trick].Winner; {
		case won == rv.seat && later:
			transfer += 2
		case won == rv.seat, won.Side() == side, later:
			transfer++
		}
		if first < 0 {
			first = rv.trick
		}
	}
	if transfer == 0 {
		return 0
	}
	offender := revokes[0].seat.Side()
	won := 0
	for _, t := range tricks[first:] {
		if t.Winner.Side() == offender {
			won++
		}
	}
	transfer = min(transfer, won)
	if offender == declarer.Side() {
		return -transfer
	}
	return transfer
}
