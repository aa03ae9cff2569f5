package parser

import "testing"

// TestSniffJet tells a Jet or ACE database by its header page, whatever
// its name.
func TestSniffJet(t *testing.T) {
	page := func(sig string) []byte {
		b := make([]byte, 2048)
		copy(b[4:], sig)
		return b
	}
	tests := []struct {
		name string
		head []byte
		want Format
	}{
		{"jet", page("Standard Jet DB"), BWS},
		{"ace", page("Standard ACE DB"), BWS},
		{"other signature", page("Standard Foo DB"), Unknown},
		{"short", page("Standard Jet DB")[:18], Unknown},
		{"not page 0", append([]byte{1}, page("Standard Jet DB")[1:]...), Unknown},
	}
	for _, tt := range tests {
		if got := Sniff(tt.head); got != tt.want {
			t.Errorf("%s: Sniff = %v, want %v", tt.name, got, tt.want)
		}
		if got := Detect("results.pbn", tt.head); tt.want == BWS && got != BWS {
			t.Errorf("%s: Detect(results.pbn) = %v, want bws", tt.name, got)
		}
	}
	if BWS.String() != "bws" {
		t.Errorf("BWS.String() = %q", BWS.String())
	}
}
