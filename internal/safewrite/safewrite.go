// Package safewrite writes the files bridgekit's commands produce so that
// a write never destroys, leaks or half-writes anything:
//
//   - A regular file is written under a temporary name beside its target
//     and renamed over it only when complete (Commit), so that a crash or a
//     kill leaves the old file, or none, never a half-written one.
//   - A file that is not a regular file (a terminal, /dev/null, a FIFO, or a
//     symbolic link to one) is written through, in place: renaming over it
//     would replace the device by a file.
//   - A symbolic link to a regular file is followed: its target is
//     replaced, the link stays.
//   - Every file written under a Dir stays inside it, whatever the name
//     (os.Root refuses "..", absolute names and links that lead out).
//   - Replace, for rewriting a file in place, honours the file's write
//     permission (a file with no write bit is read-only, for root too),
//     keeps its mode and owner, and says when a hard link is split.
//   - The first write error sticks: every later Write returns it, and it
//     names the target, never the temporary file.
//
// A temporary file is named ".NAME.bridgekit-PID-RANDOM.tmp", so that one
// left behind by a kill says what it is; creating NAME again removes those
// whose process is gone.
package safewrite

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// A File is an output being written. Write to it, then Commit to make it
// the target, or Abort to leave the target as it was.
type File struct {
	f    *os.File
	name string // the target as the user named it, for messages

	root *os.Root // the target's folder; nil when written in place
	tmp  string   // the temporary file's name in root
	base string   // the target's name in root
	mode fs.FileMode

	n    int64 // the bytes written
	err  error // the first write error
	done bool
}

// Write writes p, or returns the first error any Write met.
func (f *File) Write(p []byte) (int, error) {
	if f.err != nil {
		return 0, f.err
	}
	n, err := f.f.Write(p)
	f.n += int64(n)
	if err != nil {
		f.err = f.wrap(err)
	}
	return n, f.err
}

// Contents returns a reader of what has been written to a temporary file
// so far, to read it back before Commit; nil for a file written in place.
func (f *File) Contents() *io.SectionReader {
	if f.root == nil {
		return nil
	}
	return io.NewSectionReader(f.f, 0, f.n)
}

// wrap names the target in err, in place of the temporary file.
func (f *File) wrap(err error) error {
	var perr *fs.PathError
	if errors.As(err, &perr) {
		err = perr.Err
	}
	return fmt.Errorf("writing %s: %w", f.name, err)
}

// Commit completes the file: a temporary file is synced, given its mode
// and renamed over the target. After a write error it removes the
// temporary file and returns that error.
func (f *File) Commit() error {
	if f.done {
		return f.err
	}
	f.done = true
	if f.root == nil {
		err := f.f.Close()
		if f.err == nil && err != nil {
			f.err = f.wrap(err)
		}
		return f.err
	}
	defer f.root.Close()
	defer inFlight.remove(f)
	err := f.err
	if err == nil {
		err = f.f.Sync()
	}
	if err == nil {
		err = f.f.Chmod(f.mode)
	}
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = f.root.Rename(f.tmp, f.base)
	}
	if err != nil {
		f.root.Remove(f.tmp)
		if f.err == nil {
			f.err = f.wrap(err)
		}
	}
	return f.err
}

// Abort gives the file up: a temporary file is removed and the target
// stays as it was. What was written through to a device cannot be taken
// back. After Commit it does nothing.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.f.Close()
	if f.root != nil {
		f.root.Remove(f.tmp)
		inFlight.remove(f)
		f.root.Close()
	}
}

// inFlight holds the temporary files being written, for RemoveTemps.
var inFlight = temps{files: map[*File]bool{}}

type temps struct {
	mu     sync.Mutex
	files  map[*File]bool
	closed bool // RemoveTemps ran: the program is ending
}

func (t *temps) add(f *File) {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		select {} // the program exits; no temporary file may come now
	}
	t.files[f] = true
	t.mu.Unlock()
}

func (t *temps) remove(f *File) {
	t.mu.Lock()
	delete(t.files, f)
	t.mu.Unlock()
}

// RemoveTemps removes the temporary file of every File not yet committed
// or aborted, leaving each target as it was: what a program does when a
// signal ends it, just before it exits. The next write of a target would
// remove them too, but a target may never be written again. A File
// started after it blocks for ever.
func RemoveTemps() {
	inFlight.mu.Lock()
	defer inFlight.mu.Unlock()
	inFlight.closed = true
	for f := range inFlight.files {
		f.root.Remove(f.tmp)
		delete(inFlight.files, f)
	}
}

// Create starts writing the file path names, for an output such as -o
// FILE: a new or regular file is replaced on Commit; a device, a FIFO or a
// link to one is written through; a link to a regular file replaces its
// target. A new file gets mode perm; an existing one keeps its own.
func Create(path string, perm fs.FileMode) (*File, error) {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return create(path, filepath.Dir(path), filepath.Base(path), perm)
	case err != nil:
		return nil, err
	case fi.Mode()&fs.ModeSymlink != 0:
		real, err := filepath.EvalSymlinks(path)
		if err != nil {
			return nil, fmt.Errorf("%s: a symbolic link whose target cannot be followed: %w", path, unwrapPath(err))
		}
		if fi, err = os.Stat(real); err != nil {
			return nil, err
		}
		if fi.Mode().IsRegular() {
			return create(path, filepath.Dir(real), filepath.Base(real), fi.Mode().Perm())
		}
	case fi.Mode().IsRegular():
		return create(path, filepath.Dir(path), filepath.Base(path), fi.Mode().Perm())
	}
	return direct(path, fi)
}

// direct opens a file that is not a regular file for writing in place.
func direct(path string, fi fs.FileInfo) (*File, error) {
	if fi.IsDir() {
		return nil, fmt.Errorf("%s: is a directory", path)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return nil, err
	}
	return &File{f: f, name: path}, nil
}

// create starts a temporary file for base in dir; name is the target as
// the user gave it.
func create(name, dir, base string, mode fs.FileMode) (*File, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	f, err := createIn(root, name, base, mode)
	if err != nil {
		root.Close()
		return nil, err
	}
	return f, nil
}

// createIn starts a temporary file for base in root, which the File then
// owns, after removing those that killed runs left for it.
func createIn(root *os.Root, name, base string, mode fs.FileMode) (*File, error) {
	removeStale(root, base)
	for range 10 {
		// Registered before it exists: a signal between its creation and
		// its registration would leave it behind.
		file := &File{name: name, root: root, tmp: tempName(base), base: base, mode: mode}
		inFlight.add(file)
		f, err := root.OpenFile(file.tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			inFlight.remove(file)
		}
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("writing %s: %w", name, unwrapPath(err))
		}
		file.f = f
		return file, nil
	}
	return nil, fmt.Errorf("writing %s: no free temporary name beside it", name)
}

// tempMark is what every temporary file's name holds after the target's.
const tempMark = ".bridgekit-"

// tempName returns a temporary name for base: ".base.bridgekit-PID-RANDOM.tmp".
func tempName(base string) string {
	var r [4]byte
	rand.Read(r[:])
	return "." + base + tempMark + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(r[:]) + ".tmp"
}

// tempPID returns the process that made a temporary file for base named
// name, and whether name is one.
func tempPID(name, base string) (int, bool) {
	rest, ok := strings.CutPrefix(name, "."+base+tempMark)
	if !ok {
		return 0, false
	}
	rest, ok = strings.CutSuffix(rest, ".tmp")
	pid, random, found := strings.Cut(rest, "-")
	if !ok || !found || len(random) != 8 {
		return 0, false
	}
	n, err := strconv.Atoi(pid)
	return n, err == nil && n > 0
}

// removeStale removes the temporary files for base that runs which are no
// longer alive left in root.
func removeStale(root *os.Root, base string) {
	d, err := root.Open(".")
	if err != nil {
		return
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	for _, n := range names {
		if pid, ok := tempPID(n, base); ok && pid != os.Getpid() && !alive(pid) {
			root.Remove(n)
		}
	}
}

// unwrapPath returns the cause of a *fs.PathError, whose path would be a
// temporary or resolved name the user never gave.
func unwrapPath(err error) error {
	var perr *fs.PathError
	if errors.As(err, &perr) {
		return perr.Err
	}
	return err
}
