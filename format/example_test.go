package format_test

import (
	"fmt"
	"strings"

	"github.com/bridgekit/bridgekit/format"
)

// A messy game in import format comes out in the one canonical layout
// (line ends shown as LF; the writer ends lines with CRLF).
func ExampleSource() {
	src := `[Board "07"] [Dealer "s"] [Vulnerable "Both"]
[Deal "e:k5.aq3.t987.k432 AQJ2.K42.AJ.AQJ5 T98.J9876.Q.T876 7643.T5.K65432.9"]
[Zebra "unknown tags survive"]
[Auction "S"]
1nt !! pass 3nt ap
`
	out, err := format.Source([]byte(src), "game.pbn")
	if err != nil {
		fmt.Println(err)
	}
	fmt.Print(strings.ReplaceAll(string(out), "\r\n", "\n"))
	// Output:
	// % PBN 2.1
	// % EXPORT
	// %Content-type: text/x-pbn; charset=UTF-8
	// [Event "?"]
	// [Site "?"]
	// [Date "?"]
	// [Board "7"]
	// [West "?"]
	// [North "?"]
	// [East "?"]
	// [South "?"]
	// [Dealer "S"]
	// [Vulnerable "All"]
	// [Deal "S:AQJ2.K42.AJ.AQJ5 T98.J9876.Q.T876 7643.T5.K65432.9 K5.AQ3.T987.K432"]
	// [Scoring "?"]
	// [Declarer "S"]
	// [Contract "3NT"]
	// [Result "?"]
	// [Zebra "unknown tags survive"]
	// [Auction "S"]
	// 1NT $3 Pass 3NT AP
}
