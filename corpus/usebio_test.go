package corpus

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
)

// TestUSEBIOMutations audits USEBIO sessions clean (a Mitchell session
// in matchpoints; a Butler one whose deal comes in a HANDSET after its
// boards; a Swiss teams match; EBUScore's voids written "-"), then with one number changed at a time:
// each change is found, at its element's line.
func TestUSEBIOMutations(t *testing.T) {
	files := map[string][]byte{}
	for _, name := range []string{"mitchell.xml", "butler-handset.xml", "swiss-teams.xml", "individual.xml", "teams-vp.xml", "ebuscore-void.xml", "pab-teams.xml", "pianola-cross.xml"} {
		src, err := os.ReadFile("../parser/usebio/testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = src
	}
	audit := func(text []byte) []diag.Diagnostic {
		p := Process("mitchell.xml", bytes.NewReader(text), AuditOptions{AllFindings: true, SkipDuplicates: true})
		if p.Err != nil {
			t.Fatal(p.Err)
		}
		var out []diag.Diagnostic
		for d := range p.All() {
			if d.Severity >= diag.Warning {
				out = append(out, d)
			}
		}
		return out
	}
	for name, src := range files {
		if found := audit(src); len(found) > 0 {
			t.Fatalf("%s as written: %v", name, found)
		}
	}
	lineOf := func(text []byte, n int) int { return bytes.Count(text[:n], []byte("\n")) + 1 }
	tests := []struct {
		file, name, old, new string
		nth                  int // which occurrence of old, from 1
		code                 diag.Code
		// where is the text whose line the finding is at, when it is not
		// the changed text's: the first after the change, else before it.
		where string
	}{
		{"mitchell.xml", "a score", "<SCORE>420</SCORE>", "<SCORE>450</SCORE>", 1, diag.ScoreTableScore, ""},
		{"mitchell.xml", "the tricks", "<TRICKS>9</TRICKS>", "<TRICKS>8</TRICKS>", 1, diag.ScoreTableScore, "<SCORE>-50</SCORE>"}, // the row's score no longer follows
		{"mitchell.xml", "a total", "<TOTAL_SCORE>3</TOTAL_SCORE>", "<TOTAL_SCORE>4</TOTAL_SCORE>", 1, diag.TotalMismatch, ""},
		{"mitchell.xml", "a place", "<PLACE>1</PLACE>", "<PLACE>2</PLACE>", 1, diag.TotalMismatch, ""},
		{"mitchell.xml", "a national id", "<NATIONAL_ID_NUMBER>1003</NATIONAL_ID_NUMBER>", "<NATIONAL_ID_NUMBER>1001</NATIONAL_ID_NUMBER>", 1, "usebio-duplicate", ""},
		{"mitchell.xml", "a matchpoint", "<NS_MATCH_POINTS>0</NS_MATCH_POINTS>", "<NS_MATCH_POINTS>2</NS_MATCH_POINTS>", 1, diag.ScoreTablePoints, ""},
		{"butler-handset.xml", "a Butler IMP", "<NS_IMPS>1</NS_IMPS>", "<NS_IMPS>2</NS_IMPS>", 1, diag.ScoreTablePoints, ""},
		{"butler-handset.xml", "a tied place", "<PLACE>3=</PLACE>", "<PLACE>4</PLACE>", 1, diag.TotalMismatch, ""},
		{"swiss-teams.xml", "a match board's IMPs", "<IMPS>7</IMPS>", "<IMPS>8</IMPS>", 1, diag.IMPMismatch, ""},
		{"swiss-teams.xml", "a match's score", "<SCORE>140</SCORE>", "<SCORE>170</SCORE>", 1, diag.ScoreTableScore, ""},
		{"individual.xml", "a player listed twice", "<PLAYER_NUMBER>4</PLAYER_NUMBER>", "<PLAYER_NUMBER>3</PLAYER_NUMBER>", 1, "usebio-duplicate", ""},
		{"individual.xml", "a player's national id", "<NATIONAL_ID_NUMBER>2004</NATIONAL_ID_NUMBER>", "<NATIONAL_ID_NUMBER>2001</NATIONAL_ID_NUMBER>", 1, "usebio-duplicate", ""},
		{"individual.xml", "a player's place", "<PLACE>4</PLACE>", "<PLACE>5</PLACE>", 1, "usebio-place", ""},
		{"swiss-teams.xml", "a team's total", "<TOTAL_SCORE>12.50</TOTAL_SCORE>", "<TOTAL_SCORE>13.50</TOTAL_SCORE>", 1, diag.TotalMismatch, ""},
		{"swiss-teams.xml", "a team's wins", "<WINS_OR_DRAWS>0</WINS_OR_DRAWS>", "<WINS_OR_DRAWS>0.5</WINS_OR_DRAWS>", 1, diag.TotalMismatch, ""},
		{"swiss-teams.xml", "a match's victory points", "<OPPOSING_TEAM_SCORE>7.50</OPPOSING_TEAM_SCORE>", "<OPPOSING_TEAM_SCORE>8.50</OPPOSING_TEAM_SCORE>", 1, diag.TotalMismatch, "<TOTAL_SCORE>7.50</TOTAL_SCORE>"},
		{"teams-vp.xml", "a match's victory points off the scale", "<OPPOSING_TEAM_SCORE>7.58</OPPOSING_TEAM_SCORE>", "<OPPOSING_TEAM_SCORE>6.58</OPPOSING_TEAM_SCORE>", 2, diag.VPMismatch, "<TEAM_SCORE>12.42</TEAM_SCORE><OPPOSING_TEAM_SCORE>6.58"},
		// EBUScore Pairs writes a void as "-": a card given to it is
		// then a card twice, in a hand of 14.
		{"ebuscore-void.xml", "a card in a void", "<CLUBS>-</CLUBS>", "<CLUBS>5</CLUBS>", 1, diag.DealInvalid, "<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n<HAND>"},
		{"mitchell.xml", "a pair number", "<PAIR_NUMBER>2</PAIR_NUMBER>\n            <DIRECTION>NS</DIRECTION>", "<PAIR_NUMBER>1</PAIR_NUMBER>\n            <DIRECTION>NS</DIRECTION>", 1, "usebio-duplicate", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := files[tt.file]
			at := -1
			for k, from := 0, 0; k < tt.nth; k++ {
				i := bytes.Index(src[from:], []byte(tt.old))
				if i < 0 {
					t.Fatalf("%q is not in the file %d times", tt.old, tt.nth)
				}
				at, from = from+i, from+i+len(tt.old)
			}
			changed := bytes.Join([][]byte{src[:at], []byte(tt.new), src[at+len(tt.old):]}, nil)
			if tt.where != "" {
				if i := bytes.Index(changed[at:], []byte(tt.where)); i >= 0 {
					at += i
				} else {
					at = bytes.Index(changed, []byte(tt.where)) // before the change
				}
			}
			var got []string
			for _, d := range audit(changed) {
				got = append(got, fmt.Sprintf("%d %s", d.Line, d.Code))
				if d.Code == tt.code && int(d.Line) == lineOf(changed, at) {
					return
				}
			}
			t.Errorf("want %s at line %d, got %s", tt.code, lineOf(changed, at), strings.Join(got, "; "))
		})
	}
}

// TestUSEBIOMemberNumbers: the numbers a team's pairs and players state,
// which no row of the TotalScoreTable holds, are counted unchecked, not
// left out of the count.
func TestUSEBIOMemberNumbers(t *testing.T) {
	src, err := os.ReadFile("../parser/usebio/testdata/swiss-teams.xml")
	if err != nil {
		t.Fatal(err)
	}
	stated := func(text []byte) (int, int) {
		p := Process("swiss-teams.xml", bytes.NewReader(text), AuditOptions{SkipDuplicates: true})
		return p.Report.Coverage.Stated(), p.Report.Coverage.Unchecked[diag.NotRecomputed]
	}
	n, skipped := stated(src)
	old := []byte(`<PLAYER><PLAYER_NAME>Ann</PLAYER_NAME></PLAYER>`)
	withMembers := bytes.Replace(src, old, []byte(`<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><BOARDS_PLAYED>1</BOARDS_PLAYED></PAIR>`+
		`<PLAYER><PLAYER_NAME>Ann</PLAYER_NAME><MASTER_POINTS>3</MASTER_POINTS><PLACE>1</PLACE></PLAYER>`), 1)
	if bytes.Equal(withMembers, src) {
		t.Fatal("the fixture has changed")
	}
	if n2, skipped2 := stated(withMembers); n2 != n+3 || skipped2 != skipped+3 {
		t.Fatalf("stated %d → %d, not-recomputed %d → %d; want three more of each", n, n2, skipped, skipped2)
	}
}
