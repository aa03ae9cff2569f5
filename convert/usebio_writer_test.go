package convert

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"io"
	"maps"
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
	name := regexp.MustCompile("`(@?[A-Za-z0-9_]+)`")
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
	for _, f := range travellerPBNs() {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkStructure(t, f, writeUSEBIO(t, readPBN(data, f)), may)
	}
}

// readUSEBIO reads the boards of a USEBIO text.
func readUSEBIO(t *testing.T, data []byte, name string) []*record.Board {
	t.Helper()
	var boards []*record.Board
	for u, err := range usebio.NewReader(bytes.NewReader(data), name).Units() {
		if err != nil {
			t.Fatal(err)
		}
		b, _ := FromUSEBIO(name, u)
		boards = append(boards, b)
	}
	return boards
}

// writePBNBoards writes boards as PBN.
func writePBNBoards(t *testing.T, boards []*record.Board) []byte {
	t.Helper()
	var out bytes.Buffer
	w := NewPBNWriter(&out, PBNWriterOptions{})
	for _, b := range boards {
		if err := w.WriteBoard(b); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestUSEBIORoundTrips: USEBIO → PBN → USEBIO → PBN gives the first PBN
// again, for the pairs events; PBN → USEBIO → PBN → USEBIO gives the first
// USEBIO again, for the PBN fixtures and the corpus's travellers.
func TestUSEBIORoundTrips(t *testing.T) {
	for _, name := range []string{"mitchell.xml", "butler-handset.xml"} {
		data, err := os.ReadFile("../parser/usebio/testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		p1 := writePBNBoards(t, readUSEBIO(t, data, name))
		u2 := writeUSEBIO(t, readPBN(p1, name+".pbn"))
		if p2 := writePBNBoards(t, readUSEBIO(t, u2, name)); !bytes.Equal(p1, p2) {
			t.Errorf("%s: USEBIO → PBN → USEBIO → PBN changes at %s", name, firstDiff(p1, p2))
		}
	}
	for _, f := range travellerPBNs() {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		u1 := writeUSEBIO(t, readPBN(data, f))
		p2 := writePBNBoards(t, readUSEBIO(t, u1, f))
		if u3 := writeUSEBIO(t, readPBN(p2, f)); !bytes.Equal(u1, u3) {
			t.Errorf("%s: PBN → USEBIO → PBN → USEBIO changes at %s", f, firstDiff(u1, u3))
		}
	}
}

// travellerPBNs returns the PBN fixtures and the corpus's PBN files that
// hold travellers, when the corpus is there.
func travellerPBNs() []string {
	pbns, _ := filepath.Glob("testdata/*.input")
	if testinput.HaveCorpus() {
		filepath.WalkDir(testinput.CorpusDir(), func(p string, d os.DirEntry, err error) error {
			if err == nil && strings.EqualFold(filepath.Ext(p), ".pbn") {
				if data, err := os.ReadFile(p); err == nil && bytes.Contains(data, []byte("ScoreTable")) {
					pbns = append(pbns, p)
				}
			}
			return nil
		})
	}
	return pbns
}

// TestUSEBIOKeepsElements: a USEBIO file written again holds every element
// it held, as many times: the values a program adds of its own to its
// EVENT, a club's number, players' club numbers, masterpoints in
// ScoreBridge's MASTER_POINTS, and a pair's ids where one player gives
// none. Whitespace, the order of a parent's values and the form of a
// board's number (attribute or element) may change.
func TestUSEBIOKeepsElements(t *testing.T) {
	elements := func(doc []byte) map[string]int {
		n := map[string]int{}
		d := xml.NewDecoder(bytes.NewReader(doc))
		d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return charmap.ISO8859_1.NewDecoder().Reader(r), nil }
		for {
			tok, err := d.Token()
			if err != nil {
				return n
			}
			if s, ok := tok.(xml.StartElement); ok {
				n[s.Name.Local]++
			}
		}
	}
	for _, name := range []string{"scorebridge.xml", "mitchell.xml"} {
		data, err := os.ReadFile("../parser/usebio/testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		out := writeUSEBIO(t, readUSEBIO(t, data, name))
		if got, want := elements(out), elements(data); !maps.Equal(got, want) {
			t.Errorf("%s written again holds the elements %v, not %v", name, got, want)
		}
		if name == "scorebridge.xml" && !bytes.Contains(out, []byte("<PLAYER_NAME>Bob Jones</PLAYER_NAME><CLUB_ID_NUMBER>26</CLUB_ID_NUMBER></PLAYER>")) {
			t.Errorf("%s: a player without a national id is not written as read:\n%s", name, out)
		}
	}
}
