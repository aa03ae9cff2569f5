package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/bridgekit/bridgekit/diag"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/convert"
	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/scoring"
)

func (a *app) showCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "show boards as a person reads them: diagram, auction, contract, result",
		ArgsUsage: "PATH…",
		Description: `show prints each board of the PATHs: the four hands with suit symbols, the
auction in four columns from West, the contract, declarer and result, the
findings of the audit, and a link that opens the board in BBO's handviewer.
Each room of a team-match board gives the other room's score and the IMPs,
wherever in the PATHs the other room is: show reads them twice for it.
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
	// Each room of a team-match board says the other's score and the
	// IMPs, wherever in the run the other is: a first reading finds them.
	rooms, done, err := a.roomIndex(c, func(b *corpus.Board) bool { return number == 0 || b.Number == number })
	if err != nil {
		return err
	}
	defer done()
	shown := 0
	_, err = a.each(c, corpus.AuditOptions{Boards: true}, func(p *corpus.Part) {
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
			text.WriteString(roomsLine(rooms, p.Name, b))
			a.stdout.Write(text.Bytes())
		}
	})
	if err == nil && shown == 0 && a.status == exitOK {
		// Nothing to show is a finding, as grep finds nothing: exit 1.
		if number != 0 {
			return cli.Exit(fmt.Sprintf("show: no board %d in %s", number, strings.Join(c.Args().Slice(), " ")), exitFindings)
		}
		return cli.Exit("show: no boards in "+strings.Join(c.Args().Slice(), " "), exitFindings)
	}
	return err
}

// roomsLine says a team-match board's score beside its other room's, and
// the IMPs, when rooms has the other room; "" when it has not.
func roomsLine(rooms *scoring.RoomIndex, file string, b *corpus.Board) string {
	r, o, ok := rooms.OtherOf(b.Board, b.Session(), file, b.Game)
	if !ok {
		return ""
	}
	return fmt.Sprintf("%-10s%s\n", "Rooms", scoring.RoomsSentence(r, o, "the other room", rooms.Where(o, file)))
}

// findingLine is a finding without the file and board, which show has
// already given.
func findingLine(f diag.Diagnostic) string {
	f.File, f.Board, f.Game = "", 0, 0
	return strings.TrimPrefix(f.String(), ":")
}
