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
// far past 64 MB. Beside what the limit counts, the process holds the
// pages of its own code and tables that it reads (11.5 MiB of the binary,
// 1 MiB of libc, measured in /proc/PID/smaps), and the heap overshoots the
// limit by a MiB or two while the collector runs: at 52 MiB, every command
// that keeps boards peaked at 62 to 66 MiB on 100 MB of PBN, whatever it
// held live (13 to 26 MiB). At 48 MiB they peak at 55 to 60 MiB, and
// audit and convert of that file took the same CPU time as at 52 (four
// runs on a shared machine). An earlier build lost a tenth of its speed at
// 48 MiB on a large file on two cores, to the runtime giving memory back
// to the system and taking it again; measure that again when the heap
// changes.
const memoryLimit = 48 << 20

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
