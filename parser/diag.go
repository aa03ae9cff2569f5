package parser

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Severity grades a Diagnostic.
type Severity uint8

// Severities, from least to most serious.
const (
	Info Severity = iota
	Warning
	Error
)

// String returns "info", "warning" or "error".
func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return fmt.Sprintf("Severity(%d)", uint8(s))
}

// A Diagnostic is something the reader has to say about its input: a syntax
// error it recovered from, a real-world deviation it accepted, or a fact such
// as the encoding it chose. It implements error so that a fatal diagnostic can
// be returned as one.
type Diagnostic struct {
	Position          // where; Pos may be zero for whole-file facts
	Game     int      // 1-based game (PBN) or record (LIN) index; 0 for the file
	Severity Severity // how serious
	Code     string   // stable short code, e.g. "syntax", "encoding", "unescaped-quote"
	Msg      string   // plain words, no position

	more int // for the report that stands for those past a cap, how many
}

// Error formats the diagnostic as "file:line:col: severity code: msg", or
// with the pair index for LIN ("file:line:col: pair 12: …").
func (d *Diagnostic) Error() string {
	var b strings.Builder
	b.WriteString(d.Position.String())
	b.WriteString(": ")
	if d.Pair > 0 {
		fmt.Fprintf(&b, "pair %d: ", d.Pair)
	}
	b.WriteString(d.Severity.String())
	if d.Code != "" {
		b.WriteString(" ")
		b.WriteString(d.Code)
	}
	b.WriteString(": ")
	b.WriteString(d.Msg)
	return b.String()
}

// Diagnostics is a list of diagnostics, in the shape of go/scanner.ErrorList.
type Diagnostics []*Diagnostic

// Add appends a diagnostic.
func (l *Diagnostics) Add(d *Diagnostic) { *l = append(*l, d) }

// maxFileDiagnostics caps what a reader keeps about a file as a whole,
// outside its games and records: a file of a million stray lines would
// otherwise hold a million reports.
const maxFileDiagnostics = 1000

// addFile adds d to a file's list unless it holds maxFileDiagnostics
// already; past that, one warning at the end counts the rest.
func (l *Diagnostics) addFile(d *Diagnostic) {
	switch n := len(*l); {
	case n < maxFileDiagnostics:
		l.Add(d)
	case n == maxFileDiagnostics:
		l.Add(&Diagnostic{Position: d.Position, Severity: Warning, Code: "too-many-problems", more: 1,
			Msg: "1 more problem in this file is not listed"})
	default:
		last := (*l)[n-1]
		last.more++
		last.Msg = strconv.Itoa(last.more) + " more problems in this file are not listed"
	}
}

// Sort orders the list by file, then offset, then severity (most serious first).
func (l Diagnostics) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Offset != b.Offset {
			return a.Offset < b.Offset
		}
		return a.Severity > b.Severity
	})
}

// Errors returns only the diagnostics of severity Error.
func (l Diagnostics) Errors() Diagnostics {
	var out Diagnostics
	for _, d := range l {
		if d.Severity == Error {
			out = append(out, d)
		}
	}
	return out
}

// Err returns nil when the list holds no Error-severity diagnostic, and an
// error describing the first one (and how many more) otherwise.
func (l Diagnostics) Err() error {
	errs := l.Errors()
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// Error implements error: the first message, plus a count of the others.
func (l Diagnostics) Error() string { return firstAndCount(l) }

// firstAndCount describes a list of errors by its first and how many more
// there are, as go/scanner.ErrorList does.
func firstAndCount[E error](l []E) string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more)", l[0].Error(), len(l)-1)
}
