package main

import (
	"bytes"
	"fmt"
	"strings"

	"bridgekit/diag"

	"github.com/urfave/cli/v2"

	"bridgekit/convert"
	"bridgekit/corpus"
	"bridgekit/record"
	"bridgekit/scoring"
)

func (a *app) showCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "show boards as a person reads them: diagram, auction, contract, result",
		ArgsUsage: "PATH…",
		Description: `show prints each board of the PATHs: the four hands with suit symbols, the
auction in four columns from West, the contract, declarer and result, the
findings of the audit, and a link that opens the board in BBO's handviewer.
Hearts and diamonds are red on a terminal; the output is plain when piped,
when NO_COLOR is set, or with --color never.

Examples:

  bridgekit show --board 14 events/2019/final.pbn
  bridgekit show 'https://www.bridgebase.com/tools/handviewer.html?lin=pn|…'
  bridgekit show - < board.lin`,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "board", Aliases: []string{"b"}, Usage: "show only the boards numbered `N` (every table that played it)"},
			&cli.StringFlag{Name: "color", Value: "auto", Usage: "colour the red suits: `auto` (on a terminal, unless NO_COLOR is set), always or never"},
		},
		Action: a.show,
	}
}

func (a *app) show(c *cli.Context) error {
	var color bool
	switch mode := c.String("color"); mode {
	case "auto":
		color = isTerminal(a.rawStdout) && a.getenv("NO_COLOR") == ""
	case "always", "never":
		color = mode == "always"
	default:
		return usageError("--color %s: want auto, always or never", mode)
	}
	number := c.Int("board")
	if c.IsSet("board") && number < 1 {
		return usageError("--board %d: board numbers start at 1", number)
	}
	shown := 0
	// A team-match board waits for the next one, which may be its other
	// room: then both get a Rooms line with the two scores and the IMPs.
	var held *record.Board
	var heldText bytes.Buffer
	flush := func() {
		a.stdout.Write(heldText.Bytes())
		heldText.Reset()
		held = nil
	}
	_, err := a.each(c, corpus.AuditOptions{Boards: true}, func(p *corpus.Part) {
		a.notCarried(p, "not shown")
		for _, b := range p.Boards {
			if number != 0 && b.Number != number {
				continue
			}
			var text bytes.Buffer
			if shown > 0 {
				text.WriteByte('\n')
			}
			shown++
			w := convert.NewTextWriter(&text, convert.TextWriterOptions{Color: color, File: p.Name})
			var notes []string
			for _, f := range b.Findings {
				notes = append(notes, findingLine(f))
			}
			if err := w.WriteBoardNotes(b.Board, notes); err != nil {
				a.errorf("%s: %v", p.Name, err)
			}
			if held != nil {
				if _, ok := scoring.RoomIMPs(b.Board, held); ok {
					heldText.WriteString(roomsLine(held, b.Board))
					text.WriteString(roomsLine(b.Board, held))
					flush()
					a.stdout.Write(text.Bytes())
					continue
				}
				flush()
			}
			if _, ok := scoring.RoomOf(b.Board, ""); ok {
				held = b.Board
				heldText.Write(text.Bytes())
				continue
			}
			a.stdout.Write(text.Bytes())
		}
	})
	flush()
	if err == nil && shown == 0 && a.status == exitOK {
		// Nothing to show is a finding, as grep finds nothing: exit 1.
		if number != 0 {
			return cli.Exit(fmt.Sprintf("show: no board %d in %s", number, strings.Join(c.Args().Slice(), " ")), exitFindings)
		}
		return cli.Exit("show: no boards in "+strings.Join(c.Args().Slice(), " "), exitFindings)
	}
	return err
}

// roomsLine says a board's score beside its other room's, and the IMPs.
func roomsLine(here, other *record.Board) string {
	imps, _ := scoring.RoomIMPs(here, other)
	a, _ := scoring.NSScore(here)
	b, _ := scoring.NSScore(other)
	return fmt.Sprintf("%-10sN-S %+d here, %+d in the other room (game %d): N-S %+d IMPs here, %+d there\n",
		"Rooms", a, b, other.Source.Game, imps, -imps)
}

// findingLine is a finding without the file and board, which show has
// already given.
func findingLine(f diag.Diagnostic) string {
	f.File, f.Board, f.Game = "", 0, 0
	return strings.TrimPrefix(f.String(), ":")
}
