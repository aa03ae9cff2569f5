package convert

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/record"
	"github.com/bridgekit/bridgekit/scoring"
)

// USEBIOWriter writes boards as a USEBIO 1.2 results file (docs/usebio.md):
// an EVENT for each run of boards of one event, a SESSION and SECTION for
// each of their rounds and sections, the participants of a TotalScoreTable
// where the table comes, and a BOARD for each board with its deal and its
// ScoreTable's rows as TRAVELLER_LINEs. The values are those the file
// states, as it states them. What USEBIO has no place for (auctions, play,
// commentary, tables other than the travellers and totals, a dealer other
// than the board number's) is counted in Dropped.
type USEBIOWriter struct {
	w       *bufio.Writer
	err     error
	started bool
	event   string // the event, date and method of the EVENT open
	site    string // the club of the CLUB element
	club    string // its CLUB_ID_NUMBER
	// eventBoard says the board being written opened its EVENT, whose own
	// values it carries.
	eventBoard bool
	section    string // the round and section open; "\x00" none, "\x01" before the first
	open       bool   // an EVENT is open
	// participated says the section open has its participants written.
	participated bool
	dropped      Dropped
	ck           record.Checker
}

// NewUSEBIOWriter returns a writer of USEBIO to w.
func NewUSEBIOWriter(w io.Writer) *USEBIOWriter {
	return &USEBIOWriter{w: bufio.NewWriter(w)}
}

// Dropped counts what of the boards written USEBIO cannot hold.
func (uw *USEBIOWriter) Dropped() Dropped { return uw.dropped }

// usebioMethod returns the BOARD_SCORING_METHOD of a Scoring tag's
// method, or "" for one USEBIO does not name. USEBIO names no datum
// convention: a Butler datum of any kind is BUTLER, and the reader tries
// each convention.
func usebioMethod(text string) string {
	m, err := scoring.ParseMethod(text)
	if err != nil {
		return ""
	}
	switch {
	case m.Base == scoring.MatchPoints:
		return "MATCH_POINTS"
	case m.Base == scoring.BAM:
		return "BAM"
	case m.Base != scoring.IMP:
		return ""
	}
	for _, d := range append([]scoring.Datum{m.Datum}, m.Datums...) {
		switch d {
		case scoring.Cross, scoring.Cross1, scoring.Cross2:
			return "CROSS_IMPS"
		case scoring.Butler, scoring.Butler2, scoring.Mean, scoring.Median:
			return "BUTLER"
		}
	}
	return "IMPS"
}

// WriteBoard writes one board.
func (uw *USEBIOWriter) WriteBoard(b *record.Board) error {
	if b == nil {
		return boardError(nil, errNilBoard)
	}
	if uw.err != nil {
		return uw.err
	}
	if b.Number <= 0 {
		return boardError(b, fmt.Errorf("USEBIO names a board by its number, and %s has none", b.Label()))
	}
	replayed(&uw.ck, b)
	if !uw.started {
		uw.started = true
		uw.raw(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<USEBIO Version="1.2">` + "\n")
		uw.site = b.Site.Value
		if id := b.Field("CLUB_ID_NUMBER"); b.Site.Given() || id != nil && id.Given() {
			uw.raw("  <CLUB>")
			if b.Site.Given() {
				uw.leaf("CLUB_NAME", b.Site.Value)
			}
			if id != nil && id.Given() {
				uw.leaf("CLUB_ID_NUMBER", id.Value)
				uw.club = id.Value
			}
			uw.raw("</CLUB>\n")
		}
	}
	section := givenValue(b, "Round") + "\x00" + givenValue(b, "Section")
	// An EVENT is one event, on one date, under one method, as written:
	// an unknown event ("?") and none are both an EVENT without a name.
	uw.eventBoard = false
	// (The method as USEBIO names it: one it cannot name is said, once.)
	if event := givenValue(b, "Event") + "\x00" + givenValue(b, "Date") + "\x00" + usebioMethod(b.Scoring.Value); !uw.open || event != uw.event {
		uw.closeEvent()
		uw.openEvent(b)
		uw.event, uw.eventBoard = event, true
		uw.section = "\x01"
	}
	if b.Site.Value != uw.site {
		uw.dropped.Add("a Site other than the first board's (USEBIO names one club)")
	}
	if section != uw.section {
		uw.closeSection()
		uw.section, uw.participated = section, false
		if section != "\x00" {
			// Boards of no round or section go in the EVENT itself, as
			// some writers put them: no session is made up for them.
			uw.raw(`    <SESSION SESSION_ID="` + attr(givenValue(b, "Round")) + `"><SECTION SECTION_ID="` + attr(givenValue(b, "Section")) + "\">\n")
		}
	}
	uw.count(b)
	for i := range b.Tables {
		if !strings.EqualFold(b.Tables[i].Tag.Name, "TotalScoreTable") {
			continue
		}
		if uw.participated {
			// A section has one list of participants: a table that
			// games repeat ("#") is written once.
			uw.dropped.Add("a TotalScoreTable after the first of its section")
			continue
		}
		uw.participants(&b.Tables[i])
		uw.participated = true
	}
	uw.raw("      <BOARD>")
	uw.leaf("BOARD_NUMBER", fmt.Sprint(b.Number))
	// The dealer and vulnerability as the file states them: USEBIO gives
	// a board that states none those of its number.
	if b.DealerKnown && b.DealerTag.Given() {
		uw.leaf("DEALER", b.Dealer.String())
	}
	if b.VulnerableKnown && b.VulnerableTag.Given() {
		uw.leaf("VULNERABILITY", [...]string{"Love", "North-South", "East-West", "All"}[b.Vulnerable&3])
	}
	if t := b.Field("IMPS"); t != nil && t.Given() {
		uw.leaf("IMPS", t.Value)
	}
	uw.hands(b)
	traveller := false
	for i := range b.Tables {
		if strings.EqualFold(b.Tables[i].Tag.Name, "ScoreTable") {
			uw.traveller(&b.Tables[i])
			traveller = true
		}
	}
	if !traveller {
		uw.ownResult(b)
	}
	uw.raw("\n      </BOARD>\n")
	return uw.err
}

// openEvent starts an EVENT with what the board says of it.
func (uw *USEBIOWriter) openEvent(b *record.Board) {
	uw.open = true
	kind, method := "PAIRS", usebioMethod(b.Scoring.Value)
	if method == "IMPS" {
		kind = "TEAMS"
	}
	if t := b.Field("EVENT_TYPE"); t != nil && t.Given() {
		kind = t.Value // as the file read said it
	}
	known := method != ""
	if !known && b.Scoring.Given() {
		uw.dropped.Add("a Scoring method USEBIO does not name (" + b.Scoring.Value + ")")
	}
	uw.raw(`  <EVENT EVENT_TYPE="` + attr(kind) + "\">\n   ")
	if b.Event.Given() {
		uw.leaf("EVENT_DESCRIPTION", b.Event.Value)
	}
	if b.Date.Given() {
		uw.leaf("DATE", pbnToUSEBIODate(b.Date.Value))
	}
	if known {
		uw.leaf("BOARD_SCORING_METHOD", method)
	}
	// The event's own values, as a USEBIO file read gave them on its
	// first board.
	for _, names := range [][]string{eventCounts, eventValues} {
		for _, name := range names {
			if t := b.Field(name); t != nil && t.Given() && name != "EVENT_TYPE" {
				uw.leaf(name, t.Value)
			}
		}
	}
	for _, t := range b.Tags {
		if eventLeaf(b, t.Name) && t.Given() {
			uw.leaf(t.Name, t.Value)
		}
	}
	uw.raw("\n")
}

// matchValues are what a MATCH states of itself, kept on its first board.
var matchValues = []string{"ROUND_NUMBER", "TEAM", "OPPOSING_TEAM", "TEAM_SCORE", "OPPOSING_TEAM_SCORE", "NS_SCORE", "EW_SCORE"}

// eventLeaf reports whether a tag of b is one of an EVENT's own values
// that a USEBIO file read kept under its USEBIO name beside eventCounts
// and eventValues (see eventLeaves): b was read from USEBIO, and the name
// is in USEBIO's form, upper case, and no other kept value. A PBN file's
// tags of that form are not an EVENT's, and are said not written.
func eventLeaf(b *record.Board, name string) bool {
	return b.Source.Format == record.FormatUSEBIO && tagName(name) &&
		!slices.Contains(eventCounts, name) && !slices.Contains(eventValues, name) && !slices.Contains(matchValues, name) && name != "IMPS" && name != "CLUB_ID_NUMBER"
}

// closeEvent ends the EVENT open, if any.
func (uw *USEBIOWriter) closeEvent() {
	if !uw.open {
		return
	}
	uw.closeSection()
	uw.raw("  </EVENT>\n")
	uw.open = false
}

// closeSection ends the SESSION and SECTION open, if any.
func (uw *USEBIOWriter) closeSection() {
	if uw.section != "\x01" && uw.section != "\x00" {
		uw.raw("    </SECTION></SESSION>\n")
	}
	uw.section = "\x01"
}

// count counts what of b USEBIO cannot hold.
func (uw *USEBIOWriter) count(b *record.Board) {
	if len(b.Auction.Calls) > 0 {
		uw.dropped.Add("Auction")
	}
	if len(b.Play.Cards) > 0 {
		uw.dropped.Add("Play")
	}
	for i := range b.Tables {
		if n := b.Tables[i].Tag.Name; !strings.EqualFold(n, "ScoreTable") && !strings.EqualFold(n, "TotalScoreTable") {
			uw.dropped.Add(n)
		}
	}
	for _, t := range b.Tags {
		switch {
		case !t.Given(), t.Name == "Round", t.Name == "Section", t.Name == "IMPS":
		case slices.Contains(eventCounts, t.Name) || slices.Contains(eventValues, t.Name) || eventLeaf(b, t.Name):
			if !uw.eventBoard {
				uw.dropped.Add("an event's " + t.Name + " on a board after its first")
			}
		case t.Name == "CLUB_ID_NUMBER":
			if t.Value != uw.club {
				uw.dropped.Add("a club other than the first board's")
			}
		case slices.Contains(matchValues, t.Name):
			uw.dropped.Add("a match's " + t.Name + " (matches are not written)")
		default:
			uw.dropped.Add(t.Name)
		}
	}
	if b.RoomTag.Given() {
		uw.dropped.Add("Room")
	}
	hasTraveller := slices.ContainsFunc(b.Tables, func(t record.Table) bool { return strings.EqualFold(t.Tag.Name, "ScoreTable") })
	if f := &b.File; hasTraveller && (f.ContractTag.Given() || f.ResultTag.Given() || f.ScoreTag.Given()) {
		uw.dropped.Add("the board's own contract, result or score beside its traveller")
	}
	for _, p := range b.Players {
		if p.Given() {
			uw.dropped.Add("players' names of a board (USEBIO names the participants)")
			break
		}
	}
}

// hands writes the deal, when it is full, and its vulnerability.
func (uw *USEBIOWriter) hands(b *record.Board) {
	if !b.Deal.Full() {
		return
	}
	hands := strings.Fields(strings.TrimPrefix(b.Deal.PBN(auction.North), "N:"))
	for i, h := range hands {
		suits := strings.Split(h, ".")
		if len(suits) != 4 {
			continue
		}
		uw.raw("\n        <HAND>")
		uw.leaf("DIRECTION", auction.Seat(i).String())
		for j, name := range []string{"SPADES", "HEARTS", "DIAMONDS", "CLUBS"} {
			uw.leaf(name, suits[j])
		}
		uw.raw("</HAND>")
	}
}

// usebioLine are the USEBIO elements of a TRAVELLER_LINE, in order, and
// the ScoreTable columns they are written from.
var usebioLine = []struct{ element, column string }{
	{"NS_PAIR_NUMBER", "PairId_NS"}, {"EW_PAIR_NUMBER", "PairId_EW"},
	{"N_PLAYER_NUMBER", "PlayerId_N"}, {"E_PLAYER_NUMBER", "PlayerId_E"}, {"S_PLAYER_NUMBER", "PlayerId_S"}, {"W_PLAYER_NUMBER", "PlayerId_W"},
	{"CONTRACT", "Contract"},
	{"PLAYED_BY", "Declarer"}, {"LEAD", "Lead"}, {"TRICKS", "Result"}, {"SCORE", "Score_NS"},
	{"NS_MATCH_POINTS", "MP_NS"}, {"EW_MATCH_POINTS", "MP_EW"}, {"NS_IMPS", "IMP_NS"}, {"EW_IMPS", "IMP_EW"},
}

// traveller writes a ScoreTable's rows as TRAVELLER_LINEs.
func (uw *USEBIOWriter) traveller(t *record.Table) {
	index := map[string]int{}
	for j, c := range t.Columns {
		index[strings.ToLower(c.Name)] = j
	}
	_, hasNS := index["score_ns"]
	for _, c := range t.Columns {
		if !hasElement(c.Name) && (!strings.EqualFold(c.Name, "Score_EW") || hasNS) {
			uw.dropped.Add("ScoreTable column " + c.Name) // Score_EW beside Score_NS too: SCORE is one
		}
	}
	for _, row := range t.Rows {
		uw.raw("\n        <TRAVELLER_LINE>")
		for _, e := range usebioLine {
			v, ok := cell(row, index, e.column)
			if !ok && e.element == "SCORE" {
				// A traveller of East–West's scores: SCORE is North–South's.
				if ew, ok2 := cell(row, index, "Score_EW"); ok2 {
					v, ok = negate(ew), true
				}
			}
			if ok {
				uw.leaf(e.element, v)
			}
		}
		uw.raw("</TRAVELLER_LINE>")
	}
}

// hasElement reports whether a ScoreTable column has a TRAVELLER_LINE
// element.
func hasElement(name string) bool {
	for _, e := range usebioLine {
		if strings.EqualFold(e.column, name) {
			return true
		}
	}
	return false
}

// cell returns the text of a row's cell of the column, and whether the row
// gives it ("-" is no value).
func cell(row []record.Cell, index map[string]int, column string) (string, bool) {
	j, ok := index[strings.ToLower(column)]
	if !ok || j >= len(row) {
		return "", false
	}
	v := strings.TrimSpace(row[j].Text)
	return v, v != "" && v != "-"
}

// negate writes the score of the other side: "-" before a number, or none.
func negate(v string) string {
	switch {
	case strings.HasPrefix(v, "-"):
		return v[1:]
	case v == "0":
		return v
	}
	return "-" + v
}

// ownResult writes the result the board states of its own table as one
// TRAVELLER_LINE, when it states one.
func (uw *USEBIOWriter) ownResult(b *record.Board) {
	f := &b.File
	// "-", a table's mark of no value, is none here too: a traveller
	// read back gives no element for it.
	given := func(t *record.Tag) bool { return t.Given() && strings.TrimSpace(t.Value) != "-" }
	if !given(&f.ContractTag) {
		return
	}
	uw.raw("\n        <TRAVELLER_LINE>")
	uw.leaf("CONTRACT", f.ContractTag.Value)
	if given(&f.DeclarerTag) {
		uw.leaf("PLAYED_BY", f.DeclarerTag.Value)
	}
	if given(&f.ResultTag) {
		uw.leaf("TRICKS", f.ResultTag.Value)
	}
	if f.ScoreKnown {
		uw.leaf("SCORE", fmt.Sprint(f.ScoreNS))
	}
	uw.raw("</TRAVELLER_LINE>")
}

// A usebioTotal is an element of a participant, and the TotalScoreTable
// columns it is written from, the first given.
type usebioTotal struct {
	element string
	columns []string
}

// usebioTotals are the elements of a participant.
var usebioTotals = []usebioTotal{
	{"PAIR_NUMBER", []string{"PairId"}}, {"DIRECTION", []string{"Direction"}},
	{"TOTAL_SCORE", []string{"TotalMP", "TotalIMP", "TotalScore", "TotalScoreMP", "TotalScoreIMP"}},
	{"PERCENTAGE", []string{"TotalPercentage"}}, {"PLACE", []string{"Rank"}}, {"BOARDS_PLAYED", []string{"NrBoards"}},
}

// participants writes a TotalScoreTable's rows as the section's pairs.
func (uw *USEBIOWriter) participants(t *record.Table) {
	index := map[string]int{}
	for j, c := range t.Columns {
		index[strings.ToLower(c.Name)] = j
	}
	// Each element is written from the first of its columns the table
	// has: the others, and RankTie (a shared place is written "3="), are
	// said not written.
	written := map[string]bool{"names": true, "nationalids": true, "clubids": true, "memberid1": true, "memberid2": true, "masterpoints": true, "masterpointtype": true}
	for _, e := range usebioTotals {
		for _, c := range e.columns {
			if _, ok := index[strings.ToLower(c)]; ok {
				written[strings.ToLower(c)] = true
				break
			}
		}
	}
	for _, c := range t.Columns {
		if !written[strings.ToLower(c.Name)] {
			uw.dropped.Add("TotalScoreTable column " + c.Name)
		}
	}
	team := false
	for _, row := range t.Rows {
		if names, ok := cell(row, index, "Names"); ok && strings.Count(names, " - ") > 1 {
			team = true // a team of more than two players
		}
	}
	uw.raw("      <PARTICIPANTS>")
	for _, row := range t.Rows {
		if team {
			id, _ := cell(row, index, "PairId")
			uw.raw("\n        <TEAM TEAM_ID=\"" + attr(id) + "\">")
		} else {
			uw.raw("\n        <PAIR>")
		}
		for _, e := range usebioTotals {
			switch {
			case team && e.element == "PAIR_NUMBER":
				continue // the team's id is its attribute
			case team && (e.element == "DIRECTION" || e.element == "PERCENTAGE" || e.element == "BOARDS_PLAYED"):
				if _, ok := cell(row, index, e.columns[0]); ok {
					uw.dropped.Add("a team's " + e.columns[0] + " (USEBIO's TEAM has none)")
				}
				continue
			}
			for _, c := range e.columns {
				v, ok := cell(row, index, c)
				if !ok {
					continue
				}
				if tie, ok := cell(row, index, "RankTie"); ok && c == "Rank" && tie != v {
					v += "=" // a place shared down to RankTie, as USEBIO writes it
				}
				if c == "Direction" {
					if d := sideName(v); d == "NS" || d == "EW" {
						v = d
					}
				}
				uw.leaf(e.element, v)
				break
			}
		}
		names, ok := cell(row, index, "Names")
		if !ok {
			names = ""
		}
		ids, ok := cell(row, index, "NationalIds")
		if !ok {
			ids = ""
		}
		if ids == "" {
			// PBN writers give the members' ids a column each.
			id1, ok1 := cell(row, index, "MemberID1")
			id2, ok2 := cell(row, index, "MemberID2")
			if ok1 || ok2 {
				ids = id1 + " - " + id2
			}
		}
		clubs, _ := cell(row, index, "ClubIds")
		if mp, ok := cell(row, index, "MasterPoints"); ok {
			// ScoreBridge writes the colour with them, in a MASTER_POINTS.
			if kind, ok := cell(row, index, "MasterPointType"); ok {
				uw.raw("<MASTER_POINTS>")
				uw.leaf("MASTER_POINTS_AWARDED", mp)
				uw.leaf("MASTER_POINT_TYPE", kind)
				uw.raw("</MASTER_POINTS>")
			} else {
				uw.leaf("MASTER_POINTS_AWARDED", mp)
			}
		}
		if names != "" || ids != "" || clubs != "" {
			ns, is, cs := splitPlayers(names), splitPlayers(ids), splitPlayers(clubs)
			for k := range max(len(ns), len(is), len(cs)) {
				uw.raw("<PLAYER>")
				for _, v := range []struct {
					element string
					of      []string
				}{{"PLAYER_NAME", ns}, {"CLUB_ID_NUMBER", cs}, {"NATIONAL_ID_NUMBER", is}} {
					if k < len(v.of) && v.of[k] != "" {
						uw.leaf(v.element, v.of[k])
					}
				}
				uw.raw("</PLAYER>")
			}
		}
		if team {
			uw.raw("</TEAM>")
		} else {
			uw.raw("</PAIR>")
		}
	}
	uw.raw("\n      </PARTICIPANTS>\n")
}

// Close ends the document and flushes it.
func (uw *USEBIOWriter) Close() error {
	if uw.started {
		uw.closeEvent()
		uw.raw("</USEBIO>\n")
	}
	if uw.err == nil {
		uw.err = uw.w.Flush()
	}
	return uw.err
}

func (uw *USEBIOWriter) raw(s string) {
	if uw.err == nil {
		_, uw.err = uw.w.WriteString(s)
	}
}

// leaf writes an element of text, escaped, without the blanks around it,
// which USEBIO's readers do not keep.
func (uw *USEBIOWriter) leaf(name, text string) {
	uw.raw("<" + name + ">")
	if uw.err == nil {
		uw.err = xml.EscapeText(uw.w, []byte(strings.TrimSpace(text)))
	}
	uw.raw("</" + name + ">")
}

// attr escapes a value for a quoted attribute.
func attr(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// givenValue returns the value of a board's tag of that name, trimmed, or "".
func givenValue(b *record.Board, name string) string {
	if t := b.Field(name); t != nil && t.Given() {
		return strings.TrimSpace(t.Value)
	}
	return ""
}

// pbnToUSEBIODate writes PBN's yyyy.mm.dd as dd/mm/yyyy; any other form
// as it is.
func pbnToUSEBIODate(v string) string {
	p := strings.Split(strings.TrimSpace(v), ".")
	if len(p) == 3 && len(p[0]) == 4 && len(p[1]) == 2 && len(p[2]) == 2 && digits(p[0]+p[1]+p[2]) {
		return p[2] + "/" + p[1] + "/" + p[0]
	}
	return v
}

// digits reports whether s is digits only (and not empty).
func digits(s string) bool {
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// splitPlayers splits a total table's value of a pair's or team's players,
// "A - B" (players joins them so), into each player's, trimmed: "" for
// none. A player who gives none leaves the separator at an end once the
// cell is trimmed ("535961 -", "- 535962").
func splitPlayers(v string) []string {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil
	}
	lead, trail := strings.HasPrefix(v, "- ") || v == "-", strings.HasSuffix(v, " -")
	v = strings.TrimSuffix(strings.TrimPrefix(v, "- "), " -")
	if v == "-" {
		v = ""
	}
	out := strings.Split(v, " - ")
	if lead {
		out = append([]string{""}, out...)
	}
	if trail {
		out = append(out, "")
	}
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}
