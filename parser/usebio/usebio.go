// Package usebio reads USEBIO, the XML results format (versions 1.0 to
// 1.2, published by the English Bridge Union) in which scoring programs
// send a club's or a congress's results to a national federation: the
// event and its sessions and sections, the participants with their totals
// and places, each board's traveller lines, and the deals.
//
// A [Reader] streams the document: it holds one BOARD element at a time
// (with the leaf values of the EVENT, SESSION, SECTION and MATCH it sits
// in, and its section's PARTICIPANTS), never the whole document, and
// yields each as a [Unit]. Deals come in a BOARD's own HAND elements or in
// a HANDSET; a HANDSET after the boards it deals is waited for, holding
// the boards before it up to a bound (see maxHeld). Every element keeps its
// place in the file. Elements the reader does not know are kept in the
// tree and reported once each, never fatal; what is not well-formed XML is
// an error at its place, and ends the reading there.
//
// The meaning of the values (contracts, scores, matchpoints) is package
// convert's and package scoring's: this package knows the document's
// shape. docs/usebio.md lists the elements read.
package usebio

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/charset"
)

// A Node is an element of the document: its name, attributes, the text
// directly inside it (trimmed), its child elements, and its place.
type Node struct {
	Name  string
	Attrs []xml.Attr
	Text  string
	Kids  []*Node
	Pos   diag.Pos // the '<' of its start tag
}

// Child returns the first child element of that name (any case), or nil.
func (n *Node) Child(name string) *Node {
	if n == nil {
		return nil
	}
	for _, k := range n.Kids {
		if strings.EqualFold(k.Name, name) {
			return k
		}
	}
	return nil
}

// All returns the child elements of that name (any case).
func (n *Node) All(name string) []*Node {
	if n == nil {
		return nil
	}
	var out []*Node
	for _, k := range n.Kids {
		if strings.EqualFold(k.Name, name) {
			out = append(out, k)
		}
	}
	return out
}

// Value returns the text of the child element of that name, or else the
// value of the attribute of that name (USEBIO writers put BOARD_NUMBER,
// TEAM_ID and the like either way), and where it is written; ok is false
// when there is neither.
func (n *Node) Value(name string) (v string, at diag.Pos, ok bool) {
	if n == nil {
		return "", diag.Pos{}, false
	}
	if k := n.Child(name); k != nil {
		return k.Text, k.Pos, true
	}
	for _, a := range n.Attrs {
		if strings.EqualFold(a.Name.Local, name) {
			return strings.TrimSpace(a.Value), n.Pos, true
		}
	}
	return "", diag.Pos{}, false
}

// Get returns the value Value finds, or "".
func (n *Node) Get(name string) string {
	v, _, _ := n.Value(name)
	return v
}

// A Unit is one BOARD element with what it needs from around it.
type Unit struct {
	// Board is the BOARD element, with its TRAVELLER_LINEs (and HANDs,
	// where the writer puts the deal there).
	Board *Node
	// Event holds the EVENT element's attributes and leaf values
	// (EVENT_TYPE, BOARD_SCORING_METHOD, EVENT_DESCRIPTION, DATE …);
	// Session, Section and Match those of the SESSION, SECTION and MATCH
	// the board sits in, or nil. Units of one event share them.
	Event, Session, Section, Match *Node
	// Participants is the PARTICIPANTS element of the board's section
	// (or event), shared by its units. Totals is set on the one board of
	// the section that carries its totals: the first after the
	// PARTICIPANTS, or the last when they come after every board.
	Participants *Node
	Totals       bool
	// Hands is the element that deals the board: the BOARD itself when it
	// holds HAND elements, else the HANDSET's BOARD of the same number, or
	// nil.
	Hands *Node
	// Club holds the CLUB element's values, or nil.
	Club *Node
	// Version is the USEBIO root's Version attribute.
	Version string
	// Index is the unit's 1-based place among the file's boards.
	Index int
	// MatchFirst is set on the first board of its MATCH, and EventFirst
	// on the first of its EVENT, which stand for their own numbers.
	MatchFirst, EventFirst bool
	// Field names the scope the board is ranked in, whose participants'
	// totals are checked against the travellers of its boards.
	Field string

	size int // the estimate of the BOARD's memory, for the bound on what is held
}

// maxHeld is how much board text a Reader holds while it waits for a
// HANDSET that may follow the boards; past it, the boards go on without
// their deals, and a HANDSET after them is said not to deal them.
const maxHeld = 2 << 20

// maxNodes bounds the elements kept of one BOARD, PARTICIPANTS or
// HANDSET: a board of a hundred traveller lines keeps about a thousand.
const maxNodes = 1 << 16

// maxText bounds the text kept of one element.
const maxText = 4096

// maxRun bounds a run of text without markup, which the XML decoder
// holds whole: a hostile file's gigabyte of text between two tags.
const maxRun = 16 << 20

// errRun is the error of a run of text longer than maxRun.
var errRun = errors.New("text runs for more than 16 MiB without markup")

// maxUnknown bounds the element names reported as unknown.
const maxUnknown = 64

// maxDepth bounds the nesting of elements: USEBIO's is eight deep.
const maxDepth = 64

// maxKids bounds the child elements read under one element (traveller
// lines of a board, pairs of a section): past it they are counted and
// reported, not held.
const maxKids = 4096

// A Reader reads the units of one USEBIO document.
type Reader struct {
	r     io.Reader
	name  string
	diags diag.List

	d       *xml.Decoder
	lines   lineIndex
	version string
	club    *Node
	// The open elements, and for each the leaf values read so far
	// (EVENT, SESSION, SECTION, MATCH keep theirs for the units inside).
	stack []*Node
	// scopes are the open SECTION, SESSION and EVENT elements that hold
	// boards: each with its PARTICIPANTS, wherever they come in it.
	scopes []*scope
	// Deals by board number from a HANDSET; held boards waiting for one.
	deals     map[string]*Node
	held      []*Unit
	heldBytes int
	flushed   map[string]bool // boards given out before a HANDSET came
	unknown   map[string]bool
	count     int
	lastMatch *Node
	// yielded is the place of the last unit given out, done says all are.
	yielded int
	done    bool
	// kept counts the elements kept of the subtree being read (a BOARD,
	// PARTICIPANTS, a HANDSET), cut says it reached maxNodes.
	kept       int
	cut        bool
	encoding   string
	sawHandset bool
}

// NewReader returns a Reader of the document r, named name in findings.
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{r: r, name: name}
}

// Diagnostics returns what the reader found about the document as a whole
// so far: elements it does not know, a HANDSET that came too late, the
// error that ended the reading. Until the units are all given out, it
// holds back what it found after the last unit given out, so that a
// caller that hands each batch of units the findings it has so far hands
// them in the file's order.
func (r *Reader) Diagnostics() diag.List {
	if r.done {
		return r.diags
	}
	k := len(r.diags)
	for k > 0 && r.diags[k-1].Offset > r.yielded {
		k--
	}
	return r.diags[:k]
}

// Encoding names the encoding the document declares, as read.
func (r *Reader) Encoding() string {
	if r.encoding == "" {
		return "UTF-8"
	}
	return r.encoding
}

func (r *Reader) add(at diag.Pos, sev diag.Severity, code diag.Code, format string, args ...any) {
	r.diags.Add(diag.Diagnostic{File: r.name, Span: diag.Span{Pos: at}, Severity: sev, Code: code, Message: fmt.Sprintf(format, args...)})
}

// The codes of the reader's findings.
const (
	CodeXML     diag.Code = "usebio-xml"     // the text is not well-formed XML
	CodeUnknown diag.Code = "usebio-unknown" // an element USEBIO 1.2 does not define, kept
	CodeLate    diag.Code = "usebio-handset" // a HANDSET after boards given out without their deals
	CodeTooMany diag.Code = "usebio-too-many"
)

// The codes of the findings of a unit's mapping to a board (package
// convert), which are USEBIO's own rules.
const (
	CodeBoardNumber   diag.Code = "usebio-board-number"  // a BOARD without a board number
	CodeDealer        diag.Code = "usebio-dealer"        // a DEALER that is not a seat
	CodeDuplicate     diag.Code = "usebio-duplicate"     // a pair, team, player or national id given twice
	CodeHand          diag.Code = "usebio-hand"          // a HAND whose DIRECTION is not a seat
	CodeMissing       diag.Code = "usebio-missing"       // a traveller line with a contract and no score
	CodePair          diag.Code = "usebio-pair"          // a pair without two players
	CodePlace         diag.Code = "usebio-place"         // a place outside the field it ranks
	CodeVulnerability diag.Code = "usebio-vulnerability" // a VULNERABILITY not of the four
)

// Units yields the board units of the document in order. The error is a
// read error of the input; a document that is not well-formed ends with
// a usebio-xml finding instead.
func (r *Reader) Units() iter.Seq2[*Unit, error] {
	return func(yieldUnit func(*Unit, error) bool) {
		defer func() { r.done = true }()
		r.yielded = -1
		yield := func(u *Unit, err error) bool {
			if u != nil {
				r.yielded = u.Board.Pos.Offset
			}
			return yieldUnit(u, err)
		}
		// The text is decoded here, from the encoding the prolog names,
		// so that the decoder's offsets and the line index count the
		// same UTF-8 bytes.
		br := bufio.NewReaderSize(r.r, 64<<10)
		head, _ := br.Peek(512)
		var text io.Reader = br
		r.encoding = prologEncoding(head)
		if r.encoding != "" {
			enc, name, err := charset.LookupEncoding(r.encoding)
			if err != nil {
				r.add(diag.Pos{Line: 1, Col: 1}, diag.Error, CodeXML, "the encoding %q the prolog names is not one bridgekit knows; the file is not read", r.encoding)
				return
			}
			r.encoding, text = name, enc.NewDecoder().Reader(br)
		}
		cr := &countingReader{r: bufio.NewReader(text), lines: &r.lines}
		r.d = xml.NewDecoder(cr)
		r.d.Strict = true
		r.d.CharsetReader = func(string, io.Reader) (io.Reader, error) { return cr, nil }
		r.deals, r.flushed, r.unknown = map[string]*Node{}, map[string]bool{}, map[string]bool{}
		// The error that ends the reading is said after the boards still
		// held, which come before it in the file.
		var end func()
		for {
			at := r.pos(r.d.InputOffset())
			tok, err := r.d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				var se *xml.SyntaxError
				if errors.As(err, &se) || errors.Is(err, errRun) {
					end = func() {
						r.add(at, diag.Error, CodeXML, "not well-formed XML: %s; the rest of the file is not read", xmlMessage(err))
					}
					break
				}
				yield(nil, err)
				return
			}
			if _, open := tok.(xml.StartElement); open && len(r.stack) >= maxDepth {
				end = func() {
					r.add(at, diag.Error, CodeXML, "elements nested more than %d deep: not a USEBIO file's shape; the rest of the file is not read", maxDepth)
				}
				break
			}
			u, ok := r.token(tok, at)
			if !ok {
				continue
			}
			for _, u := range u {
				if !yield(u, nil) {
					return
				}
			}
		}
		for _, u := range r.release(false, true) {
			if !yield(u, nil) {
				return
			}
		}
		if end != nil {
			end()
		}
	}
}

// extensions says what bridgekit makes of elements some programs add to
// USEBIO, where it reads them.
var extensions = map[string]string{
	"NS_CROSS_IMP_POINTS": "read as the line's cross-IMPs in a pairs event scored so (Pianola), else counted unchecked",
	"EW_CROSS_IMP_POINTS": "read as the line's cross-IMPs in a pairs event scored so (Pianola), else counted unchecked",
}

// token takes one token at its place and returns the units it completes.
func (r *Reader) token(tok xml.Token, at diag.Pos) ([]*Unit, bool) {
	switch t := tok.(type) {
	case xml.StartElement:
		n := &Node{Name: t.Name.Local, Attrs: t.Copy().Attr, Pos: at}
		if len(r.stack) == 0 {
			if !strings.EqualFold(n.Name, "USEBIO") {
				r.add(at, diag.Error, CodeXML, "the document's root is %s, not USEBIO: not a USEBIO results file", n.Name)
			}
			r.version = n.Get("Version")
		}
		if !known[strings.ToUpper(n.Name)] && !r.unknown[n.Name] && len(r.unknown) <= maxUnknown {
			r.unknown[n.Name] = true
			if len(r.unknown) > maxUnknown {
				r.add(at, diag.Info, CodeUnknown, "more than %d elements USEBIO 1.2 does not define; the rest are not listed", maxUnknown)
			} else {
				what := "kept, not read"
				if w, ok := extensions[strings.ToUpper(n.Name)]; ok {
					what = w
				}
				r.add(at, diag.Info, CodeUnknown, "element %s is not defined by USEBIO 1.2; %s (reported once per file)", n.Name, what)
			}
		}
		if p := r.top(); p != nil && r.keep(p, n, at) {
			p.Kids = append(p.Kids, n)
		}
		r.stack = append(r.stack, n)
		switch strings.ToUpper(n.Name) {
		case "EVENT", "SESSION", "SECTION":
			r.scopes = append(r.scopes, &scope{node: n})
		}
		if strings.EqualFold(n.Name, "EVENT") && len(r.held) > 0 {
			// The boards of the event before that waited for a HANDSET
			// after it: none came, and this event's are other deals.
			return r.release(false, true), true
		}
	case xml.CharData:
		if p := r.top(); p != nil && !isLeafHolder(p) {
			switch room := maxText - len(p.Text); {
			case len(t) <= room:
				p.Text += string(t)
			case room > 0: // said once, when the text first overflows
				p.Text += string(t[:room])
				r.add(p.Pos, diag.Warning, CodeTooMany, "the text of %s is longer than the reader keeps (%d bytes); the rest is not read", p.Name, maxText)
			}
		}
	case xml.EndElement:
		n := r.top()
		if n == nil {
			return nil, false
		}
		n.Text = strings.TrimSpace(n.Text)
		r.stack = r.stack[:len(r.stack)-1]
		return r.end(n), true
	}
	return nil, false
}

// keep says whether the element n, just opened in p, is kept in p's
// children: within the subtrees read whole, up to maxKids children an
// element and maxNodes a subtree, and not inside an element the reader
// does not know; in a container (EVENT, SESSION, SECTION, MATCH), its
// values, not the subtrees given out or held apart.
func (r *Reader) keep(p, n *Node, at diag.Pos) bool {
	switch {
	case isLeafHolder(p):
		return !isContainer(n) && len(p.Kids) < maxKids
	case !keeps(p) || !known[strings.ToUpper(p.Name)]:
		return false
	case len(p.Kids) >= maxKids || r.kept >= maxNodes:
		if !r.cut {
			r.cut = true
			r.add(at, diag.Warning, CodeTooMany, "%s holds more elements than the reader keeps (%d an element, %d a board or list of participants); the rest are not read", p.Name, maxKids, maxNodes)
		}
		return false
	}
	r.kept++
	return true
}

// isContainer reports whether an element is given out or held apart from
// the element it is in: a container, or a subtree read whole.
func isContainer(n *Node) bool {
	switch strings.ToUpper(n.Name) {
	case "EVENT", "SESSION", "SECTION", "MATCH", "BOARD", "PARTICIPANTS", "HANDSET":
		return true
	}
	return false
}

// keeps reports whether the children of an open element are kept: those
// of the subtrees read whole (a BOARD, PARTICIPANTS, a HANDSET, CLUB).
func keeps(n *Node) bool {
	switch strings.ToUpper(n.Name) {
	case "BOARD", "TRAVELLER_LINE", "HAND", "PARTICIPANTS", "PAIR", "TEAM", "PLAYER", "HANDSET", "CLUB", "CONTACT", "MASTER_POINTS":
		return true
	}
	return false
}

// isLeafHolder reports whether an element keeps its leaf children: the
// containers whose values the units inside need (EVENT, SESSION, SECTION,
// MATCH). Their BOARD and PARTICIPANTS children are not kept in them:
// those are given out or held apart.
func isLeafHolder(n *Node) bool {
	switch strings.ToUpper(n.Name) {
	case "EVENT", "SESSION", "SECTION", "MATCH":
		return true
	}
	return false
}

func (r *Reader) top() *Node {
	if len(r.stack) == 0 {
		return nil
	}
	return r.stack[len(r.stack)-1]
}

// A scope is an open SECTION, SESSION or EVENT: a field ranked by its
// participants, if it has any.
type scope struct {
	node  *Node
	parts *Node
	given bool  // a board carries its participants' totals
	last  *Unit // its last board, held until the scope ends
}

// end completes an element and returns the units it makes.
func (r *Reader) end(n *Node) []*Unit {
	switch name := strings.ToUpper(n.Name); {
	case name == "CLUB":
		r.club = n
	case name == "PARTICIPANTS":
		r.kept, r.cut = 0, false
		if sc := r.scope(); sc != nil {
			sc.parts = n
		}
	case name == "HANDSET":
		r.kept, r.cut = 0, false
		return r.handset(n)
	case name == "BOARD" && !r.inHandset():
		r.kept, r.cut = 0, false
		return r.board(n)
	case name == "EVENT" || name == "SESSION" || name == "SECTION":
		return r.close(n)
	}
	return nil
}

// scope returns the innermost open scope, or nil.
func (r *Reader) scope() *scope {
	if len(r.scopes) == 0 {
		return nil
	}
	return r.scopes[len(r.scopes)-1]
}

// close ends a scope: where its participants came after every board,
// its last board carries them. At the end of an EVENT every board is
// given out but those that wait for a HANDSET, which PairsScorer writes
// after the EVENT, in USEBIO; its HANDSET's deals are forgotten: the next
// event's boards of the same numbers are other deals.
func (r *Reader) close(n *Node) []*Unit {
	sc := r.scope()
	if sc == nil || sc.node != n {
		return nil
	}
	r.scopes = r.scopes[:len(r.scopes)-1]
	if u := sc.last; u != nil && sc.parts != nil && !sc.given && !u.Totals {
		u.Participants, u.Totals, u.Field = sc.parts, true, fieldKey(sc.node)
	}
	if !strings.EqualFold(n.Name, "EVENT") {
		return r.release(true, false)
	}
	out := r.release(false, false)
	r.deals, r.flushed, r.sawHandset = map[string]*Node{}, map[string]bool{}, false
	return out
}

// fieldKey names a scope for the units it ranks.
func fieldKey(n *Node) string { return strconv.Itoa(n.Pos.Offset) }

func (r *Reader) inHandset() bool {
	for _, n := range r.stack {
		if strings.EqualFold(n.Name, "HANDSET") {
			return true
		}
	}
	return false
}

// board makes the unit of a BOARD element. The last board of a scope is
// held until the scope ends or another board comes, and boards without a
// deal while a HANDSET may yet deal them, up to maxHeld.
func (r *Reader) board(n *Node) []*Unit {
	r.count++
	u := &Unit{Board: n, Club: r.club, Version: r.version, Index: r.count}
	// The containers go on growing as the reader reads on: the unit,
	// converted in another goroutine, reads their values as they are now.
	for _, c := range r.stack {
		switch strings.ToUpper(c.Name) {
		case "EVENT":
			u.Event = frozen(c)
		case "SESSION":
			u.Session = frozen(c)
		case "SECTION":
			u.Section = frozen(c)
		case "MATCH":
			u.Match = frozen(c)
		}
	}
	if m := r.matchNode(); m != nil && m != r.lastMatch {
		r.lastMatch, u.MatchFirst = m, true
	}
	if len(r.scopes) > 0 && r.scopes[0].last == nil {
		u.EventFirst = true
	}
	// The board is ranked in the innermost scope that has participants
	// so far, else in its outermost: participants given after the boards
	// are most often the whole event's.
	var owner *scope
	for i := len(r.scopes) - 1; i >= 0 && owner == nil; i-- {
		if r.scopes[i].parts != nil {
			owner = r.scopes[i]
		}
	}
	if owner == nil && len(r.scopes) > 0 {
		owner = r.scopes[0]
	}
	if owner != nil {
		u.Participants, u.Field = owner.parts, fieldKey(owner.node)
		if owner.parts != nil && !owner.given {
			u.Totals, owner.given = true, true
		}
	}
	for _, sc := range r.scopes {
		sc.last = u
	}
	switch {
	case len(n.All("HAND")) > 0:
		u.Hands = n
	case r.deals[n.Get("BOARD_NUMBER")] != nil:
		u.Hands = r.deals[n.Get("BOARD_NUMBER")]
	}
	u.size = size(n)
	r.held = append(r.held, u)
	r.heldBytes += u.size
	return r.release(true, r.heldBytes > maxHeld)
}

// matchNode returns the open MATCH element, or nil.
func (r *Reader) matchNode() *Node {
	for i := len(r.stack) - 1; i >= 0; i-- {
		if strings.EqualFold(r.stack[i].Name, "MATCH") {
			return r.stack[i]
		}
	}
	return nil
}

// frozen returns a copy of a container as it is: its values so far.
func frozen(n *Node) *Node {
	c := *n
	c.Kids = slices.Clip(n.Kids)
	return &c
}

// handset takes the deals of a HANDSET and deals the boards held for it.
func (r *Reader) handset(n *Node) []*Unit {
	r.sawHandset = true
	for _, b := range n.All("BOARD") {
		num := b.Get("BOARD_NUMBER")
		r.deals[num] = b
		if r.flushed[num] {
			r.add(b.Pos, diag.Warning, CodeLate, "board %s is dealt in a HANDSET that comes after more than %d MiB of boards, which were read without it: its deal is not checked against its traveller", num, maxHeld>>20)
		}
	}
	for _, u := range r.held {
		if d := r.deals[u.Board.Get("BOARD_NUMBER")]; u.Hands == nil && d != nil {
			u.Hands = d
		}
	}
	return r.release(true, false)
}

// waits reports whether a unit waits for a HANDSET that may deal it.
func (r *Reader) waits(u *Unit) bool { return u.Hands == nil && !r.sawHandset }

// release gives out, in file order, the units held that wait for no
// HANDSET, or with force all of them; when keepLast, the last stays held:
// the last board of an open scope, which may yet carry its totals.
func (r *Reader) release(keepLast, force bool) []*Unit {
	n := 0
	for n < len(r.held) && (force || !r.waits(r.held[n])) {
		n++
	}
	if keepLast && n == len(r.held) && n > 0 {
		n--
	}
	if n == 0 {
		return nil
	}
	out := slices.Clone(r.held[:n])
	r.held = slices.Delete(r.held, 0, n)
	for _, u := range out {
		r.heldBytes -= u.size
		if r.waits(u) {
			r.flushed[u.Board.Get("BOARD_NUMBER")] = true
		}
	}
	return out
}

// Size estimates the memory the unit's BOARD holds, in bytes.
func (u *Unit) Size() int { return u.size }

// size estimates the memory of a subtree, to bound what is held.
func size(n *Node) int {
	s := 160 + len(n.Name) + len(n.Text) + 48*len(n.Attrs)
	for _, k := range n.Kids {
		s += size(k)
	}
	return s
}

// xmlMessage says an XML error without the decoder's own prefix and line.
func xmlMessage(err error) string {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return se.Msg
	}
	return err.Error()
}

// pos is the place of a decoded byte offset.
func (r *Reader) pos(off int64) diag.Pos {
	return r.lines.pos(int(off))
}

// A lineIndex knows where the current line starts, and the one before it
// (the decoder reads a byte ahead of the places it asks for, which may be
// a line end): offsets only move forward, so that is all a place needs.
type lineIndex struct {
	lines     int    // line ends read
	cur, prev int    // the offsets where the current and the previous line start
	text      []byte // the current line's text, up to 64 KiB
}

func (l *lineIndex) pos(off int) diag.Pos {
	line, start := l.lines+1, l.cur
	if off < l.cur && l.lines > 0 {
		line, start = l.lines, l.prev
	}
	col := 1 + off - start
	if start == l.cur && off-start <= len(l.text) {
		col = 1 + utf8.RuneCount(l.text[:off-start])
	}
	return diag.Pos{Offset: off, Line: diag.Clamp(line), Col: diag.Clamp(col)}
}

// countingReader gives the decoder the text a byte at a time (so that it
// reads no further ahead than it has read), counting its lines and keeping
// the current line's text for its columns.
type countingReader struct {
	r     *bufio.Reader
	lines *lineIndex
	off   int
	run   int // bytes since the last '<'
}

func (c *countingReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err != nil {
		return b, err
	}
	if c.run++; b == '<' {
		c.run = 0
	} else if c.run > maxRun {
		return 0, errRun
	}
	l := c.lines
	c.off++
	if b == '\n' {
		l.lines++
		l.prev, l.cur = l.cur, c.off
		l.text = l.text[:0]
	} else if len(l.text) < 1<<16 {
		l.text = append(l.text, b)
	}
	return b, nil
}

func (c *countingReader) Read(p []byte) (int, error) {
	for i := range p {
		b, err := c.ReadByte()
		if err != nil {
			return i, err
		}
		p[i] = b
	}
	return len(p), nil
}

// prologEncoding returns the encoding an XML declaration at the start of
// head names, or "".
func prologEncoding(head []byte) string {
	head = bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF"))
	if !bytes.HasPrefix(head, []byte("<?xml")) {
		return ""
	}
	end := bytes.Index(head, []byte("?>"))
	if end < 0 {
		return ""
	}
	decl := string(head[:end])
	i := strings.Index(decl, "encoding")
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(decl[i+len("encoding"):], " \t\r\n=")
	if rest == "" || rest[0] != '"' && rest[0] != '\'' {
		return ""
	}
	q := rest[0]
	rest = rest[1:]
	if j := strings.IndexByte(rest, q); j >= 0 {
		return rest[:j]
	}
	return ""
}

// known are the elements of USEBIO 1.2 (docs/usebio.md).
var known = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`USEBIO CLUB CLUB_NAME CLUB_ID_NUMBER EVENT PROGRAM_NAME PROGRAM_VERSION
		EVENT_DESCRIPTION EVENT_IDENTIFIER DATE BOARD_SCORING_METHOD MATCH_SCORING_METHOD BOARDS_PLAYED
		BOARDS_PER_ROUND WINNER_TYPE SECTION_COUNT SESSION_COUNT PAIRS EW_PAIRS TEAMS MASTER_POINT_TYPE
		MASTER_POINT_SCALE CONTACT FULL_NAME EMAIL TELEPHONE PARTICIPANTS PAIR TEAM PLAYER PAIR_NUMBER
		TEAM_NUMBER TEAM_ID TEAM_NAME PLAYER_NUMBER PLAYER_NAME NATIONAL_ID_NUMBER DIRECTION PLACE
		TOTAL_SCORE PERCENTAGE MASTER_POINTS MASTER_POINTS_AWARDED WINS_OR_DRAWS SESSION SECTION
		SESSION_ID SECTION_ID BOARD BOARD_NUMBER TRAVELLER_LINE NS_PAIR_NUMBER EW_PAIR_NUMBER CONTRACT
		PLAYED_BY LEAD TRICKS SCORE NS_MATCH_POINTS EW_MATCH_POINTS NS_IMPS EW_IMPS NS_CROSS_IMPS
		EW_CROSS_IMPS NS_BUTLER_IMPS EW_BUTLER_IMPS MATCH ROUND_NUMBER TABLE_NUMBER OPPOSING_TEAM
		TEAM_SCORE OPPOSING_TEAM_SCORE NS_SCORE EW_SCORE START_BOARD_NUMBER END_BOARD_NUMBER IMPS
		HANDSET HAND CLUBS DIAMONDS HEARTS SPADES DEALER VULNERABILITY`) {
		known[n] = true
	}
	// Not in USEBIO 1.2, and read: the four players of an individual
	// event's traveller line, as EBUScore writes them.
	for _, n := range []string{"N_PLAYER_NUMBER", "E_PLAYER_NUMBER", "S_PLAYER_NUMBER", "W_PLAYER_NUMBER"} {
		known[n] = true
	}
}

// Number reads a whole number written in a USEBIO value, for the callers
// that need one (a board number).
func Number(s string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	return n, err == nil
}
