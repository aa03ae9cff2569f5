package ddcheck

import (
	"errors"
	"fmt"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/dd"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/record"
)

// claim solves the position of b's claim, if it has one, and returns the
// dd-claim finding when the tricks claimed are not those double-dummy
// play from there gives declarer's side: an info finding only, since
// players are not double dummy and a claim is judged by normal play (Law
// 70), not by perfect play. A claim is LIN's mc, or a PBN play cut short
// whose Result gives the tricks (as record reads it). A play that cannot
// be replayed to the claim (an unknown card, a revoke, a lead out of
// turn, a card refused) is not solved: the replay reports what it can.
// A claim position not solved within the budget is a dd-budget note.
func (c *Checker) claim(b *record.Board) (diag.Diagnostic, bool) {
	f := b.Final()
	if !f.ContractKnown || !f.DeclarerKnown || f.Contract.PassedOut() {
		return diag.Diagnostic{}, false
	}
	decl, strain := f.Contract.Declarer, f.Contract.Strain
	claimed, at, ok := claimOf(b, decl)
	if !ok {
		return diag.Diagnostic{}, false
	}
	leader := decl.LHO()
	if b.Play.Tag.Present() {
		leader = b.Play.First
	}
	var p auction.Play
	if p.Reset(b.Deal, strain, leader) != nil {
		return diag.Diagnostic{}, false
	}
	left := b.Deal
	played := 0
	for _, pc := range b.Play.Cards {
		if !pc.Card.Valid() {
			break
		}
		if pc.Revoke || pc.OutOfTurn {
			return diag.Diagnostic{}, false
		}
		seat := p.Turn()
		if p.Play(pc.Card) != nil {
			return diag.Diagnostic{}, false
		}
		left[seat].Remove(pc.Card)
		played++
	}
	for _, pc := range b.Play.Cards[played:] {
		if pc.Card.Valid() {
			return diag.Diagnostic{}, false // a card known after one that is not: no one position
		}
	}
	if p.Done() || p.CheckClaim(decl, claimed) != nil {
		return diag.Diagnostic{}, false
	}
	cur := p.Current()
	pos := dd.Position{Hands: left, Trumps: strain, Leader: cur.Leader, Trick: cur.Cards[:played-4*len(p.Tricks())], Declarer: decl}
	s := <-c.solvers
	rest, err := s.SolveBudget(pos, c.budget)
	c.solvers <- s
	if errors.Is(err, dd.ErrBudget) {
		return diag.Diagnostic{Code: diag.DDBudget, Severity: diag.Info, Span: diag.Span{Pos: at},
			Message: fmt.Sprintf("the position of the claim %s was not solved within %v (--dd-budget): the claim is not checked (double dummy)", when(played), c.budget)}, true
	}
	if err != nil {
		return diag.Diagnostic{}, false
	}
	best := p.TricksWon(decl.Side()) + rest
	if best == claimed {
		return diag.Diagnostic{}, false
	}
	why := fmt.Sprintf("%s more than double-dummy defence allows", diag.Plural(claimed-best, "trick"))
	if claimed < best {
		why = fmt.Sprintf("it concedes %s that double-dummy play would take", diag.Plural(best-claimed, "trick"))
	}
	return diag.Diagnostic{Code: diag.DDClaim, Severity: diag.Info, Span: diag.Span{Pos: at},
		Message: fmt.Sprintf("the claim %s gives %s's side %d tricks; double dummy from there it takes %d: %s (double dummy)",
			when(played), decl, claimed, best, why)}, true
}

// when says when a claim came, played cards into the play: "before the
// opening lead", "after trick 3", "during trick 4".
func when(played int) string {
	switch {
	case played == 0:
		return "before the opening lead"
	case played%4 == 0:
		return fmt.Sprintf("after trick %d", played/4)
	}
	return fmt.Sprintf("during trick %d", played/4+1)
}

// claimOf returns the tricks b's claim gives declarer's side in all and
// where it is written, when b has a claim: LIN's mc, or a PBN Play
// section cut short with a Result that is not an agreed one and belongs to
// decl's side.
func claimOf(b *record.Board, decl auction.Seat) (int, diag.Pos, bool) {
	if b.Play.Claimed {
		return b.Play.Claim, b.Play.ClaimTag.Loc, true
	}
	file := &b.File
	if !b.Play.Tag.Present() || !file.TricksKnown || file.Agreed || file.DeclarerKnown && file.Declarer.Side() != decl.Side() {
		return 0, diag.Pos{}, false
	}
	return file.Tricks, file.ResultTag.Loc, true
}
