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
	var rows []Board
	for _, pb := range p.Boards {
		if pb.Board != nil {
			rows = append(rows, boardRow(p, pb))
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
	for _, pb := range p.Boards {
		if pb.DD == nil || pb.Board == nil {
			continue
		}
		r := Solved{File: p.Name, Game: int32(pb.Game), ParContracts: []string{}}
		if pb.Board.Number > 0 {
			r.Board = i32(pb.Board.Number)
		}
		if !pb.DD.Solved {
			r.Unsolved = text(pb.DD.Unsolved.String())
		} else {
			t := &DDTable{}
			for i, row := range []*DDRow{&t.N, &t.E, &t.S, &t.W} {
				v := pb.DD.Table[i]
				*row = DDRow{int32(v[auction.Clubs]), int32(v[auction.Diamonds]), int32(v[auction.Hearts]), int32(v[auction.Spades]), int32(v[auction.NoTrump])}
			}
			r.DD = t
		}
		if par, ok := pb.DD.Par(pb.Board); ok {
			r.ParScore = i32(par.Score)
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
	for f := range p.All() {
		fs = append(fs, FindingRow(f))
	}
	return fs
}

func str(t record.Tag) *string {
	v := strings.TrimSpace(t.Value)
	if !t.Present() || v == "" || t.Unknown() {
		return nil
	}
	return &v
}

func i32(n int) *int32 {
	v := int32(n)
	return &v
}

func text(s string) *string { return &s }

func boardRow(p *corpus.Part, pb *corpus.Board) Board {
	b := pb.Board
	r := Board{
		File: p.Name, Format: p.Format.String(), Game: int32(pb.Game), Line: int32(b.Source.Loc.Line),
		Event: str(b.Event), Site: str(b.Site), Date: str(b.Date), Room: str(b.RoomTag), Scoring: str(b.Scoring),
		North: str(b.Players[auction.North]), East: str(b.Players[auction.East]),
		South: str(b.Players[auction.South]), West: str(b.Players[auction.West]),
		Findings: int32(len(pb.Findings)),
	}
	if b.Number > 0 {
		r.Board = i32(b.Number)
	}
	if l := b.BoardLabel(); l != "" && l != strconv.Itoa(b.Number) {
		r.Label = text(l)
	}
	if b.DealerKnown {
		r.Dealer = text(b.Dealer.String())
	}
	if b.VulnerableKnown {
		r.Vulnerable = text(b.Vulnerable.String())
	}
	switch {
	case b.Deal.Full() || b.Deal != (auction.Deal{}):
		r.Deal = text(b.Deal.PBN(auction.North))
	case b.DealTag.Present():
		r.Deal = str(b.DealTag)
	}
	if b.Auction.Present || len(b.Auction.Calls) > 0 {
		r.First = text(b.Auction.First.String())
	}
	for _, c := range b.Auction.Calls {
		call := Call{Call: c.Text, Alert: c.Alert}
		if c.Call.Valid() {
			call.Call = c.Call.String()
		}
		if c.Note > 0 {
			call.Note = i32(c.Note)
		}
		if a := annotation(c.Annotations); a != "" {
			call.Annotation = &a
		}
		r.Calls = append(r.Calls, call)
	}
	for _, n := range b.Auction.Notes {
		r.Notes = append(r.Notes, Note{Number: int32(n.Number), Text: n.Text})
	}
	for _, c := range b.Play.Cards {
		r.Play = append(r.Play, c.Text)
	}
	f := b.Final()
	if f.ContractKnown {
		r.Contract = text(f.Contract.String())
		if !f.Contract.PassedOut() {
			r.Level = i32(int(f.Contract.Level))
			r.Strain = text(f.Contract.Strain.String())
			r.Risk = text(f.Contract.Risk.String())
		}
	}
	if f.DeclarerKnown && !(f.ContractKnown && f.Contract.PassedOut()) {
		r.Declarer = text(f.Contract.Declarer.String())
	}
	if f.TricksKnown && !(f.ContractKnown && f.Contract.PassedOut()) {
		r.Result = i32(f.Tricks)
	}
	if n, ok := scoring.NSScore(b); ok {
		r.Score = i32(n)
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
func FindingRow(f diag.Diagnostic) Finding {
	r := Finding{
		File: f.File, Game: int32(f.Game), Line: int32(f.Line), Col: int32(f.Col),
		Severity: f.Severity.String(), Code: string(f.Code), Message: f.Message,
	}
	if f.Board > 0 {
		r.Board = i32(f.Board)
	}
	if f.Law > 0 {
		r.Law = i32(f.Law)
	}
	return r
}
