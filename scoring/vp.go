package scoring

import "math"

// VP converts an IMP margin over a match of boards boards to victory
// points on the WBF continuous 20-point scale of 2013: the winner scores
//
//	10 + 10·(1 − τ^(3·m/B)) / (1 − τ³)
//
// where τ = (√5 − 1)/2, m is the margin and B = 15·√boards the blitz
// margin, to two decimals and at most 20; the loser scores 20 less the
// winner's. Each IMP of the margin must be worth no more than the one
// before: where the rounded values break that, the value at the margin
// before the larger step is raised by 0.01, again until none does, as the
// published tables are made (testdata/vp-scale.txt: raising the value
// after instead would not give them). It returns the VPs of the side whose
// margin imps is (negative when it lost).
func VP(imps, boards int) float64 {
	if boards <= 0 {
		return 10
	}
	m := imps
	if m < 0 {
		m = -m
	}
	v := float64(vpTable(boards, m)) / 100
	if imps < 0 {
		return math.Round((20-v)*100) / 100
	}
	return v
}

// vpTable returns the winner's VPs, in hundredths, for margin m of the
// scale for boards. (The scale is made whole for each call: a few hundred
// margins at most.)
func vpTable(boards, m int) int {
	tau := (math.Sqrt(5) - 1) / 2
	b := 15 * math.Sqrt(float64(boards))
	// The whole scale, to the blitz: a correction at one margin raises
	// the one before, so a value depends on the margins after it.
	top := int(math.Ceil(b)) + 1
	m = min(m, top)
	v := make([]int, top+2)
	for i := range v {
		x := 10 + 10*(1-math.Pow(tau, 3*float64(i)/b))/(1-math.Pow(tau, 3))
		v[i] = int(math.Round(math.Min(x, 20) * 100))
	}
	for {
		raised := false
		for i := 2; i < len(v); i++ {
			if v[i]-v[i-1] > v[i-1]-v[i-2] {
				v[i-1]++
				raised = true
				break
			}
		}
		if !raised {
			return v[m]
		}
	}
}
