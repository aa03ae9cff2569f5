//go:build unix

package export

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// openNonblock opens a FIFO without waiting for a writer.
const openNonblock = unix.O_NONBLOCK

// errBusy is the lock held by another run.
var errBusy = errors.New("the lock is held")

// lockFolder takes the lock file name in root for the run, creating it,
// or returns errBusy at once when another run holds it. The file stays
// when the run ends: removing it would let a run that opened it before
// lock a file no later run sees. The kernel releases the lock of a run
// that is killed.
func lockFolder(root *os.Root, name string) (unlock func(), err error) {
	f, err := root.OpenFile(name, os.O_RDWR|os.O_CREATE|openNonblock, 0o644)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = errNotRegular
		}
		return nil, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			return nil, errBusy
		}
		return nil, err
	}
	return func() { f.Close() }, nil
}

// syncDir makes the names of the files renamed in root durable.
func syncDir(root *os.Root) error {
	d, err := root.Open(".")
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
