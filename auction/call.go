package auction

import (
	"fmt"
	"iter"
	"math/bits"
	"strings"
)

// Call is one call of an auction: Pass, Double, Redouble or a bid. It is a
// single byte, comparable with == and usable as a map key or array index.
//
// The zero Call is not a call; [Auction.Calls] uses it to mark a turn that
// was skipped. Bids compare with < and > in rank order (1C < 1D < … < 7NT),
// and every bid is greater than Pass, Double and Redouble.
type Call uint8

// The three calls that are not bids.
const (
	Pass Call = 1 + iota
	Double
	Redouble
)

// Bids follow the three other calls, in rank order: 1C is firstBid, 7NT is
// lastBid. Level and strain are then one division away.
const (
	firstBid Call = Redouble + 1
	lastBid  Call = firstBid + 7*5 - 1
)

// NumCalls is the number of distinct calls: 35 bids, Pass, Double and Redouble.
const NumCalls = int(lastBid)

// NewBid returns the bid of the given level (1–7) and strain. It returns the
// zero Call, which is not a call, when the level or strain is out of range.
func NewBid(l Level, s Strain) Call {
	if l < 1 || l > 7 || s > NoTrump {
		return 0
	}
	return firstBid + Call(l-1)*5 + Call(s)
}

// AllCalls returns the 38 calls in order: Pass, Double, Redouble, then the
// bids from 1C to 7NT.
func AllCalls() [NumCalls]Call {
	var all [NumCalls]Call
	for i := range all {
		all[i] = Call(i + 1)
	}
	return all
}

// Valid reports whether c is one of the 38 calls.
func (c Call) Valid() bool { return c >= Pass && c <= lastBid }

// IsBid reports whether c is a bid (a level and a strain).
func (c Call) IsBid() bool { return c >= firstBid && c <= lastBid }

// Level is the level of a bid, 1 to 7, or 0 when c is not a bid.
func (c Call) Level() Level {
	if !c.IsBid() {
		return 0
	}
	return Level((c-firstBid)/5 + 1)
}

// Strain is the strain of a bid. For a call that is not a bid it is Clubs,
// the zero Strain, so test [Call.IsBid] or use [Call.Bid] first.
func (c Call) Strain() Strain {
	if !c.IsBid() {
		return Clubs
	}
	return Strain((c - firstBid) % 5)
}

// Bid returns the level and strain of c and true, or the zero Bid and false
// when c is not a bid.
func (c Call) Bid() (Bid, bool) {
	if !c.IsBid() {
		return Bid{}, false
	}
	return Bid{Level: c.Level(), Strain: c.Strain()}, true
}

// callNames holds the canonical text of every call, indexed by the Call, so
// that String never allocates for a valid call.
var callNames = func() (names [lastBid + 1]string) {
	names[Pass], names[Double], names[Redouble] = "Pass", "X", "XX"
	for c := firstBid; c <= lastBid; c++ {
		names[c] = fmt.Sprint(int(c.Level())) + c.Strain().String()
	}
	return names
}()

// String returns the canonical form: "Pass", "X", "XX" or a bid such as
// "1C" or "3NT". These are PBN's export spellings.
func (c Call) String() string {
	if !c.Valid() {
		return fmt.Sprintf("Call(%d)", uint8(c))
	}
	return callNames[c]
}

// MarshalText implements [encoding.TextMarshaler] with the canonical form.
func (c Call) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("auction: cannot marshal invalid Call(%d)", uint8(c))
	}
	return []byte(callNames[c]), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]; it accepts every
// spelling [ParseCall] accepts.
func (c *Call) UnmarshalText(text []byte) error {
	v, err := ParseCall(string(text))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// Bid is a level and a strain. The zero Bid is not a valid bid; use
// [Bid.Valid] or convert with [Bid.Call], which orders bids.
type Bid struct {
	Level  Level
	Strain Strain
}

// Valid reports whether b has a level 1–7 and one of the five strains.
func (b Bid) Valid() bool { return b.Call() != 0 }

// Call returns b as a call, or the zero Call when b is not valid.
func (b Bid) Call() Call { return NewBid(b.Level, b.Strain) }

// String returns the canonical form such as "4H" or "3NT".
func (b Bid) String() string {
	if c := b.Call(); c != 0 {
		return callNames[c]
	}
	return fmt.Sprintf("Bid(%d,%d)", uint8(b.Level), uint8(b.Strain))
}

// CallSet is a set of calls, one bit per call. It is a plain value: copying
// it copies the set, and building or testing it never allocates, which is
// why [Auction.LegalCalls] returns one.
type CallSet uint64

// Has reports whether c is in the set. It is false for any invalid Call.
func (s CallSet) Has(c Call) bool { return c.Valid() && s>>c&1 == 1 }

// With returns the set with c added; an invalid c is ignored.
func (s CallSet) With(c Call) CallSet {
	if !c.Valid() {
		return s
	}
	return s | 1<<c
}

// Len is the number of calls in the set.
func (s CallSet) Len() int { return bits.OnesCount64(uint64(s)) }

// All yields the calls of the set in Call order: Pass, X, XX, then bids
// from the lowest up.
func (s CallSet) All() iter.Seq[Call] {
	return func(yield func(Call) bool) {
		for m := uint64(s); m != 0; m &= m - 1 {
			if !yield(Call(bits.TrailingZeros64(m))) {
				return
			}
		}
	}
}

// AppendTo appends the calls of the set to dst in Call order and returns the
// extended slice; with enough capacity in dst it does not allocate.
func (s CallSet) AppendTo(dst []Call) []Call {
	for m := uint64(s); m != 0; m &= m - 1 {
		dst = append(dst, Call(bits.TrailingZeros64(m)))
	}
	return dst
}

// String lists the calls in braces, e.g. "{Pass X 2S 2NT}".
func (s CallSet) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for c := range s.All() {
		if b.Len() > 1 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	b.WriteByte('}')
	return b.String()
}

// bidsAbove is the set of every bid that ranks above c; for a c that is not
// a bid (no bid made yet) it is all 35 bids.
func bidsAbove(c Call) CallSet {
	const allBids = CallSet(1)<<(lastBid+1) - CallSet(1)<<firstBid
	if !c.IsBid() {
		return allBids
	}
	return allBids &^ (CallSet(2)<<c - 1)
}
