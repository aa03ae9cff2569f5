package parser_test

import (
	"fmt"

	"github.com/bridgekit/bridgekit/parser"
)

func ExampleSniff() {
	for _, head := range []string{
		"% PBN 2.1\n[Event \"Spring Cup\"]\n",
		"pn|Ann,Bob,Cy,Di|st||md|3SAKQ...|",
		"<!DOCTYPE html><a onclick=\"hv_popuplin('pn|...')\">",
		"Board 1: north deals",
	} {
		fmt.Println(parser.Sniff([]byte(head)))
	}
	// Output:
	// pbn
	// lin
	// html
	// unknown
}
