package lin

import (
	"html"
	"slices"
	"sort"
	"strings"

	"github.com/bridgekit/bridgekit/diag"
)

// This file reads the tables of a web page around its LIN links. BBO's
// traveller pages (hands.php?traveller=…) give one row per table that
// played the board: its players, its result ("4♠E=", "A=="), its score
// for North–South ("Points") and its matchpoint percentage or IMPs
// ("Score"), and a handviewer link with the table's LIN. Those cells are
// the page's own statement of each table's outcome, and the only one where
// the LIN's play stops early: the reader hands them on with the record,
// and the converter and the scoring checks hold them against the LIN and
// against each other.

// A PageTable is a table of a web page that holds LIN links.
type PageTable struct {
	// Title is the text of a heading row of one cell that spans the
	// table ("Traveller 2196-1376162040-11492620"), if it has one.
	Title string
	// Viewer is the player the page shows the table to, where the title
	// names one ("… played by <span class='username'>kemistry</span>"):
	// BBO then gives the scores from that player's side.
	Viewer string
	// Header names the columns: the last row of heading cells before the
	// rows with LIN that has as many cells as they do. Nil when there is
	// none.
	Header []PageCell
	// Rows are the table's rows that hold a LIN link read as a record,
	// in page order, and Unread those with a link whose LIN is not in the
	// page (a myhand= link alone).
	Rows   []*PageRow
	Unread []*PageRow
	Pos    diag.Pos // the table's start
	// Other are the table's rows without a link that hold numbers (BBO's
	// summary of a player's tournament: place, masterpoints, total).
	Other []*PageRow
}

// A PageRow is a row of a PageTable.
type PageRow struct {
	Table *PageTable
	Cells []PageCell
	Pos   diag.Pos
	// Deal is the md value of the row's LIN as written, which tells
	// whether the table's rows are all of one board.
	Deal string
}

// A PageCell is a cell of a page's table: its text with the markup
// dropped, entities decoded and runs of white space made one space.
type PageCell struct {
	Text string
	Pos  diag.Pos
}

// Column returns the row's cell under the heading name (any case), and
// whether the table has such a column. A heading may name the side the
// column is written for before the name ("EW Points"): side is then "NS"
// or "EW", else "".
func (r *PageRow) Column(name string) (c PageCell, side string, ok bool) {
	for j, h := range r.Table.Header {
		if j >= len(r.Cells) {
			break
		}
		t := h.Text
		if len(t) > 3 && t[2] == ' ' && (strings.EqualFold(t[:2], "NS") || strings.EqualFold(t[:2], "EW")) {
			side, t = strings.ToUpper(t[:2]), t[3:]
		}
		if strings.EqualFold(t, name) {
			return r.Cells[j], side, true
		}
		side = ""
	}
	return PageCell{}, "", false
}

// statesResults reports whether the table's headings name a result or a
// score (Result, Points, Score): a table of results, not of links alone.
func (t *PageTable) statesResults() bool {
	for _, h := range t.Header {
		n := strings.ToLower(h.Text)
		if strings.HasSuffix(n, "result") || strings.HasSuffix(n, "points") || strings.HasSuffix(n, "score") {
			return true
		}
	}
	return false
}

// hasResult reports whether the table has BBO's Result column, which the
// converter reads the row's outcome from.
func (t *PageTable) hasResult() bool {
	for _, h := range t.Header {
		if strings.EqualFold(strings.TrimSpace(h.Text), "Result") {
			return true
		}
	}
	return false
}

// outcome returns the row's cells under headings of an outcome (a
// contract, lead, result, score, points, IMPs, matchpoints or
// percentage), with their headings, as "NS SCORE 170".
func (r *PageRow) outcome() []string {
	var out []string
	for j, h := range r.Table.Header {
		if j >= len(r.Cells) || strings.TrimSpace(r.Cells[j].Text) == "" {
			continue
		}
		n := strings.ToLower(strings.TrimSpace(h.Text))
		for _, w := range [...]string{"contract", "lead", "result", "score", "points", "imp", "imps", "mp", "percentage", "%"} {
			if n == w || strings.HasSuffix(n, " "+w) {
				out = append(out, strings.TrimSpace(h.Text)+" "+strings.TrimSpace(r.Cells[j].Text))
				break
			}
		}
	}
	return out
}

// Traveller reports whether the table is a board's traveller: every row
// of it has a LIN link, all of one deal, and it has more than one.
func (t *PageTable) Traveller() bool {
	if len(t.Rows) < 2 || len(t.Unread) > 0 || t.Rows[0].Deal == "" {
		return false
	}
	for _, r := range t.Rows[1:] {
		if r.Deal != t.Rows[0].Deal {
			return false
		}
	}
	return true
}

// A pageSpan is a table, row or cell of a page: where it starts (its tag)
// and ends, and where its content starts.
type pageSpan struct{ start, content, end int }

type rawRow struct {
	pageSpan
	table int // index into pageLayout.tables
	cells []rawCell
}

type rawCell struct {
	pageSpan
	heading bool
	colspan bool
}

// pageLayout is the table structure of a page, found in one pass.
type pageLayout struct {
	tables []pageSpan
	rows   []rawRow // in order of their start
}

// readLayout finds the tables, rows and cells of a page. Comments and
// scripts are skipped; an element left open ends where the next of its
// kind or its parent ends, as browsers read a page's tables.
func readLayout(lower string) *pageLayout {
	pl := &pageLayout{}
	var stack []int // open tables
	row := -1       // the open row, an index into rows
	cell := -1      // the open cell, an index into rows[row].cells
	closeCell := func(at int) {
		if row >= 0 && cell >= 0 {
			pl.rows[row].cells[cell].end = at
		}
		cell = -1
	}
	closeRow := func(at int) {
		closeCell(at)
		if row >= 0 {
			pl.rows[row].end = at
		}
		row = -1
	}
	for i := 0; i < len(lower); {
		j := strings.IndexByte(lower[i:], '<')
		if j < 0 {
			break
		}
		i += j
		rest := lower[i:]
		switch {
		case strings.HasPrefix(rest, "<!--"):
			e := strings.Index(rest, "-->")
			if e < 0 {
				return pl
			}
			i += e + 3
			continue
		case tagIs(rest, "<script"):
			e := strings.Index(rest, "</script")
			if e < 0 {
				return pl
			}
			i += e + 1
			continue
		}
		end := strings.IndexByte(rest, '>')
		if end < 0 {
			break
		}
		tag := rest[:end+1]
		switch {
		case tagIs(tag, "<table"):
			closeCell(i) // a table inside a cell leaves the cell's text to its own cells
			stack = append(stack, len(pl.tables))
			pl.tables = append(pl.tables, pageSpan{start: i, content: i + end + 1, end: len(lower)})
			row = -1
		case tagIs(tag, "</table"):
			closeRow(i)
			if n := len(stack); n > 0 {
				pl.tables[stack[n-1]].end = i
				stack = stack[:n-1]
			}
		case tagIs(tag, "<tr") && len(stack) > 0:
			closeRow(i)
			pl.rows = append(pl.rows, rawRow{pageSpan: pageSpan{start: i, content: i + end + 1, end: len(lower)}, table: stack[len(stack)-1]})
			row = len(pl.rows) - 1
		case tagIs(tag, "</tr"):
			closeRow(i)
		case (tagIs(tag, "<td") || tagIs(tag, "<th")) && row >= 0:
			closeCell(i)
			r := &pl.rows[row]
			r.cells = append(r.cells, rawCell{pageSpan: pageSpan{start: i, content: i + end + 1, end: len(lower)},
				heading: tag[2] == 'h', colspan: strings.Contains(tag, "colspan")})
			cell = len(r.cells) - 1
		case tagIs(tag, "</td"), tagIs(tag, "</th"):
			closeCell(i)
		}
		i += end + 1
	}
	return pl
}

// tagIs reports whether s starts with the tag name (given with its "<"),
// whole: "<tr" is not "<track".
func tagIs(s, name string) bool {
	if !strings.HasPrefix(s, name) || len(s) == len(name) {
		return false
	}
	switch s[len(name)] {
	case '>', ' ', '\t', '\n', '\r', '/':
		return true
	}
	return false
}

// rowAt returns the innermost row holding offset off, or nil.
func (pl *pageLayout) rowAt(off int) *rawRow {
	i := sort.Search(len(pl.rows), func(i int) bool { return pl.rows[i].start > off })
	for k := i - 1; k >= 0 && k >= i-8; k-- {
		if r := &pl.rows[k]; r.start <= off && off < r.end {
			return r
		}
	}
	return nil
}

// cellText returns the text of a cell: markup dropped, entities decoded,
// white space folded.
func cellText(text string, c pageSpan) string {
	s := text[c.content:max(c.content, c.end)]
	var b strings.Builder
	for s != "" {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		e := strings.IndexByte(s[i:], '>')
		if e < 0 {
			break
		}
		s = s[i+e+1:]
	}
	return strings.Join(strings.Fields(html.UnescapeString(b.String())), " ")
}

// pageRows finds the table row of each LIN fragment of a web page (nil for
// one outside a table) and, for the links whose LIN is not in the page,
// adds their rows to their tables' Unread and returns them by link (nil
// for a link in a row that has LIN too, or in none).
func pageRows(text string, frags []Fragment, refs []linRef, lines *lineIndex) (rows, unread []*PageRow) {
	pl := readLayout(string(asciiLower([]byte(text))))
	rows, unread = make([]*PageRow, len(frags)), make([]*PageRow, len(refs))
	if len(pl.rows) == 0 {
		return rows, unread
	}
	tables := map[int]*PageTable{}
	seen := map[*rawRow]*PageRow{}
	row := func(raw *rawRow) *PageRow {
		if r, ok := seen[raw]; ok {
			return r
		}
		t := tables[raw.table]
		if t == nil {
			t = &PageTable{Pos: lines.pos(pl.tables[raw.table].start)}
			tables[raw.table] = t
			t.Title, t.Viewer, t.Header = pl.headings(text, raw, lines)
		}
		r := &PageRow{Table: t, Pos: lines.pos(raw.start)}
		for _, c := range raw.cells {
			r.Cells = append(r.Cells, PageCell{Text: cellText(text, c.pageSpan), Pos: lines.pos(c.content)})
		}
		seen[raw] = r
		return r
	}
	for i := range frags {
		raw := pl.rowAt(frags[i].Offset)
		if raw == nil {
			continue
		}
		if _, twice := seen[raw]; twice {
			continue // a second link in the row: the row is the first's
		}
		r := row(raw)
		r.Deal = mdValue(frags[i].Text)
		r.Table.Rows = append(r.Table.Rows, r)
		rows[i] = r
	}
	for k, ref := range refs {
		if raw := pl.rowAt(ref.off); raw != nil {
			if _, read := seen[raw]; !read {
				r := row(raw)
				r.Table.Unread = append(r.Table.Unread, r)
				unread[k] = r
			}
		}
	}
	for k := range pl.rows {
		raw := &pl.rows[k]
		if _, held := tables[raw.table]; !held {
			continue
		}
		if _, read := seen[raw]; read {
			continue
		}
		for _, c := range raw.cells {
			if !c.heading && numeric(cellText(text, c.pageSpan)) {
				r := row(raw)
				r.Table.Other = append(r.Table.Other, r)
				break
			}
		}
	}
	return rows, unread
}

// numeric reports whether a cell states a number: digits, with a sign, a
// decimal point, a percent sign or a slash ("32/80") about them.
func numeric(s string) bool {
	digits := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case strings.IndexByte("+-.,%/ ", c) < 0:
			return false
		}
	}
	return digits > 0
}

// Numbers returns the cells of the row that state numbers.
func (r *PageRow) Numbers() []string {
	var out []string
	for _, c := range r.Cells {
		if numeric(c.Text) {
			out = append(out, c.Text)
		}
	}
	return out
}

// states returns the headings of the row's cells that state an outcome
// (Result, Points, Score), with their text, as "Result 4♠E=".
func (r *PageRow) states() []string {
	var out []string
	for _, h := range [...]string{"Result", "Points", "Score"} {
		if c, _, ok := r.Column(h); ok && c.Text != "" {
			out = append(out, h+" "+c.Text)
		}
	}
	return out
}

// headings returns the title, the player it names and the column names of
// the table of the row raw: a row of one spanning heading cell before it,
// and the last row of heading cells before it with as many cells as it
// has.
func (pl *pageLayout) headings(text string, raw *rawRow, lines *lineIndex) (title, viewer string, header []PageCell) {
	for k := range pl.rows {
		r := &pl.rows[k]
		if r.start >= raw.start {
			break
		}
		if r.table != raw.table || len(r.cells) == 0 || !r.cells[0].heading {
			continue
		}
		if r.cells[0].colspan && title == "" {
			c := r.cells[0].pageSpan
			title, viewer = cellText(text, c), pageViewer(text[c.content:max(c.content, c.end)])
			continue
		}
		if len(r.cells) == len(raw.cells) {
			header = header[:0]
			for _, c := range r.cells {
				header = append(header, PageCell{Text: cellText(text, c.pageSpan), Pos: lines.pos(c.content)})
			}
		}
	}
	return title, viewer, header
}

// pageViewer returns the player a BBO title names after "played by", in
// the username element BBO marks it with, else up to the next word of
// the title ("since …"): user names may hold spaces.
func pageViewer(cell string) string {
	_, after, ok := strings.Cut(cell, "played by ")
	if !ok {
		return ""
	}
	if i := strings.Index(after, "username"); i >= 0 {
		if j := strings.IndexByte(after[i:], '>'); j >= 0 {
			name := after[i+j+1:]
			if k := strings.IndexByte(name, '<'); k >= 0 {
				return strings.TrimSpace(html.UnescapeString(name[:k]))
			}
		}
	}
	name, _, _ := strings.Cut(after, " since ")
	return strings.TrimSpace(html.UnescapeString(name))
}

// mdValue returns the value of the first md pair of a LIN text, trimmed.
func mdValue(lin string) string {
	for i := 0; i+3 <= len(lin); i++ {
		if (i == 0 || lin[i-1] == '|' || lin[i-1] == '\n') && strings.EqualFold(lin[i:i+3], "md|") {
			v := lin[i+3:]
			if e := strings.IndexByte(v, '|'); e >= 0 {
				v = v[:e]
			}
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// pageTables returns the tables of the rows, each once, in the order met.
func pageTables(rows ...[]*PageRow) []*PageTable {
	var out []*PageTable
	for _, rs := range rows {
		for _, r := range rs {
			if r != nil && !slices.Contains(out, r.Table) {
				out = append(out, r.Table)
			}
		}
	}
	return out
}
