//go:build unix

package corpus

import (
	"io"
	"os"
	"syscall"
)

// fileReaderAt returns r as an io.ReaderAt when it is a regular file read
// with plain system calls, with its size.
func fileReaderAt(r io.Reader) (io.ReaderAt, int64, bool) {
	f, ok := r.(*rawFile)
	if !ok {
		return nil, 0, false
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(f.fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, 0, false
	}
	return f, st.Size, true
}

// ReadAt reads len(p) bytes at offset off (pread), for the random access
// a database needs.
func (f *rawFile) ReadAt(p []byte, off int64) (int, error) {
	n := 0
	for n < len(p) {
		m, err := syscall.Pread(f.fd, p[n:], off+int64(n))
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return n, &os.PathError{Op: "read", Path: f.name, Err: err}
		case m == 0:
			return n, io.EOF
		}
		n += m
	}
	return n, nil
}
