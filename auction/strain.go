package auction

import "fmt"

// Strain is the denomination of a bid: a trump suit or no-trump. Strains are
// ordered from Clubs (lowest) to NoTrump (highest); the zero value is Clubs.
// The four suit strains have the same numeric values as the suits.
type Strain uint8

// The five strains, lowest first.
const (
	Clubs Strain = iota
	Diamonds
	Hearts
	Spades
	NoTrump
)

// String returns "C", "D", "H", "S" or "NT".
func (s Strain) String() string {
	if s > NoTrump {
		return fmt.Sprintf("Strain(%d)", uint8(s))
	}
	return [...]string{"C", "D", "H", "S", "NT"}[s]
}

// Name names the strain in a sentence: "clubs", "hearts", "no-trump".
func (s Strain) Name() string {
	if s == NoTrump {
		return "no-trump"
	}
	return Suit(s).Name()
}

// Level is the number of odd tricks a bid undertakes, 1 to 7.
type Level uint8

// Risk says whether a contract is undoubled, doubled or redoubled.
type Risk uint8

// The three risks.
const (
	Undoubled Risk = iota
	Doubled
	Redoubled
)

// String returns "", "X" or "XX", the contract suffixes.
func (r Risk) String() string {
	switch r {
	case Undoubled:
		return ""
	case Doubled:
		return "X"
	case Redoubled:
		return "XX"
	}
	return fmt.Sprintf("Risk(%d)", uint8(r))
}
