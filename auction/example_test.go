package auction_test

import (
	"errors"
	"fmt"

	"github.com/bridgekit/bridgekit/auction"
)

// The auction from the Laws' declarer example: South bid hearts last, but
// North named them first, so North declares.
func ExampleAuction() {
	a := auction.NewAuction(auction.North)
	for _, text := range []string{"1H", "1NT", "2H", "X", "XX", "Pass", "Pass", "Pass"} {
		c, err := auction.ParseCall(text)
		if err != nil {
			panic(err)
		}
		if err := a.Append(c); err != nil {
			panic(err)
		}
	}
	k, err := a.Contract()
	fmt.Println(a, "→", k.Describe(), err)
	// Output: N: 1H 1NT 2H X XX Pass Pass Pass → 2HXX by N <nil>
}

// An illegal call is refused with a director's explanation, the Law and a
// stable code; the auction is unchanged.
func ExampleAuction_Append() {
	a := auction.NewAuction(auction.West)
	for _, c := range []auction.Call{
		auction.NewBid(1, auction.Clubs), auction.NewBid(1, auction.Diamonds),
		auction.NewBid(1, auction.Hearts), auction.NewBid(1, auction.NoTrump),
	} {
		_ = a.Append(c)
	}
	err := a.Append(auction.NewBid(1, auction.Spades))
	fmt.Println(err)

	var ice *auction.IllegalCallError
	if errors.As(err, &ice) {
		fmt.Println(ice.Law, ice.Code(), errors.Is(err, auction.ErrInsufficientBid), a.Len())
	}
	// Output:
	// call 5 (W): 1S is insufficient after 1NT (Law 27)
	// 27 insufficient-bid true 4
}

// What East may call after North opens 1♥: Pass, a double, or any bid from
// 1♠ up.
func ExampleAuction_LegalCalls() {
	a := auction.NewAuction(auction.North)
	_ = a.Append(auction.NewBid(1, auction.Hearts))
	legal := a.LegalCalls()
	fmt.Println(legal.Len(), legal.Has(auction.Double), legal.Has(auction.Redouble), legal.Has(auction.NewBid(1, auction.Diamonds)))

	buf := make([]auction.Call, 0, auction.NumCalls)
	fmt.Println(legal.AppendTo(buf)[:5])
	// Output:
	// 34 true false false
	// [Pass X 1S 1NT 2C]
}

// PBN's "1D ^S ^I 1C": West opens, North's turn is skipped, East's
// insufficient 1C is accepted and becomes the contract.
func ExampleAuction_AppendAccepted() {
	a := auction.NewAuction(auction.West)
	_ = a.Append(auction.NewBid(1, auction.Diamonds))
	_ = a.Skip()
	if err := a.AppendAccepted(auction.NewBid(1, auction.Clubs)); err != nil {
		panic(err)
	}
	for range 3 {
		_ = a.Append(auction.Pass)
	}
	for _, r := range a.Irregularities() {
		fmt.Println(r.Kind, "-", r)
	}
	k, _ := a.Contract()
	fmt.Println(a, "→", k.Describe())
	// Output:
	// skipped-turn - call 2 (N): turn skipped after a call out of rotation (Law 29A)
	// insufficient-bid-accepted - call 3 (E): insufficient 1C after 1D accepted (Law 27A)
	// W: 1D ^S ^I 1C Pass Pass Pass → 1C by E
}

// Calls in the spellings of real files and of Russian score sheets.
func ExampleParseCall() {
	for _, text := range []string{"p", "Dbl", "r", "1n", "2♠", "3 трефы", "одна, пики", "2 БК", "8H"} {
		c, err := auction.ParseCall(text)
		if err != nil {
			fmt.Printf("%-12q error: %v (bid above seven: %v)\n", text, err, errors.Is(err, auction.ErrBidAboveSeven))
			continue
		}
		fmt.Printf("%-12q %v\n", text, c)
	}
	// Output:
	// "p"          Pass
	// "Dbl"        X
	// "r"          XX
	// "1n"         1NT
	// "2♠"         2S
	// "3 трефы"    3C
	// "одна, пики" 1S
	// "2 БК"       2NT
	// "8H"         error: bad call "8H": no bid above seven exists (Law 38) (bid above seven: true)
}

// The strain field has its own vocabulary: "Т" is clubs here, though it is
// the ace in a card field.
func ExampleParseStrain() {
	for _, text := range []string{"Т", "п", "Б/К", "♦", "No Trump"} {
		s, err := auction.ParseStrain(text)
		fmt.Println(text, s, err)
	}
	// Output:
	// Т C <nil>
	// п S <nil>
	// Б/К NT <nil>
	// ♦ D <nil>
	// No Trump NT <nil>
}

// Contract tags as real files and Russian texts write them.
func ExampleParseContract() {
	for _, text := range []string{"4Hx", "3NR", "5NoTrump", "2 Червы с реконтрой", "Pass", "?"} {
		k, err := auction.ParseContract(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(k)
	}
	// Output:
	// 4HX
	// 3NTXX
	// 5NT
	// 2HXX
	// Pass
	// bad contract "?": not a contract (want Pass, or a level and strain such as 4H, 3NTX)
}

func ExampleContract_Describe() {
	k := auction.Contract{Level: 4, Strain: auction.Spades, Risk: auction.Doubled, Declarer: auction.South}
	fmt.Println(k, "|", k.Describe())
	// Output: 4SX | 4SX by S
}

// Reuse one Auction for many boards: Reset keeps its storage, so replaying
// allocates nothing once it has grown.
func ExampleAuction_Reset() {
	a := &auction.Auction{}
	for _, dealer := range []auction.Seat{auction.East, auction.South} {
		a.Reset(dealer)
		for range 4 {
			_ = a.Append(auction.Pass)
		}
		k, _ := a.Contract()
		fmt.Println(a, k.PassedOut())
	}
	// Output:
	// E: Pass Pass Pass Pass true
	// S: Pass Pass Pass Pass true
}
