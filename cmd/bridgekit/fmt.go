package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/rogpeppe/go-internal/diff"
	"github.com/urfave/cli/v2"

	"bridgekit/convert"
	"bridgekit/corpus"
	"bridgekit/internal/safewrite"
)

func (a *app) fmtCommand() *cli.Command {
	return &cli.Command{
		Name:      "fmt",
		Usage:     "normalize PBN and LIN files, like gofmt",
		ArgsUsage: "PATH…",
		Description: `fmt rewrites each PBN or LIN file of the PATHs in its canonical form: PBN in
the export format of PBN 2.1 (UTF-8), LIN in the layout BBO writes. By
default the result goes to standard output. With -l it lists the files whose
formatting differs, with -d it prints a unified diff, and with -w it writes
the result back to the file. -w replaces a file atomically (a crash or kill
never leaves it half written) and keeps its mode; a file that cannot be read
or written whole is left alone and reported.

With -l or -d and without -w, the exit status is 1 when a file's formatting
differs, so that fmt -l can check an archive.

Examples:

  bridgekit fmt events/2019/final.pbn
  bridgekit fmt -l archive/
  bridgekit fmt -d board.lin
  bridgekit fmt -w -l archive/`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "l", Usage: "list the files whose formatting differs"},
			&cli.BoolFlag{Name: "w", Usage: "write the result to the file instead of standard output"},
			&cli.BoolFlag{Name: "d", Usage: "print a unified diff of the changes"},
			jobsFlag(),
		},
		Action: a.fmt,
	}
}

// formatted is the outcome of formatting one input.
type formatted struct {
	src, out []byte
	err      error
}

func (a *app) fmt(c *cli.Context) error {
	ps, err := paths(c)
	if err != nil {
		return err
	}
	list, write, showDiff := c.Bool("l"), c.Bool("w"), c.Bool("d")
	bar := a.progress()
	work := func(in *corpus.Input) formatted {
		rc, err := in.Open()
		if err != nil {
			return formatted{err: err}
		}
		defer rc.Close()
		src, err := io.ReadAll(rc)
		if err != nil {
			return formatted{err: err}
		}
		out, err := normalize(in.Name, src)
		return formatted{src: src, out: out, err: err}
	}
	emit := func(in *corpus.Input, r formatted, err error) {
		bar.clear()
		defer bar.add()
		switch {
		case err != nil:
			a.errorf("%v", err)
			return
		case r.err != nil:
			a.errorf("%s: %v", in.Name, r.err)
			return
		case write && (in.Archive != "" || strings.HasPrefix(in.Name, "<")):
			a.errorf("%s: cannot write back an archive member, standard input or a link; use fmt without -w", in.Name)
			return
		}
		changed := !bytes.Equal(r.src, r.out)
		if list && changed {
			fmt.Fprintln(a.stdout, in.Name)
		}
		if showDiff && changed {
			a.stdout.Write(diff.Diff(in.Name+".orig", r.src, in.Name, r.out))
		}
		if write && changed {
			if err := a.writeBack(in, r.out); err != nil {
				a.errorf("%v", err)
				return
			}
		}
		if !list && !showDiff && !write {
			a.stdout.Write(r.out)
		}
		if changed && (list || showDiff) && !write {
			a.fail(exitFindings)
		}
	}
	err = corpus.Run(context.Background(), a.inputs(ps), corpus.RunOptions{Jobs: c.Int("jobs")}, work, emit)
	bar.finish()
	return err
}

// normalize returns the canonical form of a PBN or LIN file. Like gofmt,
// it does not format a file with syntax errors, since what the reader
// skipped would be lost; nor one with a board that cannot be written.
func normalize(name string, src []byte) ([]byte, error) {
	p := corpus.Process(name, bytes.NewReader(src), corpus.AuditOptions{Boards: true})
	if p.Err != nil {
		return nil, p.Err
	}
	var w boardWriter
	var out bytes.Buffer
	switch p.Format {
	case corpus.PBN:
		if len(p.Boards) == 0 {
			// Only % lines and commentary: the header, with the file's
			// own % lines, is all there is to write.
			err := convert.NormalizePBN(&out, bytes.NewReader(src), name, convert.PBNWriterOptions{})
			return out.Bytes(), err
		}
		w = convert.NewPBNWriter(&out, convert.PBNWriterOptions{})
	case corpus.LIN:
		w = convert.NewLINWriter(&out, convert.LINWriterOptions{})
	case corpus.HTML:
		return nil, errors.New("not formatted: an HTML page, not a PBN or LIN file")
	default:
		return nil, errors.New("not formatted: not a PBN or LIN file")
	}
	var syntax []corpus.Finding
	for f := range p.All() {
		if f.Code == corpus.CodeSyntax {
			syntax = append(syntax, f)
		}
	}
	if len(syntax) > 0 {
		f := syntax[0]
		return nil, fmt.Errorf("not formatted: %s, the first at %d:%d: %s",
			plural(len(syntax), "syntax error"), f.Line, f.Col, f.Message)
	}
	errs := append(writePart(w, p), w.Close())
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("not formatted: %w", err)
	}
	return out.Bytes(), nil
}

// plural says how many of noun there are: "1 syntax error", "2 syntax
// errors".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// writeBack replaces the file of an input, which must be a file of its
// own, with out (see safewrite.Replace).
func (a *app) writeBack(in *corpus.Input, out []byte) error {
	f, notes, err := safewrite.Replace(in.Name)
	if err != nil {
		return err
	}
	if _, err := f.Write(out); err != nil {
		f.Abort()
		return err
	}
	if err := f.Commit(); err != nil {
		return err
	}
	for _, n := range notes {
		a.notef("%s", n)
	}
	return nil
}
