package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/scoring"
)

func (a *app) scoreCommand() *cli.Command {
	return &cli.Command{
		Name:      "score",
		Usage:     "recompute each match and pairs event from its records",
		ArgsUsage: "PATH…",
		Description: `score recomputes what the boards of the PATHs add up to, and prints beside
each number the file states whether it agrees. For a team match, whose
rooms may be in several files: board by board both rooms' contracts,
results and scores, the IMPs, the match total and the victory points (WBF
2013 continuous scale, over the boards both rooms played). For a pairs
event: each board's traveller with its matchpoints and percentages, or IMPs
against the datum, and the ranking those give, file by file (a Mitchell's
two directions ranked apart). A file may
hold several matches. The pairs events come as each file ends, the matches
after the last file (or sooner, past 16,384 boards of matches, all but the
one being read). With --format json each match or event is one JSON object
per line (keys in the README).

Examples:

  bridgekit score match.lin
  bridgekit score --format json events/ | jq 'select(.kind == "teams") | .vps'`,
		Flags: []cli.Flag{
			formatFlag("write each match or event as `text` or json"),
			&cli.StringFlag{Name: "method", Usage: "score the pairs events of files that name no scoring method (a Bridgemate .bws names none) by `METHOD`, a PBN Scoring value: MP, IMP, Butler, Cross …; a file's own method always wins"},
			jobsFlag(),
		},
		Action: a.score,
	}
}

func (a *app) score(c *cli.Context) error {
	asJSON, err := outputFormat(c)
	if err != nil {
		return err
	}
	ev := scoring.NewEvent()
	if v := c.String("method"); v != "" {
		m, err := scoring.ParseMethod(v)
		if err == nil && m.Base == scoring.NoBase {
			err = fmt.Errorf("it names no method")
		}
		if err != nil {
			return usageError("--method %q: %v", v, err)
		}
		ev.AssumeMethod(m)
	}
	sw := &scoreWriter{a: a, json: asJSON}
	_, err = a.each(c, corpus.AuditOptions{Boards: true, SkipDuplicates: true}, func(p *corpus.Part) {
		if p.Input == nil || sw.err != nil {
			return
		}
		a.notCarried(p, "not scored")
		for _, b := range p.Boards {
			if b.Board != nil {
				ev.Add(b.Board, p.Name, b.Session())
			}
		}
		sw.boards(ev.TakeBoards())
		sw.write(ev.Flush())
		if p.Last {
			sw.write(ev.EndFile())
		}
	})
	sw.write(ev.Summaries())
	if err == nil && sw.err != nil {
		err = fmt.Errorf("writing standard output: %w", sw.err)
	}
	return err
}

// A scoreWriter writes score's matches and events as they are complete,
// and a pairs event's boards as they come, so that an event of any size
// is written in the memory of its ranking: the event's head first, its
// boards, then its ranking, in text and JSON alike (one JSON object per
// event, as when it was written whole).
type scoreWriter struct {
	a    *app
	json bool
	open *scoring.PairsSummary // the pairs event whose boards are being written
	n    int                   // its boards written
	err  error
}

// write writes complete matches and events.
func (w *scoreWriter) write(summaries []any) {
	for _, s := range summaries {
		if w.err != nil {
			return
		}
		if ps, ok := s.(*scoring.PairsSummary); ok {
			w.boards(ps, ps.Boards)
			w.pairsEnd(ps)
			continue
		}
		if !w.json {
			w.err = writeSummary(w.a, s)
			continue
		}
		out, err := json.Marshal(s)
		if err != nil {
			// Never an empty line in its place: a script reading the
			// lines would take it for no event at all.
			w.a.errorf("a match could not be written as JSON: %v", err)
			continue
		}
		_, w.err = w.a.stdout.Write(append(out, '\n'))
	}
}

// boards writes boards of the pairs event ps, after its head if they are
// its first.
func (w *scoreWriter) boards(ps *scoring.PairsSummary, boards []*scoring.TravellerSum) {
	if ps == nil || w.err != nil {
		return
	}
	if w.open != ps {
		w.open, w.n = ps, 0
		w.pairsHead(ps)
	}
	for _, b := range boards {
		if w.err != nil {
			return
		}
		if !w.json {
			w.err = writeTraveller(w.a, b)
			continue
		}
		out, err := json.Marshal(b)
		if err != nil {
			w.a.errorf("%s: board %s could not be written as JSON: %v", ps.File, b.Board, err)
			continue
		}
		if w.n > 0 {
			out = append([]byte{','}, out...)
		}
		w.n++
		_, w.err = w.a.stdout.Write(out)
	}
}

// pairsHead writes what comes before a pairs event's boards.
func (w *scoreWriter) pairsHead(ps *scoring.PairsSummary) {
	if !w.json {
		assumed := ""
		if ps.Assumed != "" {
			assumed = fmt.Sprintf(", scored as %q: --method", ps.Assumed)
		}
		_, w.err = fmt.Fprintf(w.a.stdout, "%s: pairs event %q (scoring %q%s)\n", ps.File, ps.Event, ps.Scoring, assumed)
		return
	}
	head, err := json.Marshal(struct {
		Kind    string `json:"kind"`
		File    string `json:"file"`
		Event   string `json:"event"`
		Scoring string `json:"scoring"`
		Assumed string `json:"assumed_method,omitempty"`
	}{ps.Kind, ps.File, ps.Event, ps.Scoring, ps.Assumed})
	if err == nil {
		_, w.err = w.a.stdout.Write(append(head[:len(head)-1], `,"boards":[`...))
	}
}

// pairsEnd writes a pairs event's ranking, which ends it.
func (w *scoreWriter) pairsEnd(ps *scoring.PairsSummary) {
	if w.err != nil {
		return
	}
	w.open = nil
	if !w.json {
		w.err = writeRanking(w.a, ps)
		return
	}
	ranking, err := json.Marshal(ps.Ranking)
	if err != nil {
		w.a.errorf("%s: the ranking could not be written as JSON: %v", ps.File, err)
		ranking = []byte("null")
	}
	_, w.err = fmt.Fprintf(w.a.stdout, `],"ranking":%s}`+"\n", ranking)
}

// writeSummary writes a match or an event as text.
func writeSummary(a *app, s any) error {
	w := tabwriter.NewWriter(a.stdout, 0, 0, 2, ' ', 0)
	switch s := s.(type) {
	case *scoring.MatchSummary:
		files := s.File
		if len(s.Files) > 0 {
			files = strings.Join(s.Files, ", ")
		}
		// Home v visitors, as the file names them: the summary keeps
		// the teams in alphabetical order.
		h, v := 0, 1
		if s.HomeFirst() {
			h, v = 1, 0
		}
		fmt.Fprintf(a.stdout, "%s: team match %s v %s (event %q%s)\n", files, orDash(s.Teams[h]), orDash(s.Teams[v]), s.Event, sessionText(s.Session))
		fmt.Fprintf(w, "board\troom\tNS team\tcontract\tby\ttricks\tscore\tstated\tIMPs %s-%s\tstated IMPs\n", orDash(s.Teams[h]), orDash(s.Teams[v]))
		for _, b := range s.Boards {
			for i, r := range b.Rooms {
				imps := ""
				if i == 0 && b.IMPs != nil {
					imps = fmt.Sprintf("%d-%d", b.IMPs[h], b.IMPs[v])
				}
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", b.Board, orDash(r.Room), orDash(r.NSTeam), orDash(r.Contract), orDash(r.Declarer),
					intText(r.Tricks), intText(r.Score), statedText(r.Stated), imps, statedValueText(r.StatedIMP, "NS "))
			}
		}
		w.Flush()
		fmt.Fprintf(a.stdout, "total: %s %d, %s %d IMPs over %d boards played in both rooms", orDash(s.Teams[h]), s.IMPs[h], orDash(s.Teams[v]), s.IMPs[v], s.Played)
		if c := s.CarryOver; c != nil && *c != [2]float64{} {
			fmt.Fprintf(a.stdout, "; with the carry-over of %s-%s, %s-%s", trimFloat(c[h]), trimFloat(c[v]),
				trimFloat(c[h]+float64(s.IMPs[h])), trimFloat(c[v]+float64(s.IMPs[v])))
		}
		if s.VPs != nil {
			fmt.Fprintf(a.stdout, "; VPs %.2f-%.2f (WBF 2013 scale, %d boards)", s.VPs[h], s.VPs[v], s.Played)
		}
		fmt.Fprintln(a.stdout)
	case *scoring.MatchTotalSummary:
		h, v := 0, 1
		if s.HomeFirst() {
			h, v = 1, 0
		}
		fmt.Fprintf(a.stdout, "%s: match %s v %s (event %q), %d sessions: %s %d, %s %d IMPs over %d boards", s.File, orDash(s.Teams[h]), orDash(s.Teams[v]), s.Event,
			len(s.Sessions), orDash(s.Teams[h]), s.IMPs[h], orDash(s.Teams[v]), s.IMPs[v], s.Played)
		if s.CarryOver != nil {
			fmt.Fprintf(a.stdout, "; with the carry-over of %s-%s, %s-%s", trimFloat(s.CarryOver[h]), trimFloat(s.CarryOver[v]), trimFloat(s.Total[h]), trimFloat(s.Total[v]))
		}
		if s.VPs != nil {
			fmt.Fprintf(a.stdout, "; VPs %.2f-%.2f", s.VPs[h], s.VPs[v])
		}
		fmt.Fprintln(a.stdout)
	}
	_, err := fmt.Fprintln(a.stdout)
	return err
}

// writeTraveller writes a board of a pairs event as text.
func writeTraveller(a *app, b *scoring.TravellerSum) error {
	if b.Unscored != "" {
		_, err := fmt.Fprintf(a.stdout, "board %s: not recomputed (%s)\n", b.Board, b.Unscored)
		return err
	}
	w := tabwriter.NewWriter(a.stdout, 0, 0, 2, ' ', 0)
	head := "board " + b.Board
	switch {
	case b.Datum != nil:
		head += fmt.Sprintf(", datum %d", *b.Datum)
	case b.Top > 0:
		head += fmt.Sprintf(", top %s", strconv.FormatFloat(b.Top, 'f', -1, 64))
		if b.Centred {
			head += fmt.Sprintf(" (the file's matchpoints less %s, half the top)", strconv.FormatFloat(b.Top/2, 'f', -1, 64))
		}
	}
	fmt.Fprintln(a.stdout, head)
	fmt.Fprintln(w, "  NS\tEW\tcontract\tby\ttricks\tscore\tMP\t%\tIMPs\tstated")
	for _, r := range b.Rows {
		stated := statedValueText(r.StatedMP, "")
		if r.StatedIMP != nil {
			stated = statedValueText(r.StatedIMP, "")
		}
		fmt.Fprintf(w, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", orDash(r.NS), orDash(r.EW), orDash(r.Contract), orDash(r.Declarer), intText(r.Tricks),
			intText(r.Score), floatText(r.MP), floatText(r.Pct), floatText(r.IMP), stated)
	}
	return w.Flush()
}

// rankingTitles head the ranking of a field: a Mitchell's two directions
// are ranked apart.
var rankingTitles = map[string]string{"": "ranking", "NS": "ranking, North-South", "EW": "ranking, East-West"}

// writeRanking writes a pairs event's ranking as text, which ends it.
func writeRanking(a *app, s *scoring.PairsSummary) error {
	w := tabwriter.NewWriter(a.stdout, 0, 0, 2, ' ', 0)
	if len(s.Ranking) == 0 {
		fmt.Fprintln(a.stdout, "ranking: none, as no traveller recomputed here names its pairs (PairId_NS, PairId_EW)")
	}
	for i, t := range s.Ranking {
		if i == 0 || t.Direction != s.Ranking[i-1].Direction {
			w.Flush()
			fmt.Fprintln(a.stdout, rankingTitles[t.Direction])
			fmt.Fprintln(w, "  rank\tpair\ttotal\tboards\t%\tper board\tstated")
		}
		fmt.Fprintf(w, "  %d\t%s\t%s\t%d\t%s\t%s\t%s\n", t.Rank, t.Pair, strconv.FormatFloat(t.Total, 'f', -1, 64), t.Boards,
			floatText(t.Percentage), floatText(t.PerBoard), statedValueText(t.Stated, ""))
	}
	w.Flush()
	_, err := fmt.Fprintln(a.stdout)
	return err
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}

func sessionText(s string) string {
	if s == "" {
		return ""
	}
	return ", " + s
}

func intText(n *int) string {
	if n == nil {
		return "-"
	}
	return strconv.Itoa(*n)
}

func trimFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func floatText(f *float64) string {
	if f == nil {
		return "-"
	}
	return strconv.FormatFloat(*f, 'f', -1, 64)
}

func statedText(s *scoring.Stated) string {
	if s == nil {
		return "-"
	}
	return fmt.Sprintf("%d %s", s.Value, agreeWord(s.Agrees))
}

func statedValueText(s *scoring.StatedValue, prefix string) string {
	if s == nil {
		return "-"
	}
	if s.Unchecked != "" {
		return prefix + strconv.FormatFloat(s.Value, 'f', -1, 64) + " unchecked (" + s.Unchecked + ")"
	}
	return prefix + strconv.FormatFloat(s.Value, 'f', -1, 64) + " " + agreeWord(s.Agrees)
}

func agreeWord(ok bool) string {
	if ok {
		return "agrees"
	}
	return "DIFFERS"
}
