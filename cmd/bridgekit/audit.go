package main

import (
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/baseline"

	"github.com/bridgekit/bridgekit/internal/safewrite"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/corpus"
)

func (a *app) auditCommand() *cli.Command {
	return &cli.Command{
		Name:      "audit",
		Usage:     "replay every board and report what is wrong, with its place and Law",
		ArgsUsage: "PATH…",
		Description: `audit reads every game or record of the PATHs, replays its auction and play
under the Laws of Duplicate Bridge, and prints one finding per line:

  events/2019/final.pbn:812:5: board 14: error insufficient-bid: call 7 (W): 2D is insufficient after 2H (Law 27)

then a summary: files, boards, contracts, findings by code, encodings
detected. With --format json each finding is one JSON object per line
(fields file, game, board, pair, line, col, severity, code, law, message;
pair, the LIN label|value| pair such as a call's mb, and law only when they
apply) and the summary goes to standard error.

In text, of the findings of one code in a file, the first 3 are listed, then
one finding about the file says how many more there are and on which boards:
a file written by a program that numbers boards its own way has a
board-dealer finding on every board. --all lists every one. JSON, which
scripts count, lists every finding; --group groups it as the text is. --severity, --only and
--ignore choose what is listed, in text and JSON alike; the summary and the
exit status count every finding. --show-source prints under each finding
the line of the file it is about, with a caret under its column.

A PBN file whose header has a "% EXPORT" line claims PBN 2.1's export
format, the strict form a federation or a results site asks for: every
rule of it the file breaks is an export-… finding (a warning).
--certify export checks every PBN file so, claim or not.

--dd solves double dummy the deal of every board that states a double-dummy
table, a par or a claim, and holds them against it (dd-wrong, dd-par-wrong,
dd-claim): a deal takes seconds, and one not solved within --dd-budget is a
dd-budget note.
Each solver holds 48 MiB; --dd-solvers N solves N deals at once.

Examples:

  bridgekit audit corpus/samples
  bridgekit audit --fail-on warning events/2019/*.pbn
  bridgekit audit --certify export --only export-form,export-order for-the-bulletin.pbn
  bridgekit audit --dd --dd-budget 10s hand-records.pbn
  bridgekit audit --format json season.zip | jq -r 'select(.code=="insufficient-bid") | .file'
  curl -s https://example.org/board.lin | bridgekit audit -

Findings:

` + codeTable(),
		Flags: append([]cli.Flag{
			formatFlag("write findings as `text`, json (JSON Lines), sarif (a SARIF 2.1.0 log, for code scanning) or github (GitHub Actions annotations)"),
			&cli.StringSliceFlag{Name: "output", Usage: "also write the findings as `FORMAT=PATH` (text, json, sarif or github), once for each output"},
			&cli.StringFlag{Name: "fail-on", Value: "error", Usage: "exit 1 when a finding is at or above `LEVEL`: error, warning or never"},
			&cli.BoolFlag{Name: "all", Usage: "list every finding, not only the first 3 of each code in a file and a count of the rest (what JSON does unless --group)"},
			&cli.BoolFlag{Name: "group", Usage: "in JSON too, list the first 3 findings of each code in a file and one finding that counts the rest"},
			&cli.StringFlag{Name: "severity", Value: "info", Usage: "list the findings of `LEVEL` and above: error, warning or info"},
			&cli.StringFlag{Name: "only", Usage: "list only the findings of `CODES` (comma-separated)"},
			&cli.StringFlag{Name: "ignore", Usage: "list none of the findings of `CODES` (comma-separated)"},
			&cli.BoolFlag{Name: "show-source", Usage: "print the line of each finding, with a caret under its column (text only)"},
			&cli.StringFlag{Name: "baseline", Usage: "list, and fail on, only the findings not in the baseline `FILE` (see --write-baseline)"},
			&cli.StringFlag{Name: "write-baseline", Usage: "record every finding of the run in the baseline `FILE`, for a later --baseline"},
			&cli.StringSliceFlag{Name: "against", Usage: "hold each Bridgemate .bws against the travellers of the published `FILE` (PBN or USEBIO) of its session: reconcile-… findings"},
			&cli.StringFlag{Name: "certify", Usage: "check every PBN file against `FORM`, not only those whose header claims it: export (PBN 2.1's export format; export-… findings)"},
			jobsFlag(),
		}, append(duplicatesFlags(), ddFlags("solve double dummy the deals of boards that state double-dummy tables, a par or claims, and check them against it: dd-wrong, dd-par-wrong, dd-claim (slow: seconds a deal)")...)...),
		Action: a.audit,
	}
}

func (a *app) audit(c *cli.Context) error {
	format := c.String("format")
	if !validFormat(format) {
		return usageError("--format %s: want %s", format, strings.Join(findingFormats, ", "))
	}
	failOn, err := failLevel(c.String("fail-on"))
	if err != nil {
		return err
	}
	listed, err := findingFilter(c)
	if err != nil {
		return err
	}
	if c.Bool("show-source") && format != "text" {
		return usageError("--show-source goes with --format text")
	}
	if v := c.String("certify"); v != "" && v != "export" {
		return usageError("--certify %q: the one form is export", v)
	}
	// Grouping is for people: a script counting findings gets them all.
	scripted := format != "text"
	type extra struct{ format, path string }
	var extras []extra
	for _, v := range c.StringSlice("output") {
		f, path, err := parseOutput(v)
		if err != nil {
			return err
		}
		extras = append(extras, extra{f, path})
		scripted = scripted || f != "text"
	}
	all := c.Bool("all") || scripted && !c.Bool("group")
	if c.Bool("group") && (format != "json" || c.Bool("all")) {
		return usageError("--group groups JSON findings: it goes with --format json, without --all")
	}
	base, err := readBaseline(c.String("baseline"))
	if err != nil {
		return err
	}
	wd, _ := os.Getwd()
	outs := []*findingsOut{{format: format, w: a.stdout, caret: c.Bool("show-source"), wd: wd}}
	for _, e := range extras {
		o, err := openOutput(e.format, e.path, a.stdout, wd)
		if err != nil {
			for _, o := range outs {
				o.finish(false)
			}
			return err
		}
		outs = append(outs, o)
	}
	bout, err := createBaseline(c.String("write-baseline"))
	if err != nil {
		for _, o := range outs {
			o.finish(false)
		}
		return err
	}
	defer bout.abort()
	// Matching a baseline takes every finding, not the first of each code.
	all = all || base != nil || bout != nil
	var src sourceLines
	defer src.close()
	var fresh corpus.Counts // the findings not in the baseline, by severity
	baselined, freshAll := 0, 0
	opts := corpus.AuditOptions{AllFindings: all, Certify: c.String("certify") == "export"}
	if against := c.StringSlice("against"); len(against) > 0 {
		pub, err := a.readPublished(against)
		if err != nil {
			for _, o := range outs {
				o.finish(false)
			}
			return err
		}
		opts.Boards, opts.Work = true, pub.reconcile
	} else {
		// What follows keeps copies of the findings, never a part's
		// boards or their lists.
		opts.Reuse = true
	}
	report, err := a.each(c, opts, func(p *corpus.Part) {
		for _, o := range outs {
			o.begin()
		}
		for f := range p.All() {
			if base != nil || bout != nil {
				var text []byte
				if p.Input != nil {
					text, _ = src.lineOf(p.Input, f)
				}
				e := baseline.Of(f, text)
				bout.add(e)
				if base != nil && base.Match(e) {
					baselined++
					continue
				}
				fresh.Add(f.Severity.String(), 1)
				freshAll++
			}
			if !listed(f) {
				continue
			}
			for _, o := range outs {
				// After a failed write (a closed pipe, a full disk) the
				// run goes on, to its exit status, but writes nothing
				// more there.
				o.write(p, f, &src)
			}
		}
	})
	if err != nil {
		for _, o := range outs {
			o.finish(false)
		}
		return err
	}
	for _, o := range outs {
		o.begin()
	}
	for _, sev := range failOn {
		if base == nil && report.Severities[sev] > 0 || base != nil && fresh[sev] > 0 {
			a.fail(exitFindings)
		}
	}
	if bout != nil && a.status >= exitError {
		// A baseline without the findings of an input not read would make
		// them all new the next time.
		a.notef("%s not written: an input could not be read", c.String("write-baseline"))
	} else if err := bout.commit(); err != nil {
		return err
	}
	if base != nil {
		a.notef("%s in the baseline %s, not listed; %s", diag.Plural(baselined, "finding"), c.String("baseline"), diag.Plural(freshAll, "new finding"))
	}
	var ferr error
	for _, o := range outs {
		ferr = cmpErr(ferr, o.finish(true))
	}
	if ferr != nil {
		return ferr
	}
	if format != "text" {
		if err := a.stdout.Flush(); err != nil {
			return fmt.Errorf("writing standard output: %w", err)
		}
		if err := report.WriteText(a.stderr); err != nil {
			return fmt.Errorf("writing standard error: %w", err)
		}
		return nil
	}
	if report.Findings() > 0 {
		if err := a.stdout.WriteByte('\n'); err != nil {
			return fmt.Errorf("writing standard output: %w", err)
		}
	}
	if err := report.WriteText(a.stdout); err != nil {
		return fmt.Errorf("writing standard output: %w", err)
	}
	return nil
}

// findingFilter returns what --severity, --only and --ignore let audit
// list. An unknown code is a usage error naming the codes there are.
func findingFilter(c *cli.Context) (func(diag.Diagnostic) bool, error) {
	least, err := diag.ParseSeverity(c.String("severity"))
	if err != nil {
		return nil, usageError("--severity %s: want error, warning or info", c.String("severity"))
	}
	codes := func(flag string) (map[diag.Code]bool, error) {
		if !c.IsSet(flag) {
			return nil, nil
		}
		set := map[diag.Code]bool{}
		for _, name := range strings.Split(c.String(flag), ",") {
			code := diag.Code(strings.TrimSpace(name))
			if _, ok := code.Info(); !ok {
				var all []string
				for _, ci := range diag.Codes {
					all = append(all, string(ci.Code))
				}
				return nil, usageError("--%s: %q is not a finding code (%s)", flag, name, strings.Join(all, ", "))
			}
			set[code] = true
		}
		return set, nil
	}
	only, err := codes("only")
	if err != nil {
		return nil, err
	}
	ignore, err := codes("ignore")
	if err != nil {
		return nil, err
	}
	return func(f diag.Diagnostic) bool {
		return f.Severity >= least && (only == nil || only[f.Code]) && !ignore[f.Code]
	}, nil
}

// failLevel returns the severities that make audit fail under --fail-on.
func failLevel(level string) ([]string, error) {
	switch level {
	case "error":
		return []string{"error"}, nil
	case "warning":
		return []string{"error", "warning"}, nil
	case "never":
		return nil, nil
	}
	return nil, usageError("--fail-on %s: want error, warning or never", level)
}

// codeTable lists every code an audit reports with its severity, Law and
// meaning, for audit's help.
func codeTable() string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, c := range diag.Codes {
		if c.Quiet {
			continue
		}
		law := ""
		if c.Law != 0 {
			law = fmt.Sprintf("Law %d", c.Law)
		}
		fmt.Fprintf(w, "  %s\t%s\t%s\t%s\n", c.Code, c.Severity, law, c.Summary)
	}
	w.Flush()
	return strings.TrimRight(b.String(), "\n")
}

// readBaseline reads the baseline --baseline names, or returns nil for
// none.
func readBaseline(name string) (*baseline.Baseline, error) {
	if name == "" {
		return nil, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, cli.Exit(fmt.Sprintf("--baseline: %v", err), exitError)
	}
	defer f.Close()
	b, err := baseline.Read(f)
	if err != nil {
		return nil, cli.Exit(fmt.Sprintf("--baseline %s: %v", name, err), exitError)
	}
	return b, nil
}

// baselineOut is the baseline --write-baseline writes, replaced whole
// only when the run has ended; nil for none.
type baselineOut struct {
	f *safewrite.File
	w *baseline.Writer
}

func createBaseline(name string) (*baselineOut, error) {
	if name == "" {
		return nil, nil
	}
	f, err := safewrite.Create(name, 0o644)
	if err != nil {
		return nil, cli.Exit(fmt.Sprintf("--write-baseline: %v", err), exitError)
	}
	return &baselineOut{f: f, w: baseline.NewWriter(f)}, nil
}

func (b *baselineOut) add(e baseline.Entry) {
	if b != nil {
		b.w.Add(e)
	}
}

// commit ends the baseline and puts it in place.
func (b *baselineOut) commit() error {
	if b == nil || b.f == nil {
		return nil
	}
	f := b.f
	b.f = nil
	if err := b.w.Close(); err != nil {
		f.Abort()
		return fmt.Errorf("--write-baseline: %w", err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("--write-baseline: %w", err)
	}
	return nil
}

// abort drops a baseline not committed: a run that failed leaves the old
// one as it was.
func (b *baselineOut) abort() {
	if b != nil && b.f != nil {
		b.f.Abort()
	}
}
