// Package jetbuild writes small Jet 4 databases: the header page, the
// catalog, and tables of fixed- and variable-length columns, one page
// after another, as package jet reads them (see its doc.go for the
// format). It exists so that tests can build the databases they read —
// Bridgemate .bws files among them — where no file may be shipped, and
// writes nothing more than they need: no indexes, no long values, no
// deleted or moved rows.
package jetbuild

import (
	"crypto/rc4"
	"encoding/binary"
	"fmt"
	"math"
	"time"
	"unicode/utf16"

	"github.com/bridgekit/bridgekit/internal/jet"
)

// The format's numbers this writer needs (package jet names them too).
const (
	pageSize       = 4096
	pageData       = 0x01
	pageTdef       = 0x02
	headerVersion  = 0x14
	headerMasked   = 0x18
	headerCodePage = 0x3c
	headerSort4    = 0x6e
	maskedLen      = 128
	catalogPage    = 2
	colFlagFixed   = 0x01
	rowsStart      = 14 // the first row offset of a Jet 4 data page
)

// maskKey is the RC4 key with which Jet masks part of the header page.
var maskKey = []byte{0xc7, 0xda, 0x39, 0x6b}

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
	w := &writer{}
	w.page(0)
	w.header()
	// Page 1 holds the usage maps, one row a table (the catalog's first),
	// written last, when every table's pages are known; page 2 the
	// catalog's definition.
	w.page(1)
	w.page(catalogPage)
	cat := &Table{name: "MSysObjects", cols: []Column{
		{"Id", jet.TypeLong}, {"Name", jet.TypeText}, {"Type", jet.TypeInt}, {"Flags", jet.TypeLong},
		// Always null here, but mdbtools will not read a catalog
		// without it.
		{"LvProp", jet.TypeOLE},
	}}
	// The catalog's rows name each table's definition page, known only
	// once the pages before it are laid out: the pages are allotted in
	// order, the catalog's data first, with room for every row.
	catData := w.alloc()
	tdefs := make([]int, len(db.tables))
	var maps [][]byte
	var tablePages [][]int
	for i, t := range db.tables {
		tdefs[i] = w.alloc()
		pages := w.rows(t, tdefs[i])
		tablePages = append(tablePages, append([]int{tdefs[i]}, pages...))
	}
	for i, t := range db.tables {
		cat.rows = append(cat.rows, []any{tdefs[i], t.name, 1, 0, nil})
		w.tdef(t, tdefs[i], len(t.rows), uint32(1<<8|(i+1)))
	}
	w.fillPage(catData, catalogPage, cat, cat.rows)
	w.tdef(cat, catalogPage, len(cat.rows), 1<<8) // page 1, row 0
	maps = append(maps, usageMap([]int{catData}))
	for _, pages := range tablePages {
		maps = append(maps, usageMap(pages[1:]))
	}
	w.dataPage(1, 0, maps)
	return w.bytes()
}

type writer struct{ pages [][]byte }

func (w *writer) page(n int) []byte {
	for len(w.pages) <= n {
		w.pages = append(w.pages, make([]byte, pageSize))
	}
	return w.pages[n]
}

// alloc returns the number of a new page.
func (w *writer) alloc() int {
	n := len(w.pages)
	w.page(n)
	return n
}

func (w *writer) bytes() []byte {
	b := make([]byte, 0, len(w.pages)*pageSize)
	for _, p := range w.pages {
		b = append(b, p...)
	}
	return b
}

func put16(b []byte, off, v int)        { binary.LittleEndian.PutUint16(b[off:], uint16(v)) }
func put32(b []byte, off int, v uint32) { binary.LittleEndian.PutUint32(b[off:], v) }

// header writes page 0: a Jet 4 database of code page 1252, masked as Jet
// masks it.
func (w *writer) header() {
	h := w.page(0)
	copy(h[4:], "Standard Jet DB")
	h[headerVersion] = 1 // Jet 4
	put16(h, headerCodePage, 1252)
	put32(h, headerSort4, 0x409)
	c, err := rc4.NewCipher(maskKey)
	if err != nil {
		panic(err)
	}
	m := h[headerMasked : headerMasked+maskedLen]
	c.XORKeyStream(m, m)
}

// usageMap returns an inline usage map marking the pages given.
func usageMap(pages []int) []byte {
	top := 0
	for _, p := range pages {
		top = max(top, p)
	}
	m := make([]byte, 5+top/8+1)
	for _, p := range pages {
		m[5+p/8] |= 1 << (p % 8)
	}
	return m
}

// layout is where a table's columns go in a row: each fixed column's
// offset, each variable one's index.
type layout struct {
	fixed    []bool
	offset   []int // fixed columns: offset in the fixed part; variable: index
	size     []int
	fixedLen int
	nvar     int
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

func layoutOf(cols []Column) layout {
	var l layout
	for _, c := range cols {
		n := fixedSize(c.Type)
		switch {
		case c.Type == jet.TypeText, c.Type == jet.TypeOLE:
			l.fixed = append(l.fixed, false)
			l.offset = append(l.offset, l.nvar)
			l.size = append(l.size, 255)
			if c.Type == jet.TypeOLE {
				l.size[len(l.size)-1] = 0
			}
			l.nvar++
		case n >= 0:
			l.fixed = append(l.fixed, true)
			l.offset = append(l.offset, l.fixedLen)
			l.size = append(l.size, n)
			l.fixedLen += n
		default:
			panic("jetbuild: column type " + c.Type.String() + " is not written")
		}
	}
	return l
}

// tdef writes the one-page definition of t at page n, its usage map at
// the row pointer used.
func (w *writer) tdef(t *Table, n, numRows int, used uint32) {
	l := layoutOf(t.cols)
	d := w.page(n)
	d[0], d[1] = pageTdef, 1
	put32(d, 16, uint32(numRows))
	d[40] = 0x4e
	put16(d, 41, len(t.cols))
	put16(d, 43, l.nvar)
	put16(d, 45, len(t.cols))
	put32(d, 55, used)
	// The map of pages with free space: mdbtools reads it and refuses a
	// table without one; the usage map serves.
	put32(d, 59, used)
	pos := 63
	for i, c := range t.cols {
		e := d[pos : pos+25]
		e[0] = byte(c.Type)
		put16(e, 5, i)
		if !l.fixed[i] {
			put16(e, 7, l.offset[i])
		}
		put16(e, 9, i)
		if l.fixed[i] {
			e[15] = colFlagFixed
			put16(e, 21, l.offset[i])
		}
		put16(e, 23, l.size[i])
		pos += 25
	}
	for _, c := range t.cols {
		u := utf16le(c.Name)
		put16(d, pos, len(u))
		pos += 2 + copy(d[pos+2:], u)
	}
}

// rows writes t's rows on as many new data pages as they need and
// returns the pages.
func (w *writer) rows(t *Table, tdef int) []int {
	var pages []int
	rows := t.rows
	for len(rows) > 0 {
		n := w.alloc()
		pages = append(pages, n)
		rows = rows[w.fillPage(n, tdef, t, rows):]
	}
	return pages
}

// fillPage writes as many of rows as fit on data page n and returns how
// many it wrote.
func (w *writer) fillPage(n, tdef int, t *Table, rows [][]any) int {
	l := layoutOf(t.cols)
	var encoded [][]byte
	room := pageSize - rowsStart
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
	w.dataPage(n, uint32(tdef), encoded)
	return len(encoded)
}

// dataPage writes rows on data page n, owned by the table defined at tdef
// (0: an LVAL page, where the usage maps are kept).
func (w *writer) dataPage(n int, tdef uint32, rows [][]byte) {
	p := w.page(n)
	p[0], p[1] = pageData, 1
	if tdef == 0 {
		copy(p[4:], "LVAL")
	} else {
		put32(p, 4, tdef)
	}
	put16(p, 12, len(rows))
	end := pageSize
	for i, r := range rows {
		start := end - len(r)
		copy(p[start:], r)
		put16(p, rowsStart+2*i, start)
		end = start
	}
}

// encodeRow returns a Jet 4 row: the column count, the fixed part, the
// variable-length values, their offsets backwards from the end, and the
// null mask.
func encodeRow(cols []Column, l layout, vals []any) []byte {
	r := make([]byte, 2+l.fixedLen)
	put16(r, 0, len(cols))
	mask := make([]byte, (len(cols)+7)/8)
	varData := make([][]byte, l.nvar)
	for i, c := range cols {
		v := vals[i]
		if v == nil {
			continue
		}
		if b, ok := v.(bool); ok {
			if b {
				mask[i/8] |= 1 << (i % 8)
			}
			continue
		}
		mask[i/8] |= 1 << (i % 8)
		data := encodeValue(c, v)
		if l.fixed[i] {
			copy(r[2+l.offset[i]:], data)
		} else {
			varData[l.offset[i]] = data
		}
	}
	var offs []int
	for _, v := range varData {
		offs = append(offs, len(r))
		r = append(r, v...)
	}
	r = binary.LittleEndian.AppendUint16(r, uint16(len(r))) // the end of the data
	for i := len(offs) - 1; i >= 0; i-- {
		r = binary.LittleEndian.AppendUint16(r, uint16(offs[i]))
	}
	r = binary.LittleEndian.AppendUint16(r, uint16(len(offs)))
	return append(r, mask...)
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
		return utf16le(v.(string))
	}
	panic("jetbuild: column " + c.Name + " of type " + c.Type.String() + " is not written")
}

func utf16le(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return b
}
