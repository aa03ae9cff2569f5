// Package format writes PBN and LIN files in bridgekit's canonical form,
// as go/format does Go source: PBN in the export format of PBN 2.1
// (UTF-8, CRLF), LIN in the layout BBO writes, each board read, replayed
// and written back by the convert package's writers.
//
// A file with any syntax error (text its reader could not read) is never
// formatted, since that text would be lost; nor is one that is neither PBN
// nor LIN. [Source] formats a whole file in memory; a [Formatter] formats
// one input as its parts arrive from corpus.Audit, which is what
// `bridgekit fmt` does. Both are the same code, so that what the tests and
// the fuzzer check is what users run.
package format

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/bridgekit/bridgekit/convert"
	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser"
	"github.com/bridgekit/bridgekit/record"
)

// Options are what corpus.AuditOptions a Formatter needs from the audit
// that feeds it: the boards themselves, every finding, and no search for
// duplicates.
var Options = corpus.AuditOptions{Boards: true, SkipDuplicates: true, AllFindings: true}

// A RefusedError says why a file was not formatted.
type RefusedError struct {
	File string
	// Syntax are the reader's syntax errors; their count is all there is
	// when Syntax is empty and Reason is set.
	Syntax []diag.Diagnostic
	Reason string // why, when not for syntax errors
}

// Error says why the file was not formatted, with the first syntax error.
func (e *RefusedError) Error() string {
	switch {
	case len(e.Syntax) > 0 && e.Syntax[0].Line == 0:
		return e.File + ": not formatted: " + e.Syntax[0].Message // no record at all
	case len(e.Syntax) > 0:
		first := e.Syntax[0]
		n := "1 syntax error"
		if len(e.Syntax) > 1 {
			n = fmt.Sprintf("%d syntax errors", len(e.Syntax))
		}
		return fmt.Sprintf("%s: not formatted: %s, the first at %d:%d: %s", e.File, n, first.Line, first.Col, first.Message)
	}
	return e.File + ": not formatted: " + e.Reason
}

// boardWriter is what the PBN and LIN writers have in common.
type boardWriter interface {
	WriteBoard(*record.Board) error
	Close() error
}

// A Formatter formats one input, written to dst as its parts are given.
// Nothing is known to be good until Close: a caller that must not write a
// refused file's text anywhere gives a dst it can discard.
type Formatter struct {
	name    string
	w       boardWriter
	pbn     *convert.PBNWriter
	syntax  []diag.Diagnostic
	boards  int
	refused string
	err     error // the first write error
}

// New returns a Formatter of the input whose first part is p, writing to
// dst. An input that is not PBN or LIN is refused at Close.
func New(dst io.Writer, p *corpus.Part) *Formatter {
	f := &Formatter{name: p.Name}
	switch p.Format {
	case parser.PBN:
		f.pbn = convert.NewPBNWriter(dst, convert.PBNWriterOptions{})
		f.w = f.pbn
	case parser.LIN:
		f.w = convert.NewLINWriter(dst, convert.LINWriterOptions{})
	case parser.HTML:
		f.refused = "an HTML page, not a PBN or LIN file"
	default:
		f.refused = "not a PBN or LIN file"
	}
	return f
}

// Refuse makes the Formatter refuse the input for reason, unless it
// already does.
func (f *Formatter) Refuse(reason string) {
	if f.refused == "" {
		f.refused = reason
	}
}

// Part formats the next part of the input. The syntax errors of every
// part are kept for Close; once there is one, nothing more is written.
func (f *Formatter) Part(p *corpus.Part) {
	for d := range p.All() {
		if d.Code.IsSyntax() {
			f.syntax = append(f.syntax, d)
		}
	}
	if p.Err != nil && f.err == nil {
		f.err = p.Err
	}
	if f.refused != "" || len(f.syntax) > 0 || f.err != nil {
		return
	}
	for _, b := range p.Boards {
		if err := f.w.WriteBoard(b.Board); err != nil {
			f.refused = err.Error() // a board that cannot be written, or dst's write error
			return
		}
		f.boards++
	}
	if f.pbn != nil && p.Trailer != nil {
		if err := f.pbn.WriteTrailer(p.Trailer.Escapes, p.Trailer.Leading); err != nil {
			f.refused = err.Error()
		}
	}
}

// Close finishes the text. It returns a *RefusedError when the input is
// not formatted, or the error that broke off its reading.
func (f *Formatter) Close() error {
	if f.err != nil {
		return f.err
	}
	if f.refused == "" && f.pbn == nil && f.boards == 0 {
		// LIN has no form for a vugraph header or notes without boards:
		// the text would be empty, and the file replaced by nothing.
		f.refused = "no board in it, and LIN cannot hold the rest without one"
	}
	if f.refused == "" && len(f.syntax) == 0 {
		if err := f.w.Close(); err != nil {
			f.refused = err.Error()
		}
	}
	if f.refused != "" || len(f.syntax) > 0 {
		return &RefusedError{File: f.name, Syntax: f.syntax, Reason: f.refused}
	}
	return nil
}

// Source returns src, a whole PBN or LIN file named name, in canonical
// form; the error is a *RefusedError when it cannot be formatted.
func Source(src []byte, name string) ([]byte, error) {
	p := corpus.Process(name, bytes.NewReader(src), Options)
	var out bytes.Buffer
	f := New(&out, p)
	f.Part(p)
	if err := f.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// IsRefused reports whether err says a file was refused.
func IsRefused(err error) bool {
	var re *RefusedError
	return errors.As(err, &re)
}
