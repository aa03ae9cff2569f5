package pbn

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The participle grammar of a PBN game, over the coarse tokens of pbnLexer:
//
//	game = Lead? part*
//	part = (Tags | Section | Notes) Notes?
//
// A Section token is a tag pair that opens a section (Auction, Play, a
// table, unknown data) with its data; the Notes that follow it belong to
// it. Notes after anything else are attached by the tree builder to the
// last Auction or Play section, or reported. The grammar accepts every
// sequence the lexer produces, so that a damaged game still yields
// everything readable; what is wrong inside the tokens is found by the
// hand-written scanners that build the tree. It is kept flat: each level
// of structure costs participle more than a token.

type pbnGameNode struct {
	Lead  *lexer.Token  `parser:"@Lead?"`
	Parts []pbnPartNode `parser:"@@*"`
}

type pbnPartNode struct {
	Head  lexer.Token  `parser:"@(Tags | Section | Notes)"`
	Notes *lexer.Token `parser:"@Notes?"`
}

var pbnGrammar = participle.MustBuild[pbnGameNode](participle.Lexer(pbnLexDefinition{}))
