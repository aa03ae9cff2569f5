package main

import (
	"encoding/json"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"sort"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/export"
	"github.com/bridgekit/bridgekit/internal/safewrite"
)

func (a *app) exportCommand() *cli.Command {
	return &cli.Command{
		Name:      "export",
		Usage:     "write boards and findings as Parquet or JSON Lines tables for query engines",
		ArgsUsage: "PATH…",
		Description: `export reads every board of the PATHs and writes two tables into --out DIR:
boards (one row per board: its tags, calls, play, outcome and score) and
findings (one row per finding), joined on file and game. The files are
boards-00000.parquet, findings-00000.parquet … (or .jsonl), each of at most
--rows-per-file rows, in input order, and summary.json, the audit's report.
They appear when the run ends and not before; a file of those names already
in DIR is not replaced.

--shard i/N exports only the inputs whose name falls in shard i of N (from
0): N runs with the same PATHs, on any machines, cover them exactly once,
and name their files boards-s00Iof00N-00000.parquet and so on.
export --merge DIR prints the report of all the summaries in DIR as one.

The schema is in the README (Export). Examples:

  bridgekit export --out tables/ archive/
  for i in 0 1 2 3; do bridgekit export --shard $i/4 --out tables/ archive/ & done; wait
  bridgekit export --merge tables/`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "parquet", Usage: "write the tables as `parquet` or jsonl"},
			&cli.StringFlag{Name: "out", Usage: "the directory `DIR` to write the tables in"},
			&cli.IntFlag{Name: "rows-per-file", Value: export.DefaultRowsPerFile, Usage: "start a new file after `N` rows"},
			&cli.StringFlag{Name: "shard", Usage: "export only shard `i/N` of the inputs"},
			&cli.StringFlag{Name: "merge", Usage: "print the report of the summaries in `DIR` merged, and export nothing"},
			jobsFlag(),
		},
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
	dir, err := safewrite.OpenDir(out)
	if err != nil {
		return cli.Exit(fmt.Sprintf("--out %s: %v", out, err), exitError)
	}
	defer dir.Close()
	boards := export.NewTable[export.Board](dir, "boards", format, c.Int("rows-per-file"), shard)
	findings := export.NewTable[export.Finding](dir, "findings", format, c.Int("rows-per-file"), shard)
	a.keep = shard.Holds
	opts := corpus.AuditOptions{Boards: true, AllFindings: true, Work: func(p *corpus.Part) any { return export.BoardRows(p) }}
	var werr error
	report, err := a.each(c, opts, func(p *corpus.Part) {
		rows, _ := p.Work.([]export.Board)
		if werr != nil {
			return
		}
		fs := export.Finish(p, rows)
		if werr = boards.Write(rows); werr == nil {
			werr = findings.Write(fs)
		}
	})
	if err == nil {
		err = werr
	}
	if err == nil {
		err = commitWithSummary(dir, "summary"+shard.Suffix()+".json", report, boards, findings)
	}
	if err != nil {
		boards.Abort()
		findings.Abort()
		return cli.Exit(fmt.Sprintf("export to %s: %v; nothing written", out, err), exitError)
	}
	a.notef("exported %s and %s to %s", plural(boards.Rows(), "board"), plural(findings.Rows(), "finding"), out)
	return nil
}

// commitWithSummary commits the tables and writes the run's report beside
// them: the report last, so that a summary says its tables are whole.
func commitWithSummary(dir *safewrite.Dir, name string, report *corpus.Report, tables ...interface{ Commit() error }) error {
	f, err := export.CreateNew(dir, name)
	if err != nil {
		return err
	}
	data, err := json.MarshalIndent(report, "", "  ")
	if err == nil {
		_, err = f.Write(append(data, '\n'))
	}
	if err != nil {
		f.Abort()
		return err
	}
	for _, t := range tables {
		if err := t.Commit(); err != nil {
			f.Abort()
			return err
		}
	}
	return f.Commit()
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
		data, err := os.ReadFile(n)
		if err != nil {
			return cli.Exit(err.Error(), exitError)
		}
		var r corpus.Report
		if err := json.Unmarshal(data, &r); err != nil {
			return cli.Exit(fmt.Sprintf("%s: %v", n, err), exitError)
		}
		total.Merge(&r)
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
