// Package fix repairs what an audit proves wrong in a bridge record file,
// changing only the bytes of the values it corrects.
//
// [Plan] looks at the boards of a file, as corpus reads and record checks
// them, and proposes an [Edit] for each value the evidence settles: the
// Contract, Declarer or Result tag of a board whose auction is complete
// and legal, read from the dealer, where the file contradicts the replay;
// the passes an auction leaves out before the opening bid, when the
// file's declarer, the opening lead and the play agree with the one replay
// that starts later; the Score tag; calls after the end of the auction
// (Law 39), taken out with the blanks around them or their whole lines; the
// cards of a trick written from the wrong seat, put back in their columns;
// and the first seat of a deal written from the wrong seat. Each edit names
// the bytes it replaces (a span the reader recorded), the text there, the
// text to put there, and the finding that is its evidence. [Apply] copies
// the file with the edits made: every other byte (comments, tag order,
// spacing, line ends, Russian spellings, unknown tags, % lines, text the
// reader could not read) stays as it was, in the file's own encoding. A
// [PatchWriter] writes the edits as a patch to review and a [Patcher]
// makes them later, one at a time.
//
// [Prove] re-audits a file fixed with its edits against a [Tally] of it
// before: a game whose edits leave a finding they were to answer, add a
// finding of warning or error severity, or would be followed by another
// edit on a second fix, is left alone, and the rest is fixed again and
// proved again, so that a fix never makes a file worse and fix twice is
// fix once. [Source] does all of it for a text in memory, the library form
// of `bridgekit fix`, which streams files of any size the same way.
//
// A board's edits follow one reading of it: when a rotation turns its deal
// or the cards of its tricks, the other kinds plan from the board read
// again with them turned.
//
// A board whose evidence allows more than one correction is left alone,
// and [LeftAlone] says why: a replay that agrees with the file only from
// another seat (leading passes left out, or a turned deal), a declarer the
// opening lead does not confirm, a declarer written as having swapped with
// dummy, a result the players agreed, a play that a turned deal and tricks
// written from the wrong seat explain alike, a lone card held by another
// hand.
//
// A LIN board states its outcome in one place, its entry of the vugraph
// header's rs list: the [RS] kind rewrites that entry, and nothing else
// of a LIN file is changed.
package fix

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/auction"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/record"
	"github.com/bridgekit/bridgekit/scoring"
)

// Kind is a kind of fix; its name is the key of `bridgekit fix --only`.
type Kind string

// The kinds of fix.
const (
	Contract Kind = "contract" // the Contract tag, from the replayed auction (contract-mismatch)
	Declarer Kind = "declarer" // the Declarer tag, from the replayed auction (declarer-mismatch)
	Result   Kind = "result"   // the Result tag, from the play or the claim (result-mismatch)
	// RS rewrites a vugraph LIN board's entry of the rs list, its
	// contract, declarer and result at once (contract-mismatch,
	// declarer-mismatch, result-mismatch), from its complete, legal
	// auction, the opening lead and the play or a possible claim.
	RS Kind = "rs"
	// LeadingPasses restores the passes before the opening bid that an
	// auction leaves out (declarer-mismatch): the file's declarer, the
	// opening lead and the play all agree with the one replay that
	// starts later.
	LeadingPasses Kind = "leading-passes"
	// Score recomputes the Score tag from the contract, declarer and result
	// the file then says, and the vulnerability (score-mismatch, Law 77),
	// in the form the file writes it ("NS 620", "620").
	Score Kind = "score"
	// AfterEnd removes the calls entered after the auction ended
	// (call-after-auction, Law 39), when the auction that ended is
	// complete and legal.
	AfterEnd Kind = "after-end"
	// BoardCycle sets the Dealer and Vulnerable tags from the board
	// number's place in the 16-board cycle (board-dealer,
	// board-vulnerability). A file may deal its boards otherwise on
	// purpose, so Plan proposes it only when asked for by name.
	BoardCycle Kind = "board-cycle"
	// Rotation puts back in their columns the cards of a trick written
	// from the wrong seat (play-rotated): the deal says who held each.
	Rotation Kind = "rotation"
	// ScoreTable rewrites a traveller row's score from its contract and
	// result (scoretable-score, Law 77), when the row's matchpoints,
	// recomputed across the traveller, agree with that score and not
	// with the written one.
	ScoreTable Kind = "scoretable"
	// Totals rewrites a TotalScoreTable total from the file's travellers
	// (total-mismatch), for a pair whose boards the file holds, all of
	// them, as its NrBoards says.
	Totals Kind = "totals"
	// ExportForm writes a tag value that the export-form check flags in
	// the one form the export format has for it (export-form): a file
	// claims the export format, or the audit was asked to certify it.
	// Like BoardCycle, Plan proposes it only when asked for by name, and
	// alone.
	ExportForm Kind = "export-form"
	// ExportOrder puts the tag pairs of a game that the export-order
	// check flags in export order, each with its section and commentary.
	// Only when asked for by name, and alone.
	ExportOrder Kind = "export-order"
)

// Kinds lists every kind, in the order Plan proposes them for a board.
var Kinds = []Kind{Contract, Declarer, Result, RS, LeadingPasses, Score, AfterEnd, Rotation, ScoreTable, Totals, BoardCycle, ExportForm, ExportOrder}

// ParseKind reads a kind by its name.
func ParseKind(name string) (Kind, error) {
	for _, k := range Kinds {
		if string(k) == name {
			return k, nil
		}
	}
	return "", fmt.Errorf("%q is not a kind of fix (%s)", name, kindNames())
}

func kindNames() string {
	var s string
	for i, k := range Kinds {
		if i > 0 {
			s += ", "
		}
		s += string(k)
	}
	return s
}

// An Edit replaces the bytes of one value.
type Edit struct {
	File  string
	Game  int
	Board string // the board's label, "" when it has none
	// Span is the value as written, quotes included, in the decoded text
	// (see diag.Span).
	Span   diag.Span
	Kind   Kind
	Old    string // the text at Span: the value in its quotes
	New    string // the text to put there
	Reason string // the evidence: the audit's finding
}

// Label names the edit's board in notes: "board 12", or "game 3" for a
// game that gives no board number.
func (e Edit) Label() string {
	if e.Board == "" {
		return "game " + strconv.Itoa(e.Game)
	}
	return "board " + e.Board
}

// ledBy reports whether the file's play opens with a card of seat: a
// declarer the auction gives is settled only when the opening lead agrees.
// Without it, the file's declarer may be right and the auction short of its
// leading passes, or the deal rotated.
func ledBy(b *record.Board, seat auction.Seat) bool {
	cs := b.Play.Cards
	return len(cs) > 0 && cs[0].Card.Valid() && cs[0].Seat == seat
}

// leadingPasses proposes the passes an auction leaves out before its
// opening bid: when the record says it starts with the dealer, the file's
// declarer and opening lead agree with the replay that starts Shift seats
// later (record.Outcome.Shift), and the play replays in that contract
// without a card out of place, which a rotated deal would give. The
// passes go before the first call, as the auction writes them.
func leadingPasses(file string, pb *corpus.Board, found map[diag.Code]diag.Diagnostic) (Edit, bool) {
	b := pb.Board
	ev, mismatch := found[diag.DeclarerMismatch]
	_, illegal := found[diag.PlayIllegal]
	_, revoke := found[diag.Revoke]
	rec := &b.Auction
	if !mismatch || illegal || revoke || b.Source.Format != record.FormatPBN || !b.DealerKnown ||
		rec.First != b.Dealer || len(rec.Calls) == 0 || rec.Calls[0].End == 0 ||
		!ledBy(b, b.Replayed.Shifted.Declarer.LHO()) {
		return Edit{}, false
	}
	at := rec.Calls[0].Loc
	return Edit{
		File: file, Game: pb.Game, Board: b.BoardLabel(), Span: diag.Span{Pos: at, End: at.Offset}, Kind: LeadingPasses,
		New:    strings.Repeat("Pass ", b.Replayed.Shift),
		Reason: string(diag.DeclarerMismatch) + ": " + ev.Message + "; the play replays in " + b.Replayed.Shifted.Describe() + " with every card in its hand",
	}, true
}

// PlanAll is Plan and LeftAlone in one pass over the boards.
func PlanAll(p *corpus.Part, wanted map[Kind]bool) (edits, left []Edit) {
	for _, pb := range p.Boards {
		e, why, read := planBoard(p.Name, pb, wanted)
		if again := planAgain(p.Name, pb, e, wanted); len(again) > 0 {
			left = append(left, notOnePass(e, again[0])...)
			e = nil
		}
		edits = append(edits, e...)
		left = append(left, leftAlone(p.Name, read, wanted, e, why)...)
	}
	// A Deal tag a later game reads too (a follow-up game that writes no
	// deal of its own) is not turned: the turn would be that game's too,
	// whose play need not fit it. The last board of a part that is not
	// its file's last may have such a game in the next part.
	shared := map[int]bool{}
	var last *record.Board
	for _, pb := range p.Boards {
		if b := pb.Board; b != nil {
			if v := b.DealTag.ValueSpan; v.End > 0 && v.Offset < b.Source.Loc.Offset {
				shared[v.Offset] = true
			}
			last = b
		}
	}
	if last != nil && !p.Last {
		shared[last.DealTag.ValueSpan.Offset] = true
	}
	// An rs entry two boards read (a table and board the file holds
	// twice) says the outcome of both: rewritten for one, it would change
	// the other's.
	entries := map[int]int{}
	for _, pb := range p.Boards {
		if b := pb.Board; b != nil && b.LIN != nil && b.LIN.Result.ValueSpan.End > 0 {
			entries[b.LIN.Result.ValueSpan.Offset]++
		}
	}
	edits = slices.DeleteFunc(edits, func(e Edit) bool {
		switch {
		case e.Kind == Rotation && shared[e.Span.Offset-1] && e.Old != "" && len(e.Old) == 1:
			e.Reason += "; left alone: a later game reads this deal too, and would be turned with it"
		case e.Kind == RS && entries[e.Span.Offset] > 1:
			e.Reason += "; left alone: another board of the file reads this rs entry too, and would change with it"
		default:
			return false
		}
		e.New = ""
		left = append(left, e)
		return true
	})
	edits, left = planInherited(p, edits, left, wanted)
	edits, left = leaveHeirs(p, edits, left)
	if wanted == nil || wanted[Totals] {
		edits = append(edits, PlanTotals(p)...)
	}
	slices.SortStableFunc(edits, func(a, b Edit) int { return cmp.Compare(a.Span.Offset, b.Span.Offset) })
	return edits, left
}

// leaveHeirs leaves alone the games of p whose edits would change a later
// game's value taken with "#" (see Heirs).
func leaveHeirs(p *corpus.Part, edits, left []Edit) ([]Edit, []Edit) {
	var h Heirs
	refused := h.Part(p, edits)
	edits = slices.DeleteFunc(edits, func(e Edit) bool {
		why, ok := refused[e.Game]
		if ok {
			e.New, e.Reason = "", e.Reason+"; left alone: "+why
			left = append(left, e)
		}
		return ok
	})
	return edits, left
}

// notOnePass returns a board's edits left alone because fixing the fixed
// board again would make more edits, again first among them: one fix
// would set up the next (a declarer fixed lets a turn of the tricks fit).
// Fix is one pass; the board is left as it is.
func notOnePass(edits []Edit, again Edit) []Edit {
	left := make([]Edit, len(edits))
	for i, x := range edits {
		x.New, x.Reason = "", x.Reason+"; left alone: fixing it again would make another "+string(again.Kind)+" edit ("+again.Reason+")"
		left[i] = x
	}
	return left
}

// planInherited holds to one pass the boards with edits whose games take
// values from earlier games, which planAgain cannot read alone: the
// part's games are read again together, each with its edits made, and a
// board that would then be fixed further is left as it is. A part that
// does not start at the file's first game is not read again (its first
// games may take values from the part before), nor one whose games do not
// read back one board each.
func planInherited(p *corpus.Part, edits, left []Edit, wanted map[Kind]bool) ([]Edit, []Edit) {
	byGame := map[int][]Edit{}
	for _, e := range edits {
		byGame[e.Game] = append(byGame[e.Game], e)
	}
	check := false
	for _, pb := range p.Boards {
		if pb.Board != nil && len(byGame[pb.Game]) > 0 && pb.Board.Inherits() {
			check = true
			break
		}
	}
	if !check {
		return edits, left // most parts: nothing to read again
	}
	var text strings.Builder
	var read []*corpus.Board // the board of each game written to text
	var starts []int         // where each game starts in text
	for _, pb := range p.Boards {
		b := pb.Board
		if b == nil {
			continue
		}
		game, ok := editedGame(b, byGame[pb.Game])
		if !ok {
			return edits, left
		}
		starts = append(starts, text.Len())
		text.WriteString(game)
		text.WriteString("\n\n")
		read = append(read, pb)
	}
	if read[0].Game != 1 {
		return edits, left
	}
	q := corpus.Process(p.Name, strings.NewReader(text.String()), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
	if q.Err != nil || len(q.Boards) != len(read) {
		return edits, left
	}
	// An edit planned again that was left alone already (a deal a later
	// game reads too) is no further fix.
	known := map[Kind]map[int]bool{}
	for _, e := range left {
		if known[e.Kind] == nil {
			known[e.Kind] = map[int]bool{}
		}
		known[e.Kind][e.Span.Offset] = true
	}
	drop := map[int]bool{}
	for i, pb := range read {
		e := byGame[pb.Game]
		if len(e) == 0 || !pb.Board.Inherits() || q.Boards[i].Board == nil {
			continue
		}
		again, _, _ := planBoard(p.Name, q.Boards[i], wanted)
		again = slices.DeleteFunc(again, func(x Edit) bool {
			return known[x.Kind][x.Span.Offset-starts[i]+pb.Board.Source.Loc.Offset]
		})
		if len(again) > 0 {
			left = append(left, notOnePass(e, again[0])...)
			drop[pb.Game] = true
		}
	}
	edits = slices.DeleteFunc(edits, func(e Edit) bool { return drop[e.Game] })
	return edits, left
}

// planAgain returns the edits planning would make of the board read with
// its edits made, read alone; nil when it cannot be read alone (see
// readAlone).
func planAgain(file string, pb *corpus.Board, edits []Edit, wanted map[Kind]bool) []Edit {
	if len(edits) == 0 || pb.Board == nil {
		return nil
	}
	rb, ok := readAlone(file, pb.Board, edits)
	if !ok {
		return nil
	}
	again, _, _ := planBoard(file, rb, wanted)
	return again
}

// PlanTotals returns the edits of the totals of p's file's TotalScoreTable
// that its travellers prove wrong (Part.TotalRepairs, on the file's last
// part, once the run has added up the file).
func PlanTotals(p *corpus.Part) []Edit {
	var out []Edit
	for _, r := range p.TotalRepairs {
		e := cellEdit(r.Cell, r.Text)
		e.File, e.Game, e.Board, e.Kind = p.Name, r.At.Game, strconv.Itoa(r.At.Board), Totals
		e.Reason = string(diag.TotalMismatch) + ": " + r.Evidence
		out = append(out, e)
	}
	return out
}

// cellEdit is the edit that puts text in a table cell's place, quoted as
// the cell is.
func cellEdit(c record.Cell, text string) Edit {
	old := c.Text
	if c.Quoted {
		old, text = `"`+old+`"`, `"`+text+`"`
	}
	return Edit{Old: old, New: text, Span: diag.Span{Pos: c.Loc, End: c.Loc.Offset + len(old)}}
}

// Plan returns the edits of the kinds wanted (all but BoardCycle,
// ExportForm and ExportOrder when wanted is nil; the first of them wanted
// alone when one is) for the boards of p,
// in file order. p comes from corpus with
// AuditOptions.Boards and AllFindings.
func Plan(p *corpus.Part, wanted map[Kind]bool) []Edit {
	edits, _ := PlanAll(p, wanted)
	return edits
}

// written returns t's value as the file writes it, in its quotes, and
// whether a fix can rewrite it there: the game writes the value itself
// (not "#"), and as it reads (no escapes).
func written(t *record.Tag) (string, bool) {
	old := `"` + t.Value + `"`
	return old, t.ValueSpan.Len() == len(old) && t.Raw == "" && !hasControl(t.Value)
}

// hasControl reports whether s holds a control character that Check
// refuses in an edit, so that fix does not plan one apply would not make.
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' && c != '\n' && c != '\r' && c != '\t' || c == 0x7f {
			return true
		}
	}
	return false
}

// firstFindings returns the first finding of each code on the board.
func firstFindings(pb *corpus.Board) map[diag.Code]diag.Diagnostic {
	found := map[diag.Code]diag.Diagnostic{}
	for _, f := range pb.Findings {
		if _, ok := found[f.Code]; !ok {
			found[f.Code] = f
		}
	}
	return found
}

// planBoard returns the edits of the board; for the kinds of fix that
// planning found unsettled, why; and the reading of the board the edits
// leave, whose findings the edits do not answer are left alone.
func planBoard(file string, pb *corpus.Board, wanted map[Kind]bool) ([]Edit, map[Kind]string, *corpus.Board) {
	b := pb.Board
	if b == nil {
		return nil, nil, pb
	}
	if b.Source.Format == record.FormatUSEBIO || b.Source.Format == record.FormatBWS || b.LIN != nil && b.LIN.Page {
		return nil, nil, pb // audited, not rewritten (whyLeft)
	}
	found := firstFindings(pb)
	if wanted[BoardCycle] {
		return boardCycle(file, pb, found), nil, pb
	}
	if wanted[ExportForm] {
		return exportForm(file, pb), nil, pb
	}
	if wanted[ExportOrder] {
		return exportOrder(file, pb), nil, pb
	}
	var turned []Edit
	why := map[Kind]string{}
	if wanted == nil || wanted[Rotation] {
		turned, why[Rotation] = rotation(file, pb, found)
		if len(turned) == 0 && why[Rotation] == "" {
			var e Edit
			if e, why[Rotation] = illegalDeal(file, pb, found); e.Kind != "" {
				turned = append(turned, e)
			}
		}
	}
	if len(turned) > 0 {
		// What the replay says of the result and score is the reading
		// before the cards or the deal are turned: the other kinds read
		// the board again with them turned.
		if more, read, ok := planTurned(file, pb, turned, wanted); ok {
			return append(turned, more...), why, read
		}
		if turnsDeal(b, turned) {
			return turned, why, pb // nothing follows a reading of the deal before it is turned
		}
	}
	if wanted == nil || wanted[ScoreTable] {
		rows, open := travellerScores(file, pb)
		turned = append(turned, rows...)
		why[ScoreTable] = open
	}
	if b.LIN != nil && b.Source.Format == record.FormatLIN {
		if wanted == nil || wanted[RS] {
			var e Edit
			if e, why[RS] = linResult(file, pb, found); e.Kind != "" {
				turned = append(turned, e)
			}
		}
		return turned, why, pb // the rs entry is all a LIN board states of its outcome
	}
	if !b.Replayed.Complete || !b.Replayed.Legal {
		return turned, why, pb // the replay settles nothing more
	}
	replayed := planReplayed(file, pb, found, wanted)
	if _, rotated := found[diag.PlayRotated]; rotated {
		// The tricks the play gives are those of tricks read from another
		// seat, which no rotation here settles: a result or score taken
		// from them would make the rotation fit, and fixing the fixed
		// file again would turn the tricks after all.
		replayed = slices.DeleteFunc(replayed, func(e Edit) bool { return e.Kind == Result || e.Kind == Score })
		why[Result] = "the play is read with tricks written from another seat, which no rotation settles"
	}
	return append(turned, replayed...), why, pb
}

// planReplayed proposes the fixes a complete, legal auction settles.
func planReplayed(file string, pb *corpus.Board, found map[diag.Code]diag.Diagnostic, wanted map[Kind]bool) []Edit {
	b := pb.Board
	var edits []Edit
	if b.Replayed.Shift != 0 {
		e, ok := leadingPasses(file, pb, found)
		if !ok || wanted != nil && !wanted[LeadingPasses] {
			return nil // settled only from another seat, which a rotated deal would give too
		}
		edits = append(edits, e)
		// With its passes back, the auction is the evidence of the rest.
		t, c := &b.File.ContractTag, b.Replayed.Shifted
		if old, ok := written(t); ok && b.File.ContractKnown && b.File.Contract.String() != c.String() &&
			(wanted == nil || wanted[Contract]) {
			edits = append(edits, Edit{
				File: file, Game: pb.Game, Board: b.BoardLabel(), Span: t.ValueSpan, Kind: Contract, Old: old, New: `"` + c.String() + `"`,
				Reason: "the file's contract is " + b.File.Contract.String() + ", the auction with its leading passes gives " + c.Describe(),
			})
		}
	}
	f := b.Final()
	add := func(kind Kind, code diag.Code, tag *record.Tag, value, why string) {
		ev, ok := found[code]
		old, here := written(tag)
		if !ok || wanted != nil && !wanted[kind] || !here {
			return
		}
		edits = append(edits, Edit{
			File: file, Game: pb.Game, Board: b.BoardLabel(), Span: tag.ValueSpan, Kind: kind,
			Old: old, New: `"` + value + `"`, Reason: string(code) + ": " + ev.Message + why,
		})
	}
	if f.FromReplay && b.Replayed.Shift == 0 {
		add(Contract, diag.ContractMismatch, &b.File.ContractTag, f.Contract.String(), "")
		if f.DeclarerKnown && !b.File.Swapped && ledBy(b, f.Contract.Declarer.LHO()) {
			d := f.Contract.Declarer
			add(Declarer, diag.DeclarerMismatch, &b.File.DeclarerTag, d.String(),
				"; the opening lead by "+d.LHO().Name()+", on "+d.Name()+"'s left, settles it")
		}
	}
	if f.TricksKnown && !b.File.Agreed && b.Replayed.TricksKnown && f.Tricks == b.Replayed.Tricks {
		add(Result, diag.ResultMismatch, &b.File.ResultTag, strconv.Itoa(f.Tricks), "")
	}
	if e, ok := score(file, pb, edits); ok && (wanted == nil || wanted[Score]) {
		edits = append(edits, e)
	}
	if wanted == nil || wanted[AfterEnd] {
		edits = append(edits, afterEnd(file, pb, found)...)
	}
	return edits
}

// rotation proposes, for each trick of a PBN play written from the wrong
// seat, the cards of its columns: the card of column j is the one the
// seat j places after the Play tag's held, as the reader worked out from
// the deal. Only boards whose tricks are all full are rewritten (the
// columns of a trick cut short are not known), and only tricks of plain
// cards (no irregularity mark, no annotation, which would not move with
// the card): the board not at all if one turned trick cannot be.
func rotation(file string, pb *corpus.Board, found map[diag.Code]diag.Diagnostic) ([]Edit, string) {
	b := pb.Board
	ev, ok := found[diag.PlayRotated]
	if !ok || b.Source.Format != record.FormatPBN {
		return nil, ""
	}
	var edits []Edit
	tricks, turnedTricks := 0, 0
	cards := b.Play.Cards
	for lo := 0; lo < len(cards); {
		hi := lo + 1
		for hi < len(cards) && cards[hi].Trick == cards[lo].Trick {
			hi++
		}
		if hi-lo != 4 {
			// A trick cut short keeps no trace of its empty columns:
			// which column a card stands in is not known.
			return nil, ""
		}
		tricks++
		var byColumn [4]*record.PlayedCard
		for k := range 4 {
			byColumn[k] = &cards[lo+k]
		}
		lo = hi
		slices.SortFunc(byColumn[:], func(x, y *record.PlayedCard) int { return cmp.Compare(x.Loc.Offset, y.Loc.Offset) })
		trick := byColumn[:]
		turned := false
		for j, c := range trick {
			turned = turned || c.Seat != b.Play.First.Add(j)
		}
		if !turned {
			continue
		}
		turnedTricks++
		for _, c := range trick {
			if !c.Card.Valid() || c.End == 0 || c.Loc.Offset+len(c.Text) != c.End || c.Revoke || c.OutOfTurn ||
				c.Alert || c.Note > 0 || c.Suffix != "" || len(c.NAGs) > 0 || len(c.Comments) > 0 || !isCard(c.Text) {
				return nil, "" // a card written with more than itself (a no-break space glued to it) stays
			}
		}
		// One reason for the trick's cards: a file of thousands of turned
		// tricks says each once.
		why := fmt.Sprintf("%s: %s; trick %d goes back to its columns from %s", diag.PlayRotated, ev.Message, trick[0].Trick+1, b.Play.First.Name())
		for j, c := range trick {
			want := slices.IndexFunc(trick, func(x *record.PlayedCard) bool { return x.Seat == b.Play.First.Add(j) })
			if want < 0 {
				return nil, ""
			}
			if w := trick[want]; w.Text != c.Text {
				edits = append(edits, Edit{
					File: file, Game: pb.Game, Board: b.BoardLabel(), Span: diag.Span{Pos: c.Loc, End: c.End}, Kind: Rotation,
					Old: c.Text, New: w.Text, Reason: why,
				})
			}
		}
	}
	if turnedTricks < tricks || !agreed(b) {
		return edits, ""
	}
	// Every trick turned alike is also what a deal written from the wrong
	// seat looks like: only the file's result may tell the two apart.
	var turns []int
	var faulted []string
	for _, d := range pb.Findings {
		if d.Code != diag.PlayRotated && slices.Contains(faults, d.Code) && !slices.Contains(faulted, string(d.Code)) {
			faulted = append(faulted, string(d.Code))
		}
	}
	if len(faulted) == 0 {
		turns = append(turns, 0)
	}
	turns = append(turns, dealTurns(b)...)
	switch {
	case len(turns) != 1:
		return nil, whyNotSettled(b, turns)
	case turns[0] == 0:
		return edits, ""
	}
	e, ok := dealRotation(file, pb, turns[0], string(diag.PlayRotated)+": "+ev.Message+
		"; put back in their columns, the tricks give "+strings.Join(faulted, ", "))
	if !ok {
		return nil, "the deal may be turned, and its tag is not written as a first seat and four hands"
	}
	return []Edit{e}, ""
}

// boardCycle proposes the dealer and vulnerability of the board number,
// for a board that disagrees with its number. It is made alone: with
// another dealer, the auction and all that follows from it read anew.
func boardCycle(file string, pb *corpus.Board, found map[diag.Code]diag.Diagnostic) []Edit {
	b := pb.Board
	if b.Number <= 0 {
		return nil
	}
	var edits []Edit
	for _, f := range []struct {
		code  diag.Code
		tag   *record.Tag
		value string
	}{
		{diag.BoardDealer, &b.DealerTag, auction.BoardDealer(b.Number).String()},
		{diag.BoardVulnerability, &b.VulnerableTag, auction.BoardVulnerability(b.Number).String()},
	} {
		ev, ok := found[f.code]
		old, here := written(f.tag)
		if !ok || !here {
			continue
		}
		edits = append(edits, Edit{
			File: file, Game: pb.Game, Board: b.BoardLabel(), Span: f.tag.ValueSpan, Kind: BoardCycle,
			Old: old, New: `"` + f.value + `"`, Reason: string(f.code) + ": " + ev.Message,
		})
		if f.code == diag.BoardDealer {
			if e, ok := dealFrom(file, pb, auction.BoardDealer(b.Number)); ok {
				edits = append(edits, e)
			}
		}
	}
	return edits
}

// dealFrom returns the edit that lists a board's deal from seat first,
// every hand at its seat as before, when the deal is written from the
// dealer the file gives: a deal written so, as the export format asks,
// stays so when the dealer changes. A deal written from another seat is
// left as it is.
func dealFrom(file string, pb *corpus.Board, first auction.Seat) (Edit, bool) {
	b := pb.Board
	old, here := written(&b.DealTag)
	if !here || !b.DealerKnown || len(old) < 4 || old[2] != ':' {
		return Edit{}, false
	}
	from, err := auction.ParseSeat(old[1:2])
	hands := strings.Split(old[3:len(old)-1], " ")
	if err != nil || from != b.Dealer || first == from || len(hands) != 4 {
		return Edit{}, false
	}
	turn := (int(first) - int(from) + 4) % 4
	relisted := append(slices.Clone(hands[turn:]), hands[:turn]...)
	return Edit{
		File: file, Game: pb.Game, Board: b.BoardLabel(), Span: b.DealTag.ValueSpan, Kind: BoardCycle,
		Old: old, New: `"` + first.String() + ":" + strings.Join(relisted, " ") + `"`,
		Reason: "the deal, written from the dealer, written from the new dealer " + first.Name() + "; every hand stays at its seat",
	}, true
}

// afterEnd proposes the removal of the calls from the first one the
// audit found after the end of the auction: plain calls written in PBN,
// with nothing attached that would go with them (a note, a suffix,
// commentary, an AP standing for several). One edit takes them with the
// blanks between them and before them on their line, or, when they fill
// their lines, those lines whole: a line left blank would end the game.
func afterEnd(file string, pb *corpus.Board, found map[diag.Code]diag.Diagnostic) []Edit {
	b := pb.Board
	ev, ok := found[diag.CallAfterAuction]
	if !ok || b.Source.Format != record.FormatPBN {
		return nil
	}
	calls := b.Auction.Calls
	first := slices.IndexFunc(calls, func(c record.AuctionCall) bool { return c.Loc.Offset == ev.Offset })
	if first < 0 {
		return nil
	}
	for _, c := range calls[first:] {
		if !c.Call.Valid() || c.End == 0 || c.Loc.Offset+len(c.Text) != c.End || c.AllPass || c.Accepted || c.Skip ||
			c.Alert || c.Note > 0 || c.Suffix != "" || len(c.NAGs) > 0 || len(c.Comments) > 0 {
			return nil // text that is no call, or a call with more than itself to it, stays
		}
	}
	span, old, ok := removal(&b.Source, calls[first:])
	if !ok {
		return nil
	}
	what := "the call after the end goes"
	if n := len(calls) - first; n > 1 {
		what = fmt.Sprintf("the %d calls after the end go", n)
	}
	return []Edit{{
		File: file, Game: pb.Game, Board: b.BoardLabel(), Span: span, Kind: AfterEnd, Old: old, New: "",
		Reason: string(diag.CallAfterAuction) + ": " + ev.Message + " (Law 39); " + what + ", and the auction that ended stands",
	}}
}

// removal returns the span that removes calls, which follow one another,
// from the source, and its text: the calls, the blanks between them, and
// the blanks before the first on its line; or, when nothing else is on
// their lines, the lines with their line ends. The text between them must
// be blanks and line ends only, and calls that start their line, or end
// a run of lines that text before the first keeps, must end it: the text
// after them would move to the line's start, or join the line kept.
func removal(src *record.Source, calls []record.AuctionCall) (diag.Span, string, bool) {
	firstCall, last := calls[0], calls[len(calls)-1]
	if _, ok := src.TextAt(firstCall.Loc.Offset, last.End); !ok {
		return diag.Span{}, "", false
	}
	base, text := src.Loc.Offset, src.Text
	start, end := firstCall.Loc.Offset-base, last.End-base
	for i, c := range calls[1:] {
		if strings.Trim(text[calls[i].End-base:c.Loc.Offset-base], " \t\r\n") != "" {
			return diag.Span{}, "", false
		}
	}
	blank := func(c byte) bool { return c == ' ' || c == '\t' }
	i := start
	for i > 0 && blank(text[i-1]) {
		i--
	}
	pos := firstCall.Loc
	pos.Col = diag.Clamp(int(pos.Col) - (start - i))
	pos.Offset = base + i
	j := end
	for j < len(text) && blank(text[j]) {
		j++
	}
	if i > 0 && text[i-1] != '\n' {
		// Text kept before them on the line. A line of only other blanks
		// (a vertical tab, a line ended by CR alone) would be left empty,
		// and end the game.
		if ls := strings.LastIndexAny(text[:i], "\r\n") + 1; strings.Trim(text[ls:i], " \t\v\f") == "" {
			return diag.Span{}, "", false
		}
		// Text after them on a later line would join it, and a tag there
		// would be read otherwise. Where the file ends lines both in a
		// CR alone and in LF, which the text gives alike, what joins what
		// is not known.
		if strings.Contains(text[i:end], "\n") && (src.MixedLineEnds || j < len(text) && text[j] != '\n' && !strings.HasPrefix(text[j:], "\r\n")) {
			return diag.Span{}, "", false
		}
		return diag.Span{Pos: pos, End: base + end}, text[i:end], true
	}
	if src.MixedLineEnds {
		// Whole lines: the line end before them may be a CR alone, which
		// would join an LF after them into one line end, and lines apart
		// (games apart) would run together.
		return diag.Span{}, "", false
	}
	switch {
	case strings.HasPrefix(text[j:], "\r\n"):
		j += 2
	case strings.HasPrefix(text[j:], "\n"):
		j++
	case j < len(text):
		// Text after them would move to the line's start, where a
		// tag or a comment may read otherwise.
		return diag.Span{}, "", false
	}
	return diag.Span{Pos: pos, End: base + j}, text[i:j], true
}

// travellerScores proposes the traveller rows' scores their contracts,
// results and matchpoints prove (scoring.ScoreRepairs), and says the rows
// whose matchpoints leave two readings, or none.
func travellerScores(file string, pb *corpus.Board) ([]Edit, string) {
	var out []Edit
	repairs, open := scoring.ScoreRepairs(pb.Board)
	for _, r := range repairs {
		e := cellEdit(r.Cell, r.Text)
		e.File, e.Game, e.Board, e.Kind = file, pb.Game, pb.Board.BoardLabel(), ScoreTable
		e.Reason = string(diag.ScoreTableScore) + ": " + r.Evidence + " (Law 77)"
		out = append(out, e)
	}
	return out, strings.Join(open, "; ")
}

// score proposes the Score tag's value for the contract, declarer and
// result the file says once edits are made, when those are the final
// outcome's: otherwise the score would follow values the fix leaves
// open.
func score(file string, pb *corpus.Board, edits []Edit) (Edit, bool) {
	b := pb.Board
	f, rec, t := b.Final(), &b.File, &b.File.ScoreTag
	fixed := map[Kind]bool{}
	for _, e := range edits {
		fixed[e.Kind] = true
	}
	// A value the file does not state is settled by the replay: the
	// auction gives the contract, the play of every trick the tricks.
	replayed := f.FromReplay && b.Replayed.Complete && b.Replayed.Legal
	played := replayed && b.Replayed.TricksKnown && f.Tricks == b.Replayed.Tricks
	settled := f.ScoreKnown && rec.ScoreKnown && f.ContractKnown &&
		(fixed[Contract] || rec.ContractKnown && rec.Contract.String() == f.Contract.String() || replayed && !rec.ContractTag.Given()) &&
		(f.Contract.PassedOut() || (fixed[Declarer] || rec.DeclarerKnown && rec.Declarer == f.Contract.Declarer || replayed && !rec.DeclarerTag.Given()) &&
			(fixed[Result] || rec.TricksKnown && rec.Tricks == f.Tricks || played && !rec.ResultTag.Given()))
	// A score is never derived from a number the audit proves wrong: an
	// impossible claim, a revoke without its trick transfer.
	for _, d := range pb.Findings {
		if d.Code == diag.ClaimImpossible || d.Code == diag.Revoke {
			settled = false
		}
	}
	old, here := written(t)
	if !settled || rec.ScoreNS == f.ScoreNS || !here {
		return Edit{}, false
	}
	text, ok := scoreText(t.Value, f.ScoreNS, f.Contract.Declarer.Side() == auction.EW)
	if !ok {
		return Edit{}, false
	}
	what := "passed out"
	if !f.Contract.PassedOut() {
		what = fmt.Sprintf("%s with %d tricks", f.Contract.Describe(), f.Tricks)
	}
	return Edit{
		File: file, Game: pb.Game, Board: b.BoardLabel(), Span: t.ValueSpan, Kind: Score, Old: old, New: `"` + text + `"`,
		Reason: fmt.Sprintf("%s: the file's score is NS %d; %s scores NS %d, vulnerability %s (Law 77)", diag.ScoreMismatch, rec.ScoreNS, what, f.ScoreNS, b.Vulnerable),
	}, true
}

// scoreText writes North–South's score ns in the form of old: "NS n",
// "EW n", both sides, or a bare number from the declaring side's view.
func scoreText(old string, ns int, declarerEW bool) (string, bool) {
	f := strings.Fields(old)
	side := map[string]int{"NS": ns, "EW": -ns}
	switch {
	case len(f) == 1:
		if declarerEW {
			return strconv.Itoa(-ns), true
		}
		return strconv.Itoa(ns), true
	case len(f) == 2 || len(f) == 4:
		var out []string
		for i := 0; i < len(f); i += 2 {
			v, ok := side[strings.ToUpper(f[i])]
			if !ok {
				return "", false
			}
			out = append(out, f[i], strconv.Itoa(v))
		}
		return strings.Join(out, " "), true
	}
	return "", false
}

// answers are the finding codes each kind of fix answers.
var answers = []struct {
	code  diag.Code
	kinds []Kind
}{
	{diag.ContractMismatch, []Kind{Contract, RS}},
	{diag.DeclarerMismatch, []Kind{Declarer, LeadingPasses, RS}},
	{diag.ResultMismatch, []Kind{Result, RS}},
	{diag.ScoreMismatch, []Kind{Score}},
	{diag.CallAfterAuction, []Kind{AfterEnd}},
	{diag.PlayRotated, []Kind{Rotation}},
	{diag.ScoreTableScore, []Kind{ScoreTable}},
	{diag.TotalMismatch, []Kind{Totals}},
}

// LeftAlone returns what the audit found wrong on the boards of p that
// Plan, with the same kinds wanted, does not correct, each with why: an
// Edit with no New text, placed at the finding, whose Reason is the
// finding and the reason it is left.
func LeftAlone(p *corpus.Part, wanted map[Kind]bool) []Edit {
	_, left := PlanAll(p, wanted)
	return left
}

// leftAlone is LeftAlone for one board, given the edits Plan makes of it.
func leftAlone(file string, pb *corpus.Board, wanted map[Kind]bool, edits []Edit, why map[Kind]string) []Edit {
	if wanted[BoardCycle] || wanted[ExportForm] || wanted[ExportOrder] || pb.Board == nil {
		return nil
	}
	made := map[Kind]bool{}
	for _, e := range edits {
		made[e.Kind] = true
	}
	var left []Edit
	for _, f := range pb.Findings {
		for _, a := range answers {
			if f.Code != a.code || slices.ContainsFunc(a.kinds, func(k Kind) bool { return made[k] }) ||
				wanted != nil && !slices.ContainsFunc(a.kinds, func(k Kind) bool { return wanted[k] }) {
				continue
			}
			kind := a.kinds[0]
			if pb.Board.Source.Format == record.FormatLIN && slices.Contains(a.kinds, RS) {
				kind = RS // a LIN board's outcome is its rs entry
			}
			reason := why[kind]
			if reason == "" {
				reason = whyLeft(pb.Board, kind)
			}
			left = append(left, Edit{
				File: file, Game: pb.Game, Board: pb.Board.BoardLabel(), Span: f.Span, Kind: kind,
				Reason: string(f.Code) + ": " + f.Message + "; left alone: " + reason,
			})
			made[kind] = true // one word per kind and board
		}
	}
	if f, ok := firstFindings(pb)[diag.PlayIllegal]; ok && why[Rotation] != "" && !made[Rotation] {
		left = append(left, Edit{
			File: file, Game: pb.Game, Board: pb.Board.BoardLabel(), Span: f.Span, Kind: Rotation,
			Reason: string(f.Code) + ": " + f.Message + "; the deal is not turned: " + why[Rotation],
		})
	}
	return left
}

// whyLeft says why a board's finding gets no fix.
func whyLeft(b *record.Board, kind Kind) string {
	switch b.Source.Format {
	case record.FormatUSEBIO:
		return "bridgekit reads and audits USEBIO files, and does not rewrite them"
	case record.FormatBWS:
		return "bridgekit reads and audits Bridgemate .bws files, and does not rewrite them"
	}
	if b.LIN != nil && b.LIN.Page {
		return "bridgekit reads and audits web pages, and does not rewrite them"
	}
	switch kind {
	case Rotation:
		return "a trick is cut short, and which column its cards stand in is not known, or a card carries a mark or an annotation that would not move with it"
	case RS:
		return "the vugraph header gives no rs entry for the board"
	case ScoreTable:
		return "the row's matchpoints fit the written score as well as its contract's, or the traveller is not scored in matchpoints: nothing tells which of the two is wrong"
	}
	switch {
	case !b.Replayed.Complete || !b.Replayed.Legal:
		return "the auction is not complete and legal, so it settles nothing"
	case b.Replayed.Shift != 0:
		return fmt.Sprintf("two readings fit: the auction leaves out %s before the opening bid, which gives %s as the file says, or the deal is written from another seat; the play does not tell them apart",
			diag.Plural(b.Replayed.Shift, "leading pass"), b.Replayed.Shifted.Describe())
	case kind == Declarer:
		return "no opening lead confirms the auction's declarer (the auction may leave out leading passes, or the deal be turned)"
	case kind == Score:
		return "the score would follow a contract, declarer or result the fix leaves open, or one the audit proves wrong (an impossible claim, a revoke)"
	}
	return "the file does not write the value here as it reads (inherited with #, escaped, or in LIN), or the file's own values settle it"
}

// Summary says in one line the edits of one kind on one board, as the
// notes of `bridgekit fix` say them: the edit itself when it is one; the
// tricks put back in their columns for a rotation of many cards; else
// how many edits, and the first.
func Summary(edits []Edit) string {
	e := edits[0]
	if len(edits) == 1 {
		return fmt.Sprintf("%s %s (%s)", e.Kind, Change(e), e.Reason)
	}
	if e.Kind == Rotation {
		// Each trick's cards share its reason, which ends with the seat
		// its columns start from.
		tricks := map[string]bool{}
		for _, x := range edits {
			tricks[x.Reason] = true
		}
		evidence, trick, _ := strings.Cut(e.Reason, "; trick ")
		_, from, _ := strings.Cut(trick, "goes back to its columns ")
		what := "1 trick put back in its columns"
		if len(tricks) > 1 {
			what = fmt.Sprintf("%d tricks put back in their columns", len(tricks))
		}
		return fmt.Sprintf("%s: %s %s, %d cards moved (%s)", e.Kind, what, from, len(edits), evidence)
	}
	return fmt.Sprintf("%s: %d edits, the first %s (%s)", e.Kind, len(edits), Change(e), e.Reason)
}

// Change says what an edit changes: a value from one to another, or the
// text it puts in or takes out.
func Change(e Edit) string {
	switch {
	case e.Old == "":
		return fmt.Sprintf("insert %q", e.New)
	case e.New == "":
		return fmt.Sprintf("remove %q", e.Old)
	}
	return e.Old + " → " + e.New
}
