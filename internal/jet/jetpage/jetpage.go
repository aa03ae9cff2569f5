// Package jetpage is for tests: Jet 4 pages written by hand. It holds
// what the tests of package jet (which build synthetic and deliberately
// broken databases) and package jetbuild (which builds whole databases
// for other packages' tests) both write: the page image, the masked
// header, data pages, table definitions, rows and usage maps, laid out as
// package jet's doc.go describes.
//
// It restates the format's numbers rather than importing package jet:
// jet's own tests use it, and would otherwise import themselves; and a
// writer that shares the reader's constants cannot catch a wrong one.
package jetpage

import (
	"crypto/rc4"
	"encoding/binary"
	"unicode/utf16"
)

// Size is the size of a Jet 4 page.
const Size = 4096

// RowsStart is the offset of a data page's first row offset.
const RowsStart = 14

// The format's numbers the writers below need.
const (
	pageData       = 0x01
	pageTdef       = 0x02
	headerVersion  = 0x14
	headerMasked   = 0x18 // the first byte of the RC4-masked region
	headerCodePage = 0x3c
	headerSort4    = 0x6e
	maskedLen      = 128
	colFlagFixed   = 0x01
)

// maskKey is the RC4 key with which Jet masks part of the header page.
var maskKey = []byte{0xc7, 0xda, 0x39, 0x6b}

// An Image is a database file being written, a page at a time; a page
// not written is zeros.
type Image struct{ pages [][]byte }

// Page returns page n, adding zeroed pages up to it.
func (im *Image) Page(n int) []byte {
	for len(im.pages) <= n {
		im.pages = append(im.pages, make([]byte, Size))
	}
	return im.pages[n]
}

// Alloc adds a page after the last and returns its number.
func (im *Image) Alloc() int {
	n := len(im.pages)
	im.Page(n)
	return n
}

// Bytes returns the file: its pages in order.
func (im *Image) Bytes() []byte {
	b := make([]byte, 0, len(im.pages)*Size)
	for _, p := range im.pages {
		b = append(b, p...)
	}
	return b
}

// Header writes page 0 of a Jet 4 file with code page 1252, masked as Jet
// masks it.
func (im *Image) Header() {
	h := im.Page(0)
	copy(h[4:], "Standard Jet DB")
	h[headerVersion] = 1 // Jet 4
	Put16(h, headerCodePage, 1252)
	Put32(h, headerSort4, 0x409)
	c, err := rc4.NewCipher(maskKey)
	if err != nil {
		panic(err)
	}
	m := h[headerMasked : headerMasked+maskedLen]
	c.XORKeyStream(m, m)
}

// DataPage writes rows on data page n, owned by the table defined at tdef
// (or an LVAL page, where long values and usage maps are kept, when tdef
// is 0), from the end of the page backwards as Jet fills it. flags, when
// not nil, holds each row's offset flags (moved, deleted).
func (im *Image) DataPage(n int, tdef uint32, rows [][]byte, flags []int) {
	p := im.Page(n)
	p[0], p[1] = pageData, 1
	if tdef == 0 {
		copy(p[4:], "LVAL")
	} else {
		Put32(p, 4, tdef)
	}
	Put16(p, 12, len(rows))
	end := Size
	for i, r := range rows {
		start := end - len(r)
		copy(p[start:], r)
		f := 0
		if flags != nil {
			f = flags[i]
		}
		Put16(p, RowsStart+2*i, start|f)
		end = start
	}
}

// Tdef lays table definition d (see [Def.Bytes]) over the pages given,
// each pointing to the next; it panics if d does not fit in them.
func (im *Image) Tdef(d []byte, pages ...int) {
	for i, n := range pages {
		p := im.Page(n)
		if i == 0 {
			d = d[copy(p, d):]
		} else {
			// A continuation page repeats only the type and the link.
			p[0], p[1] = pageTdef, 1
			d = d[copy(p[8:], d):]
		}
		if i+1 < len(pages) {
			Put32(p, 4, uint32(pages[i+1]))
		}
	}
	if len(d) > 0 {
		panic("jetpage: table definition does not fit in its pages")
	}
}

// A Column is a column's entry in a table definition, and where its
// values go in a row.
type Column struct {
	Name   string
	Type   byte // as package jet numbers the types
	Num    int  // the column's number: its bit in the null mask
	Fixed  bool
	Offset int // fixed: the offset in the row's fixed-length part; else the index among the variable-length columns
	Length int // fixed: the size of a value; Text: the most bytes
}

// A Def is a Jet 4 table definition.
type Def struct {
	Columns     []Column
	Rows        int    // the row count the definition declares
	RealIndexes int    // how many (empty) index entries come before the columns
	Usage       uint32 // row pointer to the usage map of the table's pages
	Free        uint32 // row pointer to the map of pages with free space; 0 for none
}

// Bytes returns the definition, to be laid over one or more pages with
// [Image.Tdef].
func (d Def) Bytes() []byte {
	b := make([]byte, 63+12*d.RealIndexes)
	b[0], b[1] = pageTdef, 1
	Put32(b, 16, uint32(d.Rows))
	b[40] = 0x4e
	nvar := 0
	for _, c := range d.Columns {
		if !c.Fixed {
			nvar++
		}
	}
	Put16(b, 41, len(d.Columns))
	Put16(b, 43, nvar)
	Put16(b, 45, len(d.Columns))
	Put32(b, 51, uint32(d.RealIndexes))
	Put32(b, 55, d.Usage)
	Put32(b, 59, d.Free)
	for _, c := range d.Columns {
		e := make([]byte, 25)
		e[0] = c.Type
		Put16(e, 5, c.Num)
		Put16(e, 9, c.Num)
		if c.Fixed {
			e[15] = colFlagFixed
			Put16(e, 21, c.Offset)
		} else {
			Put16(e, 7, c.Offset)
		}
		Put16(e, 23, c.Length)
		b = append(b, e...)
	}
	for _, c := range d.Columns {
		u := UTF16LE(c.Name)
		b = binary.LittleEndian.AppendUint16(b, uint16(len(u)))
		b = append(b, u...)
	}
	return b
}

// Row encodes a Jet 4 row of cols: the column count, the fixed-length
// part, the variable-length values, their offsets backwards from the end,
// and the null mask. vals holds, per column, nil for null, a bool, or the
// bytes of the value. Every variable-length column has an offset, a null
// one to no bytes, as Jet writes a row.
func Row(cols []Column, vals []any) []byte { return row(cols, vals, false) }

// ShortRow is [Row] but for the variable-length columns after the last
// with a value, which have no offset, as in a row written before they
// were added to the table.
func ShortRow(cols []Column, vals []any) []byte { return row(cols, vals, true) }

func row(cols []Column, vals []any, short bool) []byte {
	fixedLen, nvar := 0, 0
	for _, c := range cols {
		if c.Fixed {
			fixedLen = max(fixedLen, c.Offset+c.Length)
		} else if !short {
			nvar = max(nvar, c.Offset+1)
		}
	}
	r := make([]byte, 2+fixedLen)
	Put16(r, 0, len(cols))
	mask := make([]byte, (len(cols)+7)/8)
	varData := make([][]byte, nvar)
	for i, c := range cols {
		switch v := vals[i].(type) {
		case bool:
			if v {
				Mark(mask, c.Num)
			}
		case []byte:
			Mark(mask, c.Num)
			if c.Fixed {
				copy(r[2+c.Offset:], v)
				continue
			}
			for len(varData) <= c.Offset {
				varData = append(varData, nil)
			}
			varData[c.Offset] = v
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

// UsageMap returns an inline usage map, starting at page 0, marking the
// pages given.
func UsageMap(pages ...int) []byte {
	top := 0
	for _, p := range pages {
		top = max(top, p)
	}
	m := make([]byte, 5+top/8+1)
	for _, p := range pages {
		Mark(m[5:], p)
	}
	return m
}

// Mark sets bit i of bitmap b, counting from the low bit of the first
// byte, as null masks and usage maps count.
func Mark(b []byte, i int) { b[i/8] |= 1 << (i % 8) }

// Ptr returns the row pointer to row of page.
func Ptr(page uint32, row int) uint32 { return page<<8 | uint32(row) }

// Put16 writes v at b[off:] as a little-endian 16-bit number.
func Put16(b []byte, off, v int) { binary.LittleEndian.PutUint16(b[off:], uint16(v)) }

// Put32 writes v at b[off:] as a little-endian 32-bit number.
func Put32(b []byte, off int, v uint32) { binary.LittleEndian.PutUint32(b[off:], v) }

// UTF16LE returns s in UTF-16, little-endian, as Jet 4 stores text that
// it does not compress.
func UTF16LE(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return b
}
