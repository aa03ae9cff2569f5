package pbn_test

import (
	"fmt"
	"log"
	"strings"
	"sync"

	"github.com/bridgekit/bridgekit/parser/pbn"
)

func ExampleNewReader() {
	const text = `% PBN 2.1
[Event "##Club night"]
[Board "1"]
[Dealer "N"]
[Auction "N"]
1NT Pass 3NT =1= AP
[Note "1:to play"]

[Board "2"]
[Dealer "E"]
[Auction "E"]
Pass 1S 4H* all pass
`
	r := pbn.NewReader(strings.NewReader(text), "club.pbn")
	for g, err := range r.Games() {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("game %d at %s: %s, board %s\n", g.Index, g.Pos, g.Value("Event"), g.Value("Board"))
		auction := g.Section("Auction")
		for _, tok := range auction.Tokens {
			fmt.Printf("  %s %s %q", tok.Pos, tok.Kind, tok.Text)
			if tok.Note() > 0 {
				fmt.Printf(" note %q", auction.Note(tok.Note()).Text)
			}
			if tok.Alert {
				fmt.Print(" alerted")
			}
			fmt.Println()
		}
		for _, d := range g.Diagnostics {
			fmt.Println(" ", d)
		}
	}
	fmt.Println("PBN", pbn.Version(r.Header()))
	// Output:
	// game 1 at 1:1: Club night, board 1
	//   6:1 word "1NT"
	//   6:5 word "Pass"
	//   6:10 word "3NT" note "to play"
	//   6:18 AP "AP"
	// game 2 at 9:1: Club night, board 2
	//   12:1 word "Pass"
	//   12:6 word "1S"
	//   12:9 word "4H" alerted
	//   12:13 AP "all pass"
	//   club.pbn:12:11: game 2: warning alert-star: '*' right after a call read as an alert mark, not as the end of the auction
	//   club.pbn:12:13: game 2: warning all-pass-two-words: "all pass" read as AP
	// PBN 2.1
}

// Reading the games of one file in several goroutines: the reader only cuts
// the texts, each goroutine parses some with a parser of its own, and a
// resolver then completes the games in file order.
func ExampleReader_GameTexts() {
	const text = `[Event "##Club night"]
[Board "1"]

[Board "2"]
[Site "Hall A"]

[Board "3"]
[Site "#"]
`
	r := pbn.NewReader(strings.NewReader(text), "club.pbn")
	var texts []*pbn.GameText
	for t, err := range r.GameTexts() {
		if err != nil {
			log.Fatal(err)
		}
		texts = append(texts, t)
	}
	games := make([]*pbn.Game, len(texts))
	var wg sync.WaitGroup
	for i, t := range texts {
		wg.Go(func() { games[i] = pbn.NewParser("club.pbn").Parse(t) })
	}
	wg.Wait()
	var res pbn.Resolver
	for _, g := range games {
		res.Resolve(g)
		fmt.Printf("board %s: %s, %q\n", g.Value("Board"), g.Value("Event"), g.Value("Site"))
	}
	// Output:
	// board 1: Club night, ""
	// board 2: Club night, "Hall A"
	// board 3: Club night, "Hall A"
}
