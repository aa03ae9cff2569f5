package scoring

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/auction"
)

func TestParseMethod(t *testing.T) {
	for _, tc := range []struct {
		text  string
		base  Base
		datum Datum
		err   bool
	}{
		{"IMP", IMP, TwoRooms, false},
		{"MP", MatchPoints, TwoRooms, false},
		{"IMP;Butler-2;Mean", IMP, Butler2, false},
		{"MatchPoints;MP2", MatchPoints, TwoRooms, false},
		{"Butler", IMP, Butler, false},
		{"IMP;Cross1", IMP, Cross1, false},
		{"Facit", NoBase, TwoRooms, true},
		{"?", NoBase, TwoRooms, false},
		{" imps , butler ", IMP, Butler, false},
		{"matchpoints;;", MatchPoints, TwoRooms, false},
		{";", NoBase, TwoRooms, false},
		{"IMP;" + strings.Repeat("X", 40), IMP, TwoRooms, true},
		{"BOARD-A-MATCH", BAM, TwoRooms, false},
	} {
		m, err := ParseMethod(tc.text)
		if m.Base != tc.base || m.Datum != tc.datum || (err != nil) != tc.err {
			t.Errorf("ParseMethod(%q) = %v %v, %v", tc.text, m.Base, m.Datum, err)
		}
	}
	if m, _ := ParseMethod("MP;MP2;OldMP"); m.Counting != MP2 || !m.OldMP {
		t.Errorf("MP;MP2;OldMP = %+v", m)
	}
	// Every board names its method: the common ones are read without
	// allocating.
	for _, text := range []string{"MP", "IMP", "MatchPoints"} {
		if n := testing.AllocsPerRun(10, func() { ParseMethod(text) }); n != 0 {
			t.Errorf("ParseMethod(%q): %v allocations", text, n)
		}
	}
}

// TestMatchpoints: a traveller of five tables, two of them tied, and a
// row that stands for two tables.
func TestMatchpoints(t *testing.T) {
	rs := []Result{{NS: 420}, {NS: 170}, {NS: 170}, {NS: -50}, {NS: 450}}
	want := []float64{6, 3, 3, 0, 8}
	for i, mp := range Matchpoints(rs, MP1) {
		if mp != want[i] {
			t.Errorf("MP1 row %d = %v, want %v", i, mp, want[i])
		}
	}
	if got := Matchpoints(rs, MP2); got[1] != 1.5 || got[4] != 4 {
		t.Errorf("MP2 = %v", got)
	}
	// The two tables of 170 written as one row of Multiplicity 2.
	merged := Matchpoints([]Result{{NS: 420}, {NS: 170, Count: 2}, {NS: -50}, {NS: 450}}, MP1)
	if merged[1] != 3 || merged[0] != 6 {
		t.Errorf("with multiplicity: %v", merged)
	}
	if Top(5, MP1) != 8 || Top(5, MP2) != 4 {
		t.Error("top")
	}
	// A board played 4 times in an event of 5 tables, its matchpoints
	// scaled: (mp + 1)·5/4 − 1.
	four := []Result{{NS: 420}, {NS: 170}, {NS: 170}, {NS: -50}}
	for i, w := range []float64{7.75, 4, 4, 0.25} {
		if got := Neuberg(Matchpoints(four, MP1)[i], 4, 5, MP1); math.Abs(got-w) > 1e-9 {
			t.Errorf("Neuberg row %d = %v, want %v", i, got, w)
		}
	}
	// Neuberg: a top on a board played 4 times, scaled to 5 tables.
	if got := Neuberg(6, 4, 5, MP1); math.Abs(got-7.75) > 1e-9 {
		t.Errorf("Neuberg = %v, want 7.75", got)
	}
}

// TestDatum uses board 1 of a real Butler event (IMP;Butler-2;Mean): its
// file states the datum -90 and these IMPs.
func TestDatum(t *testing.T) {
	ns := []int{120, 50, -80, -80, -110, -140, -150, -150}
	wantIMP := []int{5, 4, 0, 0, -1, -2, -2, -2}
	var rs []Result
	for _, s := range ns {
		rs = append(rs, Result{NS: s})
	}
	d, ok := DatumOf(rs, Butler2)
	if !ok || d != -90 {
		t.Fatalf("Butler datum = %d, want -90", d)
	}
	for i, s := range ns {
		if got := auction.IMPs(s - d); got != wantIMP[i] {
			t.Errorf("row %d: %d IMPs, want %d", i, got, wantIMP[i])
		}
	}
	if m, _ := DatumOf(rs, Mean); m != -70 { // -67.5
		t.Errorf("mean = %d, want -70", m)
	}
	if m, _ := DatumOf(rs, Median); m != -100 { // (-80 + -110)/2 = -95
		t.Errorf("median = %d, want -100", m)
	}
}

func TestCrossIMPs(t *testing.T) {
	rs := []Result{{NS: 620}, {NS: 170}, {NS: -100}}
	// 620: +10 (450) +12 (720) = 22; 170: -10 +7 (270) = -3; -100: -12 -7 = -19.
	got := CrossIMPs(rs, Cross)
	for i, w := range []float64{22, -3, -19} {
		if got[i] != w {
			t.Errorf("cross row %d = %v, want %v", i, got[i], w)
		}
	}
	// PBN: Cross1 divides by the number of scores, Cross2 by the number
	// of comparisons.
	if got := CrossIMPs(rs, Cross1); got[0] != 22.0/3 {
		t.Errorf("cross1 = %v", got)
	}
	if got := CrossIMPs(rs, Cross2); got[0] != 11 {
		t.Errorf("cross2 = %v", got)
	}
}

func TestOldScore(t *testing.T) {
	c := auction.Contract{Level: 4, Strain: auction.Spades, Risk: auction.Doubled, Declarer: auction.North}
	for _, tc := range []struct {
		tricks   int
		old, new int
	}{{6, -700, -800}, {5, -900, -1100}, {9, -100, -100}, {10, 590, 590}} {
		if got := OldScore(c, tc.tricks, auction.VulNone); got != tc.old {
			t.Errorf("old 4SX taking %d: %d, want %d", tc.tricks, got, tc.old)
		}
		if got := auction.Score(c, tc.tricks, auction.VulNone); got != tc.new {
			t.Errorf("new 4SX taking %d: %d, want %d", tc.tricks, got, tc.new)
		}
	}
}

// TestVP: the ends of the scale and its shape for the usual match
// lengths.
func TestVP(t *testing.T) {
	for _, boards := range []int{8, 12, 14, 16, 20, 24, 28, 32} {
		blitz := int(math.Ceil(15 * math.Sqrt(float64(boards))))
		if VP(0, boards) != 10 || VP(blitz, boards) != 20 || VP(-blitz, boards) != 0 || VP(blitz+40, boards) != 20 {
			t.Errorf("%d boards: ends wrong", boards)
		}
		prev, step := 10.0, 1.0
		for m := 1; m <= blitz; m++ {
			v := VP(m, boards)
			if d := v - prev; d > step+1e-9 || d < 0 {
				t.Errorf("%d boards, margin %d: a step of %.2f after %.2f", boards, m, d, step)
			}
			if got := VP(-m, boards); math.Abs(got+v-20) > 1e-9 {
				t.Errorf("%d boards, margin %d: %v and %v do not sum to 20", boards, m, v, got)
			}
			step, prev = v-prev, v
		}
	}
	// 16 boards: B = 60; one IMP is 10·(1 − τ^(3/60))/(1 − τ³) = 0.311.
	if got := VP(1, 16); got != 10.31 {
		t.Errorf("VP(1, 16) = %v, want 10.31", got)
	}
	// Thirty: 10·(1 − τ^1.5)/(1 − τ³) = 6.73.
	if got := VP(30, 16); got != 16.73 {
		t.Errorf("VP(30, 16) = %v, want 16.73", got)
	}
}

// TestVPPublished: every entry of the published tables in
// testdata/vp-scale.txt, for 1 to 10 boards, including the four where
// the concavity correction raises the rounded formula.
func TestVPPublished(t *testing.T) {
	data, err := os.ReadFile("testdata/vp-scale.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, "#") {
			continue
		}
		head, values, ok := strings.Cut(line, ":")
		boards, err := strconv.Atoi(head)
		if !ok || err != nil {
			t.Fatalf("testdata/vp-scale.txt: %q is not boards: values", line)
		}
		for m, v := range strings.Fields(values) {
			want, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			if got := VP(m, boards); got != want {
				t.Errorf("%d boards, margin %d: VP %.2f, the table %.2f", boards, m, got, want)
			}
			if got := VP(-m, boards); math.Abs(got-(20-want)) > 1e-9 {
				t.Errorf("%d boards, margin -%d: VP %.2f, the table %.2f", boards, m, got, 20-want)
			}
			n++
		}
	}
	if n != 350 {
		t.Errorf("%d entries read, want 350", n)
	}
}

func TestPar(t *testing.T) {
	var dd DDTable
	// North–South make 10 tricks in spades, East–West 9 in hearts; in
	// every other strain each side takes 6.
	for s := range 4 {
		for st := range 5 {
			dd[s][st] = 6
		}
	}
	dd[auction.North][auction.Spades], dd[auction.South][auction.Spades] = 10, 10
	dd[auction.East][auction.Hearts], dd[auction.West][auction.Hearts] = 9, 9
	p := ComputePar(dd, auction.VulNone, auction.NS)
	// 4S makes 420; EW's best sacrifice, 5H doubled down 2, costs 300: EW
	// sacrifice. NS then do better by doubling than by bidding 5S (down 1).
	if p.Score != 300 {
		t.Fatalf("par = %d %v, want 300", p.Score, p.Contracts)
	}
	if len(p.Contracts) == 0 || p.Contracts[0].String() != "EW 5HX-2" {
		t.Errorf("par contracts %v, want EW 5HX-2", p.Contracts)
	}
	p = ComputePar(dd, auction.VulEW, auction.NS)
	if p.Score != 420 || p.Contracts[0].String() != "NS 4S=" {
		t.Errorf("EW vulnerable: %d %v, want 420 NS 4S=", p.Score, p.Contracts)
	}
	dd[auction.North][auction.Spades] = 11 // 450 either way: bid to the tricks
	if p = ComputePar(dd, auction.VulEW, auction.NS); p.Score != 450 || p.Contracts[0].String() != "NS 5S=" {
		t.Errorf("EW vulnerable: %d %v, want 420 NS 4S=", p.Score, p.Contracts)
	}
	// A Swedish Ruter file's board: NS make 3NT (600, all vulnerable),
	// West 9 tricks in hearts; EW's 4H doubled one down (200) is the par.
	// 1S or 2D doubled one down score as much, below the 3NT NS would bid
	// over them: no par contracts.
	sw := DDTable{{10, 6, 4, 7, 9}, {2, 6, 8, 6, 4}, {10, 6, 4, 6, 9}, {3, 7, 9, 6, 4}}
	if p := ComputePar(sw, auction.VulAll, auction.NS); p.Score != 200 || fmt.Sprint(p.Contracts) != "[EW 4HX-1]" {
		t.Errorf("all vulnerable: %d %v, want 200 [EW 4HX-1]", p.Score, p.Contracts)
	}
	if n, err := ParseParScore("EW -100"); err != nil || n != 100 {
		t.Errorf("ParseParScore = %d %v", n, err)
	}
}

// TestParseParScore reads the forms of OptimumScore that programs write.
func TestParseParScore(t *testing.T) {
	for text, want := range map[string]int{
		"NS 620": 620, "EW -100": 100, "NS +620": 620, "NS 620 EW -620": 620,
		"EW 4H; -620": -620, "W 4S; -420": -420, "NS 3NT; 400": 400, "E 5DX; 300": 300, "N 4S+1; 450": 450,
		"EW 3N,EW 5D; -400": -400, "EW 3N, W 5D; -400": -400, "EW 2C,EW 2D; -130": -130,
	} {
		if n, err := ParseParScore(text); err != nil || n != want {
			t.Errorf("ParseParScore(%q) = %d, %v; want %d", text, n, err, want)
		}
	}
	if _, err := ParseParScore("4H"); err == nil {
		t.Error(`ParseParScore("4H") read a score`)
	}
}

// TestAdjustedMark reads the marks of adjusted scores as scoring programs
// write them.
func TestAdjustedMark(t *testing.T) {
	for _, tc := range []struct {
		text   string
		ns, ew float64
		ok     bool
	}{
		{"A60/40", 60, 40, true},
		{"A+", 60, -1, true},
		{"A=", 50, 50, true},
		{"Ave-", 40, -1, true},
		{"60%", 60, -1, true},
		{"40%-60%", 40, 60, true},
		{"40%/60%", 40, 60, true},
		{"50%-50%", 50, 50, true},
		{"A==", 50, 50, true}, // BBO: one mark for each side, North–South's first
		{"A+-", 60, 40, true},
		{"A-+", 40, 60, true},
		{"A*-", 0, 0, false},
		{"A60-40", 0, 0, false}, // a dash between bare numbers is not a second percentage
		{"140%", 0, 0, false},
	} {
		ns, ew, ok := adjustedMark(tc.text)
		if ok != tc.ok || ok && (ns != tc.ns || ew != tc.ew) {
			t.Errorf("adjustedMark(%q) = %v, %v, %v; want %v, %v, %v", tc.text, ns, ew, ok, tc.ns, tc.ew, tc.ok)
		}
	}
}
