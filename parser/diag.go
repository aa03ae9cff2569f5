package parser

import "fmt"

// maxFileDiagnostics caps what a reader keeps about a file as a whole,
// outside its games and records: a file of a million stray lines would
// otherwise hold a million reports.
const maxFileDiagnostics = 1000

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
