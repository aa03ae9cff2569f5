package scoring

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/decimal"
	"github.com/bridgekit/bridgekit/record"
)

// A Row is one row of a board's traveller (ScoreTable) as read.
type Row struct {
	N     int // 1-based, in the table's order
	Loc   diag.Pos
	Cells Cells // by column name, as the table names them

	// The row's result, when Contract, Declarer and Result give it.
	Contract      auction.Contract
	Tricks        int
	ContractKnown bool
	// NS is the row's score for North–South from Score_NS or Score_EW,
	// when ScoreKnown; Count its Multiplicity (1 when not given).
	NS         int
	ScoreKnown bool
	Count      int
	Artificial bool // a row that says it is an adjusted score, not a result
	// Blank is a row that gives no contract, result, score or mark at
	// all ("- - - - -"): a table that did not play the board, or whose
	// result was never entered. It is left out of the scoring.
	Blank bool
	// Bye is a row of a pair that sat the board out, "Bye" in its score
	// columns (as Ruter writes it): left out of the scoring as a blank
	// row is; what it is awarded, the regulation sets.
	Bye bool
	// Unread names the cell of the row's contract, declarer or result
	// that is given but does not read ("Contract \"42\""); "" when none.
	Unread   string
	unreadAt diag.Pos
}

// maxMultiplicity is the most tables a row may stand for; a larger
// Multiplicity is not read (no event has a million tables).
const maxMultiplicity = 1 << 20

// A Traveller is a board's ScoreTable read.
type Traveller struct {
	Table *record.Table
	Rows  []Row
	// The board's vulnerability, and whether scores are on the scale
	// before 1987 (OldMP).
	Vulnerable      auction.Vulnerability
	VulnerableKnown bool
	Old             bool
	// wrong counts, by column, the rows whose points checkPoints found
	// wrong.
	wrong map[string]int
	// centred is whether checkPoints found the matchpoints written less
	// half the top (see centred).
	centred bool
	// top is the top checkPoints scored the rows on.
	top float64
}

// scoreOf is the North–South score of a row's contract and result.
func (tr *Traveller) scoreOf(r *Row) int {
	score := auction.Score
	if tr.Old {
		score = OldScore
	}
	n := score(r.Contract, r.Tricks, tr.Vulnerable)
	if r.Contract.Declarer.Side() == auction.EW {
		n = -n
	}
	return n
}

// Cells are a table row's cells by the names of their columns: the
// table's own column list and row, not a map made for each row (the maps
// of a traveller of 4,096 rows took 19 MB, for lookups that fold case and
// so walk every column anyway).
type Cells struct {
	Columns []record.Column
	Row     []record.Cell
}

// Get returns the cell of the column named exactly name.
func (c Cells) Get(name string) (record.Cell, bool) {
	for j, col := range c.Columns {
		if col.Name == name && j < len(c.Row) {
			return c.Row[j], true
		}
	}
	return record.Cell{}, false
}

// Column returns the cell of the row's column named name (any case) and
// whether the table has it and the row gives it ("-" gives nothing).
//
// An individual event's traveller gives each player's points (MP_North,
// Percentage_East…), where a pairs event gives each side's: there the
// side's columns are its North's and East's, whose partners score alike.
func (r *Row) Column(name string) (record.Cell, bool) {
	c, ok, _ := r.column(name)
	return c, ok
}

// column is Column, and reports also the name of the column it read, ""
// when the table has none of that name.
func (r *Row) column(name string) (record.Cell, bool, string) {
	for j, col := range r.Cells.Columns {
		if j < len(r.Cells.Row) && strings.EqualFold(col.Name, name) {
			c := r.Cells.Row[j]
			return c, strings.TrimSpace(c.Text) != "" && c.Text != "-", col.Name
		}
	}
	for _, alias := range playerColumns[strings.ToLower(name)] {
		if c, ok, n := r.column(alias); n != "" {
			return c, ok, n
		}
	}
	return record.Cell{}, false, ""
}

// playerColumns names, for a side's column, the columns of the players
// of that side whose points an individual event's traveller gives, the
// one read first first; partnerColumns the column of his partner, who
// scores alike.
var (
	playerColumns = map[string][]string{
		"mp_ns": {"MP_North", "MP_South"}, "mp_ew": {"MP_East", "MP_West"},
		"percentage_ns": {"Percentage_North", "Percentage_South"}, "percentage_ew": {"Percentage_East", "Percentage_West"},
		"imp_ns": {"IMP_North", "IMP_South"}, "imp_ew": {"IMP_East", "IMP_West"},
	}
	partnerColumns = map[string]string{
		"mp_north": "MP_South", "mp_east": "MP_West", "percentage_north": "Percentage_South", "percentage_east": "Percentage_West",
		"imp_north": "IMP_South", "imp_east": "IMP_West",
	}
)

// withPartner returns the side's column col and, where it is an
// individual's player's, his partner's.
func (r *Row) withPartner(col string) []string {
	if p, ok := partnerColumns[strings.ToLower(r.label(col))]; ok {
		return []string{col, p}
	}
	return []string{col}
}

// label is the name of the column that r.Column(name) reads: an
// individual's for a side's, as the file names it.
func (r *Row) label(name string) string {
	if _, _, n := r.column(name); n != "" {
		return n
	}
	return name
}

// number reads the row's column name as a number.
func (r *Row) number(name string) (float64, record.Cell, bool) {
	c, ok := r.Column(name)
	if !ok {
		return 0, c, false
	}
	t := strings.TrimSuffix(strings.TrimSpace(c.Text), "%")
	if strings.EqualFold(name, "Rank") {
		t = strings.TrimSuffix(t, "=") // a shared place, "3=", as results lists write it
	}
	v, ok := decimal.Parse(strings.Replace(t, ",", ".", 1))
	return v, c, ok
}

// ReadTraveller reads the board's ScoreTable, or returns nil.
func ReadTraveller(b *record.Board, old bool) *Traveller {
	var tb *record.Table
	for i := range b.Tables {
		if b.Tables[i].Tag.Name == "ScoreTable" {
			tb = &b.Tables[i]
			break
		}
	}
	if tb == nil || len(tb.Columns) == 0 {
		return nil
	}
	tr := &Traveller{Table: tb, Vulnerable: b.Vulnerable, VulnerableKnown: b.VulnerableKnown, Old: old}
	for i, cells := range tb.Rows {
		if len(cells) != len(tb.Columns) {
			continue // a row cut short: the table's last
		}
		r := Row{N: i + 1, Loc: cells[0].Loc, Cells: Cells{tb.Columns, cells}, Count: 1}
		if n, _, ok := r.number("Multiplicity"); ok && n >= 1 && n <= maxMultiplicity && n == math.Trunc(n) {
			r.Count = int(n)
		}
		r.readResult(b.Vulnerable, old)
		tr.Rows = append(tr.Rows, r)
	}
	return tr
}

// readResult reads the row's contract and score.
func (r *Row) readResult(v auction.Vulnerability, old bool) {
	con, okC := r.Column("Contract")
	decl, okD := r.Column("Declarer")
	res, okR := r.Column("Result")
	if okC && isAdjustedMark(con.Text) && !isPassedOut(con.Text) {
		r.Artificial = true
	}
	if !okC {
		// The mark of an adjusted score in the score columns, the
		// contract left blank (- - - "A60" "A40").
		for _, col := range []string{"Score_NS", "Score_EW"} {
			if c, ok := r.Column(col); ok && isAdjustedMark(c.Text) {
				r.Artificial = true
			}
		}
	}
	if okC && !r.Artificial {
		c, err := travellerContract(con.Text)
		switch {
		case err != nil:
			r.Unread, r.unreadAt = fmt.Sprintf("Contract %q is not a contract", con.Text), con.Loc
		case c.PassedOut():
			r.Contract, r.Tricks, r.ContractKnown = c, 0, true
		case okD && okR:
			d, err1 := auction.ParseSeat(decl.Text)
			tricks, ok := parseTricks(res.Text, c)
			switch {
			case err1 != nil:
				r.Unread, r.unreadAt = fmt.Sprintf("Declarer %q is not a seat", decl.Text), decl.Loc
			case !ok:
				r.Unread, r.unreadAt = fmt.Sprintf("Result %q is not declarer's tricks in %s", res.Text, c), res.Loc
			default:
				c.Declarer = d
				r.Contract, r.Tricks, r.ContractKnown = c, tricks, true
			}
		}
	}
	if s, _, ok := r.number("Score_NS"); ok && s == math.Trunc(s) {
		r.NS, r.ScoreKnown = int(s), true
	} else if s, _, ok := r.number("Score_EW"); ok && s == math.Trunc(s) {
		r.NS, r.ScoreKnown = -int(s), true
	}
	for _, col := range []string{"Score_NS", "Score_EW", "Contract"} {
		if c, ok := r.Column(col); ok && strings.EqualFold(strings.TrimSpace(c.Text), "bye") {
			r.Bye, r.Blank = true, true
			return
		}
	}
	if !okC && !okR && !r.ScoreKnown && !r.Artificial {
		r.Blank = true
		for _, col := range []string{"MP_NS", "MP_EW", "IMP_NS", "IMP_EW", "Percentage_NS", "Percentage_EW"} {
			if _, ok := r.Column(col); ok {
				r.Blank = false
			}
		}
	}
}

// isAdjustedMark reports whether a traveller's cell holds the mark of an
// adjusted score (Law 12C2) rather than a contract or a score: "A60",
// "A60/40", "A+", "Ave-", "AVG", "Adj", "40%".
func isAdjustedMark(text string) bool {
	t := strings.ToUpper(strings.TrimSpace(text))
	return strings.ContainsAny(t, "%") || strings.HasPrefix(t, "A") && !strings.HasPrefix(t, "AP") ||
		strings.Contains(t, "AVE") || strings.Contains(t, "AVG")
}

// isPassedOut reports whether a traveller's Contract cell says the board
// was passed out, in the forms scoring programs write: "Pass", "P", "PO",
// "AP", "All Pass", "Passed".
func isPassedOut(text string) bool {
	switch strings.ToUpper(strings.Join(strings.Fields(text), " ")) {
	case "PASS", "P", "PO", "AP", "ALL PASS", "ALLPASS", "PASSED", "PASSED OUT", "PASSOUT":
		return true
	}
	return false
}

// travellerContract reads a traveller's Contract cell: a contract as PBN
// writes it, or as scoring programs do, the double written "*" and the
// redouble "**" ("3D*", "4S**"), a passed-out board "PO" or "AP".
func travellerContract(text string) (auction.Contract, error) {
	if isPassedOut(text) {
		return auction.ParseContract("Pass")
	}
	t := strings.TrimSpace(text)
	if rest, ok := strings.CutSuffix(t, "**"); ok {
		t = rest + "XX"
	} else if rest, ok := strings.CutSuffix(t, "*"); ok {
		t = rest + "X"
	}
	return auction.ParseContract(t)
}

// parseTricks reads a traveller's Result: declarer's tricks ("9"), or the
// result against the contract ("=", "+1", "-2", "3NT+1" is not one).
func parseTricks(t string, c auction.Contract) (int, bool) {
	t = strings.TrimSpace(t)
	need := int(c.Level) + 6
	switch {
	case t == "=" || t == "0" && c.PassedOut():
		return need, true
	case strings.HasPrefix(t, "+") || strings.HasPrefix(t, "-"):
		n, err := strconv.Atoi(t[1:])
		if err != nil {
			return 0, false
		}
		if t[0] == '-' {
			n = -n
		}
		return need + n, need+n >= 0 && need+n <= 13
	}
	n, err := strconv.Atoi(t)
	return n, err == nil && n >= 0 && n <= 13
}

// checkTraveller checks a board's traveller against itself: each row's
// score against its contract and result, and its matchpoints, IMPs and
// percentages against all the rows under the board's method.
func checkTraveller(b *record.Board, m Method) []diag.Diagnostic {
	tr := ReadTraveller(b, m.OldMP)
	if tr == nil {
		return nil
	}
	var out []diag.Diagnostic
	add := func(code diag.Code, law int, loc diag.Pos, format string, args ...any) {
		out = append(out, diag.Diagnostic{Code: code, Severity: diag.Warning, Law: law, Span: diag.Span{Pos: loc}, Message: fmt.Sprintf(format, args...)})
	}
	whole := len(tr.Rows) > 0
	pointsWhy := -1 // why the points are not recomputed, a diag.Reason
	for i := range tr.Rows {
		r := &tr.Rows[i]
		if r.Artificial {
			if _, _, ok := r.adjusted(); !ok {
				whole, pointsWhy = false, int(diag.AdjustedUnknown)
			}
			continue
		}
		if r.Blank {
			continue
		}
		if r.Unread != "" && !r.Bye && r.ScoreKnown {
			add(diag.ScoreTableUnread, 0, r.unreadAt, "row %d: %s; the row's score is not checked against its result", r.N, r.Unread)
		}
		if !r.ScoreKnown {
			whole, pointsWhy = false, int(diag.FieldIncomplete)
			continue
		}
		if !r.ContractKnown || !b.VulnerableKnown {
			continue
		}
		if want := tr.scoreOf(r); r.NS != want {
			c, _ := r.Column("Score_NS")
			if _, ok := r.Column("Score_NS"); !ok {
				c, _ = r.Column("Score_EW")
			}
			add(diag.ScoreTableScore, 77, c.Loc, "row %d: %s by %s taking %d scores NS %d (vulnerability %s), not NS %d",
				r.N, r.Contract, r.Contract.Declarer, r.Tricks, want, b.Vulnerable, r.NS)
		}
	}
	if b.Deal.Full() && b.Source.Format != record.FormatBWS { // a .bws's leads its reader checks (bws-lead)
		for i := range tr.Rows {
			out = append(out, checkLead(&tr.Rows[i], b.Deal)...)
		}
	}
	// A table of scores and their frequencies, without the tables or pairs
	// that had them, may be an excerpt ("only the best ten"): its points
	// count a field it does not show, and are recomputed only when they
	// fit the table in the main (mostFit), which they do when it is the
	// whole field (Ruitenboer's and OKbridge's frequency travellers).
	perTable := false
	for _, c := range tr.Table.Columns {
		switch strings.ToLower(c.Name) {
		case "table", "round", "pairid_ns", "pairid_ew", "names_ns", "names_ew",
			"playerid_n", "playerid_e", "playerid_s", "playerid_w", // an individual event's four players
			"playerid_north", "playerid_east", "playerid_south", "playerid_west":
			perTable = true
		}
	}
	imps, datum := false, false
	if whole {
		// Adjusted scores (Law 12C2) count apart: the other rows are
		// scored among themselves (a program may then scale them to the
		// whole field by Neuberg, which checkPoints recognises), and each
		// adjusted row gets what its mark says.
		played := *tr
		played.Rows = slices.DeleteFunc(slices.Clone(tr.Rows), func(r Row) bool { return r.Artificial || r.Blank })
		if len(played.Rows) > 0 {
			var fs []diag.Diagnostic
			fs, imps, datum = checkPoints(&played, m)
			switch {
			case !perTable && (!mostFit(&played) || !imps && played.has("IMP_NS", "IMP_EW")):
				fs, imps, datum, pointsWhy = checkSides(&played), false, false, int(diag.Excerpt)
			case len(fs) == 0:
			case perTable && (b.Sections > 1 || widerField(&played) || played.results() < 2):
				// One section of several, or a traveller of some of the
				// tables (one alone compares with nothing), whose points
				// its own results do not give: the event is scored
				// across the field, and the other tables' results count
				// too. What the points say of each other still holds.
				fs, imps, datum, pointsWhy = checkSides(&played), false, false, int(diag.FieldIncomplete)
			}
			out = append(out, fs...)
		}
		if pointsWhy < 0 {
			// An adjusted row's matchpoints are its percentage of the
			// top, which is the field's.
			out = append(out, checkAdjusted(tr, m, &played)...)
		}
	}
	var l diag.Ledger
	countTraveller(&l, tr, out, pointsWhy, imps, datum, m)
	out = append(out, uncheckedTable(tr.Table, "traveller", &l)...)
	b.Coverage.Merge(&l)
	out = append(out, checkMissing(b, tr)...)
	return out
}

// checkLead checks a row's opening lead against the deal: declarer's
// left-hand opponent leads (Law 41A), so the card must be in that hand.
// A lead that does not read as a card is left alone: traveller columns
// hold marks of their own ("-", "?").
func checkLead(r *Row, deal auction.Deal) []diag.Diagnostic {
	l, ok := r.Column("Lead")
	if !ok || !r.ContractKnown || r.Contract.PassedOut() || r.Artificial {
		return nil
	}
	card, err := auction.ParseCard(strings.TrimSpace(l.Text))
	leader := r.Contract.Declarer.LHO()
	if err != nil || deal[leader].Has(card) {
		return nil
	}
	owner, _ := deal.Owner(card)
	msg := fmt.Sprintf("row %d: the lead %s is not in the hand of %s, who leads against %s by %s: the deal gives it to %s",
		r.N, card, leader, r.Contract, r.Contract.Declarer, owner)
	if d := r.Contract.Declarer; owner == d.RHO() {
		msg += fmt.Sprintf(", who would lead against the contract played by %s", d.Partner())
	}
	return []diag.Diagnostic{{Code: diag.ScoreTableLead, Severity: diag.Warning, Law: 41, Span: diag.Span{Pos: l.Loc}, Message: msg}}
}

// results returns the tables the traveller's rows stand for.
func (tr *Traveller) results() int {
	n := 0
	for i := range tr.Rows {
		n += tr.Rows[i].Count
	}
	return n
}

// has reports whether the traveller has any of the columns.
func (tr *Traveller) has(cols ...string) bool {
	for _, col := range cols {
		if _, ok := tr.Rows[0].Column(col); ok {
			return true
		}
	}
	return false
}

// mostFit reports whether the points of a table of four rows or more fit
// what its own results give in the main: a points column that is wrong in
// no more than one row of four. An excerpt's rows, scored across a field
// they are part of, are wrong nearly all.
func mostFit(tr *Traveller) bool {
	if len(tr.Rows) < 4 {
		return false
	}
	for _, col := range pointsColumns {
		if _, ok := tr.Rows[0].Column(col); ok && 4*tr.wrong[col] <= len(tr.Rows) {
			return true
		}
	}
	return false
}

// widerField reports whether a traveller's points were scored across a
// field wider than its rows: three rows in four or more, of four or more,
// are found wrong, and the stated points do not add up as a whole field's
// must. Every comparison counts for both its results, so over the whole
// field the IMPs add up to 0, the percentages average 50 and North–South's
// matchpoints add up to East–West's, whatever the form (sums or means,
// Neuberg). A few mistyped rows are still found. BBO's traveller pages
// list the tables that played a board of a tournament scored across more,
// and a section of several may be scored across the field without the
// file saying so.
func widerField(tr *Traveller) bool {
	if len(tr.Rows) < 4 {
		return false // too few to tell
	}
	for _, col := range pointsColumns {
		if _, ok := tr.Rows[0].Column(col); ok && 4*tr.wrong[col] < 3*len(tr.Rows) {
			// A column the rows' own results give: they are the field,
			// and the other columns' errors are the file's.
			return false
		}
	}
	for _, col := range []struct {
		name       string
		mean, sign float64
	}{{"IMP_NS", 0, 1}, {"IMP_EW", 0, -1}, {"Percentage_NS", 50, 1}, {"Percentage_EW", 50, 1}} {
		sum, n, rows := 0.0, 0, 0
		for i := range tr.Rows {
			r := &tr.Rows[i]
			if v, _, ok := r.number(col.name); ok {
				sum += col.sign * (v - col.mean) * float64(r.Count)
				n, rows = n+r.Count, rows+1
			}
		}
		if rows == len(tr.Rows) && math.Abs(sum) > 0.01*float64(n)+0.05 {
			return true
		}
	}
	// Matchpoints: each comparison's points go to the two sides, so over
	// the whole field North–South's add up to East–West's.
	diff, n := 0.0, 0
	for i := range tr.Rows {
		r := &tr.Rows[i]
		ns, _, okNS := r.number("MP_NS")
		ew, _, okEW := r.number("MP_EW")
		if !okNS || !okEW {
			return false
		}
		diff += (ns - ew) * float64(r.Count)
		n += r.Count
	}
	return math.Abs(diff) > 0.01*float64(n)+0.05
}

// pointsColumns are the columns of a row's points under the board's
// method.
var pointsColumns = [...]string{"MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW", "IMP_NS", "IMP_EW"}

// checkSides checks what a traveller's points say of each other whatever
// the field they were scored in: every row's two sides' matchpoints add up
// to the same top, their percentages to 100, and East–West's IMPs are
// North–South's with the sign turned. It is run where the points are not
// recomputed for want of the whole field.
func checkSides(tr *Traveller) []diag.Diagnostic {
	var out []diag.Diagnostic
	sum := func(r *Row, a, b string) (float64, record.Cell, float64, bool) {
		x, ca, okA := r.number(a)
		y, cb, okB := r.number(b)
		// Each rounded by half its unit at most.
		return x + y, cb, max(unit(ca.Text), unit(cb.Text)), okA && okB
	}
	// The top is the sum most rows give.
	tops := map[float64]int{}
	for i := range tr.Rows {
		if v, _, _, ok := sum(&tr.Rows[i], "MP_NS", "MP_EW"); ok {
			tops[math.Round(v*100)/100]++
		}
	}
	top, most := 0.0, 0
	for v, n := range tops {
		if n > most || n == most && v < top {
			top, most = v, n
		}
	}
	for i := range tr.Rows {
		r := &tr.Rows[i]
		for _, pair := range []struct {
			a, b string
			want float64
			ok   bool
		}{{"MP_NS", "MP_EW", top, 2*most > len(tr.Rows)}, {"Percentage_NS", "Percentage_EW", 100, true}, {"IMP_NS", "IMP_EW", 0, true}} {
			if v, c, tol, ok := sum(r, pair.a, pair.b); ok && pair.ok && math.Abs(v-pair.want) > tol+1e-9 {
				what := fmt.Sprintf("add up to %s, where every row's must add up to %s", trim(v), trim(pair.want))
				if pair.a == "MP_NS" {
					what = fmt.Sprintf("add up to %s, where the board's other rows add up to %s", trim(v), trim(pair.want))
				}
				a, _ := r.Column(pair.a)
				out = append(out, diag.Diagnostic{Code: diag.ScoreTablePoints, Severity: diag.Warning, Law: 78, Span: diag.Span{Pos: c.Loc},
					Message: fmt.Sprintf("row %d: %s %s and %s %s %s", r.N, pair.a, a.Text, pair.b, c.Text, what)})
			}
		}
	}
	return out
}

// precision is how far a number written as text may be from the value it
// stands for: half its last digit, or, for one written with the seven or
// more significant digits of a 32-bit float (BriAn writes 48.557693 for
// 101/208, which is 48.5576923), that float's own rounding.
func precision(text string) float64 {
	p := unit(text) / 2
	digits, lead := 0, true
	for _, c := range []byte(strings.TrimSpace(text)) {
		switch {
		case c == '0' && lead:
		case c >= '0' && c <= '9':
			digits, lead = digits+1, false
		}
	}
	if digits >= 7 {
		if v, ok := decimal.Parse(strings.Replace(strings.TrimSuffix(strings.TrimSpace(text), "%"), ",", ".", 1)); ok {
			p = max(p, math.Abs(v)*0x1p-23)
		}
	}
	return p + 1e-9
}

// unit is the rounding a number as written may carry: a unit of its last
// decimal place.
func unit(text string) float64 {
	u := 1.0
	if i := strings.IndexAny(text, ".,"); i >= 0 {
		for _, c := range []byte(text[i+1:]) {
			if c < '0' || c > '9' {
				break
			}
			u /= 10
		}
	}
	return u
}

// checkPoints recomputes the rows' matchpoints, percentages and IMPs from
// their scores; it is run only on a traveller whose rows all give one. It
// says whether it checked the IMP columns and the datum columns.
func checkPoints(tr *Traveller, m Method) (out []diag.Diagnostic, impsChecked, datumChecked bool) {
	// The points follow from the results played: a row whose score is
	// not that of its contract (said as scoretable-score) counts with the
	// contract's, as the scoring program would have.
	rs := make([]Result, len(tr.Rows))
	for i, r := range tr.Rows {
		rs[i] = Result{NS: r.NS, Count: r.Count}
		if r.ContractKnown && tr.VulnerableKnown {
			rs[i].NS = tr.scoreOf(&r)
		}
	}
	n := results(rs)
	tr.wrong = map[string]int{}
	mismatch := func(r *Row, col string, want float64, how string) {
		tr.wrong[col]++
		c, _ := r.Column(col)
		out = append(out, diag.Diagnostic{Code: diag.ScoreTablePoints, Severity: diag.Warning, Law: 78, Span: diag.Span{Pos: c.Loc},
			Message: fmt.Sprintf("row %d: %s %s, but the board's %d results give %s (%s)", r.N, r.label(col), c.Text, n, trim(want), how)})
	}
	// Matchpoints, which a file may write in 1/½/0 without saying so, and
	// percentages of the top, which are the same in either counting.
	mp, top := Matchpoints(rs, m.Counting), Top(n, m.Counting)
	how := "2 for each score beaten, 1 for each tied"
	if m.Counting == MP2 {
		how = "1 for each score beaten, ½ for each tied"
	}
	if m.Base == BAM && len(rs) == 2 && n == 2 {
		// Board-a-match: scores within 10 points tie.
		mp = []float64{2 * BoardAMatch(rs[0].NS, rs[1].NS), 2 * BoardAMatch(rs[1].NS, rs[0].NS)}
		top, how = 2, "board-a-match: 2 for a win, 1 for a tie (within 10 points)"
		if m.Counting == MP2 {
			mp, top = []float64{mp[0] / 2, mp[1] / 2}, 1
		}
	}
	if tables, scaled := scaleToField(tr, mp, n, m.Counting); tables > 0 {
		top, how = Top(tables, m.Counting), how+scaled
	}
	centre := 0.0
	tr.top = top
	if tr.centred = centred(tr, mp, top, m.Counting); tr.centred {
		centre, how = top/2, how+", less half the top (centred on the average)"
	}
	for i := range tr.Rows {
		r := &tr.Rows[i]
		for _, side := range []struct {
			col, pct string
			v        float64
		}{{"MP_NS", "Percentage_NS", mp[i]}, {"MP_EW", "Percentage_EW", top - mp[i]}} {
			// An individual's partner, who scores alike, after him.
			for _, col := range r.withPartner(side.col) {
				if got, c, ok := r.number(col); ok && !mpWritten(c.Text, got, side.v-centre, m.Counting) {
					mismatch(r, col, side.v-centre, how)
				}
			}
			// Some programs count each score as tied with itself too:
			// (mp + 1)/(top + 2) on the 2/1/0 scale.
			h := tieUnit(m.Counting)
			for _, col := range r.withPartner(side.pct) {
				if got, c, ok := r.number(col); ok && top > 0 && !asWritten(c.Text, got, 100*side.v/top) && !asWritten(c.Text, got, 100*(side.v+h)/(top+2*h)) {
					mismatch(r, col, 100*side.v/top, fmt.Sprintf("%s of a top of %s", trim(side.v), trim(top)))
				}
			}
		}
	}
	if m.Base != IMP {
		return out, false, false
	}
	// IMPs: against the datum the table states, when it states one, after
	// checking it is one the method allows; else against the method's.
	var imps []float64
	how = ""
	switch d := m.Datum; d {
	case Cross, Cross1, Cross2:
		imps, how = crossReading(tr, rs, n, d)
	case TwoRooms:
		if len(rs) != 2 || n != 2 {
			if imps, how = fieldReading(tr, rs, n); imps == nil {
				return out, false, false
			}
			break
		}
		imps = []float64{float64(auction.IMPs(rs[0].NS - rs[1].NS)), float64(auction.IMPs(rs[1].NS - rs[0].NS))}
		how = "IMPs against the other table"
	default:
		datums := map[int]bool{}
		for _, dm := range m.Datums {
			if v, ok := DatumOf(rs, dm); ok {
				datums[v] = true
			}
		}
		datum, _ := DatumOf(rs, d)
		for i := range tr.Rows {
			r := &tr.Rows[i]
			for _, col := range []string{"ButlerDatum", "Datum"} {
				if got, c, ok := r.number(col); ok {
					if !datums[int(got)] {
						out = append(out, diag.Diagnostic{Code: diag.ScoreTablePoints, Severity: diag.Warning, Law: 78, Span: diag.Span{Pos: c.Loc},
							Message: fmt.Sprintf("row %d: %s %s, but the board's %d results give the datum %d (%s)", r.N, col, c.Text, n, datum, m.Text)})
					} else {
						datum = int(got)
					}
				}
			}
		}
		imps = make([]float64, len(rs))
		for i := range rs {
			imps[i] = float64(auction.IMPs(rs[i].NS - datum))
		}
		how = fmt.Sprintf("IMPs against the datum %d", datum)
		datumChecked = true
	}
	for i := range tr.Rows {
		r := &tr.Rows[i]
		for _, side := range []struct {
			col string
			v   float64
		}{{"IMP_NS", imps[i]}, {"IMP_EW", -imps[i]}} {
			for _, col := range r.withPartner(side.col) {
				if got, _, ok := r.number(col); ok && !impsFit(got, side.v) {
					mismatch(r, col, side.v, how)
				}
			}
		}
	}
	return out, true, datumChecked
}

// impsFit reports whether a row's IMPs, got, are v as written: exactly,
// or rounded to a tenth or to a whole IMP.
func impsFit(got, v float64) bool {
	return near(got, v, 0.0051) || near(got, math.Round(v*10)/10, 0.051) || near(got, math.Round(v), 0.5)
}

// crossReading returns the rows' cross-IMPs in the reading that fits the
// traveller. PBN defines Cross as the sum of a score's IMPs against every
// other, Cross1 as that divided by the number of scores and Cross2 by the
// number of comparisons; but programs write a row's sum whatever the
// modifier (Ruter's "IMP;Cross2" travellers hold sums, its totals the mean
// per comparison), or divide it otherwise. Each reading is tried, the
// method's own first, and the one that fits the most rows is checked.
func crossReading(tr *Traveller, rs []Result, n int, d Datum) ([]float64, string) {
	sums := CrossIMPs(rs, Cross)
	type reading struct {
		div float64
		how string
	}
	sum := reading{1, "cross-IMPs against every other table, summed"}
	perScore := reading{float64(n), fmt.Sprintf("cross-IMPs against every other table, divided by the %d scores", n)}
	perComparison := reading{float64(n - 1), fmt.Sprintf("cross-IMPs against every other table, divided by the %d comparisons", n-1)}
	twice := reading{float64(2 * (n - 1)), fmt.Sprintf("cross-IMPs against every other table, divided by twice the %d comparisons", n-1)}
	readings := []reading{sum, perScore, perComparison, twice}
	switch d {
	case Cross1:
		readings = []reading{perScore, perComparison, sum, twice}
	case Cross2:
		readings = []reading{perComparison, twice, sum, perScore}
	}
	// impsFit forgives rounding to a whole IMP, so that readings a few per
	// cent apart (by the scores or by the comparisons) fit alike: the
	// exact fits tell them apart.
	var best []float64
	how, bestFit, bestExact := "", -1, -1
	for _, rd := range readings {
		if rd.div <= 0 {
			continue
		}
		imps := make([]float64, len(sums))
		for i := range sums {
			imps[i] = sums[i] / rd.div
		}
		if fit, exact, _ := impsFits(tr, imps); best == nil || fit > bestFit || fit == bestFit && exact > bestExact {
			best, how, bestFit, bestExact = imps, rd.how, fit, exact
		}
	}
	return best, how
}

// impsFits counts the rows' stated IMPs, of either side, that fit imps
// (North–South's, a row each) as impsFit allows, and of those the ones
// exact as written, and all there are.
func impsFits(tr *Traveller, imps []float64) (fit, exact, all int) {
	for i := range tr.Rows {
		for _, side := range []struct {
			col  string
			sign float64
		}{{"IMP_NS", 1}, {"IMP_EW", -1}} {
			got, c, ok := tr.Rows[i].number(side.col)
			if !ok {
				continue
			}
			all++
			if v := side.sign * imps[i]; impsFit(got, v) {
				fit++
				if near(got, v, unit(c.Text)/2+1e-9) {
					exact++
				}
			}
		}
	}
	return fit, exact, all
}

// fieldReading returns the IMPs of a traveller of more than two results
// whose Scoring says IMP alone, which means the two rooms of a team match:
// a program that writes it over a whole field (OKbridge, with each row's
// cross-IMPs divided by the comparisons) means IMPs across the field. Of
// cross-IMPs in each of crossReading's forms and IMPs against each datum,
// the reading that fits the most of the rows' IMPs is returned, when it
// fits three in four; else nil, and the IMPs are left unchecked.
func fieldReading(tr *Traveller, rs []Result, n int) ([]float64, string) {
	best, how := crossReading(tr, rs, n, Cross)
	most, _, all := impsFits(tr, best)
	for _, d := range []Datum{Butler, Mean, Median} {
		datum, ok := DatumOf(rs, d)
		if !ok {
			continue
		}
		imps := make([]float64, len(rs))
		for i := range rs {
			imps[i] = float64(auction.IMPs(rs[i].NS - datum))
		}
		if f, _, _ := impsFits(tr, imps); f > most {
			best, most, how = imps, f, fmt.Sprintf("IMPs against the datum %d", datum)
		}
	}
	if all == 0 || 4*most < 3*all {
		return nil, ""
	}
	return best, how + "; the Scoring's IMP read as IMPs across the field, as more than two tables played the board"
}

// checkMissing reports a traveller without the game's own result.
func checkMissing(b *record.Board, tr *Traveller) []diag.Diagnostic {
	f := &b.File
	if !f.ContractKnown || (!f.Contract.PassedOut() && (!f.DeclarerKnown || !f.TricksKnown)) {
		return nil
	}
	any := false
	for _, r := range tr.Rows {
		if !r.ContractKnown {
			continue
		}
		any = true
		c := r.Contract
		if c.PassedOut() && f.Contract.PassedOut() ||
			c.Bid() == f.Contract.Bid() && c.Risk == f.Contract.Risk && c.Declarer == f.Declarer && r.Tricks == f.Tricks {
			return nil
		}
	}
	if !any {
		return nil // a table without contracts cannot show it
	}
	what := "passed out"
	if !f.Contract.PassedOut() {
		what = fmt.Sprintf("%s by %s taking %d", f.Contract, f.Declarer, f.Tricks)
	}
	return []diag.Diagnostic{{Code: diag.ScoreTableMissing, Severity: diag.Warning, Span: diag.Span{Pos: tr.Table.Tag.Loc},
		Message: fmt.Sprintf("the traveller's %d rows do not hold the game's own result, %s", len(tr.Rows), what)}}
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// asWritten reports whether got, read from a cell written as text, is want
// rounded to the decimals the cell is written with: programs write
// matchpoints and percentages to a hundredth, a tenth or whole (Magic
// Contest writes whole percentages). A tenth's difference is allowed
// whatever the decimals, for the programs that round a total of rounded
// values.
func asWritten(text string, got, want float64) bool {
	return near(got, want, max(0.051, precision(text)))
}

// mpWritten reports whether a stated matchpoint count, got as written in
// text, is want; on the 2/1/0 scale, which is the default, a file may
// write them on the 1/½/0 without saying so.
func mpWritten(text string, got, want float64, c Counting) bool {
	return asWritten(text, got, want) || c == MP1 && asWritten(text, got, want/2)
}

// centred reports whether a traveller's matchpoints mp, of a top of top,
// are written less half the top, centred on the average, as Ruter i Norge
// writes them (MP_NS 2.0 and MP_EW -2.0 for 5 of a top of 6): when more
// rows fit that reading than the plain one, and three rows in four do.
func centred(tr *Traveller, mp []float64, top float64, c Counting) bool {
	plain, fit, rows := 0, 0, 0
	for i := range tr.Rows {
		got, cell, ok := tr.Rows[i].number("MP_NS")
		if !ok {
			continue
		}
		rows++
		if mpWritten(cell.Text, got, mp[i], c) {
			plain++
		}
		if mpWritten(cell.Text, got, mp[i]-top/2, c) {
			fit++
		}
	}
	return fit > plain && 4*fit >= 3*rows
}

// trim writes a number without a needless fraction.
func trim(x float64) string {
	if x == math.Trunc(x) {
		return strconv.Itoa(int(x))
	}
	return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
}

// scaleToField scales the matchpoints mp of a traveller's n results to
// the field of a board played fewer times than the event's others, as its
// stated MP_NS show they were: by Neuberg's formula, or with a tie for
// each table missing. It returns the tables of that field and how, or 0
// when the rows show neither.
func scaleToField(tr *Traveller, mp []float64, n int, c Counting) (tables int, how string) {
	if want := neubergScale(tr, mp, n, c); want > 0 {
		for i := range mp {
			mp[i] = Neuberg(mp[i], n, want, c)
		}
		return want, fmt.Sprintf(", scaled by Neuberg from %d tables to %d", n, want)
	}
	if want := neubergCentred(tr, mp, n, c); want > 0 {
		for i := range mp {
			mp[i] = Neuberg(mp[i], n, want, c)
		}
		return want, fmt.Sprintf(", scaled by Neuberg from %d tables to %d", n, want)
	}
	if k := tieScale(tr, mp, c); k > 0 {
		for i := range mp {
			mp[i] += float64(k) * tieUnit(c)
		}
		return n + k, fmt.Sprintf(", each of the %d tables missing counted as a tie", k)
	}
	return 0, ""
}

// neubergScale returns the number of tables a traveller's matchpoints
// were scaled to by Neuberg's formula, when every row's MP_NS fits one
// such number larger than the traveller's n; else 0.
func neubergScale(tr *Traveller, mp []float64, n int, c Counting) int {
	h := tieUnit(c)
	return scaleOf(tr, mp, func(got, m float64) int {
		if m+h <= 0 {
			return -1
		}
		if want := int(math.Round((got + h) / (m + h) * float64(n))); want > n {
			return want
		}
		return 0
	}, func(m float64, want int) float64 { return Neuberg(m, n, want, c) })
}

// neubergCentred is neubergScale for matchpoints written less half the
// top (see centred), which a row shows by its North–South and East–West
// matchpoints adding up to nothing: Neuberg's m' = (m+h)·N/n − h, less
// half the top of N tables, h·(N−1), is N·((m+h)/n − h).
func neubergCentred(tr *Traveller, mp []float64, n int, c Counting) int {
	if !rowsCentred(tr.Rows...) {
		return 0
	}
	h := tieUnit(c)
	return scaleOf(tr, mp, func(got, m float64) int {
		d := (m+h)/float64(n) - h
		if near(d, 0, 1e-9) {
			return -1 // the average: the same at any scale
		}
		if want := int(math.Round(got / d)); want > n {
			return want
		}
		return 0
	}, func(m float64, want int) float64 { return Neuberg(m, n, want, c) - Top(want, c)/2 })
}

// rowsCentred reports whether a traveller's rows write their matchpoints
// less half the top: some row states both sides', and in every such row
// they add up to nothing, not to the top, and not all are nothing.
func rowsCentred(rows ...Row) bool {
	some := false
	for i := range rows {
		ns, _, ok := rows[i].number("MP_NS")
		ew, _, ok2 := rows[i].number("MP_EW")
		if !ok || !ok2 {
			continue
		}
		if !near(ns+ew, 0, 0.01) {
			return false
		}
		some = some || ns != 0
	}
	return some
}

// tieScale returns how many tables a board's matchpoints count beyond the
// traveller's n results, when every row's MP_NS is its matchpoints among
// them plus a tie with each missing table: ScoreBridge scores every board
// on the top of the whole field so, a result missing counting as an
// average for the others. 0 when the rows do not fit such a number.
func tieScale(tr *Traveller, mp []float64, c Counting) int {
	h := tieUnit(c)
	return scaleOf(tr, mp, func(got, m float64) int {
		d := (got - m) / h
		if k := int(math.Round(d)); k >= 1 && near(d, float64(k), 0.01) {
			return k
		}
		return 0
	}, func(m float64, k int) float64 { return m + float64(k)*h })
}

// scaleOf returns the number a traveller's matchpoints mp were scaled by,
// as read says it from the first row that tells (-1 for a row that does
// not, 0 for one that fits no scale), when every other row's MP_NS is
// its matchpoints so scaled; else 0, and 0 when no other row holds it:
// the one row a scale was read from says nothing of it.
func scaleOf(tr *Traveller, mp []float64, read func(got, mp float64) int, scaled func(mp float64, k int) float64) int {
	k, held := 0, 0
	for i := range tr.Rows {
		got, _, ok := tr.Rows[i].number("MP_NS")
		switch {
		case !ok:
		case k == 0:
			if k = read(got, mp[i]); k == 0 {
				return 0
			}
			k = max(k, 0) // a row that does not tell: the next may
		case !near(got, scaled(mp[i], k), 0.051):
			return 0
		default:
			held++
		}
	}
	if held == 0 {
		return 0
	}
	return k
}

// tieUnit is a tie's matchpoints: 1 on the 2/1/0 scale, ½ on the 1/½/0.
func tieUnit(c Counting) float64 {
	if c == MP2 {
		return 0.5
	}
	return 1
}

// adjusted reads the mark of an adjusted row (Law 12C2) in its Contract
// column: "A60/40" (North–South 60%, East–West 40%), "A50", "Ave",
// "Ave+", "Ave-", "A+", "A-". A side the mark does not give is -1.
func (r *Row) adjusted() (ns, ew float64, ok bool) {
	c, present := r.Column("Contract")
	if !present {
		// The marks in the score columns: each side's own.
		ns, ew = -1, -1
		for _, side := range []struct {
			col string
			pct *float64
		}{{"Score_NS", &ns}, {"Score_EW", &ew}} {
			if c, ok := r.Column(side.col); ok && isAdjustedMark(c.Text) {
				v, w, ok := adjustedMark(c.Text)
				if !ok {
					return 0, 0, false
				}
				*side.pct = v
				if side.col == "Score_NS" && w >= 0 {
					ew = w // both sides' marks in the one cell ("A5050")
				}
			}
		}
		return ns, ew, ns >= 0 || ew >= 0
	}
	return adjustedMark(c.Text)
}

// adjustedMark reads the mark of an adjusted score, as adjusted does.
func adjustedMark(text string) (ns, ew float64, ok bool) {
	t := strings.ToUpper(strings.ReplaceAll(text, " ", ""))
	for _, p := range []string{"ADJ", "AVE", "AVG", "AV", "A"} {
		if rest, cut := strings.CutPrefix(t, p); cut {
			t = rest
			break
		}
	}
	t = strings.TrimSuffix(t, "%")
	// Two percentages may be joined by a dash, each with its sign: a
	// Bridgemate remark writes "40%-60%".
	t = strings.Replace(t, "%-", "/", 1)
	switch t {
	case "+":
		return 60, -1, true
	case "", "=":
		return 50, 50, true
	case "-":
		return 40, -1, true
	}
	if len(t) == 2 && strings.IndexByte(avgMarks, t[0]) >= 0 && strings.IndexByte(avgMarks, t[1]) >= 0 {
		// One mark for each side, North–South's first: BBO's "A+-",
		// "A==".
		return avgPercent(t[0]), avgPercent(t[1]), true
	}
	a, b, two := strings.Cut(t, "/")
	if !two && len(t) == 4 && strings.Trim(t, "0123456789") == "" {
		// Each side's percentage in two digits, joined: BriAn's "A5050",
		// "A6040".
		a, b, two = t[:2], t[2:], true
	}
	x, ok := decimal.Parse(strings.TrimSuffix(a, "%"))
	if !ok || x < 0 || x > 100 {
		return 0, 0, false
	}
	if !two {
		return x, -1, true
	}
	y, ok := decimal.Parse(strings.TrimSuffix(b, "%"))
	if !ok || y < 0 || y > 100 {
		return 0, 0, false
	}
	return x, y, true
}

// avgMarks are the marks of an average plus, an average and an average
// minus.
const avgMarks = "+=-"

// avgPercent is the percentage of an average mark (Law 12C2).
func avgPercent(mark byte) float64 {
	return 60 - 10*float64(strings.IndexByte(avgMarks, mark))
}

// checkAdjusted checks the points of the adjusted rows: the percentage
// their mark gives of the top of the whole field, and in IMPs ±3 for 60%
// and 40%, 0 for 50% (Law 12C2).
func checkAdjusted(tr *Traveller, m Method, played *Traveller) []diag.Diagnostic {
	n := 0
	for _, r := range tr.Rows {
		if !r.Blank {
			n += max(r.Count, 1)
		}
	}
	// The top the other rows were scored on: the field's where they were
	// scaled to it (Neuberg), their own where they were scored among
	// themselves (BriAn).
	tops := []float64{Top(n, m.Counting)}
	switch {
	case played.top > 0 && played.wrong["MP_NS"] == 0:
		tops = []float64{played.top}
	case played.top > 0 && played.top != tops[0]:
		tops = append(tops, played.top) // the played rows fit no top: either
	}
	var out []diag.Diagnostic
	for i := range tr.Rows {
		r := &tr.Rows[i]
		if !r.Artificial {
			continue
		}
		ns, ew, _ := r.adjusted()
		for _, side := range []struct {
			sfx string
			pct float64
		}{{"NS", ns}, {"EW", ew}} {
			if side.pct < 0 {
				continue
			}
			centred := played.centred || rowsCentred(*r)
			mp := func(top float64) float64 {
				if centred {
					return side.pct/100*top - top/2
				}
				return side.pct / 100 * top
			}
			wants := map[string][]float64{"Percentage_" + side.sfx: {side.pct}, "MP_" + side.sfx: {}}
			for _, t := range tops {
				wants["MP_"+side.sfx] = append(wants["MP_"+side.sfx], mp(t))
			}
			if adjustedIMPs(m) && (side.pct == 60 || side.pct == 50 || side.pct == 40) {
				wants["IMP_"+side.sfx] = []float64{(side.pct - 50) * 3 / 10}
			}
			for name, ws := range wants {
				want := ws[0]
				for _, col := range r.withPartner(name) {
					if got, c, ok := r.number(col); ok && !slices.ContainsFunc(ws, func(w float64) bool { return asWritten(c.Text, got, w) }) {
						out = append(out, diag.Diagnostic{Code: diag.ScoreTablePoints, Severity: diag.Warning, Law: 12, Span: diag.Span{Pos: c.Loc},
							Message: fmt.Sprintf("row %d: %s %s, but its adjusted score gives %s (%s%%)", r.N, r.label(col), c.Text, trim(want), trim(side.pct))})
					}
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b diag.Diagnostic) int { return a.Offset - b.Offset })
	return out
}
