// Package cputime measures the CPU time the process uses, so that
// benchmarks can report throughput per second of CPU time: on a machine
// busy with other work, wall-clock time says more about the neighbours
// than about the code.
package cputime

import (
	"testing"
	"time"
)

// Report adds to b the metric cpu-MB/s: bytes per iteration times b.N,
// divided by the CPU time the whole process (every thread, garbage
// collection included) used since start, a value of Used taken just
// before the benchmark loop. It reports nothing where Used is not
// measured.
func Report(b *testing.B, bytes int64, start time.Duration) {
	if used := Used() - start; used > 0 {
		b.ReportMetric(float64(bytes)*float64(b.N)/used.Seconds()/1e6, "cpu-MB/s")
	}
}
