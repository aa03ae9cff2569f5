package jet

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/internal/jet/jetpage"
)

func TestSynth(t *testing.T) {
	db := openBytes(t, synth())
	if got := db.Tables(); len(got) != 1 || got[0] != "T" {
		t.Fatalf("tables %q, want [T]", got)
	}
	tab, err := db.Table("t")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range tab.Columns() {
		names = append(names, c.Name+":"+c.Type.String())
	}
	if got, want := strings.Join(names, " "), "ID:Long Integer Flag:Boolean Name:Text Note:Memo"; got != want {
		t.Errorf("columns %s, want %s", got, want)
	}
	var got []string
	rows := tab.Rows()
	for rows.Next() {
		got = append(got, fmt.Sprintf("%v", rows.Row()))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"[1 true one short]",
		"[2 false two in one LVAL row]",
		"[3 true <nil> alpha beta gamma]",
		"[4 false moved <nil>]",
		"[5 true <nil> <nil>]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestBroken breaks the synthetic database one way at a time: each must
// give a *FormatError naming the page at fault, never a panic or a hang.
func TestBroken(t *testing.T) {
	rowOffset := func(page, i int) int { return page*ps + jetpage.RowsStart + 2*i }
	// The row of page synData whose memo is a chain; its memo header is the
	// last 12 bytes of its variable-length data.
	chainRow := func(b []byte) []byte {
		p := b[synData*ps : (synData+1)*ps]
		start := int(binary.LittleEndian.Uint16(p[14+2*3:])) & rowOffsMask
		end := int(binary.LittleEndian.Uint16(p[14+2*2:])) & rowOffsMask
		return p[start:end]
	}
	memoHeader := func(b []byte) []byte {
		r := chainRow(b)
		// From the end: mask (1), count (2), two offsets (4), end of data (2).
		eod := int(binary.LittleEndian.Uint16(r[len(r)-9:]))
		return r[eod-12 : eod]
	}
	tests := []struct {
		name   string
		break_ func(b []byte)
		page   uint32
		want   string
	}{
		{"tdef loop", func(b []byte) { jetpage.Put32(b, synTdef2*ps+4, synTdef) }, synTdef, "loop"},
		{"tdef to a data page", func(b []byte) { jetpage.Put32(b, synTdef2*ps+4, synData) }, synData, "table definition"},
		{"tdef past the end", func(b []byte) { jetpage.Put32(b, synTdef2*ps+4, 1<<20) }, 1 << 20, "beyond the end"},
		{"too many columns", func(b []byte) { jetpage.Put16(b, synTdef*ps+45, 0xffff) }, synTdef, "columns"},
		{"usage page beyond the end", func(b []byte) { b[synUsagePage*ps+4+ps/2] = 1 }, synUsagePage, "beyond the end"},
		{"usage page of the wrong type", func(b []byte) { b[synUsagePage*ps] = pageData }, synUsagePage, "usage page"},
		{"usage map of an unknown type", func(b []byte) {
			p := b[synCatalogUsage*ps:]
			start := int(binary.LittleEndian.Uint16(p[14+2:]))
			p[start] = 7
		}, synCatalogUsage, "type 0x7"},
		{"row offset out of range", func(b []byte) { jetpage.Put16(b, rowOffset(synData, 2), 5) }, synData, "outside"},
		{"row count too big", func(b []byte) { jetpage.Put16(b, synData*ps+12, 3000) }, synData, "do not fit"},
		{"lval chain loop", func(b []byte) {
			// The third link points back to the first, and the value
			// claims more than the three hold.
			p := b[synLval1*ps:]
			start := int(binary.LittleEndian.Uint16(p[14+2*2:]))
			jetpage.Put32(p, start, jetpage.Ptr(synLval1, 1))
			jetpage.Put32(memoHeader(b), 0, 1000)
		}, synLval1, "loop"},
		{"lval chain too short", func(b []byte) { jetpage.Put32(memoHeader(b), 0, 1<<29) }, synData, "ends after"},
		{"lval to a deleted row", func(b []byte) {
			jetpage.Put16(b, rowOffset(synLval1, 1), int(binary.LittleEndian.Uint16(b[rowOffset(synLval1, 1):]))|rowGone|rowMoved)
		}, synLval1, "deleted"},
		{"lval to a tdef page", func(b []byte) { jetpage.Put32(memoHeader(b), 4, jetpage.Ptr(synTdef, 0)) }, synTdef, "data page"},
		{"inline memo too long", func(b []byte) {
			h := memoHeader(b)
			jetpage.Put32(h, 0, lvalInline|100)
		}, synData, "declares 100 bytes"},
		{"variable offsets out of order", func(b []byte) {
			r := chainRow(b)
			jetpage.Put16(r, len(r)-5, 0x7ff)
		}, synData, "out of order"},
		{"null mask past the row", func(b []byte) { jetpage.Put16(chainRow(b), 0, 0x7fff) }, synData, "null mask"},
		{"fixed column past the row", func(b []byte) {
			// The first column, ID, is on the definition's second page.
			e := b[synTdef2*ps+8+63+12*400-ps:]
			jetpage.Put16(e, 21, 40)
		}, synData, "fixed-length part"},
		{"short file", nil, 0, "shorter than one page"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := synth()
			if tc.break_ == nil {
				b = b[:100]
			} else {
				tc.break_(b)
			}
			err := openAndRead(b)
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("got %v, want a *FormatError", err)
			}
			if fe.Page != tc.page || !strings.Contains(fe.Msg, tc.want) {
				t.Errorf("got %v, want page %d and %q", err, tc.page, tc.want)
			}
		})
	}
}

func openAndRead(b []byte) error {
	db, err := Open(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return err
	}
	_, err = readAll(db)
	return err
}

// TestJet3Jumps checks the jump table of a Jet 3 row longer than 256
// bytes: three variable-length columns of 150 bytes, the third starting
// past offset 256.
func TestJet3Jumps(t *testing.T) {
	r := []byte{3} // column count
	r = append(r, bytes.Repeat([]byte{'a'}, 450)...)
	r = append(r, 451-256, 301-256, 151, 1) // end of data, offsets of columns 3, 2, 1
	r = append(r, 2, 3, 0x07)               // jump: column 2 is the first past 256; count; null mask
	offs, err := varOffsets3(r, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(offs); got != "[1 151 301 451]" {
		t.Errorf("offsets %s, want [1 151 301 451]", got)
	}
}

// TestLvalBudget reads the chained memo of the synthetic table with too
// small a budget of LVAL rows: the third link is refused.
func TestLvalBudget(t *testing.T) {
	db := openBytes(t, synth())
	tab, err := db.Table("T")
	if err != nil {
		t.Fatal(err)
	}
	rows := tab.Rows()
	rows.lval.left = 0 // each row read adds one; the second needs one LVAL row, the third three
	for rows.Next() {
	}
	var fe *FormatError
	if err := rows.Err(); !errors.As(err, &fe) || !strings.Contains(fe.Msg, "more than the file can hold") {
		t.Fatalf("got %v, want an error for LVAL rows past the budget", err)
	}
}
