package scoring

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/decimal"
	"github.com/bridgekit/bridgekit/record"
)

// A MatchKey names a team match: its event and session, and its two
// teams in alphabetical order ("" when a file names no teams and tells
// its rooms by Room tags alone).
type MatchKey struct {
	Event, Session string
	Teams          [2]string
}

// A Room is what one table of a team match says of a board: enough to
// pair it with the other table and check the IMPs, kept small so that a
// run holds the boards waiting for their other room cheaply.
type Room struct {
	Match MatchKey
	Board string // the board's label
	Room  record.Room
	// Home is the home team as the file names it (HomeTeam, the vugraph
	// header's first team); Match.Teams are in alphabetical order.
	Home string
	// NSTeam is the team sitting North–South, when the file says.
	NSTeam string
	// NS is North–South's score at this table, from the file's Score tag
	// or else from its contract and result; known when NSKnown.
	NS      int
	NSKnown bool
	// IMP is what the file says North–South won on the board (ScoreIMP,
	// or the header's mp entry of a LIN vugraph file), written at IMPLoc.
	IMP      float64
	IMPKnown bool
	IMPText  string
	IMPLoc   diag.Pos
	Deal     auction.Deal    // the full deal; the zero Deal when not full
	At       diag.Diagnostic // the board's place, for findings about it
	Segment  *record.Vugraph // the LIN segment header, if any
}

// RoomOf returns the room a board was played in, when the board is one
// of a team match: it names its teams (HomeTeam and VisitTeam; a LIN
// vugraph header's teams) or its room (Room, LIN qx), and a board.
// session tells apart the sessions of one event (corpus's Place).
func RoomOf(b *record.Board, session string) (Room, bool) {
	r := Room{Board: b.BoardLabel()}
	if r.Board == "" {
		return r, false
	}
	if b.RoomTag.Value != "" { // most boards name none: spare the error
		r.Room, _ = record.ParseRoom(b.RoomTag.Value)
	}
	home, visit := fieldValue(b, "HomeTeam"), fieldValue(b, "VisitTeam")
	if b.LIN != nil && b.LIN.Vugraph != nil {
		v := b.LIN.Vugraph
		home, visit = strings.TrimSpace(v.Fields[5]), strings.TrimSpace(v.Fields[7])
		r.Segment = v
		if q := strings.TrimSpace(b.LIN.Table.Value); q != "" {
			r.Room, _ = record.ParseRoom(q[:1])
		}
	}
	if (home == "" || visit == "") && r.Room == record.RoomUnknown {
		return r, false
	}
	teams := [2]string{home, visit}
	if teams[1] < teams[0] {
		teams[0], teams[1] = teams[1], teams[0]
	}
	r.Match = MatchKey{Event: b.Event.Value, Session: session, Teams: teams}
	r.Home = home
	switch r.Room {
	case record.Open:
		r.NSTeam = home
	case record.Closed:
		r.NSTeam = visit
	default:
		r.NSTeam = home // a file without rooms writes the home team as the one at North–South
	}
	if b.File.ScoreTag.Present() {
		if ns, err := record.ParseScore(b.File.ScoreTag.Value, b.File.Declarer, b.File.DeclarerKnown); err == nil {
			r.NS, r.NSKnown = ns, true
		}
	}
	if !r.NSKnown {
		r.NS, r.NSKnown = NSScore(b)
	}
	if t := b.Field("ScoreIMP"); t != nil && strings.TrimSpace(t.Value) != "" {
		if v, ok := sideNumber(t.Value); ok {
			r.IMP, r.IMPKnown, r.IMPText = v, true, t.Value
			r.IMPLoc = t.Loc
		}
	}
	if b.Deal.Full() {
		r.Deal = b.Deal
	}
	return r, true
}

func fieldValue(b *record.Board, name string) string {
	if t := b.Field(name); t != nil {
		return strings.TrimSpace(t.Value)
	}
	return ""
}

// sideNumber reads a ScoreIMP value for North–South: "NS 4 EW -4",
// "EW 2.5", or a bare number, which PBN gives for declarer's side and
// which is read as North–South's only when it is 0.
func sideNumber(text string) (float64, bool) {
	f := strings.Fields(text)
	for i := 0; i+1 < len(f); i += 2 {
		v, ok := decimal.Parse(f[i+1])
		if !ok {
			return 0, false
		}
		switch strings.ToUpper(f[i]) {
		case "NS":
			return v, true
		case "EW":
			return -v, true
		}
	}
	if len(f) == 1 {
		if v, ok := decimal.Parse(f[0]); ok && v == 0 {
			return 0, true
		}
	}
	return 0, false
}

// Pair checks the two rooms of a board: that they hold the same deal
// (rooms-differ; info when one is the other turned, which a program
// that writes each table from its own North does), and that the IMPs
// each states are those of the two scores (imp-mismatch). The findings
// carry the place of the room they are about.
func Pair(a, b *Room) []diag.Diagnostic {
	var out []diag.Diagnostic
	if a.Deal != (auction.Deal{}) && b.Deal != (auction.Deal{}) && a.Deal != b.Deal {
		d := b.At
		d.Code, d.Severity = diag.RoomsDiffer, diag.Warning
		if k, ok := turnedBy(a.Deal, b.Deal); ok {
			d.Severity = diag.Info
			d.Message = fmt.Sprintf("board %s: this room's deal is the other room's (%s) turned %s: the same hands, written from another seat", b.Board, where(a.At), [...]string{"", "one seat", "two seats", "three seats"}[k])
		} else {
			d.Message = fmt.Sprintf("board %s: this room's deal is not the other room's (%s): %s here, %s there", b.Board, where(a.At), b.Deal.PBN(auction.North), a.Deal.PBN(auction.North))
		}
		out = append(out, d)
	}
	if !a.NSKnown || !b.NSKnown {
		return out
	}
	imp := auction.IMPs(a.NS - b.NS) // NS here against NS there, who are this room's EW team
	for _, x := range []struct {
		r    *Room
		want int
		here int
		them int
	}{{a, imp, a.NS, b.NS}, {b, -imp, b.NS, a.NS}} {
		if !x.r.IMPKnown || math.Abs(x.r.IMP-float64(x.want)) < 0.01 {
			continue
		}
		d := x.r.At
		d.Span = diag.Span{Pos: x.r.IMPLoc}
		d.Code, d.Severity, d.Law = diag.IMPMismatch, diag.Warning, 78
		d.Message = fmt.Sprintf("board %s: ScoreIMP %q, but NS %d here against NS %d at the other table gives NS %+d IMPs", x.r.Board, x.r.IMPText, x.here, x.them, x.want)
		out = append(out, d)
	}
	return out
}

// teamIMPs is what the two teams (in the order of a MatchKey) win on a
// board: North–South's score nsHere at one table against North–South's
// nsThere at the other, nsTeam being the team at North–South here.
func teamIMPs(nsHere, nsThere int, nsTeam string, teams [2]string) [2]int {
	imp := auction.IMPs(nsHere - nsThere)
	if nsTeam == teams[1] {
		imp = -imp
	}
	return split(imp)
}

// split gives the IMPs a board's first team wins to it, or their opposite
// to the second.
func split(imp int) [2]int {
	if imp > 0 {
		return [2]int{imp, 0}
	}
	return [2]int{0, -imp}
}

// where names a room's place in a sentence: "a.pbn game 3".
func where(d diag.Diagnostic) string { return fmt.Sprintf("%s game %d", d.File, d.Game) }

// turnedBy reports whether deal b is deal a with every hand k seats on.
func turnedBy(a, b auction.Deal) (int, bool) {
	for k := 1; k < 4; k++ {
		if a == (auction.Deal{b[k], b[(k+1)%4], b[(k+2)%4], b[(k+3)%4]}) {
			return k, true
		}
	}
	return 0, false
}

// Matches pairs the rooms of team matches as their boards come, across
// the files of a run: a room waits for the other with the same match and
// board. It holds at most MaxWaiting rooms; past that, a room that finds
// no partner is not kept.
type Matches struct {
	waiting  map[roomKey]*Room
	segments map[MatchKey]*segment
	// Played counts the boards of each match whose two rooms were paired,
	// and their IMPs for the first team of the key (Teams[0]).
	Played map[MatchKey]*MatchTotal
	// Coverage accounts for the ScoreIMP values and carry-overs pairing
	// checked or could not; the rooms still waiting are Waiting's.
	Coverage diag.Ledger
}

// Waiting returns how many of the rooms waiting for their other room
// state IMPs, which cannot be checked without it.
func (m *Matches) Waiting() int {
	n := 0
	for _, r := range m.waiting {
		if r.IMPKnown {
			n++
		}
	}
	return n
}

// MatchTotal is what a match's paired boards add up to.
type MatchTotal struct {
	Boards int
	IMPs   [2]int // for Teams[0] and Teams[1]
}

// MaxWaiting caps the rooms Matches holds waiting for their other room.
const MaxWaiting = 1 << 16

type roomKey struct {
	m     MatchKey
	board string
}

// NewMatches returns an empty Matches.
func NewMatches() *Matches {
	return &Matches{waiting: map[roomKey]*Room{}, Played: map[MatchKey]*MatchTotal{}, segments: map[MatchKey]*segment{}}
}

// A segment is a LIN vugraph segment of a match being read: its header,
// and the IMPs of its boards paired so far for the header's team 1 and
// team 2.
type segment struct {
	v      *record.Vugraph
	imps   [2]int
	paired int
}

// Add takes the next room and returns the findings of pairing it, when
// its other room came before, and of the carry-over of a new segment.
func (m *Matches) Add(r *Room) []diag.Diagnostic {
	out := m.segment(r)
	return append(out, m.pair(r)...)
}

// segment follows the LIN segments of r's match: when a segment follows
// one whose boards were all paired, the carry-over its header states
// must be the one before plus that segment's IMPs (carry-over-mismatch).
func (m *Matches) segment(r *Room) []diag.Diagnostic {
	if r.Segment == nil {
		return nil
	}
	key := r.Match
	key.Session = "" // the segments of a match are its sessions
	cur := m.segments[key]
	if cur != nil && sameHeader(cur.v, r.Segment) {
		return nil
	}
	m.segments[key] = &segment{v: r.Segment}
	stated := 0
	for _, f := range []string{r.Segment.Fields[6], r.Segment.Fields[8]} {
		if strings.TrimSpace(f) != "" {
			stated++
		}
	}
	if cur == nil {
		m.Coverage.Skip(diag.FieldIncomplete, stated) // what came before the file
		return nil
	}
	prev, next := cur.v, r.Segment
	first, last := prev.FirstBoard(), lastBoard(prev)
	c0, ok0 := carry(prev)
	c1, ok1 := carry(next)
	if !ok0 || !ok1 || first == 0 || last < first || cur.paired != last-first+1 || next.FirstBoard() != last+1 {
		reason := diag.FieldIncomplete // not every board of the segment before is known
		if !ok1 {
			reason = diag.CellUnreadable
		}
		m.Coverage.Skip(reason, stated)
		return nil
	}
	want := [2]float64{c0[0] + float64(cur.imps[0]), c0[1] + float64(cur.imps[1])}
	for i := range want {
		m.Coverage.Check(math.Abs(want[i]-c1[i]) >= 0.01)
	}
	if math.Abs(want[0]-c1[0]) < 0.01 && math.Abs(want[1]-c1[1]) < 0.01 {
		return nil
	}
	d := r.At
	d.Span = diag.Span{Pos: next.VGTag.Loc}
	d.Code, d.Severity = diag.CarryOverMismatch, diag.Warning
	d.Message = fmt.Sprintf("the segment starts %s %s, %s %s; the segment before (boards %d-%d) started %s and %s and scored %d-%d IMPs: it should start %s and %s",
		next.Fields[5], trim(c1[0]), next.Fields[7], trim(c1[1]), first, last, trim(c0[0]), trim(c0[1]), cur.imps[0], cur.imps[1], trim(want[0]), trim(want[1]))
	return []diag.Diagnostic{d}
}

// sameHeader reports whether two vugraph headers are one: the same
// value, or the same header read again, as a batch of a large file
// reads the header its first record follows.
func sameHeader(a, b *record.Vugraph) bool {
	return a == b || a != nil && b != nil && a.VGTag.Loc == b.VGTag.Loc && a.Fields == b.Fields
}

// carry reads a segment header's two carry-overs (empty is 0).
func carry(v *record.Vugraph) ([2]float64, bool) {
	var c [2]float64
	for i, f := range []string{v.Fields[6], v.Fields[8]} {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		n, ok := decimal.Parse(f)
		if !ok {
			return c, false
		}
		c[i] = n
	}
	return c, true
}

// lastBoard is the last board a segment header covers (vg field 5).
func lastBoard(v *record.Vugraph) int {
	n, err := strconv.Atoi(strings.TrimSpace(v.Fields[4]))
	if err != nil {
		return 0
	}
	return n
}

// pair pairs r with its other room.
func (m *Matches) pair(r *Room) []diag.Diagnostic {
	k := roomKey{r.Match, r.Board}
	other, ok := m.waiting[k]
	if !ok || other.Room == r.Room && r.Room != record.RoomUnknown {
		if ok && other.IMPKnown {
			m.Coverage.Skip(diag.FieldIncomplete, 1) // a room with no other, replaced
		}
		if len(m.waiting) < MaxWaiting {
			m.waiting[k] = r
		} else if r.IMPKnown {
			m.Coverage.Skip(diag.FieldIncomplete, 1)
		}
		return nil
	}
	delete(m.waiting, k)
	out := Pair(other, r)
	for _, x := range []*Room{other, r} {
		switch {
		case !x.IMPKnown:
		case !other.NSKnown || !r.NSKnown:
			m.Coverage.Skip(diag.OutcomeUnknown, 1)
		default:
			m.Coverage.Check(slices.ContainsFunc(out, func(d diag.Diagnostic) bool {
				return d.Code == diag.IMPMismatch && d.Offset == x.IMPLoc.Offset && d.File == x.At.File
			}))
		}
	}
	if other.NSKnown && r.NSKnown {
		t := m.Played[r.Match]
		if t == nil {
			t = &MatchTotal{}
			m.Played[r.Match] = t
		}
		t.Boards++
		two := teamIMPs(other.NS, r.NS, other.NSTeam, r.Match.Teams)
		t.IMPs[0] += two[0]
		t.IMPs[1] += two[1]
		key := r.Match
		key.Session = ""
		if seg := m.segments[key]; seg != nil && sameHeader(seg.v, r.Segment) {
			// For the header's team 1, who sits NS in the open room.
			open := other
			if r.Room == record.Open {
				open = r
			}
			closed := other
			if open == other {
				closed = r
			}
			two := split(auction.IMPs(open.NS - closed.NS))
			seg.imps[0] += two[0]
			seg.imps[1] += two[1]
			seg.paired++
		}
	}
	return out
}
