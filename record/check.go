package record

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/bridgekit/bridgekit/auction"

	"github.com/bridgekit/bridgekit/diag"
)

// Check replays b and returns what is wrong with it: first the board
// (number cycle, "?" values, deal), then the auction, the file's contract
// and declarer, the play, the result and the score. It records what the
// replay gives in b.Replayed, sets each card's Seat and Trick for a play
// recorded in the order played (LIN), and reads a result or score that
// needs a declarer ("NS 9", "-200") with the auction's when the file names
// none.
//
// Check is [Checker.Check] with a fresh Checker; a Checker reused over many
// boards does not allocate for a board without findings.
func Check(b *Board) []diag.Diagnostic {
	var c Checker
	return c.Check(b)
}

// Checker replays boards. Its zero value is ready to use; it keeps its
// working memory between boards, and must not be used concurrently.
//
// # Auction
//
// The auction is replayed from Auction.First, the seat the record gives the
// first call to; if that is not the dealer, the board has an auction-start
// finding and its auction does not count as legal.
//
// Each illegal call is reported once, with its Law, and is then void: its
// slot keeps its seat but counts neither as a call nor as a pass, so the
// replay goes on and every later call keeps the seat the record gives it.
// After N 1NT, E 1S, S 2C the 1S is reported and 2C is South's response to
// 1NT. A void call does not interrupt a run of passes, so the replay may
// end the auction before the record does; the calls after that end are not
// reported, since the record counted the void call as a call. Calls after
// the end of a legal auction are reported once, at the first of them. A
// call that could not be read stops the replay (its reader reported it),
// as nothing can be said of the seats of the calls after it.
//
// # Contract and declarer
//
// The contract and declarer of a complete and legal auction are compared
// with the file's, and each disagreement is reported. The message says
// when a consistent explanation exists: leading passes the record leaves
// out (a replay from a later seat gives the file's declarer), a rotated
// deal (the same, with the dealer off the board number's cycle), the
// double missing from the file's contract, or the file naming dummy. When
// the file's opening lead also agrees with the shifted replay, that replay
// becomes the one to write (see Outcome.Shift).
//
// # Play
//
// The play is replayed in the contract to write (see [Board.Final]), from
// declarer's left-hand opponent; a PBN Play tag naming another seat is
// reported unless it is the end position's leader, an accepted lead out of
// turn, or the left-hand opponent of the file's own declarer. The replay
// stops at the first card it cannot place: a card not given ("-"), or one
// refused (reported as a revoke or an illegal play). Cards after that still
// get seats and tricks, clockwise and led by each trick's winner, so that a
// writer can place them. A claim (LIN mc) is checked against the tricks
// already won.
type Checker struct {
	auc      auction.Auction
	alt      auction.Auction
	play     auction.Play
	declarer auction.Seat // the declarer the play was replayed for
	// out gathers a board's findings, in memory used again from board to
	// board: Check returns a copy of just their size, where appending to a
	// list of its own grew it two or three times for most boards.
	out []diag.Diagnostic
	// cutClaim is set when the board's play, cut short after a trick or
	// more, ends in a claim of its Result that the cards left allow (PBN).
	cutClaim bool
	// Tally, when set, is asked before the findings that a hand record
	// written its own way raises on most boards (board-dealer,
	// board-vulnerability, unknown-value) are made; see diag.Tally.
	Tally *diag.Tally
}

// Check replays b as described on [Checker]; see also [Check].
func (c *Checker) Check(b *Board) []diag.Diagnostic {
	out := c.CheckShared(b)
	if len(out) == 0 {
		return nil
	}
	return slices.Clone(out)
}

// CheckShared is Check with the findings left in the Checker's own
// memory, valid only until its next call: for a caller that copies them
// into memory of its own, which it uses again.
func (c *Checker) CheckShared(b *Board) []diag.Diagnostic {
	c.out, c.cutClaim = c.out[:0], false
	if cap(c.out) > 256 {
		c.out = nil // a board of many findings before: not kept
	}
	b.Replayed = Outcome{Checked: true}
	b.Coverage = diag.Ledger{}
	c.checkNumber(b)
	c.checkUnknown(b)
	c.checkDeal(b)
	c.replayAuction(b)
	c.checkRecorded(b)
	c.replayPlay(b)
	c.countClaim(b)
	c.checkResult(b)
	c.checkScore(b)
	return c.out
}

func (c *Checker) add(code diag.Code, sev diag.Severity, law int, loc diag.Pos, format string, args ...any) {
	c.say(code, sev, law, loc, fmt.Sprintf(format, args...))
}

// say adds a finding whose message is made already: the few that most
// boards of a rotated hand record or an unfinished one raise are joined
// without fmt, which took 2% of an audit of one.
func (c *Checker) say(code diag.Code, sev diag.Severity, law int, loc diag.Pos, msg string) {
	c.out = append(c.out, diag.Diagnostic{Code: code, Severity: sev, Law: law, Span: diag.Span{Pos: loc}, Message: msg})
}

// at returns the first valid Loc among locs, or Loc{}.
func at(locs ...diag.Pos) diag.Pos {
	for _, l := range locs {
		if l.IsValid() {
			return l
		}
	}
	return diag.Pos{}
}

// checkNumber compares dealer and vulnerability with the board number's
// duplicate cycle.
func (c *Checker) checkNumber(b *Board) {
	if b.Number <= 0 {
		return
	}
	if d := auction.BoardDealer(b.Number); b.DealerKnown && b.Dealer != d && !c.Tally.Drop(diag.BoardDealer, diag.Warning) {
		m := numberMessages()
		c.say(diag.BoardDealer, diag.Warning, 0, at(b.DealerTag.Loc, b.Source.Loc),
			m.dealer[b.Dealer&3]+strconv.Itoa(b.Number)+m.deals[d&3])
	}
	if v := auction.BoardVulnerability(b.Number); b.VulnerableKnown && b.Vulnerable != v && !c.Tally.Drop(diag.BoardVulnerability, diag.Warning) {
		m := numberMessages()
		c.say(diag.BoardVulnerability, diag.Warning, 0, at(b.VulnerableTag.Loc, b.Source.Loc),
			m.vul[b.Vulnerable&3]+strconv.Itoa(b.Number)+m.is[v&3])
	}
}

// numberMessages are the parts of the messages of board-dealer and
// board-vulnerability before and after the board number, made once: a
// rotated hand record raises both on most of its boards, and joining
// seven parts for each took 1% of an audit of the corpus's PBN files.
var numberMessages = sync.OnceValue(func() *numberParts {
	m := new(numberParts)
	for i := range 4 {
		m.dealer[i] = "dealer " + auction.Seat(i).String() + " disagrees with board "
		m.deals[i] = ", which " + auction.Seat(i).String() + " deals: a rotated or mis-numbered deal?"
		m.vul[i] = "vulnerability " + auction.Vulnerability(i).String() + " disagrees with board "
		m.is[i] = ", which is " + auction.Vulnerability(i).String() + ": a rotated or mis-numbered deal?"
	}
	return m
})

// numberParts are numberMessages' parts, by seat or vulnerability: the
// stated dealer's and vulnerability's before the number, the board's
// own after it.
type numberParts struct{ dealer, deals, vul, is [4]string }

// checkUnknown reports the values that matter to the replay and are
// given as "?".
func (c *Checker) checkUnknown(b *Board) {
	tags := [...]*Tag{&b.DealerTag, &b.VulnerableTag, &b.DealTag, &b.File.DeclarerTag, &b.File.ContractTag, &b.File.ResultTag}
	set := 0
	for i, t := range tags {
		if t.Unknown() {
			set |= 1 << i
		}
	}
	// The names and the place only for a finding that is made.
	if set == 0 || c.Tally.Drop(diag.UnknownValue, diag.Info) {
		return
	}
	var buf [len(unknownTags)]string
	names := buf[:0]
	var loc diag.Pos
	standard := true
	for i, t := range tags {
		if set&(1<<i) != 0 {
			names = append(names, t.Name)
			loc = at(loc, t.Loc)
			standard = standard && t.Name == unknownTags[i]
		}
	}
	msg := unknownMessages()[set]
	if !standard {
		msg = unknownText(names)
	}
	c.say(diag.UnknownValue, diag.Info, 0, at(loc, b.Source.Loc), msg)
}

// unknownTags are the tags checkUnknown reads, in its order, by their
// standard names.
var unknownTags = [...]string{"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result"}

// unknownMessages are the messages of unknown-value for each set of
// unknownTags given as "?", under their standard names, made once: an
// unfinished hand record raises one on nearly every board, and building
// it each time took 1% of the instructions of an audit of the corpus's
// PBN files.
var unknownMessages = sync.OnceValue(func() *[1 << len(unknownTags)]string {
	var m [1 << len(unknownTags)]string
	for set := 1; set < len(m); set++ {
		var names []string
		for i, name := range unknownTags {
			if set&(1<<i) != 0 {
				names = append(names, name)
			}
		}
		m[set] = unknownText(names)
	}
	return &m
})

// unknownText is the message of unknown-value for the tags named.
func unknownText(names []string) string {
	verb := "is"
	if len(names) > 1 {
		verb = "are"
	}
	return diag.JoinAnd(names) + " " + verb + ` given as "?" (unknown)`
}

func (c *Checker) checkDeal(b *Board) {
	var probs []string
	if err := b.Deal.Validate(); err != nil {
		var de *auction.DealError // here, not above: errors.As puts it on the heap
		if errors.As(err, &de) {
			for _, p := range de.Problems {
				probs = append(probs, p.String())
			}
		}
	}
	for _, s := range auction.Seats {
		for card := range b.DealTwice[s].All() {
			probs = append(probs, auction.DealProblem{Kind: auction.DuplicateCard, Seat: s, Other: s, Card: card}.String())
		}
	}
	if len(probs) > 0 {
		c.add(diag.DealInvalid, diag.Error, 0, at(b.DealTag.ValueSpan.Pos, b.DealTag.Loc, b.Source.Loc), "the deal contradicts itself: %s", strings.Join(probs, "; "))
	}
}

// replayAuction replays the calls as described on Checker and fills
// b.Replayed's auction fields.
func (c *Checker) replayAuction(b *Board) {
	rec := &b.Auction
	if !rec.Present {
		return
	}
	legal := true
	if b.DealerKnown && rec.First != b.Dealer {
		legal = false
		loc := rec.Tag.Loc
		if len(rec.Calls) > 0 {
			loc = rec.Calls[0].Loc
		}
		c.add(diag.AuctionStart, diag.Error, 0, at(loc, b.Source.Loc),
			"the auction starts with %s, but %s is the dealer", rec.First, b.Dealer)
	}
	a := &c.auc
	a.Reset(rec.First)
	readable, voided := true, false
	for i := range rec.Calls {
		call := &rec.Calls[i]
		loc := at(call.Loc, rec.Tag.Loc, b.Source.Loc)
		if a.Done() {
			// By Law 39 the auction ended at the third pass: a call
			// entered after it (vugraph operators enter passes twice) is
			// reported, and the auction that ended stands, with its
			// contract, declarer and play.
			if legal || !voided {
				c.reportAfterEnd(rec, i, loc)
			}
			break
		}
		n := len(a.Irregularities())
		var err error
		switch {
		case call.Skip:
			_ = a.Skip() // cannot fail: the auction is open
			c.add(diag.Irregularity, diag.Info, 0, loc, "%s", a.Irregularities()[n])
		case !call.Call.Valid():
			if _, perr := auction.ParseCall(call.Text); !errors.Is(perr, auction.ErrBidAboveSeven) {
				readable = false
				break
			}
			legal, voided = false, true
			c.add(auction.ErrBidAboveSeven.Code(), diag.Error, auction.ErrBidAboveSeven.Law(), loc,
				"call %d (%s): %s is inadmissible: there is no bid above seven", i+1, a.Turn(), call.Text)
			_ = a.Skip()
		case call.Accepted:
			err = a.AppendAccepted(call.Call)
			switch {
			case err != nil:
			case len(a.Irregularities()) > n:
				c.add(diag.Irregularity, diag.Info, 0, loc, "%s", a.Irregularities()[n])
			default:
				c.add(diag.Irregularity, diag.Info, 0, loc, "call %d (%s): %s is marked as an accepted insufficient bid (^I) but is sufficient",
					i+1, rec.Seat(i), call.Call)
			}
		default:
			err = a.Append(call.Call)
		}
		if !readable {
			break
		}
		if err == nil {
			continue
		}
		var ice *auction.IllegalCallError
		if errors.As(err, &ice) {
			legal, voided = false, true
			c.add(ice.Code(), diag.Error, ice.Law, loc, "%s", ice.Describe())
			_ = a.Skip() // the call is void; its slot keeps the seats of later calls
		}
	}
	if !readable {
		return
	}
	b.Replayed.Legal = legal
	if a.Done() {
		b.Replayed.Complete = true
		b.Replayed.Contract, _ = a.Contract()
		return
	}
	if rec.End == "*" {
		return
	}
	loc := rec.Tag.Loc
	if n := len(rec.Calls); n > 0 {
		loc = rec.Calls[n-1].Loc
	}
	calls := "calls"
	if len(rec.Calls) == 1 {
		calls = "call"
	}
	c.add(diag.AuctionIncomplete, diag.Warning, 0, at(loc, b.Source.Loc), "the auction stops after %d %s, with %s still to call", len(rec.Calls), calls, a.Turn())
}

// reportAfterEnd reports the calls from slot i on, which come after the
// auction has ended, as one finding at the first of them.
func (c *Checker) reportAfterEnd(rec *AuctionRecord, i int, loc diag.Pos) {
	call := &rec.Calls[i]
	what := call.Call.String()
	if call.Skip {
		what = "a skipped turn"
	} else if !call.Call.Valid() {
		what = call.Text
	}
	msg := fmt.Sprintf("call %d (%s): %s comes after the auction has ended", i+1, rec.Seat(i), what)
	if more := len(rec.Calls) - i - 1; more == 1 {
		msg += "; 1 more call follows"
	} else if more > 1 {
		msg += fmt.Sprintf("; %d more calls follow", more)
	}
	c.add(auction.ErrAuctionOver.Code(), diag.Error, auction.ErrAuctionOver.Law(), loc, "%s", msg)
}

// checkRecorded compares the file's contract and declarer with a complete,
// legal replay, reading first a result or score that needs a declarer with
// the replay's, when the file names none.
func (c *Checker) checkRecorded(b *Board) {
	r, f := &b.Replayed, &b.File
	if !r.Complete || !r.Legal {
		if f.ContractKnown {
			b.Coverage.Skip(diag.NoAuction, 1)
		}
		if f.DeclarerKnown && !(f.ContractKnown && f.Contract.PassedOut()) {
			b.Coverage.Skip(diag.NoAuction, 1)
		}
		return
	}
	got := r.Contract
	if !f.DeclarerKnown && !got.PassedOut() {
		// A result given by side ("NS 9") or a bare score is read with
		// the auction's declarer when the file names none.
		if n, agreed, err := ParseResult(f.ResultTag.Value, got.Declarer, true); !f.TricksKnown && err == nil {
			f.Tricks, f.TricksKnown, f.Agreed = n, true, agreed
		}
		if n, err := ParseScore(f.ScoreTag.Value, got.Declarer, true); !f.ScoreKnown && err == nil {
			f.ScoreNS, f.ScoreKnown = n, true
		}
	}
	if f.ContractKnown {
		b.Coverage.Check(!sameContract(f.Contract, got))
	}
	if f.ContractKnown && !sameContract(f.Contract, got) {
		loc := at(f.ContractTag.Loc, linResultLoc(b), b.Source.Loc)
		msg := fmt.Sprintf("the file's contract is %s, the auction gives %s", f.Contract, got.Describe())
		if !f.Contract.PassedOut() && !got.PassedOut() && f.Contract.Bid() == got.Bid() && f.Contract.Risk < got.Risk {
			msg += fmt.Sprintf(": the file leaves out the %s", [...]string{"", "double", "redouble"}[got.Risk])
		}
		c.add(diag.ContractMismatch, diag.Error, 0, loc, "%s", msg)
	}
	if !f.DeclarerKnown || got.PassedOut() || (f.ContractKnown && f.Contract.PassedOut()) {
		return
	}
	if f.Swapped {
		if f.Declarer == got.Declarer.Partner() || f.Declarer == got.Declarer {
			b.Coverage.Agree(1) // the roles Law 54 lets them exchange
			c.add(diag.Irregularity, diag.Info, 54, at(f.DeclarerTag.Loc, b.Source.Loc),
				"declarer %s and dummy %s exchanged their roles after an opening lead out of turn", got.Declarer, got.Declarer.Partner())
			return
		}
	} else if f.Declarer == got.Declarer {
		b.Coverage.Agree(1)
		return
	}
	b.Coverage.Flag(1)
	msg := fmt.Sprintf("the file's declarer is %s, the auction gives %s", f.Declarer, got.Describe())
	msg += c.explainDeclarer(b, f.Declarer)
	c.add(diag.DeclarerMismatch, diag.Error, 0, at(f.DeclarerTag.Loc, linResultLoc(b), b.Source.Loc), "%s", msg)
}

// linResultLoc is the place of a LIN board's rs entry, where the file
// records its contract, declarer and result; the zero Loc for PBN.
func linResultLoc(b *Board) diag.Pos {
	if b.LIN == nil {
		return diag.Pos{}
	}
	return b.LIN.Result.Loc
}

// sameContract compares level, strain and risk, not declarer.
func sameContract(a, b auction.Contract) bool {
	if a.PassedOut() || b.PassedOut() {
		return a.PassedOut() == b.PassedOut()
	}
	return a.Bid() == b.Bid() && a.Risk == b.Risk
}

// explainDeclarer looks for a consistent reason the file names want as
// declarer, and returns it as the end of a sentence ("" when none).
func (c *Checker) explainDeclarer(b *Board, want auction.Seat) string {
	rec := &b.Auction
	got := b.Replayed.Contract
	dummy := ""
	if want == got.Declarer.Partner() {
		dummy = fmt.Sprintf("%s is dummy; %s named %s first for the side", want, got.Declarer, got.Strain.Name())
	}
	// A record that writes its opening passes has not left any out, so
	// for it a shifted replay explains nothing unless the opening lead
	// bears it out.
	writesPasses := len(rec.Calls) > 0 && rec.Calls[0].Call == auction.Pass
	for k := 1; k <= 3; k++ {
		from := rec.First.Add(k)
		alt, ok := c.replayFrom(rec, rec.First, k)
		if !ok || alt.Declarer != want {
			continue
		}
		lead := ""
		if b.Play.Tag.Present() && b.Play.First == want.LHO() {
			b.Replayed.Shift, b.Replayed.Shifted = k, alt
			lead = fmt.Sprintf(", and so does the opening lead by %s", b.Play.First)
		} else if writesPasses {
			continue
		}
		var why string
		if b.Number > 0 && auction.BoardDealer(b.Number) == from && !(b.DealerKnown && b.Dealer == from) {
			why = fmt.Sprintf("replayed from %s, the dealer of board %d, it gives %s%s: the deal looks rotated", from, b.Number, want, lead)
		} else {
			passes := "pass"
			if k > 1 {
				passes = "passes"
			}
			why = fmt.Sprintf("the auction seems to leave out %d leading %s; replayed from %s it gives %s%s", k, passes, from, want, lead)
		}
		if dummy != "" {
			return ": " + why + "; or else " + dummy
		}
		return ": " + why
	}
	if dummy != "" {
		return ": " + dummy
	}
	return ""
}

// replayFrom replays rec's calls after k passes made from first on, and
// returns the contract when that gives a complete and legal auction.
func (c *Checker) replayFrom(rec *AuctionRecord, first auction.Seat, k int) (auction.Contract, bool) {
	a := &c.alt
	a.Reset(first)
	for range k {
		if a.Append(auction.Pass) != nil {
			return auction.Contract{}, false
		}
	}
	for i := range rec.Calls {
		if a.Done() {
			break // calls after the end are void (Law 39), as in the replay from the first seat
		}
		if rec.Calls[i].AppendTo(a) != nil {
			return auction.Contract{}, false
		}
	}
	got, err := a.Contract()
	return got, err == nil && !got.PassedOut()
}

// playContract is the contract the play is replayed in: the final one
// (see [Board.Final]) when it has a declarer.
func playContract(b *Board) (auction.Contract, bool) {
	f := b.Final()
	if !f.ContractKnown || (!f.DeclarerKnown && !f.Contract.PassedOut()) {
		return auction.Contract{}, false
	}
	return f.Contract, true
}

// replayPlay replays the cards and the claim, filling in the seats of a
// chronological play, and records the tricks in b.Replayed.
func (c *Checker) replayPlay(b *Board) {
	rec := &b.Play
	if len(rec.Cards) == 0 && !rec.Claimed {
		return
	}
	loc0 := at(rec.Tag.Loc, rec.ClaimTag.Loc, b.Source.Loc)
	if len(rec.Cards) > 0 {
		loc0 = at(rec.Cards[0].Loc, loc0)
	}
	con, ok := playContract(b)
	switch {
	case !ok:
		return
	case con.PassedOut() && len(rec.Cards) == 0 && rec.Claim == 0:
		return // a claim of no trick and no card: BBO's vugraph writes mc|0| after a pass-out
	case con.PassedOut():
		c.add(diag.PlayIllegal, diag.Error, 0, loc0, "the board is passed out, yet the file records play")
		return
	}
	// A lead from the left of the file's declarer, when the replay's
	// disagrees (a swapped declarer, a declarer mismatch), follows the
	// file: that disagreement is reported already.
	if f := &b.File; rec.Tag.Present() && f.DeclarerKnown && f.Declarer != con.Declarer && rec.First == f.Declarer.LHO() {
		con.Declarer = f.Declarer
	}
	c.declarer = con.Declarer
	leader := con.Declarer.LHO()
	if rec.Tag.Present() && rec.First != leader {
		excused := isEndPosition(b.Deal) || (len(rec.Cards) > 0 && rec.Cards[0].OutOfTurn)
		if !excused {
			c.add(diag.PlayIllegal, diag.Error, 41, at(rec.Tag.Loc, loc0),
				"the play starts with %s, but %s, on declarer %s's left, makes the opening lead", rec.First, leader, con.Declarer)
		}
		leader = rec.First
	}
	p := &c.play
	if p.Reset(b.Deal, con.Strain, leader) != nil {
		return // the deal contradicts itself: reported by checkDeal
	}
	seated := rec.Tag.Present()
	if !seated {
		// LIN plays are chronological and name no leader: the replay
		// settles it, and a PBN writer needs it for the columns.
		rec.First = leader
	}
	stop, ok := c.playCards(rec, seated, loc0)
	if !seated {
		seatRest(rec.Cards[stop:], p, con.Strain)
	}
	if !ok {
		return
	}
	b.Replayed.Played = len(p.Tricks())
	if rec.Claimed {
		if err := p.Claim(con.Declarer, rec.Claim); err != nil {
			c.playError(err, at(rec.ClaimTag.Loc, loc0))
			return
		}
	} else if f := &b.File; f.TricksKnown && !f.Agreed && (!f.DeclarerKnown || f.Declarer.Side() == con.Declarer.Side()) {
		// A play cut short (PBN: "*") whose Result gives the tricks is a
		// claim of them, and must be possible as LIN's mc must (Law 68).
		if _, done := p.Result(con.Declarer); !done {
			if err := p.CheckClaim(con.Declarer, f.Tricks); err != nil {
				c.playError(err, at(f.ResultTag.Loc, loc0))
			} else {
				// Before a trick is complete any number is possible:
				// the claim says nothing the cards could refute.
				c.cutClaim = len(p.Tricks()) > 0
			}
		}
	}
	b.Replayed.Tricks, b.Replayed.TricksKnown = p.Result(con.Declarer)
	b.Replayed.Transfer = p.RevokeTransfer(con.Declarer)
}

// playCards replays rec's cards on c.play, giving each its seat and trick
// unless seated, until a card is not given or refused. It returns the
// index of the first card not played, and false when a card was refused.
func (c *Checker) playCards(rec *PlayRecord, seated bool, loc0 diag.Pos) (int, bool) {
	p := &c.play
	for i := range rec.Cards {
		card := &rec.Cards[i]
		loc := card.Loc // at(card.Loc, loc0), without its list of two a card
		if !loc.IsValid() {
			loc = at(loc0)
		}
		if !card.Card.Valid() {
			return i, true
		}
		trick := len(p.Tricks())
		if !seated {
			card.Seat, card.Trick = p.Turn(), trick
		}
		var err error
		switch {
		case card.OutOfTurn && card.Seat != p.Turn():
			err = p.LeadOutOfTurn(card.Seat, card.Card)
			if err == nil {
				c.add(diag.Irregularity, diag.Info, 53, loc, "trick %d (%s): %s led out of turn, and the lead was accepted", trick+1, card.Seat, card.Card)
			}
		case card.Seat != p.Turn():
			c.add(diag.PlayIllegal, diag.Error, 44, loc, "trick %d (%s): %s is played out of turn: it is %s's turn", trick+1, card.Seat, card.Card, p.Turn())
			return i, false
		case card.Revoke:
			err = p.PlayRevoke(card.Card)
			if err == nil {
				c.add(diag.Irregularity, diag.Info, 64, loc, "trick %d (%s): %s is a revoke that was not noticed in time", trick+1, card.Seat, card.Card)
			}
		default:
			err = p.Play(card.Card)
		}
		if err != nil {
			c.playError(err, loc)
			return i, false
		}
	}
	return len(rec.Cards), true
}

// seatRest gives seats and tricks to the cards left after the replay of p
// stopped, so that a writer can still place them: clockwise within a trick,
// and each trick led by the winner of the one before when it can be told,
// else by the same leader.
func seatRest(cards []PlayedCard, p *auction.Play, trumps auction.Strain) {
	cur := p.Current()
	leader, n, trick := cur.Leader, cur.Len(), len(p.Tricks())
	played := cur.Cards
	for i := range cards {
		cards[i].Seat, cards[i].Trick = leader.Add(n), trick
		played[n] = cards[i].Card
		if n++; n == 4 {
			if w, ok := auction.TrickWinner(leader, played, trumps); ok {
				leader = w
			}
			n, trick, played = 0, trick+1, [4]auction.Card{}
		}
	}
}

func (c *Checker) playError(err error, loc diag.Pos) {
	var pe *auction.PlayError
	if !errors.As(err, &pe) {
		return
	}
	switch {
	case errors.Is(err, auction.ErrRevoke):
		c.add(diag.Revoke, diag.Error, 61, loc, "%s", pe)
	case errors.Is(err, auction.ErrBadClaim):
		c.add(diag.ClaimImpossible, diag.Error, 68, loc, "%s", pe)
	default:
		c.add(diag.PlayIllegal, diag.Error, 0, loc, "%s", pe)
	}
}

// has reports whether the board's check has found code.
func (c *Checker) has(code diag.Code) bool {
	return slices.ContainsFunc(c.out, func(d diag.Diagnostic) bool { return d.Code == code })
}

// countClaim counts a claim on the board's coverage: flagged when the
// replay found it impossible, agreed when it gave the board's tricks.
func (c *Checker) countClaim(b *Board) {
	if !b.Play.Claimed {
		return
	}
	switch {
	case c.has(diag.ClaimImpossible):
		b.Coverage.Flag(1)
	case b.Replayed.TricksKnown:
		b.Coverage.Agree(1)
	default:
		b.Coverage.Skip(diag.NoPlay, 1)
	}
}

// checkResult compares the file's result with the replayed tricks. An
// agreed result (PBN "^") is said whatever the play: Law 69 makes it the
// board's, and the file says so.
func (c *Checker) checkResult(b *Board) {
	r, f := &b.Replayed, &b.File
	agreed := f.Agreed && f.TricksKnown
	switch {
	case !f.TricksKnown:
		if f.ResultTag.Given() && !(f.ContractKnown && f.Contract.PassedOut()) {
			b.Coverage.Skip(diag.CellUnreadable, 1)
		}
	case agreed:
		b.Coverage.Agree(1) // the board's result by Law 69, whatever the play
	case !r.TricksKnown && !b.Play.Claimed && c.has(diag.ClaimImpossible):
		// A play cut short with the Result is a claim of it (PBN): one
		// the tricks already won or left make impossible is flagged.
		b.Coverage.Flag(1)
	case !r.TricksKnown && c.cutClaim:
		// A claim the cards left allow, as LIN's mc counts.
		b.Coverage.Agree(1)
	case !r.TricksKnown:
		b.Coverage.Skip(diag.NoPlay, 1)
	case r.Transfer != 0 && f.Tricks == r.Tricks+r.Transfer:
		b.Coverage.Agree(1)
		c.add(diag.Irregularity, diag.Info, 64, at(f.ResultTag.Loc, linResultLoc(b), b.Source.Loc),
			"the file's result, %d tricks, is the play's %d with the %d the revoke transfers (Law 64A)", f.Tricks, r.Tricks, abs(r.Transfer))
		return
	case f.DeclarerKnown && f.Declarer.Side() != c.declarer.Side() && f.Tricks != r.Tricks:
		b.Coverage.Skip(diag.OutcomeUnknown, 1) // whose tricks, the declarer mismatch asks
	default:
		b.Coverage.Check(f.Tricks != r.Tricks)
	}
	if !agreed && (!r.TricksKnown || !f.TricksKnown || f.Tricks == r.Tricks) {
		return
	}
	if f.DeclarerKnown && f.Declarer.Side() != c.declarer.Side() && r.TricksKnown && f.Tricks != r.Tricks {
		return // the declarer mismatch says it all
	}
	how := "the play gives"
	if b.Play.Claimed {
		how = "the claim gives"
	}
	loc := at(f.ResultTag.Loc, linResultLoc(b), b.Source.Loc)
	switch {
	case agreed && r.TricksKnown && f.Tricks != r.Tricks:
		c.add(diag.Irregularity, diag.Info, 69, loc, "the players agreed %d tricks; %s %d", f.Tricks, how, r.Tricks)
	case agreed:
		c.add(diag.Irregularity, diag.Info, 69, loc, "the players agreed %d tricks", f.Tricks)
	default:
		c.add(diag.ResultMismatch, diag.Error, 0, loc, "the file's result is %d tricks, %s %d", f.Tricks, how, r.Tricks)
	}
}

// isEndPosition reports whether d is an end position (PBN §8): some hand
// given, and every given hand of fewer than 13 cards.
func isEndPosition(d auction.Deal) bool {
	given := false
	for _, h := range d {
		if h.Len() >= 13 {
			return false
		}
		given = given || h.Len() > 0
	}
	return given
}

// checkScore compares the file's score with that of the contract and
// result to write. A score may differ for an adjusted result, so this is a
// warning.
func (c *Checker) checkScore(b *Board) {
	f := b.Final()
	switch {
	case !b.File.ScoreKnown && b.File.ScoreTag.Given():
		if IsAdjustedScore(b.File.ScoreTag.Value) {
			b.Coverage.Skip(diag.Adjusted, 1) // "NS 60%": the director's, Law 12C2
			c.add(diag.Irregularity, diag.Info, 12, at(b.File.ScoreTag.Loc, b.Source.Loc), "the score, %s, is an adjusted score (Law 12C2)", strings.TrimSpace(b.File.ScoreTag.Value))
		} else {
			b.Coverage.Skip(diag.CellUnreadable, 1)
		}
	case !b.File.ScoreKnown:
	case !f.ScoreKnown:
		b.Coverage.Skip(diag.OutcomeUnknown, 1)
	default:
		b.Coverage.Check(b.File.ScoreNS != f.ScoreNS)
	}
	if !b.File.ScoreKnown || !f.ScoreKnown || b.File.ScoreNS == f.ScoreNS {
		return
	}
	what := "passed out"
	if !f.Contract.PassedOut() {
		what = fmt.Sprintf("%s with %d tricks", f.Contract.Describe(), f.Tricks)
	}
	c.add(diag.ScoreMismatch, diag.Warning, 77, at(b.File.ScoreTag.Loc, b.Source.Loc),
		"the file's score is NS %d; %s scores NS %d, vulnerability %s", b.File.ScoreNS, what, f.ScoreNS, b.Vulnerable)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
