package jet

import "encoding/binary"

// Page types, the first byte of every page.
const (
	pageHeader = 0x00
	pageData   = 0x01
	pageTdef   = 0x02
	pageUsage  = 0x05
)

// The high bits of a row offset are flags; see "Data pages" in doc.go.
const (
	rowMoved    = 0x8000 // alone: the data of a row moved here from the row that points to it
	rowGone     = 0x4000 // no data here: with rowMoved a deleted row, alone a pointer to moved data
	rowOffsMask = 0x1fff
)

func u16(b []byte, off int) int    { return int(binary.LittleEndian.Uint16(b[off:])) }
func u32(b []byte, off int) uint32 { return binary.LittleEndian.Uint32(b[off:]) }

// pointer is a row pointer as Jet stores it: the page number in the high
// three bytes, the row number on that page in the low byte.
type pointer uint32

func (p pointer) page() uint32 { return uint32(p) >> 8 }
func (p pointer) row() int     { return int(p & 0xff) }

// dataRowCount returns the number of row offsets a data page declares,
// after checking that they fit in the page.
func (db *DB) dataRowCount(pg []byte, n uint32) (int, error) {
	count := u16(pg, db.f.dataRowCount)
	if db.f.dataRowOffset+2*count > len(pg) {
		return 0, errorf(n, db.f.dataRowCount, "%d row offsets do not fit in the page", count)
	}
	return count, nil
}

// rowBounds returns the flags and the bytes of row i of data page pg
// (number n); a row without data whose bounds are out of place has no
// bytes. A row runs from its offset to the offset of the row before
// it, or to the end of the page for row 0: rows fill the page from its end.
func (db *DB) rowBounds(pg []byte, n uint32, i int) (flags int, row []byte, start int, err error) {
	count, err := db.dataRowCount(pg, n)
	if err != nil {
		return 0, nil, 0, err
	}
	if i >= count {
		return 0, nil, 0, errorf(n, -1, "row %d asked for where the page has %d rows", i, count)
	}
	at := db.f.dataRowOffset + 2*i
	raw := u16(pg, at)
	flags = raw &^ rowOffsMask
	start = raw & rowOffsMask
	end := len(pg)
	if i > 0 {
		end = u16(pg, at-2) & rowOffsMask
	}
	if start < db.f.dataRowOffset+2*count || start > end || end > len(pg) {
		if flags&rowGone != 0 {
			// What is left of a deleted or moved row is never read, so
			// its bounds need not make sense.
			return flags, nil, start, nil
		}
		return 0, nil, 0, errorf(n, at, "row %d runs from %#x to %#x, outside the page's row area", i, start, end)
	}
	return flags, pg[start:end], start, nil
}

// readRow reads the page that p names into buf and returns the row's
// bytes, refusing a page that is not a data page and a row without data.
func (db *DB) readRow(buf []byte, p pointer, what string) (flags int, row []byte, start int, err error) {
	n := p.page()
	if err := db.readPage(buf, n); err != nil {
		return 0, nil, 0, err
	}
	if buf[0] != pageData {
		return 0, nil, 0, errorf(n, 0, "page type %#x where the data page of %s is expected", buf[0], what)
	}
	flags, row, start, err = db.rowBounds(buf, n, p.row())
	if err != nil {
		return 0, nil, 0, err
	}
	if flags&rowGone != 0 {
		return 0, nil, 0, errorf(n, start, "row %d, which should hold %s, is deleted or moved", p.row(), what)
	}
	return flags, row, start, nil
}
