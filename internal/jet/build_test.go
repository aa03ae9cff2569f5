package jet

import (
	"crypto/rc4"
	"encoding/binary"
	"unicode/utf16"
)

// This file builds small Jet 4 databases by hand, page by page, to reach
// what the fixtures do not: reference usage maps, chains of LVAL rows,
// definitions over two pages, and pages broken in chosen ways.

const ps = 4096 // Jet 4 page size

type image struct{ pages [][]byte }

func (im *image) page(n int) []byte {
	for len(im.pages) <= n {
		im.pages = append(im.pages, make([]byte, ps))
	}
	return im.pages[n]
}

func (im *image) bytes() []byte {
	var b []byte
	for _, p := range im.pages {
		b = append(b, p...)
	}
	return b
}

func put16(b []byte, off, v int)        { binary.LittleEndian.PutUint16(b[off:], uint16(v)) }
func put32(b []byte, off int, v uint32) { binary.LittleEndian.PutUint32(b[off:], v) }

func ptr(page uint32, row int) uint32 { return page<<8 | uint32(row) }

// header writes page 0 of a Jet 4 file with code page 1252, masked as Jet
// masks it.
func (im *image) header() {
	h := im.page(0)
	copy(h[4:], headerMagicJet)
	h[headerVersion] = byte(Jet4)
	put16(h, headerCodePage, 1252)
	put32(h, headerSort4, 0x409)
	c, _ := rc4.NewCipher(headerMaskKey)
	m := h[headerMasked : headerMasked+maskedLenJet4]
	c.XORKeyStream(m, m)
}

// dataPage writes a data page owned by the table defined at tdef (or an
// LVAL page when tdef is 0) holding rows, each with its offset flags.
func (im *image) dataPage(n int, tdef uint32, rows [][]byte, flags []int) {
	p := im.page(n)
	p[0], p[1] = pageData, 1
	if tdef == 0 {
		copy(p[4:], "LVAL")
	} else {
		put32(p, 4, tdef)
	}
	put16(p, 12, len(rows))
	end := ps
	for i, r := range rows {
		start := end - len(r)
		copy(p[start:], r)
		f := 0
		if flags != nil {
			f = flags[i]
		}
		put16(p, 14+2*i, start|f)
		end = start
	}
}

type col struct {
	name    string
	typ     ColumnType
	length  int // for text: bytes
	fixed   bool
	num     int
	varIdx  int
	fixOffs int
}

// tdef returns a Jet 4 table definition (to be laid over one or more
// pages), with realIdx dummy index entries before the columns.
func tdef(cols []col, used uint32, numRows, realIdx int) []byte {
	d := make([]byte, 63+12*realIdx)
	d[0], d[1] = pageTdef, 1
	put32(d, 16, uint32(numRows))
	d[40] = 0x4e
	nvar := 0
	for _, c := range cols {
		if !c.fixed {
			nvar++
		}
	}
	put16(d, 41, len(cols))
	put16(d, 43, nvar)
	put16(d, 45, len(cols))
	put32(d, 51, uint32(realIdx))
	put32(d, 55, used)
	for _, c := range cols {
		e := make([]byte, 25)
		e[0] = byte(c.typ)
		put16(e, 5, c.num)
		put16(e, 7, c.varIdx)
		put16(e, 9, c.num)
		if c.fixed {
			e[15] = colFlagFixed
		}
		put16(e, 21, c.fixOffs)
		put16(e, 23, c.length)
		d = append(d, e...)
	}
	for _, c := range cols {
		u := utf16le(c.name)
		d = binary.LittleEndian.AppendUint16(d, uint16(len(u)))
		d = append(d, u...)
	}
	return d
}

// tdefPages lays definition d over the pages given, chaining them.
func (im *image) tdefPages(d []byte, pages ...int) {
	for i, n := range pages {
		p := im.page(n)
		if i == 0 {
			d = d[copy(p, d):]
		} else {
			p[0], p[1] = pageTdef, 1
			d = d[copy(p[8:], d):]
		}
		if i+1 < len(pages) {
			put32(p, 4, uint32(pages[i+1]))
		}
	}
	if len(d) > 0 {
		panic("table definition does not fit in its pages")
	}
}

func utf16le(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return b
}

// row encodes a Jet 4 row of cols: vals holds, per column, nil for null,
// a bool, or the bytes of the value.
func row(cols []col, vals []any) []byte {
	fixedLen := 0
	for _, c := range cols {
		if c.fixed && c.fixOffs+c.length > fixedLen {
			fixedLen = c.fixOffs + c.length
		}
	}
	r := make([]byte, 2+fixedLen)
	put16(r, 0, len(cols))
	mask := make([]byte, (len(cols)+7)/8)
	var varData [][]byte
	for i, c := range cols {
		v := vals[i]
		switch v := v.(type) {
		case bool:
			if v {
				mask[c.num/8] |= 1 << (c.num % 8)
			}
			continue
		case []byte:
			mask[c.num/8] |= 1 << (c.num % 8)
			if c.fixed {
				copy(r[2+c.fixOffs:], v)
			} else {
				for len(varData) <= c.varIdx {
					varData = append(varData, nil)
				}
				varData[c.varIdx] = v
			}
		}
	}
	offs := []int{}
	for _, v := range varData {
		offs = append(offs, len(r))
		r = append(r, v...)
	}
	r = binary.LittleEndian.AppendUint16(r, uint16(len(r))) // end of data
	for i := len(offs) - 1; i >= 0; i-- {
		r = binary.LittleEndian.AppendUint16(r, uint16(offs[i]))
	}
	r = binary.LittleEndian.AppendUint16(r, uint16(len(offs)))
	return append(r, mask...)
}

func le32(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }

// memo returns the 12-byte header of a long value of length n and flags,
// at pointer p, followed by inline.
func memo(n int, flags uint32, p uint32, inline []byte) []byte {
	b := append(le32(uint32(n)|flags), le32(p)...)
	b = append(b, 0, 0, 0, 0)
	return append(b, inline...)
}

// Pages of the database synth builds.
const (
	synCatalogUsage = 1 // data page: usage map rows (catalog's, inline; T's, reference)
	synCatalogData  = 3 // MSysObjects' rows
	synTdef         = 4 // T's definition, continued on page 5
	synTdef2        = 5
	synUsagePage    = 6 // T's usage page (type 0x05)
	synData         = 7 // T's rows
	synMoved        = 8 // a row of T moved off page 7
	synLval1        = 9 // LVAL rows
	synLval2        = 10
	synPages        = 11
)

var synCols = []col{
	{name: "ID", typ: TypeLong, length: 4, fixed: true, num: 0},
	{name: "Flag", typ: TypeBool, fixed: true, num: 1},
	{name: "Name", typ: TypeText, length: 100, num: 2, varIdx: 0},
	{name: "Note", typ: TypeMemo, num: 3, varIdx: 1},
}

// synthChain is the memo spread over three LVAL rows on two pages, its
// first link starting with the mark of compressed text.
var synthChain = []string{"\xff\xfealpha ", "beta ", "gamma"}

// synth builds a Jet 4 database with the catalog and one table, T, whose
// rows are, in page order: a row with an inline memo, a deleted row, a
// row whose memo is one LVAL row, a row with a null name and a memo over
// a chain of three LVAL rows, the pointer left by a moved row, and on a
// page of their own the moved row and a row holding only the fixed-length
// columns.
func synth() []byte {
	im := &image{}
	im.header()
	im.page(synPages - 1)

	// The catalog, MSysObjects, on page 2.
	catCols := []col{
		{name: "Id", typ: TypeLong, length: 4, fixed: true, num: 0},
		{name: "Name", typ: TypeText, length: 256, num: 1, varIdx: 0},
		{name: "Type", typ: TypeInt, length: 2, fixed: true, num: 2, fixOffs: 4},
		{name: "Flags", typ: TypeLong, length: 4, fixed: true, num: 3, fixOffs: 6},
	}
	im.tdefPages(tdef(catCols, ptr(synCatalogUsage, 0), 2, 0), catalogPage)
	i16 := func(v int) []byte { return binary.LittleEndian.AppendUint16(nil, uint16(v)) }
	im.dataPage(synCatalogData, catalogPage, [][]byte{
		row(catCols, []any{le32(catalogPage), utf16le("MSysObjects"), i16(1), le32(0x80000000)}),
		row(catCols, []any{le32(synTdef), []byte("\xff\xfeT"), i16(1), le32(0)}),
	}, nil)

	// Usage maps: the catalog's inline, from page 0; T's by reference.
	catMap := []byte{usageInline, 0, 0, 0, 0, 1 << synCatalogData}
	tMap := append([]byte{usageReference}, le32(synUsagePage)...)
	im.dataPage(synCatalogUsage, 0, [][]byte{catMap, tMap}, nil)
	u := im.page(synUsagePage)
	u[0], u[1] = pageUsage, 1
	for _, n := range []int{synTdef, synData, synMoved, synLval1} {
		u[4+n/8] |= 1 << (n % 8)
	}

	// T: 400 dummy index entries push its columns onto a second page.
	im.tdefPages(tdef(synCols, ptr(synCatalogUsage, 1), 5, 400), synTdef, synTdef2)
	text := func(s string) []byte { return append([]byte{0xff, 0xfe}, s...) }
	im.dataPage(synLval1, 0, [][]byte{
		text("in one LVAL row"),
		append(le32(ptr(synLval2, 0)), synthChain[0]...),
		append(le32(0), synthChain[2]...),
	}, nil)
	im.dataPage(synLval2, 0, [][]byte{
		append(le32(ptr(synLval1, 2)), synthChain[1]...),
	}, nil)
	chainLen := len(synthChain[0]) + len(synthChain[1]) + len(synthChain[2])
	im.dataPage(synData, synTdef, [][]byte{
		row(synCols, []any{le32(1), true, text("one"), memo(7, lvalInline, 0, text("short"))}),
		row(synCols, []any{le32(99), true, text("gone"), nil}),
		row(synCols, []any{le32(2), false, text("two"), memo(17, lvalOnePage, ptr(synLval1, 0), nil)}),
		row(synCols, []any{le32(3), true, nil, memo(chainLen, 0, ptr(synLval1, 1), nil)}),
		le32(ptr(synMoved, 0)),
	}, []int{0, rowMoved | rowGone, 0, 0, rowGone})
	// The second row has only the two fixed columns (as rows written by
	// Bridgemate's software do), and so no offsets table either.
	fixedOnly := append(append([]byte{2, 0}, le32(5)...), 0x03)
	im.dataPage(synMoved, synTdef, [][]byte{
		row(synCols, []any{le32(4), false, text("moved"), nil}),
		fixedOnly,
	}, []int{rowMoved, 0})
	return im.bytes()
}
