package dd

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkTable solves the full table of twenty results for random
// deals, the same deals on every run, and reports the positions searched
// at the start of a trick per table, a measure of the search that does
// not depend on how busy the machine is.
func BenchmarkTable(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 7))
	deals := make([]Position, 64)
	for i := range deals {
		deals[i] = randomPosition(rng, 13, 0)
	}
	var s Solver
	i := 0
	for b.Loop() {
		if _, err := s.Table(deals[i%len(deals)].Hands); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(s.nodes)/float64(i), "nodes/op")
}

// BenchmarkTableHard solves the tables of the slowest deals found among
// bench/dd.sh's random deals, seed 1 (see bench/README.md, "The hard
// deals"): the tail that the target of no deal over ten seconds is
// about. Each is named by its number among the seed's deals.
func BenchmarkTableHard(b *testing.B) {
	for _, d := range []struct{ name, deal string }{
		{"3963", "N:.KJT865.QT73.965 K9863..K962.KJ82 AT742.92.A85.QT4 QJ5.AQ743.J4.A73"},
		{"8267", "N:KT86..K9874.QT52 AJ2.J9752.6.AJ96 94.AQT64.QT2.K73 Q753.K83.AJ53.84"},
		{"5559", "N:KJ876.Q6.AT9863. A.K975.K74.AK842 T32.AT43..QJT763 Q954.J82.QJ52.95"},
		{"709", "N:K86.J54.KQ54.984 AJ43..AJ832.A762 QT.AQ973.T76.KJ3 9752.KT862.9.QT5"},
		{"983", "N:QJ2.QJ765.J86.KJ K984.AT8.K5.AT52 AT653.3.AT32.Q84 7.K942.Q974.9763"},
		{"430", "N:AJT96432.K94..A8 KQ875.5.T854.J73 .QT732.Q973.T652 .AJ86.AKJ62.KQ94"},
	} {
		b.Run(d.name, func(b *testing.B) {
			hands := deal(b, d.deal)
			var s Solver
			n := 0
			for b.Loop() {
				if _, err := s.Table(hands); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(s.nodes)/float64(n), "nodes/op")
		})
	}
}
