package scoring

import (
	"math"
	"slices"

	"github.com/bridgekit/bridgekit/auction"
)

// A Result is one score of a board's traveller, from North–South's point
// of view, and the number of tables that had it (Multiplicity, 1 when the
// file does not say).
type Result struct {
	NS    int
	Count int
}

func count(r Result) int { return max(r.Count, 1) }

// results counts the tables of rs.
func results(rs []Result) int {
	n := 0
	for _, r := range rs {
		n += count(r)
	}
	return n
}

// Matchpoints returns North–South's matchpoints of each result of a
// traveller, counted c: against every other table, 2 (MP2: 1) for a score
// beaten and 1 (MP2: ½) for one tied; tables of one row tie with each
// other. The top is 2(n−1) (MP2: n−1) for n tables; East–West's are the
// top less North–South's.
func Matchpoints(rs []Result, c Counting) []float64 {
	mp := make([]float64, len(rs))
	for i, r := range rs {
		var p int
		for j, o := range rs {
			k := count(o)
			if j == i {
				k-- // the row's other tables
			}
			switch {
			case r.NS > o.NS:
				p += 2 * k
			case r.NS == o.NS:
				p += k
			}
		}
		mp[i] = float64(p)
		if c == MP2 {
			mp[i] /= 2
		}
	}
	return mp
}

// Top is the matchpoint top of a board played n times.
func Top(n int, c Counting) float64 {
	if c == MP2 {
		return float64(n - 1)
	}
	return float64(2 * (n - 1))
}

// Neuberg scales matchpoints mp won on a board played n times to a board
// played want times (the Neuberg formula, used where a board is played
// fewer times than the others or a result is void): on the 2/1/0 scale,
// (mp + 1)·want/n − 1; on the 1/½/0 scale, (mp + ½)·want/n − ½.
func Neuberg(mp float64, n, want int, c Counting) float64 {
	if n <= 0 {
		return 0
	}
	h := tieUnit(c)
	return (mp+h)*float64(want)/float64(n) - h
}

// DatumOf returns the datum of a traveller's scores by method d, rounded
// to the nearest 10 (a half away from zero, as scoring programs do):
// the mean of all the scores (Mean), of all but the highest and the
// lowest (Butler, Butler2; the mean of all when fewer than 3), or the
// median (Median). It is false for a traveller of no score and for the
// cross-IMP methods, which have none.
func DatumOf(rs []Result, d Datum) (int, bool) {
	// The scores in order with their counts, never expanded: a row may
	// stand for many tables.
	sorted := slices.Clone(rs)
	slices.SortFunc(sorted, func(a, b Result) int { return a.NS - b.NS })
	n := results(sorted)
	if n == 0 {
		return 0, false
	}
	// at returns the k-th score, from 0, in order.
	at := func(k int) int {
		for _, r := range sorted {
			if k < count(r) {
				return r.NS
			}
			k -= count(r)
		}
		return sorted[len(sorted)-1].NS
	}
	lo, hi := 0, n // the scores counted: at(lo) … at(hi-1)
	switch d {
	case Butler, Butler2:
		if n >= 3 {
			lo, hi = 1, n-1
		}
	case Median:
		m := float64(at(n / 2))
		if n%2 == 0 {
			m = float64(at(n/2-1)+at(n/2)) / 2
		}
		return round10(m), true
	case Mean:
	default:
		return 0, false
	}
	sum := 0.0
	for _, r := range sorted {
		sum += float64(r.NS) * float64(count(r))
	}
	if hi-lo < n {
		sum -= float64(at(0) + at(n-1))
	}
	return round10(sum / float64(hi-lo)), true
}

func round10(x float64) int { return int(math.Round(x/10)) * 10 }

// CrossIMPs returns each result's IMPs against every other table of the
// traveller, unrounded: their sum (Cross), the sum divided by the number
// of scores (Cross1) or by the number of comparisons, the other tables
// (Cross2), as PBN defines the three.
func CrossIMPs(rs []Result, d Datum) []float64 {
	n := results(rs)
	out := make([]float64, len(rs))
	for i, r := range rs {
		sum := 0
		for j, o := range rs {
			k := count(o)
			if j == i {
				k--
			}
			sum += k * auction.IMPs(r.NS-o.NS)
		}
		out[i] = float64(sum)
		switch {
		case n <= 1:
		case d == Cross1:
			out[i] /= float64(n)
		case d == Cross2:
			out[i] /= float64(n - 1)
		}
	}
	return out
}

// BoardAMatch returns what North–South's team scores on a board of a
// board-a-match: 1 when its score beats the other room's, ½ on a tie, 0
// when beaten. A difference of 10 points or less ties, as in most
// regulations.
func BoardAMatch(ns, other int) float64 {
	switch d := ns - other; {
	case d > 10:
		return 1
	case d < -10:
		return 0
	}
	return 0.5
}

// OldScore is auction.Score on the duplicate scale before 1987
// (Scoring modifier OldMP): a doubled contract not vulnerable loses 100
// for the first undertrick and 200 for each after (redoubled twice that),
// where the scale of 1987 on makes the fourth and later ones 300.
func OldScore(c auction.Contract, tricks int, v auction.Vulnerability) int {
	s := auction.Score(c, tricks, v)
	down := int(c.Level) + 6 - tricks
	if c.PassedOut() || c.Risk == auction.Undoubled || v.Vulnerable(c.Declarer.Side()) || down < 4 || tricks < 0 {
		return s
	}
	return s + 100*(down-3)*(1<<c.Risk)/2
}
