//go:build unix

package safewrite

import (
	"io/fs"
	"os"
	"syscall"
)

// alive reports whether process pid is running.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}

// writable reports, as an error, whether this process may write path.
func writable(path string) error {
	const wOK = 2
	if err := syscall.Access(path, wOK); err != nil {
		return err
	}
	return nil
}

// keepOwner gives the temporary file f the owner of the file it replaces,
// when that is not already this process's.
func keepOwner(f *os.File, fi fs.FileInfo) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	mine, err := f.Stat()
	if err != nil {
		return err
	}
	if m, ok := mine.Sys().(*syscall.Stat_t); ok && m.Uid == st.Uid && m.Gid == st.Gid {
		return nil
	}
	return f.Chown(int(st.Uid), int(st.Gid))
}

// links returns how many names the file has.
func links(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// openNonblock opens a FIFO without waiting for a writer.
const openNonblock = syscall.O_NONBLOCK
