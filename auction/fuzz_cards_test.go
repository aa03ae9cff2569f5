package auction

import (
	"errors"
	"strings"
	"testing"
)

// cardSeeds are card, rank and suit spellings, good and bad.
var cardSeeds = []string{
	"SA", "sa", "h10", "HT", "♠A", "♠️10", "♡q", "пТ", "тт", "трВ", "Тр7", "AS", "S", "S1", "S 10", "",
	"10", "Т", "туз", "десятка", "spades", "пики", "бубен", "\xff", "-",
}

func FuzzParseCard(f *testing.F) {
	for _, s := range cardSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if c, err := ParseCard(text); err != nil {
			var pe *ParseError
			if c != NoCard || !errors.As(err, &pe) || pe.Kind != "card" || pe.Text != text || pe.Reason == "" {
				t.Fatalf("ParseCard(%q) = %v, %v", text, c, err)
			}
		} else if back, err := ParseCard(c.String()); !c.Valid() || err != nil || back != c {
			t.Fatalf("ParseCard(%q) = %v, which reads back as %v, %v", text, c, back, err)
		}
		var pe *ParseError
		if r, err := ParseRank(text); err != nil {
			if !errors.As(err, &pe) || pe.Kind != "rank" || pe.Text != text {
				t.Fatalf("ParseRank(%q): %v", text, err)
			}
		} else if back, err := ParseRank(r.String()); !r.Valid() || err != nil || back != r {
			t.Fatalf("ParseRank(%q) = %v, which reads back as %v, %v", text, r, back, err)
		}
		if s, err := ParseSuit(text); err != nil {
			if !errors.As(err, &pe) || pe.Kind != "suit" || pe.Text != text {
				t.Fatalf("ParseSuit(%q): %v", text, err)
			}
		} else if back, err := ParseSuit(s.Symbol()); !s.Valid() || err != nil || back != s {
			t.Fatalf("ParseSuit(%q) = %v, which reads back as %v, %v", text, s, back, err)
		}
	})
}

// dealSeeds are PBN deals and hands, good and bad.
var dealSeeds = []string{
	stdDeal,
	"n:.36.akq789.a2379 a4568.qk5.t.jqt6 j973.j98742.3.k4 kqt2.at.j6542.85",
	"С:.63.ТКД987.Т9732 Т8654.КД5.10.ДВ106 В973.В98742.3.К4 КДT2.ТT.В6542.85",
	"W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -",
	"W: AT6.A74.KQT2.K84  853.K96.A863.965",
	"W:T95...Q 8.T..T5 .J..987 ...AJ62",
	"W:xxx.xx.xxxx.xxxx ... xx.xxxxx.xxxx.xx ...",
	"W:KQT2.AT.J6542.852 K.63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4",
	"N:AA.K.. KK... - -", "N:- - - -", "N:", "#", "", "X:- - - -", "N:AKQ.JT9.8765.432.",
	"AKQ.JT9.8765.432", "xxxxxxxxxxxxxx...",
}

// checkDealResult checks what a deal parser returned: a deal that
// validates, a *DealError with problems that the deal shows (apart from
// cards written twice in one hand, which only the text showed), or a
// *ParseError naming the text.
func checkDealResult(t *testing.T, text string, d Deal, err error) {
	t.Helper()
	var pe *ParseError
	var de *DealError
	switch {
	case err == nil:
		if v := d.Validate(); v != nil {
			t.Fatalf("%q read as %v, which is invalid: %v", text, d, v)
		}
	case errors.As(err, &de):
		if len(de.Problems) == 0 || de.Text != text {
			t.Fatalf("%q: empty or misplaced DealError %v", text, err)
		}
		shown := d.Validate() != nil
		for _, p := range de.Problems {
			shown = shown || p.Kind == DuplicateCard && p.Seat == p.Other
		}
		if !shown {
			t.Fatalf("%q: DealError %v, but the deal %v is valid", text, err, d)
		}
	case errors.As(err, &pe):
		if pe.Kind != "deal" || pe.Text != text || pe.Reason == "" {
			t.Fatalf("%q: ParseError %+v", text, pe)
		}
	default:
		t.Fatalf("%q: error of type %T: %v", text, err, err)
	}
}

func FuzzParseDeal(f *testing.F) {
	for _, s := range dealSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkFullDeal(t, text)
		d, err := ParseDeal(text)
		checkDealResult(t, text, d, err)
		if err == nil {
			for _, first := range Seats {
				if back, err := ParseDeal(d.PBN(first)); err != nil || back != d {
					t.Fatalf("%q read as %v; its PBN from %v reads back as %v, %v", text, d, first, back, err)
				}
			}
			if back, _, _, err := ParseLINDeal(d.LIN(South)); err != nil || back != d.Complete() {
				t.Fatalf("%q read as %v; its LIN %s reads back as %v, %v", text, d, d.LIN(South), back, err)
			}
		}
		if h, err := ParseHand(text); err == nil {
			if back, err := ParseHand(h.String()); err != nil || back != h {
				t.Fatalf("ParseHand(%q) = %v does not read back: %v, %v", text, h, back, err)
			}
		}
	})
}

// checkFullDeal fails when parseFullDeal reads text otherwise than
// parseDeal does.
func checkFullDeal(t *testing.T, text string) {
	t.Helper()
	d, ok := parseFullDeal(text)
	if !ok {
		return
	}
	if want, err := parseDeal(text); err != nil || d != want {
		t.Fatalf("parseFullDeal(%q) = %v; parseDeal reads %v, %v", text, d, want, err)
	}
}

func TestParseFullDeal(t *testing.T) {
	t.Parallel()
	const full = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"
	for _, tt := range []struct {
		text string
		ok   bool
	}{
		{full, true},
		{"e" + full[1:], true},
		{strings.ToLower(full), true},
		{full + " ", false},
		{strings.Replace(full, " ", "  ", 1), false},
		{strings.Replace(full, "AT.", "A10.", 1), false},
		{strings.Replace(full, "KQT2", "KQT", 1), false},
		{strings.Replace(full, "KQT2", "KQT3", 1), false},
		{strings.Replace(full, "KQT2", "KQTT", 1), false},
		{strings.Replace(full, "KQT2", "KQT22", 1), false},
		{strings.Replace(full, "KQT2.AT", "KQT2AT", 1), false},
		{"N:.63.AKQ987.A9732 - J973.J98742.3.K4 KQT2.AT.J6542.85", false},
		{"X" + full[1:], false},
		{full[:1] + full[2:], false},
	} {
		if _, ok := parseFullDeal(tt.text); ok != tt.ok {
			t.Errorf("parseFullDeal(%q): %v, want %v", tt.text, ok, tt.ok)
		}
		checkFullDeal(t, tt.text)
	}
}

// checkFullLINDeal fails when parseFullLINDeal reads text otherwise than
// parseLINDeal does.
func checkFullLINDeal(t *testing.T, text string) {
	t.Helper()
	d, dealer, has, ok := parseFullLINDeal(text)
	if !ok {
		return
	}
	if want, wantDealer, wantHas, err := parseLINDeal(text); err != nil || d != want || dealer != wantDealer || has != wantHas {
		t.Fatalf("parseFullLINDeal(%q) = %v, %v, %v; parseLINDeal reads %v, %v, %v, %v", text, d, dealer, has, want, wantDealer, wantHas, err)
	}
}

func TestParseFullLINDeal(t *testing.T) {
	t.Parallel()
	const three = "3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,"
	const four = "1S9642H765DJTCQJ93,SK3HKQ8DKQ972CA84,SQJTHA432D8643CK2,SA875HJT9DA5CT765"
	for _, tt := range []struct {
		text string
		ok   bool
	}{
		{three, true},
		{strings.TrimSuffix(three, ","), true},
		{three + ",", true},
		{three[1:], true},
		{strings.ToLower(three), true},
		{four, true},
		{four + ",", true},
		{four + ",,", false},
		{"5" + three[1:], false},
		{" " + three, false},
		{strings.Replace(three, "H2568QA", "H2568Q", 1), false},
		{strings.Replace(three, "C2T,", "C2TS,", 1), false},
		{strings.Replace(three, "2T,", "2TT,", 1), false},
		{strings.Replace(three, "C2T", "C210", 1), false},
		{strings.Replace(four, "SA875", "SA876", 1), false},
		{"3S269H2568QADTQC2T,,S58QH479KDKAC38JA,S47AHJD3479C4567Q", false},
		{"2sj973hj98742d3ck4,skqt2hatdj6542c85,sh63dakq987ca9732,", true},
	} {
		if _, _, _, ok := parseFullLINDeal(tt.text); ok != tt.ok {
			t.Errorf("parseFullLINDeal(%q): %v, want %v", tt.text, ok, tt.ok)
		}
		checkFullLINDeal(t, tt.text)
	}
}

func FuzzParseLINDeal(f *testing.F) {
	for _, s := range []string{
		"3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,",
		"1S9642H765DJTCQJ93,SK3HKQ8DKQ972CA84,SQJTHA432D8643CK2,SA875HJT9DA5CT765",
		"2sj973hj98742d3ck4,skqt2hatdj6542c85,sh63dakq987ca9732,", "1SAKHJD876C5432,,,", "S10HADC",
		"3♠J973♥J98742♦3♣K4,,,", "3SВ973HВ98742D3CК4", "5SAK", "1AKS", "1SAKSQ", "1,,,,SA", "1SAA,,,", "3", "",
		"1SAxxHxD,,,",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkFullLINDeal(t, text)
		d, dealer, has, err := ParseLINDeal(text)
		checkDealResult(t, text, d, err)
		if err != nil {
			return
		}
		if d != d.Complete() {
			t.Fatalf("%q read as %v, which is not completed", text, d)
		}
		back, backDealer, backHas, err := ParseLINDeal(d.LIN(dealer))
		if err != nil || back != d || backDealer != dealer || !backHas {
			t.Fatalf("%q read as %v (dealer %v, %v); its LIN %s reads back as %v, %v, %v",
				text, d, dealer, has, d.LIN(dealer), back, backDealer, err)
		}
	})
}

// fuzzDeals are the deals FuzzPlay plays on: full, partial, an end
// position, shapes only, and nothing known.
var fuzzDeals = []string{
	stdDeal,
	"W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -",
	"N:.63.AKQ987.A9732 - J973.J98742.3.K4 KQT2.AT.J6542.85",
	"W:T95...Q 8.T..T5 .J..987 ...AJ62",
	"N:Q.J753.AK52.7642 - A95.QT986.Q3.A83 ...K",
	"W:xxx.xx.xxxx.xxxx - xx.xxxxx.xxxx.xx -",
	"N:- - - -",
}

// FuzzPlay drives a Play with arbitrary bytes: the first three choose the
// deal, the trumps and the leader; each following pair is an operation and
// a card (most bytes name one of the 52 cards, the rest are raw values).
// No input may panic; a refused operation must change nothing; the
// tricks must add up and each be won by the right card.
func FuzzPlay(f *testing.F) {
	// Cards are indexes into allCardsList: clubs 0–12, diamonds 13–25,
	// hearts 26–38, spades 39–51.
	f.Add([]byte{0, 2, 3, 0, 50, 0, 27, 0, 41, 0, 40})    // SK H3 S4 S3: North ruffs
	f.Add([]byte{0, 2, 3, 0, 50, 0, 0, 0, 29, 5, 29})     // SK C2, then H5 refused and played as a revoke
	f.Add([]byte{3, 3, 3, 0, 10, 6, 37, 7, 5, 7, 2})      // end position, a lead out of turn, claims
	f.Add([]byte{6, 4, 0, 0, 51, 5, 38, 0x0e, 12, 7, 13}) // nothing known
	f.Add([]byte{0, 1, 1, 0, 255, 0, 208})                // values that are not cards
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		d, _ := ParseDeal(fuzzDeals[int(data[0])%len(fuzzDeals)])
		trumps := Strain(data[1] % 6) // 5 is not a strain
		p, err := NewPlay(d, trumps, Seat(data[2]%4))
		if trumps > NoTrump {
			if err == nil {
				t.Fatal("NewPlay accepted strain 5")
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		cards := allCardsList()
		for ops := data[3:]; len(ops) >= 2; ops = ops[2:] {
			op, c := ops[0], Card(ops[1])
			if ops[1] < 4*52 {
				c = cards[ops[1]%52]
			}
			before := *p
			switch op % 8 {
			case 5:
				err = p.PlayRevoke(c)
			case 6:
				err = p.LeadOutOfTurn(Seat(op>>3), c)
			case 7:
				err = p.Claim(Seat(op>>3), int(int8(ops[1]))%16)
			default:
				err = p.Play(c)
			}
			var pe *PlayError
			if err != nil && (!errors.As(err, &pe) || *p != before) {
				t.Fatalf("op %d card %v: %v; changed the play: %v", op, c, err, *p != before)
			}
		}
		won := 0
		for _, tr := range p.Tricks() {
			if tr.Len() != 4 || tr.Winner != simpleWinner(tr, trumps) {
				t.Fatalf("trick %+v", tr)
			}
			won++
		}
		if p.TricksWon(NS)+p.TricksWon(EW) != won {
			t.Fatalf("%d tricks, NS %d EW %d", won, p.TricksWon(NS), p.TricksWon(EW))
		}
		if r, ok := p.Result(North); ok != p.Done() || r < 0 || r > 13 {
			t.Fatalf("result %d, %v; done %v", r, ok, p.Done())
		}
	})
}
