package pbn

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/testinput"
)

// pbnCorpusGames are game counts checked by hand, each against what the
// file shows: one [Board], [Event] or [Deal] per game where every game has
// one, the "game N" banners of the PBN Verifier files, the corpus notes for
// the rpbridge archive (7,632 games, one [Contract] each).
var pbnCorpusGames = map[string]int{
	"baker-bridge/100Deals.pbn":                                    100,
	"baker-bridge/Squeeze.pbn":                                     20,
	"bcdd/test1.bcdd.pbn":                                          396,
	"bcdd/test2.bcdd.pbn":                                          495,
	"ben/BEN/deals.pbn":                                            1860,
	"ben/Thorvald/Uncommon boards.pbn":                             10000,
	"ben/Thorvald/2H-3H.PBN":                                       55,
	"ben/Eamon/Cleaned_BBA - 30.01.2024 08.56.pbn":                 6289,
	"ben/demo__camrose2024_BEN.pbn":                                160,
	"bridge-robot-utilities/Cappelletti-Lia.pbn":                   500,
	"endplay/example3.pbn":                                         7632,
	"endplay/example4.pbn":                                         1,
	"pbntools/test_2_kops__PCH1003.pbn":                            570,
	"pbntools/test_9_pary_www_szczyrk_20131108__131108szczyrk.pbn": 1205,
	"pbn-to-pdf/Precision 1C Auctions with Notes.pbn":              43,
	"pbn-to-pdf/ABS2-2 Promotion and Length exercises.pbn":         136,
	"richardschneider-pbn/ruter71.pbn":                             21,
	"zdenecek-pbn/bigdeal.pbn":                                     14,
	"zdenecek-pbn/empty.pbn":                                       0, // only "% PBN 2.1" and "% EXPORT"
	// 35 lines of [Deal "…"] without semi-empty lines between them.
	"ben/src__alphamju__test.pbn": 35,
	// Two boards, each played at two tables; the second game of a board
	// lists only players, contract, auction and play.
	"bridge-bots/shared_deals.pbn":                               4,
	"bridge-pbn-ruby/test_record_with_escape_in_comment.pbn":     1,
	"bridge-pbn-ruby/test_record_with_empty_line_in_comment.pbn": 1,
	"bridge-pbn-ruby/reference_impl_tests/correct_10.pbn":        31,
	"bridge-pbn-ruby/reference_impl_tests/correct_20.pbn":        46,
	"bridge-pbn-ruby/reference_impl_tests/correct_21.pbn":        2,
	"bridge-pbn-ruby/reference_impl_tests/errors_10.pbn":         74,
	"bridge-pbn-ruby/reference_impl_tests/errors_21.pbn":         2,
	// 23 banners, but the "{" of game 19 opens a comment that the "}" of
	// game 20 closes, and a comment spans semi-empty lines.
	"bridge-pbn-ruby/reference_impl_tests/errors_20.pbn": 22,
}

// pbnCorpusWithErrors are the real files with syntax errors, and what they
// are; every other corpus file must read without an Error diagnostic.
var pbnCorpusWithErrors = map[string]string{
	"bridge-bots/sample.pbn":                             "note references =0=",
	"bridge-pbn-ruby/reference_impl_tests/errors_10.pbn": "PBN Verifier test file",
	"bridge-pbn-ruby/reference_impl_tests/errors_20.pbn": "PBN Verifier test file",
}

func corpusPBNFiles(t *testing.T) []string {
	t.Helper()
	if _, err := os.Stat(testinput.CorpusDir()); err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	var files []string
	err := filepath.WalkDir(testinput.CorpusDir(), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".pbn") {
			rel, _ := filepath.Rel(testinput.CorpusDir(), path)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

var tagLineRE = regexp.MustCompile(`^[ \t]*\[[ \t]*([A-Za-z0-9_]+)`)

// countPBNGames counts the games of a PBN text the simple way, as a check
// on the reader: paragraphs between semi-empty lines (outside brace
// comments) that hold a '[' outside commentary, strings and % lines, plus a
// new game wherever a line starts with the first tag of its game again.
func countPBNGames(text string) int {
	n := 0
	inGame, inComment := false, false
	first := ""
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" && !inComment {
			inGame = false
			continue
		}
		if strings.HasPrefix(line, "%") && !inComment {
			continue
		}
		startsTag := strings.HasPrefix(strings.TrimLeft(line, " \t"), "[")
		if startsTag && inGame && !inComment {
			if m := tagLineRE.FindStringSubmatch(line); m != nil && m[1] == first {
				n++
			}
		}
		for i := 0; i < len(line); i++ {
			switch c := line[i]; {
			case inComment:
				inComment = c != '}'
			case c == '{':
				inComment = true
			case c == ';':
				i = len(line)
			case c == '"':
				for i++; i < len(line) && line[i] != '"'; i++ {
				}
			case c == '[' && !inGame:
				inGame = true
				n++
				first = ""
				if m := tagLineRE.FindStringSubmatch(line); startsTag && m != nil {
					first = m[1]
				}
			}
		}
	}
	return n
}

// TestPBNCorpus reads every PBN file of the corpus: no panic, games in
// order with sane positions, as many games as the simple count (and as the
// hand-checked table says), no syntax error outside the known files.
func TestPBNCorpus(t *testing.T) {
	t.Parallel()
	files := corpusPBNFiles(t)
	seen := map[string]bool{}
	for _, rel := range files {
		seen[rel] = true
		t.Run(rel, func(t *testing.T) {
			path := filepath.Join(testinput.CorpusDir(), rel)
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			r := NewReader(f, rel)
			var games, errs int
			var text strings.Builder
			prev := diag.Pos{}
			for g, err := range r.Games() {
				if err != nil {
					t.Fatal(err)
				}
				games++
				if g.Index != games || len(g.Tags) == 0 || g.Pos.Offset < prev.Offset || g.End.Offset-g.Pos.Offset != len(g.Source) {
					t.Fatalf("game %d (index %d, %d tags) at %s-%s after %s: bad game", games, g.Index, len(g.Tags), g.Pos, g.End, prev)
				}
				prev = g.End
				for _, d := range g.Diagnostics {
					if d.Game != g.Index || d.Offset < g.Pos.Offset || d.Offset > g.End.Offset {
						t.Errorf("diagnostic %v outside its game %d (%s-%s)", d, g.Index, g.Pos, g.End)
					}
					if d.Severity == diag.Error {
						errs++
						if _, ok := pbnCorpusWithErrors[rel]; !ok {
							t.Errorf("unexpected error: %v", d)
						}
					}
				}
				text.WriteString(g.Source)
				text.WriteString("\n\n")
			}
			if msg, ok := pbnCorpusWithErrors[rel]; ok && errs == 0 {
				t.Errorf("no syntax error found (%s)", msg)
			}
			if want, ok := pbnCorpusGames[rel]; ok && games != want {
				t.Errorf("%d games, counted %d by hand", games, want)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if want := countPBNGames(string(data)); games != want {
				t.Errorf("%d games, the simple count finds %d", games, want)
			}
			// The games' own text holds them all again.
			if again := len(Parse([]byte(text.String()), rel).Games); again != games {
				t.Errorf("the games' Source texts read again give %d games, want %d", again, games)
			}
		})
	}
	for rel := range pbnCorpusGames {
		if !seen[rel] {
			t.Logf("%s is not in the corpus", rel)
		}
	}
}

// TestPBNVerifierFiles checks the PBN Verifier test files: the correct_*
// files read without a syntax error; the errors_* files have their syntax
// errors found in the right games, as the comments in the files describe
// them. The Verifier also checks meaning (legal auctions and play, tag
// values), which is not the reader's business: games whose only faults are
// of that kind must read without a syntax error here.
func TestPBNVerifierFiles(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(testinput.CorpusDir(), "bridge-pbn-ruby", "reference_impl_tests")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("Verifier files not available: %v", err)
	}
	// game → codes found there (all of them, Error or Warning).
	want := map[string]map[int]string{
		"correct_10.pbn": {12: "trailing-space", 21: "bracket-in-value"},
		"correct_20.pbn": {},
		"correct_21.pbn": {},
		"errors_10.pbn": {
			2:  "tag-value",                     // [Event] without a value
			3:  "unquoted-value",                // [Event No_quotes]
			4:  "tab",                           // a tab inside a value
			23: "note-tag prose-outside-tag",    // "bad characters"; a Note outside any section
			28: "duplicate-tag",                 // [Site] twice
			35: "annotation note-ref",           // !!!, "! !", "! $3", $7, $256, $a, =a=, =44=, two notes; notes missing
			45: "annotation",                    // !!!, "! !", "! $9" on cards
			46: "annotation",                    // $1 and $256 on cards, =a=, $a
			47: "annotation note-ref",           // =44=, two notes; notes missing
			49: "irregularity-mark",             // ^R ^R, ^R ^L, ^L ^R
			56: "note-tag note-unused",          // notes 0 and 33; note 32 unused
			57: "note-ref note-unused",          // =3= without note; note 32 unused
			59: "annotation",                    // "! $2" on a call, $2 on cards
			62: "inherit-forbidden",             // # for Dealer, Vulnerable, Deal, Declarer, Contract, Auction, Play
			68: "long-line",                     // lines of 256 characters
			69: "control-char long-line",        // bytes 0x7F-0x9F in a value
			71: "continuation",                  // "+" and "*" in one play
			72: "note-tag",                      // [Note ""], ":", " ", "a", "a:"
			74: "long-line unterminated-string", // missing closing quotes
		},
		"errors_20.pbn": {
			7:  "continuation",          // two "+" in the play
			9:  "continuation",          // "+ +" in the auction
			10: "continuation",          // a call after "+"
			11: "continuation",          // calls after "+"
			12: "backslash-quote table", // "Rank;Call\" and no width
			13: "table unterminated-string",
			14: "table",                  // "Call\L"
			15: "comment-in-table",       // "; no comment allowed"
			16: "table",                  // '%' in a table element
			17: "table tag-name-missing", // '[' in the data
			18: "table",                  // ']'
			19: "comment-in-table table", // '{' of game 19 to '}' of game 20
			20: "table",                  // a missing element (game 21 of the banners)
		},
		"errors_21.pbn": {},
	}
	for name, games := range want {
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			f := Parse(src, name)
			got := map[int]string{}
			for _, g := range f.Games {
				codes := map[string]bool{}
				for _, d := range g.Diagnostics {
					codes[string(d.Code)] = true
				}
				var list []string
				for c := range codes {
					list = append(list, c)
				}
				sort.Strings(list)
				if len(list) > 0 {
					got[g.Index] = strings.Join(list, " ")
				}
				if strings.HasPrefix(name, "correct_") && g.Incomplete {
					t.Errorf("game %d: %v", g.Index, g.Diagnostics.Errors())
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(games) {
				t.Errorf("codes by game:\n got  %v\n want %v", got, games)
			}
		})
	}
}
