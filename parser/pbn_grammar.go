package parser

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammar of a PBN game, over the coarse tokens of pbnLexer:
//
//	game    = Lead? part*
//	part    = Tags | section | Notes
//	section = Section Notes?
//
// A Section token is a tag pair that opens a section (Auction, Play, a
// table, unknown data) with its data; the Notes that follow it belong to
// it. Notes anywhere else stand alone and are reported. The grammar accepts
// every sequence the lexer produces, so that a damaged game still yields
// everything readable; what is wrong inside the tokens is found by the
// hand-written scanners that build the tree.

type pbnGameNode struct {
	Lead  *lexer.Token  `parser:"@Lead?"`
	Parts []pbnPartNode `parser:"@@*"`
}

type pbnPartNode struct {
	Tags    *lexer.Token    `parser:"  @Tags"`
	Section *pbnSectionNode `parser:"| @@"`
	Notes   *lexer.Token    `parser:"| @Notes"`
}

type pbnSectionNode struct {
	Head  lexer.Token  `parser:"@Section"`
	Notes *lexer.Token `parser:"@Notes?"`
}

var pbnGrammar = participle.MustBuild[pbnGameNode](participle.Lexer(pbnLexDefinition{}))
