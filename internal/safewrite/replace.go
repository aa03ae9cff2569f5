package safewrite

import (
	"fmt"
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
//   - The mode, and the owner where this process may set it, are kept; a
//     file whose owner cannot be kept is refused rather than taken over.
//   - A file with more than one name (hard links) gets a file of its own
//     under this name; the note returned says so, since the other names
//     keep the old text.
func Replace(path string) (f *File, notes []string, err error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	fi, err := os.Lstat(real)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("%s: not rewritten: not a regular file", path)
	}
	if fi.Mode().Perm()&0o222 == 0 {
		return nil, nil, fmt.Errorf("%s: not rewritten: the file is read-only (mode %04o)", path, fi.Mode().Perm())
	}
	if err := writable(real); err != nil {
		return nil, nil, fmt.Errorf("%s: not rewritten: %w", path, err)
	}
	f, err = create(path, filepath.Dir(real), filepath.Base(real), fi.Mode().Perm())
	if err != nil {
		return nil, nil, err
	}
	if err := keepOwner(f.f, fi); err != nil {
		f.Abort()
		return nil, nil, fmt.Errorf("%s: not rewritten: its owner cannot be kept: %w", path, err)
	}
	if n := links(fi); n > 1 {
		notes = append(notes, fmt.Sprintf("%s had %d names (hard links): this name now has a file of its own, the other names keep the old text", path, n))
	}
	return f, notes, nil
}
