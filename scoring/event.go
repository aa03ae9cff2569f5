package scoring

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/record"
)

// An Event recomputes what a run's boards add up to: each team match,
// board by board with both rooms, and each file's pairs event, its
// travellers with the ranking they give, beside what the files state.
// A match is its event, session and teams, in one file, or going on into
// a later file whose first board of the match is the other room of one
// that waits for it (an Open and a Closed file: the two rooms named). A
// later file that starts the match afresh (a copy of it, another run of
// the same deals) is summed up apart. Feed it the boards of each file in order (Add), call
// EndFile after each file, and Summaries after the last.
type Event struct {
	matches map[MatchKey]*MatchSummary // the latest of each key
	order   []*MatchSummary
	boards  int           // the match boards held
	current *MatchSummary // the match of the last board added
	file    string
	pairs   *PairsSummary // the file's
	assumed *Method       // see AssumeMethod
}

// AssumeMethod makes e score the travellers of boards whose Scoring names
// no method (none, "?") by m, as a director scores the results entered at
// the tables (a Bridgemate .bws states none). A board that names its
// method is scored by it; a pairs event scored by m says so in
// PairsSummary.Assumed.
func (e *Event) AssumeMethod(m Method) { e.assumed = &m }

// MaxEventBoards caps the match boards an Event holds, at some 0.7 KB
// each: past it, Flush gives the matches held so far but the one being
// read, and a match that goes on after is summed up again from there.
const MaxEventBoards = 1 << 14

// NewEvent returns an empty Event.
func NewEvent() *Event {
	return &Event{matches: map[MatchKey]*MatchSummary{}}
}

// A MatchSummary is one team match recomputed. JSON keys are documented
// in the README.
type MatchSummary struct {
	Kind string `json:"kind"` // "teams"
	File string `json:"file"` // the first file with a board of the match
	// Files are all the files with its boards, when there are several.
	Files   []string      `json:"files,omitempty"`
	Event   string        `json:"event"`
	Session string        `json:"session,omitempty"`
	Teams   [2]string     `json:"teams"`
	Boards  []*MatchBoard `json:"boards"`
	IMPs    [2]int        `json:"imps"`   // the two teams' IMPs over the boards both rooms played
	Played  int           `json:"played"` // boards both rooms played
	// CarryOver is what the session starts with, for the two teams (a
	// LIN segment header's carry-over), when the file says.
	CarryOver *[2]float64 `json:"carry_over,omitempty"`
	VPs       *[2]float64 `json:"vps,omitempty"`
	index     map[string]*MatchBoard
	last      string // the file of its last board
	home      string // the home team as its first board names it
}

// HomeFirst reports whether the home team is Teams[1], the second in
// alphabetical order: a reader expects the match as home v visitors.
func (ms *MatchSummary) HomeFirst() bool { return ms.home != "" && ms.home == ms.Teams[1] }

// key is the match's key in Event.matches.
func (ms *MatchSummary) key() MatchKey {
	return MatchKey{Event: ms.Event, Session: ms.Session, Teams: ms.Teams}
}

// waitsFor reports whether room r, read in another file than the
// match's last, is the other room of one of its boards: one is Open, the
// other Closed (as RoomIndex pairs rooms of two files). The match then
// goes on in r's file.
func (ms *MatchSummary) waitsFor(r *Room) bool {
	mb := ms.index[r.Board]
	return mb != nil && len(mb.Rooms) == 1 && r.Room != record.RoomUnknown && mb.Rooms[0].Room != "" && mb.Rooms[0].Room != r.Room.String()
}

// A MatchBoard is a board of a match: its rooms and the IMPs.
type MatchBoard struct {
	Board string      `json:"board"`
	Rooms []RoomScore `json:"rooms"`
	// IMPs are the two teams' IMPs on the board, when both rooms scored.
	IMPs *[2]int `json:"imps,omitempty"`
}

// A RoomScore is one room's result: what bridgekit computes and, beside
// it, what the file states and whether the two agree.
type RoomScore struct {
	Room      string       `json:"room,omitempty"`
	NSTeam    string       `json:"ns_team,omitempty"`
	Contract  string       `json:"contract,omitempty"` // "4S", "3NTX", "Pass"
	Declarer  string       `json:"declarer,omitempty"`
	Tricks    *int         `json:"tricks,omitempty"`
	Score     *int         `json:"score,omitempty"` // NS points from the contract and result
	Stated    *Stated      `json:"stated_score,omitempty"`
	StatedIMP *StatedValue `json:"stated_imps,omitempty"` // ScoreIMP for NS
	ns        int
	nsKnown   bool
}

// Stated is a number the file states and whether it agrees with the one
// computed.
type Stated struct {
	Value  int  `json:"value"`
	Agrees bool `json:"agrees"`
}

// StatedValue is Stated for a number that may have a fraction. A value
// that cannot be recomputed (an adjusted score's cross-IMPs, which the
// regulation sets) says why in Unchecked, and agrees with nothing.
type StatedValue struct {
	Value     float64 `json:"value"`
	Agrees    bool    `json:"agrees"`
	Unchecked string  `json:"unchecked,omitempty"`
}

// A PairsSummary is a file's pairs travellers recomputed, and the ranking.
type PairsSummary struct {
	Kind    string `json:"kind"` // "pairs"
	File    string `json:"file"`
	Event   string `json:"event"`
	Scoring string `json:"scoring"`
	// Assumed is the method the event was scored by where its file names
	// none (Event.AssumeMethod), as given; "" when the file names it.
	Assumed string          `json:"assumed_method,omitempty"`
	Boards  []*TravellerSum `json:"boards"`
	Ranking []*PairTotal    `json:"ranking"`
	totals  bySide[PairTotal]
	stated  map[statedKey]statedTotals
	// centredBoards and plainBoards count the travellers that write their
	// matchpoints less half the top and those that write them as they
	// are: where most are centred, the stated totals are their sums so.
	centredBoards, plainBoards int
	// taken is how many boards TakeBoards gave out of Boards.
	taken int
}

// A TravellerSum is one board's traveller recomputed.
type TravellerSum struct {
	Board string `json:"board"`
	// Unscored says why the traveller was not recomputed, beginning with
	// the reason's name ("method-unknown: …"); its rows are then left out.
	Unscored string  `json:"unscored,omitempty"`
	Top      float64 `json:"top,omitempty"`
	// Centred is set where the file writes the matchpoints less half the
	// top (Ruter i Norge): the stated ones are compared so.
	Centred bool           `json:"centred,omitempty"`
	Datum   *int           `json:"datum,omitempty"`
	Rows    []TravellerRow `json:"rows"`
}

// A TravellerRow is a row of a traveller recomputed beside the file's.
type TravellerRow struct {
	NS        string       `json:"ns,omitempty"` // the pairs, as PairId_NS and PairId_EW
	EW        string       `json:"ew,omitempty"`
	Contract  string       `json:"contract,omitempty"`
	Declarer  string       `json:"declarer,omitempty"`
	Tricks    *int         `json:"tricks,omitempty"`
	Score     *int         `json:"score,omitempty"` // NS; none for an adjusted score
	MP        *float64     `json:"mp_ns,omitempty"`
	Pct       *float64     `json:"percentage_ns,omitempty"`
	IMP       *float64     `json:"imp_ns,omitempty"`
	StatedMP  *StatedValue `json:"stated_mp_ns,omitempty"`
	StatedIMP *StatedValue `json:"stated_imp_ns,omitempty"`
	ids       [2][]string  // who scored each side: its pair, or its players
}

// statedKey is a pair of a total table, by its id and Direction (-1 where
// the table says none).
type statedKey struct {
	pair string
	side int
}

// A PairTotal is a pair's line of the ranking.
type PairTotal struct {
	Rank int    `json:"rank"`
	Pair string `json:"pair"`
	// Direction is "NS" or "EW" in a Mitchell, where each direction is
	// ranked on its own; empty where the pairs changed direction.
	Direction string  `json:"direction,omitempty"`
	Total     float64 `json:"total"` // matchpoints or IMPs over its boards
	Boards    int     `json:"boards"`
	// Where the pairs of a field played different numbers of boards, the
	// ranking goes by the percentage of the tops of a pair's boards
	// (matchpoints) or by the IMPs a board (IMPs), which is then given.
	Percentage *float64     `json:"percentage,omitempty"`
	PerBoard   *float64     `json:"per_board,omitempty"`
	Stated     *StatedValue `json:"stated,omitempty"`
	tops       float64      // the tops of its boards, in matchpoints
	slack      float64      // how far the rows' points, as written, may be from the exact ones
}

// Add takes the next board of the file named file; session is as for
// RoomOf.
func (e *Event) Add(b *record.Board, file, session string) {
	e.file = file
	if r, ok := RoomOf(b, session); ok {
		e.addRoom(b, &r)
	}
	m, err := ParseMethod(b.Scoring.Value)
	if err == nil && m.Base == NoBase && e.assumed != nil {
		m = *e.assumed
	}
	if tr := ReadTraveller(b, m.OldMP); tr != nil && err == nil {
		e.addTraveller(b, tr, m)
	} else if tr != nil {
		e.unscored(b, diag.MethodUnknown, fmt.Sprintf("the Scoring %q names no method bridgekit knows", b.Scoring.Value))
	}
	for _, t := range ReadTotals(b) {
		if e.pairs == nil {
			e.newPairs(b)
		}
		st := e.pairs.stated[statedKey{t.Pair, t.Side}]
		for j, col := range t.Cells.Columns {
			name := strings.ToLower(col.Name)
			k, whole := totalColumns[name]
			ks, session := sessionScope.columns[name]
			if j >= len(t.Cells.Row) || !(whole && k < 3 || session && ks < 3) {
				continue
			}
			one := Cells{t.Cells.Columns[j : j+1], t.Cells.Row[j : j+1]}
			if v, _, ok := (&Row{Cells: one}).number(col.Name); ok {
				total := statedTotal{value: v, text: t.Cells.Row[j].Text, boards: t.NrBoards}
				if session {
					st.session, total.boards = &total, t.NrSession
				} else {
					st.whole = total
				}
			}
		}
		e.pairs.stated[statedKey{t.Pair, t.Side}] = st
	}
}

func (e *Event) addRoom(b *record.Board, r *Room) {
	ms := e.matches[r.Match]
	if ms != nil && ms.last != e.file && !ms.waitsFor(r) {
		ms = nil // the match starts afresh in this file
	}
	if ms == nil {
		ms = &MatchSummary{Kind: "teams", File: e.file, Event: r.Match.Event, Session: r.Match.Session, Teams: r.Match.Teams, home: r.Home, index: map[string]*MatchBoard{}}
		if v := r.Segment; v != nil {
			if c, ok := carry(v); ok {
				if strings.TrimSpace(v.Fields[5]) != ms.Teams[0] {
					c[0], c[1] = c[1], c[0] // the header's team 1 is the key's second
				}
				ms.CarryOver = &c
			}
		}
		e.matches[r.Match] = ms
		e.order = append(e.order, ms)
	}
	ms.last, e.current = e.file, ms
	if e.file != ms.File && !slices.Contains(ms.Files, e.file) {
		if len(ms.Files) == 0 {
			ms.Files = []string{ms.File}
		}
		ms.Files = append(ms.Files, e.file)
	}
	mb := ms.index[r.Board]
	if mb == nil || len(mb.Rooms) == 2 {
		mb = &MatchBoard{Board: r.Board}
		ms.index[r.Board] = mb
		ms.Boards = append(ms.Boards, mb)
		e.boards++
	}
	rs := RoomScore{Room: r.Room.String(), NSTeam: r.NSTeam, ns: r.NS, nsKnown: r.NSKnown}
	f := b.Final()
	if f.ContractKnown {
		rs.Contract = f.Contract.String()
		if f.DeclarerKnown && !f.Contract.PassedOut() {
			rs.Declarer = f.Contract.Declarer.String()
		}
	}
	if f.TricksKnown {
		t := f.Tricks
		rs.Tricks = &t
	}
	if n, ok := NSScore(b); ok {
		rs.Score = &n
		if b.File.ScoreTag.Present() && r.NSKnown {
			rs.Stated = &Stated{Value: r.NS, Agrees: r.NS == n}
		}
	}
	if r.IMPKnown {
		rs.StatedIMP = &StatedValue{Value: r.IMP}
	}
	mb.Rooms = append(mb.Rooms, rs)
	if len(mb.Rooms) == 2 && mb.Rooms[0].nsKnown && mb.Rooms[1].nsKnown {
		a, c := &mb.Rooms[0], &mb.Rooms[1]
		imp := auction.IMPs(a.ns - c.ns) // for the team NS at a's table
		for _, x := range []struct {
			r *RoomScore
			v int
		}{{a, imp}, {c, -imp}} {
			if x.r.StatedIMP != nil {
				x.r.StatedIMP.Agrees = math.Abs(x.r.StatedIMP.Value-float64(x.v)) < 0.01
			}
		}
		two := teamIMPs(a.ns, c.ns, a.NSTeam, ms.Teams)
		mb.IMPs = &two
		ms.IMPs[0] += two[0]
		ms.IMPs[1] += two[1]
		ms.Played++
	}
}

// NSScore is the board's score for North–South from its outcome
// (record.Board.Final) and vulnerability, when they give one.
func NSScore(b *record.Board) (int, bool) {
	f := b.Final()
	if !f.ContractKnown || !b.VulnerableKnown || !f.Contract.PassedOut() && (!f.DeclarerKnown || !f.TricksKnown) {
		return 0, false
	}
	n := auction.Score(f.Contract, f.Tricks, b.Vulnerable)
	if !f.Contract.PassedOut() && f.Contract.Declarer.Side() == auction.EW {
		n = -n
	}
	return n, true
}

func (e *Event) newPairs(b *record.Board) {
	e.pairs = &PairsSummary{Kind: "pairs", File: e.file, Event: b.Event.Value, Scoring: b.Scoring.Value, stated: map[statedKey]statedTotals{}}
	if m, err := ParseMethod(b.Scoring.Value); err == nil && m.Base == NoBase && e.assumed != nil {
		e.pairs.Assumed = e.assumed.Text
	}
}

func (e *Event) addTraveller(b *record.Board, tr *Traveller, m Method) {
	if e.pairs == nil {
		e.newPairs(b)
	}
	ts := &TravellerSum{Board: b.BoardLabel()}
	// The rows played are scored among themselves; an adjusted row (Law
	// 12C2) gets what its mark says, and scales the others to the whole
	// field as checkTraveller reads them.
	rs := make([]Result, 0, len(tr.Rows))
	at := make([]int, len(tr.Rows)) // each row's index in rs, -1 for an adjusted one, -2 for a blank one
	all := 0
	for i := range tr.Rows {
		r := &tr.Rows[i]
		if r.Blank {
			at[i] = -2
			continue
		}
		all += max(r.Count, 1)
		if r.Artificial {
			if _, _, ok := r.adjusted(); !ok {
				c, _ := r.Column("Contract")
				e.unscored(b, diag.AdjustedUnknown, fmt.Sprintf("row %d's adjusted score %q does not read", r.N, c.Text))
				return
			}
			at[i] = -1
			continue
		}
		ns := r.NS
		if r.ContractKnown && tr.VulnerableKnown {
			ns = tr.scoreOf(r)
		} else if !r.ScoreKnown {
			e.unscored(b, diag.FieldIncomplete, fmt.Sprintf("row %d has no score, nor a contract and result to score", r.N))
			return
		}
		at[i] = len(rs)
		rs = append(rs, Result{NS: ns, Count: r.Count})
	}
	n := results(rs)
	var mp []float64
	// imps are the rows' IMPs as the method counts them into the pairs'
	// totals; shown, where it differs, the reading of them that fits the
	// rows as the audit reads them (Ruter writes each row's cross-IMP sum
	// under Cross2, whose totals are the mean per comparison).
	var imps, shown []float64
	played := *tr
	played.Rows = slices.DeleteFunc(slices.Clone(tr.Rows), func(r Row) bool { return r.Artificial || r.Blank })
	switch {
	case m.Base == MatchPoints || m.Base == NoBase && hasColumn(tr, "MP_NS"):
		mp = Matchpoints(rs, m.Counting)
		ts.Top = Top(n, m.Counting)
		switch tables, _ := scaleToField(&played, mp, n, m.Counting); {
		case tables > 0:
			// A board played fewer times than the others, as
			// checkPoints reads it.
			ts.Top = Top(tables, m.Counting)
		case all > n && !centred(&played, mp, ts.Top, m.Counting) && !fitsPlayed(&played, mp, m.Counting):
			// Beside adjusted scores, the results scaled to the whole
			// field by Neuberg, unless the rows say they were scored
			// among themselves (BriAn).
			for i := range mp {
				mp[i] = Neuberg(mp[i], n, all, m.Counting)
			}
			ts.Top = Top(all, m.Counting)
		}
		if ts.Centred = centred(&played, mp, ts.Top, m.Counting); ts.Centred {
			e.pairs.centredBoards++
		} else {
			e.pairs.plainBoards++
		}
	case m.Base == IMP && m.CrossIMPs():
		imps = CrossIMPs(rs, m.Datum)
		shown, _ = crossReading(&played, rs, n, m.Datum)
	case m.Base == IMP && m.Datum == TwoRooms && n > 2:
		imps, _ = fieldReading(&played, rs, n)
	case m.Base == IMP && m.Datum != TwoRooms:
		d, ok := DatumOf(rs, m.Datum)
		if !ok {
			break
		}
		ts.Datum = &d
		for _, r := range rs {
			imps = append(imps, float64(auction.IMPs(r.NS-d)))
		}
	}
	who := scorers(tr)
	for i := range tr.Rows {
		r := &tr.Rows[i]
		row := TravellerRow{}
		row.ids[northSouth], row.NS = rowIDs(who, r, northSouth)
		row.ids[eastWest], row.EW = rowIDs(who, r, eastWest)
		e.pairs.totals.met(strings.TrimSpace(row.NS), strings.TrimSpace(row.EW))
		if at[i] == -2 {
			ts.Rows = append(ts.Rows, row) // not played: no result, no points
			continue
		}
		if at[i] < 0 {
			e.adjustedRow(&row, r, m, ts, mp != nil, imps != nil)
			ts.Rows = append(ts.Rows, row)
			continue
		}
		j := at[i]
		score := rs[j].NS
		row.Score = &score
		if r.ContractKnown {
			row.Contract = r.Contract.String()
			if !r.Contract.PassedOut() {
				row.Declarer = r.Contract.Declarer.String()
				t := r.Tricks
				row.Tricks = &t
			}
		}
		if mp != nil {
			v, pct := round2(mp[j]), 0.0
			if ts.Top > 0 {
				pct = round2(100 * mp[j] / ts.Top)
			}
			row.MP, row.Pct = &v, &pct
			row.StatedMP = statedMP(r, v, ts.Top, ts.Centred, m.Counting)
			e.credit(row.ids[northSouth], northSouth, mp[j], ts.Top, rounding(r, "MP_NS", mp[j]))
			e.credit(row.ids[eastWest], eastWest, ts.Top-mp[j], ts.Top, rounding(r, "MP_EW", ts.Top-mp[j]))
		}
		if imps != nil {
			v, w := imps[j], imps[j]
			if shown != nil {
				w = shown[j]
				if len(m.Datums) > 1 {
					// A method that names several forms (USEBIO's
					// CROSS_IMPS): the totals are of the one the rows use.
					v = w
				}
			}
			if got, _, ok := r.number("IMP_NS"); ok {
				row.StatedIMP = &StatedValue{Value: got, Agrees: impsFit(got, w)}
			}
			w = round2(w)
			row.IMP = &w
			e.credit(row.ids[northSouth], northSouth, v, 0, rounding(r, "IMP_NS", v))
			e.credit(row.ids[eastWest], eastWest, -v, 0, rounding(r, "IMP_EW", -v))
		}
		ts.Rows = append(ts.Rows, row)
	}
	e.pairs.Boards = append(e.pairs.Boards, ts)
}

// fitsPlayed reports whether a traveller's rows state matchpoints, and
// three in four of them are mp, the results' among themselves.
func fitsPlayed(tr *Traveller, mp []float64, c Counting) bool {
	fit, rows := 0, 0
	for i := range tr.Rows {
		if got, cell, ok := tr.Rows[i].number("MP_NS"); ok {
			rows++
			if mpWritten(cell.Text, got, mp[i], c) {
				fit++
			}
		}
	}
	return rows > 0 && 4*fit >= 3*rows
}

// statedMP is a row's stated MP_NS beside the matchpoints v recomputed,
// of a top of top, written less half the top when centred; nil when the
// row states none.
func statedMP(r *Row, v, top float64, centred bool, c Counting) *StatedValue {
	got, cell, ok := r.number("MP_NS")
	if !ok {
		return nil
	}
	if centred {
		v -= top / 2
	}
	return &StatedValue{Value: got, Agrees: mpWritten(cell.Text, got, v, c)}
}

// unscored adds a board whose traveller is not recomputed, and why.
func (e *Event) unscored(b *record.Board, why diag.Reason, detail string) {
	if e.pairs == nil {
		e.newPairs(b)
	}
	e.pairs.Boards = append(e.pairs.Boards, &TravellerSum{Board: b.BoardLabel(), Unscored: why.String() + ": " + detail})
}

// adjustedRow fills the row of an adjusted score: its mark as contract,
// and the matchpoints or IMPs it gives each side (Law 12C2).
func (e *Event) adjustedRow(row *TravellerRow, r *Row, m Method, ts *TravellerSum, mps, imps bool) {
	ns, ew, _ := r.adjusted()
	top := ts.Top
	if c, ok := r.Column("Contract"); ok {
		row.Contract = c.Text
	} else {
		row.Contract = adjustedText(ns, ew) // the marks were in the score columns
	}
	if mps && ns >= 0 {
		v, pct := round2(ns/100*top), ns
		row.MP, row.Pct = &v, &pct
		row.StatedMP = statedMP(r, v, top, ts.Centred || rowsCentred(*r), m.Counting)
		e.credit(row.ids[northSouth], northSouth, ns/100*top, top, rounding(r, "MP_NS", ns/100*top))
	}
	if mps && ew >= 0 {
		e.credit(row.ids[eastWest], eastWest, ew/100*top, top, rounding(r, "MP_EW", ew/100*top))
	}
	switch {
	case !imps:
	case !adjustedIMPs(m):
		// Cross-IMPs sum a board's every comparison, and the award of an
		// adjusted row is on the regulation's scale (see adjustedIMPs):
		// the file's figures are shown and counted, not checked, as the
		// audit counts them.
		if got, _, ok := r.number("IMP_NS"); ok {
			row.StatedIMP = &StatedValue{Value: got, Unchecked: diag.Adjusted.String()}
			e.credit(row.ids[northSouth], northSouth, got, 0, 0) // as written: exact
		}
		if got, _, ok := r.number("IMP_EW"); ok {
			e.credit(row.ids[eastWest], eastWest, got, 0, 0)
		}
	case ns == 60 || ns == 50 || ns == 40:
		v := (ns - 50) * 3 / 10
		row.IMP = &v
		if got, _, ok := r.number("IMP_NS"); ok {
			row.StatedIMP = &StatedValue{Value: got, Agrees: near(got, v, 0.0051)}
		}
		e.credit(row.ids[northSouth], northSouth, v, 0, 0)
		if ew == 60 || ew == 50 || ew == 40 {
			e.credit(row.ids[eastWest], eastWest, (ew-50)*3/10, 0, 0)
		}
	}
}

// adjustedText writes the marks of an adjusted score, as "A60/40", a side
// not given as "-".
func adjustedText(ns, ew float64) string {
	side := func(v float64) string {
		if v < 0 {
			return "-"
		}
		return trim(v)
	}
	return "A" + side(ns) + "/" + side(ew)
}

// round2 rounds to hundredths, as the numbers are shown.
func round2(x float64) float64 { return math.Round(x*100) / 100 }

func hasColumn(tr *Traveller, name string) bool {
	return slices.ContainsFunc(tr.Table.Columns, func(c record.Column) bool { return strings.EqualFold(c.Name, name) })
}

// credit adds points to the total of a pair that sat in side, on a board
// of the given top (0 in IMPs).
func (e *Event) credit(ids []string, side int, v, top, slack float64) {
	for _, pair := range ids {
		t := e.pairs.totals.at(pair, side)
		t.Pair = pair
		t.Total += v
		t.tops += top
		t.slack += slack
		t.Boards++
	}
}

// rounding is how far a row's points stated in col may be from v, their
// exact value: half the last digit the file writes them with where v has
// a fraction, nothing where it is whole.
func rounding(r *Row, col string, v float64) float64 {
	if v == math.Trunc(v) {
		return 0
	}
	if _, c, ok := r.number(col); ok {
		return unit(c.Text) / 2
	}
	return 0.005
}

// rowIDs returns who scored a traveller row's side (see scorers): its
// pair, or an individual event's two players, and how the row shows them
// ("7+27").
func rowIDs(who []scorer, r *Row, side int) ([]string, string) {
	var ids []string
	for _, w := range who {
		if c, ok := r.Column(w.id); ok && w.side == side {
			if id := strings.TrimSpace(c.Text); id != "" {
				ids = append(ids, id)
			}
		}
	}
	return ids, strings.Join(ids, "+")
}

// A MatchTotalSummary sums the sessions (LIN segments) of one match in a file.
type MatchTotalSummary struct {
	Kind     string    `json:"kind"` // "match"
	File     string    `json:"file"`
	Event    string    `json:"event"`
	Teams    [2]string `json:"teams"`
	Sessions []string  `json:"sessions"`
	// CarryOver is the first session's; Total is it plus the IMPs.
	CarryOver *[2]float64 `json:"carry_over,omitempty"`
	Total     [2]float64  `json:"total"`
	IMPs      [2]int      `json:"imps"`
	Played    int         `json:"played"`
	VPs       *[2]float64 `json:"vps,omitempty"`
	home      string      // as its first session's
}

// HomeFirst reports whether the home team is Teams[1], as for a session.
func (t *MatchTotalSummary) HomeFirst() bool { return t.home != "" && t.home == t.Teams[1] }

// victoryPoints returns the two teams' VPs for their IMPs over played
// boards, or nil when no board was played in both rooms or the teams are
// not named.
func victoryPoints(imps [2]int, played int, teams [2]string) *[2]float64 {
	if played == 0 || teams[0] == "" {
		return nil
	}
	margin := imps[0] - imps[1]
	return &[2]float64{VP(margin, played), VP(-margin, played)}
}

// EndFile returns what the file just read completes: its pairs event, if
// any, with the ranking. Its Boards are those TakeBoards did not give.
func (e *Event) EndFile() []any {
	var out []any
	if p := e.pairs; p != nil && p.taken+len(p.Boards) > 0 {
		out = append(out, p.rank())
	}
	e.pairs = nil
	return out
}

// TakeBoards returns the file's pairs event and the travellers recomputed
// since the last call, and lets those go: a caller that writes them as
// they come (score) holds the ranking's totals alone, where an event of
// thousands of boards and hundreds of rows each once held hundreds of
// megabytes until its file ended. The event is nil when the file has none
// so far; its Boards at EndFile are the ones not taken.
func (e *Event) TakeBoards() (*PairsSummary, []*TravellerSum) {
	p := e.pairs
	if p == nil || len(p.Boards) == 0 {
		return p, nil
	}
	boards := p.Boards
	p.Boards = nil
	p.taken += len(boards)
	return p, boards
}

// Flush returns, once the match boards held have reached MaxEventBoards,
// the matches held but the one being read (as Summaries), and lets them
// go, so that memory stays bounded however long the run or the file; nil
// before that.
func (e *Event) Flush() []any {
	if e.boards < MaxEventBoards {
		return nil
	}
	out := summarize(slices.DeleteFunc(e.order, func(ms *MatchSummary) bool { return ms == e.current }))
	if e.current != nil {
		e.hold(e.current)
	} else {
		e.hold()
	}
	return out
}

// hold makes matches the matches the Event holds.
func (e *Event) hold(matches ...*MatchSummary) {
	e.matches, e.order, e.boards = map[MatchKey]*MatchSummary{}, matches, 0
	for _, ms := range matches {
		e.matches[ms.key()] = ms
		e.boards += len(ms.Boards)
	}
}

// rank orders the pairs by their totals and compares the stated ones: in
// a Mitchell North–South and then East–West, each ranked on its own.
func (p *PairsSummary) rank() *PairsSummary {
	p.totals.resolve(func(into, from *PairTotal) {
		into.Total += from.Total
		into.Boards += from.Boards
		into.tops += from.tops
		into.slack += from.slack
	})
	fields := [][]*PairTotal{nil}
	if p.totals.merged != nil {
		for _, t := range p.totals.merged {
			fields[0] = append(fields[0], t)
		}
	} else {
		fields = append(fields, nil)
		for side, m := range p.totals.side {
			for _, t := range m {
				t.Direction = sideNames[side]
				fields[side] = append(fields[side], t)
			}
		}
	}
	// The stated totals, each beside the sum it should be: of the
	// matchpoints less half the top where most travellers write them so.
	centred := p.centredBoards > p.plainBoards
	want := func(t *PairTotal) float64 {
		if centred {
			return t.Total - t.tops/2
		}
		return t.Total
	}
	// IMPs written as the mean per board, and those of the pairs that
	// played fewer boards scaled to the boards of the pair that played
	// most (Pianola, Magic Contest), as the audit reads them: each decided
	// for the whole table.
	most := 0
	for _, field := range fields {
		for _, t := range field {
			if t.tops == 0 {
				most = max(most, t.Boards)
			}
		}
	}
	sums, means, n := 0, 0, 0
	short, fit, plain := 0, 0, 0
	for _, field := range fields {
		for _, t := range field {
			st, ok := p.statedTotal(t)
			if !ok || t.tops != 0 || t.Boards == 0 {
				continue
			}
			asSum := st.agrees(want(t), t.Boards, t.slack, false, 0)
			n++
			if asSum {
				sums++
			}
			if math.Abs(st.value-want(t)/float64(t.Boards)) <= precision(st.text) {
				means++
			}
			if t.Boards < most {
				short++
				if asSum {
					plain++
				}
				if st.agrees(want(t), t.Boards, t.slack, false, most) {
					fit++
				}
			}
		}
	}
	perBoard := means > sums && 4*means >= 3*n
	scaleTo := 0
	if fit > plain && 2*fit >= short {
		scaleTo = most
	}
	for _, field := range fields {
		for _, t := range field {
			if st, ok := p.statedTotal(t); ok {
				to := 0
				if t.tops == 0 {
					to = scaleTo
				}
				t.Stated = &StatedValue{Value: st.value, Agrees: st.agrees(want(t), t.Boards, t.slack, perBoard && t.tops == 0, to)}
			}
			t.Total = math.Round(t.Total*100) / 100
		}
		key := func(t *PairTotal) float64 { return t.Total }
		if !sameBoards(field) {
			// Pairs that played more boards would rank higher by their
			// total: a percentage or an average compares them.
			for _, t := range field {
				if t.tops > 0 {
					v := round2(100 * t.Total / t.tops)
					t.Percentage = &v
				} else if t.Boards > 0 {
					v := round2(t.Total / float64(t.Boards))
					t.PerBoard = &v
				}
			}
			key = func(t *PairTotal) float64 {
				switch {
				case t.Percentage != nil:
					return *t.Percentage
				case t.PerBoard != nil:
					return *t.PerBoard
				}
				return 0
			}
		}
		slices.SortFunc(field, func(a, b *PairTotal) int {
			return cmp.Or(cmp.Compare(key(b), key(a)), cmp.Compare(a.Pair, b.Pair))
		})
		for i, t := range field {
			t.Rank = i + 1
			if i > 0 && key(t) == key(field[i-1]) {
				t.Rank = field[i-1].Rank
			}
		}
		p.Ranking = append(p.Ranking, field...)
	}
	return p
}

// sameBoards reports whether every pair of a field played as many boards.
func sameBoards(field []*PairTotal) bool {
	for _, t := range field {
		if t.Boards != field[0].Boards {
			return false
		}
	}
	return true
}

// statedTotal is the total the file's total table states for t: by its
// direction in a Mitchell, where the table says directions.
func (p *PairsSummary) statedTotal(t *PairTotal) (statedTotal, bool) {
	sides := []int{-1, northSouth, eastWest} // one field: the pair's row, whatever it says
	if t.Direction != "" {
		sides = []int{slices.Index(sideNames[:], t.Direction), -1}
	}
	for _, side := range sides {
		if st, ok := p.stated[statedKey{t.Pair, side}]; ok {
			// A file of one session of several: its boards are the
			// session's, which its session total counts.
			if st.session != nil && st.session.boards == t.Boards && st.whole.boards != t.Boards {
				return *st.session, true
			}
			if st.whole.text != "" {
				return st.whole, true
			}
		}
	}
	return statedTotal{}, false
}

// statedTotals is what a total table states of a pair: its total over
// the event, and over the session the file holds, where it says.
type statedTotals struct {
	whole   statedTotal
	session *statedTotal
}

// statedTotal is a total as written, and the boards it counts (0 when the
// table does not say).
type statedTotal struct {
	value  float64
	text   string
	boards int
}

// agrees reports whether the stated total is want, the exact sum over a
// pair's boards played, within half its last digit and slack, how far
// the rows as the file writes them may be from the exact ones (as the
// audit holds a total to its rows): as it is; as the mean per board,
// where perBoard (Ruter's IMPs); or scaled to the boards the table says
// the pair had, or to scaleTo, where it sat some out (Magic Contest's
// bye, Pianola's).
func (st statedTotal) agrees(want float64, played int, slack float64, perBoard bool, scaleTo int) bool {
	scaled := func(boards int) bool {
		r := float64(boards) / float64(played)
		return boards > played && played > 0 && math.Abs(st.value-want*r) <= precision(st.text)+slack*r
	}
	switch {
	case math.Abs(st.value-want) <= precision(st.text)+slack:
	case perBoard && played > 0 && math.Abs(st.value-want/float64(played)) <= precision(st.text)+slack/float64(played):
	case scaled(st.boards), scaled(scaleTo):
	default:
		return false
	}
	return true
}

// Summaries returns the matches held, each session in the order they
// began and, for a match of several sessions, its total after its last,
// and lets them go. Call it after the last file's EndFile.
func (e *Event) Summaries() []any {
	out := summarize(e.order)
	e.hold()
	e.current = nil
	return out
}

// summarize returns the summaries of matches, as Summaries.
func summarize(matches []*MatchSummary) []any {
	var out []any
	// The sessions of a match are summed up together when they begin
	// in one file.
	type match struct {
		key  MatchKey // without the session
		file string
	}
	of := func(ms *MatchSummary) match {
		k := ms.key()
		k.Session = ""
		return match{k, ms.File}
	}
	totals := map[match]*MatchTotalSummary{}
	last := map[match]int{} // the last session of each match, by index in matches
	for i, ms := range matches {
		last[of(ms)] = i
	}
	for i, ms := range matches {
		ms.VPs = victoryPoints(ms.IMPs, ms.Played, ms.Teams)
		out = append(out, ms)
		mk := of(ms)
		t := totals[mk]
		if t == nil {
			t = &MatchTotalSummary{Kind: "match", File: ms.File, Event: ms.Event, Teams: ms.Teams, CarryOver: ms.CarryOver, home: ms.home}
			if ms.CarryOver != nil {
				t.Total = *ms.CarryOver
			}
			totals[mk] = t
		}
		t.Sessions = append(t.Sessions, ms.Session)
		t.IMPs[0] += ms.IMPs[0]
		t.IMPs[1] += ms.IMPs[1]
		t.Total[0] += float64(ms.IMPs[0])
		t.Total[1] += float64(ms.IMPs[1])
		t.Played += ms.Played
		if last[mk] == i && len(t.Sessions) > 1 {
			t.VPs = victoryPoints(t.IMPs, t.Played, t.Teams)
			out = append(out, t)
		}
	}
	return out
}
