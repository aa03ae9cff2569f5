package scoring

import (
	"fmt"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/decimal"
	"github.com/bridgekit/bridgekit/record"
)

// pointTags are the tags in which a game states the points its own result
// scored (PBN 2.1 §4.2), and the traveller columns that state the same for
// each side. A side's points are the other side's taken from whole, when
// whole is known: IMPs from 0, percentages from 100 (matchpoints need the
// top).
var pointTags = []struct {
	name, ns, ew string
	whole        float64
	wholeKnown   bool
}{
	{"ScoreIMP", "IMP_NS", "IMP_EW", 0, true},
	{"ScoreMP", "MP_NS", "MP_EW", 0, false},
	{"ScorePercentage", "Percentage_NS", "Percentage_EW", 100, true},
}

// checkPointTags accounts for the points a game states for its own
// result: ScoreIMP, ScoreMP, ScorePercentage. The board's traveller, when
// it has a row of the board's own score, gives the same points for it
// (every row of one score has the same points), and the two must agree
// (points-mismatch). Without one, the points follow from results the
// game does not hold: a program that saves one table's game (BBO Helper's
// ScorePercentage from a daylong) or lists a board's tables as games
// (OKbridge's ScoreIMP beside its traveller, RoboBridge's for a third
// table) states them, and they are counted unchecked. The ScoreIMP of a
// board of a team match is its two rooms' (Matches), not this. The
// rubber scores are counted, never recomputed: they need the rubber's
// history and honours the file does not give.
func checkPointTags(b *record.Board) []diag.Diagnostic {
	if !scoreExtras(b) {
		countPointTables(b)
		return nil
	}
	var out []diag.Diagnostic
	var tr *Traveller
	read := false
	for _, pt := range pointTags {
		t := b.Extra(pt.name)
		if t == nil || !t.Given() {
			continue
		}
		if pt.name == "ScoreIMP" {
			if _, inMatch := RoomOf(b, ""); inMatch {
				continue
			}
		}
		sides, why, ok := sidePoints(t.Value, b)
		switch {
		case ok:
		case why == diag.CellUnreadable:
			b.Coverage.Skip(why, 1)
			out = append(out, diag.Diagnostic{Code: diag.UnreadableValue, Severity: diag.Warning, Span: diag.Span{Pos: t.Loc},
				Message: fmt.Sprintf("%s %q: not a side and its points (\"NS 3.5\", \"EW 52.1\", \"NS 1 EW -1\") nor a number for declarer's side (PBN 2.1 §4.2); not checked", pt.name, t.Value)})
			continue
		default:
			b.Coverage.Skip(why, 1)
			continue
		}
		if !read {
			tr, read = ReadTraveller(b, false), true
		}
		for _, s := range sides {
			col, other := pt.ns, pt.ew
			if s.side == auction.EW {
				col, other = other, col
			}
			var want float64
			var c record.Cell
			row, ok := ownRow(b, tr, col)
			if ok {
				want, c, _ = row.number(col)
			} else if pt.wholeKnown {
				if row, ok = ownRow(b, tr, other); ok {
					want, c, _ = row.number(other)
					want, col = pt.whole-want, other
				}
			}
			if !ok {
				b.Coverage.Skip(diag.NotRecomputed, 1)
				continue
			}
			if asWritten(t.Value, s.v, want) && asWritten(c.Text, want, s.v) {
				b.Coverage.Agree(1)
				continue
			}
			b.Coverage.Flag(1)
			out = append(out, diag.Diagnostic{Code: diag.PointsMismatch, Severity: diag.Warning, Law: 78, Span: diag.Span{Pos: t.Loc},
				Message: fmt.Sprintf("%s %q, but the traveller's row %d, of the board's own score (NS %d), gives %s %s", pt.name, t.Value, row.N, row.NS, col, strings.TrimSpace(c.Text))})
		}
	}
	for _, name := range rubberTags {
		if t := b.Extra(name); t != nil && t.Given() {
			b.Coverage.Skip(diag.NotRecomputed, max(countNumbers(t.Value), 1))
		}
	}
	countPointTables(b)
	return out
}

// rubberTags are the rubber's scores, which checkPointTags counts.
var rubberTags = [...]string{"ScoreRubber", "ScoreRubberHistory"}

// scoreExtras reports whether the board writes any tag whose name starts
// with "Score" among those it has no field for: every tag of pointTags
// and rubberTags does, and most boards write none of them.
func scoreExtras(b *record.Board) bool {
	for i := range b.Tags {
		if strings.HasPrefix(b.Tags[i].Name, "Score") {
			return true
		}
	}
	return false
}

// contestColumns are the columns of points that PBN defines for its
// tables of a contest's awards (§5): an ActionTable's scores for each
// call, card or contract chosen, as a bidding or lead problem awards
// them, and an InstantScoreTable's points for each range of scores.
var contestColumns = map[string]bool{
	"rank": true, "percentage": true, "imp_ns": true, "imp_ew": true, "percentage_ns": true, "percentage_ew": true,
}

// countPointTables counts the numbers of a board's ActionTable and
// InstantScoreTable, unchecked: the panel's or the organiser's awards,
// which nothing in the file gives.
func countPointTables(b *record.Board) {
	for i := range b.Tables {
		t := &b.Tables[i]
		if t.Tag.Name != "ActionTable" && t.Tag.Name != "InstantScoreTable" {
			continue
		}
		for _, row := range t.Rows {
			for j, c := range row {
				if j < len(t.Columns) && contestColumns[strings.ToLower(t.Columns[j].Name)] {
					if _, ok := decimal.Parse(strings.TrimSpace(c.Text)); ok {
						b.Coverage.Skip(diag.NotRecomputed, 1)
					}
				}
			}
		}
	}
}

// A sidePoint is one side's points in a Score tag's value.
type sidePoint struct {
	side auction.Side
	v    float64
}

// sidePoints reads a points tag's value: "NS 3.5", "EW 52.1", "NS 3.5 EW
// 0.5", or a bare number, which PBN gives for declarer's side. A value
// that does not read is CellUnreadable; a bare number when declarer is
// not known (or the board was passed out) is OutcomeUnknown: ok is false
// and why says which.
func sidePoints(text string, b *record.Board) (sides []sidePoint, why diag.Reason, ok bool) {
	f := strings.Fields(text)
	if len(f) == 1 {
		v, read := decimal.Parse(f[0])
		fin := b.Final()
		switch {
		case !read:
			return nil, diag.CellUnreadable, false
		case !fin.DeclarerKnown || fin.Contract.PassedOut():
			return nil, diag.OutcomeUnknown, false
		}
		return []sidePoint{{fin.Contract.Declarer.Side(), v}}, 0, true
	}
	if len(f) == 0 || len(f)%2 != 0 {
		return nil, diag.CellUnreadable, false
	}
	for i := 0; i < len(f); i += 2 {
		v, read := decimal.Parse(f[i+1])
		if !read {
			return nil, diag.CellUnreadable, false
		}
		switch strings.ToUpper(f[i]) {
		case "NS":
			sides = append(sides, sidePoint{auction.NS, v})
		case "EW":
			sides = append(sides, sidePoint{auction.EW, v})
		default:
			return nil, diag.CellUnreadable, false
		}
	}
	return sides, 0, true
}

// ownRow returns the first row of tr, not an adjusted one, with the
// board's own score for North–South (its Score, else its contract and
// result) and a number in column col.
func ownRow(b *record.Board, tr *Traveller, col string) (*Row, bool) {
	if tr == nil {
		return nil, false
	}
	ns, known := b.File.ScoreNS, b.File.ScoreKnown
	if !known {
		ns, known = NSScore(b)
	}
	if !known {
		return nil, false
	}
	for i := range tr.Rows {
		r := &tr.Rows[i]
		if r.Artificial || !r.ScoreKnown || r.NS != ns {
			continue
		}
		if _, _, ok := r.number(col); ok {
			return r, true
		}
	}
	return nil, false
}

// countNumbers counts the runs of digits in s.
func countNumbers(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' && (i == 0 || s[i-1] < '0' || s[i-1] > '9') {
			n++
		}
	}
	return n
}
