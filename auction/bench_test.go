package auction

import (
	"math/rand/v2"
	"testing"
)

// recorded is an auction as a reader hands it over: dealer and calls.
type recorded struct {
	dealer Seat
	calls  []Call
}

// replaySet is a fixed set of 100 legal auctions from the property test's
// generator (about 12 calls each, like real ones: part-scores, games, some
// doubles, a few slams and pass-outs), with their total number of calls.
func replaySet() ([]recorded, int) {
	r := rand.New(rand.NewPCG(38, 39))
	a := &Auction{}
	set := make([]recorded, 100)
	total := 0
	for i := range set {
		a.Reset(Seat(i % 4))
		randomAuction(r, a, false)
		set[i] = recorded{a.Dealer(), append([]Call(nil), a.Calls()...)}
		total += a.Len()
	}
	return set, total
}

// BenchmarkReplay validates every call of 100 auctions and computes their
// contracts, reusing one Auction. The ns/call metric is the figure that
// matters: archives hold millions of auctions.
func BenchmarkReplay(b *testing.B) {
	set, total := replaySet()
	a := &Auction{}
	b.ReportAllocs()
	for b.Loop() {
		for _, x := range set {
			a.Reset(x.dealer)
			for _, c := range x.calls {
				if err := a.Append(c); err != nil {
					b.Fatal(err)
				}
			}
			if _, err := a.Contract(); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*total), "ns/call")
	b.ReportMetric(float64(b.N*total)/b.Elapsed().Seconds()/1e6, "Mcalls/s")
}

// BenchmarkLegalCalls asks for the legal set at every point of the same
// auctions, as a bidding tool or a generator would.
func BenchmarkLegalCalls(b *testing.B) {
	set, total := replaySet()
	a := &Auction{}
	buf := make([]Call, 0, NumCalls)
	b.ReportAllocs()
	for b.Loop() {
		for _, x := range set {
			a.Reset(x.dealer)
			for _, c := range x.calls {
				buf = a.LegalCalls().AppendTo(buf[:0])
				if err := a.Append(c); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*total), "ns/call")
}

// BenchmarkParseCall reads the spellings of real files: canonical PBN, LIN's
// lower case and "1N", and a few Russian ones that take the slow path.
func BenchmarkParseCall(b *testing.B) {
	benchParse(b, ParseCall, "Pass", "1NT", "X", "2H", "p", "1n", "4s", "d", "XX", "3C", "пас", "2 БК", "одна, пики")
}

// BenchmarkParseContract reads the Contract tag values most common in the
// corpus.
func BenchmarkParseContract(b *testing.B) {
	benchParse(b, ParseContract, "4S", "4H", "3N", "2S", "3NT", "Pass", "4SX", "5Dx", "3NR", "1NTXX")
}

// benchParse reads texts with parse, over and over; MB/s counts the text.
func benchParse[T any](b *testing.B, parse func(string) (T, error), texts ...string) {
	b.SetBytes(totalLen(texts))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range texts {
			if _, err := parse(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}
