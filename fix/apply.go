package fix

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"bridgekit/parser/charset"
)

// ErrChanged is the error of Apply when the text at an edit's span is not
// the edit's Old text: the file changed since it was read.
var ErrChanged = errors.New("the text to replace is no longer there")

// Apply copies src, a file read in the encoding named enc (as the reader
// reported it), to dst with edits made, edits being in file order and
// their Old text as Plan found it. It writes UTF-8, US-ASCII and the
// single-byte charsets back in themselves; any other encoding is an error,
// and so is an edit whose text is not all ASCII there.
func Apply(dst io.Writer, src io.Reader, enc string, edits []Edit) error {
	m, err := newMapper(enc)
	if err != nil {
		return err
	}
	br := bufio.NewReader(src)
	w := bufio.NewWriter(dst)
	if m.utf8 {
		if head, _ := br.Peek(3); bytes.Equal(head, []byte("\xEF\xBB\xBF")) {
			w.Write(head) // the byte-order mark, which the decoded text does not count
			br.Discard(3)
		}
	}
	off := 0 // in the decoded text
	for _, e := range edits {
		if e.Span.Offset < off || e.Span.End < e.Span.Offset {
			return fmt.Errorf("%s: edits overlap or are out of order at %s", e.File, e.Span.Pos)
		}
		if err := m.copy(w, br, e.Span.Offset-off); err != nil {
			return err
		}
		var old bytes.Buffer
		if err := m.copy(&old, br, e.Span.End-e.Span.Offset); err != nil {
			return err
		}
		if m.decode(old.Bytes()) != e.Old {
			return fmt.Errorf("%s:%s: %w (%q, not %q)", e.File, e.Span.Pos, ErrChanged, m.decode(old.Bytes()), e.Old)
		}
		for i := 0; i < len(e.New); i++ {
			if e.New[i] >= utf8.RuneSelf {
				return fmt.Errorf("%s:%s: the new text %q is not ASCII", e.File, e.Span.Pos, e.New)
			}
		}
		w.WriteString(e.New)
		off = e.Span.End
	}
	if _, err := io.Copy(w, br); err != nil {
		return err
	}
	return w.Flush()
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

// copy copies from r to w the bytes that decode to n bytes of text.
func (m *mapper) copy(w io.Writer, r *bufio.Reader, n int) error {
	if m.utf8 {
		_, err := io.CopyN(w, r, int64(n))
		return noEOF(err)
	}
	bw := w.(interface{ WriteByte(byte) error })
	for n > 0 {
		c, err := r.ReadByte()
		if err != nil {
			return noEOF(err)
		}
		n -= utf8.RuneLen(m.cm.DecodeByte(c))
		bw.WriteByte(c)
	}
	return nil
}

func (m *mapper) decode(b []byte) string {
	if m.utf8 {
		return string(b)
	}
	out := make([]rune, len(b))
	for i, c := range b {
		out[i] = m.cm.DecodeByte(c)
	}
	return string(out)
}

func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
