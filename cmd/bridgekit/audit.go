package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"bridgekit/diag"

	"github.com/urfave/cli/v2"

	"bridgekit/corpus"
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

A file written by a program that numbers boards its own way, or writes "?"
for what it does not know, has a board-dealer, board-vulnerability or
unknown-value finding on every board. Of each, the first 3 in a file are
listed, then one finding about the file says how many more there are; the
summary counts them all. --all lists every one.

Examples:

  bridgekit audit corpus/samples
  bridgekit audit --fail-on warning events/2019/*.pbn
  bridgekit audit --format json season.zip | jq -r 'select(.code=="insufficient-bid") | .file'
  curl -s https://example.org/board.lin | bridgekit audit -

Findings:

` + codeTable(),
		Flags: append([]cli.Flag{
			formatFlag("write findings as `text` or json (JSON Lines)"),
			&cli.StringFlag{Name: "fail-on", Value: "error", Usage: "exit 1 when a finding is at or above `LEVEL`: error, warning or never"},
			&cli.BoolFlag{Name: "all", Usage: "list every board-dealer, board-vulnerability and unknown-value finding, not only the first 3 of each in a file and a count of the rest"},
			jobsFlag(),
		}, duplicatesFlags()...),
		Action: a.audit,
	}
}

func (a *app) audit(c *cli.Context) error {
	asJSON, err := outputFormat(c)
	if err != nil {
		return err
	}
	failOn, err := failLevel(c.String("fail-on"))
	if err != nil {
		return err
	}
	// After a failed write (a closed pipe, a full disk) the run goes on, to
	// its exit status, but writes nothing more.
	var werr error
	var line []byte
	report, err := a.each(c, corpus.AuditOptions{AllFindings: c.Bool("all")}, func(p *corpus.Part) {
		for f := range p.All() {
			if werr != nil {
				return
			}
			if asJSON {
				line = f.AppendJSON(line[:0])
			} else {
				line = f.AppendText(line[:0])
			}
			_, werr = a.stdout.Write(append(line, '\n'))
		}
	})
	if err != nil {
		return err
	}
	for _, sev := range failOn {
		if report.Severities[sev] > 0 {
			a.fail(exitFindings)
		}
	}
	if werr != nil {
		return fmt.Errorf("writing standard output: %w", werr)
	}
	if asJSON {
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
