package auction

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
)

// card parses a card or fails the test.
func card(t testing.TB, text string) Card {
	t.Helper()
	c, err := ParseCard(text)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// newPlay starts a play or fails the test.
func newPlay(t testing.TB, deal string, trumps Strain, leader Seat) *Play {
	t.Helper()
	p, err := NewPlay(mustDeal(t, deal), trumps, leader)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// playAll plays the cards, space separated, failing the test on an error.
func playAll(t testing.TB, p *Play, cards string) {
	t.Helper()
	for _, text := range strings.Fields(cards) {
		if err := p.Play(card(t, text)); err != nil {
			t.Fatalf("playing %s: %v", text, err)
		}
	}
}

// wantPlayError checks that err is a *PlayError with the given reason,
// trick, seat and message.
func wantPlayError(t *testing.T, err, reason error, trick int, seat Seat, msg string) {
	t.Helper()
	var pe *PlayError
	if !errors.As(err, &pe) || !errors.Is(err, reason) || pe.Trick != trick || pe.Seat != seat || err.Error() != msg {
		t.Errorf("error %v\nwant %q (%v)", err, msg, reason)
	}
}

// TestPlayStandardExample replays the example of the PBN standard: South
// declares in hearts, West leads the spade king, North ruffs.
func TestPlayStandardExample(t *testing.T) {
	t.Parallel()
	p := newPlay(t, stdDeal, Hearts, West)
	if p.Turn() != West {
		t.Fatalf("first turn %v", p.Turn())
	}
	playAll(t, p, "SK H3 S4 S3")
	tricks := p.Tricks()
	if len(tricks) != 1 || tricks[0].Winner != North || tricks[0].Leader != West {
		t.Fatalf("trick 1: %+v", tricks)
	}
	if p.Turn() != North {
		t.Fatalf("N won and must lead, turn is %v", p.Turn())
	}
	playAll(t, p, "C2 C6 CK")
	cur := p.Current()
	if cur.Len() != 3 || cur.Leader != North || cur.Card(South) != card(t, "CK") || cur.Card(West) != NoCard {
		t.Errorf("current trick %+v", cur)
	}
	playAll(t, p, "C5")
	if w := p.Tricks()[1].Winner; w != South {
		t.Errorf("trick 2 won by %v, want S", w)
	}
	if p.TricksWon(NS) != 2 || p.TricksWon(EW) != 0 {
		t.Errorf("tricks won NS %d EW %d", p.TricksWon(NS), p.TricksWon(EW))
	}
	if _, ok := p.Result(South); ok || p.Done() {
		t.Error("result known after two tricks")
	}
}

func TestPlayErrors(t *testing.T) {
	t.Parallel()
	p := newPlay(t, stdDeal, Hearts, West)
	playAll(t, p, "SK")
	wantPlayError(t, p.Play(card(t, "SA")), ErrNotInHand, 1, North, "trick 1 (N): SA is in E's hand, not N's")
	wantPlayError(t, p.Play(card(t, "SK")), ErrPlayedTwice, 1, North, "trick 1 (N): SK was already played by W at trick 1")
	wantPlayError(t, p.Play(NoCard), ErrNotACard, 1, North, "trick 1 (N): - is not a card")
	playAll(t, p, "C2") // N is void in spades: a discard, no revoke
	wantPlayError(t, p.Play(card(t, "H5")), ErrRevoke, 1, East, "trick 1 (E): H5 is a revoke: E holds spades and must follow suit (Laws 44C, 61)")
	wantPlayError(t, p.LeadOutOfTurn(East, card(t, "SA")), ErrNotALead, 1, East, "trick 1 (E): SA cannot be a lead: a trick is in progress, led by W with SK")
	if p.Current().Len() != 2 || p.Turn() != East {
		t.Fatalf("refused cards changed the trick: %+v", p.Current())
	}
	if err := p.PlayRevoke(card(t, "H5")); err != nil {
		t.Fatal(err)
	}
	playAll(t, p, "S3")
	tr := p.Tricks()[0]
	if tr.Winner != East || tr.Revoke != [4]bool{false, false, true, false} {
		t.Errorf("revoke trick %+v: E's trump wins and is marked", tr)
	}
	// PlayRevoke is still refused for a card that cannot be played at all.
	wantPlayError(t, p.PlayRevoke(card(t, "SK")), ErrPlayedTwice, 2, East, "trick 2 (E): SK was already played by W at trick 1")
	wantPlayError(t, p.PlayRevoke(card(t, "S2")), ErrNotInHand, 2, East, "trick 2 (E): S2 is in W's hand, not E's")
}

func TestLeadOutOfTurn(t *testing.T) {
	t.Parallel()
	p := newPlay(t, stdDeal, NoTrump, West)
	// North leads instead of West; the trick goes on clockwise from North.
	if err := p.LeadOutOfTurn(North, card(t, "DA")); err != nil {
		t.Fatal(err)
	}
	if p.Turn() != East {
		t.Fatalf("turn after N's lead: %v", p.Turn())
	}
	playAll(t, p, "DT D3 D2")
	tr := p.Tricks()[0]
	if !tr.OutOfTurn || tr.Leader != North || tr.Winner != North || tr.Card(West) != card(t, "D2") {
		t.Errorf("trick %+v", tr)
	}
	// A "lead out of turn" by the player on lead is an ordinary lead.
	if err := p.LeadOutOfTurn(North, card(t, "DK")); err != nil {
		t.Fatal(err)
	}
	if p.Current().OutOfTurn {
		t.Error("a lead in turn was marked out of turn")
	}
	wantPlayError(t, p.LeadOutOfTurn(South, card(t, "SA")), ErrNotALead, 2, South, "trick 2 (S): SA cannot be a lead: a trick is in progress, led by N with DK")
	// The lead must still come from the leader's hand.
	q := newPlay(t, stdDeal, NoTrump, West)
	wantPlayError(t, q.LeadOutOfTurn(South, card(t, "SA")), ErrNotInHand, 1, South, "trick 1 (S): SA is in E's hand, not S's")
	if q.Current().Leader != West {
		t.Error("a refused lead changed the leader")
	}
}

func TestPlayWholeBoardAndClaims(t *testing.T) {
	t.Parallel()
	// 13 tricks of no-trump, every card played in deal order.
	p := newPlay(t, stdDeal, NoTrump, East)
	for !p.Done() {
		hand := mustDeal(t, stdDeal)[p.Turn()]
		played := false
		for c := range hand.All() {
			if p.Play(c) == nil {
				played = true
				break
			}
		}
		if !played {
			t.Fatalf("no legal card for %v at trick %d", p.Turn(), len(p.Tricks())+1)
		}
	}
	if len(p.Tricks()) != 13 || p.TricksWon(NS)+p.TricksWon(EW) != 13 {
		t.Fatalf("%d tricks, NS %d EW %d", len(p.Tricks()), p.TricksWon(NS), p.TricksWon(EW))
	}
	ns, ok := p.Result(North)
	if ew, ok2 := p.Result(West); !ok || !ok2 || ns != p.TricksWon(NS) || ew != 13-ns {
		t.Errorf("results NS %d EW %d", ns, ew)
	}
	wantPlayError(t, p.Play(card(t, "SA")), ErrPlayOver, 14, p.Turn(), "trick 14 ("+p.Turn().String()+"): SA comes after the last trick: all 13 tricks are played")
	// A redundant claim after the last trick must match.
	if err := p.Claim(North, ns+1); !errors.Is(err, ErrBadClaim) {
		t.Errorf("wrong claim after the play: %v", err)
	}
	if err := p.Claim(North, ns); err != nil {
		t.Errorf("matching claim after the play: %v", err)
	}
}

func TestClaim(t *testing.T) {
	t.Parallel()
	p := newPlay(t, stdDeal, Hearts, West)
	playAll(t, p, "SK H3 S4 S3 C2 C6 CK C5") // NS won both tricks
	wantPlayError(t, p.Claim(South, 1), ErrBadClaim, 3, South, "trick 3 (S): a claim of 1 tricks is impossible: declarer's side has already won 2")
	wantPlayError(t, p.Claim(West, 12), ErrBadClaim, 3, West, "trick 3 (W): a claim of 12 tricks is impossible: the defenders have already won 2 of 13")
	if err := p.Claim(South, 10); err != nil {
		t.Fatal(err)
	}
	if !p.Done() {
		t.Error("play goes on after a claim")
	}
	for _, tt := range []struct {
		seat Seat
		want int
	}{{South, 10}, {North, 10}, {East, 3}, {West, 3}} {
		if got, ok := p.Result(tt.seat); !ok || got != tt.want {
			t.Errorf("Result(%v) = %d, %v; want %d", tt.seat, got, ok, tt.want)
		}
	}
	wantPlayError(t, p.Play(card(t, "C4")), ErrPlayOver, 3, South, "trick 3 (S): C4 comes after the claim: play ceases at a claim (Law 68D)")
	wantPlayError(t, p.Claim(South, 11), ErrBadClaim, 3, South, "trick 3 (S): a claim of 10 tricks is already recorded")
	// A claim in the middle of a trick counts completed tricks only.
	q := newPlay(t, stdDeal, Hearts, West)
	playAll(t, q, "SK H3")
	if err := q.Claim(East, 0); err != nil {
		t.Errorf("claim of no trick: %v", err)
	}
	if got, _ := q.Result(North); got != 13 {
		t.Errorf("NS result %d after EW claim 0", got)
	}
}

func TestPlayPartialDeal(t *testing.T) {
	t.Parallel()
	// Only West and East are known: North and South may play anything
	// that no known hand holds, and are not checked for revokes.
	p := newPlay(t, "W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -", Spades, West)
	playAll(t, p, "HA C2 HK D3")
	wantPlayError(t, p.Play(card(t, "SA")), ErrNotInHand, 2, West, "trick 2 (W): SA is in E's hand, not W's")
	wantPlayError(t, p.Play(card(t, "S3")), ErrNotInHand, 2, West, "trick 2 (W): W does not hold S3")
	// A hand shown in part (a lesson shows West's lead only) is not
	// checked card by card, but its cards are still its own.
	q := newPlay(t, "N:Q.J753.AK52.7642 - A95.QT986.Q3.A83 ...K", Hearts, West)
	playAll(t, q, "CK C2 CJ C3")
	wantPlayError(t, q.Play(card(t, "CA")), ErrNotInHand, 2, West, "trick 2 (W): CA is in S's hand, not W's")
	playAll(t, q, "CQ") // in no given hand, so West may have it
	// Three full hands: the fourth is derived, so East's revoke is caught.
	r := newPlay(t, "N:.63.AKQ987.A9732 - J973.J98742.3.K4 KQT2.AT.J6542.85", Hearts, West)
	playAll(t, r, "SK H3")
	wantPlayError(t, r.Play(card(t, "C6")), ErrRevoke, 1, East, "trick 1 (E): C6 is a revoke: E holds spades and must follow suit (Laws 44C, 61)")
	// Shapes only: nothing is checked.
	s := newPlay(t, "W:xxx.xx.xxxx.xxxx - xx.xxxxx.xxxx.xx -", NoTrump, West)
	playAll(t, s, "SA S2 H2 S3")
	if s.Tricks()[0].Winner != West {
		t.Errorf("winner %v", s.Tricks()[0].Winner)
	}
}

func TestPlayEndPosition(t *testing.T) {
	t.Parallel()
	// From ben's alphamju tests: four cards each, West on lead.
	p := newPlay(t, "W:T95...Q 8.T..T5 .J..987 ...AJ62", Spades, West)
	playAll(t, p, "CQ C5 C9 CA  C2 ST CT C7  S9 S8 HJ CJ  S5 HT C8 C6")
	if !p.Done() || len(p.Tricks()) != 4 {
		t.Fatalf("done %v after %d tricks", p.Done(), len(p.Tricks()))
	}
	if got, ok := p.Result(West); !ok || got != p.TricksWon(EW) {
		t.Errorf("Result(W) = %d, %v", got, ok)
	}
	wantPlayError(t, p.Claim(West, 5), ErrBadClaim, 5, West, "trick 5 (W): a claim of 5 tricks is impossible: the defenders have already won 1 of 4")
}

func TestNewPlayErrors(t *testing.T) {
	t.Parallel()
	d := mustDeal(t, stdDeal)
	if _, err := NewPlay(d, Strain(5), West); err == nil || !strings.Contains(err.Error(), "not a strain") {
		t.Errorf("strain 5: %v", err)
	}
	if _, err := NewPlay(d, Hearts, Seat(4)); err == nil || !strings.Contains(err.Error(), "not a seat") {
		t.Errorf("seat 4: %v", err)
	}
	bad, _ := ParseDeal("N:A... A... - -")
	var de *DealError
	if _, err := NewPlay(bad, Hearts, West); !errors.As(err, &de) {
		t.Errorf("bad deal: %v", err)
	}
}

// simpleWinner is a second, plain computation of a trick's winner: each
// card scores by rank, plus 100 for a trump and 50 for the led suit.
func simpleWinner(tr Trick, trumps Strain) Seat {
	best, bestScore := 0, -1
	for i, c := range tr.Cards {
		score := int(c.Rank())
		switch {
		case trumps != NoTrump && c.Suit() == Suit(trumps):
			score += 100
		case c.Suit() == tr.Cards[0].Suit():
			score += 50
		default:
			score = 0
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return tr.Leader.Add(best)
}

// TestPlayRandomBoards plays random legal cards on random deals and checks
// the engine against simpleWinner, and that every illegal card is refused.
func TestPlayRandomBoards(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 6))
	for range 300 {
		d := randomDeal(r)
		trumps, leader := Strain(r.IntN(5)), Seat(r.IntN(4))
		p, err := NewPlay(d, trumps, leader)
		if err != nil {
			t.Fatal(err)
		}
		left := d
		for !p.Done() {
			seat := p.Turn()
			legal := left[seat]
			if cur := p.Current(); cur.Len() > 0 && left[seat].InSuit(cur.Cards[0].Suit()) != (Hand{}) {
				legal = left[seat].InSuit(cur.Cards[0].Suit())
			}
			for c := range left[seat].All() {
				if !legal.Has(c) {
					if err := p.Play(c); !errors.Is(err, ErrRevoke) {
						t.Fatalf("%v playing %v: %v, want a revoke", seat, c, err)
					}
				}
			}
			if other := left[seat.Next()].Cards(); len(other) > 0 {
				if err := p.Play(other[0]); !errors.Is(err, ErrNotInHand) {
					t.Fatalf("%v playing %v of %v: %v", seat, other[0], seat.Next(), err)
				}
			}
			cards := legal.Cards()
			c := cards[r.IntN(len(cards))]
			if err := p.Play(c); err != nil {
				t.Fatal(err)
			}
			left[seat].Remove(c)
		}
		total := 0
		for _, tr := range p.Tricks() {
			if want := simpleWinner(tr, trumps); tr.Winner != want {
				t.Fatalf("trick %+v won by %v, want %v", tr, tr.Winner, want)
			}
			total++
		}
		if total != 13 || p.TricksWon(NS)+p.TricksWon(EW) != 13 {
			t.Fatalf("%d tricks", total)
		}
	}
}

// linRecord is one board of a LIN file: its deal and its play.
type linRecord struct {
	md    string
	calls []string
	cards []string
	claim string
}

// linRecords splits LIN text into boards at each md pair.
func linRecords(data string) []linRecord {
	pair := regexp.MustCompile(`(?i)(md|mb|pc|mc)\|([^|]*)\|`)
	var recs []linRecord
	for _, m := range pair.FindAllStringSubmatch(data, -1) {
		label, value := strings.ToLower(m[1]), strings.TrimSpace(m[2])
		if label == "md" {
			recs = append(recs, linRecord{md: value})
			continue
		}
		if len(recs) == 0 {
			continue
		}
		rec := &recs[len(recs)-1]
		switch label {
		case "mb":
			rec.calls = append(rec.calls, value)
		case "pc":
			for len(value) >= 2 { // RP style: a whole trick in one pc
				rec.cards = append(rec.cards, value[:2])
				value = value[2:]
			}
		case "mc":
			rec.claim = value
		}
	}
	return recs
}

// trumpsOf is the strain of the last bid among LIN calls.
func trumpsOf(calls []string) (Strain, bool) {
	for i := len(calls) - 1; i >= 0; i-- {
		c := strings.ToUpper(strings.TrimRight(calls[i], "!"))
		if len(c) >= 2 && c[0] >= '1' && c[0] <= '7' {
			if c[1] == 'N' {
				return NoTrump, true
			}
			if s, err := ParseSuit(c[1:2]); err == nil {
				return Strain(s), true
			}
		}
	}
	return 0, false
}

// TestCorpusLINPlay replays the play of every LIN board in the corpus. The
// leader is the owner of the first card, the trumps the strain of the last
// bid. Every card must be accepted and every claim possible.
func TestCorpusLINPlay(t *testing.T) {
	t.Parallel()
	boards, cards, claims, refused := 0, 0, 0, 0
	for _, path := range corpusFiles(t, ".lin") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range linRecords(string(data)) {
			trumps, ok := trumpsOf(rec.calls)
			if !ok || len(rec.cards) == 0 {
				continue
			}
			d, _, _, err := ParseLINDeal(rec.md)
			if err != nil {
				t.Errorf("%s: %v", path, err)
				continue
			}
			first, err := ParseCard(rec.cards[0])
			if err != nil {
				t.Errorf("%s: %v", path, err)
				continue
			}
			leader, _ := d.Owner(first)
			p, err := NewPlay(d, trumps, leader)
			if err != nil {
				t.Errorf("%s: %v", path, err)
				continue
			}
			boards++
			var playErr error
			for _, text := range rec.cards {
				c, err := ParseCard(text)
				if err == nil {
					err = p.Play(c)
				}
				if err != nil {
					playErr = err
					break
				}
				cards++
			}
			if playErr == nil && rec.claim != "" {
				n := 0
				for _, r := range rec.claim {
					n = n*10 + int(r-'0')
				}
				playErr = p.Claim(leader.RHO(), n)
				claims++
			}
			if playErr != nil {
				refused++
				t.Errorf("%s: md %s: %v", path, rec.md, playErr)
			}
		}
	}
	if boards == 0 {
		t.Fatal("no LIN board with play in the corpus")
	}
	t.Logf("%d boards, %d cards, %d claims replayed; %d refused", boards, cards, claims, refused)
}

func TestPlayErrorCodes(t *testing.T) {
	t.Parallel()
	p := newPlay(t, stdDeal, Hearts, West)
	playAll(t, p, "SK C2")
	err := p.Play(card(t, "H5"))
	var pe *PlayError
	var inf *Infraction
	if !errors.As(err, &pe) || pe.Code() != "revoke" || !errors.As(err, &inf) || inf.Law() != 61 {
		t.Errorf("revoke: %v", err)
	}
	for _, tt := range []struct {
		err  error
		code diag.Code
	}{
		{ErrNotACard, diag.PlayIllegal}, {ErrNotInHand, diag.PlayIllegal}, {ErrPlayedTwice, diag.PlayIllegal},
		{ErrPlayOver, diag.PlayIllegal}, {ErrNotALead, diag.PlayIllegal}, {ErrBadClaim, diag.ClaimImpossible},
		{ErrRevoke, diag.Revoke}, {errors.New("something else"), diag.PlayIllegal},
	} {
		if got := (&PlayError{Reason: tt.err}).Code(); got != tt.code {
			t.Errorf("%v: code %q, want %q", tt.err, got, tt.code)
		}
	}
}

// pbnGame is what a PBN play replay needs from one game.
type pbnGame struct {
	deal, contract, play string
	tokens               []string // the play section's tokens, comments and notes removed
}

// pbnGames reads the games of a PBN file that have a Play section, with a
// regular expression per tag: enough for replaying play, not a PBN reader.
func pbnGames(data string) []pbnGame {
	comment := regexp.MustCompile(`(?s)\{.*?\}|;[^\n]*`)
	tag := regexp.MustCompile(`^\[(\w+)\s+"([^"]*)"\]`)
	var games []pbnGame
	var cur pbnGame
	inPlay := false
	for _, line := range strings.Split(comment.ReplaceAllString(data, " "), "\n") {
		line = strings.TrimSpace(line)
		if m := tag.FindStringSubmatch(line); m != nil {
			if inPlay {
				games = append(games, cur)
				cur.tokens, inPlay = nil, false
			}
			switch m[1] {
			case "Deal":
				cur.deal = m[2]
			case "Contract":
				cur.contract = m[2]
			case "Play":
				cur.play, inPlay = m[2], true
			}
			continue
		}
		if inPlay && !strings.HasPrefix(line, "%") {
			cur.tokens = append(cur.tokens, strings.Fields(line)...)
		}
	}
	if inPlay {
		games = append(games, cur)
	}
	return games
}

// pbnSlot is one card slot of a PBN play section.
type pbnSlot struct {
	text         string // the card, "-" or "+"
	revoke, lead bool   // marked ^R or ^L
}

// pbnRows groups a play section's card slots into rows of four; the notes,
// NAGs and suffixes between them take no slot, and "*" ends the section.
func pbnRows(tokens []string) [][4]pbnSlot {
	var rows [][4]pbnSlot
	var row [4]pbnSlot
	n, mark := 0, ""
	for _, tok := range tokens {
		if tok == "*" {
			break
		}
		switch {
		case tok == "^R" || tok == "^L":
			mark = tok
			continue
		case strings.HasPrefix(tok, "=") || strings.HasPrefix(tok, "$") || strings.Trim(tok, "!?") == "":
			continue
		}
		row[n] = pbnSlot{text: tok, revoke: mark == "^R", lead: mark == "^L"}
		mark = ""
		if n++; n == 4 {
			rows = append(rows, row)
			row, n = [4]pbnSlot{}, 0
		}
	}
	if n > 0 {
		rows = append(rows, row)
	}
	return rows
}

// replayPBN replays a game's play section by PBN's column rule: each row
// lists the cards in seat order from the Play tag's seat, and the trick is
// read from its leader round. It returns the play, and whether the record
// went on to its end rather than stopping at a card not given.
func replayPBN(g pbnGame) (*Play, bool, error) {
	d, err := ParseDeal(g.deal)
	if err != nil {
		return nil, false, err
	}
	c, err := ParseContract(g.contract)
	if err != nil {
		return nil, false, err
	}
	first, err := ParseSeat(g.play)
	if err != nil {
		return nil, false, err
	}
	p, err := NewPlay(d, c.Strain, first)
	if err != nil {
		return nil, false, err
	}
	for _, row := range pbnRows(g.tokens) {
		leader := p.Turn()
		for i, sl := range row {
			if sl.lead {
				leader = first.Add(i)
			}
		}
		for k := range 4 {
			seat := leader.Add(k)
			sl := row[(seat-first)&3]
			if sl.text == "" || sl.text == "-" || sl.text == "+" {
				return p, false, nil
			}
			card, err := ParseCard(sl.text)
			if err != nil {
				return p, false, err
			}
			switch {
			case sl.lead:
				err = p.LeadOutOfTurn(seat, card)
			case sl.revoke:
				err = p.PlayRevoke(card)
			default:
				err = p.Play(card)
			}
			if err != nil {
				return p, false, err
			}
		}
	}
	return p, true, nil
}

// TestCorpusPBNPlay replays the play sections of the corpus's PBN files
// with a reader just good enough for them (games its regular expressions
// cannot read are skipped). Every card of the well-formed files must be
// accepted. The engine refuses cards only in files whose faults are known:
// the rpbridge archive and the files derived from it, whose Play tags do
// not match their columns; the PBN reference tests' deliberate errors; and
// one BBO record converted by PbnTools in which North revokes at trick 3.
func TestCorpusPBNPlay(t *testing.T) {
	t.Parallel()
	knownRefusals := map[string]int{
		"example3.pbn":     3640,
		"example4.pbn":     1,
		"shared_deals.pbn": 2,
		"errors_10.pbn":    2,
		"test_6_bbo_skyclub_20130810__sky_club_2196_pairs_sky_club_jackpot_2000.pbn": 1,
	}
	refusals := map[string]int{}
	games, whole := 0, 0
	for _, path := range corpusFiles(t, ".pbn") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range pbnGames(string(data)) {
			p, done, err := replayPBN(g)
			var pe *PlayError
			switch {
			case errors.As(err, &pe):
				refusals[filepath.Base(path)]++
			case err != nil: // beyond this test's reader
			case done && p.Done():
				whole++
				fallthrough
			default:
				games++
			}
		}
	}
	for file, n := range refusals {
		if knownRefusals[file] != n {
			t.Errorf("%s: %d games refused, want %d", file, n, knownRefusals[file])
		}
	}
	if whole == 0 {
		t.Fatal("no game played to the end")
	}
	t.Logf("%d games replayed, %d of them to the last trick; refused: %v", games, whole, refusals)
}

// TestPlayPBNIrregularities replays the irregular play of the PBN
// reference tests: an accepted lead out of turn (^L) and two revokes that
// stood (^R).
func TestPlayPBNIrregularities(t *testing.T) {
	t.Parallel()
	g := pbnGame{deal: stdDeal, contract: "5HX", play: "W", tokens: strings.Fields(`
		SK H3 S4 S3
		C5 C2 ^R S5 ^L CK
		S2 H6 ^R C6 S7
		C8 CA CT C4
		D2 DA DT D3
		D4 DK H5 H7
		-  -  -  H2
		*`)}
	p, done, err := replayPBN(g)
	if err != nil || done {
		t.Fatalf("replay: done %v, %v", done, err)
	}
	tricks := p.Tricks()
	if len(tricks) != 6 {
		t.Fatalf("%d tricks", len(tricks))
	}
	t2, t3 := tricks[1], tricks[2]
	if !t2.OutOfTurn || t2.Leader != South || t2.Winner != South || t2.Revoke != [4]bool{false, false, false, true} {
		t.Errorf("trick 2: %+v", t2)
	}
	if t3.OutOfTurn || t3.Leader != South || t3.Winner != North || t3.Revoke != [4]bool{false, false, false, true} {
		t.Errorf("trick 3: %+v", t3)
	}
	// South won trick 6 and has led H2 to trick 7; West's card is not given.
	if p.TricksWon(NS) != 6 || p.TricksWon(EW) != 0 || p.Current().Card(South) != NewCard(Heart, Two) || p.Turn() != West {
		t.Errorf("NS %d EW %d, turn %v", p.TricksWon(NS), p.TricksWon(EW), p.Turn())
	}
	// Unmarked, East's spade on the club lead is refused as the revoke it is.
	g.tokens = strings.Fields("SK H3 S4 S3 C5 C2 S5 ^L CK")
	if _, _, err := replayPBN(g); !errors.Is(err, ErrRevoke) {
		t.Errorf("unmarked revoke: %v", err)
	}
}

func TestZeroPlay(t *testing.T) {
	t.Parallel()
	var p Play
	if !p.Done() {
		t.Error("the zero Play takes cards")
	}
	wantPlayError(t, p.Play(card(t, "SA")), ErrPlayOver, 1, North, "trick 1 (N): SA has no board to be played on: start one with NewPlay or Reset")
	wantPlayError(t, p.Claim(South, 0), ErrBadClaim, 1, South, "trick 1 (S): there is no board to claim on: start one with NewPlay or Reset")
	if _, ok := p.Result(South); ok {
		t.Error("the zero Play has a result")
	}
	if err := p.Reset(mustDeal(t, stdDeal), Hearts, West); err != nil || p.Done() || p.Turn() != West {
		t.Errorf("Reset: %v", err)
	}
	// A failed Reset leaves the play as it was.
	playAll(t, &p, "SK")
	before := p
	if err := p.Reset(Deal{}, Strain(9), West); err == nil || p != before {
		t.Errorf("failed Reset: %v; changed %v", err, p != before)
	}
}
