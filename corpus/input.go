package corpus

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"sync"
	"sync/atomic"
)

// An Input is one record file found by Inputs: a file on disk, a member of
// an archive, standard input, or a handviewer link given as an argument.
type Input struct {
	// Name is what to show the user: the path as found ("events/2019/final.pbn"),
	// "archive.zip!dir/member.pbn" for a member (one "!" per level of
	// nesting), "<stdin>", or "<url>"/"<lin>" for a link argument.
	Name string
	// Size is the length of the content in bytes, or -1 when it is not known
	// beforehand (standard input, a gzip stream).
	Size int64
	// Archive is the Name of the innermost archive holding the input, or ""
	// for one that is not in an archive.
	Archive string
	// Dir is the folder named on the command line whose walk found the
	// input, "" for a file named itself, a member or a stream. A command
	// that rewrites files in place keeps its writes inside it: a link in
	// the folder must not lead a rewrite out of it.
	Dir string

	open     func() (io.ReadCloser, error)
	streamed bool
	opened   atomic.Bool
	expired  atomic.Bool
}

// NewInput returns an input that a program finds itself (a pipeline's
// file on a remote filesystem): its name, its size (-1 when not known)
// and how to open it, again for each call. Audit reads it as it reads the
// inputs of Inputs.
func NewInput(name string, size int64, open func() (io.ReadCloser, error)) *Input {
	return &Input{Name: name, Size: size, open: open}
}

// Open returns the content of the input, decompressed. The caller must
// Close it. Open may be called more than once (each call starts from the
// beginning) unless the input is Streamed.
//
// Errors name the input. Reading a member of an archive that breaks the
// Limits fails with a *LimitError.
func (in *Input) Open() (io.ReadCloser, error) {
	if in.streamed {
		if in.opened.Swap(true) {
			return nil, &InputError{Name: in.Name, Err: errors.New("can be read only once")}
		}
		if in.expired.Load() {
			return nil, &InputError{Name: in.Name, Err: errMovedOn}
		}
	}
	rc, err := in.open()
	if err != nil {
		return nil, inputError(in.Name, err)
	}
	return rc, nil
}

// Streamed reports whether the content is read straight from a sequential
// source: standard input, a pipe, or a tar member larger than
// Limits.ReadAhead. Such an input can be opened only once, and only before
// the iteration that yielded it moves on; Run works on it before taking the
// next input.
func (in *Input) Streamed() bool { return in.streamed }

// weight is what the input counts toward the bytes in flight: its size, or
// -1 (everything) when that is unknown.
func (in *Input) weight() int64 {
	if in.Size < 0 {
		return -1
	}
	return in.Size
}

var errMovedOn = errors.New("read after discovery moved past it; a streamed input must be read before the next one is taken")

// An InputError is a problem with one input or path: it is missing, cannot be
// read, or is not the archive its name promises. The run goes on with the
// other inputs.
type InputError struct {
	Name string // the path or member, as the user would write it
	Err  error
}

// Error returns "name: what went wrong".
func (e *InputError) Error() string { return e.Name + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *InputError) Unwrap() error { return e.Err }

// inputError names err after the input; a *LimitError already names its
// member and is returned as it is. The path inside an *fs.PathError would
// repeat the name, so only its cause is kept.
func inputError(name string, err error) error {
	var lerr *LimitError
	var ierr *InputError
	if errors.As(err, &lerr) || errors.As(err, &ierr) {
		return err
	}
	var perr *fs.PathError
	if errors.As(err, &perr) {
		err = perr.Err
	}
	return &InputError{Name: name, Err: err}
}

// memInput is an input whose content is already in memory.
func memInput(name, archive string, data []byte) *Input {
	return &Input{Name: name, Archive: archive, Size: int64(len(data)), open: memOpener(data)}
}

func memOpener(data []byte) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }
}

// streamInput is an input read once from r, valid until expire is called.
func streamInput(name, archive string, size int64, r io.Reader) *Input {
	in := &Input{Name: name, Archive: archive, Size: size, streamed: true}
	in.open = func() (io.ReadCloser, error) {
		return io.NopCloser(&expiringReader{r: r, expired: &in.expired}), nil
	}
	return in
}

// expiringReader refuses to read once discovery has moved on, because the
// underlying stream then belongs to the next member.
type expiringReader struct {
	r       io.Reader
	expired *atomic.Bool
}

func (e *expiringReader) Read(p []byte) (int, error) {
	if e.expired.Load() {
		return 0, errMovedOn
	}
	return e.r.Read(p)
}

// fdLimiter bounds the files this package holds open at once.
type fdLimiter chan struct{}

func (l fdLimiter) acquire() { l <- struct{}{} }
func (l fdLimiter) release() { <-l }

// openFile opens path under the limiter; closing the result frees the slot.
func openFile(fds fdLimiter, path string) (io.ReadCloser, error) {
	fds.acquire()
	f, err := openRead(path)
	if err != nil {
		fds.release()
		return nil, err
	}
	return &limitedFile{ReadCloser: f, fds: fds}, nil
}

type limitedFile struct {
	io.ReadCloser
	fds  fdLimiter
	once sync.Once
}

func (f *limitedFile) Close() error {
	err := f.ReadCloser.Close()
	f.once.Do(f.fds.release)
	return err
}

// sharedFile is an archive on disk whose members are read concurrently
// through ReadAt (pread), sharing one descriptor. It is opened when the first
// reader needs it and closed when the last one is done, so that an archive
// whose members wait in a queue holds no descriptor meanwhile. Reopening
// checks that the file is still the one discovery listed.
type sharedFile struct {
	path string
	info fs.FileInfo
	fds  fdLimiter

	mu   sync.Mutex
	refs int
	f    *os.File
}

// acquire opens the file if needed and holds it open until release. A nil
// *sharedFile (content in memory) needs nothing.
func (s *sharedFile) acquire() error {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refs == 0 {
		s.fds.acquire()
		f, err := os.Open(s.path)
		if err == nil {
			err = s.check(f)
		}
		if err != nil {
			if f != nil {
				f.Close()
			}
			s.fds.release()
			return err
		}
		s.f = f
	}
	s.refs++
	return nil
}

func (s *sharedFile) check(f *os.File) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !os.SameFile(fi, s.info) || fi.Size() != s.info.Size() || !fi.ModTime().Equal(s.info.ModTime()) {
		return errors.New("the archive changed on disk while it was being read")
	}
	return nil
}

func (s *sharedFile) release() {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refs--; s.refs == 0 {
		s.f.Close()
		s.f = nil
		s.fds.release()
	}
}

func (s *sharedFile) ReadAt(p []byte, off int64) (int, error) {
	s.mu.Lock()
	f := s.f
	s.mu.Unlock()
	if f == nil {
		return 0, errors.New("archive read while closed")
	}
	return f.ReadAt(p, off)
}
