package usebio

import (
	"strings"
	"testing"
)

// TestHandsetAfterEvent: PairsScorer writes its HANDSET after the EVENT,
// in USEBIO; the event's boards wait for it. A second event's boards of
// the same numbers are other deals: a HANDSET after the second event deals
// only its own boards.
func TestHandsetAfterEvent(t *testing.T) {
	t.Parallel()
	board := `<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><CONTRACT>1NT</CONTRACT></TRAVELLER_LINE></BOARD>`
	handset := func(id string) string {
		return `<HANDSET HANDSET_ID="` + id + `"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>` +
			`<HAND><DIRECTION>North</DIRECTION><SPADES>AKQJ</SPADES></HAND></BOARD></HANDSET>`
	}
	for _, tc := range []struct {
		name, text string
		want       []string // each board's HANDSET_ID, "" for none
	}{
		{"after the event", `<USEBIO><EVENT><SESSION><SECTION>` + board + `</SECTION></SESSION></EVENT>` + handset("Red") + `</USEBIO>`, []string{"Red"}},
		{"after the second event", `<USEBIO><EVENT>` + board + `</EVENT><EVENT>` + board + `</EVENT>` + handset("Blue") + `</USEBIO>`, []string{"", "Blue"}},
		{"inside the event", `<USEBIO><EVENT>` + board + handset("Green") + `</EVENT></USEBIO>`, []string{"Green"}},
	} {
		var got []string
		for u, err := range NewReader(strings.NewReader(tc.text), "h.xml").Units() {
			if err != nil {
				t.Fatal(err)
			}
			if u.Board == nil {
				continue
			}
			id := ""
			if u.Hands != nil && u.Hands != u.Board {
				id = handsetOf(tc.text, u.Hands.Pos.Offset)
			}
			got = append(got, id)
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%s: boards dealt by %q, want %q", tc.name, got, tc.want)
		}
	}
}

// handsetOf returns the HANDSET_ID of the HANDSET before offset off.
func handsetOf(text string, off int) string {
	i := strings.LastIndex(text[:off], `HANDSET_ID="`)
	if i < 0 {
		return "?"
	}
	rest := text[i+len(`HANDSET_ID="`):]
	return rest[:strings.IndexByte(rest, '"')]
}
