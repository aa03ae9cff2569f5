package auction

import (
	"fmt"
	"strings"
)

// Auction is the sequence of calls of one board, starting with the dealer's,
// checked call by call under the Laws of Duplicate Bridge.
//
// # Rules
//
// Calls go clockwise from the dealer. Pass is legal whenever the auction is
// open. A bid must rank above the last bid, whoever made it; doubles and
// redoubles do not raise the rank (Law 27). A player may double only the
// last bid, only if an opponent made it, and only if nothing but passes has
// followed it; he may redouble only an opponent's double of his own side's
// last bid, again followed by nothing but passes (Law 36 lists what is
// inadmissible). A new bid cancels any double or redouble. The auction ends
// when three passes follow any call, or when the first four calls are
// passes (the board is passed out); any call after that is illegal (Law 39).
//
// The last bid becomes the contract, doubled or redoubled if that stood. The
// declarer is the player of the declaring side who first named the
// contract's strain: after N 1H, E 1NT, S 2H, W X, N XX and three passes the
// contract is 2HXX by North, although South bid hearts last.
//
// # Use
//
// The zero Auction is an empty auction dealt by North; [NewAuction] and
// [Auction.Reset] choose the dealer. [Auction.Append] adds a call or, if it is
// illegal, returns an [*IllegalCallError] and leaves the auction unchanged;
// [Auction.Legal] asks the same question without appending, and
// [Auction.LegalCalls] answers it for all 38 calls at once.
//
// An Auction keeps a running summary (last bid and its bidder, the risk,
// passes in a row, the first player of each side to name each strain), so
// that Append, Legal, LegalCalls and Contract take constant time and, once
// the call slice has grown, allocate nothing. Reset keeps the storage for
// the next auction; replaying millions of auctions needs one Auction.
//
// # Irregularities
//
// PBN records two irregularities that were accepted at the table and are
// therefore part of the auction (PBN 2.1 §3.9):
//
//   - "^I 1C", an insufficient bid its offender's left-hand opponent accepted
//     (Law 27A). [Auction.AppendAccepted] appends it; it becomes the last
//     bid, so later bids must rank above it and the contract and declarer
//     come out as at the table.
//   - "^S", a turn skipped because a call out of rotation was accepted
//     (Law 29A). [Auction.Skip] fills the skipped player's slot with the
//     zero Call. A skipped turn neither counts as a pass nor interrupts a run
//     of passes.
//
// Both are listed, in order, by [Auction.Irregularities]. An irregular double
// or redouble cannot be recorded in PBN, and AppendAccepted forgives nothing
// but insufficiency.
//
// An Auction is not safe for concurrent use.
type Auction struct {
	calls  []Call
	irregs []Irregularity
	dealer Seat

	last   Call  // the last bid, 0 before the first
	lastBy Seat  // who made it
	risk   Risk  // whether it stands doubled or redoubled
	passes uint8 // passes since the last other call; skipped turns are transparent
	done   bool
	// doubled records whether any double has been made, to tell a redouble
	// whose double a later bid cancelled from one with no double at all.
	doubled bool
	// namer holds, for each side and strain, 1 + the first seat of that
	// side to bid the strain, or 0; it makes Contract's declarer a lookup.
	namer [2][NoTrump + 1]uint8
	// legal is LegalCalls() XOR openingCalls, kept current by every change.
	// Storing the difference makes the zero Auction's set right without an
	// initialisation step.
	legal CallSet
}

// openingCalls is what the first player may call: Pass or any bid.
var openingCalls = bidsAbove(0).With(Pass)

// NewAuction returns an empty auction dealt by dealer.
func NewAuction(dealer Seat) *Auction {
	a := &Auction{}
	a.Reset(dealer)
	return a
}

// Reset empties the auction and makes dealer (taken modulo 4) the first to
// call. It keeps the allocated storage, so a reused Auction does not
// allocate.
func (a *Auction) Reset(dealer Seat) {
	*a = Auction{calls: a.calls[:0], irregs: a.irregs[:0], dealer: dealer & 3}
}

// Dealer is the seat that makes the first call.
func (a *Auction) Dealer() Seat { return a.dealer }

// Len is the number of calls made, skipped turns included.
func (a *Auction) Len() int { return len(a.calls) }

// Calls returns the calls in order, from the dealer's; a skipped turn is the
// zero Call. The slice shares the auction's storage: do not modify it, and
// do not keep it past the next Append or Reset.
func (a *Auction) Calls() []Call { return a.calls[:len(a.calls):len(a.calls)] }

// SeatAt is the seat that made (or is to make) call number i, counting from
// 0 at the dealer.
func (a *Auction) SeatAt(i int) Seat { return a.dealer.Add(i) }

// Turn is the seat whose turn it is to call.
func (a *Auction) Turn() Seat { return (a.dealer + Seat(len(a.calls))) & 3 }

// Done reports whether the auction has ended: three passes after a call, or
// four passes to begin with.
func (a *Auction) Done() bool { return a.done }

// Irregularities lists the accepted irregularities in the order they were
// made. The slice shares the auction's storage, like [Auction.Calls].
func (a *Auction) Irregularities() []Irregularity {
	return a.irregs[:len(a.irregs):len(a.irregs)]
}

// LegalCalls returns the set of calls the player on turn may make; it is
// empty once the auction is over. It does not allocate.
func (a *Auction) LegalCalls() CallSet { return a.legal ^ openingCalls }

// Legal returns nil if c may be appended now, or the [*IllegalCallError] that
// [Auction.Append] would return.
func (a *Auction) Legal(c Call) error {
	if a.LegalCalls().Has(c) {
		return nil
	}
	return a.illegal(c, a.reason(c))
}

// Append adds c as the next call. If c is illegal the auction is left
// unchanged and the error is an [*IllegalCallError] whose Reason is one of
// the Err* infractions.
func (a *Auction) Append(c Call) error {
	if !a.LegalCalls().Has(c) {
		return a.illegal(c, a.reason(c))
	}
	a.apply(c)
	return nil
}

// AppendAccepted adds c like [Auction.Append], except that an insufficient
// bid is accepted (PBN "^I", Law 27A): it is appended, becomes the last bid
// and is listed by [Auction.Irregularities]. A sufficient bid is appended as
// an ordinary call with no irregularity; any other illegal call is refused
// as by Append.
func (a *Auction) AppendAccepted(c Call) error {
	if !a.LegalCalls().Has(c) {
		r := a.reason(c)
		if r != ErrInsufficientBid {
			return a.illegal(c, r)
		}
		a.irregs = append(a.irregs, Irregularity{
			Index: len(a.calls), Seat: a.Turn(), Kind: AcceptedInsufficientBid, Call: c, After: a.last,
		})
	}
	a.apply(c)
	return nil
}

// Skip records that the player on turn lost his turn (PBN "^S"): his slot
// holds the zero Call, and the turn passes to the next player. It fails with
// [ErrAuctionOver] once the auction has ended.
func (a *Auction) Skip() error {
	if a.done {
		return a.illegal(0, ErrAuctionOver)
	}
	a.irregs = append(a.irregs, Irregularity{Index: len(a.calls), Seat: a.Turn(), Kind: SkippedTurn})
	a.calls = append(a.calls, 0)
	a.refresh()
	return nil
}

// Contract returns the final contract and its declarer, the passed-out
// Contract (Level 0) if no one bid, or [ErrNotFinished] while the auction
// is open.
func (a *Auction) Contract() (Contract, error) {
	if !a.done {
		return Contract{}, ErrNotFinished
	}
	if a.last == 0 {
		return Contract{}, nil
	}
	s := a.last.Strain()
	return Contract{
		Level:    a.last.Level(),
		Strain:   s,
		Risk:     a.risk,
		Declarer: Seat(a.namer[a.lastBy.Side()][s] - 1),
	}, nil
}

// String returns the dealer and the calls in PBN's spelling, e.g.
// "N: 1H 1S 2H X XX Pass Pass Pass", with "^S" for a skipped turn and
// "^I" before an accepted insufficient bid.
func (a *Auction) String() string {
	var b strings.Builder
	b.WriteString(a.dealer.String())
	b.WriteByte(':')
	irregs := a.irregs
	for i, c := range a.calls {
		b.WriteByte(' ')
		if len(irregs) > 0 && irregs[0].Index == i {
			if irregs[0].Kind == AcceptedInsufficientBid {
				b.WriteString("^I ")
			}
			irregs = irregs[1:]
		}
		if c == 0 {
			b.WriteString("^S")
			continue
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// apply appends c, which the caller has allowed, and updates the summary.
func (a *Auction) apply(c Call) {
	seat := a.Turn()
	a.calls = append(a.calls, c)
	switch c {
	case Pass:
		a.passes++
	case Double:
		a.risk, a.passes, a.doubled = Doubled, 0, true
	case Redouble:
		a.risk, a.passes = Redoubled, 0
	default:
		a.last, a.lastBy, a.risk, a.passes = c, seat, Undoubled, 0
		if n := &a.namer[seat.Side()][c.Strain()]; *n == 0 {
			*n = uint8(seat) + 1
		}
	}
	a.refresh()
}

// refresh recomputes done and the legal set for the player now on turn.
func (a *Auction) refresh() {
	a.done = a.passes >= 4 || a.passes == 3 && a.last != 0
	var set CallSet
	if !a.done {
		set = bidsAbove(a.last).With(Pass)
		if a.last != 0 {
			ours := a.lastBy.Side() == a.Turn().Side()
			if !ours && a.risk == Undoubled {
				set = set.With(Double)
			}
			if ours && a.risk == Doubled {
				set = set.With(Redouble)
			}
		}
	}
	a.legal = set ^ openingCalls
}

// reason says why c is not in LegalCalls. It is the slow path, taken only
// for illegal calls, and spells out the Law 36 cases that refresh folds
// into two bits.
func (a *Auction) reason(c Call) *Infraction {
	switch {
	case !c.Valid():
		return ErrNotACall
	case a.done:
		return ErrAuctionOver
	case c.IsBid():
		return ErrInsufficientBid
	}
	ours := a.lastBy.Side() == a.Turn().Side()
	if c == Double {
		switch {
		case a.last == 0:
			return ErrNothingToDouble
		case ours:
			return ErrDoubleOwnSide
		}
		return ErrAlreadyDoubled
	}
	switch {
	case a.last == 0:
		return ErrNothingToRedouble
	case a.risk == Redoubled:
		return ErrAlreadyRedoubled
	case a.risk == Undoubled && a.doubled:
		return ErrBidSinceDouble
	case a.risk == Undoubled:
		return ErrNothingToRedouble
	}
	return ErrRedoubleOwnSide
}

func (a *Auction) illegal(c Call, r *Infraction) error {
	return &IllegalCallError{
		Index:  len(a.calls),
		Seat:   a.Turn(),
		Call:   c,
		Last:   a.last,
		Risk:   a.risk,
		Reason: r,
		Law:    r.Law(),
	}
}

//go:generate go run golang.org/x/tools/cmd/stringer@v0.52.0 -type=IrregularityKind -linecomment

// IrregularityKind says which accepted irregularity an [Irregularity] is.
type IrregularityKind uint8

// The irregularities PBN can record in an auction.
const (
	// AcceptedInsufficientBid is PBN's "^I": an insufficient bid that was
	// accepted (Law 27A).
	AcceptedInsufficientBid IrregularityKind = iota + 1 // insufficient-bid-accepted
	// SkippedTurn is PBN's "^S": a player lost his turn to an accepted call
	// out of rotation (Law 29A).
	SkippedTurn // skipped-turn
)

// Irregularity is an accepted irregularity at one slot of an auction.
type Irregularity struct {
	Index int  // position in the auction, from 0
	Seat  Seat // the offender (insufficient bid) or the player who lost his turn
	Kind  IrregularityKind
	Call  Call // the insufficient bid; 0 for a skipped turn
	After Call // the bid it failed to exceed; 0 for a skipped turn
}

// String describes the irregularity for a report, e.g.
// "call 2 (N): insufficient 1C after 1D accepted (Law 27A)".
func (r Irregularity) String() string {
	switch r.Kind {
	case AcceptedInsufficientBid:
		return fmt.Sprintf("call %d (%s): insufficient %s after %s accepted (Law 27A)", r.Index+1, r.Seat, r.Call, r.After)
	case SkippedTurn:
		return fmt.Sprintf("call %d (%s): turn skipped after a call out of rotation (Law 29A)", r.Index+1, r.Seat)
	}
	return fmt.Sprintf("call %d (%s): %s", r.Index+1, r.Seat, r.Kind)
}
