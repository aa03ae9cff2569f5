package charset

import "io"

// peekMin is the first size of a peekReader's buffer.
const peekMin = 4 << 10

// peekReader is the part of bufio.Reader that Decode needs, with a buffer
// that grows only as far as Peek asks and the input reaches. Decode looks at
// up to 64 KiB before it chooses, but most record files are a few KiB, and an
// archive of thousands of them paid for a 64 KiB buffer each: that
// allocation and the garbage collection after it were most of the time
// spent on small files.
type peekReader struct {
	r   io.Reader
	buf []byte // buf[off:] is read from r and not yet consumed
	off int
	err error // the error r returned; reported once the buffer is drained
}

// newPeekReader returns a peekReader of r: of a Held text, one that
// serves the text itself, not a copy of it in a buffer of its own.
func newPeekReader(r io.Reader) *peekReader {
	if h, ok := r.(*held); ok {
		b := h.b
		h.b = nil
		return &peekReader{r: h, buf: b, err: io.EOF}
	}
	return &peekReader{r: r}
}

// Held returns a reader of b, a whole text held in memory, that Decode and
// DecodeAs read without copying it into a buffer of their own: an archive
// of small files read each into memory paid for a copy and a 4 KiB buffer
// a file. b must not change while it is read.
func Held(b []byte) io.Reader { return &held{b: b} }

type held struct{ b []byte }

func (h *held) Read(p []byte) (int, error) {
	if len(h.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p, h.b)
	h.b = h.b[n:]
	return n, nil
}

// Peek returns the next n bytes without consuming them, reading from r as
// needed. If fewer than n bytes are left it returns them all with r's error
// (io.EOF at the end).
func (p *peekReader) Peek(n int) ([]byte, error) {
	empty := 0
	for len(p.buf)-p.off < n && p.err == nil {
		if p.off > 0 {
			k := copy(p.buf, p.buf[p.off:])
			p.buf, p.off = p.buf[:k], 0
		}
		if len(p.buf) == cap(p.buf) {
			nb := make([]byte, len(p.buf), min(max(peekMin, 2*cap(p.buf)), max(n, peekMin)))
			copy(nb, p.buf)
			p.buf = nb
		}
		m, err := p.r.Read(p.buf[len(p.buf):cap(p.buf)])
		p.buf = p.buf[:len(p.buf)+m]
		switch {
		case err != nil:
			p.err = err
		case m == 0:
			if empty++; empty == 100 {
				p.err = io.ErrNoProgress
			}
		}
	}
	if rest := p.buf[p.off:]; len(rest) < n {
		return rest, p.err
	}
	return p.buf[p.off : p.off+n], nil
}

// Buffered returns how many bytes can be read without reading from r.
func (p *peekReader) Buffered() int { return len(p.buf) - p.off }

// Discard skips the next n buffered bytes; n must not exceed Buffered.
func (p *peekReader) Discard(n int) { p.off += n }

// Read reads from the buffer while it holds anything, and then straight
// from r: its callers read in blocks of their own.
func (p *peekReader) Read(b []byte) (int, error) {
	if p.off < len(p.buf) {
		n := copy(b, p.buf[p.off:])
		p.off += n
		return n, nil
	}
	if p.err != nil {
		return 0, p.err
	}
	return p.r.Read(b)
}
