//go:build !unix

package cputime

import "time"

// Used returns 0: the CPU time is not measured on this system.
func Used() time.Duration { return 0 }
