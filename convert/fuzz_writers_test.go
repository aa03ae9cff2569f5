package convert

import (
	"bytes"
	"encoding/xml"
	"io"
	"slices"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/parser/usebio"
	"github.com/bridgekit/bridgekit/record"
)

// FuzzNormalizePBN: whatever the input, NormalizePBN writes every board
// and normalizing its output gives it back byte for byte.
func FuzzNormalizePBN(f *testing.F) {
	testinput.Seed(f, "testdata/*.input", "testdata/*.pbn.golden", "testdata/canonical.pbn")
	f.Fuzz(func(t *testing.T, data []byte) {
		var once bytes.Buffer
		if err := normalizePBN(&once, bytes.NewReader(data), "fuzz.pbn", PBNWriterOptions{}, nil); err != nil {
			t.Fatalf("NormalizePBN: %v", err)
		}
		var twice bytes.Buffer
		if err := normalizePBN(&twice, bytes.NewReader(once.Bytes()), "fuzz.pbn", PBNWriterOptions{}, nil); err != nil {
			t.Fatalf("NormalizePBN of its own output: %v", err)
		}
		if !bytes.Equal(once.Bytes(), twice.Bytes()) {
			t.Fatalf("not idempotent at %s", firstDiff(once.Bytes(), twice.Bytes()))
		}
	})
}

// FuzzLINWrite: whatever LIN is read, writing it gives LIN that reads and
// writes back to itself, and the JSON writer takes every board.
func FuzzLINWrite(f *testing.F) {
	testinput.Seed(f, "testdata/*.lin.golden", "testdata/vugraph.input", "testdata/single.input")
	f.Fuzz(func(t *testing.T, data []byte) {
		boards, trailing := readLIN(data, "fuzz.lin")
		once := writeLIN(t, boards, trailing, LINWriterOptions{})
		back, trailing2 := readLIN(once, "fuzz.lin")
		if twice := writeLIN(t, back, trailing2, LINWriterOptions{}); !bytes.Equal(once, twice) {
			t.Fatalf("LIN written from LIN read back changes at %s", firstDiff(once, twice))
		}
		writeJSON(t, boards)
	})
}

// FuzzViewWriters: the boards of any PBN or LIN text are written as show
// and the HTML report write them without a panic, and the HTML holds no
// markup that came from the text.
func FuzzViewWriters(f *testing.F) {
	testinput.Seed(f, "testdata/*.input", "testdata/*.pbn.golden", "testdata/*.lin.golden")
	f.Add([]byte(`[Event "<script>alert(1)</script>"][Board "1"][Deal "N:<b>"][Auction "N"]1C <i>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		boards := readPBN(data, "fuzz.pbn")
		lin, _ := readLIN(data, "fuzz.lin")
		boards = append(boards, lin...)
		for _, b := range boards {
			var text, html bytes.Buffer
			if err := NewTextWriter(&text, TextWriterOptions{}).WriteBoard(b); err != nil {
				t.Fatal(err)
			}
			if err := WriteHTMLBoard(&html, b, nil, "g1"); err != nil {
				t.Fatal(err)
			}
			for _, tag := range []string{"<script", "<b>", "<i>", "<img"} {
				if bytes.Contains(html.Bytes(), []byte(tag)) {
					t.Fatalf("the HTML holds %s from the text", tag)
				}
			}
		}
	})
}

// FuzzUSEBIOWrite: the boards of any PBN text are written as USEBIO that
// is well-formed XML, which the USEBIO reader reads and which, written
// again, is the same.
func FuzzUSEBIOWrite(f *testing.F) {
	testinput.Seed(f, "testdata/*.input", "testdata/*.pbn.golden")
	f.Add([]byte("[Event \"<&>\"][Board \"1\"][Scoring \"MP\"][ScoreTable \"PairId_NS;Contract;Score_NS\"]\n\"<x>\" 1NT 90\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		once := writeUSEBIO(t, readPBN(data, "fuzz.pbn"))
		d := xml.NewDecoder(bytes.NewReader(once))
		for {
			if _, err := d.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("not well-formed: %v\n%s", err, once)
			}
		}
		var back []*record.Board
		r := usebio.NewReader(bytes.NewReader(once), "fuzz.xml")
		for u, err := range r.Units() {
			if err != nil {
				t.Fatal(err)
			}
			b, _ := FromUSEBIO("fuzz.xml", u)
			back = append(back, b)
		}
		if slices.ContainsFunc(r.Diagnostics(), func(d diag.Diagnostic) bool { return d.Code == usebio.CodeTooMany }) {
			return // the reader said what it did not keep: a text past its bound
		}
		if twice := writeUSEBIO(t, back); !bytes.Equal(once, twice) {
			t.Fatalf("USEBIO written from USEBIO read back changes at %s", firstDiff(once, twice))
		}
	})
}

// writeUSEBIO writes boards as USEBIO, skipping those it refuses.
func writeUSEBIO(t *testing.T, boards []*record.Board) []byte {
	var out bytes.Buffer
	w := NewUSEBIOWriter(&out)
	for _, b := range boards {
		w.WriteBoard(b) // a board without a number is refused, and said
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}
