//go:build cgo

// Command ddbench times the double-dummy tables of package dd beside
// DDS's on the same random deals, one deal at a time on one thread, and
// checks that the two agree. bench/dd.sh runs it.
//
//	ddbench [-deals 1000] [-seed 1] [-from 0] [-dds=true]
//
// -from skips the seed's first deals, so that two runs on two cores can
// share the deals of one seed: -deals 10000 -from 5000 solves the second
// half. The slowest tables are listed by CPU time, with their numbers in
// the seed's sequence, to be timed again alone.
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

	"github.com/bridgekit/bridgekit/dd"
	"github.com/bridgekit/bridgekit/dd/ddsref"
)

func main() {
	n := flag.Int("deals", 1000, "number of random deals")
	seed := flag.Uint64("seed", 1, "seed of the deals")
	from := flag.Int("from", 0, "the first deal solved: the ones before it are skipped")
	withDDS := flag.Bool("dds", true, "time DDS too (false: the Go solver alone, for the worst case over many deals)")
	flag.Parse()
	runtime.GOMAXPROCS(1)
	ddsref.SetThreads(1)
	all := ddsref.Deals(*seed, *n)
	if *from < 0 || *from >= len(all) {
		fmt.Fprintln(os.Stderr, "ddbench: -from must be below -deals")
		os.Exit(2)
	}
	deals := all[*from:]
	type timed struct {
		deal int
		cpu  time.Duration
	}
	var slow []timed

	var s dd.Solver
	var goWall, ddsWall, worst time.Duration
	var goCPU, ddsCPU time.Duration
	worstDeal, bad := 0, 0
	for i, d := range deals {
		i += *from
		c0, t0 := cpu(), time.Now()
		got, err := s.Table(d)
		el := time.Since(t0)
		goWall += el
		c := cpu() - c0
		goCPU += c
		slow = append(slow, timed{i, c})
		if err != nil {
			fmt.Fprintln(os.Stderr, "ddbench:", err)
			os.Exit(1)
		}
		if el > worst {
			worst, worstDeal = el, i
		}
		if !*withDDS {
			continue
		}
		c0, t0 = cpu(), time.Now()
		want, err := ddsref.Table(d)
		ddsWall += time.Since(t0)
		ddsCPU += cpu() - c0
		if err != nil {
			fmt.Fprintln(os.Stderr, "ddbench:", err)
			os.Exit(1)
		}
		if got != want {
			bad++
			fmt.Printf("deal %d, %v: dd %v, DDS %v\n", i, d, got, want)
		}
	}
	per := func(t time.Duration) time.Duration { return t / time.Duration(len(deals)) }
	fmt.Printf("deals             %d (seed %d, from deal %d)\n", len(deals), *seed, *from)
	fmt.Printf("dd    per table   %v wall, %v CPU\n", per(goWall).Round(time.Microsecond), per(goCPU).Round(time.Microsecond))
	if *withDDS {
		fmt.Printf("DDS   per table   %v wall, %v CPU\n", per(ddsWall).Round(time.Microsecond), per(ddsCPU).Round(time.Microsecond))
		fmt.Printf("ratio dd/DDS      %.2f wall, %.2f CPU\n", float64(goWall)/float64(ddsWall), float64(goCPU)/float64(ddsCPU))
		fmt.Printf("disagreements     %d\n", bad)
	}
	fmt.Printf("worst dd table    %v wall (deal %d: %v)\n", worst.Round(time.Millisecond), worstDeal, all[worstDeal])
	slices.SortFunc(slow, func(a, b timed) int { return cmp.Compare(b.cpu, a.cpu) })
	for _, t := range slow[:min(5, len(slow))] {
		fmt.Printf("slow dd table     %v CPU (deal %d: %v)\n", t.cpu.Round(time.Millisecond), t.deal, all[t.deal])
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("dd memory         %.1f MiB from the Go runtime (one Solver)\n", float64(ms.Sys)/(1<<20))
	if bad > 0 {
		os.Exit(1)
	}
}

// cpu is the CPU time, user and system, the process has used.
func cpu() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
