package decimal

import "testing"

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"-620", -620, true},
		{"+4", 4, true},
		{"36.7", 36.7, true},
		{".5", 0.5, true},
		{"5.", 5, true},
		{"", 0, false},
		{"-", 0, false},
		{".", 0, false},
		{"NaN", 0, false},
		{"Inf", 0, false},
		{"-inf", 0, false},
		{"1e9", 0, false},
		{"0x1p3", 0, false},
		{"1.2.3", 0, false},
		{" 4", 0, false},
		{"1_000", 0, false},
	} {
		got, ok := Parse(c.in)
		if ok != c.ok || got != c.want {
			t.Errorf("Parse(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
