package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/convert"
	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/ddcheck"
	"github.com/bridgekit/bridgekit/parser/charset"
)

// Exit statuses: one rule for every command (README, "Exit status").
const (
	exitOK = 0
	// exitFindings: done, and something found: text that is not PBN or
	// LIN, findings at or above --fail-on (audit), files whose formatting
	// differs (fmt -l, -d), no board to show.
	exitFindings = 1
	// exitError: something not done: a usage error, an input that could
	// not be read, an output that could not be written, a file fmt will
	// not format. The other inputs are still processed.
	exitError = 2
)

// app holds what the commands share: the standard streams, the
// environment, and the worst exit status so far.
type app struct {
	stdin  io.Reader
	stdout *bufio.Writer
	// stderr is buffered too unless it is a terminal: a run may say
	// hundreds of thousands of notes. stdout's buffer sends stderr's
	// first, and a note sends stdout's first, so that the two keep their
	// order when they go to one file.
	stderr    io.Writer
	stderrBuf *bufio.Writer
	// rawStdout and rawStderr are the streams as given, to tell whether
	// they are terminals and for the progress bar's own escapes.
	rawStdout, rawStderr io.Writer
	getenv               func(string) string
	status               int
	profile              *os.File // the --cpuprofile file while profiling
	// keep, when set, says which inputs a command reads (export --shard).
	keep func(name string) bool
}

// run runs the command line args (args[0] is the program name) and returns
// the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// --jobs may lower the cores in use for the command (auditOptions);
	// they are the process's again after it, for the next run in a test.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	a := &app{stdin: stdin, stderr: stderr, rawStdout: stdout, rawStderr: stderr, getenv: os.Getenv}
	out := stdout
	// A terminal is given a file's text with its control characters
	// escaped: the text is anyone's, and the terminal would obey them.
	if isTerminal(stdout) {
		safe := newTermSafe(stdout, convert.ColorCodes...)
		defer safe.Close()
		out = safe
	}
	if isTerminal(stderr) {
		safe := newTermSafe(stderr)
		defer safe.Close()
		a.stderr, stderr = safe, safe
	} else {
		a.stderrBuf = bufio.NewWriterSize(stderr, 32<<10)
		a.stderr = a.stderrBuf
		out = afterFlush{out, a.stderrBuf}
	}
	a.stdout = bufio.NewWriterSize(out, 64<<10)
	app := a.cli()
	err := app.Run(interspersed(app, args))
	if ferr := a.stdout.Flush(); ferr != nil && err == nil {
		err = fmt.Errorf("writing standard output: %w", ferr)
	}
	if a.stderrBuf != nil && a.stderrBuf.Flush() != nil {
		a.fail(exitError) // nowhere left to say so
	}
	var ec cli.ExitCoder
	switch {
	case err == nil:
	case errors.As(err, &ec):
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(stderr, "bridgekit:", msg)
		}
		a.fail(ec.ExitCode())
	default:
		fmt.Fprintln(stderr, "bridgekit:", err)
		a.fail(exitError)
	}
	return a.status
}

// afterFlush writes to w after flushing first.
type afterFlush struct {
	w     io.Writer
	first *bufio.Writer
}

func (f afterFlush) Write(p []byte) (int, error) {
	f.first.Flush()
	return f.w.Write(p)
}

// fail raises the exit status to code.
func (a *app) fail(code int) { a.status = max(a.status, code) }

// errorf reports a problem with one input on stderr; the run goes on and
// ends with exit status 2.
func (a *app) errorf(format string, args ...any) {
	a.stdout.Flush()
	fmt.Fprintf(a.stderr, "bridgekit: "+format+"\n", args...)
	a.fail(exitError)
}

// notef tells the user something on stderr that is no failure.
func (a *app) notef(format string, args ...any) {
	a.stdout.Flush()
	fmt.Fprintf(a.stderr, "bridgekit: note: "+format+"\n", args...)
}

// say writes lines made for stderr, as notef would.
func (a *app) say(lines []byte) {
	if len(lines) > 0 {
		a.stdout.Flush()
		a.stderr.Write(lines)
	}
}

// notCarried says on stderr what of a part the reader could not read, and
// so the command could not carry over (verb: "not converted", "not
// shown"), and makes the exit status 1: every syntax finding, with its
// place.
func (a *app) notCarried(p *corpus.Part, verb string) {
	var line []byte
	for f := range p.All() {
		if !f.Code.IsSyntax() {
			continue
		}
		line = append(f.AppendPlace(append(line[:0], "bridgekit: "...)), verb...)
		line = append(append(append(line, ": "...), f.Message...), '\n')
		a.stdout.Flush()
		a.stderr.Write(line)
		a.fail(exitFindings)
	}
}

// usageError is a command line that cannot be run.
func usageError(format string, args ...any) error {
	return cli.Exit(fmt.Sprintf(format, args...), exitError)
}

func (a *app) cli() *cli.App {
	return &cli.App{
		Name:  "bridgekit",
		Usage: "audit, convert, fix, format and show contract-bridge records (PBN, BBO LIN, USEBIO and Bridgemate .bws)",
		Description: `Every command takes any number of PATHs (apply takes patch files): a PBN, LIN or USEBIO file, a Bridgemate .bws (recognised by
content, not only by extension), a directory (walked recursively), a .zip,
.tar, .tar.gz, .tar.bz2 or .tar.xz archive, or a file compressed with gzip,
bzip2 or xz (read in place), "-" for standard input, or a BBO
handviewer URL or lin= string (decoded here, never fetched).

Exit status, for every command: 0 when every input was read whole and the
command did what it was asked; 1 when it did and found something: text that
is not PBN or LIN (said on stderr by convert and show), audit findings at or
above --fail-on, a file fmt -l/-d would reformat or fix -l/-d change, a
patch hunk apply finds stale, nothing for show to show;
2 when something was not done: a usage error, an input that could not be
read, an output that could not be written, a file fmt will not format. The
other inputs are still processed.`,
		Version:  version(),
		Commands: a.commands(),
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError("%v (see 'bridgekit help')", err)
		},
		Flags:                []cli.Flag{&cli.StringFlag{Name: "cpuprofile", Usage: "write a CPU profile of the run to `FILE`, for go tool pprof"}},
		Before:               a.startProfile,
		After:                a.stopProfile,
		EnableBashCompletion: true,
		HideHelpCommand:      false,
		Reader:               a.stdin,
		Writer:               a.stdout,
		ErrWriter:            a.stderr,
		// Exit codes are run's business: never os.Exit from inside.
		ExitErrHandler: func(*cli.Context, error) {},
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return usageError("unknown command %q; run 'bridgekit help' for the list", c.Args().First())
			}
			cli.ShowAppHelp(c)
			return nil
		},
	}
}

// version says which bridgekit this is: the module's version and the
// commit it was built from, as the build recorded them.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	var rev, when, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+modified"
			}
		}
	}
	if rev != "" {
		v += fmt.Sprintf(" (commit %.12s%s, %s)", rev, dirty, when)
	}
	return v + ", " + bi.GoVersion
}

// interspersed moves the flags a command line gives after its paths
// before them, so that "bridgekit audit dir --format json" reads as
// "bridgekit audit --format json dir": the flag parser stops at the first
// path. A flag that takes a value takes the argument after it; "--" ends
// the flags.
func interspersed(app *cli.App, args []string) []string {
	i := 1
	for i < len(args) && strings.HasPrefix(args[i], "-") && args[i] != "-" {
		if f := flagNamed(app.Flags, args[i]); f != nil && takesValue(f, args[i]) {
			i++
		}
		i++
	}
	if i >= len(args) {
		return args
	}
	cmd := app.Command(args[i])
	if cmd == nil || cmd.Name == "help" {
		return args
	}
	var flags, paths []string
	rest := args[i+1:]
	for j := 0; j < len(rest); j++ {
		a := rest[j]
		switch {
		case a == "--":
			paths = append(paths, rest[j:]...)
			j = len(rest)
		case strings.HasPrefix(a, "-") && a != "-":
			flags = append(flags, a)
			if f := flagNamed(cmd.Flags, a); f != nil && takesValue(f, a) && j+1 < len(rest) {
				j++
				flags = append(flags, rest[j])
			}
		default:
			paths = append(paths, a)
		}
	}
	out := append(slices.Clone(args[:i+1]), flags...)
	if len(paths) > 0 && paths[0] != "--" && slices.ContainsFunc(paths, func(p string) bool { return strings.HasPrefix(p, "-") && p != "-" }) {
		out = append(out, "--")
	}
	return append(out, paths...)
}

// flagNamed returns the flag of flags that arg ("-j", "--format=json")
// names, or nil.
func flagNamed(flags []cli.Flag, arg string) cli.Flag {
	name := strings.TrimLeft(arg, "-")
	name, _, _ = strings.Cut(name, "=")
	for _, f := range flags {
		if slices.Contains(f.Names(), name) {
			return f
		}
	}
	return nil
}

// takesValue reports whether f, as arg gives it, takes the next argument
// as its value.
func takesValue(f cli.Flag, arg string) bool {
	if strings.Contains(arg, "=") {
		return false
	}
	_, isBool := f.(*cli.BoolFlag)
	return !isBool
}

// startProfile starts the CPU profile that --cpuprofile asks for.
func (a *app) startProfile(c *cli.Context) error {
	name := c.String("cpuprofile")
	if name == "" {
		return nil
	}
	f, err := os.Create(name)
	if err != nil {
		return cli.Exit(fmt.Sprintf("--cpuprofile: %v", err), exitError)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return cli.Exit(fmt.Sprintf("--cpuprofile: %v", err), exitError)
	}
	a.profile = f
	return nil
}

// stopProfile ends the CPU profile, if one was started.
func (a *app) stopProfile(*cli.Context) error {
	if a.profile == nil {
		return nil
	}
	pprof.StopCPUProfile()
	err := a.profile.Close()
	a.profile = nil
	if err != nil {
		return cli.Exit(fmt.Sprintf("--cpuprofile: %v", err), exitError)
	}
	return nil
}

// commands is the table of every command.
func (a *app) commands() []*cli.Command {
	cmds := []*cli.Command{
		a.applyCommand(),
		a.auditCommand(),
		a.convertCommand(),
		a.fixCommand(),
		a.fmtCommand(),
		a.showCommand(),
		a.statsCommand(),
		a.scoreCommand(),
		a.exportCommand(),
		a.reportCommand(),
	}
	for _, c := range cmds {
		c.Flags = append(c.Flags, &cli.StringFlag{
			Name:  "encoding",
			Usage: "read every input in the character encoding `NAME` (windows-1250, koi8-r, latin1 …) instead of the one found",
		})
		c.HideHelpCommand = true
		c.OnUsageError = func(c *cli.Context, err error, _ bool) error {
			return usageError("%s: %v (see 'bridgekit help %[1]s')", c.Command.Name, err)
		}
	}
	return cmds
}

// jobsFlag is the --jobs flag of the commands that read many inputs.
func jobsFlag() cli.Flag {
	return &cli.IntFlag{
		Name: "jobs", Aliases: []string{"j"}, Value: runtime.GOMAXPROCS(0),
		Usage: "process up to `N` inputs at once, on as many cores (output stays in input order)",
	}
}

// duplicatesFlags are the flags of the search for repeated deals, on the
// commands that audit.
func duplicatesFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{
			Name: "duplicates", Value: true,
			Usage: "look for deals that repeat across the inputs (a duplicate-index-full note says when the index fills)",
		},
		&cli.IntFlag{
			Name: "duplicates-memory", Value: corpus.DefaultDuplicateIndexSize >> 20,
			Usage: "the `MiB` the index of deals may hold, 1 to 256: about 30,000 deals a MiB; the memory limit grows with it",
		},
	}
}

// formatFlag is the --format flag of the commands that write text or JSON.
func formatFlag(usage string) cli.Flag {
	return &cli.StringFlag{Name: "format", Value: "text", Usage: usage}
}

// outputFormat reads --format.
func outputFormat(c *cli.Context) (json bool, err error) {
	switch f := c.String("format"); f {
	case "text":
		return false, nil
	case "json":
		return true, nil
	default:
		return false, usageError("--format %s: want text or json", f)
	}
}

// paths returns the command's PATH arguments, or a usage error when there
// are none.
func paths(c *cli.Context) ([]string, error) {
	if !c.Args().Present() {
		return nil, usageError("%s: no PATH given (use - for standard input)", c.Command.Name)
	}
	return c.Args().Slice(), nil
}

// each audits the inputs the command's PATHs name and calls fn with every
// part, in input order. Inputs that cannot be read are reported on stderr
// and make the exit status 2; the others are still processed. A progress
// bar runs on stderr when it is a terminal.
func (a *app) each(c *cli.Context, opts corpus.AuditOptions, fn func(*corpus.Part)) (*corpus.Report, error) {
	return a.eachContext(context.Background(), c, opts, fn)
}

// eachContext is each, stopping early (with ctx's error) once ctx is done:
// a command whose output failed stops reading.
func (a *app) eachContext(ctx context.Context, c *cli.Context, opts corpus.AuditOptions, fn func(*corpus.Part)) (*corpus.Report, error) {
	ps, opts, err := a.auditOptions(c, opts)
	if err != nil {
		return nil, err
	}
	bar := a.progress()
	if opts.DD != nil {
		bar.follow(opts.DD.Solved, "deals")
	}
	report, err := corpus.Audit(ctx, a.inputs(ps), opts, func(p *corpus.Part) {
		bar.clear()
		fn(p)
		if p.Err != nil {
			a.errorf("%s", inputError(p))
		}
		if p.Last {
			bar.add()
		}
	})
	bar.finish()
	return report, err
}

// auditOptions returns the command's paths and opts with what its flags
// set: jobs, encoding, the duplicate search.
func (a *app) auditOptions(c *cli.Context, opts corpus.AuditOptions) ([]string, corpus.AuditOptions, error) {
	ps, err := paths(c)
	if err != nil {
		return nil, opts, err
	}
	if c.IsSet("jobs") && c.Int("jobs") < 1 {
		return nil, opts, usageError("--jobs %d: want at least 1", c.Int("jobs"))
	}
	opts.Jobs = c.Int("jobs") // 0, the default, when the command has no --jobs
	if c.IsSet("jobs") && opts.Jobs < runtime.GOMAXPROCS(0) {
		// N jobs is N cores: the reader, the collector and the garbage
		// collector share them, rather than take a core more beside.
		runtime.GOMAXPROCS(opts.Jobs)
	}
	opts.SkipDuplicates = c.IsSet("duplicates") && !c.Bool("duplicates")
	if name := c.String("encoding"); name != "" {
		if _, _, err := charset.LookupEncoding(name); err != nil {
			return nil, opts, usageError("--encoding %s: %v", name, err)
		}
		opts.Encoding = name
	}
	if c.IsSet("duplicates-memory") {
		mib := c.Int("duplicates-memory")
		if mib < 1 || mib > 256 {
			return nil, opts, usageError("--duplicates-memory %d: want 1 to 256 (MiB)", mib)
		}
		opts.DuplicateIndexSize = mib << 20
	}
	solvers := 0
	if opts.DD, solvers, err = ddChecker(c); err != nil {
		return nil, opts, err
	}
	if a.getenv("GOMEMLIMIT") == "" && (opts.DuplicateIndexSize > 0 || solvers > 0) {
		// The index and the solvers' tables are held the whole run: the
		// limit moves by what they take beside the default index.
		limit := memoryLimit + int64(solvers)*ddcheck.SolverMemory
		if opts.DuplicateIndexSize > 0 {
			limit += int64(opts.DuplicateIndexSize - corpus.DefaultDuplicateIndexSize)
		}
		debug.SetMemoryLimit(limit)
	}
	return ps, opts, nil
}

// ddFlags are the flags of the double-dummy solver, on the commands that
// check or write what it solves.
func ddFlags(what string) []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "dd", Usage: what},
		&cli.DurationFlag{
			Name: "dd-budget", Value: ddcheck.DefaultBudget,
			Usage: "with --dd: give up a deal not solved within `DURATION` (a dd-budget finding says so; 0 for no limit)",
		},
		&cli.IntFlag{
			Name: "dd-solvers", Value: 1,
			Usage: "with --dd: solve `N` deals at once, 1 to 16; each solver holds 48 MiB, and the memory limit grows with them",
		},
	}
}

// ddChecker returns the solver --dd asks for, or nil, and the number of
// its solvers.
func ddChecker(c *cli.Context) (*ddcheck.Checker, int, error) {
	if !c.Bool("dd") {
		for _, f := range []string{"dd-budget", "dd-solvers"} {
			if c.IsSet(f) {
				return nil, 0, usageError("--%s goes with --dd", f)
			}
		}
		return nil, 0, nil
	}
	n := c.Int("dd-solvers")
	if n < 1 || n > 16 {
		return nil, 0, usageError("--dd-solvers %d: want 1 to 16", n)
	}
	budget := c.Duration("dd-budget")
	switch {
	case budget < 0:
		return nil, 0, usageError("--dd-budget %v: want a duration of 0 (none) or more", budget)
	case budget == 0:
		budget = -1 // ddcheck's none
	}
	// convert and export write every board's table; audit solves only
	// what it has to check.
	every := c.Command.Name != "audit"
	return ddcheck.New(ddcheck.Options{Budget: budget, Solvers: n, Every: every}), n, nil
}

// inputs returns the inputs the paths name.
func (a *app) inputs(paths []string) iter.Seq2[*corpus.Input, error] {
	in := corpus.Inputs(paths, a.stdin, corpus.Options{})
	if a.keep != nil {
		in = keepInputs(in, a.keep)
	}
	return in
}

// inputError names the input in a part's error, unless the error already
// does.
func inputError(p *corpus.Part) string { return named(p.Name, p.Err) }

// named returns err's message starting with name, once: "x.zip!a.pbn: …"
// rather than "x.zip!a.pbn: x.zip!a.pbn: …".
func named(name string, err error) string {
	msg := err.Error()
	if name == "" || strings.HasPrefix(msg, name+": ") {
		return msg
	}
	return name + ": " + msg
}
