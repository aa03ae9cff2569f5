package fix

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/diag"
)

// The patch format: a first line that names it, then one hunk per edit,
// in the order of the files and, within a file, of the edits:
//
//	bridgekit patch 1
//	@@ events/final.pbn · game 3 · board 7 · 812:11 · bytes 20345-20349 · contract
//	- "4H"
//	+ "4HX"
//	# contract-mismatch: the file's contract is 4H, the auction gives 4HX by N: …
//
// The @@ line names the file as fix was given it, the game and the board's
// label ("" when it has none), the place of the value (line:column, and
// its span in bytes of the file's text decoded to UTF-8), and the kind of
// fix; the - and + lines the text there and the text to put there; the #
// line the evidence. Lines starting with # elsewhere are comments. An
// insertion has an empty - line, a removal an empty + line ("-" or "+"
// alone reads as empty too, for editors that cut trailing blanks); a text
// that ends in a blank ("Pass ") keeps it. In the - and + lines a line end
// is written \n (\r for a carriage return, \t for a tab) and a backslash
// \\: a removal of whole lines of calls says the line ends it takes.
const patchHeader = "bridgekit patch 1"

const sep = " · "

// WritePatch writes edits as a patch.
func WritePatch(w io.Writer, edits []Edit) error {
	pw := NewPatchWriter(w)
	for _, e := range edits {
		if err := pw.Write(e); err != nil {
			return err
		}
	}
	return pw.Close()
}

// A PatchWriter writes a patch one hunk at a time, so that a patch of any
// size is written as the edits are found.
type PatchWriter struct {
	bw      *bufio.Writer
	started bool
	hunk    []byte
}

// NewPatchWriter returns a PatchWriter writing to w.
func NewPatchWriter(w io.Writer) *PatchWriter { return &PatchWriter{bw: bufio.NewWriter(w)} }

// Write writes e's hunk, after the patch's first line.
func (pw *PatchWriter) Write(e Edit) error {
	if !pw.started {
		pw.bw.WriteString(patchHeader + "\n")
		pw.started = true
	}
	// A name or label with "·" at an end would run into the separators
	// around it: padded, it must hold none.
	if strings.ContainsAny(e.File, "\n\r") || strings.ContainsAny(e.Board, "\n\r") ||
		strings.Contains(" "+e.File+" ", sep) || strings.Contains(" "+e.Board+" ", sep) {
		return fmt.Errorf("%s: edit at %s cannot be written as one patch line", e.File, e.Span.Pos)
	}
	// Built by hand: a file with hundreds of thousands of fixes writes as
	// many hunks.
	b := append(pw.hunk[:0], "@@ "...)
	b = append(append(append(b, e.File...), sep+"game "...), strconv.Itoa(e.Game)...)
	b = append(append(append(b, sep+"board "...), e.Board...), sep...)
	b = strconv.AppendInt(append(strconv.AppendInt(b, int64(e.Span.Line), 10), ':'), int64(e.Span.Col), 10)
	b = strconv.AppendInt(append(strconv.AppendInt(append(b, sep+"bytes "...), int64(e.Span.Offset), 10), '-'), int64(e.Span.End), 10)
	b = append(append(append(b, sep...), e.Kind...), "\n- "...)
	b = append(appendEscaped(append(appendEscaped(b, e.Old), "\n+ "...), e.New), "\n# "...)
	b = append(appendOneLine(b, e.Reason), '\n')
	pw.hunk = b
	_, err := pw.bw.Write(b)
	return err
}

// appendEscaped appends s with its line ends, tabs and backslashes
// escaped.
func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			b = append(b, `\\`...)
		case '\n':
			b = append(b, `\n`...)
		case '\r':
			b = append(b, `\r`...)
		case '\t':
			b = append(b, `\t`...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// unescape reads a text appendEscaped wrote.
func unescape(s string) (string, error) {
	if !strings.Contains(s, `\`) {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i++; i == len(s) {
			return "", fmt.Errorf("a backslash ends %q", s)
		}
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		default:
			return "", fmt.Errorf("%q: \\%c is no escape (\\n, \\r, \\t, \\\\)", s, s[i])
		}
	}
	return b.String(), nil
}

// appendOneLine appends s with each run of ASCII white space made one
// blank and none at the ends.
func appendOneLine(b []byte, s string) []byte {
	blank := false
	start := len(b)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\n', '\r', '\v', '\f':
			blank = len(b) > start
		default:
			if blank {
				b, blank = append(b, ' '), false
			}
			b = append(b, c)
		}
	}
	return b
}

// Close writes what is buffered; a patch of no edits is its first line.
func (pw *PatchWriter) Close() error {
	if !pw.started {
		pw.bw.WriteString(patchHeader + "\n")
		pw.started = true
	}
	return pw.bw.Flush()
}

// ReadPatch reads a whole patch that a PatchWriter wrote; name is the
// patch's, for errors.
func ReadPatch(r io.Reader, name string) ([]Edit, error) {
	pr := NewPatchReader(r, name)
	var edits []Edit
	for {
		e, err := pr.Next()
		if err == io.EOF {
			return edits, nil
		}
		if err != nil {
			return nil, err
		}
		edits = append(edits, e)
	}
}

// A PatchReader reads a patch one hunk at a time, so that a patch of any
// size is applied in the memory of one edit.
type PatchReader struct {
	sc      *bufio.Scanner
	name    string
	line    int
	started bool
}

// NewPatchReader returns a PatchReader of the patch r; name is the
// patch's, for errors.
func NewPatchReader(r io.Reader, name string) *PatchReader {
	sc := bufio.NewScanner(r)
	// No buffer of our own: the scanner's grows from 4 KiB as lines need,
	// where one of 64 KiB made for every file took an eighth of fix -l's
	// time over an archive of small files, to clear it.
	sc.Buffer(nil, 1<<20)
	return &PatchReader{sc: sc, name: name}
}

// next returns the next line that is not blank.
func (pr *PatchReader) next() (string, bool) {
	for pr.sc.Scan() {
		pr.line++
		if t := pr.sc.Text(); t != "" {
			return t, true
		}
	}
	return "", false
}

func (pr *PatchReader) bad(why string) error { return fmt.Errorf("%s:%d: %s", pr.name, pr.line, why) }

// Next returns the patch's next edit, or io.EOF after the last.
func (pr *PatchReader) Next() (Edit, error) {
	if !pr.started {
		pr.started = true
		if t, ok := pr.next(); !ok || t != patchHeader {
			if err := pr.sc.Err(); err != nil {
				return Edit{}, err
			}
			return Edit{}, pr.bad("not a bridgekit patch (it starts with " + strconv.Quote(patchHeader) + ")")
		}
	}
	for {
		t, ok := pr.next()
		if !ok {
			if err := pr.sc.Err(); err != nil {
				return Edit{}, err
			}
			return Edit{}, io.EOF
		}
		if strings.HasPrefix(t, "#") {
			continue
		}
		e, err := parseHunkHead(t)
		if err != nil {
			return Edit{}, pr.bad(err.Error())
		}
		for _, f := range []struct {
			prefix string
			v      *string
		}{{"- ", &e.Old}, {"+ ", &e.New}, {"# ", &e.Reason}} {
			t, ok := pr.next()
			if t == strings.TrimSpace(f.prefix) {
				t = f.prefix // an empty text, its line's blank cut by an editor
			}
			if !ok || !strings.HasPrefix(t, f.prefix) {
				return Edit{}, pr.bad("a hunk needs its " + strconv.Quote(f.prefix) + " line here")
			}
			*f.v = t[len(f.prefix):]
		}
		var err1, err2 error
		e.Old, err1 = unescape(e.Old)
		e.New, err2 = unescape(e.New)
		if err := cmp.Or(err1, err2); err != nil {
			return Edit{}, pr.bad(err.Error())
		}
		return e, nil
	}
}

// parseHunkHead reads an @@ line.
func parseHunkHead(t string) (Edit, error) {
	var e Edit
	if !strings.HasPrefix(t, "@@ ") {
		return e, fmt.Errorf("%q is not a hunk's @@ line", t)
	}
	parts := strings.Split(t[3:], sep)
	if len(parts) < 6 {
		return e, fmt.Errorf("%q: want file · game · board · line:col · bytes · kind", t)
	}
	n := len(parts)
	e.File = strings.Join(parts[:n-5], sep)
	game, board, place, span, kind := parts[n-5], parts[n-4], parts[n-3], parts[n-2], parts[n-1]
	var err error
	if e.Game, err = strconv.Atoi(strings.TrimPrefix(game, "game ")); err != nil {
		return e, fmt.Errorf("%q: bad game", game)
	}
	e.Board = strings.TrimPrefix(board, "board ")
	var p diag.Pos
	line, col, ok := cutInts(place, ":")
	if !ok {
		return e, fmt.Errorf("%q: bad line:column", place)
	}
	p.Line, p.Col = diag.Clamp(line), diag.Clamp(col)
	off, end, ok := cutInts(strings.TrimPrefix(span, "bytes "), "-")
	if !ok || !strings.HasPrefix(span, "bytes ") || end < off {
		return e, fmt.Errorf("%q: bad byte span", span)
	}
	p.Offset = off
	e.Span = diag.Span{Pos: p, End: end}
	if e.Kind, err = ParseKind(kind); err != nil {
		return e, err
	}
	return e, nil
}

// cutInts reads two decimal numbers that sep separates.
func cutInts(s, sep string) (a, b int, ok bool) {
	as, bs, ok := strings.Cut(s, sep)
	if !ok {
		return 0, 0, false
	}
	a, err1 := strconv.Atoi(as)
	b, err2 := strconv.Atoi(bs)
	return a, b, err1 == nil && err2 == nil && a >= 0 && b >= 0
}
