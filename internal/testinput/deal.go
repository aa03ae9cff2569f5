package testinput

import (
	"testing"

	"github.com/bridgekit/bridgekit/auction"
)

// Deal reads a deal in PBN form, "N:hand hand hand hand", for a test,
// which it fails when the text is no deal.
func Deal(t testing.TB, text string) auction.Deal {
	t.Helper()
	d, err := auction.ParseDeal(text)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
