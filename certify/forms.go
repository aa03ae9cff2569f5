package certify

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/pbn"
)

// forms checks the values of the Mandatory Tag Set, and of the Auction and
// Play tags, against their one export form. "?" (unknown) and "" (does not
// apply) are every tag's export form too.
func (c *Checker) forms(g *pbn.Game) {
	dealer := seatValue(g, "Dealer")
	for _, t := range g.Tags {
		if t.Inherit != pbn.Written || t.Value == "?" || t.Value == "" && t.Name != "Auction" && t.Name != "Play" {
			continue
		}
		v := t.Value
		var want string
		switch t.Name {
		case "Date":
			if !isDate(v) {
				want = `"YYYY.MM.DD", "?" for each digit not known`
			}
		case "Board":
			if n, err := strconv.Atoi(v); err != nil || n <= 0 || v[0] == '0' || v[0] == '+' {
				want = "a positive whole number without leading zeros"
			}
		case "Dealer":
			if !isSeat(v) {
				want = `"W", "N", "E" or "S"`
			}
		case "Vulnerable":
			if v != "None" && v != "NS" && v != "EW" && v != "All" {
				want = `"None", "NS", "EW" or "All"`
			}
		case "Deal":
			want = dealForm(v, dealer)
		case "Declarer":
			if !isSeat(strings.TrimPrefix(v, "^")) {
				want = `"W", "N", "E" or "S" ("^" before it for a swapped declarer, "" when passed out)`
			}
		case "Contract":
			if !isContract(v) {
				want = `"Pass" or level, strain and risk in upper case ("4H", "3NT", "6SX", "7NTXX")`
			}
		case "Result":
			if n, err := strconv.Atoi(strings.TrimPrefix(v, "^")); err != nil || n < 0 || n > 13 || strings.HasPrefix(v, "+") {
				want = `declarer's tricks, 0 to 13 ("NS n" and "EW n" are import forms)`
			}
		case "Auction":
			if dealer != "" && v != dealer {
				want = "the dealer, " + quote(dealer) + ": the auction starts with the dealer's call"
			}
		case "Play":
			if lead := leader(g); lead != "" && v != lead {
				want = "the opening leader, " + quote(lead) + ", declarer's left-hand opponent"
			}
		}
		if want != "" && !c.tally.Drop(diag.ExportForm, diag.Warning) {
			at := t.ValueSpan()
			if !at.IsValid() {
				at = diag.Span{Pos: t.Pos}
			}
			// Made in one buffer: a file of another program's habits has
			// this finding on most tag pairs of every game.
			var buf [160]byte
			b := append(append(append(buf[:0], exportPrefix+"["...), t.Name...), ' ')
			b = append(appendQuoted(b, v), "]: export form is "...)
			b = append(append(append(append(b, want...), " (PBN 2.1 §3: "...), t.Name...), ')')
			c.keep(g.Index, at, diag.ExportForm, string(b))
		}
	}
}

// seatValue returns the game's value of the named tag when it is a seat.
func seatValue(g *pbn.Game, name string) string {
	if v := g.Value(name); isSeat(v) {
		return v
	}
	return ""
}

// leader returns the opening leader, declarer's left-hand opponent, when
// the game names declarer.
func leader(g *pbn.Game) string {
	d := seatValue(g, "Declarer")
	if d == "" {
		return ""
	}
	return string("NESW"[(strings.Index("NESW", d)+1)%4])
}

func isSeat(v string) bool { return v == "N" || v == "E" || v == "S" || v == "W" }

// isDate reports whether v is YYYY.MM.DD, with "?" for unknown digits.
func isDate(v string) bool {
	if len(v) != 10 || v[4] != '.' || v[7] != '.' {
		return false
	}
	for i := range len(v) {
		if i != 4 && i != 7 && !isDigit(v[i]) && v[i] != '?' {
			return false
		}
	}
	return true
}

// isContract reports whether v is a contract in export form: Pass, or a
// level, strain and risk in upper case, or a strain alone (an end
// position's).
func isContract(v string) bool {
	if v == "Pass" {
		return true
	}
	if len(v) > 0 && v[0] >= '1' && v[0] <= '7' {
		v = v[1:]
	}
	for _, s := range []string{"NT", "S", "H", "D", "C"} {
		if rest, ok := strings.CutPrefix(v, s); ok {
			return rest == "" || rest == "X" || rest == "XX"
		}
	}
	return false
}

// ranks are the ranks in descending order, the export order of a suit.
const ranks = "AKQJT98765432"

// dealForm returns what the export form of a Deal value asks that v
// lacks, or "": the dealer's hand first, four hands of four suits with
// their ranks in descending order, upper case.
func dealForm(v, dealer string) string {
	first, hands, ok := strings.Cut(v, ":")
	if !ok || !isSeat(first) {
		return `"<first seat>:<hand> <hand> <hand> <hand>"`
	}
	if dealer != "" && first != dealer {
		return "the dealer's hand first, \"" + dealer + ":…\""
	}
	hs := strings.Split(hands, " ")
	if len(hs) != 4 {
		return "four hands parted by one space"
	}
	for _, h := range hs {
		if h == "-" {
			continue
		}
		suits := strings.Split(h, ".")
		if len(suits) != 4 {
			return "each hand as four suits parted by dots, spades first"
		}
		for _, s := range suits {
			last := -1
			for i := range len(s) {
				r := strings.IndexByte(ranks, s[i])
				if r <= last {
					return "each suit's ranks in upper case, in descending order (" + ranks + ")"
				}
				last = r
			}
		}
	}
	return ""
}

// sections checks the calls and cards of the Auction and Play sections,
// and the rows of tables: each in its one form, four calls or one trick a
// line (the dealer's call starting a line), one table row a line.
func (c *Checker) sections(g *pbn.Game) {
	for _, s := range g.Sections {
		switch s.Kind {
		case pbn.SectionAuction, pbn.SectionPlay:
			c.tokens(g, s)
		case pbn.SectionTable:
			c.rows(g, s)
		}
	}
}

// tokens checks the calls or cards of a section.
func (c *Checker) tokens(g *pbn.Game, s *pbn.Section) {
	auction := s.Kind == pbn.SectionAuction
	what, unit, std := "card", "trick", "PBN 2.1 §3: the play section"
	if auction {
		what, unit, std = "call", "round of four calls", "PBN 2.1 §3: the auction section"
	}
	formDone, layoutDone := false, false
	noted := false // a call or card of the round or trick so far is annotated
	for i := range s.Tokens {
		tok := &s.Tokens[i]
		if tok.Slot%4 == 0 {
			noted = false
		}
		notedBefore := noted
		noted = noted || annotated(tok)
		if !formDone {
			if why := tokenForm(tok, auction); why != "" {
				formDone = true
				c.addSpan(g.Index, diag.Span{Pos: tok.Pos, End: tok.End}, diag.ExportForm, what+" "+quote(tok.Text)+": "+why+" ("+std+")")
			}
		}
		if layoutDone || tok.Slot < 0 || i == 0 {
			continue
		}
		prev := &s.Tokens[i-1]
		sameLine := tok.Pos.Line == prev.Pos.Line
		switch {
		case tok.Slot%4 == 0 && sameLine:
			layoutDone = true
			c.addSpan(g.Index, diag.Span{Pos: tok.Pos, End: tok.End}, diag.ExportLayout, what+" "+quote(tok.Text)+" starts a "+unit+" and should start its line (one "+unit+" a line; "+std+")")
		case tok.Slot%4 != 0 && !sameLine && !notedBefore && !annotated(tok):
			// A line may hold fewer when annotations would make it too
			// long.
			layoutDone = true
			c.addSpan(g.Index, diag.Span{Pos: tok.Pos, End: tok.End}, diag.ExportLayout, what+" "+quote(tok.Text)+" is on a line of its own, apart from its "+unit+" (one "+unit+" a line; "+std+")")
		}
	}
}

// spacings checks, until it finds one, that the calls and cards of the
// game's Auction and Play sections are parted by one space, and lines do
// not end in spaces (see spaceAfter).
func (c *Checker) spacings(g *pbn.Game) {
	for _, s := range g.Sections {
		if s.Kind != pbn.SectionAuction && s.Kind != pbn.SectionPlay {
			continue
		}
		what, std := "card", "PBN 2.1 §3: the play section"
		if s.Kind == pbn.SectionAuction {
			what, std = "call", "PBN 2.1 §3: the auction section"
		}
		for i := range s.Tokens {
			if c.spacing {
				return
			}
			c.spaceAfter(g, s, i, what, std)
		}
	}
}

// spaceAfter checks the text after the section's token i: one space to
// the next token on its line, or nothing to the line's end. Said once a
// file: a program that pads its columns pads them all.
func (c *Checker) spaceAfter(g *pbn.Game, s *pbn.Section, i int, what, std string) {
	tok := &s.Tokens[i]
	if tok.Alert || tok.Suffix() != "" || annotated(tok) {
		return // what is written with it lies between
	}
	from := tok.End - g.Pos.Offset
	if from < 0 || from > len(g.Source) {
		return
	}
	rest := g.Source[from:]
	if j := strings.IndexAny(rest, "\r\n"); j >= 0 {
		rest = rest[:j]
	}
	var gap string
	if i+1 < len(s.Tokens) && s.Tokens[i+1].Pos.Line == tok.Pos.Line {
		if to := s.Tokens[i+1].Pos.Offset - tok.End; to >= 0 && to <= len(rest) {
			gap = rest[:to]
		}
		if gap == " " || strings.Trim(gap, " \t") != "" {
			return // one space, or something else between
		}
	} else if gap = rest; gap == "" || strings.Trim(gap, " \t") != "" {
		return
	}
	if strings.Contains(gap, "\t") {
		return // a tab, which tab reports in every file
	}
	c.spacing = true
	where := "after"
	if i+1 >= len(s.Tokens) || s.Tokens[i+1].Pos.Line != tok.Pos.Line {
		where = "at the end of the line, after"
	}
	c.addSpan(g.Index, diag.Span{Pos: g.PosAt(tok.End), End: tok.End + len(gap)}, diag.ExportLayout,
		strconv.Quote(gap)+" "+where+" "+what+" "+quote(tok.Text)+": calls and cards are parted by one space, and a line ends with its last ("+std+"; said once a file)")
}

// annotated reports whether a call or card has a note, NAGs or
// commentary with it.
func annotated(t *pbn.Token) bool {
	return t.Marks != nil && (t.Note() != 0 || len(t.NAGs()) > 0 || len(t.Comments()) > 0)
}

// tokenForm returns why a call or card is not in export form, or "".
func tokenForm(t *pbn.Token, auction bool) string {
	if t.Suffix() != "" {
		return "the suffix " + quote(t.Suffix()) + " is written as its NAG in export format"
	}
	if nags := t.NAGs(); !slices.IsSorted(nags) {
		return "its NAGs are in increasing order in export format"
	}
	if t.Kind != pbn.TokenWord {
		return ""
	}
	v := t.Text
	if auction {
		if v == "Pass" || v == "X" || v == "XX" || len(v) > 1 && v[0] >= '1' && v[0] <= '7' && isStrain(v[1:]) {
			return ""
		}
		return `not "Pass", "X", "XX" or a bid in upper case ("1C", "3NT")`
	}
	if len(v) == 2 && strings.IndexByte("SHDC", v[0]) >= 0 && strings.IndexByte(ranks, v[1]) >= 0 {
		return ""
	}
	return `not a suit and a rank in upper case ("SA", "H9", "CT")`
}

func isStrain(s string) bool { return s == "C" || s == "D" || s == "H" || s == "S" || s == "NT" }

// rows checks that each row of a table starts its line and has it to
// itself.
func (c *Checker) rows(g *pbn.Game, s *pbn.Section) {
	prevLine := int32(0)
	for _, row := range s.Rows {
		if len(row) == 0 {
			continue
		}
		first, last := row[0].Pos.Line, row[len(row)-1].Pos.Line
		if first == prevLine || last != first {
			c.add(g.Index, row[0].Pos, diag.ExportLayout, "a row of ["+s.Tag.Name+"] does not have a line of its own (one row a line; PBN 2.1 §3: tables)")
			return
		}
		prevLine = last
	}
}
