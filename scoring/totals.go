package scoring

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/record"
)

// A Contribution is what one pair scored on one board by its traveller:
// IMPs, matchpoints and percentage, each when the row gives it.
type Contribution struct {
	Pair         string
	Side         int    // the pair's direction: northSouth or eastWest
	Other        string // the pair it played against
	IMP, MP, Pct float64
	Has          [3]bool // IMP, MP, Pct
	// Comparisons is, on a board scored in cross-IMPs, the number of
	// other scores of its traveller, which a total may be the mean over.
	Comparisons int
	// Top is the board's top in matchpoints, the row's MP_NS and MP_EW
	// added up, when it states both (HasTop): a pair's percentage over
	// the boards is its matchpoints over their tops where the rows state
	// no percentages (USEBIO).
	Top    float64
	HasTop bool
	// Slack is, for IMP, MP and Pct, how far the value as written may be
	// from the one the program added up: half its last digit where it was
	// rounded, nothing where it is exact. A percentage is rounded, and so
	// is a bye's or an adjusted score's share of an average, however it
	// reads; IMPs or matchpoints are when some value of the board's
	// traveller has a fraction (a board scaled by Neuberg, cross-IMPs
	// divided by the comparisons), and exact when all are whole.
	Slack [3]float64
}

// Contributions reads what each pair of a board's traveller scored: the
// North–South pair (PairId_NS) its _NS columns, the East–West pair its
// _EW ones.
func Contributions(b *record.Board) []Contribution {
	tr := ReadTraveller(b, false)
	if tr == nil {
		return nil
	}
	var out []Contribution
	scores := 0 // a cross-IMP board's scores
	if m, _ := ParseMethod(b.Scoring.Value); m.CrossIMPs() {
		for i := range tr.Rows {
			if r := &tr.Rows[i]; r.ScoreKnown && !r.Artificial && !r.Blank {
				scores += r.Count
			}
		}
	}
	var fraction [3]bool // some value of a result in the column has a fraction
	for i := range tr.Rows {
		if tr.Rows[i].Bye || tr.Rows[i].Artificial {
			continue
		}
		for k, col := range []string{"IMP_", "MP_", "Percentage_"} {
			for _, side := range sideNames {
				if v, _, ok := tr.Rows[i].number(col + side); ok && v != math.Trunc(v) {
					fraction[k] = true
				}
			}
		}
	}
	who := scorers(tr)
	for i := range tr.Rows {
		r := &tr.Rows[i]
		var ids [2]string
		for k, side := range sideNames {
			if id, ok := r.Column("PairId_" + side); ok {
				ids[k] = strings.TrimSpace(id.Text)
			}
		}
		for _, who := range who {
			id, ok := r.Column(who.id)
			if !ok {
				continue
			}
			k := who.side
			c := Contribution{Pair: strings.TrimSpace(id.Text), Side: k, Comparisons: max(scores-1, 0)}
			if who.id == "PairId_"+sideNames[k] {
				c.Other = ids[1-k]
			}
			ns, _, okNS := r.number("MP_NS")
			ew, _, okEW := r.number("MP_EW")
			c.Top, c.HasTop = ns+ew, okNS && okEW
			for k, col := range []string{"IMP_", "MP_", "Percentage_"} {
				if v, cell, ok := r.number(col + who.suffix); ok {
					// A percentage is rounded unless it is its row's
					// matchpoints over the top exactly (50 for 1 of 2).
					exactPct := k == 2 && c.HasTop && c.Top > 0 && c.Has[1] && near(v, 100*c.MP/c.Top, 1e-9)
					if k == 2 && !exactPct || fraction[k] || r.Bye || r.Artificial {
						c.Slack[k] = unit(cell.Text) / 2
					}
					switch k {
					case 0:
						c.IMP = v
					case 1:
						c.MP = v
					case 2:
						c.Pct = v
					}
					c.Has[k] = true
				}
			}
			out = append(out, c)
		}
	}
	return out
}

// A scorer is a column of a traveller's rows that names who scored a
// side's points, the suffix of the points' columns and the side.
type scorer struct {
	id, suffix string
	side       int
}

// scorers returns the columns of a traveller that name who scored its
// rows' points: its pairs', where it has PairId columns (a pairs event
// may list its players too), else an individual event's players'.
func scorers(tr *Traveller) []scorer {
	if hasColumn(tr, "PairId_NS") || hasColumn(tr, "PairId_EW") {
		return []scorer{{"PairId_NS", "NS", northSouth}, {"PairId_EW", "EW", eastWest}}
	}
	var out []scorer
	for _, p := range []struct {
		seat, short string
		side        int
	}{{"North", "N", northSouth}, {"South", "S", northSouth}, {"East", "E", eastWest}, {"West", "W", eastWest}} {
		// Each player's points, or his side's where the rows give only
		// those (USEBIO's lines).
		suffix := sideNames[p.side]
		for _, col := range []string{"MP_", "Percentage_", "IMP_"} {
			if hasColumn(tr, col+p.seat) {
				suffix = p.seat
			}
		}
		for _, id := range []string{"PlayerId_" + p.seat, "PlayerId_" + p.short} {
			if hasColumn(tr, id) {
				out = append(out, scorer{id, suffix, p.side})
				break
			}
		}
	}
	return out
}

// checkRanks checks the Rank column of a total table whose every row's
// total was checked: the pairs ranked by the table's own totals, a tie
// sharing the best rank (RankTie, where given, the worst). A table may
// rank each direction on its own: a rank is accepted in either reading.
func (t *Totals) checkRanks(tb *totalTable) []diag.Diagnostic {
	sc := tb.scope
	type ranked struct {
		r     *TotalRow
		total float64
		truth float64 // the total the travellers give; total where they do not give it all
		dir   int
	}
	var rows []ranked
	for i := range tb.rows {
		r := &tb.rows[i]
		s := t.sums.get(r.Pair, r.Side)
		if r.section || !r.matches && (s == nil || sc.boards(r) == 0 || s.boards != sc.boards(r)) {
			return nil // not every row checked, or one section's: the ranking may count pairs the table does not show
		}
		row := Row{Cells: r.Cells}
		total, ok, name := 0.0, false, ""
		for _, name = range sc.totals {
			if total, _, ok = row.number(name); ok {
				break
			}
		}
		if !ok {
			return nil
		}
		truth := total
		switch k, ok := sc.columns[strings.ToLower(name)]; {
		case s == nil: // a team's points in its matches: as stated
		case ok && k < 3 && s.has[k] == s.boards:
			truth = s.sum[k]
		case ok && k >= 3 && s.has[k-3] == s.boards:
			truth = s.sum[k-3] / float64(s.boards)
		}
		dir := r.Side
		if ns, ew := t.sums.side[northSouth][r.Pair] != nil, t.sums.side[eastWest][r.Pair] != nil; dir < 0 && t.sums.merged == nil && ns != ew {
			// A Mitchell's table that gives no Direction may still rank
			// each direction apart: the travellers say where each sat.
			dir = eastWest
			if ns {
				dir = northSouth
			}
		}
		rows = append(rows, ranked{r, total, truth, dir})
	}
	// A wrong total may be a slip in the total alone, the ranking made
	// from the right one: a rank is right by either.
	rankBy := func(i int, sameDir, truth bool) (best, worst int) {
		best, worst = 1, 0
		of := func(r ranked) float64 {
			if truth {
				return r.truth
			}
			return r.total
		}
		for j := range rows {
			if sameDir && rows[j].dir != rows[i].dir {
				continue
			}
			if of(rows[j]) > of(rows[i]) {
				best++
			}
			if of(rows[j]) >= of(rows[i]) {
				worst++
			}
		}
		return best, worst
	}
	rankOf := func(i int, sameDir bool) (best, worst int) { return rankBy(i, sameDir, false) }
	tiebreak := len(rows) > 0 && slices.ContainsFunc(rows[0].r.Cells.Columns, func(c record.Column) bool {
		return strings.Contains(strings.ToLower(c.Name), "tiebreak")
	})
	var out []diag.Diagnostic
	for i := range rows {
		row := Row{Cells: rows[i].r.Cells}
		got, c, ok := row.number(sc.rank)
		if !ok {
			continue
		}
		b1, w1 := rankOf(i, false)
		b2, w2 := rankOf(i, true)
		b3, _ := rankBy(i, false, true)
		b4, _ := rankBy(i, true, true)
		if int(got) == b1 || int(got) == b2 || int(got) == b3 || int(got) == b4 {
			if tie, tc, ok := row.number("RankTie"); ok && sc == wholeScope {
				if int(tie) != w1 && int(tie) != w2 {
					d := tb.at
					d.Code, d.Severity, d.Span = diag.TotalMismatch, diag.Warning, diag.Span{Pos: tc.Loc}
					d.Message = fmt.Sprintf("%s: RankTie %s, but %s %ss score as much or more", rows[i].r.who(), tc.Text, trim(float64(w1)), rows[i].r.kind)
					out = append(out, d)
				}
			}
			continue
		}
		// A table with a tiebreak column (Magic Contest writes one)
		// ranks pairs of the same total in turn by it: any place the tie
		// spans is theirs. Without one, a tie shares its best place.
		if g := int(got); tiebreak && (b1 <= g && g <= w1 || b2 <= g && g <= w2) {
			continue
		}
		d := tb.at
		d.Code, d.Severity, d.Span = diag.TotalMismatch, diag.Warning, diag.Span{Pos: c.Loc}
		d.Message = fmt.Sprintf("%s: %s %s, but its total %s ranks it %d", rows[i].r.who(), sc.rank, c.Text, trim(rows[i].total), b1)
		out = append(out, d)
	}
	return out
}

// A TotalRow is one pair's row of a TotalScoreTable.
type TotalRow struct {
	Pair     string
	Side     int // as its Direction column says; -1 where it says none
	NrBoards int // 0 when the table does not say
	// NrSession is the boards of the session its Session columns count
	// (NrBoardsSession, as Magic Contest writes it); 0 when not given.
	NrSession int
	Cells     Cells
	complete  bool // the table's Complete
	// player is set for an individual event's row (PlayerId), whose
	// total bridgekit adds up only where the travellers name the players
	// (PlayerId_North…).
	player bool
	// section is set for a table of one section of several, whose ranks
	// may be places in the whole field (see record.Board.Sections).
	section bool
	// kind is what the row's id names: "pair", "team" or "player".
	kind string
	// matches is set for a row whose total is its team's points in its
	// matches (record.Table.Matches), which MatchTotals checks and counts:
	// here only its rank is held to the totals as the table states them.
	matches bool
}

// who names the row's pair, team or player.
func (r *TotalRow) who() string { return r.kind + " " + r.Pair }

// ReadTotals reads a board's TotalScoreTable, if it has one.
func ReadTotals(b *record.Board) []TotalRow {
	var out []TotalRow
	for i := range b.Tables {
		tb := &b.Tables[i]
		if tb.Tag.Name != "TotalScoreTable" {
			continue
		}
		for _, cells := range tb.Rows {
			if len(cells) != len(tb.Columns) {
				continue
			}
			r := Row{Cells: Cells{tb.Columns, cells}}
			// A pair's row, a team's (Ruter writes TeamId) or a
			// player's: its numbers are stated all the same.
			var id record.Cell
			ok, idName := false, ""
			for _, idName = range []string{"PairId", "TeamId", "PlayerId"} {
				if id, ok = r.Column(idName); ok {
					break
				}
			}
			if !ok {
				continue
			}
			t := TotalRow{Pair: strings.TrimSpace(id.Text), Side: -1, Cells: r.Cells, player: idName == "PlayerId",
				kind: strings.ToLower(strings.TrimSuffix(idName, "Id"))}
			if c, ok := r.Column("Direction"); ok {
				t.Side = sideOf(c.Text)
			}
			if n, _, ok := r.number("NrBoards"); ok && n == math.Trunc(n) {
				t.NrBoards = int(n)
			}
			if n, _, ok := r.number("NrBoardsSession"); ok && n == math.Trunc(n) {
				t.NrSession = int(n)
			}
			t.complete, t.section, t.matches = tb.Complete, b.Sections > 1, tb.Matches
			out = append(out, t)
		}
	}
	return out
}

// Totals adds up a file's travellers pair by pair, to check the file's
// TotalScoreTable against them.
type Totals struct {
	// Coverage accounts for the numbers of the file's total table, as
	// Check leaves them.
	Coverage diag.Ledger
	// Repairs are the totals Check found wrong, with the value the
	// travellers give: only where the file holds every board of the pair,
	// as its NrBoards says.
	Repairs []TotalRepair
	sums    bySide[pairSum]
	tables  []totalTable
	// past counts the numbers of the tables beyond maxTotalTables, which
	// are not held.
	past int
}

// A totalTable is the rows of one total table of the file, and its place
// as a finding's.
type totalTable struct {
	rows  []TotalRow
	at    diag.Diagnostic
	scope *totalScope
}

// A totalScope is what one set of a total table's columns adds up: the
// whole of the pairs' boards (Rank, NrBoards, the totals), or one session
// of them (SessionRank, NrBoardsSession, the Session totals), which a
// file of that session's boards can check.
type totalScope struct {
	count   string              // the column of the number of boards
	rank    string              // the column of the rank
	columns map[string]int      // the total columns, as totalColumns, by name in lower case
	totals  []string            // the total columns a ranking reads, in order of preference
	boards  func(*TotalRow) int // the number of boards the row says
}

var (
	wholeScope = &totalScope{
		count: "NrBoards", rank: "Rank", columns: totalColumns,
		totals: []string{"TotalScoreIMP", "TotalIMP", "TotalMP", "TotalScoreMP", "TotalPercentage", "TotalScore", "MP", "IMP"},
		boards: func(r *TotalRow) int { return r.NrBoards },
	}
	sessionScope = &totalScope{
		count: "NrBoardsSession", rank: "SessionRank",
		columns: map[string]int{"sessionscoreimp": 0, "sessionimp": 0, "sessionscoremp": 1, "sessionmp": 1, "sessionpercentage": 5},
		totals:  []string{"SessionScoreIMP", "SessionIMP", "SessionScoreMP", "SessionMP", "SessionPercentage"},
		boards:  func(r *TotalRow) int { return r.NrSession },
	}
)

// owns reports whether the column, named in lower case, is one of the
// scope's.
func (sc *totalScope) owns(name string) bool {
	_, total := sc.columns[name]
	return total || name == strings.ToLower(sc.count) || name == strings.ToLower(sc.rank)
}

// maxTotalTables bounds the total tables of a file that are held until
// its end to be checked: a file may rank its pairs after each session, or
// a program write the table in every game, and a file of any size must be
// read in bounded memory. The numbers of the tables past it are counted
// unchecked.
const maxTotalTables = 32

type pairSum struct {
	boards int
	sum    [3]float64
	has    [3]int
	// comparisons adds up the boards' other scores (Contribution), for a
	// cross-IMP total written as the mean per comparison.
	comparisons int
	tops        float64 // the boards' tops, where hasTop of them give one
	hasTop      int
	unequal     bool       // the tops differ from board to board
	slack       [3]float64 // the Slack of the values summed
}

// reading returns what a pair's total of column k (see totalColumns),
// written as text, should be by the rows the file's travellers give it,
// what that is, and how far the total may be from it: as far as the rows,
// as written, from what the program added up, and half its own last
// digit. It is false when the rows do not give every board.
func (s *pairSum) reading(k int, text string) (want float64, what string, slack float64, ok bool) {
	slack = precision(text)
	switch {
	case k == 5 && s.has[2] == s.boards && s.has[1] == s.boards && s.hasTop == s.boards && s.tops > 0 && !s.unequal:
		// Every board of one top: the mean percentage is the matchpoints
		// over the tops, which the rows' rounded percentages only come
		// near (the mean of them is accepted beside it).
		return 100 * s.sum[1] / s.tops, "matchpoints as a percentage of the tops", slack + 100*s.slack[1]/s.tops, true
	case k < 3 && s.has[k] == s.boards:
		return s.sum[k], "sum", slack + s.slack[k], true
	case k >= 3 && s.has[k-3] == s.boards:
		return s.sum[k-3] / float64(s.boards), "mean", slack + s.slack[k-3]/float64(s.boards), true
	case s.pctFromMP(k):
		return 100 * s.sum[1] / s.tops, "matchpoints as a percentage of the tops", slack + 100*s.slack[1]/s.tops, true
	}
	return 0, "", 0, false
}

// NewTotals returns an empty Totals.
func NewTotals() *Totals { return &Totals{} }

// Add adds a board's contributions, and its total table's rows, if any,
// placed at at.
func (t *Totals) Add(cs []Contribution, rows []TotalRow, at diag.Diagnostic) {
	for _, c := range cs {
		if c.Side == northSouth {
			t.sums.met(c.Pair, c.Other)
		}
		s := t.sums.at(c.Pair, c.Side)
		s.boards++
		s.comparisons += c.Comparisons
		if c.HasTop {
			s.unequal = s.unequal || s.hasTop > 0 && !near(c.Top*float64(s.hasTop), s.tops, 1e-6)
			s.tops += c.Top
			s.hasTop++
		}
		for k, v := range [3]float64{c.IMP, c.MP, c.Pct} {
			if c.Has[k] {
				s.sum[k] += v
				s.slack[k] += c.Slack[k]
				s.has[k]++
			}
		}
	}
	switch {
	case len(rows) == 0:
	case len(t.tables) < maxTotalTables:
		t.tables = append(t.tables, totalTable{rows, at, wholeScope})
		if slices.ContainsFunc(rows, func(r TotalRow) bool { return r.NrSession > 0 }) {
			t.tables = append(t.tables, totalTable{rows, at, sessionScope})
		}
	default:
		for _, r := range rows {
			for j, col := range r.Cells.Columns {
				if j < len(r.Cells.Row) && !identity(strings.ToLower(col.Name)) {
					if _, _, ok := (&Row{Cells: r.Cells}).number(col.Name); ok {
						t.past++
					}
				}
			}
		}
	}
}

// totalColumns maps the columns of a total table to what they add up:
// the sum of IMPs or matchpoints (0, 1), or the mean IMP, matchpoints or
// percentage (3 + k).
var totalColumns = map[string]int{
	"totalscoreimp": 0, "totalimp": 0, "imp": 0, "imps": 0,
	"totalmp": 1, "mp": 1, "totalscoremp": 1,
	"meanimp": 3, "meanmp": 4, "totalpercentage": 5, "percentage": 5, "meanpercentage": 5,
}

// Check compares each row of each of the file's total tables with the
// sums of the pair's travellers: for a pair whose number of boards
// (NrBoards) is the number of boards the file's travellers give it, so
// that a file holding only some of an event's boards is not held to its
// totals.
func (t *Totals) Check() []diag.Diagnostic {
	var out []diag.Diagnostic
	t.sums.resolve(func(into, from *pairSum) {
		// The two directions' tops differ when their means do.
		into.unequal = into.unequal || from.unequal || into.hasTop > 0 && from.hasTop > 0 &&
			!near(into.tops*float64(from.hasTop), from.tops*float64(into.hasTop), 1e-6)
		into.boards += from.boards
		into.comparisons += from.comparisons
		into.tops += from.tops
		into.hasTop += from.hasTop
		for k := range into.sum {
			into.sum[k] += from.sum[k]
			into.slack[k] += from.slack[k]
			into.has[k] += from.has[k]
		}
	})
	for i := 0; i < len(t.tables); {
		// A table and its session view are one table to the reader: it
		// is unchecked only when neither view checked a number of it.
		tb := &t.tables[i]
		var l diag.Ledger
		for ; i < len(t.tables) && &t.tables[i].rows[0] == &tb.rows[0]; i++ {
			out = append(out, t.checkTable(&t.tables[i], &l)...)
		}
		t.Coverage.Merge(&l)
		if why, any := l.Most(); any && l.Checked() == 0 && len(tb.rows[0].Cells.Row) > 0 {
			d := tb.at
			d.Code, d.Severity, d.Span = diag.UncheckedNumbers, diag.Warning, diag.Span{Pos: tb.rows[0].Cells.Row[0].Loc}
			explain := why.Explain()
			if why == diag.FieldIncomplete && !slices.ContainsFunc(tb.rows, func(r TotalRow) bool { return tb.scope.boards(&r) > 0 || r.complete }) {
				explain = fmt.Sprintf("the table does not say how many boards each %s played (%s), so the file's travellers may not be all of them", tb.rows[0].kind, tb.scope.count)
			}
			d.Message = fmt.Sprintf("none of the total table's %d numbers is checked: %s (%s)", l.Stated(), explain, why)
			out = append(out, d)
		}
	}
	t.Coverage.Skip(diag.NotRecomputed, t.past)
	return out
}

// impTotals calls f with the sums and the IMP total, as written, of each
// pair of the table whose boards the file holds, each with its IMPs.
func (t *Totals) impTotals(tb *totalTable, f func(s *pairSum, got float64, text string)) {
	for i := range tb.rows {
		r := &tb.rows[i]
		s := t.sums.get(r.Pair, r.Side)
		if s == nil || s.boards == 0 || tb.scope.boards(r) != s.boards || s.has[0] != s.boards {
			continue
		}
		row := Row{Cells: r.Cells}
		for _, col := range r.Cells.Columns {
			if k, ok := tb.scope.columns[strings.ToLower(col.Name)]; ok && k == 0 {
				if got, c, ok := row.number(col.Name); ok {
					f(s, got, c.Text)
				}
			}
		}
	}
}

// scaledFits reports whether an IMP total got, written as text, is the
// pair's sum scaled by ratio (1: the sum), within the total's own last
// digit and the rows' rounding so scaled.
func (s *pairSum) scaledFits(got float64, text string, ratio float64) bool {
	return math.Abs(got-s.sum[0]*ratio) <= precision(text)+s.slack[0]*ratio
}

// perBoard reports whether a total table writes its pairs' IMPs as the
// mean per board (Ruter i Norge's Butler totals): more of its totals fit
// that reading than the sum, and three in four do. A table decides it
// once, so that a wrong total does not pass as the other reading.
func (t *Totals) perBoard(tb *totalTable) bool {
	sum, mean, rows := 0, 0, 0
	t.impTotals(tb, func(s *pairSum, got float64, text string) {
		rows++
		if s.scaledFits(got, text, 1) {
			sum++
		}
		if asWritten(text, got, s.sum[0]/float64(s.boards)) {
			mean++
		}
	})
	return mean > sum && 4*mean >= 3*rows
}

// scaledIMPs returns the boards the pair that played most played, and
// whether the table writes the IMP totals of the pairs that played fewer
// scaled to that many (Pianola, Magic Contest): more of them fit that
// reading than the sum, and half at least (a pair's total may hold an
// adjustment the file does not show). A table decides it once, as
// perBoard.
func (t *Totals) scaledIMPs(tb *totalTable) (most int, scaled bool) {
	for i := range tb.rows {
		if s := t.sums.get(tb.rows[i].Pair, tb.rows[i].Side); s != nil {
			most = max(most, s.boards)
		}
	}
	sum, fit, rows := 0, 0, 0
	t.impTotals(tb, func(s *pairSum, got float64, text string) {
		if s.boards >= most {
			return
		}
		rows++
		if s.scaledFits(got, text, 1) {
			sum++
		}
		if s.scaledFits(got, text, float64(most)/float64(s.boards)) {
			fit++
		}
	})
	return most, fit > sum && 2*fit >= rows
}

// checkTable checks one view of a total table against the sums, and
// counts its numbers on l.
func (t *Totals) checkTable(tb *totalTable, l *diag.Ledger) []diag.Diagnostic {
	var out []diag.Diagnostic
	sc := tb.scope
	// A table whose file holds every board of its pairs by its format
	// needs no NrBoards to say so.
	for i := range tb.rows {
		r := &tb.rows[i]
		if s := t.sums.get(r.Pair, r.Side); sc == wholeScope && r.NrBoards == 0 && r.complete && s != nil {
			r.NrBoards = s.boards
		}
	}
	perBoard := t.perBoard(tb)
	most, scaled := t.scaledIMPs(tb)
	// A file that holds every board of the event gives most pairs the
	// number of boards its table says; then a pair whose number differs
	// is a wrong count, not a board the file leaves out.
	agree, counted := 0, 0
	for i := range tb.rows {
		r := &tb.rows[i]
		if s := t.sums.get(r.Pair, r.Side); s != nil && sc.boards(r) > 0 {
			counted++
			if s.boards == sc.boards(r) {
				agree++
			}
		}
	}
	for i := range tb.rows {
		r := &tb.rows[i]
		s, n := t.sums.get(r.Pair, r.Side), sc.boards(r)
		if s != nil && n > 0 && s.boards != n && agree >= 2 && 2*agree > counted {
			c, _ := r.Cells.Get(sc.count)
			d := tb.at
			d.Code, d.Severity, d.Span = diag.TotalMismatch, diag.Warning, diag.Span{Pos: c.Loc}
			d.Message = fmt.Sprintf("%s: %s %d, but the file's travellers give it %d boards, where they give %d of the table's %d %ss the number it says", r.who(), sc.count, n, s.boards, agree, counted, r.kind)
			out = append(out, d)
		}
		if s == nil || n == 0 || s.boards != n {
			continue
		}
		// The columns in the order of their names, as findings come.
		order := make([]int, len(r.Cells.Row))
		for j := range order {
			order[j] = j
		}
		slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(r.Cells.Columns[a].Name, r.Cells.Columns[b].Name) })
		for _, j := range order {
			name, c := r.Cells.Columns[j].Name, r.Cells.Row[j]
			k, ok := sc.columns[strings.ToLower(name)]
			if !ok {
				continue
			}
			want, what, slack, ok := s.reading(k, c.Text)
			if !ok {
				continue
			}
			got, _, ok := (&Row{Cells: r.Cells}).number(name)
			if !ok || math.Abs(got-want) <= slack {
				continue
			}
			if k == 5 && s.has[2] == s.boards && math.Abs(got-s.sum[2]/float64(s.boards)) <= precision(c.Text)+s.slack[2]/float64(s.boards) {
				continue // the mean of the rows' percentages, as some programs make it
			}
			if k == 0 && perBoard && asWritten(c.Text, got, want/float64(s.boards)) {
				continue // IMPs, the mean per board (Ruter i Norge's Butler total)
			}
			if k == 0 && scaled && most > s.boards && s.scaledFits(got, c.Text, float64(most)/float64(s.boards)) {
				// IMPs scaled to the boards the other pairs played,
				// for a pair that sat some out (Pianola, Magic Contest).
				continue
			}
			shown := trim(want)
			if unit(c.Text) < 0.01 {
				shown = decimalsOf(c.Text, want) // as many decimals as the total
			}
			msg := fmt.Sprintf("%s: %s %s, but the %s over its %d boards in the file's travellers is %s", r.who(), name, c.Text, what, s.boards, shown)
			if k == 0 && s.comparisons > 0 {
				mean := want / float64(s.comparisons)
				if asWritten(c.Text, got, mean) {
					continue // cross-IMPs, the mean per comparison (Ruter's total)
				}
				// Two readings, neither of them the file's: no repair
				// can say which one it means.
				msg += fmt.Sprintf(", and its mean over the %d comparisons %s", s.comparisons, trim(math.Round(mean*100)/100))
			} else {
				t.Repairs = append(t.Repairs, TotalRepair{At: tb.at, Cell: c, Text: decimalsOf(c.Text, want), Evidence: msg})
			}
			d := tb.at
			d.Code, d.Severity, d.Span = diag.TotalMismatch, diag.Warning, diag.Span{Pos: c.Loc}
			d.Message = msg
			out = append(out, d)
		}
	}
	out = append(out, t.checkRanks(tb)...)
	t.count(tb, out, l)
	return out
}

// count accounts for the numbers of table tb on l, after Check: a
// total, NrBoards or Rank a finding is placed at is flagged; one whose
// pair's travellers the file holds, all of them, agrees; the others are
// unchecked.
func (t *Totals) count(tb *totalTable, found []diag.Diagnostic, l *diag.Ledger) {
	flagged := map[int]bool{}
	for _, d := range found {
		flagged[d.Offset] = true
	}
	sc := tb.scope
	count, rank := strings.ToLower(sc.count), strings.ToLower(sc.rank)
	sessions := sc == wholeScope && slices.ContainsFunc(tb.rows, func(r TotalRow) bool { return r.NrSession > 0 })
	ranked := true // checkRanks ran: every row's total was checked
	for i := range tb.rows {
		r := &tb.rows[i]
		s := t.sums.get(r.Pair, r.Side)
		ranked = ranked && !r.section && (r.matches || s != nil && sc.boards(r) > 0 && s.boards == sc.boards(r))
	}
	for i := range tb.rows {
		r := &tb.rows[i]
		s := t.sums.get(r.Pair, r.Side)
		why, unchecked := diag.FieldIncomplete, false
		switch {
		case r.player && s == nil:
			why, unchecked = diag.NotRecomputed, true // the travellers name no players
		case s == nil && r.Side < 0 && t.sums.merged == nil && t.sums.side[northSouth][r.Pair] != nil && t.sums.side[eastWest][r.Pair] != nil:
			why, unchecked = diag.PairsAmbiguous, true
		case s == nil, sc.boards(r) == 0, s.boards != sc.boards(r):
			unchecked = true // the file holds some of the pair's boards, or the table does not say how many
		}
		row := Row{Cells: r.Cells}
		for j, col := range r.Cells.Columns {
			name := strings.ToLower(col.Name)
			k, total := sc.columns[name]
			c, ok := row.Column(col.Name)
			if !ok || j >= len(r.Cells.Row) || identity(name) || r.matches && total {
				continue // a team's points in its matches: MatchTotals counts them
			}
			// The session's columns are the session view's to count,
			// and that view counts no other.
			if sessions && sessionScope.owns(name) || sc != wholeScope && !sc.owns(name) {
				continue
			}
			_, _, readable := row.number(col.Name)
			switch {
			case !total && name != count && name != rank:
				// A number bridgekit does not add up (a session's
				// score, a tiebreak, masterpoints): stated, and said
				// to be unchecked, not passed over.
				if readable {
					l.Skip(diag.NotRecomputed, 1)
				}
			case !readable:
				l.Skip(diag.CellUnreadable, 1)
			case flagged[c.Loc.Offset]:
				l.Flag(1)
			case name == count && s != nil && s.boards == sc.boards(r):
				l.Agree(1)
			case name == rank && ranked:
				l.Agree(1)
			case r.player && s == nil && (name == rank || name == count):
				l.Skip(diag.NotRecomputed, 1)
			case name == rank || name == count:
				l.Skip(diag.FieldIncomplete, 1)
			case unchecked || k < 3 && s.has[k] != s.boards || k >= 3 && s.has[k-3] != s.boards && !s.pctFromMP(k):
				l.Skip(why, 1)
			default:
				l.Agree(1)
			}
		}
	}
}

// pctFromMP reports whether a pair's percentage, column kind k of
// totalColumns, is its matchpoints over the tops of its boards: every
// board gives its matchpoints and its top, and none its percentage.
func (s *pairSum) pctFromMP(k int) bool {
	return k == 5 && s.has[2] == 0 && s.has[1] == s.boards && s.hasTop == s.boards && s.tops > 0
}

// identity reports whether a total table's column, named in lower case,
// says whose row it is (a pair's or team's number, its direction, its
// players' names) rather than a number it scored.
func identity(name string) bool {
	switch name {
	case "pairid", "teamid", "playerid", "direction", "names", "section", "multiplicity", "nationalids", "clubids", "masterpointtype":
		return true
	}
	return strings.HasSuffix(name, "id") || strings.Contains(name, "name")
}

// A TotalRepair is a total of a TotalScoreTable that the file's travellers
// prove wrong: the cell, the value to write there in the cell's form, and
// the evidence. At is the place of the table's board, as its findings'.
type TotalRepair struct {
	At       diag.Diagnostic
	Cell     record.Cell
	Text     string
	Evidence string
}

// decimalsOf writes v with as many decimals as old has ("1449.8" → one),
// and with a decimal comma if old had one.
func decimalsOf(old string, v float64) string {
	t := strings.TrimSpace(old)
	comma := strings.Contains(t, ",")
	n := 0
	if i := strings.IndexAny(t, ".,"); i >= 0 {
		n = len(t) - i - 1
	}
	s := strconv.FormatFloat(v, 'f', n, 64)
	if comma {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}
