package pbn

import (
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
)

// TestPBNDiagnostics checks each diagnostic code on a small input: its
// severity, its position, and that the game is marked Incomplete exactly
// when it has an Error.
func TestPBNDiagnostics(t *testing.T) {
	t.Parallel()
	tests := []struct {
		code, in string
		sev      diag.Severity
		at       string // line:col
	}{
		// Real-world deviations, accepted.
		{"unescaped-quote", `[Event "He said "hi" there"]`, diag.Warning, "1:8"},
		{"bracket-in-value", `[Event "Random]"]`, diag.Warning, "1:15"},
		{"prose-outside-tag", "Results of the day\n[Event \"x\"]", diag.Warning, "1:1"},
		{"prose-outside-tag", "[Event \"x\"]\nStatistics: 12 tables", diag.Warning, "2:1"},
		{"prose-outside-tag", "[Auction \"N\"]\n1C AP\n[Note \"1:x\"] and more", diag.Warning, "3:14"},
		{"long-line", "[Event \"x\"]\n{" + strings.Repeat("é", 260) + "}", diag.Warning, "2:1"},
		{"tab", "[Event \"a\tb\"]", diag.Warning, "1:10"},
		{"trailing-space", `[Vulnerable "None "]`, diag.Warning, "1:18"},
		{"unquoted-value", `[Event Random Deal #]`, diag.Warning, "1:8"},
		{"tag-name", `[myTag "x"]`, diag.Warning, "1:2"},
		{"tag-case", "[Board \"1\"]\n[AUCTION \"N\"]\n1C AP", diag.Warning, "2:2"},
		{"backslash-quote", `[ActionTable "Rank;Call\"]`, diag.Warning, "1:24"},
		{"duplicate-tag", "[Board \"1\"]\n[Site \"a\"]\n[Site \"b\"]", diag.Warning, "3:1"},
		{"missing-blank-line", "[Deal \"N:- - - -\"]\n[Deal \"E:- - - -\"]", diag.Warning, "2:1"},
		{"all-pass-two-words", "[Auction \"N\"]\n1C all pass", diag.Warning, "2:4"},
		{"lowercase-token", "[Auction \"N\"]\n1C pass", diag.Warning, "2:4"},
		{"lowercase-token", "[Play \"N\"]\nsk", diag.Warning, "2:1"},
		{"redouble-r", "[Auction \"N\"]\n1C X R", diag.Warning, "2:6"},
		{"alert-star", "[Auction \"N\"]\n1C 4H* X", diag.Warning, "2:6"},
		{"split-call", "[Auction \"N\"]\n1 NT", diag.Warning, "2:1"},
		{"russian-token", "[Auction \"N\"]\n1C 2 БК", diag.Info, "2:4"},
		{"space-separated-columns", "[OptimumResultTable \"Declarer Suit Tricks\"]\nN C 7", diag.Warning, "1:21"},
		{"note-detached", "[Auction \"N\"]\n1C =1= AP\n[BCNote \"\"]\n[Note \"1:x\"]", diag.Warning, "4:1"},
		{"note-unused", "[Auction \"N\"]\n1C AP\n[Note \"1:x\"]", diag.Warning, "3:1"},
		{"control-char", "[Event \"a\x01\"]", diag.Warning, "1:10"},

		// Errors.
		{"binary", "[Event \"a\x00\"]", diag.Error, "1:10"},
		{"tag-name-missing", `[ "x"]`, diag.Error, "1:1"},
		{"tag-value", `[Event]`, diag.Error, "1:1"},
		{"tag-unclosed", "[Event \"x\"\n[Site \"y\"]", diag.Error, "1:11"},
		{"tag-unclosed", "[Event\n[Site \"y\"]", diag.Error, "1:1"},
		{"unterminated-string", "[Event \"x]\n[Site \"y\"]", diag.Error, "1:8"},
		{"unterminated-comment", "[Event \"x\"]\n{ open", diag.Error, "2:1"},
		{"bad-token", "[Auction \"N\"]\n1C \"text\"", diag.Error, "2:4"},
		{"bad-token", "[Play \"N\"]\nSK }", diag.Error, "2:4"},
		{"annotation", "[Auction \"N\"]\n1C !!!", diag.Error, "2:6"},
		{"annotation", "[Auction \"N\"]\n! 1C", diag.Error, "2:1"},
		{"annotation", "[Auction \"N\"]\n1C $a", diag.Error, "2:4"},
		{"annotation", "[Auction \"N\"]\n1C $7", diag.Error, "2:4"},
		{"annotation", "[Play \"N\"]\nSK $300", diag.Error, "2:4"},
		{"annotation", "[Play \"N\"]\nSK =0=", diag.Error, "2:4"},
		{"irregularity-mark", "[Auction \"N\"]\n^R 1C", diag.Error, "2:1"},
		{"irregularity-mark", "[Play \"N\"]\nSK ^L", diag.Error, "2:4"},
		{"irregularity-mark", "[Play \"N\"]\n^L -", diag.Error, "2:1"},
		{"continuation", "[Auction \"N\"]\n1C + Pass", diag.Error, "2:6"},
		{"continuation", "[Play \"N\"]\nSK * HK", diag.Error, "2:6"},
		{"continuation", "[Play \"N\"]\nSK* HK", diag.Error, "2:5"},
		{"note-tag", "[Event \"x\"]\n[Note \"1:x\"]", diag.Error, "2:1"},
		{"note-tag", "[Auction \"N\"]\n1C =1=\n[Note \"one:x\"]", diag.Error, "3:7"},
		{"note-ref", "[Auction \"N\"]\n1C =2= AP\n[Note \"1:x\"]", diag.Error, "2:1"},
		{"comment-in-table", "[ScoreTable \"Rank\"]\n1 {x} 2", diag.Error, "2:3"},
		{"table", "[ScoreTable \"Rank;Score\"]\n1 2 3", diag.Error, "2:5"},
		{"table", "[ScoreTable \"Rank;\\X\"]", diag.Error, "1:13"},
		{"inherit-forbidden", "[Deal \"#\"]", diag.Error, "1:7"},
	}
	for _, tt := range tests {
		t.Run(tt.code+" "+tt.in, func(t *testing.T) {
			f := Parse([]byte(tt.in), "t.pbn")
			var all diag.List
			for _, g := range f.Games {
				all = append(all, g.Diagnostics...)
				if g.Incomplete != (len(g.Diagnostics.Errors()) > 0) {
					t.Errorf("game %d: Incomplete %v with errors %v", g.Index, g.Incomplete, g.Diagnostics.Errors())
				}
			}
			for _, d := range all {
				if string(d.Code) == tt.code && d.Severity == tt.sev && d.Pos.String() == tt.at {
					if d.File != "t.pbn" || d.Message == "" {
						t.Errorf("diagnostic %v: want file name and message", d)
					}
					return
				}
			}
			t.Errorf("no %s %q at %s; got %v", tt.sev, tt.code, tt.at, all)
		})
	}
}
