//go:build unix

package safewrite

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// write writes text to f and commits it.
func write(t *testing.T, f *File, text string) {
	t.Helper()
	if _, err := f.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
}

// read returns the text of a file.
func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// entries lists a folder's names.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, de := range des {
		names = append(names, de.Name())
	}
	return names
}

func TestCreateRegular(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := filepath.Join(dir, "out.pbn")
	f, err := Create(p, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the target exists before Commit: %v", err)
	}
	write(t, f, "new")
	if got := read(t, p); got != "new" {
		t.Fatalf("got %q", got)
	}
	// An existing file keeps its mode, and Abort leaves it as it was.
	if err := os.Chmod(p, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err = Create(p, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	write(t, f, "newer")
	fi, _ := os.Stat(p)
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
	f, _ = Create(p, 0o644)
	f.Write([]byte("lost"))
	f.Abort()
	if got := read(t, p); got != "newer" {
		t.Errorf("after Abort: %q", got)
	}
	if names := entries(t, dir); len(names) != 1 {
		t.Errorf("files left: %v", names)
	}
}

// TestCreateThrough: a device, a FIFO and a link to a device are written
// through in place, never replaced by a regular file; a link to a regular
// file has its target replaced and stays a link.
func TestCreateThrough(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	null := filepath.Join(dir, "null")
	if err := os.Symlink(os.DevNull, null); err != nil {
		t.Fatal(err)
	}
	writeThrough(t, null, os.ModeSymlink)
	if fi, err := os.Stat(os.DevNull); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is now %v (%v)", fi.Mode(), err)
	}

	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	f, err := Create(fifo, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	write(t, f, "through")
	if s := <-got; s != "through" {
		t.Errorf("the FIFO carried %q", s)
	}
	if fi, _ := os.Lstat(fifo); fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO became %v", fi.Mode())
	}

	target := filepath.Join(dir, "target.pbn")
	link := filepath.Join(dir, "link.pbn")
	os.WriteFile(target, []byte("old"), 0o640)
	os.Symlink("target.pbn", link)
	f, err = Create(link, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	write(t, f, "via link")
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link became %v", fi.Mode())
	}
	if s := read(t, target); s != "via link" {
		t.Errorf("target holds %q", s)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o640 {
		t.Errorf("target's mode %v", fi.Mode().Perm())
	}
}

// TestWriteErrorSticks: the first write error is returned by every later
// Write and by Commit, and names the target.
func TestWriteErrorSticks(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	f, err := Create("/dev/full", 0o644)
	if err != nil {
		t.Fatal(err)
	}
	_, err1 := f.Write([]byte("x"))
	_, err2 := f.Write([]byte("y"))
	err3 := f.Commit()
	if err1 == nil || err1 != err2 || err2 != err3 {
		t.Fatalf("errors %v, %v, %v", err1, err2, err3)
	}
	if want := "writing /dev/full: no space left on device"; err1.Error() != want {
		t.Errorf("error %q, want %q", err1, want)
	}
}

func TestReplace(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := filepath.Join(dir, "a.pbn")
	os.WriteFile(p, []byte("old"), 0o640)

	// Read-only: refused, even for root.
	os.Chmod(p, 0o444)
	if _, _, err := Replace(p); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("a read-only file: %v", err)
	}
	os.Chmod(p, 0o640)

	// Through a link: the target is rewritten, the link stays.
	link := filepath.Join(dir, "l.pbn")
	os.Symlink("a.pbn", link)
	f, notes, err := Replace(link)
	if err != nil || notes != nil {
		t.Fatal(err, notes)
	}
	write(t, f, "new")
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link became %v", fi.Mode())
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v", fi.Mode().Perm())
	}
	if s := read(t, p); s != "new" {
		t.Errorf("%q", s)
	}

	// A hard link is split, and said so.
	hard := filepath.Join(dir, "hard.pbn")
	os.Link(p, hard)
	f, notes, err = Replace(p)
	if err != nil {
		t.Fatal(err)
	}
	write(t, f, "newer")
	if len(notes) != 1 || !strings.Contains(notes[0], "2 names (hard links)") {
		t.Errorf("notes %q", notes)
	}
	if s := read(t, hard); s != "new" {
		t.Errorf("the other name holds %q", s)
	}

	// Not a regular file.
	if _, _, err := Replace(dir); err == nil {
		t.Error("a directory was taken")
	}
}

// TestReplaceKeepsOwner: as root, the owner of the file replaced is kept.
func TestReplaceKeepsOwner(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file another owner")
	}
	p := filepath.Join(t.TempDir(), "a.pbn")
	os.WriteFile(p, []byte("old"), 0o644)
	if err := os.Chown(p, 1234, 5678); err != nil {
		t.Fatal(err)
	}
	f, _, err := Replace(p)
	if err != nil {
		t.Fatal(err)
	}
	write(t, f, "new")
	fi, _ := os.Stat(p)
	st := fi.Sys().(*syscall.Stat_t)
	if st.Uid != 1234 || st.Gid != 5678 {
		t.Errorf("owner %d:%d, want 1234:5678", st.Uid, st.Gid)
	}
}

// TestStaleTemporaryFiles: a temporary file of a process that is gone is
// removed when its target is created again; one of a live process, and
// other files, are left alone.
func TestStaleTemporaryFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("cannot start a process:", err)
	}
	dead := cmd.Process.Pid
	stale := ".a.pbn.bridgekit-" + strconv.Itoa(dead) + "-0123abcd.tmp"
	live := ".a.pbn.bridgekit-1-0123abcd.tmp" // init never dies
	other := ".b.pbn.bridgekit-" + strconv.Itoa(dead) + "-0123abcd.tmp"
	for _, n := range []string{stale, live, other, "a.pbn"} {
		os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644)
	}
	f, err := Create(filepath.Join(dir, "a.pbn"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	write(t, f, "new")
	got := strings.Join(entries(t, dir), " ")
	if want := strings.Join([]string{live, other, "a.pbn"}, " "); got != want {
		t.Errorf("left %s\nwant %s", got, want)
	}
}

// TestDirStaysInside: no name and no link inside the folder leads a write
// out of it.
func TestDirStaysInside(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	out := filepath.Join(base, "out")
	d, err := OpenDir(out)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	outside := filepath.Join(base, "outside")
	os.Mkdir(outside, 0o755)
	os.Symlink(outside, filepath.Join(out, "escape"))
	for _, rel := range []string{"../x.pbn", "a/../../x.pbn", "/abs/x.pbn", "escape/x.pbn"} {
		if f, err := d.Create(rel, 0o644); err == nil {
			write(t, f, "x")
			t.Errorf("%s: written", rel)
		}
	}
	if names := entries(t, outside); len(names) > 0 {
		t.Errorf("written outside: %v", names)
	}
	if names := entries(t, base); len(names) != 2 {
		t.Errorf("written beside the folder: %v", names)
	}
	f, err := d.Create("a/b/c.pbn", 0o644)
	if err != nil {
		t.Fatal(err)
	}
	write(t, f, "inside")
	if s := read(t, filepath.Join(out, "a/b/c.pbn")); s != "inside" {
		t.Errorf("%q", s)
	}
	fifo := filepath.Join(out, "f.pbn")
	if syscall.Mkfifo(fifo, 0o644) == nil {
		if _, err := d.Create("f.pbn", 0o644); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("a FIFO in the folder: %v", err)
		}
	}
}

// TestCreateDeviceCopy: as root, a copy of /dev/null (a character device
// of its own) is written through and stays a device.
func TestCreateDeviceCopy(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("needs root to make a device")
	}
	dev := filepath.Join(t.TempDir(), "null")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skip("cannot make a device here:", err)
	}
	writeThrough(t, dev, os.ModeCharDevice)
}

// writeThrough writes to path through Create and checks that it is still
// of the type it was.
func writeThrough(t *testing.T, path string, typ os.FileMode) {
	t.Helper()
	f, err := Create(path, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	write(t, f, "gone")
	if fi, err := os.Lstat(path); err != nil || fi.Mode()&typ == 0 {
		t.Errorf("%s became %v (%v)", path, fi.Mode(), err)
	}
}
