package main

import (
	"bufio"
	"io"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/charset"
)

// sourceLines reads the lines of an input for audit --show-source,
// forward: the findings of a file come in the order of their lines, so
// the file is read once, and opened again only for a finding placed
// before the last one shown (a finding about the file, which comes last).
type sourceLines struct {
	in   *corpus.Input
	rc   io.ReadCloser
	sc   *bufio.Scanner
	line int // the number of the line in text
	text []byte
}

// maxSourceLine is the longest line shown: a line of a megabyte (LIN on
// one line) is cut with "…".
const maxSourceLine = 200

// appendCaret appends to b the line of f, indented, and a caret under its
// column; nothing for a finding without a line or an input that cannot be
// opened again (standard input, a link).
func (s *sourceLines) appendCaret(b []byte, in *corpus.Input, f diag.Diagnostic) []byte {
	text, ok := s.lineOf(in, f)
	if !ok {
		return b
	}
	// Up to the column, by characters; tabs kept, so the caret lines up.
	b = append(b, "    "...)
	pad := []byte("    ")
	col, i := 1, 0
	for i < len(text) && col < int(f.Col) {
		r, n := utf8.DecodeRune(text[i:])
		if r == '\t' {
			pad = append(pad, '\t')
		} else {
			pad = append(pad, ' ')
		}
		i += n
		col++
	}
	shown := text
	cut := false
	if utf8.RuneCount(shown) > maxSourceLine {
		j, k := 0, 0
		for k < maxSourceLine && j < len(shown) {
			_, n := utf8.DecodeRune(shown[j:])
			j += n
			k++
		}
		shown, cut = shown[:j], true
	}
	b = append(b, shown...)
	if cut {
		b = append(b, "…"...)
	}
	b = append(b, '\n')
	if col > maxSourceLine+1 {
		return b // the column is past what is shown
	}
	b = append(b, pad...)
	return append(b, '^', '\n')
}

// lineOf returns the text of f's line, without its line end; false for a
// finding without a line or an input that cannot be opened again
// (standard input, a link).
func (s *sourceLines) lineOf(in *corpus.Input, f diag.Diagnostic) ([]byte, bool) {
	if f.Line <= 0 || in.Streamed() {
		return nil, false
	}
	if s.in != in || int(f.Line) < s.line {
		s.close()
		rc, err := in.Open()
		if err != nil {
			return nil, false
		}
		r, _, err := charset.Decode(rc)
		if err != nil {
			rc.Close()
			return nil, false
		}
		s.in, s.rc, s.line = in, rc, 0
		s.sc = bufio.NewScanner(r)
		s.sc.Buffer(make([]byte, 64<<10), 16<<20)
	}
	for s.line < int(f.Line) {
		if !s.sc.Scan() {
			return nil, false
		}
		s.line++
		s.text = s.sc.Bytes()
	}
	text := s.text
	if len(text) > 0 && text[len(text)-1] == '\r' {
		text = text[:len(text)-1]
	}
	return text, true
}

// end returns the position just past f's span when the span lies within
// its line, else the zero Pos: a span's end is a byte offset, which only
// the text turns into a column.
func (s *sourceLines) end(in *corpus.Input, f diag.Diagnostic) diag.Pos {
	n := f.End - f.Offset
	if f.End <= 0 || n <= 0 {
		return diag.Pos{}
	}
	text, ok := s.lineOf(in, f)
	if !ok {
		return diag.Pos{}
	}
	// To the start column, by characters, then n bytes on.
	col, i := int32(1), 0
	for i < len(text) && col < f.Col {
		_, size := utf8.DecodeRune(text[i:])
		i += size
		col++
	}
	if col != f.Col || i+n > len(text) {
		return diag.Pos{}
	}
	return diag.Pos{Offset: f.End, Line: f.Line, Col: col + int32(utf8.RuneCount(text[i:i+n]))}
}

func (s *sourceLines) close() {
	if s.rc != nil {
		s.rc.Close()
	}
	s.in, s.rc, s.sc = nil, nil, nil
}
