// Command bridgekit audits, converts, formats, shows and summarises
// contract-bridge record files (PBN and BBO LIN). Run "bridgekit help" for
// the commands, and "bridgekit help COMMAND" for each one's flags and
// examples.
package main

import (
	"os"
	"runtime/debug"
)

// memoryLimit is the soft limit of the Go heap, unless GOMEMLIMIT says
// otherwise. An audit keeps its duplicate index (32 MiB once full) live for
// the whole run; with the default GOGC the collector would let the heap
// grow to twice the live data, about 70 MiB plus the batches in flight.
// The limit makes it collect sooner, so that the process stays near 64 MB
// whatever the size of the archive.
const memoryLimit = 56 << 20

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
