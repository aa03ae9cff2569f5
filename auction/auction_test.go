package auction

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
)

// buildAuction replays tokens from dealer: calls in any ParseCall spelling, PBN's
// "^S" for a skipped turn, and "^I" before an accepted insufficient bid.
func buildAuction(dealer Seat, tokens []string) (*Auction, error) {
	a := NewAuction(dealer)
	accept := false
	for _, tok := range tokens {
		switch tok {
		case "^S":
			if err := a.Skip(); err != nil {
				return a, err
			}
			continue
		case "^I":
			accept = true
			continue
		}
		c, err := ParseCall(tok)
		if err != nil {
			return a, err
		}
		if accept {
			err = a.AppendAccepted(c)
		} else {
			err = a.Append(c)
		}
		if err != nil {
			return a, err
		}
		accept = false
	}
	return a, nil
}

// replayAuction is buildAuction for space-separated tokens, failing the test on error.
func replayAuction(t testing.TB, dealer Seat, calls string) *Auction {
	t.Helper()
	a, err := buildAuction(dealer, strings.Fields(calls))
	if err != nil {
		t.Fatalf("replay %s: %q: %v", dealer, calls, err)
	}
	return a
}

func mustParseCall(t testing.TB, text string) Call {
	t.Helper()
	c, err := ParseCall(text)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Every legality rule of RULES.md and the seeds, one case per situation.
func TestLegality(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		dealer Seat
		before string // calls already made
		call   string
		want   *Infraction // nil: legal
	}{
		// Pass is always legal while the auction is open.
		{"pass opens", North, "", "Pass", nil},
		{"pass after pass", North, "P", "P", nil},
		{"pass after double", North, "1H X", "P", nil},
		{"fourth player may open after three passes", North, "P P P", "1C", nil},
		{"fourth player may pass the board out", East, "P P P", "P", nil},
		{"seed: a player who passed may bid later", North, "P 1C P P", "1H", nil},
		{"seed: or pass, then double next time", North, "P 1C P P", "X", nil},

		// Law 27: a bid must outrank the last bid, whoever made it.
		{"opening bid", South, "", "7NT", nil},
		{"seed: W may bid above 2D", North, "1C 1H 2D", "2H", nil},
		{"seed: W may not bid 2C", North, "1C 1H 2D", "2C", ErrInsufficientBid},
		{"same bid again", North, "1C 1H 2D", "2D", ErrInsufficientBid},
		{"lower level", North, "1C 1H 2D", "1NT", ErrInsufficientBid},
		{"next level", North, "1C 1H 2D", "3C", nil},
		{"over own side's bid too", North, "1S P", "1H", ErrInsufficientBid},
		{"over 2C doubled, 2D is sufficient", North, "2C X", "2D", nil},
		{"over 2C redoubled, 2D is sufficient", North, "2C X XX", "2D", nil},
		{"2C over 2C doubled", North, "2C X", "2C", ErrInsufficientBid},
		{"nothing above 7NT", North, "7NT", "7NT", ErrInsufficientBid},
		{"seed: two hearts overcalled by two spades", West, "2H", "2S", nil},
		{"seed: two hearts not by two diamonds", West, "2H", "2D", ErrInsufficientBid},

		// Law 36: doubles.
		{"RULES: W may double S's 2H", North, "1H 1S 2H", "X", nil},
		{"RULES: W may not double partner's 1S", North, "1H 1S P", "X", ErrDoubleOwnSide},
		{"double of one's own bid", North, "1H X P P", "X", ErrDoubleOwnSide},
		{"double in the pass-out seat", North, "1H P P", "X", nil},
		{"double at the start", North, "", "X", ErrNothingToDouble},
		{"double after passes only", North, "P P", "X", ErrNothingToDouble},
		{"double of a doubled bid", North, "1H X P", "X", ErrAlreadyDoubled},
		{"double of a redoubled bid", North, "1H X XX", "X", ErrAlreadyDoubled},
		{"a new bid can be doubled", North, "1H X 1S", "X", nil},

		// Law 36: redoubles.
		{"RULES: W may redouble partner's bid doubled", North, "1H 1S X", "XX", nil},
		// The first seed says W may redouble here; his partner made the
		// double, so Law 36 forbids it, and RULES.md restates it so.
		{"RULES: W may not redouble his side's double", North, "1H X P", "XX", ErrRedoubleOwnSide},
		{"RULES: N may, one round later", North, "1H X P P", "XX", nil},
		{"redouble straight after the double", North, "1H X", "XX", nil},
		{"seed: a bid since the double", North, "1H X 1S P", "XX", ErrBidSinceDouble},
		{"a bid since, by the doubler's side", North, "1H X P 1S", "XX", ErrBidSinceDouble},
		{"seed: redoubled already", North, "1H X XX P", "XX", ErrAlreadyRedoubled},
		{"redouble at the start", North, "", "XX", ErrNothingToRedouble},
		{"redouble of an undoubled bid", North, "1H", "XX", ErrNothingToRedouble},
		{"redouble of own undoubled bid", North, "1H P", "XX", ErrNothingToRedouble},

		// Law 39: the auction is over.
		{"pass after the end", North, "1H P P P", "P", ErrAuctionOver},
		{"bid after the end", North, "1H P P P", "2H", ErrAuctionOver},
		{"double after the end", North, "1H P P P", "X", ErrAuctionOver},
		{"after a pass-out", West, "P P P P", "1C", ErrAuctionOver},
		{"after a redouble stood", North, "1H X XX P P P", "P", ErrAuctionOver},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := replayAuction(t, tt.dealer, tt.before)
			c := mustParseCall(t, tt.call)
			checkAppend(t, a, c, tt.want)
		})
	}
}

// checkAppend asserts that Legal, LegalCalls and Append all agree that c is
// legal (want nil) or illegal for reason want, and that a refused call
// leaves the auction as it was.
func checkAppend(t *testing.T, a *Auction, c Call, want *Infraction) {
	t.Helper()
	before, n, set := a.String(), a.Len(), a.LegalCalls()
	legal := a.Legal(c)
	if got := set.Has(c); got != (want == nil) {
		t.Errorf("LegalCalls() = %s; has %v = %v, want %v", set, c, got, want == nil)
	}
	err := a.Append(c)
	if (legal == nil) != (err == nil) || legal != nil && legal.Error() != err.Error() {
		t.Errorf("Legal(%v) = %v but Append = %v", c, legal, err)
	}
	if want == nil {
		if err != nil {
			t.Errorf("%s: Append(%v) = %v; want legal", before, c, err)
		}
		if a.Len() != n+1 || a.Calls()[n] != c {
			t.Errorf("Append(%v) did not append: %s", c, a)
		}
		return
	}
	var ice *IllegalCallError
	if !errors.As(err, &ice) || !errors.Is(err, want) {
		t.Fatalf("%s: Append(%v) = %v; want %v", before, c, err, want)
	}
	if ice.Index != n || ice.Seat != a.Turn() || ice.Call != c || ice.Law != want.Law() || ice.Code() != want.Code() {
		t.Errorf("error fields %+v; want index %d seat %v call %v law %d", ice, n, a.Turn(), c, want.Law())
	}
	if a.String() != before || a.Len() != n || a.LegalCalls() != set {
		t.Errorf("refused %v changed the auction: %s -> %s", c, before, a)
	}
}

func TestNotACall(t *testing.T) {
	t.Parallel()
	for _, c := range []Call{0, lastBid + 1, 200, 255} {
		for _, before := range []string{"", "1H", "1H P P P"} {
			a := replayAuction(t, North, before)
			checkAppend(t, a, c, ErrNotACall)
			if err := a.AppendAccepted(c); !errors.Is(err, ErrNotACall) {
				t.Errorf("AppendAccepted(%v) = %v", c, err)
			}
		}
	}
	err := NewAuction(East).Append(0)
	if want := "call 1 (E): Call(0) is not a call"; err == nil || err.Error() != want {
		t.Errorf("Append(0) = %v; want %q", err, want)
	}
}

// The messages read like a director's notes, one per reason.
func TestErrorMessages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dealer Seat
		before string
		call   string
		want   string
	}{
		{West, "1C 1D 1H 1NT", "1S", "call 5 (W): 1S is insufficient after 1NT (Law 27)"},
		{North, "", "X", "call 1 (N): X is inadmissible: there is no bid to double (Law 36)"},
		{North, "1H 1S P", "X", "call 4 (W): X is inadmissible: 1S is his own side's bid (Law 36)"},
		{North, "1H X P", "X", "call 4 (W): X is inadmissible: 1H is already doubled (Law 36)"},
		{North, "1H X XX", "X", "call 4 (W): X is inadmissible: 1H is already redoubled (Law 36)"},
		{South, "P", "XX", "call 2 (W): XX is inadmissible: there is no double to redouble (Law 36)"},
		{North, "1H", "XX", "call 2 (E): XX is inadmissible: 1H has not been doubled (Law 36)"},
		{North, "1H X P", "XX", "call 4 (W): XX is inadmissible: the double of 1H is his own side's (Law 36)"},
		{North, "1H X 1S P", "XX", "call 5 (N): XX is inadmissible: 1S has been bid since the double (Law 36)"},
		{North, "1H X XX P", "XX", "call 5 (N): XX is inadmissible: 1H is already redoubled (Law 36)"},
		{North, "1H P P P", "1S", "call 5 (N): 1S comes after the auction has ended (Law 39)"},
	}
	for _, tt := range tests {
		a := replayAuction(t, tt.dealer, tt.before)
		err := a.Append(mustParseCall(t, tt.call))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s %q + %s: %v\nwant %s", tt.dealer, tt.before, tt.call, err, tt.want)
		}
	}
}

func TestInfractionCodes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		err  *Infraction
		code string
		law  int
	}{
		{ErrInsufficientBid, "insufficient-bid", 27},
		{ErrNothingToDouble, "inadmissible-double", 36},
		{ErrDoubleOwnSide, "inadmissible-double", 36},
		{ErrAlreadyDoubled, "inadmissible-double", 36},
		{ErrNothingToRedouble, "inadmissible-redouble", 36},
		{ErrRedoubleOwnSide, "inadmissible-redouble", 36},
		{ErrBidSinceDouble, "inadmissible-redouble", 36},
		{ErrAlreadyRedoubled, "inadmissible-redouble", 36},
		{ErrAuctionOver, "call-after-auction", 39},
		{ErrBidAboveSeven, "bid-above-seven", 38},
		{ErrNotACall, "not-a-call", 0},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		if string(tt.err.Code()) != tt.code || tt.err.Law() != tt.law || tt.err.Error() == "" {
			t.Errorf("%q: code %q law %d; want %q %d", tt.err, tt.err.Code(), tt.err.Law(), tt.code, tt.law)
		}
		if seen[tt.err.Error()] {
			t.Errorf("two reasons read %q", tt.err)
		}
		seen[tt.err.Error()] = true
	}
	e := &IllegalCallError{Reason: errors.New("made up")}
	if e.Code() != diag.NotACall || e.Error() != "call 1 (N): Call(0): made up" {
		t.Errorf("foreign reason: code %q, %q", e.Code(), e.Error())
	}
}

func TestEndOfAuction(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dealer Seat
		calls  string
		done   bool
	}{
		{North, "", false},
		{North, "P P P", false},
		{North, "P P P P", true},
		{North, "1H P P", false},
		{North, "1H P P P", true},
		{North, "P P P 1C P P", false},
		{North, "P P P 1C P P P", true},
		{North, "1H X P P", false},
		{North, "1H X P P P", true},
		{North, "1H X XX P P P", true},
		{North, "1H X 1S P P P", true},
	}
	for _, tt := range tests {
		a := replayAuction(t, tt.dealer, tt.calls)
		if a.Done() != tt.done {
			t.Errorf("%q: Done = %v, want %v", tt.calls, a.Done(), tt.done)
		}
		_, err := a.Contract()
		if tt.done != (err == nil) || !tt.done && !errors.Is(err, ErrNotFinished) {
			t.Errorf("%q: Contract error %v", tt.calls, err)
		}
		if tt.done != (a.LegalCalls() == 0) {
			t.Errorf("%q: LegalCalls = %s", tt.calls, a.LegalCalls())
		}
	}
}

// The contract and declarer of complete auctions: the RULES.md and seed
// examples, then the traps of "first to name the strain".
func TestContractAndDeclarer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		dealer Seat
		calls  string
		want   string // Contract.Describe()
	}{
		{"RULES: 2HXX by North, who bid hearts first", North, "1H 1NT 2H X XX P P P", "2HXX by N"},
		{"RULES: 2H by East", South, "1NT X XX 2H P P P", "2H by E"},
		{"passed out", North, "P P P P", "Pass"},
		{"passed out, W deals", West, "pass pass pass pass", "Pass"},
		{"fourth hand opens", North, "P P P 1C P P P", "1C by W"},
		{"seed: South first named no-trump", North, "1C P 1NT P 3NT P P P", "3NT by S"},
		{"seed: North bid spades first", North, "1S P 3S P 4S P P P", "4S by N"},
		{"partner bid the strain last", North, "1H P 2C P 2H P 4H P P P", "4H by N"},
		{"the other side named it first", North, "1H 2H P 4H P P P", "4H by E"},
		{"each side keeps its own first namer", North, "1H 2H 3H 4H 5H P P P", "5H by N"},
		{"a double stands", North, "1H 1S P P X P P P", "1SX by E"},
		{"a redouble stands", North, "1H X XX P P P", "1HXX by N"},
		{"a bid cancels the double", North, "1H X 2H P P P", "2H by N"},
		{"a bid cancels the redouble", North, "1H X XX 1S P P P", "1S by W"},
		{"the new bid doubled in turn", North, "1H X XX 1S X P P P", "1SX by W"},
		{"7NT redoubled", East, "7NT X XX P P P", "7NTXX by E"},
		{"declarer's partner raises, declarer passes", South, "1NT P 2NT P 3NT P P P", "3NT by S"},
		{"strain named first by the opening side's partner", West, "1C P 1D P 1NT P 3NT P P P", "3NT by W"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := replayAuction(t, tt.dealer, tt.calls)
			k, err := a.Contract()
			if err != nil || k.Describe() != tt.want {
				t.Errorf("%s %q: contract %s, %v; want %s", tt.dealer, tt.calls, k.Describe(), err, tt.want)
			}
			if d, ok := refDeclarer(a); ok != !k.PassedOut() || ok && d != k.Declarer {
				t.Errorf("reference declarer %v, %v; engine %v", d, ok, k.Declarer)
			}
		})
	}
}

// The seeds' examples in their own words: Russian calls, with the contract
// named as the seed names it.
func TestSeedAuctions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dealer   Seat
		calls    []string
		contract string // in the seed's words, for ParseContract
		declarer Seat
	}{
		// "С 1 Черва, В 1 БК, Ю 2 Червы, З Контра, С Реконтра, В пас, Ю
		// пас, З пас, то контрактом является „2 Червы с реконтрой“."
		{North, []string{"1 Черва", "1 БК", "2 Червы", "Контра", "Реконтра", "пас", "пас", "пас"}, "2 Червы с реконтрой", North},
		// "Юг: „одна без козыря“; Запад: „контра“; Север: „реконтра“;
		// Восток: „Две, червы“", then three passes (RULES.md: 2H by East).
		{South, []string{"одна без козыря", "контра", "реконтра", "Две, червы", "пас", "пас", "пас"}, "2 червы", East},
		// "С – 1 Трефа, В – 1 Черва, Ю – 2 Бубны", W 2 Червы and passes.
		{North, []string{"1 Трефа", "1 Черва", "2 Бубны", "2 Червы", "пас", "пас", "пас"}, "2Ч", East},
		// Four passes: "нулевая запись".
		{North, []string{"пас", "пас", "пас", "пас"}, "пас", North},
	}
	for _, tt := range tests {
		a, err := buildAuction(tt.dealer, tt.calls)
		if err != nil {
			t.Fatalf("%q: %v", tt.calls, err)
		}
		got, err := a.Contract()
		if err != nil {
			t.Fatal(err)
		}
		want, err := ParseContract(tt.contract)
		if err != nil {
			t.Fatal(err)
		}
		if !want.PassedOut() {
			want.Declarer = tt.declarer
		}
		if got != want {
			t.Errorf("%q: contract %s, want %s (%q)", tt.calls, got.Describe(), want.Describe(), tt.contract)
		}
	}
}

func TestLegalCalls(t *testing.T) {
	t.Parallel()
	allBids := bidsAbove(0)
	tests := []struct {
		dealer Seat
		calls  string
		want   CallSet
	}{
		{North, "", allBids.With(Pass)},
		{North, "P P P", allBids.With(Pass)},
		{North, "1H 1S 2H", bidsAbove(NewBid(2, Hearts)).With(Pass).With(Double)},
		{North, "1H 1S P", bidsAbove(NewBid(1, Spades)).With(Pass)},
		{North, "1H X", bidsAbove(NewBid(1, Hearts)).With(Pass).With(Redouble)},
		{North, "1H X P", bidsAbove(NewBid(1, Hearts)).With(Pass)},
		{North, "7NT", CallSet(0).With(Pass).With(Double)},
		{North, "7NT X XX", CallSet(0).With(Pass)},
		{North, "1H P P P", 0},
	}
	for _, tt := range tests {
		a := replayAuction(t, tt.dealer, tt.calls)
		if got := a.LegalCalls(); got != tt.want {
			t.Errorf("%q: LegalCalls = %s\nwant %s", tt.calls, got, tt.want)
		}
	}
	var zero Auction
	if zero.LegalCalls() != allBids.With(Pass) || zero.Turn() != North || zero.Dealer() != North || zero.Len() != 0 {
		t.Errorf("zero Auction: legal %s turn %v", zero.LegalCalls(), zero.Turn())
	}
}

// The irregularities of PBN §6.1 and the corpus's "game with all
// irregularity situations" (bridge-pbn-ruby correct_10.pbn, game 3).
func TestIrregularities(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		dealer   Seat
		calls    string
		irregs   []string // Irregularity.String()
		contract string   // "" while open
	}{
		{
			name: "PBN: W 1D, N bids an insufficient 1C", dealer: West, calls: "1D ^I 1C P P P",
			irregs:   []string{"call 2 (N): insufficient 1C after 1D accepted (Law 27A)"},
			contract: "1C by N",
		},
		{
			name: "PBN: W skipped, N opened 1D out of rotation", dealer: West, calls: "^S 1D P P P",
			irregs:   []string{"call 1 (W): turn skipped after a call out of rotation (Law 29A)"},
			contract: "1D by N",
		},
		{
			name: "PBN: W 1D, N skipped, E insufficient 1C", dealer: West, calls: "1D ^S ^I 1C P P P",
			irregs: []string{
				"call 2 (N): turn skipped after a call out of rotation (Law 29A)",
				"call 3 (E): insufficient 1C after 1D accepted (Law 27A)",
			},
			contract: "1C by E",
		},
		{
			name: "corpus: all irregularity situations", dealer: North,
			calls: "^S 1D ^I 1C 4S ^I 3NT ^S ^S X 5H X AP",
			irregs: []string{
				"call 1 (N): turn skipped after a call out of rotation (Law 29A)",
				"call 3 (S): insufficient 1C after 1D accepted (Law 27A)",
				"call 5 (N): insufficient 3NT after 4S accepted (Law 27A)",
				"call 6 (E): turn skipped after a call out of rotation (Law 29A)",
				"call 7 (S): turn skipped after a call out of rotation (Law 29A)",
			},
			contract: "5HX by N",
		},
		{
			name: "a sufficient bid marked ^I is no irregularity", dealer: North, calls: "1C ^I 1D P P P",
			contract: "1D by E",
		},
		{
			name: "a skipped turn is not a pass", dealer: North, calls: "1H ^S P P",
			irregs: []string{"call 2 (E): turn skipped after a call out of rotation (Law 29A)"},
		},
		{
			name: "nor does it break a run of passes", dealer: North, calls: "1H ^S P P P",
			irregs:   []string{"call 2 (E): turn skipped after a call out of rotation (Law 29A)"},
			contract: "1H by N",
		},
		{
			name: "a pass-out needs four passes", dealer: North, calls: "^S P P P P",
			irregs:   []string{"call 1 (N): turn skipped after a call out of rotation (Law 29A)"},
			contract: "Pass",
		},
		{
			name: "the accepted bid is the new last bid", dealer: North, calls: "2S ^I 2H 2S P P P",
			irregs:   []string{"call 2 (E): insufficient 2H after 2S accepted (Law 27A)"},
			contract: "2S by N",
		},
		{
			name: "an accepted insufficient bid can be doubled", dealer: North, calls: "2S ^I 2H X P P P",
			irregs:   []string{"call 2 (E): insufficient 2H after 2S accepted (Law 27A)"},
			contract: "2HX by E",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tokens := strings.Fields(strings.ReplaceAll(tt.calls, "AP", "P P P"))
			a, err := buildAuction(tt.dealer, tokens)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range a.Irregularities() {
				got = append(got, r.String())
				if c := a.Calls()[r.Index]; c != r.Call || a.SeatAt(r.Index) != r.Seat {
					t.Errorf("%v does not match slot %d: %v by %v", r, r.Index, c, a.SeatAt(r.Index))
				}
			}
			if !slices.Equal(got, tt.irregs) {
				t.Errorf("irregularities:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.irregs, "\n"))
			}
			k, err := a.Contract()
			if tt.contract == "" {
				if !errors.Is(err, ErrNotFinished) {
					t.Errorf("auction finished early: %s", a)
				}
			} else if err != nil || k.Describe() != tt.contract {
				t.Errorf("contract %s, %v; want %s", k.Describe(), err, tt.contract)
			}
			if d, ok := refDeclarer(a); ok && tt.contract != "" && d != k.Declarer {
				t.Errorf("reference declarer %v, engine %v", d, k.Declarer)
			}
			// String writes the tokens back in PBN spelling.
			again, err := buildAuction(tt.dealer, strings.Fields(a.String())[1:])
			if err != nil || again.String() != a.String() {
				t.Errorf("String %q does not replay: %v", a, err)
			}
		})
	}
}

func TestIrregularityRefusals(t *testing.T) {
	t.Parallel()
	a := replayAuction(t, North, "1H 1S P")
	if err := a.AppendAccepted(Double); !errors.Is(err, ErrDoubleOwnSide) {
		t.Errorf("AppendAccepted(X) of partner's bid = %v", err)
	}
	a = replayAuction(t, North, "1H P P P")
	if err := a.AppendAccepted(NewBid(1, Clubs)); !errors.Is(err, ErrAuctionOver) {
		t.Errorf("AppendAccepted after the end = %v", err)
	}
	err := a.Skip()
	if want := "call 5 (N): a skipped turn comes after the auction has ended (Law 39)"; err == nil || err.Error() != want {
		t.Errorf("Skip after the end = %v; want %q", err, want)
	}
	if a.Len() != 4 || len(a.Irregularities()) != 0 {
		t.Errorf("refusals changed the auction: %s", a)
	}
	if got := IrregularityKind(9).String(); got != "IrregularityKind(9)" {
		t.Errorf("unknown kind = %q", got)
	}
	if AcceptedInsufficientBid.String() != "insufficient-bid-accepted" || SkippedTurn.String() != "skipped-turn" {
		t.Error("irregularity codes changed")
	}
	if got := (Irregularity{Index: 2, Seat: East, Kind: 9}).String(); got != "call 3 (E): IrregularityKind(9)" {
		t.Errorf("unknown irregularity = %q", got)
	}
}

func TestResetAndAccessors(t *testing.T) {
	t.Parallel()
	a := replayAuction(t, South, "1NT ^S ^I 1C P P P")
	calls := a.Calls()
	_ = append(calls, Pass) // must not write into the auction's storage
	if !a.Done() || a.Len() != 6 || a.Dealer() != South || a.Turn() != North {
		t.Fatalf("before reset: %s done %v len %d turn %v", a, a.Done(), a.Len(), a.Turn())
	}
	a.Reset(East)
	if a.Done() || a.Len() != 0 || a.Dealer() != East || a.Turn() != East || len(a.Irregularities()) != 0 ||
		a.LegalCalls() != bidsAbove(0).With(Pass) || a.String() != "E:" {
		t.Errorf("after reset: %s", a)
	}
	if _, err := a.Contract(); !errors.Is(err, ErrNotFinished) {
		t.Errorf("Contract after reset: %v", err)
	}
	a.Reset(West + 4) // dealer is taken modulo 4
	if a.Dealer() != West {
		t.Errorf("Reset(8) dealer = %v", a.Dealer())
	}
	a = replayAuction(t, West, "1C 1D 1H 1S")
	for i, want := range []Seat{West, North, East, South, West} {
		if got := a.SeatAt(i); got != want {
			t.Errorf("SeatAt(%d) = %v, want %v", i, got, want)
		}
	}
	if a.String() != "W: 1C 1D 1H 1S" {
		t.Errorf("String = %q", a)
	}
}
