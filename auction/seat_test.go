package auction

import (
	"errors"
	"fmt"
	"testing"
)

func TestSeatArithmetic(t *testing.T) {
	t.Parallel()
	tests := []struct {
		s                       Seat
		next, rho, partner, lho Seat
		side                    Side
	}{
		{North, East, West, South, East, NS},
		{East, South, North, West, South, EW},
		{South, West, East, North, West, NS},
		{West, North, South, East, North, EW},
	}
	for _, tt := range tests {
		if got := tt.s.Next(); got != tt.next {
			t.Errorf("%v.Next() = %v, want %v", tt.s, got, tt.next)
		}
		if got := tt.s.LHO(); got != tt.lho {
			t.Errorf("%v.LHO() = %v, want %v", tt.s, got, tt.lho)
		}
		if got := tt.s.RHO(); got != tt.rho {
			t.Errorf("%v.RHO() = %v, want %v", tt.s, got, tt.rho)
		}
		if got := tt.s.Partner(); got != tt.partner {
			t.Errorf("%v.Partner() = %v, want %v", tt.s, got, tt.partner)
		}
		if got := tt.s.Side(); got != tt.side {
			t.Errorf("%v.Side() = %v, want %v", tt.s, got, tt.side)
		}
		for n := -9; n <= 9; n++ {
			want := tt.s
			for range (n%4 + 4) % 4 {
				want = want.Next()
			}
			if got := tt.s.Add(n); got != want {
				t.Errorf("%v.Add(%d) = %v, want %v", tt.s, n, got, want)
			}
		}
	}
	if NS.Opponents() != EW || EW.Opponents() != NS {
		t.Error("Opponents does not swap the sides")
	}
}

func TestParseSeat(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Seat
	}{
		{"N", North}, {"n", North}, {"North", North}, {" NORTH ", North}, {"С", North}, {"Север", North}, {"север", North},
		{"E", East}, {"east", East}, {"В", East}, {"Восток", East},
		{"S", South}, {"South", South}, {"Ю", South}, {"Юг", South}, {"ЮГ", South},
		{"W", West}, {"west", West}, {"З", West}, {"Запад", West},
	}
	for _, tt := range tests {
		got, err := ParseSeat(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseSeat(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "X", "NE", "Black", "Т", "north-east", "\xff"} {
		_, err := ParseSeat(bad)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Kind != "seat" || pe.Text != bad {
			t.Errorf("ParseSeat(%q) error = %v, want a seat ParseError naming the text", bad, err)
		}
	}
	for _, s := range Seats {
		if got, err := ParseSeat(s.String()); err != nil || got != s {
			t.Errorf("ParseSeat(%q) = %v, %v; want the seat back", s.String(), got, err)
		}
		if got, err := ParseSeat(s.Name()); err != nil || got != s {
			t.Errorf("ParseSeat(%q) = %v, %v; want the seat back", s.Name(), got, err)
		}
	}
}

func TestParseVulnerability(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Vulnerability
	}{
		{"None", VulNone}, {"none", VulNone}, {"Love", VulNone}, {"-", VulNone}, {"None ", VulNone},
		{"o", VulNone}, {"0", VulNone}, {"никто", VulNone}, {"Никто", VulNone}, {"Никто не в зоне", VulNone},
		{"С–Ю", VulNS}, {"С — Ю", VulNS}, {"В – З", VulEW}, {"Все в зоне", VulAll},
		{"NS", VulNS}, {"N-S", VulNS}, {"N-S ", VulNS}, {"ns", VulNS}, {"n", VulNS}, {"С-Ю", VulNS}, {"С-Ю в зоне", VulNS},
		{"EW", VulEW}, {"E-W ", VulEW}, {"e", VulEW}, {"В-З", VulEW}, {"в-з", VulEW},
		{"All", VulAll}, {"Both", VulAll}, {"Both ", VulAll}, {"b", VulAll}, {"все", VulAll}, {"Обе", VulAll}, {"все в зоне", VulAll},
	}
	for _, tt := range tests {
		got, err := ParseVulnerability(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseVulnerability(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "?", "Neither", "NSEW", "в зоне"} {
		if _, err := ParseVulnerability(bad); err == nil {
			t.Errorf("ParseVulnerability(%q) succeeded, want an error", bad)
		}
	}
	for v := VulNone; v <= VulAll; v++ {
		if got, err := ParseVulnerability(v.String()); err != nil || got != v {
			t.Errorf("ParseVulnerability(%q) = %v, %v; want it back", v.String(), got, err)
		}
	}
}

func TestVulnerable(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		v      Vulnerability
		ns, ew bool
	}{{VulNone, false, false}, {VulNS, true, false}, {VulEW, false, true}, {VulAll, true, true}} {
		if tt.v.Vulnerable(NS) != tt.ns || tt.v.Vulnerable(EW) != tt.ew {
			t.Errorf("%v: vulnerable NS %v EW %v, want %v %v", tt.v, tt.v.Vulnerable(NS), tt.v.Vulnerable(EW), tt.ns, tt.ew)
		}
	}
}

// TestBoardCycle checks the dealer and vulnerability of the 16-board cycle
// as RULES.md lists them, and that they repeat.
func TestBoardCycle(t *testing.T) {
	t.Parallel()
	vul := []string{"None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None", "NS", "EW"}
	dealer := "NESW"
	for n := 1; n <= 64; n++ {
		if got, want := BoardDealer(n).String(), dealer[(n-1)%4:(n-1)%4+1]; got != want {
			t.Errorf("BoardDealer(%d) = %s, want %s", n, got, want)
		}
		if got, want := BoardVulnerability(n).String(), vul[(n-1)%16]; got != want {
			t.Errorf("BoardVulnerability(%d) = %s, want %s", n, got, want)
		}
	}
	// Board 0 and negative numbers must not panic; they follow the cycle backwards.
	if BoardDealer(0) != West || BoardVulnerability(0) != VulEW {
		t.Errorf("board 0: %v %v, want W EW", BoardDealer(0), BoardVulnerability(0))
	}
	_ = BoardVulnerability(-17)
}

func ExampleBoardVulnerability() {
	for _, n := range []int{1, 4, 13, 17} {
		fmt.Println(n, BoardDealer(n), BoardVulnerability(n))
	}
	// Output:
	// 1 N None
	// 4 W All
	// 13 N All
	// 17 N None
}

func FuzzParseSeatVulnerability(f *testing.F) {
	for _, s := range []string{"N", "Юг", "С-Ю в зоне", "Both ", "\xff\xfe", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if seat, err := ParseSeat(s); err == nil && !seat.Valid() {
			t.Errorf("ParseSeat(%q) = invalid seat %d", s, seat)
		}
		if v, err := ParseVulnerability(s); err == nil && v > VulAll {
			t.Errorf("ParseVulnerability(%q) = invalid %d", s, v)
		}
	})
}
