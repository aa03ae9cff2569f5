package jet

import (
	"bytes"
	"crypto/rc4"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Version is the engine version a database file declares in the byte at
// offset 0x14 of its header page.
type Version byte

// The versions Open reads. Jet 3 files have 2 KB pages and 8-bit text;
// every later version has 4 KB pages, UTF-16 text and the same layout of
// pages, so Jet 4 and the ACE versions are read alike.
const (
	Jet3    Version = 0 // Access 97
	Jet4    Version = 1 // Access 2000, 2002, 2003
	ACE12   Version = 2 // Access 2007 (.accdb)
	ACE14   Version = 3 // Access 2010
	ACE15   Version = 4 // Access 2013
	ACE16   Version = 5 // Access 2016
	ACE17   Version = 6 // Access 2019
	lastACE         = ACE17
)

func (v Version) String() string {
	switch v {
	case Jet3:
		return "Jet 3"
	case Jet4:
		return "Jet 4"
	case ACE12:
		return "ACE 12"
	case ACE14:
		return "ACE 14"
	case ACE15:
		return "ACE 15"
	case ACE16:
		return "ACE 16"
	case ACE17:
		return "ACE 17"
	}
	return fmt.Sprintf("version %#x", byte(v))
}

// A DB is an open Jet database. It reads pages through the io.ReaderAt it
// was opened on, one at a time, and never writes. A DB and its tables may
// be used by several goroutines at once as long as the io.ReaderAt allows
// concurrent ReadAt calls (an *os.File does); each Rows iterator belongs to
// one goroutine.
type DB struct {
	r      io.ReaderAt
	f      *format
	npages uint32
	ver    Version

	codePage  int
	sortOrder uint32
	charset   *charmap.Charmap // Jet 3 text; nil for the UTF-16 versions

	catalog []catalogEntry
}

// format holds the offsets that differ between Jet 3 and the later
// versions. The names follow the fields of the format description in
// doc.go.
type format struct {
	pageSize    int
	jet4        bool
	colExtFlags int // -1 in Jet 3, which has none

	dataTdef      int // data page: owning table definition page
	dataRowCount  int // data page: number of row offsets
	dataRowOffset int // data page: first row offset

	tdefNumRows    int
	tdefNumVarCols int
	tdefNumCols    int
	tdefNumRealIdx int
	tdefUsedPages  int
	tdefColsStart  int
	realIdxSize    int

	colSize        int
	colNum         int
	colVarIndex    int
	colFlags       int
	colFixedOffset int
	colLength      int
	colPrecision   int
	colScale       int

	rowHeader int // bytes of the column count at the start of a row
}

var jet3Format = format{
	pageSize:       2048,
	dataTdef:       4,
	dataRowCount:   8,
	dataRowOffset:  10,
	tdefNumRows:    12,
	tdefNumVarCols: 23,
	tdefNumCols:    25,
	tdefNumRealIdx: 31,
	tdefUsedPages:  35,
	tdefColsStart:  43,
	realIdxSize:    8,
	colSize:        18,
	colNum:         1,
	colVarIndex:    3,
	colFlags:       13,
	colExtFlags:    -1,
	colFixedOffset: 14,
	colLength:      16,
	colPrecision:   11,
	colScale:       12,
	rowHeader:      1,
}

var jet4Format = format{
	pageSize:       4096,
	jet4:           true,
	dataTdef:       4,
	dataRowCount:   12,
	dataRowOffset:  14,
	tdefNumRows:    16,
	tdefNumVarCols: 43,
	tdefNumCols:    45,
	tdefNumRealIdx: 51,
	tdefUsedPages:  55,
	tdefColsStart:  63,
	realIdxSize:    12,
	colSize:        25,
	colNum:         5,
	colVarIndex:    7,
	colFlags:       15,
	colExtFlags:    16,
	colFixedOffset: 21,
	colLength:      23,
	colPrecision:   11,
	colScale:       12,
	rowHeader:      2,
}

// Header page fields.
const (
	headerVersion   = 0x14
	headerMasked    = 0x18 // first byte of the RC4-masked region
	headerSort3     = 0x3a
	headerCodePage  = 0x3c
	headerKey       = 0x3e
	headerSort4     = 0x6e
	maskedLenJet3   = 126
	maskedLenJet4   = 128
	catalogPage     = 2
	maxTdefPages    = 256 // a table of 255 columns and its indexes needs a few pages; more is a broken chain
	headerMagicJet  = "Standard Jet DB"
	headerMagicACE  = "Standard ACE DB"
	headerMagicOffs = 4
)

// headerMaskKey is the fixed RC4 key, 0x6b39dac7 stored little-endian, with
// which every Jet file masks a region of its header page.
var headerMaskKey = []byte{0xc7, 0xda, 0x39, 0x6b}

// Open reads the header page and the catalog of the database of size bytes
// that r holds. It returns a *FormatError when the file is not a Jet 3, Jet
// 4 or ACE database, or is one whose header or catalog is broken, and the
// error of r when reading fails.
func Open(r io.ReaderAt, size int64) (*DB, error) {
	if size < 2048 {
		return nil, errorf(0, -1, "file of %d bytes is shorter than one page", size)
	}
	var head [2048]byte
	if err := readFull(r, head[:], 0); err != nil {
		return nil, fmt.Errorf("jet: reading the header page: %w", err)
	}
	if head[0] != pageHeader {
		return nil, errorf(0, 0, "page type %#x where a database header (0x00) is expected", head[0])
	}
	magic := head[headerMagicOffs : headerMagicOffs+len(headerMagicJet)]
	if !bytes.Equal(magic, []byte(headerMagicJet)) && !bytes.Equal(magic, []byte(headerMagicACE)) {
		return nil, errorf(0, headerMagicOffs, "no %q or %q signature: not a Jet database", headerMagicJet, headerMagicACE)
	}
	db := &DB{r: r, ver: Version(head[headerVersion])}
	maskedLen := maskedLenJet4
	switch {
	case db.ver == Jet3:
		db.f = &jet3Format
		maskedLen = maskedLenJet3
	case db.ver <= lastACE:
		db.f = &jet4Format
	default:
		return nil, errorf(0, headerVersion, "unknown engine version %#x", byte(db.ver))
	}
	c, err := rc4.NewCipher(headerMaskKey)
	if err != nil {
		return nil, err
	}
	masked := head[headerMasked : headerMasked+maskedLen]
	c.XORKeyStream(masked, masked)

	if key := binary.LittleEndian.Uint32(head[headerKey:]); key != 0 {
		return nil, errorf(0, headerKey, "the database is encrypted (key %#08x); encrypted databases are not read", key)
	}
	db.codePage = int(binary.LittleEndian.Uint16(head[headerCodePage:]))
	if db.f.jet4 {
		db.sortOrder = binary.LittleEndian.Uint32(head[headerSort4:])
	} else {
		db.sortOrder = uint32(binary.LittleEndian.Uint16(head[headerSort3:]))
		db.charset = codePageCharset(db.codePage)
	}
	if size/int64(db.f.pageSize) > int64(^uint32(0)>>8) {
		return nil, errorf(0, -1, "file of %d bytes holds more pages than page pointers can name", size)
	}
	db.npages = uint32(size / int64(db.f.pageSize))
	if db.npages <= catalogPage {
		return nil, errorf(0, -1, "file of %d pages ends before the catalog on page %d", db.npages, catalogPage)
	}
	if err := db.readCatalog(); err != nil {
		return nil, err
	}
	return db, nil
}

// Version returns the engine version the header declares.
func (db *DB) Version() Version { return db.ver }

// PageSize returns the size of the database's pages in bytes: 2048 for Jet
// 3, 4096 for the later versions.
func (db *DB) PageSize() int { return db.f.pageSize }

// CodePage returns the Windows code page the header names (1252 for
// Western European). Jet 3 text is decoded with it; later versions store
// text as UTF-16 and the value is informational.
func (db *DB) CodePage() int { return db.codePage }

// SortOrder returns the collating order the header names (0x409 is
// Access's "General" order).
func (db *DB) SortOrder() uint32 { return db.sortOrder }

// codePageCharset returns the decoder of a Jet 3 database's text. Access
// writes the code page of the machine that created the file; an unknown or
// zero code page falls back to Windows-1252, the one most Access 97 files
// were written in.
func codePageCharset(cp int) *charmap.Charmap {
	switch cp {
	case 874:
		return charmap.Windows874
	case 1250:
		return charmap.Windows1250
	case 1251:
		return charmap.Windows1251
	case 1253:
		return charmap.Windows1253
	case 1254:
		return charmap.Windows1254
	case 1255:
		return charmap.Windows1255
	case 1256:
		return charmap.Windows1256
	case 1257:
		return charmap.Windows1257
	case 1258:
		return charmap.Windows1258
	case 437:
		return charmap.CodePage437
	case 850:
		return charmap.CodePage850
	case 852:
		return charmap.CodePage852
	case 866:
		return charmap.CodePage866
	}
	return charmap.Windows1252
}

// readPage reads page n into buf, which must be one page long.
func (db *DB) readPage(buf []byte, n uint32) error {
	if n >= db.npages {
		return errorf(n, -1, "page is beyond the end of the file (%d pages)", db.npages)
	}
	if err := readFull(db.r, buf, int64(n)*int64(db.f.pageSize)); err != nil {
		return fmt.Errorf("jet: reading page %d: %w", n, err)
	}
	return nil
}

func readFull(r io.ReaderAt, buf []byte, off int64) error {
	n, err := r.ReadAt(buf, off)
	if n == len(buf) {
		return nil
	}
	if err == nil || errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	return err
}

// decodeName decodes an object or column name: 8-bit text in the code page
// for Jet 3, plain UTF-16LE (never compressed) for later versions.
func (db *DB) decodeName(b []byte) string {
	if db.f.jet4 {
		return decodeUTF16(b)
	}
	return db.decode8bit(b)
}

// decode8bit decodes Jet 3 text. A byte the code page leaves undefined
// (0x81 in Windows-1252) becomes the control character of the same number,
// as Windows converts it, so that no byte is lost.
func (db *DB) decode8bit(b []byte) string {
	ascii := true
	for _, c := range b {
		ascii = ascii && c < utf8.RuneSelf
	}
	if ascii {
		// Every code page Jet 3 used agrees with ASCII below 0x80.
		return string(b)
	}
	var sb strings.Builder
	sb.Grow(len(b))
	for _, c := range b {
		r := db.charset.DecodeByte(c)
		if r == utf8.RuneError {
			r = rune(c)
		}
		sb.WriteRune(r)
	}
	return sb.String()
}
