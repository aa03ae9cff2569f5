package corpus

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

func TestDuplicateIndex(t *testing.T) {
	t.Parallel()
	x := NewDuplicateIndex()
	for i, tc := range []struct {
		deal  string
		place Place
		want  string
	}{
		{"D1", Place{File: "a.pbn", Game: 1, Board: "1", Event: "E"}, ""},
		{"D1", Place{File: "a.pbn", Game: 2, Board: "1", Event: "E"}, ""},                                           // the other table
		{"D1", Place{File: "b.pbn", Game: 1, Board: "01", Event: "E"}, ""},                                          // a copy, zero-padded
		{"D1", Place{File: "b.pbn", Game: 2, Board: "2", Event: "E"}, `deal at a.pbn game 1 (board 1, event "E")`},  // same deal, other board
		{"D2", Place{File: "c.pbn", Game: 1, Board: "1", Event: "E"}, `board at a.pbn game 1 (board 1, event "E")`}, // same board, other deal
		{"D3", Place{File: "d.pbn", Game: 1, Board: "1", Event: ""}, ""},
		{"D4", Place{File: "e.pbn", Game: 1, Board: "1", Event: "?"}, ""}, // no event: boards are per file
		{"D5", Place{File: "e.pbn", Game: 2, Board: "1", Event: "?"}, `board at e.pbn game 1 (board 1, event "?")`},
		{"D1", Place{File: "f.pbn", Game: 1, Board: "9", Event: "F"}, `deal at a.pbn game 1 (board 1, event "E")`},
		{"D3", Place{File: "g.pbn", Game: 1, Board: "", Event: ""}, `deal at d.pbn game 1 (board 1)`},
		{"D2", Place{File: "c.pbn", Game: 2, Board: " 2 ", Event: "E"}, `deal at c.pbn game 1 (board 1, event "E")` + "; " +
			`board at b.pbn game 2 (board 2, event "E")`},
		{"D6", Place{File: "h.lin", Game: 1, Board: "0", Event: "E"}, ""},
		{"D7", Place{File: "h.lin", Game: 2, Board: "00", Event: "E"}, `board at h.lin game 1 (board 0, event "E")`},
		// The same board of the event with its hands at other seats: a
		// rotated copy, said, where the same seats are the other table.
		{"D1", Place{File: "i.pbn", Game: 1, Board: "1", Event: "E", Turn: 1}, `deal at a.pbn game 1 (board 1, event "E")`},
	} {
		if s := dupText(x.Add(tc.deal, tc.place)); s != tc.want {
			t.Errorf("%d: Add(%s, %v) = %q, want %q", i+1, tc.deal, tc.place, s, tc.want)
		}
	}
	if n := x.Deals(); n != 7 {
		t.Errorf("Deals() = %d, want 7", n)
	}
	if x.Full() || x.Dropped() != 0 {
		t.Errorf("Full() = %v, Dropped() = %d after 14 places", x.Full(), x.Dropped())
	}
}

// TestDuplicateIndexMatches: within a session, a board is one board of
// one match. Two matches that play different deals under one number
// contradict nothing, two that share the deals repeat nothing, and two
// rooms of one match that differ are a conflict.
func TestDuplicateIndexMatches(t *testing.T) {
	t.Parallel()
	x := NewDuplicateIndex()
	sp := func(game int, board, match string) Place {
		return Place{File: "s.pbn", Game: game, Board: board, Event: "Spingold", Session: "QtrF:1", Match: match}
	}
	for i, tc := range []struct {
		deal  string
		place Place
		want  string
	}{
		{"D1", sp(1, "1", "Nickell v Fleisher"), ""},
		{"D1", sp(2, "1", "Nickell v Fleisher"), ""},
		{"D2", sp(3, "1", "Diamond v Monaco"), ""}, // another match, its own boards
		{"D2", sp(4, "1", "Diamond v Monaco"), ""},
		{"D3", sp(5, "1", "Diamond v Monaco"), `board at s.pbn game 3 (board 1, event "Spingold", QtrF:1, Diamond v Monaco)`},
		{"D1", sp(6, "1", "Lee v Cayne"), ""}, // the boards of the first match, shared
		{"D1", sp(7, "2", "Lee v Cayne"), `deal at s.pbn game 1 (board 1, event "Spingold", QtrF:1, Nickell v Fleisher)`},
		{"D4", sp(8, "1", ""), ""}, // no match named: another board
		{"D5", sp(9, "1", ""), `board at s.pbn game 8 (board 1, event "Spingold", QtrF:1)`},
	} {
		if s := dupText(x.Add(tc.deal, tc.place)); s != tc.want {
			t.Errorf("%d: Add(%s, %v) = %q, want %q", i+1, tc.deal, tc.place, s, tc.want)
		}
	}
}

// dupText writes duplicates as "deal at PLACE" and "board at PLACE".
func dupText(ds []Duplicate) string {
	var got []string
	for _, d := range ds {
		kind := map[DuplicateKind]string{SameDeal: "deal", BoardConflict: "board"}[d.Kind]
		got = append(got, kind+" at "+d.Earlier.String())
	}
	return strings.Join(got, "; ")
}

func TestDuplicateMessage(t *testing.T) {
	t.Parallel()
	earlier := Place{File: "a.zip!s1.pbn", Game: 4, Board: "7", Event: "Spring Cup"}
	for _, tc := range []struct {
		d    Duplicate
		want string
	}{
		{Duplicate{Kind: SameDeal, Earlier: earlier}, `the same deal was seen at a.zip!s1.pbn game 4 (board 7, event "Spring Cup")`},
		{Duplicate{Kind: BoardConflict, Earlier: earlier}, `the same board had a different deal at a.zip!s1.pbn game 4 (board 7, event "Spring Cup")`},
		{Duplicate{Kind: SameDeal, Earlier: Place{File: "x.lin", Game: 2}}, `the same deal was seen at x.lin game 2`},
		{Duplicate{Kind: SameDeal, Earlier: Place{File: "x.lin", Game: 3, Event: `Cup "A"`}}, `the same deal was seen at x.lin game 3 (event "Cup \"A\"")`},
		{Duplicate{Kind: SameDeal, Earlier: Place{File: "x.lin", Game: 3, Board: "2", Session: "Final"}, Turned: 1},
			`the same deal, its hands at other seats (North's hand here was East's there), was seen at x.lin game 3 (board 2, Final)`},
	} {
		if got := tc.d.Message(); got != tc.want {
			t.Errorf("Message() = %q, want %q", got, tc.want)
		}
	}
}

// TestDuplicateIndexPlaces checks that the earlier place comes back as it
// was given, whatever the form of its board label, event and file name:
// each deal is added once and then again under another board.
func TestDuplicateIndexPlaces(t *testing.T) {
	t.Parallel()
	var places []Place
	for i, board := range []string{"1", "01", "0", "00", "007", "16777215", "16777216", "000000000000009",
		"0000000000000009", "99999999999999999999", " 2 ", "A1", "1a", "", "Board 3", "٣"} {
		places = append(places, Place{File: "archive.zip!2019/spring/round1.pbn", Game: i + 1, Board: board, Event: fmt.Sprint("Spring Cup ", i)})
	}
	for i, event := range []string{"", "?", " Spring Cup ", "Кубок России", strings.Repeat("long event ", 30)} {
		places = append(places, Place{File: fmt.Sprint("archive.zip!2019/spring/round", i, ".pbn"), Game: 100 + i, Board: "5", Event: event})
	}
	// More names than a front-coded group, sharing prefixes of all lengths.
	for i := range 40 {
		places = append(places, Place{File: fmt.Sprintf("archive.zip!20%02d/r%d/t.lin", i/7, i), Game: 1, Board: "3", Event: ""})
	}
	places = append(places, Place{File: "", Game: -7, Board: "4", Event: "E"}, Place{File: "a", Game: 1 << 30, Board: "4", Event: "E2"})

	x := NewDuplicateIndex()
	for i, p := range places {
		if d := x.Add(fmt.Sprint("deal ", i), p); d != nil {
			t.Fatalf("%v: %v on first sight", p, d)
		}
	}
	for i, p := range places {
		later := Place{File: "other.pbn", Game: i, Board: strconv.Itoa(1000 + i), Event: "Other"}
		d := x.Add(fmt.Sprint("deal ", i), later)
		if len(d) != 1 || d[0].Kind != SameDeal || d[0].Earlier != p {
			t.Errorf("deal %d seen again: %v, want SameDeal at %v", i, d, p)
		}
	}
}

// refIndex is DuplicateIndex with exact string keys and no bound, to
// compare with.
type refIndex struct {
	deals  map[string]refSeen // by deal
	boards map[string]refSeen // by board key
}

type refSeen struct {
	key   string // the board key of a deal, or the deal of a board
	place Place
}

func (r *refIndex) add(deal string, p Place) []Duplicate {
	board := canonBoard(p.Board)
	scope := "file\x00" + p.File
	if e := strings.TrimSpace(p.Event); e != "" && e != "?" {
		scope = "event\x00" + e
	}
	key := scope + "\x00" + board
	var dups []Duplicate
	if seen, ok := r.deals[deal]; !ok {
		r.deals[deal] = refSeen{key, p}
	} else if seen.key != key {
		dups = append(dups, Duplicate{Kind: SameDeal, Earlier: seen.place})
	}
	if board != "" {
		if seen, ok := r.boards[key]; !ok {
			r.boards[key] = refSeen{deal, p}
		} else if seen.key != deal {
			dups = append(dups, Duplicate{Kind: BoardConflict, Earlier: seen.place})
		}
	}
	return dups
}

// TestDuplicateIndexModel feeds random places to the index and to refIndex
// and wants the same answers: files in runs, as an archive gives them, and
// files in any order.
func TestDuplicateIndexModel(t *testing.T) {
	t.Parallel()
	for _, run := range []int{30, 1} {
		r := rand.New(rand.NewPCG(1, uint64(run)))
		x := NewDuplicateIndex()
		ref := &refIndex{deals: map[string]refSeen{}, boards: map[string]refSeen{}}
		events := []string{"", "?", "Cup", " Cup", "League", "Кубок"}
		boards := []string{"1", "01", " 1", "2", "3", "003", "10", "X", "", "0"}
		var file, event string
		for i := range 20000 {
			if i%run == 0 {
				file = fmt.Sprintf("arc.zip!d%d/f%d.pbn", r.IntN(5), r.IntN(40))
				event = events[r.IntN(len(events))]
			}
			if r.IntN(10) == 0 {
				event = events[r.IntN(len(events))]
			}
			p := Place{File: file, Game: i, Board: boards[r.IntN(len(boards))], Event: event}
			deal := strconv.Itoa(r.IntN(400))
			got, want := dupText(x.Add(deal, p)), dupText(ref.add(deal, p))
			if got != want {
				t.Fatalf("run %d, %d: Add(%s, %v) = %q, want %q", run, i, deal, p, got, want)
			}
		}
		if x.Deals() != len(ref.deals) {
			t.Errorf("Deals() = %d, want %d", x.Deals(), len(ref.deals))
		}
	}
}

// TestDuplicateIndexFull fills a small index and checks what it still does.
func TestDuplicateIndexFull(t *testing.T) {
	t.Parallel()
	const size = 256 << 10
	x := NewDuplicateIndexSize(size)
	place := func(i int) Place {
		return Place{File: fmt.Sprintf("f%d.pbn", i/16), Game: i%16 + 1, Board: strconv.Itoa(i%16 + 1), Event: fmt.Sprint("E", i/16)}
	}
	held := 0
	for ; !x.Full(); held++ {
		if held > size {
			t.Fatalf("%d distinct deals in %d bytes and not full", held, size)
		}
		x.Add(fmt.Sprint("deal ", held), place(held))
	}
	held-- // the last one did not fit
	t.Logf("%d bytes hold %d deals", size, held)
	if held < size/64 {
		t.Errorf("only %d deals in %d bytes", held, size)
	}
	if x.used > x.size {
		t.Errorf("holds %d bytes, more than its size %d", x.used, x.size)
	}
	if x.Dropped() != 1 || x.Deals() != held+1 {
		t.Errorf("just full: Dropped() = %d, Deals() = %d; want 1, %d", x.Dropped(), x.Deals(), held+1)
	}

	other := Place{File: "late.pbn", Game: 1, Board: "1", Event: "Late"}
	for _, tc := range []struct {
		deal    string
		p       Place
		want    string
		dropped int
	}{
		// A held deal under another board is still found.
		{"deal 3", other, `deal at f0.pbn game 4 (board 4, event "E0")`, 2},
		// A held board with another deal too; the new deal is not held.
		{"new deal", place(5), `board at f0.pbn game 6 (board 6, event "E0")`, 3},
		{"new deal", other, "", 4},
		// The deal that did not fit is not found again.
		{fmt.Sprint("deal ", held), Place{File: "late.pbn", Game: 2, Board: "2", Event: "Late"}, "", 5},
		// Places with nothing new are not dropped.
		{"deal 3", place(3), "", 5},
	} {
		if got := dupText(x.Add(tc.deal, tc.p)); got != tc.want {
			t.Errorf("full: Add(%s, %v) = %q, want %q", tc.deal, tc.p, got, tc.want)
		}
		if x.Dropped() != tc.dropped {
			t.Errorf("after Add(%s, %v): Dropped() = %d, want %d", tc.deal, tc.p, x.Dropped(), tc.dropped)
		}
	}
	if x.Deals() != held+4 {
		t.Errorf("Deals() = %d, want %d held and 4 seen while full", x.Deals(), held)
	}
}

// TestDuplicateIndexMemory adds more distinct deals than the default index
// holds, with long deal texts, and checks that the heap grows by no more
// than DefaultDuplicateIndexSize, that the index counts what it holds
// honestly, and that it holds about the half million deals documented: for an
// archive of team matches, of one-board files with long names, and of
// dealer output without events.
func TestDuplicateIndexMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("adds 600,000 deals, three times")
	}
	const n = 600_000
	pad := strings.Repeat("x", 200) // deals are hashed, so their length must not count
	for _, tc := range []struct {
		name     string
		place    func(i int) Place
		minDeals int
	}{
		{"team matches", func(i int) Place {
			return Place{File: fmt.Sprintf("federation.zip!%d/round%02d.pbn", 2000+i/50000, i/64%1000), Game: i%64 + 1,
				Board: strconv.Itoa(i%64 + 1), Event: fmt.Sprintf("Championship %d, round %d", 2000+i/50000, i/64%1000)}
		}, 500_000},
		{"one board a file", func(i int) Place {
			return Place{File: fmt.Sprintf("vugraph-dump.zip!hands/2024/%02d/%08d.lin", i/100000, i), Game: 1, Board: "1"}
		}, 250_000},
		{"dealer output", func(i int) Place {
			return Place{File: fmt.Sprintf("deals%03d.pbn", i/5000), Game: i%5000 + 1, Board: strconv.Itoa(i%5000 + 1), Event: "?"}
		}, 500_000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			x := NewDuplicateIndex()
			firstDropped := -1
			for i := range n {
				x.Add(fmt.Sprintf("N:%d%s", i, pad), tc.place(i))
				if firstDropped < 0 && x.Full() {
					firstDropped = i
				}
			}
			runtime.GC()
			runtime.ReadMemStats(&after)
			grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
			held := x.deals.n
			t.Logf("%d of %d deals held: the heap grew by %d bytes (%.1f a deal), the index counts %d", held, n,
				grown, float64(grown)/float64(held), x.used)
			if grown > DefaultDuplicateIndexSize {
				t.Errorf("the heap grew by %d bytes, more than the index's size %d", grown, DefaultDuplicateIndexSize)
			}
			if int64(x.used) < grown*9/10 || x.used > DefaultDuplicateIndexSize {
				t.Errorf("the index counts %d bytes, the heap grew by %d", x.used, grown)
			}
			if held < tc.minDeals || held != firstDropped {
				t.Errorf("%d deals held, full at %d; want at least %d", held, firstDropped, tc.minDeals)
			}
			if x.Deals() != n || x.Dropped() != n-held {
				t.Errorf("Deals() = %d, Dropped() = %d; want %d, %d", x.Deals(), x.Dropped(), n, n-held)
			}
			// Repeats of held deals are found, at their place.
			if d := x.Add(fmt.Sprintf("N:%d%s", 7, pad), Place{File: "z.pbn", Game: 1, Board: "1", Event: "Z"}); len(d) != 1 || d[0].Earlier != tc.place(7) {
				t.Errorf("a held deal seen again: %v, want it at %v", d, tc.place(7))
			}
			runtime.KeepAlive(x)
		})
	}
}

// dealPool is a set of distinct deal texts for benchmarks.
var dealPool = func() []string {
	deals := make([]string, 1<<16)
	for i := range deals {
		deals[i] = fmt.Sprintf("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.%d", i)
	}
	return deals
}()

// BenchmarkDuplicateIndexAdd measures Add for the three things it meets:
// a new deal on a new board, which grows the index (B/op is then the
// memory a distinct deal takes, growth included, as a new index is started
// every 65,536 deals); the same deal at the other table; and a deal
// reported as a duplicate.
func BenchmarkDuplicateIndexAdd(b *testing.B) {
	place := func(i int) Place {
		return Place{File: "events/2019/spring.pbn", Game: i, Board: strconv.Itoa(i%36 + 1), Event: "Spring Cup, round " + strconv.Itoa(i/36)}
	}
	places := make([]Place, len(dealPool))
	for i := range places {
		places[i] = place(i)
	}
	b.Run("new", func(b *testing.B) {
		b.ReportAllocs()
		var x *DuplicateIndex
		i := 0
		for b.Loop() {
			if i%len(dealPool) == 0 {
				x = NewDuplicateIndex()
			}
			x.Add(dealPool[i%len(dealPool)], places[i%len(places)])
			i++
		}
	})
	// filled returns an index that holds every deal of the pool.
	filled := func() *DuplicateIndex {
		x := NewDuplicateIndex()
		for i, d := range dealPool {
			x.Add(d, places[i])
		}
		return x
	}
	b.Run("other table", func(b *testing.B) {
		x := filled()
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			x.Add(dealPool[i%len(dealPool)], places[i%len(places)])
			i++
		}
	})
	b.Run("duplicate", func(b *testing.B) {
		x := filled()
		later := Place{File: "events/2019/autumn.pbn", Game: 1, Board: "1", Event: "Autumn Cup"}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			x.Add(dealPool[i%len(dealPool)], later)
			i++
		}
	})
}

// A pipeline compares Full before and after each Add to say once, at the
// place where it happened, that later deals are not looked for.
func ExampleDuplicateIndex_Full() {
	x := NewDuplicateIndexSize(64 << 10)
	for i := 1; ; i++ {
		wasFull := x.Full()
		x.Add(fmt.Sprint("deal ", i), Place{File: "big.pbn", Game: i, Board: strconv.Itoa(i)})
		if !wasFull && x.Full() {
			fmt.Printf("full at game %d, after %d deals; dropped %d\n", i, x.Deals()-1, x.Dropped())
			break
		}
	}
	// Output:
	// full at game 897, after 896 deals; dropped 1
}

// TestMatchNames holds the name a file's boards share to matchName's, as
// the teams change and come back, none named included.
func TestMatchNames(t *testing.T) {
	t.Parallel()
	var m matchNames
	for _, teams := range [][2]string{{"", ""}, {"", ""}, {"A ", "B"}, {"A ", "B"}, {"?", "?"}, {"A", "C"}, {"", ""}} {
		if got, want := m.of(teams[0], teams[1]), matchName(teams[0], teams[1]); got != want {
			t.Errorf("teams %q: %q, want %q", teams, got, want)
		}
	}
}
