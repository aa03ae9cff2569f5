package fix

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/record"
)

// faults are the findings that say a reading of the play does not fit:
// a card the hand does not hold or cannot play, a claim or a result the
// play contradicts, a trick that fits only from another seat.
var faults = []diag.Code{diag.PlayIllegal, diag.Revoke, diag.ClaimImpossible, diag.ResultMismatch, diag.PlayRotated}

// fits says whether a reading of the play with these findings fits.
func fits(findings []diag.Diagnostic) bool {
	return !slices.ContainsFunc(findings, func(d diag.Diagnostic) bool { return slices.Contains(faults, d.Code) })
}

// agreed says whether the board's rest agrees with itself, so that a play
// the deal does not fit as written points at the deal or the columns: a
// complete and legal auction read from the dealer and an opening lead from
// its declarer's left, in a PBN file with a full deal. The file's Declarer
// tag is not asked: where it differs, the lead settles it for the
// declarer fix of the same run.
func agreed(b *record.Board) bool {
	r := &b.Replayed
	con := r.Contract
	return b.Source.Format == record.FormatPBN && r.Complete && r.Legal && r.Shift == 0 && !con.PassedOut() &&
		b.Deal.Full() && b.Deal.Validate() == nil && !b.File.Swapped && ledBy(b, con.Declarer.LHO())
}

// knownCards counts the cards of the play that are cards.
func knownCards(b *record.Board) int {
	n := 0
	for _, c := range b.Play.Cards {
		if c.Card.Valid() {
			n++
		}
	}
	return n
}

// dealTurns returns the turns of b's deal (1 to 3 seats clockwise) with
// which the play, each card in the seat of the column it is written in,
// and the file's result replay without a fault.
func dealTurns(b *record.Board) []int {
	// The cards in the seats of their columns, in the order played: each
	// trick from the seat that won the one before.
	written := slices.Clone(b.Play.Cards)
	leader := b.Play.First
	for lo := 0; lo < len(written); {
		hi := lo + 1
		for hi < len(written) && written[hi].Trick == written[lo].Trick {
			hi++
		}
		if hi-lo != 4 {
			break // a trick cut short keeps its seats: its columns are not known
		}
		trick := written[lo:hi]
		slices.SortFunc(trick, func(x, y record.PlayedCard) int { return cmp.Compare(x.Loc.Offset, y.Loc.Offset) })
		for j := range trick {
			trick[j].Seat = b.Play.First.Add(j)
		}
		slices.SortFunc(trick, func(x, y record.PlayedCard) int {
			return cmp.Compare((x.Seat-leader)&3, (y.Seat-leader)&3)
		})
		var played [4]auction.Card
		for j := range trick {
			played[j] = trick[j].Card
		}
		w, ok := auction.TrickWinner(leader, played, b.Replayed.Contract.Strain)
		if !ok {
			break
		}
		leader = w
		lo = hi
	}
	var turns []int
	for k := 1; k <= 3; k++ {
		t := *b
		for _, s := range auction.Seats {
			t.Deal[s.Add(k)] = b.Deal[s]
		}
		// The replay writes in the board: the copy gets its own calls and
		// cards.
		t.Auction.Calls = slices.Clone(b.Auction.Calls)
		t.Play.Cards = slices.Clone(written)
		t.Replayed = record.Outcome{}
		if fits(record.Check(&t)) {
			turns = append(turns, k)
		}
	}
	return turns
}

// dealRotation proposes the first seat of a Deal tag whose hands are
// turned: the one letter before the colon changes, and with it who holds
// every hand.
func dealRotation(file string, pb *corpus.Board, turn int, evidence string) (Edit, bool) {
	b := pb.Board
	old, here := written(&b.DealTag)
	if !here || len(old) < 4 || old[2] != ':' {
		return Edit{}, false
	}
	first, err := auction.ParseSeat(old[1:2])
	if err != nil {
		return Edit{}, false
	}
	span := b.DealTag.ValueSpan
	span.Offset++
	span.Col++
	span.End = span.Offset + 1
	con := b.Replayed.Contract
	return Edit{
		File: file, Game: pb.Game, Board: b.BoardLabel(), Span: span, Kind: Rotation,
		Old: old[1:2], New: first.Add(turn).String(),
		Reason: fmt.Sprintf("%s; the auction gives %s, the opening lead by %s agrees, and the cards played fit the deal, as the columns show them, only with its hands read from %s instead of %s",
			evidence, con.Describe(), con.Declarer.LHO().Name(), first.Add(turn).Name(), first.Name()),
	}, true
}

// illegalDeal proposes the turn of a deal that the play refuses
// (play-illegal: a card played that the hand does not hold), when the
// rest of the board agrees with itself and one turn alone fits the play
// and the file's result. The play must hold a trick at least: a lone
// card held by another hand is as likely a wrong card as a turned deal (a
// teaching file shows the lead it warns against).
func illegalDeal(file string, pb *corpus.Board, found map[diag.Code]diag.Diagnostic) (Edit, string) {
	b := pb.Board
	ev, bad := found[diag.PlayIllegal]
	if !bad || !agreed(b) {
		return Edit{}, ""
	}
	if knownCards(b) < 4 {
		return Edit{}, "fewer than four cards are played: too few to tell a turned deal from a wrong card"
	}
	if _, unread := found[diag.UnreadableCard]; unread {
		// The play read in part says too little of who held what: the
		// turn it fits may not be the one the whole play would.
		return Edit{}, "the play holds text that reads as no card"
	}
	turns := dealTurns(b)
	if len(turns) != 1 {
		return Edit{}, whyNotSettled(b, turns)
	}
	e, ok := dealRotation(file, pb, turns[0], string(diag.PlayIllegal)+": "+ev.Message)
	if !ok {
		return Edit{}, "the Deal tag is not written as a first seat and four hands"
	}
	return e, ""
}

// whyNotSettled says why no one reading of a play stands.
func whyNotSettled(b *record.Board, turns []int) string {
	if len(turns) == 0 {
		return "no turn of the deal makes the play and the result fit it"
	}
	var names []string
	first := auction.North
	if v := b.DealTag.Value; len(v) > 0 {
		if s, err := auction.ParseSeat(v[:1]); err == nil {
			first = s
		}
	}
	for _, k := range turns {
		if k == 0 {
			names = append(names, "the tricks written from the wrong seat")
		} else {
			names = append(names, "the deal read from "+first.Add(k).Name())
		}
	}
	return strings.Join(names, " or ") + " explain the play alike, and the result does not settle which"
}

// planTurned plans the other kinds of fix of a board whose cards or deal
// the edits turn, on the board read again from its game's text with the
// edits made (each as long as the text it replaces), as a file of that
// one game: the reading the file will have, which it returns with its
// findings placed in the file. It declines a game that reads values from
// earlier games (inherited tags), which alone it would read otherwise.
func planTurned(file string, pb *corpus.Board, turned []Edit, wanted map[Kind]bool) ([]Edit, *corpus.Board, bool) {
	for _, e := range turned {
		if len(e.Old) != len(e.New) {
			return nil, nil, false // the places after it would move
		}
	}
	rb, ok := readAlone(file, pb.Board, turned)
	if !ok {
		return nil, nil, false
	}
	rb.Game = pb.Game
	// The kinds that turn are not asked again: the turned reading is the
	// one they made.
	others := map[Kind]bool{}
	for _, k := range Kinds {
		others[k] = (wanted == nil || wanted[k]) && k != Rotation && k != BoardCycle && k != ExportForm && k != ExportOrder
	}
	edits, _, _ := planBoard(file, rb, others)
	at := pb.Board.Source.Loc
	place := func(s *diag.Span) {
		if !s.IsValid() {
			return
		}
		s.Pos = inFile(s.Pos, at)
		if s.End > 0 {
			s.End += at.Offset
		}
	}
	for i := range edits {
		edits[i].Game = pb.Game
		place(&edits[i].Span)
	}
	for i := range rb.Findings {
		rb.Findings[i].Game = pb.Game
		place(&rb.Findings[i].Span)
	}
	return edits, rb, true
}

// turnsDeal says whether the edits turn the board's deal: an edit of the
// first seat of its Deal tag.
func turnsDeal(b *record.Board, edits []Edit) bool {
	return slices.ContainsFunc(edits, func(e Edit) bool {
		return e.Kind == Rotation && e.Span.Offset == b.DealTag.ValueSpan.Offset+1
	})
}

// readAlone reads a board's game alone, as a file of that one game, with
// edits made to its text; false when it cannot: its text is not kept, it
// is not PBN, it takes values from earlier games (which alone it would
// read otherwise), an edit does not stand at its text, or the text does
// not read as one board.
func readAlone(file string, b *record.Board, edits []Edit) (*corpus.Board, bool) {
	if b.Inherits() {
		return nil, false
	}
	text, ok := editedGame(b, edits)
	if !ok {
		return nil, false
	}
	p := corpus.Process(file, strings.NewReader(text), corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
	if p.Err != nil || len(p.Boards) != 1 || p.Boards[0].Board == nil {
		return nil, false
	}
	return p.Boards[0], true
}

// editedGame returns the text of b's PBN game with edits made; false when
// its text is not kept, it is not PBN, or an edit does not stand at its
// text.
func editedGame(b *record.Board, edits []Edit) (string, bool) {
	src := &b.Source
	if src.Text == "" || src.Format != record.FormatPBN {
		return "", false
	}
	text := src.Text
	sorted := slices.Clone(edits)
	slices.SortFunc(sorted, func(x, y Edit) int { return cmp.Compare(y.Span.Offset, x.Span.Offset) })
	for _, e := range sorted { // from the last, so that the places before stay
		lo, hi := e.Span.Offset-src.Loc.Offset, e.Span.End-src.Loc.Offset
		if lo < 0 || hi > len(text) || lo > hi || text[lo:hi] != e.Old {
			return "", false
		}
		text = text[:lo] + e.New + text[hi:]
	}
	return text, true
}

// inFile returns the place in the file of p, a place in a game's text read
// as a file of its own, the game starting at base.
func inFile(p, base diag.Pos) diag.Pos {
	if p.Line == 1 {
		p.Col += base.Col - 1
	}
	p.Line += base.Line - 1
	p.Offset += base.Offset
	return p
}
