// Package ddsref is the reference the double-dummy solver of package dd
// is checked and timed against: a small cgo binding to the C library DDS
// (Bo Haglund and Soren Hein's double-dummy solver, libdds 2.9), used
// only by the tests and benchmarks of this module.
//
// It is a module of its own so that bridgekit itself never needs cgo or
// libdds. With Debian's libdds-dev installed (apt-get install libdds-dev):
//
//	go -C dd/ddsref test ./...                      # 50 random deals, every entry compared
//	DD_DEALS=5000 go -C dd/ddsref test ./...        # more deals
//	go -C dd/ddsref test -run '^$' -bench . -cpu 1  # the two solvers side by side
//	bench/dd.sh                                     # 1,000 deals: time per table, ratio, worst deal
//
// The command ddbench, which bench/dd.sh builds, times both solvers deal
// by deal on one thread and reports the time per table, the ratio of the
// two, in wall and CPU time, and the slowest deal.
//
// Without cgo the package is empty and its tests do not build any C.
package ddsref
