package scoring

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/record"
)

// TestCheckSolved checks a board's double-dummy entries and par against a
// solved table: the findings and how the coverage counts the numbers,
// against what Check alone gives.
func TestCheckSolved(t *testing.T) {
	t.Parallel()
	// The table of N:AKQJ.AKQJ.AKQ.AK T987.T987.JT9.QJ 6543.6543.876.T9
	// 2.2.5432.8765432, in the order of DoubleDummyTricks.
	const right = "dddc7dddc70001600016"
	var table DDTable
	for i, c := range right {
		table[ddSeats[i/5]][ddStrains[i%5]] = int8(strings.IndexRune("0123456789abcd", c))
	}
	solved := &Solution{Table: table, Solved: true}
	tests := []struct {
		name  string
		tags  map[string]string
		sol   *Solution
		codes []diag.Code
		want  diag.Ledger
	}{
		{"right, no solver", map[string]string{"DoubleDummyTricks": right}, nil, nil,
			diag.Ledger{Unchecked: unchecked(diag.NoSolver, 20)}},
		{"right, solved", map[string]string{"DoubleDummyTricks": right, "OptimumScore": "NS 1520"}, solved, nil,
			diag.Ledger{Agreed: 21}},
		{"one entry wrong", map[string]string{"DoubleDummyTricks": "dddc7dddc70001600015"}, solved, []diag.Code{diag.DDWrong},
			diag.Ledger{Agreed: 19, Flagged: 1}},
		{"par wrong by both tables", map[string]string{"DoubleDummyTricks": right, "ParContract": "NS 7S="}, solved,
			[]diag.Code{diag.ParMismatch, diag.DDParWrong}, diag.Ledger{Agreed: 20, Flagged: 1}},
		{"par with no table of its own", map[string]string{"OptimumScore": "NS 1510"}, solved, []diag.Code{diag.DDParWrong},
			diag.Ledger{Flagged: 1}},
		{"past the budget", map[string]string{"DoubleDummyTricks": right, "OptimumScore": "NS 1520"}, &Solution{Unsolved: diag.OverBudget}, nil,
			diag.Ledger{Agreed: 1, Unchecked: unchecked(diag.OverBudget, 20)}},
		{"no deal, par unchecked", map[string]string{"OptimumScore": "NS 1520"}, &Solution{Unsolved: diag.NoDeal}, nil,
			diag.Ledger{Unchecked: unchecked(diag.NoTable, 1)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := &record.Board{Dealer: auction.North, DealerKnown: true, Vulnerable: auction.VulNone, VulnerableKnown: true}
			for name, v := range tc.tags {
				b.Tags = append(b.Tags, record.Tag{Name: name, Value: v})
			}
			var codes []diag.Code
			for _, d := range CheckSolved(b, tc.sol) {
				codes = append(codes, d.Code)
			}
			if !slices.Equal(codes, tc.codes) {
				t.Errorf("codes %v, want %v", codes, tc.codes)
			}
			if b.Coverage != tc.want {
				t.Errorf("coverage %s, want %s", b.Coverage.Text(), tc.want.Text())
			}
		})
	}
}

func unchecked(r diag.Reason, n int) (u [len(diag.Ledger{}.Unchecked)]int) {
	u[r] = n
	return u
}

// TestFinalScores holds the par game's table of final scores to
// auction.Score, for random tables of tricks (some out of range) and
// every vulnerability and side.
func TestFinalScores(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var dd DDTable
		for s := range dd {
			for st := range dd[s] {
				dd[s][st] = int8(rnd.IntN(18) - 2)
			}
		}
		for _, v := range []auction.Vulnerability{auction.VulNone, auction.VulNS, auction.VulEW, auction.VulAll} {
			g := parGame{dd: dd, v: v, scores: finalScores()}
			for r := range 35 {
				for _, side := range []auction.Side{auction.NS, auction.EW} {
					c := g.contract(r, side)
					want := auction.Score(c.Contract, c.Tricks, v)
					if side == auction.EW {
						want = -want
					}
					if got := g.final(r, side); got != want {
						t.Fatalf("%v, %v, bid %v by %v: %d, want %d", dd, v, bidOf(r), side, got, want)
					}
				}
			}
		}
	}
}

// TestExtraNames: the tags read with record.Board.Extra are none of the
// board's typed fields, and those checkPointTags skips a board without
// start with "Score".
func TestExtraNames(t *testing.T) {
	var names []string
	for _, pt := range pointTags {
		names = append(names, pt.name)
		if !strings.HasPrefix(pt.name, "Score") {
			t.Errorf("%s: scoreExtras would not find it", pt.name)
		}
	}
	for _, n := range rubberTags {
		names = append(names, n)
		if !strings.HasPrefix(n, "Score") {
			t.Errorf("%s: scoreExtras would not find it", n)
		}
	}
	for _, ps := range parScores {
		names = append(names, ps.name)
	}
	for _, pc := range parContractTags {
		names = append(names, pc.name)
	}
	for _, n := range names {
		if record.IsField(n) {
			t.Errorf("%s is a typed field: Extra would not find it", n)
		}
	}
}
