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
// and its games. Apply re-audits a file it patched against it (Verify),
// so that a patch written by hand cannot make a file worse in a way the
// audit sees. It holds a number per finding, its game and code, not the
// finding: an archive of a hundred thousand games is tallied in a few
// megabytes.
type Tally struct {
	Games    int
	Encoding string // the encoding the readers found
	// found holds each finding's key shifted left a bit, in the order
	// found until take sorts it; take sets the low bit of the finding it
	// takes. Eight bytes a finding: a map of counts took three times that.
	found  []uint64
	sorted bool
	codes  map[diag.Code]uint64
}

// key is a finding's game and code as one number.
func (t *Tally) key(game int, code diag.Code) uint64 {
	c, ok := t.codes[code]
	if !ok {
		c = uint64(len(t.codes))
		t.codes[code] = c
	}
	return uint64(game)<<16 | c
}

// add counts a finding of code in game.
func (t *Tally) add(game int, code diag.Code) {
	t.found = append(t.found, t.key(game, code)<<1)
	t.sorted = false
}

// take reports whether the tally holds a finding of code in game that was
// not taken yet, and takes it.
func (t *Tally) take(game int, code diag.Code) bool {
	if !t.sorted {
		slices.Sort(t.found)
		t.sorted = true
	}
	// The findings of one key are together, each k or k|1, between the
	// keys below and above it: the search finds the first.
	k := t.key(game, code) << 1
	i, _ := slices.BinarySearch(t.found, k)
	for ; i < len(t.found) && t.found[i]|1 == k|1; i++ {
		if t.found[i] == k {
			t.found[i] |= 1
			return true
		}
	}
	return false
}

// TallyOf audits the text open returns (size bytes, -1 when not known),
// named name in findings, reading it in the encoding enc ("" for the one
// the readers find). It streams: a file of any size is tallied in the
// memory of a few batches and its counts.
func TallyOf(name string, size int64, open func() (io.ReadCloser, error), enc string) (Tally, error) {
	t := NewTally()
	games, encoding, err := audit(name, size, open, enc, func(d diag.Diagnostic) {
		t.add(d.Game, d.Code)
	})
	t.Games, t.Encoding = games, encoding
	return t, err
}

// NewTally returns an empty tally, which AddPart fills from an audit that
// is run anyway (fix tallies the parts it plans from).
func NewTally() Tally { return Tally{codes: map[diag.Code]uint64{}} }

// AddPart counts a part of the text the tally is of: its games, its
// encoding and its findings of warning or error severity, as TallyOf
// counts them.
func (t *Tally) AddPart(p *corpus.Part) {
	for d := range p.All() {
		if d.Severity >= diag.Warning {
			t.add(d.Game, d.Code)
		}
	}
	t.Games += p.Report.Games
	for e := range p.Report.Encodings {
		t.Encoding = e
	}
}

// audit audits one text and gives fn its findings of warning and error
// severity; it returns its games and encoding.
func audit(name string, size int64, open func() (io.ReadCloser, error), enc string, fn func(diag.Diagnostic)) (games int, encoding string, err error) {
	return auditParts(name, size, open, enc, nil, fn)
}

// auditParts is audit, giving each part to part too when it is not nil:
// the part then holds its boards.
func auditParts(name string, size int64, open func() (io.ReadCloser, error), enc string, part func(*corpus.Part), fn func(diag.Diagnostic)) (games int, encoding string, err error) {
	in := corpus.NewInput(name, size, open)
	opts := corpus.AuditOptions{SkipDuplicates: true, AllFindings: true, Encoding: enc, Boards: part != nil}
	opts.Jobs = 1
	_, aerr := corpus.Audit(context.Background(), func(yield func(*corpus.Input, error) bool) { yield(in, nil) }, opts, func(p *corpus.Part) {
		if part != nil {
			part(p)
		}
		if p.Err != nil && err == nil {
			err = p.Err
		}
		games += p.Report.Games
		for e := range p.Report.Encodings {
			encoding = e
		}
		for d := range p.All() {
			if d.Severity >= diag.Warning {
				fn(d)
			}
		}
	})
	if err == nil {
		err = aerr
	}
	return games, encoding, err
}

// Verify re-audits the patched text open returns against t, the tally of
// the text before, which it uses up. The patched text must be no worse:
// as many games, and no finding of a code more often in a game; and in
// each game that an edit of made changed, the findings that edit's kind
// answers must be gone (a contract edit leaves no contract-mismatch behind
// it). A value of the right form in the wrong place (a hand-written
// patch) fails one or the other.
func (t Tally) Verify(name string, open func() (io.ReadCloser, error), made []MadeEdit) error {
	slices.SortFunc(made, func(a, b MadeEdit) int { return a.Game - b.Game })
	// answered returns the kind of an edit of the game that answers code.
	answered := func(d diag.Diagnostic) (Kind, bool) {
		i, _ := slices.BinarySearchFunc(made, d.Game, func(m MadeEdit, g int) int { return m.Game - g })
		for ; i < len(made) && made[i].Game == d.Game; i++ {
			if made[i].answers(d) {
				return made[i].Kind, true
			}
		}
		return "", false
	}
	var worse []string
	say := func(d diag.Diagnostic, why string) {
		if len(worse) < 5 {
			worse = append(worse, fmt.Sprintf("%s:%s: game %d: %s %s: %s%s", d.File, d.Pos, d.Game, d.Severity, d.Code, d.Message, why))
		}
	}
	games, _, err := audit(name, -1, open, t.Encoding, func(d diag.Diagnostic) {
		if kind, ok := answered(d); ok {
			say(d, ", which the "+string(kind)+" edit was to answer")
			return
		}
		if !t.take(d.Game, d.Code) {
			say(d, "")
		}
	})
	if err != nil {
		return err
	}
	if games != t.Games {
		worse = append(worse, fmt.Sprintf("the file would read as %d games, not %d", games, t.Games))
	}
	if len(worse) == 0 {
		return nil
	}
	return fmt.Errorf("the patched file would not audit as the edits mean: %s", strings.Join(slices.Compact(worse), "; "))
}

// MadeEdit is what Verify needs of an edit that was made: its game and kind.
// A file may have hundreds of thousands of edits, so not their texts.
type MadeEdit struct {
	Game int
	Kind Kind
	// Offset is where the edit is: a totals edit answers the finding at
	// its cell only, as a total table's numbers share one code, and an
	// export-form edit the finding at its value.
	Offset int
}

// Made is what proving the edit needs of it.
func (e Edit) Made() MadeEdit { return MadeEdit{Game: e.Game, Kind: e.Kind, Offset: e.Span.Offset} }

// AppendMade appends what proving e needs to made, unless made's last
// already says it: an edit of the same game and kind, whose place only a
// totals or export-form edit needs. The edits of a board and kind come one after the
// other, and a deal turned back is dozens of them: a file of two million
// edits is proved from the tens of thousands of boards they change.
func AppendMade(made []MadeEdit, e Edit) []MadeEdit {
	if n := len(made); n > 0 && e.Kind != Totals && e.Kind != ExportForm && made[n-1].Game == e.Game && made[n-1].Kind == e.Kind {
		return made
	}
	return append(made, e.Made())
}

// answers reports whether the edit answers the finding d of its game.
func (m MadeEdit) answers(d diag.Diagnostic) bool {
	switch m.Kind {
	case Totals:
		return d.Code == diag.TotalMismatch && d.Offset == m.Offset
	case ExportForm:
		// The export form of one value answers the finding at that
		// value, not another value's the edit leaves as it is.
		return d.Code == diag.ExportForm && d.Offset == m.Offset
	}
	return slices.Contains(m.Kind.answers(), d.Code)
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
	case ExportForm:
		codes = append(codes, diag.ExportForm)
	case ExportOrder:
		codes = append(codes, diag.ExportOrder)
	}
	return codes
}

// Prove re-audits a file fixed with the edits made against t, the tally of
// the file before (which it uses up), and returns the games whose edits
// do not prove out, each with why: a finding of warning or error severity
// the edits added to the game, a finding an edit was to answer still
// there, or an edit that fixing the fixed file again would make (fix
// twice must be fix once). wanted are the kinds fixed, as for Plan. The
// caller leaves those games' edits out and tries again: what stays is
// proved.
func Prove(name string, open func() (io.ReadCloser, error), t Tally, made []MadeEdit, wanted map[Kind]bool) (map[int]string, error) {
	slices.SortFunc(made, func(a, b MadeEdit) int { return a.Game - b.Game })
	changed := func(game int) bool {
		_, ok := slices.BinarySearchFunc(made, game, func(m MadeEdit, g int) int { return m.Game - g })
		return ok
	}
	failed := map[int]string{}
	fail := func(game int, why string) {
		if _, ok := failed[game]; !ok && changed(game) {
			failed[game] = why
		}
	}
	_, _, err := auditParts(name, -1, open, t.Encoding, func(p *corpus.Part) {
		again, _ := PlanAll(p, wanted)
		for _, e := range again {
			fail(e.Game, "fixing it again would make another "+string(e.Kind)+" edit ("+e.Reason+")")
		}
	}, func(d diag.Diagnostic) {
		i, _ := slices.BinarySearchFunc(made, d.Game, func(m MadeEdit, g int) int { return m.Game - g })
		for ; i < len(made) && made[i].Game == d.Game; i++ {
			if made[i].answers(d) {
				fail(d.Game, fmt.Sprintf("it would leave %s %s: %s, which the %s edit was to answer", d.Severity, d.Code, d.Message, made[i].Kind))
				return
			}
		}
		if !t.take(d.Game, d.Code) {
			fail(d.Game, fmt.Sprintf("it would cause %s %s: %s", d.Severity, d.Code, d.Message))
		}
	})
	return failed, err
}
