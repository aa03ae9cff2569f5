package record

import (
	"iter"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/auction"

	"github.com/bridgekit/bridgekit/diag"
)

// Fields of a Board come in two kinds. Content fields (values, calls,
// cards, notes, comments' text) are what a board says; a lossless
// conversion keeps them equal. As-written fields (Loc, ValueSpan, Text,
// Raw, Source) record how and where a file wrote them; they change when a
// writer normalises layout and are what findings use to point back into
// the file.

// Format names the file format a board was read from.
type Format uint8

// The formats boards are read from.
const (
	FormatUnknown Format = iota // built in code
	FormatPBN
	FormatLIN
	FormatUSEBIO
	FormatBWS // a Bridgemate database
)

// String returns "pbn", "lin", "usebio", "bws" or "".
func (f Format) String() string {
	switch f {
	case FormatPBN:
		return "pbn"
	case FormatLIN:
		return "lin"
	case FormatUSEBIO:
		return "usebio"
	case FormatBWS:
		return "bws"
	}
	return ""
}

// Source says where a board came from.
type Source struct {
	File   string
	Format Format
	Game   int      // 1-based index of the PBN game or LIN record in its file
	Loc    diag.Pos // the start of the game or record
	// Text is the game's decoded text as the reader read it, from Loc on
	// (PBN); "" when not kept. A fix checks against it the bytes it
	// changes around a value.
	Text string
	// MixedLineEnds says that Text gives as LF both line ends the file
	// writes as a CR alone and line ends in LF (pbn.Game.MixedLineEnds):
	// a fix that removes a line end cannot tell what it would join.
	MixedLineEnds bool
}

// TextAt returns the source text between the decoded offsets start and
// end, and whether Text holds it.
func (s *Source) TextAt(start, end int) (string, bool) {
	lo, hi := start-s.Loc.Offset, end-s.Loc.Offset
	if lo < 0 || hi < lo || hi > len(s.Text) {
		return "", false
	}
	return s.Text[lo:hi], true
}

// Tag is one named value of a board as its file wrote it: a PBN tag pair,
// or the LIN pair a value was taken from (Name is then the LIN label: the
// players' tags are copies of the pn pair, each with one name as Value).
// The zero Tag is a tag the file does not give.
type Tag struct {
	Name  string
	Value string // the value, after PBN inheritance ("#", "##")
	// Raw is the value as written when it is not Value: "#" or "##text"
	// (PBN §9.3). It is empty otherwise.
	Raw string

	Loc diag.Pos // the tag pair's '[' (PBN) or the pair's label (LIN)
	// ValueSpan is the value as written: from its opening quote (PBN) or
	// first character (LIN) to just past its closing quote or last
	// character; End is 0 when the file does not write it there (an
	// inherited PBN value, LIN decoded from a URL).
	ValueSpan diag.Span

	// Comments is the commentary that follows the tag pair and attaches
	// to it (PBN §9.2).
	Comments []Comment

	// Data is text that follows the tag pair up to the next tag pair and
	// is neither commentary nor a table: the data of an unknown
	// supplemental section (PBN §10), or of a second Auction or Play
	// section, kept verbatim. Tags with Data are written as supplemental
	// sections.
	Data    string
	DataLoc diag.Pos
}

// Present reports whether the file gives the tag.
func (t Tag) Present() bool { return t.Name != "" }

// Unknown reports whether the tag is given with the value "?", PBN's mark
// of a value that is unknown (PBN §5.1).
func (t Tag) Unknown() bool { return t.Name != "" && trimmed(t.Value) == "?" }

// Given reports whether the file gives the tag a value: present, not "?"
// (unknown) and not blank.
func (t *Tag) Given() bool {
	// A pointer receiver, and the presence tested last, so that Given is
	// inlined: the tags of every board are asked, and a Tag is some 150
	// bytes to copy.
	v := trimmed(t.Value)
	return v != "" && v != "?" && t.Name != ""
}

// trimmed is strings.TrimSpace(v), returning at once the common value
// that starts and ends with an ASCII character above the blank: the tags of
// every board are asked whether they are given, and the calls took 1% of
// an audit.
func trimmed(v string) string {
	if v != "" && keptASCII(v[0]) && keptASCII(v[len(v)-1]) {
		return v
	}
	return strings.TrimSpace(v)
}

// keptASCII reports whether c is an ASCII byte that strings.TrimSpace
// never trims: one above the blank.
func keptASCII(c byte) bool { return c > ' ' && c < utf8.RuneSelf }

// CommentKind says how a piece of commentary was written.
type CommentKind uint8

// The kinds of commentary.
const (
	CommentBrace CommentKind = iota // PBN {…}, which may span lines
	CommentLine                     // PBN ;… to the end of the line
	CommentLIN                      // a LIN nt|…| pair
	CommentProse                    // text outside tags and commentary, kept verbatim
)

// Comment is commentary with the place it was written. Where it attaches is
// given by the field that holds it.
type Comment struct {
	Text string // without the delimiters ({ }, ;, nt| |)
	Kind CommentKind
	Loc  diag.Pos
}

// Escape is a line with % in column 1: a PBN escape line ("% PBN 2.1",
// "%Creator: …") or a comment line of an rpbridge.net LIN file, kept
// verbatim and in order so that it can be written back before the board it
// came with.
type Escape struct {
	Text string // the line after the %, without its line terminator
	Loc  diag.Pos
}

// Room says at which table of a teams match a board was played.
type Room uint8

// The rooms.
const (
	RoomUnknown Room = iota
	Open
	Closed
)

// String returns "Open", "Closed" or "".
func (r Room) String() string {
	switch r {
	case Open:
		return "Open"
	case Closed:
		return "Closed"
	}
	return ""
}

// ParseRoom reads a room: "Open", "Closed" (any case, any trailing text
// such as "Open Room"), LIN's "o" and "c", or Russian "открытый"/"закрытый".
func ParseRoom(text string) (Room, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	switch {
	case t == "o" || strings.HasPrefix(t, "open") || strings.HasPrefix(t, "откр"):
		return Open, nil
	case t == "c" || strings.HasPrefix(t, "closed") || strings.HasPrefix(t, "закр"):
		return Closed, nil
	}
	return RoomUnknown, &auction.ParseError{Kind: "room", Text: text, Reason: "not Open or Closed"}
}

// Board is one complete record of a board: who played it where, the deal,
// the auction and the play with every annotation, what the file says the
// contract and result were, and everything else the file holds about it, so
// that writing it back loses nothing. [Check] replays it and fills Replayed.
//
// A PBN game and a LIN record each give one Board. A board read from LIN
// fills the same fields from its pairs (the names of pn become the North …
// West players, md gives dealer and deal), and keeps what only LIN has in
// LIN.
type Board struct {
	Source Source

	// Escapes are the % lines that came with the game or record, in
	// order (for the file's first game, the file's header lines too); a
	// writer puts them before the board. Leading is the commentary (and
	// stray prose) before the game's first tag pair, or for LIN the nt
	// pairs written between the previous board and this one.
	Escapes []Escape
	Leading []Comment

	// Identification. For LIN, Event is the vg pair with the event title,
	// its first field, as Value.
	Event, Site, Date Tag
	// BoardTag is the Board tag (LIN: the ah pair, e.g. "Board 12", or
	// the qx pair when there is no ah); Number is the board number read
	// from it, 0 when it has none.
	BoardTag Tag
	Number   int
	RoomTag  Tag // Room (LIN: qx, "o12" or "c12")
	Room     Room
	Players  [4]Tag // indexed by Seat: North, East, South, West (LIN: the pn pair)
	Scoring  Tag    // (LIN: the vg pair's third field: I → IMP, P → MP, B → BAM)
	// Sections is the number of sections of the board's event, where the
	// file says (USEBIO's SECTION_COUNT); 0 when it does not. A board of
	// one section of several may be scored across the field: its
	// traveller then holds only some of the results its points count.
	Sections int

	// Tags lists every other identification tag in file order, repeated
	// tags included (the first of a name is the one that counts). Tags
	// with Data are unknown supplemental sections.
	Tags []Tag

	// Dealer and Vulnerable hold the values when DealerKnown and
	// VulnerableKnown; the tags keep what the file wrote ("?", "Black").
	DealerTag       Tag // Dealer (LIN: md, whose first digit is the dealer)
	Dealer          auction.Seat
	DealerKnown     bool
	VulnerableTag   Tag // Vulnerable (LIN: sv)
	Vulnerable      auction.Vulnerability
	VulnerableKnown bool

	// DealTag is the Deal tag (LIN: md); Deal is what could be read from
	// it, possibly partial or contradictory (see [Deal.Validate]). A deal
	// that could not be read at all is empty, its text kept in DealTag.
	DealTag Tag
	Deal    auction.Deal
	// DealTwice holds, for each seat, the cards its hand in DealTag writes
	// more than once, which Deal holds once: [Check] reports them with
	// the deal's other contradictions, and writers keep the text.
	DealTwice auction.Deal

	Auction AuctionRecord
	Play    PlayRecord

	// File is what the file itself says the contract, declarer and result
	// were; Replayed is what replaying the auction and the play gives.
	File     Recorded
	Replayed Outcome
	// Coverage accounts for the numbers the board states, as Check and
	// the scoring checks leave them: agreed, flagged or unchecked.
	Coverage diag.Ledger

	// Tables are the supplemental tables (OptimumResultTable, ScoreTable …)
	// in file order.
	Tables []Table

	// LIN holds what only a LIN record carries; nil for PBN.
	LIN *LINInfo
}

// identNames lists the Board's typed identification tags by name.
var identNames = [...]string{"Event", "Site", "Date", "Board", "Room", "West", "North", "East", "South", "Scoring",
	"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result"}

// Field returns the Board's tag of the given PBN name: one of the typed
// fields (Event, Board, North, Dealer, Contract …) or else the first of
// that name in Tags. It returns nil when the board has no such field; a
// typed field the file does not give is returned as a zero Tag.
func (b *Board) Field(name string) *Tag {
	if t := b.Typed(name); t != nil {
		return t
	}
	return b.Extra(name)
}

// Extra returns the first of the tags the board keeps in Tags with the
// given name, or nil: Field for a name that is not a typed field (see
// IsField), without the switch over the typed fields' names.
func (b *Board) Extra(name string) *Tag {
	for i := range b.Tags {
		if b.Tags[i].Name == name {
			return &b.Tags[i]
		}
	}
	return nil
}

// Typed returns the typed field that holds the PBN tag of the given name
// (see IsField), or nil for a tag the board keeps in Tags.
func (b *Board) Typed(name string) *Tag {
	switch name {
	case "Event":
		return &b.Event
	case "Site":
		return &b.Site
	case "Date":
		return &b.Date
	case "Board":
		return &b.BoardTag
	case "Room":
		return &b.RoomTag
	case "West":
		return &b.Players[auction.West]
	case "North":
		return &b.Players[auction.North]
	case "East":
		return &b.Players[auction.East]
	case "South":
		return &b.Players[auction.South]
	case "Scoring":
		return &b.Scoring
	case "Dealer":
		return &b.DealerTag
	case "Vulnerable":
		return &b.VulnerableTag
	case "Deal":
		return &b.DealTag
	case "Declarer":
		return &b.File.DeclarerTag
	case "Contract":
		return &b.File.ContractTag
	case "Result":
		return &b.File.ResultTag
	case "Score":
		return &b.File.ScoreTag
	}
	return nil
}

// AllTags yields each tag the board has a place for, in no set order:
// the typed fields (given or not), Score, the other tags and the tables'.
func (b *Board) AllTags() iter.Seq[*Tag] {
	return func(yield func(*Tag) bool) {
		for _, n := range identNames {
			if !yield(b.Field(n)) {
				return
			}
		}
		if !yield(&b.File.ScoreTag) {
			return
		}
		for i := range b.Tags {
			if !yield(&b.Tags[i]) {
				return
			}
		}
		for i := range b.Tables {
			if !yield(&b.Tables[i].Tag) {
				return
			}
		}
	}
}

// Inherits reports whether the board takes a tag from an earlier game:
// a value written "#" or "##text" (PBN §9.3), a tag of the game before
// that a follow-up game, which writes no deal of its own, reads, or a
// table whose column list is the game before's. Read alone, the game
// would read otherwise.
func (b *Board) Inherits() bool {
	for t := range b.AllTags() {
		if t.Raw != "" || t.Present() && t.Loc.Offset < b.Source.Loc.Offset {
			return true
		}
	}
	return false
}

// IsField reports whether name is one of the PBN tags the Board holds in a
// typed field rather than in Tags: the fifteen of the mandatory tag set,
// Room and Score. Auction, Play, Note and the tables are sections.
func IsField(name string) bool { return fields.Typed(name) != nil }

// fields is a Board IsField asks for the address of a field (a switch on
// the name, where looking it up in a list took 2% of an audit).
var fields Board

// Player is the name of the player at seat s, "" when not given.
func (b *Board) Player(s auction.Seat) string { return b.Players[s&3].Value }

// Label names the board in reports: "board 12", "board 3-2", or "game 3"
// when the board has no label.
func (b *Board) Label() string {
	if l := b.BoardLabel(); l != "" {
		return "board " + l
	}
	return "game " + strconv.Itoa(b.Source.Game)
}

// BoardLabel is the board as its file names it: the number, in its
// canonical form ("01" is "1"), or a label that is not a plain number as
// written ("3-2", as BridgeComposer numbers exercises, "12a"), without
// LIN's "Board "; "" when the board has none. Number is the number in it,
// for what needs one (the dealer and vulnerability of the board cycle).
func (b *Board) BoardLabel() string {
	v := strings.TrimSpace(b.BoardTag.Value)
	if len(v) > 6 && strings.EqualFold(v[:6], "board ") {
		v = strings.TrimSpace(v[6:])
	}
	switch {
	case v == "?":
		return ""
	case b.Number > 0 && strings.IndexFunc(v, notDigit) < 0: // not TrimLeft, which builds its set of bytes each call
		return strconv.Itoa(b.Number)
	case v == "" && b.Number > 0:
		return strconv.Itoa(b.Number)
	}
	return v
}

func notDigit(r rune) bool { return r < '0' || r > '9' }

// AuctionRecord is the auction of a board as recorded: the seat of the
// first call and every call with its annotations.
type AuctionRecord struct {
	// Tag is the Auction tag pair (PBN); its Comments are those written
	// right after it. LIN has no such tag and leaves it zero.
	Tag Tag
	// First is the seat that made Calls[0]: for PBN the tag's seat moved
	// past the "-" fillers, for LIN the dealer. It should be the dealer
	// (see [Check]).
	First auction.Seat
	// Present is set when the file has an auction, even an empty one.
	Present bool

	Calls []AuctionCall

	// End is "*" when the auction will not be continued, "+" when it is
	// to be continued (PBN §6.1), "" otherwise.
	End string

	// Notes are the auction's notes in file order: PBN Note tags after
	// the calls, and for LIN one note per explained call (an pair),
	// numbered from 1 in order.
	Notes []Note
	// Comments is commentary at the start of the auction before its first
	// call that does not attach to the Auction tag: for LIN, nt pairs
	// before the first mb.
	Comments []Comment
}

// Note returns the note with number k, or nil.
func (a *AuctionRecord) Note(k int) *Note { return findNote(a.Notes, k) }

// Seat is the seat that made call i.
func (a *AuctionRecord) Seat(i int) auction.Seat { return a.First.Add(i) }

func findNote(notes []Note, k int) *Note {
	for i := range notes {
		if notes[i].Number == k {
			return &notes[i]
		}
	}
	return nil
}

// Note is the text of a note that calls or cards refer to by number (PBN
// [Note "k:text"]; a LIN an explanation).
type Note struct {
	Number int
	Text   string
	Tag    Tag // the Note tag pair as written (LIN: the an pair)
}

// Annotations are what a call or a card carries besides itself.
type Annotations struct {
	// Alert marks an alerted call: LIN "!" after the call, or a "*"
	// glued to a PBN call ("4H*"). PBN proper alerts by note (Note).
	Alert bool
	// Note is the number of the Note explaining the call or card, 0 for
	// none. A LIN an pair becomes a note.
	Note int
	// Suffix is "!", "?", "!!", "??", "!?" or "?!" as written after the
	// call or card; NAGs are the $n annotations in the order written.
	Suffix string
	NAGs   []int
	// Comments is the commentary anchored to the call or card: PBN
	// commentary following it, LIN nt pairs following it.
	Comments []Comment
}

// AuctionCall is one slot of an auction: a call, or a turn skipped.
type AuctionCall struct {
	// Call is the call. It is the zero Call for a skipped turn (Skip) and
	// for text that could not be read as a call (Text keeps it).
	Call auction.Call
	// Text is the call as written, without annotations: "1N", "pass",
	// "2 БК"; "AP" for the passes an AP stands for; "^S" for a skip.
	Text string
	// Accepted marks an insufficient bid accepted at the table (PBN "^I",
	// Law 27A); Skip a turn lost to an accepted call out of rotation (PBN
	// "^S", Law 29A).
	Accepted bool
	Skip     bool
	// AllPass marks the passes written as one AP token (PBN §6.1).
	AllPass bool
	Annotations
	Loc diag.Pos // the call token (its "^I", if any); for LIN the mb pair
	End int      // the byte offset just past the call as written; 0 when not known
}

// Readable reports whether the slot holds a call or a skipped turn, as
// opposed to text that could not be read.
func (c *AuctionCall) Readable() bool { return c.Skip || c.Call.Valid() }

// PlayRecord is the play of a board as recorded.
type PlayRecord struct {
	// Tag is the Play tag pair (PBN), naming the opening leader; zero for
	// LIN.
	Tag Tag
	// First is the seat of the first column (PBN: the Play tag's seat) or
	// the opening leader (LIN: declarer's left-hand opponent).
	First   auction.Seat
	Present bool

	// Cards lists the cards in the order they were played. For PBN, whose
	// play section lists each trick by seat columns, the order within a
	// trick is worked out from the leader; each card keeps its trick and
	// seat, which are what a PBN writer needs to put it back in its column.
	Cards []PlayedCard

	// End is "*" when the play will not be continued (PBN), "" otherwise.
	End string
	// Claim is the number of tricks declarer's side takes in all, claimed
	// (LIN mc); see Claimed.
	Claim    int
	Claimed  bool
	ClaimTag Tag // the mc pair as written

	Notes    []Note
	Comments []Comment // commentary before the first card not attached to the Play tag
}

// Note returns the play note with number k, or nil.
func (p *PlayRecord) Note(k int) *Note { return findNote(p.Notes, k) }

// PlayedCard is one card slot of the play.
type PlayedCard struct {
	// Card is the card; NoCard for "-" (a card not known or not played)
	// or "+" (the next card to be played), or for text that could not be
	// read as a card (Text keeps it).
	Card auction.Card
	Text string // as written: "SK", "sk", "-", "+"
	// Trick is the trick the card belongs to, from 0, and Seat the player
	// who played it.
	Trick int
	Seat  auction.Seat
	// Revoke marks a revoke that was not noticed in time (PBN "^R");
	// OutOfTurn an accepted lead out of turn (PBN "^L", Law 53).
	Revoke    bool
	OutOfTurn bool
	Annotations
	Loc diag.Pos
	End int // the byte offset just past the card as written; 0 when not known
}

// Recorded is what a file says the outcome of a board was: the Contract,
// Declarer, Result and Score tags of PBN, or the rs entry of a LIN vugraph
// header. Each value is set only when its Known flag is.
type Recorded struct {
	ContractTag   Tag
	Contract      auction.Contract // level, strain and risk; its Declarer is that of Declarer
	ContractKnown bool

	DeclarerTag   Tag
	Declarer      auction.Seat
	DeclarerKnown bool
	// Swapped marks PBN's "^S"-style declarer: declarer and dummy
	// exchanged their roles after a lead out of turn (Law 54).
	Swapped bool

	ResultTag   Tag
	Tricks      int // tricks won by declarer's side
	TricksKnown bool
	// Agreed marks PBN's "^" result: the players agreed a number of
	// tricks that differs from the tricks won (Law 69).
	Agreed bool

	// ScoreTag is the Score tag; ScoreNS is its value for North–South
	// when ScoreKnown.
	ScoreTag   Tag
	ScoreNS    int
	ScoreKnown bool
}

// Outcome is what replaying a board gives. [Check] fills it.
type Outcome struct {
	Checked bool // Check has run
	// Complete is set when the auction ended by passes; Legal when no
	// call in it broke the Laws (accepted irregularities do not count).
	Complete bool
	Legal    bool
	// Contract is the final contract, with its declarer, when Complete.
	Contract auction.Contract
	// Shift is set when the file's declarer disagrees with Contract's but
	// agrees with a replay that starts Shift seats later, and the opening
	// lead of the file's play agrees too: the record leaves out Shift
	// leading passes, or the deal is rotated. Shifted is the contract of
	// that replay, which [Board.Final] prefers.
	Shift   int
	Shifted auction.Contract
	// Tricks is declarer's side's tricks from the play (every trick
	// played) or from a claim, when TricksKnown.
	Tricks      int
	TricksKnown bool
	Played      int // complete tricks replayed
	// Transfer is what Law 64 transfers to declarer's side at the end of
	// play for the revokes that stood (negative: from it); a file may
	// record the result with it or, the revoke unnoticed, without.
	Transfer int
}

// Final is the outcome of a board to write out: the replayed contract when
// the auction is complete and legal (replayed with the shift that makes its
// declarer agree with the file's, when there is one: see Outcome.Shift),
// else the file's; the replayed tricks when the play or a claim gives them,
// else the file's.
type Final struct {
	Contract      auction.Contract // with its Declarer when DeclarerKnown
	ContractKnown bool
	DeclarerKnown bool // false for a passed-out board or an unknown declarer
	Tricks        int
	TricksKnown   bool
	// FromReplay is set when Contract comes from the replay.
	FromReplay bool
	// ScoreNS is North–South's score for the contract and tricks (Law 77),
	// when ScoreKnown: the vulnerability, and for a contract the declarer
	// and the tricks, are known.
	ScoreNS    int
	ScoreKnown bool
}

// Final returns the contract, declarer and result to write for b. A result
// the players agreed (PBN "^") is the file's, whatever the play says.
func (b *Board) Final() Final {
	var f Final
	switch {
	case b.Replayed.Complete && b.Replayed.Legal:
		f.Contract, f.ContractKnown, f.FromReplay = b.Replayed.Contract, true, true
		if b.Replayed.Shift > 0 {
			f.Contract = b.Replayed.Shifted
		}
		f.DeclarerKnown = !f.Contract.PassedOut()
	case b.File.ContractKnown:
		f.Contract, f.ContractKnown = b.File.Contract, true
		f.Contract.Declarer = b.File.Declarer
		f.DeclarerKnown = b.File.DeclarerKnown && !f.Contract.PassedOut()
	}
	passed := f.ContractKnown && f.Contract.PassedOut()
	switch {
	case passed:
	case b.File.Agreed && b.File.TricksKnown:
		f.Tricks, f.TricksKnown = b.File.Tricks, true
	case b.Replayed.TricksKnown && f.FromReplay && b.Replayed.Transfer != 0 && b.File.TricksKnown && b.File.Tricks == b.Replayed.Tricks+b.Replayed.Transfer:
		f.Tricks, f.TricksKnown = b.File.Tricks, true // the result with the revoke's trick transfer (Law 64)
	case b.Replayed.TricksKnown && f.FromReplay:
		f.Tricks, f.TricksKnown = b.Replayed.Tricks, true
	case b.File.TricksKnown:
		f.Tricks, f.TricksKnown = b.File.Tricks, true
	}
	if b.VulnerableKnown && (passed || f.DeclarerKnown && f.TricksKnown) {
		f.ScoreNS, f.ScoreKnown = auction.Score(f.Contract, f.Tricks, b.Vulnerable), true
		if !passed && f.Contract.Declarer.Side() == auction.EW {
			f.ScoreNS = -f.ScoreNS
		}
	}
	return f
}

// LINResult writes a contract and declarer's tricks as an rs entry of a
// vugraph LIN file: level, strain (N for no trump), declarer, the risk in
// lower case, and the tricks against the contract ("4HN+1", "3NSx-2",
// "2CE="), or "P" for a passed-out board; the tricks only when withTricks.
func LINResult(c auction.Contract, tricks int, withTricks bool) string {
	if c.PassedOut() {
		return "P"
	}
	s := strings.TrimSuffix(auction.NewBid(c.Level, c.Strain).String(), "T") + c.Declarer.String() + strings.ToLower(c.Risk.String())
	if !withTricks {
		return s
	}
	switch d := tricks - int(c.Level) - 6; {
	case d == 0:
		s += "="
	case d > 0:
		s += "+" + strconv.Itoa(d)
	default:
		s += strconv.Itoa(d)
	}
	return s
}

// ContractText is the value to write in a PBN Contract tag: the final
// contract ("4HX", "Pass"), else what the file wrote ("?", "").
func (b *Board) ContractText() string {
	if f := b.Final(); f.ContractKnown {
		return f.Contract.String()
	}
	return b.File.ContractTag.Value
}

// DeclarerText is the value to write in a PBN Declarer tag: the final
// declarer, "" for a passed-out board, else what the file wrote. A swapped
// declarer keeps its "^".
func (b *Board) DeclarerText() string {
	f := b.Final()
	switch {
	case f.ContractKnown && f.Contract.PassedOut():
		return ""
	case f.DeclarerKnown:
		if b.File.Swapped && b.File.DeclarerKnown && b.File.Declarer == f.Contract.Declarer {
			return "^" + f.Contract.Declarer.String()
		}
		return f.Contract.Declarer.String()
	}
	return b.File.DeclarerTag.Value
}

// ResultText is the value to write in a PBN Result tag: declarer's tricks
// ("^9" when agreed), "" for a passed-out board, else what the file wrote.
func (b *Board) ResultText() string {
	f := b.Final()
	switch {
	case f.ContractKnown && f.Contract.PassedOut():
		return ""
	case f.TricksKnown && b.File.Agreed:
		return "^" + strconv.Itoa(f.Tricks)
	case f.TricksKnown:
		return strconv.Itoa(f.Tricks)
	}
	return b.File.ResultTag.Value
}

// Table is a supplemental table (PBN §10): its tag, whose value lists the
// columns, and its rows.
type Table struct {
	Tag     Tag // Name is the table ("OptimumResultTable"), Value the column list as written
	Columns []Column
	Rows    [][]Cell
	// Comments is commentary inside the table's data.
	Comments []Comment
	// Complete marks a total table whose file holds, by its format, every
	// board its pairs played (a USEBIO section): a pair that does not say
	// how many it played played those the file's travellers give it.
	Complete bool
	// Matches marks a total table whose totals are its teams' points in
	// their matches (a USEBIO teams event): the matches the file holds
	// check them, not the boards.
	Matches bool
}

// Column is one column of a table, from "[+|-]NAME[\WIDTH[L|R]]".
type Column struct {
	Spec  string // as written in the tag value
	Name  string
	Sort  int  // -1 ascending ("-"), +1 descending ("+"), 0 unsorted
	Width int  // minimum width, 0 when none
	Align byte // 'L', 'R', or 0 when not given
}

// Cell is one element of a table.
type Cell struct {
	Text   string // for a string, without quotes and with escapes resolved
	Quoted bool   // written as a string
	Loc    diag.Pos
}

// LINInfo is what a board read from LIN carries besides the Board's own
// fields, kept so that the board can be written back as LIN.
type LINInfo struct {
	// Vugraph is the header of the match segment the record belongs to
	// (vg, rs, pw, mp, bn, pn before the first board); nil for a record
	// on its own. Boards of one segment share it.
	Vugraph *Vugraph
	// Table is the qx pair ("o12", "c12"); Result the entry of the
	// header's rs list for this board and room, when there is one.
	Table  Tag
	Result Tag
	// Page marks a record read from a link in a web page's table, whose
	// cells state the board's outcome beside it (a BBO traveller page):
	// File then holds the page's contract, declarer and result, and the
	// first board of a whole traveller the table as a ScoreTable.
	Page bool
	// Extras are the pairs the Board does not interpret, in order: st,
	// rh and pf, unknown labels (zz, sa …), and any pair repeated where
	// only the first counts (a late pn, an mb|-| placeholder). Each keeps
	// how many calls and cards preceded it, so that a writer can put it
	// back in place.
	Extras []LINPair
}

// LINPair is a label|value| pair kept as written.
type LINPair struct {
	Label, Value string
	Loc          diag.Pos
	ValueSpan    diag.Span // as Tag.ValueSpan
	// Calls and Cards are the numbers of calls and cards of the record
	// before the pair.
	Calls, Cards int
}

// Vugraph is the header of a LIN match file or of one of its segments
// (docs/lin.md).
type Vugraph struct {
	// Fields are the nine comma-separated fields of vg: event, segment,
	// scoring (I, P, B), first and last board, team 1 and its carry-over,
	// team 2 and its carry-over. A short vg leaves the rest empty.
	Fields  [9]string
	VGTag   Tag
	Results []string // rs: two entries per board, open then closed room
	Names   []string // the header's pn: S, W, N, E of the open room, then of the closed room
	// Pairs are all the header's pairs in file order (vg, rs, pw, mp, bn,
	// pn, unknown labels), for writing it back verbatim.
	Pairs    []LINPair
	Comments []Comment // nt pairs in the header
	Escapes  []Escape  // % lines before the header
	Loc      diag.Pos
}

// Event is the event title, the first vg field.
func (v *Vugraph) Event() string { return v.Fields[0] }

// FirstBoard is the first board number the header covers (vg field 4), 0
// when it is not a number.
func (v *Vugraph) FirstBoard() int {
	n, err := strconv.Atoi(strings.TrimSpace(v.Fields[3]))
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// ResultFor returns the rs entry for board number n in room r, and whether
// the list has one. Entries go two per board from FirstBoard, open room
// first.
func (v *Vugraph) ResultFor(n int, r Room) (string, bool) {
	i, ok := v.resultIndex(n, r)
	if !ok {
		return "", false
	}
	return v.Results[i], true
}

// resultIndex is the index in Results of the entry for board n in room r.
func (v *Vugraph) resultIndex(n int, r Room) (int, bool) {
	first := v.FirstBoard()
	if first == 0 || n < first || r == RoomUnknown || n-first >= len(v.Results) {
		return 0, false // the last test keeps 2*(n-first) from overflowing
	}
	i := 2 * (n - first)
	if r == Closed {
		i++
	}
	return i, i < len(v.Results)
}

// ResultSpan returns the place of the rs entry for board n in room r, its
// text without the blanks around it, and whether the file writes it there
// as it reads: a value written with escapes, decoded from a URL or run
// over lines has no place for each of its entries.
func (v *Vugraph) ResultSpan(n int, r Room) (diag.Span, bool) {
	i, ok := v.resultIndex(n, r)
	if !ok {
		return diag.Span{}, false
	}
	for _, p := range v.Pairs {
		if !strings.EqualFold(p.Label, "rs") || p.Value == "" {
			continue // an empty rs holds no entry (as Results reads it)
		}
		// The entries are cut at commas where they are needed: a header's
		// rs holds every board's, and this runs for each board.
		if n := strings.Count(p.Value, ",") + 1; i >= n {
			i -= n
			continue
		}
		start := 0
		for range i {
			start += strings.IndexByte(p.Value[start:], ',') + 1
		}
		entry, _, _ := strings.Cut(p.Value[start:], ",")
		start += len(entry) - len(strings.TrimLeftFunc(entry, unicode.IsSpace))
		text := strings.TrimSpace(entry)
		vs := p.ValueSpan
		if vs.Len() != len(p.Value) || strings.ContainsAny(p.Value[:start+len(text)], "\r\n") {
			return diag.Span{}, false
		}
		at := vs.Pos
		at.Offset += start
		at.Col = diag.Clamp(int(at.Col) + utf8.RuneCountInString(p.Value[:start]))
		return diag.Span{Pos: at, End: at.Offset + len(text)}, true
	}
	return diag.Span{}, false
}

// NamesFor returns the header's names for room r in LIN order S, W, N, E,
// and whether the header has them.
func (v *Vugraph) NamesFor(r Room) ([]string, bool) {
	i := 0
	if r == Closed {
		i = 4
	}
	if len(v.Names) < i+4 {
		return nil, false
	}
	return v.Names[i : i+4], true
}

// ParseResult reads a PBN Result value (PBN §5.4): declarer's tricks "9",
// or the side forms "NS 9", "EW 4", "NS 9 EW 4", with an optional leading
// "^" for a result the players agreed although the play gives another
// (Law 69). The side forms need the declarer (hasDeclarer) to say which
// side is declarer's. The error is a *ParseError.
func ParseResult(text string, declarer auction.Seat, hasDeclarer bool) (tricks int, agreed bool, err error) {
	t := strings.TrimSpace(text)
	if rest, ok := strings.CutPrefix(t, "^"); ok {
		t, agreed = strings.TrimSpace(rest), true
	}
	bad := func(reason string) (int, bool, error) {
		return 0, false, &auction.ParseError{Kind: "result", Text: text, Reason: reason}
	}
	sides, err := sideValues(t, 0, 13)
	if err != nil {
		return bad(err.Error())
	}
	switch {
	case sides.bare:
		return sides.v[0], agreed, nil
	case !hasDeclarer:
		return bad("the declarer is needed to read a result given by side")
	}
	mine, theirs := declarer.Side(), declarer.Side().Opponents()
	switch {
	case sides.has[mine] && sides.has[theirs] && sides.v[mine]+sides.v[theirs] != 13:
		return bad("the two sides' tricks do not add up to 13")
	case sides.has[mine]:
		return sides.v[mine], agreed, nil
	}
	return 13 - sides.v[theirs], agreed, nil
}

// ParseScore reads a PBN Score value (PBN §12) and returns it for
// North–South: "NS 620", "EW -620", "NS 620 EW -620", or a bare number,
// which is declarer's side's score and needs the declarer. The error is a
// *ParseError.
func ParseScore(text string, declarer auction.Seat, hasDeclarer bool) (ns int, err error) {
	sides, err := sideValues(strings.TrimSpace(text), -1<<20, 1<<20)
	switch {
	case err != nil:
	case sides.bare && !hasDeclarer:
		err = errString("the declarer is needed to read a score without a side")
	case sides.bare && declarer.Side() == auction.EW:
		return -sides.v[0], nil
	case sides.bare:
		return sides.v[0], nil
	case sides.has[auction.NS] && sides.has[auction.EW] && sides.v[auction.NS] != -sides.v[auction.EW]:
		err = errString("the two sides' scores do not cancel out")
	case sides.has[auction.NS]:
		return sides.v[auction.NS], nil
	default:
		return -sides.v[auction.EW], nil
	}
	return 0, &auction.ParseError{Kind: "score", Text: text, Reason: err.Error()}
}

// IsAdjustedScore reports whether a Score value is an adjusted score
// given as percentages (Law 12C2): "NS 60%", "NS 60% EW 40%", "60%",
// "A60". Such a score is the director's, and no contract computes it.
func IsAdjustedScore(text string) bool {
	t := strings.ToUpper(strings.TrimSpace(text))
	if strings.HasPrefix(t, "A") && len(t) > 1 && t[1] >= '0' && t[1] <= '9' {
		return true
	}
	if !strings.Contains(t, "%") {
		return false
	}
	for _, f := range strings.Fields(t) {
		if f == "NS" || f == "EW" {
			continue
		}
		n := strings.TrimSuffix(f, "%")
		if _, err := strconv.ParseFloat(n, 64); err != nil || n == f {
			return false
		}
	}
	return true
}

type errString string

func (e errString) Error() string { return string(e) }

// sidePair is a value given bare or per side ("NS 9 EW 4").
type sidePair struct {
	bare bool
	v    [2]int // by Side; v[0] for a bare value
	has  [2]bool
}

// sideValues reads "n", "NS n", "EW n", "NS n EW m" or "EW m NS n", each
// number within [lo, hi].
func sideValues(t string, lo, hi int) (sidePair, error) {
	var p sidePair
	f := strings.Fields(t)
	num := func(s string) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil {
			return 0, errString(strconv.Quote(s) + " is not a number")
		}
		if n < lo || n > hi {
			return 0, errString(s + " is out of range")
		}
		return n, nil
	}
	if len(f) == 1 {
		n, err := num(f[0])
		p.bare, p.v[0] = true, n
		return p, err
	}
	if len(f) != 2 && len(f) != 4 {
		return p, errString("expected a number, or NS and EW each followed by a number")
	}
	for i := 0; i < len(f); i += 2 {
		var side auction.Side
		switch strings.ToUpper(f[i]) {
		case "NS":
			side = auction.NS
		case "EW":
			side = auction.EW
		default:
			return p, errString(strconv.Quote(f[i]) + " is not NS or EW")
		}
		if p.has[side] {
			return p, errString(f[i] + " is given twice")
		}
		n, err := num(f[i+1])
		if err != nil {
			return p, err
		}
		p.v[side], p.has[side] = n, true
	}
	return p, nil
}

// AppendTo adds the call to a as the record gives it: a skipped turn (^S),
// an accepted insufficient bid (^I) or a plain call.
func (c *AuctionCall) AppendTo(a *auction.Auction) error {
	switch {
	case c.Skip:
		return a.Skip()
	case c.Accepted:
		return a.AppendAccepted(c.Call)
	}
	return a.Append(c.Call)
}

// APPasses is the number of passes an AP written before call i stands for:
// those that close the auction replayed so far, and at least one. It
// replays as a reader counts: an illegal call is void but keeps its seat,
// and a call that cannot be read stops the count.
func (r *AuctionRecord) APPasses(i int) int {
	var a auction.Auction
	a.Reset(r.First)
	for j := range r.Calls[:i] {
		c := &r.Calls[j]
		if !c.Readable() {
			break
		}
		if c.AppendTo(&a) != nil {
			_ = a.Skip()
		}
	}
	n := 1
	for n < 4 && a.Append(auction.Pass) == nil && !a.Done() {
		n++
	}
	return n
}
