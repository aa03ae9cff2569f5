package safewrite

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// A Dir is an output folder: every file created through it is written
// inside it, whatever its name, and no link inside it leads a write out.
type Dir struct {
	root *os.Root
	name string
}

// OpenDir opens the output folder name, creating it (and its parents) if
// needed.
func OpenDir(name string) (*Dir, error) {
	if err := os.MkdirAll(name, 0o755); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(name)
	if err != nil {
		return nil, err
	}
	return &Dir{root: root, name: name}, nil
}

// Close releases the folder.
func (d *Dir) Close() error { return d.root.Close() }

// Path returns the name of rel inside the folder, for messages.
func (d *Dir) Path(rel string) string { return filepath.Join(d.name, rel) }

// Create starts writing the file rel names inside the folder, creating
// the folders on its way. rel must be a local path (filepath.IsLocal): no
// "..", nothing absolute. An existing file is replaced on Commit and keeps
// its mode; a new one gets perm. A name taken by something other than a
// regular file or a symbolic link is refused.
func (d *Dir) Create(rel string, perm fs.FileMode) (*File, error) {
	name := d.Path(rel)
	if !filepath.IsLocal(rel) {
		return nil, fmt.Errorf("%s: not written: the name leaves the output folder %s", name, d.name)
	}
	dir, base := filepath.Split(rel)
	sub, err := d.sub(dir)
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", name, unwrapPath(err))
	}
	fi, err := sub.Lstat(base)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		sub.Close()
		return nil, fmt.Errorf("writing %s: %w", name, unwrapPath(err))
	case fi.Mode().IsRegular():
		perm = fi.Mode().Perm()
	case fi.Mode()&fs.ModeSymlink == 0:
		sub.Close()
		return nil, fmt.Errorf("%s: not written: it exists and is not a regular file", name)
	}
	f, err := createIn(sub, name, base, perm)
	if err != nil {
		sub.Close()
		return nil, err
	}
	return f, nil
}

// sub opens the folder dir (relative, possibly "") inside d, creating it.
func (d *Dir) sub(dir string) (*os.Root, error) {
	if dir == "" {
		return d.root.OpenRoot(".")
	}
	if err := d.root.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return d.root.OpenRoot(dir)
}
