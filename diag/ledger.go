package diag

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// A Reason says why a number a file states was not checked. The reasons
// are a small fixed vocabulary, so that a run's unchecked numbers can be
// counted by them and read by a script.
type Reason uint8

// The reasons a stated number is left unchecked.
const (
	// CellUnreadable: the number itself does not read ("4.O", "n/a").
	CellUnreadable Reason = iota
	// MethodUnknown: the board's Scoring names no method bridgekit
	// knows, so its matchpoints or IMPs cannot be recomputed.
	MethodUnknown
	// Excerpt: a traveller or total table that shows part of its field
	// (no table, round or pair columns: "only the best ten"), whose
	// points count results it does not hold.
	Excerpt
	// FieldIncomplete: the results the number follows from are not all
	// there: a traveller row with no score, a pair whose boards the file
	// holds only some of, a board whose other room is missing.
	FieldIncomplete
	// AdjustedUnknown: an adjusted score whose mark does not read.
	AdjustedUnknown
	// OutcomeUnknown: the contract, declarer, tricks or vulnerability the
	// number follows from is not known.
	OutcomeUnknown
	// NoTable: a par with no full double-dummy table of the board to
	// compute it from.
	NoTable
	// NoSolver: a double-dummy entry that no other table of the board
	// states; bridgekit solves deals only under audit --dd.
	NoSolver
	// PairsAmbiguous: a total whose pair id names a pair in each direction
	// of a Mitchell, the table saying no direction.
	PairsAmbiguous
	// NoAuction: a contract or declarer with no complete, legal auction
	// to replay.
	NoAuction
	// NoPlay: a result or a claim with neither the play of every trick
	// nor a claim to give the tricks.
	NoPlay
	// Adjusted: an adjusted score ("NS 60%", Law 12C2), which the director
	// sets: nothing to compute it from.
	Adjusted
	// NotRecomputed: a number of a kind bridgekit does not recompute (a
	// USEBIO match's victory points, masterpoints awarded, the totals of
	// an event without matches).
	NotRecomputed
	// OverBudget: a double-dummy entry or par of a deal the solver did not
	// solve within its time budget (audit --dd-budget).
	OverBudget
	// NoDeal: a double-dummy entry of a board without a full deal for the
	// solver to solve (audit --dd).
	NoDeal

	numReasons
)

// reasonNames are the reasons as the JSON and the text name them.
var reasonNames = [numReasons]string{
	CellUnreadable:  "cell-unreadable",
	MethodUnknown:   "method-unknown",
	Excerpt:         "excerpt",
	FieldIncomplete: "field-incomplete",
	AdjustedUnknown: "adjusted-unknown",
	OutcomeUnknown:  "outcome-unknown",
	NoTable:         "no-table",
	NoSolver:        "no-solver",
	PairsAmbiguous:  "pairs-ambiguous",
	NoAuction:       "no-auction",
	NoPlay:          "no-play",
	Adjusted:        "adjusted",
	NotRecomputed:   "not-recomputed",
	OverBudget:      "dd-budget",
	NoDeal:          "no-deal",
}

// reasonTexts say each reason in words, as a finding gives it.
var reasonTexts = [numReasons]string{
	CellUnreadable:  "its numbers do not read",
	MethodUnknown:   "the Scoring names no method bridgekit knows",
	Excerpt:         "it shows part of its field (no table, round or pair columns), whose points count results it does not hold",
	FieldIncomplete: "the results its numbers follow from are not all there",
	AdjustedUnknown: "an adjusted score's mark does not read",
	OutcomeUnknown:  "the contracts, results or vulnerability its numbers follow from are not known",
	NoTable:         "the board has no full double-dummy table to compute the par from",
	NoSolver:        "no other table of the board states its entries",
	PairsAmbiguous:  "its pair ids name a pair in each direction, and it says no direction",
	NoAuction:       "no complete, legal auction gives them",
	NoPlay:          "neither a play of every trick nor a claim gives the tricks",
	Adjusted:        "they are adjusted scores, which the director sets",
	NotRecomputed:   "bridgekit does not recompute numbers of their kind",
	OverBudget:      "the solver did not solve the deal within its time budget",
	NoDeal:          "the board has no full deal to solve",
}

// Explain says the reason in words: "the Scoring names no method
// bridgekit knows".
func (r Reason) Explain() string {
	if r < numReasons {
		return reasonTexts[r]
	}
	return r.String()
}

// String returns the reason's name, e.g. "cell-unreadable".
func (r Reason) String() string {
	if r < numReasons {
		return reasonNames[r]
	}
	return "reason(" + strconv.Itoa(int(r)) + ")"
}

// Reasons returns every reason, in order.
func Reasons() []Reason {
	out := make([]Reason, numReasons)
	for i := range out {
		out[i] = Reason(i)
	}
	return out
}

// A Ledger accounts for the numbers a file states that bridgekit knows how
// to check (a Score, a traveller's cells, a total, a par, a double-dummy
// entry, a Result): each ends agreed, flagged (a finding says what is
// wrong with it) or unchecked with a reason, so that a clean audit can be
// told from one that did not look. The zero value is an empty ledger; it
// holds no pointers, so a board can carry one for free.
type Ledger struct {
	Agreed    int
	Flagged   int
	Unchecked [numReasons]int
}

// Agree counts n numbers that agree with what they follow from.
func (l *Ledger) Agree(n int) { l.Agreed += n }

// Flag counts n numbers a finding says are wrong.
func (l *Ledger) Flag(n int) { l.Flagged += n }

// Skip counts n numbers left unchecked for reason r.
func (l *Ledger) Skip(r Reason, n int) { l.Unchecked[r] += n }

// Check counts one number: flagged when wrong, else agreed.
func (l *Ledger) Check(wrong bool) {
	if wrong {
		l.Flagged++
	} else {
		l.Agreed++
	}
}

// Checked returns the numbers agreed or flagged.
func (l *Ledger) Checked() int { return l.Agreed + l.Flagged }

// Most returns the reason most numbers were left unchecked for, and
// whether any was.
func (l *Ledger) Most() (Reason, bool) {
	best := Reason(0)
	for i, v := range l.Unchecked {
		if v > l.Unchecked[best] {
			best = Reason(i)
		}
	}
	return best, l.Unchecked[best] > 0
}

// Stated returns the numbers counted: agreed, flagged and unchecked.
func (l *Ledger) Stated() int { return l.Agreed + l.Flagged + l.Skipped() }

// Skipped returns the numbers left unchecked, for any reason.
func (l *Ledger) Skipped() int {
	n := 0
	for _, v := range l.Unchecked {
		n += v
	}
	return n
}

// Merge adds o's counts to l.
func (l *Ledger) Merge(o *Ledger) {
	l.Agreed += o.Agreed
	l.Flagged += o.Flagged
	for i, v := range o.Unchecked {
		l.Unchecked[i] += v
	}
}

// ledgerJSON is a Ledger's JSON form: stated == agreed + flagged + the sum
// of unchecked, by reason name (reasons of no number left out).
type ledgerJSON struct {
	Stated    int            `json:"stated"`
	Agreed    int            `json:"agreed"`
	Flagged   int            `json:"flagged"`
	Unchecked map[string]int `json:"unchecked"`
}

// MarshalJSON writes {"stated", "agreed", "flagged", "unchecked": {reason: n}}.
func (l Ledger) MarshalJSON() ([]byte, error) {
	j := ledgerJSON{Stated: l.Stated(), Agreed: l.Agreed, Flagged: l.Flagged, Unchecked: map[string]int{}}
	for i, v := range l.Unchecked {
		if v > 0 {
			j.Unchecked[reasonNames[i]] = v
		}
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes; an unknown reason is an
// error, as is a stated count that is not the sum of the others.
func (l *Ledger) UnmarshalJSON(data []byte) error {
	var j ledgerJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*l = Ledger{Agreed: j.Agreed, Flagged: j.Flagged}
	for name, v := range j.Unchecked {
		r := Reason(0)
		for r < numReasons && reasonNames[r] != name {
			r++
		}
		if r == numReasons {
			return fmt.Errorf("coverage: %q is not a reason a number is left unchecked", name)
		}
		l.Unchecked[r] = v
	}
	if j.Stated != l.Stated() {
		return fmt.Errorf("coverage: stated %d is not agreed, flagged and unchecked (%d)", j.Stated, l.Stated())
	}
	return nil
}

// Text writes the ledger for people: "numbers stated 12,340: agreed
// 11,902, flagged 99, unchecked 339 — cell-unreadable 200, excerpt 139".
func (l *Ledger) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: agreed %s, flagged %s, unchecked %s", Thousands(l.Stated()), Thousands(l.Agreed), Thousands(l.Flagged), Thousands(l.Skipped()))
	sep := " — "
	for i, v := range l.Unchecked {
		if v > 0 {
			fmt.Fprintf(&b, "%s%s %s", sep, reasonNames[i], Thousands(v))
			sep = ", "
		}
	}
	return b.String()
}

// Thousands writes n with commas between groups of three digits, as
// counts are said for people: 19,552.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
