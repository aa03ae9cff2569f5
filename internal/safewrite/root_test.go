//go:build unix

package safewrite

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// TestRootStaysInside: no name and no link inside a Root leads a read or
// a rewrite out of it; a link that stays inside is followed and kept.
func TestRootStaysInside(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in"), filepath.Join(dir, "out")
	os.MkdirAll(filepath.Join(in, "sub"), 0o755)
	os.MkdirAll(out, 0o755)
	os.WriteFile(filepath.Join(out, "x.pbn"), []byte("outside"), 0o644)
	os.WriteFile(filepath.Join(in, "sub", "a.pbn"), []byte("inside"), 0o644)
	os.Symlink("../out", filepath.Join(in, "dirlink"))
	os.Symlink("../out/x.pbn", filepath.Join(in, "filelink.pbn"))
	os.Symlink("sub/a.pbn", filepath.Join(in, "ok.pbn"))
	if err := syscall.Mkfifo(filepath.Join(in, "fifo.pbn"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRoot(in)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for _, c := range []struct{ rel, want string }{
		{"../out/x.pbn", "the name leaves"},
		{filepath.Join(out, "x.pbn"), "the name leaves"},
		{"dirlink/x.pbn", "a symbolic link leads it out"},
		{"filelink.pbn", "a symbolic link leads it out"},
		{"fifo.pbn", "not a regular file"},
		{"sub", "not a regular file"},
	} {
		if f, err := r.Open(c.rel); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Open(%q): %v, want %q", c.rel, err, c.want)
			if f != nil {
				f.Close()
			}
		}
		if _, _, err := r.Replace(c.rel); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Replace(%q): %v, want %q", c.rel, err, c.want)
		}
	}
	if s := read(t, filepath.Join(out, "x.pbn")); s != "outside" {
		t.Errorf("the file outside holds %q", s)
	}
	f, _, err := r.Replace("ok.pbn")
	if err != nil {
		t.Fatal(err)
	}
	write(t, f, "new")
	if fi, _ := os.Lstat(filepath.Join(in, "ok.pbn")); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link inside became a file")
	}
	if s := read(t, filepath.Join(in, "sub", "a.pbn")); s != "new" {
		t.Errorf("the link's target holds %q", s)
	}
}

// TestReplaceKeepsIdentity: the setuid and setgid bits and the extended
// attributes of a file survive its rewrite.
func TestReplaceKeepsIdentity(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "a.pbn")
	os.WriteFile(p, []byte("old"), 0o644)
	os.Chmod(p, 0o755|os.ModeSetuid|os.ModeSetgid)
	xattr := unix.Setxattr(p, "user.bridgekit.test", []byte("kept"), 0) == nil
	f, _, err := Replace(p)
	if err != nil {
		t.Fatal(err)
	}
	write(t, f, "new")
	fi, _ := os.Stat(p)
	if m := fi.Mode() & (os.ModePerm | os.ModeSetuid | os.ModeSetgid); m != 0o755|os.ModeSetuid|os.ModeSetgid {
		t.Errorf("mode %v", m)
	}
	if !xattr {
		t.Log("this file system takes no user attributes: only the mode is checked")
		return
	}
	buf := make([]byte, 16)
	if n, err := unix.Getxattr(p, "user.bridgekit.test", buf); err != nil || string(buf[:n]) != "kept" {
		t.Errorf("the attribute is %q, %v", buf[:n], err)
	}
}
