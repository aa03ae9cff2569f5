package convert

import (
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/record"
)

// WriteHTMLBoard writes b as an HTML section with the given id, as a
// person reads a board: the hand diagram with suit symbols, the auction
// grid from West with each call a finding is about marked (its class
// "bad", its finding and Law in its title, and a mark that is not colour
// alone), the play trick by trick, the file's tags and the handviewer
// link. findings are the board's; their places find the calls. The
// markup uses tables with headers, for screen readers.
func WriteHTMLBoard(w io.Writer, b *record.Board, findings []diag.Diagnostic, id string) error {
	var s strings.Builder
	esc := html.EscapeString
	title := "Board " + b.BoardLabel()
	if b.BoardLabel() == "" {
		title = fmt.Sprintf("Game %d", b.Source.Game)
	}
	fmt.Fprintf(&s, "<section class=\"board\" id=\"%s\">\n<h2>%s</h2>\n", esc(id), esc(title))
	head := []string{}
	for _, v := range []string{b.Event.Value, b.Site.Value, b.Date.Value, matchLine(b)} {
		if strings.TrimSpace(v) != "" && v != "?" {
			head = append(head, esc(v))
		}
	}
	dealer, vul := "?", "?"
	if b.DealerKnown {
		dealer = b.Dealer.Name()
	}
	if b.VulnerableKnown {
		vul = vulnerability(b.Vulnerable)
	}
	head = append(head, "Dealer "+dealer, "Vulnerable "+vul, fmt.Sprintf("game %d, line %d", b.Source.Game, b.Source.Loc.Line))
	fmt.Fprintf(&s, "<p class=\"meta\">%s</p>\n", strings.Join(head, " · "))

	// The diagram: North above, West and East beside, South below.
	hand := func(seat auction.Seat) string {
		var h strings.Builder
		name := seat.Name()
		if p := b.Player(seat); p != "" && p != "?" {
			name += ": " + p
		}
		fmt.Fprintf(&h, "<div class=\"hand\"><strong>%s</strong>", esc(name))
		for _, suit := range auction.Suits {
			cards := "?"
			if b.Deal.Known(seat) {
				cards = holding(b.Deal[seat], suit)
			}
			fmt.Fprintf(&h, "<br><span class=\"suit %s\" aria-label=\"%s\">%s</span> %s", suitClass(suit), suit.Name(), suit.Symbol(), esc(cards))
		}
		h.WriteString("</div>")
		return h.String()
	}
	fmt.Fprintf(&s, "<table class=\"diagram\" aria-label=\"the deal\"><tr><td></td><td>%s</td><td></td></tr><tr><td>%s</td><td></td><td>%s</td></tr><tr><td></td><td>%s</td><td></td></tr></table>\n",
		hand(auction.North), hand(auction.West), hand(auction.East), hand(auction.South))

	// The auction from West, calls a finding is about marked.
	bad := map[int][]diag.Diagnostic{}
	for _, f := range findings {
		for i, c := range b.Auction.Calls {
			if f.Line > 0 && c.Loc.Line == f.Line && c.Loc.Col == f.Col {
				bad[i] = append(bad[i], f)
			}
		}
	}
	if rec := &b.Auction; rec.Present && len(rec.Calls) > 0 {
		s.WriteString("<table class=\"auction\"><caption>Auction</caption><thead><tr><th scope=\"col\">West</th><th scope=\"col\">North</th><th scope=\"col\">East</th><th scope=\"col\">South</th></tr></thead><tbody><tr>")
		col := (int(rec.First) + 1) % 4
		s.WriteString(strings.Repeat("<td></td>", col))
		for i := range rec.Calls {
			c := &rec.Calls[i]
			if col == 4 {
				s.WriteString("</tr><tr>")
				col = 0
			}
			text := esc(callText(c))
			if fs := bad[i]; len(fs) > 0 {
				var why []string
				for _, f := range fs {
					w := string(f.Code) + ": " + f.Message
					if f.Law > 0 {
						w += fmt.Sprintf(" (Law %d)", f.Law)
					}
					why = append(why, w)
				}
				fmt.Fprintf(&s, "<td class=\"bad\" title=\"%s\"><mark>%s</mark> <span class=\"why\">⚠ %s</span></td>", esc(strings.Join(why, "; ")), text, esc(string(fs[0].Code)))
			} else {
				fmt.Fprintf(&s, "<td>%s</td>", text)
			}
			col++
		}
		s.WriteString("</tr></tbody></table>\n")
	}
	var out strings.Builder
	outcome(&out, b)
	fmt.Fprintf(&s, "<pre class=\"outcome\">%s</pre>\n", esc(out.String()))

	// The play, a row a trick.
	if rows := trickRows(b); len(rows) > 0 {
		s.WriteString("<table class=\"play\"><caption>Play</caption><thead><tr><th scope=\"col\">Trick</th><th scope=\"col\">Lead</th><th scope=\"col\">Cards</th><th scope=\"col\">Won by</th><th scope=\"col\">N-S</th><th scope=\"col\">E-W</th></tr></thead><tbody>")
		for _, r := range rows {
			fmt.Fprintf(&s, "<tr><td>%d</td><td>%s</td><td>%s</td><td>%s</td><td>%d</td><td>%d</td></tr>", r.N, r.Leader, esc(strings.Join(r.Cards, " ")), r.Winner, r.Won[auction.NS], r.Won[auction.EW])
		}
		s.WriteString("</tbody></table>\n")
	}

	// Findings, and the file's tags.
	s.WriteString(HTMLFindings(findings))
	s.WriteString("<details><summary>Tags</summary><table class=\"tags\"><tbody>")
	for _, name := range []string{"Event", "Site", "Date", "Board", "Room", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result", "Score"} {
		if t := b.Field(name); t != nil && t.Present() {
			fmt.Fprintf(&s, "<tr><th scope=\"row\">%s</th><td>%s</td></tr>", name, esc(t.Value))
		}
	}
	for _, t := range b.Tags {
		fmt.Fprintf(&s, "<tr><th scope=\"row\">%s</th><td>%s</td></tr>", esc(t.Name), esc(t.Value))
	}
	s.WriteString("</tbody></table></details>\n")
	if link, err := handviewer(b); err == nil {
		fmt.Fprintf(&s, "<p><a href=\"%s\" rel=\"noreferrer\">Open in the BBO handviewer</a></p>\n", esc(link))
	}
	s.WriteString("</section>\n")
	_, err := io.WriteString(w, s.String())
	return err
}

// HTMLFindings writes findings as an HTML list, each with its severity
// (as a word, and as the item's class for its colour), code, line and
// Law; "" for none.
func HTMLFindings(findings []diag.Diagnostic) string {
	if len(findings) == 0 {
		return ""
	}
	var s strings.Builder
	s.WriteString("<ul class=\"findings\">")
	for _, f := range findings {
		line, law := "", ""
		if f.Line > 0 {
			line = fmt.Sprintf(" line %d:", f.Line)
		}
		if f.Law > 0 {
			law = fmt.Sprintf(" (Law %d)", f.Law)
		}
		fmt.Fprintf(&s, "<li class=\"%s\"><span class=\"sev\">%s</span> <code>%s</code>%s %s%s</li>", f.Severity, f.Severity, f.Code, line, html.EscapeString(f.Message), law)
	}
	s.WriteString("</ul>\n")
	return s.String()
}

func suitClass(s auction.Suit) string {
	if s == auction.Heart || s == auction.Diamond {
		return "red"
	}
	return "black"
}
