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

// ErrUnmapped is the error of a Patcher whose file holds, before an edit,
// text whose bytes do not map one to one onto the decoded text the edits'
// offsets count: a byte that is not UTF-8 in a file read as UTF-8, read
// by the decoder as an 8-bit character of some other charset. The places
// after it cannot be found in the file's bytes, so nothing is made.
var ErrUnmapped = errors.New("the file's bytes do not map onto the text its places count")

// Apply copies src, a file read in the encoding named enc (as the reader
// reported it), to dst with edits made, edits being in file order and
// their Old text as Plan found it. It writes UTF-8, US-ASCII and the
// single-byte charsets back in themselves; any other encoding is an error,
// and so is an edit whose text is not all ASCII, one whose Old text is not
// at its span (ErrChanged), and a file whose places cannot be mapped
// (ErrUnmapped). Unlike Patch, every edit must be made: an edit planned on
// this very text cannot have been made before, so a text that reads as
// made (the passes an insertion adds, already there) says the plan and
// the text disagree.
func Apply(dst io.Writer, src io.Reader, enc string, edits []Edit) error {
	p, err := NewPatcher(dst, src, enc)
	if err != nil {
		return err
	}
	for _, e := range edits {
		if err := p.make(e); err != nil {
			return err
		}
	}
	_, err = p.Close()
	return err
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
			_, err = p.Close()
			return err
		}
		if err != nil {
			return err
		}
		if err := p.make(e); err != nil {
			return err
		}
	}
}

// make makes e or fails: Apply's strict Edit.
func (p *Patcher) make(e Edit) error {
	o, err := p.edit(e, true)
	if err == nil && o != Made {
		err = fmt.Errorf("%s:%s: %w (%s)", e.File, e.Span.Pos, ErrChanged, e.Old)
	}
	return err
}

// An Outcome is what a Patcher made of one edit.
type Outcome uint8

// The outcomes of an edit.
const (
	Made        Outcome = iota // its Old text was at its span, and is replaced
	AlreadyMade                // its New text was there: made before
	Stale                      // neither was there; left alone
)

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
// nothing the second time. A removal is made only where its Old text
// stands: its New text, empty, is everywhere, so a removal is never taken
// for made. After a stale edit, an insertion is stale too: it has no text
// of its own to show that its place has not moved.
func Patch(dst io.Writer, src io.Reader, enc string, edits []Edit) (PatchResult, error) {
	p, err := NewPatcher(dst, src, enc)
	if err != nil {
		return PatchResult{}, err
	}
	for _, e := range edits {
		if _, err := p.Edit(e); err != nil {
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
	// unsure is set once an edit was stale: the text there changed, maybe
	// in length, so the places after it are not sure to be where the
	// edits say. A replacement is still checked by its Old text; an
	// insertion has none to check, and is stale too.
	unsure bool
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

// Edit makes e, the next edit in file order, or counts it done or stale,
// and says which.
func (p *Patcher) Edit(e Edit) (Outcome, error) { return p.edit(e, false) }

func (p *Patcher) edit(e Edit, strict bool) (Outcome, error) {
	m, br, w := p.m, p.br, p.w
	if e.Span.Offset < p.off || e.Span.End < e.Span.Offset || len(e.Old) != e.Span.End-e.Span.Offset {
		return Stale, fmt.Errorf("%s: edit at %s: its span is out of order or does not hold its text", e.File, e.Span.Pos)
	}
	if e.Old == "" && e.New == "" {
		return Stale, fmt.Errorf("%s: edit at %s changes nothing", e.File, e.Span.Pos)
	}
	if e.Kind == ExportOrder && !m.utf8 && !isASCII(e.New) {
		// The lines an export-order edit moves are the file's own, in
		// UTF-8 here: written back as they are, they would not be the
		// file's bytes in its 8-bit character set.
		return Stale, fmt.Errorf("%s:%s: export-order moves text that is not ASCII in a file that is not UTF-8", e.File, e.Span.Pos)
	}
	for i := 0; i < len(e.New) && e.Kind != ExportOrder; i++ {
		if e.New[i] >= utf8.RuneSelf || e.New[i] == '\n' || e.New[i] == '\r' {
			return Stale, fmt.Errorf("%s:%s: the new text %q is not one line of ASCII", e.File, e.Span.Pos, e.New)
		}
	}
	// The text between two edits is the same whether the edits before
	// were made or not, so distances in the edits' offsets are distances
	// here.
	if err := m.copy(w, br, e.Span.Offset-p.off); err != nil {
		return Stale, fmt.Errorf("%s:%s: %w", e.File, e.Span.Pos, err)
	}
	p.off = e.Span.Offset
	var o Outcome
	switch {
	case e.Old == "" && p.unsure:
		p.res.Stale = append(p.res.Stale, e)
		return Stale, nil
	case !strict && e.Old == "" && m.peek(br, e.New):
		// An insertion whose text is there already: made before. (The
		// text it goes before cannot be told from it; better left unmade
		// than made twice.)
		if err := m.copy(w, br, len(e.New)); err != nil {
			return Stale, err
		}
		o = AlreadyMade
	case m.peek(br, e.Old):
		w.WriteString(e.New)
		if err := m.copy(discard{}, br, len(e.Old)); err != nil {
			return Stale, err
		}
		o = Made
	case !strict && e.New != "" && m.peek(br, e.New):
		if err := m.copy(w, br, len(e.New)); err != nil {
			return Stale, err
		}
		o = AlreadyMade
	default:
		p.res.Stale = append(p.res.Stale, e)
		p.unsure = true
		return Stale, nil
	}
	if o == Made {
		p.res.Applied++
	} else {
		p.res.Done++
	}
	p.off = e.Span.End
	return o, nil
}

// Close copies the rest of the file and returns what became of the edits.
func (p *Patcher) Close() (PatchResult, error) {
	if _, err := io.Copy(p.w, p.br); err != nil {
		return p.res, err
	}
	return p.res, p.w.Flush()
}

// A mapper walks the bytes of a file in step with the decoded text whose
// offsets the edits count. Two things make the two differ, and the mapper
// follows both: a single-byte charset's byte decodes to one to three
// bytes of UTF-8, and the PBN reader reads a lone CR (an old Mac line
// end) as a line end, LF, so that an edit's text holds LF where the file
// holds CR. A byte that is not UTF-8 in a UTF-8 file is ErrUnmapped: the
// decoder read it in a charset of its choosing.
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
	if !m.utf8 {
		for n > 0 {
			c, err := r.ReadByte()
			if err != nil {
				return noEOF(err)
			}
			n -= utf8.RuneLen(m.cm.DecodeByte(c))
			w.WriteByte(c)
		}
		if n < 0 {
			return errors.New("an edit's place falls inside a character")
		}
		return nil
	}
	for n > 0 {
		b, err := r.Peek(min(n, r.Size()))
		if len(b) == 0 {
			return noEOF(err)
		}
		k := validPrefix(b)
		if k == 0 {
			// b starts with a sequence that n cuts, or with a byte that
			// starts none.
			full, _ := r.Peek(utf8.UTFMax)
			if _, size := utf8.DecodeRune(full); size > 1 {
				return errors.New("an edit's place falls inside a character")
			}
			return fmt.Errorf("%w: byte %#x before the place is not UTF-8", ErrUnmapped, full[0])
		}
		w.Write(b[:k])
		r.Discard(k)
		n -= k
	}
	return nil
}

// validPrefix returns the length of the longest prefix of b made of
// complete, valid UTF-8 sequences.
func validPrefix(b []byte) int {
	i := 0
	for i < len(b) {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		i += size
	}
	return i
}

// peek reports whether the bytes ahead in r decode to text, consuming
// nothing.
func (m *mapper) peek(r *bufio.Reader, text string) bool {
	// A byte decodes to at least one byte of text; one more tells a lone
	// CR from one of a CRLF.
	b, _ := r.Peek(len(text) + 1)
	got := make([]byte, 0, len(text))
	for i := 0; i < len(b) && len(got) < len(text); i++ {
		c := b[i]
		switch {
		case c == '\r' && (i+1 == len(b) || b[i+1] != '\n'):
			// A lone CR: at the end of the input, or before another
			// byte. (A peek cut short before its LF cannot be: each
			// byte is at least one byte of text, so b holds one byte
			// more than the loop reads.)
			got = append(got, '\n')
		case m.utf8 || c < utf8.RuneSelf:
			got = append(got, c)
		default:
			got = utf8.AppendRune(got, m.cm.DecodeByte(c))
		}
	}
	return string(got) == text
}

func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
