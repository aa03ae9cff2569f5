package auction

import "fmt"

// Contract is the final contract of a board: level, strain, risk and
// declarer. A passed-out board is the Contract whose Level is 0; its other
// fields are then meaningless.
type Contract struct {
	Level    Level
	Strain   Strain
	Risk     Risk
	Declarer Seat
}

// PassedOut reports whether c is the passed-out contract.
func (c Contract) PassedOut() bool { return c.Level == 0 }

// Bid returns the contract's level and strain; for the passed-out contract
// it is the zero Bid, which is not valid.
func (c Contract) Bid() Bid { return Bid{Level: c.Level, Strain: c.Strain} }

// String returns the contract in PBN's form without the declarer: "4HX",
// "3NTXX", "2S", or "Pass" for a passed-out board.
func (c Contract) String() string {
	if c.PassedOut() {
		return "Pass"
	}
	if !c.Bid().Valid() || c.Risk > Redoubled {
		return fmt.Sprintf("Contract(%d,%d,%d)", uint8(c.Level), uint8(c.Strain), uint8(c.Risk))
	}
	return c.Bid().String() + c.Risk.String()
}

// Describe returns the contract with its declarer, "4HX by S", or "Pass"
// for a passed-out board.
func (c Contract) Describe() string {
	if c.PassedOut() {
		return "Pass"
	}
	return c.String() + " by " + c.Declarer.String()
}
