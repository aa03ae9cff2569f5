//go:build cgo

package ddsref

import (
	"os"
	"strconv"
	"testing"

	"github.com/bridgekit/bridgekit/dd"
)

// dealCount is the number of deals the test compares: DD_DEALS, or 50,
// about two minutes on one core (20 with -short).
func dealCount(t testing.TB) int {
	v := os.Getenv("DD_DEALS")
	if v == "" {
		if testing.Short() {
			return 20
		}
		return 50
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("DD_DEALS=%q is not a positive number of deals", v)
	}
	return n
}

func TestTableAgainstDDS(t *testing.T) {
	SetThreads(1)
	var s dd.Solver
	bad := 0
	for i, d := range Deals(1, dealCount(t)) {
		want, err := Table(d)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Table(d)
		if err != nil {
			t.Fatalf("deal %d, %v: %v", i, d, err)
		}
		if got != want {
			bad++
			t.Errorf("deal %d, %v:\n got %v\nwant %v (DDS)", i, d, got, want)
		}
	}
	if bad > 0 {
		t.Logf("%d deals disagree", bad)
	}
}

// BenchmarkTable times the full table of twenty results, by each solver
// on the same deals, DDS on one thread.
func BenchmarkTable(b *testing.B) {
	deals := Deals(2, 100)
	b.Run("go", func(b *testing.B) {
		var s dd.Solver
		i := 0
		for b.Loop() {
			if _, err := s.Table(deals[i%len(deals)]); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
	b.Run("dds", func(b *testing.B) {
		SetThreads(1)
		i := 0
		for b.Loop() {
			if _, err := Table(deals[i%len(deals)]); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
}
