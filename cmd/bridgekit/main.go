// Command bridgekit audits, converts, formats, shows and summarises
// contract-bridge record files (PBN and BBO LIN). Run "bridgekit help" for
// the commands, and "bridgekit help COMMAND" for each one's flags and
// examples.
package main

import (
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/bridgekit/bridgekit/internal/safewrite"
)

// memoryLimit is the soft limit of the memory the Go runtime holds, unless
// GOMEMLIMIT says otherwise. An audit keeps its duplicate index (16 MiB
// once full, more with --duplicates-memory, which raises the limit as
// much) live for the whole run, and lets the heap grow to five times the
// live data between collections (gcPercent): without a limit that would be
// far past 64 MB. The process holds about 7 MiB more than the limit (the
// program's code, stacks, the runtime's own tables), so 52 MiB keeps its
// resident size under 60 MiB whatever the size of the archive. At 48 MiB a
// large file on two cores lost a tenth of its speed to the runtime giving
// memory back to the system and taking it again.
const memoryLimit = 52 << 20

// gcPercent is the collector's GOGC, unless the environment sets one. Most
// of what an audit allocates dies with the game it was read for, so the
// live heap is small and, at the default of 100, the collector ran every
// few megabytes: over an archive of small LIN files it took a third of the
// CPU time. At 400 it runs a quarter as often; the memory limit bounds
// what that costs in memory.
const gcPercent = 400

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	removeTempsOnSignal()
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// removeTempsOnSignal makes an interrupt, a hang-up or a termination
// leave no temporary file of a write that was under way (each target is
// left as it was), and end the program with the status a shell gives a
// command the signal killed. Spools leave nothing to remove (tempSpill).
func removeTempsOnSignal() {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		s := <-sigs
		safewrite.RemoveTemps()
		code := 130
		if n, ok := s.(syscall.Signal); ok {
			code = 128 + int(n)
		}
		os.Exit(code)
	}()
}
