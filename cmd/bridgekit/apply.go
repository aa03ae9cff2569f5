package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"bridgekit/corpus"
	"bridgekit/fix"
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
	root := c.String("root")
	var applied, done, stale int
	for _, name := range c.Args().Slice() {
		pf, err := os.Open(name)
		if err != nil {
			return cli.Exit(fmt.Sprintf("%v", err), exitError)
		}
		edits, err := fix.ReadPatch(pf, name)
		pf.Close()
		if err != nil {
			return cli.Exit(err.Error(), exitError)
		}
		for len(edits) > 0 {
			n := 1
			for n < len(edits) && edits[n].File == edits[0].File {
				n++
			}
			r, err := a.applyFile(root, edits[:n])
			if err != nil {
				a.errorf("%s: not patched: %v", edits[0].File, err)
			}
			for _, e := range r.Stale {
				a.stdout.Flush()
				fmt.Fprintf(a.stderr, "bridgekit: %s:%s: board %s: %s %s → %s not made: the text there is no longer %s\n", e.File, e.Span.Pos, e.Board, e.Kind, e.Old, e.New, e.Old)
				a.fail(exitFindings)
			}
			applied, done, stale = applied+r.Applied, done+r.Done, stale+len(r.Stale)
			edits = edits[n:]
		}
	}
	a.notef("%s made, %s already made, %s stale", plural(applied, "edit"), plural(done, "edit"), plural(stale, "edit"))
	return nil
}

// applyFile makes edits, all of one file, in it.
func (a *app) applyFile(root string, edits []fix.Edit) (fix.PatchResult, error) {
	var res fix.PatchResult
	if !filepath.IsLocal(filepath.FromSlash(edits[0].File)) && !filepath.IsAbs(edits[0].File) {
		return res, fmt.Errorf("the name leaves --root")
	}
	path := edits[0].File
	if !filepath.IsAbs(path) {
		path = filepath.Join(root, filepath.FromSlash(path))
	}
	enc, err := fileEncoding(path)
	if err != nil {
		return res, err
	}
	in, err := os.Open(path)
	if err != nil {
		return res, err
	}
	defer in.Close()
	out := newSpool(tempSpill)
	defer out.discard()
	res, err = fix.Patch(out, in, enc, edits)
	if err == nil {
		err = out.flush()
	}
	if err != nil || res.Applied == 0 {
		return res, err
	}
	notes, err := out.replace(path)
	for _, n := range notes {
		a.notef("%s", n)
	}
	return res, err
}

// fileEncoding returns the encoding the readers find in the file at path:
// the one whose text the patch's offsets count.
func fileEncoding(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	p := corpus.Process(path, f, corpus.AuditOptions{SkipDuplicates: true})
	if p.Err != nil {
		return "", p.Err
	}
	for name := range p.Report.Encodings {
		return name, nil
	}
	return "UTF-8", nil
}
