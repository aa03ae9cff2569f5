package scoring

import (
	"fmt"
	"math"
	"strings"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/decimal"
)

// MatchTotals checks the totals of the participants of team and Swiss
// events against their matches, where a results file states both (USEBIO's
// MATCH and PARTICIPANTS): a participant's total, where it is the points of
// its matches, is the sum of its scores in them; its wins or draws the
// matches it won, with a half for each drawn, or the matches it won or
// drew, each whole (files count either way). The matches of an event may
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
	Match
	scores [2]float64
	scored bool // both scores read
	// What its boards give of the first side's IMP margin (AddMatchBoard):
	// how many boards, and the margin by their tables' scores and as they
	// state it, known while every board gave it one way or the other.
	boards int
	margin [2]int
	known  bool
}

// A Match is a match of a field as a file states it.
type Match struct {
	IDs    [2]string  // the numbers of its two sides
	Scores [2]Written // their scores: victory points, or points of another kind
	Round  int        // 0 when not given
	// Boards is how many boards it says it holds (its first board number
	// to its last), 0 when it does not say.
	Boards int
}

// A MatchIMPs is what a board of a team match gives of the IMPs the
// match's first side scored on it: by the scores at its two tables
// (IMPs, when Known), and as the file states them (Stated, when
// StatedKnown).
type MatchIMPs struct {
	IMPs, Stated       int
	Known, StatedKnown bool
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

// AddMatch adds a match of the field; the boards that follow (AddMatchBoard)
// are its own until the next match of the field.
func (t *MatchTotals) AddMatch(field string, m Match) {
	if !t.hold() {
		for _, s := range m.Scores {
			if s.Text != "" {
				t.dropped++
			}
		}
		return
	}
	f := t.field(field)
	x, okA := decimal.Parse(m.Scores[0].Text)
	y, okB := decimal.Parse(m.Scores[1].Text)
	f.matches = append(f.matches, matchResult{Match: m, scores: [2]float64{x, y}, scored: okA && okB, known: true})
	f.rounds = max(f.rounds, m.Round)
}

// AddMatchBoard adds a board of the field's last match.
func (t *MatchTotals) AddMatchBoard(field string, b MatchIMPs) {
	f := t.fields[field]
	if f == nil || len(f.matches) == 0 {
		return
	}
	m := &f.matches[len(f.matches)-1]
	m.boards++
	// Each reading takes the other where the board does not give it.
	lines, stated := b.IMPs, b.Stated
	if !b.Known {
		lines = b.Stated
	}
	if !b.StatedKnown {
		stated = b.IMPs
	}
	m.margin[0] += lines
	m.margin[1] += stated
	m.known = m.known && (b.Known || b.StatedKnown)
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
	wbf := t.scaleFollowed()
	for _, name := range t.order {
		f := t.fields[name]
		for i := range f.matches {
			if d, ok := f.matches[i].checkVPs(wbf, l); ok {
				out = append(out, d)
			}
		}
		for _, p := range f.participants {
			// Past the bound, any participant's matches may be among
			// those dropped.
			out = append(out, f.check(p, !t.full, l)...)
		}
	}
	l.Skip(diag.FieldIncomplete, t.dropped)
	return out
}

// scaleFollowed returns how many matches of the file give victory points
// on the WBF 2013 scale with a margin other than 0 (where every scale
// gives 10 to each), when they are at least two and more than those that
// give others: then the file follows that scale, and a match that does
// not is flagged. Files do not name their scale.
func (t *MatchTotals) scaleFollowed() int {
	follow, other := 0, 0
	for _, f := range t.fields {
		for i := range f.matches {
			m := &f.matches[i]
			if margin, ok := m.vpMargin(); ok && m.scored && margin[0] != 0 {
				if m.fitsWBF(margin) {
					follow++
				} else {
					other++
				}
			}
		}
	}
	if follow >= 2 && follow > other {
		return follow
	}
	return 0
}

// vpMargin returns the first side's IMP margins by its boards' tables and
// as stated, and whether they are known: every board of the match gave
// one, and the boards are those it says it holds.
func (m *matchResult) vpMargin() ([2]int, bool) {
	ok := m.boards > 0 && m.known && (m.Boards == 0 || m.Boards == m.boards)
	return m.margin, ok
}

// fitsWBF reports whether the match's scores are the victory points of
// either margin on the WBF 2013 continuous scale for its boards.
func (m *matchResult) fitsWBF(margin [2]int) bool {
	for _, x := range margin {
		if near(m.scores[0], VP(x, m.boards), 0.005) && near(m.scores[1], VP(-x, m.boards), 0.005) {
			return true
		}
	}
	return false
}

// checkVPs counts the match's two scores in l, and returns a finding when
// they are not the WBF scale's for its margin although the file's other
// matches (follow of them, this one among them if it fits) are. Scores
// that fit the scale agree; others, in a file that follows no scale
// bridgekit knows, are not recomputed.
func (m *matchResult) checkVPs(follow int, l *diag.Ledger) (diag.Diagnostic, bool) {
	n := 0
	for _, s := range m.Scores {
		if s.Text != "" {
			n++
		}
	}
	margin, known := m.vpMargin()
	switch {
	case n == 0:
		return diag.Diagnostic{}, false
	case !m.scored:
		l.Skip(diag.CellUnreadable, n)
		return diag.Diagnostic{}, false
	case !known:
		l.Skip(diag.NotRecomputed, n)
		return diag.Diagnostic{}, false
	case m.fitsWBF(margin):
		l.Agree(n)
		return diag.Diagnostic{}, false
	case follow == 0:
		l.Skip(diag.NotRecomputed, n)
		return diag.Diagnostic{}, false
	}
	l.Flag(n)
	d := m.Scores[0].At
	d.Severity, d.Code = diag.Warning, diag.VPMismatch
	x := margin[0]
	d.Message = fmt.Sprintf("match %s v %s: victory points %s–%s, but a margin of %d IMPs over %s gives %s–%s on the WBF 2013 continuous scale, which the file's other %s follow (an adjustment the file does not show?)",
		m.IDs[0], m.IDs[1], m.Scores[0].Text, m.Scores[1].Text, x, diag.Plural(m.boards, "board"),
		trim(VP(x, m.boards)), trim(VP(-x, m.boards)), diag.Plural(follow, "match"))
	if margin[1] != x {
		d.Message += fmt.Sprintf(" (the boards' stated IMPs, %d, give %s–%s)", margin[1], trim(VP(margin[1], m.boards)), trim(VP(-margin[1], m.boards)))
	}
	return d, true
}

func (f *matchField) check(p MatchParticipant, whole bool, l *diag.Ledger) []diag.Diagnostic {
	// The participant's scores in its matches, and its opponents'.
	var own, other []float64
	var rounds []int
	complete := whole && p.ID != "" && len(f.matches) > 0
	for _, m := range f.matches {
		for side, id := range m.IDs {
			if id == p.ID {
				complete = complete && m.scored
				own, other = append(own, m.scores[side]), append(other, m.scores[1-side])
				rounds = append(rounds, m.Round)
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
	// (the ways the file may have counted); a finding gives the first,
	// and what the others would be in more.
	check := func(v Written, more string, want ...float64) {
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
		d.Message = fmt.Sprintf("%s %s: %s %s, but %s %s%s", p.Kind, p.ID, v.Name, v.Text, matches, trim(want[0]), more)
		out = append(out, d)
	}
	if p.MatchPoints {
		sum := 0.0
		for _, s := range own {
			sum += s
		}
		check(p.Total, "", sum)
	}
	// Drawn when the scores are the same, or, with continuous victory
	// points, when they round to the same: files count either way. A
	// drawn match is a half (a match won is 1), or, as EBUScoreTeams
	// counts, whole: the name says wins or draws, and files mean either.
	var exact, rounded, exactWhole, roundedWhole float64
	for i := range own {
		w, r := won(own[i], other[i]), won(math.Round(own[i]), math.Round(other[i]))
		exact, rounded = exact+w, rounded+r
		exactWhole, roundedWhole = exactWhole+math.Ceil(w), roundedWhole+math.Ceil(r)
	}
	var more []string
	if rounded != exact {
		more = append(more, fmt.Sprintf("%s when a match whose scores round to the same is drawn", trim(rounded)))
	}
	if exactWhole != exact {
		more = append(more, fmt.Sprintf("%s counting a drawn match whole", trim(exactWhole)))
	}
	if roundedWhole != exactWhole && roundedWhole != rounded {
		more = append(more, fmt.Sprintf("%s counting it whole, and drawn when the scores round to the same", trim(roundedWhole)))
	}
	note := ""
	if len(more) > 0 {
		note = " (" + strings.Join(more, "; ") + ")"
	}
	check(p.Wins, note, exact, rounded, exactWhole, roundedWhole)
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
			for _, id := range m.IDs {
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
