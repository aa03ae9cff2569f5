package scoring_test

import (
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/record"
	"github.com/bridgekit/bridgekit/scoring"
)

// TestEntryOf: a board of a team match gets an index entry with its
// score computed from its contract and result, not its Score tag; a
// board of a pairs event none.
func TestEntryOf(t *testing.T) {
	for _, tc := range []struct {
		text string
		ok   bool
		ns   int32
	}{
		{"[Event \"T\"]\n[Board \"1\"]\n[Room \"Closed\"]\n[Vulnerable \"None\"]\n[Declarer \"E\"]\n[Contract \"4S\"]\n[Result \"10\"]\n[Score \"EW 450\"]\n", true, -420},
		{"[Event \"P\"]\n[Board \"1\"]\n[Vulnerable \"None\"]\n[Declarer \"E\"]\n[Contract \"4S\"]\n[Result \"10\"]\n", false, 0},
	} {
		p := corpus.Process("t.pbn", strings.NewReader(tc.text), corpus.AuditOptions{Boards: true, SkipDuplicates: true})
		if len(p.Boards) != 1 {
			t.Fatalf("%q: %d boards", tc.text, len(p.Boards))
		}
		e, ok := scoring.EntryOf(p.Boards[0].Board, "")
		if ok != tc.ok || ok && (e.NS != tc.ns || !e.NSKnown || e.Room != record.Closed) {
			t.Errorf("%q: EntryOf = %+v, %v", tc.text, e, ok)
		}
	}
}
