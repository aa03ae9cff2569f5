package fix

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/certify"
	"github.com/bridgekit/bridgekit/convert"
	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/pbn"
	"github.com/bridgekit/bridgekit/record"
)

// exportForm proposes the one export form of each tag value that an
// export-form finding of the board names, where the value means one thing
// and the export format writes it one way: a date that reads one way only
// (2023-07-28 → 2023.07.28), a board number with leading zeros, a seat in
// lower case or by name, a vulnerability by another name (Love → None,
// Both → All), a contract in lower case or with N for no-trump, a deal
// not written from the dealer or with its ranks out of order. A value
// that could mean two things (a date 1/2/2026) is left as it is.
func exportForm(file string, pb *corpus.Board) []Edit {
	b := pb.Board
	flagged := map[int]diag.Diagnostic{}
	for _, f := range pb.Findings {
		if f.Code == diag.ExportForm && f.End > 0 {
			flagged[f.Offset] = f
		}
	}
	if len(flagged) == 0 {
		return nil
	}
	edits := append(exportTokens(file, pb, flagged), exportRuns(file, pb, flagged)...)
	for _, t := range []*record.Tag{&b.Date, &b.BoardTag, &b.DealerTag, &b.VulnerableTag, &b.DealTag, &b.File.DeclarerTag, &b.File.ContractTag} {
		ev, ok := flagged[t.ValueSpan.Offset]
		old, here := written(t)
		if !ok || !here {
			continue
		}
		v, ok := exportValue(b, t)
		if !ok || v == t.Value {
			continue
		}
		edits = append(edits, Edit{
			File: file, Game: pb.Game, Board: b.BoardLabel(), Span: t.ValueSpan, Kind: ExportForm,
			Old: old, New: strconv.Quote(v), Reason: string(diag.ExportForm) + ": " + ev.Message,
		})
	}
	return edits
}

// exportTokens proposes the export form of each call of an auction, or
// card of a play, one of whose calls or cards the check flags: the check
// names the first of a section, and the fix writes them all ("1N" →
// "1NT", "pass" → "Pass", "sk" → "SK"). A token with a mark written with
// it ("^I1c"), or split over words ("1 NT"), is left as it is.
func exportTokens(file string, pb *corpus.Board, flagged map[int]diag.Diagnostic) []Edit {
	b := pb.Board
	if b.Source.Format != record.FormatPBN {
		return nil
	}
	var edits []Edit
	edit := func(at diag.Pos, end int, text, canon string, ev diag.Diagnostic) {
		if end-at.Offset != len(text) || text == canon {
			return
		}
		edits = append(edits, Edit{
			File: file, Game: pb.Game, Board: b.BoardLabel(), Span: diag.Span{Pos: at, End: end}, Kind: ExportForm,
			Old: text, New: canon, Reason: string(diag.ExportForm) + ": " + ev.Message,
		})
	}
	calls := b.Auction.Calls
	if ev, ok := firstFlagged(flagged, len(calls), func(i int) int { return calls[i].Loc.Offset }); ok {
		for _, c := range calls {
			if c.Call.Valid() && !c.Accepted && !c.AllPass && c.End > 0 {
				edit(c.Loc, c.End, c.Text, c.Call.String(), ev)
			}
		}
	}
	cards := b.Play.Cards
	if ev, ok := firstFlagged(flagged, len(cards), func(i int) int { return cards[i].Loc.Offset }); ok {
		for _, c := range cards {
			if c.Card.Valid() && !c.Revoke && !c.OutOfTurn && c.End > 0 {
				edit(c.Loc, c.End, c.Text, c.Card.String(), ev)
			}
		}
	}
	return edits
}

// firstFlagged returns the export-form finding at one of n tokens, whose
// offsets at gives.
func firstFlagged(flagged map[int]diag.Diagnostic, n int, at func(int) int) (diag.Diagnostic, bool) {
	for i := range n {
		if ev, ok := flagged[at(i)]; ok {
			return ev, true
		}
	}
	return diag.Diagnostic{}, false
}

// exportValue returns the export form of a tag's value, and whether it
// has exactly one.
func exportValue(b *record.Board, t *record.Tag) (string, bool) {
	v := t.Value
	switch t {
	case &b.Date:
		d := convert.ExportDate(v)
		return d, d != v
	case &b.BoardTag:
		n, err := strconv.Atoi(v)
		return strconv.Itoa(n), err == nil && n > 0 && isDigits(v)
	case &b.DealerTag:
		s, err := auction.ParseSeat(v)
		return s.String(), err == nil
	case &b.File.DeclarerTag:
		swapped := strings.HasPrefix(v, "^")
		s, err := auction.ParseSeat(strings.TrimPrefix(v, "^"))
		if swapped {
			return "^" + s.String(), err == nil
		}
		return s.String(), err == nil
	case &b.VulnerableTag:
		vul, err := auction.ParseVulnerability(v)
		return vul.String(), err == nil
	case &b.File.ContractTag:
		c, err := auction.ParseContract(v)
		return c.String(), err == nil && (c.PassedOut() || c.Bid().Valid())
	case &b.DealTag:
		// The cards as read, from the dealer: only a deal that reads
		// whole and without contradiction.
		if !b.DealerKnown || b.Deal == (auction.Deal{}) || b.Deal.Validate() != nil || !b.Deal.Full() {
			return "", false
		}
		return b.Deal.PBN(b.Dealer), true
	}
	return "", false
}

// isDigits reports whether s is digits only, and not empty.
func isDigits(s string) bool {
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// exportForms returns the values an export-form edit may put in place of
// old: what fix would write for it as one tag or another, whatever the tag
// (a patch says where, not which tag).
func exportForms(old string) []string {
	out := []string{convert.ExportDate(old)}
	if n, err := strconv.Atoi(old); err == nil && n > 0 && isDigits(old) {
		out = append(out, strconv.Itoa(n))
	}
	if s, err := auction.ParseSeat(strings.TrimPrefix(old, "^")); err == nil {
		out = append(out, s.String(), "^"+s.String())
	}
	if vul, err := auction.ParseVulnerability(old); err == nil {
		out = append(out, vul.String())
	}
	if c, err := auction.ParseContract(old); err == nil && (c.PassedOut() || c.Bid().Valid()) {
		out = append(out, c.String())
	}
	return out
}

// exportOrder proposes the tag pairs of a game that the check finds out of
// export order (export-order) in that order: each tag pair moves with
// what follows it up to the next one (its section's data and notes, its
// commentary), and nothing else changes. A game whose tag pairs share a
// line, or whose text is not kept, is left as it is.
func exportOrder(file string, pb *corpus.Board) []Edit {
	b := pb.Board
	var ev diag.Diagnostic
	found := false
	for _, f := range pb.Findings {
		if f.Code == diag.ExportOrder {
			ev, found = f, true
			break
		}
	}
	text := b.Source.Text
	if !found || text == "" || b.Source.Format != record.FormatPBN {
		return nil
	}
	f := pbn.Parse([]byte(text), file)
	if len(f.Games) != 1 {
		return nil
	}
	type unit struct {
		tag  *pbn.Tag
		text string
	}
	var units []unit
	var starts []int
	for _, t := range f.Games[0].Tags {
		if t.Name == "Note" && len(starts) > 0 {
			continue // a note goes with its section
		}
		starts = append(starts, t.Pos.Offset)
		units = append(units, unit{tag: t})
	}
	if len(units) < 2 {
		return nil
	}
	end := len(strings.TrimRight(text, " \t\r\n"))
	if nl := strings.IndexByte(text[end:], '\n'); nl >= 0 {
		end += nl + 1 // the game's last line with its line end
	}
	for i := range units {
		stop := end
		if i+1 < len(units) {
			stop = starts[i+1]
		}
		if stop < starts[i] {
			return nil
		}
		units[i].text = text[starts[i]:stop]
		if i+1 < len(units) && !strings.HasSuffix(units[i].text, "\n") {
			return nil // tag pairs on one line: a move would change the lines
		}
	}
	last := units[len(units)-1].text
	if !strings.HasSuffix(last, "\n") {
		// Without its line end the game's last unit could not move up:
		// give it the game's, and take it off the unit that ends up last.
		le := "\n"
		if strings.Contains(text, "\r\n") {
			le = "\r\n"
		}
		units[len(units)-1].text += le
	}
	sorted := slices.Clone(units)
	slices.SortStableFunc(sorted, func(x, y unit) int {
		switch {
		case certify.Before(x.tag, y.tag):
			return -1
		case certify.Before(y.tag, x.tag):
			return 1
		}
		return 0
	})
	var nw strings.Builder
	for _, u := range sorted {
		nw.WriteString(u.text)
	}
	newText := nw.String()
	if !strings.HasSuffix(last, "\n") {
		newText = strings.TrimSuffix(strings.TrimSuffix(newText, "\n"), "\r")
	}
	old := text[starts[0]:end]
	if newText == old {
		return nil
	}
	base := b.Source.Loc
	return []Edit{{
		File: file, Game: pb.Game, Board: b.BoardLabel(), Span: diag.Span{Pos: inFile(f.Games[0].Tags[0].Pos, base), End: base.Offset + end}, Kind: ExportOrder,
		Old: old, New: newText, Reason: string(diag.ExportOrder) + ": " + ev.Message + "; the tag pairs move with their sections and commentary",
	}}
}

// sameLines reports whether new holds the lines of old, in another order:
// an export-order edit moves lines and adds none.
func sameLines(old, new string) bool {
	split := func(s string) []string {
		lines := strings.SplitAfter(s, "\n")
		if n := len(lines); n > 0 && !strings.HasSuffix(lines[n-1], "\n") {
			lines[n-1] += "\n" // the last line, moved up, takes a line end
			if strings.Contains(s, "\r\n") {
				lines[n-1] = strings.TrimSuffix(lines[n-1], "\n") + "\r\n"
			}
		}
		slices.Sort(lines)
		return lines
	}
	return old != new && slices.Equal(split(old), split(new))
}

// suffixes are the suffixes in the order of their NAGs: $1 to $6 after a
// call, $7 to $12 after a card (PBN §9.1).
var suffixes = [...]string{"!", "?", "!!", "??", "!?", "?!"}

// exportAnnotations returns the export form of the annotations written
// after a call or card (a suffix, a note reference, NAGs, with the blanks
// between them): the note reference first, then the NAGs in increasing
// order, the suffix turned into its NAG, one space before each; and
// whether run is annotations only. offset is 0 after a call, 6 after a
// card.
func exportAnnotations(run string, offset int) (string, bool) {
	note := ""
	var nags []int
	for _, w := range strings.Fields(run) {
		switch {
		case len(w) > 2 && w[0] == '=' && w[len(w)-1] == '=' && isDigits(w[1:len(w)-1]) && note == "":
			note = w
		case len(w) > 1 && w[0] == '$' && isDigits(w[1:]):
			n, err := strconv.Atoi(w[1:])
			if err != nil || n > 255 {
				return "", false
			}
			nags = append(nags, n)
		default:
			i := slices.Index(suffixes[:], w)
			if i < 0 {
				return "", false
			}
			nags = append(nags, offset+i+1)
		}
	}
	slices.Sort(nags)
	var b strings.Builder
	if note != "" {
		b.WriteString(" " + note)
	}
	for _, n := range nags {
		b.WriteString(" $" + strconv.Itoa(n))
	}
	return b.String(), true
}

// exportRuns proposes the export form of the annotations after each call
// and card of the game's sections that has a suffix or NAGs out of order,
// read from the game's text: the check flags the first of a section.
// Annotations with commentary among them are left as they are.
func exportRuns(file string, pb *corpus.Board, flagged map[int]diag.Diagnostic) []Edit {
	b := pb.Board
	text := b.Source.Text
	if text == "" || b.Source.Format != record.FormatPBN {
		return nil
	}
	f := pbn.Parse([]byte(text), file)
	if len(f.Games) != 1 {
		return nil
	}
	base := b.Source.Loc.Offset
	var edits []Edit
	for _, s := range f.Games[0].Sections {
		if s.Kind != pbn.SectionAuction && s.Kind != pbn.SectionPlay {
			continue
		}
		ev, found := firstFlagged(flagged, len(s.Tokens), func(i int) int { return base + s.Tokens[i].Pos.Offset })
		if !found {
			continue
		}
		offset := 0
		if s.Kind == pbn.SectionPlay {
			offset = 6
		}
		for i := range s.Tokens {
			tok := &s.Tokens[i]
			if tok.Marks == nil || len(tok.Comments()) > 0 || tok.Suffix() == "" && slices.IsSorted(tok.NAGs()) {
				continue
			}
			stop := s.End.Offset
			if i+1 < len(s.Tokens) {
				stop = s.Tokens[i+1].Pos.Offset
			}
			if tok.End > stop || stop > len(text) {
				continue
			}
			run := strings.TrimRight(text[tok.End:stop], " \t\r\n")
			canon, ok := exportAnnotations(run, offset)
			if !ok || canon == run || strings.ContainsAny(run, "\r\n{};") {
				continue
			}
			at := inFile(f.Games[0].PosAt(tok.End), b.Source.Loc)
			edits = append(edits, Edit{
				File: file, Game: pb.Game, Board: b.BoardLabel(), Span: diag.Span{Pos: at, End: base + tok.End + len(run)}, Kind: ExportForm,
				Old: run, New: canon, Reason: string(diag.ExportForm) + ": " + ev.Message,
			})
		}
	}
	return edits
}
