package pbn

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/diag"
)

// pbnTokenScanner cuts the data of an Auction or Play section into tokens,
// one per call or card, each with its annotations. It checks the lexical
// rules of PBN §3, §6 and §7 (annotation shapes and counts, irregularity
// marks, "+" and "*"), not what the calls and cards mean.
type pbnTokenScanner struct {
	p       *pbnParser
	sec     *Section
	auction bool

	slots     int
	prefix    string // a pending ^I, ^R or ^L
	prefixOff int
	plusSlot  int  // slot of the "+", -1 before one
	endOff    int  // offset of the "*", -1 before one
	lastEnd   int  // offset just past the last call, for a "*" glued to it
	quality   int  // quality annotations (suffix, $1-$6 or $7-$12) on the last token
	full      bool // maxSectionTokens were read: the rest is not
}

func (p *pbnParser) newTokenScanner(sec *Section, data []pbnItem) *pbnTokenScanner {
	n := 0
	for _, it := range data {
		if it.kind == itemData {
			n += countFields(p.lines.text[it.start:it.end])
		}
	}
	sec.Tokens = p.arena.newTokens(min(n, maxSectionTokens))[:0]
	p.tokens = pbnTokenScanner{p: p, sec: sec, auction: sec.Kind == SectionAuction, plusSlot: -1, endOff: -1, lastEnd: -1}
	return &p.tokens
}

// countFields counts the runs of non-blank characters of t: about the
// number of tokens, to size their slice.
func countFields(t string) int {
	n, in := 0, false
	for i := 0; i < len(t); i++ {
		sp := isPBNSpace(t[i])
		if !sp && !in {
			n++
		}
		in = !sp
	}
	return n
}

// what names the section's tokens in messages.
func (s *pbnTokenScanner) what() string {
	if s.auction {
		return "call"
	}
	return "card"
}

func (s *pbnTokenScanner) diag(off int, sev diag.Severity, code, msg string) {
	s.p.d.add(off, sev, code, msg)
}

func (s *pbnTokenScanner) last() *Token {
	if len(s.sec.Tokens) == 0 {
		return nil
	}
	return &s.sec.Tokens[len(s.sec.Tokens)-1]
}

// comment attaches commentary to the token before it.
func (s *pbnTokenScanner) comment(c *Comment) {
	if t := s.last(); t != nil {
		m := t.marks()
		m.Comments = append(m.Comments, c)
		return
	}
	s.sec.Comments = append(s.sec.Comments, c)
}

// isTokenStop reports whether c ends a call or card word.
func isTokenStop(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\v', '\f', '!', '?', '=', '$', '^', '*', '+', '"', '{', '}', '[', ']', ';':
		return true
	}
	return false
}

// maxSectionTokens caps the tokens of one auction or play section: the
// longest legal auction has 319 calls and a play 52 cards, and a section
// of millions of tokens would otherwise take hundreds of megabytes. The
// text past the cap is reported, once, and not read.
const maxSectionTokens = 2048

// scan reads the tokens of one run of data, text[start:end] of the game.
func (s *pbnTokenScanner) scan(start, end int) {
	t := s.p.lines.text[:end]
	for i := start; i < end; {
		if s.full {
			return
		}
		if len(s.sec.Tokens) >= maxSectionTokens {
			s.full = true
			s.diag(i, diag.Error, "too-many-tokens", "the "+s.sec.Kind.String()+" holds more than "+strconv.Itoa(maxSectionTokens)+" "+s.what()+"s; the rest is not read")
			return
		}
		c := t[i]
		switch {
		case isPBNSpace(c):
			i++
		case c == '!' || c == '?':
			i = s.suffix(t, i)
		case c == '=':
			i = s.noteRef(t, i)
		case c == '$':
			i = s.nag(t, i)
		case c == '^':
			i = s.irregularity(t, i)
		case c == '*':
			if s.auction && s.lastEnd == i {
				s.last().Alert = true
				s.diag(i, diag.Warning, "alert-star", "'*' right after a call read as an alert mark, not as the end of the auction")
			} else {
				s.add(i, TokenEnd, t[i:i+1])
			}
			i++
		case c == '+':
			s.add(i, TokenContinue, t[i:i+1])
			i++
		case c == '"':
			e, _ := scanPBNString(t, i)
			s.diag(i, diag.Error, "bad-token", "a string is not allowed among the "+s.what()+"s: "+quoteText(t[i:e]))
			i = e
		case c == ']' || c == '}':
			s.diag(i, diag.Error, "bad-token", "stray '"+t[i:i+1]+"' among the "+s.what()+"s")
			i++
		default:
			i = s.word(t, i)
		}
	}
}

// wordEnd returns the end of the word starting at t[i].
func wordEnd(t string, i int) int {
	for i < len(t) && !isTokenStop(t[i]) {
		i++
	}
	return i
}

// nextWord returns the word after t[i:] past blanks, line breaks included
// (a call split over two lines is read as one: TestRussianSplitCalls),
// with its offset, or "".
func nextWord(t string, i int) (string, int) {
	j := i
	for j < len(t) && isPBNSpace(t[j]) {
		j++
	}
	e := wordEnd(t, j)
	return t[j:e], j
}

// wordKind is what a word is by itself: the filler "-", AP in an
// auction, or a word, which may yet join the words after it.
func wordKind(w string, auction bool) TokenKind {
	switch {
	case w == "-":
		return TokenFiller
	case auction && strings.EqualFold(w, "AP"):
		return TokenAllPass
	}
	return TokenWord
}

func (s *pbnTokenScanner) word(t string, i int) int {
	e := wordEnd(t, i)
	w := t[i:e]
	kind := wordKind(w, s.auction)
	if s.auction && kind == TokenWord {
		if strings.EqualFold(w, "all") {
			if w2, j := nextWord(t, e); strings.EqualFold(w2, "pass") {
				e, kind = j+len(w2), TokenAllPass
				s.diag(i, diag.Warning, "all-pass-two-words", quoteText(t[i:e])+" read as AP")
			}
		} else if e2 := splitCallEnd(t, i, e); e2 > e {
			e = e2
			if isASCII(t[i:e]) {
				s.diag(i, diag.Warning, "split-call", "call written in several words: "+quoteText(t[i:e]))
			}
		}
	}
	w = t[i:e]
	s.checkWord(i, w)
	s.add(i, kind, w)
	s.lastEnd = e
	return e
}

// checkWord reports the spellings of a call or card the reader accepts but
// PBN export format does not.
func (s *pbnTokenScanner) checkWord(off int, w string) {
	if !isASCII(w) {
		if hasCyrillic(w) {
			s.diag(off, diag.Info, "russian-token", s.what()+" written in Russian: "+quoteText(w))
		}
		return
	}
	if s.auction && (w == "R" || w == "r") {
		s.diag(off, diag.Warning, "redouble-r", "\"R\" written for a redouble (XX)")
		return
	}
	if hasLower(w) && w != "Pass" && !strings.EqualFold(w, "all pass") {
		s.diag(off, diag.Warning, "lowercase-token", "lower-case "+s.what()+" "+quoteText(w)+" (allowed in import format only)")
	}
}

func hasLower(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= 'a' && w[i] <= 'z' {
			return true
		}
	}
	return false
}

func hasCyrillic(w string) bool {
	for _, r := range w {
		if r >= 0x400 && r <= 0x4FF {
			return true
		}
	}
	return false
}

// Russian word shapes of a multi-word call (docs/rules.md): a level written as a
// digit or a word, optionally followed by a comma, then a strain word.
var (
	// Eight and nine are levels too, so that "восемь пик" reads as one
	// call, a bid above seven (Law 38), not as two unreadable words.
	ruLevels = []string{"одна", "один", "одно", "одну", "две", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"}
	strains  = []string{
		"трефа", "трефы", "треф", "трефу", "т", "тр", "бубна", "бубны", "бубен", "бубну", "б", "буб",
		"черва", "червы", "черви", "червей", "черву", "ч", "пика", "пики", "пик", "пику", "п", "бк", "б/к",
		"♣", "♦", "♥", "♠", "c", "d", "h", "s", "n", "nt",
	}
	noTrumpWords = []string{"козыря", "козырей"}
)

func isLevelWord(w string) bool {
	w = strings.TrimSuffix(w, ",")
	if len(w) == 1 && w[0] >= '1' && w[0] <= '9' {
		return true
	}
	// The level words are Cyrillic, and no ASCII letter folds to a
	// Cyrillic one: a word that starts in ASCII, such as every call of an
	// English auction, need not be folded against them.
	return len(w) > 0 && w[0] >= utf8.RuneSelf && foldIn(w, ruLevels)
}

// foldIn reports whether w is one of list, ignoring case.
func foldIn(w string, list []string) bool {
	for _, s := range list {
		if strings.EqualFold(w, s) {
			return true
		}
	}
	return false
}

// splitCallEnd returns the end of a call written in several words that
// starts with the word t[i:e] (a level), or e when it is not one: "2 БК",
// "3 трефы", "одна, пики", "2 без козыря", "1 NT".
func splitCallEnd(t string, i, e int) int {
	if !isLevelWord(t[i:e]) {
		return e
	}
	j := e
	if j < len(t) && t[j] == ',' {
		j++
	}
	w, k := nextWord(t, j)
	switch {
	case foldIn(w, strains):
		return k + len(w)
	case strings.EqualFold(w, "без"):
		if w2, k2 := nextWord(t, k+len(w)); foldIn(w2, noTrumpWords) {
			return k2 + len(w2)
		}
	}
	return e
}

// add appends a token of the given kind starting at text offset start.
func (s *pbnTokenScanner) add(start int, kind TokenKind, text string) {
	// The token is filled in place, in the zeroed room newTokenScanner
	// made, rather than built aside and copied under the garbage
	// collector's write barrier.
	toks := s.sec.Tokens
	if len(toks) < cap(toks) {
		toks = toks[:len(toks)+1]
	} else {
		toks = append(toks, Token{})
	}
	s.sec.Tokens = toks
	tok := &toks[len(toks)-1]
	tok.Kind, tok.Text, tok.Slot = kind, text, -1
	pos := start
	if s.prefix != "" {
		if kind == TokenWord {
			tok.marks().Irregular, pos = s.prefix, s.prefixOff
		} else {
			s.diag(s.prefixOff, diag.Error, "irregularity-mark", s.prefix+" must be followed by a "+s.what()+", not "+quoteText(text))
		}
		s.prefix = ""
	}
	if s.endOff >= 0 {
		s.diag(start, diag.Error, "continuation", quoteText(text)+" after '*', which ends the "+s.sec.Kind.String())
	}
	switch kind {
	case TokenEnd:
		if s.plusSlot >= 0 {
			s.diag(start, diag.Error, "continuation", "'*' in a "+s.sec.Kind.String()+" to be continued with '+'")
		}
		s.endOff = start
	default:
		if kind == TokenContinue && s.plusSlot >= 0 {
			s.diag(start, diag.Error, "continuation", "second '+' in the "+s.sec.Kind.String())
		} else if s.plusSlot >= 0 && !s.afterPlusOK() {
			s.diag(start, diag.Error, "continuation", quoteText(text)+" after '+', the next "+s.what()+" to be made")
		}
		if kind == TokenContinue {
			s.plusSlot = s.slots
		}
		tok.Slot = s.slots
		s.slots++
	}
	tok.Pos = s.p.lines.pos(pos)
	tok.End = s.p.lines.base.Offset + start + len(text)
	s.lastEnd, s.quality = -1, 0
}

// afterPlusOK reports whether a slot may follow the "+": in a play, the
// rest of the trick of the "+" may list cards already played ("+ - - CQ"),
// and no second "+"; in an auction nothing may follow.
func (s *pbnTokenScanner) afterPlusOK() bool {
	return !s.auction && s.slots < (s.plusSlot/4+1)*4
}

// annotated returns the token an annotation at t[i] belongs to, or reports
// that there is none.
func (s *pbnTokenScanner) annotated(t string, i, e int) *Token {
	tok := s.last()
	if tok == nil || tok.Kind == TokenEnd {
		s.diag(i, diag.Error, "annotation", quoteText(t[i:e])+" follows no "+s.what())
		return nil
	}
	s.lastEnd = -1
	return tok
}

func (s *pbnTokenScanner) suffix(t string, i int) int {
	e := i + 1
	if e < len(t) && (t[e] == '!' || t[e] == '?') {
		e++
	}
	tok := s.annotated(t, i, e)
	if tok == nil {
		return e
	}
	if tok.Suffix() != "" {
		s.diag(i, diag.Error, "annotation", s.what()+" "+quoteText(tok.Text)+" has a second suffix "+quoteText(t[i:e]))
		return e
	}
	tok.marks().Suffix = t[i:e]
	s.addQuality(i, tok)
	return e
}

func (s *pbnTokenScanner) addQuality(off int, tok *Token) {
	s.quality++
	if s.quality == 2 {
		s.diag(off, diag.Error, "annotation", s.what()+" "+quoteText(tok.Text)+" has two quality annotations (a suffix or "+s.qualityNAGs()+")")
	}
}

func (s *pbnTokenScanner) qualityNAGs() string {
	if s.auction {
		return "$1-$6"
	}
	return "$7-$12"
}

// digitsEnd returns the end of the digits starting at t[i].
func digitsEnd(t string, i int) int {
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i
}

func (s *pbnTokenScanner) noteRef(t string, i int) int {
	d := digitsEnd(t, i+1)
	if d == i+1 || d >= len(t) || t[d] != '=' {
		e := wordEnd(t, i+1)
		if e < len(t) && t[e] == '=' {
			e++
		}
		s.diag(i, diag.Error, "annotation", "bad note reference "+quoteText(t[i:max(e, i+1)])+": expected =n=")
		return max(e, i+1)
	}
	e := d + 1
	tok := s.annotated(t, i, e)
	if tok == nil {
		return e
	}
	n, _ := strconv.Atoi(t[i+1 : d])
	switch {
	case n < 1 || n > 32:
		s.diag(i, diag.Error, "annotation", "note reference "+t[i:e]+" out of range (1-32)")
	case tok.Note() != 0:
		s.diag(i, diag.Error, "annotation", s.what()+" "+quoteText(tok.Text)+" has a second note reference "+t[i:e])
	default:
		tok.marks().Note = n
	}
	return e
}

func (s *pbnTokenScanner) nag(t string, i int) int {
	d := digitsEnd(t, i+1)
	if d == i+1 || d < len(t) && !isTokenStop(t[d]) {
		e := wordEnd(t, i+1)
		s.diag(i, diag.Error, "annotation", "bad NAG "+quoteText(t[i:e])+": expected $ and a number")
		return e
	}
	tok := s.annotated(t, i, d)
	if tok == nil {
		return d
	}
	n, err := strconv.Atoi(t[i+1 : d])
	switch {
	case err != nil || n > 255:
		s.diag(i, diag.Error, "annotation", "NAG "+t[i:d]+" out of range (0-255)")
	case s.auction && (n >= 7 && n <= 12 || n == 14), !s.auction && (n >= 1 && n <= 6 || n == 13):
		s.diag(i, diag.Error, "annotation", "NAG "+t[i:d]+" does not apply to a "+s.what())
	default:
		m := tok.marks()
		m.NAGs = append(m.NAGs, n)
		if s.auction && n >= 1 && n <= 6 || !s.auction && n >= 7 && n <= 12 {
			s.addQuality(i, tok)
		}
	}
	return d
}

func (s *pbnTokenScanner) irregularity(t string, i int) int {
	if i+1 >= len(t) || isTokenStop(t[i+1]) {
		s.diag(i, diag.Error, "irregularity-mark", "'^' not followed by I, S, R or L")
		return i + 1
	}
	_, size := utf8.DecodeRuneInString(t[i+1:])
	mark := t[i : i+1+size]
	var ok bool
	switch mark {
	case "^S":
		ok = s.auction
		if ok {
			s.add(i, TokenSkip, mark)
			return i + 2
		}
	case "^I":
		ok = s.auction
	case "^R", "^L":
		ok = !s.auction
	}
	switch {
	case !ok && (mark == "^S" || mark == "^I" || mark == "^R" || mark == "^L"):
		s.diag(i, diag.Error, "irregularity-mark", mark+" does not apply to a "+s.what())
	case !ok:
		s.diag(i, diag.Error, "irregularity-mark", "unknown irregularity "+quoteText(mark)+" (expected ^I, ^S, ^R or ^L)")
	case s.prefix != "":
		s.diag(i, diag.Error, "irregularity-mark", mark+" after "+s.prefix+": one irregularity per "+s.what())
	default:
		s.prefix, s.prefixOff = mark, i
	}
	return i + len(mark)
}

// finish reports what is left open at the end of the section.
func (s *pbnTokenScanner) finish() {
	if s.prefix != "" {
		s.diag(s.prefixOff, diag.Error, "irregularity-mark", s.prefix+" is not followed by a "+s.what())
	}
}

// checkNotes cross-checks the note references of a section's tokens with
// its Note tag pairs.
func (p *pbnParser) checkNotes(sec *Section) {
	var used [33]bool
	for i := range sec.Tokens {
		n := sec.Tokens[i].Note()
		if n == 0 {
			continue
		}
		used[n] = true
		if sec.Note(n) == nil {
			p.d.addPos(sec.Tokens[i].Pos, diag.Error, "note-ref", "="+strconv.Itoa(n)+"= refers to no [Note \""+strconv.Itoa(n)+":…\"] of the "+sec.Kind.String()+" section")
		}
	}
	for _, n := range sec.Notes {
		if n.Number > 0 && !used[n.Number] {
			p.d.addPos(n.Tag.Pos, diag.Warning, "note-unused", "[Note \""+strconv.Itoa(n.Number)+":…\"] is not referred to by any =n= of the "+sec.Kind.String()+" section")
		}
	}
}
