// Package bwstest builds Bridgemate-shaped .bws databases for tests, as
// Bridgemate Control Software lays them out (the tables and columns of
// docs/bws.md), filled with an invented session: no real file may be
// shipped. [Mitchell] is the session of the fixture
// parser/bws/testdata/mitchell.bws, which `go run
// ./parser/bws/testdata/gen` writes; a test changes one value of it and
// reads what the reader finds.
package bwstest

import (
	"fmt"
	"time"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/internal/jet"
	"github.com/bridgekit/bridgekit/internal/jet/jetbuild"
)

// Column types, short.
const (
	integer = jet.TypeInt
	long    = jet.TypeLong
	text    = jet.TypeText
	boolean = jet.TypeBool
	date    = jet.TypeDateTime
)

// A Session is a database being built, with its Bridgemate tables.
type Session struct {
	DB                                     *jetbuild.DB
	Section, Tables, RoundData, Received   *jetbuild.Table
	Bidding, Play, PlayerNumbers, Settings *jetbuild.Table
	PlayerNames, HandRecord, Intermediate  *jetbuild.Table
	// Deals are the boards' deals, from board 1.
	Deals []auction.Deal
}

// Bytes returns the session as a .bws file.
func (s *Session) Bytes() []byte { return s.DB.Bytes() }

// Set changes the value of column col in the i-th row (from 0) of t.
func Set(t *jetbuild.Table, i int, col string, v any) {
	for j, c := range t.Columns() {
		if c.Name == col {
			t.Rows()[i][j] = v
			return
		}
	}
	panic("bwstest: no column " + col)
}

// Get returns the value of column col in the i-th row (from 0) of t.
func Get(t *jetbuild.Table, i int, col string) any {
	for j, c := range t.Columns() {
		if c.Name == col {
			return t.Rows()[i][j]
		}
	}
	panic("bwstest: no column " + col)
}

// newSession makes the empty tables, their columns as Bridgemate's.
func newSession() *Session {
	db := &jetbuild.DB{}
	c := func(name string, typ jet.ColumnType) jetbuild.Column { return jetbuild.Column{Name: name, Type: typ} }
	s := &Session{DB: db}
	s.Section = db.Table("Section", c("ID", integer), c("Letter", text), c("Tables", integer), c("MissingPair", integer), c("EWMoveBeforePlay", integer))
	s.Tables = db.Table("Tables", c("Section", integer), c("Table", integer), c("ComputerID", integer), c("Status", integer),
		c("LogOnOff", integer), c("CurrentRound", integer), c("CurrentBoard", integer), c("UpdateFromRound", integer), c("Group", integer))
	s.RoundData = db.Table("RoundData", c("Section", integer), c("Table", integer), c("Round", integer), c("NSPair", integer),
		c("EWPair", integer), c("LowBoard", integer), c("HighBoard", integer), c("CustomBoards", text))
	entries := []jetbuild.Column{c("ID", long), c("Section", integer), c("Table", integer), c("Round", integer),
		c("Board", integer), c("PairNS", integer), c("PairEW", integer), c("Declarer", integer), c("NS/EW", text),
		c("Contract", text), c("Result", text), c("LeadCard", text), c("Remarks", text), c("DateLog", date), c("TimeLog", date),
		c("Processed", boolean), c("Processed1", boolean), c("Processed2", boolean), c("Processed3", boolean),
		c("Processed4", boolean), c("Erased", boolean), c("ExternalUpdate", boolean)}
	s.Received = db.Table("ReceivedData", entries...)
	s.Intermediate = db.Table("IntermediateData", entries...)
	s.Bidding = db.Table("BiddingData", c("ID", long), c("Section", integer), c("Table", integer), c("Round", integer),
		c("Board", integer), c("Counter", integer), c("Direction", text), c("Bid", text), c("DateLog", date), c("TimeLog", date), c("Erased", boolean))
	s.Play = db.Table("PlayData", c("ID", long), c("Section", integer), c("Table", integer), c("Round", integer),
		c("Board", integer), c("Counter", integer), c("Direction", text), c("Card", text), c("DateLog", date), c("TimeLog", date), c("Erased", boolean))
	s.PlayerNumbers = db.Table("PlayerNumbers", c("Section", integer), c("Table", integer), c("Direction", text), c("Number", text),
		c("Name", text), c("Updated", boolean), c("Processed", boolean), c("TimeLog", date))
	s.Settings = db.Table("Settings", c("ShowResults", boolean), c("LeadCard", boolean), c("Section", integer))
	s.PlayerNames = db.Table("PlayerNames", c("ID", long), c("Name", text), c("strID", text))
	s.HandRecord = db.Table("HandRecord", handColumns()...)
	return s
}

func handColumns() []jetbuild.Column {
	cols := []jetbuild.Column{{Name: "Section", Type: integer}, {Name: "Board", Type: integer}}
	for _, seat := range []string{"North", "East", "South", "West"} {
		for _, suit := range []string{"Spades", "Hearts", "Diamonds", "Clubs"} {
			cols = append(cols, jetbuild.Column{Name: seat + suit, Type: text})
		}
	}
	return cols
}

// The session of Mitchell: a section A of three tables playing three
// rounds of two boards, North–South pairs 1 to 3 staying, East–West
// pairs 4 to 6 moving up a table and the boards down one each round.
const (
	tables = 3
	rounds = 3
	perRnd = 2
	boards = tables * perRnd
)

// Day is the date of the invented session.
var Day = time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC)

// Mitchell returns the session of the fixture: every result consistent
// with the deals (each lead held by its leader, the movement followed)
// and, for board 1 at table 1 in round 1, the auction and the play as
// the terminal recorded them, card by card.
func Mitchell() *Session {
	s := newSession()
	s.Section.Add(1, "A", tables, 0, 0)
	s.Settings.Add(true, true, 1)
	for t := 1; t <= tables; t++ {
		s.Tables.Add(1, t, t, 1, 0, rounds, 0, 0, 0)
	}
	s.Deals = make([]auction.Deal, boards)
	rng := uint64(20260115)
	for b := range s.Deals {
		s.Deals[b] = deal(&rng)
		row := []any{1, b + 1}
		for seat := range 4 {
			for _, suit := range []auction.Suit{auction.Spade, auction.Heart, auction.Diamond, auction.Club} {
				row = append(row, suitText(s.Deals[b][seat], suit))
			}
		}
		s.HandRecord.Add(row...)
	}
	names := []string{"Ada Lovelace", "Brook Taylor", "Carl Gauss", "Dora Marsden", "Emmy Noether", "Fay Weldon"}
	for i, n := range names {
		s.PlayerNames.Add(101+i, n, fmt.Sprint(101+i))
	}
	id := 0
	for r := 1; r <= rounds; r++ {
		for t := 1; t <= tables; t++ {
			ns, ew := t, 4+(t-1+r-1)%tables
			set := ((t-r)%tables + tables) % tables
			low := set*perRnd + 1
			s.RoundData.Add(1, t, r, ns, ew, low, low+perRnd-1, nil)
			if r == 1 {
				for _, d := range []string{"N", "S", "E", "W"} {
					s.PlayerNumbers.Add(1, t, d, nil, nil, false, false, nil)
				}
			}
			for b := low; b < low+perRnd; b++ {
				id++
				s.addResult(id, t, r, b, ns, ew)
			}
		}
	}
	s.recordPlay()
	return s
}

// contracts are the contracts bid in turn, declarer's seat and all.
var contracts = []struct {
	level    int
	strain   auction.Strain
	risk     string
	declarer auction.Seat
}{
	{3, auction.NoTrump, "", auction.North}, {4, auction.Spades, "", auction.South}, {2, auction.Hearts, "", auction.East},
	{3, auction.Diamonds, "x", auction.West}, {1, auction.NoTrump, "", auction.North}, {0, 0, "", 0},
	{4, auction.Hearts, "", auction.North}, {2, auction.Spades, "", auction.West}, {3, auction.Clubs, "", auction.South},
}

// addResult adds the ReceivedData row of a board at a table: a contract
// in turn from the list, the result one of -1, = and +1 by turn, and the
// lead the lowest card of the leader's longest suit.
func (s *Session) addResult(id, table, round, board, ns, ew int) {
	c := contracts[id%len(contracts)]
	logged := Day.Add(19*time.Hour + time.Duration(id)*time.Minute)
	if c.level == 0 {
		s.Received.Add(id, 1, table, round, board, ns, ew, ns, "N", "PASS", "", "", "", Day, logged,
			false, false, false, false, false, false, false)
		return
	}
	contract := fmt.Sprintf("%d %s", c.level, strainText(c.strain))
	if c.risk != "" {
		contract += " " + c.risk
	}
	result := []string{"-1", "=", "+1"}[id%3]
	if c.level == 7 && result == "+1" {
		result = "="
	}
	pair := ns
	if c.declarer.Side() == auction.EW {
		pair = ew
	}
	lead := leadOf(s.Deals[board-1][c.declarer.LHO()])
	s.Received.Add(id, 1, table, round, board, ns, ew, pair, c.declarer.String(), contract, result, cardText(lead), "", Day, logged,
		false, false, false, false, false, false, false)
}

// recordPlay records the auction and the play of board 1 at table 1 in
// round 1 (the first result): 1NT by North raised to 3NT, then every
// card, each player following suit with their lowest card or, void,
// throwing their lowest; the result entered is the tricks the play
// gives.
func (s *Session) recordPlay() {
	d := s.Deals[0]
	calls := []string{"1NT", "PASS", "3NT", "PASS", "PASS", "PASS"}
	logged := Day.Add(19 * time.Hour)
	for i, c := range calls {
		s.Bidding.Add(i+1, 1, 1, 1, 1, i+1, auction.North.Add(i).String(), c, Day, logged, false)
	}
	p, err := auction.NewPlay(d, auction.NoTrump, auction.East)
	if err != nil {
		panic(err)
	}
	hands := d
	n := 0
	for !p.Done() {
		seat := p.Turn()
		cur := p.Current()
		var card auction.Card
		if cur.Len() == 0 {
			card = leadOf(hands[seat])
		} else {
			card = lowest(hands[seat], cur.Card(cur.Leader).Suit())
		}
		if err := p.Play(card); err != nil {
			panic(err)
		}
		hands[seat].Remove(card)
		n++
		s.Play.Add(n, 1, 1, 1, 1, n, seat.String(), cardText(card), Day, logged, false)
	}
	tricks, _ := p.Result(auction.North)
	Set(s.Received, 0, "Contract", "3 NT")
	Set(s.Received, 0, "NS/EW", "N")
	Set(s.Received, 0, "Declarer", 1)
	Set(s.Received, 0, "LeadCard", cardText(leadOf(d[auction.East])))
	Set(s.Received, 0, "Result", resultText(3, tricks))
}

// resultText is the result as a terminal enters it: "=", "+1", "-2".
func resultText(level, tricks int) string {
	switch n := tricks - level - 6; {
	case n == 0:
		return "="
	case n > 0:
		return fmt.Sprintf("+%d", n)
	default:
		return fmt.Sprint(n)
	}
}

// leadOf returns the lowest card of the hand's longest suit (the higher
// ranking of two as long).
func leadOf(h auction.Hand) auction.Card {
	best := auction.Spade
	for _, s := range []auction.Suit{auction.Spade, auction.Heart, auction.Diamond, auction.Club} {
		if h.InSuit(s).Len() > h.InSuit(best).Len() {
			best = s
		}
	}
	return lowest(h, best)
}

// lowest returns the hand's lowest card in suit s, or its lowest card of
// all when it has none of s.
func lowest(h auction.Hand, s auction.Suit) auction.Card {
	in := h.InSuit(s).Cards()
	if len(in) == 0 {
		all := h.Cards()
		low := all[len(all)-1]
		for _, c := range all {
			if c.Rank() < low.Rank() {
				low = c
			}
		}
		return low
	}
	return in[len(in)-1]
}

// cardText writes a card as the terminals do: suit, then rank, the ten
// as 10 ("H10").
func cardText(c auction.Card) string {
	if c.Rank() == auction.Ten {
		return c.Suit().String() + "10"
	}
	return c.String()
}

// suitText writes a hand's cards in a suit as HandRecord holds them:
// ranks from the ace down, the ten as T.
func suitText(h auction.Hand, s auction.Suit) string {
	out := ""
	for _, c := range h.InSuit(s).Cards() {
		out += c.Rank().String()
	}
	return out
}

func strainText(s auction.Strain) string {
	if s == auction.NoTrump {
		return "NT"
	}
	return s.String()
}

// deal deals the 52 cards from a generator of its own (an LCG), so that
// the fixture does not change with the standard library's.
func deal(state *uint64) auction.Deal {
	var cards []auction.Card
	for _, s := range []auction.Suit{auction.Spade, auction.Heart, auction.Diamond, auction.Club} {
		for r := auction.Two; r <= auction.Ace; r++ {
			cards = append(cards, auction.NewCard(s, r))
		}
	}
	for i := len(cards) - 1; i > 0; i-- {
		*state = *state*6364136223846793005 + 1442695040888963407
		j := int((*state >> 33) % uint64(i+1))
		cards[i], cards[j] = cards[j], cards[i]
	}
	var d auction.Deal
	for i, c := range cards {
		d[i/13].Add(c)
	}
	return d
}

// Findings returns the session of the fixture findings.bws: Mitchell with
// one thing wrong of each kind the audit of a .bws reports.
func Findings() *Session {
	s := Mitchell()
	// Board 2: the lead a card of declarer's own hand.
	decl, _ := auction.ParseSeat(Get(s.Received, 1, "NS/EW").(string))
	Set(s.Received, 1, "LeadCard", cardText(s.Deals[1][decl].Cards()[0]))
	// Board 3: five overtricks in three diamonds doubled.
	Set(s.Received, 2, "Result", "+5")
	// Board 4: a contract that is none.
	Set(s.Received, 3, "Contract", "8 Z")
	// Board 5: an East–West pair the movement does not seat there.
	Set(s.Received, 4, "PairEW", 9)
	// Board 6, played by North–South pair 1 in round 2, again in round 3.
	again := append([]any(nil), s.Received.Rows()[7]...)
	again[0], again[3] = 100, 3
	s.Received.Add(again...)
	// Round 3: North–South pair 1 at table 2 as well as at table 1.
	for i := range s.RoundData.Rows() {
		if Get(s.RoundData, i, "Round") == 3 && Get(s.RoundData, i, "Table") == 2 {
			Set(s.RoundData, i, "NSPair", 1)
		}
	}
	// Round 2, table 3: the first board's result erased, its contract
	// left without a result.
	Set(s.Received, 10, "Erased", true)
	s.Intermediate.Add(append([]any(nil), s.Received.Rows()[10]...)...)
	Set(s.Intermediate, 0, "Erased", false)
	Set(s.Intermediate, 0, "Result", nil)
	// Board 3 at table 2: an insufficient bid.
	for i, c := range []string{"1S", "2C", "1H", "PASS", "PASS", "PASS"} {
		s.Bidding.Add(100+i, 1, 2, 1, 3, i+1, auction.South.Add(i).String(), c, Day, Day, false)
	}
	return s
}

// NotBridgemate returns a Jet database that is no Bridgemate file: it
// has no ReceivedData.
func NotBridgemate() *jetbuild.DB {
	db := &jetbuild.DB{}
	db.Table("Customers", jetbuild.Column{Name: "ID", Type: long}, jetbuild.Column{Name: "Name", Type: text}).Add(1, "Ada")
	return db
}

// Fixtures are the files of parser/bws/testdata that gen writes, by name.
func Fixtures() map[string][]byte {
	return map[string][]byte{
		"mitchell.bws":      Mitchell().Bytes(),
		"findings.bws":      Findings().Bytes(),
		"notbridgemate.bws": NotBridgemate().Bytes(),
	}
}
