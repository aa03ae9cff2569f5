package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/internal/safewrite"
)

// spoolMemory is the text a spool holds in memory before it moves to a
// file: most record files are far smaller, and a command holds one spool
// (two for fmt -l of standard input) at a time.
const spoolMemory = 4 << 20

// A spool holds a text being produced until it is known whether and where
// it may go: in memory up to spoolMemory bytes, beyond that in a file
// that its spill function makes. Its first error sticks.
type spool struct {
	mem   []byte
	file  spillFile
	buf   *bufio.Writer // in front of file: boards come a few hundred bytes at a time
	spill func() (spillFile, error)
	err   error
}

// A spillFile is where a spool's text goes once it outgrows memory: a
// temporary file, or the one that will replace a file (safewrite.File).
type spillFile interface {
	io.Writer
	Contents() *io.SectionReader
	Abort()
}

func newSpool(spill func() (spillFile, error)) *spool { return &spool{spill: spill} }

func (s *spool) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.file == nil && len(s.mem)+len(p) > spoolMemory {
		if s.file, s.err = s.spill(); s.err != nil {
			return 0, s.err
		}
		s.buf = bufio.NewWriterSize(s.file, 64<<10)
		if _, s.err = s.buf.Write(s.mem); s.err != nil {
			return 0, s.err
		}
		s.mem = nil
	}
	if s.file == nil {
		if need := len(s.mem) + len(p); need > cap(s.mem) {
			// Doubled, not grown by a quarter as append grows a large
			// slice: fix -l and fmt -l spool every file a few hundred bytes
			// at a time, and the copies and fresh pages of the quarter steps
			// took a fifth of their time.
			s.mem = append(make([]byte, 0, min(max(2*cap(s.mem), need, 4<<10), spoolMemory)), s.mem...)
		}
		s.mem = append(s.mem, p...)
		return len(p), nil
	}
	n, err := s.buf.Write(p)
	if err != nil {
		s.err = err
	}
	return n, err
}

// flush writes what is buffered to the spool's file; its error sticks.
func (s *spool) flush() error {
	if s.buf != nil && s.err == nil {
		s.err = s.buf.Flush()
	}
	return s.err
}

// reader returns a reader of the text so far.
func (s *spool) reader() io.Reader {
	if s.file != nil {
		if err := s.flush(); err != nil {
			return errReader{err}
		}
		return s.file.Contents()
	}
	return bytes.NewReader(s.mem)
}

// discard drops the text, removing its file.
func (s *spool) discard() {
	if s.file != nil {
		s.file.Abort()
		s.file = nil
	}
	s.mem = nil
}

// tempFile is a spool's temporary file, removed when it is discarded.
type tempFile struct {
	f    *os.File
	n    int64
	gone bool // its name is removed already
}

// tempSpill makes a temporary file for a spool. On Unix its name is
// removed at once and the open file alone holds its space: a run killed
// by any signal, SIGKILL too, leaves nothing behind in $TMPDIR (killed
// runs once left gigabytes there). Elsewhere it is removed when the spool
// is discarded.
func tempSpill() (spillFile, error) {
	f, err := os.CreateTemp("", "bridgekit-spool-*")
	if err != nil {
		return nil, err
	}
	t := &tempFile{f: f}
	if runtime.GOOS != "windows" && os.Remove(f.Name()) == nil {
		t.gone = true
	}
	return t, nil
}

func (t *tempFile) Write(p []byte) (int, error) {
	n, err := t.f.Write(p)
	t.n += int64(n)
	return n, err
}

func (t *tempFile) Contents() *io.SectionReader { return io.NewSectionReader(t.f, 0, t.n) }

func (t *tempFile) Abort() {
	t.f.Close()
	if !t.gone {
		os.Remove(t.f.Name())
	}
}

// errReader is a reader that fails with err.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// sourceCopies keeps the copies of inputs that cannot be read twice
// (standard input, archive members), made into spools as Audit reads
// them (AuditOptions.Source), for a command that reads an input again
// once it has seen all of it.
type sourceCopies struct {
	mu sync.Mutex
	m  map[*corpus.Input]*spool
}

// copyOf returns the spool a copy of in goes to, or nil when in can be
// opened again.
func (s *sourceCopies) copyOf(in *corpus.Input) io.Writer {
	if !in.Streamed() {
		return nil
	}
	sp := newSpool(tempSpill)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[*corpus.Input]*spool{}
	}
	s.m[in] = sp
	return sp
}

// take returns the copy of in that copyOf made, if any; the caller
// discards it.
func (s *sourceCopies) take(in *corpus.Input) *spool {
	s.mu.Lock()
	defer s.mu.Unlock()
	sp := s.m[in]
	delete(s.m, in)
	return sp
}

// replace writes the spool's text over the file that start begins to
// rewrite (replaceInput, safewrite.Root.Replace), with safewrite.Replace's
// guarantees, and returns what replacing has to say (a hard link split
// off).
func (s *spool) replace(start func() (*safewrite.File, []string, error)) ([]string, error) {
	sf, notes, err := start()
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(sf, s.reader()); err != nil {
		sf.Abort()
		return nil, err
	}
	return notes, sf.Commit()
}

// replaceInput starts rewriting in, a file on disk, in place. A file that
// the walk of a folder found is rewritten inside that folder: a link in
// it that leads out is refused (safewrite.Root), as a name that leaves it
// would be. A file named itself is the user's choice, and a link to it is
// followed wherever it leads.
func replaceInput(in *corpus.Input) func() (*safewrite.File, []string, error) {
	return func() (*safewrite.File, []string, error) {
		if in.Dir == "" {
			return safewrite.Replace(in.Name)
		}
		rel, err := filepath.Rel(in.Dir, in.Name)
		if err != nil {
			return nil, nil, err
		}
		root, err := safewrite.OpenRoot(in.Dir)
		if err != nil {
			return nil, nil, err
		}
		defer root.Close()
		return root.Replace(rel)
	}
}
