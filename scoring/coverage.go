package scoring

import (
	"strings"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/decimal"
	"github.com/bridgekit/bridgekit/record"
)

// A statedNumber is a cell of a traveller that states a number: a row's
// score, its points, the datum, which bridgekit knows how to check, or
// another number of the row's own.
type statedNumber struct {
	row      int    // index into the traveller's rows
	col      string // the column, as the table names it
	kind     numberKind
	cell     record.Cell
	readable bool // a number, or for a score the mark of an adjusted one
}

// numberKind sorts a traveller's numbers by what they follow from.
type numberKind uint8

const (
	scoreNumber  numberKind = iota // Score_NS, Score_EW: the contract and result
	pointsNumber                   // MP_, Percentage_, IMP_: the board's results under the method
	datumNumber                    // ButlerDatum, Datum: the results under the method
	otherNumber                    // a column bridgekit does not recompute (a team match's victory points)
)

// travellerInputs are the columns of a traveller that say whose row it is
// and what was played: what its numbers follow from, not numbers it
// states of its own.
var travellerInputs = map[string]bool{
	"table": true, "round": true, "section": true, "multiplicity": true,
	"pairid_ns": true, "pairid_ew": true, "names_ns": true, "names_ew": true,
	"playerid_n": true, "playerid_e": true, "playerid_s": true, "playerid_w": true,
	"contract": true, "declarer": true, "result": true, "lead": true,
}

// travellerColumns are the columns of numbers a traveller is checked by.
var travellerColumns = map[string]numberKind{
	"score_ns": scoreNumber, "score_ew": scoreNumber,
	"mp_ns": pointsNumber, "mp_ew": pointsNumber, "percentage_ns": pointsNumber, "percentage_ew": pointsNumber,
	"imp_ns": pointsNumber, "imp_ew": pointsNumber,
	// An individual event's, each player's.
	"mp_north": pointsNumber, "mp_east": pointsNumber, "mp_south": pointsNumber, "mp_west": pointsNumber,
	"percentage_north": pointsNumber, "percentage_east": pointsNumber, "percentage_south": pointsNumber, "percentage_west": pointsNumber,
	"imp_north": pointsNumber, "imp_east": pointsNumber, "imp_south": pointsNumber, "imp_west": pointsNumber,
	"butlerdatum": datumNumber, "datum": datumNumber,
}

// travellerNumbers lists the stated numbers of a traveller: its cells of
// travellerColumns that hold something ("-" and blanks hold nothing), and
// the numbers of its other columns but those of travellerInputs.
func travellerNumbers(tr *Traveller) []statedNumber {
	var out []statedNumber
	for i := range tr.Rows {
		r := &tr.Rows[i]
		for j, col := range r.Cells.Columns {
			name := strings.ToLower(col.Name)
			kind, ok := travellerColumns[name]
			if !ok && (travellerInputs[name] || identity(name) || strings.Contains(name, "id_")) || j >= len(r.Cells.Row) {
				continue
			}
			c := r.Cells.Row[j]
			t := strings.TrimSpace(c.Text)
			if t == "" || t == "-" || r.Bye && strings.EqualFold(t, "bye") {
				continue
			}
			_, num := decimal.Parse(strings.Replace(strings.TrimSuffix(t, "%"), ",", ".", 1))
			if !ok {
				if !num {
					continue // words: a team's name, a note
				}
				kind = otherNumber
			}
			out = append(out, statedNumber{row: i, col: col.Name, kind: kind, cell: c, readable: num || kind == scoreNumber && isAdjustedMark(t)})
		}
	}
	return out
}

// countTraveller accounts for a traveller's numbers on l, after its check:
// a number a finding is placed at is flagged; one whose check ran agrees;
// the others are unchecked, with the reason the check did not run.
//
// pointsWhy is why the points of the rows played were not recomputed (a
// reason, or -1 when they were); imps and datum say whether the IMP and
// datum columns were.
func countTraveller(l *diag.Ledger, tr *Traveller, found []diag.Diagnostic, pointsWhy int, imps, datum bool, m Method) {
	flagged := map[int]bool{}
	for _, d := range found {
		flagged[d.Offset] = true
	}
	for _, n := range travellerNumbers(tr) {
		r := &tr.Rows[n.row]
		why := -1
		switch {
		case n.kind == otherNumber:
			why = int(diag.NotRecomputed)
		case r.Bye:
			why = int(diag.Adjusted) // a sit-out's award, which the regulation sets
		case !n.readable:
			why = int(diag.CellUnreadable)
		case n.kind == scoreNumber && r.Artificial:
			why = int(diag.Adjusted) // a mark, which the director sets
		case n.kind == scoreNumber && (!r.ContractKnown || !tr.VulnerableKnown):
			why = int(diag.OutcomeUnknown)
		case n.kind == scoreNumber:
		case r.Artificial:
			if _, _, ok := r.adjusted(); !ok {
				why = int(diag.AdjustedUnknown)
			} else if pointsWhy >= 0 {
				why = pointsWhy
			} else if !adjustedChecks(r, n.col, m) {
				why = int(diag.Adjusted)
			}
		case pointsWhy >= 0 && !(n.kind == pointsNumber && flagged[n.cell.Loc.Offset]):
			why = pointsWhy // a number what the points say of each other flags is flagged
		case n.kind == datumNumber && !datum, n.kind == pointsNumber && strings.HasPrefix(strings.ToLower(n.col), "imp_") && !imps:
			why = int(diag.MethodUnknown)
			if m.Base == IMP {
				why = int(diag.FieldIncomplete) // two rooms, one of them missing
			}
		}
		if why >= 0 {
			l.Skip(diag.Reason(why), 1)
			continue
		}
		l.Check(flagged[n.cell.Loc.Offset])
	}
}

// adjustedChecks reports whether checkAdjusted checks the column col of
// the adjusted row r: the percentage and matchpoints of a side its mark
// gives, and in IMPs those of 60, 50 and 40%.
func adjustedChecks(r *Row, col string, m Method) bool {
	ns, ew, _ := r.adjusted()
	c := strings.ToLower(col)
	pct := ns
	if strings.HasSuffix(c, "_ew") || strings.HasSuffix(c, "_east") || strings.HasSuffix(c, "_west") {
		pct = ew
	}
	switch {
	case pct < 0:
		return false
	case strings.HasPrefix(c, "imp_"):
		return adjustedIMPs(m) && (pct == 60 || pct == 50 || pct == 40)
	}
	return strings.HasPrefix(c, "mp_") || strings.HasPrefix(c, "percentage_")
}

// adjustedIMPs reports whether an adjusted row's IMPs follow from its
// percentage under m: 60% is +3 IMPs on a board scored against one datum
// or the other room (Law 12C2); a cross-IMP row sums a board's every
// comparison, on a scale the regulation sets (Ruter writes 1.5 for each),
// and is not checked.
func adjustedIMPs(m Method) bool {
	return m.Base == IMP && !m.CrossIMPs()
}
