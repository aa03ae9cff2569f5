package fix

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
)

// A Tally is what an audit of a file found that an edit must not add to:
// its findings of warning and error severity, counted by game and code,
// and its games. Apply re-audits a file it patched and compares the two
// tallies, so that a patch written by hand cannot make a file worse in a
// way the audit sees.
type Tally struct {
	Games    int
	Encoding string // the encoding the readers found
	counts   map[tallyKey]int
	first    map[tallyKey]diag.Diagnostic
}

type tallyKey struct {
	game int
	code diag.Code
}

// TallyOf audits the text open returns (size bytes, -1 when not known),
// named name in findings, reading it in the encoding enc ("" for the one
// the readers find). It streams: a file of any size is tallied in the
// memory of a few batches.
func TallyOf(name string, size int64, open func() (io.ReadCloser, error), enc string) (Tally, error) {
	t := Tally{counts: map[tallyKey]int{}, first: map[tallyKey]diag.Diagnostic{}}
	in := corpus.NewInput(name, size, open)
	var err error
	opts := corpus.AuditOptions{SkipDuplicates: true, AllFindings: true, Encoding: enc}
	opts.Jobs = 1
	_, aerr := corpus.Audit(context.Background(), func(yield func(*corpus.Input, error) bool) { yield(in, nil) }, opts, func(p *corpus.Part) {
		if p.Err != nil && err == nil {
			err = p.Err
		}
		t.Games += p.Report.Games
		for name := range p.Report.Encodings {
			t.Encoding = name
		}
		for d := range p.All() {
			if d.Severity < diag.Warning {
				continue
			}
			k := tallyKey{d.Game, d.Code}
			if t.counts[k]++; t.counts[k] == 1 {
				t.first[k] = d
			}
		}
	})
	if err == nil {
		err = aerr
	}
	return t, err
}

// Worse says what after, the tally of the patched text, has that t, the
// tally of the text before, has not: a game more or less, or a finding of
// a code more often in a game. Nothing when it is no worse.
func (t Tally) Worse(after Tally) []string {
	var worse []string
	if after.Games != t.Games {
		worse = append(worse, fmt.Sprintf("the file would read as %d games, not %d", after.Games, t.Games))
	}
	for k, n := range after.counts {
		if n > t.counts[k] {
			d := after.first[k]
			worse = append(worse, fmt.Sprintf("%s:%s: game %d: %s %s: %s", d.File, d.Pos, k.game, d.Severity, d.Code, d.Message))
		}
	}
	slices.Sort(worse)
	return worse
}

// Verify is the re-audit of a patched file: after, its tally, must be no
// worse than t (Worse), and must have lost, in each game that an edit of
// made changed, the findings that edit's kind answers: a contract edit
// leaves no contract-mismatch behind it. A value of the right form in the
// wrong place (a hand-written patch) fails one or the other.
func (t Tally) Verify(after Tally, made []Edit) error {
	w := t.Worse(after)
	for _, e := range made {
		for _, code := range e.Kind.answers() {
			if d, ok := after.first[tallyKey{e.Game, code}]; ok {
				w = append(w, fmt.Sprintf("%s:%s: game %d: %s %s: %s, which the %s edit was to answer", d.File, d.Pos, e.Game, d.Severity, d.Code, d.Message, e.Kind))
			}
		}
	}
	if len(w) == 0 {
		return nil
	}
	return fmt.Errorf("the patched file would not audit as the edits mean: %s", strings.Join(slices.Compact(w), "; "))
}

// answers returns the finding codes an edit of kind k answers.
func (k Kind) answers() []diag.Code {
	var codes []diag.Code
	for _, a := range answers {
		if slices.Contains(a.kinds, k) {
			codes = append(codes, a.code)
		}
	}
	switch k {
	case Rotation:
		codes = append(codes, diag.PlayIllegal)
	case BoardCycle:
		codes = append(codes, diag.BoardDealer, diag.BoardVulnerability)
	}
	return codes
}
