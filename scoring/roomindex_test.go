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

func TestRoomIndex(t *testing.T) {
	x := NewRoomIndex()
	x.AddFile("a.pbn")
	x.Add(entry("1", record.Open, 420, true), 1, 0)
	x.Add(entry("2", record.Open, 100, true), 2, 1)
	x.AddFile("b.pbn")
	x.Add(entry("2", record.Closed, -50, true), 1, 0)
	x.Add(entry("1", record.Closed, 170, true), 2, 1)
	x.Add(entry("1", record.Closed, 999, true), 3, 2) // board 1 written a third time: not kept
	x.Add(entry("3", record.Open, 0, false), 4, 3)

	other := Room{Match: MatchKey{Event: "Cup", Teams: [2]string{"Alpha", "Gamma"}}, Board: "1"}
	tests := []struct {
		name string
		e    RoomEntry
		file string
		game int
		want RoomRef
		ok   bool
		say  string
	}{
		{"later, in another file", entry("1", record.Open, 420, true), "a.pbn", 1,
			RoomRef{File: 1, Game: 2, Ordinal: 1, Room: record.Closed, NS: 170, NSKnown: true}, true,
			"N-S +420 here, +170 in the other room (x): N-S +6 IMPs here, -6 there"},
		{"earlier", entry("1", record.Closed, 170, true), "b.pbn", 2,
			RoomRef{File: 0, Game: 1, Room: record.Open, NS: 420, NSKnown: true}, true,
			"N-S +170 here, +420 in the other room (x): N-S -6 IMPs here, +6 there"},
		{"the third copy finds the first room", entry("1", record.Closed, 999, true), "b.pbn", 3,
			RoomRef{File: 0, Game: 1, Room: record.Open, NS: 420, NSKnown: true}, true,
			"N-S +999 here, +420 in the other room (x): N-S +11 IMPs here, -11 there"},
		{"no score here", entry("2", record.Closed, 0, false), "b.pbn", 1,
			RoomRef{File: 0, Game: 2, Ordinal: 1, Room: record.Open, NS: 100, NSKnown: true}, true,
			"no score here; N-S +100 in the other room (x)"},
		{"one room only", entry("3", record.Open, 0, false), "b.pbn", 4, RoomRef{}, false, ""},
		{"another match", RoomEntry{key: roomHash(other), RoomRef: RoomRef{Room: record.Open}}, "a.pbn", 1, RoomRef{}, false, ""},
	}
	for _, tc := range tests {
		got, ok := x.Other(tc.e, tc.file, tc.game)
		if ok != tc.ok || got != tc.want {
			t.Errorf("%s: Other = %+v, %v; want %+v, %v", tc.name, got, ok, tc.want, tc.ok)
		}
		if ok {
			if s := RoomsSentence(tc.e.RoomRef, got, "the other room", "x"); s != tc.say {
				t.Errorf("%s: RoomsSentence = %q, want %q", tc.name, s, tc.say)
			}
		}
	}
	if name := x.FileName(1); name != "b.pbn" {
		t.Errorf("FileName(1) = %q", name)
	}
	if x.Full() {
		t.Error("Full after 3 boards")
	}
	if s := RoomsSentence(RoomRef{}, RoomRef{}, "the other room", "game 2"); s != "the other room is game 2; neither gives a score" {
		t.Errorf("RoomsSentence of no scores = %q", s)
	}
	if s := RoomsSentence(RoomRef{NS: -50, NSKnown: true}, RoomRef{}, "the other room", "game 2"); s != "N-S -50 here; the other room (game 2) gives no score" {
		t.Errorf("RoomsSentence of no score there = %q", s)
	}
}

// TestRoomIndexFull: past MaxIndexedBoards a new board is not kept, and
// one already held still takes its second room.
func TestRoomIndexFull(t *testing.T) {
	x := NewRoomIndex()
	x.AddFile("a.pbn")
	for i := range MaxIndexedBoards {
		x.Add(entry(strconv.Itoa(i), record.Open, 0, false), i+1, i)
	}
	x.Add(entry("new", record.Open, 0, false), 1, 0)
	if !x.Full() {
		t.Fatal("not Full")
	}
	x.Add(entry("0", record.Closed, 0, false), 2, 1)
	if _, ok := x.Other(entry("0", record.Open, 0, false), "a.pbn", 1); !ok {
		t.Error("a held board did not take its second room")
	}
	if _, ok := x.Other(entry("new", record.Closed, 0, false), "a.pbn", 9); ok {
		t.Error("a board past the cap was kept")
	}
}
