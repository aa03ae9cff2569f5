// Command distinct writes PBN games whose deals all differ, to standard
// output, for bench/memory.sh: an archive of repeated corpus files holds few
// distinct deals, so it never fills the duplicate index, and the memory an
// audit takes when the index is full has to be measured on games like
// these.
//
// Usage: go run ./bench/distinct -mb 1000 > distinct.pbn
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
)

func main() {
	mb := flag.Int("mb", 100, "megabytes (10^6 bytes) to write, at least")
	seed := flag.Uint64("seed", 1, "seed of the deals")
	flag.Parse()
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	rng := rand.New(rand.NewPCG(*seed, 0))
	var cards [52]int
	for i := range cards {
		cards[i] = i
	}
	seats := [4]string{"N", "E", "S", "W"}
	vuln := [4]string{"None", "NS", "EW", "All"}
	var n int64
	for board := 1; n < int64(*mb)*1_000_000; board++ {
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		dealer := (board - 1) % 4
		k, _ := fmt.Fprintf(w, "[Event \"Distinct deals\"]\r\n[Board \"%d\"]\r\n[Dealer \"%s\"]\r\n[Vulnerable \"%s\"]\r\n[Deal \"N:%s\"]\r\n"+
			"[Declarer \"%s\"]\r\n[Contract \"3NT\"]\r\n[Auction \"%s\"]\r\n1NT Pass 3NT Pass\r\nPass Pass\r\n\r\n",
			board, seats[dealer], vuln[(board-1+(board-1)/4)%4], deal(&cards), seats[dealer], seats[dealer])
		n += int64(k)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "distinct:", err)
		os.Exit(1)
	}
}

// deal writes the hands of cards (0–51, suit-major from the spade ace) in
// PBN form, North first: cards[13*h:13*h+13] is hand h.
func deal(cards *[52]int) string {
	const ranks = "AKQJT98765432"
	var hands [4][4][]byte
	for i, c := range cards {
		hands[i/13][c/13] = append(hands[i/13][c/13], ranks[c%13])
	}
	b := make([]byte, 0, 67)
	for h := range hands {
		if h > 0 {
			b = append(b, ' ')
		}
		for s := range hands[h] {
			if s > 0 {
				b = append(b, '.')
			}
			b = append(b, sortRanks(hands[h][s], ranks)...)
		}
	}
	return string(b)
}

// sortRanks orders the rank letters of one suit from the ace down.
func sortRanks(suit []byte, ranks string) []byte {
	out := make([]byte, 0, len(suit))
	for i := range len(ranks) {
		for _, r := range suit {
			if r == ranks[i] {
				out = append(out, r)
			}
		}
	}
	return out
}
