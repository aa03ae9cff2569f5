package usebio_test

import (
	"bytes"
	"testing"

	"github.com/bridgekit/bridgekit/convert"
	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/parser/usebio"
)

// FuzzUSEBIO reads any text as USEBIO and maps its boards: nothing panics,
// every unit is a BOARD, and a finding of the reader has a place.
func FuzzUSEBIO(f *testing.F) {
	testinput.Seed(f, "testdata/*.xml")
	f.Add([]byte(`<?xml version="1.0"?><USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER></BOARD><HANDSET/></EVENT></USEBIO>`))
	f.Add([]byte(`<USEBIO><EVENT><SECTION><BOARD><TRAVELLER_LINE><SCORE>x</SCORE></TRAVELLER_LINE></BOARD></SECTION></EVENT>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := usebio.NewReader(bytes.NewReader(data), "fuzz.xml")
		for u, err := range r.Units() {
			if err != nil {
				return
			}
			if u.Board == nil || u.Index < 1 {
				t.Fatalf("a unit without its BOARD: %+v", u)
			}
			b, _ := convert.FromUSEBIO("fuzz.xml", u)
			if b == nil {
				t.Fatal("no board")
			}
		}
		for _, d := range r.Diagnostics() {
			if !d.Pos.IsValid() {
				t.Fatalf("a finding without a place: %v", d)
			}
		}
	})
}
