package safewrite

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Replace starts rewriting path, an existing regular file, with new
// content, as fmt -w does, keeping what makes it that file:
//
//   - A symbolic link is followed and its target rewritten; the link stays.
//   - A file with no write bit, or one this process may not write, is
//     refused, although renaming over it would succeed: the rename would
//     bypass the file's own permission. A read-only file stays read-only
//     for root too.
//   - The mode, the setuid, setgid and sticky bits, the extended
//     attributes, and the owner where this process may set it, are kept; a
//     file whose owner or attributes cannot be kept is refused rather than
//     taken over.
//   - A file with more than one name (hard links) gets a file of its own
//     under this name; the note returned says so, since the other names
//     keep the old text.
func Replace(path string) (f *File, notes []string, err error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	root, err := os.OpenRoot(filepath.Dir(real))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	f, notes, err = replaceIn(path, root, filepath.Base(real), real)
	if err != nil {
		root.Close()
	}
	return f, notes, err
}

// replaceIn is Replace of the file base in the folder root, whose path is
// real; name is the file as the user named it. The File owns root.
func replaceIn(name string, root *os.Root, base, real string) (*File, []string, error) {
	fi, err := root.Lstat(base)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, unwrapPath(err))
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("%s: not rewritten: not a regular file", name)
	}
	if fi.Mode().Perm()&0o222 == 0 {
		return nil, nil, fmt.Errorf("%s: not rewritten: the file is read-only (mode %04o)", name, fi.Mode().Perm())
	}
	if err := writable(real); err != nil {
		return nil, nil, fmt.Errorf("%s: not rewritten: %w", name, err)
	}
	f, err := createIn(root, name, base, fi.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky))
	if err != nil {
		return nil, nil, err
	}
	if err := keepOwner(f.f, fi); err != nil {
		f.Abort()
		return nil, nil, fmt.Errorf("%s: not rewritten: its owner cannot be kept: %w", name, err)
	}
	if err := copyXattrs(f.f, real); err != nil {
		f.Abort()
		return nil, nil, fmt.Errorf("%s: not rewritten: its extended attributes cannot be kept: %w", name, err)
	}
	var notes []string
	if n := links(fi); n > 1 {
		notes = append(notes, fmt.Sprintf("%s had %d names (hard links): this name now has a file of its own, the other names keep the old text", name, n))
	}
	return f, notes, nil
}

// A Root is a folder whose files a command rewrites in place (apply
// --root, fix -w and fmt -w of a folder): no name, and no symbolic link
// inside the folder, leads a read or a rewrite out of it. A link that
// stays inside is followed, as Replace follows one.
type Root struct {
	root *os.Root
	name string // as the user named it
	real string // with its links followed
}

// OpenRoot opens the folder name as a Root.
func OpenRoot(name string) (*Root, error) {
	real, err := filepath.EvalSymlinks(name)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(real)
	if err != nil {
		return nil, err
	}
	return &Root{root: root, name: name, real: real}, nil
}

// Close releases the folder.
func (r *Root) Close() error { return r.root.Close() }

// Path returns the name of rel inside the folder, for messages.
func (r *Root) Path(rel string) string { return filepath.Join(r.name, rel) }

// resolve returns the regular file rel names, with the links on its way
// followed, as a name inside the root.
// Its errors, like Open's and Replace's, leave the name to the caller.
func (r *Root) resolve(rel string) (string, error) {
	if !filepath.IsLocal(rel) {
		return "", fmt.Errorf("the name leaves %s", r.name)
	}
	real, err := filepath.EvalSymlinks(filepath.Join(r.real, rel))
	if err != nil {
		return "", unwrapPath(err)
	}
	in, err := filepath.Rel(r.real, real)
	if err != nil || !filepath.IsLocal(in) {
		return "", fmt.Errorf("a symbolic link leads it out of %s", r.name)
	}
	fi, err := r.root.Lstat(in)
	if err != nil {
		return "", unwrapPath(err)
	}
	if !fi.Mode().IsRegular() {
		return "", errNotRegular
	}
	return in, nil
}

var errNotRegular = errors.New("not a regular file")

// Open opens the regular file rel names inside the folder for reading.
// Anything else (a folder, a FIFO, a device, a link out) is refused, and
// a FIFO is never opened: opening one would wait for a writer.
func (r *Root) Open(rel string) (*os.File, error) {
	in, err := r.resolve(rel)
	if err != nil {
		return nil, err
	}
	f, err := r.root.OpenFile(in, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, unwrapPath(err)
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = errNotRegular
		}
		return nil, err
	}
	return f, nil
}

// Replace is the package's Replace for the file rel names inside the
// folder.
func (r *Root) Replace(rel string) (*File, []string, error) {
	in, err := r.resolve(rel)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: not rewritten: %w", r.Path(rel), err)
	}
	sub, err := r.root.OpenRoot(filepath.Dir(in))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", r.Path(rel), unwrapPath(err))
	}
	f, notes, err := replaceIn(r.Path(rel), sub, filepath.Base(in), filepath.Join(r.real, in))
	if err != nil {
		sub.Close()
	}
	return f, notes, err
}
