package scoring

import (
	"fmt"
	"hash/fnv"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/record"
)

// MaxIndexedBoards caps the team-match boards a RoomIndex holds. At about
// sixty bytes a board for its two rooms, that is some 15 MB: a season
// of matches. Past it, the boards not yet indexed find no other room.
const MaxIndexedBoards = 1 << 18

// A RoomIndex holds where both rooms of every team-match board of a run
// are, and their scores. It is made by reading the run once, before the
// boards are shown, so that each room finds the other wherever it is:
// further on in its file, or in another file. Once made it is only read,
// and any number of goroutines may call Other.
type RoomIndex struct {
	files  []string
	boards map[uint64][2]RoomRef
	full   bool
}

// A RoomRef is where one room of a team-match board is, and what
// North–South scored there.
type RoomRef struct {
	// File is the file's number, in the order AddFile was called, from 0;
	// FileName gives its name.
	File int32
	// Game is the board's game in its file, from 1; Ordinal its place
	// among the boards of the file, from 0.
	Game, Ordinal int32
	// NS is North–South's score, computed from the contract and result
	// (NSScore) as a board's shown score is; known when NSKnown.
	NS      int32
	Room    record.Room
	NSKnown bool
}

// IMPs returns what North–South at r won against North–South at the
// other room o, when both give a score.
func (r RoomRef) IMPs(o RoomRef) (int, bool) {
	if !r.NSKnown || !o.NSKnown {
		return 0, false
	}
	return auction.IMPs(int(r.NS - o.NS)), true
}

// A RoomEntry is a team-match board's room as a RoomIndex takes it: the
// key of its match and board, and its room and score.
type RoomEntry struct {
	key uint64
	RoomRef
}

// EntryOf returns the entry of board b's room, when b is a board of a
// team match (see RoomOf; session as there). File, Game and Ordinal are
// left for RoomIndex.Add.
func EntryOf(b *record.Board, session string) (RoomEntry, bool) {
	r, ok := RoomOf(b, session)
	if !ok {
		return RoomEntry{}, false
	}
	ns, known := NSScore(b)
	return RoomEntry{key: roomHash(r), RoomRef: RoomRef{NS: int32(ns), NSKnown: known, Room: r.Room}}, true
}

// NewRoomIndex returns an empty index.
func NewRoomIndex() *RoomIndex { return &RoomIndex{boards: map[uint64][2]RoomRef{}} }

// AddFile starts the boards of the next file of the run, and returns its
// number.
func (x *RoomIndex) AddFile(name string) int32 {
	x.files = append(x.files, name)
	return int32(len(x.files) - 1)
}

// FileName returns the name of file number i.
func (x *RoomIndex) FileName(i int32) string { return x.files[i] }

// Full reports whether the index stopped taking boards at
// MaxIndexedBoards.
func (x *RoomIndex) Full() bool { return x.full }

// Add records entry e of a board, at game and ordinal of the file added
// last. A board holds its first two rooms; a third (the same board
// written again) is not kept.
func (x *RoomIndex) Add(e RoomEntry, game, ordinal int) {
	if len(x.files) == 0 {
		x.AddFile("")
	}
	ref := e.RoomRef
	ref.File, ref.Game, ref.Ordinal = int32(len(x.files)-1), int32(game), int32(ordinal)
	two, ok := x.boards[e.key]
	if !ok && len(x.boards) >= MaxIndexedBoards {
		x.full = true
		return
	}
	switch {
	case !ok:
		two[0] = ref
	case two[1].Game == 0: // games count from 1: the slot is empty
		two[1] = ref
	default:
		return
	}
	x.boards[e.key] = two
}

// Other returns the other room of the board of entry e, which is at game
// of the file named file: a room of the same match and board, at another
// place, in another room (or neither room known).
func (x *RoomIndex) Other(e RoomEntry, file string, game int) (RoomRef, bool) {
	two, ok := x.boards[e.key]
	if !ok {
		return RoomRef{}, false
	}
	for _, o := range two {
		if o.Game == 0 || int(o.Game) == game && x.files[o.File] == file {
			continue
		}
		if o.Room == e.Room && e.Room != record.RoomUnknown {
			continue
		}
		return o, true
	}
	return RoomRef{}, false
}

// roomHash is the key of a room's board: its match and label. A 64-bit
// hash stands for the strings so that the index holds no text; two
// boards would share a key about once in 10^13 runs of the index's size.
func roomHash(r Room) uint64 {
	h := fnv.New64a()
	for _, s := range []string{r.Match.Event, r.Match.Session, r.Match.Teams[0], r.Match.Teams[1], r.Board} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// OtherOf returns board b's room (EntryOf) and its other room (Other),
// when b, at game of the file named file, is a board of a team match and
// the index holds its other room.
func (x *RoomIndex) OtherOf(b *record.Board, session, file string, game int) (here, other RoomRef, ok bool) {
	e, ok := EntryOf(b, session)
	if !ok {
		return here, other, false
	}
	other, ok = x.Other(e, file, game)
	return e.RoomRef, other, ok
}

// RoomsSentence says a team-match board's score beside its other room's,
// and the IMPs: "N-S +420 here, +170 in the other room (game 2): N-S +6
// IMPs here, -6 there". other is the words that name the other room (a
// link in HTML), where says where it is ("game 2", "b.pbn, game 2").
func RoomsSentence(here, o RoomRef, other, where string) string {
	switch imps, ok := here.IMPs(o); {
	case ok:
		return fmt.Sprintf("N-S %+d here, %+d in %s (%s): N-S %+d IMPs here, %+d there", here.NS, o.NS, other, where, imps, -imps)
	case here.NSKnown:
		return fmt.Sprintf("N-S %+d here; %s (%s) gives no score", here.NS, other, where)
	case o.NSKnown:
		return fmt.Sprintf("no score here; N-S %+d in %s (%s)", o.NS, other, where)
	}
	return fmt.Sprintf("%s is %s; neither gives a score", other, where)
}
