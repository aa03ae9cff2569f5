package scoring

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/record"
)

// A DDStatement is one statement of a deal's double-dummy tricks in a
// file: a DoubleDummyTricks tag or an OptimumResultTable, read into a
// table of which Known says the entries given.
type DDStatement struct {
	Name  string // the tag or table
	Loc   diag.Pos
	Table DDTable
	Known [4][5]bool
	Locs  [4][5]diag.Pos // where each entry is written
}

// Full reports whether every declarer and strain is given.
func (s *DDStatement) Full() bool {
	for _, row := range s.Known {
		for _, k := range row {
			if !k {
				return false
			}
		}
	}
	return true
}

// ddSeats and ddStrains are the order of DoubleDummyTricks: declarers N,
// S, E, W, each with NT, S, H, D, C.
var (
	ddSeats   = []auction.Seat{auction.North, auction.South, auction.East, auction.West}
	ddStrains = [5]auction.Strain{auction.NoTrump, auction.Spades, auction.Hearts, auction.Diamonds, auction.Clubs}
)

// DoubleDummy reads the double-dummy statements of a board, with the
// findings of the entries that cannot be: a value that is not 20 digits
// 0–d, a declarer or strain not known, tricks outside 0–13, an entry
// given twice with two values.
func DoubleDummy(b *record.Board) ([]DDStatement, []diag.Diagnostic) {
	// The statements go into one slice of room for all that may be read
	// (a statement is 560 bytes, and most hand records give two): PBN's
	// from the front, a program's own form, which PBN's are held to
	// first, from the back, to follow them at the end.
	out := make([]DDStatement, ddCandidates(b))
	front, back := 0, len(out)
	other := func(s DDStatement) {
		back--
		out[back] = s
	}
	var bad []diag.Diagnostic
	add := func(loc diag.Pos, format string, args ...any) {
		bad = append(bad, diag.Diagnostic{Code: diag.DDTableInvalid, Severity: diag.Warning, Span: diag.Span{Pos: loc}, Message: fmt.Sprintf(format, args...)})
	}
	for i := range b.Tags {
		t := &b.Tags[i]
		if t.Name == "Ability" && strings.TrimSpace(t.Value) != "" {
			if s, ok := ability(t); ok {
				other(s)
			} else {
				add(t.Loc, "Ability %q is not a seat, a colon and five hexadecimal digits for each declarer (tricks in NT, S, H, D, C, as Deep Finesse writes them)", t.Value)
			}
			continue
		}
		if t.Name != "DoubleDummyTricks" || strings.TrimSpace(t.Value) == "" {
			continue
		}
		v := strings.ToLower(strings.TrimSpace(t.Value))
		s := &out[front]
		*s = DDStatement{Name: t.Name, Loc: t.Loc}
		// An entry written '*' is not given: Bridge Solver Online writes
		// twenty of them for a deal it has not solved.
		if strings.Trim(v, "*") == "" {
			continue
		}
		if !tricksBySeat(s, v, ddSeats, t.Loc) {
			add(t.Loc, "DoubleDummyTricks %q is not 20 digits 0–9 and a–d, or * for an entry not given (tricks for N, S, E, W, each in NT, S, H, D, C)", t.Value)
			continue
		}
		front++
	}
	for _, e := range b.Escapes {
		if v, ok := strings.CutPrefix(e.Text, psTable); ok {
			if s, ok := psBridge(strings.TrimSpace(v), e.Loc); ok {
				other(s)
			} else {
				add(e.Loc, "%%%%!R line %q is not 20 hexadecimal digits (tricks for E, N, W, S, each in NT, S, H, D, C, as PS Bridge writes them)", strings.TrimSpace(v))
			}
		}
	}
	for i := range b.Tables {
		tb := &b.Tables[i]
		if tb.Tag.Name != "OptimumResultTable" {
			continue
		}
		s, fs := resultTable(tb)
		bad = append(bad, fs...)
		out[front] = s
		front++
	}
	slices.Reverse(out[back:])
	return append(out[:front], out[back:]...), bad
}

// ddCandidates counts what DoubleDummy may read of b as statements.
func ddCandidates(b *record.Board) int {
	n := 0
	for i := range b.Tags {
		if t := &b.Tags[i]; t.Name == "Ability" || t.Name == "DoubleDummyTricks" {
			n++
		}
	}
	for _, e := range b.Escapes {
		if strings.HasPrefix(e.Text, psTable) {
			n++
		}
	}
	for i := range b.Tables {
		if b.Tables[i].Tag.Name == "OptimumResultTable" {
			n++
		}
	}
	return n
}

// ability reads Deep Finesse's Ability tag, a double-dummy table by
// declarer: "N:7AA55 E:53377 S:7AA56 W:53377", each seat's tricks in NT,
// S, H, D and C as hexadecimal digits. A seat it leaves out is not given.
func ability(t *record.Tag) (DDStatement, bool) {
	s := DDStatement{Name: t.Name, Loc: t.Loc}
	f := strings.Fields(t.Value)
	if len(f) == 0 || len(f) > 4 {
		return s, false
	}
	for _, w := range f {
		seat, digits, ok := strings.Cut(strings.ToLower(w), ":")
		at := strings.Index("nesw", seat)
		if !ok || len(seat) != 1 || at < 0 || strings.Contains(digits, "*") || !tricksBySeat(&s, digits, []auction.Seat{auction.Seats[at]}, t.Loc) {
			return s, false
		}
	}
	return s, true
}

// tricksBySeat reads into s the hexadecimal digits v, five for each of
// seats in turn, each seat's tricks in NT, S, H, D and C; '*' is an entry
// not given. It reports whether v is that.
func tricksBySeat(s *DDStatement, v string, seats []auction.Seat, loc diag.Pos) bool {
	if len(v) != 5*len(seats) {
		return false
	}
	for k := range len(v) {
		if v[k] == '*' {
			continue
		}
		n := strings.IndexByte("0123456789abcd", v[k]|0x20)
		if n < 0 {
			return false
		}
		seat, strain := seats[k/5], ddStrains[k%5]
		s.Table[seat][strain], s.Known[seat][strain], s.Locs[seat][strain] = int8(n), true, loc
	}
	return true
}

// StatesDoubleDummy reports whether b states a double-dummy table or a
// par in any of the forms DoubleDummy and the par check read: what a
// solver of the deal would check.
func StatesDoubleDummy(b *record.Board) bool {
	for _, name := range []string{"DoubleDummyTricks", "Ability", "ParContract", "OptimumContract"} {
		if t := b.Field(name); t != nil && t.Given() {
			return true
		}
	}
	for _, ps := range parScores {
		if t := b.Field(ps.name); t != nil && t.Given() {
			return true
		}
	}
	for _, e := range b.Escapes {
		if strings.HasPrefix(e.Text, psTable) {
			return true
		}
	}
	for i := range b.Tables {
		if b.Tables[i].Tag.Name == "OptimumResultTable" {
			return true
		}
	}
	return false
}

// psTable begins the escape line in which PS Bridge writes a deal's
// double-dummy table: "%%!R 75974684697597468469".
const psTable = "%!R "

// psBridge reads PS Bridge's table: 20 hexadecimal digits, the tricks of
// declarers East, North, West and South, each in NT, S, H, D and C (an
// order found by solving the deals of a file it wrote: every entry of its
// first eight fitted this order, and no other).
func psBridge(v string, loc diag.Pos) (DDStatement, bool) {
	s := DDStatement{Name: "%%!R line", Loc: loc}
	ok := !strings.Contains(v, "*") && tricksBySeat(&s, v, []auction.Seat{auction.East, auction.North, auction.West, auction.South}, loc)
	return s, ok
}

// resultTable reads an OptimumResultTable: its Declarer, Denomination
// (or Suit, Strain) and Result (or Tricks) columns, also in the dialect
// that names them in one column, "Declarer Suit Tricks".
func resultTable(tb *record.Table) (DDStatement, []diag.Diagnostic) {
	s := DDStatement{Name: tb.Tag.Name, Loc: tb.Tag.Loc}
	var bad []diag.Diagnostic
	add := func(loc diag.Pos, format string, args ...any) {
		bad = append(bad, diag.Diagnostic{Code: diag.DDTableInvalid, Severity: diag.Warning, Span: diag.Span{Pos: loc}, Message: fmt.Sprintf(format, args...)})
	}
	names := make([]string, 0, len(tb.Columns))
	for _, c := range tb.Columns {
		names = append(names, strings.Fields(c.Name)...)
	}
	col := func(want ...string) int {
		for i, n := range names {
			for _, w := range want {
				if strings.EqualFold(n, w) {
					return i
				}
			}
		}
		return -1
	}
	di, si, ri := col("Declarer"), col("Denomination", "Suit", "Strain"), col("Result", "Tricks")
	if di < 0 || si < 0 || ri < 0 {
		add(tb.Tag.Loc, "OptimumResultTable %q has no Declarer, Denomination and Result columns", tb.Tag.Value)
		return s, bad
	}
	// The rows are read as one run of cells, a result to each len(names):
	// some writers put several results on a line. Rows of one result
	// each, the common case, are read where they are.
	rows := tb.Rows
	if slices.ContainsFunc(rows, func(r []record.Cell) bool { return len(r) != len(names) }) {
		var cells []record.Cell
		for _, r := range tb.Rows {
			cells = append(cells, r...)
		}
		rows = nil
		for k := 0; k+len(names) <= len(cells); k += len(names) {
			rows = append(rows, cells[k:k+len(names)])
		}
	}
	for _, row := range rows {
		d, err := auction.ParseSeat(row[di].Text)
		if err != nil {
			add(row[di].Loc, "declarer %q is not a seat", row[di].Text)
			continue
		}
		st, ok := parseStrain(row[si].Text)
		if !ok {
			add(row[si].Loc, "denomination %q is not S, H, D, C or NT", row[si].Text)
			continue
		}
		n, err := strconv.Atoi(row[ri].Text)
		if err != nil || n < 0 || n > 13 {
			add(row[ri].Loc, "%s in %s takes %q tricks: not a number of tricks from 0 to 13", d, st, row[ri].Text)
			continue
		}
		if s.Known[d][st] && int(s.Table[d][st]) != n {
			add(row[ri].Loc, "%s in %s is given twice: %d and %d tricks", d, st, s.Table[d][st], n)
			continue
		}
		s.Table[d][st], s.Known[d][st], s.Locs[d][st] = int8(n), true, row[ri].Loc
	}
	return s, bad
}

func parseStrain(t string) (auction.Strain, bool) {
	switch strings.ToUpper(strings.TrimSpace(t)) {
	case "C":
		return auction.Clubs, true
	case "D":
		return auction.Diamonds, true
	case "H":
		return auction.Hearts, true
	case "S":
		return auction.Spades, true
	case "N", "NT":
		return auction.NoTrump, true
	}
	return 0, false
}
