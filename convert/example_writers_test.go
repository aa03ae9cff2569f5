package convert_test

import (
	"fmt"
	"os"

	"github.com/bridgekit/bridgekit/convert"
	"github.com/bridgekit/bridgekit/parser/pbn"
	"github.com/bridgekit/bridgekit/record"
)

// readBoards reads the boards of a PBN text for the examples.
func readBoards(src string) []*record.Board {
	f := pbn.Parse([]byte(src), "match.pbn")
	var boards []*record.Board
	for _, g := range f.Games {
		b, _ := convert.FromPBN(g, convert.PBNOptions{Header: f.Header})
		boards = append(boards, b)
	}
	return boards
}

// Two rooms of a match make a vugraph file: a header listing the results,
// then one record per table.
func ExampleLINWriter() {
	boards := readBoards(`[Event "Club teams"] [Scoring "IMP"] [HomeTeam "Lions"] [VisitTeam "Tigers"]
[Board "1"] [Room "Open"] [Dealer "N"] [Vulnerable "None"]
[North "Anna"] [East "Bob"] [South "Cleo"] [West "Dan"]
[Deal "N:AKQ2.AK2.AK2.AK2 JT98.QJT9.QJ.QJT 7654.8765.T98.98 3.43.76543.76543"]
[Result "13"]
[Auction "N"]
2C =1= Pass 2D Pass 7NT AP
[Note "1:strong"]

[Board "1"] [Room "Closed"] [Dealer "N"] [Vulnerable "None"]
[Deal "N:AKQ2.AK2.AK2.AK2 JT98.QJT9.QJ.QJT 7654.8765.T98.98 3.43.76543.76543"]
[Result "12"]
[Auction "N"]
6NT AP
`)
	w := convert.NewLINWriter(os.Stdout, convert.LINWriterOptions{})
	for _, b := range boards {
		if err := w.WriteBoard(b); err != nil {
			fmt.Println(err)
		}
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// vg|Club teams,,I,1,1,Lions,,Tigers,|
	// rs|7NN=,6NN=|
	// pn|Cleo,Dan,Anna,Bob,,,,|pg||
	// qx|o1|pn|Cleo,Dan,Anna,Bob|st||md|3S7654H8765DT98C98,S3H43D76543C76543,SAKQ2HAK2DAK2CAK2,|rh||ah|Board 1|sv|o|mb|2C|an|strong|mb|p|mb|2D|mb|p|mb|7N|mb|p|mb|p|mb|p|pg||
	// qx|c1|pn|,,,|st||md|3S7654H8765DT98C98,S3H43D76543C76543,SAKQ2HAK2DAK2CAK2,|rh||ah|Board 1|sv|o|mb|6N|mb|p|mb|p|mb|p|pg||
}

// Each board is one line of JSON with a fixed set of keys.
func ExampleJSONWriter() {
	boards := readBoards(`[Board "3"] [Dealer "S"] [Vulnerable "EW"]
[Declarer "N"] [Contract "4H"] [Result "10"]
[Auction "S"]
1H Pass 4H AP
`)
	w := convert.NewJSONWriter(os.Stdout)
	if err := w.WriteBoard(boards[0]); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"file":"match.pbn","format":"pbn","game":1,"board":3,"label":null,"match":null,"event":null,"site":null,"date":null,"room":null,"players":{"N":null,"E":null,"S":null,"W":null},"dealer":"S","vulnerable":"EW","deal":null,"scoring":null,"auction":{"first":"S","calls":["1H","Pass","4H","Pass","Pass","Pass"],"annotations":[{"index":3,"all_pass":true},{"index":4,"all_pass":true},{"index":5,"all_pass":true}],"notes":[]},"contract":"4H","declarer":"S","result":10,"claim":null,"score":420,"imps":null,"play":[],"play_annotations":[],"play_notes":[],"tables":[],"comments":[],"tags":{},"file_says":{"declarer":"N"}}
}
