//go:build unix

package report

import "syscall"

// alive reports whether process pid is running: signal 0 reaches it, or
// would but for permission.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
