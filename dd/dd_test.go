package dd

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/scoring"
)

// deal reads a deal for a test (testinput.Deal).
var deal = testinput.Deal

// cards reads cards in PBN play form ("SA", "H2") for a test.
func cards(t *testing.T, text string) []auction.Card {
	t.Helper()
	var cs []auction.Card
	for _, f := range strings.Fields(text) {
		c, err := auction.ParseCard(f)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	return cs
}

func TestSolveKnownPositions(t *testing.T) {
	t.Parallel()
	N, E, S, W := auction.North, auction.East, auction.South, auction.West
	tests := []struct {
		name     string
		deal     string
		trumps   auction.Strain
		leader   auction.Seat
		trick    string
		declarer auction.Seat
		want     int
		why      string
	}{
		{"empty", "N:... ... ... ...", auction.NoTrump, N, "", N, 0,
			"no cards, no tricks"},
		{"one card, the ace", "N:A... 2... 3... 4...", auction.NoTrump, N, "", N, 1,
			"the ace of the suit led wins"},
		{"one card, counted for the other side", "N:A... 2... 3... 4...", auction.NoTrump, N, "", E, 0,
			"East–West take what North–South do not"},
		{"one card, ruffed", "N:A... .2.. 3... 4...", auction.Hearts, N, "", N, 0,
			"East, void in spades, ruffs with the two of trumps"},
		{"one card, ruff in no trump", "N:A... .2.. 3... 4...", auction.NoTrump, N, "", N, 1,
			"without trumps East's heart is a discard"},
		{"all top cards", "N:AKQ... 234... 567... 89T...", auction.NoTrump, N, "", N, 3,
			"North cashes the three top spades"},
		{"top cards, lead from the other side", "N:AKQ... 234... 567... 89T...", auction.NoTrump, E, "", N, 3,
			"whoever leads, spades are followed and North's are the highest"},
		{"blocked winners", "N:2.A.. A.2.. 3.3.. 4.4..", auction.NoTrump, N, "", N, 1,
			"the two aces are split: one side each"},
		{"finesse on side", "N:AQ... 65... 32... K4...", auction.NoTrump, S, "", N, 2,
			"South leads towards AQ; West's king is caught whether he plays it or not"},
		{"finesse off side", "N:AQ... K4... 32... 65...", auction.NoTrump, S, "", N, 1,
			"the king sits over the queen: East covers whatever North plays"},
		{"finesse, wrong hand leads", "N:AQ... 65... 32... K4...", auction.NoTrump, N, "", N, 1,
			"North leading from AQ must give West's king a trick"},
		{"ruff", "N:2..2. .4.3. .2.4. .3.A.", auction.Spades, S, "", N, 1,
			"South leads a heart and North ruffs; West's ace of diamonds takes the other trick"},
		{"no ruff in no trump", "N:2..2. .4.3. .2.4. .3.A.", auction.NoTrump, S, "", N, 0,
			"in no trump East's heart wins and West's diamond ace the last trick"},
		{"simple squeeze", "N:Q.AQ.. ..987. .3.2.A K.K5..", auction.NoTrump, S, "", N, 3,
			"the club ace squeezes West, who discards before North: whatever he lets go, North keeps the other menace"},
		{"squeeze fails against the wrong hand", "N:Q.AQ.. K.K5.. .3.2.A ..987.", auction.NoTrump, S, "", N, 2,
			"East discards after North and keeps whichever guard North's menaces still need"},
		{"trump endplay", "N:.AQ..2 ..98.3 2..43. A.K5..", auction.Spades, S, "", N, 2,
			"South's trump puts West in with the ace; West must lead a heart into AQ"},
		{"mid-trick: the ace is played", "N:AQ... 65... 3... K4...", auction.NoTrump, S, "S2", N, 2,
			"West is second to the finesse, as before"},
		{"mid-trick: three cards played", "N:Q... K4... 3... 6...", auction.NoTrump, S, "S2 S5 SA", N, 1,
			"North's ace wins this trick, East keeping his king for the queen"},
		{"mid-trick: trick won by the opponents", "N:A... 75... 3... 6...", auction.NoTrump, S, "S2 SK SQ", W, 1,
			"West's king wins this trick and North's ace the next"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := Position{Hands: deal(t, tt.deal), Trumps: tt.trumps, Leader: tt.leader, Trick: cards(t, tt.trick), Declarer: tt.declarer}
			got, err := Solve(p)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("Solve = %d, want %d: %s", got, tt.want, tt.why)
			}
			if b := bruteSolve(p); b != tt.want {
				t.Errorf("brute force gives %d, want %d: the expectation is wrong", b, tt.want)
			}
		})
	}
}

func TestSolveRejects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		deal  string
		trick string
		want  string
	}{
		{"uneven hands", "N:AK... 2... 3... 4...", "", "E holds 1 cards where 2 are expected"},
		{"card held twice", "N:A... A... 3... 4...", "", "in both"},
		{"card played and held", "N:A... 2... 3... 4...", "SA", "played to the trick and still held"},
		{"revoke on the trick", "N:2... .4.. 3.5.. 4.6..", "H3 SA", "E plays SA to a hearts lead while holding H4"},
		{"spots", "N:x... 2... 3... 4...", "", "unspecified"},
		{"four cards on the trick", "N:... ... ... ...", "S2 S3 S4 S5", "at most 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// A deal that contradicts itself reads, with its error.
			d, _ := auction.ParseDeal(tt.deal)
			p := Position{Hands: d, Trumps: auction.NoTrump, Leader: auction.North, Trick: cards(t, tt.trick)}
			_, err := Solve(p)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Solve error = %v, want one saying %q", err, tt.want)
			}
		})
	}
}

func TestTableAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	var s Solver
	for i := range 40 {
		d := randomPosition(rng, 1+i%4, 0).Hands
		got, err := s.Table(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range auction.Seats {
			for st := auction.Clubs; st <= auction.NoTrump; st++ {
				p := Position{Hands: d, Trumps: st, Leader: decl.LHO(), Declarer: decl}
				if want := bruteSolve(p); int(got[decl][st]) != want {
					t.Errorf("%v: table[%v][%v] = %d, brute force %d", d, decl, st, got[decl][st], want)
				}
				if n, err := s.Tricks(d, st, decl); err != nil || n != int(got[decl][st]) {
					t.Errorf("%v: Tricks(%v, %v) = %d, %v; the table says %d", d, st, decl, n, err, got[decl][st])
				}
			}
		}
	}
}

// TestMemory holds the transposition table to the capacity the package
// documents: a Solver must stay under 64 MiB.
func TestMemory(t *testing.T) {
	t.Parallel()
	size := (unsafe.Sizeof(ttKey{})+1)*ttCells + unsafe.Sizeof(slot{})*(ttSlots+ttSlots*3/8) + unsafe.Sizeof(Solver{})
	if size > 52<<20 {
		t.Errorf("a Solver takes %.1f MiB; the documentation says about 48, the limit is 64", float64(size)/(1<<20))
	}
	if unsafe.Sizeof(ttKey{}) != 16 || unsafe.Sizeof(slot{}) != 16 {
		t.Errorf("cell %d bytes, slot %d: the documentation says 16 and 16", unsafe.Sizeof(ttKey{}), unsafe.Sizeof(slot{}))
	}
}

// TestTableRegressions holds whole deals the solver once got wrong, with
// DDS's tables.
func TestTableRegressions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		deal string
		want scoring.DDTable
		why  string
	}{
		{"N:QJ76.AKQ5.98.752 A84.T963.QT64.J9 T2.J42.7532.QT84 K953.87.AKJ.AK63",
			scoring.DDTable{{4, 3, 5, 4, 5}, {8, 9, 8, 9, 8}, {4, 3, 5, 4, 5}, {8, 9, 8, 9, 8}},
			"East in clubs was given 9: a table entry was reused for a position where a run of equivalent cards, tried once, was no longer one run"},
	}
	for _, tt := range tests {
		got, err := Table(deal(t, tt.deal))
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%s:\n got %v\nwant %v (%s)", tt.deal, got, tt.want, tt.why)
		}
	}
}

// TestTableBudget runs tables out of time and checks that the Solver
// reports it, then solves on as if nothing had happened.
func TestTableBudget(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 6))
	var s Solver
	over := 0
	for range 4 {
		d := randomPosition(rng, 13, 0).Hands
		want, err := s.Table(d)
		if err != nil {
			t.Fatal(err)
		}
		// A nanosecond runs out at the first look at the clock; a table
		// that needs fewer positions than that is complete.
		got, err := s.TableBudget(d, time.Nanosecond)
		switch {
		case errors.Is(err, ErrBudget):
			over++
			if got != (scoring.DDTable{}) {
				t.Errorf("%v: out of time, the table is %v, want it empty", d, got)
			}
		case err != nil:
			t.Fatal(err)
		case got != want:
			t.Errorf("%v: TableBudget = %v, Table %v", d, got, want)
		}
		for _, budget := range []time.Duration{0, time.Hour} {
			if got, err := TableBudget(d, budget); err != nil || got != want {
				t.Errorf("%v: TableBudget(%v) = %v, %v; Table %v", d, budget, got, err, want)
			}
		}
		if got, err := s.Table(d); err != nil || got != want {
			t.Errorf("%v: after running out of time, Table = %v, %v; before %v", d, got, err, want)
		}
	}
	if over == 0 {
		t.Error("no table ran out of a budget of a nanosecond")
	}
	if _, err := TableBudget(deal(t, "N:AK... 2... 3... 4..."), time.Nanosecond); err == nil || errors.Is(err, ErrBudget) {
		t.Errorf("uneven hands: error %v, want one about the deal", err)
	}
}

// TestSolveBudget: a position solved within a budget of a nanosecond runs
// out of it (or needs too few positions to look at the clock), one
// solved within none or an hour gives Solve's answer, and the Solver
// solves on as if nothing had happened.
func TestSolveBudget(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	var s Solver
	over := 0
	for range 4 {
		p := randomPosition(rng, 13, 0)
		want, err := s.Solve(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.SolveBudget(p, time.Nanosecond)
		switch {
		case errors.Is(err, ErrBudget):
			over++
		case err != nil || got != want:
			t.Errorf("%v: SolveBudget(1ns) = %d, %v; Solve %d", p, got, err, want)
		}
		for _, budget := range []time.Duration{0, time.Hour} {
			if got, err := s.SolveBudget(p, budget); err != nil || got != want {
				t.Errorf("%v: SolveBudget(%v) = %d, %v; Solve %d", p, budget, got, err, want)
			}
		}
	}
	if over == 0 {
		t.Error("no position ran out of a budget of a nanosecond")
	}
}

// TestCompress checks the table-driven gather of bits that keys the
// transposition table against the plain loop over the cards.
func TestCompress(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(8, 9))
	for range 100000 {
		live, x := uint16(rng.IntN(1<<13))<<2, uint16(rng.IntN(1<<13))<<2
		if rng.IntN(2) == 0 {
			x &= live // as the solver asks; other bits are ignored
		}
		var want uint16
		for r := 2; r <= 14; r++ {
			if live>>r&1 == 1 {
				// The card's place among those still held, lowest first.
				want |= x >> r & 1 << bits.OnesCount16(live&(1<<r-1))
			}
		}
		if got := compress(x, live); got != want {
			t.Fatalf("compress(%#x, %#x) = %#x, want %#x", x, live, got, want)
		}
	}
}

// TestRunsAndKeys checks the bitwise runs of equivalent cards and the
// keys of the holders of the top cards against plain scans of the cards,
// in random positions part-way through a trick.
func TestRunsAndKeys(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(21, 22))
	var s Solver
	for range 20000 {
		n := 1 + rng.IntN(13)
		p := randomPosition(rng, n, rng.IntN(4))
		s.load(&p, n)
		for suit := range 4 {
			live := s.out[suit] | s.inTrick[suit]
			for seat := range 4 {
				// A run goes down from a card while the next card still in
				// play is the same hand's.
				var want []move
				mine := s.hand[seat][suit]
				for r := 14; r >= 2; r-- {
					if mine>>r&1 == 0 {
						continue
					}
					low := r
					for q := r - 1; q >= 2; q-- {
						if live>>q&1 == 0 {
							continue
						}
						if mine>>q&1 == 0 {
							break
						}
						low = q
					}
					want = append(want, move{card: uint8(suit<<4 | r), low: uint8(low)})
					mine &^= 1<<(r+1) - 1<<low
				}
				var list [13]move
				got := list[:s.runs(&list, 0, seat, suit)]
				if !slices.Equal(got, want) {
					t.Fatalf("%v: runs of seat %d in suit %d: %v, want %v", p, seat, suit, got, want)
				}
			}
			var pk patKeys
			s.patterns(&pk)
			// The key of the top k: the holders of the cards from the top.
			var k int
			var plane0, plane1 uint32
			for r := 14; r >= 2; r-- {
				if s.out[suit]>>r&1 == 0 {
					continue
				}
				for seat := range 4 {
					if s.hand[seat][suit]>>r&1 == 1 {
						plane0 |= uint32(seat&1) << (12 - k)
						plane1 |= uint32(seat>>1) << (12 - k)
					}
				}
				k++
				var ks [4]int
				ks[suit] = k
				var want ttKey
				want[suit>>1] = uint64(plane0|plane1<<13)<<(26*(suit&1)) | uint64(k)<<(52+4*(suit&1))
				got := entryKey(&pk, &ks)
				if got != want {
					t.Fatalf("%v: key of the top %d of suit %d: %#x, want %#x", p, k, suit, got, want)
				}
				if pos := posKey(&pk); !got.matches(&pos) || got.k(suit) != k {
					t.Fatalf("%v: key of the top %d of suit %d: %#x does not match the position's, %#x, or names k %d", p, k, suit, got, pos, got.k(suit))
				}
			}
		}
	}
}
