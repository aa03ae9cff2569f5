package ddcheck

import (
	"testing"
	"time"

	"github.com/bridgekit/bridgekit/convert"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/pbn"
	"github.com/bridgekit/bridgekit/record"
)

// TestClaimBudget: a claim whose position is not solved within the
// budget is said to be unchecked (dd-budget), never passed over, and one
// solved within it (or with no budget) is held to double-dummy play.
func TestClaimBudget(t *testing.T) {
	t.Parallel()
	// The hard deal, 4S by S, claimed for ten tricks after the first.
	text := `[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "` + hard + `"]
[Declarer "S"]
[Contract "4S"]
[Result "10"]
[Play "W"]
H6 H3 H4 HK
`
	f := pbn.Parse([]byte(text), "claim.pbn")
	if len(f.Games) != 1 {
		t.Fatalf("%d games", len(f.Games))
	}
	b, _ := convert.FromPBN(f.Games[0], convert.PBNOptions{})
	record.Check(b)
	for _, tc := range []struct {
		budget time.Duration
		code   diag.Code
	}{
		{time.Nanosecond, diag.DDBudget},
		{0, diag.DDClaim}, // double dummy, S takes eight of the rest
	} {
		c := New(Options{Budget: tc.budget})
		got, ok := c.claim(b)
		if !ok || got.Code != tc.code {
			t.Errorf("budget %v: %v, %v; want %q", tc.budget, got, ok, tc.code)
		}
	}
}
