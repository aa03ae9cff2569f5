package fix

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/lin"
	"github.com/bridgekit/bridgekit/record"
)

// linResult proposes the rs entry of a vugraph LIN board whose contract,
// declarer or result the replay proves wrong: the auction is complete and
// legal from the dealer, the opening lead from declarer's left confirms
// the declarer, and every trick is played, or claimed where the play makes
// the claim possible. An entry that gives no result is given none. It
// returns why when the board has such a finding and the evidence does not
// settle the entry.
func linResult(file string, pb *corpus.Board, found map[diag.Code]diag.Diagnostic) (Edit, string) {
	b := pb.Board
	t := &b.LIN.Result
	var ev []string
	for _, c := range RS.answers() { // the entry is the contract, declarer and result at once
		if d, ok := found[c]; ok {
			ev = append(ev, string(c)+": "+d.Message)
		}
	}
	if len(ev) == 0 {
		return Edit{}, ""
	}
	if t.Value == "" || t.ValueSpan.Len() != len(t.Value) {
		return Edit{}, "the rs entry is not written in the file as it reads (escaped, or decoded from a URL)"
	}
	old, err := lin.ParseResult(t.Value)
	if err != nil {
		return Edit{}, "the rs entry does not read as a contract and result"
	}
	f, r := b.Final(), &b.Replayed
	if !f.FromReplay || !r.Complete || !r.Legal || r.Shift != 0 {
		return Edit{}, "the auction is not complete and legal from the dealer, so it settles nothing"
	}
	con := f.Contract
	what := []string{"the auction is passed out"}
	if !con.PassedOut() {
		if !ledBy(b, con.Declarer.LHO()) {
			return Edit{}, "no opening lead from the declarer's left confirms the auction's declarer"
		}
		what = []string{"the opening lead by " + con.Declarer.LHO().Name() + " confirms " + con.Declarer.Name() + " as declarer"}
		if old.Result != "" {
			if bad := slices.ContainsFunc(pb.Findings, func(d diag.Diagnostic) bool {
				return d.Code == diag.ClaimImpossible || d.Code == diag.Revoke
			}); bad || !r.TricksKnown || !f.TricksKnown || f.Tricks != r.Tricks {
				return Edit{}, "the play is not complete, or its claim is impossible, or it holds a revoke: the tricks are not settled"
			}
			play := "the play gives"
			if b.Play.Claimed {
				play = "the play and the claim give"
			}
			what = append(what, fmt.Sprintf("%s %d tricks", play, f.Tricks))
		}
	}
	entry := record.LINResult(con, f.Tricks, old.Result != "" && !con.PassedOut())
	if strings.EqualFold(entry, t.Value) {
		return Edit{}, ""
	}
	return Edit{
		File: file, Game: pb.Game, Board: b.BoardLabel(), Span: t.ValueSpan, Kind: RS,
		Old: t.Value, New: entry, Reason: strings.Join(ev, "; ") + "; " + diag.JoinAnd(what),
	}, ""
}
