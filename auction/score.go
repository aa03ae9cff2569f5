package auction

// Score is the duplicate score of contract c when declarer's side takes
// tricks tricks, with vulnerability v, from declarer's side's point of
// view: positive when the contract makes, negative when it goes down. The
// other side scores its opposite. A passed-out board scores 0, as do
// values that are no contract (a level above 7, a strain above no-trump, a
// risk above redoubled) and trick counts outside 0–13.
//
// The scale is the Laws' (Law 77): trick points 20 for a minor, 30 for a
// major, 40 then 30 in no-trump, doubled and redoubled; 50 for a part
// score, 300 (500 vulnerable) for a game; 500/750 for a small slam and
// 1000/1500 for a grand slam; 50 or 100 for making a doubled or redoubled
// contract; overtricks at trick value, or 100/200 each doubled and twice
// that redoubled; undertricks 50/100 each undoubled, and doubled 100, 200,
// 200, then 300 each not vulnerable, 200 then 300 each vulnerable, twice
// that redoubled.
func Score(c Contract, tricks int, v Vulnerability) int {
	if c.PassedOut() || c.Level > 7 || c.Strain > NoTrump || c.Risk > Redoubled || tricks < 0 || tricks > 13 {
		return 0
	}
	vul := v.Vulnerable(c.Declarer.Side())
	mult := 1 << c.Risk // 1, 2 or 4
	need := int(c.Level) + 6
	if tricks < need {
		return -undertricks(need-tricks, c.Risk, vul)
	}
	perTrick, first := 20, 20
	switch c.Strain {
	case Hearts, Spades:
		perTrick, first = 30, 30
	case NoTrump:
		perTrick, first = 30, 40
	}
	points := (first + perTrick*(int(c.Level)-1)) * mult
	score := points
	switch {
	case points >= 100 && vul:
		score += 500
	case points >= 100:
		score += 300
	default:
		score += 50
	}
	switch {
	case c.Level == 6 && vul:
		score += 750
	case c.Level == 6:
		score += 500
	case c.Level == 7 && vul:
		score += 1500
	case c.Level == 7:
		score += 1000
	}
	over := tricks - need
	switch {
	case c.Risk == Undoubled:
		return score + over*perTrick
	case vul:
		score += over * 100 * mult // 200 or 400 a trick
	default:
		score += over * 50 * mult // 100 or 200 a trick
	}
	return score + 25*mult // for the insult: 50 doubled, 100 redoubled
}

// undertricks is the penalty for going down by n tricks.
func undertricks(n int, r Risk, vul bool) int {
	if r == Undoubled {
		if vul {
			return 100 * n
		}
		return 50 * n
	}
	var pen int
	if vul {
		pen = 200 + 300*(n-1)
	} else {
		// 100, then 200 for the second and third, then 300 each.
		pen = 100 + 200*min(n-1, 2) + 300*max(n-3, 0)
	}
	if r == Redoubled {
		pen *= 2
	}
	return pen
}

// impScale holds the lowest point difference worth 1, 2, … 24 IMPs (the
// WBF scale).
var impScale = [...]int{
	20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
	750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
}

// IMPs converts a difference in points to International Match Points on
// the WBF scale: 0–10 is 0 IMPs, 20–40 is 1 … 4000 and more is 24. The
// sign is kept, so IMPs(-diff) == -IMPs(diff). A difference that is not a
// multiple of 10 (from averaged scores) scores as the band below the next
// step: 15 is 0 IMPs, 45 is 1.
func IMPs(diff int) int {
	if diff < 0 {
		// Bounded first, so that negating the most negative int cannot
		// overflow.
		return -IMPs(-max(diff, -impScale[len(impScale)-1]))
	}
	imps := 0
	for imps < len(impScale) && diff >= impScale[imps] {
		imps++
	}
	return imps
}
