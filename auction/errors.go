package auction

import (
	"errors"
	"fmt"

	"github.com/bridgekit/bridgekit/diag"
)

// Infraction is a reason a call, a card or a claim breaks the Laws of
// Duplicate Bridge. The package's Err* infractions are sentinels: compare them with
// [errors.Is], and reach the Law and code of any error that wraps one with
// [errors.As]:
//
//	var inf *auction.Infraction
//	if errors.As(err, &inf) {
//		fmt.Println(inf.Code(), inf.Law())
//	}
type Infraction struct {
	code diag.Code
	law  int
	text string
}

// Error returns the reason in a few words, e.g. "insufficient bid".
func (e *Infraction) Error() string { return e.text }

// Law is the number of the Law (Laws of Duplicate Bridge, 2017) that the
// call infringes, or 0 when no Law applies (a value that is not a call).
func (e *Infraction) Law() int { return e.law }

// Code is the code of the finding an audit reports for the infraction
// (see diag.Codes): "insufficient-bid", "inadmissible-double",
// "inadmissible-redouble", "call-after-auction", "bid-above-seven" or
// "not-a-call" for calls, "play-illegal", "revoke" or "claim-impossible"
// for cards and claims. Reasons that share a code (the seven of Law 36,
// the five kinds of card that cannot be played) are told apart with
// errors.Is.
func (e *Infraction) Code() diag.Code { return e.code }

// The reasons a call can be illegal.
var (
	// ErrInsufficientBid: a bid must rank above the last bid of the
	// auction, whoever made it (Law 27).
	ErrInsufficientBid = &Infraction{diag.InsufficientBid, 27, "insufficient bid"}

	// ErrNothingToDouble: a double with no bid before it (Law 36).
	ErrNothingToDouble = &Infraction{diag.InadmissibleDouble, 36, "nothing to double"}
	// ErrDoubleOwnSide: a double of a bid made by the doubler or his
	// partner (Law 36).
	ErrDoubleOwnSide = &Infraction{diag.InadmissibleDouble, 36, "double of own side's bid"}
	// ErrAlreadyDoubled: a double of a bid that already stands doubled or
	// redoubled (Law 36).
	ErrAlreadyDoubled = &Infraction{diag.InadmissibleDouble, 36, "bid already doubled"}

	// ErrNothingToRedouble: a redouble when no double was ever made (Law 36).
	ErrNothingToRedouble = &Infraction{diag.InadmissibleRedouble, 36, "nothing to redouble"}
	// ErrRedoubleOwnSide: a redouble of a double made by the redoubler or
	// his partner, i.e. of the opponents' bid (Law 36).
	ErrRedoubleOwnSide = &Infraction{diag.InadmissibleRedouble, 36, "redouble of own side's double"}
	// ErrBidSinceDouble: a redouble after a bid has cancelled the double;
	// only passes may come between a double and its redouble (Law 36).
	ErrBidSinceDouble = &Infraction{diag.InadmissibleRedouble, 36, "bid since the double"}
	// ErrAlreadyRedoubled: a redouble of a bid that stands redoubled (Law 36).
	ErrAlreadyRedoubled = &Infraction{diag.InadmissibleRedouble, 36, "already redoubled"}

	// ErrAuctionOver: a call after the auction has ended (Law 39).
	ErrAuctionOver = &Infraction{diag.CallAfterAuction, 39, "call after the auction has ended"}

	// ErrBidAboveSeven: a bid of eight or more. No such Call exists, so it
	// comes from the text parsers, whose error then matches this sentinel
	// (Law 38).
	ErrBidAboveSeven = &Infraction{diag.BidAboveSeven, 38, "bid above seven"}

	// ErrNotACall: a Call value outside the 38 calls, such as the zero Call,
	// given to Append or Legal.
	ErrNotACall = &Infraction{diag.NotACall, 0, "not a call"}
)

// ErrNotFinished is returned by [Auction.Contract] while the auction is
// still open.
var ErrNotFinished = errors.New("auction not finished")

// IllegalCallError reports a call that the Laws do not allow at its point in
// the auction. Its Error reads like a director's note:
//
//	call 5 (W): 1S is insufficient after 1NT (Law 27)
//
// Unwrap yields Reason, so errors.Is(err, ErrInsufficientBid) works.
type IllegalCallError struct {
	Index  int  // position of the call in the auction, from 0 (messages count from 1)
	Seat   Seat // the player whose turn it was
	Call   Call // the call; the zero Call for a skipped turn (see [Auction.Skip])
	Last   Call // the last bid of the auction before the call, or 0 if none
	Risk   Risk // whether Last stood doubled or redoubled
	Reason error
	Law    int // the Law infringed, as in Reason; 0 if none applies
}

// Error says which call, by whom, what is wrong with it and under which Law.
func (e *IllegalCallError) Error() string {
	if e.Law != 0 {
		return fmt.Sprintf("%s (Law %d)", e.Describe(), e.Law)
	}
	return e.Describe()
}

// Describe says which call, by whom and what is wrong with it, as Error
// does without the Law: a finding's message, whose Law is a field.
func (e *IllegalCallError) Describe() string {
	what := e.Call.String()
	if e.Call == 0 && e.Reason == ErrAuctionOver {
		what = "a skipped turn"
	}
	var msg string
	switch e.Reason {
	case ErrInsufficientBid:
		msg = fmt.Sprintf("%s is insufficient after %s", what, e.Last)
	case ErrNothingToDouble:
		msg = what + " is inadmissible: there is no bid to double"
	case ErrDoubleOwnSide:
		msg = fmt.Sprintf("%s is inadmissible: %s is his own side's bid", what, e.Last)
	case ErrAlreadyDoubled, ErrAlreadyRedoubled:
		msg = fmt.Sprintf("%s is inadmissible: %s is already %s", what, e.Last, riskWord(e.Risk))
	case ErrNothingToRedouble:
		msg = what + " is inadmissible: there is no double to redouble"
		if e.Last != 0 {
			msg = fmt.Sprintf("%s is inadmissible: %s has not been doubled", what, e.Last)
		}
	case ErrRedoubleOwnSide:
		msg = fmt.Sprintf("%s is inadmissible: the double of %s is his own side's", what, e.Last)
	case ErrBidSinceDouble:
		msg = fmt.Sprintf("%s is inadmissible: %s has been bid since the double", what, e.Last)
	case ErrAuctionOver:
		msg = what + " comes after the auction has ended"
	case ErrNotACall:
		msg = what + " is not a call"
	default:
		msg = fmt.Sprintf("%s: %v", what, e.Reason)
	}
	return fmt.Sprintf("call %d (%s): %s", e.Index+1, e.Seat, msg)
}

// Unwrap returns Reason.
func (e *IllegalCallError) Unwrap() error { return e.Reason }

// Code returns the stable code of Reason (see [Infraction.Code]): the
// package makes IllegalCallErrors only with an [Infraction] as Reason, and
// one built otherwise has the code of ErrNotACall.
func (e *IllegalCallError) Code() diag.Code {
	var inf *Infraction
	if errors.As(e.Reason, &inf) {
		return inf.Code()
	}
	return ErrNotACall.Code()
}

func riskWord(r Risk) string {
	if r == Redoubled {
		return "redoubled"
	}
	return "doubled"
}
