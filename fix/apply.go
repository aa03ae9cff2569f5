package fix

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/bridgekit/bridgekit/parser/charset"
)

// ErrChanged is the error of Apply when the text at an edit's span is not
// the edit's Old text: the file changed since it was read.
var ErrChanged = errors.New("the text to replace is no longer there")

// Apply copies src, a file read in the encoding named enc (as the reader
// reported it), to dst with edits made, edits being in file order and
// their Old text as Plan found it. It writes UTF-8, US-ASCII and the
// single-byte charsets back in themselves; any other encoding is an error,
// and so is an edit whose text is not all ASCII, or whose Old text is not
// at its span (ErrChanged).
func Apply(dst io.Writer, src io.Reader, enc string, edits []Edit) error {
	return unchanged(Patch(dst, src, enc, edits))
}

// ApplyPatch is Apply with the edits read one at a time from a patch, so
// that a file of any number of edits is fixed in the memory of one.
func ApplyPatch(dst io.Writer, src io.Reader, enc string, edits *PatchReader) error {
	p, err := NewPatcher(dst, src, enc)
	if err != nil {
		return err
	}
	for {
		e, err := edits.Next()
		if err == io.EOF {
			return unchanged(p.Close())
		}
		if err != nil {
			return err
		}
		if err := p.Edit(e); err != nil {
			return err
		}
	}
}

// unchanged is Apply's error for what Patch made: ErrChanged for the first
// stale edit.
func unchanged(r PatchResult, err error) error {
	if err == nil && len(r.Stale) > 0 {
		e := r.Stale[0]
		err = fmt.Errorf("%s:%s: %w (%s)", e.File, e.Span.Pos, ErrChanged, e.Old)
	}
	return err
}

// A PatchResult counts what became of the edits a Patcher was given.
type PatchResult struct {
	Applied int    // made: their Old text was there
	Done    int    // already made: their New text was there
	Stale   []Edit // neither text was there; left alone
}

// Patch is Apply for edits that may have been made before: an edit whose
// New text stands at its span (shifted by the edits before it that were
// made) is done, one whose Old text stands there is made, and one with
// neither is stale and left alone. Applying the same edits twice changes
// nothing the second time.
func Patch(dst io.Writer, src io.Reader, enc string, edits []Edit) (PatchResult, error) {
	p, err := NewPatcher(dst, src, enc)
	if err != nil {
		return PatchResult{}, err
	}
	for _, e := range edits {
		if err := p.Edit(e); err != nil {
			return p.res, err
		}
	}
	return p.Close()
}

// A Patcher is Patch one edit at a time, as the edits come: it holds no
// more than the edit it makes, so that a file with hundreds of thousands
// of fixes is patched as it is read.
type Patcher struct {
	m   *mapper
	br  *bufio.Reader
	w   *bufio.Writer
	off int // in the decoded text as the edits count it
	res PatchResult
}

// NewPatcher returns a Patcher copying src, a file read in the encoding
// named enc, to dst.
func NewPatcher(dst io.Writer, src io.Reader, enc string) (*Patcher, error) {
	m, err := newMapper(enc)
	if err != nil {
		return nil, err
	}
	p := &Patcher{m: m, br: bufio.NewReader(src), w: bufio.NewWriter(dst)}
	if m.utf8 {
		if head, _ := p.br.Peek(3); bytes.Equal(head, []byte("\xEF\xBB\xBF")) {
			p.w.Write(head) // the byte-order mark, which the decoded text does not count
			p.br.Discard(3)
		}
	}
	return p, nil
}

// Edit makes e, the next edit in file order, or counts it done or stale.
func (p *Patcher) Edit(e Edit) error {
	m, br, w := p.m, p.br, p.w
	if e.Span.Offset < p.off || e.Span.End < e.Span.Offset || len(e.Old) != e.Span.End-e.Span.Offset {
		return fmt.Errorf("%s: edit at %s: its span is out of order or does not hold its text", e.File, e.Span.Pos)
	}
	for i := 0; i < len(e.New); i++ {
		if e.New[i] >= utf8.RuneSelf || e.New[i] == '\n' {
			return fmt.Errorf("%s:%s: the new text %q is not one line of ASCII", e.File, e.Span.Pos, e.New)
		}
	}
	// The text between two edits is the same whether the edits before
	// were made or not, so distances in the edits' offsets are distances
	// here.
	if err := m.copy(w, br, e.Span.Offset-p.off); err != nil {
		return err
	}
	p.off = e.Span.Offset
	switch {
	case e.Old == "" && m.peek(br, e.New):
		// An insertion whose text is there already: made before. (The
		// text it goes before cannot be told from it; better left unmade
		// than made twice.)
		if err := m.copy(w, br, len(e.New)); err != nil {
			return err
		}
		p.res.Done++
	case m.peek(br, e.Old):
		w.WriteString(e.New)
		if err := m.copy(discard{}, br, len(e.Old)); err != nil {
			return err
		}
		p.res.Applied++
	case m.peek(br, e.New):
		if err := m.copy(w, br, len(e.New)); err != nil {
			return err
		}
		p.res.Done++
	default:
		p.res.Stale = append(p.res.Stale, e)
		return nil
	}
	p.off = e.Span.End
	return nil
}

// Close copies the rest of the file and returns what became of the edits.
func (p *Patcher) Close() (PatchResult, error) {
	if _, err := io.Copy(p.w, p.br); err != nil {
		return p.res, err
	}
	return p.res, p.w.Flush()
}

// A mapper walks the bytes of a file in step with the decoded text whose
// offsets the edits count.
type mapper struct {
	utf8 bool
	cm   *charmap.Charmap
}

func newMapper(enc string) (*mapper, error) {
	switch enc {
	case "UTF-8", "US-ASCII":
		return &mapper{utf8: true}, nil
	}
	e, _, err := charset.LookupEncoding(enc)
	if err != nil {
		return nil, err
	}
	cm, ok := e.(*charmap.Charmap)
	if !ok {
		return nil, fmt.Errorf("fix writes UTF-8 and single-byte charsets; %s is neither", enc)
	}
	return &mapper{cm: cm}, nil
}

// byteWriter is what copy writes to.
type byteWriter interface {
	io.Writer
	io.ByteWriter
}

// discard is io.Discard with WriteByte.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
func (discard) WriteByte(byte) error        { return nil }

// copy copies from r to w the bytes that decode to n bytes of text.
func (m *mapper) copy(w byteWriter, r *bufio.Reader, n int) error {
	if m.utf8 {
		_, err := io.CopyN(w, r, int64(n))
		return noEOF(err)
	}
	for n > 0 {
		c, err := r.ReadByte()
		if err != nil {
			return noEOF(err)
		}
		n -= utf8.RuneLen(m.cm.DecodeByte(c))
		w.WriteByte(c)
	}
	return nil
}

// peek reports whether the bytes ahead in r decode to text, consuming
// nothing.
func (m *mapper) peek(r *bufio.Reader, text string) bool {
	if m.utf8 {
		b, _ := r.Peek(len(text))
		return string(b) == text
	}
	// A single-byte charset: a byte decodes to at least one byte of text.
	b, _ := r.Peek(len(text))
	var got []byte
	for _, c := range b {
		if len(got) >= len(text) {
			break
		}
		got = utf8.AppendRune(got, m.cm.DecodeByte(c))
	}
	return string(got) == text
}

func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
