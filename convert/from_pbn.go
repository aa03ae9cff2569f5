package convert

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/pbn"
	"github.com/bridgekit/bridgekit/record"

	"github.com/bridgekit/bridgekit/auction"
)

// PBNOptions gives FromPBN what a game alone does not hold.
type PBNOptions struct {
	// Header is the file's % lines before its first tag pair
	// (pbn.Reader.Header, pbn.File.Header). They go to the
	// board of the file's first game, so that they are written back.
	Header []*pbn.Escape
	// Previous is the board of the previous game of the same file, nil
	// for the first. A follow-up game that gives neither Board nor Deal
	// (the rpbridge.net layout, where the second table's game lists only
	// players, contract, auction and play) takes the board's identity from
	// it: Event, Site, Date, Board, Dealer, Vulnerable, Deal and Scoring,
	// with their places in the earlier game.
	Previous *record.Board
	// Into, when not nil, is a board the caller has done with, one FromPBN
	// returned before: FromPBN builds the new board in it, reusing its
	// memory and that of its calls and cards, and returns it. A caller
	// that keeps no board, such as an audit, so allocates two boards for a
	// whole file instead of one a game. It is ignored when it is Previous.
	Into *record.Board
}

// FromPBN maps a PBN game, its tag inheritance already resolved by the
// reader, onto a Board. It never fails: a value it cannot read is kept as
// written in its Tag and reported as a finding at its place in the file.
// The findings are about mapping only; the reader's own diagnostics stay
// on the game, and [record.Check] says what is wrong with the board.
func FromPBN(g *pbn.Game, opt PBNOptions) (*record.Board, []diag.Diagnostic) {
	m := newMapper(opt.Into, opt.Previous, record.Source{
		File: g.Filename, Format: record.FormatPBN, Game: g.Index, Loc: g.Pos, Text: g.Source, MixedLineEnds: g.MixedLineEnds,
	})
	b := m.b
	if g.Index == 1 {
		b.Escapes = escapes(b.Escapes, opt.Header)
	}
	b.Escapes = escapes(b.Escapes, g.Escapes)
	b.Leading = leadingComments(g)

	var auctionSec, playSec *pbn.Section
	notes := sectionNotes(g)
	for _, t := range g.Tags {
		if notes[t] {
			continue // read with its section
		}
		sec := t.Section
		switch {
		case sec != nil && sec.Kind == pbn.SectionAuction && auctionSec == nil:
			auctionSec = sec
		case sec != nil && sec.Kind == pbn.SectionPlay && playSec == nil:
			playSec = sec
		case sec != nil && sec.Kind == pbn.SectionTable:
			b.Tables = append(b.Tables, m.table(sec))
		default:
			tag := m.slot(t.Name)
			setPBNTag(tag, t)
			if sec != nil && sec.Kind != pbn.SectionText {
				// A second Auction or Play section: the first counts, this
				// one is kept verbatim.
				tag.Data, tag.DataLoc = sec.Raw, sec.Pos
			}
			if sec != nil && sec.Kind == pbn.SectionText {
				m.unreadCalls(t.Name, sec)
			}
		}
	}
	for _, t := range g.Implicit {
		if f := b.Field(t.Name); f == nil || !f.Present() {
			setPBNTag(m.slot(t.Name), t)
		}
	}
	if opt.Previous != nil && !b.DealTag.Present() && !b.BoardTag.Present() && (auctionSec != nil || playSec != nil) {
		carryOver(b, opt.Previous)
	}

	m.identity()
	m.recorded()
	if auctionSec != nil {
		m.auction(auctionSec)
	}
	if playSec != nil {
		m.play(playSec)
	}
	return b, m.findings
}

// unreadCalls warns of the data of a tag other than Auction and Play that
// reads as calls or cards (a "[Bidding "N"]" of some program): they are
// kept as written, but no board holds them, and an audit that said
// nothing would pass an auction it never replayed.
func (m *mapper) unreadCalls(tag string, sec *pbn.Section) {
	words, calls, cards := 0, 0, 0
	var first []string
	for w := range strings.FieldsSeq(withoutCommentary(sec.Raw)) {
		w = strings.TrimRight(w, "!?*")
		if w == "" || w == "-" || w == "+" {
			continue
		}
		words++
		isCall := strings.EqualFold(w, "AP")
		if !isCall {
			_, err := auction.ParseCall(w)
			isCall = err == nil
		}
		_, err := auction.ParseCard(w)
		switch {
		case isCall:
			calls++
		case err == nil:
			cards++
		default:
			continue
		}
		if len(first) < 4 {
			first = append(first, w)
		}
	}
	n := calls + cards
	if n < 2 || 2*n < words {
		return // prose, which may name a call or two
	}
	what, more := "calls", ""
	if cards > calls {
		what = "cards"
	}
	if n > len(first) {
		more = " …"
	}
	m.add(diag.UnreadCalls, diag.Warning, sec.Pos, "the data after tag %s holds %d %s (%s%s) that are not read: PBN reads calls only in an Auction section and cards only in a Play section (PBN §6, §7)",
		tag, n, what, strings.Join(first, " "), more)
}

// withoutCommentary returns text with its {…} and ; commentary and its %
// lines taken out.
func withoutCommentary(text string) string {
	var b strings.Builder
	for line := range strings.Lines(text) {
		if strings.HasPrefix(line, "%") {
			continue
		}
		for line != "" {
			i := strings.IndexAny(line, "{;")
			if i < 0 {
				b.WriteString(line)
				break
			}
			b.WriteString(line[:i])
			b.WriteByte(' ')
			if line[i] == ';' {
				break
			}
			j := strings.IndexByte(line[i:], '}')
			if j < 0 {
				break // a comment that runs on: the rest of this line is in it
			}
			line = line[i+j+1:]
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// pbnTags are the tags PBN 2.1 defines (§5, §6, §7, §10, §12) and those
// common programs write (§12.1: Bridge Composer, double-dummy tools).
var pbnTags = func() map[string]bool {
	set := map[string]bool{}
	for _, name := range strings.Fields(`Event Site Date Board West North East South Dealer Vulnerable Deal
		Scoring Declarer Contract Result Auction Play Note
		Competition DealId Description FrenchMP Generator Hidden Room Termination
		Score ScoreIMP ScoreMP ScorePercentage ScoreRubber ScoreRubberHistory OptimumScore
		BidSystemEW BidSystemNS PairEW PairNS WestNA NorthNA EastNA SouthNA WestType NorthType EastType SouthType
		EventDate EventSponsor HomeTeam Round Section Stage Table VisitTeam
		Time UTCDate UTCTime TimeControl TimeCall TimeCard Annotator AnnotatorNA Application Mode
		DoubleDummyTricks ParContract BCFlags HomeCarryOver VisitCarryOver`) {
		set[name] = true
	}
	return set
}()

// KnownPBNTag reports whether name is a tag PBN 2.1 defines or common
// programs write; any name ending in "Table" is read as a table (PBN §10).
// Other tags are kept as written, and the caller may report them as
// unknown-tag; FromPBN leaves that to its caller, which can say it once per
// file rather than once per board.
func KnownPBNTag(name string) bool { return pbnTags[name] || strings.HasSuffix(name, "Table") }

// pluralNames says "tag X" or "tags X, Y and Z".
func pluralNames(what string, names []string) string {
	if len(names) > 1 {
		what += "s"
	}
	verb := " is"
	if len(names) > 1 {
		verb = " are"
	}
	return what + " " + diag.JoinAnd(names) + verb
}

// sectionNotes returns the Note tag pairs that belong to a section (the
// others stand alone and are kept as tags).
func sectionNotes(g *pbn.Game) map[*pbn.Tag]bool {
	var set map[*pbn.Tag]bool
	for _, s := range g.Sections {
		for _, n := range s.Notes {
			if set == nil {
				set = make(map[*pbn.Tag]bool)
			}
			set[n.Tag] = true
		}
	}
	return set
}

// slot returns where the tag named name goes: its typed field when it is
// one the board has and the game has not given yet, else a new place at
// the end of the other tags. The tag is for the caller to set, every field
// of it (see setPBNTag): the place may hold what a reused board had there.
func (m *mapper) slot(name string) *record.Tag {
	if f := m.b.Typed(name); f != nil && !f.Present() {
		return f
	}
	tags := m.b.Tags
	if tags == nil {
		tags = m.oldTags
	}
	if len(tags) < cap(tags) {
		tags = tags[:len(tags)+1]
	} else {
		tags = append(tags, record.Tag{})
	}
	m.b.Tags = tags
	return &tags[len(tags)-1]
}

// carryOver gives b the board identity of prev (see PBNOptions.Previous).
func carryOver(b, prev *record.Board) {
	for _, name := range []string{"Event", "Site", "Date", "Scoring"} {
		if f := b.Field(name); !f.Present() {
			*f = *prev.Field(name)
		}
	}
	b.BoardTag, b.Number = prev.BoardTag, prev.Number
	if !b.DealerTag.Present() {
		b.DealerTag = prev.DealerTag
	}
	if !b.VulnerableTag.Present() {
		b.VulnerableTag = prev.VulnerableTag
	}
	b.DealTag = prev.DealTag
}

// identity reads the identification values of the board's tags: number,
// room, dealer, vulnerability and deal.
func (m *mapper) identity() {
	b := m.b
	if t := &b.BoardTag; t.Given() {
		if n, ok := boardNumber(t.Value); ok {
			b.Number = n
		} else {
			m.unreadable(t, "not a positive board number")
		}
	}
	if t := &b.RoomTag; t.Given() {
		r, err := record.ParseRoom(t.Value)
		m.check(t, "room", err)
		b.Room = r
	}
	if t := &b.DealerTag; t.Given() {
		s, err := auction.ParseSeat(t.Value)
		m.check(t, "dealer", err)
		b.Dealer, b.DealerKnown = s, err == nil
	}
	if t := &b.VulnerableTag; t.Given() {
		v, err := auction.ParseVulnerability(t.Value)
		m.check(t, "vulnerability", err)
		b.Vulnerable, b.VulnerableKnown = v, err == nil
	}
	if t := &b.DealTag; t.Given() {
		m.deal(t, auction.ParseDeal)
	}
}

// deal reads the deal in t with parse. A deal that reads but contradicts
// itself is kept as read, for Check to report.
func (m *mapper) deal(t *record.Tag, parse func(string) (auction.Deal, error)) {
	d, err := parse(t.Value)
	if err == nil {
		m.b.Deal = d
		return
	}
	// Declared here, not above: errors.As takes its address, which puts
	// it on the heap, and most deals read without an error.
	var de *auction.DealError
	if !errors.As(err, &de) {
		m.add(diag.DealInvalid, diag.Error, at(t), "the deal cannot be read: %v", err)
		return
	}
	m.b.Deal = d
	// A card written twice in one hand is read once: the deal read cannot
	// show it, so the board keeps it apart.
	for _, p := range de.Problems {
		if p.Kind == auction.DuplicateCard && p.Seat == p.Other {
			m.b.DealTwice[p.Seat].Add(p.Card)
		}
	}
}

// recorded reads the file's own contract, declarer, result and score.
func (m *mapper) recorded() {
	f := &m.b.File
	if t := &f.DeclarerTag; t.Given() {
		v := strings.TrimSpace(t.Value)
		if rest, ok := strings.CutPrefix(v, "^"); ok {
			v, f.Swapped = rest, true
		}
		s, err := auction.ParseSeat(v)
		m.check(t, "declarer", err)
		f.Declarer, f.DeclarerKnown = s, err == nil
	}
	if t := &f.ContractTag; t.Given() {
		c, err := auction.ParseContract(t.Value)
		// An end position gives only the denomination (PBN §8): the
		// contract is then unknown, but nothing is wrong. (Asked only of
		// a contract that does not read: the strain's error was made for
		// every board.)
		endPosition := false
		if err != nil {
			_, serr := auction.ParseStrain(t.Value)
			endPosition = serr == nil
		}
		if !endPosition {
			m.check(t, "contract", err)
			c.Declarer = f.Declarer
			f.Contract, f.ContractKnown = c, err == nil
		}
	}
	if t := &f.ResultTag; t.Given() {
		n, agreed, err := record.ParseResult(t.Value, f.Declarer, f.DeclarerKnown)
		// A result by side (a bare score) needs the declarer; when the
		// file names none, Check reads it with the auction's.
		if _, _, err2 := record.ParseResult(t.Value, 0, true); f.DeclarerKnown || err2 != nil {
			m.check(t, "result", err)
		}
		f.Tricks, f.TricksKnown, f.Agreed = n, err == nil, agreed
	}
	if t := &f.ScoreTag; t.Given() && !record.IsAdjustedScore(t.Value) {
		n, err := record.ParseScore(t.Value, f.Declarer, f.DeclarerKnown)
		if _, err2 := record.ParseScore(t.Value, 0, true); f.DeclarerKnown || err2 != nil {
			m.check(t, "score", err)
		}
		f.ScoreNS, f.ScoreKnown = n, err == nil
	}
}

// auction maps the Auction section: the first seat, moved past the "-"
// fillers, and the calls with their annotations. AP becomes the passes
// that close the auction.
func (m *mapper) auction(sec *pbn.Section) {
	b, rec := m.b, &m.b.Auction
	rec.Present = true
	rec.Tag = pbnTag(sec.Tag)
	rec.First = b.Dealer
	if s, err := auction.ParseSeat(sec.Tag.Value); err == nil {
		rec.First = s
	} else {
		m.unreadable(&rec.Tag, "not a seat; the auction is taken to start with the dealer")
	}
	rec.Notes = notes(sec.Notes)
	rec.Comments = comments(sec.Comments)
	rec.Calls = reuse(m.oldCalls, len(sec.Tokens)+3) // an AP may stand for three passes
	started := false
	for i := range sec.Tokens {
		tok := &sec.Tokens[i]
		call := record.AuctionCall{Text: tok.Text, Loc: tok.Pos, End: tok.End, Annotations: annotations(tok)}
		switch tok.Kind {
		case pbn.TokenFiller:
			if !started {
				rec.First = rec.First.Next()
				continue
			}
			m.add(diag.UnreadableCall, diag.Error, call.Loc, "call %d: %q may only fill the seats before the first call", len(rec.Calls)+1, tok.Text)
		case pbn.TokenEnd:
			rec.End = "*"
			continue
		case pbn.TokenContinue:
			if i == len(sec.Tokens)-1 {
				rec.End = "+"
				continue
			}
			m.add(diag.UnreadableCall, diag.Error, call.Loc, "call %d: %q may only end an auction to be continued", len(rec.Calls)+1, tok.Text)
		case pbn.TokenSkip:
			call.Skip = true
		case pbn.TokenAllPass:
			started = true
			m.allPass(call)
			continue
		default:
			call.Accepted = tok.Irregular() == "^I"
			m.readCall(&call, len(rec.Calls)+1)
		}
		started = true
		rec.Calls = append(rec.Calls, call)
	}
	bareAlerts(rec)
}

// bareAlerts reads a call whose note is empty as an alert without an
// explanation, and drops the empty note: that is how the PBN writer writes
// such an alert (LIN "2H!" with no an), PBN having no mark of its own for
// it. A note some other token refers to stays.
func bareAlerts(rec *record.AuctionRecord) {
	empty := map[int]int{} // empty note → the calls that refer to it
	for _, n := range rec.Notes {
		if strings.TrimSpace(n.Text) == "" && n.Number > 0 {
			empty[n.Number] = 0
		}
	}
	if len(empty) == 0 {
		return
	}
	for i := range rec.Calls {
		if _, ok := empty[rec.Calls[i].Note]; ok {
			empty[rec.Calls[i].Note]++
		}
	}
	for i := range rec.Calls {
		c := &rec.Calls[i]
		if n, ok := empty[c.Note]; ok && n == 1 {
			c.Alert, c.Note = true, 0
		}
	}
	rec.Notes = slices.DeleteFunc(rec.Notes, func(n record.Note) bool { return empty[n.Number] == 1 })
}

// readCall reads call.Text into call.Call, reporting text that is not a
// call. A bid above seven is left for Check, which reports it under Law 38.
func (m *mapper) readCall(call *record.AuctionCall, n int) {
	c, err := auction.ParseCall(call.Text)
	switch {
	case err == nil:
		call.Call = c
	case !errors.Is(err, auction.ErrBidAboveSeven):
		m.add(diag.UnreadableCall, diag.Error, call.Loc, "call %d: %q is not a call", n, call.Text)
	}
}

// allPass appends the passes an AP stands for: as many as close the
// auction replayed so far (illegal calls void, as Check replays them), at
// least one. The annotations of the AP go with the last of them.
func (m *mapper) allPass(ap record.AuctionCall) {
	rec := &m.b.Auction
	n := rec.APPasses(len(rec.Calls))
	pass := record.AuctionCall{Call: auction.Pass, Text: ap.Text, AllPass: true, Loc: ap.Loc}
	for range n - 1 {
		rec.Calls = append(rec.Calls, pass)
	}
	pass.Annotations = ap.Annotations
	rec.Calls = append(rec.Calls, pass)
}

// play maps the Play section. PBN lists each trick in seat columns from
// the Play tag's seat; the board lists the cards in the order played, so
// each trick is read from its leader: the seat of a "^L" card, else the
// winner of the trick before. When the winner cannot be told (a card not
// given, trumps unknown), later tricks keep the previous leader's order;
// every card keeps its trick and seat either way.
func (m *mapper) play(sec *pbn.Section) {
	rec := &m.b.Play
	rec.Present = true
	rec.Tag = pbnTag(sec.Tag)
	f := &m.b.File
	switch s, err := auction.ParseSeat(sec.Tag.Value); {
	case err == nil:
		rec.First = s
	case f.DeclarerKnown:
		rec.First = f.Declarer.LHO()
		if rec.Tag.Given() {
			m.unreadable(&rec.Tag, "not a seat; the opening lead is taken to be declarer's left-hand opponent's")
		}
	case len(sec.Tokens) > 0:
		m.unreadable(&rec.Tag, "not a seat, and no declarer is given to find the opening leader")
	}
	rec.Notes = notes(sec.Notes)
	rec.Comments = comments(sec.Comments)
	cards := reuse(m.oldCards, len(sec.Tokens))
	for i := range sec.Tokens {
		tok := &sec.Tokens[i]
		if tok.Kind == pbn.TokenEnd {
			rec.End = "*"
			continue
		}
		// Filled in place: a record.PlayedCard is 152 bytes.
		cards = append(cards, record.PlayedCard{Text: tok.Text, Loc: tok.Pos, End: tok.End, Annotations: annotations(tok)})
		card := &cards[len(cards)-1]
		card.Trick, card.Seat = tok.Slot/4, rec.First.Add(tok.Slot%4)
		card.Revoke, card.OutOfTurn = tok.Irregular() == "^R", tok.Irregular() == "^L"
		if tok.Kind == pbn.TokenWord {
			c, err := auction.ParseCard(tok.Text)
			if err != nil {
				m.add(diag.UnreadableCard, diag.Error, card.Loc, "trick %d: %q is not a card", card.Trick+1, tok.Text)
			}
			card.Card = c
		}
	}
	rec.Cards = cards
	// Slots count up, so each trick's cards are a run of the slice, in
	// column order; each run is turned where needed, then put in the
	// order played.
	var turned []turnedTrick
	var at diag.Pos
	trumps, known := m.trumps()
	leader := rec.First
	for lo := 0; lo < len(cards); {
		hi := lo + 1
		for hi < len(cards) && cards[hi].Trick == cards[lo].Trick {
			hi++
		}
		run := cards[lo:hi]
		lo = hi
		if from, ok := m.unrotate(run); ok {
			turned = append(turned, turnedTrick{run[0].Trick + 1, from})
			at = cmp.Or(at, run[0].Loc)
		}
		for i := range run {
			if run[i].OutOfTurn {
				leader = run[i].Seat
			}
		}
		// Cards are large: order the trick by index, and move the cards
		// only when they are not in that order already.
		var byTurn [4]int8
		for j := range byTurn {
			byTurn[j] = -1
		}
		for i := range run {
			byTurn[(int(run[i].Seat)-int(leader)+4)%4] = int8(i)
		}
		var played [4]auction.Card
		var order [4]int8
		k, moved := 0, false
		for j, i := range byTurn {
			if i >= 0 {
				played[j], order[k] = run[i].Card, i
				moved = moved || int(i) != k
				k++
			}
		}
		if moved {
			var was [4]record.PlayedCard
			copy(was[:], run)
			for n := range k {
				run[n] = was[order[n]]
			}
		}
		if w, ok := auction.TrickWinner(leader, played, trumps); ok && known {
			leader = w
		}
	}
	if n := len(turned); n > 0 {
		verb := "is"
		if n > 1 {
			verb = "are"
		}
		m.add(diag.PlayRotated, diag.Warning, at,
			"%s %s written from the wrong seat: the cards fit the hands only when the line starts with the seat shown, and are read so",
			sayTurned(turned), verb)
	}
	// The "-" that fill the columns of a last trick cut short stand for
	// cards not played: they are no cards of the play, and the writer
	// fills the columns again.
	for n := len(rec.Cards); n > 0 && rec.Cards[n-1].Text == "-"; n-- {
		rec.Cards = rec.Cards[:n-1]
	}
}

// unrotate puts right a whole trick, its cards in column order, when they
// fit the hands of a full deal only when read from another seat: some
// writers (rpbridge.net) start a trick's line with the wrong player. Cards
// not given ("-") fit anywhere; at least two must be known for the trick
// to be turned. It returns the seat of the line's first card when it
// turned the trick.
func (m *mapper) unrotate(run []record.PlayedCard) (auction.Seat, bool) {
	d := &m.b.Deal
	if len(run) != 4 || !d.Full() {
		return 0, false
	}
	fits := func(r int) bool {
		for _, c := range run {
			if owner, ok := d.Owner(c.Card); c.Card.Valid() && (!ok || owner != c.Seat.Add(-r)) {
				return false
			}
		}
		return true
	}
	known := 0
	for _, c := range run {
		if c.Card.Valid() {
			known++
		}
	}
	if known < 2 || fits(0) {
		return 0, false
	}
	for r := 1; r < 4; r++ {
		if fits(r) {
			for i := range run {
				run[i].Seat = run[i].Seat.Add(-r)
			}
			return run[0].Seat, true
		}
	}
	return 0, false
}

// A turnedTrick is a trick (1-based) whose line starts with the seat from.
type turnedTrick struct {
	trick int
	from  auction.Seat
}

// sayTurned says the tricks written from the wrong seat, a run of tricks
// in a row from one seat at once: "tricks 1 to 13 (from S) and trick 15
// (from W)".
func sayTurned(turned []turnedTrick) string {
	var words []string
	for i := 0; i < len(turned); {
		j := i + 1
		for j < len(turned) && turned[j].trick == turned[j-1].trick+1 && turned[j].from == turned[i].from {
			j++
		}
		switch j - i {
		case 1:
			words = append(words, fmt.Sprintf("trick %d (from %s)", turned[i].trick, turned[i].from))
		case 2:
			words = append(words, fmt.Sprintf("tricks %d and %d (from %s)", turned[i].trick, turned[i+1].trick, turned[i].from))
		default:
			words = append(words, fmt.Sprintf("tricks %d to %d (from %s)", turned[i].trick, turned[j-1].trick, turned[i].from))
		}
		i = j
	}
	return diag.JoinAnd(words)
}

// trumps returns the strain of the auction's contract, or else of the
// file's, for ordering the play. The auction comes first, as it does for
// the contract the board is scored in (record.Board.Final): read in the
// Contract tag's strain where the two differ, the tricks would be led
// otherwise than the replay plays them, and a fix of the contract would
// change what the play gives.
func (m *mapper) trumps() (auction.Strain, bool) {
	if c, ok := m.auctionContract(); ok {
		return c.Strain, true
	}
	f := &m.b.File
	if f.ContractKnown && !f.Contract.PassedOut() {
		return f.Contract.Strain, true
	}
	if s, err := auction.ParseStrain(f.ContractTag.Value); err == nil {
		return s, true // an end position's denomination
	}
	return 0, false
}

// auctionContract returns the contract the board's calls reach, when
// they reach one that is not a pass-out.
func (m *mapper) auctionContract() (auction.Contract, bool) {
	var a auction.Auction
	a.Reset(m.b.Auction.First)
	for i := range m.b.Auction.Calls { // by index: a record.AuctionCall is 144 bytes
		if c := &m.b.Auction.Calls[i]; c.Skip {
			_ = a.Skip()
		} else if a.AppendAccepted(c.Call) != nil {
			return auction.Contract{}, false
		}
	}
	c, err := a.Contract()
	return c, err == nil && !c.PassedOut()
}

// mapper carries a board being built and the findings about it.
type mapper struct {
	b *record.Board
	// oldTags, oldCalls, oldCards, oldNotes, oldTables and oldLIN are the
	// memory of the board reused (see PBNOptions.Into), emptied; the
	// tables keep their rows until a table of the new board takes them.
	oldTags   []record.Tag
	oldTables []record.Table
	oldCalls  []record.AuctionCall
	oldCards  []record.PlayedCard
	oldNotes  []record.Note
	oldLIN    *record.LINInfo
	findings  []diag.Diagnostic
}

// newMapper starts a board from src: in the memory of into unless it is
// nil or prev, the board the new one may take its identity from.
func newMapper(into, prev *record.Board, src record.Source) mapper {
	if into == nil || into == prev {
		return mapper{b: &record.Board{Source: src}}
	}
	m := mapper{
		b: into, oldTags: into.Tags[:0], oldCalls: into.Auction.Calls[:0], oldCards: into.Play.Cards[:0],
		oldNotes: into.Auction.Notes[:0], oldLIN: into.LIN, oldTables: into.Tables,
	}
	// Emptied in place, then given its source: assigning the whole new
	// board built it on the stack first and copied its 4 KiB over.
	*into = record.Board{}
	into.Source = src
	return m
}

// reuse returns s emptied when it has room for n elements, else a new
// slice with that room.
func reuse[E any](s []E, n int) []E {
	if s != nil && cap(s) >= n {
		return s[:0]
	}
	return make([]E, 0, n)
}

func (m *mapper) add(code diag.Code, sev diag.Severity, l diag.Pos, format string, args ...any) {
	if !l.IsValid() {
		l = m.b.Source.Loc
	}
	m.findings = append(m.findings, diag.Diagnostic{Code: code, Severity: sev, Span: diag.Span{Pos: l}, Message: fmt.Sprintf(format, args...)})
}

// unreadable reports the value of t as one that cannot be read, and why.
func (m *mapper) unreadable(t *record.Tag, why string) {
	m.add(diag.UnreadableValue, diag.Warning, at(t), "%s %q: %s", t.Name, t.Value, why)
}

// check reports err, from reading t as what, as an unreadable value.
func (m *mapper) check(t *record.Tag, what string, err error) {
	if err == nil {
		return
	}
	var pe *auction.ParseError
	why := err.Error()
	if errors.As(err, &pe) {
		why = pe.Reason
	}
	if strings.HasPrefix(why, "not a "+what) {
		// The reason says what the value is not: say it once.
		m.add(diag.UnreadableValue, diag.Warning, at(t), "%s %q is %s", t.Name, t.Value, why)
		return
	}
	m.add(diag.UnreadableValue, diag.Warning, at(t), "%s %q is not a %s: %s", t.Name, t.Value, what, why)
}

// at is the place of t's value, or of t.
func at(t *record.Tag) diag.Pos {
	if t.ValueSpan.IsValid() {
		return t.ValueSpan.Pos
	}
	return t.Loc
}

// boardNumber reads a board number: the first run of digits in text
// ("12", "01", "Board 12"), which must be positive.
func boardNumber(text string) (int, bool) {
	i := strings.IndexFunc(text, unicode.IsDigit)
	if i < 0 {
		return 0, false
	}
	j := i
	for j < len(text) && text[j] >= '0' && text[j] <= '9' {
		j++
	}
	n, err := strconv.Atoi(text[i:j])
	return n, err == nil && n > 0
}

func pbnTag(t *pbn.Tag) record.Tag {
	var out record.Tag
	setPBNTag(&out, t)
	return out
}

// setPBNTag maps t into dst, setting every field of dst one by one: dst
// is a board's own memory, where copying a whole Tag would go through the
// garbage collector's write barrier for each of its words.
func setPBNTag(dst *record.Tag, t *pbn.Tag) {
	dst.Name, dst.Value, dst.Raw = t.Name, t.Value, ""
	dst.Loc, dst.ValueSpan = t.Pos, t.ValueSpan()
	dst.Comments, dst.Data, dst.DataLoc = comments(t.Comments), "", diag.Pos{}
	if t.Raw != t.Value && t.Inherit != pbn.FromDeclared {
		dst.Raw = t.Raw
	}
	if s := t.Section; s != nil && s.Kind == pbn.SectionText && s.Raw != "" {
		dst.Data, dst.DataLoc = s.Raw, s.Pos
		dst.Comments = append(dst.Comments, comments(s.Comments)...)
	}
}

func comments(cs []*pbn.Comment) []record.Comment {
	if len(cs) == 0 {
		return nil
	}
	out := make([]record.Comment, len(cs))
	for i, c := range cs {
		kind := record.CommentLine
		if c.Brace {
			kind = record.CommentBrace
		}
		out[i] = record.Comment{Text: c.Text, Kind: kind, Loc: c.Pos}
	}
	return out
}

// leadingComments merges the commentary and the prose before the game's
// first tag pair, in file order.
func leadingComments(g *pbn.Game) []record.Comment {
	out := comments(g.Leading)
	for _, p := range g.Prose {
		c := record.Comment{Text: p.Text, Kind: record.CommentProse, Loc: p.Pos}
		i := len(out)
		for i > 0 && out[i-1].Loc.Offset > c.Loc.Offset {
			i--
		}
		out = append(out[:i], append([]record.Comment{c}, out[i:]...)...)
	}
	return out
}

func escapes(dst []record.Escape, es []*pbn.Escape) []record.Escape {
	for _, e := range es {
		dst = append(dst, record.Escape{Text: e.Text, Loc: e.Pos})
	}
	return dst
}

func notes(ns []*pbn.Note) []record.Note {
	if len(ns) == 0 {
		return nil
	}
	out := make([]record.Note, len(ns))
	for i, n := range ns {
		out[i] = record.Note{Number: n.Number, Text: n.Text, Tag: pbnTag(n.Tag)}
	}
	return out
}

func annotations(tok *pbn.Token) record.Annotations {
	return record.Annotations{
		Alert: tok.Alert, Note: tok.Note(), Suffix: tok.Suffix(), NAGs: tok.NAGs(), Comments: comments(tok.Comments()),
	}
}

// ddTable is the table of double-dummy results, the one table whose
// memory a reused board gives again.
const ddTable = "OptimumResultTable"

// table maps a table section. A double-dummy table goes into the memory
// of the reused board's double-dummy table in the same place: those of a
// hand record are of one shape from board to board, and their cells were
// a twelfth of what an audit of one allocated. Other tables get memory of
// their own: what is read of a traveller or a total table (scoring's
// Contributions and Totals) keeps its rows past the board.
func (m *mapper) table(sec *pbn.Section) record.Table {
	var old record.Table
	if k := len(m.b.Tables); k < len(m.oldTables) && m.oldTables[k].Tag.Name == ddTable && sec.Tag.Name == ddTable {
		old = m.oldTables[k]
	}
	t := record.Table{Tag: pbnTag(sec.Tag), Comments: comments(sec.Comments)}
	if len(sec.Columns) > 0 {
		t.Columns = reuse(old.Columns, len(sec.Columns))
	}
	for _, c := range sec.Columns {
		col := record.Column{Spec: c.Spec, Name: c.Name, Sort: int(c.Sort), Width: c.Width}
		switch c.Align {
		case pbn.AlignLeft:
			col.Align = 'L'
		case pbn.AlignRight:
			col.Align = 'R'
		}
		t.Columns = append(t.Columns, col)
	}
	if len(sec.Rows) == 0 {
		return t
	}
	t.Rows = old.Rows[:cap(old.Rows)]
	if len(t.Rows) < len(sec.Rows) {
		t.Rows = make([][]record.Cell, len(sec.Rows))
	}
	t.Rows = t.Rows[:len(sec.Rows)]
	// The cells of the rows that do not fit the old ones in one
	// allocation: a traveller or a double-dummy table has many short
	// rows.
	n := 0
	for r, row := range sec.Rows {
		if cap(t.Rows[r]) < len(row) {
			n += len(row)
		}
	}
	var all []record.Cell
	if n > 0 {
		all = make([]record.Cell, n)
	}
	for r, row := range sec.Rows {
		cells := t.Rows[r]
		if cap(cells) < len(row) {
			cells, all = all[:len(row):len(row)], all[len(row):]
		}
		cells = cells[:len(row)]
		for i, c := range row {
			cells[i] = record.Cell{Text: c.Text, Quoted: c.Quoted, Loc: c.Pos}
		}
		t.Rows[r] = cells
	}
	return t
}
