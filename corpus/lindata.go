package corpus

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/convert"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/lin"
	"github.com/bridgekit/bridgekit/parser/usebio"
	"github.com/bridgekit/bridgekit/record"
	"github.com/bridgekit/bridgekit/scoring"
)

// linDataCodes are the findings of a traveller line's LIN_DATA that are
// kept: what its auction and play say of the line (the contract, declarer
// and tricks it states) and what breaks the Laws in them. The reader's
// and converter's findings about the LIN's own form are not the results
// file's to answer for.
var linDataCodes = map[diag.Code]bool{
	diag.ContractMismatch: true, diag.DeclarerMismatch: true, diag.ResultMismatch: true,
	diag.InsufficientBid: true, diag.InadmissibleDouble: true, diag.InadmissibleRedouble: true,
	diag.CallAfterAuction: true, diag.Revoke: true, diag.PlayIllegal: true, diag.ClaimImpossible: true,
}

// checkLINData checks the LIN_DATA of each traveller line of u, which
// RealBridge writes with the table's deal, auction, play and claim,
// against the line: the auction must give its contract and declarer, and
// the play or claim its tricks (contract-mismatch, declarer-mismatch,
// result-mismatch at the line's own element). The findings go to the
// board b's, placed at the LIN_DATA with the LIN pair; the numbers checked
// count in the board's coverage. A LIN_DATA that does not read as a LIN
// board is said (unread-calls), its line unchecked.
func checkLINData(p *Part, b *Board, rb *record.Board, u *usebio.Unit, ck *record.Checker) {
	name := p.Name
	lines := u.Board.All("TRAVELLER_LINE")
	var tr *scoring.Traveller
	for i, l := range lines {
		v, at, ok := l.Value("LIN_DATA")
		if !ok || !convert.LINHoldsPlay(v) {
			continue
		}
		if tr == nil {
			if tr = scoring.ReadTraveller(rb, false); tr == nil || len(tr.Rows) != len(lines) {
				return
			}
		}
		var own []diag.Pos // the places of the line's own elements
		place := func(d diag.Diagnostic) diag.Diagnostic {
			d.File, d.Game, d.Board = name, b.Game, b.Number
			if !slices.Contains(own, d.Pos) {
				// A place in the LIN's own text: the LIN_DATA, and the
				// pair within it.
				d.Pos = diag.Pos{Offset: at.Offset, Line: at.Line, Col: at.Col, Pair: d.Pair}
			}
			d.Message = "traveller line " + strconv.Itoa(i+1) + ", its LIN_DATA: " + d.Message
			return d
		}
		text, err := lin.DecodeURL(v)
		var recs []*lin.Record
		if err == nil {
			recs, _ = lin.Parse([]byte(text), name)
		}
		var lb *record.Board
		for _, rec := range recs {
			if rec.Kind == lin.Single || rec.Kind == lin.Room || rec.Kind == lin.Pavlicek {
				lb, _ = convert.FromLIN(rec, convert.LINOptions{File: name})
				break
			}
		}
		if lb == nil {
			b.Findings = append(b.Findings, place(diag.Diagnostic{Severity: diag.Warning, Code: diag.UnreadCalls,
				Message: "does not read as a LIN board, so the calls and cards it holds are not read"}))
			continue
		}
		// The line states the result; the LIN holds the play. A LIN
		// without its deal (md) is played with the board's.
		if !lb.Deal.Full() && rb.Deal.Full() {
			lb.Deal = rb.Deal
		}
		lb.Vulnerable, lb.VulnerableKnown = rb.Vulnerable, rb.VulnerableKnown
		row := &tr.Rows[i]
		lb.File = record.Recorded{}
		if row.ContractKnown {
			f := &lb.File
			c, _ := row.Cells.Get("Contract")
			f.Contract, f.ContractKnown, f.ContractTag = row.Contract, true, record.Tag{Name: "CONTRACT", Value: c.Text, Loc: c.Loc}
			if !row.Contract.PassedOut() {
				d, _ := row.Cells.Get("Declarer")
				r, _ := row.Cells.Get("Result")
				f.Declarer, f.DeclarerKnown, f.DeclarerTag = row.Contract.Declarer, true, record.Tag{Name: "PLAYED_BY", Value: d.Text, Loc: d.Loc}
				f.Tricks, f.TricksKnown, f.ResultTag = row.Tricks, true, record.Tag{Name: "TRICKS", Value: r.Text, Loc: r.Loc}
			}
		}
		own = own[:0]
		for _, t := range []*record.Tag{&lb.File.ContractTag, &lb.File.DeclarerTag, &lb.File.ResultTag} {
			if t.Loc.IsValid() {
				own = append(own, t.Loc)
			}
		}
		for _, d := range ck.CheckShared(lb) {
			if linDataCodes[d.Code] {
				b.Findings = append(b.Findings, place(d))
			}
		}
		if l, ok := row.Column("Lead"); ok && len(lb.Play.Cards) > 0 {
			// The line's LEAD is the first card of the LIN's play.
			first := lb.Play.Cards[0].Card
			if card, err := auction.ParseCard(strings.TrimSpace(l.Text)); err == nil && first != auction.NoCard && card != first {
				own = append(own, l.Loc)
				b.Findings = append(b.Findings, place(diag.Diagnostic{Severity: diag.Warning, Code: diag.ScoreTableLead, Law: 41, Span: diag.Span{Pos: l.Loc},
					Message: fmt.Sprintf("LEAD %s, but the play opens with %s", card, first)}))
			}
		}
		p.Report.Coverage.Merge(&lb.Coverage)
	}
}
