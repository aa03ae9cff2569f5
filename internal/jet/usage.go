package jet

import "strconv"

// Usage map types, the first byte of a usage map row.
const (
	usageInline    = 0x00 // a start page, then a bitmap, in the row itself
	usageReference = 0x01 // pointers to usage pages (type 0x05), each a bitmap
)

// usedPages returns, in ascending order, the pages the usage map of table
// t marks as the table's. Bits for pages beyond the end of the file are an
// error: they can only come from a broken map, and following them would
// read what is not there.
func (db *DB) usedPages(t *Table) ([]uint32, error) {
	buf := make([]byte, db.f.pageSize)
	what := "the usage map of table " + strconv.Quote(t.name)
	_, row, start, err := db.readRow(buf, t.usedPages, what)
	if err != nil {
		return nil, err
	}
	mapPage := t.usedPages.page()
	if len(row) == 0 {
		return nil, errorf(mapPage, start, "%s is empty", what)
	}
	var pages []uint32
	add := func(bitmap []byte, base uint64, where uint32, offset int) error {
		for i, b := range bitmap {
			for bit := 0; b != 0; bit, b = bit+1, b>>1 {
				if b&1 == 0 {
					continue
				}
				p := base + uint64(i)*8 + uint64(bit)
				if p >= uint64(db.npages) {
					return errorf(where, offset+i, "%s marks page %d, beyond the end of the file (%d pages)", what, p, db.npages)
				}
				pages = append(pages, uint32(p))
			}
		}
		return nil
	}
	switch row[0] {
	case usageInline:
		if len(row) < 5 {
			return nil, errorf(mapPage, start, "%s is %d bytes, too short for its start page", what, len(row))
		}
		if err := add(row[5:], uint64(u32(row, 1)), mapPage, start+5); err != nil {
			return nil, err
		}
	case usageReference:
		// Each usage page maps the pages that follow those of the one
		// before it; a null pointer is a range with no page in use.
		perPage := uint64(db.f.pageSize-4) * 8
		refs := row[1:]
		ubuf := make([]byte, db.f.pageSize)
		for i := 0; i+4 <= len(refs); i += 4 {
			up := u32(refs, i)
			if up == 0 {
				continue
			}
			if err := db.readPage(ubuf, up); err != nil {
				return nil, err
			}
			if ubuf[0] != pageUsage {
				return nil, errorf(up, 0, "page type %#x where a usage page (0x05) of %s is expected", ubuf[0], what)
			}
			if err := add(ubuf[4:], uint64(i/4)*perPage, up, 4); err != nil {
				return nil, err
			}
		}
	default:
		return nil, errorf(mapPage, start, "%s has type %#x; 0 (inline) or 1 (reference) is expected", what, row[0])
	}
	return pages, nil
}
