package convert

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/usebio"
	"github.com/bridgekit/bridgekit/record"
	"github.com/bridgekit/bridgekit/scoring"
)

// FromUSEBIO maps one BOARD of a USEBIO file to a Board, as a PBN writer of
// results would give it (docs/usebio.md): the event's description, date
// and scoring method; the board number; the deal from its HANDs, with the
// dealer and vulnerability they or the board number give; its traveller
// lines as a ScoreTable; and, on the board that carries them (see
// usebio.Unit.Totals), its participants' totals and places as a
// TotalScoreTable. What cannot be
// read is a finding at the element.
func FromUSEBIO(file string, u *usebio.Unit) (*record.Board, []diag.Diagnostic) {
	m := &usebioMapper{file: file, u: u, b: &record.Board{}}
	m.identity()
	m.deal()
	m.traveller()
	m.missingScores()
	if u.Totals {
		m.totals()
		m.participants()
	}
	m.unrecomputed()
	return m.b, m.found
}

// memberNumbers are the numbers a participant may state that bridgekit
// counts unchecked where it is no row of a TotalScoreTable: a player of an
// individual event, a pair's or team's players, a team's pairs.
var memberNumbers = []string{"TOTAL_SCORE", "PERCENTAGE", "PLACE", "BOARDS_PLAYED", "WINS_OR_DRAWS", "MASTER_POINTS", "MASTER_POINTS_AWARDED"}

// eventCounts are the numbers an EVENT states of itself, and eventValues
// its other values that no PBN tag holds: both are kept, under their
// USEBIO names, on the event's first board.
var (
	eventCounts = []string{"PAIRS", "EW_PAIRS", "TEAMS", "BOARDS_PLAYED", "BOARDS_PER_ROUND", "SESSION_COUNT", "SECTION_COUNT"}
	eventValues = []string{"EVENT_TYPE", "WINNER_TYPE", "MATCH_SCORING_METHOD", "EVENT_IDENTIFIER", "PROGRAM_NAME", "PROGRAM_VERSION", "MASTER_POINT_TYPE"}
)

// eventRead are the EVENT's values read into PBN's tags (Event, Date,
// Scoring).
var eventRead = []string{"EVENT_DESCRIPTION", "DATE", "BOARD_SCORING_METHOD"}

// eventLeaves returns the names of the other values an EVENT gives, in
// its order, beside eventCounts and eventValues: the masterpoint scale,
// and what a program adds of its own (ScoreBridge's P2P_CHARGE_RATE and
// MPS_AWARDED_FLAG). They are kept under their names on the event's first
// board, as eventValues are, so that a USEBIO writer gives them back.
func eventLeaves(event *usebio.Node) []string {
	if event == nil {
		return nil // a BOARD outside any EVENT
	}
	var out []string
	for _, k := range event.Kids {
		name := strings.ToUpper(k.Name)
		if len(k.Kids) > 0 || !tagName(name) || slices.Contains(eventRead, name) || slices.Contains(eventCounts, name) || slices.Contains(eventValues, name) || slices.Contains(out, name) {
			continue
		}
		out = append(out, name)
	}
	return out
}

// tagName reports whether an element's name, in upper case, is one PBN
// can give a tag: a letter, then letters, digits and underscores.
func tagName(name string) bool {
	for i, c := range []byte(name) {
		if (c < 'A' || c > 'Z') && (i == 0 || (c < '0' || c > '9') && c != '_') {
			return false
		}
	}
	return name != ""
}

// unrecomputed counts the numbers the unit states that bridgekit does not
// recompute: a board's net IMPs in a match, the match's victory points
// (on its first board), the masterpoints of its participants, and every
// number of an individual event's players (on the board that carries
// them).
func (m *usebioMapper) unrecomputed() {
	count := func(n *usebio.Node, names ...string) {
		for _, name := range names {
			if v, _, ok := n.Value(name); ok && strings.TrimSpace(v) != "" {
				m.b.Coverage.Skip(diag.NotRecomputed, 1)
			}
		}
	}
	// A match's numbers and a match board's IMPs have no PBN tag: they
	// are kept under their USEBIO names, so that a writer keeps them or
	// says it cannot.
	keep := func(n *usebio.Node, names ...string) {
		for _, name := range names {
			if v, at, ok := n.Value(name); ok && strings.TrimSpace(v) != "" {
				m.b.Tags = append(m.b.Tags, tag(name, v, at))
			}
		}
	}
	if !m.matchIMPs() {
		count(m.u.Board, "IMPS")
	}
	keep(m.u.Board, "IMPS")
	if m.u.MatchFirst {
		keep(m.u.Match, "ROUND_NUMBER", "TEAM", "OPPOSING_TEAM", "TEAM_SCORE", "OPPOSING_TEAM_SCORE", "NS_SCORE", "EW_SCORE")
	}
	if m.u.EventFirst {
		// The event's counts: of pairs, teams, boards, sessions; with
		// its other values no PBN tag holds, kept on its first board.
		count(m.u.Event, eventCounts...)
		keep(m.u.Event, eventCounts...)
		keep(m.u.Event, eventValues...)
		keep(m.u.Event, eventLeaves(m.u.Event)...)
	}
	for _, l := range m.u.Board.All("TRAVELLER_LINE") {
		if !m.crossPoints() {
			// Programs other than Pianola write these in teams events,
			// in a sense USEBIO does not define.
			count(l, "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS")
		}
		// The IMPs of the families after the first a line gives, which
		// the traveller's IMP columns do not hold.
		first := true
		for _, fam := range [][2]string{{"NS_IMPS", "EW_IMPS"}, {"NS_CROSS_IMPS", "EW_CROSS_IMPS"}, {"NS_BUTLER_IMPS", "EW_BUTLER_IMPS"}} {
			if _, _, ok := l.Value(fam[0]); !ok {
				continue
			}
			if !first {
				count(l, fam[0], fam[1])
			}
			first = false
		}
	}
	if m.u.Totals {
		for _, kind := range []string{"PAIR", "TEAM"} {
			for _, p := range m.u.Participants.All(kind) {
				// Its masterpoints are a column of the table (totals);
				// WINS_OR_DRAWS: see AddUSEBIOMatches.
				// The numbers of the members of a pair or team: no row of
				// the table holds them.
				for _, pl := range allPlayers(p) {
					count(pl, memberNumbers...)
				}
				for _, pair := range p.All("PAIR") {
					count(pair, memberNumbers...)
				}
			}
		}
		// An individual event's players: their totals would be summed
		// over the traveller lines by player (N_PLAYER_NUMBER…), which
		// bridgekit does not do from USEBIO: they are counted, not
		// checked.
		for _, pl := range m.u.Participants.All("PLAYER") {
			count(pl, memberNumbers...)
		}
	}
}

type usebioMapper struct {
	file  string
	u     *usebio.Unit
	b     *record.Board
	found []diag.Diagnostic
}

func (m *usebioMapper) add(at diag.Pos, sev diag.Severity, code diag.Code, format string, args ...any) {
	m.found = append(m.found, diag.Diagnostic{File: m.file, Game: m.u.Index, Board: m.b.Number, Span: diag.Span{Pos: at}, Severity: sev, Code: code, Message: fmt.Sprintf(format, args...)})
}

// tag is the Tag of a value of a USEBIO element, named as PBN names it.
func tag(name, value string, at diag.Pos) record.Tag {
	return record.Tag{Name: name, Value: value, Loc: at}
}

// usebioScoring maps BOARD_SCORING_METHOD to the Scoring tag's methods.
var usebioScoring = map[string]string{
	"MATCH_POINTS": "MP", "MATCHPOINTS": "MP", "MP": "MP",
	// USEBIO names no datum convention: each is tried, as for a
	// Scoring tag that names several.
	"BUTLER": "IMP;Butler;Butler-2;Mean;Median", "CROSS_IMPS": "IMP;Cross;Cross1;Cross2", "CROSS_IMP": "IMP;Cross;Cross1;Cross2",
	"IMPS": "IMP", "IMP": "IMP", "AGGREGATE": "", "BAM": "BAM",
	// EBUScoreTeams' point-a-board: each board of a match won (2
	// points), drawn (1) or lost by the team's net score at its two
	// tables, which is board-a-match (the EBU's example file scores its
	// boards 2, 1 or 0 so).
	"PAB": "BAM",
}

func (m *usebioMapper) identity() {
	u, b := m.u, m.b
	b.Source = record.Source{File: m.file, Format: record.FormatUSEBIO, Game: u.Index, Loc: u.Board.Pos}
	if v, at, ok := u.Event.Value("EVENT_DESCRIPTION"); ok {
		b.Event = tag("Event", v, at)
	}
	if v, at, ok := u.Event.Value("DATE"); ok {
		b.Date = tag("Date", usebioDate(v), at)
	}
	if v, at, ok := u.Club.Value("CLUB_NAME"); ok {
		b.Site = tag("Site", v, at)
	}
	v, at, ok := u.Board.Value("BOARD_NUMBER")
	if !ok {
		m.add(u.Board.Pos, diag.Error, usebio.CodeBoardNumber, "the BOARD has no BOARD_NUMBER")
	} else {
		b.BoardTag = tag("Board", v, at)
		if n, ok := usebio.Number(v); ok && n > 0 {
			b.Number = n
		} else {
			m.add(at, diag.Error, usebio.CodeBoardNumber, "BOARD_NUMBER %q is not a board number", v)
		}
	}
	if v, at, ok := u.Event.Value("BOARD_SCORING_METHOD"); ok {
		s, known := usebioScoring[strings.ToUpper(strings.TrimSpace(v))]
		if !known {
			// As written: the checks then count each traveller's numbers
			// unchecked for a method they do not know, and say so (once
			// an event: see package corpus), rather than check its
			// points as those of no method.
			s = v
		}
		b.Scoring = tag("Scoring", s, at)
	}
	// The event's sections, as PairsScorer and EBUScore write them. The
	// reader lets a section go once read, so without SECTION_COUNT a
	// board cannot know of the others.
	if n, ok := usebio.Number(strings.TrimSpace(u.Event.Get("SECTION_COUNT"))); ok && n > 0 {
		b.Sections = n
	}
	var extra []record.Tag
	for _, c := range []struct{ from *usebio.Node }{{u.Session}, {u.Section}} {
		for _, name := range []string{"SESSION_ID", "SECTION_ID"} {
			if v, at, ok := c.from.Value(name); ok && v != "" {
				if name == "SESSION_ID" {
					extra = append(extra, tag("Round", v, at))
				} else {
					extra = append(extra, tag("Section", v, at))
				}
			}
		}
	}
	if v, at, ok := u.Club.Value("CLUB_ID_NUMBER"); ok && u.EventFirst && strings.TrimSpace(v) != "" {
		extra = append(extra, tag("CLUB_ID_NUMBER", v, at))
	}
	b.Tags = extra
}

// usebioDate writes a USEBIO date, dd/mm/yyyy, as PBN's yyyy.mm.dd; any
// other form as it is.
func usebioDate(v string) string {
	p := strings.Split(strings.TrimSpace(v), "/")
	if len(p) == 3 && len(p[0]) <= 2 && len(p[1]) <= 2 && len(p[2]) == 4 {
		return fmt.Sprintf("%s.%02s.%02s", p[2], p[1], p[0])
	}
	return v
}

// deal reads the HAND elements: each a DIRECTION and its four suits.
func (m *usebioMapper) deal() {
	b, h := m.b, m.u.Hands
	if b.Number > 0 {
		// USEBIO deals its boards by the number, as PBN's board cycle
		// does; a DEALER or VULNERABILITY written says otherwise.
		b.Dealer, b.DealerKnown = auction.BoardDealer(b.Number), true
		b.Vulnerable, b.VulnerableKnown = auction.BoardVulnerability(b.Number), true
	}
	// A DEALER or VULNERABILITY of the BOARD itself, else of the
	// element that deals it.
	src := m.u.Board
	if h != nil {
		if _, _, ok := src.Value("DEALER"); !ok {
			if _, _, ok := src.Value("VULNERABILITY"); !ok {
				src = h
			}
		}
	}
	if v, at, ok := src.Value("DEALER"); ok {
		if s, err := auction.ParseSeat(v); err == nil {
			b.DealerTag, b.Dealer, b.DealerKnown = tag("Dealer", v, at), s, true
		} else {
			m.add(at, diag.Warning, usebio.CodeDealer, "DEALER %q is not a seat", v)
		}
	}
	if v, at, ok := src.Value("VULNERABILITY"); ok {
		if vul, ok := usebioVulnerability(v); ok {
			b.VulnerableTag, b.Vulnerable, b.VulnerableKnown = tag("Vulnerable", v, at), vul, true
		} else {
			m.add(at, diag.Warning, usebio.CodeVulnerability, "VULNERABILITY %q is not one USEBIO writes (Love, North-South, East-West, All)", v)
		}
	}
	if h == nil {
		return
	}
	var hands [4]string
	given := false
	for _, hand := range h.All("HAND") {
		d, at, _ := hand.Value("DIRECTION")
		s, err := auction.ParseSeat(d)
		if err != nil {
			m.add(at, diag.Error, usebio.CodeHand, "HAND DIRECTION %q is not a seat", d)
			continue
		}
		suits := make([]string, 4)
		for i, name := range []string{"SPADES", "HEARTS", "DIAMONDS", "CLUBS"} {
			// EBUScore Pairs and PairsScorer write a void as "-", which
			// PBN writes as nothing between its dots.
			if suits[i] = strings.TrimSpace(hand.Get(name)); suits[i] == "-" {
				suits[i] = ""
			}
		}
		hands[s] = strings.Join(suits, ".")
		given = true
	}
	if !given {
		return
	}
	for i := range hands {
		if hands[i] == "" {
			hands[i] = "-"
		}
	}
	text := "N:" + strings.Join(hands[:], " ")
	b.DealTag = tag("Deal", text, h.Pos)
	d, err := auction.ParseDeal(text)
	if err != nil {
		m.add(h.Pos, diag.Error, diag.DealInvalid, "the HANDs do not read as a deal: %v", err)
		return
	}
	b.Deal = d
}

// usebioVulnerability reads a VULNERABILITY value.
func usebioVulnerability(v string) (auction.Vulnerability, bool) {
	switch strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(v), " ", "")) {
	case "LOVE", "NONE", "NIL", "-":
		return auction.VulNone, true
	case "NORTH-SOUTH", "NS", "N-S", "NORTHSOUTH":
		return auction.VulNS, true
	case "EAST-WEST", "EW", "E-W", "EASTWEST":
		return auction.VulEW, true
	case "ALL", "BOTH", "GAME":
		return auction.VulAll, true
	}
	return auction.VulNone, false
}

// travellerColumns are the ScoreTable columns a traveller line fills, and
// the USEBIO elements they come from.
var travellerColumns = []struct{ column, element string }{
	{"PairId_NS", "NS_PAIR_NUMBER"}, {"PairId_EW", "EW_PAIR_NUMBER"},
	{"PlayerId_N", "N_PLAYER_NUMBER"}, {"PlayerId_E", "E_PLAYER_NUMBER"},
	{"PlayerId_S", "S_PLAYER_NUMBER"}, {"PlayerId_W", "W_PLAYER_NUMBER"},
	{"Contract", "CONTRACT"}, {"Declarer", "PLAYED_BY"}, {"Lead", "LEAD"}, {"Result", "TRICKS"},
	{"Score_NS", "SCORE"},
	{"MP_NS", "NS_MATCH_POINTS"}, {"MP_EW", "EW_MATCH_POINTS"},
	{"IMP_NS", "NS_IMPS"}, {"IMP_EW", "EW_IMPS"},
	{"IMP_NS", "NS_CROSS_IMPS"}, {"IMP_EW", "EW_CROSS_IMPS"},
	{"IMP_NS", "NS_CROSS_IMP_POINTS"}, {"IMP_EW", "EW_CROSS_IMP_POINTS"}, // Pianola's, read only in a pairs event in cross-IMPs (crossPoints)
	{"IMP_NS", "NS_BUTLER_IMPS"}, {"IMP_EW", "EW_BUTLER_IMPS"},
}

// crossPoints reports whether the lines' NS_CROSS_IMP_POINTS and
// EW_CROSS_IMP_POINTS are the rows' cross-IMPs, as Pianola writes them in
// a pairs event scored in cross-IMPs (each the mean per comparison).
func (m *usebioMapper) crossPoints() bool {
	return m.u.Match == nil && strings.Contains(m.b.Scoring.Value, "Cross")
}

// traveller makes the board's ScoreTable of its traveller lines: one
// column for each element any line gives, a row for each line, each cell
// placed at its element. In a MATCH, the pairs are the match's.
func (m *usebioMapper) traveller() {
	lines := m.u.Board.All("TRAVELLER_LINE")
	if len(lines) == 0 {
		return
	}
	var cols []int // indexes into travellerColumns
	seen := map[string]bool{}
	for i, c := range travellerColumns {
		if seen[c.column] || strings.HasSuffix(c.element, "_CROSS_IMP_POINTS") && !m.crossPoints() {
			continue
		}
		for _, l := range lines {
			if _, _, ok := l.Value(c.element); ok || i < 2 && m.u.Match != nil {
				cols = append(cols, i)
				seen[c.column] = true
				break
			}
		}
	}
	names := make([]string, len(cols))
	for j, i := range cols {
		names[j] = travellerColumns[i].column
	}
	t := newTable("ScoreTable", m.u.Board.Pos, names)
	for _, l := range lines {
		row := make([]record.Cell, len(cols))
		for j, i := range cols {
			c := travellerColumns[i]
			v, at, ok := l.Value(c.element)
			if !ok {
				// The same column from another of its elements, or the
				// match's pair.
				for _, o := range travellerColumns {
					if o.column == c.column {
						if v, at, ok = l.Value(o.element); ok {
							break
						}
					}
				}
			}
			if !ok && m.u.Match != nil {
				v, at, ok = m.u.Match.Value(c.element)
				if !ok && (c.column == "PairId_NS" || c.column == "PairId_EW") {
					v, at, ok = teamOf(m.u.Match, l, c.column == "PairId_NS")
				}
			}
			row[j] = usebioCell(v, at, ok, l.Pos)
		}
		t.Rows = append(t.Rows, row)
	}
	m.b.Tables = append(m.b.Tables, t)
}

// totals makes the TotalScoreTable of the section's participants: each
// pair's or team's number, direction, place, total and boards played.
func (m *usebioMapper) totals() {
	p := m.u.Participants
	rows, id, kind := participantRows(p)
	if len(rows) == 0 {
		return
	}
	type col struct{ column, element string }
	cols := []col{{"PairId", id}}
	// The total is of the event's points: matchpoints, IMPs, or (for
	// teams, Swiss events and events that name no method) victory points
	// or points of no kind said, which bridgekit does not recompute from
	// USEBIO: said so, and kept as written.
	total := "TotalScore"
	ofMatches := matchPoints(m.u, kind == "team")
	switch s := m.b.Scoring.Value; {
	case ofMatches:
	case s == "MP":
		total = "TotalMP"
	case strings.HasPrefix(s, "IMP"):
		total = "TotalIMP"
	}
	// The points of matches are checked against the file's matches
	// (AddUSEBIOMatches), which count them.
	if total == "TotalScore" && !ofMatches {
		for _, r := range rows {
			if v, _, ok := r.Value("TOTAL_SCORE"); ok && strings.TrimSpace(v) != "" {
				m.b.Coverage.Skip(diag.NotRecomputed, 1)
			}
		}
	}
	// The players as PBN's total tables name them, "Ann Smith - Bob
	// Jones", and their national and club ids in columns of their own; the
	// masterpoints awarded, written plain or, as ScoreBridge writes them,
	// in a MASTER_POINTS with their colour.
	value := func(r *usebio.Node, c col) (string, diag.Pos, bool) {
		switch c.column {
		case "Names", "NationalIds", "ClubIds":
			v := players(r, c.element)
			return v, r.Pos, v != ""
		case "MasterPoints", "MasterPointType":
			return masterPoints(r, c.element)
		}
		return r.Value(c.element)
	}
	for _, c := range []col{{"Direction", "DIRECTION"}, {"Rank", "PLACE"}, {total, "TOTAL_SCORE"}, {"TotalPercentage", "PERCENTAGE"},
		{"NrBoards", "BOARDS_PLAYED"}, {"Names", "PLAYER_NAME"}, {"NationalIds", "NATIONAL_ID_NUMBER"}, {"ClubIds", "CLUB_ID_NUMBER"},
		{"MasterPoints", "MASTER_POINTS_AWARDED"}, {"MasterPointType", "MASTER_POINT_TYPE"}} {
		for _, r := range rows {
			if _, _, ok := value(r, c); ok {
				cols = append(cols, c)
				break
			}
		}
	}
	names := make([]string, len(cols))
	for j, c := range cols {
		names[j] = c.column
	}
	t := newTable("TotalScoreTable", p.Pos, names)
	t.Complete = true // a section's boards are all in its file
	t.Matches = ofMatches
	for _, r := range rows {
		row := make([]record.Cell, len(cols))
		for j, c := range cols {
			v, at, ok := value(r, c)
			if c.column == "Direction" {
				v = strings.ToUpper(strings.TrimSpace(v))
			}
			row[j] = usebioCell(v, at, ok, r.Pos)
		}
		t.Rows = append(t.Rows, row)
	}
	m.b.Tables = append(m.b.Tables, t)
}

// participants checks the section's participants as USEBIO defines them:
// a pair of two players, each pair or team numbered once in its
// direction, a player's national id given once.
func (m *usebioMapper) participants() {
	p := m.u.Participants
	seen, ids := map[string]diag.Pos{}, map[string]diag.Pos{}
	check := func(n *usebio.Node, kind, id string) {
		num, at, _ := n.Value(id)
		key := strings.ToUpper(strings.TrimSpace(n.Get("DIRECTION"))) + " " + num
		if first, dup := seen[key]; dup && num != "" {
			m.add(at, diag.Error, usebio.CodeDuplicate, "%s %s is listed twice in its section (first at %s)", kind, strings.TrimSpace(key), first)
		}
		seen[key] = at
		for _, pl := range allPlayers(n) {
			v, at, ok := pl.Value("NATIONAL_ID_NUMBER")
			if v = strings.TrimSpace(v); !ok || v == "" || v == "0" {
				continue
			}
			if first, dup := ids[v]; dup {
				m.add(at, diag.Error, usebio.CodeDuplicate, "national id %s is given to two players of the section (first at %s)", v, first)
			}
			ids[v] = at
		}
	}
	for _, pair := range p.All("PAIR") {
		check(pair, "pair", "PAIR_NUMBER")
		if n := len(pair.All("PLAYER")); n != 2 && n > 0 { // none: the names are not given
			m.add(pair.Pos, diag.Warning, usebio.CodePair, "pair %s has %s, not 2", pair.Get("PAIR_NUMBER"), diag.Plural(n, "player"))
		}
	}
	for _, team := range p.All("TEAM") {
		check(team, "team", "TEAM_ID")
	}
	for _, player := range p.All("PLAYER") { // an individual event's
		check(player, "player", "PLAYER_NUMBER")
	}
	// A place is within the field it is a place in: its direction's,
	// where the participants give one.
	all := append(append(p.All("PAIR"), p.All("TEAM")...), p.All("PLAYER")...)
	// Two winners (WINNER_TYPE 2, a Mitchell) rank each direction apart;
	// otherwise the whole field is one ranking.
	twoWinners := strings.TrimSpace(m.u.Event.Get("WINNER_TYPE")) == "2"
	dirOf := func(n *usebio.Node) string {
		if !twoWinners {
			return ""
		}
		return sideName(n.Get("DIRECTION"))
	}
	field := map[string]int{}
	for _, n := range all {
		field[dirOf(n)]++
	}
	// A section of several may be ranked across the field (PairsScorer
	// and EBUScore place the pairs of every section together): its
	// places run up to the event's number of pairs or teams.
	if m.b.Sections > 1 {
		event := 0
		for _, name := range []string{"PAIRS", "TEAMS"} {
			if n, ok := usebio.Number(strings.TrimSpace(m.u.Event.Get(name))); ok {
				event = max(event, n)
			}
		}
		for k := range field {
			if event == 0 {
				field[k] = -1 // the file does not say how many: no bound
				continue
			}
			field[k] = max(field[k], event)
		}
	}
	for _, n := range all {
		v, at, ok := n.Value("PLACE")
		if !ok || strings.TrimSpace(v) == "" {
			continue
		}
		size := field[dirOf(n)]
		if k, ok := usebio.Number(strings.TrimSuffix(strings.TrimSpace(v), "=")); !ok || k < 1 || size >= 0 && k > size {
			m.add(at, diag.Error, usebio.CodePlace, "PLACE %q is not a place among the %s it ranks", v, diag.Plural(size, "participant"))
		}
	}
}

// missingScores says the traveller lines that give a contract and no
// score: a result the file leaves without its number.
func (m *usebioMapper) missingScores() {
	for i, l := range m.u.Board.All("TRAVELLER_LINE") {
		c := strings.ToUpper(strings.TrimSpace(l.Get("CONTRACT")))
		if c == "" || strings.HasPrefix(c, "A") { // none, or an adjusted score
			continue
		}
		if v, _, ok := l.Value("SCORE"); !ok || strings.TrimSpace(v) == "" {
			m.add(l.Pos, diag.Warning, usebio.CodeMissing, "traveller line %d gives the contract %s and no SCORE", i+1, c)
		}
	}
}

// allPlayers returns the players of a pair, or of a team and its pairs;
// an individual event's player is its own.
func allPlayers(n *usebio.Node) []*usebio.Node {
	if strings.EqualFold(n.Name, "PLAYER") {
		return []*usebio.Node{n}
	}
	out := n.All("PLAYER")
	for _, pair := range n.All("PAIR") {
		out = append(out, pair.All("PLAYER")...)
	}
	return out
}

// masterPoints returns a participant's value of element, a child of its
// MASTER_POINTS when it writes one (ScoreBridge) or its own; a
// MASTER_POINTS that holds a number is the masterpoints awarded.
func masterPoints(n *usebio.Node, element string) (string, diag.Pos, bool) {
	if mp := n.Child("MASTER_POINTS"); mp != nil {
		if v, at, ok := mp.Value(element); ok {
			return v, at, true
		}
		if element == "MASTER_POINTS_AWARDED" && len(mp.Kids) == 0 && strings.TrimSpace(mp.Text) != "" {
			return mp.Text, mp.Pos, true
		}
	}
	return n.Value(element)
}

// players joins a value of the players of a pair or team, as PBN's total
// tables write names: "Ann Smith - Bob Jones"; "" when none gives it.
func players(n *usebio.Node, element string) string {
	var vs []string
	given := false
	for _, pl := range allPlayers(n) {
		v := strings.TrimSpace(pl.Get(element))
		given = given || v != ""
		vs = append(vs, v)
	}
	if !given {
		return ""
	}
	return strings.Join(vs, " - ")
}

// teamOf returns the team a match's traveller line puts North–South (ns)
// or East–West: the line's DIRECTION is the match's TEAM's.
func teamOf(match, line *usebio.Node, ns bool) (string, diag.Pos, bool) {
	dir, at, ok := line.Value("DIRECTION")
	if !ok {
		return "", diag.Pos{}, false
	}
	teamNS := sideName(dir) == "NS"
	name := "OPPOSING_TEAM"
	if teamNS == ns {
		name = "TEAM"
	}
	v, _, ok := match.Value(name)
	return v, at, ok
}

// newTable returns a table of the columns named, as a PBN tag of that name
// at the element gives it.
func newTable(name string, at diag.Pos, columns []string) record.Table {
	t := record.Table{Tag: tag(name, strings.Join(columns, ";"), at)}
	for _, c := range columns {
		t.Columns = append(t.Columns, record.Column{Spec: c, Name: c})
	}
	return t
}

// usebioCell is a table cell of a value read at its element, quoted where PBN
// needs it; "-" at the row's element where the row does not give it.
func usebioCell(v string, at diag.Pos, given bool, row diag.Pos) record.Cell {
	if !given || v == "" {
		return record.Cell{Text: "-", Loc: row}
	}
	return record.Cell{Text: v, Loc: at, Quoted: strings.ContainsAny(v, " \t\"")}
}

// participantRows returns the pairs of the participants, else their
// teams: the rows of the TotalScoreTable, the element that numbers them,
// and what findings call them.
func participantRows(p *usebio.Node) (rows []*usebio.Node, id, kind string) {
	if rows := p.All("PAIR"); len(rows) > 0 {
		return rows, "PAIR_NUMBER", "pair"
	}
	return p.All("TEAM"), "TEAM_ID", "team"
}

// matchPoints reports whether the totals of a unit's participants are
// the points of their matches: the event names how its matches score, or
// its participants are teams.
func matchPoints(u *usebio.Unit, teams bool) bool {
	_, _, named := u.Event.Value("MATCH_SCORING_METHOD")
	return named || teams
}

// AddUSEBIOMatches gives t what unit u states of matches and totals: its
// MATCH, on the match's first board, and its participants' totals and
// wins or draws, on the board that carries the totals. Give it the units
// of a file in order.
func AddUSEBIOMatches(t *scoring.MatchTotals, file string, u *usebio.Unit) {
	board, _ := usebio.Number(u.Board.Get("BOARD_NUMBER"))
	written := func(r *usebio.Node, name string) scoring.Written {
		v, at, _ := r.Value(name)
		return scoring.Written{Name: name, Text: strings.TrimSpace(v), At: diag.Diagnostic{File: file, Game: u.Index, Board: board, Span: diag.Span{Pos: at}}}
	}
	m := u.Match
	teams := false
	if m != nil {
		_, _, teams = m.Value("TEAM")
	}
	if m != nil && u.MatchFirst {
		sides, scores := [2]string{"TEAM", "OPPOSING_TEAM"}, [2]string{"TEAM_SCORE", "OPPOSING_TEAM_SCORE"}
		if !teams {
			sides, scores = [2]string{"NS_PAIR_NUMBER", "EW_PAIR_NUMBER"}, [2]string{"NS_SCORE", "EW_SCORE"}
		}
		match := scoring.Match{}
		for i := range sides {
			match.IDs[i], match.Scores[i] = strings.TrimSpace(m.Get(sides[i])), written(m, scores[i])
		}
		match.Round, _ = usebio.Number(m.Get("ROUND_NUMBER"))
		first, okA := usebio.Number(m.Get("START_BOARD_NUMBER"))
		last, okB := usebio.Number(m.Get("END_BOARD_NUMBER"))
		if okA && okB && last >= first {
			match.Boards = last - first + 1
		}
		t.AddMatch(u.Field, match)
	}
	if teams {
		// A team match's board: what it gives of the team's IMPs, for the
		// match's victory points.
		var b scoring.MatchIMPs
		if net, ok := teamNet(u.Board); ok {
			b.IMPs, b.Known = auction.IMPs(net), true
		}
		if v, _, ok := u.Board.Value("IMPS"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			b.Stated, b.StatedKnown = n, err == nil
		}
		t.AddMatchBoard(u.Field, b)
	}
	if !u.Totals || u.Participants == nil {
		return
	}
	rows, id, kind := participantRows(u.Participants)
	for _, r := range rows {
		t.AddParticipant(u.Field, scoring.MatchParticipant{
			ID: strings.TrimSpace(r.Get(id)), Kind: kind, MatchPoints: matchPoints(u, kind == "team"),
			Total: written(r, "TOTAL_SCORE"), Wins: written(r, "WINS_OR_DRAWS"),
		})
	}
}

// matchIMPs checks a match board's IMPS, the net IMPs of the match's TEAM,
// against its two traveller lines: the line where the team sat
// North–South (DIRECTION NS) gives its score, the other its opponents'.
// It reports whether the board states IMPS it could check.
func (m *usebioMapper) matchIMPs() bool {
	v, at, ok := m.u.Board.Value("IMPS")
	if !ok || m.u.Match == nil {
		return false
	}
	stated, err := strconv.Atoi(strings.TrimSpace(v))
	net, known := teamNet(m.u.Board)
	if err != nil || !known {
		return false
	}
	want := auction.IMPs(net)
	if want == stated {
		m.b.Coverage.Agree(1)
		return true
	}
	m.b.Coverage.Flag(1)
	m.add(at, diag.Warning, diag.IMPMismatch, "IMPS %d, but the team's scores at the two tables, %d net, give %d", stated, net, want)
	m.found[len(m.found)-1].Law = 78
	return true
}

// teamNet returns the net score of a match board's TEAM: its two
// traveller lines' scores, the one where the team sat North–South
// (DIRECTION NS) less the other; false when the board does not have two
// such lines with scores.
func teamNet(board *usebio.Node) (int, bool) {
	lines := board.All("TRAVELLER_LINE")
	if len(lines) != 2 {
		return 0, false
	}
	net, sides := 0, 0
	for _, l := range lines {
		score, err := strconv.Atoi(strings.TrimSpace(l.Get("SCORE")))
		if err != nil {
			return 0, false
		}
		switch sideName(l.Get("DIRECTION")) {
		case "NS":
			net, sides = net+score, sides|1
		case "EW":
			net, sides = net-score, sides|2
		}
	}
	return net, sides == 3
}

// sideMarks are what writers put between a side's two seats.
var sideMarks = strings.NewReplacer("-", "", " ", "", "/", "")

// sideName reads a direction as USEBIO and PBN write it, NS, N-S,
// North-South, EW …: "NS" or "EW", else the value in capitals.
func sideName(v string) string {
	switch t := strings.ToUpper(sideMarks.Replace(v)); t {
	case "NS", "NORTHSOUTH":
		return "NS"
	case "EW", "EASTWEST":
		return "EW"
	default:
		return t
	}
}

// LINHoldsPlay reports whether the LIN text of a USEBIO LIN_DATA holds a
// call (mb) or a card (pc), its bars written as such or escaped (%7C).
func LINHoldsPlay(text string) bool {
	t := "|" + strings.ReplaceAll(strings.ToLower(text), "%7c", "|")
	return strings.Contains(t, "|mb|") || strings.Contains(t, "|pc|")
}
