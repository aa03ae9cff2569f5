package corpus

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ulikunitz/xz"
)

// member is a file to put in a test archive. Stored members are not
// compressed (zip only).
type member struct {
	name   string
	data   []byte
	stored bool
}

func files(kv ...string) []member {
	var ms []member
	for i := 0; i+1 < len(kv); i += 2 {
		ms = append(ms, member{name: kv[i], data: []byte(kv[i+1])})
	}
	return ms
}

func zipBytes(t testing.TB, ms []member) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, m := range ms {
		method := zip.Deflate
		if m.stored {
			method = zip.Store
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: m.name, Method: method})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(m.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func tarBytes(t testing.TB, ms []member) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, m := range ms {
		if err := tw.WriteHeader(&tar.Header{Name: m.name, Mode: 0o644, Size: int64(len(m.data)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write(m.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// xzBytes compresses data with xz.
func xzBytes(t testing.TB, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, err := xz.NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// readTestdata returns a file of testdata: bzip2 archives, which Go can
// read but not write.
func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func gzipBytes(t testing.TB, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// writeTree creates files under dir; names use "/" and may contain directories.
func writeTree(t testing.TB, dir string, tree map[string][]byte) {
	t.Helper()
	for name, data := range tree {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// got is what one iteration of Inputs delivered: each input's name and
// content (read inside the loop, as a streamed input requires), or the error.
type got struct {
	name    string
	archive string
	content string
	err     string
}

func (g got) String() string {
	if g.err != "" {
		return "ERR " + g.err
	}
	return g.name + " = " + g.content
}

func collect(t testing.TB, paths []string, stdin io.Reader, opts Options) []got {
	t.Helper()
	var out []got
	for in, err := range Inputs(paths, stdin, opts) {
		if err != nil {
			out = append(out, got{err: err.Error()})
			continue
		}
		content, err := readInput(in)
		if err != nil {
			out = append(out, got{err: err.Error()})
			continue
		}
		out = append(out, got{name: in.Name, archive: in.Archive, content: string(content)})
	}
	return out
}

func readInput(in *Input) ([]byte, error) {
	rc, err := in.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	data, err := io.ReadAll(rc)
	if err != nil {
		var lerr *LimitError
		if errors.As(err, &lerr) {
			return nil, err
		}
		return nil, &InputError{Name: in.Name, Err: err}
	}
	return data, nil
}

func lines(gs []got) string {
	var b strings.Builder
	for _, g := range gs {
		b.WriteString(g.String())
		b.WriteByte('\n')
	}
	return b.String()
}
