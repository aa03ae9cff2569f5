package corpus_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
)

// Run over three inputs given as LIN on the command line: the results come
// out in input order whatever the number of jobs.
func ExampleRun() {
	paths := []string{"pn|Ann|md|1S|", "lin=pn%7CBob%7Cmd%7C2S%7C", "pn|Cy|md|3S|"}
	work := func(in *corpus.Input) string {
		rc, err := in.Open()
		if err != nil {
			return err.Error()
		}
		defer rc.Close()
		b, _ := io.ReadAll(rc)
		return strings.ToUpper(string(b))
	}
	emit := func(in *corpus.Input, r string, err error) {
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		fmt.Println(in.Name, r)
	}
	inputs := corpus.Inputs(paths, os.Stdin, corpus.Options{})
	if err := corpus.Run(context.Background(), inputs, corpus.RunOptions{Jobs: 3}, work, emit); err != nil {
		fmt.Println(err)
	}
	// Output:
	// <lin 1> PN|ANN|MD|1S|
	// <lin 2> PN|BOB|MD|2S|
	// <lin 3> PN|CY|MD|3S|
}

func ExampleSequencer() {
	s := corpus.NewSequencer(context.Background(), corpus.RunOptions{Jobs: 4}, func(board int) {
		fmt.Println("board", board)
	})
	for board := 1; board <= 3; board++ {
		s.Add(1, func() int { return board })
	}
	s.Wait()
	// Output:
	// board 1
	// board 2
	// board 3
}

func ExampleDuplicateIndex() {
	x := corpus.NewDuplicateIndex()
	deal := "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
	x.Add(deal, corpus.Place{File: "spring.pbn", Game: 1, Board: "7", Event: "Spring Cup"})
	x.Add(deal, corpus.Place{File: "spring.pbn", Game: 2, Board: "7", Event: "Spring Cup"}) // the other table
	for _, d := range x.Add(deal, corpus.Place{File: "autumn.pbn", Game: 5, Board: "3", Event: "Autumn Cup"}) {
		fmt.Println(d.Message())
	}
	// Output:
	// the same deal was seen at spring.pbn game 1 (board 7, event "Spring Cup")
}

func ExampleReport_WriteText() {
	var total corpus.Report
	for _, code := range []diag.Code{diag.InsufficientBid, diag.UnknownTag, diag.InsufficientBid} {
		r := corpus.Report{Files: 1, Games: 4, Boards: 4, Bytes: 2048}
		r.Formats.Add("pbn", 1)
		r.Encodings.Add("UTF-8", 1)
		sev := diag.Error
		if code == diag.UnknownTag {
			sev = diag.Info
		}
		r.AddFinding(diag.Diagnostic{Severity: sev, Code: code})
		total.Merge(&r)
	}
	total.WriteText(os.Stdout)
	// Output:
	// files        3
	// games        12
	// boards       12
	// bytes        6 KiB
	// formats      pbn 3
	// encodings    UTF-8 3
	// generators   none
	// contracts    0, passed out 0
	// numbers      none stated that bridgekit checks
	// findings     3: error 2, info 1
	//              insufficient-bid 2
	//              unknown-tag 1
}
