package convert

import (
	"bytes"
	"strings"
	"testing"
)

// TestTextWriter writes a board for people: hands with suit symbols, the
// auction from West, the result and its score, the notes and a link.
func TestTextWriter(t *testing.T) {
	t.Parallel()
	boards := readPBN([]byte(`[Event "Club"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Declarer "N"]
[Contract "1S"]
[Result "7"]
[Auction "N"]
1S Pass Pass Pass
`), "t.pbn")
	var out bytes.Buffer
	w := NewTextWriter(&out, TextWriterOptions{File: "t.pbn"})
	if err := w.WriteBoardNotes(boards[0], []string{"a note"}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"t.pbn, game 1\n", "Club\n", "Board 1 · Dealer North · Vulnerable none\n",
		"♠ AKQJ\n", "West    North   East    South\n", "        1♠      Pass    Pass\nPass\n",
		"Contract  1♠ by North\n", "Result    7 tricks, made (N-S +80)\n", "Finding   a note\n",
		"Link      https://www.bridgebase.com/tools/handviewer.html?lin=",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
}
