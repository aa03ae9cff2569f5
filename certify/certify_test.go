package certify

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/pbn"
)

var update = flag.Bool("update", false, "rewrite the golden files of the tests")

// certifyFile checks a whole file and returns its findings.
func certifyFile(src []byte, name string) (bool, diag.List) {
	f := pbn.Parse(src, name)
	c := NewChecker(name, f.Header)
	out := c.Header()
	for _, g := range f.Games {
		out = append(out, c.Check(g)...)
	}
	return Claims(f.Header), out
}

// TestRules checks each fixture of testdata: clean.pbn keeps every rule
// and has no finding; each other file breaks the rule its name gives
// (export-NAME) and no other; import.pbn does not claim the export
// format. The findings are compared with the file's golden file.
func TestRules(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.pbn")
	if len(files) < 10 {
		t.Fatalf("only %d fixtures", len(files))
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".pbn")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			claims, found := certifyFile(src, filepath.Base(file))
			if claims != (name != "import") {
				t.Errorf("Claims = %v", claims)
			}
			if !claims {
				found = nil // a file that does not claim it is checked only when asked
			}
			var got strings.Builder
			for _, d := range found {
				got.WriteString(d.String() + "\n")
				if name == "clean" || name == "import" || d.Code != diag.Code("export-"+name) {
					t.Errorf("unexpected finding: %s", d.String())
				}
			}
			if name != "clean" && name != "import" && len(found) == 0 {
				t.Errorf("no export-%s finding", name)
			}
			golden := strings.TrimSuffix(file, ".pbn") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != string(want) {
				t.Errorf("findings differ from %s (go test -update):\n%s", golden, got.String())
			}
		})
	}
}
