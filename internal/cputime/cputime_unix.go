//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Used returns the CPU time, user and system, the process has used so far
// in all its threads; 0 if the system does not say.
func Used() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
