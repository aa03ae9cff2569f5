package lin

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/internal/scan"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The LIN record grammar runs over coarse tokens: one token per run of
// consecutive pairs of the same section (the header pairs, the setup pairs,
// the calls, the cards…). participle costs about a microsecond and eight
// allocations per token, so a token per pair (some 90 for a played board)
// would cap the reader near 6 MB/s; a token per section is three to five
// for a whole board. The pairs themselves are cut by the hand-written
// scanner in lin_lexer.go.

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

// linTag names a known label; linTagNone is any other.
type linTag uint8

const (
	linTagNone linTag = iota
	linTagVG
	linTagRS
	linTagPW
	linTagMP
	linTagBN
	linTagQX
	linTagPN
	linTagST
	linTagMD
	linTagRH
	linTagAH
	linTagSV
	linTagPF
	linTagMB
	linTagAN
	linTagPC
	linTagMC
	linTagNT
	linTagPG
	linTagOther // known labels of unknown meaning (§4.3 of the LIN notes): no warning
)

// linTagClass gives each tag its section.
var linTagClass = [...]linClass{
	linTagNone: linClassOther, linTagVG: linClassHeader, linTagRS: linClassHeader, linTagPW: linClassHeader,
	linTagMP: linClassHeader, linTagBN: linClassHeader, linTagQX: linClassTable, linTagPN: linClassNames,
	linTagST: linClassSetup, linTagMD: linClassSetup, linTagRH: linClassSetup, linTagAH: linClassSetup,
	linTagSV: linClassSetup, linTagPF: linClassSetup, linTagMB: linClassAuction, linTagAN: linClassAuction,
	linTagPC: linClassPlay, linTagMC: linClassPlay, linTagNT: linClassNote, linTagPG: linClassPause,
	linTagOther: linClassOther,
}

func (t linTag) class() linClass { return linTagClass[t] }

// linLabels lists the known labels.
var linLabels = map[string]linTag{
	"vg": linTagVG, "rs": linTagRS, "pw": linTagPW, "mp": linTagMP, "bn": linTagBN, "qx": linTagQX,
	"pn": linTagPN, "st": linTagST, "md": linTagMD, "rh": linTagRH, "ah": linTagAH, "sv": linTagSV,
	"pf": linTagPF, "mb": linTagMB, "an": linTagAN, "pc": linTagPC, "mc": linTagMC, "nt": linTagNT,
	"pg": linTagPG, "ob": linTagOther, "mn": linTagOther, "sa": linTagOther, "em": linTagOther,
	"at": linTagOther, "bt": linTagOther, "ht": linTagOther, "it": linTagOther, "pa": linTagOther,
	"tu": linTagOther, "zz": linTagOther,
}

// linLabelTable is linLabels as a flat table indexed by the two lower-case letters.
var linLabelTable = func() (t [26 * 26]linTag) {
	for l, tag := range linLabels {
		t[int(l[0]-'a')*26+int(l[1]-'a')] = tag
	}
	return t
}()

// linTagOf returns the tag of a label, in any case. A letter's place in
// the alphabet, folded to lower case, is below 26 and no other byte's is:
// one comparison a byte, so that linTagOf and Pair.Known are inlined.
func linTagOf[T string | []byte](label T) linTag {
	if len(label) != 2 {
		return linTagNone
	}
	a, b := uint(label[0]|0x20-'a'), uint(label[1]|0x20-'a')
	if a >= 26 || b >= 26 {
		return linTagNone
	}
	return linLabelTable[a*26+b]
}

func knownLINLabel[T string | []byte](label T) bool { return linTagOf(label) != linTagNone }

// Section token types.
const (
	linTokHeader  lexer.TokenType = -(iota + 2) // vg rs pw mp bn
	linTokTable                                 // qx
	linTokSetup                                 // pn st md rh ah sv pf
	linTokAuction                               // mb an
	linTokPlay                                  // pc mc
	linTokOther                                 // commentary or other pairs opening a record
)

var linSymbols = map[string]lexer.TokenType{
	"EOF": lexer.EOF, "Header": linTokHeader, "Table": linTokTable, "Setup": linTokSetup,
	"Auction": linTokAuction, "Play": linTokPlay, "Other": linTokOther,
}

// linSectionTokens appends to dst one token per run of pairs of the same
// section. Pauses (pg), commentary (nt) and labels without structure join
// the run they interrupt (vugraph commentary falls between any two calls or
// cards, and would otherwise multiply the tokens), and so does a pn repeated
// after the auction began. A token's value is the label of the run's first
// pair, its position that pair's.
//
// Pairs before a vg that no board needs (pf|y|, a setting BBO vugraph
// archives write before the header, and labels the reader does not know)
// are settings of the file: they belong to the header.
func linSectionTokens(dst []lexer.Token, filename string, pairs []*Pair, tags []linTag) []lexer.Token {
	last := lexer.TokenType(0)
	vg := slices.Index(tags, linTagVG)
	for i, tag := range tags[:len(pairs)] {
		class := tag.class()
		if i < vg && class != linClassTable && class != linClassAuction && class != linClassPlay && tag != linTagMD {
			class = linClassHeader
		}
		t := linClassTok[class]
		switch {
		case t == 0: // commentary, a pause, a label without structure
			if last != 0 {
				continue
			}
			t = linTokOther
		case t == last:
			continue
		case class == linClassNames && (last == linTokAuction || last == linTokPlay):
			continue
		}
		last = t
		p := pairs[i]
		dst = append(dst, lexer.Token{Type: t, Value: p.Label, Pos: lexer.Position{
			Filename: filename, Offset: p.Pos.Offset, Line: int(p.Pos.Line), Column: int(p.Pos.Col)}})
	}
	return dst
}

// linClassTok is the section token of each class of pairs, 0 for the
// classes that join the run they interrupt.
var linClassTok = [...]lexer.TokenType{
	linClassHeader: linTokHeader, linClassTable: linTokTable, linClassNames: linTokSetup,
	linClassSetup: linTokSetup, linClassAuction: linTokAuction, linClassPlay: linTokPlay,
	linClassPause: 0,
}

// linLexer is the lexer.Definition of the record grammar: it scans LIN text
// into pairs and hands out section tokens. The reader does the same work
// record by record and feeds the parser directly (see Reader.linParse); this
// definition is what the parser is built with, and it lexes one record's text
// on its own.
type linLexer struct{}

// Symbols implements lexer.Definition.
func (linLexer) Symbols() map[string]lexer.TokenType { return linSymbols }

// Lex implements lexer.Definition: it reads all of r as the pairs of one
// record and returns their section tokens.
func (linLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	sc := newLINScanner(r, maxLINRecord)
	var pairs []*Pair
	var tags []linTag
	for {
		ok, err := sc.next()
		if err != nil {
			return nil, &lexer.Error{Msg: err.Error(), Pos: lexer.Position{Filename: filename, Offset: sc.pos.Offset, Line: int(sc.pos.Line), Column: int(sc.pos.Col)}}
		}
		if !ok {
			break
		}
		for _, it := range sc.out {
			if it.kind == linItemPair {
				p := &Pair{Label: string(sc.buf[it.start-sc.base : it.labelEnd-sc.base]), Pos: it.startPos()}
				pairs = append(pairs, p)
				tags = append(tags, linTagOf(p.Label))
			}
		}
		sc.out = sc.out[:0]
	}
	return &linTokenLexer{toks: linSectionTokens(nil, filename, pairs, tags)}, nil
}

// linTokenLexer hands out a prepared token slice.
type linTokenLexer struct {
	toks []lexer.Token
	i    int
}

// Next implements lexer.Lexer.
func (l *linTokenLexer) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		return lexer.EOFToken(lexer.Position{}), nil
	}
	l.i++
	return l.toks[l.i-1], nil
}

// linGrammar is the structure of one record, over section tokens. Everything
// is optional, so a parse error is always a section out of order; the
// sections before it are filled in. Only the first token of each part is
// captured: the parts' presence is all the reader needs, and captures cost.
type linGrammar struct {
	Header *linGrammarHdr `parser:"Other? ( @@"`
	Board  *linGrammarBrd `parser:"| @@ )?"`
}

type linGrammarHdr struct {
	Header bool `parser:"@Header (Header | Setup)*"`
}

type linGrammarBrd struct {
	Tokens  []lexer.Token // what the board matched: nothing, when the record is only commentary
	Table   bool          `parser:"Setup? @Table? Setup?"`
	Auction bool          `parser:"@Auction?"`
	Play    bool          `parser:"@Play?"`
}

var linParser = participle.MustBuild[linGrammar](participle.Lexer(linLexer{}))

// linSectionNames name the sections in messages.
var linSectionNames = map[lexer.TokenType]string{
	linTokHeader: "a file-header pair", linTokTable: "a table (qx) pair", linTokSetup: "a board-setup pair",
	linTokAuction: "a call", linTokPlay: "a card or claim", linTokOther: "a pair",
}

// linVerdict is what the grammar says about a sequence of section tokens.
type linVerdict struct {
	kind  Kind
	bad   int    // index of the first token out of order, or -1
	after string // what that token comes after
	err   string // a failure of the grammar itself, if any
}

// linGrammarVerdict runs the record grammar over the tokens.
func linGrammarVerdict(toks []lexer.Token) linVerdict {
	v := linVerdict{kind: Notes, bad: -1}
	peek, err := lexer.Upgrade(&linTokenLexer{toks: toks})
	var g *linGrammar
	if err == nil {
		g, err = linParser.ParseFromLexer(peek)
	}
	switch {
	case g == nil:
	case g.Header != nil:
		v.kind = Header
	case g.Board == nil || len(g.Board.Tokens) == 0:
	case g.Board.Table:
		v.kind = Room
	default:
		v.kind = Single
	}
	if err == nil {
		return v
	}
	var ute *participle.UnexpectedTokenError
	if !errors.As(err, &ute) {
		v.err = err.Error()
		return v
	}
	for i, t := range toks {
		if t.Pos.Offset == ute.Unexpected.Pos.Offset {
			v.bad = i
		}
	}
	switch {
	case g != nil && g.Board != nil && g.Board.Play:
		v.after = "the play began"
	case g != nil && g.Board != nil && g.Board.Auction:
		v.after = "the auction began"
	case g != nil && g.Header != nil:
		v.after = "the file header"
	default:
		v.after = "the pairs before it"
	}
	return v
}

// linVerdicts are the verdicts on the token sequences seen so far.
var linVerdicts scan.ShapeCache[linVerdict]

// linParse runs the record grammar over the record's section tokens and
// returns the record's kind as the grammar sees it (before style checks)
// and, when a section is out of order, a diagnostic about its first pair.
// The verdict depends only on the sequence of token types, of which a file
// has few (a board is Setup Auction Play, a table Table Setup Auction
// Play…), so verdicts are kept by sequence and participle runs once per
// sequence.
func (lr *Reader) linParse(toks []lexer.Token, pairs []*Pair) (Kind, *diag.Diagnostic) {
	lr.key = lr.key[:0]
	for _, t := range toks {
		lr.key = append(lr.key, byte(t.Type))
	}
	v, ok := linVerdicts.Get(lr.key)
	if !ok {
		v = linGrammarVerdict(toks)
		if v.err == "" { // a failure of the grammar may name a place
			linVerdicts.Put(lr.key, v)
		}
	}
	switch {
	case v.err != "":
		return v.kind, linDiag(diag.Pos{}, diag.Error, "lin-grammar", v.err)
	case v.bad < 0:
		return v.kind, nil
	}
	tok := toks[v.bad]
	pair := pairAtOffset(pairs, tok.Pos.Offset)
	d := linDiag(pair.Pos, diag.Error, "lin-order", fmt.Sprintf("%s (%s) comes after %s; it is out of order", linSectionNames[tok.Type], pair.Label, v.after))
	d.Pair = diag.Clamp(pair.Index)
	return v.kind, d
}

// pairAtOffset returns the pair that starts at byte offset off.
func pairAtOffset(pairs []*Pair, off int) *Pair {
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
