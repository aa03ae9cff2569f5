//go:build !unix

package report

import "os"

// alive reports whether process pid is running, as far as FindProcess
// can tell: where it cannot, a run folder is taken for a live run's and
// left alone.
func alive(pid int) bool {
	_, err := os.FindProcess(pid)
	return err == nil
}
