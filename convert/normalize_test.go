package convert

import (
	"errors"
	"io"
	"iter"

	"github.com/bridgekit/bridgekit/parser/pbn"
	"github.com/bridgekit/bridgekit/record"
)

// normalizePBN reads the PBN text src and writes it to dst as canonical
// PBN: each game is read (FromPBN, with the follow-up games of a file
// taking their board from the game before), replayed and written by a
// PBNWriter; what follows the last game is written after it. A file
// without games gives the header alone, with the file's own % lines.
//
// A board that cannot be written is skipped and reported; the others are
// written. The error joins the *WriteError of each skipped board, or is
// the first read or write error, which stops the conversion.
//
// It is the writers alone, without the refusals of format.Source, which
// the tests of the writers check on any input; written, when set, gets
// each board once it is written.
func normalizePBN(dst io.Writer, src io.Reader, filename string, opt PBNWriterOptions, written func(*record.Board)) error {
	r := pbn.NewReader(src, filename)
	w := NewPBNWriter(dst, opt)
	var skipped []error
	games := 0
	for b, err := range readPBNBoards(r) {
		if err != nil {
			return err
		}
		games++
		if err := w.WriteBoard(b); err != nil {
			if w.err != nil {
				return err
			}
			skipped = append(skipped, err)
		} else if written != nil {
			written(b)
		}
	}
	var esc []record.Escape
	var comments []record.Comment
	if games == 0 {
		esc = escapes(esc, r.Header())
	}
	if t := r.Trailer(); t != nil {
		esc, comments = escapes(esc, t.Escapes), leadingComments(t)
	}
	if err := w.WriteTrailer(esc, comments); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return errors.Join(skipped...)
}

// readPBNBoards maps the games of r onto boards in order, each follow-up game
// given the board before it (see PBNOptions.Previous). The error is a read
// error, which ends the sequence.
func readPBNBoards(r *pbn.Reader) iter.Seq2[*record.Board, error] {
	return func(yield func(*record.Board, error) bool) {
		var prev *record.Board
		for g, err := range r.Games() {
			if err != nil {
				yield(nil, err)
				return
			}
			b, _ := FromPBN(g, PBNOptions{Header: r.Header(), Previous: prev})
			if !yield(b, nil) {
				return
			}
			prev = b
		}
	}
}
