package main

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/fix"
	"github.com/bridgekit/bridgekit/internal/linediff"
	"github.com/bridgekit/bridgekit/internal/safewrite"
	"github.com/bridgekit/bridgekit/internal/sarif"
	"github.com/bridgekit/bridgekit/parser"
)

func (a *app) fixCommand() *cli.Command {
	return &cli.Command{
		Name:      "fix",
		Usage:     "repair what an audit proves wrong, changing only those bytes",
		ArgsUsage: "PATH…",
		Description: `fix repairs the values of each PBN or LIN file of the PATHs that the audit proves
wrong, and nothing else: a Contract, Declarer or Result tag that a complete,
legal auction read from the dealer, and its play or claim, contradict; and
the passes before the opening bid that an auction leaves out, when the
file's declarer, the opening lead and the play all agree with the one
replay that starts later; a Score tag that contradicts the contract,
declarer and result the file then says; and calls entered after the
auction ended (Law 39); the cards of a trick written from the wrong seat,
put back in their columns; and a deal written from the wrong seat, turned
back, when the play and the result tell it from tricks written from the
wrong seat; and the entry of a vugraph LIN file's rs list (a board's
contract, declarer and result at once) that its auction, opening lead and
play prove wrong. With --only board-cycle, and only then, it sets the Dealer and
Vulnerable tags from the board number; with --only export-form, and only then,
it writes the tag values the export-format check flags in their one export
form (a date 2023-07-28 as 2023.07.28, Love as None, 3n as 3NT); with --only
export-order, it puts a game's tag pairs in export order, each with its
section and commentary. Only those bytes change; comments,
tag order, spacing, line ends, the file's encoding and text the reader
could not read stay as they were. What the evidence does not settle (an
auction that fits only from another seat where the deal may be turned, a
declarer the opening lead does not confirm, a lone card another hand
holds) is left alone, and said.

By default the fixed text goes to standard output. With -l fix lists the
files it would change, with -d it prints a unified diff, and with -w it
writes the file back, with fmt -w's guarantees. Each fix, with its evidence,
is said on standard error, once per board and kind (--verbose: once per
edit); a summary counts the boards fixed, by kind, and the files. With -l or -d and
without -w, the exit status is 1 when a file would change.

Examples:

  bridgekit fix -d events/2019/final.pbn
  bridgekit fix --only contract,result -w archive/`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "l", Usage: "list the files fix would change"},
			&cli.BoolFlag{Name: "w", Usage: "write the result to the file instead of standard output"},
			&cli.BoolFlag{Name: "d", Usage: "print a unified diff of the changes"},
			&cli.BoolFlag{Name: "verbose", Usage: "say each edit, not one note for each board and kind"},
			&cli.StringFlag{Name: "only", Usage: "make only the fixes of `KINDS` (comma-separated: contract, declarer, result, rs, leading-passes, score, after-end, rotation, scoretable, totals; board-cycle, export-form and export-order, each made alone and only when asked for)"},
			&cli.StringFlag{Name: "skip", Usage: "make every fix but those of `KINDS`"},
			&cli.StringFlag{Name: "patch", Usage: "write the fixes to the patch `FILE` instead of making them (see bridgekit apply)"},
			&cli.StringFlag{Name: "sarif", Usage: "write the fixes to `FILE` as a SARIF 2.1.0 log instead of making them: each the result of the finding it answers, with its fix"},
			jobsFlag(),
		},
		Action: a.fix,
	}
}

// fixKinds reads --only and --skip into the kinds wanted.
func fixKinds(c *cli.Context) (map[fix.Kind]bool, error) {
	if c.IsSet("only") && c.IsSet("skip") {
		return nil, usageError("--only and --skip exclude each other")
	}
	parse := func(flag string) (map[fix.Kind]bool, error) {
		set := map[fix.Kind]bool{}
		for _, name := range strings.Split(c.String(flag), ",") {
			k, err := fix.ParseKind(strings.TrimSpace(name))
			if err != nil {
				return nil, usageError("--%s: %v", flag, err)
			}
			set[k] = true
		}
		return set, nil
	}
	switch {
	case c.IsSet("only"):
		return parse("only")
	case c.IsSet("skip"):
		skip, err := parse("skip")
		if err != nil {
			return nil, err
		}
		wanted := map[fix.Kind]bool{}
		for _, k := range fix.Kinds {
			wanted[k] = !skip[k] && k != fix.BoardCycle && k != fix.ExportForm && k != fix.ExportOrder // made only when asked for by --only
		}
		return wanted, nil
	}
	return nil, nil
}

// A fixer fixes the inputs of one fix command as their parts stream by.
type fixer struct {
	a                 *app
	list, write, diff bool
	verbose           bool // a note for each edit, not for each board and kind
	wanted            map[fix.Kind]bool
	patch             editSink // --patch or --sarif: the edits are written there, not made
	// counts and files are what was done: fixes written (or, without -w,
	// shown), by kind, and the files they are in. A file refused counts
	// nothing.
	counts map[fix.Kind]int
	files  int
	// seen holds the files already fixed, so that a file named twice (or
	// named and found in a folder named too) is fixed once.
	seen map[string]bool

	// The input being read: its edits so far, written as a patch to a
	// spool (in memory, then a file), so that a file with hundreds of
	// thousands of fixes is fixed in the memory of one; their number; and
	// its encoding.
	in      *corpus.Input
	skip    bool // the input was fixed before in this run
	edits   *spool
	pending *fix.PatchWriter
	kinds   map[fix.Kind]int // the input's boards fixed, by kind
	// lastGame is the game of the input's last edit of each kind.
	lastGame map[fix.Kind]int
	changed  int
	enc      string
	// before tallies the input's findings as planning read them, and made
	// the games and kinds of its edits: what proving the edits needs.
	before fix.Tally
	made   []fix.MadeEdit
	// notes are the input's notes, held (spooled) until its edits are
	// proved, and refused the games whose edits were not: their edit
	// notes are not said, the reason they were refused is.
	notes   *spool
	refused map[int]bool
	// held are the input's rs edits, which lie in the vugraph header
	// before the boards they fix, in the order of the list, not of the
	// boards: they are written in file order once the input is read.
	held []fix.Edit
	// heirs follows the input's values that edits change, for a game of
	// a later part that takes one with "#"; heirsLeft are the games whose
	// edits it refused, left alone once the input is read (the spool of
	// edits is rewritten once, not at each part).
	heirs     fix.Heirs
	heirsLeft map[int]string

	sources sourceCopies
}

func (a *app) fix(c *cli.Context) error {
	wanted, err := fixKinds(c)
	if err != nil {
		return err
	}
	f := &fixer{a: a, list: c.Bool("l"), write: c.Bool("w"), diff: c.Bool("d"), verbose: c.Bool("verbose"), wanted: wanted, counts: map[fix.Kind]int{}, seen: map[string]bool{}}
	patch, flag := c.String("patch"), "--patch"
	if sarifPath := c.String("sarif"); sarifPath != "" {
		if patch != "" {
			return usageError("--patch and --sarif each write the fixes: give one")
		}
		patch, flag = sarifPath, "--sarif"
	}
	if patch != "" && (f.list || f.write || f.diff) {
		return usageError("%s writes the fixes instead of making them: it goes without -l, -d and -w", flag)
	}
	opts := corpus.AuditOptions{Boards: true, SkipDuplicates: true, AllFindings: true, Source: f.sources.copyOf, Work: f.plan}
	if patch == "" {
		_, err = a.each(c, opts, f.part)
		f.summary()
		return err
	}
	// The patch is written as each input's edits are proved, whole or not
	// at all.
	out, err := safewrite.Create(patch, 0o644)
	if err != nil {
		return cli.Exit(fmt.Sprintf("%s %s: %v", flag, patch, err), exitError)
	}
	if flag == "--sarif" {
		wd, _ := os.Getwd()
		f.patch = &sarifFixes{log: sarif.NewWriter(out, version()), wd: wd}
	} else {
		f.patch = fix.NewPatchWriter(out)
	}
	_, err = a.each(c, opts, f.part)
	if perr := f.patch.Close(); perr != nil && err == nil {
		err = perr
	}
	if err == nil && a.status >= exitError {
		err = errors.New("not written: an input could not be read whole, and a patch of part of the run would pass for all of it")
	}
	if err != nil {
		out.Abort()
		return cli.Exit(fmt.Sprintf("%s %s: %v", flag, patch, err), exitError)
	}
	f.summary()
	if err := out.Commit(); err != nil {
		return cli.Exit(fmt.Sprintf("%s %s: %v", flag, patch, err), exitError)
	}
	return nil
}

// editSink is where --patch and --sarif write the proved edits.
type editSink interface {
	Write(fix.Edit) error
	Close() error
}

// sarifFixes writes the proved edits as a SARIF log: each the result of
// the finding it answers, with the edit as the result's fix.
type sarifFixes struct {
	log *sarif.Writer
	wd  string
}

func (s *sarifFixes) Write(e fix.Edit) error {
	code, msg, _ := strings.Cut(e.Reason, ": ")
	d := diag.Diagnostic{File: e.File, Game: e.Game, Span: e.Span, Code: diag.Code(code), Message: e.Reason, Label: e.Board}
	if info, ok := d.Code.Info(); ok {
		d.Severity, d.Law = info.Severity, info.Law
	} else {
		d.Code, d.Severity, d.Message = "", diag.Warning, msg
	}
	loc := sarif.Location{URI: sarif.URI(e.File, s.wd), Start: e.Span.Pos, End: endOf(e.Span.Pos, e.Old)}
	s.log.FixResult(d, loc, sarif.Fix{Description: "bridgekit fix " + string(e.Kind), Start: e.Span.Pos, End: loc.End, Text: e.New})
	return nil
}

func (s *sarifFixes) Close() error { return s.log.Close() }

// endOf returns the position just past text written from start.
func endOf(start diag.Pos, text string) diag.Pos {
	end := diag.Pos{Offset: start.Offset + len(text), Line: start.Line, Col: start.Col}
	if i := strings.LastIndexByte(text, '\n'); i >= 0 {
		end.Line += int32(strings.Count(text, "\n"))
		end.Col = 1 + int32(utf8.RuneCountInString(text[i+1:]))
		return end
	}
	end.Col += int32(utf8.RuneCountInString(text))
	return end
}

// A plan is the fixes of one part and what is said of them.
type plan struct {
	edits []fix.Edit
	notes []noteLine // for stderr: each fix and each board left alone, with why
}

// A noteLine is a line for stderr about a board: its game, whether it says
// an edit (which the proof may yet refuse), and the line.
type noteLine struct {
	game int
	edit bool
	line []byte
}

// plan plans the fixes of a part, in the worker that read it.
func (f *fixer) plan(p *corpus.Part) any {
	if p.Input == nil {
		return nil
	}
	edits, left := fix.PlanAll(p, f.wanted)
	var notes []noteLine
	// One note per board and kind: a board of thirteen turned tricks once
	// printed a paragraph per card. --verbose says each edit.
	for i := 0; i < len(edits); {
		j := i + 1
		for !f.verbose && j < len(edits) && edits[j].Game == edits[i].Game && edits[j].Kind == edits[i].Kind {
			j++
		}
		notes = append(notes, noteLine{edits[i].Game, true, appendNote(nil, edits[i], fix.Summary(edits[i:j]))})
		i = j
	}
	for _, e := range left {
		notes = append(notes, noteLine{e.Game, false, appendNote(nil, e, e.Reason)})
	}
	return &plan{edits, notes}
}

// appendNote appends the line that says text of the board of e at its
// place.
func appendNote(b []byte, e fix.Edit, text string) []byte {
	return fmt.Appendf(b, "bridgekit: note: %s:%s: %s: %s\n", e.File, e.Span.Pos, e.Label(), text)
}

// part takes the next part of the inputs.
func (f *fixer) part(p *corpus.Part) {
	pl, _ := p.Work.(*plan)
	if pl == nil {
		return // an error of discovery, which each reports
	}
	if f.in != p.Input {
		f.in, f.changed, f.enc, f.kinds, f.lastGame, f.held = p.Input, 0, "", map[fix.Kind]int{}, map[fix.Kind]int{}, nil
		f.heirs, f.heirsLeft = fix.Heirs{}, nil
		f.before, f.made = fix.NewTally(), nil
		key := p.Input.Name
		if p.Input.Archive == "" && !strings.HasPrefix(key, "<") {
			key = filepath.Clean(key)
		}
		f.skip = f.seen[key]
		f.seen[key] = true
		if f.skip {
			f.a.notef("%s: named more than once; fixed once", p.Input.Name)
		}
		if !f.skip {
			f.edits = newSpool(tempSpill)
			f.pending = fix.NewPatchWriter(f.edits)
			f.notes, f.refused = newSpool(tempSpill), map[int]bool{}
		}
	}
	if f.skip {
		if src := f.sources.take(p.Input); src != nil && p.Last {
			src.discard()
		}
		return
	}
	for _, n := range pl.notes {
		// Held until the input is proved, in a spool: a line each,
		// "game e|l text".
		kind := byte('l')
		if n.edit {
			kind = 'e'
		}
		f.notes.Write(append(fmt.Appendf(nil, "%d %c ", n.game, kind), n.line...))
	}
	f.before.AddPart(p)
	edits := pl.edits
	if p.Last && (f.wanted == nil || f.wanted[fix.Totals]) {
		// The file's totals are added up once its last part is in,
		// after the workers planned the rest.
		for _, e := range fix.PlanTotals(p) {
			edits = append(edits, e)
			f.notes.Write(append(fmt.Appendf(nil, "%d e ", e.Game), appendNote(nil, e, fix.Summary([]fix.Edit{e}))...))
		}
	}
	for _, e := range edits {
		if e.Kind == fix.RS {
			f.held = append(f.held, e)
			continue
		}
		f.add(e)
	}
	// A game that takes with "#" a value an edit of an earlier part
	// changes: planning saw only its own part.
	for g, why := range f.heirs.Part(p, pl.edits) {
		if f.heirsLeft == nil {
			f.heirsLeft = map[int]string{}
		}
		f.heirsLeft[g] = why
	}
	for name := range p.Report.Encodings {
		f.enc = name
	}
	if p.Last {
		if len(f.heirsLeft) > 0 {
			if err := f.leaveAlone(f.heirsLeft); err != nil {
				f.a.errorf("%v", err)
			}
		}
		f.writeHeld()
		f.finish(p)
	}
}

// writeHeld writes the input's rs edits in file order. There are no more
// of them than entries in the input's rs lists, which the reader holds.
func (f *fixer) writeHeld() {
	slices.SortStableFunc(f.held, func(a, b fix.Edit) int { return cmp.Compare(a.Span.Offset, b.Span.Offset) })
	for _, e := range f.held {
		f.add(e)
	}
	f.held = nil
}

// add counts an edit of the input and writes it to its pending patch.
func (f *fixer) add(e fix.Edit) {
	f.count(e)
	if err := f.pending.Write(e); err != nil {
		f.a.errorf("%v", err)
	}
}

// count counts an edit of the input.
func (f *fixer) count(e fix.Edit) {
	if f.changed == 0 || e.Game != f.lastGame[e.Kind] {
		f.kinds[e.Kind]++ // boards, not edits: a turned deal's trick is many
		f.lastGame[e.Kind] = e.Game
	}
	f.changed++
	f.made = fix.AppendMade(f.made, e)
}

// prove re-audits the input fixed into out, and while the edits of some
// games do not prove out (fix.Prove), leaves those games alone, says why,
// and fixes the input again without them. It returns the spool of the
// fixed text, out or another.
func (f *fixer) prove(in *corpus.Input, open func() (io.Reader, func(), error), out *spool) (*spool, error) {
	for round := 0; f.changed > 0; round++ {
		failed, err := fix.Prove(in.Name, func() (io.ReadCloser, error) { return io.NopCloser(out.reader()), nil }, f.before, slices.Clone(f.made), f.wanted)
		if err != nil || len(failed) == 0 {
			return out, err
		}
		if round == 3 {
			return out, errors.New("its edits did not prove out after three rounds")
		}
		for g, why := range failed {
			failed[g] = "its edits do not prove out: " + why
		}
		if err := f.leaveAlone(failed); err != nil {
			return out, err
		}
		out.discard()
		out = newSpool(tempSpill)
		r, done, err := open()
		if err != nil {
			return out, err
		}
		err = f.apply(out, r)
		done()
		if err == nil {
			err = out.flush()
		}
		if err != nil {
			return out, err
		}
		// The tally was used up: count the original's findings again.
		if f.before, err = f.tally(in, open); err != nil {
			return out, err
		}
	}
	return out, nil
}

// tally tallies the input's findings, as planning found them.
func (f *fixer) tally(in *corpus.Input, open func() (io.Reader, func(), error)) (fix.Tally, error) {
	return fix.TallyOf(in.Name, -1, func() (io.ReadCloser, error) {
		r, done, err := open()
		if err != nil {
			return nil, err
		}
		return readCloser{r, done}, nil
	}, f.enc)
}

// readCloser closes a reader by calling done.
type readCloser struct {
	io.Reader
	done func()
}

func (r readCloser) Close() error { r.done(); return nil }

// leaveAlone takes the edits of the failed games out of the input's,
// saying once a game why they are not made ("left alone: " and the
// game's reason).
func (f *fixer) leaveAlone(failed map[int]string) error {
	if err := f.pending.Close(); err != nil {
		return err
	}
	if err := f.edits.flush(); err != nil {
		return err
	}
	kept := newSpool(tempSpill)
	w := fix.NewPatchWriter(kept)
	pr := fix.NewPatchReader(f.edits.reader(), "the fixes")
	f.changed, f.kinds, f.lastGame, f.made = 0, map[fix.Kind]int{}, map[fix.Kind]int{}, nil
	said := map[int]bool{}
	for {
		e, err := pr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			kept.discard()
			return err
		}
		if why, ok := failed[e.Game]; ok {
			if !said[e.Game] {
				said[e.Game] = true
				f.refused[e.Game] = true
				f.notes.Write(fmt.Appendf(nil, "%d l ", e.Game))
				f.notes.Write(appendNote(nil, e, "left alone: "+why))
			}
			continue
		}
		f.count(e)
		if err := w.Write(e); err != nil {
			kept.discard()
			return err
		}
	}
	f.edits.discard()
	f.edits, f.pending = kept, w
	return nil
}

// sayNotes says the input's notes, once its edits are proved: the
// plan's, but for the edits refused, and why those were.
func (f *fixer) sayNotes() {
	if f.notes == nil {
		return
	}
	defer f.notes.discard()
	if f.notes.flush() != nil {
		return
	}
	sc := bufio.NewScanner(f.notes.reader())
	sc.Buffer(nil, 1<<20)
	var out []byte
	for sc.Scan() {
		game, rest, _ := bytes.Cut(sc.Bytes(), []byte(" "))
		kind, line, _ := bytes.Cut(rest, []byte(" "))
		if g, _ := strconv.Atoi(string(game)); string(kind) == "e" && f.refused[g] {
			continue
		}
		out = append(append(out, line...), '\n')
		if len(out) > 64<<10 {
			f.a.say(out)
			out = out[:0]
		}
	}
	f.a.say(out)
}

// finish fixes the input whose last part p is.
func (f *fixer) finish(p *corpus.Part) {
	a, in := f.a, p.Input
	defer f.sayNotes()
	src := f.sources.take(in)
	if src != nil {
		defer src.discard()
	}
	defer func() { f.edits.discard() }() // proving may put other edits in its place
	if p.Err != nil {
		return // each reports it
	}
	if p.Format == parser.BWS {
		return // a database: audited, never rewritten, and so no text to copy
	}
	if f.patch == nil && f.write && f.changed > 0 && (in.Archive != "" || strings.HasPrefix(in.Name, "<")) {
		a.errorf("%s: not fixed: cannot write back an archive member, standard input or a link; use fix without -w", in.Name)
		return
	}
	open := func() (io.Reader, func(), error) {
		if src != nil {
			return src.reader(), func() {}, src.err
		}
		rc, err := in.Open()
		if err != nil {
			return nil, nil, err
		}
		return rc, func() { rc.Close() }, nil
	}
	out := newSpool(tempSpill)
	defer func() { out.discard() }() // proving may put another text in its place
	r, done, err := open()
	if err != nil {
		a.errorf("%s", named(in.Name, err))
		return
	}
	err = f.apply(out, r)
	done()
	if err == nil {
		err = out.flush()
	}
	if err != nil {
		a.errorf("%s: not fixed: %v", in.Name, err)
		return
	}
	if out, err = f.prove(in, open, out); err != nil {
		a.errorf("%s: not fixed: %v", in.Name, err)
		return
	}
	if f.patch != nil {
		if err := f.toPatch(); err != nil {
			a.errorf("%s: %v", in.Name, err)
			return
		}
		f.done()
		return
	}
	f.emit(in, open, out)
}

// toPatch writes the input's proved edits to the patch, each naming its
// file as apply will find it.
func (f *fixer) toPatch() error {
	if err := f.pending.Close(); err != nil {
		return err
	}
	if err := f.edits.flush(); err != nil {
		return err
	}
	pr := fix.NewPatchReader(f.edits.reader(), "the fixes")
	for {
		e, err := pr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if _, log := f.patch.(*sarifFixes); !log {
			// A patch names its files as apply finds them; a SARIF log
			// names them by URI, relative where it can be.
			if err := f.patchName(&e); err != nil {
				return err
			}
		}
		if err := f.patch.Write(e); err != nil {
			return err
		}
	}
}

// apply copies src to dst with the input's edits made.
func (f *fixer) apply(dst io.Writer, src io.Reader) error {
	if err := f.pending.Close(); err != nil {
		return err
	}
	if err := f.edits.flush(); err != nil {
		return err
	}
	return fix.ApplyPatch(dst, src, f.enc, fix.NewPatchReader(f.edits.reader(), "the fixes"))
}

// emit sends the fixed text where the flags say.
func (f *fixer) emit(in *corpus.Input, open func() (io.Reader, func(), error), out *spool) {
	a, changed := f.a, f.changed > 0
	if f.list && changed {
		fmt.Fprintln(a.stdout, in.Name)
	}
	if f.diff && changed {
		r, done, err := open()
		if err != nil {
			a.errorf("%s", named(in.Name, err))
			return
		}
		_, err = linediff.Write(a.stdout, in.Name+".orig", r, in.Name, out.reader())
		done()
		if err != nil {
			a.errorf("%s", named(in.Name, err))
			return
		}
	}
	switch {
	case f.write && changed:
		notes, err := out.replace(replaceInput(in))
		if err != nil {
			a.errorf("%s", named(in.Name, err))
			return
		}
		for _, n := range notes {
			a.notef("%s", n)
		}
	case !f.list && !f.diff && !f.write:
		if _, err := io.Copy(a.stdout, out.reader()); err != nil {
			a.errorf("writing standard output: %v", err)
			return
		}
	}
	f.done()
	if changed && (f.list || f.diff) && !f.write {
		a.fail(exitFindings)
	}
}

// done counts the input's fixes as made: written, shown or in the patch.
func (f *fixer) done() {
	for k, n := range f.kinds {
		f.counts[k] += n
	}
	if f.changed > 0 {
		f.files++
	}
}

// patchName names e's file in a patch as apply will find it: relative to
// the folder apply runs in (its --root), which is this one unless told.
func (f *fixer) patchName(e *fix.Edit) error {
	name := e.File
	if filepath.IsAbs(name) {
		wd, err := os.Getwd()
		if err == nil {
			name, err = filepath.Rel(wd, name)
		}
		if err != nil {
			return fmt.Errorf("%s: not in the patch: %v", e.File, err)
		}
	}
	if !filepath.IsLocal(name) {
		return fmt.Errorf("%s: not in the patch: apply takes names inside its --root folder; run fix --patch from a folder that holds the file", e.File)
	}
	e.File = filepath.ToSlash(name)
	return nil
}

// summary counts the fixes of the run by kind on stderr.
func (f *fixer) summary() {
	var parts []string
	for _, k := range fix.Kinds {
		if n := f.counts[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, n))
		}
	}
	if len(parts) > 0 {
		f.a.notef("fixes: %s, in %s", strings.Join(parts, ", "), diag.Plural(f.files, "file"))
	}
}
