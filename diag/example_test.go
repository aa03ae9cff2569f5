package diag_test

import (
	"fmt"

	"github.com/bridgekit/bridgekit/diag"
)

func ExampleDiagnostic_String() {
	d := diag.Diagnostic{
		File: "events/2019/final.pbn", Game: 30, Board: 14, Span: diag.Span{Pos: diag.Pos{Line: 812, Col: 5}},
		Severity: diag.Error, Code: diag.InsufficientBid, Law: 27,
		Message: "call 7 (W): 2D is insufficient after 2H",
	}
	fmt.Println(d)
	// Output:
	// events/2019/final.pbn:812:5: board 14: error insufficient-bid: call 7 (W): 2D is insufficient after 2H (Law 27)
}
