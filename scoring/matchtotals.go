package scoring

import (
	"fmt"
	"math"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/decimal"
)

// MatchTotals checks the totals of the participants of team and Swiss
// events against their matches, where a results file states both (USEBIO's
// MATCH and PARTICIPANTS): a participant's total, where it is the points of
// its matches, is the sum of its scores in them; its wins or draws the
// matches it won, with a half for each drawn. The matches of an event may
// come before its participants or after them, and a file may be read in
// parts: give it both as they come (AddMatch, AddParticipant), then Check.
type MatchTotals struct {
	fields map[string]*matchField
	order  []string // the fields, as first seen
	// held counts the matches and participants held; past
	// maxMatchTotals the rest are dropped (full), and dropped counts
	// the totals of the participants dropped.
	held, dropped int
	full          bool
}

// maxMatchTotals bounds the matches and participants a MatchTotals holds,
// some 5 MB: a file of a million MATCH elements must not hold them all.
// Past it, no total of the file is checked.
const maxMatchTotals = 1 << 16

// NewMatchTotals returns an empty MatchTotals.
func NewMatchTotals() *MatchTotals { return &MatchTotals{fields: map[string]*matchField{}} }

// A matchField is one field's matches and participants: the pairs or
// teams ranked together.
type matchField struct {
	matches      []matchResult
	rounds       int // the highest round number
	participants []MatchParticipant
	most         int // the most matches any one side plays, once counted (see check)
}

type matchResult struct {
	ids    [2]string
	scores [2]float64
	scored bool // both scores read
	round  int  // 0 when not given
}

// A Written is a number as a file writes it: what the file calls it
// ("TOTAL_SCORE"), its text, and where, as a finding about it is placed.
type Written struct {
	Name, Text string // Text is "" when not given
	At         diag.Diagnostic
}

// A MatchParticipant is a pair or team and the totals it states.
type MatchParticipant struct {
	ID   string // its number, as its matches name it
	Kind string // "pair" or "team", for findings
	// MatchPoints says Total is the points of its matches (the event
	// names how matches score, or the participants are teams).
	MatchPoints bool
	Total, Wins Written
}

func (t *MatchTotals) field(name string) *matchField {
	f := t.fields[name]
	if f == nil {
		f = &matchField{}
		t.fields[name] = f
		t.order = append(t.order, name)
	}
	return f
}

// AddMatch adds a match of the field: the numbers of its two sides, their
// scores and its round, as written.
func (t *MatchTotals) AddMatch(field string, ids, scores [2]string, round int) {
	if !t.hold() {
		return
	}
	f := t.field(field)
	x, okA := decimal.Parse(scores[0])
	y, okB := decimal.Parse(scores[1])
	f.matches = append(f.matches, matchResult{ids: ids, scores: [2]float64{x, y}, scored: okA && okB, round: round})
	f.rounds = max(f.rounds, round)
}

// AddParticipant adds a participant of the field.
func (t *MatchTotals) AddParticipant(field string, p MatchParticipant) {
	if !t.hold() {
		if p.MatchPoints && p.Total.Text != "" {
			t.dropped++
		}
		if p.Wins.Text != "" {
			t.dropped++
		}
		return
	}
	f := t.field(field)
	f.participants = append(f.participants, p)
}

// hold reports whether one more match or participant may be held, and
// counts it; past maxMatchTotals none may (full).
func (t *MatchTotals) hold() bool {
	if t.full = t.full || t.held >= maxMatchTotals; t.full {
		return false
	}
	t.held++
	return true
}

// Check checks each participant's totals against its matches, counts each
// total in l (agreed, flagged, or unchecked with its reason), and returns
// what it finds, in the order of the participants.
func (t *MatchTotals) Check(l *diag.Ledger) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, name := range t.order {
		f := t.fields[name]
		for _, p := range f.participants {
			// Past the bound, any participant's matches may be among
			// those dropped.
			out = append(out, f.check(p, !t.full, l)...)
		}
	}
	l.Skip(diag.FieldIncomplete, t.dropped)
	return out
}

func (f *matchField) check(p MatchParticipant, whole bool, l *diag.Ledger) []diag.Diagnostic {
	// The participant's scores in its matches, and its opponents'.
	var own, other []float64
	var rounds []int
	complete := whole && p.ID != "" && len(f.matches) > 0
	for _, m := range f.matches {
		for side, id := range m.ids {
			if id == p.ID {
				complete = complete && m.scored
				own, other = append(own, m.scores[side]), append(other, m.scores[1-side])
				rounds = append(rounds, m.round)
			}
		}
	}
	// Its matches must be all it played: a round without a match of its
	// own (a bye, whose points the file does not show; a match it leaves
	// out) leaves its points unknown, and so does a round of two matches
	// (three sides playing each other), which a bye elsewhere may hide.
	// Without round numbers, every side must play as many matches as the
	// one that plays most. A participant no match names (withdrawn, or
	// named otherwise) is not known either.
	if f.rounds > 0 {
		complete = complete && eachOnce(rounds, f.rounds)
	} else {
		complete = complete && len(own) > 0 && len(own) == f.mostMatches()
	}
	reason := diag.FieldIncomplete
	if len(f.matches) == 0 {
		reason = diag.NotRecomputed
	}
	var out []diag.Diagnostic
	// check counts a stated value, which agrees when it is one of want
	// (the ways the file may have counted).
	check := func(v Written, want ...float64) {
		n, read := decimal.Parse(v.Text)
		switch {
		case v.Text == "":
			return
		case !complete:
			l.Skip(reason, 1)
			return
		case !read:
			l.Skip(diag.CellUnreadable, 1)
			return
		}
		for _, w := range want {
			if near(n, w, 0.005) {
				l.Agree(1)
				return
			}
		}
		l.Flag(1)
		d := v.At
		d.Severity, d.Code = diag.Warning, diag.TotalMismatch
		matches := "its match gives"
		if len(own) > 1 {
			matches = "its " + diag.Plural(len(own), "match") + " give"
		}
		d.Message = fmt.Sprintf("%s %s: %s %s, but %s %s", p.Kind, p.ID, v.Name, v.Text, matches, trim(want[0]))
		if len(want) > 1 && want[1] != want[0] {
			d.Message += fmt.Sprintf(" (%s when a match whose scores round to the same is drawn)", trim(want[1]))
		}
		out = append(out, d)
	}
	if p.MatchPoints {
		sum := 0.0
		for _, s := range own {
			sum += s
		}
		check(p.Total, sum)
	}
	// Drawn when the scores are the same, or, with continuous victory
	// points, when they round to the same: files count either way.
	exact, rounded := 0.0, 0.0
	for i := range own {
		exact += won(own[i], other[i])
		rounded += won(math.Round(own[i]), math.Round(other[i]))
	}
	check(p.Wins, exact, rounded)
	return out
}

// eachOnce reports whether rounds holds each of 1 to n once.
func eachOnce(rounds []int, n int) bool {
	if len(rounds) != n {
		return false
	}
	seen := make([]bool, n+1)
	for _, r := range rounds {
		if r < 1 || r > n || seen[r] {
			return false
		}
		seen[r] = true
	}
	return true
}

// mostMatches returns the most matches any one side of the field plays.
func (f *matchField) mostMatches() int {
	if f.most == 0 {
		n := map[string]int{}
		for _, m := range f.matches {
			for _, id := range m.ids {
				n[id]++
				f.most = max(f.most, n[id])
			}
		}
	}
	return f.most
}

// won is what a match counts for a side that scored a against b: 1 won,
// ½ drawn, 0 lost.
func won(a, b float64) float64 {
	switch {
	case a > b:
		return 1
	case a == b:
		return 0.5
	}
	return 0
}
