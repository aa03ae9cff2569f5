package jet

import (
	"bytes"
	"crypto/rc4"
	"encoding/binary"
	"math/big"
	"testing"

	"github.com/bridgekit/bridgekit/internal/jet/jetpage"
)

func TestDateTime(t *testing.T) {
	for _, tc := range []struct {
		days float64
		want string
	}{
		{0, "1899-12-30 00:00:00.000"},
		{1.5, "1899-12-31 12:00:00.000"},
		{-1.25, "1899-12-29 06:00:00.000"},             // the fraction is the time whatever the sign
		{-0.5, "1899-12-30 12:00:00.000"},              // a negative zero day
		{36526 + 1.0/86400, "2000-01-01 00:00:01.000"}, // not exact in binary
		{2958465.999988426, "9999-12-31 23:59:59.000"},
	} {
		if got := dateTime(tc.days).Format("2006-01-02 15:04:05.000"); got != tc.want {
			t.Errorf("dateTime(%v) = %s, want %s", tc.days, got, tc.want)
		}
	}
}

func TestStrings(t *testing.T) {
	for _, tc := range []struct {
		v    interface{ String() string }
		want string
	}{
		{Currency(35000), "3.5000"},
		{Currency(-1), "-0.0001"},
		{Currency(-123456789), "-12345.6789"},
		{GUID{0x33, 0x22, 0x11, 0x00, 0x55, 0x44, 0x77, 0x66, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff},
			"{00112233-4455-6677-8899-AABBCCDDEEFF}"},
		{Numeric{big.NewInt(-5), 3}, "-0.005"},
		{Numeric{big.NewInt(12345), 2}, "123.45"},
		{Numeric{big.NewInt(7), 0}, "7"},
	} {
		if got := tc.v.String(); got != tc.want {
			t.Errorf("%#v: got %s, want %s", tc.v, got, tc.want)
		}
	}
}

func TestNumericBytes(t *testing.T) {
	b := make([]byte, 17)
	b[0] = 0x80
	binary.LittleEndian.PutUint32(b[13:], 1234) // the least significant word comes last
	binary.LittleEndian.PutUint32(b[9:], 1)
	want := new(big.Int).Lsh(big.NewInt(1), 32)
	want.Add(want, big.NewInt(1234)).Neg(want)
	if got := numeric(b, 2); got.Unscaled.Cmp(want) != 0 || got.Scale != 2 {
		t.Errorf("got %v scale %d, want %v", got.Unscaled, got.Scale, want)
	}
}

func TestCompressedText(t *testing.T) {
	db := &DB{f: &jet4Format}
	for _, tc := range []struct {
		in   []byte
		want string
	}{
		{jetpage.UTF16LE("plain"), "plain"},
		{[]byte("\xff\xfeabc"), "abc"},
		{append(append([]byte("\xff\xfeab\x00"), jetpage.UTF16LE("ЖЯ")...), "\x00cd"...), "abЖЯcd"},
		{[]byte("\xff\xfe"), ""},
		{jetpage.UTF16LE("😀"), "😀"},
	} {
		if got := db.decodeText(tc.in); got != tc.want {
			t.Errorf("decodeText(% x) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestCodePage reads a Jet 3 fixture whose header is made to name code
// page 1251: the byte 0xA3, "£" in Windows-1252, is then "Ј".
func TestCodePage(t *testing.T) {
	var data []byte
	for _, fx := range loadFixtures(t) {
		if fx.name == "test2V1997.mdb" {
			data = bytes.Clone(fx.data)
		}
	}
	if data == nil {
		t.Fatal("no fixture test2V1997.mdb")
	}
	symbol := func(data []byte) string {
		db := openBytes(t, data)
		tab, err := db.Table("MSP_PROJECTS")
		if err != nil {
			t.Fatal(err)
		}
		i := -1
		for j, c := range tab.Columns() {
			if c.Name == "PROJ_OPT_CURRENCY_SYMBOL" {
				i = j
			}
		}
		rows := tab.Rows()
		if !rows.Next() {
			t.Fatal(rows.Err())
		}
		s, _ := rows.Row()[i].(string)
		return s
	}
	if got := symbol(data); got != "£" {
		t.Fatalf("in code page 1252: %q, want £", got)
	}
	c, _ := rc4.NewCipher(headerMaskKey)
	m := data[headerMasked : headerMasked+maskedLenJet3]
	c.XORKeyStream(m, m)
	binary.LittleEndian.PutUint16(data[headerCodePage:], 1251)
	c, _ = rc4.NewCipher(headerMaskKey)
	c.XORKeyStream(m, m)
	if got := symbol(data); got != "Ј" {
		t.Errorf("in code page 1251: %q, want Ј", got)
	}
}
