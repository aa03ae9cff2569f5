package convert

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/parser/usebio"
	"github.com/bridgekit/bridgekit/record"
)

// usebioStructure reads the table of docs/usebio.md's Structure section:
// for each element, the attributes ("@NAME") and children it may hold.
func usebioStructure(t *testing.T) map[string]map[string]bool {
	f, err := os.Open("../docs/usebio.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]map[string]bool{}
	in := false
	row := regexp.MustCompile("^\\| `([A-Z_]+)` \\| (.*) \\|$")
	name := regexp.MustCompile("`(@?[A-Za-z_]+)`")
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			in = line == "## Structure"
		case in:
			if m := row.FindStringSubmatch(line); m != nil {
				out[m[1]] = map[string]bool{}
				for _, k := range name.FindAllStringSubmatch(m[2], -1) {
					out[m[1]][k[1]] = true
				}
			}
		}
	}
	if len(out) < 10 {
		t.Fatalf("docs/usebio.md's Structure table has %d elements", len(out))
	}
	return out
}

// checkStructure holds a USEBIO document to the restated structure.
func checkStructure(t *testing.T, name string, doc []byte, may map[string]map[string]bool) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return charmap.ISO8859_1.NewDecoder().Reader(r), nil }
	var stack []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: not well-formed: %v", name, err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			el := x.Name.Local
			if len(stack) == 0 && el != "USEBIO" {
				t.Errorf("%s: the root is %s", name, el)
			}
			if len(stack) > 0 {
				parent := stack[len(stack)-1]
				if allowed, ok := may[parent]; !ok || !allowed[el] {
					t.Errorf("%s: %s holds %s, which the structure does not give it", name, parent, el)
				}
			}
			for _, a := range x.Attr {
				if !may[el]["@"+a.Name.Local] {
					t.Errorf("%s: %s has the attribute %s, which the structure does not give it", name, el, a.Name.Local)
				}
			}
			stack = append(stack, el)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
}

// TestUSEBIOStructure writes USEBIO from the USEBIO fixtures, from the
// PBN fixtures and from the corpus's PBN files with travellers, and holds
// each to docs/usebio.md's structure; the fixtures themselves too.
func TestUSEBIOStructure(t *testing.T) {
	may := usebioStructure(t)
	fixtures, _ := filepath.Glob("../parser/usebio/testdata/*.xml")
	if len(fixtures) == 0 {
		t.Fatal("no USEBIO fixtures")
	}
	for _, f := range fixtures {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkStructure(t, f, data, may)
		var boards []*record.Board
		r := usebio.NewReader(bytes.NewReader(data), f)
		for u, err := range r.Units() {
			if err != nil {
				t.Fatal(err)
			}
			b, _ := FromUSEBIO(f, u)
			boards = append(boards, b)
		}
		checkStructure(t, f+" written", writeUSEBIO(t, boards), may)
	}
	pbns, _ := filepath.Glob("testdata/*.input")
	if testinput.HaveCorpus() {
		dir := testinput.CorpusDir()
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && strings.EqualFold(filepath.Ext(p), ".pbn") {
				if data, err := os.ReadFile(p); err == nil && bytes.Contains(data, []byte("ScoreTable")) {
					pbns = append(pbns, p)
				}
			}
			return nil
		})
	}
	for _, f := range pbns {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkStructure(t, f, writeUSEBIO(t, readPBN(data, f)), may)
	}
}
