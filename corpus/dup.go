package corpus

import (
	"cmp"
	"encoding/binary"
	"hash/maphash"
	"math/bits"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
)

// A Place is where a deal was seen.
type Place struct {
	File  string // the input's Name
	Game  int    // 1-based game (PBN) or board record (LIN, headers not counted) in the file
	Board string // the board number as written ("14", "01"), or ""
	Event string // the event, or "" when the record has none
	// Session tells apart the boards of one event that are not the same
	// board: the stage, round, date or segment ("Final, 2024.05.06"), or
	// "".
	Session string
	// Match names the team match the board was played in ("Nickell v
	// Fleisher"), or "": a board number is one board within a match, and
	// two matches of one session may play different deals under it.
	Match string
	// Turn is the seat (0 for North, clockwise) the deal given to Add
	// starts from in the board as written: the caller gives each deal
	// from the seat that makes the same four hands at other seats one
	// deal, and Turn says where that was.
	Turn int
}

// String returns e.g. `a.pbn game 3 (board 7, event "Spring Cup")`.
func (p Place) String() string { return string(p.appendText(make([]byte, 0, p.textSize()))) }

// textSize is about the size of the place's text, for the memory to
// write it in.
func (p Place) textSize() int {
	return len(p.File) + len(p.Board) + len(p.Event) + len(p.Session) + len(p.Match) + 40
}

// appendText appends the text String returns to b.
func (p Place) appendText(b []byte) []byte {
	b = strconv.AppendInt(append(append(b, p.File...), " game "...), int64(p.Game), 10)
	if p.Board == "" && p.Event == "" && p.Session == "" && p.Match == "" {
		return b
	}
	b = append(b, " ("...)
	if p.Board != "" {
		b = append(append(b, "board "...), p.Board...)
	}
	if p.Event != "" {
		if p.Board != "" {
			b = append(b, ", "...)
		}
		b = strconv.AppendQuote(append(b, "event "...), p.Event)
	}
	if p.Session != "" {
		if p.Board != "" || p.Event != "" {
			b = append(b, ", "...)
		}
		b = append(b, p.Session...)
	}
	if p.Match != "" {
		if p.Board != "" || p.Event != "" || p.Session != "" {
			b = append(b, ", "...)
		}
		b = append(b, p.Match...)
	}
	return append(b, ')')
}

// DuplicateKind says how a deal repeats.
type DuplicateKind uint8

// The two kinds of duplicate.
const (
	// SameDeal: the deal was seen before under another board: another
	// event, another board number, or another file when there is no event.
	SameDeal DuplicateKind = iota + 1
	// BoardConflict: the same board (event, session, match and number) was
	// seen before with a different deal.
	BoardConflict
)

// A Duplicate reports the earlier place a new deal repeats or contradicts.
type Duplicate struct {
	Kind    DuplicateKind
	Earlier Place
	// Turned is the seat (North 0, clockwise) whose hand at the earlier
	// place is North's at the later one; 0 when the hands sit at the same
	// seats.
	Turned int
}

// Message describes the duplicate from the later place's point of view, for
// a duplicate-deal finding positioned there.
func (d Duplicate) Message() string {
	// Written in one buffer: every board of an archive's second copy
	// has one of these.
	b := make([]byte, 0, 100+d.Earlier.textSize())
	switch {
	case d.Kind == BoardConflict:
		b = append(b, "the same board had a different deal at "...)
	case d.Turned != 0:
		b = append(b, "the same deal, its hands at other seats (North's hand here was "...)
		b = append(b, auction.Seat(d.Turned).Name()...)
		b = append(b, "'s there), was seen at "...)
	default:
		b = append(b, "the same deal was seen at "...)
	}
	return string(d.Earlier.appendText(b))
}

// Finding is the duplicate-deal finding the duplicate gives the board at
// at: an info, as the repeat may be right (a board replayed, an archive
// holding copies) and is for the reader to judge.
func (d Duplicate) Finding(at diag.Diagnostic) diag.Diagnostic {
	at.Severity, at.Code, at.Message = diag.Info, diag.DuplicateDeal, d.Message()
	return at
}

// A Sighting is a board's deal as the search for repeated deals sees it:
// the deal's key (see DealKey), where it was seen, and the place a finding
// about it is given.
type Sighting struct {
	Deal  string
	Place Place
	At    diag.Diagnostic
}

// Sightings returns the sightings of the part's boards that have a full
// deal, in file order: what a run spread over machines gathers by deal and
// by board (BoardKey) to find with Repeats what Audit finds.
func (p *Part) Sightings() []Sighting {
	var out []Sighting
	for _, b := range p.Boards {
		if b.deal != (auction.Deal{}) {
			out = append(out, Sighting{Deal: keyText(b.deal), Place: b.place, At: b.dealAt()})
		}
	}
	return out
}

// BoardKey returns the key of the board a place names, as a DuplicateIndex
// tells boards apart (the event, or the file where there is none; the
// session; the match; the number without leading zeros), or "" when it
// names no board.
func BoardKey(p Place) string {
	board := canonBoard(p.Board)
	if board == "" {
		return ""
	}
	var b strings.Builder
	if e := strings.TrimSpace(p.Event); e != "" && e != "?" {
		b.WriteString("e" + e)
	} else {
		b.WriteString("f" + p.File)
	}
	b.WriteString("\x00" + p.Session + "\x00" + p.Match + "\x00" + board)
	return b.String()
}

// Repeats returns the duplicate-deal findings of kind among the sightings
// of one deal (kind SameDeal: those that share a Deal) or of one board
// (BoardConflict: those that share a BoardKey), as Audit gives them when
// it reads the sightings in the order of their files' names and then of
// their games, which is its order over the files of one folder. A run
// spread over machines gathers each deal's and each board's sightings in
// one place and finds there what Audit's one index finds.
func Repeats(group []Sighting, kind DuplicateKind) []diag.Diagnostic {
	group = slices.Clone(group)
	slices.SortStableFunc(group, func(a, b Sighting) int {
		return cmp.Or(strings.Compare(a.Place.File, b.Place.File), cmp.Compare(a.Place.Game, b.Place.Game))
	})
	x := NewDuplicateIndex()
	var out []diag.Diagnostic
	for _, s := range group {
		for _, d := range x.Add(s.Deal, s.Place) {
			if d.Kind == kind {
				out = append(out, d.Finding(s.At))
			}
		}
	}
	return out
}

// DefaultDuplicateIndexSize is the memory a DuplicateIndex made by
// NewDuplicateIndex may hold: 16 MiB, about half a million distinct deals,
// those of a 500 MB archive of team play (about 450 bytes a board, each
// deal played at two tables), or a quarter of a million when each deal
// comes in a file of its own. It is a quarter of the 64 MB an audit of any
// archive may take: the index stays live to the end of the run, and every
// byte of it is a byte less for the garbage collector's headroom. At
// 32 MiB, once the index filled, the collector ran every few megabytes and
// an audit of 1 GB took 1.35 times as long per megabyte as one of 100 MB.
// AuditOptions.DuplicateIndexSize chooses another size.
const DefaultDuplicateIndexSize = 16 << 20

// The bounds of the size of a DuplicateIndex: the minimum holds its first
// chunks and tables with room for a few hundred deals; above the maximum
// its places would not fit the idxBits of a slot.
const (
	minDuplicateIndexSize = 64 << 10
	maxDuplicateIndexSize = 256 << 20
)

// A DuplicateIndex finds deals that repeat across an archive. Feed it every
// deal in input order (from Run's emit) and it reports, for each new one,
// the earlier places it repeats or contradicts.
//
// A board is identified by its event, session and number (leading zeros
// ignored, so "01" is board 1); when the event is empty or "?" (dealer
// output, club files), by its file, session and number instead, so that
// unrelated files numbering their boards from 1 do not collide. The same
// deal under the same board is not reported: that is the other table, or
// a copy. A board seen with another deal is a conflict only within one
// match, when the places name it: the matches of a knockout round may each
// play their own boards under the same numbers, while the matches of a
// round robin share them, which is no repeat either.
//
// Memory is bounded by the size given to NewDuplicateIndexSize, whatever
// the size of the archive: the index counts every byte it allocates and
// never holds more. Only the first place of each deal and of each board
// is kept, as 20 bytes (the deal's 64-bit hash, the game, the board and a
// reference to the file and event), and a deal and a board each take a
// 4-byte slot in an open-addressing table at most 7/8 full: about 30 bytes
// a distinct deal on its own board, however long its text. A file adds
// about 25 bytes, its name front-coded (the members of an archive share
// long prefixes) and its event; events and board labels that are not
// plain numbers are stored once each. The default size,
// DefaultDuplicateIndexSize, holds about half a million distinct deals.
//
// When the next place to record does not fit, the index is full: from
// then on it records nothing new, but still reports repeats and
// contradictions of the deals and boards it holds. Full tells when that
// happened and Dropped how many places went unrecorded, so that a caller
// can say once that duplicates of later deals were not looked for.
//
// Deals are told apart by a 64-bit hash (hash/maphash, seeded afresh for
// each index): two different deals among n share a hash with probability
// about n²/2⁶⁵, 7·10⁻⁹ for the half million deals of a full default index. A
// shared hash would report the later deal as a repeat of the earlier one.
//
// A DuplicateIndex is safe for concurrent use, but reports depend on the
// order of the calls. The zero value is not usable; call NewDuplicateIndex.
type DuplicateIndex struct {
	mu   sync.Mutex
	seed maphash.Seed
	h    maphash.Hash // hashes scopes and board keys

	size, used int // the bytes the index may hold, and those it holds
	maxSlots   int // the most slots a table may have

	recs          [][]rec // the places, in chunks of recChunk
	nrec          int
	deals, boards table

	ctxs  [][]ctx // in chunks of ctxChunk
	nctx  int
	names nameList
	strs  []string // events and board labels that are not plain numbers
	strID map[string]uint32

	// The context of the last place recorded and its event (the copy in
	// strs), and the contexts of its file by event: places come file by
	// file, so a context is looked up in the current file only.
	lastCtx     uint32
	lastEvent   string
	fileCtx     map[uint32]uint32
	fileCtxHigh int // the most entries fileCtx has had, all paid for

	unheld  int // new deals seen while full
	dropped int // places that were not recorded while full
	full    bool
}

// rec is a recorded place. The deal's hash is split in two halves so that
// a rec takes 20 bytes, not 24.
type rec struct {
	dealHi, dealLo uint32
	ctx            uint32 // index in ctxs
	game           int32
	board          uint32 // see boardCode
}

func (r *rec) deal() uint64 { return uint64(r.dealHi)<<32 | uint64(r.dealLo) }

// ctx is a file and an event, and the hash of the scope of their board
// numbers: the event, or the file when there is no event.
type ctx struct {
	scope       uint64 // see scopeOf
	file, event uint32
}

// The sizes the index counts, in bytes.
const (
	recSize   = 20
	ctxSize   = 16
	slotSize  = 4
	strSize   = 16 // a string header in strs
	sliceSize = 24 // a slice header in a list of chunks
	// mapEntrySize is what an entry of a small Go map costs, at most: the
	// key and value in a bucket, its share of the bucket overhead, and the
	// room of a table at its lowest load.
	mapEntrySize = 64
)

// Places and contexts are kept in chunks of this many: chunks are never
// copied, so they grow without slack and without a transient double.
const (
	recChunk = 1024
	ctxChunk = 1024
)

// NewDuplicateIndex returns an empty index of DefaultDuplicateIndexSize.
func NewDuplicateIndex() *DuplicateIndex {
	return NewDuplicateIndexSize(DefaultDuplicateIndexSize)
}

// NewDuplicateIndexSize returns an empty index that holds at most size
// bytes: DefaultDuplicateIndexSize when size ≤ 0, at least 64 KiB and at
// most 256 MiB. Each distinct deal takes about 30 bytes.
func NewDuplicateIndexSize(size int) *DuplicateIndex {
	if size <= 0 {
		size = DefaultDuplicateIndexSize
	}
	size = min(max(size, minDuplicateIndexSize), maxDuplicateIndexSize)
	x := &DuplicateIndex{
		seed:    maphash.MakeSeed(),
		size:    size,
		strs:    []string{""},
		strID:   map[string]uint32{},
		fileCtx: map[uint32]uint32{},
	}
	x.h.SetSeed(x.seed)
	// The index itself, its maps when empty and strs: paid for up front.
	const fixed = 1 << 10
	// With both tables 7/8 full, each slot of a table goes with 7/8 of a
	// place and two slots: 25.5 bytes. Tables that size leave a tenth of
	// the size to names, events and contexts.
	x.maxSlots = size / 28
	const firstSlots = 1024
	x.deals.slots = make([]uint32, firstSlots)
	x.boards.slots = make([]uint32, firstSlots)
	x.used = fixed + 2*firstSlots*slotSize
	return x
}

// Add records that deal (a normalized deal string: the caller decides what
// makes two deals the same) was seen at p, and returns the duplicates it
// makes: none, a SameDeal, a BoardConflict, or one of each.
func (x *DuplicateIndex) Add(deal string, p Place) []Duplicate {
	return x.add(maphash.String(x.seed, deal), p)
}

// AddDeal is Add for a full deal's key (see DealKey), told apart by its
// hands rather than its text: an index takes deals by AddDeal or by Add,
// not both.
func (x *DuplicateIndex) AddDeal(key auction.Deal, p Place) []Duplicate {
	var buf [40]byte
	b := buf[:0]
	for _, h := range key {
		b, _ = h.AppendBinary(b)
	}
	return x.add(maphash.Bytes(x.seed, b), p)
}

// add is Add for a deal's hash dh.
func (x *DuplicateIndex) add(dh uint64, p Place) []Duplicate {
	board := canonBoard(p.Board)
	x.mu.Lock()
	defer x.mu.Unlock()
	scope := x.scopeOf(p.File, p.Event, p.Session)
	match := x.matchOf(scope, p.Match)
	bh := x.boardKey(match, board)

	var dups []Duplicate
	di := x.deals.find(dh, func(i uint32) bool { return x.rec(i).deal() == dh })
	if di >= 0 {
		// The same board of the same event and session is the same deal
		// by right, unless its hands are at other seats: the classic
		// copy of a board with its hands rotated.
		turned := (int(x.rec(uint32(di)).board>>turnShift&3) - p.Turn + 4) % 4
		if turned != 0 || x.recBoardKey(uint32(di), false) != x.boardKey(scope, board) {
			dups = append(dups, Duplicate{Kind: SameDeal, Earlier: x.place(uint32(di)), Turned: turned})
		}
	}
	bi := -1
	if board != "" {
		bi = x.boards.find(bh, func(i uint32) bool { return x.recBoardKey(i, true) == bh })
		if bi >= 0 && x.rec(uint32(bi)).deal() != dh {
			dups = append(dups, Duplicate{Kind: BoardConflict, Earlier: x.place(uint32(bi))})
		}
	}
	newDeal, newBoard := di < 0, board != "" && bi < 0
	if (newDeal || newBoard) && !x.record(dh, bh, scope, p, newDeal, newBoard) {
		x.full = true
		x.dropped++
		if newDeal {
			x.unheld++
		}
	}
	return dups
}

// Deals returns the number of distinct deals seen. Once the index is full,
// a deal it does not hold counts as new each time it is seen.
func (x *DuplicateIndex) Deals() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.deals.n + x.unheld
}

// Full reports whether a place did not fit, after which the index records
// nothing new. It turns true during the Add that found the index full, so
// a caller that compares it before and after each Add can report that
// once, at that place.
func (x *DuplicateIndex) Full() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.full
}

// Dropped returns the number of places with a new deal or a new board that
// the index did not record because it was full: repeats of those deals or
// boards go unreported.
func (x *DuplicateIndex) Dropped() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.dropped
}

// record stores p as the first place of its deal (newDeal) and of its
// board (newBoard), or reports false if that does not fit.
func (x *DuplicateIndex) record(dh, bh, scope uint64, p Place, newDeal, newBoard bool) bool {
	if x.full || x.nrec == 1<<idxBits-1 {
		return false
	}
	if newDeal && !x.room(&x.deals, func(i uint32) uint64 { return x.rec(i).deal() }) ||
		newBoard && !x.room(&x.boards, func(i uint32) uint64 { return x.recBoardKey(i, true) }) {
		return false
	}
	if x.nrec%recChunk == 0 {
		var ok bool
		if x.recs, ok = grow(x, x.recs, sliceSize); !ok || !x.fits(recChunk*recSize) {
			return false
		}
		x.recs = append(x.recs, make([]rec, recChunk))
		x.used += recChunk * recSize
	}
	ci, ok := x.ctxOf(p.File, eventKey(p), scope)
	if !ok {
		return false
	}
	code, ok := x.boardCode(p.Board)
	if !ok {
		return false
	}
	i := uint32(x.nrec)
	*x.rec(i) = rec{dealHi: uint32(dh >> 32), dealLo: uint32(dh), ctx: ci, game: int32(p.Game), board: code | uint32(p.Turn&3)<<turnShift}
	x.nrec++
	if newDeal {
		x.deals.insert(dh, i)
	}
	if newBoard {
		x.boards.insert(bh, i)
	}
	return true
}

func (x *DuplicateIndex) fits(n int) bool { return x.used+n <= x.size }

// allocSize is what the Go heap takes for an allocation of n bytes: large
// ones take whole pages. The small ones the index makes are of sizes the
// heap has a class for.
func allocSize(n int) int {
	const large, page = 32 << 10, 8 << 10
	if n <= large {
		return n
	}
	return (n + page - 1) &^ (page - 1)
}

// room makes room for one more key in t, growing it if it would be more
// than 7/8 full, and reports whether there is room. keyOf gives the key
// of a recorded place, to place it in the grown table.
func (x *DuplicateIndex) room(t *table, keyOf func(uint32) uint64) bool {
	n := len(t.slots)
	if (t.n+1)*8 <= n*7 {
		return true
	}
	// A doubling that the next could not follow goes to the most slots at
	// once: later, with more places held, the old and the new slots might
	// not fit together.
	grown := 2 * n
	if 2*grown > x.maxSlots {
		grown = x.maxSlots
	}
	if grown <= n || !x.fits(allocSize(grown*slotSize)) {
		return false
	}
	old := t.slots
	t.slots = make([]uint32, grown)
	for _, s := range old {
		if s != 0 {
			i := s&idxMask - 1
			t.put(keyOf(i), i)
		}
	}
	x.used += allocSize(grown*slotSize) - allocSize(n*slotSize)
	return true
}

// grow makes room for one more element of size bytes in s within the
// budget; both arrays count while the elements are copied.
func grow[T any](x *DuplicateIndex, s []T, size int) ([]T, bool) {
	if len(s) < cap(s) {
		return s, true
	}
	c := max(2*cap(s), 16)
	if !x.fits(allocSize(c * size)) {
		return s, false
	}
	t := make([]T, len(s), c)
	copy(t, s)
	x.used += allocSize(c*size) - allocSize(cap(s)*size)
	return t, true
}

// ctxOf returns the context of a place to record in file under event,
// adding it if it is new.
func (x *DuplicateIndex) ctxOf(file, event string, scope uint64) (uint32, bool) {
	sameFile := x.nctx > 0 && file == x.names.last
	if sameFile && event == x.lastEvent {
		return x.lastCtx, true
	}
	ev, ok := x.intern(event)
	if !ok {
		return 0, false
	}
	c := ctx{scope: scope, event: ev}
	if sameFile {
		if i, ok := x.fileCtx[ev]; ok {
			x.lastCtx, x.lastEvent = i, x.strs[ev]
			return i, true
		}
		c.file = x.ctx(x.lastCtx).file
	} else {
		if c.file, ok = x.names.add(x, file); !ok {
			return 0, false
		}
		clear(x.fileCtx)
	}
	// A cleared map keeps its room: pay only for entries beyond the most
	// it has had.
	if len(x.fileCtx) == x.fileCtxHigh {
		if !x.fits(mapEntrySize) {
			return 0, false
		}
		x.used += mapEntrySize
		x.fileCtxHigh++
	}
	if x.nctx%ctxChunk == 0 {
		if x.ctxs, ok = grow(x, x.ctxs, sliceSize); !ok || !x.fits(ctxChunk*ctxSize) {
			return 0, false
		}
		x.ctxs = append(x.ctxs, make([]ctx, ctxChunk))
		x.used += ctxChunk * ctxSize
	}
	i := uint32(x.nctx)
	*x.ctx(i) = c
	x.nctx++
	x.fileCtx[ev] = i
	x.lastCtx, x.lastEvent = i, x.strs[ev]
	return i, true
}

// intern returns the index of s in strs, adding it if it is new.
func (x *DuplicateIndex) intern(s string) (uint32, bool) {
	if s == "" {
		return 0, true
	}
	if id, ok := x.strID[s]; ok {
		return id, true
	}
	if !x.fits(allocSize(len(s)) + mapEntrySize) {
		return 0, false
	}
	var ok bool
	if x.strs, ok = grow(x, x.strs, strSize); !ok {
		return 0, false
	}
	s = strings.Clone(s) // not to hold the caller's larger string
	id := uint32(len(x.strs))
	x.strs = append(x.strs, s)
	x.strID[s] = id
	x.used += allocSize(len(s)) + mapEntrySize
	return id, true
}

// A board label is stored as a code: a plain number of up to 15 digits
// below 2²⁴, the common case, as its length and value, leading zeros
// and all; anything else as the index of the label in strs, with the top
// bit set; "" as zero.
//
// Bits 29 and 30 of the code hold the place's Turn: a number's length
// takes bits 24 to 27, and a label's index into strs stays below 2²⁴, as
// the places do.
const (
	boardStr      = 1 << 31
	boardValBits  = 24
	boardMaxDigit = 15
	turnShift     = 29
	turnMask      = 3 << turnShift
)

func (x *DuplicateIndex) boardCode(s string) (uint32, bool) {
	if isNumber(s) && len(s) <= boardMaxDigit {
		if v, err := strconv.ParseUint(s, 10, boardValBits); err == nil {
			return uint32(len(s))<<boardValBits | uint32(v), true
		}
	}
	if s == "" {
		return 0, true
	}
	id, ok := x.intern(s)
	return boardStr | id, ok
}

// boardLabel returns the label a code stands for, as written.
func (x *DuplicateIndex) boardLabel(code uint32) string {
	code &^= turnMask
	if code&boardStr != 0 {
		return x.strs[code&^boardStr]
	}
	n := int(code >> boardValBits)
	if n == 0 {
		return ""
	}
	v := strconv.FormatUint(uint64(code&(1<<boardValBits-1)), 10)
	return strings.Repeat("0", max(n-len(v), 0)) + v
}

// canonBoard returns the board number without blanks and leading zeros,
// or the label without blanks when it is not a number.
func canonBoard(s string) string {
	s = strings.TrimSpace(s)
	if !isNumber(s) {
		return s
	}
	if s = strings.TrimLeft(s, "0"); s == "" {
		return "0"
	}
	return s
}

// scopeOf hashes what board numbers are relative to: the event, or the
// file when there is no event.
func (x *DuplicateIndex) scopeOf(file, event, session string) uint64 {
	x.h.Reset()
	if e := strings.TrimSpace(event); e != "" && e != "?" {
		x.h.WriteByte('e')
		x.h.WriteString(e)
	} else {
		x.h.WriteByte('f')
		x.h.WriteString(file)
	}
	if session != "" {
		x.h.WriteByte(0)
		x.h.WriteString(session)
	}
	return x.h.Sum64()
}

// matchOf hashes the scope of a board within a match: the scope, and the
// match when it is known.
func (x *DuplicateIndex) matchOf(scope uint64, match string) uint64 {
	if match == "" {
		return scope
	}
	x.startBoardKey(scope)
	x.h.WriteByte('m')
	x.h.WriteString(match)
	return x.h.Sum64()
}

// boardKey hashes a board: its scope and its canonical number.
func (x *DuplicateIndex) boardKey(scope uint64, board string) uint64 {
	x.startBoardKey(scope)
	x.h.WriteString(board)
	return x.h.Sum64()
}

func (x *DuplicateIndex) startBoardKey(scope uint64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], scope)
	x.h.Reset()
	x.h.Write(b[:])
}

// recBoardKey is the board key of recorded place i, within its match or
// only its session. A plain number is hashed as its value, which is its
// canonical form.
func (x *DuplicateIndex) recBoardKey(i uint32, inMatch bool) uint64 {
	r := x.rec(i)
	c := x.ctx(r.ctx)
	scope := c.scope
	if inMatch {
		// The match is kept only in the event key, not to make every
		// context larger: one per file when each board has a file.
		_, rest, _ := strings.Cut(x.strs[c.event], "\x00")
		_, match, _ := strings.Cut(rest, "\x00")
		scope = x.matchOf(scope, match)
	}
	if code := r.board &^ turnMask; code == 0 || code&boardStr != 0 {
		return x.boardKey(scope, canonBoard(x.boardLabel(code)))
	}
	var buf [8]byte // a value below 2²⁴ has at most 8 digits
	x.startBoardKey(scope)
	x.h.Write(strconv.AppendUint(buf[:0], uint64(r.board&(1<<boardValBits-1)), 10))
	return x.h.Sum64()
}

func (x *DuplicateIndex) rec(i uint32) *rec { return &x.recs[i/recChunk][i%recChunk] }
func (x *DuplicateIndex) ctx(i uint32) *ctx { return &x.ctxs[i/ctxChunk][i%ctxChunk] }

// place returns recorded place i.
func (x *DuplicateIndex) place(i uint32) Place {
	r := x.rec(i)
	c := x.ctx(r.ctx)
	event, rest, _ := strings.Cut(x.strs[c.event], "\x00")
	session, match, _ := strings.Cut(rest, "\x00")
	return Place{File: x.names.get(c.file), Game: int(r.game), Board: x.boardLabel(r.board), Event: event, Session: session, Match: match, Turn: int(r.board >> turnShift & 3)}
}

// eventKey is the event, session and match of a place as the index
// stores them, in one string: most places have neither of the others, and
// then it is the event.
func eventKey(p Place) string {
	switch {
	case p.Match != "":
		return p.Event + "\x00" + p.Session + "\x00" + p.Match
	case p.Session != "":
		return p.Event + "\x00" + p.Session
	}
	return p.Event
}

// A slot of a table is 0 when empty; otherwise it holds the index of a
// place + 1 in its low idxBits, and fpBits of the place's key above, so
// that a probe rarely reads a place that does not match.
const (
	fpBits  = 8
	idxBits = 32 - fpBits
	idxMask = 1<<idxBits - 1
)

// A table is an open-addressing hash table of places with linear probing.
// Its size need not be a power of two: the home slot of a key is its
// high bits scaled to the size.
type table struct {
	slots []uint32
	n     int
}

func (t *table) home(h uint64) int {
	hi, _ := bits.Mul64(h, uint64(len(t.slots)))
	return int(hi)
}

func fingerprint(h uint64) uint32 { return uint32(h) << idxBits }

// find returns the place whose key is h, by its fingerprint and then by
// eq, or -1.
func (t *table) find(h uint64, eq func(uint32) bool) int {
	fp := fingerprint(h)
	for i := t.home(h); ; {
		s := t.slots[i]
		if s == 0 {
			return -1
		}
		if s&^idxMask == fp && eq(s&idxMask-1) {
			return int(s&idxMask - 1)
		}
		if i++; i == len(t.slots) {
			i = 0
		}
	}
}

// insert adds place i, whose key h is not in t.
func (t *table) insert(h uint64, i uint32) {
	t.put(h, i)
	t.n++
}

func (t *table) put(h uint64, i uint32) {
	j := t.home(h)
	for t.slots[j] != 0 {
		if j++; j == len(t.slots) {
			j = 0
		}
	}
	t.slots[j] = fingerprint(h) | (i + 1)
}

// nameList holds file names front-coded: each as the length of the prefix
// it shares with the name before and the rest (uvarints and bytes). A
// group of up to nameGroup names, the first in full, lies in one chunk, so
// that reading a name decodes at most nameGroup. Names of the members of
// an archive share long prefixes.
type nameList struct {
	chunks [][]byte
	groups []nameStart
	n      int
	last   string
}

// nameStart is where a group of names starts: at name first, at offset off
// of chunk chunk.
type nameStart struct{ first, chunk, off uint32 }

const (
	nameGroup     = 16
	nameChunk     = 16 << 10
	nameStartSize = 12
)

func (l *nameList) add(x *DuplicateIndex, name string) (uint32, bool) {
	if l.n == 1<<32-1 {
		return 0, false
	}
	restart := l.n == 0 || l.n-int(l.groups[len(l.groups)-1].first) == nameGroup
	shared := 0
	if !restart {
		for shared < min(len(name), len(l.last)) && name[shared] == l.last[shared] {
			shared++
		}
	}
	need := func() int { return 2*binary.MaxVarintLen64 + len(name) - shared }
	if len(l.chunks) == 0 || len(l.chunks[len(l.chunks)-1])+need() > nameChunk {
		restart, shared = true, 0
		c := allocSize(max(nameChunk, need()))
		var ok bool
		if l.chunks, ok = grow(x, l.chunks, sliceSize); !ok || !x.fits(c) {
			return 0, false
		}
		l.chunks = append(l.chunks, make([]byte, 0, c))
		x.used += c
	}
	cur := &l.chunks[len(l.chunks)-1]
	if restart {
		var ok bool
		if l.groups, ok = grow(x, l.groups, nameStartSize); !ok {
			return 0, false
		}
		l.groups = append(l.groups, nameStart{first: uint32(l.n), chunk: uint32(len(l.chunks) - 1), off: uint32(len(*cur))})
	}
	*cur = binary.AppendUvarint(*cur, uint64(shared))
	*cur = binary.AppendUvarint(*cur, uint64(len(name)-shared))
	*cur = append(*cur, name[shared:]...)
	l.last = strings.Clone(name) // not to hold the caller's larger string
	l.n++
	return uint32(l.n - 1), true
}

func (l *nameList) get(id uint32) string {
	g := l.groups[sort.Search(len(l.groups), func(i int) bool { return l.groups[i].first > id })-1]
	b := l.chunks[g.chunk][g.off:]
	var buf [128]byte
	name := buf[:0]
	for range id - g.first + 1 {
		shared, n := binary.Uvarint(b)
		b = b[n:]
		rest, n := binary.Uvarint(b)
		b = b[n:]
		name = append(name[:shared], b[:rest]...)
		b = b[rest:]
	}
	return string(name)
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// DealKey returns the key under which the search for duplicates knows a
// full deal: its four hands clockwise from the seat where they compare
// least, so that the same hands at other seats are one deal. A pipeline
// that counts distinct deals across machines uses it to count as Audit
// does.
func DealKey(d auction.Deal) string {
	key, _ := d.Turned()
	return keyText(key)
}

// keyText writes a deal's key as text: its four hands as PBN writes them.
func keyText(key auction.Deal) string { return key.PBN(auction.North)[len("N:"):] }
