//go:build unix

package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestInputsPipe reads a named pipe given as a path, as bash's <(…) gives
// one: it is a stream, like standard input, and may hold an archive.
func TestInputsPipe(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"pbn", []byte(pbnText("p")), "PIPE = " + pbnText("p") + "\n"},
		{"tgz", gzipBytes(t, tarBytes(t, files("a.lin", linText("a")))), "PIPE!a.lin = " + linText("a") + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, tc.name)
			if err := syscall.Mkfifo(p, 0o600); err != nil {
				t.Skipf("cannot make a named pipe: %v", err)
			}
			go func() {
				f, err := os.OpenFile(p, os.O_WRONLY, 0)
				if err != nil {
					t.Error(err)
					return
				}
				f.Write(tc.data)
				f.Close()
			}()
			want := strings.ReplaceAll(tc.want, "PIPE", p)
			if got := lines(collect(t, []string{p}, nil, Options{})); got != want {
				t.Errorf("got %q, want %q", got, want)
			}
		})
	}
}
