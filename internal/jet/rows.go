package jet

// Rows iterates over the rows of a table, reading one data page at a time
// in the order of the table's usage map, which is the order in which
// mdb-export lists them. Use it as
//
//	rows := t.Rows()
//	for rows.Next() {
//		vals := rows.Row()
//		...
//	}
//	if err := rows.Err(); err != nil { ... }
//
// A Rows must not be used by more than one goroutine at a time.
type Rows struct {
	t       *Table
	pages   []uint32 // the table's pages, ascending, read by the first Next
	started bool
	next    int // index in pages of the next page to read
	page    []byte
	pageNo  uint32
	nrows   int // rows on page
	row     int // next row on page
	lval    lvalReader
	vals    []any
	err     error
}

// Rows returns an iterator over the table's rows. Each call starts a new,
// independent iteration.
func (t *Table) Rows() *Rows {
	ps := t.db.f.pageSize
	return &Rows{t: t, page: make([]byte, ps), lval: lvalReader{buf: make([]byte, ps), left: 2 * int(t.db.npages)}}
}

// Next reads the next live row, skipping deleted ones, and reports whether
// there was one. It returns false at the end of the table and on the first
// error, which Err then returns.
func (r *Rows) Next() bool {
	if r.err != nil {
		return false
	}
	db := r.t.db
	if !r.started {
		r.started = true
		r.pages, r.err = db.usedPages(r.t)
		if r.err != nil {
			return false
		}
	}
	for {
		for r.row < r.nrows {
			i := r.row
			r.row++
			vals, ok, err := r.readRow(i)
			if err != nil {
				r.err = err
				return false
			}
			if ok {
				r.vals = vals
				return true
			}
		}
		if r.next >= len(r.pages) {
			r.vals = nil
			return false
		}
		n := r.pages[r.next]
		r.next++
		r.row, r.nrows = 0, 0
		if err := db.readPage(r.page, n); err != nil {
			r.err = err
			return false
		}
		// A usage map marks every page the table owns, its long-value
		// pages among them; only its data pages hold rows.
		if r.page[0] != pageData || u32(r.page, db.f.dataTdef) != r.t.page {
			continue
		}
		count, err := db.dataRowCount(r.page, n)
		if err != nil {
			r.err = err
			return false
		}
		r.pageNo, r.nrows = n, count
	}
}

// readRow decodes row i of the current page; ok is false for a row
// without data. A row that grows too big for its page is moved to another
// page of the table, where it is flagged as moved, and leaves behind a
// pointer to its new place; reading moved rows where they lie and skipping
// the pointers reads every row once, one page at a time. This is the
// order mdb-export gives; Jackcess follows the pointers instead, and so
// gives rows in the order they were first stored.
func (r *Rows) readRow(i int) (vals []any, ok bool, err error) {
	flags, row, start, err := r.t.db.rowBounds(r.page, r.pageNo, i)
	if err != nil || flags&rowGone != 0 {
		return nil, false, err
	}
	r.lval.left++
	vals, err = r.t.crack(row, r.pageNo, start, &r.lval)
	return vals, err == nil, err
}

// Row returns the values of the row Next read, one per column in the order
// of [Table.Columns]. A null is nil; otherwise the Go type follows the
// column's type:
//
//	TypeBool       bool (never nil: Jet keeps it in the null mask)
//	TypeByte       uint8
//	TypeInt        int16
//	TypeLong       int32
//	TypeMoney      Currency
//	TypeFloat      float32
//	TypeDouble     float64
//	TypeDateTime   time.Time (UTC, to the millisecond)
//	TypeText       string
//	TypeMemo       string
//	TypeBinary     []byte
//	TypeOLE        []byte
//	TypeGUID       GUID
//	TypeNumeric    Numeric
//	TypeComplex    int32
//	any other      []byte, as stored
//
// A calculated column's values are []byte whatever its type (see
// [Column.Calculated]).
//
// The slice and what it holds belong to the caller.
func (r *Rows) Row() []any { return r.vals }

// Err returns the error that ended the iteration, or nil at a normal end.
func (r *Rows) Err() error { return r.err }
