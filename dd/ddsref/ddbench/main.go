//go:build cgo

// Command ddbench times the double-dummy tables of package dd beside
// DDS's on the same random deals, one deal at a time on one thread, and
// checks that the two agree. bench/dd.sh runs it.
//
//	ddbench [-deals 1000] [-seed 1] [-from 0] [-dds=true] [-dd=true]
//
// -from skips the seed's first deals, so that two runs on two cores can
// share the deals of one seed: -deals 10000 -from 5000 solves the second
// half. The slowest tables are listed by CPU time, with their numbers in
// the seed's sequence, to be timed again alone. -dds=false times the Go
// solver alone and -dd=false DDS alone, for the slowest deals of each
// over many deals.
package main

import (
	"cmp"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"syscall"
	"time"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/dd"
	"github.com/bridgekit/bridgekit/dd/ddsref"
	"github.com/bridgekit/bridgekit/scoring"
)

func main() {
	n := flag.Int("deals", 1000, "number of random deals")
	seed := flag.Uint64("seed", 1, "seed of the deals")
	from := flag.Int("from", 0, "the first deal solved: the ones before it are skipped")
	withDDS := flag.Bool("dds", true, "time DDS (false: the Go solver alone, for the worst case over many deals)")
	withGo := flag.Bool("dd", true, "time package dd (false: DDS alone, for its worst case over the same deals)")
	flag.Parse()
	runtime.GOMAXPROCS(1)
	ddsref.SetThreads(1)
	all := ddsref.Deals(*seed, *n)
	if *from < 0 || *from >= len(all) {
		fmt.Fprintln(os.Stderr, "ddbench: -from must be below -deals")
		os.Exit(2)
	}
	deals := all[*from:]
	if !*withGo && !*withDDS {
		fmt.Fprintln(os.Stderr, "ddbench: -dd=false and -dds=false leave nothing to time")
		os.Exit(2)
	}

	var s dd.Solver
	goRun := run{name: "dd", on: *withGo, solve: s.Table}
	ddsRun := run{name: "DDS", on: *withDDS, solve: ddsref.Table}
	bad := 0
	for i, d := range deals {
		i += *from
		got := goRun.time(i, d)
		want := ddsRun.time(i, d)
		if goRun.on && ddsRun.on && got != want {
			bad++
			fmt.Printf("deal %d, %v: dd %v, DDS %v\n", i, d, got, want)
		}
	}
	fmt.Printf("deals             %d (seed %d, from deal %d)\n", len(deals), *seed, *from)
	goRun.report(len(deals))
	ddsRun.report(len(deals))
	if goRun.on && ddsRun.on {
		fmt.Printf("ratio dd/DDS      %.2f wall, %.2f CPU\n", float64(goRun.wall)/float64(ddsRun.wall), float64(goRun.cpu)/float64(ddsRun.cpu))
		fmt.Printf("disagreements     %d\n", bad)
	}
	for _, r := range []*run{&goRun, &ddsRun} {
		if !r.on {
			continue
		}
		fmt.Printf("%-18s%v wall (deal %d: %v)\n", "worst "+r.name+" table", r.worst.Round(time.Millisecond), r.worstDeal, all[r.worstDeal])
		slices.SortFunc(r.slow, func(a, b timed) int { return cmp.Compare(b.cpu, a.cpu) })
		for _, t := range r.slow[:min(5, len(r.slow))] {
			fmt.Printf("%-18s%v CPU (deal %d: %v)\n", "slow "+r.name+" table", t.cpu.Round(time.Millisecond), t.deal, all[t.deal])
		}
	}
	if goRun.on {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		fmt.Printf("dd memory         %.1f MiB from the Go runtime (one Solver)\n", float64(ms.Sys)/(1<<20))
	}
	if bad > 0 {
		os.Exit(1)
	}
}

// timed is the CPU time of one deal's table.
type timed struct {
	deal int
	cpu  time.Duration
}

// run is what one solver's tables took: in all, the slowest in wall time,
// and each deal's CPU time.
type run struct {
	name      string
	on        bool
	solve     func(auction.Deal) (scoring.DDTable, error)
	wall, cpu time.Duration
	worst     time.Duration
	worstDeal int
	slow      []timed
}

// time solves deal number i with the run's solver, when it is on, and
// adds what it took.
func (r *run) time(i int, d auction.Deal) scoring.DDTable {
	if !r.on {
		return scoring.DDTable{}
	}
	c0, t0 := cpu(), time.Now()
	t, err := r.solve(d)
	el, c := time.Since(t0), cpu()-c0
	if err != nil {
		fmt.Fprintln(os.Stderr, "ddbench:", err)
		os.Exit(1)
	}
	r.wall += el
	r.cpu += c
	r.slow = append(r.slow, timed{i, c})
	if el > r.worst {
		r.worst, r.worstDeal = el, i
	}
	return t
}

// report prints the run's time per table.
func (r *run) report(n int) {
	if !r.on {
		return
	}
	per := func(t time.Duration) time.Duration { return t / time.Duration(n) }
	fmt.Printf("%-18s%v wall, %v CPU\n", r.name+" per table", per(r.wall).Round(time.Microsecond), per(r.cpu).Round(time.Microsecond))
}

// cpu is the CPU time, user and system, the process has used.
func cpu() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
