package scoring

import (
	"fmt"
	"hash/fnv"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/record"
)

// MaxIndexedBoards caps the team-match boards a RoomIndex pairs. At
// about eighty bytes a board for its two rooms, that is some 10 MB: a
// season of matches. Past it, the boards not yet paired find no other
// room.
const MaxIndexedBoards = 1 << 17

// A RoomIndex pairs the two rooms of every team-match board of a run, and
// keeps where each is and its score. It is made by reading the run once,
// before the boards are shown, so that each room finds the other wherever
// it is: further on in its file, or in another file. Once made it is only
// read, and any number of goroutines may call Other.
//
// Rooms are paired in the order of the run, as the audit pairs them: a
// room pairs with the room of its board that waits for its other, else it
// waits itself. Two rooms of one file pair unless both are the same room;
// two of different files only when one is Open and the other Closed, so
// that a copy of a match in another file, or a record written twice,
// does not pass for the other room.
type RoomIndex struct {
	files   []string
	waiting map[uint64]RoomRef // by match and board
	pairs   map[uint64]RoomRef // by file and game: the other room
	full    bool
}

// A RoomRef is where one room of a team-match board is, and what
// North–South scored there.
type RoomRef struct {
	// File is the file's number, in the order AddFile was called, from 0
	// (Where names it).
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
func NewRoomIndex() *RoomIndex {
	return &RoomIndex{waiting: map[uint64]RoomRef{}, pairs: map[uint64]RoomRef{}}
}

// AddFile starts the boards of the next file of the run, and returns its
// number.
func (x *RoomIndex) AddFile(name string) int32 {
	x.files = append(x.files, name)
	return int32(len(x.files) - 1)
}

// Where says where room o is, for a board of the file named file: "game
// 2" in that file, "b.pbn, game 2" in another.
func (x *RoomIndex) Where(o RoomRef, file string) string {
	if name := x.files[o.File]; name != file {
		return fmt.Sprintf("%s, game %d", name, o.Game)
	}
	return fmt.Sprintf("game %d", o.Game)
}

// Full reports whether the index stopped pairing boards at
// MaxIndexedBoards.
func (x *RoomIndex) Full() bool { return x.full }

// Add takes entry e of a board, at game and ordinal of the file added
// last: it pairs it with the room that waits for it, or it waits.
func (x *RoomIndex) Add(e RoomEntry, game, ordinal int) {
	if len(x.files) == 0 {
		x.AddFile("")
	}
	ref := e.RoomRef
	ref.File, ref.Game, ref.Ordinal = int32(len(x.files)-1), int32(game), int32(ordinal)
	if w, ok := x.waiting[e.key]; ok && x.pair(w, ref) {
		delete(x.waiting, e.key)
		if len(x.pairs) >= 2*MaxIndexedBoards {
			x.full = true
			return
		}
		x.pairs[x.place(x.files[w.File], int(w.Game))] = ref
		x.pairs[x.place(x.files[ref.File], game)] = w
		return
	}
	if len(x.waiting) < MaxIndexedBoards {
		x.waiting[e.key] = ref
	} else {
		x.full = true
	}
}

// pair reports whether rooms a and b, of one board, are its two rooms.
func (x *RoomIndex) pair(a, b RoomRef) bool {
	if x.files[a.File] == x.files[b.File] {
		return a.Room != b.Room || a.Room == record.RoomUnknown
	}
	return a.Room != record.RoomUnknown && b.Room != record.RoomUnknown && a.Room != b.Room
}

// Other returns the other room of the board at game of the file named
// file, as Add paired them.
func (x *RoomIndex) Other(file string, game int) (RoomRef, bool) {
	o, ok := x.pairs[x.place(file, game)]
	return o, ok
}

// place is the key of a board's place: its file's name and its game.
func (x *RoomIndex) place(file string, game int) uint64 {
	h := fnv.New64a()
	h.Write([]byte(file))
	h.Write([]byte{0, byte(game), byte(game >> 8), byte(game >> 16), byte(game >> 24)})
	return h.Sum64()
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
	other, ok = x.Other(file, game)
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
