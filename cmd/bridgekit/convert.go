package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/convert"
	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/safewrite"
	"github.com/bridgekit/bridgekit/record"
	"github.com/bridgekit/bridgekit/scoring"
)

func (a *app) convertCommand() *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "write boards as canonical PBN, LIN, JSON Lines or USEBIO",
		ArgsUsage: "PATH…",
		Description: `convert reads every board of the PATHs, replays it, and writes it in the
format --to names: canonical PBN (the PBN 2.1 export format, UTF-8),
BBO LIN (one board per line; vugraph files for matches), JSON Lines
(one object per board; the schema is in the documentation of package
convert: go doc github.com/bridgekit/bridgekit/convert), or USEBIO 1.2,
the XML results format (travellers and totals; docs/usebio.md). For JSON, the
PATHs are read twice, so that each room of a team-match board gets its
IMPs against the other room wherever that is.

Output goes to standard output, to the file -o names, or, when -o names a
directory (one that exists, or a name ending in /), to one file per input
mirroring the input tree: -o out/ events/2019/final.pbn writes
out/events/2019/final.lin; a member of season.zip is written under
out/season/. Files are written whole or not at all.

Examples:

  bridgekit convert --to lin events/2019/final.pbn > final.lin
  bridgekit convert --to json -o boards.jsonl season.zip
  bridgekit convert --to pbn -o normalized/ archive/`,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "to", Required: true, Usage: "write `FORMAT`: pbn, lin, json or usebio"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE`, or one file per input under a DIRectory"},
			&cli.BoolFlag{Name: "latin1", Usage: "PBN: write ISO-8859-1, the standard's character set, instead of UTF-8 (--charset iso-8859-1)"},
			&cli.StringFlag{Name: "charset", Usage: "PBN: write the single-byte character set `NAME` (windows-1251, iso-8859-1 …) for older software, declared in the file; a character it lacks is an error, and nothing of that output is written"},
			&cli.StringFlag{Name: "vugraph", Value: "auto", Usage: "LIN: write vugraph (match) files `auto` (for boards played in rooms), always or never"},
			jobsFlag(),
		}, ddFlags("JSON: solve every deal double dummy and add its table and par to its board (\"dd\", \"par\"; slow: seconds a deal)")...),
		Action: a.convert,
	}
}

// boardWriter is what the convert package's writers have in common.
type boardWriter interface {
	WriteBoard(*record.Board) error
	Close() error
}

// writerFactory makes a writer of the chosen format to w; ext is the file
// extension of that format.
type writerFactory struct {
	ext string
	new func(w io.Writer) boardWriter
	// rooms, for JSON, holds the rooms of the run's team-match boards,
	// for each board's imps.
	rooms *scoring.RoomIndex
}

func writerFor(c *cli.Context) (writerFactory, error) {
	to := c.String("to")
	if c.Bool("dd") && to != "json" {
		return writerFactory{}, usageError("--dd is for --to json: %s has no place for what the solver computes", to)
	}
	if (to == "lin" || to == "json" || to == "usebio") && (c.IsSet("charset") || c.IsSet("latin1")) {
		return writerFactory{}, usageError("--charset and --latin1 are for --to pbn: %s is written in UTF-8", to)
	}
	switch to {
	case "pbn":
		opt := convert.PBNWriterOptions{Latin1: c.Bool("latin1"), Charset: c.String("charset")}
		if opt.Charset != "" {
			if _, err := convert.ParseCharset(opt.Charset); err != nil {
				return writerFactory{}, usageError("--charset %s: %v", opt.Charset, err)
			}
		}
		return writerFactory{ext: ".pbn", new: func(w io.Writer) boardWriter { return convert.NewPBNWriter(w, opt) }}, nil
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
		return writerFactory{ext: ".lin", new: func(w io.Writer) boardWriter { return convert.NewLINWriter(w, opt) }}, nil
	case "json":
		return writerFactory{ext: ".jsonl", new: func(w io.Writer) boardWriter { return convert.NewJSONWriter(w) }}, nil
	case "usebio":
		return writerFactory{ext: ".xml", new: func(w io.Writer) boardWriter { return convert.NewUSEBIOWriter(w) }}, nil
	default:
		return writerFactory{}, usageError("--to %s: want pbn, lin, json or usebio", to)
	}
}

func (a *app) convert(c *cli.Context) error {
	wf, err := writerFor(c)
	if err != nil {
		return err
	}
	if c.String("to") == "json" {
		// A first reading finds the rooms of every team-match board, for
		// the imps of each wherever its other room is.
		rooms, done, err := a.roomIndex(c, nil)
		if err != nil {
			return err
		}
		defer done()
		wf.rooms = rooms
	}
	out := c.String("output")
	if out != "" && out != "-" && isDirTarget(out) {
		return a.convertToDir(c, wf, out)
	}
	o := &output{name: "standard output", w: a.stdout}
	if out != "" && out != "-" {
		f, err := safewrite.Create(out, 0o644)
		if err != nil {
			return cli.Exit(err.Error(), exitError)
		}
		defer f.Abort()
		o = &output{name: out, w: f, file: f}
	} else if c.IsSet("charset") || c.IsSet("latin1") {
		// A character the charset lacks is known only once its board
		// comes: nothing goes to standard output until every board has.
		o.spool = newSpool(tempSpill)
		o.w = o.spool
	}
	o.start(wf)
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	_, err = a.eachContext(ctx, c, corpus.AuditOptions{Boards: true}, func(p *corpus.Part) {
		a.notCarried(p, "not converted")
		if !a.writePart(o, p) {
			stop()
		}
	})
	if err != nil && !o.broken() {
		return err
	}
	var lost convert.Dropped
	a.finish(o, &lost)
	a.sayDropped(c.String("to"), lost)
	return nil
}

// droppedBy is what a writer that counts what its format cannot hold
// has.
type droppedBy interface{ Dropped() convert.Dropped }

// sayDropped says once, on stderr, what the boards held that the format
// to cannot: "LIN cannot hold: Date 19,552 boards, Event 9,115, …".
func (a *app) sayDropped(to string, lost convert.Dropped) {
	if len(lost) == 0 {
		return
	}
	names := slices.Collect(maps.Keys(lost))
	slices.SortFunc(names, func(x, y string) int { return cmp.Or(cmp.Compare(lost[y], lost[x]), cmp.Compare(x, y)) })
	parts := make([]string, len(names))
	for i, n := range names {
		if i == 0 {
			parts[i] = n + " " + diag.Plural(lost[n], "board")
		} else {
			parts[i] = n + " " + diag.Thousands(lost[n])
		}
	}
	a.notef("%s cannot hold: %s", strings.ToUpper(to), strings.Join(parts, ", "))
}

// An output is one file (or standard output) that boards are written to.
type output struct {
	name  string          // for messages: the target, never a temporary name
	w     io.Writer       // where the writer writes
	file  *safewrite.File // nil for standard output
	spool *spool          // standard output held until the end, or nil
	bw    boardWriter
	rooms *scoring.RoomIndex // for JSON's imps, or nil
	// skipped says a board could not be written: the file is then not
	// committed, since files are written whole or not at all.
	skipped bool
	err     error // the output's first write error: nothing more is written
}

// start makes the output's board writer.
func (o *output) start(wf writerFactory) {
	o.w = &recorder{w: o.w, err: &o.err}
	o.bw = wf.new(o.w)
	o.rooms = wf.rooms
}

// broken reports whether writing the output failed.
func (o *output) broken() bool { return o.err != nil }

// recorder keeps the first error of the writer under it, which tells a
// failed output (a full disk, a closed pipe) from a board that cannot be
// written.
type recorder struct {
	w   io.Writer
	err *error
}

func (r *recorder) Write(p []byte) (int, error) {
	n, err := r.w.Write(p)
	if err != nil && *r.err == nil {
		*r.err = err
	}
	return n, err
}

// writePart writes the boards of a part to o and, for PBN, the text after
// the last game. A board that cannot be written is reported and the others
// are written; a failed output is reported once, naming it, and false
// returned: the run stops there.
func (a *app) writePart(o *output, p *corpus.Part) bool {
	if o.broken() {
		return false
	}
	for _, err := range writePart(o.bw, p, o.rooms) {
		if o.broken() {
			break
		}
		a.errorf("%v", err)
		o.skipped = true
	}
	if o.broken() {
		a.outputFailed(o)
		return false
	}
	return true
}

// outputFailed reports the first write error of o, naming the target: a
// file's errors already do.
func (a *app) outputFailed(o *output) {
	err := o.err
	if o.file == nil {
		var perr *fs.PathError
		if errors.As(err, &perr) {
			err = perr.Err
		}
		err = fmt.Errorf("writing %s: %w", o.name, err)
	}
	a.errorf("%v; nothing more is written", err)
}

// finish closes o's writer and commits its file, unless a board could not
// be written or the output failed, when the file is left as it was; it
// adds to lost what the boards held that the format cannot.
func (a *app) finish(o *output, lost *convert.Dropped) {
	if d, ok := o.bw.(droppedBy); ok {
		lost.Merge(d.Dropped())
	}
	if o.broken() {
		if o.file != nil {
			o.file.Abort()
		}
		return
	}
	if err := o.bw.Close(); err != nil {
		if o.broken() {
			a.outputFailed(o)
		} else {
			a.errorf("%v", err)
		}
		o.skipped = true
	}
	if o.file == nil {
		a.releaseSpool(o)
		return
	}
	if o.skipped {
		o.file.Abort()
		a.errorf("%s: not written, since a board could not be written to it", o.name)
		return
	}
	if err := o.file.Commit(); err != nil {
		a.errorf("%v", err)
	}
}

// releaseSpool writes standard output held in a spool, unless a board
// could not be written, when none of it is.
func (a *app) releaseSpool(o *output) {
	if o.spool == nil {
		return
	}
	defer o.spool.discard()
	if o.skipped {
		a.errorf("standard output: nothing written, since a board could not be written to it")
		return
	}
	if o.spool.flush() == nil {
		if _, err := io.Copy(a.stdout, o.spool.reader()); err != nil {
			a.errorf("writing standard output: %v", err)
		}
	}
}

// writePart writes the boards of a part, and for PBN the text after the
// last game, and returns the errors of what could not be written. A JSON
// board whose other room rooms holds gets its imps.
func writePart(w boardWriter, p *corpus.Part, rooms *scoring.RoomIndex) []error {
	var errs []error
	for _, b := range p.Boards {
		err := writeBoard(w, p.Name, b, rooms)
		if err != nil {
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

// writeBoard writes b, of the file named file, to w: as JSON with its
// imps when rooms holds its other room and both give a score, and with
// its double-dummy table and par when its deal was solved (--dd).
func writeBoard(w boardWriter, file string, b *corpus.Board, rooms *scoring.RoomIndex) error {
	jw, ok := w.(*convert.JSONWriter)
	if !ok {
		return w.WriteBoard(b.Board)
	}
	var imps *int
	if rooms != nil {
		if here, other, ok := rooms.OtherOf(b.Board, b.Session(), file, b.Game); ok {
			if n, ok := here.IMPs(other); ok {
				imps = &n
			}
		}
	}
	switch {
	case b.DD != nil:
		return jw.WriteSolved(b.Board, imps, b.DD)
	case imps != nil:
		return jw.WriteRoom(b.Board, *imps)
	}
	return w.WriteBoard(b.Board)
}

// convertToDir writes each input to its own file under dir, which every
// output stays inside.
func (a *app) convertToDir(c *cli.Context, wf writerFactory, dir string) error {
	d, err := safewrite.OpenDir(dir)
	if err != nil {
		return cli.Exit(fmt.Sprintf("-o %s: %v", dir, err), exitError)
	}
	defer d.Close()
	args := c.Args().Slice()
	written := map[string]string{} // output file → the input written there
	var o *output
	var lost convert.Dropped
	refused := false // the current input's output could not be made
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	_, err = a.eachContext(ctx, c, corpus.AuditOptions{Boards: true}, func(p *corpus.Part) {
		if p.Input == nil {
			return
		}
		a.notCarried(p, "not converted")
		if o == nil && !refused {
			o = a.openInDir(d, p.Name, args, wf, written)
			refused = o == nil
		}
		if o != nil && !a.writePart(o, p) {
			stop()
			return
		}
		if !p.Last {
			return
		}
		if o != nil {
			if p.Err != nil {
				o.skipped = true
			}
			a.finish(o, &lost)
			if o.broken() {
				stop()
			}
		}
		o, refused = nil, false
	})
	if o != nil && o.file != nil {
		o.file.Abort()
	}
	if err != nil && ctx.Err() == nil {
		return err
	}
	a.sayDropped(c.String("to"), lost)
	return nil
}

// openInDir starts the output of the input named name under d, or reports
// why it cannot be made and returns nil.
func (a *app) openInDir(d *safewrite.Dir, name string, args []string, wf writerFactory, written map[string]string) *output {
	rel, renamed, err := outputPath(name, args, wf.ext)
	if err != nil {
		a.errorf("%v", err)
		return nil
	}
	target := d.Path(rel)
	if prev, ok := written[target]; ok {
		// x.pbn and x.lin side by side: the second keeps its extension
		// in its output's name, x.lin.pbn.
		alt := ""
		if ext := path.Ext(name[strings.LastIndexByte(name, '!')+1:]); ext != "" && ext != wf.ext {
			alt = strings.TrimSuffix(rel, wf.ext) + ext + wf.ext
		}
		if alt == "" || written[d.Path(alt)] != "" {
			a.errorf("%s: not written: %s is the output of %s too", name, target, prev)
			return nil
		}
		a.notef("%s: written as %s: %s is the output of %s", name, d.Path(alt), target, prev)
		rel, target = alt, d.Path(alt)
	}
	written[target] = name
	if renamed {
		a.notef("%s: written as %s: the member's name is read as a relative path", name, target)
	}
	f, err := d.Create(rel, 0o644)
	if err != nil {
		a.errorf("%v", err)
		return nil
	}
	o := &output{name: target, w: f, file: f}
	o.start(wf)
	return o
}
