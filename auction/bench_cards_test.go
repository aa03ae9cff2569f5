package auction

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// benchDeals returns n random full deals written in PBN, a third of them in
// lower case with "10" for the ten, as real files vary.
func benchDeals(n int) []string {
	r := rand.New(rand.NewPCG(7, 8))
	texts := make([]string, n)
	for i := range texts {
		text := randomDeal(r).PBN(Seat(i % 4))
		if i%3 == 0 {
			text = strings.ReplaceAll(strings.ToLower(text), "t", "10")
		}
		texts[i] = text
	}
	return texts
}

// totalLen is the summed length of texts, for b.SetBytes.
func totalLen(texts []string) int64 {
	n := 0
	for _, t := range texts {
		n += len(t)
	}
	return int64(n)
}

func BenchmarkParseDeal(b *testing.B) {
	texts := benchDeals(64)
	benchParse(b, ParseDeal, texts...)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(texts)), "ns/deal")
}

func BenchmarkParseLINDeal(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 10))
	texts := make([]string, 64)
	for i := range texts {
		texts[i] = randomDeal(r).LIN(Seat(i % 4))
	}
	benchParse(b, func(text string) (Deal, error) {
		d, _, _, err := ParseLINDeal(text)
		return d, err
	}, texts...)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(texts)), "ns/deal")
}

func BenchmarkDealPBN(b *testing.B) {
	r := rand.New(rand.NewPCG(11, 12))
	deals := make([]Deal, 64)
	for i := range deals {
		deals[i] = randomDeal(r)
	}
	b.ReportAllocs()
	for b.Loop() {
		for i, d := range deals {
			_ = d.PBN(Seat(i % 4))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(deals)), "ns/deal")
}

func BenchmarkParseCard(b *testing.B) {
	texts := []string{"SA", "h10", "DT", "c2", "♠K", "пТ", "трВ", "HQ"}
	b.ReportAllocs()
	for b.Loop() {
		for _, text := range texts {
			if _, err := ParseCard(text); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// playedBoard is a board with its whole play: 52 legal cards.
type playedBoard struct {
	deal   Deal
	trumps Strain
	leader Seat
	cards  []Card
}

// playedBoards plays n random deals to the end with random legal cards.
func playedBoards(tb testing.TB, n int) []playedBoard {
	r := rand.New(rand.NewPCG(13, 14))
	boards := make([]playedBoard, n)
	for i := range boards {
		bd := playedBoard{deal: randomDeal(r), trumps: Strain(r.IntN(5)), leader: Seat(r.IntN(4))}
		p, err := NewPlay(bd.deal, bd.trumps, bd.leader)
		if err != nil {
			tb.Fatal(err)
		}
		left := bd.deal
		for !p.Done() {
			seat := p.Turn()
			legal := left[seat]
			if cur := p.Current(); cur.Len() > 0 && left[seat].InSuit(cur.Cards[0].Suit()) != (Hand{}) {
				legal = left[seat].InSuit(cur.Cards[0].Suit())
			}
			cards := legal.Cards()
			c := cards[r.IntN(len(cards))]
			if err := p.Play(c); err != nil {
				tb.Fatal(err)
			}
			left[seat].Remove(c)
			bd.cards = append(bd.cards, c)
		}
		boards[i] = bd
	}
	return boards
}

// BenchmarkPlayReplay replays whole boards, every card checked for
// ownership, duplicates and revokes; ns/card is the cost of one card.
func BenchmarkPlayReplay(b *testing.B) {
	boards := playedBoards(b, 64)
	var p Play
	b.ReportAllocs()
	for b.Loop() {
		for _, bd := range boards {
			if err := p.Reset(bd.deal, bd.trumps, bd.leader); err != nil {
				b.Fatal(err)
			}
			for _, c := range bd.cards {
				if err := p.Play(c); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(boards)*52), "ns/card")
}
