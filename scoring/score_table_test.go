package scoring

import (
	"testing"

	"github.com/bridgekit/bridgekit/auction"
)

// TestDuplicateScoreTable checks auction.Score (1987 on) and OldScore
// (before) against the scoring table as the Laws print it, written here
// as cumulative penalties and a grid of values rather than as a formula:
// every level, strain, risk, vulnerability and number of tricks.
func TestDuplicateScoreTable(t *testing.T) {
	// Penalties for 1–13 undertricks, cumulative.
	undoubledNV := func(n int) int { return 50 * n }
	undoubledV := func(n int) int { return 100 * n }
	doubledNV := []int{0, 100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500}
	doubledV := []int{0, 200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800}
	oldDoubledNV := []int{0, 100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 1900, 2100, 2300, 2500}
	trickValue := map[auction.Strain]int{auction.Clubs: 20, auction.Diamonds: 20, auction.Hearts: 30, auction.Spades: 30, auction.NoTrump: 30}
	for level := 1; level <= 7; level++ {
		for _, strain := range []auction.Strain{auction.Clubs, auction.Diamonds, auction.Hearts, auction.Spades, auction.NoTrump} {
			for risk := auction.Undoubled; risk <= auction.Redoubled; risk++ {
				for _, vul := range []bool{false, true} {
					v := auction.VulNone
					if vul {
						v = auction.VulNS
					}
					c := auction.Contract{Level: auction.Level(level), Strain: strain, Risk: risk, Declarer: auction.North}
					for tricks := 0; tricks <= 13; tricks++ {
						mult := []int{1, 2, 4}[risk]
						var want, old int
						if down := level + 6 - tricks; down > 0 {
							var pen, oldPen int
							switch {
							case risk == auction.Undoubled && vul:
								pen = undoubledV(down)
								oldPen = pen
							case risk == auction.Undoubled:
								pen = undoubledNV(down)
								oldPen = pen
							case vul:
								pen = doubledV[down] * mult / 2
								oldPen = pen
							default:
								pen = doubledNV[down] * mult / 2
								oldPen = oldDoubledNV[down] * mult / 2
							}
							want, old = -pen, -oldPen
						} else {
							contracted := trickValue[strain] * level
							if strain == auction.NoTrump {
								contracted += 10
							}
							contracted *= mult
							score := contracted
							switch {
							case contracted < 100:
								score += 50
							case vul:
								score += 500
							default:
								score += 300
							}
							if level == 6 {
								score += map[bool]int{false: 500, true: 750}[vul]
							}
							if level == 7 {
								score += map[bool]int{false: 1000, true: 1500}[vul]
							}
							over := tricks - level - 6
							switch risk {
							case auction.Undoubled:
								score += over * trickValue[strain]
							case auction.Doubled:
								score += 50 + over*map[bool]int{false: 100, true: 200}[vul]
							case auction.Redoubled:
								score += 100 + over*map[bool]int{false: 200, true: 400}[vul]
							}
							want, old = score, score
						}
						if got := auction.Score(c, tricks, v); got != want {
							t.Errorf("%s vul %v taking %d: %d, want %d", c, vul, tricks, got, want)
						}
						if got := OldScore(c, tricks, v); got != old {
							t.Errorf("old %s vul %v taking %d: %d, want %d", c, vul, tricks, got, old)
						}
					}
				}
			}
		}
	}
}
