package ascii

import "testing"

func TestAppendLower(t *testing.T) {
	for s, want := range map[string]string{"": "", "MP": "mp", "Butler-2": "butler-2", "ÉCLAT Ü": "Éclat Ü"} {
		if got := string(AppendLower(nil, s)); got != want {
			t.Errorf("AppendLower(%q) = %q, want %q", s, got, want)
		}
	}
	var buf [8]byte
	if n := testing.AllocsPerRun(10, func() { _ = string(AppendLower(buf[:0], "IMP")) == "imp" }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}
