// Package jetbuild writes small Jet 4 databases: the header page, the
// catalog, and tables of fixed- and variable-length columns, one page
// after another, as package jet reads them (see its doc.go for the
// format). It exists so that tests can build the databases they read —
// Bridgemate .bws files among them — where no file may be shipped, and
// writes nothing more than they need: no indexes, no long values, no
// deleted or moved rows. The pages themselves are written by package
// jetpage, which package jet's own tests share: they cannot import this
// package, which imports jet.
package jetbuild

import (
	"encoding/binary"
	"fmt"
	"math"
	"time"

	"github.com/bridgekit/bridgekit/internal/jet"
	"github.com/bridgekit/bridgekit/internal/jet/jetpage"
)

// catalogPage is where the catalog's definition is: Jet looks for it
// there.
const catalogPage = 2

// A Column is a column of a table: its name and type. Types read from a
// fixed place in the row are Boolean, Integer, Long Integer and
// Date/Time; Text is of variable length, and so is OLE, written null.
type Column struct {
	Name string
	Type jet.ColumnType
}

// A Table is a table being built: its columns and rows.
type Table struct {
	name string
	cols []Column
	rows [][]any
}

// A DB is a database being built: its tables in catalog order.
type DB struct {
	tables []*Table
}

// Table adds a table of the given columns to db and returns it.
func (db *DB) Table(name string, cols ...Column) *Table {
	t := &Table{name: name, cols: cols}
	db.tables = append(db.tables, t)
	return t
}

// Add appends a row: one value per column, each nil (null), a bool
// (Boolean), an int (Integer or Long Integer), a string (Text) or a
// time.Time (Date/Time). An OLE column holds only nulls.
func (t *Table) Add(vals ...any) {
	if len(vals) != len(t.cols) {
		panic(fmt.Sprintf("jetbuild: table %s: %d values for %d columns", t.name, len(vals), len(t.cols)))
	}
	t.rows = append(t.rows, vals)
}

// Rows returns the rows added so far; a test may change their values
// before Bytes.
func (t *Table) Rows() [][]any { return t.rows }

// Columns returns the table's columns.
func (t *Table) Columns() []Column { return t.cols }

// Bytes returns the database as a Jet 4 file.
func (db *DB) Bytes() []byte {
	im := &jetpage.Image{}
	im.Header()
	// Page 1 holds the usage maps, one row a table (the catalog's first),
	// written last, when every table's pages are known; page 2 the
	// catalog's definition.
	im.Page(catalogPage)
	cat := &Table{name: "MSysObjects", cols: []Column{
		{"Id", jet.TypeLong}, {"Name", jet.TypeText}, {"Type", jet.TypeInt}, {"Flags", jet.TypeLong},
		// Always null here, but mdbtools will not read a catalog
		// without it.
		{"LvProp", jet.TypeOLE},
	}}
	// The catalog's rows name each table's definition page, known only
	// once the pages before it are laid out: the pages are allotted in
	// order, the catalog's data first, with room for every row.
	catData := im.Alloc()
	tdefs := make([]int, len(db.tables))
	var maps [][]byte
	var tablePages [][]int
	for i, t := range db.tables {
		tdefs[i] = im.Alloc()
		pages := rows(im, t, tdefs[i])
		tablePages = append(tablePages, append([]int{tdefs[i]}, pages...))
	}
	for i, t := range db.tables {
		cat.rows = append(cat.rows, []any{tdefs[i], t.name, 1, 0, nil})
		tdef(im, t, tdefs[i], len(t.rows), jetpage.Ptr(1, i+1))
	}
	fillPage(im, catData, catalogPage, cat, cat.rows)
	tdef(im, cat, catalogPage, len(cat.rows), jetpage.Ptr(1, 0))
	maps = append(maps, jetpage.UsageMap(catData))
	for _, pages := range tablePages {
		maps = append(maps, jetpage.UsageMap(pages[1:]...))
	}
	im.DataPage(1, 0, maps, nil)
	return im.Bytes()
}

func fixedSize(t jet.ColumnType) int {
	switch t {
	case jet.TypeBool:
		return 0
	case jet.TypeInt:
		return 2
	case jet.TypeLong:
		return 4
	case jet.TypeDateTime:
		return 8
	}
	return -1
}

// layout returns where cols go in a row: the fixed-length ones one after
// another in the fixed part, the others numbered in order.
func layout(cols []Column) []jetpage.Column {
	var l []jetpage.Column
	fixedLen, nvar := 0, 0
	for i, c := range cols {
		e := jetpage.Column{Name: c.Name, Type: byte(c.Type), Num: i}
		n := fixedSize(c.Type)
		switch {
		case c.Type == jet.TypeText, c.Type == jet.TypeOLE:
			e.Offset = nvar
			if c.Type == jet.TypeText {
				e.Length = 255
			}
			nvar++
		case n >= 0:
			e.Fixed, e.Offset, e.Length = true, fixedLen, n
			fixedLen += n
		default:
			panic("jetbuild: column type " + c.Type.String() + " is not written")
		}
		l = append(l, e)
	}
	return l
}

// tdef writes the one-page definition of t at page n, its usage map at
// the row pointer used.
func tdef(im *jetpage.Image, t *Table, n, numRows int, used uint32) {
	im.Tdef(jetpage.Def{
		Columns: layout(t.cols),
		Rows:    numRows,
		Usage:   used,
		// The map of pages with free space: mdbtools reads it and
		// refuses a table without one; the usage map serves.
		Free: used,
	}.Bytes(), n)
}

// rows writes t's rows on as many new data pages as they need and
// returns the pages.
func rows(im *jetpage.Image, t *Table, tdef int) []int {
	var pages []int
	rows := t.rows
	for len(rows) > 0 {
		n := im.Alloc()
		pages = append(pages, n)
		rows = rows[fillPage(im, n, tdef, t, rows):]
	}
	return pages
}

// fillPage writes as many of rows as fit on data page n and returns how
// many it wrote.
func fillPage(im *jetpage.Image, n, tdef int, t *Table, rows [][]any) int {
	l := layout(t.cols)
	var encoded [][]byte
	room := jetpage.Size - jetpage.RowsStart
	for _, r := range rows {
		b := encodeRow(t.cols, l, r)
		if len(b)+2 > room {
			break
		}
		room -= len(b) + 2
		encoded = append(encoded, b)
	}
	if len(encoded) == 0 {
		panic("jetbuild: a row of table " + t.name + " does not fit on a page")
	}
	im.DataPage(n, uint32(tdef), encoded, nil)
	return len(encoded)
}

// encodeRow returns a Jet 4 row of vals, in the columns laid out by l.
func encodeRow(cols []Column, l []jetpage.Column, vals []any) []byte {
	enc := make([]any, len(vals))
	for i, v := range vals {
		switch v.(type) {
		case nil, bool:
			enc[i] = v
		default:
			enc[i] = encodeValue(cols[i], v)
		}
	}
	return jetpage.Row(l, enc)
}

// epoch is day 0 of Jet's dates.
var epoch = time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)

func encodeValue(c Column, v any) []byte {
	switch c.Type {
	case jet.TypeInt:
		return binary.LittleEndian.AppendUint16(nil, uint16(int16(v.(int))))
	case jet.TypeLong:
		return binary.LittleEndian.AppendUint32(nil, uint32(int32(v.(int))))
	case jet.TypeDateTime:
		days := v.(time.Time).Sub(epoch).Hours() / 24
		return binary.LittleEndian.AppendUint64(nil, math.Float64bits(days))
	case jet.TypeText:
		return jetpage.UTF16LE(v.(string))
	}
	panic("jetbuild: column " + c.Name + " of type " + c.Type.String() + " is not written")
}
