package jet

import (
	"bytes"
	"fmt"
)

// crack splits row r, which starts at offset at of page n, into the values
// of t's columns, reading long values through lval.
func (t *Table) crack(r []byte, n uint32, at int, lval *lvalReader) ([]any, error) {
	f := t.db.f
	hdr := f.rowHeader
	if len(r) < hdr {
		return nil, errorf(n, at, "row of %d bytes has no column count", len(r))
	}
	ncols := int(r[0])
	if f.jet4 {
		ncols = u16(r, 0)
	}
	maskLen := (ncols + 7) / 8
	if hdr+maskLen > len(r) {
		return nil, errorf(n, at, "row of %d bytes declares %d columns, whose null mask does not fit", len(r), ncols)
	}
	mask := r[len(r)-maskLen:]
	fixedEnd := len(r) - maskLen
	var offs []int
	// A row written before the table had its variable-length columns,
	// or with fewer columns than that, has no offsets table at all.
	if t.numVarCols > 0 && ncols > t.firstVarNum {
		var err error
		if f.jet4 {
			offs, err = varOffsets4(r, maskLen, hdr)
		} else {
			offs, err = varOffsets3(r, maskLen, hdr)
		}
		if err != nil {
			return nil, errorf(n, at, "%v", err)
		}
		fixedEnd = offs[0]
	}
	vals := make([]any, len(t.cols))
	for i := range t.cols {
		c := &t.cols[i]
		present := c.num < ncols && mask[c.num/8]&(1<<(c.num%8)) != 0
		if c.Type == TypeBool && !c.Calculated {
			vals[i] = present
			continue
		}
		if !present {
			continue
		}
		var data []byte
		if c.Fixed {
			s, e := hdr+c.fixedOffset, hdr+c.fixedOffset+c.size
			if e > fixedEnd {
				return nil, errorf(n, at, "column %q (bytes %d to %d of the row) runs past the row's fixed-length part (%d bytes)",
					c.Name, s, e, fixedEnd)
			}
			data = r[s:e]
		} else {
			if c.varIndex+1 >= len(offs) {
				// The row was written before the column was added.
				continue
			}
			data = r[offs[c.varIndex]:offs[c.varIndex+1]]
		}
		if c.Calculated {
			vals[i] = bytes.Clone(data)
			continue
		}
		v, err := t.db.value(c, data, n, at, lval)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	return vals, nil
}

// varOffsets4 reads a Jet 4 row's table of variable-length offsets. From
// the row's end backwards come the null mask, the count of variable-length
// columns, their start offsets (first column last), and the offset of the
// end of their data. The returned slice has one entry per column and the
// end offset last.
func varOffsets4(r []byte, maskLen, hdr int) ([]int, error) {
	p := len(r) - maskLen - 2
	if p < hdr {
		return nil, fmt.Errorf("row has no room for its count of variable-length columns")
	}
	nvar := u16(r, p)
	tbl := p - 2*(nvar+1)
	if tbl < hdr {
		return nil, fmt.Errorf("row's offsets of %d variable-length columns do not fit in it", nvar)
	}
	offs := make([]int, nvar+1)
	for i := range offs {
		offs[i] = u16(r, p-2*(i+1))
	}
	return offs, checkOffsets(offs, hdr, tbl)
}

// varOffsets3 reads a Jet 3 row's table of variable-length offsets. Jet 3
// offsets are single bytes; in a row longer than 256 bytes a jump table,
// between the count and the offsets, lists for each 256-byte boundary the
// first column whose offset lies past it, and each jump passed adds 256.
func varOffsets3(r []byte, maskLen, hdr int) ([]int, error) {
	p := len(r) - maskLen - 1
	if p < hdr {
		return nil, fmt.Errorf("row has no room for its count of variable-length columns")
	}
	nvar := int(r[p])
	jumps := (len(r) - 1) / 256
	first := p - 1 - jumps // the first column's offset; the others precede it
	if first-nvar < hdr {
		return nil, fmt.Errorf("row's offsets of %d variable-length columns do not fit in it", nvar)
	}
	// The number of jump entries follows the row's length, not where its
	// data ends, so the last entry can be a filler no offset needs.
	if (first-nvar)/256 < jumps {
		jumps--
	}
	offs := make([]int, nvar+1)
	used := 0
	for i := range offs {
		for used < jumps && int(r[p-1-used]) == i {
			used++
		}
		offs[i] = int(r[first-i]) + 256*used
	}
	return offs, checkOffsets(offs, hdr, first-nvar)
}

// checkOffsets checks that variable-length data lies, in order, between
// the row's header and the table of offsets.
func checkOffsets(offs []int, lo, hi int) error {
	prev := lo
	for i, o := range offs {
		if o < prev || o > hi {
			return fmt.Errorf("offset %d of variable-length column %d is out of order or outside the row's data (%d to %d)", o, i, lo, hi)
		}
		prev = o
	}
	return nil
}
