package main

import (
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
)

func (a *app) statsCommand() *cli.Command {
	return &cli.Command{
		Name:      "stats",
		Usage:     "summarise what an archive holds",
		ArgsUsage: "PATH…",
		Description: `stats reads every board of the PATHs and prints what they hold: files, games,
boards, distinct deals, bytes, formats, encodings, the programs that wrote them,
final contracts by level and strain, passed-out boards, the coverage of the
numbers they state (agreed, flagged, or unchecked with a reason), and findings
by code. With --format json the same report is one JSON object; --per-file
adds each file's coverage.

Examples:

  bridgekit stats corpus/samples
  bridgekit stats --format json archive.zip | jq .contracts`,
		Flags: append([]cli.Flag{
			formatFlag("write the report as `text` or json"),
			&cli.BoolFlag{Name: "per-file", Usage: "also give the coverage of each file's numbers"},
			jobsFlag(),
		}, duplicatesFlags()...),
		Action: a.stats,
	}
}

func (a *app) stats(c *cli.Context) error {
	asJSON, err := outputFormat(c)
	if err != nil {
		return err
	}
	// A file's coverage, part by part, once its last part is in: a few
	// dozen bytes a file, whatever the archive.
	type fileCoverage struct {
		File     string      `json:"file"`
		Coverage diag.Ledger `json:"coverage"`
	}
	var perFile []fileCoverage
	var cur diag.Ledger
	report, err := a.each(c, corpus.AuditOptions{}, func(p *corpus.Part) {
		if !c.Bool("per-file") {
			return
		}
		cur.Merge(&p.Report.Coverage)
		if p.Last {
			perFile = append(perFile, fileCoverage{p.Name, cur})
			cur = diag.Ledger{}
		}
	})
	if err != nil {
		return err
	}
	if report.Unread() {
		a.fail(exitFindings) // text that is not PBN or LIN, as for every command
	}
	if !asJSON {
		if err := report.WriteText(a.stdout); err != nil || !c.Bool("per-file") {
			return err
		}
		w := tabwriter.NewWriter(a.stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(w, "\nfile\tnumbers")
		for _, f := range perFile {
			fmt.Fprintf(w, "%s\t%s\n", f.File, f.Coverage.Text())
		}
		return w.Flush()
	}
	var v any = report
	if c.Bool("per-file") {
		v = struct {
			*corpus.Report
			PerFile []fileCoverage `json:"per_file"`
		}{report, perFile}
	}
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	a.stdout.Write(append(out, '\n'))
	return nil
}
