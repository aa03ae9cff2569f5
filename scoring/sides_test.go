package scoring

import "testing"

func TestBySide(t *testing.T) {
	type meet struct{ ns, ew string }
	tests := []struct {
		name     string
		rows     []meet
		mitchell bool
	}{
		{"ids apart", []meet{{"1", "2"}, {"3", "4"}, {"1", "4"}, {"3", "2"}}, true},
		{"numbered per direction", []meet{{"1", "1"}, {"2", "2"}, {"1", "2"}, {"2", "1"}}, true},
		{"changing direction", []meet{{"1", "2"}, {"3", "4"}, {"4", "1"}, {"2", "3"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bySide[PairTotal]
			for _, m := range tt.rows {
				b.met(m.ns, m.ew)
				b.at(m.ns, northSouth).Boards++
				b.at(m.ew, eastWest).Boards++
			}
			b.resolve(func(into, from *PairTotal) { into.Boards += from.Boards })
			if got := b.mitchell(); got != tt.mitchell {
				t.Fatalf("mitchell() = %v, want %v", got, tt.mitchell)
			}
			p := b.get("1", -1)
			if tt.name == "numbered per direction" {
				if p != nil {
					t.Errorf("get(1, no side) = %+v; want nil where 1 names a pair in each direction", p)
				}
				p = b.get("1", northSouth)
			}
			if p == nil || p.Boards != 2 {
				t.Errorf("pair 1: %+v, want 2 boards", p)
			}
		})
	}
}

func TestSideOf(t *testing.T) {
	for text, want := range map[string]int{"N-S": northSouth, "NS": northSouth, " e-w ": eastWest, "East-West": eastWest, "North/South": northSouth, "": -1, "N": -1} {
		if got := sideOf(text); got != want {
			t.Errorf("sideOf(%q) = %d, want %d", text, got, want)
		}
	}
}
