package scoring

import (
	"fmt"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/record"
)

// The codes of Reconcile.
const (
	ReconcileMissing diag.Code = "reconcile-missing"
	ReconcileExtra   diag.Code = "reconcile-extra"
	ReconcileChanged diag.Code = "reconcile-changed"
)

// Reconcile holds the traveller of a board as its results were entered at
// the tables (a board of a Bridgemate .bws) against the traveller a
// scoring program published of the same board, row by row, a row being
// its pairs (PairId_NS and PairId_EW): a result entered and not
// published (reconcile-missing), one published and never entered
// (reconcile-extra), and one whose contract, declarer, tricks or lead
// differ (reconcile-changed). Only what both give is compared: a
// published traveller without leads is not held to the leads entered.
// Either board without a ScoreTable naming the pairs gives nothing.
// published names the published board in the messages ("final.pbn board
// 7").
func Reconcile(entered, published *record.Board, publishedName string) []diag.Diagnostic {
	e, p := pairRows(entered), pairRows(published)
	if e == nil || p == nil {
		return nil
	}
	var out []diag.Diagnostic
	add := func(code diag.Code, format string, args ...any) {
		out = append(out, diag.Diagnostic{Severity: diag.Warning, Code: code, Message: fmt.Sprintf(format, args...)})
	}
	for _, k := range e.order {
		er := e.rows[k]
		pr, ok := p.rows[k]
		if !ok {
			add(ReconcileMissing, "row %d, pairs %s, %s: not in the traveller of %s", er.n, k, er, publishedName)
			continue
		}
		if diff := er.differ(pr); diff != "" {
			add(ReconcileChanged, "row %d, pairs %s: entered %s, but %s row %d gives %s (%s)", er.n, k, er, publishedName, pr.n, pr, diff)
		}
	}
	for _, k := range p.order {
		if _, ok := e.rows[k]; !ok {
			pr := p.rows[k]
			add(ReconcileExtra, "%s row %d, pairs %s, %s: no result entered gives it", publishedName, pr.n, k, pr)
		}
	}
	return out
}

// resultRow is a traveller row as Reconcile compares it.
type resultRow struct {
	n        int    // the row, from 1
	mark     string // an adjusted score's mark or a contract that does not read, as written
	contract auction.Contract
	known    bool // contract (with declarer, unless passed out) and tricks
	tricks   int
	lead     auction.Card
	hasLead  bool
}

// String describes the row: "3NT by N, 9 tricks, lead HT".
func (r resultRow) String() string {
	switch {
	case r.mark != "":
		return r.mark
	case !r.known:
		return "no result"
	case r.contract.PassedOut():
		return "passed out"
	}
	s := fmt.Sprintf("%s by %s, %d tricks", r.contract.Bid(), r.contract.Declarer, r.tricks)
	if r.contract.Risk > 0 {
		s = fmt.Sprintf("%s by %s, %d tricks", r.contract, r.contract.Declarer, r.tricks)
	}
	if r.hasLead {
		s += ", lead " + r.lead.String()
	}
	return s
}

// differ names what differs between two rows, "" when nothing does.
func (r resultRow) differ(o resultRow) string {
	var d []string
	switch {
	case r.mark != "" || o.mark != "":
		if !strings.EqualFold(r.mark, o.mark) {
			d = append(d, "the result")
		}
		return strings.Join(d, ", ")
	case r.known != o.known:
		return "the result"
	case !r.known:
		return ""
	}
	if r.contract.Level != o.contract.Level || r.contract.Strain != o.contract.Strain || r.contract.Risk != o.contract.Risk {
		d = append(d, "the contract")
	}
	if !r.contract.PassedOut() && !o.contract.PassedOut() {
		if r.contract.Declarer != o.contract.Declarer {
			d = append(d, "the declarer")
		}
		if r.tricks != o.tricks {
			d = append(d, "the tricks")
		}
	}
	if r.hasLead && o.hasLead && r.lead != o.lead {
		d = append(d, "the lead")
	}
	return strings.Join(d, ", ")
}

// pairTable is a traveller's rows by their pairs, "3–5", in order.
type pairTable struct {
	rows  map[string]resultRow
	order []string
}

// pairRows reads a board's ScoreTable by pairs; nil when it has none, or
// one that does not name them. A pair's second row is left out: Reconcile
// compares one result a pair.
func pairRows(b *record.Board) *pairTable {
	var tb *record.Table
	for i := range b.Tables {
		if b.Tables[i].Tag.Name == "ScoreTable" {
			tb = &b.Tables[i]
			break
		}
	}
	if tb == nil {
		return nil
	}
	t := &pairTable{rows: map[string]resultRow{}}
	for i, cells := range tb.Rows {
		if len(cells) != len(tb.Columns) {
			continue
		}
		r := Row{N: i + 1, Cells: Cells{tb.Columns, cells}}
		ns, ok1 := r.Column("PairId_NS")
		ew, ok2 := r.Column("PairId_EW")
		if !ok1 || !ok2 {
			continue
		}
		k := strings.TrimSpace(ns.Text) + "–" + strings.TrimSpace(ew.Text)
		if _, dup := t.rows[k]; dup {
			continue
		}
		t.rows[k] = readResultRow(&r)
		t.order = append(t.order, k)
	}
	if len(t.order) == 0 {
		return nil
	}
	return t
}

// readResultRow reads a row's contract, declarer, tricks and lead.
func readResultRow(r *Row) resultRow {
	out := resultRow{n: r.N}
	con, okC := r.Column("Contract")
	if !okC {
		return out
	}
	c, err := travellerContract(con.Text)
	switch {
	case isAdjustedMark(con.Text) && !isPassedOut(con.Text), err != nil:
		out.mark = strings.TrimSpace(con.Text)
		return out
	case c.PassedOut():
		out.contract, out.known = c, true
		return out
	}
	decl, okD := r.Column("Declarer")
	res, okR := r.Column("Result")
	if !okD || !okR {
		return out
	}
	seat, err := auction.ParseSeat(decl.Text)
	tricks, ok := parseTricks(res.Text, c)
	if err != nil || !ok {
		return out
	}
	c.Declarer = seat
	out.contract, out.tricks, out.known = c, tricks, true
	if l, ok := r.Column("Lead"); ok {
		if card, err := auction.ParseCard(strings.TrimSpace(l.Text)); err == nil {
			out.lead, out.hasLead = card, true
		}
	}
	return out
}
