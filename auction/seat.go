package auction

import (
	"fmt"
	"strings"
)

// Seat is one of the four players at the table. The zero value is North.
// Seats are ordered clockwise, the order in which calls and cards are made.
type Seat uint8

// The four seats, clockwise from North.
const (
	North Seat = iota
	East
	South
	West
)

// Seats lists the seats clockwise from North, for ranging.
var Seats = [4]Seat{North, East, South, West}

// Next is the seat on s's left, who calls or plays after s.
func (s Seat) Next() Seat { return (s + 1) & 3 }

// LHO is s's left-hand opponent; it is the same seat as [Seat.Next].
func (s Seat) LHO() Seat { return (s + 1) & 3 }

// RHO is s's right-hand opponent, who calls or plays before s.
func (s Seat) RHO() Seat { return (s + 3) & 3 }

// Partner is the seat opposite s.
func (s Seat) Partner() Seat { return (s + 2) & 3 }

// Side is the partnership s belongs to.
func (s Seat) Side() Side { return Side(s & 1) }

// Add returns the seat n places clockwise from s (n may be negative).
func (s Seat) Add(n int) Seat { return Seat((int(s) + n%4 + 4) & 3) }

// Valid reports whether s is one of the four seats.
func (s Seat) Valid() bool { return s <= West }

// String returns "N", "E", "S" or "W".
func (s Seat) String() string {
	if s > West {
		return fmt.Sprintf("Seat(%d)", uint8(s))
	}
	return "NESW"[s : s+1]
}

// Name returns the seat's English name, "North" … "West".
func (s Seat) Name() string {
	if s > West {
		return s.String()
	}
	return [...]string{"North", "East", "South", "West"}[s]
}

// seatNames maps every accepted spelling of a seat, folded to lower case, to
// the seat. Russian initials are included here and only here: in a seat field
// "В" is East, whereas in a card field it is the jack.
var seatNames = map[string]Seat{
	"n": North, "north": North, "с": North, "север": North, "сев": North,
	"e": East, "east": East, "в": East, "восток": East, "вос": East,
	"s": South, "south": South, "ю": South, "юг": South,
	"w": West, "west": West, "з": West, "запад": West, "зап": West,
}

// ParseSeat reads a seat written in English ("N", "North") or Russian ("С",
// "Юг"), in any case, ignoring surrounding spaces.
func ParseSeat(text string) (Seat, error) {
	// One ASCII letter is by far the commonest form; reading it directly
	// keeps deal parsing free of allocations.
	if len(text) == 1 {
		if i := strings.IndexByte("NESWnesw", text[0]); i >= 0 {
			return Seat(i & 3), nil
		}
	}
	if s, ok := seatNames[strings.ToLower(strings.TrimSpace(text))]; ok {
		return s, nil
	}
	return 0, &ParseError{Kind: "seat", Text: text, Reason: "not a seat (want N, E, S, W or a Russian seat name)"}
}

// Side is a partnership: North–South or East–West. The zero value is NS.
type Side uint8

// The two partnerships.
const (
	NS Side = iota
	EW
)

// Opponents is the other partnership.
func (s Side) Opponents() Side { return s ^ 1 }

// String returns "NS" or "EW".
func (s Side) String() string {
	switch s {
	case NS:
		return "NS"
	case EW:
		return "EW"
	}
	return fmt.Sprintf("Side(%d)", uint8(s))
}

// Vulnerability says which partnerships are vulnerable on a board. The zero
// value is None.
type Vulnerability uint8

// The four vulnerability conditions.
const (
	VulNone Vulnerability = iota
	VulNS
	VulEW
	VulAll
)

// Vulnerable reports whether side s is vulnerable.
func (v Vulnerability) Vulnerable(s Side) bool {
	switch v {
	case VulAll:
		return true
	case VulNS:
		return s == NS
	case VulEW:
		return s == EW
	}
	return false
}

// String returns the canonical PBN form: "None", "NS", "EW" or "All".
func (v Vulnerability) String() string {
	switch v {
	case VulNone:
		return "None"
	case VulNS:
		return "NS"
	case VulEW:
		return "EW"
	case VulAll:
		return "All"
	}
	return fmt.Sprintf("Vulnerability(%d)", uint8(v))
}

// vulNames maps accepted spellings, folded to lower case with spaces removed,
// to a vulnerability. "Love" and "-" are real-world spellings of None; "N-S"
// and "Both" come from BridgeNZ files; "o", "n", "e", "b" and "0" are LIN's sv
// values.
var vulNames = map[string]Vulnerability{
	"none": VulNone, "love": VulNone, "-": VulNone, "o": VulNone, "0": VulNone,
	"никто": VulNone, "никтовзоне": VulNone, "никтоневзоне": VulNone, "всеобезоны": VulNone, "обедозоны": VulNone, "вседозоны": VulNone,
	"ns": VulNS, "n-s": VulNS, "n/s": VulNS, "n": VulNS,
	"с-ю": VulNS, "сю": VulNS, "с/ю": VulNS,
	"ew": VulEW, "e-w": VulEW, "e/w": VulEW, "e": VulEW,
	"в-з": VulEW, "вз": VulEW, "в/з": VulEW,
	"all": VulAll, "both": VulAll, "b": VulAll,
	"все": VulAll, "обе": VulAll, "всевзоне": VulAll, "обевзоне": VulAll,
}

// dashes reads the dashes people type between seats (en and em dashes,
// the minus sign, the hyphen) as "-".
var dashes = strings.NewReplacer("–", "-", "—", "-", "−", "-", "‐", "-", "‑", "-")

// ParseVulnerability reads a vulnerability in any spelling found in real
// files: None/Love/-, NS/N-S, EW/E-W, All/Both, LIN's o/n/e/b and 0, and the
// Russian forms ("никто", "никто не в зоне", "все", "обе", "С-Ю", "В-З",
// optionally followed by "в зоне"). Case, spaces and the kind of dash
// ("С–Ю", "В – З") are ignored.
func ParseVulnerability(text string) (Vulnerability, error) {
	// The spellings of PBN export and of LIN are read without folding.
	switch text {
	case "None", "o", "0":
		return VulNone, nil
	case "NS", "n":
		return VulNS, nil
	case "EW", "e":
		return VulEW, nil
	case "All", "Both", "b":
		return VulAll, nil
	}
	key := dashes.Replace(strings.ToLower(strings.Join(strings.Fields(text), "")))
	if v, ok := vulNames[key]; ok {
		return v, nil
	}
	if rest, ok := strings.CutSuffix(key, "взоне"); ok {
		if v, ok := vulNames[rest]; ok {
			return v, nil
		}
	}
	return 0, &ParseError{Kind: "vulnerability", Text: text, Reason: "not a vulnerability (want None, NS, EW or All)"}
}

// BoardDealer is the dealer of duplicate board n (n ≥ 1): N, E, S, W for n
// mod 4 = 1, 2, 3, 0.
func BoardDealer(n int) Seat {
	return Seat(((n-1)%4 + 4) % 4)
}

// boardVul is the 16-board vulnerability cycle, indexed by (n-1) mod 16.
var boardVul = [16]Vulnerability{
	VulNone, VulNS, VulEW, VulAll,
	VulNS, VulEW, VulAll, VulNone,
	VulEW, VulAll, VulNone, VulNS,
	VulAll, VulNone, VulNS, VulEW,
}

// BoardVulnerability is the vulnerability of duplicate board n (n ≥ 1),
// which repeats every 16 boards.
func BoardVulnerability(n int) Vulnerability {
	return boardVul[((n-1)%16+16)%16]
}

// ParseError reports text that could not be read as a value of some kind.
type ParseError struct {
	Kind   string // what was being read: "call", "seat", "deal", …
	Text   string // the offending text
	Reason string // why it was rejected, in plain words
	Err    error  // the infraction behind the rejection, if any (a bid of eight: ErrBidAboveSeven)
}

// Unwrap returns Err, so errors.Is(err, ErrBidAboveSeven) works on a bid of eight.
func (e *ParseError) Unwrap() error { return e.Err }

// Error returns a message naming the text and the reason.
func (e *ParseError) Error() string {
	return fmt.Sprintf("bad %s %q: %s", e.Kind, e.Text, e.Reason)
}
