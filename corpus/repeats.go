package corpus

import (
	"fmt"
	"maps"
	"slices"

	"github.com/bridgekit/bridgekit/diag"
)

// Audit lists, unless AuditOptions.AllFindings, the first RepeatLimit
// findings of each code in a file and then one finding about the file
// that says how many more there are and on which boards: a file written
// by a program that does not follow a convention (boards numbered its own
// way, "?" for what it does not know, a declarer column of another
// program) can have the same finding on every board — one such file gave
// 7,505 identical warnings, another 3,767 declarer errors — which hid
// everything else. The report still counts every one.
//
// The findings most such files raise on every board (board-dealer,
// board-vulnerability, unknown-value and those of the export-format
// check) are not even made past the first RepeatLimit of their code in a
// part: the workers count them in the part's diag.Tally, which apply
// takes in where they would have been dropped. On a board of more than
// maxBoardFindings findings such a finding is counted under its code, where
// made it might have fallen past the board's cap into its more-findings
// count; no board of the corpus reaches the cap.

// RepeatLimit is how many findings of each code Audit lists per file.
const RepeatLimit = 3

// repeatCap applies RepeatLimit to the parts of one input after another,
// in order (in Audit's emitter).
type repeatCap struct {
	seen map[diag.Code]*repeats // findings of each code so far in this input
}

// repeats are the findings of one code in an input.
type repeats struct {
	n      int
	sev    diag.Severity
	lo, hi int // the board numbers of those not listed, 0 when none is known
}

func (c *repeatCap) apply(p *Part) {
	if c.seen == nil {
		c.seen = map[diag.Code]*repeats{}
	}
	keep := func(f diag.Diagnostic) bool {
		r := c.seen[f.Code]
		if r == nil {
			r = &repeats{}
			c.seen[f.Code] = r
		}
		r.n++
		r.sev = max(r.sev, f.Severity)
		if r.n <= RepeatLimit {
			return true
		}
		if f.Board > 0 {
			if r.lo == 0 || f.Board < r.lo {
				r.lo = f.Board
			}
			r.hi = max(r.hi, f.Board)
		}
		return false
	}
	for _, b := range p.Boards {
		b.Findings = slices.DeleteFunc(b.Findings, func(f diag.Diagnostic) bool { return !keep(f) })
	}
	// The findings the workers did not make come after those of the boards
	// they were dropped behind (see diag.Tally), and would all have been
	// dropped here.
	for _, k := range p.tally.Counted() {
		r := c.seen[k.Code]
		if r == nil {
			r = &repeats{}
			c.seen[k.Code] = r
		}
		r.n += k.N
		r.sev = max(r.sev, k.Severity)
		if k.Lo > 0 && (r.lo == 0 || k.Lo < r.lo) {
			r.lo = k.Lo
		}
		r.hi = max(r.hi, k.Hi)
	}
	p.tally = nil
	p.Findings = slices.DeleteFunc(p.Findings, func(f diag.Diagnostic) bool { return !keep(f) })
	p.late = slices.DeleteFunc(p.late, func(f lateFinding) bool { return !keep(f.d) })
	if !p.Last {
		return
	}
	codes := slices.Sorted(maps.Keys(c.seen))
	for _, code := range codes {
		r := c.seen[code]
		n := r.n - RepeatLimit
		if n <= 0 {
			continue
		}
		what := "more findings of this code in this file"
		if n == 1 {
			what = "more finding of this code in this file"
		}
		where := ""
		switch {
		case r.lo > 0 && r.lo == r.hi:
			where = fmt.Sprintf(", on board %d", r.lo)
		case r.lo > 0:
			where = fmt.Sprintf(", on boards %d to %d", r.lo, r.hi)
		}
		p.Findings = append(p.Findings, diag.Diagnostic{File: p.Name, Severity: r.sev, Code: code,
			Message: fmt.Sprintf("%d %s%s; only the first %d are listed (--all lists every one)", n, what, where, RepeatLimit)})
	}
	clear(c.seen)
}
