package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/fix"
	"github.com/bridgekit/bridgekit/internal/safewrite"
)

func (a *app) applyCommand() *cli.Command {
	return &cli.Command{
		Name:      "apply",
		Usage:     "make the fixes of patch files that bridgekit fix --patch wrote",
		ArgsUsage: "PATCH…",
		Description: `apply makes the edits of each PATCH in the files it names, relative to
--root (the current directory by default), with fix -w's guarantees. An edit
whose old text is no longer there is left alone and listed (exit status 1);
one already made is counted and left as it is, so that applying a patch twice
changes nothing the second time.

A patch is trusted in nothing. A name that is absolute or leaves --root, a
link inside it that leads out, and a file that is not a regular file are
refused. An edit is made only if its kind exists and its new text is a value
of that kind as fix writes it, and the patched file is audited again: one
that would gain a finding of warning or error severity, or keep a finding
its edits were to answer, is refused and left as it was (exit status 2).

Examples:

  bridgekit fix --patch spring.patch archive/spring/
  bridgekit apply --root rebuilt/ spring.patch`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "root", Value: ".", Usage: "the directory the patch's file names are relative to"},
		},
		Action: a.apply,
	}
}

func (a *app) apply(c *cli.Context) error {
	if c.NArg() == 0 {
		return usageError("apply needs a PATCH")
	}
	root, err := safewrite.OpenRoot(c.String("root"))
	if err != nil {
		return cli.Exit(fmt.Sprintf("--root: %v", err), exitError)
	}
	defer root.Close()
	pt := &patching{a: a, root: root}
	for _, name := range c.Args().Slice() {
		pf, err := os.Open(name)
		if err != nil {
			return cli.Exit(err.Error(), exitError)
		}
		// Read a hunk at a time: a patch of hundreds of thousands of edits
		// is applied in the memory of one.
		edits := fix.NewPatchReader(pf, name)
		for {
			e, err := edits.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				pt.abandon()
				pf.Close()
				return cli.Exit(err.Error(), exitError)
			}
			if pt.file != e.File || !pt.started {
				pt.finish()
				pt.start(e.File)
			}
			pt.edit(e)
		}
		pf.Close()
		pt.finish()
	}
	summary := fmt.Sprintf("%s made, %s already made, %s stale", diag.Plural(pt.applied, "edit"), diag.Plural(pt.done, "edit"), diag.Plural(pt.stale, "edit"))
	if pt.refused > 0 {
		summary += fmt.Sprintf("; %s not patched", diag.Plural(pt.refused, "file"))
	}
	a.notef("%s", summary)
	return nil
}

// patching applies a patch's edits to its files, one file at a time: the
// edits of a file come together in a patch.
type patching struct {
	a                             *app
	root                          *safewrite.Root
	applied, done, stale, refused int

	// The file being patched.
	started bool
	file    string // as the patch names it
	rel     string // inside root
	before  fix.Tally
	out     *spool
	p       *fix.Patcher
	in      io.Closer
	res     fix.PatchResult
	made    []fix.MadeEdit // for the re-audit
	err     error
}

// start starts on file, a name the patch gives. Every name is taken
// inside --root: an absolute one, one with "..", or one that a link
// inside the root leads out of, is refused.
func (pt *patching) start(file string) {
	*pt = patching{a: pt.a, root: pt.root, applied: pt.applied, done: pt.done, stale: pt.stale, refused: pt.refused, started: true, file: file}
	rel := filepath.FromSlash(file)
	switch {
	case file == "":
		pt.err = errors.New("the patch names no file")
		return
	case !filepath.IsLocal(rel):
		pt.err = fmt.Errorf("the name is not inside --root %s (an absolute name, or one with ..)", pt.root.Path("."))
		return
	}
	pt.rel = rel
	f, err := pt.root.Open(rel)
	if err != nil {
		pt.err = err
		return
	}
	pt.in = f
	pt.before, pt.err = fix.TallyOf(file, -1, func() (io.ReadCloser, error) { return pt.root.Open(rel) }, "")
	if pt.err != nil {
		return
	}
	pt.out = newSpool(tempSpill)
	pt.p, pt.err = fix.NewPatcher(pt.out, f, pt.before.Encoding)
}

// edit makes e, an edit of the file being patched, if it is an edit fix
// could have made.
func (pt *patching) edit(e fix.Edit) {
	if pt.err == nil {
		pt.err = fix.Check(e)
	}
	if pt.err == nil {
		var o fix.Outcome
		o, pt.err = pt.p.Edit(e)
		if o == fix.Made {
			pt.made = fix.AppendMade(pt.made, e)
		}
	}
}

// abandon gives up the file being patched, which is left as it was.
func (pt *patching) abandon() {
	if pt.in != nil {
		pt.in.Close()
	}
	if pt.out != nil {
		pt.out.discard()
	}
	pt.started = false
}

// finish writes the file being patched back, if an edit was made and the
// patched text audits no worse than the file did, and says what became
// of its edits: the counts are what is on disk.
func (pt *patching) finish() {
	if !pt.started {
		return
	}
	defer pt.abandon()
	a := pt.a
	if pt.err == nil {
		pt.res, pt.err = pt.p.Close()
	}
	if pt.err == nil {
		pt.err = pt.out.flush()
	}
	if pt.err == nil && pt.res.Applied > 0 {
		pt.err = pt.before.Verify(pt.file, func() (io.ReadCloser, error) { return io.NopCloser(pt.out.reader()), nil }, pt.made)
	}
	if pt.err == nil && pt.res.Applied > 0 { // verified
		var notes []string
		notes, pt.err = pt.out.replace(func() (*safewrite.File, []string, error) { return pt.root.Replace(pt.rel) })
		for _, n := range notes {
			a.notef("%s", n)
		}
	}
	if pt.err != nil {
		name := pt.root.Path(pt.rel)
		if pt.rel == "" {
			name = strconv.Quote(pt.file)
		}
		a.errorf("%s: not patched: %v", name, pt.err)
		pt.refused++
		return
	}
	for _, e := range pt.res.Stale {
		a.stdout.Flush()
		why := "the text there is no longer " + e.Old
		switch {
		case e.Old == "":
			why = "an edit before it was not made, and its place may have moved"
		case e.New == "":
			why = fmt.Sprintf("the text there is no longer %q", e.Old)
		}
		fmt.Fprintf(a.stderr, "bridgekit: %s:%s: %s: %s %s not made: %s\n", e.File, e.Span.Pos, e.Label(), e.Kind, fix.Change(e), why)
		a.fail(exitFindings)
	}
	pt.applied, pt.done, pt.stale = pt.applied+pt.res.Applied, pt.done+pt.res.Done, pt.stale+len(pt.res.Stale)
}
