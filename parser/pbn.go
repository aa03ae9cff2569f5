package parser

import (
	"bytes"
	"io"
	"iter"
	"strings"
)

// PBNReader reads the games of a PBN file one at a time, so that memory does
// not grow with the file. A PBNReader is not safe for concurrent use, but the
// games it returns are independent of it and of each other.
type PBNReader struct {
	filename string
	src      io.Reader

	started bool
	err     error // a read error, returned once
	dec     io.Reader
	enc     Encoding
	split   *pbnSplitter
	p       *pbnParser
	games   int

	header  []*PBNEscape
	trailer *PBNGame
	diags   Diagnostics
}

// ReadPBN returns a reader of the PBN text r. The filename is only used in
// positions. Nothing is read until the first call of a method.
func ReadPBN(r io.Reader, filename string) *PBNReader {
	return &PBNReader{filename: filename, src: r}
}

// start decodes the input on first use.
func (r *PBNReader) start() {
	if r.started {
		return
	}
	r.started = true
	dec, enc, err := Decode(r.src)
	if err != nil {
		r.err = err
		return
	}
	r.dec, r.enc = dec, enc
	r.split = newPBNSplitter(dec)
	r.p = newPBNParser(r.filename)
}

// Encoding returns the character encoding the input was decoded from, and
// why it was chosen. Once the input has been read it includes what only the
// whole input could show (see EncodingReporter).
func (r *PBNReader) Encoding() Encoding {
	r.start()
	if rep, ok := r.dec.(EncodingReporter); ok {
		return rep.Encoding()
	}
	return r.enc
}

// Header returns the % lines that come before the first tag pair of the
// file (version, export and charset declarations, generator lines). It is
// complete once Games has returned its first game, or finished.
func (r *PBNReader) Header() []*PBNEscape { return r.header }

// Trailer returns what follows the last game without belonging to one:
// commentary, prose and % lines, as a game with no tag pairs and Index 0;
// nil when there is nothing. It is known once Games has finished. What is
// wrong in it is reported in the reader's Diagnostics.
func (r *PBNReader) Trailer() *PBNGame { return r.trailer }

// Diagnostics returns what the reader found about the file as a whole: the
// encoding it chose and why (an Info with code "encoding", first), and
// problems in text that belongs to no game. Diagnostics about a game are on
// the game.
func (r *PBNReader) Diagnostics() Diagnostics {
	r.start()
	if r.err != nil && r.dec == nil {
		return r.diags
	}
	enc := r.Encoding()
	d := Diagnostics{{
		Position: Position{Filename: r.filename}, Severity: Info, Code: "encoding",
		Msg: "read as " + enc.Name + ": " + enc.Reason,
	}}
	return append(d, r.diags...)
}

// Games returns an iterator over the games of the file, in order. The error
// is only ever an I/O error, after which the iteration stops; syntax
// problems are Diagnostics of the game they occur in. Iterating again
// continues where the previous iteration stopped.
func (r *PBNReader) Games() iter.Seq2[*PBNGame, error] {
	return func(yield func(*PBNGame, error) bool) {
		for {
			g, err := r.next()
			if g == nil && err == nil || !yield(g, err) || err != nil {
				return
			}
		}
	}
}

// next returns the next game, nil at the end of the input, or an I/O error.
func (r *PBNReader) next() (*PBNGame, error) {
	r.start()
	for {
		if r.err != nil {
			err := r.err
			r.err = nil
			return nil, err
		}
		if r.split == nil {
			return nil, nil
		}
		c, ok, err := r.split.next()
		if !ok {
			r.split.release()
			r.split = nil
			return nil, err
		}
		r.err = err
		if !c.hasTag {
			r.loose(c)
			continue
		}
		r.games++
		g := r.p.parse(c, r.games)
		if r.games == 1 {
			r.takeHeader(g)
		}
		return g, nil
	}
}

// loose keeps text without any tag pair: the end of the file, or text cut
// off by the size limit, which is reported and dropped.
func (r *PBNReader) loose(c pbnChunk) {
	if c.size > len(c.text) {
		r.diags.Add(&Diagnostic{
			Position: Position{Filename: r.filename, Pos: c.pos}, Severity: Error, Code: "game-too-large",
			Msg: "text without tag pairs larger than the game size limit skipped",
		})
		return
	}
	g := r.p.parse(c, 0)
	if r.games == 0 {
		r.header, g.Escapes = append(r.header, g.Escapes...), nil
	}
	r.diags = append(r.diags, g.Diagnostics...)
	g.Diagnostics, g.Incomplete = nil, false
	if len(g.Leading)+len(g.Prose)+len(g.Escapes) > 0 {
		r.trailer = g
	}
}

// takeHeader moves the first game's escape lines that come before its first
// tag pair to the file header.
func (r *PBNReader) takeHeader(g *PBNGame) {
	first := g.End.Offset
	if len(g.Tags) > 0 {
		first = g.Tags[0].Pos.Offset
	}
	n := 0
	for n < len(g.Escapes) && g.Escapes[n].Pos.Offset < first {
		n++
	}
	r.header = g.Escapes[:n:n]
	g.Escapes = g.Escapes[n:]
}

// PBNFile is a whole PBN file read into memory by ParsePBN.
type PBNFile struct {
	Filename    string
	Encoding    Encoding
	Header      []*PBNEscape // the % lines before the first tag pair
	Games       []*PBNGame
	Trailer     *PBNGame    // what follows the last game, or nil (see PBNReader.Trailer)
	Diagnostics Diagnostics // about the file as a whole; those about a game are on the game
}

// ParsePBN reads a whole PBN file held in memory. It never fails: problems
// are Diagnostics of the file or of its games.
func ParsePBN(src []byte, filename string) *PBNFile {
	r := ReadPBN(bytes.NewReader(src), filename)
	f := &PBNFile{Filename: filename, Encoding: r.Encoding()}
	for g := range r.Games() {
		f.Games = append(f.Games, g)
	}
	f.Header, f.Trailer, f.Diagnostics = r.Header(), r.Trailer(), r.Diagnostics()
	return f
}

// Version returns the PBN version a header declares ("2.1"), or "".
func Version(header []*PBNEscape) string {
	for _, e := range header {
		if e.Kind == EscapeVersion {
			return strings.TrimSpace(e.Arg)
		}
	}
	return ""
}
