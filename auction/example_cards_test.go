package auction_test

import (
	"errors"
	"fmt"

	"github.com/bridgekit/bridgekit/auction"
)

// Cards are read in PBN, LIN and Russian spellings, suit first, and always
// written in the PBN form.
func ExampleParseCard() {
	for _, text := range []string{"SA", "h10", "♦Q", "тт", "пВ", "AS"} {
		c, err := auction.ParseCard(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(text, "=", c)
	}
	// Output:
	// SA = SA
	// h10 = HT
	// ♦Q = DQ
	// тт = CA
	// пВ = SJ
	// bad card "AS": 'A' is not a suit (a card is a suit S, H, D, C or ♠ ♥ ♦ ♣ followed by a rank)
}

func ExampleHand() {
	h, err := auction.ParseHand("AKxx.QJ10.xxx.K2")
	if err != nil {
		panic(err)
	}
	fmt.Println(h, h.Len(), "cards,", h.HCP(), "HCP")
	fmt.Println("spades:", h.InSuit(auction.Spade).Len(), "of which unspecified:", h.Spots(auction.Spade))
	fmt.Println("named:", h.Cards())
	// Output:
	// AKxx.QJT.xxx.K2 12 cards, 13 HCP
	// spades: 4 of which unspecified: 2
	// named: [SA SK HQ HJ HT CK C2]
}

// A deal written in Russian with hands in any order is written back in
// canonical PBN, starting with the dealer.
func ExampleParseDeal() {
	d, err := auction.ParseDeal("С:.36.ТКД789.Т2379 Т4568.КД5.10.ДВ106 В973.В98742.3.К4 КД102.Т10.В6542.85")
	if err != nil {
		panic(err)
	}
	fmt.Println(d.PBN(auction.West))
	for _, s := range auction.Seats {
		fmt.Printf("%s %2d HCP\n", s, d[s].HCP())
	}
	// Output:
	// W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4
	// N 13 HCP
	// E 12 HCP
	// S  5 HCP
	// W 10 HCP
}

// A deal that contradicts itself lists every problem.
func ExampleDealError() {
	_, err := auction.ParseDeal("W:KQT2.AT.J6542.852 K.63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4")
	var de *auction.DealError
	if errors.As(err, &de) {
		for _, p := range de.Problems {
			fmt.Println(p)
		}
	}
	// Output:
	// SK is in both N's and W's hands
	// W has 14 cards; a hand holds at most 13
}

// LIN's md gives the dealer digit and three hands, South first; the fourth
// is derived.
func ExampleParseLINDeal() {
	d, dealer, _, err := auction.ParseLINDeal("3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,")
	if err != nil {
		panic(err)
	}
	fmt.Println("dealer", dealer)
	fmt.Println(d.PBN(dealer))
	fmt.Println(d.LIN(dealer))
	// Output:
	// dealer N
	// N:Q85.K974.AK.AJ83 KJT3.T3.J8652.K9 962.AQ8652.QT.T2 A74.J.9743.Q7654
	// 3S962HAQ8652DQTCT2,SA74HJD9743CQ7654,SQ85HK974DAKCAJ83,
}

// The first two tricks of the PBN standard's example: South declares in
// hearts, West leads the spade king and North ruffs.
func ExamplePlay() {
	d, err := auction.ParseDeal("N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85")
	if err != nil {
		panic(err)
	}
	p, err := auction.NewPlay(d, auction.Hearts, auction.West)
	if err != nil {
		panic(err)
	}
	for _, text := range []string{"SK", "H3", "S4", "S3", "C2", "C6", "CK", "C5", "CA"} {
		c, _ := auction.ParseCard(text)
		if err := p.Play(c); err != nil {
			fmt.Println(err)
			break
		}
	}
	for i, t := range p.Tricks() {
		fmt.Printf("trick %d: %s leads, %s wins\n", i+1, t.Leader, t.Winner)
	}
	fmt.Println("next to play:", p.Turn())
	// Output:
	// trick 3 (S): CA is in N's hand, not S's
	// trick 1: W leads, N wins
	// trick 2: N leads, S wins
	// next to play: S
}

// A revoke is refused with the Law; PBN's "^R" records one that stood.
func ExamplePlay_PlayRevoke() {
	d, _ := auction.ParseDeal("N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85")
	p, _ := auction.NewPlay(d, auction.Hearts, auction.West)
	sk, _ := auction.ParseCard("SK")
	c2, _ := auction.ParseCard("C2")
	h5, _ := auction.ParseCard("H5")
	_ = p.Play(sk)
	_ = p.Play(c2)
	err := p.Play(h5)
	fmt.Println(err, errors.Is(err, auction.ErrRevoke))
	fmt.Println(p.PlayRevoke(h5), p.Current().Revoke)
	// Output:
	// trick 1 (E): H5 is a revoke: E holds spades and must follow suit (Laws 44C, 61) true
	// <nil> [false false true false]
}

// A LIN claim (mc) gives declarer's total; the result follows from it.
func ExamplePlay_Claim() {
	d, _, _, _ := auction.ParseLINDeal("3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,")
	p, _ := auction.NewPlay(d, auction.Hearts, auction.East) // 4H by North
	for _, text := range []string{"SJ", "S2", "SA", "S5"} {
		c, _ := auction.ParseCard(text)
		if err := p.Play(c); err != nil {
			panic(err)
		}
	}
	if err := p.Claim(auction.North, 14); err != nil {
		fmt.Println(err)
	}
	_ = p.Claim(auction.North, 11)
	tricks, ok := p.Result(auction.North)
	fmt.Println(tricks, ok, p.Done())
	c := auction.Contract{Level: 4, Strain: auction.Hearts, Declarer: auction.North}
	fmt.Println(auction.Score(c, tricks, auction.VulNone))
	// Output:
	// trick 2 (N): a claim of 14 tricks is impossible: the defenders have already won 1 of 13
	// 11 true true
	// 450
}

func ExampleScore() {
	c := auction.Contract{Level: 3, Strain: auction.NoTrump, Declarer: auction.South}
	fmt.Println(auction.Score(c, 10, auction.VulNS)) // 3NT+1, vulnerable
	c = auction.Contract{Level: 1, Strain: auction.NoTrump, Risk: auction.Doubled, Declarer: auction.East}
	fmt.Println(auction.Score(c, 5, auction.VulEW)) // 1NTX-2, vulnerable
	c = auction.Contract{Level: 7, Strain: auction.NoTrump, Risk: auction.Redoubled, Declarer: auction.West}
	fmt.Println(auction.Score(c, 13, auction.VulAll))
	// Output:
	// 630
	// -500
	// 2980
}

func ExampleIMPs() {
	c := auction.Contract{Level: 4, Strain: auction.Spades, Declarer: auction.North}
	open := auction.Score(c, 10, auction.VulAll)  // made in one room
	closed := auction.Score(c, 9, auction.VulAll) // one down in the other
	fmt.Println(open, closed, auction.IMPs(open-closed))
	// Output:
	// 620 -100 12
}
