package convert

import (
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/lin"
	"github.com/bridgekit/bridgekit/record"
)

// This file reads what a web page's table says beside a LIN link (see
// lin.PageRow): BBO's traveller pages, whose columns are Result ("4♠E=",
// "5♦xS-3", "A==" for an adjusted score), Points (the score for
// North–South, "N/A" for an adjusted one) and Score (the matchpoint
// percentage, "58.33%", or the IMPs, "-2.00", for North–South).
//
// The Result is the board's stated contract, declarer and result, held
// against the LIN's auction and play as a PBN file's tags are. Each row
// also becomes a row of a traveller (a ScoreTable): its score is held
// against its contract, and, when the table is the whole traveller of one
// board (every row a link of the same deal), the percentages or IMPs
// against all the rows; on any other page the row stands alone, an
// excerpt of its board's field, and its percentage or IMPs are counted
// unchecked. The traveller is the board's of the table's first row.

// pageColumns are the columns of the traveller built from a page's table,
// as PBN names them; the last is the page's Points column, named for the
// side it is written for (Score_NS or Score_EW), and the page's Score
// column follows, named by what it holds.
var pageColumns = []string{"Names_NS", "Names_EW", "Contract", "Declarer", "Result", "Score_"}

// page reads the cells of the page row the record's link stands in.
func (m *linMapper) page(row *lin.PageRow) {
	if row == nil {
		return
	}
	m.b.LIN.Page = true
	res, _, ok := row.Column("Result")
	if !ok {
		return
	}
	if r, err := lin.ParseResult(pageResult(res.Text)); err == nil && !r.Empty() && !m.b.File.ContractKnown {
		statedResult(&m.b.File, record.Tag{Name: "Result", Value: res.Text, Loc: res.Pos, ValueSpan: diag.Span{Pos: res.Pos}}, r)
	}
	t := row.Table
	whole := t.Traveller()
	score := pageScoreColumn(t)
	if whole && !m.b.Scoring.Present() {
		// The method the page's Score column shows: BBO scores IMP
		// events across the field, each result against every other, as
		// the mean per comparison.
		switch score {
		case "IMP":
			m.b.Scoring = record.Tag{Name: "Score", Value: "IMP;Cross2", Loc: pageHeading(t, "Score")}
		case "Percentage":
			m.b.Scoring = record.Tag{Name: "Score", Value: "MP", Loc: pageHeading(t, "Score")}
		}
	}
	if whole && t.Rows[0] != row {
		return // the traveller is the first row's board's
	}
	cols := pageColumns
	rows := t.Rows
	if !whole {
		cols, rows = cols[2:], []*lin.PageRow{row} // no pairs: an excerpt
	}
	side := pageSide(t, rows)
	tb := record.Table{Tag: record.Tag{Name: "ScoreTable", Loc: t.Pos}}
	names := append([]string(nil), cols...)
	names[len(names)-1] = "Score_" + side
	switch score {
	case "":
	case "IMP", "Percentage":
		names = append(names, score+"_"+side)
	default:
		names = append(names, score)
	}
	tb.Tag.Value = strings.Join(names, ";")
	for _, n := range names {
		tb.Columns = append(tb.Columns, record.Column{Spec: n, Name: n})
	}
	for _, r := range rows {
		tb.Rows = append(tb.Rows, pageTravellerRow(r, names))
	}
	m.b.Tables = append(m.b.Tables, tb)
}

// pageTravellerRow returns a page row's cells under the traveller's
// columns.
func pageTravellerRow(r *lin.PageRow, names []string) []record.Cell {
	cell := func(heading string) record.Cell {
		c, _, _ := r.Column(heading)
		return record.Cell{Text: c.Text, Quoted: true, Loc: c.Pos}
	}
	pair := func(a, b string) record.Cell {
		x, y := cell(a), cell(b)
		x.Text = x.Text + " - " + y.Text
		return x
	}
	res := cell("Result")
	parts := pageResultParts(res.Text)
	out := make([]record.Cell, 0, len(names))
	for _, n := range names {
		var c record.Cell
		switch n {
		case "Names_NS":
			c = pair("North", "South")
		case "Names_EW":
			c = pair("East", "West")
		case "Contract", "Declarer", "Result":
			c = res
			c.Text = parts[n]
		case "Score_NS", "Score_EW":
			c = cell("Points")
			if !pageNumber(c.Text) {
				c.Text = "-" // "N/A": an adjusted score's, whose mark is in Contract
			}
		default:
			c = cell("Score")
		}
		if c.Text == "" {
			c.Text = "-"
		}
		out = append(out, c)
	}
	return out
}

// pageResult returns a page's result with its suit symbols as letters:
// "4♠E=" is "4SE=".
func pageResult(text string) string {
	return strings.NewReplacer("♠", "S", "♥", "H", "♦", "D", "♣", "C").Replace(strings.TrimSpace(text))
}

// pageResultParts returns the contract, the declarer and the result of a
// page's result cell, as a traveller writes them: "4S", "E", "=", by
// column. An adjusted score's mark ("A==") is the contract, and a result
// that does not read is given whole as the contract, which the traveller
// then says it cannot read.
func pageResultParts(text string) map[string]string {
	parts := map[string]string{"Contract": strings.TrimSpace(text), "Declarer": "-", "Result": "-"}
	r, err := lin.ParseResult(pageResult(text))
	switch {
	case err != nil || r.Empty():
		return parts
	case r.Passed:
		parts["Contract"] = "Pass"
		return parts
	}
	parts["Contract"], parts["Declarer"] = r.Contract, string(r.Declarer)
	if c, ok := resultContract(r); ok {
		parts["Contract"] = c.String()
	}
	if r.Result != "" {
		parts["Result"] = r.Result
	}
	return parts
}

// pageScoreColumn names what the page's Score column holds: Percentage
// when every cell is a percentage, IMP when every cell is a number with a
// decimal point, else the page's own name, a number not recomputed. It is
// "" when the table has no Score column.
func pageScoreColumn(t *lin.PageTable) string {
	pct, imps, given := true, true, false
	for _, r := range t.Rows {
		c, _, ok := r.Column("Score")
		if !ok {
			return ""
		}
		v := strings.TrimSpace(c.Text)
		if v == "" {
			continue
		}
		given = true
		n, isPct := strings.CutSuffix(v, "%")
		pct = pct && isPct && pageNumber(n)
		imps = imps && !isPct && pageNumber(v) && strings.Contains(v, ".")
	}
	switch {
	case !given:
		return ""
	case pct:
		return "Percentage"
	case imps:
		return "IMP"
	}
	return "Score"
}

// pageSide returns the side, "NS" or "EW", whose view the Points and Score
// of the rows give. BBO gives them from the side of the player the page is
// shown to: a heading may say so ("EW Points"), or the title names the
// player ("… played by kemistry"), who sits in one of the rows; else the
// signs of the points against the results tell, by the rows' majority
// (a page that says nothing has given North–South's).
func pageSide(t *lin.PageTable, rows []*lin.PageRow) string {
	for _, r := range rows {
		if _, side, ok := r.Column("Points"); ok && side != "" {
			return side
		}
	}
	if v := t.Viewer; v != "" {
		for _, r := range rows {
			for _, seat := range [...]struct{ heading, side string }{{"North", "NS"}, {"South", "NS"}, {"East", "EW"}, {"West", "EW"}} {
				if c, _, ok := r.Column(seat.heading); ok && strings.EqualFold(c.Text, v) {
					return seat.side
				}
			}
		}
	}
	ns, ew := 0, 0
	for _, r := range t.Rows {
		res, _, okR := r.Column("Result")
		pts, _, okP := r.Column("Points")
		lr, err := lin.ParseResult(pageResult(res.Text))
		n, errN := strconv.Atoi(strings.TrimSpace(pts.Text))
		if !okR || !okP || err != nil || lr.Passed || lr.Empty() || lr.Result == "" || errN != nil || n == 0 {
			continue
		}
		made := lr.Tricks >= lr.Level+6
		if (lr.Declarer == 'N' || lr.Declarer == 'S') == made == (n > 0) {
			ns++
		} else {
			ew++
		}
	}
	if ew > ns {
		return "EW"
	}
	return "NS"
}

// pageHeading is the place of the table's heading of the column name.
func pageHeading(t *lin.PageTable, name string) diag.Pos {
	for _, h := range t.Header {
		if strings.EqualFold(h.Text, name) {
			return h.Pos
		}
	}
	return t.Pos
}

// pageNumber reports whether s is a decimal number, signed or not.
func pageNumber(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	digits, dots := 0, 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] >= '0' && s[i] <= '9':
			digits++
		case s[i] == '.':
			dots++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1
}
