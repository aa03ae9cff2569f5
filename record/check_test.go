package record

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/auction"

	"github.com/bridgekit/bridgekit/diag"
)

// testDeal gives each suit's top cards to North, so that every contract
// makes all thirteen tricks for North–South when North leads his suits.
const testDeal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"

// auctionLine is the line the test boards' calls are on; each call's
// column is its place in the auction text, so findings can be checked
// against line:col.
const auctionLine = 7

// newBoard builds a board dealt by dealer with the calls written in
// calls: ParseCall spellings, "^S" for a skipped turn, "^I" glued before
// an accepted insufficient bid ("^I1C"), and any other text kept unread.
func newBoard(t testing.TB, dealer auction.Seat, calls string) *Board {
	t.Helper()
	b := &Board{Dealer: dealer, DealerKnown: true, DealerTag: Tag{Name: "Dealer", Value: dealer.String(), Loc: diag.Pos{Line: 3, Col: 1}}}
	b.Auction = AuctionRecord{Present: true, First: dealer, Tag: Tag{Name: "Auction", Value: dealer.String(), Loc: diag.Pos{Line: auctionLine - 1, Col: 1}}}
	for i := 0; i < len(calls); {
		if calls[i] == ' ' {
			i++
			continue
		}
		j := strings.IndexByte(calls[i:], ' ')
		if j < 0 {
			j = len(calls) - i
		}
		tok := calls[i : i+j]
		call := AuctionCall{Text: tok, Loc: diag.Pos{Line: auctionLine, Col: int32(i + 1), Offset: i}}
		switch {
		case tok == "^S":
			call.Skip = true
		case strings.HasPrefix(tok, "^I"):
			call.Accepted, call.Text = true, tok[2:]
			call.Call, _ = auction.ParseCall(call.Text)
		default:
			call.Call, _ = auction.ParseCall(tok)
		}
		b.Auction.Calls = append(b.Auction.Calls, call)
		i += j
	}
	return b
}

// withDeal sets the board's deal.
func withDeal(t testing.TB, b *Board, deal string) *Board {
	t.Helper()
	d, err := auction.ParseDeal(deal)
	var de *auction.DealError
	if err != nil && !errors.As(err, &de) {
		t.Fatalf("ParseDeal(%q): %v", deal, err)
	}
	b.Deal, b.DealTag = d, Tag{Name: "Deal", Value: deal, Loc: diag.Pos{Line: 4, Col: 1}, ValueSpan: diag.Span{Pos: diag.Pos{Line: 4, Col: 7}}}
	return b
}

// withFile sets what the file says: contract, declarer and result text as
// PBN writes them ("" leaves a tag out).
func withFile(t testing.TB, b *Board, contract, declarer, result string) *Board {
	t.Helper()
	f := &b.File
	if contract != "" {
		f.ContractTag = Tag{Name: "Contract", Value: contract, Loc: diag.Pos{Line: 5, Col: 1}}
		c, err := auction.ParseContract(contract)
		f.Contract, f.ContractKnown = c, err == nil
	}
	if declarer != "" {
		f.DeclarerTag = Tag{Name: "Declarer", Value: declarer, Loc: diag.Pos{Line: 5, Col: 20}}
		d, swapped := strings.CutPrefix(declarer, "^")
		s, err := auction.ParseSeat(d)
		f.Declarer, f.DeclarerKnown, f.Swapped = s, err == nil, swapped
	}
	if result != "" {
		f.ResultTag = Tag{Name: "Result", Value: result, Loc: diag.Pos{Line: 5, Col: 40}}
		n, agreed, err := ParseResult(result, f.Declarer, f.DeclarerKnown)
		f.Tricks, f.TricksKnown, f.Agreed = n, err == nil, agreed
	}
	return b
}

// withPlay sets the play, cards in the order played (as LIN gives them),
// each card on line 9 at its place in the text.
func withPlay(t testing.TB, b *Board, cards string) *Board {
	t.Helper()
	b.Play.Present = true
	col := 1
	for _, tok := range strings.Fields(cards) {
		c, err := auction.ParseCard(tok)
		if err != nil {
			t.Fatal(err)
		}
		b.Play.Cards = append(b.Play.Cards, PlayedCard{Card: c, Text: tok, Loc: diag.Pos{Line: 9, Col: int32(col)}})
		col += len(tok) + 1
	}
	return b
}

// want is an expected finding: code, severity, law, line:col and a piece
// of the message.
type want struct {
	code string
	sev  diag.Severity
	law  int
	at   string
	msg  string
}

func (w want) String() string {
	return fmt.Sprintf("%s: %s %s (Law %d): …%s…", w.at, w.sev, w.code, w.law, w.msg)
}

func checkFindings(t *testing.T, b *Board, wants []want) {
	t.Helper()
	got := Check(b)
	if len(got) != len(wants) {
		t.Errorf("got %d findings, want %d:", len(got), len(wants))
		for _, f := range got {
			t.Errorf("  got  %s (Law %d)", f, f.Law)
		}
		for _, w := range wants {
			t.Errorf("  want %s", w)
		}
		return
	}
	for i, w := range wants {
		f := got[i]
		if string(f.Code) != w.code || f.Severity != w.sev || f.Law != w.law || f.Pos.String() != w.at || !strings.Contains(f.Message, w.msg) {
			t.Errorf("finding %d:\n got  %s (Law %d)\n want %s", i, f, f.Law, w)
		}
	}
}

func at7(col int) string { return fmt.Sprintf("%d:%d", auctionLine, col) }

func TestCheckAuction(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		dealer   auction.Seat
		calls    string
		contract string // the replayed contract with declarer, "" when incomplete
		legal    bool
		wants    []want
	}{
		{"legal", auction.North, "1H 1S 2H X XX Pass Pass Pass", "2HXX by N", true, nil},
		{"RULES declarer who first named the strain", auction.North, "1H 1NT 2H X XX Pass Pass Pass", "2HXX by N", true, nil},
		{"RULES declarer across a redouble", auction.South, "1NT X XX 2H Pass Pass Pass", "2H by E", true, nil},
		{"passed out", auction.West, "Pass Pass Pass Pass", "Pass", true, nil},
		{"insufficient bid, then the replay goes on", auction.North, "1NT 1S 2C Pass Pass Pass", "2C by S", false, []want{
			{"insufficient-bid", diag.Error, 27, at7(5), "call 2 (E): 1S is insufficient after 1NT"},
		}},
		{"double of own side", auction.North, "1H Pass X Pass Pass", "1H by N", false, []want{
			{"inadmissible-double", diag.Error, 36, at7(9), "call 3 (S): X is inadmissible: 1H is his own side's bid"},
		}},
		{"double of nothing", auction.East, "X 1C Pass Pass Pass", "1C by S", false, []want{
			{"inadmissible-double", diag.Error, 36, at7(1), "call 1 (E): X is inadmissible: there is no bid to double"},
		}},
		{"double of a doubled bid", auction.North, "1H X Pass X Pass Pass", "1HX by N", false, []want{
			{"inadmissible-double", diag.Error, 36, at7(11), "1H is already doubled"},
		}},
		{"redouble of own side's double", auction.North, "1H X Pass XX Pass Pass", "1HX by N", false, []want{
			{"inadmissible-redouble", diag.Error, 36, at7(11), "call 4 (W): XX is inadmissible: the double of 1H is his own side's"},
		}},
		{"redouble with no double", auction.North, "1H XX Pass Pass Pass", "1H by N", false, []want{
			{"inadmissible-redouble", diag.Error, 36, at7(4), "1H has not been doubled"},
		}},
		{"calls after the end", auction.North, "1H Pass Pass Pass Pass 2C", "1H by N", true, []want{ // the auction that ended stands (Law 39)
			{"call-after-auction", diag.Error, 39, at7(19), "call 5 (N): Pass comes after the auction has ended; 1 more call follows"},
		}},
		{"bid above seven", auction.North, "1H 8S Pass Pass Pass", "1H by N", false, []want{
			{"bid-above-seven", diag.Error, 38, at7(4), "call 2 (E): 8S is inadmissible"},
		}},
		{"incomplete", auction.North, "1H Pass 2H", "", true, []want{
			{"auction-incomplete", diag.Warning, 0, at7(9), "stops after 3 calls, with W still to call"},
		}},
		{"accepted insufficient bid", auction.West, "1D ^I1C Pass Pass Pass", "1C by N", true, []want{
			{"irregularity", diag.Info, 0, at7(4), "call 2 (N): insufficient 1C after 1D accepted (Law 27A)"},
		}},
		{"^I on a sufficient bid", auction.West, "1D ^I1H Pass Pass Pass", "1H by N", true, []want{
			{"irregularity", diag.Info, 0, at7(4), "1H is marked as an accepted insufficient bid (^I) but is sufficient"},
		}},
		{"skipped turn", auction.West, "^S 1D Pass Pass Pass", "1D by N", true, []want{
			{"irregularity", diag.Info, 0, at7(1), "call 1 (W): turn skipped"},
		}},
		{"unreadable call stops the replay", auction.North, "1H relay 2H", "", false, nil},
		{"each illegal call once", auction.North, "1NT 1S X XX Pass Pass Pass", "1NT by N", false, []want{
			{"insufficient-bid", diag.Error, 27, at7(5), "call 2 (E): 1S is insufficient after 1NT"},
			{"inadmissible-double", diag.Error, 36, at7(8), "call 3 (S): X is inadmissible: 1NT is his own side's bid"},
			{"inadmissible-redouble", diag.Error, 36, at7(10), "call 4 (W): XX is inadmissible: 1NT has not been doubled"},
		}},
		{"void call ends the replay early, quietly", auction.North, "1H Pass X Pass Pass Pass", "1H by N", false, []want{
			{"inadmissible-double", diag.Error, 36, at7(9), "call 3 (S): X is inadmissible: 1H is his own side's bid"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newBoard(t, tt.dealer, tt.calls)
			checkFindings(t, b, tt.wants)
			r := b.Replayed
			got := ""
			if r.Complete {
				got = r.Contract.Describe()
			}
			if got != tt.contract || (r.Legal != tt.legal && tt.name != "unreadable call stops the replay") {
				t.Errorf("replay: %q legal %v, want %q legal %v", got, r.Legal, tt.contract, tt.legal)
			}
		})
	}
}

func TestCheckAuctionStart(t *testing.T) {
	t.Parallel()
	b := newBoard(t, auction.East, "1H Pass Pass Pass")
	b.Auction.First = auction.North
	checkFindings(t, b, []want{{"auction-start", diag.Error, 0, at7(1), "the auction starts with N, but E is the dealer"}})
	if b.Replayed.Legal || !b.Replayed.Complete || b.Replayed.Contract.Describe() != "1H by N" {
		t.Errorf("replay %+v, want complete, not legal, 1H by N", b.Replayed)
	}
	if f := b.Final(); f.FromReplay {
		t.Errorf("Final takes the replay of an auction that starts wrong")
	}
}

func TestCheckRecorded(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name                       string
		dealer                     auction.Seat
		calls                      string
		number                     int
		contract, declarer, result string
		wants                      []want
	}{
		{"agrees", auction.North, "1H Pass 4H Pass Pass Pass", 1, "4H", "N", "", nil},
		{"agrees, passed out", auction.North, "Pass Pass Pass Pass", 1, "Pass", "", "", nil},
		{"double left out", auction.North, "4H X Pass Pass Pass", 1, "4H", "N", "", []want{
			{"contract-mismatch", diag.Error, 0, "5:1", "the file's contract is 4H, the auction gives 4HX by N: the file leaves out the double"},
		}},
		{"redouble left out", auction.North, "4H X XX Pass Pass Pass", 1, "4HX", "N", "", []want{
			{"contract-mismatch", diag.Error, 0, "5:1", "leaves out the redouble"},
		}},
		{"plain contract mismatch", auction.North, "4H Pass Pass Pass", 1, "4S", "N", "", []want{
			{"contract-mismatch", diag.Error, 0, "5:1", "the file's contract is 4S, the auction gives 4H by N"},
		}},
		{"passed out in the file only", auction.North, "4H Pass Pass Pass", 1, "Pass", "", "", []want{
			{"contract-mismatch", diag.Error, 0, "5:1", "the file's contract is Pass, the auction gives 4H by N"},
		}},
		// rpbridge: [Dealer "E"] [Auction "E"] 1NT AP, [Declarer "W"].
		{"leading passes left out", auction.East, "1NT Pass Pass Pass", 2, "1NT", "W", "", []want{
			{"declarer-mismatch", diag.Error, 0, "5:20", "the auction seems to leave out 2 leading passes; replayed from W it gives W; or else W is dummy; E named no-trump first for the side"},
		}},
		{"one leading pass left out", auction.North, "1S Pass 2S Pass Pass Pass", 0, "2S", "E", "", []want{
			{"declarer-mismatch", diag.Error, 0, "5:20", "leave out 1 leading pass; replayed from E it gives E"},
		}},
		{"rotated deal", auction.East, "1NT Pass Pass Pass", 1, "1NT", "N", "", []want{
			{"board-dealer", diag.Warning, 0, "3:1", "dealer E disagrees with board 1, which N deals"},
			{"declarer-mismatch", diag.Error, 0, "5:20", "replayed from N, the dealer of board 1, it gives N: the deal looks rotated"},
		}},
		{"dummy or passes", auction.North, "1H Pass 2H Pass Pass Pass", 0, "2H", "S", "", []want{
			{"declarer-mismatch", diag.Error, 0, "5:20", "the file's declarer is S, the auction gives 2H by N: the auction seems to leave out 2 leading passes; replayed from S it gives S; or else S is dummy; N named hearts first for the side"},
		}},
		{"dummy named", auction.North, "Pass Pass 1H Pass 2H Pass Pass Pass", 0, "2H", "N", "", []want{
			{"declarer-mismatch", diag.Error, 0, "5:20", "the file's declarer is N, the auction gives 2H by S: N is dummy; S named hearts first for the side"},
		}},
		// Passes written at the start mean none were left out: shifting the
		// replay would "explain" any mismatch within a side, so it is not offered.
		{"written passes, dummy named", auction.East, "Pass 1H Pass 2C Pass 2NT Pass 3NT Pass Pass Pass", 0, "3NT", "N", "", []want{
			{"declarer-mismatch", diag.Error, 0, "5:20", "the file's declarer is N, the auction gives 3NT by S: N is dummy; S named no-trump first for the side"},
		}},
		{"swapped declarer", auction.North, "1H Pass 2H Pass Pass Pass", 0, "2H", "^S", "", []want{
			{"irregularity", diag.Info, 54, "5:20", "declarer N and dummy S exchanged their roles"},
		}},
		{"no explanation", auction.North, "1NT Pass Pass Pass", 0, "1NT", "E", "", []want{
			{"declarer-mismatch", diag.Error, 0, "5:20", "the file's declarer is E, the auction gives 1NT by N"},
		}},
		{"illegal auction is not compared", auction.North, "1NT 1S Pass Pass Pass", 0, "7C", "W", "", []want{
			{"insufficient-bid", diag.Error, 27, at7(5), "1S"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := withFile(t, newBoard(t, tt.dealer, tt.calls), tt.contract, tt.declarer, tt.result)
			b.Number = tt.number
			checkFindings(t, b, tt.wants)
		})
	}
}

func TestCheckBoard(t *testing.T) {
	t.Parallel()
	b := newBoard(t, auction.East, "Pass Pass Pass Pass")
	b.Number = 1
	b.Vulnerable, b.VulnerableKnown = auction.VulAll, true
	b.VulnerableTag = Tag{Name: "Vulnerable", Value: "All", Loc: diag.Pos{Line: 3, Col: 20}}
	checkFindings(t, b, []want{
		{"board-dealer", diag.Warning, 0, "3:1", "dealer E disagrees with board 1, which N deals"},
		{"board-vulnerability", diag.Warning, 0, "3:20", "vulnerability All disagrees with board 1, which is None"},
	})

	b = withFile(t, newBoard(t, auction.North, ""), "?", "?", "?")
	b.Auction.Present = false
	checkFindings(t, b, []want{{"unknown-value", diag.Info, 0, "5:20", `Declarer, Contract and Result are given as "?" (unknown)`}})
	// A tag named otherwise than the standard spelling is named as the
	// file names it, not by the message kept for the standard names.
	b.File.ContractTag.Name = "contract"
	checkFindings(t, b, []want{{"unknown-value", diag.Info, 0, "5:20", `Declarer, contract and Result are given as "?" (unknown)`}})
	b.File.DeclarerTag.Value, b.File.ResultTag.Value = "N", "9"
	checkFindings(t, b, []want{{"unknown-value", diag.Info, 0, "5:1", `contract is given as "?" (unknown)`}})

	b = withDeal(t, newBoard(t, auction.North, ""), "N:AK... A... - -")
	b.Auction.Present = false
	checkFindings(t, b, []want{{"deal-invalid", diag.Error, 0, "4:7", "the deal contradicts itself: "}})
}

func TestCheckPlay(t *testing.T) {
	t.Parallel()
	allTricks := "ST S3 S2 SA  HA HJ H8 H5  HK HT H7 H4  HQ H9 H6 H3  DA DJ D8 D5  DK DT D7 D4  DQ D9 D6 D3  CA CJ C8 C5  CK CT C7 C4  CQ C9 C6 C3  SK S9 S4 H2  SQ S8 S5 D2  SJ S7 S6 C2"
	tests := []struct {
		name                       string
		calls                      string
		contract, declarer, result string
		cards                      string
		claim                      int // 0: none
		tricks                     int // -1: unknown
		wants                      []want
	}{
		{"all thirteen", "7NT Pass Pass Pass", "7NT", "N", "13", allTricks, 0, 13, nil},
		{"result mismatch", "7NT Pass Pass Pass", "7NT", "N", "12", allTricks, 0, 13, []want{
			{"result-mismatch", diag.Error, 0, "5:40", "the file's result is 12 tricks, the play gives 13"},
		}},
		{"agreed result", "7NT Pass Pass Pass", "7NT", "N", "^12", allTricks, 0, 13, []want{
			{"irregularity", diag.Info, 69, "5:40", "the players agreed 12 tricks; the play gives 13"},
		}},
		{"claim", "7NT Pass Pass Pass", "7NT", "N", "13", "ST S3 S2 SA", 13, 13, nil},
		{"claim mismatch", "7NT Pass Pass Pass", "7NT", "N", "11", "ST S3 S2 SA", 13, 13, []want{
			{"result-mismatch", diag.Error, 0, "5:40", "the claim gives 13"},
		}},
		{"impossible claim", "7NT Pass Pass Pass", "7NT", "N", "", "ST S3 S2 SA", 0 - 1, -1, nil},
		{"partial play", "7NT Pass Pass Pass", "7NT", "N", "13", "ST S3 S2 SA HA", 0, -1, nil},
		{"revoke", "7NT Pass Pass Pass", "", "", "", "HJ D6", 0, -1, []want{
			{"revoke", diag.Error, 61, "9:4", "trick 1 (S): D6 is a revoke: S holds hearts and must follow suit (Laws 44C, 61)"},
		}},
		{"card not in hand", "7NT Pass Pass Pass", "", "", "", "ST SA", 0, -1, []want{
			{"play-illegal", diag.Error, 0, "9:4", "SA is in N's hand, not S's"},
		}},
		{"play after a pass-out", "Pass Pass Pass Pass", "", "", "", "ST", 0, -1, []want{
			{"play-illegal", diag.Error, 0, "9:1", "the board is passed out, yet the file records play"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := withDeal(t, newBoard(t, auction.North, tt.calls), testDeal)
			withFile(t, b, tt.contract, tt.declarer, tt.result)
			withPlay(t, b, tt.cards)
			switch {
			case tt.claim > 0:
				b.Play.Claim, b.Play.Claimed = tt.claim, true
			case tt.claim < 0:
				b.Play.Claim, b.Play.Claimed = 0, true
				b.Play.ClaimTag = Tag{Name: "mc", Value: "0", Loc: diag.Pos{Line: 9, Col: 20}}
				tt.wants = []want{{"claim-impossible", diag.Error, 68, "9:20", "a claim of 0 tricks is impossible: declarer's side has already won 1"}}
			}
			checkFindings(t, b, tt.wants)
			r := b.Replayed
			if (tt.tricks >= 0) != r.TricksKnown || (r.TricksKnown && r.Tricks != tt.tricks) {
				t.Errorf("replayed tricks %d (known %v), want %d", r.Tricks, r.TricksKnown, tt.tricks)
			}
			if len(b.Play.Cards) > 0 && tt.wants == nil {
				if c := b.Play.Cards[0]; c.Seat != auction.East || c.Trick != 0 {
					t.Errorf("first card seated %s trick %d, want E trick 0", c.Seat, c.Trick)
				}
				if n := len(b.Play.Cards); n > 4 {
					if c := b.Play.Cards[4]; c.Seat != auction.North || c.Trick != 1 {
						t.Errorf("fifth card seated %s trick %d, want N (winner of trick 1) trick 1", c.Seat, c.Trick)
					}
				}
			}
		})
	}
}

// TestCheckPlayColumns replays a play given by seat, as PBN's columns give
// it: a seat out of turn, a lead out of turn, a marked revoke.
func TestCheckPlayColumns(t *testing.T) {
	t.Parallel()
	seated := func(cards ...string) *Board {
		b := withDeal(t, newBoard(t, auction.North, "7NT Pass Pass Pass"), testDeal)
		b.Play.Present, b.Play.First = true, auction.East
		b.Play.Tag = Tag{Name: "Play", Value: "E", Loc: diag.Pos{Line: 8, Col: 1}}
		for i, s := range cards {
			mark, text, _ := strings.Cut(s, ":")
			seat, _ := auction.ParseSeat(mark[len(mark)-1:])
			c, err := auction.ParseCard(text)
			if err != nil {
				t.Fatal(err)
			}
			pc := PlayedCard{Card: c, Text: text, Seat: seat, Trick: i / 4, Loc: diag.Pos{Line: 9, Col: int32(1 + 3*i)}}
			pc.OutOfTurn = strings.HasPrefix(mark, "^L")
			pc.Revoke = strings.HasPrefix(mark, "^R")
			b.Play.Cards = append(b.Play.Cards, pc)
		}
		return b
	}
	checkFindings(t, seated("E:ST", "S:S3", "W:S2", "N:SA"), nil)
	checkFindings(t, seated("E:ST", "W:S2"), []want{{"play-illegal", diag.Error, 44, "9:4", "trick 1 (W): S2 is played out of turn: it is S's turn"}})
	checkFindings(t, seated("^LW:S2", "N:SA", "E:ST", "S:S3"), []want{{"irregularity", diag.Info, 53, "9:1", "trick 1 (W): S2 led out of turn"}})
	checkFindings(t, seated("E:HJ", "^RS:D6"), []want{{"irregularity", diag.Info, 64, "9:4", "D6 is a revoke that was not noticed in time"}})

	b := seated("S:S3")
	b.Play.First = auction.South
	checkFindings(t, b, []want{{"play-illegal", diag.Error, 41, "8:1", "the play starts with S, but E, on declarer N's left, makes the opening lead"}})
}

func TestFinal(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name                       string
		calls                      string
		contract, declarer, result string
		wantC, wantD, wantR        string
	}{
		{"replay wins", "4H X Pass Pass Pass", "4H", "S", "10", "4HX", "N", "10"},
		{"file when incomplete", "4H X", "4H", "S", "10", "4H", "S", "10"},
		{"file when illegal", "4H 1S Pass Pass Pass", "4H", "N", "9", "4H", "N", "9"},
		{"unknown kept", "4H", "?", "?", "?", "?", "?", "?"},
		{"passed out", "Pass Pass Pass Pass", "", "", "", "Pass", "", ""},
		{"agreed", "4H Pass Pass Pass", "4H", "N", "^9", "4H", "N", "^9"},
		{"swapped declarer kept", "4H Pass Pass Pass", "4H", "^N", "", "4H", "^N", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := withFile(t, newBoard(t, auction.North, tt.calls), tt.contract, tt.declarer, tt.result)
			Check(b)
			if c, d, r := b.ContractText(), b.DeclarerText(), b.ResultText(); c != tt.wantC || d != tt.wantD || r != tt.wantR {
				t.Errorf("got %q %q %q, want %q %q %q", c, d, r, tt.wantC, tt.wantD, tt.wantR)
			}
		})
	}
}

func TestCheckScore(t *testing.T) {
	t.Parallel()
	tests := []struct {
		vul                        auction.Vulnerability
		contract, declarer, result string
		score                      string
		want                       []want
	}{
		{auction.VulNone, "4H", "N", "10", "NS 420", nil},
		{auction.VulEW, "3NTX", "W", "7", "NS 500", nil},
		{auction.VulEW, "3NTX", "W", "7", "-500", nil},
		{auction.VulAll, "Pass", "", "", "NS 0", nil},
		{auction.VulEW, "3NTX", "W", "7", "EW 100", []want{{"score-mismatch", diag.Warning, 77, "6:1", "the file's score is NS -100; 3NTX by W with 7 tricks scores NS 500, vulnerability EW"}}},
	}
	for _, tt := range tests {
		b := withFile(t, &Board{Vulnerable: tt.vul, VulnerableKnown: true}, tt.contract, tt.declarer, tt.result)
		b.File.ScoreTag = Tag{Name: "Score", Value: tt.score, Loc: diag.Pos{Line: 6, Col: 1}}
		ns, err := ParseScore(tt.score, b.File.Declarer, b.File.DeclarerKnown)
		b.File.ScoreNS, b.File.ScoreKnown = ns, err == nil
		checkFindings(t, b, tt.want)
	}
}

func TestCodesListed(t *testing.T) {
	t.Parallel()
	listed := map[string]bool{}
	for _, c := range diag.Codes {
		if listed[string(c.Code)] {
			t.Errorf("code %s listed twice", c.Code)
		}
		listed[string(c.Code)] = true
	}
	for _, code := range []string{string(diag.AuctionIncomplete), string(diag.AuctionStart), string(diag.Irregularity), string(diag.ContractMismatch),
		string(diag.DeclarerMismatch), string(diag.ResultMismatch), string(diag.DealInvalid), string(diag.BoardDealer), string(diag.BoardVulnerability),
		string(diag.PlayIllegal), string(diag.Revoke), string(diag.ClaimImpossible), string(diag.UnknownValue), string(diag.ScoreMismatch), string(diag.UnreadableValue),
		string(diag.UnreadableCall), string(diag.UnreadableCard), string(diag.PlayRotated), "insufficient-bid",
		"inadmissible-double", "inadmissible-redouble", "call-after-auction", "bid-above-seven"} {
		if !listed[code] {
			t.Errorf("code %s not in Codes", code)
		}
	}
}

// TestCheckShift follows rpbridge's layout: the auction leaves out the
// dealer's pass and his partner's, the Declarer tag and the opening lead
// agree with each other, and Final follows them.
func TestCheckShift(t *testing.T) {
	t.Parallel()
	b := withFile(t, withDeal(t, newBoard(t, auction.East, "1NT Pass Pass Pass"), testDeal), "1NT", "W", "")
	b.Play = PlayRecord{Present: true, First: auction.North, Tag: Tag{Name: "Play", Value: "N", Loc: diag.Pos{Line: 8, Col: 1}}}
	b.Play.Cards = []PlayedCard{{Card: auction.NewCard(auction.Spade, auction.Ace), Text: "SA", Seat: auction.North, Loc: diag.Pos{Line: 9, Col: 1}}}
	checkFindings(t, b, []want{{"declarer-mismatch", diag.Error, 0, "5:20",
		"the auction seems to leave out 2 leading passes; replayed from W it gives W, and so does the opening lead by N"}})
	if r := b.Replayed; r.Shift != 2 || r.Shifted.Describe() != "1NT by W" || r.Contract.Describe() != "1NT by E" {
		t.Errorf("replayed %+v, want 1NT by E shifted by 2 to 1NT by W", r)
	}
	if got := b.DeclarerText(); got != "W" {
		t.Errorf("DeclarerText() = %q, want the shifted W", got)
	}
}

// TestCheckSeatsAfterStop checks that the cards of a play given in the
// order played still get seats and tricks after a card is refused.
func TestCheckSeatsAfterStop(t *testing.T) {
	t.Parallel()
	b := withPlay(t, withDeal(t, newBoard(t, auction.North, "7NT Pass Pass Pass"), testDeal), "ST SA S3 S2 HA HJ H8 H5")
	Check(b)
	var got []string
	for _, c := range b.Play.Cards {
		got = append(got, fmt.Sprintf("%d%s:%s", c.Trick, c.Seat, c.Text))
	}
	if want := "0E:ST 0S:SA 0W:S3 0N:S2 1S:HA 1W:HJ 1N:H8 1E:H5"; strings.Join(got, " ") != want {
		t.Errorf("seats %s, want %s", strings.Join(got, " "), want)
	}
}

// BenchmarkCheck replays a board with a full auction and all 52 cards, as
// an audit of a large archive does, with one Checker.
func BenchmarkCheck(b *testing.B) {
	board := withFile(b, withDeal(b, newBoard(b, auction.North, "1NT 2H X Pass 3NT Pass 6NT Pass 7NT Pass Pass Pass"), testDeal), "7NT", "N", "13")
	withPlay(b, board, "ST S3 S2 SA HA HJ H8 H5 HK HT H7 H4 HQ H9 H6 H3 DA DJ D8 D5 DK DT D7 D4 DQ D9 D6 D3 CA CJ C8 C5 CK CT C7 C4 CQ C9 C6 C3 SK S9 S4 H2 SQ S8 S5 D2 SJ S7 S6 C2")
	var c Checker
	if fs := c.Check(board); len(fs) != 0 || board.Replayed.Tricks != 13 {
		b.Fatalf("findings %v, tricks %d", fs, board.Replayed.Tricks)
	}
	b.ReportAllocs()
	for b.Loop() {
		c.Check(board)
	}
}

// BenchmarkCheckFindings replays an auction full of illegal calls and a
// declarer mismatch, the costly case of an audit.
func BenchmarkCheckFindings(b *testing.B) {
	board := withFile(b, newBoard(b, auction.East, "1NT 1S X XX 2C Pass Pass Pass Pass"), "2C", "W", "")
	var c Checker
	b.ReportAllocs()
	for b.Loop() {
		c.Check(board)
	}
}

func ExampleCheck() {
	b := &Board{Dealer: auction.North, DealerKnown: true}
	b.Auction = AuctionRecord{Present: true, First: auction.North}
	for i, text := range strings.Fields("1NT 1S 2C Pass Pass Pass") {
		c, _ := auction.ParseCall(text)
		b.Auction.Calls = append(b.Auction.Calls, AuctionCall{Call: c, Text: text, Loc: diag.Pos{Line: 3, Col: int32(1 + 4*i)}})
	}
	for _, f := range Check(b) {
		fmt.Println(f)
	}
	fmt.Println(b.Replayed.Contract.Describe(), b.Replayed.Legal)
	// Output:
	// 3:5: error insufficient-bid: call 2 (E): 1S is insufficient after 1NT (Law 27)
	// 2C by S false
}

// TestCheckPassedOutClaim: a passed-out board whose file records a claim
// of 0 and no card (BBO's vugraph writes mc|0| so) records no play: no
// finding. A card or a claim of tricks after a pass-out still is one.
func TestCheckPassedOutClaim(t *testing.T) {
	t.Parallel()
	b := withDeal(t, newBoard(t, auction.North, "Pass Pass Pass Pass"), testDeal)
	b.Play.Claim, b.Play.Claimed = 0, true
	b.Play.ClaimTag = Tag{Name: "mc", Value: "0", Loc: diag.Pos{Line: 9, Col: 20}}
	checkFindings(t, b, nil)

	b = withDeal(t, newBoard(t, auction.North, "Pass Pass Pass Pass"), testDeal)
	b.Play.Claim, b.Play.Claimed = 3, true
	b.Play.ClaimTag = Tag{Name: "mc", Value: "3", Loc: diag.Pos{Line: 9, Col: 20}}
	checkFindings(t, b, []want{{"play-illegal", diag.Error, 0, "9:20", "the board is passed out, yet the file records play"}})
}

// TestCheckPBNClaim: a play cut short whose Result contradicts the tricks
// already won is an impossible claim (Law 68), as LIN's mc is; a possible
// one is no finding.
func TestCheckPBNClaim(t *testing.T) {
	t.Parallel()
	// 7NT by N, E leads: N wins the first trick, then two more.
	three := "ST S3 S2 SA  HA HJ H8 H5  HK HT H7 H4"
	for _, tc := range []struct {
		name, result string
		wants        []want
	}{
		{"possible", "13", nil},
		{"fewer than won", "2", []want{{"claim-impossible", diag.Error, 68, "5:40", "a claim of 2 tricks is impossible: declarer's side has already won 3"}}},
		{"agreed (Law 69), not a claim to check", "^2", []want{{"irregularity", diag.Info, 69, "5:40", "the players agreed 2 tricks"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := withDeal(t, newBoard(t, auction.North, "7NT Pass Pass Pass"), testDeal)
			withFile(t, b, "7NT", "N", tc.result)
			withPlay(t, b, three)
			b.Play.End = "*"
			checkFindings(t, b, tc.wants)
		})
	}
}
