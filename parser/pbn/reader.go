package pbn

import (
	"bytes"
	"io"
	"iter"
	"strings"
	"sync"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/charset"
	"github.com/bridgekit/bridgekit/parser/internal/scan"
)

// Reader reads the games of a PBN file one at a time, so that memory does
// not grow with the file. A Reader is not safe for concurrent use, but the
// games it returns are independent of it and of each other.
type Reader struct {
	filename string
	src      io.Reader
	encoding string // given by UseEncoding; "" to find it

	started bool
	err     error // a read error, returned once
	dec     io.Reader
	enc     charset.Encoding
	split   *pbnSplitter
	p       *pbnParser
	res     Resolver // of the games Games returns
	games   int

	header  []*Escape // the % lines of text before the first game
	trailer *Game
	diags   diag.List
}

// NewReader returns a reader of the PBN text r. The filename is only used in
// positions. Nothing is read until the first call of a method.
func NewReader(r io.Reader, filename string) *Reader {
	return &Reader{filename: filename, src: r}
}

// UseEncoding makes the reader decode its input as the named encoding
// (see DecodeAs) rather than find one. Call it before reading.
func (r *Reader) UseEncoding(name string) { r.encoding = name }

// start decodes the input on first use.
func (r *Reader) start() {
	if r.started {
		return
	}
	r.started = true
	dec, enc, err := charset.DecodeAs(r.src, r.encoding)
	if err != nil {
		r.err = err
		return
	}
	r.dec, r.enc = dec, enc
	r.split = newPBNSplitter(dec)
}

// charset.Encoding returns the character encoding the input was decoded from, and
// why it was chosen. Once the input has been read it includes what only the
// whole input could show (see charset.EncodingReporter).
func (r *Reader) Encoding() charset.Encoding {
	r.start()
	if rep, ok := r.dec.(charset.EncodingReporter); ok {
		return rep.Encoding()
	}
	return r.enc
}

// Header returns the % lines that come before the first tag pair of the
// file (version, export and charset declarations, generator lines). It is
// complete once Games has returned its first game, or finished. A reader
// read with GameTexts leaves the header to the Resolver of its games.
func (r *Reader) Header() []*Escape {
	if r.res.headed {
		return r.res.header
	}
	return r.header
}

// Trailer returns what follows the last game without belonging to one:
// commentary, prose and % lines, as a game with no tag pairs and Index 0;
// nil when there is nothing. It is known once Games has finished. What is
// wrong in it is reported in the reader's Diagnostics.
func (r *Reader) Trailer() *Game { return r.trailer }

// Diagnostics returns what the reader found about the file as a whole: the
// encoding it chose and why (an Info with code "encoding", first), and
// problems in text that belongs to no game. Diagnostics about a game are on
// the game.
func (r *Reader) Diagnostics() diag.List {
	r.start()
	if r.err != nil && r.dec == nil {
		return r.diags
	}
	enc := r.Encoding()
	d := diag.List{{
		File: r.filename, Severity: diag.Info, Code: "encoding",
		Message: "read as " + enc.Name + ": " + enc.Reason,
	}}
	return append(d, r.diags...)
}

// Games returns an iterator over the games of the file, in order. The error
// is only ever an I/O error, after which the iteration stops; syntax
// problems are Diagnostics of the game they occur in. Iterating again
// continues where the previous iteration stopped.
func (r *Reader) Games() iter.Seq2[*Game, error] {
	return func(yield func(*Game, error) bool) {
		for t, err := range r.GameTexts() {
			var g *Game
			if t != nil {
				g = r.parser().parse(t, nil)
				r.res.Resolve(g)
			}
			if !yield(g, err) {
				return
			}
		}
	}
}

// A GameText is the text of one game as the reader cut it from the file,
// not yet read: see GameTexts.
type GameText struct {
	Index  int      // 1-based number of the game in its file
	Pos    diag.Pos // of the first character of Source
	Source string   // the game's decoded text

	dropped int  // bytes beyond the game size limit, not in Source
	noBlank bool // no semi-empty line before the game (pbnChunk.noBlank)
	mixed   bool // pbnChunk.mixed
	// facts and plain are pbnChunk's; facts is nil when not known, and
	// once the game is read (dropFacts).
	facts   []lineFact
	factBox *[]lineFact // facts' memory, from factPool
	plain   bool
}

// factPool keeps the memory of games' line facts: they are needed only
// until a game is read, and allocated anew for each they were a tenth of
// what an audit of PBN allocated.
var factPool = sync.Pool{New: func() any { return new([]lineFact) }}

// dropFacts gives t's facts back to factPool once its game is read; a
// reading after it (a game read again once resolved) finds the lines
// itself.
func (t *GameText) dropFacts() {
	if t.factBox != nil {
		*t.factBox = t.facts[:0]
		factPool.Put(t.factBox)
	}
	t.facts, t.factBox = nil, nil
}

// GameTexts returns an iterator over the texts of the games of the file,
// in order, unread, for a caller that reads them in several goroutines: each
// reads texts with a Parser of its own, in any order, and a Resolver
// then takes the games in file order. Reading all of a file's games this
// way gives the games Games gives. The error is as for Games. A reader is
// read with Games or with GameTexts, not both.
func (r *Reader) GameTexts() iter.Seq2[*GameText, error] {
	return func(yield func(*GameText, error) bool) {
		for {
			t, err := r.next()
			if t == nil && err == nil || !yield(t, err) || err != nil {
				return
			}
		}
	}
}

// next returns the text of the next game, nil at the end of the input, or
// an I/O error.
func (r *Reader) next() (*GameText, error) {
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
		c.mixed = r.split.loneCR && r.split.sawLF
		if !c.hasTag {
			r.loose(c)
			continue
		}
		r.games++
		return chunkText(c, r.games), nil
	}
}

// parser returns the reader's parser of games and of text outside them,
// made on first use: a reader read with GameTexts mostly needs none.
func (r *Reader) parser() *pbnParser {
	if r.p == nil {
		r.p = newPBNParser(r.filename)
	}
	return r.p
}

// chunkText copies the text of chunk c, which is valid only until the
// splitter's next call, into the text of game index (0 for text without a
// game).
func chunkText(c pbnChunk, index int) *GameText {
	t := &GameText{Index: index, Pos: c.pos, Source: string(c.text), dropped: c.size - len(c.text), noBlank: c.noBlank, mixed: c.mixed, plain: c.plain}
	if c.facts != nil {
		t.factBox = factPool.Get().(*[]lineFact)
		t.facts = append((*t.factBox)[:0], c.facts...)
	}
	return t
}

// A Parser reads the texts of a file's games (see GameTexts) into games,
// apart from what a game takes from the games before it: a tag written "#"
// keeps its text as Value, and the game has no Implicit tags, until a
// Resolver resolves it. A Parser keeps scratch memory from game to
// game; it is not safe for concurrent use, but several may read the games
// of one file at once.
type Parser struct{ p *pbnParser }

// NewParser returns a parser of games of the named file; the name is
// only used in positions.
func NewParser(filename string) *Parser { return &Parser{p: newPBNParser(filename)} }

// UseArena makes the parser read the games it parses from now on into a,
// or, with a nil a, into memory of their own. See Arena for what may
// then be done with them.
func (p *Parser) UseArena(a *Arena) { p.p.arena = a }

// Parse reads the game of t. Problems are Diagnostics of the game.
func (p *Parser) Parse(t *GameText) *Game { return p.p.parse(t, nil) }

// A Resolver completes the games a Parser read with what they take
// from the games before them (PBN §9.3): the values of tags written "#",
// the tags the game inherits from a "##" value, and the tables whose column
// list is written "#". It also takes the file's header from the first game.
// It must be given every game of a file, in file order. The zero value is
// ready to use.
type Resolver struct {
	h      pbnInherit
	p      *pbnParser // reads again the games that need it
	header []*Escape
	headed bool
}

// Resolve completes g, the next game of the file. It must come before any
// other use of g: a game whose table columns are inherited is read again,
// and what was added to it before is lost.
func (r *Resolver) Resolve(g *Game) {
	if r.h.last == nil {
		r.h.init()
	}
	switch {
	case g.redo != nil:
		if r.p == nil {
			r.p = newPBNParser(g.Filename)
		}
		*g = *r.p.parse(g.redo, &r.h)
	case g.Index > 0:
		r.h.apply(g)
	}
	if g.Index == 1 {
		r.header, r.headed = takeHeader(g), true
	}
}

// Header returns the % lines before the first tag pair of the file, taken
// from the first game once it is resolved.
func (r *Resolver) Header() []*Escape { return r.header }

// loose keeps text without any tag pair: the end of the file, or text cut
// off by the size limit, which is reported and dropped.
func (r *Reader) loose(c pbnChunk) {
	if c.size > len(c.text) {
		r.diags.AddUpTo(scan.MaxFileDiagnostics, diag.Diagnostic{
			File: r.filename, Span: diag.Span{Pos: c.pos}, Severity: diag.Error, Code: "game-too-large",
			Message: "text without tag pairs larger than the game size limit skipped",
		})
		return
	}
	g := r.parser().parse(chunkText(c, 0), nil)
	if r.games == 0 {
		r.header, g.Escapes = append(r.header, g.Escapes...), nil
	}
	for _, d := range g.Diagnostics {
		r.diags.AddUpTo(scan.MaxFileDiagnostics, d)
	}
	g.Diagnostics, g.Incomplete = nil, false
	if len(g.Leading)+len(g.Prose)+len(g.Escapes) > 0 {
		r.trailer = g
	}
}

// takeHeader moves the first game's escape lines that come before its first
// tag pair out of the game, and returns them: the file header.
func takeHeader(g *Game) []*Escape {
	first := g.End.Offset
	if len(g.Tags) > 0 {
		first = g.Tags[0].Pos.Offset
	}
	n := 0
	for n < len(g.Escapes) && g.Escapes[n].Pos.Offset < first {
		n++
	}
	header := g.Escapes[:n:n]
	g.Escapes = g.Escapes[n:]
	return header
}

// File is a whole PBN file read into memory by Parse.
type File struct {
	Filename    string
	Encoding    charset.Encoding
	Header      []*Escape // the % lines before the first tag pair
	Games       []*Game
	Trailer     *Game     // what follows the last game, or nil (see Reader.Trailer)
	Diagnostics diag.List // about the file as a whole; those about a game are on the game
}

// Parse reads a whole PBN file held in memory. It never fails: problems
// are Diagnostics of the file or of its games.
func Parse(src []byte, filename string) *File {
	r := NewReader(bytes.NewReader(src), filename)
	f := &File{Filename: filename, Encoding: r.Encoding()}
	for g := range r.Games() {
		f.Games = append(f.Games, g)
	}
	f.Header, f.Trailer, f.Diagnostics = r.Header(), r.Trailer(), r.Diagnostics()
	return f
}

// Version returns the PBN version a header declares ("2.1"), or "".
func Version(header []*Escape) string {
	for _, e := range header {
		if e.Kind == EscapeVersion {
			return strings.TrimSpace(e.Arg)
		}
	}
	return ""
}
