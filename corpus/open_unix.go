//go:build unix

package corpus

import (
	"io"
	"os"
	"syscall"
)

// openRead opens a file for reading. os.Open offers every descriptor to
// the runtime's poller, which for a regular file costs four fcntl calls
// and an epoll_ctl that fails, and os.NewFile costs an fstat and an fcntl:
// reading a file of a few kilobytes then took ten system calls, where an
// open, two reads and a close do, and an archive of such files spent a
// tenth of its time on the difference. Files block on reads anyway, so the
// descriptor is read directly.
func openRead(path string) (io.ReadCloser, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		switch err {
		case nil:
			return &rawFile{fd: fd, name: path}, nil
		case syscall.EINTR:
			continue
		}
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
}

// rawFile reads a file descriptor with plain system calls.
type rawFile struct {
	fd   int
	name string
}

func (f *rawFile) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		n, err := syscall.Read(f.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &os.PathError{Op: "read", Path: f.name, Err: err}
		case n == 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (f *rawFile) Close() error {
	if err := syscall.Close(f.fd); err != nil {
		return &os.PathError{Op: "close", Path: f.name, Err: err}
	}
	return nil
}
