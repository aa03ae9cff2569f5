package pbn

import (
	"os"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// treeOnly drops the first line (file name and encoding) and the encoding
// diagnostic of a dump, leaving what must not depend on the input's bytes.
func treeOnly(dump string) string {
	var keep []string
	for i, line := range strings.Split(dump, "\n") {
		if i == 0 || strings.Contains(line, " info encoding: ") {
			continue
		}
		keep = append(keep, line)
	}
	return strings.Join(keep, "\n")
}

// TestPBNEncodings reads fixtures written in other encodings (produced here
// with x/text encoders from the UTF-8 fixtures) and expects the syntax tree
// of the UTF-8 original: same text, same positions (offsets are in the
// decoded text).
func TestPBNEncodings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		fixture string
		enc     encoding.Encoding
		bom     []byte
		name    string // the charset.Encoding.Name Decode must report
	}{
		{"russian.pbn", unicode.UTF8, []byte{0xEF, 0xBB, 0xBF}, "UTF-8"},
		{"russian.pbn", unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), []byte{0xFF, 0xFE}, "UTF-16LE"},
		{"russian.pbn", unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), []byte{0xFE, 0xFF}, "UTF-16BE"},
		{"russian.pbn", unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), nil, "UTF-16LE"},
		{"russian.pbn", charmap.Windows1251, nil, "windows-1251"},
		{"russian.pbn", charmap.KOI8R, nil, "KOI8-R"},
		{"latin1.pbn", charmap.Windows1252, nil, "windows-1252"},
	}
	for _, tt := range tests {
		t.Run(tt.fixture+" "+tt.name, func(t *testing.T) {
			src, err := os.ReadFile("testdata/" + tt.fixture)
			if err != nil {
				t.Fatal(err)
			}
			want := treeOnly(dumpPBN(Parse(src, tt.fixture)))
			encoded, err := tt.enc.NewEncoder().Bytes(src)
			if err != nil {
				t.Fatal(err)
			}
			f := Parse(append(tt.bom, encoded...), tt.fixture)
			if f.Encoding.Name != tt.name {
				t.Fatalf("decoded as %s (%s), want %s", f.Encoding.Name, f.Encoding.Reason, tt.name)
			}
			if got := treeOnly(dumpPBN(f)); got != want {
				t.Errorf("tree differs from the UTF-8 original:\n%s", firstDiff(want, got))
			}
			if d := f.Diagnostics; len(d) == 0 || d[0].Code != "encoding" || d[0].Severity != diag.Info || !strings.Contains(d[0].Message, tt.name) {
				t.Errorf("file diagnostics %v: want an Info \"encoding\" naming %s first", d, tt.name)
			}
		})
	}
}
