package jet

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"
	"unicode/utf16"
)

// Currency is a currency value in ten-thousandths of a unit, as Jet stores
// it.
type Currency int64

// String formats c with its four decimals, as Access shows it: "-3.5000".
func (c Currency) String() string {
	u := uint64(c)
	sign := ""
	if c < 0 {
		sign, u = "-", -u
	}
	return fmt.Sprintf("%s%d.%04d", sign, u/10000, u%10000)
}

// A GUID is a 16-byte Replication ID as stored: its first three groups
// little-endian.
type GUID [16]byte

// String formats g as Access shows it: {XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}.
func (g GUID) String() string {
	return fmt.Sprintf("{%02X%02X%02X%02X-%02X%02X-%02X%02X-%02X%02X-%02X%02X%02X%02X%02X%02X}",
		g[3], g[2], g[1], g[0], g[5], g[4], g[7], g[6], g[8], g[9], g[10], g[11], g[12], g[13], g[14], g[15])
}

// A Numeric is a value of a numeric (decimal) column: Unscaled × 10^-Scale.
type Numeric struct {
	Unscaled *big.Int
	Scale    int
}

// String formats n in plain decimal notation, with Scale decimals.
func (n Numeric) String() string {
	s := new(big.Int).Abs(n.Unscaled).String()
	if n.Scale > 0 {
		if len(s) <= n.Scale {
			s = strings.Repeat("0", n.Scale-len(s)+1) + s
		}
		s = s[:len(s)-n.Scale] + "." + s[len(s)-n.Scale:]
	}
	if n.Unscaled.Sign() < 0 {
		s = "-" + s
	}
	return s
}

// Long value header flags, in the high bits of its first 32-bit word.
const (
	lvalInline   = 0x80000000 // the value follows the 12-byte header
	lvalOnePage  = 0x40000000 // the value is one row of an LVAL page
	lvalLenMask  = 0x3fffffff
	lvalHeadSize = 12
)

// dateEpoch is day 0 of Jet's date/time values.
var dateEpoch = time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)

// maxDateDays bounds the date/time values converted: about 27,000 years
// either side of 1899, far past what Access accepts (years 100 to 9999).
const maxDateDays = 1e7

// value decodes the bytes of column c's value in a row at offset at of
// page n.
func (db *DB) value(c *Column, b []byte, n uint32, at int, lval *lvalReader) (any, error) {
	if sz := c.Type.fixedSize(); sz > 0 && len(b) < sz {
		return nil, errorf(n, at, "value of %s column %q is %d bytes where %d are needed", c.Type, c.Name, len(b), sz)
	}
	switch c.Type {
	case TypeByte:
		return b[0], nil
	case TypeInt:
		return int16(u16(b, 0)), nil
	case TypeLong, TypeComplex:
		return int32(u32(b, 0)), nil
	case TypeMoney:
		return Currency(u64(b)), nil
	case TypeFloat:
		return math.Float32frombits(u32(b, 0)), nil
	case TypeDouble:
		return math.Float64frombits(u64(b)), nil
	case TypeDateTime:
		d := math.Float64frombits(u64(b))
		if !(math.Abs(d) < maxDateDays) {
			return nil, errorf(n, at, "date/time column %q holds %g days, not a date", c.Name, d)
		}
		return dateTime(d), nil
	case TypeGUID:
		return GUID(b[:16]), nil
	case TypeNumeric:
		return numeric(b, c.Scale), nil
	case TypeText:
		return db.decodeText(b), nil
	case TypeMemo, TypeOLE:
		v, err := db.longValue(c, b, n, at, lval)
		if err != nil || c.Type == TypeOLE {
			return v, err
		}
		return db.decodeText(v), nil
	}
	return append([]byte(nil), b...), nil
}

func u64(b []byte) uint64 { return uint64(u32(b, 0)) | uint64(u32(b, 4))<<32 }

// dateTime converts a Jet date/time: the whole part counts days from
// 1899-12-30 and the fraction, whatever the sign of the whole, is the time
// of day, so that -1.25 is 1899-12-29 06:00. The time is rounded to the
// millisecond, which undoes the binary fraction's error (12:00:01 is not
// exactly representable).
func dateTime(d float64) time.Time {
	days, frac := math.Modf(d)
	ms := math.Round(math.Abs(frac) * 86400e3)
	return dateEpoch.AddDate(0, 0, int(days)).Add(time.Duration(ms) * time.Millisecond)
}

// numeric decodes a numeric value: a sign byte (0x80 when negative), then
// a 128-bit magnitude as four 32-bit little-endian words, the most
// significant first.
func numeric(b []byte, scale int) Numeric {
	var mag [16]byte // big-endian
	for w := range 4 {
		for i := range 4 {
			mag[4*w+i] = b[1+4*w+3-i]
		}
	}
	v := new(big.Int).SetBytes(mag[:])
	if b[0]&0x80 != 0 {
		v.Neg(v)
	}
	return Numeric{Unscaled: v, Scale: scale}
}

// decodeText decodes a text or memo value: 8-bit text in the database's
// code page for Jet 3; for later versions UTF-16LE, or, when it starts
// with the bytes 0xFF 0xFE, Jet 4's compressed form: runs of one byte per
// character (characters U+0001 to U+00FF) and runs of UTF-16LE, each run
// ended by a 0x00 byte, starting with a one-byte run. A 0x00 byte cannot
// occur inside either kind of run, because a string with a character that
// has a zero byte in its UTF-16 form other than a Latin-1 one is never
// compressed.
func (db *DB) decodeText(b []byte) string {
	if !db.f.jet4 {
		return db.decode8bit(b)
	}
	if len(b) < 2 || b[0] != 0xff || b[1] != 0xfe {
		return decodeUTF16(b)
	}
	var sb strings.Builder
	oneByte := true
	for _, run := range strings.Split(string(b[2:]), "\x00") {
		if oneByte {
			for i := 0; i < len(run); i++ {
				sb.WriteRune(rune(run[i]))
			}
		} else {
			sb.WriteString(decodeUTF16([]byte(run)))
		}
		oneByte = !oneByte
	}
	return sb.String()
}

// decodeUTF16 decodes UTF-16LE, dropping an odd last byte.
func decodeUTF16(b []byte) string {
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(u16(b, 2*i))
	}
	return string(utf16.Decode(u))
}

// An lvalReader reads the LVAL rows of one iteration over a table, within
// a budget. In a sound file no two values share an LVAL row, so the rows
// read number at most the values read plus two per page (the links of a
// chain but the last fill a page); a file whose values all point into one
// long chain would otherwise cost the product of the two.
type lvalReader struct {
	buf  []byte
	left int
}

func (l *lvalReader) read(db *DB, p pointer, what string) (flags int, row []byte, start int, err error) {
	if l.left <= 0 {
		return 0, nil, 0, errorf(p.page(), -1, "%s: its LVAL rows and those of the values before it are more than the file can hold", what)
	}
	l.left--
	return db.readRow(l.buf, p, what)
}

// longValue returns the bytes of a memo or OLE value from its 12-byte
// header in the row: they follow the header, or fill a row of an LVAL
// page, or are spread over a chain of LVAL rows, each starting with the
// pointer to the next.
func (db *DB) longValue(c *Column, b []byte, n uint32, at int, lval *lvalReader) ([]byte, error) {
	if len(b) < lvalHeadSize {
		return nil, errorf(n, at, "value of %s column %q is %d bytes, shorter than the %d-byte header of a long value",
			c.Type, c.Name, len(b), lvalHeadSize)
	}
	h := u32(b, 0)
	length := int(h & lvalLenMask)
	p := pointer(u32(b, 4))
	what := fmt.Sprintf("the value of column %q in the row at page %d, offset %#x", c.Name, n, at)
	switch {
	case h&lvalInline != 0:
		if length > len(b)-lvalHeadSize {
			return nil, errorf(n, at, "%s declares %d bytes after its header, where the row holds %d", what, length, len(b)-lvalHeadSize)
		}
		return append([]byte(nil), b[lvalHeadSize:lvalHeadSize+length]...), nil
	case h&lvalOnePage != 0:
		_, row, start, err := lval.read(db, p, what)
		if err != nil {
			return nil, err
		}
		if length > len(row) {
			return nil, errorf(p.page(), start, "%s declares %d bytes, where its row holds %d", what, length, len(row))
		}
		return append([]byte(nil), row[:length]...), nil
	}
	// The value's length is only a claim until the chain bears it out, so
	// the buffer grows with the bytes found, not with the claim.
	var out []byte
	seen := make(map[pointer]bool)
	for len(out) < length {
		if p == 0 {
			return nil, errorf(n, at, "%s ends after %d of its %d bytes", what, len(out), length)
		}
		if seen[p] {
			return nil, errorf(p.page(), -1, "%s comes back to row %d of page %d: its chain is a loop", what, p.row(), p.page())
		}
		seen[p] = true
		_, row, start, err := lval.read(db, p, what)
		if err != nil {
			return nil, err
		}
		if len(row) < 4 {
			return nil, errorf(p.page(), start, "row %d, a link of %s, is %d bytes, too short for the next link's pointer", p.row(), what, len(row))
		}
		chunk := row[4:]
		if rest := length - len(out); len(chunk) > rest {
			chunk = chunk[:rest]
		}
		out = append(out, chunk...)
		p = pointer(u32(row, 0))
	}
	return out, nil
}
