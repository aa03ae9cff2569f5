package report

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// legacy is a page as a report of before run folders wrote it.
func legacy(title string) string {
	var b strings.Builder
	header(&b, title, "../")
	fmt.Fprintf(&b, "<h1>%s</h1>\n", title)
	footer(&b)
	return b.String()
}

// TestSweep: a run that has written its index removes the folders of
// runs that are over and the pages of a report of before run folders,
// and nothing else: not the folder of a run still going, not what only
// looks like bridgekit's, not what a link names.
func TestSweep(t *testing.T) {
	elsewhere := t.TempDir()
	if err := os.WriteFile(filepath.Join(elsewhere, "page.html"), []byte(legacy("x")), 0o644); err != nil {
		t.Fatal(err)
	}
	live := fmt.Sprintf("pages-%d-0123abcd", os.Getppid())
	for _, tc := range []struct {
		name, path string
		what       string // dir, a file's text, or link (to a folder or page elsewhere)
		kept       bool
	}{
		{"a run that is over", "pages-999999999-0123abcd/files/00001.html", legacy("a.pbn"), false},
		{"a run going on", live + "/files/00001.html", legacy("a.pbn"), true},
		{"a file named as a run", "pages-999999999-89abcdef", "notes", true},
		{"a link named as a run", "pages-999999999-fedcba98", "link " + elsewhere, true},
		{"a folder of the user's", "pages-old/x.html", legacy("a.pbn"), true},
		{"the user's file", "notes.txt", "notes", true},
		{"a findings page", "findings-0001.html", legacy("Findings, page 1"), false},
		{"a list of files", "files-0001.html", legacy("Files"), false},
		{"a file's page", "files/00001.html", legacy("a.pbn"), false},
		{"a file's next page", "files/00001-2.html", legacy("a.pbn, page 2"), false},
		{"the user's page under a report's name", "findings-0002.html", "<!DOCTYPE html>\n<title>mine</title>", true},
		{"a page of another style", "files/00002.html", strings.Replace(legacy("b.pbn"), "body {", "body{", 1), true},
		{"a link to a page", "files-0002.html", "link " + filepath.Join(elsewhere, "page.html"), true},
		{"the user's file among pages", "files/notes.txt", "notes", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			p := filepath.Join(out, tc.path)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			var err error
			if target, ok := strings.CutPrefix(tc.what, "link "); ok {
				err = os.Symlink(target, p)
			} else {
				err = os.WriteFile(p, []byte(tc.what), 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
			in := t.TempDir()
			if _, err := audit(out, writeFiles(t, in, map[string]string{"a.pbn": games(1)}), Options{}, nil); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Lstat(p); (err == nil) != tc.kept {
				t.Errorf("%s: kept %v, want %v", tc.path, err == nil, tc.kept)
			}
			if _, err := os.Stat(filepath.Join(elsewhere, "page.html")); err != nil {
				t.Errorf("the page a link names: %v", err)
			}
			// The folders on its way go when nothing is left in them.
			top := strings.Split(tc.path, "/")[0]
			if _, err := os.Lstat(filepath.Join(out, top)); (err == nil) != tc.kept {
				t.Errorf("%s: kept %v, want %v", top, err == nil, tc.kept)
			}
			if now := entries(t, out); !slices.Contains(now, "index.html") {
				t.Errorf("the folder holds %q, no index", now)
			}
		})
	}
}
