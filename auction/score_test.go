package auction

import (
	"fmt"
	"math"
	"testing"
)

// ct builds a contract by declarer: level, strain, risk.
func ct(level Level, strain Strain, risk Risk, declarer Seat) Contract {
	return Contract{Level: level, Strain: strain, Risk: risk, Declarer: declarer}
}

func TestScore(t *testing.T) {
	t.Parallel()
	const (
		none, vul = VulNone, VulAll
		u, x, xx  = Undoubled, Doubled, Redoubled
	)
	tests := []struct {
		c      Contract
		tricks int
		v      Vulnerability
		want   int
	}{
		// Made, undoubled.
		{ct(1, Clubs, u, North), 7, none, 70},
		{ct(1, Clubs, u, North), 8, none, 90},
		{ct(2, Diamonds, u, North), 8, none, 90},
		{ct(1, NoTrump, u, North), 7, none, 90},
		{ct(1, NoTrump, u, North), 9, none, 150},
		{ct(2, NoTrump, u, North), 8, none, 120},
		{ct(3, NoTrump, u, North), 9, none, 400},
		{ct(3, NoTrump, u, North), 9, vul, 600},
		{ct(3, NoTrump, u, North), 10, vul, 630},
		{ct(4, Hearts, u, North), 10, none, 420},
		{ct(4, Hearts, u, North), 10, vul, 620},
		{ct(4, Spades, u, North), 11, none, 450},
		{ct(5, Clubs, u, North), 11, none, 400},
		{ct(5, Diamonds, u, North), 12, vul, 620},
		{ct(6, Clubs, u, North), 12, none, 920},
		{ct(6, Clubs, u, North), 12, vul, 1370},
		{ct(6, Spades, u, North), 12, none, 980},
		{ct(6, Spades, u, North), 12, vul, 1430},
		{ct(6, NoTrump, u, North), 12, vul, 1440},
		{ct(7, Clubs, u, North), 13, none, 1440},
		{ct(7, Hearts, u, North), 13, vul, 2210},
		{ct(7, NoTrump, u, North), 13, none, 1520},
		{ct(7, NoTrump, u, North), 13, vul, 2220},
		// Made, doubled: the insult is 50.
		{ct(1, Clubs, x, North), 7, none, 140},
		{ct(1, Clubs, x, North), 8, none, 240},
		{ct(1, Clubs, x, North), 8, vul, 340},
		{ct(1, NoTrump, x, North), 7, none, 180},
		{ct(1, NoTrump, x, North), 8, vul, 380},
		{ct(2, Clubs, x, North), 8, none, 180},
		{ct(2, Hearts, x, North), 8, none, 470},
		{ct(2, Hearts, x, North), 8, vul, 670},
		{ct(3, NoTrump, x, North), 9, none, 550},
		{ct(3, NoTrump, x, North), 9, vul, 750},
		{ct(4, Spades, x, North), 10, none, 590},
		{ct(4, Spades, x, North), 10, vul, 790},
		{ct(4, Spades, x, North), 11, vul, 990},
		{ct(5, Diamonds, x, North), 11, none, 550},
		{ct(5, Diamonds, x, North), 11, vul, 750},
		{ct(6, Hearts, x, North), 12, vul, 1660},
		{ct(7, NoTrump, x, North), 13, vul, 2490},
		// Made, redoubled: the insult is 100.
		{ct(1, Clubs, xx, North), 7, none, 230},
		{ct(1, Clubs, xx, North), 8, none, 430},
		{ct(1, Clubs, xx, North), 8, vul, 630},
		{ct(1, NoTrump, xx, North), 7, none, 560},
		{ct(1, NoTrump, xx, North), 7, vul, 760},
		{ct(2, Diamonds, xx, North), 8, none, 560},
		{ct(4, Hearts, xx, North), 10, none, 880},
		{ct(4, Hearts, xx, North), 10, vul, 1080},
		{ct(7, NoTrump, xx, North), 13, vul, 2980},
		// Down, undoubled.
		{ct(4, Hearts, u, North), 9, none, -50},
		{ct(4, Hearts, u, North), 7, none, -150},
		{ct(4, Hearts, u, North), 9, vul, -100},
		{ct(4, Hearts, u, North), 6, vul, -400},
		// Down, doubled.
		{ct(4, Spades, x, North), 9, none, -100},
		{ct(4, Spades, x, North), 8, none, -300},
		{ct(4, Spades, x, North), 7, none, -500},
		{ct(4, Spades, x, North), 6, none, -800},
		{ct(4, Spades, x, North), 5, none, -1100},
		{ct(7, NoTrump, x, North), 0, none, -3500},
		{ct(4, Spades, x, North), 9, vul, -200},
		{ct(1, NoTrump, x, North), 5, vul, -500},
		{ct(4, Spades, x, North), 7, vul, -800},
		{ct(4, Spades, x, North), 6, vul, -1100},
		{ct(7, NoTrump, x, North), 6, vul, -2000},
		{ct(7, NoTrump, x, North), 0, vul, -3800},
		// Down, redoubled.
		{ct(4, Spades, xx, North), 9, none, -200},
		{ct(4, Spades, xx, North), 8, none, -600},
		{ct(4, Spades, xx, North), 7, none, -1000},
		{ct(4, Spades, xx, North), 6, none, -1600},
		{ct(4, Spades, xx, North), 9, vul, -400},
		{ct(4, Spades, xx, North), 8, vul, -1000},
		{ct(4, Spades, xx, North), 7, vul, -1600},
		{ct(7, NoTrump, xx, North), 0, vul, -7600},
		// Vulnerability is the declaring side's.
		{ct(4, Hearts, u, East), 10, VulNS, 420},
		{ct(4, Hearts, u, West), 10, VulEW, 620},
		{ct(4, Hearts, u, South), 10, VulEW, 420},
		{ct(4, Hearts, u, South), 10, VulNS, 620},
		// No contract.
		{Contract{}, 0, vul, 0},
		{Contract{}, 7, none, 0},
		{ct(8, Clubs, u, North), 13, none, 0},
		{ct(1, Strain(5), u, North), 7, none, 0},
		{ct(1, Clubs, Risk(3), North), 7, none, 0},
		{ct(1, Clubs, u, North), 14, none, 0},
		{ct(1, Clubs, u, North), -1, none, 0},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("%d%v%v by %v, %d tricks, %v", tt.c.Level, tt.c.Strain, tt.c.Risk, tt.c.Declarer, tt.tricks, tt.v)
		if got := Score(tt.c, tt.tricks, tt.v); got != tt.want {
			t.Errorf("%s: %d, want %d", name, got, tt.want)
		}
	}
}

// TestScoreProperties checks every contract and trick count: more tricks
// never score less, making scores positive, going down negative, and the
// doubled penalties never fall below the undoubled ones.
func TestScoreProperties(t *testing.T) {
	t.Parallel()
	for _, v := range []Vulnerability{VulNone, VulAll} {
		for level := Level(1); level <= 7; level++ {
			for strain := Clubs; strain <= NoTrump; strain++ {
				for risk := Undoubled; risk <= Redoubled; risk++ {
					c := ct(level, strain, risk, North)
					for tricks := 0; tricks <= 13; tricks++ {
						s := Score(c, tricks, v)
						if made := tricks >= int(level)+6; made != (s > 0) {
							t.Errorf("%+v, %d tricks: %d", c, tricks, s)
						}
						if tricks > 0 && s <= Score(c, tricks-1, v) {
							t.Errorf("%+v: %d tricks score %d, no more than %d tricks", c, tricks, s, tricks-1)
						}
						if risk > Undoubled && tricks < int(level)+6 && s > Score(ct(level, strain, risk-1, North), tricks, v) {
							t.Errorf("%+v, %d tricks: doubling lowered the penalty", c, tricks)
						}
					}
				}
			}
		}
	}
}

func TestIMPs(t *testing.T) {
	t.Parallel()
	tests := []struct{ diff, want int }{
		{0, 0}, {10, 0}, {15, 0}, {20, 1}, {40, 1}, {45, 1}, {50, 2}, {80, 2}, {90, 3}, {120, 3},
		{130, 4}, {160, 4}, {170, 5}, {210, 5}, {220, 6}, {260, 6}, {270, 7}, {310, 7},
		{320, 8}, {360, 8}, {370, 9}, {420, 9}, {430, 10}, {490, 10}, {500, 11}, {590, 11},
		{600, 12}, {740, 12}, {750, 13}, {890, 13}, {900, 14}, {1090, 14}, {1100, 15},
		{1290, 15}, {1300, 16}, {1490, 16}, {1500, 17}, {1740, 17}, {1750, 18}, {1990, 18},
		{2000, 19}, {2240, 19}, {2250, 20}, {2490, 20}, {2500, 21}, {2990, 21}, {3000, 22},
		{3490, 22}, {3500, 23}, {3990, 23}, {4000, 24}, {7600, 24},
		{-10, 0}, {-20, -1}, {-720, -12}, {-4000, -24}, {math.MinInt, -24}, {math.MaxInt, 24},
	}
	for _, tt := range tests {
		if got := IMPs(tt.diff); got != tt.want {
			t.Errorf("IMPs(%d) = %d, want %d", tt.diff, got, tt.want)
		}
	}
	// 4H made vulnerable in one room, one down in the other: 12 IMPs.
	c := ct(4, Hearts, Undoubled, South)
	if got := IMPs(Score(c, 10, VulAll) - Score(c, 9, VulAll)); got != 12 {
		t.Errorf("4H= against 4H-1, vulnerable: %d IMPs", got)
	}
}
