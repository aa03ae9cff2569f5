package jet

import (
	"encoding/binary"

	"github.com/bridgekit/bridgekit/internal/jet/jetpage"
)

// This file builds small Jet 4 databases by hand, page by page, to reach
// what the fixtures do not: reference usage maps, chains of LVAL rows,
// definitions over two pages, and pages broken in chosen ways. The page
// writing is package jetpage's, shared with package jetbuild, which these
// tests cannot import: it imports jet.

// ps is the page size, short for the offsets of pages that the tests
// of broken databases compute.
const ps = jetpage.Size

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

var synCols = []jetpage.Column{
	{Name: "ID", Type: byte(TypeLong), Length: 4, Fixed: true, Num: 0},
	{Name: "Flag", Type: byte(TypeBool), Fixed: true, Num: 1},
	{Name: "Name", Type: byte(TypeText), Length: 100, Num: 2, Offset: 0},
	{Name: "Note", Type: byte(TypeMemo), Num: 3, Offset: 1},
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
	im := &jetpage.Image{}
	im.Header()
	im.Page(synPages - 1)

	// The catalog, MSysObjects, on page 2.
	catCols := []jetpage.Column{
		{Name: "Id", Type: byte(TypeLong), Length: 4, Fixed: true, Num: 0},
		{Name: "Name", Type: byte(TypeText), Length: 256, Num: 1, Offset: 0},
		{Name: "Type", Type: byte(TypeInt), Length: 2, Fixed: true, Num: 2, Offset: 4},
		{Name: "Flags", Type: byte(TypeLong), Length: 4, Fixed: true, Num: 3, Offset: 6},
	}
	im.Tdef(jetpage.Def{Columns: catCols, Rows: 2, Usage: jetpage.Ptr(synCatalogUsage, 0)}.Bytes(), catalogPage)
	i16 := func(v int) []byte { return binary.LittleEndian.AppendUint16(nil, uint16(v)) }
	im.DataPage(synCatalogData, catalogPage, [][]byte{
		jetpage.Row(catCols, []any{le32(catalogPage), jetpage.UTF16LE("MSysObjects"), i16(1), le32(0x80000000)}),
		jetpage.Row(catCols, []any{le32(synTdef), []byte("\xff\xfeT"), i16(1), le32(0)}),
	}, nil)

	// Usage maps: the catalog's inline, from page 0; T's by reference.
	catMap := jetpage.UsageMap(synCatalogData)
	tMap := append([]byte{usageReference}, le32(synUsagePage)...)
	im.DataPage(synCatalogUsage, 0, [][]byte{catMap, tMap}, nil)
	u := im.Page(synUsagePage)
	u[0], u[1] = pageUsage, 1
	for _, n := range []int{synTdef, synData, synMoved, synLval1} {
		jetpage.Mark(u[4:], n)
	}

	// T: 400 dummy index entries push its columns onto a second page.
	im.Tdef(jetpage.Def{Columns: synCols, Rows: 5, RealIndexes: 400, Usage: jetpage.Ptr(synCatalogUsage, 1)}.Bytes(), synTdef, synTdef2)
	text := func(s string) []byte { return append([]byte{0xff, 0xfe}, s...) }
	im.DataPage(synLval1, 0, [][]byte{
		text("in one LVAL row"),
		append(le32(jetpage.Ptr(synLval2, 0)), synthChain[0]...),
		append(le32(0), synthChain[2]...),
	}, nil)
	im.DataPage(synLval2, 0, [][]byte{
		append(le32(jetpage.Ptr(synLval1, 2)), synthChain[1]...),
	}, nil)
	chainLen := len(synthChain[0]) + len(synthChain[1]) + len(synthChain[2])
	// The deleted row and the moved one (below) have no offset for their
	// null memo, as rows written before the column was added.
	im.DataPage(synData, synTdef, [][]byte{
		jetpage.Row(synCols, []any{le32(1), true, text("one"), memo(7, lvalInline, 0, text("short"))}),
		jetpage.ShortRow(synCols, []any{le32(99), true, text("gone"), nil}),
		jetpage.Row(synCols, []any{le32(2), false, text("two"), memo(17, lvalOnePage, jetpage.Ptr(synLval1, 0), nil)}),
		jetpage.Row(synCols, []any{le32(3), true, nil, memo(chainLen, 0, jetpage.Ptr(synLval1, 1), nil)}),
		le32(jetpage.Ptr(synMoved, 0)),
	}, []int{0, rowMoved | rowGone, 0, 0, rowGone})
	// The second row has only the two fixed columns (as rows written by
	// Bridgemate's software do), and so no offsets table either.
	fixedOnly := append(append([]byte{2, 0}, le32(5)...), 0x03)
	im.DataPage(synMoved, synTdef, [][]byte{
		jetpage.ShortRow(synCols, []any{le32(4), false, text("moved"), nil}),
		fixedOnly,
	}, []int{rowMoved, 0})
	return im.Bytes()
}
