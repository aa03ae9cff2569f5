package fix

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/parser/lin"
)

// Check reports whether e is an edit that fix could have made: its kind's
// shape (a replacement, an insertion or a removal) and a New text that is
// a value of that kind, written as fix writes it. A patch is text that
// anyone can write, so apply makes only what passes: a NUL, a line end or
// a whole new tag in a patch is refused rather than written into a file.
func Check(e Edit) error {
	bad := func(want string) error {
		return fmt.Errorf("%s:%s: %s edit %q → %q: %s", e.File, e.Span.Pos, e.Kind, e.Old, e.New, want)
	}
	for _, s := range []string{e.Old, e.New} {
		if hasControl(s) {
			return bad("a control character is no value")
		}
	}
	if e.Kind == ExportOrder {
		if !sameLines(e.Old, e.New) {
			return bad("export-order moves whole lines of a game, and adds none")
		}
		return nil
	}
	if e.Kind == AfterEnd {
		if e.New != "" || !callsOnly(e.Old) {
			return bad("after-end removes calls and the blanks around them, and puts nothing in their place")
		}
		return nil
	}
	if strings.ContainsAny(e.Old, "\n\r") {
		return bad("only after-end takes line ends")
	}
	switch e.Kind {
	case LeadingPasses:
		if e.Old != "" || e.New == "" || strings.Repeat("Pass ", len(e.New)/5) != e.New {
			return bad(`leading-passes inserts "Pass " once or more`)
		}
		return nil
	case Rotation:
		// The deal's first seat may be written in lower case, as import
		// format allows; it is written back in upper case.
		if !(isCard(e.Old) && isCard(e.New) || isSeat(strings.ToUpper(e.Old)) && isSeat(e.New)) {
			return bad("rotation puts one card in place of another, or one seat for another")
		}
		return nil
	case Totals:
		o, n, ok := cellValues(e)
		if !ok || !isDecimal(o) || !isDecimal(n) {
			return bad("totals puts one number in place of another, in the cell's own form")
		}
		return nil
	case RS:
		if !isRSEntry(e.Old) || !isRSEntry(e.New) {
			return bad("rs puts one contract and result of an rs list in place of another")
		}
		return nil
	case ScoreTable:
		o, n, ok := cellValues(e)
		if _, err := strconv.Atoi(o); err != nil || !ok || !isInteger(n) {
			return bad("scoretable puts one score in place of another, in the cell's own form")
		}
		return nil
	}
	if e.Kind == ExportForm && !strings.HasPrefix(e.Old, `"`) {
		// A call or card, in place of the same one written otherwise.
		if c, err := auction.ParseCall(e.Old); err == nil && c.Valid() && c.String() == e.New && e.Old != e.New {
			return nil
		}
		if c, err := auction.ParseCard(e.Old); err == nil && c.Valid() && c.String() == e.New && e.Old != e.New {
			return nil
		}
		for _, offset := range []int{0, 6} { // after a call, after a card
			if canon, ok := exportAnnotations(e.Old, offset); ok && canon == e.New && e.Old != e.New {
				return nil
			}
		}
		return bad("export-form puts a call, a card or the annotations after one in place of the same, in export form")
	}
	old, ok1 := unquote(e.Old)
	v, ok2 := unquote(e.New)
	if !ok1 || !ok2 {
		return bad("a tag's value is replaced in its quotes")
	}
	var ok bool
	switch e.Kind {
	case Contract:
		c, err := auction.ParseContract(v)
		ok = err == nil && c.String() == v
	case Declarer:
		ok = isSeat(v)
	case Result:
		n, err := strconv.Atoi(v)
		ok = err == nil && 0 <= n && n <= 13 && strconv.Itoa(n) == v
	case Score:
		ok = isScore(v)
	case BoardCycle:
		vul, err := auction.ParseVulnerability(v)
		ok = isSeat(v) && isSeat(old) || err == nil && vul.String() == v || sameDealListed(old, v)
	case ExportForm:
		ok = slices.Contains(exportForms(old), v) && v != old || sameDealListed(old, v)
	}
	if !ok {
		return bad("not a " + string(e.Kind) + " as fix writes one")
	}
	return nil
}

// callsOnly reports whether s is calls and the blanks and line ends
// between them.
func callsOnly(s string) bool {
	f := strings.Fields(s)
	for i := 0; i < len(f); i++ {
		w := f[i]
		if _, err := auction.ParseCall(w); err != nil || !isASCII(w) {
			// A call the reader reads in two words ("1 NT", split-call).
			if i+1 == len(f) || !isASCII(f[i+1]) {
				return false
			}
			if _, err := auction.ParseCall(w + f[i+1]); err != nil {
				return false
			}
			i++
		}
	}
	return len(f) > 0
}

func isCard(s string) bool {
	_, err := auction.ParseCard(s)
	return err == nil && isASCII(s)
}

func isSeat(s string) bool { return len(s) == 1 && strings.Contains("NESW", s) }

// isScore reports whether s is a score as scoreText writes it: a number,
// or a side and a number once or twice.
func isScore(s string) bool {
	f := strings.Fields(s)
	if strings.Join(f, " ") != s {
		return false
	}
	num := func(w string) bool { _, err := strconv.Atoi(w); return err == nil }
	switch len(f) {
	case 1:
		return num(f[0])
	case 2, 4:
		for i := 0; i < len(f); i += 2 {
			if side := strings.ToUpper(f[i]); side != "NS" && side != "EW" || !num(f[i+1]) {
				return false
			}
		}
		return true
	}
	return false
}

func unquote(s string) (string, bool) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' || strings.Contains(s[1:len(s)-1], `"`) {
		return "", false
	}
	return s[1 : len(s)-1], true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// isInteger reports whether s is a whole number as fix writes one: an
// optional minus sign and digits, no leading zero.
func isInteger(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && strconv.Itoa(n) == s
}

// isDecimal reports whether s is a number a total table writes: digits,
// a sign, one decimal point or comma.
func isDecimal(s string) bool {
	_, err := strconv.ParseFloat(strings.Replace(strings.TrimPrefix(s, "+"), ",", ".", 1), 64)
	return err == nil && s != "" && !strings.ContainsAny(s, "eEnNiIxX_")
}

// cellValues returns the old and new values of an edit of a table cell,
// without their quotes, and whether both are quoted or both bare, as the
// row writes the cell.
func cellValues(e Edit) (old, new string, ok bool) {
	o, oq := unquote(e.Old)
	n, nq := unquote(e.New)
	if !oq && !nq {
		return e.Old, e.New, true
	}
	return o, n, oq == nq
}

// isRSEntry reports whether s is one entry of a LIN rs list: a contract,
// declarer and result that read, with nothing around them.
func isRSEntry(s string) bool {
	_, err := lin.ParseResult(s)
	return err == nil && s != "" && strings.TrimSpace(s) == s && !strings.ContainsAny(s, ",|")
}

// sameDealListed reports whether two deal values hold the same cards at
// the same seats, the second written as fix writes a deal: in upper case,
// ranks in descending order, from the seat it names.
func sameDealListed(old, v string) bool {
	a, err1 := auction.ParseDeal(old)
	b, err2 := auction.ParseDeal(v)
	if err1 != nil || err2 != nil || a != b || len(v) < 2 || v[1] != ':' {
		return false
	}
	first, err := auction.ParseSeat(v[:1])
	return err == nil && b.PBN(first) == v
}
