package jet

import (
	"fmt"
	"math"
	"slices"
)

// ColumnType is a column's data type, the byte a table definition stores
// for it.
type ColumnType byte

// The column types. The Go type of a value of each is given in [Rows.Row].
const (
	TypeBool     ColumnType = 0x01 // Yes/No, stored in the null mask
	TypeByte     ColumnType = 0x02 // 8-bit unsigned
	TypeInt      ColumnType = 0x03 // 16-bit signed ("Integer")
	TypeLong     ColumnType = 0x04 // 32-bit signed ("Long Integer")
	TypeMoney    ColumnType = 0x05 // currency: 64-bit signed, in ten-thousandths
	TypeFloat    ColumnType = 0x06 // 32-bit IEEE ("Single")
	TypeDouble   ColumnType = 0x07 // 64-bit IEEE
	TypeDateTime ColumnType = 0x08 // a double: days since 1899-12-30
	TypeBinary   ColumnType = 0x09 // up to 255 bytes
	TypeText     ColumnType = 0x0a // up to 255 characters
	TypeOLE      ColumnType = 0x0b // long binary, in LVAL pages
	TypeMemo     ColumnType = 0x0c // long text, in LVAL pages
	TypeGUID     ColumnType = 0x0f // 16 bytes ("Replication ID")
	TypeNumeric  ColumnType = 0x10 // scaled 96-bit decimal, 17 bytes (Jet 4 and later)
	TypeComplex  ColumnType = 0x12 // ACE attachment or multi-value field: a 32-bit id of rows elsewhere
)

var typeNames = map[ColumnType]string{
	TypeBool: "Boolean", TypeByte: "Byte", TypeInt: "Integer", TypeLong: "Long Integer",
	TypeMoney: "Currency", TypeFloat: "Single", TypeDouble: "Double", TypeDateTime: "DateTime",
	TypeBinary: "Binary", TypeText: "Text", TypeOLE: "OLE", TypeMemo: "Memo",
	TypeGUID: "Replication ID", TypeNumeric: "Numeric", TypeComplex: "Complex",
}

func (t ColumnType) String() string {
	if s, ok := typeNames[t]; ok {
		return s
	}
	return fmt.Sprintf("type %#x", byte(t))
}

// fixedSize returns the bytes a fixed-length value of the type occupies,
// or -1 when the column's declared length decides.
func (t ColumnType) fixedSize() int {
	switch t {
	case TypeBool:
		return 0
	case TypeByte:
		return 1
	case TypeInt:
		return 2
	case TypeLong, TypeFloat, TypeComplex:
		return 4
	case TypeMoney, TypeDouble, TypeDateTime:
		return 8
	case TypeGUID:
		return 16
	case TypeNumeric:
		return 17
	}
	return -1
}

// A Column describes one column of a table.
type Column struct {
	Name string
	Type ColumnType
	// Length is the declared length in bytes: for text, twice the number
	// of characters in Jet 4 and later; 0 for memo and OLE columns.
	Length int
	// Fixed reports a column stored in the fixed-length part of a row.
	Fixed bool
	// Precision and Scale are those of a numeric column (zero otherwise).
	Precision, Scale int
	// Calculated reports a calculated column (ACE 14, Access 2010, and
	// later), whose values are read as stored: []byte, the result
	// wrapped in a header of Access's, not decoded.
	Calculated bool

	num         int // position in the null mask, counting deleted columns
	varIndex    int // entry in a row's table of variable-length offsets
	fixedOffset int // offset in a row's fixed-length part
	size        int // bytes of a fixed-length value
}

const (
	colFlagFixed       = 0x01
	colExtFlagComputed = 0xc0
)

// A Table is a table of an open database: its definition, from which any
// number of [Rows] iterators read the rows.
type Table struct {
	db         *DB
	name       string
	page       uint32 // first page of the table definition
	numRows    uint32
	numVarCols int
	// firstVarNum is the lowest column number of a variable-length
	// column: a row with no more columns than that has none of them.
	firstVarNum int
	cols        []Column
	usedPages   pointer
}

// Name returns the table's name as the catalog gives it.
func (t *Table) Name() string { return t.name }

// Columns returns the table's columns in their order of definition (the
// order mdb-export and Access show). The slice is the table's own: do not
// modify it.
func (t *Table) Columns() []Column { return t.cols }

// DeclaredRows returns the number of rows the table definition declares.
// Jet keeps it up to date, but it is read as written, not counted.
func (t *Table) DeclaredRows() int { return int(t.numRows) }

// readTableDef reads and parses the definition of the table whose
// definition starts on page first.
func (db *DB) readTableDef(name string, first uint32) (*Table, error) {
	def, err := db.readTdefChain(name, first)
	if err != nil {
		return nil, err
	}
	f := db.f
	t := &Table{db: db, name: name, page: first}
	if len(def) < f.tdefColsStart {
		return nil, errorf(first, -1, "definition of table %q is %d bytes, shorter than its fixed part", name, len(def))
	}
	t.numRows = u32(def, f.tdefNumRows)
	t.numVarCols = u16(def, f.tdefNumVarCols)
	numCols := u16(def, f.tdefNumCols)
	numRealIdx := int64(u32(def, f.tdefNumRealIdx))
	t.usedPages = pointer(u32(def, f.tdefUsedPages))

	pos := int64(f.tdefColsStart) + numRealIdx*int64(f.realIdxSize)
	if end := pos + int64(numCols)*int64(f.colSize); end > int64(len(def)) {
		return nil, errorf(first, -1, "definition of table %q declares %d indexes and %d columns, which need %d bytes where it has %d",
			name, numRealIdx, numCols, end, len(def))
	}
	t.cols = make([]Column, numCols)
	for i := range t.cols {
		e := def[pos:]
		c := &t.cols[i]
		c.Type = ColumnType(e[0])
		c.num = u16(e, f.colNum)
		c.varIndex = u16(e, f.colVarIndex)
		c.Fixed = e[f.colFlags]&colFlagFixed != 0
		c.fixedOffset = u16(e, f.colFixedOffset)
		c.Length = u16(e, f.colLength)
		if c.Type == TypeNumeric {
			c.Precision, c.Scale = int(e[f.colPrecision]), int(e[f.colScale])
		}
		c.Calculated = f.colExtFlags >= 0 && e[f.colExtFlags]&colExtFlagComputed != 0
		c.size = c.Type.fixedSize()
		if c.size < 0 || c.Calculated {
			c.size = c.Length
		}
		pos += int64(f.colSize)
	}
	for i := range t.cols {
		n, lenSize := 0, 1
		if f.jet4 {
			lenSize = 2
		}
		if pos+int64(lenSize) > int64(len(def)) {
			return nil, errorf(first, -1, "definition of table %q ends before the name of column %d", name, i)
		}
		if f.jet4 {
			n = u16(def, int(pos))
		} else {
			n = int(def[pos])
		}
		pos += int64(lenSize)
		if pos+int64(n) > int64(len(def)) {
			return nil, errorf(first, -1, "name of column %d of table %q (%d bytes) runs past the definition's end", i, name, n)
		}
		t.cols[i].Name = db.decodeName(def[pos : pos+int64(n)])
		pos += int64(n)
	}
	// Columns are listed in the order they were stored, which after
	// deletions and additions need not be their order in the table; the
	// column number puts them back.
	slices.SortStableFunc(t.cols, func(a, b Column) int { return a.num - b.num })
	t.firstVarNum = math.MaxInt
	for _, c := range t.cols {
		if !c.Fixed {
			t.firstVarNum = min(t.firstVarNum, c.num)
		}
	}
	return t, nil
}

// readTdefChain returns a table definition as one buffer: the whole of its
// first page, then each following page without its 8-byte header, as the
// definition runs on across the chain of next-page pointers.
func (db *DB) readTdefChain(name string, first uint32) ([]byte, error) {
	ps := db.f.pageSize
	pg := make([]byte, ps)
	var def []byte
	seen := make(map[uint32]bool)
	for n := first; ; {
		if seen[n] {
			return nil, errorf(n, 4, "definition of table %q comes back to page %d: the chain of pages is a loop", name, n)
		}
		if len(seen) == maxTdefPages {
			return nil, errorf(n, 4, "definition of table %q runs over more than %d pages", name, maxTdefPages)
		}
		seen[n] = true
		if err := db.readPage(pg, n); err != nil {
			return nil, err
		}
		if pg[0] != pageTdef {
			return nil, errorf(n, 0, "page type %#x where a table definition (0x02) of table %q is expected", pg[0], name)
		}
		if def == nil {
			def = append(def, pg...)
		} else {
			def = append(def, pg[8:]...)
		}
		n = u32(pg, 4)
		if n == 0 {
			return def, nil
		}
	}
}
