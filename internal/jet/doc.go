// Package jet reads Microsoft Jet databases: Access 97 (Jet 3) and Access
// 2000–2003 (Jet 4) .mdb files, the Access 2007 and later .accdb files of
// the ACE engine, and so the .bws files of Bridgemate scoring terminals,
// which are Jet databases (Jet 3 in the files seen). It lists the tables
// and reads their columns and rows, one page at a time; it never writes,
// and needs neither cgo, ODBC nor Windows.
//
//	db, err := jet.Open(f, size)
//	for _, name := range db.Tables() {
//		t, err := db.Table(name)
//		rows := t.Rows()
//		for rows.Next() {
//			vals := rows.Row() // one value per column of t.Columns()
//		}
//		err = rows.Err()
//	}
//
// Whatever the input, reading ends with rows or an error: a pointer
// outside the file, a chain of pages that loops, an offset outside its
// page or a length longer than its data is a [*FormatError] naming the
// page and offset at fault. Memory in use is the catalog's table names,
// a table's definition and list of pages, a few page buffers and the
// current row, never the whole file.
//
// Not read: indexes (rows are read in the order of the table's pages),
// queries, forms and the other objects of MSysObjects, linked tables,
// encrypted databases (a Jet database key is refused as such; an ACE
// file encrypted with a password reads as broken pages), the contents of
// ACE's complex columns (attachments and multi-value fields, stored in
// hidden tables; the column gives their 32-bit id) and the values of
// ACE's calculated columns (given as stored, see [Column.Calculated]).
//
// # The file format
//
// What follows is the format as this package reads it, in our words. The
// source is the description of the format by the mdbtools project
// (HACKING.md in github.com/mdbtools/mdbtools), checked against the files
// in testdata (from Jackcess, github.com/jahlborn/jackcess), a Bridgemate
// file and the output of mdb-export; where they disagree, the files
// decide, as noted.
//
// Pages. A file is a sequence of pages of 2048 bytes (Jet 3) or 4096
// bytes (Jet 4 and ACE). All numbers are little-endian. A page's first
// byte gives its type: 0x00 the header (page 0), 0x01 data, 0x02 table
// definition, 0x03 and 0x04 index, 0x05 usage bitmap. A row pointer is 4
// bytes: the row number on its page in the low byte, the page number in
// the other three.
//
// Header. Bytes 4 to 18 hold "Standard Jet DB" or "Standard ACE DB", and
// byte 0x14 the version: 0 Jet 3, 1 Jet 4, 2 ACE 12 (Access 2007), 3 to 6
// the later ACE versions. From offset 0x18, 126 bytes (Jet 3) or 128 (the
// others) are XOR-masked with the RC4 key stream of the fixed key
// 0x6b39dac7 (its 4 bytes little-endian); unmasked, they give the code
// page at 0x3c (2 bytes), the database key at 0x3e (4 bytes, non-zero in
// an encrypted database) and the sort order at 0x3a (Jet 3, 2 bytes) or
// 0x6e (4 bytes).
//
// Catalog. The table MSysObjects, whose definition is always on page 2,
// lists the database's objects. Its column Type is 1 for a local table
// (the high bit aside), the low three bytes of Id are the page of the
// table's definition, and Flags has bit 0x80000000 or 0x2 set for a
// system table.
//
// Table definitions. A definition may run over several pages: each
// page's bytes 4 to 7 point to the next (0 at the end), and the
// definition is the first page followed by every next page without its
// 8-byte header. After the header come the number of rows (offset 12 in
// Jet 3, 16 in Jet 4), the counts of variable-length and of all columns
// (23 and 25; 43 and 45), the count of index entries (31; 51) and the
// row pointer to the table's usage map (35; 55). Then, from offset 43 (63
// in Jet 4), an entry of 8 (12) bytes per index, and one of 18 (25)
// bytes per column: its type (byte 0), its number (offset 1; 5), its
// place in the row's table of variable-length offsets (3; 7), its
// precision and scale (11 and 12), its flags (13; 15: 0x01 for
// fixed-length), its offset in the fixed-length part of a row (14; 21)
// and its length (16; 23). Then the column names, in the same order: a
// 1-byte length and code-page text (Jet 3), or a 2-byte length and
// UTF-16LE. Columns are numbered in the order of the table, which the
// order of entries need not follow. In Jet 4, the byte after the flags
// holds more flags: 0x01 for text that may be compressed, and 0x80 or
// 0x40 for a calculated column, whose values are wrapped in a header.
//
// Usage maps. A table's usage map is a row (on some data page) whose
// first byte gives its kind. Kind 0 holds, from byte 1, the number of the
// first page it covers and a bitmap, lowest bit first, of the pages that
// belong to the table. Kind 1 holds, from byte 1, pointers to pages of
// type 0x05, each a bitmap from its byte 4 onwards; the i-th covers the
// i-th range of (page size − 4) × 8 pages. The pages a map marks include
// the table's long-value pages; only data pages naming the table as their
// owner hold its rows.
//
// Data pages. Bytes 4 to 7 hold the owning table's definition page (or
// "LVAL" for a page of long values); the number of rows is at offset 8
// (Jet 3) or 12 (Jet 4), followed by one 2-byte offset per row. Rows fill
// the page from its end: row 0 runs from its offset to the end of the
// page, each later row up to the offset of the one before. The 13 low
// bits of an offset place the row; the two high ones are flags. Both set
// mark a deleted row. 0x4000 alone marks a row that grew too big for its
// page and was moved: it holds only a row pointer to where its data now
// is, and that row carries 0x8000 alone. (HACKING.md calls 0x8000 the
// deleted flag; the files bear out the reading here, and so do mdb-export
// and Jackcess.) This package reads moved rows where they now are and skips the
// pointers, as mdb-export does, so that every row is read once, page by
// page; Jackcess follows the pointers instead, which gives rows in the
// order of their first place.
//
// Rows. A row starts with its number of columns (1 byte in Jet 3, 2 in
// Jet 4) and ends with its null mask, one bit per column number, lowest
// bit first, set when the value is present; a Yes/No column is the bit
// itself and takes no other space. Then come the fixed-length values, at
// their columns' offsets; then the variable-length values, one after the
// other. Backwards from the null mask come the count of variable-length
// values, their start offsets (the first column's nearest the end), and
// the offset of the end of the variable-length data. A row with no more
// columns than the fixed-length ones, as Bridgemate's software writes
// them, has none of that table. Jet 4 offsets are 2 bytes; Jet 3 offsets
// are 1 byte, and in a row longer than 256 bytes a jump table between the
// count and the offsets lists, for each multiple of 256 in turn, the
// first column whose offset lies beyond it, so that 256 is added to that
// column's offset and to those after it for each jump passed. The number
// of jumps follows from the row's length, so the last can be a filler
// that no offset needs. Columns added after a row was written are absent
// from it and read as null.
//
// Values. Byte, Integer (16-bit), Long Integer (32-bit), Single and
// Double (IEEE) are stored as such; Currency is a 64-bit integer of
// ten-thousandths; Date/Time is a Double counting days from 1899-12-30,
// its fraction (whatever the whole part's sign) the time of day; GUIDs
// are 16 bytes; Numeric is a sign byte (0x80 negative) and a 128-bit
// magnitude as four 32-bit words, the most significant first, each
// little-endian. Jet 3 text is 8-bit in the header's code page (Windows
// code pages and a few DOS ones are known; others are read as
// Windows-1252). Text of the later versions is UTF-16LE, or, when its
// first two bytes are 0xFF 0xFE, compressed: runs of one byte per
// character (U+0001 to U+00FF) alternate with runs of UTF-16LE, each run
// ending at a 0x00 byte, the first run a one-byte one.
//
// Long values (Memo, OLE). In the row, a 12-byte header: the length in
// the low 30 bits of the first 4 bytes, then a row pointer. Bit 31 set:
// the value follows the header in the row. Bit 30 set: the value is the
// row the pointer names, on an LVAL page. Neither: the value is a chain
// of rows, each starting with the pointer to the next.
//
// # mdbtools
//
// The tests compare every value of every table of the files in testdata
// with mdb-export's (mdbtools 1.0), and so were all of Jackcess's test
// databases, mdbtools' own and a Bridgemate file. Where the two differ,
// the difference is in mdbtools' output, and the tests accept it:
//
//   - a zero-length text or binary value is printed as a null; Access
//     tells the two apart, and so does this package;
//   - dates before 1899-12-30 or a million days after it (past the year
//     4637) are printed as 1900-01-00;
//   - characters beyond the Basic Multilingual Plane (emoji) are
//     printed as "??", and Jet 3 bytes the code page leaves undefined as
//     "?", where this package gives the character, or for an undefined
//     byte the C1 control character of that number, as Windows does;
//   - values of types it does not know (ACE's extended date/time, 0x14)
//     are printed as nulls, where this package gives their bytes;
//   - GUIDs are printed without the dash between the last two groups.
//
// Neither reads the values of ACE's calculated columns.
package jet
