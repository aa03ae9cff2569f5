package convert

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/record"
)

// TextWriterOptions configure a TextWriter.
type TextWriterOptions struct {
	// Color colours the red suits with ANSI escapes, for a terminal.
	Color bool
	// File names the input in each board's first line; the board's own
	// Source.File when empty.
	File string
}

// A TextWriter writes boards for people, as `bridgekit show` prints them:
// the board's identity, the four hands with suit symbols, the auction in
// four columns from West, the contract, declarer and result, and a link
// that opens the board in BBO's handviewer. It writes each board when
// given; Close has nothing left to write.
type TextWriter struct {
	w   io.Writer
	opt TextWriterOptions
	err error
}

// NewTextWriter returns a TextWriter writing to w.
func NewTextWriter(w io.Writer, opt TextWriterOptions) *TextWriter {
	return &TextWriter{w: w, opt: opt}
}

// WriteBoard writes b.
func (tw *TextWriter) WriteBoard(b *record.Board) error { return tw.WriteBoardNotes(b, nil) }

// WriteBoardNotes writes b with notes about it (an audit's findings), a
// line each after its result.
func (tw *TextWriter) WriteBoardNotes(b *record.Board, notes []string) error {
	if tw.err != nil {
		return tw.err
	}
	file := cmp.Or(tw.opt.File, b.Source.File)
	var s strings.Builder
	fmt.Fprintf(&s, "%s, game %d\n", file, b.Source.Game)
	if head := joinPresent(" · ", b.Event.Value, b.Site.Value, b.Date.Value); head != "" {
		s.WriteString(head + "\n")
	}
	if line := matchLine(b); line != "" {
		s.WriteString(line + "\n")
	}
	dealer, vul := "?", "?"
	if b.DealerKnown {
		dealer = b.Dealer.Name()
	}
	if b.VulnerableKnown {
		vul = vulnerability(b.Vulnerable)
	}
	board := "Board ?"
	if l := b.BoardLabel(); l != "" {
		board = "Board " + l
	}
	fmt.Fprintf(&s, "%s · Dealer %s · Vulnerable %s\n\n", board, dealer, vul)
	diagram(&s, b)
	s.WriteString("\n")
	auctionTable(&s, b)
	outcome(&s, b)
	playTable(&s, b)
	for _, n := range notes {
		fmt.Fprintf(&s, "%-10s%s\n", "Finding", n)
	}
	if link, err := handviewer(b); err == nil {
		fmt.Fprintf(&s, "%-10s%s\n", "Link", link)
	}
	out := s.String()
	if tw.opt.Color {
		out = redSuits.Replace(out)
	}
	_, tw.err = io.WriteString(tw.w, out)
	return tw.err
}

// Close returns the first write error.
func (tw *TextWriter) Close() error { return tw.err }

// matchLine says the room and the teams of a board played in a match:
// "Open room · Nickell v Fleisher · Segment 4 of 8", or "".
func matchLine(b *record.Board) string {
	room := ""
	if b.Room != record.RoomUnknown {
		room = b.Room.String() + " room"
	}
	teams := ""
	m, ok := MatchOf(b)
	if ok && (m.Home != "" || m.Visit != "") {
		teams = joinPresent(" v ", m.Home, m.Visit)
	}
	return joinPresent(" · ", room, teams, m.Segment)
}

// handviewer returns the link that opens the board in BBO's handviewer:
// the board written by the LIN writer as a record of its own, in the lin
// parameter, without what the handviewer will not load (see
// handviewerLIN).
func handviewer(b *record.Board) (string, error) {
	var lin bytes.Buffer
	w := NewLINWriter(&lin, LINWriterOptions{Vugraph: VugraphNever})
	if err := w.WriteBoard(b); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	return "https://www.bridgebase.com/tools/handviewer.html?lin=" + url.QueryEscape(handviewerLIN(lin.String())), nil
}

// handviewerLIN returns LIN as the writer wrote it without the % lines
// kept from the file and the nt commentary of vugraph files, with which
// BBO's handviewer does not load the board, and without the lines (a notes
// record) that held nothing else. The writer never puts "|" or a line
// break inside a value, so the text splits safely into pairs.
func handviewerLIN(lin string) string {
	var kept []string
	for line := range strings.SplitSeq(lin, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.HasPrefix(line, "%") {
			continue
		}
		fields := strings.Split(line, "|")
		var pairs []string
		board := false
		for i := 0; i+1 < len(fields); i += 2 {
			label := strings.ToLower(fields[i])
			if label == "nt" {
				continue
			}
			board = board || label != "pg"
			pairs = append(pairs, fields[i]+"|"+fields[i+1]+"|")
		}
		if board {
			kept = append(kept, strings.Join(pairs, ""))
		}
	}
	return strings.Join(kept, "\n")
}

// bboSuits turns BBO's suit marks in explanations ("transfer to !h")
// into suit symbols.
var bboSuits = strings.NewReplacer("!s", "♠", "!h", "♥", "!d", "♦", "!c", "♣", "!S", "♠", "!H", "♥", "!D", "♦", "!C", "♣")

// ColorCodes are the ANSI escapes the text writer colours with, for a
// terminal writer that escapes every other one.
var ColorCodes = []string{"\x1b[31m", "\x1b[0m"}

// redSuits colours the red suit symbols with ANSI escapes.
var redSuits = strings.NewReplacer("♥", ColorCodes[0]+"♥"+ColorCodes[1], "♦", ColorCodes[0]+"♦"+ColorCodes[1])

func joinPresent(sep string, parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p != "" && p != "?" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, sep)
}

func vulnerability(v auction.Vulnerability) string {
	switch v {
	case auction.VulNone:
		return "none"
	case auction.VulNS:
		return "N-S"
	case auction.VulEW:
		return "E-W"
	}
	return "all"
}

// diagram writes the four hands: North above, West and East side by side,
// South below.
func diagram(s *strings.Builder, b *record.Board) {
	const indent = 18
	pad := strings.Repeat(" ", indent)
	for _, line := range hand(b, auction.North) {
		s.WriteString(pad + line + "\n")
	}
	west, east := hand(b, auction.West), hand(b, auction.East)
	for i := range west {
		fmt.Fprintf(s, "%s%s\n", padRight(west[i], 2*indent), east[i])
	}
	for _, line := range hand(b, auction.South) {
		s.WriteString(pad + line + "\n")
	}
}

// hand returns the lines of one seat in the diagram: its name and player,
// then a line per suit, spades first.
func hand(b *record.Board, seat auction.Seat) []string {
	title := seat.Name()
	if p := b.Player(seat); p != "" && p != "?" {
		title += ": " + p
	}
	lines := []string{title}
	h := b.Deal[seat]
	for _, suit := range auction.Suits {
		if !b.Deal.Known(seat) {
			lines = append(lines, suit.Symbol()+" ?")
			continue
		}
		lines = append(lines, suit.Symbol()+" "+holding(h, suit))
	}
	return lines
}

// holding writes the cards of one suit from the ace down, "10" for the
// ten, x for each unspecified small card, and a dash for a void.
func holding(h auction.Hand, suit auction.Suit) string {
	var s strings.Builder
	for c := range h.InSuit(suit).All() {
		r := c.Rank().String()
		if r == "T" {
			r = "10"
		}
		s.WriteString(r)
	}
	s.WriteString(strings.Repeat("x", h.Spots(suit)))
	if s.Len() == 0 {
		return "—"
	}
	return s.String()
}

func padRight(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-utf8.RuneCountInString(s)))
}

// auctionTable writes the auction in four columns from West, with the
// notes that explain calls after it.
func auctionTable(s *strings.Builder, b *record.Board) {
	rec := &b.Auction
	if !rec.Present || len(rec.Calls) == 0 {
		s.WriteString("No auction\n\n")
		return
	}
	const width = 8
	s.WriteString(padRight("West", width) + padRight("North", width) + padRight("East", width) + "South\n")
	col := (int(rec.First) + 1) % 4 // West is column 0
	s.WriteString(strings.Repeat(" ", col*width))
	for i := 0; i < len(rec.Calls); i++ {
		c := &rec.Calls[i]
		text := callText(c)
		if c.AllPass {
			text = "All Pass"
			i = len(rec.Calls)
		}
		if col == 3 || i >= len(rec.Calls)-1 {
			s.WriteString(strings.TrimRight(text, " ") + "\n")
		} else {
			s.WriteString(padRight(text, width))
		}
		col = (col + 1) % 4
	}
	if rec.End == "+" {
		s.WriteString("(to be continued)\n")
	}
	for _, n := range rec.Notes {
		fmt.Fprintf(s, "(%d) %s\n", n.Number, bboSuits.Replace(n.Text))
	}
	s.WriteString("\n")
}

// callText writes a call with suit symbols and its marks: ! for an alert,
// (n) for a note, * for an insufficient bid accepted at the table.
func callText(c *record.AuctionCall) string {
	var text string
	switch {
	case c.Skip:
		text = "—"
	case !c.Readable():
		text = c.Text
	default:
		text = callSymbol(c.Call)
	}
	if c.Accepted {
		text += "*"
	}
	if c.Alert {
		text += "!"
	}
	if c.Note > 0 {
		text += "(" + strconv.Itoa(c.Note) + ")"
	}
	return text
}

// callSymbol writes a call with its suit symbol: "1♥", "3NT", "Pass".
func callSymbol(c auction.Call) string {
	bid, ok := c.Bid()
	if !ok {
		return c.String()
	}
	return strconv.Itoa(int(bid.Level)) + strainSymbol(bid.Strain)
}

func strainSymbol(s auction.Strain) string {
	if s == auction.NoTrump {
		return "NT"
	}
	return auction.Suit(s).Symbol()
}

// outcome writes the contract, declarer and result.
// A trickRow is one trick of the play as show and the HTML report give
// it: its number from 1, leader, cards in the order played, winner ("" for
// a trick cut short) and the tricks each side has won so far.
type trickRow struct {
	N      int
	Leader string
	Cards  []string
	Winner string
	Won    [2]int
}

// trickRows returns the play trick by trick; none for a board passed out
// or without a known contract.
func trickRows(b *record.Board) []trickRow {
	cards := b.Play.Cards
	fin := b.Final()
	if len(cards) == 0 || !fin.ContractKnown || fin.Contract.PassedOut() {
		return nil
	}
	var rows []trickRow
	var won [2]int
	for lo := 0; lo < len(cards); {
		hi := lo + 1
		for hi < len(cards) && cards[hi].Trick == cards[lo].Trick {
			hi++
		}
		trick := cards[lo:hi]
		var played [4]auction.Card
		r := trickRow{N: trick[0].Trick + 1, Leader: trick[0].Seat.Name()}
		for i, c := range trick {
			r.Cards = append(r.Cards, cardSymbol(c))
			if i < 4 {
				played[i] = c.Card
			}
		}
		if w, ok := auction.TrickWinner(trick[0].Seat, played, fin.Contract.Strain); ok && len(trick) == 4 {
			won[w.Side()]++
			r.Winner = w.Name()
		}
		r.Won = won
		rows = append(rows, r)
		lo = hi
	}
	return rows
}

// playTable writes the play trick by trick: the leader, the cards in the
// order played, the winner, and the tricks each side has won so far.
// A trick cut short has no winner.
func playTable(s *strings.Builder, b *record.Board) {
	rows := trickRows(b)
	if len(rows) == 0 {
		return
	}
	s.WriteString("\nTrick  Lead   Cards             Won by   N-S  E-W\n")
	for _, r := range rows {
		fmt.Fprintf(s, "%5d  %-5s  %-16s  %-7s  %3d  %3d\n", r.N, r.Leader, strings.Join(r.Cards, " "), r.Winner, r.Won[auction.NS], r.Won[auction.EW])
	}
}

// cardSymbol writes a card played as a person reads it: "♠Q", "♥10".
func cardSymbol(c record.PlayedCard) string {
	if !c.Card.Valid() {
		return c.Text
	}
	r := c.Card.Rank().String()
	if r == "T" {
		r = "10"
	}
	return strainSymbol(auction.Strain(c.Card.Suit())) + r
}

func outcome(s *strings.Builder, b *record.Board) {
	fin := b.Final()
	switch {
	case !fin.ContractKnown:
		fmt.Fprintf(s, "%-10s%s\n", "Contract", "unknown")
		return
	case fin.Contract.PassedOut():
		fmt.Fprintf(s, "%-10s%s\n", "Contract", "passed out")
		return
	}
	c := fin.Contract
	contract := strconv.Itoa(int(c.Level)) + strainSymbol(c.Strain) + c.Risk.String()
	if fin.DeclarerKnown {
		contract += " by " + c.Declarer.Name()
	}
	fmt.Fprintf(s, "%-10s%s\n", "Contract", contract)
	if !fin.TricksKnown {
		return
	}
	need := int(c.Level) + 6
	result := fmt.Sprintf("%d tricks, ", fin.Tricks)
	switch d := fin.Tricks - need; {
	case d < 0:
		result += fmt.Sprintf("down %d", -d)
	case d == 0:
		result += "made"
	default:
		result += fmt.Sprintf("made with %d over", d)
	}
	if fin.DeclarerKnown && b.VulnerableKnown {
		score := auction.Score(c, fin.Tricks, b.Vulnerable)
		side := "N-S"
		if c.Declarer.Side() == auction.EW {
			side = "E-W"
		}
		result += fmt.Sprintf(" (%s %+d)", side, score)
	}
	fmt.Fprintf(s, "%-10s%s\n", "Result", result)
}
