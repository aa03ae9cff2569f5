package corpus_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser"
	"github.com/bridgekit/bridgekit/parser/lin"
	"github.com/bridgekit/bridgekit/parser/pbn"
)

// TestEveryCallAndCardRead is a property of every real and test file: each
// call and card the readers find in the text reaches a board, or the board
// (or the file) has a finding of warning level or above that says why.
// Calls and cards are counted as the lexers see them: the words of PBN's
// Auction and Play sections, LIN's mb and pc pairs (a pair of a whole
// auction or trick counts as one, and gives at least one).
func TestEveryCallAndCardRead(t *testing.T) {
	var paths []string
	for _, root := range []string{sharedCorpus, "samples", "testdata", "../convert/testdata", "../parser/pbn/testdata", "../parser/lin/testdata", "../cmd/bridgekit/testdata"} {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				switch strings.ToLower(filepath.Ext(p)) {
				case ".pbn", ".lin", ".input", ".txt", ".html":
					paths = append(paths, p)
				}
			}
			return nil
		})
	}
	if _, err := os.Stat(sharedCorpus); err == nil && !slices.ContainsFunc(paths, func(p string) bool { return strings.HasPrefix(p, sharedCorpus) }) {
		t.Fatalf("%s holds no PBN or LIN file", sharedCorpus)
	}
	checked := 0
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		type seen struct {
			read   int  // calls and cards on the board
			warned bool // a finding of warning or above
		}
		boards := map[int]*seen{}
		fileWarned := false
		var format parser.Format
		_, err = corpus.Audit(context.Background(), corpus.Inputs([]string{path}, nil, corpus.Options{}), corpus.AuditOptions{Boards: true, AllFindings: true},
			func(p *corpus.Part) {
				format = p.Format
				for _, f := range p.Findings {
					if f.Severity >= diag.Warning {
						if f.Game == 0 {
							fileWarned = true
						} else {
							s := boards[f.Game]
							if s == nil {
								s = &seen{}
								boards[f.Game] = s
							}
							s.warned = true
						}
					}
				}
				for _, b := range p.Boards {
					s := boards[b.Game]
					if s == nil {
						s = &seen{}
						boards[b.Game] = s
					}
					if b.Board != nil {
						s.read += len(b.Board.Auction.Calls) + len(b.Board.Play.Cards)
					}
					for _, f := range b.Findings {
						s.warned = s.warned || f.Severity >= diag.Warning
					}
				}
			})
		if err != nil {
			t.Fatal(err)
		}
		var lexed map[int]int
		switch format {
		case parser.PBN:
			lexed = pbnTokens(data, path)
		case parser.LIN, parser.HTML:
			lexed = linTokens(data, path)
		default:
			continue
		}
		checked++
		for game, n := range lexed {
			s := boards[game]
			if s == nil {
				s = &seen{}
			}
			if n > s.read && !s.warned && !fileWarned {
				t.Errorf("%s game %d: %d calls and cards in the text, %d on the board, and no warning says why", path, game, n, s.read)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no PBN or LIN file checked")
	}
	t.Logf("%d files checked", checked)
}

// pbnTokens counts the call and card words of each game's Auction and
// Play sections.
func pbnTokens(data []byte, name string) map[int]int {
	out := map[int]int{}
	for g, err := range pbn.NewReader(bytes.NewReader(data), name).Games() {
		if err != nil || g == nil {
			continue
		}
		for _, sec := range g.Sections {
			if sec.Kind != pbn.SectionAuction && sec.Kind != pbn.SectionPlay {
				continue
			}
			for _, tok := range sec.Tokens {
				if tok.Kind == pbn.TokenWord {
					out[g.Index]++
				}
			}
		}
	}
	return out
}

// linTokens counts the mb and pc pairs of each board record.
func linTokens(data []byte, name string) map[int]int {
	out := map[int]int{}
	for r, err := range lin.NewReader(bytes.NewReader(data), name).Records() {
		if err != nil || r == nil || r.Game == 0 {
			continue
		}
		for _, p := range r.Pairs {
			if (p.Is("mb") || p.Is("pc")) && strings.TrimSpace(p.Value) != "" && strings.TrimSpace(p.Value) != "-" {
				out[r.Game]++
			}
		}
	}
	return out
}
