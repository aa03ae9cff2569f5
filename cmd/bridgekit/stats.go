package main

import (
	"encoding/json"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/corpus"
)

func (a *app) statsCommand() *cli.Command {
	return &cli.Command{
		Name:      "stats",
		Usage:     "summarise what an archive holds",
		ArgsUsage: "PATH…",
		Description: `stats reads every board of the PATHs and prints what they hold: files, games,
boards, distinct deals, bytes, formats, encodings, the programs that wrote them,
final contracts by level and strain, passed-out boards, and findings by
code. With --format json the same report is one JSON object.

Examples:

  bridgekit stats corpus/samples
  bridgekit stats --format json archive.zip | jq .contracts`,
		Flags: append([]cli.Flag{
			formatFlag("write the report as `text` or json"),
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
	report, err := a.each(c, corpus.AuditOptions{}, func(*corpus.Part) {})
	if err != nil {
		return err
	}
	if report.Unread() {
		a.fail(exitFindings) // text that is not PBN or LIN, as for every command
	}
	if !asJSON {
		return report.WriteText(a.stdout)
	}
	out, err := json.MarshalIndent(report, "", "  ")
	if err != nil {
		return err
	}
	a.stdout.Write(append(out, '\n'))
	return nil
}
