package report

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/internal/safewrite"
)

// board is a PBN game with an insufficient bid: one finding.
const board = `[Event "Club"]
[Board "%d"]
[Dealer "N"]
[Vulnerable "None"]
[Auction "N"]
1H 2C 1S 3C
Pass Pass Pass

`

// games returns n games of board, numbered from 1.
func games(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, board, i%32+1)
	}
	return b.String()
}

// writeFiles writes files (name → text) into dir and returns their paths
// in name order.
func writeFiles(t *testing.T, dir string, files map[string]string) []string {
	t.Helper()
	var paths []string
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths
}

// audit audits paths and writes their report into out as the report
// command does, returning the number of findings audit lists.
func audit(out string, paths []string) (listed int, err error) {
	dir, err := safewrite.OpenDir(out)
	if err != nil {
		return 0, err
	}
	defer dir.Close()
	w := NewWriter(dir)
	rooms, err := corpus.IndexRooms(context.Background(), corpus.Inputs(paths, nil, corpus.Options{}), corpus.AuditOptions{}, nil)
	if err != nil {
		return 0, err
	}
	var werr error
	r, err := corpus.Audit(context.Background(), corpus.Inputs(paths, nil, corpus.Options{}), corpus.AuditOptions{Boards: true, Work: Renderer(rooms)}, func(p *corpus.Part) {
		for range p.All() {
			listed++
		}
		if werr == nil {
			werr = w.Part(p)
		}
	})
	if err != nil {
		return listed, err
	}
	if werr != nil {
		return listed, werr
	}
	return listed, w.Close(r)
}

// TestPageNotCreated: when a page cannot be created (its name is taken by
// a folder, or a folder on its way by a file), the writer says which page
// and stops, and writes no index over a half report.
func TestPageNotCreated(t *testing.T) {
	for _, tc := range []struct {
		name   string
		boards int
		block  string // taken by a folder; a name ending in / by a file
		page   string // the page the error names
	}{
		{"a file's page", 1, "files/00001.html", "files/00001.html"},
		{"the folder of files' pages", 1, "files/", "files/00001.html"},
		{"a file's next page", BoardsPerPage + 1, "files/00001-2.html", "files/00001-2.html"},
		{"a findings page", 1, "findings-0001.html", "findings-0001.html"},
		{"the list of files", 1, "files-0001.html", "files-0001.html"},
		{"the index", 1, "index.html", "index.html"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, out := t.TempDir(), t.TempDir()
			paths := writeFiles(t, in, map[string]string{"a.pbn": games(tc.boards)})
			if name, ok := strings.CutSuffix(tc.block, "/"); ok {
				if err := os.WriteFile(filepath.Join(out, name), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			} else if err := os.MkdirAll(filepath.Join(out, tc.block), 0o755); err != nil {
				t.Fatal(err)
			}
			_, err := audit(out, paths)
			if err == nil || !strings.Contains(err.Error(), filepath.Join(out, tc.page)) {
				t.Fatalf("error %v; want one naming %s", err, tc.page)
			}
			if tc.page != "index.html" {
				if _, err := os.Stat(filepath.Join(out, "index.html")); err == nil {
					t.Error("an index was written over a half report")
				}
			}
		})
	}
}
