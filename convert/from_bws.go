package convert

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/bws"
	"github.com/bridgekit/bridgekit/record"
)

// The codes of what FromBWS finds (docs/bws.md).
const (
	bwsLead       diag.Code = "bws-lead"
	bwsResult     diag.Code = "bws-result"
	bwsMovement   diag.Code = "bws-movement"
	bwsBoardTwice diag.Code = "bws-board-twice"
)

// FromBWS maps one board of a section of a Bridgemate .bws file to a
// Board (docs/bws.md): the board number and its section; the deal of the
// hand record, with the dealer and vulnerability of the board number;
// the date of the first result; and the results entered at the tables as
// a ScoreTable, one row a result, each as it was entered: the pairs, the
// contract, declarer, tricks and lead. A .bws holds no scores (the
// scoring program computes them), and so neither does the table.
//
// It checks what the scoring program would take on trust: a lead the
// leader does not hold, a result of more than 13 tricks or fewer than
// none, a result the movement does not place at its table and round, a
// pair with two results on the board, a table the movement gives the
// board that has no result of it; and it replays, with the Laws, the
// auction and the play the terminals recorded at each table. A .bws has
// no lines: each finding's message starts with the table and row of the
// database it is about.
func FromBWS(file string, u *bws.Unit) (*record.Board, []diag.Diagnostic) {
	m := &bwsMapper{file: file, u: u, b: &record.Board{}}
	m.identity()
	m.deal()
	m.traveller()
	m.twice()
	m.missing()
	m.replays()
	return m.b, m.found
}

type bwsMapper struct {
	file  string
	u     *bws.Unit
	b     *record.Board
	full  auction.Deal // the hand record's deal, when it gives all four hands whole
	dealt bool
	found []diag.Diagnostic
}

func (m *bwsMapper) add(sev diag.Severity, code diag.Code, format string, args ...any) {
	m.found = append(m.found, diag.Diagnostic{File: m.file, Game: m.u.Index, Board: m.u.Board, Severity: sev, Code: code, Message: fmt.Sprintf(format, args...)})
}

// resultPlace names a result's row and its table and round, as its findings
// start: "ReceivedData row 17 (table 3, round 2)".
func resultPlace(r *bws.Result) string {
	return fmt.Sprintf("%s (table %d, round %d)", r.At, r.Table, r.Round)
}

func (m *bwsMapper) identity() {
	u, b := m.u, m.b
	b.Source = record.Source{File: m.file, Format: record.FormatBWS, Game: u.Index}
	b.Number = u.Board
	b.BoardTag = record.Tag{Name: "Board", Value: fmt.Sprint(u.Board)}
	section := cmp.Or(u.Letter, fmt.Sprint(u.Section))
	b.Tags = append(b.Tags, record.Tag{Name: "Section", Value: section})
	// The date of the session: that of the board's first result.
	for _, r := range u.Results {
		if !r.Logged.IsZero() {
			b.Date = record.Tag{Name: "Date", Value: r.Logged.Format("2006.01.02")}
			break
		}
	}
	if u.Board > 0 {
		b.Dealer, b.DealerKnown = auction.BoardDealer(u.Board), true
		b.Vulnerable, b.VulnerableKnown = auction.BoardVulnerability(u.Board), true
	} else {
		m.add(diag.Error, bws.CodeValue, "board number %d is not a board number", u.Board)
	}
}

// deal reads the board's HandRecord row: each seat's four suits, the ten
// written T or 10, a void empty or "-".
func (m *bwsMapper) deal() {
	h := m.u.Hand
	if h == nil {
		return
	}
	var hands [4]string
	given := false
	for s := range 4 {
		var suits [4]string
		for k, v := range h.Suits[s] {
			v = strings.ToUpper(strings.ReplaceAll(strings.ReplaceAll(v, " ", ""), "10", "T"))
			if v == "-" {
				v = ""
			}
			suits[k] = v
			given = given || v != ""
		}
		hands[s] = strings.Join(suits[:], ".")
	}
	if !given {
		return // a row for the board, but no cards in it
	}
	text := "N:" + strings.Join(hands[:], " ")
	m.b.DealTag = record.Tag{Name: "Deal", Value: text}
	d, err := auction.ParseDeal(text)
	if err != nil {
		m.add(diag.Error, bws.CodeValue, "%s: the hand record does not read as a deal: %v", h.At, err)
		return
	}
	m.b.Deal = d
	if d.Validate() == nil && d.Full() {
		m.full, m.dealt = d, true
	}
}

// bwsColumns are the ScoreTable's columns, in the order scoring programs
// export them.
var bwsColumns = []string{"Table", "Round", "PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Lead"}

// traveller makes the ScoreTable of the board's results and checks each.
func (m *bwsMapper) traveller() {
	if len(m.u.Results) == 0 {
		return
	}
	columns := bwsColumns
	named := m.u.File.Named()
	if named {
		columns = append(columns[:len(columns):len(columns)], "Names_NS", "Names_EW")
	}
	t := newTable("ScoreTable", diag.Pos{}, columns)
	for _, r := range m.u.Results {
		contract, decl, result, lead := m.result(r)
		row := []record.Cell{
			bwsCell(fmt.Sprint(r.Table)), bwsCell(fmt.Sprint(r.Round)),
			bwsCell(fmt.Sprint(r.PairNS)), bwsCell(fmt.Sprint(r.PairEW)),
			bwsCell(contract), bwsCell(decl), bwsCell(result), bwsCell(lead),
		}
		if named {
			row = append(row, m.pairNames(false, r.PairNS), m.pairNames(true, r.PairEW))
		}
		t.Rows = append(t.Rows, row)
		m.movement(r)
	}
	m.b.Tables = append(m.b.Tables, t)
}

// pairNames is the Names cell of pair n sitting North–South (ew false)
// or East–West: its players' names joined as travellers join them
// ("Ada Lovelace - Carl Gauss"), "?" for one not known, "-" for both.
func (m *bwsMapper) pairNames(ew bool, n int) record.Cell {
	names, ok := m.u.File.PairNames(m.u.Section, ew, n)
	if !ok {
		return bwsCell("")
	}
	for i := range names {
		if names[i] == "" {
			names[i] = "?"
		}
	}
	return record.Cell{Text: names[0] + " - " + names[1], Quoted: true}
}

// bwsCell is a cell of the ScoreTable: "-" for a value not given, quoted
// where PBN needs it.
func bwsCell(v string) record.Cell {
	if v == "" {
		return record.Cell{Text: "-"}
	}
	return record.Cell{Text: v, Quoted: strings.ContainsAny(v, " \t\"")}
}

// result reads a result's contract, declarer, result and lead into the
// ScoreTable's forms ("3NTX", "N", "10", "HT"), checking each; a value
// that does not read is a finding, and its cell "-".
func (m *bwsMapper) result(r *bws.Result) (contract, decl, result, lead string) {
	if r.Contract == "" {
		// No contract: the board was not played, or the director gave
		// an adjusted score, which Remarks may say ("40%-60%", "Arbitral
		// score"); a traveller writes such a mark in the Contract column.
		if isAdjustedRemark(r.Remarks) {
			return r.Remarks, "", "", ""
		}
		return "", "", "", ""
	}
	c, err := auction.ParseContract(strings.Join(strings.Fields(r.Contract), ""))
	if err != nil {
		m.add(diag.Error, bws.CodeValue, "%s: the contract %q is not a contract", resultPlace(r), r.Contract)
		return "", "", "", ""
	}
	if c.PassedOut() {
		return "Pass", "", "", ""
	}
	contract = c.String()
	seat, err := auction.ParseSeat(r.Seat)
	if err != nil {
		m.add(diag.Error, bws.CodeValue, "%s: declarer's seat %q is not N, E, S or W", resultPlace(r), r.Seat)
		return contract, "", "", ""
	}
	c.Declarer = seat
	decl = seat.String()
	if tricks, ok := m.tricks(r, c); ok {
		result = fmt.Sprint(tricks)
	}
	lead = m.lead(r, c)
	return contract, decl, result, lead
}

// isAdjustedRemark reports whether a result's Remarks give an adjusted
// score as a traveller's Contract column writes one: a percentage or an
// "A…" mark.
func isAdjustedRemark(v string) bool {
	t := strings.ToUpper(strings.TrimSpace(v))
	return strings.Contains(t, "%") || strings.HasPrefix(t, "A")
}

// tricks reads a result entered against the contract ("=", "+1", "-2") as
// declarer's tricks; more than 13 or fewer than none is a finding.
func (m *bwsMapper) tricks(r *bws.Result, c auction.Contract) (int, bool) {
	if strings.TrimSpace(r.Result) == "" {
		m.add(diag.Error, bws.CodeValue, "%s: %s by %s has no result", resultPlace(r), c.Bid(), c.Declarer)
		return 0, false
	}
	n, ok := overtricks(r.Result)
	if !ok {
		m.add(diag.Error, bws.CodeValue, "%s: the result %q is not =, +N or -N", resultPlace(r), r.Result)
		return 0, false
	}
	need := int(c.Level) + 6
	switch got := need + n; {
	case got > 13:
		m.add(diag.Error, bwsResult, "%s: %s%s gives declarer %d tricks, of 13", resultPlace(r), c, r.Result, got)
	case got < 0:
		m.add(diag.Error, bwsResult, "%s: %s%s is %d undertricks, where declarer can lose at most %d", resultPlace(r), c, r.Result, -n, need)
	default:
		return got, true
	}
	return 0, false
}

// overtricks reads a result as the terminals enter it: "=" (0), "+N" or
// "-N".
func overtricks(v string) (int, bool) {
	t := strings.ReplaceAll(v, " ", "")
	if t == "=" {
		return 0, true
	}
	if len(t) < 2 || t[0] != '+' && t[0] != '-' {
		return 0, false
	}
	n, err := strconv.Atoi(t[1:])
	if err != nil || n < 0 {
		return 0, false
	}
	if t[0] == '-' {
		n = -n
	}
	return n, true
}

// lead reads the opening lead ("S2", "H10"; "" or SKIP when not entered)
// and checks it against the leader's hand, declarer's left-hand
// opponent's, when the hand record gives it.
func (m *bwsMapper) lead(r *bws.Result, c auction.Contract) string {
	v := strings.ToUpper(strings.TrimSpace(r.LeadCard))
	if v == "" || v == "SKIP" {
		return ""
	}
	card, err := auction.ParseCard(v)
	if err != nil {
		m.add(diag.Error, bws.CodeValue, "%s: the lead %q is not a card", resultPlace(r), r.LeadCard)
		return ""
	}
	leader := c.Declarer.LHO()
	if m.dealt && !m.full[leader].Has(card) {
		holder, _ := m.full.Owner(card)
		m.add(diag.Error, bwsLead, "%s: the lead %s is not in the hand of %s, who leads against %s by %s: the hand record gives it to %s",
			resultPlace(r), card, leader, c.Bid(), c.Declarer, holder)
	}
	return card.String()
}

// movement checks a result against the movement: the pairs RoundData
// seats at its table in its round, and the boards it gives them there.
func (m *bwsMapper) movement(r *bws.Result) {
	f := m.u.File
	if len(f.Rounds) == 0 {
		return // a file without a movement: nothing to hold the result to
	}
	rd := f.Round(r.Section, r.Table, r.Round)
	switch {
	case rd == nil:
		m.add(diag.Warning, bwsMovement, "%s: the movement has no round %d at table %d", resultPlace(r), r.Round, r.Table)
	case rd.NSPair != r.PairNS || rd.EWPair != r.PairEW:
		m.add(diag.Warning, bwsMovement, "%s: the pairs are %d and %d, where the movement (%s) seats %d and %d",
			resultPlace(r), r.PairNS, r.PairEW, rd.At, rd.NSPair, rd.EWPair)
	case len(rd.Boards) > 0 && !rd.Gives(r.Board):
		m.add(diag.Warning, bwsMovement, "%s: board %d is not among the boards %s the movement (%s) gives the table",
			resultPlace(r), r.Board, strings.TrimSpace(rd.CustomBoards), rd.At)
	case strings.TrimSpace(rd.CustomBoards) == "" && rd.HighBoard > 0 && !rd.Gives(r.Board):
		m.add(diag.Warning, bwsMovement, "%s: board %d is not among the boards %d to %d the movement (%s) gives the table",
			resultPlace(r), r.Board, rd.LowBoard, rd.HighBoard, rd.At)
	}
}

// missing reports each table the movement gives the board, with both
// its pairs, that has no result of it: a board not played or not
// entered, or entered and erased. A contract entered there without its
// result (IntermediateData) is named. A table where the section's
// missing pair is seated sits out, as one with pair 0 does.
func (m *bwsMapper) missing() {
	f := m.u.File
	absent := f.MissingPairs[m.u.Section]
	for i := range f.Rounds {
		rd := &f.Rounds[i]
		if rd.Section != m.u.Section || rd.NSPair == 0 || rd.EWPair == 0 || !rd.Gives(m.u.Board) {
			continue
		}
		if absent != 0 && (rd.NSPair == absent || rd.EWPair == absent) || !f.RoundEntered(rd.Section, rd.Round) {
			continue
		}
		at := func(r *bws.Result) bool { return r.Table == rd.Table && r.Round == rd.Round && r.Board == m.u.Board }
		if slices.ContainsFunc(m.u.Results, at) {
			continue
		}
		pending := ""
		if j := slices.IndexFunc(f.Pending, func(r bws.Result) bool { return r.Section == rd.Section && at(&r) }); j >= 0 {
			p := &f.Pending[j]
			by := ""
			if p.Seat != "" {
				by = " by " + p.Seat
			}
			pending = fmt.Sprintf("; only the contract %q%s was entered, without its result (%s)", p.Contract, by, p.At)
		}
		m.add(diag.Warning, bws.CodeMissing, "%s: the movement gives board %d to table %d in round %d, pairs %d and %d, and no result of it was entered%s",
			rd.At, m.u.Board, rd.Table, rd.Round, rd.NSPair, rd.EWPair, pending)
	}
}

// twice reports a pair with two results on the board: a board played
// twice, or one result entered at the wrong table or round. A pair is
// its number in a Howell, its direction and number elsewhere (see
// bws.File.Howell).
func (m *bwsMapper) twice() {
	type pair struct {
		ew bool
		n  int
	}
	first := map[pair]*bws.Result{}
	howell := m.u.File.Howell(m.u.Section)
	for _, r := range m.u.Results {
		for _, p := range []pair{{false, r.PairNS}, {!howell, r.PairEW}} {
			if p.n == 0 {
				continue
			}
			o, ok := first[p]
			if !ok {
				first[p] = r
				continue
			}
			m.add(diag.Error, bwsBoardTwice, "%s: %s has a result of board %d already, at table %d in round %d (%s)",
				resultPlace(r), m.u.File.PairName(m.u.Section, p.ew, p.n), m.u.Board, o.Table, o.Round, o.At)
		}
	}
}

// bwsSitting is one table's play of the board: its table and round.
type bwsSitting struct{ table, round int }

// replays replays with the Laws the auctions and play the terminals
// recorded (BiddingData, PlayData), each table's apart, against the
// contract and result entered there; each finding names the table and
// round.
func (m *bwsMapper) replays() {
	bids := map[bwsSitting][]*bws.Action{}
	cards := map[bwsSitting][]*bws.Action{}
	var order []bwsSitting
	for _, a := range m.u.Bids {
		k := bwsSitting{a.Table, a.Round}
		if _, ok := bids[k]; !ok {
			order = append(order, k)
		}
		bids[k] = append(bids[k], a)
	}
	for _, a := range m.u.Cards {
		k := bwsSitting{a.Table, a.Round}
		if _, ok := bids[k]; !ok {
			if _, ok := cards[k]; !ok {
				order = append(order, k)
			}
		}
		cards[k] = append(cards[k], a)
	}
	slices.SortFunc(order, func(a, b bwsSitting) int { return cmp.Or(cmp.Compare(a.table, b.table), cmp.Compare(a.round, b.round)) })
	var ck record.Checker
	for _, k := range order {
		m.replay(&ck, k, bids[k], cards[k])
	}
}

// replay checks one table's auction and play.
func (m *bwsMapper) replay(ck *record.Checker, k bwsSitting, bids, cards []*bws.Action) {
	b := &record.Board{
		Source: record.Source{File: m.file, Format: record.FormatBWS, Game: m.u.Index},
		Number: m.b.Number, BoardTag: m.b.BoardTag,
		Dealer: m.b.Dealer, DealerKnown: m.b.DealerKnown, Vulnerable: m.b.Vulnerable, VulnerableKnown: m.b.VulnerableKnown,
	}
	if m.dealt {
		b.Deal = m.full
	}
	place := fmt.Sprintf("table %d, round %d", k.table, k.round)
	for i, a := range bids {
		seat, err := auction.ParseSeat(a.Direction)
		if i == 0 {
			if err != nil {
				m.add(diag.Error, bws.CodeValue, "%s (%s): the direction %q is not N, E, S or W", a.At, place, a.Direction)
				return
			}
			b.Auction.First, b.Auction.Present = seat, true
		}
		call, err := auction.ParseCall(a.Value)
		if err != nil {
			m.add(diag.Error, bws.CodeValue, "%s (%s): the call %q is not a call", a.At, place, a.Value)
			return
		}
		b.Auction.Calls = append(b.Auction.Calls, record.AuctionCall{Call: call, Text: a.Value})
	}
	for _, a := range cards {
		card, err := auction.ParseCard(a.Value)
		if err != nil {
			m.add(diag.Error, bws.CodeValue, "%s (%s): the card %q is not a card", a.At, place, a.Value)
			break
		}
		b.Play.Present = true
		b.Play.Cards = append(b.Play.Cards, record.PlayedCard{Card: card, Text: a.Value})
	}
	m.entered(b, k)
	what := "BiddingData"
	switch {
	case len(bids) == 0:
		what = "PlayData"
	case len(cards) > 0:
		what = "BiddingData and PlayData"
	}
	for _, d := range ck.Check(b) {
		switch d.Code {
		case diag.DealInvalid, diag.BoardDealer, diag.BoardVulnerability:
			continue // the board's, reported on it
		}
		d.File, d.Game, d.Board = m.file, m.u.Index, m.u.Board
		d.Message = fmt.Sprintf("%s of %s: %s", what, place, d.Message)
		m.found = append(m.found, d)
	}
}

// entered gives b the contract, declarer and result entered at the
// table in ReceivedData, for the replay to hold them to.
func (m *bwsMapper) entered(b *record.Board, k bwsSitting) {
	for _, r := range m.u.Results {
		if r.Table != k.table || r.Round != k.round || r.Contract == "" {
			continue
		}
		c, err := auction.ParseContract(strings.Join(strings.Fields(r.Contract), ""))
		if err != nil {
			return
		}
		f := &b.File
		f.ContractTag, f.Contract, f.ContractKnown = record.Tag{Name: "Contract", Value: r.Contract}, c, true
		if c.PassedOut() {
			return
		}
		seat, err := auction.ParseSeat(r.Seat)
		if err != nil {
			return
		}
		f.DeclarerTag, f.Declarer, f.DeclarerKnown = record.Tag{Name: "Declarer", Value: r.Seat}, seat, true
		c.Declarer = seat
		if n, ok := overtricks(r.Result); ok && int(c.Level)+6+n >= 0 && int(c.Level)+6+n <= 13 {
			t := int(c.Level) + 6 + n
			f.ResultTag, f.Tricks, f.TricksKnown = record.Tag{Name: "Result", Value: fmt.Sprint(t)}, t, true
		}
		return
	}
}
