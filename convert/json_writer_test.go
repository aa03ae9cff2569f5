package convert

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/record"
)

// jsonKeys are the keys of a board's JSON object, in order, as the package
// documentation gives them.
var jsonKeys = []string{
	"file", "format", "game", "board", "label", "match", "event", "site", "date", "room", "players", "dealer", "vulnerable",
	"deal", "scoring", "auction", "contract", "declarer", "result", "claim", "score", "imps", "play", "play_annotations",
	"play_notes", "tables", "comments", "tags", "file_says",
}

// topKeys returns the keys of the JSON object in line, in order.
func topKeys(t *testing.T, line []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(line))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not a JSON object: %s", line)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// TestJSONCorpus writes every board of the corpus as JSON: one object per
// line, each with every documented key in the documented order, and
// values of the documented kinds.
func TestJSONCorpus(t *testing.T) {
	t.Parallel()
	lines := 0
	for _, ext := range []string{".pbn", ".lin"} {
		for _, f := range corpusFiles(t, ext) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var boards []*record.Board
			if ext == ".pbn" {
				boards = readPBN(data, f)
			} else {
				boards, _ = readLIN(data, f)
			}
			out := writeJSON(t, boards)
			sc := bufio.NewScanner(bytes.NewReader(out))
			sc.Buffer(nil, 16<<20)
			n := 0
			for sc.Scan() {
				if keys := topKeys(t, sc.Bytes()); !slices.Equal(keys, jsonKeys) {
					t.Fatalf("%s: line %d has keys %v, want %v", f, n+1, keys, jsonKeys)
				}
				checkJSONKinds(t, f, n+1, sc.Bytes())
				n++
			}
			if n != len(boards) {
				t.Errorf("%s: %d lines for %d boards", f, n, len(boards))
			}
			lines += n
		}
	}
	t.Logf("%d boards written as JSON", lines)
}

// checkJSONKinds checks the kinds of the values the schema fixes.
func checkJSONKinds(t *testing.T, file string, line int, data []byte) {
	t.Helper()
	var v struct {
		Board      *int              `json:"board"`
		Dealer     *string           `json:"dealer"`
		Vulnerable *string           `json:"vulnerable"`
		Contract   *string           `json:"contract"`
		Declarer   *string           `json:"declarer"`
		Result     *int              `json:"result"`
		Players    map[string]any    `json:"players"`
		Play       []string          `json:"play"`
		Tags       map[string]string `json:"tags"`
		Auction    *struct {
			First string   `json:"first"`
			Calls []string `json:"calls"`
		} `json:"auction"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: line %d: %v", file, line, err)
	}
	bad := func(what string) { t.Errorf("%s: line %d: %s in %s", file, line, what, data) }
	if v.Dealer != nil && !slices.Contains([]string{"N", "E", "S", "W"}, *v.Dealer) {
		bad("dealer " + *v.Dealer)
	}
	if v.Declarer != nil && !slices.Contains([]string{"N", "E", "S", "W"}, *v.Declarer) {
		bad("declarer " + *v.Declarer)
	}
	if v.Vulnerable != nil && !slices.Contains([]string{"None", "NS", "EW", "All"}, *v.Vulnerable) {
		bad("vulnerable " + *v.Vulnerable)
	}
	if v.Result != nil && (*v.Result < 0 || *v.Result > 13) {
		bad("result out of range")
	}
	if len(v.Players) != 4 || v.Play == nil || v.Tags == nil {
		bad("players, play or tags missing")
	}
	if v.Contract != nil && *v.Contract != "Pass" && strings.TrimLeft(*v.Contract, "1234567") == *v.Contract {
		bad("contract " + *v.Contract)
	}
}

// TestJSONUnknownIsNull: what a LIN record leaves empty (pn|,,,|,
// md|,,,|) is not known, and null in JSON as a PBN "?" is; LIN written
// back keeps it empty.
func TestJSONUnknownIsNull(t *testing.T) {
	t.Parallel()
	lin := "pn|,,,|st||md|,,,|rh||ah|Board 2|sv|o|pg||\n"
	boards, _ := readLIN([]byte(lin), "u.lin")
	j := string(writeJSON(t, boards))
	for _, want := range []string{`"players":{"N":null,"E":null,"S":null,"W":null}`, `"deal":null`} {
		if !strings.Contains(j, want) {
			t.Errorf("JSON lacks %s:\n%s", want, j)
		}
	}
	if back := string(writeLIN(t, boards, nil, LINWriterOptions{})); !strings.HasPrefix(back, "pn|,,,|") {
		t.Errorf("LIN written back: %s", back)
	}
}

// TestJSONLeadingCommentary: LIN commentary before the first call reaches
// JSON's comments, as it reaches PBN.
func TestJSONLeadingCommentary(t *testing.T) {
	t.Parallel()
	lin := "md|1SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S6543H876D876C876,|ah|Board 7|sv|o|nt|before the calls|mb|7N|mb|p|mb|p|mb|p|pg||pc|ST|pg||\n"
	boards, _ := readLIN([]byte(lin), "c.lin")
	j := string(writeJSON(t, boards))
	if !strings.Contains(j, `"comments":["before the calls"]`) {
		t.Errorf("JSON lacks the commentary:\n%s", j)
	}
}

// TestJSONFileSaysVugraphResult: a vugraph rs entry is the file's own
// contract, declarer and result, and reaches file_says where it differs.
func TestJSONFileSaysVugraphResult(t *testing.T) {
	t.Parallel()
	lin := "vg|M,S1,I,1,1,A,0,B,0|\nrs|4SN-1,|\npn|a,b,c,d,e,f,g,h|pg||\n" +
		"qx|o1|md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|sv|o|ah|Board 1|mb|3N|mb|p|mb|p|mb|p|pg||\n"
	boards, _ := readLIN([]byte(lin), "rs.lin")
	if j := string(writeJSON(t, boards)); !strings.Contains(j, `"file_says":{"contract":"4S"}`) {
		t.Errorf("file_says lacks the rs entry:\n%s", j)
	}
}
