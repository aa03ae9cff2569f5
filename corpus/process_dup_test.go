package corpus

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
)

// TestDuplicatesIndexFull checks that a run whose index fills up says so
// once, at the board where it filled, and still counts every board.
func TestDuplicatesIndexFull(t *testing.T) {
	t.Parallel()
	x := NewDuplicateIndexSize(64 << 10)
	total := &Report{}
	const parts, perPart = 20, 100
	for i := range parts {
		p := &Part{Name: "big.pbn"}
		for j := range perPart {
			g := i*perPart + j + 1
			p.Boards = append(p.Boards, &Board{
				Game: g, Number: g,
				deal:    numberedDeal(g),
				place:   Place{File: "big.pbn", Game: g, Board: strconv.Itoa(g)},
				dealPos: diag.Pos{Line: int32(g)},
			})
		}
		p.duplicates(x, total)
		for _, b := range p.Boards {
			for _, f := range b.Findings {
				if f.Code != diag.DuplicateIndexFull {
					t.Errorf("unexpected finding %v", f)
					continue
				}
				if f.Severity.String() != "info" || int(f.Line) != b.Game {
					t.Errorf("finding %v not an info at board %d's deal", f, b.Game)
				}
			}
		}
	}
	if !x.Full() {
		t.Fatalf("index of 64 KiB not full after %d deals", parts*perPart)
	}
	if n := total.Codes[string(diag.DuplicateIndexFull)]; n != 1 {
		t.Errorf("%d %s findings, want 1", n, diag.DuplicateIndexFull)
	}
	if want := x.Deals(); total.Deals != want {
		t.Errorf("deals %d, want the %d recorded", total.Deals, want)
	}
}

// numberedDeal returns a deal, not a legal one, for each n below 2¹³: its
// North hand holds the clubs of n's bits.
func numberedDeal(n int) auction.Deal {
	var d auction.Deal
	for r := auction.Two; r <= auction.Ace; r++ {
		if n>>(r-auction.Two)&1 != 0 {
			d[auction.North].Add(auction.NewCard(auction.Club, r))
		}
	}
	return d
}

// TestDuplicatesAsArchivistsMeetThem: the same four hands at other seats
// are one deal, said so; and board 1 of two sessions of one event (other
// stages, other dates) is two boards, not one board with two deals.
func TestDuplicatesAsArchivistsMeetThem(t *testing.T) {
	t.Parallel()
	const deal = "AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
	turned := "T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432" // N's hand now West's
	g := func(board, stage, date, d string) string {
		return "[Event \"Cup\"]\n[Stage \"" + stage + "\"]\n[Date \"" + date + "\"]\n[Board \"" + board + "\"]\n[Deal \"N:" + d + "\"]\n\n"
	}
	src := g("1", "SemiF", "2024.05.01", deal) +
		g("1", "Final", "2024.05.02", "AK32.KQ4.A73.952 QJ9.A865.KQ8.K84 T876.J97.J94.AQ7 54.T32.T652.JT63") +
		g("5", "Final", "2024.05.02", turned)
	var msgs []string
	_, err := Audit(context.Background(), Inputs([]string{"-"}, strings.NewReader(src), Options{}), AuditOptions{},
		func(p *Part) {
			for f := range p.All() {
				if f.Code == diag.DuplicateDeal {
					msgs = append(msgs, f.Message)
				}
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	want := `the same deal, its hands at other seats (North's hand here was East's there), was seen at <stdin> game 1 (board 1, event "Cup", SemiF, 2024.05.01)`
	if len(msgs) != 1 || msgs[0] != want {
		t.Errorf("duplicate findings %q, want only %q", msgs, want)
	}
}

// TestDuplicatesPerMatch: two matches of one knockout round play their own
// deals under the same board numbers, the teams named on a match's first
// game only, as vugraph archives write them; the rooms of one match that
// differ are the one conflict.
func TestDuplicatesPerMatch(t *testing.T) {
	t.Parallel()
	deals := []string{
		"AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
		"AK32.KQ4.A73.952 QJ9.A865.KQ8.K84 T876.J97.J94.AQ7 54.T32.T652.JT63",
		"AKQT.T98.765.432 J98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
	}
	game := func(teams, room string, deal int) string {
		return "[Event \"Spingold\"]\n[Stage \"QtrF:1\"]\n" + teams + "[Room \"" + room + "\"]\n[Board \"1\"]\n[Deal \"N:" + deals[deal] + "\"]\n\n"
	}
	src := game("[HomeTeam \"Nickell\"]\n[VisitTeam \"Fleisher\"]\n", "Open", 0) + game("", "Closed", 0) +
		game("[HomeTeam \"Diamond\"]\n[VisitTeam \"Monaco\"]\n", "Open", 1) + game("", "Closed", 2)
	var msgs []string
	_, err := Audit(context.Background(), Inputs([]string{"-"}, strings.NewReader(src), Options{}), AuditOptions{},
		func(p *Part) {
			for f := range p.All() {
				if f.Code == diag.DuplicateDeal {
					msgs = append(msgs, fmt.Sprintf("game %d: %s", f.Game, f.Message))
				}
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	want := `game 4: the same board had a different deal at <stdin> game 3 (board 1, event "Spingold", QtrF:1, Diamond v Monaco)`
	if len(msgs) != 1 || msgs[0] != want {
		t.Errorf("duplicate findings %q, want only %q", msgs, want)
	}
}
