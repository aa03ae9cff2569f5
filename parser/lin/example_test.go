package lin_test

import (
	"fmt"
	"strings"

	"github.com/bridgekit/bridgekit/parser/lin"
)

// ExampleReadLIN reads a board as BBO's handviewer holds it, with a line break
// where "||" should be, and prints its calls and a problem found on the way.
func ExampleNewReader() {
	const text = "pn|Ann,Ben,Cal,Dan|st\nmd|3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,|ah|Board 1|sv|o|" +
		"mb|1N|an|15-17|mb|p|mb|2D!|an|transfer|mb|p|mb|2H|mb|p|mb|p|mb|p|pc|SJ|pc|S2|"
	for rec, err := range lin.NewReader(strings.NewReader(text), "board.lin").Records() {
		if err != nil {
			fmt.Println(err)
			continue
		}
		board, _ := rec.Board()
		d, _, _ := rec.Deal()
		fmt.Printf("record %d: %s board %d, dealer %d, %d pairs\n", rec.Index, rec.Kind, board, d.Dealer, len(rec.Pairs))
		for _, c := range rec.Calls() {
			line := fmt.Sprintf("  %-3s alert=%v", c.Text, c.Alert)
			if c.Note != "" {
				line += " (" + c.Note + ")"
			}
			fmt.Println(line)
		}
		for _, d := range rec.Diagnostics {
			fmt.Println(d)
		}
	}
	// Output:
	// record 1: single board 1, dealer 3, 17 pairs
	//   1N  alert=false (15-17)
	//   p   alert=false
	//   2D  alert=true (transfer)
	//   p   alert=false
	//   2H  alert=false
	//   p   alert=false
	//   p   alert=false
	//   p   alert=false
	// board.lin:1:20: game 1: pair 2: warning lin-missing-bar: label st is followed by a line break instead of ||; read as an empty value
}

// ExampleExtractLIN decodes the LIN of a handviewer link. BBO writes its links
// form-encoded: + for a space, %2B for a plus sign.
func ExampleExtract() {
	const url = "https://www.bridgebase.com/tools/handviewer.html?bbo=y&lin=pn%7CAnn%2CBen%2CCal%2CDan%7Cah%7CBoard+12%7Cmb%7C2C%21%7Can%7C22%2B+HCP%7C"
	for _, f := range lin.Extract(url) {
		fmt.Println(f.Source, f.Offset)
		fmt.Println(f.Text)
	}
	// Output:
	// url 59
	// pn|Ann,Ben,Cal,Dan|ah|Board 12|mb|2C!|an|22+ HCP|
}
