package main

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"path/filepath"
	"sort"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/export"
)

func (a *app) exportCommand() *cli.Command {
	return &cli.Command{
		Name:      "export",
		Usage:     "write boards and findings as Parquet or JSON Lines tables for query engines",
		ArgsUsage: "PATH…",
		Description: `export reads every board of the PATHs and writes two tables into --out DIR:
boards (one row per board: its tags, calls, play, outcome and score) and
findings (one row per finding), joined on file and game. The files are
boards-r1-00000.parquet, findings-r1-00000.parquet … (or .jsonl; r1 is the
run's number), each of at most --rows-per-file rows, in input order, and
summary.json: the audit's report and, under "export", the files that are
the export. A run replaces the export DIR holds: the summary is written last
and renamed into place, so that whatever moment a run is killed at, DIR
holds the old export or the new one as its summary lists it; the files of
the old one, and what a killed run left, are then removed. A summary.json
export did not write is not replaced, and one run at a time writes DIR
(another is refused). Text that is not PBN or LIN makes the exit status 1.

--shard i/N exports only the inputs whose name falls in shard i of N (from
0): N runs with the same PATHs, on any machines, cover them exactly once,
and name their files boards-s00Iof00N-r1-00000.parquet and so on; the
shards of one folder may run at once.
export --merge DIR prints the report of all the summaries in DIR as one.

The schema is in the README (Export). Examples:

  bridgekit export --out tables/ archive/
  for i in 0 1 2 3; do bridgekit export --shard $i/4 --out tables/ archive/ & done; wait
  bridgekit export --merge tables/`,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "format", Value: "parquet", Usage: "write the tables as `parquet` or jsonl"},
			&cli.StringFlag{Name: "out", Usage: "the directory `DIR` to write the tables in"},
			&cli.IntFlag{Name: "rows-per-file", Value: export.DefaultRowsPerFile, Usage: "start a new file after `N` rows"},
			&cli.StringFlag{Name: "shard", Usage: "export only shard `i/N` of the inputs"},
			&cli.StringFlag{Name: "merge", Usage: "print the report of the summaries in `DIR` merged, and export nothing"},
			jobsFlag(),
		}, ddFlags("solve every deal double dummy and write its table and par in a third table, dd (dd-r1-00000.parquet …; slow: seconds a deal)")...),
		Action: a.export,
	}
}

func (a *app) export(c *cli.Context) error {
	if dir := c.String("merge"); dir != "" {
		return a.mergeSummaries(dir)
	}
	format, err := export.ParseFormat(c.String("format"))
	if err != nil {
		return usageError("--format: %v", err)
	}
	out := c.String("out")
	if out == "" {
		return usageError("export needs --out DIR")
	}
	if c.Int("rows-per-file") < 1 {
		return usageError("--rows-per-file %d: want at least 1", c.Int("rows-per-file"))
	}
	var shard export.Shard
	if s := c.String("shard"); s != "" {
		if shard, err = export.ParseShard(s); err != nil {
			return usageError("--shard: %v", err)
		}
	}
	x, err := export.Begin(out, format, c.Int("rows-per-file"), shard)
	if err != nil {
		return cli.Exit(fmt.Sprintf("--out %s: %v; nothing written", out, err), exitError)
	}
	a.keep = shard.Holds
	// A table that cannot be written ends the run: the inputs not yet
	// read are not, so that the error is the output's alone.
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	if c.Bool("dd") {
		x.AddSolved()
	}
	// The rows of a part are made in the worker that read it; the solver's
	// read the boards the board rows drop.
	type rows struct {
		boards []export.Board
		solved []export.Solved
	}
	opts := corpus.AuditOptions{Boards: true, AllFindings: true, Work: func(p *corpus.Part) any {
		s := export.SolvedRows(p)
		return rows{export.BoardRows(p), s}
	}}
	var werr error
	report, err := a.eachContext(ctx, c, opts, func(p *corpus.Part) {
		r, _ := p.Work.(rows)
		if werr != nil {
			return
		}
		fs := export.Finish(p, r.boards)
		if werr = x.Boards.Write(r.boards); werr == nil {
			werr = x.Findings.Write(fs)
		}
		if werr == nil && x.Solved != nil {
			werr = x.Solved.Write(r.solved)
		}
		if werr != nil {
			stop()
		}
	})
	if werr != nil {
		err = werr
	}
	if err == nil {
		err = x.Commit(report)
	}
	if err != nil {
		x.Abort()
		return cli.Exit(fmt.Sprintf("export to %s: %v; nothing written", out, err), exitError)
	}
	for _, n := range x.Notes() {
		a.notef("%s", n)
	}
	if report.Unread() {
		a.fail(exitFindings) // text that is not PBN or LIN, as for every command
	}
	a.notef("exported %s and %s to %s", diag.Plural(x.Boards.Rows(), "board"), diag.Plural(x.Findings.Rows(), "finding"), out)
	return nil
}

// mergeSummaries prints the report of every summary*.json in dir merged.
// Distinct deals add up across shards: a deal in two shards counts twice.
func (a *app) mergeSummaries(dir string) error {
	names, err := filepath.Glob(filepath.Join(dir, "summary*.json"))
	if err != nil || len(names) == 0 {
		return cli.Exit(fmt.Sprintf("--merge %s: no summary*.json there", dir), exitError)
	}
	sort.Strings(names)
	total := &corpus.Report{}
	for _, n := range names {
		s, err := export.ReadSummary(n)
		if err != nil {
			return cli.Exit(fmt.Sprintf("--merge %s: %v", dir, err), exitError)
		}
		total.Merge(&s.Report)
	}
	out, err := json.MarshalIndent(total, "", "  ")
	if err != nil {
		return err
	}
	a.stdout.Write(append(out, '\n'))
	return nil
}

// keepInputs yields the inputs of in that keep holds, and every error.
func keepInputs(in iter.Seq2[*corpus.Input, error], keep func(string) bool) iter.Seq2[*corpus.Input, error] {
	return func(yield func(*corpus.Input, error) bool) {
		for i, err := range in {
			if err == nil && !keep(i.Name) {
				continue
			}
			if !yield(i, err) {
				return
			}
		}
	}
}
