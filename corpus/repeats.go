package corpus

import (
	"fmt"
	"slices"

	"bridgekit/diag"
)

// RepeatedCodes are the findings a file can have on every board when the
// program that wrote it does not follow a convention: dealer programs that
// number boards their own way (board-dealer, board-vulnerability) or write
// "?" for what they do not know (unknown-value). One such file gave 7,505
// identical warnings, which hid everything else. Unless
// AuditOptions.AllFindings, Audit lists the first RepeatLimit of each in a
// file and then one finding about the file that says how many more there
// are. The report still counts every one.
var RepeatedCodes = []diag.Code{diag.BoardDealer, diag.BoardVulnerability, diag.UnknownValue}

// RepeatLimit is how many findings of each of RepeatedCodes Audit lists
// per file.
const RepeatLimit = 3

// repeatCap applies RepeatLimit to the parts of one input after another,
// in order (in Audit's emitter).
type repeatCap struct {
	seen map[diag.Code]int           // findings of each code so far in this input
	sev  map[diag.Code]diag.Severity // and their severity
}

func (c *repeatCap) apply(p *Part) {
	if c.seen == nil {
		c.seen, c.sev = map[diag.Code]int{}, map[diag.Code]diag.Severity{}
	}
	for _, b := range p.Boards {
		b.Findings = slices.DeleteFunc(b.Findings, func(f diag.Diagnostic) bool {
			if !slices.Contains(RepeatedCodes, f.Code) {
				return false
			}
			c.seen[f.Code]++
			c.sev[f.Code] = f.Severity
			return c.seen[f.Code] > RepeatLimit
		})
	}
	if !p.Last {
		return
	}
	for _, code := range RepeatedCodes {
		if n := c.seen[code] - RepeatLimit; n > 0 {
			boards := "boards of this file have"
			if n == 1 {
				boards = "board of this file has"
			}
			p.Findings = append(p.Findings, diag.Diagnostic{File: p.Name, Severity: c.sev[code], Code: code,
				Message: fmt.Sprintf("%d more %s this finding; only the first %d are listed", n, boards, RepeatLimit)})
		}
	}
	clear(c.seen)
}
