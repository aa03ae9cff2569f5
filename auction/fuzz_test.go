package auction

import (
	"errors"
	"strings"
	"testing"
)

// callFuzzSeeds are spellings from the table tests, good and bad, to start the
// fuzzers from.
var callFuzzSeeds = []string{
	"Pass", "p", "пас", "X", "Dbl", "контра", "XX", "R", "рктр", "1NT", "1N", "1 nt", "2♠", "2♠️", "1Ч",
	"2 БК", "3 трефы", "одна, пики", "одна без козыря", "Две, червы", "7NT", "8H", "0C", "10NT", "?", "",
	"AP", "4H*", "1NT!", "4HX", "3NTXX", "3NR", "4Hx", "2NTx", "5Hearts", "5NoTrump", "2 Червы с реконтрой",
	"3 БК с контрой", "4HXXX", "4H by S", "восемь пик", "1 б/к", "\xff", "1\u00a0NT",
}

func FuzzParseCall(f *testing.F) {
	for _, s := range callFuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, err := ParseCall(text)
		if err != nil {
			var pe *ParseError
			if c != 0 || !errors.As(err, &pe) || pe.Text != text || pe.Kind != "call" || pe.Reason == "" {
				t.Fatalf("ParseCall(%q) = %v, %v", text, c, err)
			}
			var inf *Infraction
			if errors.Is(err, ErrBidAboveSeven) != (errors.As(err, &inf) && inf.Law() == 38) {
				t.Fatalf("ParseCall(%q): %v matches Law 38 only halfway", text, err)
			}
		} else {
			if !c.Valid() {
				t.Fatalf("ParseCall(%q) = invalid %v", text, c)
			}
			if back, err := ParseCall(c.String()); err != nil || back != c {
				t.Fatalf("ParseCall(%q) = %v, which reads back as %v, %v", text, c, back, err)
			}
			// A call that is a bid or a pass is also a contract, the same one.
			if c == Pass || c.IsBid() {
				k, err := ParseContract(text)
				if err != nil || k.Bid().Call() != NewBid(c.Level(), c.Strain()) || k.Risk != Undoubled {
					t.Fatalf("ParseCall(%q) = %v but ParseContract = %v, %v", text, c, k, err)
				}
			}
		}
		if s, err := ParseStrain(text); err == nil {
			if back, err := ParseStrain(s.String()); err != nil || back != s || s > NoTrump {
				t.Fatalf("ParseStrain(%q) = %v, which reads back as %v, %v", text, s, back, err)
			}
		}
	})
}

func FuzzParseContract(f *testing.F) {
	for _, s := range callFuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		k, err := ParseContract(text)
		if err != nil {
			var pe *ParseError
			if k != (Contract{}) || !errors.As(err, &pe) || pe.Text != text || pe.Kind != "contract" {
				t.Fatalf("ParseContract(%q) = %v, %v", text, k, err)
			}
			return
		}
		if k.Declarer != North || k.Risk > Redoubled || !k.PassedOut() && !k.Bid().Valid() || k.PassedOut() && k != (Contract{}) {
			t.Fatalf("ParseContract(%q) = %#v", text, k)
		}
		for _, s := range []string{k.String(), strings.ToLower(k.String())} {
			if back, err := ParseContract(s); err != nil || back != k {
				t.Fatalf("ParseContract(%q) = %v, which reads back from %q as %v, %v", text, k, s, back, err)
			}
		}
	})
}

// FuzzAuctionAppend turns bytes into a sequence of operations: the first
// byte picks the dealer; then 0xFE is Skip, 0xFD makes the next byte an
// AppendAccepted, and any other byte b is Append(Call(b % 48)), which
// includes the zero Call and values past 7NT. Nothing may panic; Legal,
// LegalCalls and Append must agree; a refused operation must change nothing;
// and a finished auction must give the reference contract.
func FuzzAuctionAppend(f *testing.F) {
	f.Add([]byte{0, 1, 1, 1, 1})
	f.Add([]byte{0, 9, 7, 14, 2, 3, 1, 1, 1, 1})
	f.Add([]byte{3, 8, 0xFD, 5, 1, 1, 1})
	f.Add([]byte{0, 0xFE, 8, 0xFD, 5, 23, 0xFD, 21, 0xFE, 0xFE, 2, 22, 2, 1, 1, 1, 0xFE})
	f.Add([]byte{1, 38, 2, 3, 2, 1, 1, 1, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		// The checks rescan the auction at each step; past a few hundred
		// operations longer input only slows the fuzzer down.
		data = data[:min(len(data), 600)]
		a := NewAuction(Seat(data[0]))
		for i := 1; i < len(data); i++ {
			before, n, set, irregs := a.String(), a.Len(), a.LegalCalls(), len(a.Irregularities())
			var err error
			switch op := data[i]; {
			case op == 0xFE:
				err = a.Skip()
				if (err == nil) != set.Has(Pass) { // Pass is legal exactly while the auction is open
					t.Fatalf("%s: Skip = %v with legal set %s", before, err, set)
				}
			case op == 0xFD && i+1 < len(data):
				i++
				c := Call(data[i] % 48)
				legal := a.Legal(c)
				err = a.AppendAccepted(c)
				if (err == nil) != (legal == nil || errors.Is(legal, ErrInsufficientBid)) {
					t.Fatalf("%s: Legal(%v) = %v but AppendAccepted = %v", before, c, legal, err)
				}
			default:
				c := Call(op % 48)
				legal := a.Legal(c)
				err = a.Append(c)
				if (legal == nil) != (err == nil) || (err == nil) != set.Has(c) {
					t.Fatalf("%s: Legal(%v) = %v, Append = %v, in %s", before, c, legal, err, set)
				}
				if err == nil && refReason(a.Dealer(), a.Calls()[:n], c) != nil {
					t.Fatalf("%s: %v accepted; the reference refuses it", before, c)
				}
			}
			if err != nil {
				var ice *IllegalCallError
				if !errors.As(err, &ice) || ice.Code() == "" || ice.Index != n || ice.Error() == "" {
					t.Fatalf("%s: error %v is not a complete *IllegalCallError", before, err)
				}
				if a.String() != before || a.Len() != n || a.LegalCalls() != set || len(a.Irregularities()) != irregs {
					t.Fatalf("refused operation changed %s into %s", before, a)
				}
			}
		}
		k, err := a.Contract()
		if a.Done() != (err == nil) || a.Done() != refDone(a.Calls()) {
			t.Fatalf("%s: Done %v, Contract error %v", a, a.Done(), err)
		}
		if err == nil && k != refContract(a) {
			t.Fatalf("%s: contract %s, reference %s", a, k.Describe(), refContract(a).Describe())
		}
	})
}
