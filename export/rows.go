package export

import (
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/record"
	"github.com/bridgekit/bridgekit/scoring"
)

// BoardRows makes the board rows of a part read with
// corpus.AuditOptions.Boards, and drops the part's boards' records, which
// the rows replace: it is meant for the worker that read the part
// (corpus.AuditOptions.Work). Each row's Findings is the count so far;
// Finish sets it once the run's findings (duplicate deals, the other room)
// are in.
func BoardRows(p *corpus.Part) []Board {
	rows := make([]Board, 0, len(p.Boards))
	var c cells
	for _, pb := range p.Boards {
		if pb.Board != nil {
			rows = append(rows, boardRow(p, pb, &c))
			pb.Board = nil
		}
	}
	return rows
}

// SolvedRows makes the dd table's rows of a part read with
// corpus.AuditOptions.DD: one for each board the solver was given. It
// reads the boards' records, so it comes before BoardRows drops them.
func SolvedRows(p *corpus.Part) []Solved {
	var rows []Solved
	var c cells
	for _, pb := range p.Boards {
		if pb.DD == nil || pb.Board == nil {
			continue
		}
		r := Solved{File: p.Name, Game: int32(pb.Game), ParContracts: []string{}}
		if pb.Board.Number > 0 {
			r.Board = c.i32(pb.Board.Number)
		}
		if !pb.DD.Solved {
			r.Unsolved = c.text(pb.DD.Unsolved.String())
		} else {
			t := &DDTable{}
			for i, row := range []*DDRow{&t.N, &t.E, &t.S, &t.W} {
				v := pb.DD.Table[i]
				*row = DDRow{int32(v[auction.Clubs]), int32(v[auction.Diamonds]), int32(v[auction.Hearts]), int32(v[auction.Spades]), int32(v[auction.NoTrump])}
			}
			r.DD = t
		}
		if par, ok := pb.DD.Par(pb.Board); ok {
			r.ParScore = c.i32(par.Score)
			for _, c := range par.Contracts {
				r.ParContracts = append(r.ParContracts, c.Declared())
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// Finish completes the board rows BoardRows made of p, once Audit has
// added the findings that depend on the whole run, and returns the rows
// of the part's findings.
func Finish(p *corpus.Part, rows []Board) []Finding {
	i := 0
	for _, pb := range p.Boards {
		if i < len(rows) && rows[i].Game == int32(pb.Game) {
			rows[i].Findings = int32(len(pb.Findings))
			i++
		}
	}
	var fs []Finding
	var c cells
	for f := range p.All() {
		fs = append(fs, findingRow(f, &c))
	}
	return fs
}

// cells hold the values the optional fields of rows point to, a chunk at
// a time, where each was an allocation of its own: a score of them a
// board, one or two a finding. A chunk is never appended to past its
// capacity, so that a pointer handed out stays good.
type cells struct {
	strs []string
	ints []int32
}

// maxCells is the most values a chunk holds: a part's rows hold their
// chunks until they are written, and the last one is mostly unused.
const maxCells = 512

func (c *cells) text(s string) *string { return cell(&c.strs, s) }

func (c *cells) i32(n int) *int32 { return cell(&c.ints, int32(n)) }

// cell adds v to the chunk, a new one when it is full, and returns its
// place.
func cell[T any](chunk *[]T, v T) *T {
	if len(*chunk) == cap(*chunk) {
		*chunk = make([]T, 0, min(max(2*cap(*chunk), 8), maxCells))
	}
	*chunk = append(*chunk, v)
	return &(*chunk)[len(*chunk)-1]
}

// str is a tag's value, without the blanks around it; nil when the tag
// is not given or its value is empty or unknown.
func (c *cells) str(t record.Tag) *string {
	if !t.Given() {
		return nil
	}
	return c.text(strings.TrimSpace(t.Value))
}

func boardRow(p *corpus.Part, pb *corpus.Board, c *cells) Board {
	b := pb.Board
	r := Board{
		File: p.Name, Format: p.Format.String(), Game: int32(pb.Game), Line: int32(b.Source.Loc.Line),
		Event: c.str(b.Event), Site: c.str(b.Site), Date: c.str(b.Date), Room: c.str(b.RoomTag), Scoring: c.str(b.Scoring),
		North: c.str(b.Players[auction.North]), East: c.str(b.Players[auction.East]),
		South: c.str(b.Players[auction.South]), West: c.str(b.Players[auction.West]),
		Findings: int32(len(pb.Findings)),
	}
	if b.Number > 0 {
		r.Board = c.i32(b.Number)
	}
	if l := b.BoardLabel(); l != "" && l != strconv.Itoa(b.Number) {
		r.Label = c.text(l)
	}
	if b.DealerKnown {
		r.Dealer = c.text(b.Dealer.String())
	}
	if b.VulnerableKnown {
		r.Vulnerable = c.text(b.Vulnerable.String())
	}
	switch {
	case b.Deal.Full() || b.Deal != (auction.Deal{}):
		r.Deal = c.text(b.Deal.PBN(auction.North))
	case b.DealTag.Present():
		r.Deal = c.str(b.DealTag)
	}
	if b.Auction.Present || len(b.Auction.Calls) > 0 {
		r.First = c.text(b.Auction.First.String())
	}
	if len(b.Auction.Calls) > 0 {
		r.Calls = make([]Call, len(b.Auction.Calls))
	}
	for i := range b.Auction.Calls { // by index: a record.AuctionCall is 144 bytes
		bc, call := &b.Auction.Calls[i], &r.Calls[i]
		call.Call, call.Alert = bc.Text, bc.Alert
		if bc.Call.Valid() {
			call.Call = bc.Call.String()
		}
		if bc.Note > 0 {
			call.Note = c.i32(bc.Note)
		}
		if a := annotation(bc.Annotations); a != "" {
			call.Annotation = c.text(a)
		}
	}
	if len(b.Auction.Notes) > 0 {
		r.Notes = make([]Note, 0, len(b.Auction.Notes))
	}
	for _, n := range b.Auction.Notes {
		r.Notes = append(r.Notes, Note{Number: int32(n.Number), Text: n.Text})
	}
	if len(b.Play.Cards) > 0 {
		r.Play = make([]string, len(b.Play.Cards))
	}
	for i := range b.Play.Cards { // by index: a record.PlayedCard is 152 bytes
		r.Play[i] = b.Play.Cards[i].Text
	}
	f := b.Final()
	if f.ContractKnown {
		r.Contract = c.text(f.Contract.String())
		if !f.Contract.PassedOut() {
			r.Level = c.i32(int(f.Contract.Level))
			r.Strain = c.text(f.Contract.Strain.String())
			r.Risk = c.text(f.Contract.Risk.String())
		}
	}
	if f.DeclarerKnown && !(f.ContractKnown && f.Contract.PassedOut()) {
		r.Declarer = c.text(f.Contract.Declarer.String())
	}
	if f.TricksKnown && !(f.ContractKnown && f.Contract.PassedOut()) {
		r.Result = c.i32(f.Tricks)
	}
	if n, ok := scoring.NSScore(b); ok {
		r.Score = c.i32(n)
	}
	return r
}

// annotation writes what a call carries besides an alert and a note.
func annotation(a record.Annotations) string {
	s := a.Suffix
	for _, n := range a.NAGs {
		if s != "" {
			s += " "
		}
		s += "$" + strconv.Itoa(n)
	}
	return s
}

// FindingRow is the row of a finding in the findings table.
func FindingRow(f diag.Diagnostic) Finding { return findingRow(f, &cells{}) }

func findingRow(f diag.Diagnostic, c *cells) Finding {
	r := Finding{
		File: f.File, Game: int32(f.Game), Line: int32(f.Line), Col: int32(f.Col),
		Severity: f.Severity.String(), Code: string(f.Code), Message: f.Message,
	}
	if f.Board > 0 {
		r.Board = c.i32(f.Board)
	}
	if f.Law > 0 {
		r.Law = c.i32(f.Law)
	}
	return r
}
