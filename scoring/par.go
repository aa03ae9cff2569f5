package scoring

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/bridgekit/bridgekit/auction"
)

// A DDTable is the double-dummy tricks of a deal: for each declarer and
// strain, the tricks declarer takes with best play on both sides, 0–13.
type DDTable [4][5]int8

// Par is the par of a deal: the score, for North–South, of the contract
// where neither side gains by bidding on, with both sides bidding and
// doubling as the double-dummy tricks say, and the contracts that give
// it (a sacrifice doubled).
type Par struct {
	Score     int
	Contracts []ParContract
}

// A ParContract is a contract of a par: the contract with its declaring
// side, and the tricks it takes.
type ParContract struct {
	Contract auction.Contract // its Declarer one of the side's who takes the most tricks
	Side     auction.Side
	Tricks   int
	// seat is set for a stated contract that names its declarer's hand
	// (OptimumContract), whose tricks are that hand's.
	seat bool
}

// String writes the par contract as files do: "NS 4S=", "EW 5DX-2", "NS 3NT+1".
func (p ParContract) String() string {
	need := int(p.Contract.Level) + 6
	res := "="
	switch {
	case p.Tricks > need:
		res = fmt.Sprintf("+%d", p.Tricks-need)
	case p.Tricks < need:
		res = fmt.Sprintf("-%d", need-p.Tricks)
	}
	return p.Side.String() + " " + p.Contract.String() + res
}

// Declared writes the par contract with its declarer, as a table of
// results does: "4S N", "5DX-2 E", "3NT+1 S" (the result only when it is
// not the contract's).
func (p ParContract) Declared() string {
	res := ""
	if need := int(p.Contract.Level) + 6; p.Tricks != need {
		res = fmt.Sprintf("%+d", p.Tricks-need)
	}
	return p.Contract.String() + res + " " + p.Contract.Declarer.String()
}

// ComputePar returns the par of a deal with tricks dd and vulnerability
// v, when the side of first opens the bidding (the dealer's side: where
// both sides can make the same contract, who bids first settles it).
//
// The bidding is a game: the side to bid may pass, ending the auction
// with the last bid (doubled when it goes down, the opponents' best
// defence), or bid any higher contract, played by whichever of its two
// hands takes more tricks in the strain. North–South aim at the highest
// score for them and East–West at the lowest; the par is the outcome of
// best play. Of the final contracts that give it, each lowest one in its
// strain is kept for each side: the highest that makes ("5S=" rather
// than "4S+1"), or the lowest sacrifice.
func ComputePar(dd DDTable, v auction.Vulnerability, first auction.Side) Par {
	g := parGame{dd: dd, v: v, scores: finalScores()}
	g.solve()
	best := g.open(first, true)
	var cs []ParContract
	g.collect(-1, first, best, true, &cs)
	// A sacrifice is a par contract only above the opponents' best
	// contract that makes: below it, that the opponents do as well by
	// doubling as by bidding on does not make it one (they would bid
	// their own, and the sacrifice follow above it).
	cs = slices.DeleteFunc(cs, func(c ParContract) bool {
		r, ok := g.bestMaking(c.Side.Opponents())
		return c.Tricks < int(c.Contract.Level)+6 && ok && rank(c.Contract.Bid()) < r
	})
	// Of the contracts that give the par, keep one in each strain for
	// each side: the highest that makes (bid to the tricks taken, as
	// double-dummy solvers write it: "5S=" rather than "4S+1"), or the
	// lowest sacrifice.
	slices.SortFunc(cs, func(a, b ParContract) int {
		return rank(b.Contract.Bid()) - rank(a.Contract.Bid())
	})
	var kept []ParContract
	for _, c := range cs {
		i := slices.IndexFunc(kept, func(k ParContract) bool {
			return k.Side == c.Side && k.Contract.Strain == c.Contract.Strain
		})
		switch {
		case i < 0:
			kept = append(kept, c)
		case c.Contract.Risk == auction.Doubled:
			kept[i] = c // lower, as the sort goes
		}
	}
	slices.SortFunc(kept, func(a, b ParContract) int { return rank(a.Contract.Bid()) - rank(b.Contract.Bid()) })
	return Par{Score: best, Contracts: kept}
}

type parGame struct {
	dd     DDTable
	v      auction.Vulnerability
	scores *[2][35][15]int32 // finalScores
	memo   [35][2]int        // [bid rank][side that bid it]: NS score with best play on
	fin    [35][2]int        // [bid rank][side that bid it]: NS score when it is the final contract
	seen   [35][2]bool       // [bid rank][side to act]: collected
}

// rank orders the 35 bids from 1C (0) to 7NT (34).
func rank(b auction.Bid) int { return (int(b.Level)-1)*5 + int(b.Strain) }

func bidOf(r int) auction.Bid {
	return auction.Bid{Level: auction.Level(r/5 + 1), Strain: auction.Strain(r % 5)}
}

// declarer is the seat of side that takes the most tricks in strain s.
func (g *parGame) declarer(side auction.Side, s auction.Strain) auction.Seat {
	a, b := auction.North, auction.South
	if side == auction.EW {
		a, b = auction.East, auction.West
	}
	if g.dd[b][s] > g.dd[a][s] {
		return b
	}
	return a
}

// bestMaking returns the rank of the lowest of side's contracts that make
// and score it most, and whether it has one.
func (g *parGame) bestMaking(side auction.Side) (int, bool) {
	best, at := 0, -1
	for r := 0; r < 35; r++ {
		if b, _, t := g.played(r, side); t < int(b.Level)+6 {
			continue
		}
		s := g.fin[r][side]
		if side == auction.EW {
			s = -s
		}
		if at < 0 || s > best {
			best, at = s, r
		}
	}
	return at, at >= 0
}

// played returns bid r, the hand of side that takes more tricks in its
// strain, and those tricks.
func (g *parGame) played(r int, side auction.Side) (auction.Bid, auction.Seat, int) {
	b := bidOf(r)
	d := g.declarer(side, b.Strain)
	return b, d, int(g.dd[d][b.Strain])
}

// contract is bid r played by side, by its hand that takes more tricks
// in the strain, doubled when it fails.
func (g *parGame) contract(r int, side auction.Side) ParContract {
	b, d, t := g.played(r, side)
	c := auction.Contract{Level: b.Level, Strain: b.Strain, Declarer: d}
	if t < int(b.Level)+6 {
		c.Risk = auction.Doubled
	}
	return ParContract{Contract: c, Side: side, Tricks: t}
}

// final is the NS score of bid r played by side as the final contract.
func (g *parGame) final(r int, side auction.Side) int {
	strain := auction.Strain(r % 5)
	t := int(g.dd[g.declarer(side, strain)][strain])
	vul := 0
	if g.v.Vulnerable(side) {
		vul = 1
	}
	if uint(t) > 13 {
		t = 14 // scores 0, as auction.Score gives
	}
	s := int(g.scores[vul][r][t])
	if side == auction.EW {
		s = -s
	}
	return s
}

// finalScores are the scores of the contracts a par is made of, as final
// gives them: [vulnerable][bid rank][tricks], doubled when they fail. A
// par game scores 70 contracts, and looking them up took a fifth of the
// time auction.Score did.
var finalScores = sync.OnceValue(func() *[2][35][15]int32 {
	t := new([2][35][15]int32)
	for vul, v := range [...]auction.Vulnerability{auction.VulNone, auction.VulAll} {
		for r := range 35 {
			b := bidOf(r)
			for tricks := range 14 {
				c := auction.Contract{Level: b.Level, Strain: b.Strain, Declarer: auction.North}
				if tricks < int(b.Level)+6 {
					c.Risk = auction.Doubled
				}
				t[vul][r][tricks] = int32(auction.Score(c, tricks, v))
			}
		}
	}
	return t
})

func better(side auction.Side, a, b int) bool {
	if side == auction.NS {
		return a > b
	}
	return a < b
}

// solve fills fin, and memo from the highest bid down. When side has bid r, the
// other side passes, leaving the final contract, or bids higher, and
// takes what is best for it of the two: its best of the bids above r is
// kept as the bids are filled in, so each is looked at once, not once for
// every bid below it (which took 4% of an audit of hand records with
// double-dummy tables). The final scores are kept for collect and
// bestMaking, which ask for them again (scoring them anew was 1.5% of
// that audit).
func (g *parGame) solve() {
	sides := [2]auction.Side{auction.NS, auction.EW}
	var above [2]int // [side]: its best score of memo[r2][side] for the bids r2 above r
	for r := 34; r >= 0; r-- {
		for _, side := range sides {
			other := side.Opponents()
			v := g.final(r, side) // the other side passes
			g.fin[r][side] = v
			if r < 34 && better(other, above[other], v) {
				v = above[other]
			}
			g.memo[r][side] = v
		}
		for _, side := range sides {
			if v := g.memo[r][side]; r == 34 || better(side, v, above[side]) {
				above[side] = v
			}
		}
	}
}

// after is the NS score when side has bid r and the other side is to act.
func (g *parGame) after(r int, side auction.Side) int { return g.memo[r][side] }

// open is the NS score when side is to open, and the other side may
// still open after it passes (firstPass).
func (g *parGame) open(side auction.Side, firstPass bool) int {
	best := 0 // passed out
	if firstPass {
		best = g.open(side.Opponents(), false)
	}
	for r := 0; r < 35; r++ {
		if v := g.after(r, side); better(side, v, best) {
			best = v
		}
	}
	return best
}

// collect gathers the final contracts of the lines of best play that
// give score want, from the state where side is to act after bid r (-1:
// to open, firstPass as for open). Each state is visited once: the lines
// of best play from it are the same however it was reached.
func (g *parGame) collect(r int, side auction.Side, want int, firstPass bool, out *[]ParContract) {
	if r < 0 {
		if firstPass && g.open(side.Opponents(), false) == want {
			g.collect(-1, side.Opponents(), want, false, out)
		}
		for r2 := 0; r2 < 35; r2++ {
			if g.after(r2, side) == want {
				g.collect(r2, side.Opponents(), want, false, out)
			}
		}
		return
	}
	if g.seen[r][side] {
		return
	}
	g.seen[r][side] = true
	bidder := side.Opponents()
	if g.fin[r][bidder] == want {
		if c := g.contract(r, bidder); !slices.Contains(*out, c) {
			*out = append(*out, c)
		}
	}
	for r2 := r + 1; r2 < 35; r2++ {
		if g.after(r2, side) == want {
			g.collect(r2, side.Opponents(), want, false, out)
		}
	}
}

// ParseParScore reads an OptimumScore value: "NS 620", "EW -100",
// "NS 620 EW -620", leniently ("NS +620"). It returns the score for
// North–South. In the form "SIDE contract; score" ("EW 4H; -620", or a
// seat for the side, "W 4S; -420", or several contracts, "EW 3N,EW 5D;
// -400"), which hand-record programs write after the par contracts, the
// score is North–South's whichever side plays.
func ParseParScore(text string) (int, error) {
	if before, after, ok := strings.Cut(text, ";"); ok && parContracts(before) {
		if n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(after), "+")); err == nil {
			return n, nil
		}
	}
	f := strings.Fields(strings.NewReplacer(";", " ", ",", " ").Replace(text))
	for i := 0; i+1 < len(f); i++ {
		side := strings.ToUpper(f[i])
		if side != "NS" && side != "EW" {
			continue
		}
		for _, w := range f[i+1:] {
			if n, err := strconv.Atoi(strings.TrimPrefix(w, "+")); err == nil {
				if side == "EW" {
					n = -n
				}
				return n, nil
			}
		}
	}
	return 0, fmt.Errorf("%q is not a par score (want \"NS 620\" or \"EW -100\")", text)
}

// parContracts reports whether text is a list of par contracts, each a
// side or seat and a contract, joined by commas where there are several
// ("EW 4H", "EW 3N,EW 5D", as a hand-record program writes them).
func parContracts(text string) bool {
	for _, item := range strings.Split(text, ",") {
		f := strings.Fields(item)
		if len(f) != 2 || !isSideOrSeat(f[0]) {
			return false
		}
		if _, err := auction.ParseContract(strings.TrimRight(f[1], "=+-0123456789")); err != nil && !strings.EqualFold(f[1], "pass") {
			return false
		}
	}
	return true
}

// isSideOrSeat reports whether w names a side or a seat: NS, EW, N, E, S, W.
func isSideOrSeat(w string) bool {
	switch strings.ToUpper(w) {
	case "NS", "EW", "N", "E", "S", "W":
		return true
	}
	return false
}
