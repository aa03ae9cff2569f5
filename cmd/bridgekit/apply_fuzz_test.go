package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzApply runs apply end to end on any patch text: it never panics,
// never writes outside --root (a file beside the root, and one a link in
// the root leads to, stay byte for byte), and leaves the root's only
// file either as it was or with edits fix could have made: it still reads
// as the same number of games.
func FuzzApply(f *testing.F) {
	good := "bridgekit patch 1\n@@ m.pbn · game 1 · board 1 · 7:11 · bytes 175-178 · declarer\n- \"S\"\n+ \"N\"\n# x\n@@ m.pbn · game 1 · board 1 · 8:11 · bytes 190-194 · contract\n- \"4H\"\n+ \"4HX\"\n# x\n@@ m.pbn · game 1 · board 1 · 9:9 · bytes 204-207 · result\n- \"9\"\n+ \"10\"\n# x\n"
	f.Add(good)
	f.Add(strings.ReplaceAll(good, "@@ m.pbn", "@@ link.pbn"))
	f.Add("bridgekit patch 1\n@@ ../outside.pbn · game 1 · board 1 · 1:1 · bytes 0-0 · leading-passes\n- \n+ Pass \n# x\n")
	f.Add("bridgekit patch 1\n@@ /etc/passwd · game 1 · board 1 · 1:1 · bytes 0-0 · after-end\n- root\n+\n# x\n")
	f.Add("bridgekit patch 1\n@@ m.pbn · game 1 · board 1 · 12:1 · bytes 300-305 · after-end\n- Pass\\n\n+\n# x\n")
	src := []byte(strings.Replace(mismatchBoard, `[Declarer "S"]`, "{ the declarer is dummy }\n[Declarer \"S\"]", 1))
	f.Fuzz(func(t *testing.T, patch string) {
		dir := t.TempDir()
		root := filepath.Join(dir, "root")
		os.Mkdir(root, 0o755)
		outside := filepath.Join(dir, "outside.pbn")
		for _, p := range []string{filepath.Join(root, "m.pbn"), outside} {
			if err := os.WriteFile(p, src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		os.Symlink("../outside.pbn", filepath.Join(root, "link.pbn"))
		pf := filepath.Join(dir, "p.patch")
		os.WriteFile(pf, []byte(patch), 0o644)
		var out, errOut bytes.Buffer
		run([]string{"bridgekit", "apply", "--root", root, pf}, strings.NewReader(""), &out, &errOut)
		if got, _ := os.ReadFile(outside); !bytes.Equal(got, src) {
			t.Fatalf("a file outside --root changed:\n%s\n%s", got, errOut.String())
		}
		entries, _ := os.ReadDir(root)
		if len(entries) != 2 {
			t.Fatalf("the root holds %d entries after apply", len(entries))
		}
		got, _ := os.ReadFile(filepath.Join(root, "m.pbn"))
		if patch == good && bytes.Equal(got, src) {
			t.Fatalf("the good patch was not made: %s", errOut.String())
		}
		if !bytes.Equal(got, src) && strings.Count(string(got), "[Event ") != strings.Count(string(src), "[Event ") {
			t.Fatalf("the patched file lost or gained a game:\n%s", got)
		}
	})
}
