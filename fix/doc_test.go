package fix

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
)

// TestDocsEvidenceTable reads the evidence table of docs/fix.md: one row
// per kind of the code, each naming the findings the kind answers.
func TestDocsEvidenceTable(t *testing.T) {
	data, err := os.ReadFile("../docs/fix.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z-]+)` \\| ([^|]*) \\|")
	seen := map[Kind]bool{}
	for _, m := range row.FindAllStringSubmatch(string(data), -1) {
		k := Kind(m[1])
		if !slices.Contains(Kinds, k) {
			t.Errorf("docs/fix.md names a kind %q the code does not have", k)
			continue
		}
		seen[k] = true
		var doc []diag.Code
		for _, c := range regexp.MustCompile("`([a-z-]+)`").FindAllStringSubmatch(m[2], -1) {
			doc = append(doc, diag.Code(c[1]))
		}
		code := k.answers()
		slices.Sort(doc)
		slices.Sort(code)
		if !slices.Equal(doc, code) {
			t.Errorf("%s: docs/fix.md says it answers %v, the code %v", k, doc, code)
		}
	}
	for _, k := range Kinds {
		if !seen[k] {
			t.Errorf("docs/fix.md has no row for %s", k)
		}
	}
	if !strings.Contains(string(data), "proved") {
		t.Error("docs/fix.md does not say that edits are proved")
	}
}
