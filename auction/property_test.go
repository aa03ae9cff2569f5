package auction

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// This file checks the engine against a second, deliberately naive model
// that keeps no state and rescans the whole history for every question.

// seatOfCall is the seat of call i when dealer deals, computed without Seat's
// methods.
func seatOfCall(dealer Seat, i int) Seat { return Seat((int(dealer) + i) % 4) }

// refDone reports whether the calls end the auction: three passes after any
// bid (and so after any call), or four passes; skipped turns (zero Calls)
// are ignored.
func refDone(calls []Call) bool {
	passes, bid := 0, false
	for _, c := range calls {
		switch {
		case c == Pass:
			passes++
		case c != 0:
			passes = 0
		}
		bid = bid || c.IsBid()
	}
	return passes >= 4 || bid && passes >= 3
}

// refReason says, from the history alone, why c may not follow calls, or nil.
func refReason(dealer Seat, calls []Call, c Call) *Infraction {
	if !c.Valid() {
		return ErrNotACall
	}
	if refDone(calls) {
		return ErrAuctionOver
	}
	me := seatOfCall(dealer, len(calls))
	lastBid, lastAct := -1, -1 // index of the last bid, of the last call other than a pass or skip
	everDoubled := false
	for i, x := range calls {
		if x.IsBid() {
			lastBid = i
		}
		if x != Pass && x != 0 {
			lastAct = i
		}
		everDoubled = everDoubled || x == Double
	}
	ours := func(i int) bool { return seatOfCall(dealer, i)%2 == me%2 }
	switch {
	case c == Pass:
		return nil
	case c.IsBid():
		if lastBid >= 0 && c <= calls[lastBid] {
			return ErrInsufficientBid
		}
		return nil
	case lastBid < 0 && c == Double:
		return ErrNothingToDouble
	case lastBid < 0:
		return ErrNothingToRedouble
	case c == Double:
		if ours(lastBid) {
			return ErrDoubleOwnSide
		}
		if lastAct != lastBid {
			return ErrAlreadyDoubled
		}
		return nil
	}
	switch calls[lastAct] {
	case Redouble:
		return ErrAlreadyRedoubled
	case Double:
		if ours(lastAct) {
			return ErrRedoubleOwnSide
		}
		return nil
	}
	if everDoubled {
		return ErrBidSinceDouble
	}
	return ErrNothingToRedouble
}

// refDeclarer finds the last bid, then the first bid of its strain by its
// side; false for an auction without bids.
func refDeclarer(a *Auction) (Seat, bool) {
	calls := a.Calls()
	last := -1
	for i, c := range calls {
		if c.IsBid() {
			last = i
		}
	}
	if last < 0 {
		return 0, false
	}
	side := seatOfCall(a.Dealer(), last) % 2
	for i, c := range calls {
		if c.IsBid() && c.Strain() == calls[last].Strain() && seatOfCall(a.Dealer(), i)%2 == side {
			return seatOfCall(a.Dealer(), i), true
		}
	}
	panic("unreachable: the last bid names its own strain")
}

// refContract is the contract by the naive model.
func refContract(a *Auction) Contract {
	calls := a.Calls()
	var k Contract
	for _, c := range calls {
		switch {
		case c.IsBid():
			k = Contract{Level: c.Level(), Strain: c.Strain()}
		case c == Double:
			k.Risk = Doubled
		case c == Redouble:
			k.Risk = Redoubled
		}
	}
	k.Declarer, _ = refDeclarer(a)
	return k
}

// randomStep makes one call on a, drawn from LegalCalls with weights that
// give auctions of a realistic length: passes, cheap raises, some doubles. With irregular it also mixes in skipped turns and accepted
// insufficient bids.
func randomStep(r *rand.Rand, a *Auction, irregular bool) error {
	legal := a.LegalCalls()
	bids := legal &^ CallSet(0).With(Pass).With(Double).With(Redouble)
	u := r.Float64()
	switch {
	case irregular && u < 0.02:
		return a.Skip()
	case irregular && u < 0.04 && bids != bidsAbove(0):
		// A bid no higher than the last one: below the lowest legal bid.
		top := lastBid
		if bids != 0 {
			top = Call(bits.TrailingZeros64(uint64(bids))) - 1
		}
		return a.AppendAccepted(firstBid + Call(r.IntN(int(top-firstBid)+1)))
	case legal.Has(Redouble) && u < 0.15:
		return a.Append(Redouble)
	case legal.Has(Double) && u < 0.12:
		return a.Append(Double)
	case bids == 0 || u < 0.45+0.07*float64(Call(bits.TrailingZeros64(uint64(bids))).Level()):
		// Passes grow likelier as the auction climbs.
		return a.Append(Pass)
	}
	// The k-th lowest legal bid, k geometric: raises are mostly cheap.
	for bids&(bids-1) != 0 && r.IntN(100) < 55 {
		bids &= bids - 1
	}
	return a.Append(Call(bits.TrailingZeros64(uint64(bids))))
}

// randomAuction plays a whole auction into a, which the caller has Reset.
func randomAuction(r *rand.Rand, a *Auction, irregular bool) {
	for !a.Done() {
		if err := randomStep(r, a, irregular); err != nil {
			panic(err) // the generator only makes calls the engine offered
		}
	}
}

// replayInto rebuilds src's auction into dst from its calls and
// irregularities, as a reader of a PBN file would.
func replayInto(dst, src *Auction) error {
	dst.Reset(src.Dealer())
	irregs := src.Irregularities()
	for i, c := range src.Calls() {
		var err error
		switch {
		case len(irregs) > 0 && irregs[0].Index == i && irregs[0].Kind == SkippedTurn:
			err = dst.Skip()
		case len(irregs) > 0 && irregs[0].Index == i:
			err = dst.AppendAccepted(c)
		default:
			err = dst.Append(c)
		}
		if err != nil {
			return err
		}
		if len(irregs) > 0 && irregs[0].Index == i {
			irregs = irregs[1:]
		}
	}
	return nil
}

// probes are the calls tried at every step: all 38, and some that are not calls.
var probes = func() []Call {
	all := AllCalls()
	return append(all[:], 0, lastBid+1, 64, 255)
}()

func TestRandomAuctions(t *testing.T) {
	r := rand.New(rand.NewPCG(2017, 27))
	a, again := &Auction{}, &Auction{}
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		a.Reset(Seat(r.IntN(4)))
		irregular := r.IntN(4) == 0
		for !a.Done() {
			checkAllProbes(t, a)
			if err := randomStep(r, a, irregular); err != nil {
				t.Fatalf("%s: a call drawn from LegalCalls was refused: %v", a, err)
			}
		}
		checkAllProbes(t, a)
		got, err := a.Contract()
		if err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		if want := refContract(a); got != want {
			t.Fatalf("%s: contract %s, reference %s", a, got.Describe(), want.Describe())
		}
		if err := replayInto(again, a); err != nil || again.String() != a.String() {
			t.Fatalf("replay of %s: %v (%s)", a, err, again)
		}
		if k, _ := again.Contract(); k != got {
			t.Fatalf("replay of %s: contract %s, want %s", a, k.Describe(), got.Describe())
		}
		if len(a.Irregularities()) > 0 && !irregular {
			t.Fatalf("irregularities in a regular auction: %s", a)
		}
	}
}

// checkAllProbes compares Legal, LegalCalls and the reference model for
// every probe call at the current state of a.
func checkAllProbes(t *testing.T, a *Auction) {
	t.Helper()
	set := a.LegalCalls()
	for _, c := range probes {
		want := refReason(a.Dealer(), a.Calls(), c)
		err := a.Legal(c)
		if (err == nil) != (want == nil) || set.Has(c) != (want == nil) {
			t.Fatalf("%s + %v: Legal %v, in LegalCalls %v, reference %v", a, c, err, set.Has(c), want)
		}
		if want == nil {
			continue
		}
		var ice *IllegalCallError
		if !errors.As(err, &ice) || !errors.Is(err, want) || ice.Law != want.Law() || ice.Index != a.Len() {
			t.Fatalf("%s + %v: %v; reference %v (Law %d)", a, c, err, want, want.Law())
		}
	}
}
