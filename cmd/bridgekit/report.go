package main

import (
	"context"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/safewrite"
	"github.com/bridgekit/bridgekit/report"
)

func (a *app) reportCommand() *cli.Command {
	return &cli.Command{
		Name:      "report",
		Usage:     "write the audit as a static HTML report to read in a browser, offline",
		ArgsUsage: "PATH…",
		Description: `report audits the PATHs as audit does and writes into --out DIR an HTML report
that works from the folder, offline: index.html with the summary (files,
boards, findings by severity and code as a chart, contracts by level and
strain, encodings), findings pages to filter by code, severity or text and
sort by any column, and a page per file with each board: the hands, the
auction from West with the calls a finding is about marked and its Law, the
play trick by trick, the tags, the handviewer link, and for a team match the
other room's score, the IMPs and a link to it. Pages are written as
the boards are read; an archive of thousands of files gets its files and
findings listed in pages.

A report is bounded, so that an archive of millions of boards gives pages
that grow with it by a row a board: the first --max-boards boards of the
run (20,000 by default, some 100 MB of pages) are shown in full; each board
after them is a row of its file's page, with its findings and without its
diagram. The findings pages list the first --max-findings findings
(100,000); the index says how many were left out and counts them all. 0 is
no limit.

The pages go into a folder of the run's, DIR/pages-PID-RANDOM/, and
index.html last, renamed over the old one: a run that fails or is killed
leaves the report before it whole. A run that ends removes the pages of the
reports before it, and nothing else in DIR.

Examples:

  bridgekit report --out report/ events/2019/
  xdg-open report/index.html
  bridgekit report --out final/ --max-boards 0 events/2019/final.pbn`,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "out", Usage: "the directory `DIR` to write the report in"},
			&cli.IntFlag{Name: "max-boards", Value: report.DefaultMaxBoards, Usage: "show the first `N` boards of the run in full, and list the rest briefly (0: no limit)"},
			&cli.IntFlag{Name: "max-findings", Value: report.DefaultMaxFindings, Usage: "list the first `N` findings on the findings pages (0: no limit)"},
			jobsFlag(),
		}, duplicatesFlags()...),
		Action: a.report,
	}
}

func (a *app) report(c *cli.Context) error {
	out := c.String("out")
	if out == "" {
		return usageError("report needs --out DIR")
	}
	opts := report.Options{MaxBoards: c.Int("max-boards"), MaxFindings: c.Int("max-findings")}
	for _, flag := range []string{"max-boards", "max-findings"} {
		if n := c.Int(flag); n < 0 {
			return usageError("--%s %d: want 0 (no limit) or more", flag, n)
		}
	}
	dir, err := safewrite.OpenDir(out)
	if err != nil {
		return cli.Exit(fmt.Sprintf("--out %s: %v", out, err), exitError)
	}
	defer dir.Close()
	// A first reading finds the rooms of every team-match board, so that
	// each room's board links to the other's wherever that is.
	rooms, done, err := a.roomIndex(c, nil)
	if err != nil {
		return err
	}
	defer done()
	w := report.NewWriter(dir, opts)
	// A page that cannot be written ends the run: the report would be
	// missing it, and the index is not written over a half report.
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var werr error
	r, err := a.eachContext(ctx, c, corpus.AuditOptions{Boards: true, Work: w.Renderer(rooms)}, func(p *corpus.Part) {
		if werr == nil {
			if werr = w.Part(p); werr != nil {
				stop()
			}
		}
	})
	if err != nil && werr == nil {
		w.Abort()
		return err
	}
	if werr == nil {
		werr = w.Close(r)
	} else {
		w.Abort()
	}
	if werr != nil {
		return cli.Exit(fmt.Sprintf("report %s: %v", out, werr), exitError)
	}
	if r.Unread() {
		a.fail(exitFindings) // text that is not PBN or LIN, as for every command
	}
	a.notef("report of %s and %s written to %s", diag.Plural(r.Boards, "board"), diag.Plural(r.Findings(), "finding"), dir.Path("index.html"))
	boards, findings := w.Left()
	if boards > 0 {
		a.notef("%s listed briefly, without diagrams, past the first %s (--max-boards)", diag.Plural(boards, "board"), diag.Thousands(opts.MaxBoards))
	}
	if findings > 0 {
		a.notef("%s not on the findings pages, past the first %s (--max-findings)", diag.Plural(findings, "finding"), diag.Thousands(opts.MaxFindings))
	}
	return nil
}
