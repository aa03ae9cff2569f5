package scoring

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/record"
)

// Check checks the numbers a board states about its scoring beyond its
// own score (which record checks): that its Scoring tag names methods
// there are, that its double-dummy tables can be and agree with each
// other, that its OptimumScore and ParContract are the par of its own
// table, and that its traveller (ScoreTable) adds up.
func Check(b *record.Board) []diag.Diagnostic { return CheckSolved(b, nil) }

// A Solution is what a double-dummy solver made of a board's deal, for
// CheckSolved: its table when Solved, else the reason there is none
// (diag.NoDeal, diag.OverBudget), for the numbers it leaves unchecked.
type Solution struct {
	Table    DDTable
	Solved   bool
	Unsolved diag.Reason
}

// Par returns the par of the solved table for b's vulnerability, the
// dealer's side bidding first (see ComputePar), and whether there is one:
// a table, a vulnerability and a dealer.
func (s *Solution) Par(b *record.Board) (Par, bool) {
	if s == nil || !s.Solved || !b.VulnerableKnown || !b.DealerKnown {
		return Par{}, false
	}
	return ComputePar(s.Table, b.Vulnerable, b.Dealer.Side()), true
}

// CheckSolved checks the board as Check does and, when sol is not nil,
// also holds its double-dummy entries, OptimumScore and ParContract
// against the solver's table: dd-wrong and dd-par-wrong findings. Each
// such number is then counted against the solver (flagged when any check
// finds it wrong), not left unchecked for want of a second table.
func CheckSolved(b *record.Board, sol *Solution) []diag.Diagnostic {
	var out []diag.Diagnostic
	m, err := ParseMethod(b.Scoring.Value)
	if err != nil && b.Scoring.Present() {
		if n, nerr := strconv.Atoi(strings.TrimSpace(b.Scoring.Value)); nerr == nil && n%10 == 0 && n >= -7600 && n <= 7600 {
			out = append(out, scoreInScoring(b, n)...)
		} else if nerr == nil {
			// A number no score is: some program's code for a method?
			b.Coverage.Skip(diag.NotRecomputed, 1)
			out = append(out, diag.Diagnostic{Code: diag.ScoringUnknown, Severity: diag.Info, Span: diag.Span{Pos: b.Scoring.Loc},
				Message: fmt.Sprintf("scoring %q is a number, neither a scoring method nor a score; it is not checked", b.Scoring.Value)})
		} else {
			out = append(out, diag.Diagnostic{Code: diag.ScoringUnknown, Severity: diag.Info, Span: diag.Span{Pos: b.Scoring.Loc},
				Message: err.Error() + "; its numbers are not checked against it"})
		}
	}
	dd, bad := DoubleDummy(b)
	out = append(out, bad...)
	out = append(out, agree(dd)...)
	countDD(&b.Coverage, dd, len(bad), sol)
	out = append(out, wrongEntries(dd, sol)...)
	out = append(out, checkPar(b, dd, sol)...)
	out = append(out, checkPointTags(b)...)
	if err == nil {
		out = append(out, checkTraveller(b, m)...)
	} else if tr := ReadTraveller(b, false); tr != nil {
		var l diag.Ledger
		for _, c := range travellerNumbers(tr) {
			if c.readable {
				l.Skip(diag.MethodUnknown, 1)
			} else {
				l.Skip(diag.CellUnreadable, 1)
			}
		}
		out = append(out, uncheckedTable(tr.Table, "traveller", &l)...)
		b.Coverage.Merge(&l)
	}
	return out
}

// scoreInScoring checks a Scoring tag that holds a whole number that may
// be a score (a multiple of 10, 7600 at most), not a method: xin2pbn
// writes there the table's score, North–South's, as the Xinrui site gives
// it. It is read as a score, North–South's or declarer's, and held to the
// score of the board's contract and result.
func scoreInScoring(b *record.Board, n int) []diag.Diagnostic {
	at := diag.Span{Pos: b.Scoring.Loc}
	unknown := diag.Diagnostic{Code: diag.ScoringUnknown, Severity: diag.Info, Span: at}
	f := b.Final()
	if !f.ScoreKnown {
		b.Coverage.Skip(diag.OutcomeUnknown, 1)
		unknown.Message = fmt.Sprintf("scoring %q is a number, not a scoring method: read as the table's score (as xin2pbn writes it), not checked: the board's contract or result is not known", b.Scoring.Value)
		return []diag.Diagnostic{unknown}
	}
	declNS := f.ScoreNS
	if f.DeclarerKnown && f.Contract.Declarer.Side() == auction.EW {
		declNS = -f.ScoreNS
	}
	if n == f.ScoreNS || n == declNS {
		b.Coverage.Check(false)
		unknown.Message = fmt.Sprintf("scoring %q is a number, not a scoring method: read as the table's score (as xin2pbn writes it), which agrees; a score belongs in Score", b.Scoring.Value)
		return []diag.Diagnostic{unknown}
	}
	b.Coverage.Check(true)
	what := "passed out"
	if !f.Contract.PassedOut() {
		what = fmt.Sprintf("%s with %d tricks", f.Contract.Describe(), f.Tricks)
	}
	return []diag.Diagnostic{{Code: diag.ScoreMismatch, Severity: diag.Warning, Law: 77, Span: at,
		Message: fmt.Sprintf("scoring %q is a number, not a scoring method, read as the table's score (as xin2pbn writes it): %s scores NS %d, vulnerability %s", b.Scoring.Value, what, f.ScoreNS, b.Vulnerable)}}
}

// uncheckedTable is the finding of a table that states numbers none of
// which could be checked, by the ledger of its numbers: an audit that
// passed it in silence would read as one that checked it.
func uncheckedTable(t *record.Table, what string, l *diag.Ledger) []diag.Diagnostic {
	why, any := l.Most()
	if !any || l.Checked() > 0 {
		return nil
	}
	return []diag.Diagnostic{{Code: diag.UncheckedNumbers, Severity: diag.Warning, Span: diag.Span{Pos: t.Tag.Loc},
		Message: fmt.Sprintf("none of the %s's %d numbers is checked: %s (%s)", what, l.Stated(), why.Explain(), why)}}
}

// countDD counts the entries of a board's double-dummy statements: one
// that another statement gives too is agreed or flagged by it, one no
// other gives is left unchecked (bridgekit solves no deals but under
// audit --dd); bad entries are flagged. With a solved table, each entry
// is agreed or flagged by it instead; with a solution that has none,
// entries no other statement gives are unchecked for its reason.
func countDD(l *diag.Ledger, dd []DDStatement, bad int, sol *Solution) {
	l.Flag(bad)
	alone := diag.NoSolver
	if sol != nil {
		alone = sol.Unsolved
	}
	for i := range dd {
		for _, seat := range ddSeats {
			for _, st := range ddStrains {
				if !dd[i].Known[seat][st] {
					continue
				}
				if sol != nil && sol.Solved {
					l.Check(dd[i].Table[seat][st] != sol.Table[seat][st])
					continue
				}
				others, differ := 0, false
				for j := range dd {
					if j != i && dd[j].Known[seat][st] {
						others++
						differ = differ || dd[j].Table[seat][st] != dd[i].Table[seat][st]
					}
				}
				if others == 0 {
					l.Skip(alone, 1)
				} else {
					l.Check(differ)
				}
			}
		}
	}
}

// wrongEntries reports, for each double-dummy statement, the entries the
// solved table gives otherwise: one finding a statement, at its first
// wrong entry, giving the true number of each.
func wrongEntries(dd []DDStatement, sol *Solution) []diag.Diagnostic {
	if sol == nil || !sol.Solved {
		return nil
	}
	var out []diag.Diagnostic
	for i := range dd {
		s := &dd[i]
		var diffs []string
		var at diag.Pos
		var msg string
		for _, seat := range ddSeats {
			for _, st := range ddStrains {
				if !s.Known[seat][st] || s.Table[seat][st] == sol.Table[seat][st] {
					continue
				}
				if len(diffs) == 0 {
					at = s.Locs[seat][st]
					msg = fmt.Sprintf("%s says %s takes %d tricks in %s; double dummy it is %d", s.Name, seat, s.Table[seat][st], st.Name(), sol.Table[seat][st])
				}
				diffs = append(diffs, fmt.Sprintf("%s takes %d tricks in %s, not %d", seat, sol.Table[seat][st], st.Name(), s.Table[seat][st]))
			}
		}
		if len(diffs) == 0 {
			continue
		}
		if len(diffs) > 1 {
			msg = fmt.Sprintf("%s is wrong in %d entries; double dummy %s", s.Name, len(diffs), strings.Join(diffs, ", "))
		}
		out = append(out, diag.Diagnostic{Code: diag.DDWrong, Severity: diag.Warning, Span: diag.Span{Pos: at}, Message: msg})
	}
	return out
}

// agree reports the entries two statements of the tricks give otherwise.
func agree(dd []DDStatement) []diag.Diagnostic {
	var out []diag.Diagnostic
	for i := 1; i < len(dd); i++ {
		a, b := &dd[0], &dd[i]
		var diffs []string
		var at diag.Pos
		for _, seat := range ddSeats {
			for _, st := range ddStrains {
				if a.Known[seat][st] && b.Known[seat][st] && a.Table[seat][st] != b.Table[seat][st] {
					if len(diffs) == 0 {
						at = b.Locs[seat][st]
					}
					diffs = append(diffs, fmt.Sprintf("%s in %s %d, not %d", seat, st, b.Table[seat][st], a.Table[seat][st]))
				}
			}
		}
		if len(diffs) > 0 {
			out = append(out, diag.Diagnostic{Code: diag.DDTableInvalid, Severity: diag.Warning, Span: diag.Span{Pos: at},
				Message: fmt.Sprintf("%s disagrees with %s: %s", b.Name, a.Name, strings.Join(diffs, ", "))})
		}
	}
	return out
}

// A parRef is a table a stated par is held against: the board's own full
// table (par-mismatch) or the solver's (dd-par-wrong), with the words that
// name it in a finding.
type parRef struct {
	table DDTable
	code  diag.Code
	gives string // "the board's own OptimumResultTable gives"
	by    string // "by the board's own OptimumResultTable"
	par   Par    // with the dealer's side bidding first
	other *Par   // with the other side first, computed when needed
}

// otherPar is the par of r's table with the side after the dealer's
// bidding first.
func (r *parRef) otherPar(v auction.Vulnerability, first auction.Side) Par {
	if r.other == nil {
		p := ComputePar(r.table, v, first.Opponents())
		r.other = &p
	}
	return *r.other
}

// checkPar compares OptimumScore and ParContract with the par of the
// board's full double-dummy table, and of the solved table when sol has
// one. The par is computed with the dealer's side bidding first; a stated
// par that only the other side bidding first gives, or a contract other
// than the one kept for the same score, differs only by convention
// (programs choose differently), and agrees. Each stated number is
// counted once: flagged when any table finds it wrong.
func checkPar(b *record.Board, dd []DDStatement, sol *Solution) []diag.Diagnostic {
	var own *DDStatement
	for i := range dd {
		if dd[i].Full() {
			own = &dd[i]
			break
		}
	}
	solved := sol != nil && sol.Solved
	if own == nil && !solved || !b.VulnerableKnown || !b.DealerKnown {
		reason := diag.NoTable
		switch {
		case own != nil || solved:
			reason = diag.OutcomeUnknown
		case sol != nil && sol.Unsolved == diag.OverBudget:
			reason = diag.OverBudget
		}
		for _, ps := range parScores {
			if t := b.Extra(ps.name); t != nil && t.Given() {
				b.Coverage.Skip(reason, 1)
			}
		}
		for _, pc := range parContractTags {
			if t := b.Extra(pc.name); t != nil && t.Given() {
				b.Coverage.Skip(reason, 1)
			}
		}
		return nil
	}
	first := b.Dealer.Side()
	var refs []*parRef
	if own != nil {
		name := "the board's own " + own.Name
		refs = append(refs, &parRef{table: own.Table, code: diag.ParMismatch, gives: name + " gives", by: "by " + name})
	}
	if solved {
		refs = append(refs, &parRef{table: sol.Table, code: diag.DDParWrong, gives: "double dummy gives", by: "double dummy"})
	}
	for _, r := range refs {
		r.par = ComputePar(r.table, b.Vulnerable, first)
	}
	var out []diag.Diagnostic
	mismatch := func(loc diag.Pos, code diag.Code, format string, args ...any) {
		out = append(out, diag.Diagnostic{Code: code, Severity: diag.Warning, Span: diag.Span{Pos: loc}, Message: fmt.Sprintf(format, args...)})
	}
	for _, ps := range parScores {
		score := b.Extra(ps.name)
		if score == nil || !score.Present() || strings.TrimSpace(score.Value) == "" {
			continue
		}
		got, err := ps.parse(score.Value)
		if err != nil {
			b.Coverage.Flag(1)
			mismatch(score.Loc, refs[0].code, "%s: %v", ps.name, err)
			continue
		}
		wrong := false
		for _, r := range refs {
			// The par with either side bidding first: conventions
			// differ, and both are the board's par.
			if got != r.par.Score && got != r.otherPar(b.Vulnerable, first).Score {
				wrong = true
				mismatch(score.Loc, r.code, "%s %q, but %s the par %s (%s)", ps.name, score.Value, r.gives, sideScore(r.par.Score), contracts(r.par))
			}
		}
		b.Coverage.Check(wrong)
	}
	for _, form := range parContractTags {
		contract := b.Extra(form.name)
		if contract == nil || !contract.Present() || strings.TrimSpace(contract.Value) == "" {
			continue
		}
		pcs, err := form.parse(contract.Value)
		if err != nil {
			b.Coverage.Flag(1)
			mismatch(contract.Loc, refs[0].code, "%s: %v", form.name, err)
			continue
		}
		for _, pc := range pcs {
			wrong := false
			for _, r := range refs {
				got, ok := scoreOf(pc, r.table, b.Vulnerable)
				switch {
				case !ok:
					mismatch(contract.Loc, r.code, "%s %q: %s does not take the tricks it says %s", form.name, contract.Value, pc, r.by)
				case got == r.par.Score || got == r.otherPar(b.Vulnerable, first).Score:
					// Another contract scoring the par (1NT+1 for 2NT=)
					// is the par by another program's choice.
					continue
				default:
					mismatch(contract.Loc, r.code, "%s %q scores %s, but %s the par %s (%s)", form.name, contract.Value, sideScore(got), r.gives, sideScore(r.par.Score), contracts(r.par))
				}
				wrong = true
			}
			b.Coverage.Check(wrong)
		}
	}
	return out
}

// parContractTags are the tags that state a board's par contracts, and how
// each is read: PBN 2.1's ParContract ("NS 4S=", "EW 5DX-2"), and Ruter's
// and Magic Contest's OptimumContract, a contract, its declarer and his
// tricks ("4HX E 8").
var parContractTags = []struct {
	name  string
	parse func(string) ([]ParContract, error)
}{
	{"ParContract", ParseParContracts},
	{"OptimumContract", parseOptimumContract},
}

// parseOptimumContract reads an OptimumContract value: "4HX E 8", "3NT
// S 9", or "Pass".
func parseOptimumContract(v string) ([]ParContract, error) {
	f := strings.Fields(v)
	if len(f) == 1 && strings.EqualFold(f[0], "pass") {
		return []ParContract{{}}, nil
	}
	if len(f) == 3 {
		c, err := auction.ParseContract(f[0])
		seat, serr := auction.ParseSeat(f[1])
		tricks, terr := strconv.Atoi(f[2])
		if err == nil && serr == nil && terr == nil && !c.PassedOut() && tricks >= 0 && tricks <= 13 {
			c.Declarer = seat
			return []ParContract{{Contract: c, Side: seat.Side(), Tricks: tricks, seat: true}}, nil
		}
	}
	return nil, fmt.Errorf("%q is not a contract, its declarer and his tricks (\"4HX E 8\")", v)
}

// parScores are the tags that state a board's par score, and how each
// is read to North–South's score: PBN 2.1's OptimumScore, BEN's ParScore
// (North–South's score alone, "-420"), and Deep Finesse's Minimax (the
// contract, declarer and North–South's score, "4HS420", "4SDE300").
var parScores = []struct {
	name  string
	parse func(string) (int, error)
}{
	{"OptimumScore", ParseParScore},
	{"ParScore", func(v string) (int, error) {
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(v), "+"))
		if err != nil {
			return 0, fmt.Errorf("%q is not North–South's score", v)
		}
		return n, nil
	}},
	{"Minimax", parseMinimax},
}

// parseMinimax reads Deep Finesse's Minimax: a contract ("4H", "3N",
// doubled "4SD", redoubled "4SR"), its declarer and North–South's score.
func parseMinimax(v string) (int, error) {
	w := strings.ToUpper(strings.TrimSpace(v))
	i := 0
	if i < len(w) && w[i] >= '1' && w[i] <= '7' {
		i++
		if i < len(w) && strings.IndexByte("CDHSN", w[i]) >= 0 {
			i++
			if i < len(w) && w[i] == 'T' && w[i-1] == 'N' {
				i++
			}
			if i+1 < len(w) && (w[i] == 'D' || w[i] == 'R' || w[i] == 'X') && strings.IndexByte("NESW", w[i+1]) >= 0 {
				i++
			}
			if i < len(w) && strings.IndexByte("NESW", w[i]) >= 0 {
				if n, err := strconv.Atoi(strings.TrimPrefix(w[i+1:], "+")); err == nil {
					return n, nil
				}
			}
		}
	}
	if n, err := strconv.Atoi(w); err == nil && n == 0 {
		return 0, nil // passed out
	}
	return 0, fmt.Errorf("%q is not a contract, its declarer and North–South's score (\"4HS420\", \"4SDE300\")", v)
}

func sideScore(ns int) string { return fmt.Sprintf("NS %d", ns) }

func contracts(p Par) string {
	if len(p.Contracts) == 0 {
		return "passed out"
	}
	s := make([]string, len(p.Contracts))
	for i, c := range p.Contracts {
		s[i] = c.String()
	}
	return strings.Join(s, ", ")
}

// scoreOf is the NS score of a stated par contract, and whether one of
// its side's hands takes the tricks it states.
func scoreOf(pc ParContract, dd DDTable, v auction.Vulnerability) (int, bool) {
	if pc.Contract.PassedOut() {
		return 0, true
	}
	a, b := auction.North, auction.South
	if pc.Side == auction.EW {
		a, b = auction.East, auction.West
	}
	s := pc.Contract.Strain
	if pc.seat {
		a, b = pc.Contract.Declarer, pc.Contract.Declarer // the value names the hand
	}
	if int(dd[a][s]) != pc.Tricks && int(dd[b][s]) != pc.Tricks {
		return 0, false
	}
	c := pc.Contract
	c.Declarer = a
	n := auction.Score(c, pc.Tricks, v)
	if pc.Side == auction.EW {
		n = -n
	}
	return n, true
}

// ParseParContracts reads a ParContract value: a side and one or more
// contracts with their results, "NS 4S=", "EW 5DX-2", "NS 3N+1; NS 4H=",
// "NS Pass".
func ParseParContracts(text string) ([]ParContract, error) {
	var out []ParContract
	side := auction.NS
	haveSide := false
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ';' || r == ',' }) {
		switch u := strings.ToUpper(w); u {
		case "NS", "N", "S":
			side, haveSide = auction.NS, true
			continue
		case "EW", "E", "W":
			side, haveSide = auction.EW, true
			continue
		case "PASS":
			out = append(out, ParContract{Side: side})
			continue
		}
		pc, err := parseParContract(w)
		if err != nil || !haveSide {
			return nil, fmt.Errorf("%q is not a side and a contract with its result (\"NS 4S=\", \"EW 5DX-2\")", text)
		}
		pc.Side = side
		out = append(out, pc)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%q names no contract", text)
	}
	return out, nil
}

func parseParContract(w string) (ParContract, error) {
	i := strings.IndexAny(w, "=+-")
	if i < 0 {
		i = len(w)
	}
	c, err := auction.ParseContract(w[:i])
	if err != nil || c.PassedOut() {
		return ParContract{}, fmt.Errorf("bad contract %q", w)
	}
	need := int(c.Level) + 6
	tricks := need
	if i < len(w) && w[i] != '=' {
		var n int
		if _, err := fmt.Sscanf(w[i+1:], "%d", &n); err != nil {
			return ParContract{}, fmt.Errorf("bad result %q", w)
		}
		if w[i] == '+' {
			tricks += n
		} else {
			tricks -= n
		}
	}
	return ParContract{Contract: c, Tricks: tricks}, nil
}
