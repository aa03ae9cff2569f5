package scoring

import "math"

// VP converts an IMP margin over a match of boards boards to victory
// points on the WBF continuous 20-point scale of 2013: the winner scores
//
//	10 + 10·(1 − τ^(3·m/B)) / (1 − τ³)
//
// where τ = (√5 − 1)/2, m is the margin and B = 15·√boards the blitz
// margin, to two decimals and at most 20; the loser scores 20 less the
// winner's. Each IMP of the margin is worth no more than the one before,
// as the published tables make it after rounding: where rounding would
// make a step larger than the previous one, the table's value is
// lowered to keep it equal. It returns the VPs of the side whose margin
// imps is (negative when it lost).
func VP(imps, boards int) float64 {
	if boards <= 0 {
		return 10
	}
	m := imps
	if m < 0 {
		m = -m
	}
	v := vpTable(boards, m)
	if imps < 0 {
		return math.Round((20-v)*100) / 100
	}
	return v
}

// vpTable returns the winner's VPs for margin m of the scale for boards,
// computed step by step from 0 so that each step is at most the one
// before.
func vpTable(boards, m int) float64 {
	tau := (math.Sqrt(5) - 1) / 2
	b := 15 * math.Sqrt(float64(boards))
	raw := func(i int) int { // in hundredths
		x := 10 + 10*(1-math.Pow(tau, 3*float64(i)/b))/(1-math.Pow(tau, 3))
		return int(math.Round(math.Min(x, 20) * 100))
	}
	prev, step := 1000, 1<<30
	for i := 1; i <= m; i++ {
		v := raw(i)
		if v-prev > step {
			v = prev + step
		}
		step, prev = v-prev, v
		if prev >= 2000 {
			return 20
		}
	}
	return float64(prev) / 100
}
