//go:build !unix

package parser

import "time"

// processCPU is not measured on this system.
func processCPU() time.Duration { return 0 }
