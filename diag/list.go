package diag

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
)

// List is a list of diagnostics, in the shape of go/scanner.ErrorList.
type List []Diagnostic

// Add appends d.
func (l *List) Add(d Diagnostic) { *l = append(*l, d) }

// AddUpTo appends d unless the list holds n diagnostics already; past
// that, one warning of code TooManyProblems at d's place counts the rest,
// so that a file of a million stray lines holds n+1 reports, not a
// million.
func (l *List) AddUpTo(n int, d Diagnostic) {
	switch k := len(*l); {
	case k < n:
		l.Add(d)
	case k == n:
		d.Severity, d.Code, d.Law, d.more = Warning, TooManyProblems, 0, 1
		d.Message = "1 more problem in this file is not listed"
		l.Add(d)
	default:
		last := &(*l)[k-1]
		last.more++
		last.Message = strconv.Itoa(last.more) + " more problems in this file are not listed"
	}
}

// Sort orders the list by file, then line and column, those without a
// place last, keeping the order of diagnostics at one place.
func (l List) Sort() {
	slices.SortStableFunc(l, func(a, b Diagnostic) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.placeLine(), b.placeLine()), cmp.Compare(a.Col, b.Col))
	})
}

// Before reports whether d comes before p in its file, in Sort's order.
func (d Diagnostic) Before(p Pos) bool {
	return cmp.Or(cmp.Compare(d.placeLine(), p.Line), cmp.Compare(d.Col, p.Col)) < 0
}

// placeLine is the line to order by: those without a place last.
func (d Diagnostic) placeLine() int32 {
	if d.Line == 0 {
		return math.MaxInt32
	}
	return d.Line
}

// Cap keeps the first n diagnostics of a sorted list, and puts one of
// code MoreFindings in place of the rest that says how many there are,
// with the worst severity among them. Syntax diagnostics are all kept,
// wherever they stand (the readers cap them themselves): they say what
// text was not read, which a command that writes must know.
func (l List) Cap(n int) List {
	if len(l) <= n {
		return l
	}
	var rest, syntax List
	for _, d := range l[n:] {
		if d.Code.IsSyntax() {
			syntax = append(syntax, d)
		} else {
			rest = append(rest, d)
		}
	}
	if len(rest) == 0 {
		return l
	}
	d := rest[0]
	d.Severity = Info
	for _, r := range rest {
		d.Severity = max(d.Severity, r.Severity)
	}
	d.Code, d.Law = MoreFindings, 0
	d.Message = fmt.Sprintf("%d more findings on this board are not listed", len(rest))
	l = append(append(l[:n:n], d), syntax...)
	l.Sort()
	return l
}

// Errors returns only the diagnostics of severity Error.
func (l List) Errors() List {
	var out List
	for _, d := range l {
		if d.Severity == Error {
			out = append(out, d)
		}
	}
	return out
}

// Err returns nil when the list holds no Error-severity diagnostic, and
// the list of its errors otherwise.
func (l List) Err() error {
	if errs := l.Errors(); len(errs) > 0 {
		return errs
	}
	return nil
}

// Error describes the list as FirstAndCount does.
func (l List) Error() string { return FirstAndCount(l) }

// FirstAndCount describes a list of errors by its first and how many more
// there are, as go/scanner.ErrorList does.
func FirstAndCount[E error](l []E) string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more)", l[0].Error(), len(l)-1)
}

// Unwrap returns the diagnostics as errors, for errors.As.
func (l List) Unwrap() []error {
	errs := make([]error, len(l))
	for i := range l {
		errs[i] = &l[i]
	}
	return errs
}
