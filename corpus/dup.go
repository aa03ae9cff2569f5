package corpus

import (
	"hash/maphash"
	"strconv"
	"strings"
	"sync"
)

// A Place is where a deal was seen.
type Place struct {
	File  string // the input's Name
	Game  int    // 1-based game (PBN) or record (LIN) in the file
	Board string // the board number as written ("14", "01"), or ""
	Event string // the event, or "" when the record has none
}

// String returns e.g. `a.pbn game 3 (board 7, event "Spring Cup")`.
func (p Place) String() string {
	b := make([]byte, 0, len(p.File)+len(p.Board)+len(p.Event)+40)
	b = strconv.AppendInt(append(append(b, p.File...), " game "...), int64(p.Game), 10)
	if p.Board == "" && p.Event == "" {
		return string(b)
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
	return string(append(b, ')'))
}

// DuplicateKind says how a deal repeats.
type DuplicateKind uint8

// The two kinds of duplicate.
const (
	// SameDeal: the deal was seen before under another board: another
	// event, another board number, or another file when there is no event.
	SameDeal DuplicateKind = iota + 1
	// BoardConflict: the same board (event and number) was seen before with
	// a different deal.
	BoardConflict
)

// A Duplicate reports the earlier place a new deal repeats or contradicts.
type Duplicate struct {
	Kind    DuplicateKind
	Earlier Place
}

// Message describes the duplicate from the later place's point of view, for
// a duplicate-deal finding positioned there.
func (d Duplicate) Message() string {
	if d.Kind == BoardConflict {
		return "the same board had a different deal at " + d.Earlier.String()
	}
	return "the same deal was seen at " + d.Earlier.String()
}

// A DuplicateIndex finds deals that repeat across an archive. Feed it every
// deal in input order (from Run's emit) and it reports, for each new one,
// the earlier places it repeats or contradicts.
//
// A board is identified by its event and number (leading zeros ignored, so
// "01" is board 1); when the event is empty or "?" (dealer output, club
// files), by its file and number instead, so that unrelated files numbering
// their boards from 1 do not collide. The same deal under the same board is
// not reported: that is the other table, or a copy.
//
// Only the first place of each deal and of each board is kept, with a
// 16-byte hash (two 64-bit hash/maphash sums under seeds drawn for the
// run) standing for the deal and the board:
// about 125 bytes a distinct deal on its own board, whatever the length of
// the keys, so a million distinct deals take about 125 MB. Two
// different deals share a hash with probability about n²/2¹²⁹ for n deals,
// below 10⁻²⁰ for a billion. File, board and event strings are stored once
// each.
//
// A DuplicateIndex is safe for concurrent use, but reports depend on the
// order of the calls. The zero value is not usable; call NewDuplicateIndex.
type DuplicateIndex struct {
	mu     sync.Mutex
	ids    map[string]uint32
	strs   []string
	places []place
	deals  map[hash16]dealSeen
	boards map[hash16]boardSeen
}

type hash16 [2]uint64

// seeds are the seeds of the two halves of a hash16.
var seeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// place is a Place with its strings interned.
type place struct {
	file, board, event uint32
	game               int32
}

// dealSeen is the first place of a deal, and the board it was under.
type dealSeen struct {
	board hash16
	at    uint32 // index in places
}

// boardSeen is the first place of a board, and its deal.
type boardSeen struct {
	deal hash16
	at   uint32
}

// NewDuplicateIndex returns an empty index.
func NewDuplicateIndex() *DuplicateIndex {
	return &DuplicateIndex{ids: map[string]uint32{}, deals: map[hash16]dealSeen{}, boards: map[hash16]boardSeen{}}
}

// Add records that deal (a normalized deal string: the caller decides what
// makes two deals the same) was seen at p, and returns the duplicates it
// makes: none, a SameDeal, a BoardConflict, or one of each.
func (x *DuplicateIndex) Add(deal string, p Place) []Duplicate {
	dh := sum("deal", deal)
	board := strings.TrimSpace(p.Board)
	if isNumber(board) {
		board = strings.TrimLeft(board, "0")
		if board == "" {
			board = "0"
		}
	}
	event := strings.TrimSpace(p.Event)
	var bh hash16
	if event == "" || event == "?" {
		bh = sum("file", p.File, board)
	} else {
		bh = sum("event", event, board)
	}

	x.mu.Lock()
	defer x.mu.Unlock()
	at := uint32(len(x.places))
	stored := false
	store := func() {
		if !stored {
			x.places = append(x.places, place{file: x.intern(p.File), board: x.intern(p.Board), event: x.intern(p.Event), game: int32(p.Game)})
			stored = true
		}
	}
	var dups []Duplicate
	if first, ok := x.deals[dh]; !ok {
		store()
		x.deals[dh] = dealSeen{board: bh, at: at}
	} else if first.board != bh {
		dups = append(dups, Duplicate{Kind: SameDeal, Earlier: x.place(first.at)})
	}
	if board != "" {
		if seen, ok := x.boards[bh]; !ok {
			store()
			x.boards[bh] = boardSeen{deal: dh, at: at}
		} else if seen.deal != dh {
			dups = append(dups, Duplicate{Kind: BoardConflict, Earlier: x.place(seen.at)})
		}
	}
	return dups
}

// Deals returns the number of distinct deals seen.
func (x *DuplicateIndex) Deals() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return len(x.deals)
}

func (x *DuplicateIndex) intern(s string) uint32 {
	id, ok := x.ids[s]
	if !ok {
		id = uint32(len(x.strs))
		x.strs = append(x.strs, s)
		x.ids[s] = id
	}
	return id
}

func (x *DuplicateIndex) place(i uint32) Place {
	p := x.places[i]
	return Place{File: x.strs[p.file], Game: int(p.game), Board: x.strs[p.board], Event: x.strs[p.event]}
}

// sum hashes its parts, each followed by a zero byte so that ("ab", "c")
// and ("a", "bc") differ. The parts are joined in a buffer on the stack
// when they fit, so that hashing allocates nothing.
func sum(parts ...string) hash16 {
	var buf [256]byte
	b := buf[:0]
	for _, s := range parts {
		b = append(append(b, s...), 0)
	}
	return hash16{maphash.Bytes(seeds[0], b), maphash.Bytes(seeds[1], b)}
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
