package auction

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
