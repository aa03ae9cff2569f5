package auction

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// Deal is the four hands of a board, indexed by seat (d[North] …). A hand
// with no cards is a hand that is not given: hidden in a lesson, unknown in
// a partial record. A Deal need not be complete: hands may be unknown, or
// hold fewer than 13 cards (an end position, or a diagram showing one suit).
// The zero value is a deal with no hand given. Deals are comparable.
type Deal [4]Hand

// Known reports whether seat s's hand is given, that is, holds a card.
func (d Deal) Known(s Seat) bool { return d[s&3] != Hand{} }

// Owner is the seat whose hand holds c; ok is false when no given hand
// holds it.
func (d Deal) Owner(c Card) (s Seat, ok bool) {
	for _, s := range Seats {
		if d[s].Has(c) {
			return s, true
		}
	}
	return 0, false
}

// Full reports whether d is a whole deal: four hands of 13 cards holding
// all 52 cards.
func (d Deal) Full() bool {
	for _, h := range d {
		if h.Len() != 13 {
			return false
		}
	}
	return d.union() == Hand{bits: allCards}
}

// Turned returns the key of a deal whatever seats its hands sit at: the
// four hands, clockwise, from the seat (0 for North) where they compare
// least (Hand.Compare), and that seat. The same four hands at other seats
// (a hand record turned round, a deal typed from another seat) have the
// same key: key[i] is d[(from+i)%4].
func (d Deal) Turned() (key Deal, from int) {
	for k := 1; k < 4; k++ {
		for i := range 4 {
			if c := d[(k+i)%4].Compare(d[(from+i)%4]); c != 0 {
				if c < 0 {
					from = k
				}
				break
			}
		}
	}
	for i := range key {
		key[i] = d[(from+i)%4]
	}
	return key, from
}

// union is the set of cards in all four hands.
func (d Deal) union() Hand {
	return Hand{bits: d[North].bits | d[East].bits | d[South].bits | d[West].bits}
}

// Complete returns d with its one missing hand derived: when exactly three
// hands are given, each of 13 named cards (no "x") and no card twice, the
// fourth holds the other 13 cards. Any other deal is returned unchanged.
// [ParseLINDeal] completes the deals it reads, as LIN expects; [ParseDeal]
// does not, since a PBN "-" may hide a hand on purpose.
func (d Deal) Complete() Deal {
	missing := -1
	for _, s := range Seats {
		switch n := d[s].Len(); {
		case n == 0 && missing < 0:
			missing = int(s)
		case n != 13:
			return d
		}
	}
	if missing < 0 || d.union().Len() != 39 {
		return d
	}
	d[missing] = Hand{bits: allCards &^ d.union().bits}
	return d
}

// DealProblemKind classifies what is wrong with a deal.
type DealProblemKind uint8

// The contradictions a deal can hold.
const (
	DuplicateCard DealProblemKind = iota + 1 // a card in two hands, or twice in one
	TooManyCards                             // a hand of more than 13 cards
	WrongCount                               // four hands given, some with 13 cards, some without
)

// DealProblem is one contradiction found in a deal.
type DealProblem struct {
	Kind DealProblemKind
	// Seat is the hand at fault.
	Seat Seat
	// Other is, for DuplicateCard, the other hand holding Card (Seat itself
	// when the card is written twice in one hand); for WrongCount, a hand
	// that holds 13 cards.
	Other Seat
	Card  Card // the card, for DuplicateCard
	Count int  // the number of cards in Seat's hand, for TooManyCards and WrongCount
}

// String says what is wrong in plain words.
func (p DealProblem) String() string {
	switch p.Kind {
	case DuplicateCard:
		if p.Seat == p.Other {
			return fmt.Sprintf("%s is written twice in %s's hand", p.Card, p.Seat)
		}
		return fmt.Sprintf("%s is in both %s's and %s's hands", p.Card, p.Seat, p.Other)
	case TooManyCards:
		return fmt.Sprintf("%s has %d cards; a hand holds at most 13", p.Seat, p.Count)
	case WrongCount:
		return fmt.Sprintf("%s has %d cards while %s has 13; a full deal gives every hand 13", p.Seat, p.Count, p.Other)
	}
	return fmt.Sprintf("DealProblem(%d)", uint8(p.Kind))
}

// DealError reports a deal that reads well but contradicts itself: the
// same card twice, or hands of impossible sizes. It lists every problem
// found.
type DealError struct {
	Text     string // the deal as written; empty when a Deal value was validated
	Problems []DealProblem
}

// Error names the deal and lists its problems.
func (e *DealError) Error() string {
	var b strings.Builder
	if e.Text != "" {
		fmt.Fprintf(&b, "bad deal %q: ", e.Text)
	} else {
		b.WriteString("bad deal: ")
	}
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// Validate checks that d does not contradict itself: no card in two hands,
// no hand of more than 13 cards, and, when all four hands are given and one
// holds 13 cards, 13 cards in every hand. Unknown hands and hands of fewer
// cards are otherwise allowed: a partial deal is valid when nothing
// contradicts. The error is a *DealError listing every problem.
func (d Deal) Validate() error {
	if ps := d.problems(nil); len(ps) > 0 {
		return &DealError{Problems: ps}
	}
	return nil
}

// problems appends d's contradictions to ps.
func (d Deal) problems(ps []DealProblem) []DealProblem {
	// Every deal read is checked, and most hold no card twice: then the
	// hands' cards together are as many as each hand's added up, and the
	// pairs of hands need not be searched.
	if bits.OnesCount64(d[0].bits|d[1].bits|d[2].bits|d[3].bits) ==
		bits.OnesCount64(d[0].bits)+bits.OnesCount64(d[1].bits)+bits.OnesCount64(d[2].bits)+bits.OnesCount64(d[3].bits) {
		return d.countProblems(ps)
	}
	for i, a := range Seats {
		for _, b := range Seats[i+1:] {
			for c := range (Hand{bits: d[a].bits & d[b].bits}).All() {
				ps = append(ps, DealProblem{Kind: DuplicateCard, Seat: a, Other: b, Card: c})
			}
		}
	}
	return d.countProblems(ps)
}

// countProblems appends the problems of d's hands' sizes to ps.
func (d Deal) countProblems(ps []DealProblem) []DealProblem {
	var full Seat // the first hand of 13 cards, if haveFull
	haveFull, all := false, true
	for _, s := range Seats {
		switch n := d[s].Len(); {
		case n > 13:
			ps = append(ps, DealProblem{Kind: TooManyCards, Seat: s, Count: n})
		case n == 13 && !haveFull:
			full, haveFull = s, true
		case n == 0:
			all = false
		}
	}
	if all && haveFull {
		for _, s := range Seats {
			if n := d[s].Len(); n < 13 {
				ps = append(ps, DealProblem{Kind: WrongCount, Seat: s, Other: full, Count: n})
			}
		}
	}
	return ps
}

// String returns the deal in PBN form starting with North; see [Deal.PBN].
func (d Deal) String() string { return d.PBN(North) }

// PBN returns the deal in canonical PBN form: the first seat, a colon, then
// the hands clockwise from it, upper case, ranks from the ace down, "-" for
// a hand not given: "N:AKQ.JT9.8765.432 - … …". PBN export starts with
// the dealer.
func (d Deal) PBN(first Seat) string {
	var buf [2 + 4*16 + 3 + 8]byte // "N:", four hands of 13 ranks and 3 dots, 3 spaces; appendPBN's spare word
	b := append(buf[:0], first.Add(0).String()[0], ':')
	for i := range 4 {
		if i > 0 {
			b = append(b, ' ')
		}
		if s := first.Add(i); d.Known(s) {
			b = d[s].appendPBN(b)
		} else {
			b = append(b, '-')
		}
	}
	return string(b)
}

// linSeats is LIN's seat order, used for the hands of md: S, W, N, E.
var linSeats = [4]Seat{South, West, North, East}

// linDigit is LIN's dealer digit for each seat: 1 South, 2 West, 3 North,
// 4 East.
var linDigit = [4]byte{North: '3', East: '4', South: '1', West: '2'}

// LIN returns the deal as a LIN md value: the dealer digit, then the hands
// in LIN's order S, W, N, E, each written "S…H…D…C…" with the ranks from the
// ace down (a void is its bare suit letter; an unspecified card is "x",
// which only this package's reader knows). A full deal is written as
// three hands and a trailing comma, East being the remaining cards: BBO's
// own form and the one every reader accepts. Any other deal is written with
// all four hands, empty for a hand not given. Note that LIN cannot keep a
// fourth hand hidden when the other three are full: reading derives it.
func (d Deal) LIN(dealer Seat) string {
	var buf [1 + 4*(13+4) + 3]byte // the digit, four hands of 13 ranks and 4 letters, 3 commas
	b := append(buf[:0], linDigit[dealer&3])
	n := 4
	if d.Full() {
		n = 3
	}
	for i, s := range linSeats {
		if i > 0 {
			b = append(b, ',')
		}
		if i < n && d.Known(s) {
			for _, suit := range Suits {
				b = append(b, suit.String()[0])
				b = d[s].appendRanks(b, suit)
			}
		}
	}
	return string(b)
}

// ParseDeal reads a deal in PBN form: a seat, a colon, then four hands
// clockwise from that seat, separated by spaces ("N:AKQ.JT9.8765.432 …").
// It accepts what real files contain: the seat in any case or in Russian
// ("С:", "Ю:"); "-", an empty field or "..." for a hand not given; ranks in
// any order and case; "10" for the ten; the Russian ranks Т (ace), К, Д,
// В (jack); "x" for an unspecified small card, as lesson diagrams write
// shapes ("xxx.xx.xxxx.xxxx"); and the layout in which fields are separated by single spaces
// so that an empty field between two spaces is a hand not given ("W: AT6…
// 853…" gives North and South). A missing fourth hand is not derived; see
// [Deal.Complete].
//
// Text that cannot be read gives a *ParseError naming the character and
// its position. A deal that reads but contradicts itself gives a
// *DealError listing the problems, and the deal as read, so that a caller
// auditing a file can still show it.
func ParseDeal(text string) (Deal, error) {
	if d, ok := parseFullDeal(text); ok {
		return d, nil
	}
	return parseDeal(text)
}

// parseFullDeal reads the form of a deal nearly every file writes, which
// is the only one it reads: a seat letter, a colon, and four hands of
// thirteen cards in suits parted by dots, written with the usual rank
// characters, parted by single spaces, together holding every card once.
// That is a deal parseDeal reads without a problem, to the same cards:
// FuzzParseDeal holds the two to each other. parseDeal took 4,400
// instructions a deal, a twentieth of an audit's.
func parseFullDeal(text string) (Deal, bool) {
	var d Deal
	if len(text) < 2 || text[1] != ':' {
		return d, false
	}
	first := strings.IndexByte("NESWnesw", text[0])
	if first < 0 {
		return d, false
	}
	i := 2
	for h := range 4 {
		if h > 0 {
			if i >= len(text) || text[i] != ' ' {
				return d, false
			}
			i++
		}
		var cards uint64
		suit, n := 0, 0 // n counts the cards written, which a card written twice makes more than those held
		for ; i < len(text); i++ {
			c := text[i]
			if bit := cardBits[suit][c]; bit != 0 {
				cards |= bit
				n++
				continue
			}
			if c != '.' {
				break
			}
			if suit++; suit == len(Suits) {
				return d, false
			}
		}
		if suit != len(Suits)-1 || n != 13 || bits.OnesCount64(cards) != 13 {
			return d, false
		}
		d[Seat(first&3).Add(h)].bits = cards
	}
	if i != len(text) || d[0].bits|d[1].bits|d[2].bits|d[3].bits != allCards {
		return d, false
	}
	return d, true
}

// cardBits are the bits of the cards of suit Suits[i] in a Hand, by the
// rank characters asciiRank reads: one lookup a card for parseFullDeal.
var cardBits = func() (t [len(Suits)][256]uint64) {
	for i, s := range Suits {
		for c, r := range asciiRank {
			if r != 0 {
				t[i][c] = 1 << NewCard(s, r)
			}
		}
	}
	return t
}()

// parseDeal is ParseDeal for any text.
func parseDeal(text string) (Deal, error) {
	var d Deal
	// src is text with PBN's other white space as blanks, as a writer that
	// cannot write it in a string writes it: the deal reads the same
	// before and after. Errors quote text, and the blanks stand where the
	// white space was, so their places are text's.
	src := text
	if i := otherSpace(text); i >= 0 {
		b := []byte(text) // byte for byte: the places stay text's
		for ; i < len(b); i++ {
			if isOtherSpace(b[i]) {
				b[i] = ' '
			}
		}
		src = string(b)
	}
	colon := strings.IndexByte(src, ':')
	if colon < 0 {
		return d, &ParseError{Kind: "deal", Text: text, Reason: `missing the first seat (a deal starts with a seat and a colon, as in "N:")`}
	}
	first, err := firstSeat(src[:colon])
	if err != nil {
		return d, &ParseError{Kind: "deal", Text: text, Reason: fmt.Sprintf("%q before the colon is not a seat (want N, E, S or W)", text[:colon])}
	}
	end := len(strings.TrimRight(src, " "))
	if end <= colon {
		end = colon + 1
	}
	fields, n := splitFields(src[:end], colon+1, false)
	if n != 4 {
		fields, n = splitFields(src[:end], colon+1, true)
	}
	if n != 4 {
		return d, &ParseError{Kind: "deal", Text: text, Reason: fmt.Sprintf("has %d hands, want 4 (write - for a hand not given)", n)}
	}
	var ps []DealProblem
	for i, f := range fields {
		s := first.Add(i)
		// The fields hold no white space: scanned in text, their errors
		// quote it.
		h, twice, err := scanPBNHand(spot{kind: "deal", text: text, seat: s, seated: true}, f[0], f[1])
		if err != nil {
			return Deal{}, err
		}
		d[s] = h
		ps = appendTwice(ps, s, twice)
	}
	return d, dealError(text, d.problems(ps))
}

// firstSeat reads the seat before a PBN deal's colon. The usual one-letter
// form is read here, without the allocation of ParseSeat's case folding;
// anything else goes to ParseSeat.
func firstSeat(text string) (Seat, error) {
	if len(text) == 1 {
		if i := strings.IndexByte("NESWnesw", text[0]); i >= 0 {
			return Seat(i & 3), nil
		}
	}
	return ParseSeat(text)
}

// appendTwice adds a DuplicateCard problem for each card written twice in
// seat s's hand.
func appendTwice(ps []DealProblem, s Seat, twice Hand) []DealProblem {
	for c := range twice.All() {
		ps = append(ps, DealProblem{Kind: DuplicateCard, Seat: s, Other: s, Card: c})
	}
	return ps
}

// dealError returns a *DealError for the problems, or nil if there are
// none.
func dealError(text string, ps []DealProblem) error {
	if len(ps) == 0 {
		return nil
	}
	return &DealError{Text: text, Problems: ps}
}

// splitFields splits text[from:] into fields, giving their byte bounds in
// text and their number n (which may exceed the four bounds kept). With
// runs false every space or tab separates two fields, so that two spaces in
// a row enclose an empty field; with runs true a run of spaces is one
// separator and leading spaces are ignored.
func splitFields(text string, from int, runs bool) (bounds [4][2]int, n int) {
	isSpace := func(b byte) bool { return b == ' ' || b == '\t' }
	i := from
	if runs {
		for i < len(text) && isSpace(text[i]) {
			i++
		}
		if i == len(text) {
			return bounds, 0
		}
	}
	for {
		j := i
		for j < len(text) && !isSpace(text[j]) {
			j++
		}
		if n < len(bounds) {
			bounds[n] = [2]int{i, j}
		}
		n++
		if j == len(text) {
			return bounds, n
		}
		i = j + 1
		if runs {
			for i < len(text) && isSpace(text[i]) {
				i++
			}
		}
	}
}

// ParseLINDeal reads a LIN md value: an optional dealer digit (1 South,
// 2 West, 3 North, 4 East) then up to four hands separated by commas, in
// LIN's order S, W, N, E. A hand is suit letters each followed by its ranks
// ("S269H2568QAD4TC2T"), suits in any order and case, ranks in any order,
// "10" for the ten, the Russian ranks Т К Д В, "x" for an unspecified
// card, and a void written as a bare suit letter or left out. An empty slot is a hand not given, and a
// trailing comma after the fourth hand is allowed. The deal is completed
// (see [Deal.Complete]): LIN usually gives three hands and leaves East to be
// derived.
//
// It returns the deal, the dealer and whether a dealer digit was present.
// The errors are those of [ParseDeal].
func ParseLINDeal(text string) (d Deal, dealer Seat, hasDealer bool, err error) {
	if d, dealer, hasDealer, ok := parseFullLINDeal(text); ok {
		return d, dealer, hasDealer, nil
	}
	return parseLINDeal(text)
}

// parseLINDeal is ParseLINDeal for any text.
func parseLINDeal(text string) (d Deal, dealer Seat, hasDealer bool, err error) {
	i := 0
	for i < len(text) && text[i] == ' ' {
		i++
	}
	if i < len(text) && text[i] >= '0' && text[i] <= '9' {
		if text[i] < '1' || text[i] > '4' {
			return d, 0, false, spot{kind: "deal", text: text}.errAt(i, "not a dealer digit (want 1 South, 2 West, 3 North or 4 East)")
		}
		dealer, hasDealer = linSeats[text[i]-'1'], true
		i++
	}
	var ps []DealProblem
	for slot := 0; ; slot++ {
		j := i + strings.IndexByte(text[i:], ',')
		if j < i {
			j = len(text)
		}
		if slot == len(linSeats) {
			if strings.TrimSpace(text[i:]) != "" {
				return Deal{}, dealer, hasDealer, spot{kind: "deal", text: text}.errAt(i, "after the fourth hand (md holds at most four hands, S, W, N, E)")
			}
			break
		}
		s := linSeats[slot]
		h, twice, err := scanLINHand(spot{kind: "deal", text: text, seat: s, seated: true}, i, j)
		if err != nil {
			return Deal{}, dealer, hasDealer, err
		}
		d[s] = h
		ps = appendTwice(ps, s, twice)
		if j == len(text) {
			break
		}
		i = j + 1
	}
	if len(ps) == 0 {
		d = d.Complete()
	}
	return d, dealer, hasDealer, dealError(text, d.problems(ps))
}

// parseFullLINDeal reads the form of an md value BBO writes, which is the
// only one it reads: a dealer digit or none, and three or four hands of
// thirteen cards, written with suit letters (each once a hand) and the
// usual rank characters, parted by commas, the fourth hand empty or left
// out, a comma after it or none, the hands holding no card twice. That
// is a value ParseLINDeal reads without a problem, to the same deal:
// FuzzParseLINDeal holds the two to each other.
func parseFullLINDeal(text string) (d Deal, dealer Seat, hasDealer, ok bool) {
	i := 0
	if len(text) > 0 && text[0] >= '1' && text[0] <= '4' {
		dealer, hasDealer = linSeats[text[0]-'1'], true
		i++
	}
	var all uint64
	for slot := range linSeats {
		if slot > 0 {
			if slot == 3 && i == len(text) {
				break
			}
			if i == len(text) || text[i] != ',' {
				return d, dealer, hasDealer, false
			}
			i++
		}
		var cards uint64
		suit, seen, written := -1, 0, 0
		for ; i < len(text); i++ {
			c := text[i]
			if suit >= 0 {
				if bit := cardBits[suit][c]; bit != 0 {
					cards |= bit
					written++
					continue
				}
			}
			s, isSuit := suitLetter(rune(c))
			if !isSuit || seen&(1<<s) != 0 {
				break
			}
			seen |= 1 << s
			suit = int(Spade - s) // its place in Suits, spades first
		}
		if n := bits.OnesCount64(cards); n != written || n != 13 && (slot < 3 || n != 0) || all&cards != 0 {
			return d, dealer, hasDealer, false
		}
		all |= cards
		d[linSeats[slot]].bits = cards
	}
	if i < len(text) && text[i] == ',' {
		i++
	}
	if i != len(text) {
		return d, dealer, hasDealer, false
	}
	d[linSeats[3]].bits = allCards &^ (all &^ d[linSeats[3]].bits)
	return d, dealer, hasDealer, true
}

// scanLINHand reads the LIN hand at text[start:end] of sp, returning the
// hand and the cards written more than once.
func scanLINHand(sp spot, start, end int) (Hand, Hand, error) {
	var h, twice, seen Hand // seen holds one card per suit letter met
	suit, inSuit := Suit(0), false
	text := sp.text[:end]
	for i := start; i < len(text); {
		// The usual rank characters, as scanPBNHand reads them: every
		// card of an md value passes here, and decoding each as a rune and
		// adding it through addRank took 4% of an audit of LIN.
		if r := asciiRank[text[i]]; r != 0 && inSuit && h.spots == 0 {
			h.addNamed(&twice, NewCard(suit, r))
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == ' ' || r == '\t' || r == '\r' || r == '\n' { // white space only lays the hand out
			i++
			continue
		}
		if s, ok := suitLetter(r); ok {
			if seen.Has(NewCard(s, Two)) {
				return h, twice, sp.errAt(i, "a suit given twice")
			}
			seen.Add(NewCard(s, Two))
			suit, inSuit = s, true
			i += size
			continue
		}
		if r == '1' && i+1 < len(text) && text[i+1] == '0' {
			r, size = 'T', 2
		}
		if !inSuit {
			if _, ok := rankOf(r); ok || r == 'x' || r == 'X' {
				return h, twice, sp.errAt(i, "a rank before any suit letter")
			}
			return h, twice, sp.errAt(i, "not a suit letter (want S, H, D, C)")
		}
		if err := addRank(&h, &twice, suit, r); err != "" {
			return h, twice, sp.errAt(i, err)
		}
		i += size
	}
	return h, twice, nil
}

// suitLetter reads the suit letters and symbols a LIN hand uses.
func suitLetter(r rune) (Suit, bool) {
	switch r {
	case 'S', 's', '♠', '♤':
		return Spade, true
	case 'H', 'h', '♥', '♡':
		return Heart, true
	case 'D', 'd', '♦', '♢':
		return Diamond, true
	case 'C', 'c', '♣', '♧':
		return Club, true
	}
	return 0, false
}

// MarshalText implements [encoding.TextMarshaler] with the PBN form of
// [Deal.String].
func (d Deal) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText implements [encoding.TextUnmarshaler]; it accepts what
// [ParseDeal] accepts, and leaves d unchanged on any error, a *DealError
// included.
func (d *Deal) UnmarshalText(text []byte) error {
	v, err := ParseDeal(string(text))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// isOtherSpace reports whether c is white space of PBN other than a blank:
// tab, line feed, vertical tab, form feed or carriage return, which are
// the bytes 9 to 13.
func isOtherSpace(c byte) bool { return c-'\t' <= '\r'-'\t' }

// otherSpace returns the index of the first byte of text that isOtherSpace,
// or -1. It is strings.ContainsAny's question asked of one range of bytes,
// without the set that function builds on every call: every deal read
// asks it, and the set took most of ParseDeal's time.
func otherSpace(text string) int {
	for i := 0; i < len(text); i++ {
		if isOtherSpace(text[i]) {
			return i
		}
	}
	return -1
}
