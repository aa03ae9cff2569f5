package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"bridgekit/auction"
	"bridgekit/convert"
	"bridgekit/corpus"
)

func (a *app) convertCommand() *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "write boards as canonical PBN, LIN or JSON Lines",
		ArgsUsage: "PATH…",
		Description: `convert reads every board of the PATHs, replays it, and writes it in the
format --to names: canonical PBN (the PBN 2.1 export format, UTF-8),
BBO LIN (one board per line; vugraph files for matches), or JSON Lines
(one object per board; the schema is in the documentation of package
convert: go doc bridgekit/convert).

Output goes to standard output, to the file -o names, or, when -o names a
directory (one that exists, or a name ending in /), to one file per input
mirroring the input tree: -o out/ events/2019/final.pbn writes
out/events/2019/final.lin; a member of season.zip is written under
out/season/. Files are written whole or not at all.

Examples:

  bridgekit convert --to lin events/2019/final.pbn > final.lin
  bridgekit convert --to json -o boards.jsonl season.zip
  bridgekit convert --to pbn -o normalized/ archive/`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "to", Required: true, Usage: "write `FORMAT`: pbn, lin or json"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE`, or one file per input under a DIRectory"},
			&cli.BoolFlag{Name: "latin1", Usage: "PBN: write ISO-8859-1, the standard's character set, instead of UTF-8"},
			&cli.StringFlag{Name: "vugraph", Value: "auto", Usage: "LIN: write vugraph (match) files `auto` (for boards played in rooms), always or never"},
			jobsFlag(),
		},
		Action: a.convert,
	}
}

// boardWriter is what the convert package's writers have in common.
type boardWriter interface {
	WriteBoard(*auction.Board) error
	Close() error
}

// writerFactory makes a writer of the chosen format to w; ext is the file
// extension of that format.
type writerFactory struct {
	ext string
	new func(w io.Writer) boardWriter
}

func writerFor(c *cli.Context) (writerFactory, error) {
	switch to := c.String("to"); to {
	case "pbn":
		opt := convert.PBNWriterOptions{Latin1: c.Bool("latin1")}
		return writerFactory{".pbn", func(w io.Writer) boardWriter { return convert.NewPBNWriter(w, opt) }}, nil
	case "lin":
		var opt convert.LINWriterOptions
		switch v := c.String("vugraph"); v {
		case "auto":
			opt.Vugraph = convert.VugraphAuto
		case "always":
			opt.Vugraph = convert.VugraphAlways
		case "never":
			opt.Vugraph = convert.VugraphNever
		default:
			return writerFactory{}, usageError("--vugraph %s: want auto, always or never", v)
		}
		return writerFactory{".lin", func(w io.Writer) boardWriter { return convert.NewLINWriter(w, opt) }}, nil
	case "json":
		return writerFactory{".jsonl", func(w io.Writer) boardWriter { return convert.NewJSONWriter(w) }}, nil
	default:
		return writerFactory{}, usageError("--to %s: want pbn, lin or json", to)
	}
}

func (a *app) convert(c *cli.Context) error {
	wf, err := writerFor(c)
	if err != nil {
		return err
	}
	out := c.String("output")
	if out != "" && isDirTarget(out) {
		return a.convertToDir(c, wf, out)
	}
	var dst io.Writer = a.stdout
	var file *atomicFile
	if out != "" {
		if file, err = createAtomic(out, 0o644); err != nil {
			return cli.Exit(err.Error(), exitError)
		}
		defer file.abort()
		dst = file
	}
	w := wf.new(dst)
	failed := false
	_, err = a.each(c, corpus.AuditOptions{Boards: true}, func(p *corpus.Part) {
		failed = a.writeBoards(w, p) || failed
	})
	if err != nil {
		return err
	}
	if cerr := w.Close(); cerr != nil {
		a.errorf("%v", cerr)
		return nil
	}
	if file != nil && !failed {
		if err := file.commit(); err != nil {
			a.errorf("%v", err)
		}
	}
	return nil
}

// writeBoards writes the boards of a part, reporting each that cannot be
// written; it returns whether one could not be.
func (a *app) writeBoards(w boardWriter, p *corpus.Part) (failed bool) {
	for _, err := range writePart(w, p) {
		a.errorf("%v", err)
		failed = true
	}
	return failed
}

// writePart writes the boards of a part, and for PBN the text after the
// last game, and returns the errors of what could not be written.
func writePart(w boardWriter, p *corpus.Part) []error {
	var errs []error
	for _, b := range p.Boards {
		if err := w.WriteBoard(b.Board); err != nil {
			errs = append(errs, err)
		}
	}
	if pw, ok := w.(*convert.PBNWriter); ok && p.Trailer != nil {
		if err := pw.WriteTrailer(p.Trailer.Escapes, p.Trailer.Leading); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", p.Name, err))
		}
	}
	return errs
}

// convertToDir writes each input to its own file under dir.
func (a *app) convertToDir(c *cli.Context, wf writerFactory, dir string) error {
	args := c.Args().Slice()
	written := map[string]string{} // output file → the input written there
	var (
		file   *atomicFile
		w      boardWriter
		failed bool
	)
	_, err := a.each(c, corpus.AuditOptions{Boards: true}, func(p *corpus.Part) {
		if p.Input == nil {
			return
		}
		if file == nil && !failed {
			target := filepath.Join(dir, mirror(p.Name, args, wf.ext))
			if prev, ok := written[target]; ok {
				a.errorf("%s: not written: %s is the output of %s too", p.Name, target, prev)
				failed = true
			} else {
				written[target] = p.Name
				var err error
				if err = os.MkdirAll(filepath.Dir(target), 0o755); err == nil {
					file, err = createAtomic(target, 0o644)
				}
				if err != nil {
					a.errorf("%v", err)
					failed = true
				} else {
					w = wf.new(file)
				}
			}
		}
		if file != nil {
			failed = a.writeBoards(w, p) || failed
		}
		if !p.Last {
			return
		}
		if file != nil {
			if err := w.Close(); err != nil {
				a.errorf("%v", err)
				failed = true
			}
			if failed || p.Err != nil {
				file.abort()
			} else if err := file.commit(); err != nil {
				a.errorf("%v", err)
			}
		}
		file, w, failed = nil, nil, false
	})
	return err
}

// isDirTarget reports whether -o names a directory: one that exists, or a
// name ending in a separator.
func isDirTarget(out string) bool {
	if strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(filepath.Separator)) {
		return true
	}
	fi, err := os.Stat(out)
	return err == nil && fi.IsDir()
}

// mirror returns the path, relative to the output directory, of the file
// written for the input named name: its path relative to the directory of
// the argument it was found under, with archive members under a directory
// named after the archive and the extension ext.
//
//	events/2019/final.pbn (from events)       events/2019/final.lin
//	/data/events/a.pbn (from /data/events)    events/a.lin
//	season.zip!dir/a.pbn                      season/dir/a.lin
//	<stdin>, <url 2>                          stdin.lin, url-2.lin
func mirror(name string, args []string, ext string) string {
	if strings.HasPrefix(name, "<") && strings.HasSuffix(name, ">") {
		return strings.ReplaceAll(name[1:len(name)-1], " ", "-") + ext
	}
	parts := strings.Split(name, "!")
	outer := parts[0]
	for _, arg := range args {
		if outer == arg || strings.HasPrefix(outer, strings.TrimSuffix(arg, "/")+"/") {
			if rel, err := filepath.Rel(filepath.Dir(filepath.Clean(arg)), outer); err == nil {
				outer = rel
			}
			break
		}
	}
	parts[0] = outer
	for i := range parts[:len(parts)-1] {
		parts[i] = stripArchiveExt(parts[i])
	}
	p := filepath.Join(parts...)
	// Never leave the output directory.
	p = filepath.Join(string(filepath.Separator), p)[1:]
	return strings.TrimSuffix(p, filepath.Ext(p)) + ext
}

// stripArchiveExt removes .zip, .tar, .tgz, .tar.gz or .gz from an archive's
// name.
func stripArchiveExt(name string) string {
	lower := strings.ToLower(name)
	for _, ext := range []string{".tar.gz", ".tgz", ".zip", ".tar", ".gz"} {
		if strings.HasSuffix(lower, ext) {
			return name[:len(name)-len(ext)]
		}
	}
	return name + ".d"
}

// atomicFile is a file written under a temporary name in its directory and
// renamed over the target on commit, so that the target is never seen half
// written: a crash or kill leaves the old file, or none.
type atomicFile struct {
	*os.File
	target string
	mode   os.FileMode
}

// createAtomic starts writing target; mode is that of a new file (an
// existing target keeps its own).
func createAtomic(target string, mode os.FileMode) (*atomicFile, error) {
	if fi, err := os.Stat(target); err == nil {
		mode = fi.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return nil, err
	}
	return &atomicFile{File: f, target: target, mode: mode}, nil
}

// commit syncs the file, gives it the mode and renames it over the target.
func (f *atomicFile) commit() error {
	err := f.Sync()
	if err == nil {
		err = f.Chmod(f.mode)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), f.target)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("writing %s: %w", f.target, err)
	}
	return nil
}

// abort removes the temporary file; after commit it does nothing.
func (f *atomicFile) abort() {
	f.Close()
	os.Remove(f.Name())
}
