// Package bws reads the .bws files of Bridgemate scoring terminals:
// Microsoft Access (Jet) databases in which Bridgemate Control Software
// keeps the movement of a session and every result entered at its tables.
// It reads the tables a scoring program reads — the sections, the
// movement (RoundData), the results (ReceivedData), the deals
// (HandRecord), the players (PlayerNumbers, PlayerNames) and, where the
// terminals recorded them, the auctions (BiddingData) and the play
// (PlayData) — and yields one [Unit] a board of a section: its results,
// its deal and its auctions and play, with the movement beside them.
//
// A database needs random access, so [Read] takes an io.ReaderAt; it
// keeps every row it reads, which for the tables read is a few hundred
// bytes a result. A table of more than [MaxRows] rows is read up to that
// many, and said so.
//
// A value's place is its table and row, counted from 1 in the order the
// table's pages hold them (the order mdb-export lists them in): a [Ref].
// A database has no lines, so the findings about a .bws carry no line and
// column; their messages start with the Ref instead ("ReceivedData row
// 17: …").
//
// The meaning of the values (a contract, a lead, a movement) is package
// convert's: this package knows the tables. docs/bws.md lists the columns
// read.
package bws

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/jet"
)

// MaxRows is the most rows read of one table: more than any session's
// results (a session of 100 tables and 30 boards enters 3,000), and a
// bound on what a damaged or hostile file makes the reader hold.
const MaxRows = 100_000

// A Ref is where a value is: a table of the database and a row of it,
// from 1.
type Ref struct {
	Table string
	Row   int
}

// String returns "ReceivedData row 17".
func (r Ref) String() string { return r.Table + " row " + strconv.Itoa(r.Row) }

// A Result is a row of ReceivedData: a result entered at a table.
type Result struct {
	At                                  Ref
	ID                                  int
	Section, Table, Round, Board        int
	PairNS, PairEW                      int
	Declarer                            int    // the number of the declaring pair (or player)
	Seat                                string // the NS/EW column: declarer's seat, N, E, S or W
	Contract, Result, LeadCard, Remarks string // as entered: "3 NT x", "+1", "H10", "40%-60%"
	Logged                              time.Time
	Erased                              bool
}

// A Round is a row of RoundData: the pairs at a table in a round of the
// movement and the boards they play there.
type Round struct {
	At                    Ref
	Section, Table, Round int
	NSPair, EWPair        int
	LowBoard, HighBoard   int
	CustomBoards          string
	// Boards are the boards CustomBoards lists ("1,2,5,6"), which the
	// table plays instead of LowBoard to HighBoard; nil when it lists none
	// or does not read.
	Boards []int
}

// A Hand is a row of HandRecord: the deal of a board, each hand's suits
// as written ("AKQ2", "" for a void), indexed by seat (N, E, S, W) and
// suit (spades, hearts, diamonds, clubs).
type Hand struct {
	At             Ref
	Section, Board int
	Suits          [4][4]string
}

// An Action is a row of BiddingData (a call) or PlayData (a card): made
// by Direction, the Counter-th of its table's auction or play of the
// board.
type Action struct {
	At                           Ref
	ID                           int
	Section, Table, Round, Board int
	Counter                      int
	Direction                    string
	Value                        string // the call or the card, as entered
	Erased                       bool
}

// A Player is a row of PlayerNumbers: the player who entered a number at
// a seat of a table, and the name the scoring program gave it.
type Player struct {
	At             Ref
	Section, Table int
	Direction      string
	Number, Name   string
}

// A File is what Read reads of a .bws file.
type File struct {
	Name string
	// Version is the engine of the database (Jet 3 for Access 97, Jet
	// 4 for Access 2000); Encoding the charset of its text.
	Version  string
	Encoding string
	// Sections maps a section's ID to its letter.
	Sections map[int]string
	// MissingPairs maps a section's ID to its MissingPair: the pair of an
	// odd field that is not there, whose tables of the movement sit out
	// (Bridgemate skips them, and no result is entered there); none is 0.
	MissingPairs map[int]int
	Rounds       []Round
	Results      []Result // without the erased ones
	Erased       int      // how many results were erased
	// Pending are the entries of IntermediateData: a contract (and lead)
	// entered at a table before its result, which then goes to Results.
	Pending []Result
	Hands   []Hand
	Bids    []Action
	Cards   []Action
	Players []Player
	// Names maps a player's number (PlayerNames' ID or strID) to the
	// name the scoring program gave it.
	Names map[string]string

	diags  diag.List
	rounds map[[3]int]*Round // by section, table and round: the first row of each
	howell map[int]bool      // the sections whose pairs keep their number in either direction
	names  map[pairKey][2]string
	// unplayed are the rounds, by section, without a result at any table.
	unplayed map[[2]int]bool
	// ewMove is a section's EWMoveBeforePlay: the tables East–West move
	// up (down when negative) from the table where they entered their
	// numbers before they play the first round.
	ewMove map[int]int
}

// pairKey is a pair as PairNames keys it: its section, its direction
// (none in a Howell) and number.
type pairKey struct {
	section int
	ew      bool
	n       int
}

// A Unit is one board of one section: the results entered for it, its
// deal when the hand record gives it, and the auctions and play the
// terminals recorded of it, with the file they come from (its movement,
// its players).
type Unit struct {
	File    *File
	Index   int // 1-based, in the order of Units
	Section int
	Letter  string // the section's letter, "" when the Section table does not give it
	Board   int
	Results []*Result
	Hand    *Hand     // nil when the hand record does not deal the board
	Bids    []*Action // by table, round and counter
	Cards   []*Action
}

// Diagnostics returns what the reader found about the file as a whole:
// what could not be read, and a movement that seats a pair twice.
func (f *File) Diagnostics() diag.List { return f.diags }

func (f *File) add(sev diag.Severity, code diag.Code, format string, args ...any) {
	f.diags = append(f.diags, diag.Diagnostic{File: f.Name, Severity: sev, Code: code, Message: fmt.Sprintf(format, args...)})
}

// Read reads the .bws file name of size bytes that r holds. What cannot
// be read is a finding of [File.Diagnostics], never an error: a database
// that does not open, a table that breaks off (the rows before the break
// are kept), a file without the ReceivedData table every Bridgemate file
// has.
func Read(r io.ReaderAt, size int64, name string) *File {
	f := &File{Name: name, Sections: map[int]string{}, MissingPairs: map[int]int{}, Names: map[string]string{}}
	db, err := jet.Open(r, size)
	if err != nil {
		f.add(diag.Error, CodeUnreadable, "the database cannot be read: %v", err)
		return f
	}
	f.Version = db.Version().String()
	f.Encoding = "UTF-16LE"
	if db.Version() == jet.Jet3 {
		f.Encoding = "windows-" + strconv.Itoa(db.CodePage())
	}
	if !slices.ContainsFunc(db.Tables(), func(t string) bool { return strings.EqualFold(t, "ReceivedData") }) {
		f.add(diag.Error, CodeUnreadable, "a Jet database without the table ReceivedData, which every Bridgemate file has: not read as one")
		return f
	}
	f.readSections(db)
	f.readRounds(db)
	f.readResults(db)
	f.readHands(db)
	f.Bids = f.readActions(db, "BiddingData", "Bid")
	f.Cards = f.readActions(db, "PlayData", "Card")
	f.readPlayers(db)
	f.findHowells()
	f.checkMovement()
	f.nameTheSeated()
	f.findUnplayedRounds()
	return f
}

// RoundEntered reports whether any table of a section has a result (or a
// contract waiting for one) of the round: a round that has none was not
// played, or not yet entered, and Diagnostics says so once, rather than
// every board of it being missing at every table.
func (f *File) RoundEntered(section, round int) bool { return !f.unplayed[[2]int{section, round}] }

// findUnplayedRounds finds the rounds of the movement without a result at
// any table, and reports each.
func (f *File) findUnplayedRounds() {
	entered := map[[2]int]bool{}
	for _, list := range [][]Result{f.Results, f.Pending} {
		for _, r := range list {
			entered[[2]int{r.Section, r.Round}] = true
		}
	}
	if len(entered) == 0 && len(f.Rounds) > 0 {
		// A session prepared and not yet played: one finding, not one a round.
		f.add(diag.Warning, CodeMissing, "the movement (RoundData) has %d rows and no result was entered at any table: a session not played, or not yet entered", len(f.Rounds))
	}
	for i := range f.Rounds {
		r := &f.Rounds[i]
		k := [2]int{r.Section, r.Round}
		if entered[k] || f.unplayed[k] {
			continue
		}
		if f.unplayed == nil {
			f.unplayed = map[[2]int]bool{}
		}
		f.unplayed[k] = true
		if len(entered) == 0 {
			continue
		}
		section := strconv.Itoa(r.Section)
		if l := f.Sections[r.Section]; l != "" {
			section = l
		}
		f.add(diag.Warning, CodeMissing, "%s: round %d of section %s has no result at any table: not played, or not yet entered", r.At, r.Round, section)
	}
}

// Named reports whether the file names any pair's players (PairNames).
func (f *File) Named() bool { return len(f.names) > 0 }

// PairNames returns the names of the two players of pair n of a section
// sitting North–South (ew false) or East–West, as the players entered
// their numbers at the start of the session (PlayerNumbers), named there
// or by PlayerNames; "" for one not known. ok is false when neither is.
func (f *File) PairNames(section int, ew bool, n int) (names [2]string, ok bool) {
	names, ok = f.names[pairKey{section, ew && !f.Howell(section), n}]
	return names, ok
}

// nameTheSeated gives each pair the names of the players who sat at its
// seats in the first round of its section: where players enter their
// numbers, before the session starts.
func (f *File) nameTheSeated() {
	first := map[int]int{} // a section's first round
	for _, r := range f.Rounds {
		if v, ok := first[r.Section]; !ok || r.Round < v {
			first[r.Section] = r.Round
		}
	}
	type seat struct {
		section, table int
		dir            string
	}
	at := map[seat]string{}
	for _, p := range f.Players {
		name := strings.TrimSpace(p.Name)
		if name == "" {
			name = f.Names[strings.TrimSpace(p.Number)]
		}
		if name != "" {
			at[seat{p.Section, p.Table, strings.ToUpper(strings.TrimSpace(p.Direction))}] = name
		}
	}
	if len(at) == 0 {
		return
	}
	// East–West entered their numbers at their home table, ewMove tables
	// before the one where they play the first round: a section's tables
	// in order, coming round from the last to the first.
	tables := map[int][]int{} // a section's tables in the first round, in order
	for _, r := range f.Rounds {
		if r.Round == first[r.Section] && !slices.Contains(tables[r.Section], r.Table) {
			tables[r.Section] = append(tables[r.Section], r.Table)
		}
	}
	for _, ts := range tables {
		slices.Sort(ts)
	}
	home := func(section, table int) int {
		k, ts := f.ewMove[section], tables[section]
		if k == 0 {
			return table
		}
		i := slices.Index(ts, table)
		return ts[((i-k)%len(ts)+len(ts))%len(ts)]
	}
	f.names = map[pairKey][2]string{}
	for _, r := range f.Rounds {
		if r.Round != first[r.Section] {
			continue
		}
		howell := f.Howell(r.Section)
		for _, s := range []struct {
			ew    bool
			n     int
			table int
			dirs  [2]string
		}{{false, r.NSPair, r.Table, [2]string{"N", "S"}}, {!howell, r.EWPair, home(r.Section, r.Table), [2]string{"E", "W"}}} {
			names := [2]string{at[seat{r.Section, s.table, s.dirs[0]}], at[seat{r.Section, s.table, s.dirs[1]}]}
			if s.n != 0 && names != [2]string{} {
				f.names[pairKey{r.Section, s.ew, s.n}] = names
			}
		}
	}
}

// Howell reports whether the pairs of a section keep their number in
// either direction, as a Howell movement numbers them: pair 3 sits
// North–South at one table and East–West at another. A Mitchell numbers
// each direction from 1, so that North–South pair 3 and East–West pair 3
// are two pairs (who meet at some table), or numbers East–West after
// North–South; either way its pairs are their direction and number.
func (f *File) Howell(section int) bool { return f.howell[section] }

// findHowells tells the Howell sections from the others by the
// movement, or by the results where the file has none of it. A Howell's
// numbers change direction from round to round, and in a round each sits
// once. A Mitchell numbered from 1 in each direction seats every number
// twice in a round, once each way, and seats pair 3 against pair 3 at
// some table; one numbered on never seats a number both ways. So a
// section is a Howell when a number sits in both directions, none faces
// itself, and in most of its rounds no number sits both ways (a round
// that does is then a pair seated twice, which checkMovement reports).
func (f *File) findHowells() {
	type seat struct{ round, n int }
	type section struct {
		ns, ew    map[int]bool   // the numbers that sat each way
		seats     map[seat]uint8 // the ways (1 NS, 2 EW) a number sat in a round
		rounds    map[int]bool   // the rounds where a number sat both ways
		allRounds map[int]bool
		facing    bool // a number at both sides of one table
	}
	by := map[int]*section{}
	add := func(sec, round, ns, ew int) {
		s := by[sec]
		if s == nil {
			s = &section{ns: map[int]bool{}, ew: map[int]bool{}, seats: map[seat]uint8{}, rounds: map[int]bool{}, allRounds: map[int]bool{}}
			by[sec] = s
		}
		s.allRounds[round] = true
		s.facing = s.facing || ns != 0 && ns == ew
		for way, n := range [2]int{ns, ew} {
			if n == 0 {
				continue
			}
			if way == 0 {
				s.ns[n] = true
			} else {
				s.ew[n] = true
			}
			k := seat{round, n}
			s.seats[k] |= 1 << way
			if s.seats[k] == 3 {
				s.rounds[round] = true
			}
		}
	}
	for _, r := range f.Rounds {
		add(r.Section, r.Round, r.NSPair, r.EWPair)
	}
	if len(f.Rounds) == 0 {
		for _, r := range f.Results {
			add(r.Section, r.Round, r.PairNS, r.PairEW)
		}
	}
	f.howell = map[int]bool{}
	for sec, s := range by {
		if s.facing || 2*len(s.rounds) >= len(s.allRounds) {
			continue
		}
		for n := range s.ns {
			if s.ew[n] {
				f.howell[sec] = true
				break
			}
		}
	}
}

// PairName names pair n of a section sitting North–South (ew false) or
// East–West, as its number means it there: "pair 3" in a Howell,
// "North–South pair 3" elsewhere.
func (f *File) PairName(section int, ew bool, n int) string {
	switch {
	case f.Howell(section):
		return "pair " + strconv.Itoa(n)
	case ew:
		return "East–West pair " + strconv.Itoa(n)
	}
	return "North–South pair " + strconv.Itoa(n)
}

// CodeUnreadable is the code of what Read cannot read.
const CodeUnreadable diag.Code = "bws-unreadable"

// CodeMissing is the code of results the movement calls for and the file
// does not have.
const CodeMissing diag.Code = "bws-missing"

// CodeValue is the code of a value that does not read as what its column
// holds.
const CodeValue diag.Code = "bws-value"

// boardList reads a CustomBoards list: board numbers separated by commas.
func boardList(text string) ([]int, bool) {
	var out []int
	for f := range strings.SplitSeq(text, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}

// row is a row of a table being read, its values looked up by column
// name.
type row struct {
	at   Ref
	cols map[string]int
	vals []any
}

func (r *row) value(name string) any {
	if i, ok := r.cols[strings.ToLower(name)]; ok {
		return r.vals[i]
	}
	return nil
}

// int returns a whole-number column's value, 0 when null or absent.
func (r *row) int(name string) int {
	switch v := r.value(name).(type) {
	case uint8:
		return int(v)
	case int16:
		return int(v)
	case int32:
		return int(v)
	case float64:
		return int(v)
	case string:
		n, _ := strconv.Atoi(strings.TrimSpace(v))
		return n
	}
	return 0
}

// text returns a column's value as text, trimmed; "" when null.
func (r *row) text(name string) string {
	switch v := r.value(name).(type) {
	case string:
		return strings.TrimSpace(v)
	case nil:
		return ""
	case bool:
		return strconv.FormatBool(v)
	default:
		return strings.TrimSpace(fmt.Sprint(v))
	}
}

func (r *row) bool(name string) bool {
	v, _ := r.value(name).(bool)
	return v
}

func (r *row) time(name string) time.Time {
	v, _ := r.value(name).(time.Time)
	return v
}

// rows calls fn for each row of the table name, up to MaxRows; a table
// the file does not have is no rows. What breaks the reading is a finding.
func (f *File) rows(db *jet.DB, name string, fn func(r *row)) {
	t, err := db.Table(name)
	if err != nil {
		if slices.ContainsFunc(db.Tables(), func(n string) bool { return strings.EqualFold(n, name) }) {
			f.add(diag.Error, CodeUnreadable, "the table %s cannot be read: %v", name, err)
		}
		return
	}
	cols := map[string]int{}
	for i, c := range t.Columns() {
		cols[strings.ToLower(c.Name)] = i
	}
	rows := t.Rows()
	n := 0
	for rows.Next() {
		n++
		if n > MaxRows {
			f.add(diag.Error, CodeUnreadable, "the table %s has more than %d rows; the rest are not read", name, MaxRows)
			return
		}
		fn(&row{at: Ref{Table: t.Name(), Row: n}, cols: cols, vals: rows.Row()})
	}
	if err := rows.Err(); err != nil {
		f.add(diag.Error, CodeUnreadable, "the table %s breaks off after row %d: %v", name, n, err)
	}
}

func (f *File) readSections(db *jet.DB) {
	f.rows(db, "Section", func(r *row) {
		f.Sections[r.int("ID")] = r.text("Letter")
		if n := r.int("MissingPair"); n != 0 {
			f.MissingPairs[r.int("ID")] = n
		}
		if n := r.int("EWMoveBeforePlay"); n != 0 {
			if f.ewMove == nil {
				f.ewMove = map[int]int{}
			}
			f.ewMove[r.int("ID")] = n
		}
	})
}

func (f *File) readRounds(db *jet.DB) {
	f.rows(db, "RoundData", func(r *row) {
		f.Rounds = append(f.Rounds, Round{
			At: r.at, Section: r.int("Section"), Table: r.int("Table"), Round: r.int("Round"),
			NSPair: r.int("NSPair"), EWPair: r.int("EWPair"),
			LowBoard: r.int("LowBoard"), HighBoard: r.int("HighBoard"), CustomBoards: r.text("CustomBoards"),
		})
		rd := &f.Rounds[len(f.Rounds)-1]
		if strings.TrimSpace(rd.CustomBoards) != "" {
			var ok bool
			if rd.Boards, ok = boardList(rd.CustomBoards); !ok {
				f.add(diag.Error, CodeValue, "%s: CustomBoards %q is not a list of board numbers, such as 1,2,5,6", rd.At, rd.CustomBoards)
			}
		}
	})
	// Built once here, so that the units, converted in parallel, only
	// read it.
	f.rounds = make(map[[3]int]*Round, len(f.Rounds))
	for i := range f.Rounds {
		r := &f.Rounds[i]
		k := [3]int{r.Section, r.Table, r.Round}
		if _, ok := f.rounds[k]; !ok {
			f.rounds[k] = r
		}
	}
}

func (f *File) readResults(db *jet.DB) {
	f.Results = f.readEntries(db, "ReceivedData", &f.Erased)
	var erased int
	f.Pending = f.readEntries(db, "IntermediateData", &erased)
}

// readEntries reads the entries of ReceivedData or IntermediateData, which
// have the same columns, but those erased, which it counts in erased.
func (f *File) readEntries(db *jet.DB, table string, erased *int) []Result {
	var out []Result
	f.rows(db, table, func(r *row) {
		if r.bool("Erased") {
			*erased++
			return
		}
		out = append(out, Result{
			At: r.at, ID: r.int("ID"), Section: r.int("Section"), Table: r.int("Table"), Round: r.int("Round"), Board: r.int("Board"),
			PairNS: r.int("PairNS"), PairEW: r.int("PairEW"), Declarer: r.int("Declarer"), Seat: r.text("NS/EW"),
			Contract: r.text("Contract"), Result: r.text("Result"), LeadCard: r.text("LeadCard"), Remarks: r.text("Remarks"),
			Logged: r.time("DateLog"),
		})
	})
	return out
}

// seatNames and suitNames name HandRecord's columns: NorthSpades …
// WestClubs.
var (
	seatNames = [4]string{"North", "East", "South", "West"}
	suitNames = [4]string{"Spades", "Hearts", "Diamonds", "Clubs"}
)

func (f *File) readHands(db *jet.DB) {
	f.rows(db, "HandRecord", func(r *row) {
		h := Hand{At: r.at, Section: r.int("Section"), Board: r.int("Board")}
		for s, seat := range seatNames {
			for k, suit := range suitNames {
				h.Suits[s][k] = r.text(seat + suit)
			}
		}
		f.Hands = append(f.Hands, h)
	})
}

func (f *File) readActions(db *jet.DB, table, value string) []Action {
	var out []Action
	f.rows(db, table, func(r *row) {
		if r.bool("Erased") {
			return
		}
		out = append(out, Action{
			At: r.at, ID: r.int("ID"), Section: r.int("Section"), Table: r.int("Table"), Round: r.int("Round"), Board: r.int("Board"),
			Counter: r.int("Counter"), Direction: r.text("Direction"), Value: r.text(value),
		})
	})
	return out
}

func (f *File) readPlayers(db *jet.DB) {
	f.rows(db, "PlayerNumbers", func(r *row) {
		f.Players = append(f.Players, Player{At: r.at, Section: r.int("Section"), Table: r.int("Table"),
			Direction: r.text("Direction"), Number: r.text("Number"), Name: r.text("Name")})
	})
	f.rows(db, "PlayerNames", func(r *row) {
		name := r.text("Name")
		for _, id := range []string{r.text("ID"), r.text("strID")} {
			if id != "" && name != "" {
				f.Names[id] = name
			}
		}
	})
}

// CodePairTwice is the code of a movement that seats a pair at two
// tables in one round.
const CodePairTwice diag.Code = "bws-pair-twice"

// checkMovement reports a pair the movement seats at two tables of a
// round. A pair is its number in a Howell, its direction and number
// elsewhere (see Howell).
func (f *File) checkMovement() {
	type key struct {
		section, round int
		ew             bool
		pair           int
	}
	first := map[key]*Round{}
	for i := range f.Rounds {
		r := &f.Rounds[i]
		howell := f.Howell(r.Section)
		for _, k := range []key{{r.Section, r.Round, false, r.NSPair}, {r.Section, r.Round, !howell, r.EWPair}} {
			if k.pair == 0 {
				continue // a table without a pair: the sit-out of an odd field
			}
			if o, ok := first[k]; ok && o.Table != r.Table {
				f.add(diag.Error, CodePairTwice, "%s: %s sits at table %d in round %d, and at table %d (%s)",
					r.At, f.PairName(r.Section, k.ew, k.pair), r.Table, r.Round, o.Table, o.At)
				continue
			}
			first[k] = r
		}
	}
}

// Units returns the boards of the file, one a board of a section, in
// order of section and board: every board a result or the hand record
// names.
func (f *File) Units() []*Unit {
	type key struct{ section, board int }
	units := map[key]*Unit{}
	unit := func(section, board int) *Unit {
		k := key{section, board}
		u, ok := units[k]
		if !ok {
			u = &Unit{File: f, Section: section, Letter: f.Sections[section], Board: board}
			units[k] = u
		}
		return u
	}
	for i := range f.Results {
		r := &f.Results[i]
		u := unit(r.Section, r.Board)
		u.Results = append(u.Results, r)
	}
	for i := range f.Hands {
		h := &f.Hands[i]
		if u := unit(h.Section, h.Board); u.Hand == nil {
			u.Hand = h
		}
	}
	for i := range f.Bids {
		a := &f.Bids[i]
		u := unit(a.Section, a.Board)
		u.Bids = append(u.Bids, a)
	}
	for i := range f.Cards {
		a := &f.Cards[i]
		u := unit(a.Section, a.Board)
		u.Cards = append(u.Cards, a)
	}
	out := make([]*Unit, 0, len(units))
	for _, u := range units {
		byPlace := func(a, b *Action) int {
			return cmp.Or(cmp.Compare(a.Table, b.Table), cmp.Compare(a.Round, b.Round), cmp.Compare(a.Counter, b.Counter), cmp.Compare(a.At.Row, b.At.Row))
		}
		slices.SortStableFunc(u.Bids, byPlace)
		slices.SortStableFunc(u.Cards, byPlace)
		out = append(out, u)
	}
	slices.SortFunc(out, func(a, b *Unit) int {
		return cmp.Or(cmp.Compare(a.Section, b.Section), cmp.Compare(a.Board, b.Board))
	})
	for i, u := range out {
		u.Index = i + 1
	}
	return out
}

// Gives reports whether the movement gives the table of round r board
// n: among its CustomBoards, or from LowBoard to HighBoard.
func (r *Round) Gives(n int) bool {
	if strings.TrimSpace(r.CustomBoards) != "" {
		return slices.Contains(r.Boards, n)
	}
	return r.HighBoard > 0 && r.LowBoard <= n && n <= r.HighBoard
}

// Round returns the movement's row for a table and round of a section,
// or nil.
func (f *File) Round(section, table, round int) *Round {
	return f.rounds[[3]int{section, table, round}]
}

// Size is about the bytes the unit's rows take in the database, for
// cutting work into batches.
func (u *Unit) Size() int {
	return 64 * (1 + len(u.Results) + len(u.Bids) + len(u.Cards))
}
