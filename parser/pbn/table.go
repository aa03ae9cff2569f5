package pbn

import (
	"errors"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/diag"
)

// isPBNTable reports whether a tag is one of the tables of PBN §10.2: such
// a tag always opens a table section, data or not.
func isPBNTable(name string) bool {
	switch name {
	case "ActionTable", "AuctionTimeTable", "InstantScoreTable", "OptimumPlayTable",
		"OptimumResultTable", "PlayTimeTable", "ScoreTable", "TotalScoreTable":
		return true
	}
	return false
}

// AlwaysTable reports whether a tag pair of that name opens a table
// section even with no rows after it: the tables PBN 2.1 defines (§10.2).
// A writer places such a tag pair with the sections, where a reader puts
// it.
func AlwaysTable(name string) bool { return isPBNTable(name) }

// isTableName reports whether data after a tag is read as a table: the
// tables of PBN §10.2 and any other tag named "…Table" (such as the de facto
// OptimumOpeningLeadTable), but not the Table tag itself.
func isTableName(name string) bool {
	return isPBNTable(name) || len(name) > len("Table") && strings.HasSuffix(name, "Table")
}

// columns reads the column list of a table tag value:
// "[+|-]NAME[\WIDTH[L|R]]" items separated by ';'. Both \2R (what real
// files write) and \\2R (the string escape rule applied) are read; in the
// resolved value both are \2R, and a doubled backslash left after
// resolution (\\\\2R written) is read the same way.
func (p *pbnParser) columns(tag *Tag) []Column {
	v := tag.Value
	if v == p.colsValue && p.cols != nil {
		return p.cols
	}
	faults := p.d.count()
	specs := strings.Split(v, ";")
	// Any of PBN's white space parts the columns, as strings.Fields
	// splits on it, and as a writer that writes it as a blank reads it.
	if len(specs) == 1 && strings.ContainsAny(strings.TrimSpace(v), " \t\v\f\r\n") {
		specs = strings.Fields(v)
		p.d.addPos(valuePos(tag), diag.Warning, "space-separated-columns", "columns of ["+tag.Name+"] separated by spaces, not ';': "+quoteText(v))
	}
	cols := make([]Column, 0, len(specs))
	for _, spec := range specs {
		col, err := parseColumn(spec)
		if err != "" {
			p.d.addPos(valuePos(tag), diag.Error, "table", "column "+quoteText(spec)+" of ["+tag.Name+"]: "+err)
		}
		cols = append(cols, col)
	}
	if p.d.count() == faults {
		p.colsValue, p.cols = v, cols
	}
	return cols
}

// maxColumnWidth is the widest column the reader takes a width for. A
// column of names is some 20 to 40 characters wide; a width of millions,
// which writers pad every cell to, would turn a few bytes of text into
// megabytes.
const maxColumnWidth = 255

// parseColumn reads one column spec, returning what is wrong with it in
// plain words, or "".
func parseColumn(spec string) (Column, string) {
	col := Column{Spec: spec}
	s := strings.TrimSpace(spec)
	if s != "" {
		switch s[0] {
		case '+':
			col.Sort, s = Descending, s[1:]
		case '-':
			col.Sort, s = Ascending, s[1:]
		}
	}
	k := strings.IndexByte(s, '\\')
	if k < 0 {
		col.Name = s
		if s == "" {
			return col, "no column name"
		}
		return col, ""
	}
	col.Name = s[:k]
	w := strings.TrimLeft(s[k:], "\\")
	d := digitsEnd(w, 0)
	width, err := strconv.Atoi(w[:d])
	switch {
	case col.Name == "":
		return col, "no column name"
	case d == 0 || err != nil && !errors.Is(err, strconv.ErrRange):
		return col, "'\\' is not followed by a width"
	case width > maxColumnWidth || err != nil:
		return col, "the width " + w[:d] + " is more than " + strconv.Itoa(maxColumnWidth) + ", the widest column read; the column is read without one"
	}
	col.Width = width
	switch w[d:] {
	case "":
	case "L":
		col.Align = AlignLeft
	case "R":
		col.Align = AlignRight
	default:
		return col, "the width must be followed by L, R or nothing, not " + quoteText(w[d:])
	}
	return col, ""
}

// maxTableRows is the most rows of one table the reader reads. A
// traveller has a row per table of its section, a TotalScoreTable one per
// pair or team: the largest events have a few hundred. A game of 4 MiB
// could hold a million rows, which read into cells, travellers and
// rankings took some 400 MiB and minutes in every command; the rows
// beyond this are skipped and said (table-too-long), so that no command
// takes them for the whole table and fmt -w refuses to drop them.
const maxTableRows = 4096

// table reads the data of a table section into rows of cells.
func (p *pbnParser) table(sec *Section, data []pbnItem) {
	sec.Columns = p.columns(sec.Tag)
	cols := len(sec.Columns)
	limit := maxTableRows * max(cols, 1)
	n := 0
	for _, it := range data {
		if it.kind == itemData {
			n += (it.end-it.start)/2 + 1
		}
	}
	cells := p.arena.newCells(min(n, limit+1))[:0]
	t := p.lines.text
	commented := false
	for _, it := range data {
		switch it.kind {
		case itemComment:
			c := p.comment(it)
			sec.Comments = append(sec.Comments, c)
			if !commented {
				commented = true
				p.d.add(it.start, diag.Error, "comment-in-table", "commentary inside the data of ["+sec.Tag.Name+"] (only the tag pair may be followed by a comment)")
			}
		case itemData:
			if len(cells) <= limit {
				cells = p.cells(cells, t[:it.end], it.start, limit+1)
			}
		}
	}
	if len(cells) > limit {
		p.d.addPos(cells[limit].Pos, diag.Error, "table-too-long", "["+sec.Tag.Name+"] has more than "+strconv.Itoa(maxTableRows)+" rows, more than the reader reads: the rest of the table, from here, is skipped")
		cells = cells[:limit]
	}
	if cols == 0 || len(cells) == 0 {
		return
	}
	sec.Rows = p.arena.newRows((len(cells) + cols - 1) / cols)[:0]
	for i := 0; i < len(cells); i += cols {
		sec.Rows = append(sec.Rows, cells[i:min(i+cols, len(cells)):min(i+cols, len(cells))])
	}
	if r := len(cells) % cols; r != 0 {
		p.d.addPos(cells[len(cells)-r].Pos, diag.Error, "table", "the last row of ["+sec.Tag.Name+"] has "+strconv.Itoa(r)+" of "+strconv.Itoa(cols)+" cells")
	}
}

// cells appends the elements of t[i:] to cells, until it holds max:
// strings, and section tokens (printable ASCII except [ ] { } ; " %).
func (p *pbnParser) cells(cells []Cell, t string, i, max int) []Cell {
	for i < len(t) && len(cells) < max {
		if isPBNSpace(t[i]) {
			i++
			continue
		}
		cell := Cell{Pos: p.lines.pos(i)}
		if t[i] == '"' {
			e, closed := scanPBNString(t, i)
			if closed {
				cell.Text = unescapePBN(t[i+1 : e-1])
			} else {
				cell.Text = t[i+1 : e]
				p.d.add(i, diag.Error, "unterminated-string", "string in a table has no closing quote")
			}
			cell.Quoted = true
			cells = append(cells, cell)
			i = e
			continue
		}
		// The first '%', ']' or '}' is found on the way, not by
		// strings.IndexAny, which builds its set of bytes for every cell.
		e, bad := i, -1
		for e < len(t) && !isPBNSpace(t[e]) && t[e] != '"' {
			if c := t[e]; bad < 0 && (c == '%' || c == ']' || c == '}') {
				bad = e
			}
			e++
		}
		cell.Text = t[i:e]
		if bad >= 0 {
			p.d.add(bad, diag.Error, "table", "'"+t[bad:bad+1]+"' is not allowed in a table element: "+quoteText(cell.Text))
		}
		cells = append(cells, cell)
		i = e
	}
	return cells
}
