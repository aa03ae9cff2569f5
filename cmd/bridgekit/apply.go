package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/fix"
	"github.com/bridgekit/bridgekit/parser/charset"
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
	pt := &patching{a: a, root: c.String("root")}
	for _, name := range c.Args().Slice() {
		pf, err := os.Open(name)
		if err != nil {
			return cli.Exit(fmt.Sprintf("%v", err), exitError)
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
				pt.finish()
				pf.Close()
				return cli.Exit(err.Error(), exitError)
			}
			if pt.file != e.File {
				pt.finish()
				pt.start(e.File)
			}
			pt.edit(e)
		}
		pf.Close()
		pt.finish()
	}
	a.notef("%s made, %s already made, %s stale", plural(pt.applied, "edit"), plural(pt.done, "edit"), plural(pt.stale, "edit"))
	return nil
}

// patching applies a patch's edits to its files, one file at a time: the
// edits of a file come together in a patch.
type patching struct {
	a                    *app
	root                 string
	applied, done, stale int

	// The file being patched.
	file string
	path string
	in   *os.File
	out  *spool
	p    *fix.Patcher
	err  error
}

// start starts on file, a name the patch gives.
func (pt *patching) start(file string) {
	pt.file, pt.path, pt.in, pt.out, pt.p, pt.err = file, "", nil, nil, nil, nil
	if !filepath.IsLocal(filepath.FromSlash(file)) && !filepath.IsAbs(file) {
		pt.err = fmt.Errorf("the name leaves --root")
		return
	}
	pt.path = file
	if !filepath.IsAbs(file) {
		pt.path = filepath.Join(pt.root, filepath.FromSlash(file))
	}
	enc, err := fileEncoding(pt.path)
	if err == nil {
		pt.in, err = os.Open(pt.path)
	}
	if err != nil {
		pt.err = err
		return
	}
	pt.out = newSpool(tempSpill)
	pt.p, pt.err = fix.NewPatcher(pt.out, pt.in, enc)
}

// edit makes e, an edit of the file being patched.
func (pt *patching) edit(e fix.Edit) {
	if pt.err == nil {
		pt.err = pt.p.Edit(e)
	}
}

// finish writes the file being patched back, if an edit was made, and
// says what became of its edits.
func (pt *patching) finish() {
	if pt.file == "" {
		return
	}
	a := pt.a
	var res fix.PatchResult
	if pt.err == nil {
		res, pt.err = pt.p.Close()
	}
	if pt.err == nil {
		pt.err = pt.out.flush()
	}
	if pt.in != nil {
		pt.in.Close()
	}
	if pt.err == nil && res.Applied > 0 {
		var notes []string
		notes, pt.err = pt.out.replace(pt.path)
		for _, n := range notes {
			a.notef("%s", n)
		}
	}
	if pt.out != nil {
		pt.out.discard()
	}
	if pt.err != nil {
		a.errorf("%s: not patched: %v", pt.file, pt.err)
	}
	for _, e := range res.Stale {
		a.stdout.Flush()
		fmt.Fprintf(a.stderr, "bridgekit: %s:%s: board %s: %s %s → %s not made: the text there is no longer %s\n", e.File, e.Span.Pos, e.Board, e.Kind, e.Old, e.New, e.Old)
		a.fail(exitFindings)
	}
	pt.applied, pt.done, pt.stale = pt.applied+res.Applied, pt.done+res.Done, pt.stale+len(res.Stale)
	pt.file = ""
}

// fileEncoding returns the encoding the readers find in the file at path:
// the one whose text the patch's offsets count.
func fileEncoding(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	r, _, err := charset.Decode(f)
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(io.Discard, r); err != nil {
		return "", err
	}
	return r.(charset.EncodingReporter).Encoding().Name, nil
}
