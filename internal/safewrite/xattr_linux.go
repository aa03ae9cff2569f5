//go:build linux

package safewrite

import (
	"bytes"
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// copyXattrs gives the temporary file f the extended attributes of the
// file at path that it replaces: a rename would drop them (a SELinux
// label, a macOS-style tag, a capability), and that file's owner did not
// ask for it.
func copyXattrs(f *os.File, path string) error {
	names, err := listXattrs(path)
	if err != nil || len(names) == 0 {
		return err
	}
	fd := int(f.Fd())
	for _, name := range names {
		val, err := getXattr(path, name)
		if err != nil {
			return err
		}
		if cur, err := getFXattr(fd, name); err == nil && bytes.Equal(cur, val) {
			continue // given to every new file here, as a label is
		}
		if err := unix.Fsetxattr(fd, name, val, 0); err != nil {
			return errors.New(name + ": " + err.Error())
		}
	}
	return nil
}

func listXattrs(path string) ([]string, error) {
	size, err := unix.Llistxattr(path, nil)
	if err != nil || size == 0 {
		if errors.Is(err, unix.ENOTSUP) {
			return nil, nil
		}
		return nil, err
	}
	buf := make([]byte, size)
	if size, err = unix.Llistxattr(path, buf); err != nil {
		return nil, err
	}
	var names []string
	for _, n := range bytes.Split(buf[:size], []byte{0}) {
		if len(n) > 0 {
			names = append(names, string(n))
		}
	}
	return names, nil
}

func getXattr(path, name string) ([]byte, error) {
	return sized(func(buf []byte) (int, error) { return unix.Lgetxattr(path, name, buf) })
}

func getFXattr(fd int, name string) ([]byte, error) {
	return sized(func(buf []byte) (int, error) { return unix.Fgetxattr(fd, name, buf) })
}

// sized calls get once for the size of an attribute's value, then for the
// value.
func sized(get func([]byte) (int, error)) ([]byte, error) {
	size, err := get(nil)
	if err != nil {
		return nil, err
	}
	buf := make([]byte, size)
	size, err = get(buf)
	return buf[:size], err
}
