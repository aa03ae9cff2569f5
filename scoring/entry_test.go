package scoring_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/record"
	"github.com/bridgekit/bridgekit/scoring"
)

// TestEntryOf: a board of a team match gets an index entry with its
// score computed from its contract and result, not its Score tag; a
// board of a pairs event none.
func TestEntryOf(t *testing.T) {
	for _, tc := range []struct {
		text string
		ok   bool
		ns   int32
	}{
		{"[Event \"T\"]\n[Board \"1\"]\n[Room \"Closed\"]\n[Vulnerable \"None\"]\n[Declarer \"E\"]\n[Contract \"4S\"]\n[Result \"10\"]\n[Score \"EW 450\"]\n", true, -420},
		{"[Event \"P\"]\n[Board \"1\"]\n[Vulnerable \"None\"]\n[Declarer \"E\"]\n[Contract \"4S\"]\n[Result \"10\"]\n", false, 0},
	} {
		p := corpus.Process("t.pbn", strings.NewReader(tc.text), corpus.AuditOptions{Boards: true, SkipDuplicates: true})
		if len(p.Boards) != 1 {
			t.Fatalf("%q: %d boards", tc.text, len(p.Boards))
		}
		e, ok := scoring.EntryOf(p.Boards[0].Board, "")
		if ok != tc.ok || ok && (e.NS != tc.ns || !e.NSKnown || e.Room != record.Closed) {
			t.Errorf("%q: EntryOf = %+v, %v", tc.text, e, ok)
		}
	}
}

// TestEventFlush: a file of more match boards than MaxEventBoards is
// summed up as it is read, every match once and whole.
func TestEventFlush(t *testing.T) {
	var text strings.Builder
	matches := scoring.MaxEventBoards/16 + 1
	for m := range matches {
		for b := 1; b <= 16; b++ {
			for _, room := range []string{"Open", "Closed"} {
				fmt.Fprintf(&text, "[Event \"L\"]\n[Board \"%d\"]\n[Room \"%s\"]\n[HomeTeam \"A%d\"]\n[VisitTeam \"B%d\"]\n[Vulnerable \"None\"]\n[Declarer \"S\"]\n[Contract \"3NT\"]\n[Result \"9\"]\n\n", b, room, m, m)
			}
		}
	}
	p := corpus.Process("l.pbn", strings.NewReader(text.String()), corpus.AuditOptions{Boards: true, SkipDuplicates: true})
	ev := scoring.NewEvent()
	seen := map[string]int{}
	early := 0
	count := func(out []any) {
		for _, s := range out {
			if ms, ok := s.(*scoring.MatchSummary); ok {
				seen[ms.Teams[0]]++
				if ms.Played != 16 {
					t.Errorf("%v: %d boards played, want 16", ms.Teams, ms.Played)
				}
			}
		}
	}
	for _, b := range p.Boards {
		ev.Add(b.Board, p.Name, b.Session())
		out := ev.Flush()
		early += len(out)
		count(out)
	}
	count(ev.EndFile())
	count(ev.Summaries())
	if early == 0 {
		t.Error("nothing was summed up before the end")
	}
	if len(seen) != matches {
		t.Errorf("%d matches summed up, want %d", len(seen), matches)
	}
	for team, n := range seen {
		if n != 1 {
			t.Errorf("%s: summed up %d times", team, n)
		}
	}
}

// TestTakeBoards: a pairs event's boards taken as they come are let go,
// and the ranking at the file's end still counts every board.
func TestTakeBoards(t *testing.T) {
	var text strings.Builder
	const boards = 20
	for b := 1; b <= boards; b++ {
		fmt.Fprintf(&text, "[Event \"P\"]\n[Board \"%d\"]\n[Vulnerable \"None\"]\n[Scoring \"MP\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS\"]\n1 2 4S S 10 420\n3 4 4S S 9 -50\n\n", b)
	}
	p := corpus.Process("p.pbn", strings.NewReader(text.String()), corpus.AuditOptions{Boards: true, SkipDuplicates: true})
	ev := scoring.NewEvent()
	taken := 0
	for _, b := range p.Boards {
		ev.Add(b.Board, p.Name, b.Session())
		ps, got := ev.TakeBoards()
		if ps == nil || len(got) != 1 {
			t.Fatalf("board %s: took %d boards of %v", b.Board.BoardLabel(), len(got), ps)
		}
		taken += len(got)
		if _, again := ev.TakeBoards(); len(again) > 0 {
			t.Fatal("a board taken twice")
		}
	}
	out := ev.EndFile()
	if len(out) != 1 {
		t.Fatalf("EndFile gave %d summaries", len(out))
	}
	ps := out[0].(*scoring.PairsSummary)
	if taken != boards || len(ps.Boards) != 0 {
		t.Errorf("%d boards taken, %d left", taken, len(ps.Boards))
	}
	if len(ps.Ranking) != 4 || ps.Ranking[0].Boards != boards || ps.Ranking[0].Total != 2*boards {
		t.Errorf("ranking %+v", ps.Ranking[0])
	}
}

// TestAssumeMethod: an Event told a method scores by it the travellers
// of a file that names none, and says so; a file that names its own is
// scored by that.
func TestAssumeMethod(t *testing.T) {
	mp, err := scoring.ParseMethod("MP")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		scoring, assumed string
		mp               bool // the first row has matchpoints
	}{
		{"", "MP", true},
		{"?", "MP", true},
		{"IMP;Butler", "", false},
	} {
		text := "[Event \"P\"]\n[Board \"1\"]\n[Vulnerable \"None\"]\n"
		if tc.scoring != "" {
			text += "[Scoring \"" + tc.scoring + "\"]\n"
		}
		text += "[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result\"]\n1 2 4S S 10\n3 4 4S S 9\n5 6 3NT N 9\n"
		p := corpus.Process("p.pbn", strings.NewReader(text), corpus.AuditOptions{Boards: true, SkipDuplicates: true})
		ev := scoring.NewEvent()
		ev.AssumeMethod(mp)
		ev.Add(p.Boards[0].Board, p.Name, "")
		out := ev.EndFile()
		if len(out) != 1 {
			t.Fatalf("%q: %d summaries", tc.scoring, len(out))
		}
		ps := out[0].(*scoring.PairsSummary)
		if ps.Assumed != tc.assumed || len(ps.Boards) != 1 || len(ps.Boards[0].Rows) != 3 {
			t.Fatalf("%q: assumed %q, boards %+v", tc.scoring, ps.Assumed, ps.Boards)
		}
		if got := ps.Boards[0].Rows[0].MP; (got != nil) != tc.mp || tc.mp && *got != 4 {
			t.Errorf("%q: first row's matchpoints %v", tc.scoring, got)
		}
	}
}
