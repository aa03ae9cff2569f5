package auction

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The deal from the PBN standard (North holds a spade void).
const stdDeal = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"

// mustDeal parses a PBN deal or fails the test.
func mustDeal(t testing.TB, text string) Deal {
	t.Helper()
	d, err := ParseDeal(text)
	if err != nil {
		t.Fatalf("ParseDeal(%q): %v", text, err)
	}
	return d
}

// randomDeal deals the 52 cards at random.
func randomDeal(r *rand.Rand) Deal {
	cards := allCardsList()
	r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	var d Deal
	for i, c := range cards {
		d[i/13].Add(c)
	}
	return d
}

func TestParseDeal(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want string // d.PBN(North)
	}{
		{stdDeal, stdDeal},
		{"E:A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85 .63.AKQ987.A9732", stdDeal},
		{"n:.36.akq789.a2379 a4568.qk5.t.jqt6 j973.j98742.3.k4 kqt2.at.j6542.85", stdDeal},
		{"N:.63.AKQ987.A9732 A8654.KQ5.10.QJ106 J973.J98742.3.K4 KQ102.A10.J6542.85", stdDeal},
		{"С:.63.ТКД987.Т9732 Т8654.КД5.T.ДВT6 В973.В98742.3.К4 КДT2.ТT.В6542.85", stdDeal},
		{"Север:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85", stdDeal},
		{"W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -", "N:- A8654.KQ5.T.QJT6 - KQT2.AT.J6542.85"},
		{"W:KQT2.AT.J6542.85 ... A8654.KQ5.T.QJT6 ...", "N:- A8654.KQ5.T.QJT6 - KQT2.AT.J6542.85"},
		{"W:- - - -", "N:- - - -"},
		// Baker Bridge: single spaces separate fields, so W and E are empty.
		{"W: AT6.A74.KQT2.K84  853.K96.A863.965", "N:AT6.A74.KQT2.K84 - 853.K96.A863.965 -"},
		// Sloppy spacing that still gives four hands.
		{"N: .63.AKQ987.A9732   A8654.KQ5.T.QJT6\tJ973.J98742.3.K4 KQT2.AT.J6542.85 ", stdDeal},
		// PBN's other white space, read as blanks: a trailing form feed
		// or vertical tab, a tab between hands.
		{"W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4\v", stdDeal},
		{"N:   ...2\f", "N:- - - ...2"},
		{"N:.63.AKQ987.A9732\tA8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85", stdDeal},
		{"N:.63.AKQ987.A9732\nA8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\r\n", stdDeal},
		// An end position.
		{"W:T95...Q 8.T..T5 .J..987 ...AJ62", "N:8.T..T5 .J..987 ...AJ62 T95...Q"},
		// A lesson diagram of shapes only.
		{"W:xxx.xx.xxxx.xxxx ... xx.xxxxx.xxxx.xx ...", "N:- xx.xxxxx.xxxx.xx - xxx.xx.xxxx.xxxx"},
		// A suit-combination diagram: four partial hands.
		{"N:754... J93... AQ... KT862...", "N:754... J93... AQ... KT862..."},
	}
	for _, tt := range tests {
		d := mustDeal(t, tt.in)
		if got := d.PBN(North); got != tt.want {
			t.Errorf("ParseDeal(%q).PBN(N)\n got %s\nwant %s", tt.in, got, tt.want)
		}
		if d.String() != d.PBN(North) {
			t.Errorf("String and PBN(N) differ for %q", tt.in)
		}
	}
}

func TestParseDealSyntaxErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"", "missing the first seat"},
		{".63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85", "missing the first seat"},
		{"X:- - - -", `"X" before the colon is not a seat`},
		{"N:", "has 0 hands, want 4"},
		{"N:- - -", "has 3 hands, want 4"},
		{"N:- - - - -", "has 5 hands, want 4"},
		{"N:-\x0e- - -", "has 3 hands, want 4"}, // 14 is no white space: a hand "-\x0e-"
		{"W:vKQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4", `'v' at character 3 (W's hand) is not a rank`},
		{"N:AKQ.JT9.8765.432 - - AKZ...", `'Z' at character 26 (W's hand) is not a rank`},
		{"N:AKQ.JT9.8765 - - -", "N's hand has 3 of the 4 suits"},
		{"N:AKQ.JT9.8765.432. - - -", `'.' at character 19 (N's hand) is a fifth suit`},
		{"С:ТКД.Ж.. - - -", `'Ж' at character 7 (N's hand) is not a rank`},
	}
	for _, tt := range tests {
		_, err := ParseDeal(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Kind != "deal" || pe.Text != tt.in || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseDeal(%q) error %v; want a deal ParseError containing %q", tt.in, err, tt.want)
		}
	}
}

func TestParseDealProblems(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want []DealProblem
		msg  string
	}{
		{ // ruby errors_10 game 12: SK twice
			"W:KQT2.AT.J6542.85 K.63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4",
			[]DealProblem{{Kind: DuplicateCard, Seat: North, Other: West, Card: NewCard(Spade, King)}},
			"SK is in both N's and W's hands",
		},
		{ // game 13: West has 14 cards, North 12
			"W:KQT2.AT.J6542.852 .63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4",
			[]DealProblem{
				{Kind: TooManyCards, Seat: West, Count: 14},
				{Kind: WrongCount, Seat: North, Other: East, Count: 12},
			},
			"W has 14 cards; a hand holds at most 13",
		},
		{ // game 14: West has 12 cards
			"W:QT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4",
			[]DealProblem{{Kind: WrongCount, Seat: West, Other: North, Count: 12}},
			"W has 12 cards while N has 13; a full deal gives every hand 13",
		},
		{ // game 17
			"W:KQT2.AT.J6542.852 - - -",
			[]DealProblem{{Kind: TooManyCards, Seat: West, Count: 14}},
			"W has 14 cards",
		},
		{
			"N:AA.K.. KK... - -",
			[]DealProblem{
				{Kind: DuplicateCard, Seat: North, Other: North, Card: NewCard(Spade, Ace)},
				{Kind: DuplicateCard, Seat: East, Other: East, Card: NewCard(Spade, King)},
			},
			"SA is written twice in N's hand; SK is written twice in E's hand",
		},
		{
			"N:A... A... A... -",
			[]DealProblem{
				{Kind: DuplicateCard, Seat: North, Other: East, Card: NewCard(Spade, Ace)},
				{Kind: DuplicateCard, Seat: North, Other: South, Card: NewCard(Spade, Ace)},
				{Kind: DuplicateCard, Seat: East, Other: South, Card: NewCard(Spade, Ace)},
			},
			"SA is in both E's and S's hands",
		},
	}
	for _, tt := range tests {
		d, err := ParseDeal(tt.in)
		var de *DealError
		if !errors.As(err, &de) {
			t.Errorf("ParseDeal(%q) error %v; want a DealError", tt.in, err)
			continue
		}
		if de.Text != tt.in || !slices.Equal(de.Problems, tt.want) {
			t.Errorf("ParseDeal(%q) problems\n got %+v\nwant %+v", tt.in, de.Problems, tt.want)
		}
		if !strings.Contains(err.Error(), tt.msg) || !strings.HasPrefix(err.Error(), "bad deal ") {
			t.Errorf("ParseDeal(%q) message %q lacks %q", tt.in, err, tt.msg)
		}
		// The deal as read comes back, and validating it finds the same
		// problems except those that only the text could show.
		if d == (Deal{}) {
			t.Errorf("ParseDeal(%q) returned no deal with its DealError", tt.in)
		}
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	ok := []string{
		stdDeal,
		"W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -",
		"W:QT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -", // partial: W's hand may show part of it
		"N:Q.J753.AK52.7642 - A95.QT986.Q3.A83 ...K",
		"N:754... J93... AQ... KT862...",
		"N:- - - -",
	}
	for _, text := range ok {
		if err := mustDeal(t, text).Validate(); err != nil {
			t.Errorf("%s: %v", text, err)
		}
	}
	var d Deal
	d[North].Add(NewCard(Heart, Two))
	d[South].Add(NewCard(Heart, Two))
	err := d.Validate()
	var de *DealError
	if !errors.As(err, &de) || de.Text != "" || err.Error() != "bad deal: H2 is in both N's and S's hands" {
		t.Errorf("Validate = %v", err)
	}
	if got := (DealProblem{}).String(); got != "DealProblem(0)" {
		t.Errorf("zero problem: %q", got)
	}
}

func TestDealRoundTrip(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		d := randomDeal(r)
		if !d.Full() {
			t.Fatalf("random deal %v not full", d)
		}
		// Hide some hands, and remove a few cards to make end positions.
		partial := d
		for _, s := range Seats {
			if r.IntN(4) == 0 {
				partial[s] = Hand{}
			}
		}
		for _, deal := range []Deal{d, partial} {
			for _, first := range Seats {
				text := deal.PBN(first)
				if !strings.HasPrefix(text, first.String()+":") {
					t.Errorf("PBN(%v) = %s", first, text)
				}
				got, err := ParseDeal(text)
				if err != nil || got != deal {
					t.Fatalf("ParseDeal(%s) = %v, %v; want %v", text, got, err, deal)
				}
			}
		}
	}
}

func TestDealQueries(t *testing.T) {
	t.Parallel()
	d := mustDeal(t, stdDeal)
	if !d.Full() {
		t.Error("standard deal not full")
	}
	for _, c := range allCardsList() {
		s, ok := d.Owner(c)
		if !ok || !d[s].Has(c) {
			t.Errorf("Owner(%v) = %v, %v", c, s, ok)
		}
	}
	hcp := 0
	for _, s := range Seats {
		hcp += d[s].HCP()
		if !d.Known(s) {
			t.Errorf("%v unknown", s)
		}
	}
	if hcp != 40 {
		t.Errorf("HCP total %d", hcp)
	}
	p := mustDeal(t, "W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -")
	if p.Full() || p.Known(North) || !p.Known(West) {
		t.Error("partial deal: wrong Full/Known")
	}
	if _, ok := p.Owner(NewCard(Spade, Three)); ok {
		t.Error("S3 is in no given hand")
	}
	// Three copies of one hand and the other 39 cards cover the deck, but
	// are no deal.
	var odd Deal
	odd[North], odd[East], odd[South] = d[North], d[North], d[North]
	odd[West] = Hand{bits: allCards &^ d[North].bits}
	if odd.Full() {
		t.Error("overlapping hands make a full deal")
	}
}

func TestComplete(t *testing.T) {
	t.Parallel()
	full := mustDeal(t, stdDeal)
	for _, s := range Seats {
		d := full
		d[s] = Hand{}
		if got := d.Complete(); got != full {
			t.Errorf("without %v: Complete = %v", s, got)
		}
	}
	unchanged := []string{
		stdDeal,
		"W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -",                // two hands
		"N:.63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4 -",  // 12 cards
		"N:AKQ.JT9.8765.432 AKQ.JT9.8765.432 J973.J98742.3.K4 -", // twice the same hand
		"W:T95...Q 8.T..T5 .J..987 -",                            // end position
	}
	for _, text := range unchanged {
		d, _ := ParseDeal(text)
		if got := d.Complete(); got != d {
			t.Errorf("%s: Complete changed it to %v", text, got)
		}
	}
}

func TestParseLINDeal(t *testing.T) {
	t.Parallel()
	std := mustDeal(t, stdDeal)
	tests := []struct {
		in        string
		want      string // PBN from North
		dealer    Seat
		hasDealer bool
	}{
		// The forum sample from the LIN notes.
		{"3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,", "N:Q85.K974.AK.AJ83 KJT3.T3.J8652.K9 962.AQ8652.QT.T2 A74.J.9743.Q7654", North, true},
		{"1S9642H765DJTCQJ93,SK3HKQ8DKQ972CA84,SQJTHA432D8643CK2,SA875HJT9DA5CT765", "N:QJT.A432.8643.K2 A875.JT9.A5.T765 9642.765.JT.QJ93 K3.KQ8.KQ972.A84", South, true},
		{"4SJ973HJ98742D3CK4,SKQT2HATDJ6542C85,SH63DAKQ987CA9732", "", East, true},
		{"2sj973hj98742d3ck4,skqt2hatdj6542c85,sh63dakq987ca9732,", "", West, true},
		{"S10HADC,,,", "N:- - T.A.. -", 0, false},
		{"1SAKHJD876C5432,,,", "N:- - AK.J.876.5432 -", South, true},
		{"1SAKHJD876C5432", "N:- - AK.J.876.5432 -", South, true},
		{"3", "N:- - - -", North, true},
		{"", "N:- - - -", 0, false},
		// ACBL order C-D-S-H, "10" for the ten, club void without its letter.
		{"3D8743SJ973HJ10987,,,", "N:- - J973.JT987.8743. -", North, true},
		{"3♠J973♥J98742♦3♣K4,,,", "N:- - J973.J98742.3.K4 -", North, true},
		{"3SВ973HВ98742D3CК4,,,", "N:- - J973.J98742.3.K4 -", North, true},
		{" 3 SJ973 HJ98742 D3 CK4 ,,,", "N:- - J973.J98742.3.K4 -", North, true},
	}
	for _, tt := range tests {
		d, dealer, has, err := ParseLINDeal(tt.in)
		if err != nil {
			t.Errorf("ParseLINDeal(%q): %v", tt.in, err)
			continue
		}
		want := tt.want
		if want == "" {
			want = std.PBN(North)
		}
		if d.PBN(North) != want || dealer != tt.dealer || has != tt.hasDealer {
			t.Errorf("ParseLINDeal(%q) = %s, %v, %v\nwant %s, %v, %v", tt.in, d.PBN(North), dealer, has, want, tt.dealer, tt.hasDealer)
		}
	}
}

func TestParseLINDealErrors(t *testing.T) {
	t.Parallel()
	syntax := []struct{ in, want string }{
		{"5SAK,,,", `'5' at character 1 is not a dealer digit`},
		{"0SAK,,,", `'0' at character 1 is not a dealer digit`},
		{"1AKS,,,", `'A' at character 2 (S's hand) is a rank before any suit letter`},
		{"1SAKYH,,,", `'Y' at character 5 (S's hand) is not a rank`},
		{"1YSAK,,,", `'Y' at character 2 (S's hand) is not a suit letter`},
		{"1xSAK,,,", `'x' at character 2 (S's hand) is a rank before any suit letter`},
		{"1SAKSQ,,,", `'S' at character 5 (S's hand) is a suit given twice`},
		{"1,,,,SA", `'S' at character 6 is after the fourth hand`},
		{"1S1,,,", `'1' at character 3 (S's hand) is not a rank`},
		{"1SA,SK,SQ,SJ,SA", "after the fourth hand"},
	}
	for _, tt := range syntax {
		_, _, _, err := ParseLINDeal(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Kind != "deal" || pe.Text != tt.in || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseLINDeal(%q) error %v; want a deal ParseError containing %q", tt.in, err, tt.want)
		}
	}
	problems := []struct {
		in   string
		want []DealProblem
	}{
		{"1SAA,,,", []DealProblem{{Kind: DuplicateCard, Seat: South, Other: South, Card: NewCard(Spade, Ace)}}},
		{"1SA,SA,,", []DealProblem{{Kind: DuplicateCard, Seat: South, Other: West, Card: NewCard(Spade, Ace)}}},
		{"3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,S3", []DealProblem{{Kind: WrongCount, Seat: East, Other: North, Count: 1}}},
	}
	for _, tt := range problems {
		_, _, _, err := ParseLINDeal(tt.in)
		var de *DealError
		if !errors.As(err, &de) || !slices.Equal(de.Problems, tt.want) {
			t.Errorf("ParseLINDeal(%q) error %v; want problems %+v", tt.in, err, tt.want)
		}
	}
}

func TestLINRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		deal   string
		dealer Seat
		want   string
	}{
		{stdDeal, North, "3SJ973HJ98742D3CK4,SKQT2HATDJ6542C85,SH63DAKQ987CA9732,"},
		{"W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -", East, "4,SKQT2HATDJ6542C85,,SA8654HKQ5DTCQJT6"},
		{"N:- - - -", South, "1,,,"},
	}
	for _, tt := range tests {
		d := mustDeal(t, tt.deal)
		if got := d.LIN(tt.dealer); got != tt.want {
			t.Errorf("%s LIN(%v) = %s, want %s", tt.deal, tt.dealer, got, tt.want)
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		d := randomDeal(r)
		partial := d
		partial[r.IntN(4)] = Hand{}
		partial[r.IntN(4)] = Hand{}
		for _, deal := range []Deal{d, partial} {
			dealer := Seat(r.IntN(4))
			text := deal.LIN(dealer)
			got, gotDealer, has, err := ParseLINDeal(text)
			if err != nil || got != deal.Complete() || gotDealer != dealer || !has {
				t.Fatalf("ParseLINDeal(%s) = %v, %v, %v, %v; want %v, %v", text, got, gotDealer, has, err, deal, dealer)
			}
		}
	}
}

// corpusDir is the real-world corpus beside the repository.
const corpusDir = "../../shared/corpus"

// corpusFiles returns the corpus files with the given extensions, skipping
// the test when the corpus is absent.
func corpusFiles(t *testing.T, exts ...string) []string {
	t.Helper()
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("no corpus at %s", corpusDir)
	}
	var files []string
	err := filepath.WalkDir(corpusDir, func(path string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() && slices.Contains(exts, strings.ToLower(filepath.Ext(path))) {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestCorpusPBNDeals reads every Deal tag of the corpus. All must read
// except the deliberately broken ones of the PBN reference tests, which
// must fail for the documented reason.
func TestCorpusPBNDeals(t *testing.T) {
	t.Parallel()
	badOnPurpose := map[string]string{
		"W:vKQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4": "is not a rank",
		"W:KQT2.AT.J6542.85 K.63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4":  "SK is in both",
		"W:KQT2.AT.J6542.852 .63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4":  "W has 14 cards",
		"W:QT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4":   "W has 12 cards",
		"W:KQT2.AT.J6542.852 - - -": "W has 14 cards",
		"#":                         "missing the first seat",
	}
	tag := regexp.MustCompile(`\[Deal "([^"]*)"\]`)
	read, failed := 0, 0
	for _, path := range corpusFiles(t, ".pbn") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tag.FindAllSubmatch(data, -1) {
			text := string(m[1])
			if text == "" {
				continue // no deal given; the PBN reader's business
			}
			d, err := ParseDeal(text)
			if want, ok := badOnPurpose[text]; ok {
				failed++
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("%s: %q: error %v, want %q", path, text, err, want)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: %v", path, err)
				continue
			}
			read++
			// What we write reads back the same.
			if again, err := ParseDeal(d.PBN(West)); err != nil || again != d {
				t.Errorf("%s: %q rewritten as %s does not read back", path, text, d.PBN(West))
			}
		}
	}
	if read == 0 {
		t.Fatal("no deal read from the corpus")
	}
	t.Logf("%d deals read, %d rejected on purpose", read, failed)
}

// TestCorpusLINDeals reads every md value of the corpus's LIN files; all
// must read, and those with three or four hands must give a full deal.
func TestCorpusLINDeals(t *testing.T) {
	t.Parallel()
	md := regexp.MustCompile(`(?i)(?:^|\|)md\|([^|]*)\|`)
	read, full := 0, 0
	for _, path := range corpusFiles(t, ".lin") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range md.FindAllSubmatch(data, -1) {
			text := string(m[1])
			d, _, has, err := ParseLINDeal(text)
			if err != nil {
				t.Errorf("%s: %v", path, err)
				continue
			}
			read++
			if strings.Count(text, ",") >= 2 && !d.Full() {
				t.Errorf("%s: %q is not a full deal", path, text)
			}
			if d.Full() {
				full++
			}
			if !has {
				t.Errorf("%s: %q: no dealer digit", path, text)
			}
		}
	}
	if read == 0 {
		t.Fatal("no md value read from the corpus")
	}
	t.Logf("%d md values read, %d full deals", read, full)
}

func TestTextMarshaling(t *testing.T) {
	t.Parallel()
	type board struct {
		Lead  Card
		Hand  Hand
		Deal  Deal
		Cards []Card
	}
	in := board{
		Lead:  NewCard(Spade, King),
		Hand:  mustDeal(t, stdDeal)[West],
		Deal:  mustDeal(t, "W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -"),
		Cards: []Card{NewCard(Heart, Three), NewCard(Club, Ten)},
	}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"Lead":"SK","Hand":"KQT2.AT.J6542.85","Deal":"N:- A8654.KQ5.T.QJT6 - KQT2.AT.J6542.85","Cards":["H3","CT"]}`
	if string(data) != want {
		t.Errorf("JSON\n got %s\nwant %s", data, want)
	}
	var out board
	if err := json.Unmarshal(data, &out); err != nil || !reflect.DeepEqual(out, in) {
		t.Errorf("JSON back: %+v, %v", out, err)
	}
	if _, err := json.Marshal(Card(0)); err == nil {
		t.Error("NoCard marshalled")
	}
	for _, bad := range []string{`{"Lead":"S1"}`, `{"Hand":"AKQ"}`, `{"Deal":"N:A... A... - -"}`} {
		keep := in
		if err := json.Unmarshal([]byte(bad), &keep); err == nil || !reflect.DeepEqual(keep, in) {
			t.Errorf("%s: %v, and the value changed: %v", bad, err, !reflect.DeepEqual(keep, in))
		}
	}
}
