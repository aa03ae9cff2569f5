package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/format"
	"github.com/bridgekit/bridgekit/internal/linediff"
	"github.com/bridgekit/bridgekit/internal/safewrite"
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
never leaves it half written), keeps its mode and owner, honours its write
permission and writes through a symbolic link to its target. A file with a
syntax error, or one that is no PBN or LIN at all, is never formatted: it is
reported (exit status 2) and left as it was, since the text the reader could
not read would be lost.

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

func (a *app) fmt(c *cli.Context) error {
	f := &formatter{a: a, list: c.Bool("l"), write: c.Bool("w"), diff: c.Bool("d")}
	opts := format.Options
	opts.Source = f.source
	_, err := a.each(c, opts, f.part)
	if f.job != nil {
		f.job.discard()
	}
	return err
}

// A formatter formats the inputs of one fmt command as their parts stream
// by, one input at a time, in input order. Nothing of an input is written
// anywhere until the whole of it has been read and found formattable: the
// canonical text goes to a spool, and only then to standard output, to the
// file (-w), or into the comparison with the source (-l, -d).
type formatter struct {
	a                 *app
	list, write, diff bool
	job               *fmtJob
	sources           sourceCopies
}

// A fmtJob is the formatting of one input.
type fmtJob struct {
	in  *corpus.Input
	out *spool
	fm  *format.Formatter
	// notes are what replacing the file has to say (a split hard link).
	notes []string
	// replaceErr is why the file cannot be replaced, found when its text
	// outgrew memory and the spool asked for the file's replacement.
	replaceErr error
}

// source gives Audit a spool for the copy of an input that cannot be read
// twice, when it must be compared with its formatted text.
func (f *formatter) source(in *corpus.Input) io.Writer {
	if !f.list && !f.diff {
		return nil
	}
	return f.sources.copyOf(in)
}

// part takes the next part of the inputs.
func (f *formatter) part(p *corpus.Part) {
	if p.Input == nil {
		return // an error of discovery, which each reports
	}
	if f.job == nil {
		f.job = f.start(p)
	}
	j := f.job
	j.fm.Part(p)
	if p.Last {
		f.job = nil
		f.finish(j, p)
	}
}

// start begins the job of the input whose first part p is.
func (f *formatter) start(p *corpus.Part) *fmtJob {
	j := &fmtJob{in: p.Input}
	spill := tempSpill
	if f.write {
		spill = func() (spillFile, error) {
			sf, notes, err := replaceInput(j.in)()
			if err != nil {
				j.replaceErr = err
				return tempSpill()
			}
			j.notes = notes
			return sf, nil
		}
	}
	j.out = newSpool(spill)
	j.fm = format.New(j.out, p)
	if f.write && (p.Input.Archive != "" || strings.HasPrefix(p.Input.Name, "<")) {
		j.fm.Refuse("cannot write back an archive member, standard input or a link; use fmt without -w")
	}
	return j
}

// finish completes a job once its input's last part p is in: the text
// goes where the flags say, or the input is refused and left alone.
func (f *formatter) finish(j *fmtJob, p *corpus.Part) {
	a, name := f.a, j.in.Name
	defer j.discard()
	if p.Err != nil {
		return // each reports it; what was read is not all there is
	}
	err := j.fm.Close()
	j.out.flush()
	switch {
	case err != nil:
		a.errorf("%v", err)
		return
	case j.out.err != nil:
		a.errorf("%s: not formatted: %v", name, j.out.err)
		return
	}
	if !f.list && !f.diff && !f.write {
		if _, err := io.Copy(a.stdout, j.out.reader()); err != nil {
			a.errorf("writing standard output: %v", err)
		}
		return
	}
	changed, err := f.compare(j)
	if err != nil {
		a.errorf("%s", named(name, err))
		return
	}
	if f.list && changed {
		fmt.Fprintln(a.stdout, name)
	}
	if f.write && changed {
		if err := j.replace(); err != nil {
			a.errorf("%v", err)
			return
		}
		for _, n := range j.notes {
			a.notef("%s", n)
		}
	}
	if changed && !f.write {
		a.fail(exitFindings)
	}
}

// compare compares the formatted text with the input's own, printing the
// diff with -d, and reports whether they differ.
func (f *formatter) compare(j *fmtJob) (bool, error) {
	var src io.Reader
	if sp := f.sources.take(j.in); sp != nil {
		defer sp.discard()
		if sp.err != nil {
			return false, sp.err
		}
		src = sp.reader()
	} else {
		rc, err := j.in.Open()
		if err != nil {
			return false, err
		}
		defer rc.Close()
		src = rc
	}
	if f.diff {
		return linediff.Write(f.a.stdout, j.in.Name+".orig", src, j.in.Name, j.out.reader())
	}
	return differ(src, j.out.reader())
}

// differBuffers are the buffers differ compares in, kept from one call to
// the next: made for each file, they took a tenth of the time of fmt -l
// over an archive of small files, to clear them.
var differBuffers = sync.Pool{New: func() any { return new([2][64 << 10]byte) }}

// differ reports whether two streams differ.
func differ(x, y io.Reader) (bool, error) {
	bufs := differBuffers.Get().(*[2][64 << 10]byte)
	defer differBuffers.Put(bufs)
	bx, by := bufs[0][:], bufs[1][:]
	for {
		nx, errx := io.ReadFull(x, bx)
		ny, erry := io.ReadFull(y, by)
		if !bytes.Equal(bx[:nx], by[:ny]) {
			return true, nil
		}
		endx := errx == io.EOF || errx == io.ErrUnexpectedEOF
		endy := erry == io.EOF || erry == io.ErrUnexpectedEOF
		switch {
		case errx != nil && !endx:
			return false, errx
		case erry != nil && !endy:
			return false, erry
		case endx || endy:
			return endx != endy, nil
		}
	}
}

// replace writes the formatted text over the input's file.
func (j *fmtJob) replace() error {
	if sf, ok := j.out.file.(*safewrite.File); ok {
		if err := j.out.flush(); err != nil {
			return err
		}
		j.out.file = nil // committed, not discarded
		return sf.Commit()
	}
	if j.replaceErr != nil {
		return j.replaceErr
	}
	notes, err := j.out.replace(replaceInput(j.in))
	j.notes = notes
	return err
}

// discard drops the job's spool.
func (j *fmtJob) discard() { j.out.discard() }
