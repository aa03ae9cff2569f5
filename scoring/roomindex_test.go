package scoring

import (
	"strconv"
	"testing"

	"github.com/bridgekit/bridgekit/record"
)

// entry is the index entry of a board of match "Cup", Alpha v Beta.
func entry(board string, rm record.Room, ns int, known bool) RoomEntry {
	r := Room{Match: MatchKey{Event: "Cup", Teams: [2]string{"Alpha", "Beta"}}, Board: board}
	return RoomEntry{key: roomHash(r), RoomRef: RoomRef{Room: rm, NS: int32(ns), NSKnown: known}}
}

// TestRoomIndex: rooms pair in the order of the run, within a file
// unless both are the same room, across files only Open with Closed.
func TestRoomIndex(t *testing.T) {
	x := NewRoomIndex()
	x.AddFile("open.pbn")
	x.Add(entry("1", record.Open, 420, true), 1, 0)
	x.Add(entry("2", record.Open, 100, true), 2, 1)
	x.Add(entry("3", record.RoomUnknown, 50, true), 3, 2)
	x.AddFile("closed.pbn")
	x.Add(entry("2", record.Closed, 0, false), 1, 0)
	x.Add(entry("1", record.Closed, 170, true), 2, 1)
	x.Add(entry("3", record.RoomUnknown, 50, true), 3, 2) // no room named: not paired across files
	x.AddFile("copy.pbn")                                 // the match again, both rooms in one file
	x.Add(entry("1", record.Open, 400, true), 1, 0)
	x.Add(entry("1", record.Open, 430, true), 2, 1) // the same room twice: the later waits
	x.Add(entry("1", record.Closed, -100, true), 3, 2)
	x.Add(entry("3", record.RoomUnknown, 50, true), 4, 3)
	x.Add(entry("3", record.RoomUnknown, 90, true), 5, 4)

	tests := []struct {
		name string
		file string
		game int
		want RoomRef
		ok   bool
	}{
		{"Open, in the next file", "open.pbn", 1, RoomRef{File: 1, Game: 2, Ordinal: 1, Room: record.Closed, NS: 170, NSKnown: true}, true},
		{"Closed, in the file before", "closed.pbn", 2, RoomRef{File: 0, Game: 1, Room: record.Open, NS: 420, NSKnown: true}, true},
		{"no score there", "open.pbn", 2, RoomRef{File: 1, Game: 1, Room: record.Closed}, true},
		{"no room named, two files", "closed.pbn", 3, RoomRef{}, false},
		{"the copy pairs in its own file", "copy.pbn", 3, RoomRef{File: 2, Game: 2, Ordinal: 1, Room: record.Open, NS: 430, NSKnown: true}, true},
		{"the same room twice", "copy.pbn", 1, RoomRef{}, false},
		{"no room named, one file", "copy.pbn", 5, RoomRef{File: 2, Game: 4, Ordinal: 3, NS: 50, NSKnown: true}, true},
		{"no board there", "open.pbn", 9, RoomRef{}, false},
	}
	for _, tc := range tests {
		got, ok := x.Other(tc.file, tc.game)
		if ok != tc.ok || got != tc.want {
			t.Errorf("%s: Other = %+v, %v; want %+v, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
	o, _ := x.Other("open.pbn", 1)
	if w := x.Where(o, "open.pbn"); w != "closed.pbn, game 2" {
		t.Errorf("Where from another file = %q", w)
	}
	if w := x.Where(o, "closed.pbn"); w != "game 2" {
		t.Errorf("Where from its file = %q", w)
	}
	if x.Full() {
		t.Error("Full")
	}
}

func TestRoomsSentence(t *testing.T) {
	for _, tc := range []struct {
		here, other RoomRef
		want        string
	}{
		{RoomRef{NS: 420, NSKnown: true}, RoomRef{NS: 170, NSKnown: true}, "N-S +420 here, +170 in the other room (game 2): N-S +6 IMPs here, -6 there"},
		{RoomRef{NS: 999, NSKnown: true}, RoomRef{NS: 420, NSKnown: true}, "N-S +999 here, +420 in the other room (game 2): N-S +11 IMPs here, -11 there"},
		{RoomRef{}, RoomRef{NS: 100, NSKnown: true}, "no score here; N-S +100 in the other room (game 2)"},
		{RoomRef{NS: -50, NSKnown: true}, RoomRef{}, "N-S -50 here; the other room (game 2) gives no score"},
		{RoomRef{}, RoomRef{}, "the other room is game 2; neither gives a score"},
	} {
		if got := RoomsSentence(tc.here, tc.other, "the other room", "game 2"); got != tc.want {
			t.Errorf("RoomsSentence = %q, want %q", got, tc.want)
		}
	}
}

// TestRoomIndexFull: past MaxIndexedBoards rooms neither wait nor pair,
// and the index says so.
func TestRoomIndexFull(t *testing.T) {
	x := NewRoomIndex()
	x.AddFile("a.pbn")
	for i := range MaxIndexedBoards {
		x.Add(entry(strconv.Itoa(i), record.Open, 0, false), i+1, i)
	}
	if x.Full() {
		t.Fatal("Full at the cap")
	}
	x.Add(entry("new", record.Open, 0, false), MaxIndexedBoards+1, MaxIndexedBoards)
	x.Add(entry("new", record.Closed, 0, false), MaxIndexedBoards+2, MaxIndexedBoards+1)
	if !x.Full() {
		t.Fatal("not Full")
	}
	if _, ok := x.Other("a.pbn", MaxIndexedBoards+2); ok {
		t.Error("a board past the cap was paired")
	}
	x.Add(entry("0", record.Closed, 0, false), MaxIndexedBoards+3, MaxIndexedBoards+2)
	if _, ok := x.Other("a.pbn", 1); !ok {
		t.Error("a waiting room did not take its other")
	}
}
