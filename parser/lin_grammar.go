package parser

import (
	"errors"
	"fmt"
	"io"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The LIN record grammar runs over coarse tokens: one token per run of
// consecutive pairs of the same section (the header pairs, the setup pairs,
// the calls, the cards…). participle costs about a microsecond per token,
// so a token per pair would cap the reader near 6 MB/s; a token per section
// is four to eight tokens for a whole board. The pairs themselves are cut by
// the hand-written scanner in lin_lexer.go.

// linClass is the section a label belongs to.
type linClass uint8

const (
	linClassOther   linClass = iota // unknown labels, and known ones without structure (zz, sa…)
	linClassHeader                  // vg rs pw mp bn
	linClassTable                   // qx
	linClassNames                   // pn
	linClassSetup                   // st md rh ah sv pf
	linClassAuction                 // mb an
	linClassPlay                    // pc mc
	linClassNote                    // nt
	linClassPause                   // pg
)

// linLabels maps each known label to its class. Labels of §4.3 of the LIN
// notes whose meaning is unknown are known here, as linClassOther, so that
// they pass without a warning.
var linLabels = map[string]linClass{
	"vg": linClassHeader, "rs": linClassHeader, "pw": linClassHeader, "mp": linClassHeader, "bn": linClassHeader,
	"qx": linClassTable,
	"pn": linClassNames,
	"st": linClassSetup, "md": linClassSetup, "rh": linClassSetup, "ah": linClassSetup, "sv": linClassSetup, "pf": linClassSetup,
	"mb": linClassAuction, "an": linClassAuction,
	"pc": linClassPlay, "mc": linClassPlay,
	"nt": linClassNote,
	"pg": linClassPause,
	"ob": linClassOther, "mn": linClassOther, "sa": linClassOther, "em": linClassOther, "at": linClassOther,
	"bt": linClassOther, "ht": linClassOther, "it": linClassOther, "pa": linClassOther, "tu": linClassOther,
	"zz": linClassOther,
}

// linLabelTable is linLabels as a flat table indexed by the two lower-case
// letters: 0 for an unknown label, class+1 for a known one.
var linLabelTable = func() (t [26 * 26]uint8) {
	for l, c := range linLabels {
		t[int(l[0]-'a')*26+int(l[1]-'a')] = uint8(c) + 1
	}
	return t
}()

// lookupLINLabel returns the class of a two-letter label and whether it is
// known. Anything that is not two letters is unknown.
func lookupLINLabel(label string) (linClass, bool) {
	if len(label) != 2 || !isLetter(label[0]) || !isLetter(label[1]) {
		return linClassOther, false
	}
	v := linLabelTable[int(label[0]|0x20-'a')*26+int(label[1]|0x20-'a')]
	if v == 0 {
		return linClassOther, false
	}
	return linClass(v - 1), true
}

func knownLINLabel(label []byte) bool {
	_, ok := lookupLINLabel(string(label))
	return ok
}

// Section token types.
const (
	linTokHeader lexer.TokenType = -(iota + 2)
	linTokTable
	linTokNames
	linTokSetup
	linTokAuction
	linTokPlay
	linTokNote
	linTokOther
)

var linTokOfClass = [...]lexer.TokenType{
	linClassOther: linTokOther, linClassHeader: linTokHeader, linClassTable: linTokTable,
	linClassNames: linTokNames, linClassSetup: linTokSetup, linClassAuction: linTokAuction,
	linClassPlay: linTokPlay, linClassNote: linTokNote, linClassPause: linTokOther,
}

var linSymbols = map[string]lexer.TokenType{
	"EOF": lexer.EOF, "Header": linTokHeader, "Table": linTokTable, "Names": linTokNames, "Setup": linTokSetup,
	"Auction": linTokAuction, "Play": linTokPlay, "Note": linTokNote, "Other": linTokOther,
}

// linSectionTokens appends to dst one token per run of pairs of the same
// section. Pauses (pg) and labels without structure join the run they
// follow. A token's value is the label of the run's first pair, its position
// that pair's.
func linSectionTokens(dst []lexer.Token, filename string, pairs []*LINPair) []lexer.Token {
	last := lexer.TokenType(0)
	for _, p := range pairs {
		class, _ := lookupLINLabel(p.Label)
		t := linTokOfClass[class]
		if t == last || (t == linTokOther && last != 0) {
			continue
		}
		last = t
		dst = append(dst, lexer.Token{Type: t, Value: p.Label, Pos: lexer.Position{
			Filename: filename, Offset: p.Pos.Offset, Line: p.Pos.Line, Column: p.Pos.Col}})
	}
	return dst
}

// linLexer is the lexer.Definition of the record grammar: it scans LIN text
// into pairs and hands out section tokens. The reader does the same work
// record by record and feeds the parser directly (see linParse); this
// definition is what the parser is built with, and it lexes one record's text
// on its own.
type linLexer struct{}

// Symbols implements lexer.Definition.
func (linLexer) Symbols() map[string]lexer.TokenType { return linSymbols }

// Lex implements lexer.Definition: it reads all of r as the pairs of one
// record and returns their section tokens.
func (linLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	sc := newLINScanner(r, maxLINRecord)
	var pairs []*LINPair
	for {
		ok, err := sc.next()
		if err != nil {
			return nil, &lexer.Error{Msg: err.Error(), Pos: lexer.Position{Filename: filename, Offset: sc.pos.Offset, Line: sc.pos.Line, Column: sc.pos.Col}}
		}
		if !ok {
			break
		}
		for _, it := range sc.out {
			if it.kind == linItemPair {
				pairs = append(pairs, &LINPair{Label: string(sc.buf[it.start-sc.base : it.labelEnd-sc.base]), Pos: it.pos})
			}
		}
		sc.out = sc.out[:0]
	}
	return &linTokenLexer{toks: linSectionTokens(nil, filename, pairs)}, nil
}

// linTokenLexer hands out a prepared token slice.
type linTokenLexer struct {
	toks []lexer.Token
	i    int
	eof  lexer.Position
}

// Next implements lexer.Lexer.
func (l *linTokenLexer) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		return lexer.EOFToken(l.eof), nil
	}
	l.i++
	return l.toks[l.i-1], nil
}

// linGrammar is the structure of one record, over section tokens. Everything
// is optional, so a parse error is always a section out of order; the
// sections before it are filled in.
type linGrammar struct {
	Lead   []string       `parser:"(@Note | @Other)*"`
	Header *linGrammarHdr `parser:"( @@"`
	Board  *linGrammarBrd `parser:"| @@ )?"`
}

type linGrammarHdr struct {
	Tags []string `parser:"@Header (@Header | @Names | @Setup | @Note | @Other)*"`
}

type linGrammarBrd struct {
	Prefix  []string `parser:"(@Names | @Setup | @Other)*"`
	Table   bool     `parser:"@Table?"`
	Setup   []string `parser:"(@Names | @Setup | @Note | @Other)*"`
	Auction []string `parser:"(@Auction (@Auction | @Names | @Note | @Other)*)?"`
	Play    []string `parser:"(@Play (@Play | @Names | @Note | @Other)*)?"`
}

var linParser = participle.MustBuild[linGrammar](participle.Lexer(linLexer{}))

// linSectionNames name the sections in messages.
var linSectionNames = map[lexer.TokenType]string{
	linTokHeader: "a file-header pair", linTokTable: "a table (qx) pair", linTokNames: "a player-names pair",
	linTokSetup: "a board-setup pair", linTokAuction: "a call", linTokPlay: "a card or claim",
	linTokNote: "commentary", linTokOther: "a pair",
}

// linParse runs the record grammar over the record's pairs. It returns the
// record's kind as the grammar sees it (before style checks) and, when a
// section is out of order, a diagnostic about the first such pair.
func linParse(toks []lexer.Token, pairs []*LINPair) (LINKind, *Diagnostic) {
	peek, err := lexer.Upgrade(&linTokenLexer{toks: toks})
	var g *linGrammar
	if err == nil {
		g, err = linParser.ParseFromLexer(peek)
	}
	kind := LINNotes
	switch {
	case g == nil:
	case g.Header != nil:
		kind = LINHeader
	case g.Board != nil && g.Board.Table:
		kind = LINRoom
	case g.Board != nil:
		kind = LINSingle
	}
	if err == nil {
		return kind, nil
	}
	var ute *participle.UnexpectedTokenError
	if !errors.As(err, &ute) {
		return kind, linDiag(Pos{}, Error, "lin-grammar", err.Error())
	}
	tok := ute.Unexpected
	pair := pairAtOffset(pairs, tok.Pos.Offset)
	what := linSectionNames[tok.Type]
	var after string
	switch {
	case g != nil && g.Board != nil && len(g.Board.Play) > 0:
		after = "the play began"
	case g != nil && g.Board != nil && len(g.Board.Auction) > 0:
		after = "the auction began"
	case g != nil && g.Header != nil:
		after = "the file header"
	default:
		after = "the pairs before it"
	}
	d := linDiag(pair.Pos, Error, "lin-order", fmt.Sprintf("%s (%s) comes after %s; it is out of order", what, pair.Label, after))
	d.Pair = pair.Index
	return kind, d
}

// pairAtOffset returns the pair that starts at byte offset off.
func pairAtOffset(pairs []*LINPair, off int) *LINPair {
	lo, hi := 0, len(pairs)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if pairs[mid].Pos.Offset <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return pairs[lo]
}
