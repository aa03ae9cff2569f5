package fix

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"bridgekit/diag"
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
// that ends in a blank ("Pass ") keeps it.
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
}

// NewPatchWriter returns a PatchWriter writing to w.
func NewPatchWriter(w io.Writer) *PatchWriter { return &PatchWriter{bw: bufio.NewWriter(w)} }

// Write writes e's hunk, after the patch's first line.
func (pw *PatchWriter) Write(e Edit) error {
	if !pw.started {
		pw.bw.WriteString(patchHeader + "\n")
		pw.started = true
	}
	if strings.ContainsAny(e.File+e.Board+e.Old+e.New, "\n\r") || strings.Contains(e.File, sep) {
		return fmt.Errorf("%s: edit at %s cannot be written as one patch line", e.File, e.Span.Pos)
	}
	_, err := fmt.Fprintf(pw.bw, "@@ %s%sgame %d%sboard %s%s%d:%d%sbytes %d-%d%s%s\n- %s\n+ %s\n# %s\n",
		e.File, sep, e.Game, sep, e.Board, sep, e.Span.Line, e.Span.Col, sep, e.Span.Offset, e.Span.End, sep, e.Kind,
		e.Old, e.New, strings.Join(strings.Fields(e.Reason), " "))
	return err
}

// Close writes what is buffered; a patch of no edits is its first line.
func (pw *PatchWriter) Close() error {
	if !pw.started {
		pw.bw.WriteString(patchHeader + "\n")
		pw.started = true
	}
	return pw.bw.Flush()
}

// ReadPatch reads a patch that WritePatch wrote; name is the patch's, for
// errors.
func ReadPatch(r io.Reader, name string) ([]Edit, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	line := 0
	next := func() (string, bool) {
		for sc.Scan() {
			line++
			if t := sc.Text(); t != "" {
				return t, true
			}
		}
		return "", false
	}
	bad := func(why string) error { return fmt.Errorf("%s:%d: %s", name, line, why) }
	if t, ok := next(); !ok || t != patchHeader {
		return nil, bad("not a bridgekit patch (it starts with " + strconv.Quote(patchHeader) + ")")
	}
	var edits []Edit
	for {
		t, ok := next()
		if !ok {
			break
		}
		if strings.HasPrefix(t, "#") {
			continue
		}
		e, err := parseHunkHead(t)
		if err != nil {
			return nil, bad(err.Error())
		}
		for _, f := range []struct {
			prefix string
			v      *string
		}{{"- ", &e.Old}, {"+ ", &e.New}, {"# ", &e.Reason}} {
			t, ok := next()
			if t == strings.TrimSpace(f.prefix) {
				t = f.prefix // an empty text, its line's blank cut by an editor
			}
			if !ok || !strings.HasPrefix(t, f.prefix) {
				return nil, bad("a hunk needs its " + strconv.Quote(f.prefix) + " line here")
			}
			*f.v = t[len(f.prefix):]
		}
		edits = append(edits, e)
	}
	return edits, sc.Err()
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
	if _, err := fmt.Sscanf(place, "%d:%d", &p.Line, &p.Col); err != nil {
		return e, fmt.Errorf("%q: bad line:column", place)
	}
	var end int
	if _, err := fmt.Sscanf(span, "bytes %d-%d", &p.Offset, &end); err != nil || end < p.Offset {
		return e, fmt.Errorf("%q: bad byte span", span)
	}
	e.Span = diag.Span{Pos: p, End: end}
	if e.Kind, err = ParseKind(kind); err != nil {
		return e, err
	}
	return e, nil
}
